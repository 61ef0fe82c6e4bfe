/* VkDevice: a GPU VM on its own kernel connection, its VA heaps and queue. */
#ifndef AGX_DEVICE_H
#define AGX_DEVICE_H

#include <pthread.h>
#include <stdbool.h>

#include "agx_entrypoints.h"
#include "agx_meta.h"
#include "agx_object.h"
#include "agx_scratch.h"
#include "agx_va.h"
#include "kmd/agx_kmd.h"

struct agx_physical_device;
struct agx_queue;
struct agx_pipeline;
struct agx_bo;

struct agx_device {
   VK_LOADER_DATA loader_data;
   struct agx_physical_device *pdev;
   VkAllocationCallbacks alloc;
   uint32_t api_version;
   const bool *instance_extensions;
   bool enabled_extensions[AGX_DEVICE_EXT_COUNT + 1];

   struct agx_kmd *kmd;
   uint32_t vm_id;
   uint64_t kernel_start, kernel_end;

   pthread_mutex_t va_mutex;
   struct agx_va_heap usc_heap;  /* shaders: 4 GiB at usc_exec_base */
   struct agx_va_heap user_heap; /* everything else */
   uint64_t usc_base;
   struct agx_bo *bos; /* every live BO (under va_mutex), for debug tooling */

   struct agx_queue *queue;
   bool lost;

   pthread_mutex_t meta_mutex;
   struct agx_pipeline *meta[AGX_META_COUNT]; /* compiled on first use */
   struct agx_scratch scratch;                /* stacks for spilling shaders (agx_scratch.h) */
   struct agx_bo *txf_sampler; /* the txf Sampler (agx_device_txf_sampler), under meta_mutex */
   /* The sampler heap (agx_sampler.c): AGX_SAMPLER_HEAP_COUNT hardware
    * Samplers, created with the first VkSampler; slots in use in
    * sampler_used. Under meta_mutex; the queue reads sampler_heap atomically. */
   struct agx_bo *sampler_heap;
   uint32_t sampler_used[4096 / 32];
   uint32_t compute_compiles; /* vkCreateComputePipelines compilations (atomic), for tests */
   /* robustBufferAccess enabled: shaders bounds-check buffer accesses and
    * send out-of-range ones to this small scratch BO (AGX_ABI_ROBUST_SINK) */
   bool robust_buffer_access;
   struct agx_bo *robust_sink;
};

AGX_DEFINE_HANDLE_CASTS(agx_device, VkDevice)

/* Marks the device lost (once, with the reason) and returns DEVICE_LOST. */
VkResult agx_device_set_lost(struct agx_device *device, const char *why);

static inline bool
agx_device_is_lost(struct agx_device *device)
{
   return __atomic_load_n(&device->lost, __ATOMIC_ACQUIRE);
}

/* The GPU address of the device-wide 8-byte txf sampler (nearest, clamp to
 * border, transparent black border) that texel buffer loads read from
 * sampler state register 0 (agx_abi.h); created on first use. */
VkResult agx_device_txf_sampler(struct agx_device *device, uint64_t *va);

/* The sampler heap's GPU address and entry count for compute commands
 * (drm_asahi_cmd_compute.sampler_heap / sampler_count); 0, 0 before the
 * first VkSampler. */
void agx_device_sampler_heap(struct agx_device *device, uint64_t *va, uint32_t *count);

/* Maps a negative errno from the kernel interface to a VkResult. */
VkResult agx_result_from_errno(int err);

#endif
