/*
 * VkPipeline: one compiled shader per stage (machine code in the USC heap
 * plus what a launch or draw needs to know about it), indexed by
 * enum agxv_stage. A compute pipeline has only the compute stage.
 */
#ifndef AGXV_PIPELINE_H
#define AGXV_PIPELINE_H

#include "agxv_object.h"
#include "agxv_vk_newer.h"

struct agxv_bo;
struct agxv_device;
struct agxv_graphics_state;

/* The resource ABI shared with the compiler: the root uniforms
 * (AGX_ABI_UNIFORM_SIZE bytes) are DMA'd into u0.. before the shader runs. */
#include "agx_abi.h"

struct agxv_shader_info {
   uint32_t gpr_halves; /* 16-bit registers used (r0..: 2 per 32-bit register) */
   uint32_t local_size[3];
   uint32_t shared_size;  /* bytes of threadgroup memory */
   uint32_t scratch_size; /* bytes per thread (must be 0 until scratch exists) */
   /* The preamble (USC Preshader: run once per dispatch before the threads,
    * it writes uniform registers above the root uniforms) lives in the same
    * code BO at preamble_offset (0: none; the main program is at 0). */
   uint32_t preamble_offset;
   uint32_t preamble_gpr_halves;
   uint32_t uniform_halves; /* uniform halves read or written (0: the root only) */
   /* Read-only constant data in the same code BO at const_data_offset (size 0:
    * none); its GPU address goes to the root uniforms (AGX_ABI_CONST_DATA). */
   uint32_t const_data_offset;
   uint32_t const_data_size;
   /* OpenCL __local kernel arguments: push-constant offsets of their 64-bit
    * slots (see agxv_cmd_dispatch_internal_local). */
   uint32_t num_local_args;
   uint32_t local_arg_push[AGX_ABI_MAX_LOCAL_ARGS];
   /* Sampler state registers read (ss0 = the device's txf sampler,
    * agxv_device_txf_sampler); 0: none. */
   uint32_t sampler_states;
};

/* Programs in a code BO start at this alignment (Mesa: AGX_CODE_ALIGN). */
#define AGXV_CODE_ALIGN 256u

/* Room for a pipeline's USC words (Shared, Sampler, Shader, Registers, Preshader). */
#define AGXV_USC_WORDS_MAX 32u

/* Shader stages a pipeline can hold (the hardware runs vertex and
 * fragment programs; the emulated stages come later). */
enum agxv_stage {
   AGXV_STAGE_COMPUTE = 0,
   AGXV_STAGE_VERTEX,
   AGXV_STAGE_FRAGMENT,
   /* the fragment stage linked with a statistics epilog (agxv_query_stats.c) */
   AGXV_STAGE_FRAGMENT_STATS,
   AGXV_STAGE_COUNT,
};

/* The stage of one VkShaderStageFlagBits; AGXV_STAGE_COUNT if unsupported. */
enum agxv_stage agxv_stage_from_vk(VkShaderStageFlagBits stage);

/* One compiled shader. */
struct agxv_shader {
   struct agxv_bo *code; /* executable BO holding the machine code (NULL: stage absent) */
   uint32_t code_size;
   struct agxv_shader_info info;
   uint64_t txf_sampler; /* the device's txf sampler when info.sampler_states */
   /* The USC words after a launch's Uniform DMA words, packed once
    * (agxv_pipeline_pack_usc with the shader's own threadgroup memory). */
   uint8_t usc_words[AGXV_USC_WORDS_MAX];
   uint32_t usc_words_size;
};

struct agxv_graphics_pipeline;
struct agxv_gpl_library;

struct agxv_pipeline {
   struct agxv_object base;
   VkPipelineBindPoint bind_point;
   /* Graphics pipelines: state and linkage (agxv_graphics_pipeline.h), in
    * device->alloc memory; NULL for compute. */
   struct agxv_graphics_pipeline *gfx;
   uint32_t stages; /* bit (1 << enum agxv_stage) per present stage */
   /* Graphics pipelines: the baked state and dynamic mask (agxv_graphics_state.h); NULL for compute. */
   struct agxv_graphics_state *graphics;
   struct agxv_shader shaders[AGXV_STAGE_COUNT];
   /* A graphics pipeline library (VK_PIPELINE_CREATE_LIBRARY_BIT_KHR,
    * agxv_graphics_pipeline_library.h); NULL otherwise. It is never bound. */
   struct agxv_gpl_library *library;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_pipeline, VkPipeline, VK_OBJECT_TYPE_PIPELINE)

/* The shader of a stage, NULL if the pipeline has none. */
static inline const struct agxv_shader *
agxv_pipeline_shader(const struct agxv_pipeline *pipeline, enum agxv_stage stage)
{
   return stage < AGXV_STAGE_COUNT && (pipeline->stages & (1u << stage)) ? &pipeline->shaders[stage]
                                                                         : NULL;
}

/* Uploads machine code into a pipeline's stage (reserving scratch and the
 * txf sampler it needs); on failure the stage stays absent. */
VkResult agxv_pipeline_upload_stage(struct agxv_device *device, struct agxv_pipeline *pipeline,
                                    enum agxv_stage stage, const void *code, uint32_t size,
                                    const struct agxv_shader_info *info);

/* The same into a shader of no pipeline (released with
 * agxv_shared_code_put(device, out->code)). */
VkResult agxv_shader_upload(struct agxv_device *device, enum agxv_stage stage, const void *code,
                            uint32_t size, const struct agxv_shader_info *info,
                            struct agxv_shader *out);

/* Uploads machine code and makes a compute pipeline of it. */
VkResult agxv_compute_pipeline_create(struct agxv_device *device, const void *code, uint32_t size,
                                      const struct agxv_shader_info *info,
                                      const VkAllocationCallbacks *alloc,
                                      struct agxv_pipeline **out);
/* A graphics pipeline holding the state parsed from its create info and no
 * stage yet (the caller compiles and uploads them with
 * agxv_pipeline_upload_stage). */
VkResult agxv_graphics_pipeline_create(struct agxv_device *device,
                                       const VkGraphicsPipelineCreateInfo *info,
                                       const VkAllocationCallbacks *alloc,
                                       struct agxv_pipeline **out);

/* Packs the USC words of a launch of `pipeline` that follow the Uniform DMA
 * words, for `shared` bytes of threadgroup memory, at out
 * (AGXV_USC_WORDS_MAX bytes); returns their size. */
uint32_t agxv_pipeline_pack_usc(const struct agxv_device *device, const struct agxv_shader *shader,
                                uint32_t shared, uint8_t *out);

void agxv_pipeline_destroy(struct agxv_device *device, struct agxv_pipeline *pipeline,
                           const VkAllocationCallbacks *alloc);

/* The creation flags of a Vk*PipelineCreateInfo: its pNext chain's
 * VkPipelineCreateFlags2CreateInfoKHR (VK_KHR_maintenance5) replaces
 * `flags` when present. The VK_PIPELINE_CREATE_2_* bits share the legacy
 * bits' values (vk.xml), so callers test either name. */
VkPipelineCreateFlags2KHR agxv_pipeline_create_flags(const void *pNext,
                                                     VkPipelineCreateFlags flags);

#endif
