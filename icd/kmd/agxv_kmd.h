/*
 * The kernel-mode-driver interface: everything the Vulkan driver asks of the
 * asahi kernel driver, in one small API. Two backends implement the
 * transport (ioctl + mmap of a DRM device):
 *   drm  a real asahi render node through libdrm (agxv_kmd_drm.c)
 *   sim  the in-process simulator in sim/ (agxv_kmd_sim.c)
 * Both receive the identical UAPI structs; the typed helpers below (in
 * agxv_kmd.c) are shared, so the simulator sees exactly what the kernel sees.
 * Functions return 0 or a negative errno.
 */
#ifndef AGXV_KMD_H
#define AGXV_KMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "drm-uapi/asahi_drm.h"

enum agxv_kmd_backend {
   AGXV_KMD_AUTO,
   AGXV_KMD_DRM,
   AGXV_KMD_SIM,
};

struct agxv_kmd;

struct agxv_kmd_ops {
   int (*ioctl)(struct agxv_kmd *kmd, unsigned long request, void *arg);
   void *(*mmap)(struct agxv_kmd *kmd, uint64_t offset, size_t size, int *err);
   int (*munmap)(struct agxv_kmd *kmd, void *ptr, size_t size);
   /* Status of the fence at (syncobj, point): 1 signalled, 0 pending, or the
    * negative errno a faulting job signalled it with. */
   int (*fence_status)(struct agxv_kmd *kmd, uint32_t syncobj, uint64_t point, int *status);
   void (*destroy)(struct agxv_kmd *kmd);
};

struct agxv_kmd {
   const struct agxv_kmd_ops *ops;
   enum agxv_kmd_backend backend;
   bool trace;    /* AGX_DEBUG=ioctl */
   char node[64]; /* render node path or "simulator" */
   struct drm_asahi_params_global params;
};

/* Which backend AGX_DEVICE asks for (auto when unset or invalid). */
enum agxv_kmd_backend agxv_kmd_backend_from_env(void);

/* True if an asahi render node exists (cheap probe, no device kept open). */
bool agxv_kmd_drm_available(void);

/*
 * Opens a device on `backend` (AGXV_KMD_AUTO: drm if an asahi node exists,
 * else sim) and reads its parameters. -ENODEV when the backend has no device.
 */
int agxv_kmd_open(enum agxv_kmd_backend backend, bool trace, struct agxv_kmd **out);
void agxv_kmd_close(struct agxv_kmd *kmd);

/* Backend constructors, used by agxv_kmd_open. */
int agxv_kmd_drm_open(struct agxv_kmd **out);
int agxv_kmd_sim_open(struct agxv_kmd **out);

/* The simulator behind a sim-backend kmd (NULL for any other backend), for
 * tests that read the simulator's test hooks (sim/agx_sim_exec.h). */
struct agx_sim;
struct agx_sim *agxv_kmd_sim_get(struct agxv_kmd *kmd);

const char *agxv_kmd_backend_name(enum agxv_kmd_backend backend);

int agxv_kmd_get_time(struct agxv_kmd *kmd, uint64_t *ns);

int agxv_kmd_gem_create(struct agxv_kmd *kmd, uint64_t size, uint32_t flags, uint32_t vm_id,
                        uint32_t *handle);
int agxv_kmd_gem_close(struct agxv_kmd *kmd, uint32_t handle);
int agxv_kmd_gem_mmap(struct agxv_kmd *kmd, uint32_t handle, size_t size, void **ptr);
int agxv_kmd_gem_munmap(struct agxv_kmd *kmd, void *ptr, size_t size);
/* Binds a whole BO as a kernel object (DRM_ASAHI_GEM_BIND_OBJECT); with
 * DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS, commands' timestamps may target it. */
int agxv_kmd_gem_bind_object(struct agxv_kmd *kmd, uint32_t handle, uint64_t range, uint32_t flags,
                             uint32_t *object_handle);
int agxv_kmd_gem_unbind_object(struct agxv_kmd *kmd, uint32_t object_handle);

int agxv_kmd_vm_create(struct agxv_kmd *kmd, uint64_t kernel_start, uint64_t kernel_end,
                       uint32_t *vm_id);
int agxv_kmd_vm_destroy(struct agxv_kmd *kmd, uint32_t vm_id);
int agxv_kmd_vm_bind(struct agxv_kmd *kmd, uint32_t vm_id, const struct drm_asahi_gem_bind_op *ops,
                     uint32_t count);

int agxv_kmd_queue_create(struct agxv_kmd *kmd, uint32_t vm_id, uint32_t priority,
                          uint64_t usc_exec_base, uint32_t *queue_id);
int agxv_kmd_queue_destroy(struct agxv_kmd *kmd, uint32_t queue_id);
int agxv_kmd_submit(struct agxv_kmd *kmd, uint32_t queue_id, const struct drm_asahi_sync *syncs,
                    uint32_t in_count, uint32_t out_count, const void *cmdbuf,
                    uint32_t cmdbuf_size);

int agxv_kmd_syncobj_create(struct agxv_kmd *kmd, bool signaled, uint32_t *handle);
int agxv_kmd_syncobj_destroy(struct agxv_kmd *kmd, uint32_t handle);
/* points == NULL: binary wait. abs_timeout_ns: CLOCK_MONOTONIC, INT64_MAX = forever. */
int agxv_kmd_syncobj_wait(struct agxv_kmd *kmd, const uint32_t *handles, const uint64_t *points,
                          uint32_t count, int64_t abs_timeout_ns, uint32_t flags,
                          uint32_t *first_signaled);
int agxv_kmd_syncobj_reset(struct agxv_kmd *kmd, const uint32_t *handles, uint32_t count);
int agxv_kmd_syncobj_signal(struct agxv_kmd *kmd, const uint32_t *handles, uint32_t count);
int agxv_kmd_syncobj_timeline_signal(struct agxv_kmd *kmd, const uint32_t *handles,
                                     const uint64_t *points, uint32_t count);
int agxv_kmd_syncobj_query(struct agxv_kmd *kmd, const uint32_t *handles, uint64_t *points,
                           uint32_t count);
int agxv_kmd_syncobj_transfer(struct agxv_kmd *kmd, uint32_t dst, uint64_t dst_point, uint32_t src,
                              uint64_t src_point);
int agxv_kmd_syncobj_export(struct agxv_kmd *kmd, uint32_t handle, int *fd);
/* See agxv_kmd_ops.fence_status; how GPU faults reach userspace. */
int agxv_kmd_fence_status(struct agxv_kmd *kmd, uint32_t syncobj, uint64_t point, int *status);

/* CLOCK_MONOTONIC now + rel_ns, saturating (UINT64_MAX relative = forever). */
int64_t agxv_abs_timeout(uint64_t rel_ns);

#endif
