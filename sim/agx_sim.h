/*
 * The simulated asahi kernel + AGX GPU, living in the calling process.
 *
 * The simulator is hardware: its only inputs are what the real kernel
 * receives (the asahi UAPI ioctls with the structs of
 * include/drm-uapi/asahi_drm.h, the generic DRM GEM/syncobj ioctls of
 * libdrm's drm.h) and what the real GPU reads (GPU memory reached through a
 * VM, control streams, encoded machine code). It never includes driver
 * headers and never receives driver objects.
 *
 * Memory: CPU access to a BO goes through GEM_MMAP_OFFSET + agx_sim_mmap,
 * exactly as a driver would mmap() the DRM fd. The mapping aliases the
 * memory the simulated GPU sees (unified memory, coherent).
 *
 * Errno conventions, GET_PARAMS values and the few deliberate differences
 * from the real kernel are listed in sim/README.md.
 */
#ifndef AGX_SIM_H
#define AGX_SIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct agx_sim;

/* Which SoC the simulated GPU reports through GET_PARAMS. */
enum agx_sim_chip {
   AGX_SIM_CHIP_T8103 = 0, /* M1, G13G: the default */
   AGX_SIM_CHIP_T8112,     /* M2, G14G */
};

struct agx_sim_config {
   enum agx_sim_chip chip;
};

/* Create a simulated device ("open the render node"). 0 or -errno. */
int agx_sim_create(const struct agx_sim_config *config, struct agx_sim **out);

/* Close it: frees every GEM object, VM, queue and syncobj still alive. */
void agx_sim_destroy(struct agx_sim *sim);

/*
 * ioctl(2) on the simulated DRM fd. `request` is a DRM_IOCTL_* number and
 * `arg` points at its argument struct, exactly as for the real kernel.
 * Returns 0 on success or a negative errno (the value the kernel would set
 * errno to), never crashes on malformed arguments.
 */
int agx_sim_ioctl(struct agx_sim *sim, unsigned long request, void *arg);

/*
 * mmap(2) of the simulated DRM fd at a fake offset from GEM_MMAP_OFFSET.
 * Returns NULL and sets *err to a negative errno on failure. The mapping
 * keeps the BO's pages alive until agx_sim_munmap, even after GEM_CLOSE
 * (as on Linux).
 */
void *agx_sim_mmap(struct agx_sim *sim, uint64_t offset, size_t size, int *err);
int agx_sim_munmap(struct agx_sim *sim, void *ptr, size_t size);

/*
 * Status of the fence behind syncobj `handle` at timeline `point` (0 for
 * a binary syncobj), as a real kernel reports it after
 * DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD with DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE
 * followed by SYNC_IOC_FILE_INFO: *status = 1 signalled without error, 0
 * not signalled yet, or the negative errno the job's fence was signalled
 * with (-EIO: GPU fault or illegal instruction, -ETIMEDOUT: the job ran
 * out of time). The in-process simulator has no file descriptors, so this
 * call stands in for that pair of ioctls. Returns 0, -ENOENT (no such
 * syncobj) or -EINVAL (no fence at that point).
 */
int agx_sim_syncobj_fence_status(struct agx_sim *sim, uint32_t handle, uint64_t point, int *status);

#ifdef __cplusplus
}
#endif

#endif
