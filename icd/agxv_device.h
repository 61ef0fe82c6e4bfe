/* VkDevice: a GPU VM on its own kernel connection, its VA heaps and queue. */
#ifndef AGXV_DEVICE_H
#define AGXV_DEVICE_H

#include <pthread.h>
#include <stdbool.h>

#include "agxv_entrypoints.h"
#include "agxv_meta.h"
#include "agxv_object.h"
#include "agxv_sampler.h"
#include "agxv_scratch.h"
#include "agxv_va.h"
#include "kmd/agxv_kmd.h"

struct agxv_physical_device;
struct agxv_queue;
struct agxv_pipeline;
struct agxv_bo;
struct agxv_tile_program;
struct agxv_vbo_prolog;

struct agxv_device {
   struct agxv_object base;
   struct agxv_physical_device *pdev;
   VkAllocationCallbacks alloc;
   uint32_t api_version;
   const bool *instance_extensions;
   bool enabled_extensions[AGXV_DEVICE_EXT_COUNT + 1];

   struct agxv_kmd *kmd;
   uint32_t vm_id;
   uint64_t kernel_start, kernel_end;
   bool g14x; /* a multi-cluster G14 (launches take CDM Unk G14X) */

   pthread_mutex_t va_mutex;
   struct agxv_va_heap usc_heap;  /* shaders: 4 GiB at usc_exec_base */
   struct agxv_va_heap user_heap; /* everything else */
   uint64_t usc_base;
   struct agxv_bo *bos; /* every live BO (under va_mutex), for debug tooling */

   struct agxv_queue *queue;
   bool lost;

   pthread_mutex_t private_data_mutex; /* objects' private data (agxv_private_data.c) */
   uint32_t private_data_slots;        /* slot indices handed out (atomic) */

   /* Vertex-fetch prologs built so far (agxv_vbo.c), under vbo_mutex;
    * vbo_prolog_builds counts builds, for tests. */
   pthread_mutex_t vbo_mutex;
   struct agxv_vbo_prolog *vbo_prologs;
   uint32_t vbo_prolog_builds;

   /* Shader code BOs shared by pipelines of equal binaries
    * (agxv_shared_code.h), under code_mutex; shared_code_uploads counts the
    * BOs made, for tests. */
   pthread_mutex_t code_mutex;
   struct agxv_shared_code *shared_code;
   uint32_t shared_code_uploads;

   pthread_mutex_t meta_mutex;                  /* guards txf_sampler and the sampler heap */
   struct agxv_pipeline *meta[AGXV_META_COUNT]; /* helper kernels, made by vkCreateDevice */
   struct agxv_scratch scratch;                 /* stacks for spilling shaders (agxv_scratch.h) */
   struct agxv_bo *txf_sampler; /* the txf Sampler (agxv_device_txf_sampler), under meta_mutex */
   /* The sampler heap (agxv_sampler.c): AGXV_SAMPLER_HEAP_COUNT hardware
    * Samplers, created with the first VkSampler; slots in use in
    * sampler_used. Under meta_mutex; the queue reads sampler_heap atomically. */
   struct agxv_bo *sampler_heap;
   uint32_t sampler_used[AGXV_SAMPLER_HEAP_COUNT / 32];
   uint32_t compute_compiles;  /* vkCreateComputePipelines compilations (atomic), for tests */
   uint32_t graphics_compiles; /* vertex/fragment main programs compiled (atomic), for tests */
   /* robustBufferAccess enabled: shaders bounds-check buffer accesses and
    * send out-of-range ones to this small scratch BO (AGX_ABI_ROBUST_SINK) */
   bool robust_buffer_access;
   /* pipelineStatisticsQuery enabled: fragment shaders get a statistics variant
    * (AGXV_STAGE_FRAGMENT_STATS, agxv_query_stats.c) */
   bool pipeline_statistics;
   struct agxv_bo *robust_sink;
   /* maintenance6 enabled: AGXV_NULL_INDEX_BYTES of zeros, bound as the index
    * buffer when the application binds VK_NULL_HANDLE (the hardware fetches
    * indices without a bounds check, graphics.md 1.2) */
   struct agxv_bo *null_index;
   /* AGXV_ZERO_VBO_BYTES of zeros, read only, on every device: the address
    * the vertex-fetch prolog reads for a binding with no buffer
    * (VK_NULL_HANDLE or never bound) or a range smaller than one element
    * (agxv_cmd_write_vbo_uniforms), as Honeykrisp's rodata.zero_sink (Mesa
    * src/asahi/vulkan/hk_cmd_draw.c): no vertex fetch can reach address 0,
    * and such reads return zeros (Vulkan robustBufferAccess2 and
    * nullDescriptor vertex semantics). */
   struct agxv_bo *zero_vbo;
   /* The geometry heap (devices enabling geometryShader; emulation.md §2): a struct
    * agx_gs_heap (cl_kernels/agx_gs_setup.h) at offset 0, its memory after
    * AGXV_GS_HEAP_HEADER bytes; indirect draws with a geometry shader
    * allocate from it on the GPU (agxv_cmd_draw_gs.c), so do tessellation
    * and the GPU-built index lists of adjacency topologies
    * (agxv_cmd_draw_adjacency.c). */
   struct agxv_bo *gs_heap;
   /* Background/end-of-tile programs built so far (agxv_cmd_rendering.c). */
   struct agxv_tile_program *tile_programs;
   /* Pipelines of clears drawn inside passes, by key (agxv_clear_draw.c), and their
    * pipeline layout (push constants: the clear colours). */
   struct agxv_clear_pipeline *clear_pipelines;
   VkPipelineLayout clear_layout;
};

/* Indices a draw may read from a null index buffer (agxv_device.null_index):
 * 256 Ki 32-bit ones. Assumption: enough for the draws that bind none (D3D
 * translation layers' "no index buffer"); larger direct draws are refused
 * with an error, indirect ones cannot be checked when recorded. */
#define AGXV_NULL_INDEX_BYTES (1u << 20)

/* Bytes of agxv_device.zero_vbo: element 0 of any binding the prolog key
 * accepts (agxv_vbo.c: attributes ending by byte UINT16_MAX; the limit
 * maxVertexInputAttributeOffset 2047 keeps valid ones under 2064) lies
 * inside, so no sink read can fault. */
#define AGXV_ZERO_VBO_BYTES 65536u

AGXV_DEFINE_HANDLE_CASTS(agxv_device, VkDevice, VK_OBJECT_TYPE_DEVICE)

/* Marks the device lost (once, with the reason) and returns DEVICE_LOST. */
VkResult agxv_device_set_lost(struct agxv_device *device, const char *why);

static inline bool
agxv_device_is_lost(struct agxv_device *device)
{
   return __atomic_load_n(&device->lost, __ATOMIC_ACQUIRE);
}

/* The GPU address of the device-wide 8-byte txf sampler (nearest, clamp to
 * border, transparent black border) that texel buffer loads read from
 * sampler state register 0 (agx_abi.h); created on first use. */
VkResult agxv_device_txf_sampler(struct agxv_device *device, uint64_t *va);

/* The sampler heap's GPU address and entry count for compute commands
 * (drm_asahi_cmd_compute.sampler_heap / sampler_count); 0, 0 before the
 * first VkSampler. */
void agxv_device_sampler_heap(struct agxv_device *device, uint64_t *va, uint32_t *count);

/* Maps a negative errno from the kernel interface to a VkResult. */
VkResult agxv_result_from_errno(int err);

#endif
