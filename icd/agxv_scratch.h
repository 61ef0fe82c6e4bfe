/*
 * Stack (scratch) memory for shaders that spill: one scratch buffer per
 * device (cl_kernels/helper/agx_helper_layout.h) sized for the largest
 * stack any pipeline needs, and the helper program (agx_helper.s) the GPU
 * runs to hand blocks of it to SIMD-groups.
 *
 * Assumes: every core_index the kernel reports (GET_PARAMS core masks,
 * core_index = cluster * next_pow2(cores per cluster) + core, as Mesa's
 * agx_scratch.c) gets AGXV_SCRATCH_SUBGROUPS slots (Mesa's
 * AGX_MAX_SUBGROUPS_PER_CORE; the hardware's true number is not public).
 * The buffer only grows; replaced buffers stay alive until the device is
 * destroyed because submitted work may still use them.
 */
#ifndef AGXV_SCRATCH_H
#define AGXV_SCRATCH_H

#include <pthread.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "drm-uapi/asahi_drm.h"

#define AGXV_SCRATCH_SUBGROUPS 128
#define AGXV_SCRATCH_MAX_OLD 16

struct agxv_device;
struct agxv_bo;

struct agxv_scratch {
   pthread_mutex_t mutex;
   struct agxv_bo *helper; /* helper code + its USC word list */
   uint32_t helper_binary; /* drm_asahi_helper_program.binary */
   struct agxv_bo *buf;    /* the current scratch buffer */
   uint64_t data_va;       /* its header (drm_asahi_helper_program.data) */
   uint32_t stack_bytes;   /* per-thread stack buf provides */
   struct agxv_bo *old[AGXV_SCRATCH_MAX_OLD];
   unsigned old_count;
};

void agxv_scratch_init(struct agxv_scratch *scratch);
void agxv_scratch_finish(struct agxv_device *device);

/* Makes the device's scratch buffer big enough for `stack_bytes` of stack
 * per thread (a pipeline's scratch_size); VK_ERROR_OUT_OF_DEVICE_MEMORY when
 * the size exceeds what 4 blocks can map. */
VkResult agxv_scratch_reserve(struct agxv_device *device, uint32_t stack_bytes);

/* The helper program for a compute command: all zero until a pipeline
 * needed scratch. */
struct drm_asahi_helper_program agxv_scratch_helper(struct agxv_device *device);

/* USC Registers "Spill size" for a pipeline's scratch_size. */
unsigned agxv_scratch_spill_size(uint32_t stack_bytes);

#endif
