/*
 * Buffer objects: a GEM object bound into the device's GPU VM. Every piece
 * of GPU memory the driver uses (application memory, command streams,
 * shader binaries) is an agxv_bo. Executable BOs live in the 4 GiB USC heap
 * so their addresses fit the 32-bit offsets from usc_exec_base that control
 * streams and USC words carry.
 */
#ifndef AGXV_BO_H
#define AGXV_BO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct agxv_device;

enum agxv_bo_flags {
   AGXV_BO_EXEC = 1u << 0,      /* in the USC heap (shaders, USC words) */
   AGXV_BO_WRITEBACK = 1u << 1, /* CPU-cached mapping (CPU reads results) */
   AGXV_BO_READONLY = 1u << 2,  /* GPU may only read it */
};

struct agxv_bo {
   uint32_t handle; /* GEM handle */
   uint32_t flags;  /* enum agxv_bo_flags */
   uint64_t size;   /* multiple of the 16 KiB page */
   uint64_t va;     /* GPU address */
   void *map;       /* CPU mapping, NULL until agxv_bo_map */
   const char *label;
   struct agxv_bo *prev, *next; /* the device's list of live BOs */
};

/* Copies GPU memory at `va` into dst through the BOs' CPU mappings; false if
 * any byte is outside every live BO. (Debug tooling: AGX_DEBUG=trace.) */
bool agxv_bo_read_va(struct agxv_device *device, uint64_t va, void *dst, size_t size);

/* VK_SUCCESS, VK_ERROR_OUT_OF_HOST_MEMORY or VK_ERROR_OUT_OF_DEVICE_MEMORY;
 * on failure nothing is left behind. */
VkResult agxv_bo_create(struct agxv_device *device, uint64_t size, uint32_t flags,
                        const char *label, struct agxv_bo **out);
void agxv_bo_destroy(struct agxv_device *device, struct agxv_bo *bo);

/* Maps the whole BO for the CPU (once; later calls return the same pointer). */
VkResult agxv_bo_map(struct agxv_device *device, struct agxv_bo *bo, void **ptr);

/* The 32-bit address of an executable BO as control streams encode it. */
uint32_t agxv_bo_usc_offset(const struct agxv_device *device, const struct agxv_bo *bo);

#endif
