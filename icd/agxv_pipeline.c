/* Pipelines: uploading each stage's compiled code into the USC heap; their
 * creation flags. */
#include "agxv_pipeline.h"
#include "agxv_xfb.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_graphics_pipeline_library.h"

#include <stddef.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_cs.h"
#include "agxv_device.h"
#include "agxv_fs_sample_loops.h"
#include "agxv_fs_variants.h"
#include "agxv_vs_variants.h"
#include "agxv_graphics_state.h"
#include "agxv_log.h"
#include "agxv_shared_code.h"
#include "agx_pack.h"

enum agxv_stage
agxv_stage_from_vk(VkShaderStageFlagBits stage)
{
   switch (stage) {
   case VK_SHADER_STAGE_COMPUTE_BIT:
      return AGXV_STAGE_COMPUTE;
   case VK_SHADER_STAGE_VERTEX_BIT:
      return AGXV_STAGE_VERTEX;
   case VK_SHADER_STAGE_FRAGMENT_BIT:
      return AGXV_STAGE_FRAGMENT;
   default:
      return AGXV_STAGE_COUNT;
   }
}

VkResult
agxv_pipeline_upload_stage(struct agxv_device *device, struct agxv_pipeline *pipeline,
                           enum agxv_stage stage, const void *code, uint32_t size,
                           const struct agxv_shader_info *info)
{
   if (stage >= AGXV_STAGE_COUNT || (pipeline->stages & (1u << stage)))
      return agxv_error(VK_ERROR_UNKNOWN, "stage %u missing or uploaded twice", (unsigned)stage);
   struct agxv_shader shader;
   VkResult result = agxv_shader_upload(device, stage, code, size, info, &shader);
   if (result != VK_SUCCESS)
      return result;
   pipeline->shaders[stage] = shader;
   pipeline->stages |= 1u << stage;
   return VK_SUCCESS;
}

VkResult
agxv_shader_upload(struct agxv_device *device, enum agxv_stage stage, const void *code,
                   uint32_t size, const struct agxv_shader_info *info, struct agxv_shader *out)
{
   /* Spilling shaders take their stack from the device's scratch buffer. */
   if (info->scratch_size) {
      VkResult r = agxv_scratch_reserve(device, info->scratch_size);
      if (r != VK_SUCCESS)
         return r;
   }
   /* Texel buffer loads read the device's txf sampler from ss0. */
   uint64_t txf = 0;
   if (info->sampler_states) {
      VkResult r = agxv_device_txf_sampler(device, &txf);
      if (r != VK_SUCCESS)
         return r;
   }
   if (info->preamble_offset &&
       (info->preamble_offset >= size || info->preamble_offset % AGXV_CODE_ALIGN))
      return agxv_error(VK_ERROR_UNKNOWN, "preamble offset %u outside the %u-byte code",
                        info->preamble_offset, size);
   if (info->const_data_size &&
       (info->const_data_offset > size || info->const_data_size > size - info->const_data_offset ||
        info->const_data_offset % AGX_ABI_CONST_DATA_ALIGN))
      return agxv_error(VK_ERROR_UNKNOWN, "constant data (%u bytes at %u) outside the %u-byte code",
                        info->const_data_size, info->const_data_offset, size);
   if (info->num_local_args > AGX_ABI_MAX_LOCAL_ARGS)
      return agxv_error(VK_ERROR_UNKNOWN, "%u __local arguments", info->num_local_args);

   /* pipelines of the same binary share one copy (agxv_shared_code.h) */
   memset(out, 0, sizeof(*out));
   out->code_size = size;
   out->info = *info;
   out->txf_sampler = txf;
   return agxv_shared_code_get(device, stage, code, size, info, &out->code);
}

VkResult
agxv_compute_pipeline_create(struct agxv_device *device, const void *code, uint32_t size,
                             const struct agxv_shader_info *info,
                             const VkAllocationCallbacks *alloc, struct agxv_pipeline **out)
{
   struct agxv_pipeline *pipeline =
      agxv_object_zalloc(device, alloc, sizeof(*pipeline), VK_OBJECT_TYPE_PIPELINE);
   if (!pipeline)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pipeline->bind_point = VK_PIPELINE_BIND_POINT_COMPUTE;
   VkResult result =
      agxv_pipeline_upload_stage(device, pipeline, AGXV_STAGE_COMPUTE, code, size, info);
   if (result != VK_SUCCESS) {
      agxv_pipeline_destroy(device, pipeline, alloc);
      return result;
   }
   struct agxv_shader *cs = &pipeline->shaders[AGXV_STAGE_COMPUTE];
   cs->usc_words_size = agxv_pipeline_pack_usc(device, cs, info->shared_size, cs->usc_words);
   *out = pipeline;
   return VK_SUCCESS;
}

VkResult
agxv_graphics_pipeline_create(struct agxv_device *device, const VkGraphicsPipelineCreateInfo *info,
                              const VkAllocationCallbacks *alloc, struct agxv_pipeline **out)
{
   struct agxv_pipeline *pipeline =
      agxv_object_zalloc(device, alloc, sizeof(*pipeline), VK_OBJECT_TYPE_PIPELINE);
   if (!pipeline)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pipeline->bind_point = VK_PIPELINE_BIND_POINT_GRAPHICS;
   pipeline->graphics =
      agxv_alloc(alloc, sizeof(*pipeline->graphics), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   VkResult result = pipeline->graphics ? agxv_graphics_state_init(pipeline->graphics, info)
                                        : VK_ERROR_OUT_OF_HOST_MEMORY;
   if (result != VK_SUCCESS) {
      agxv_pipeline_destroy(device, pipeline, alloc);
      return result;
   }
   *out = pipeline;
   return VK_SUCCESS;
}

_Static_assert(AGX_USC_SHARED_LENGTH + AGX_USC_SAMPLER_LENGTH + AGX_USC_SHADER_LENGTH +
                     AGX_USC_REGISTERS_LENGTH + AGX_USC_PRESHADER_LENGTH <=
                  AGXV_USC_WORDS_MAX,
               "room for the USC words");

uint32_t
agxv_pipeline_pack_usc(const struct agxv_device *device, const struct agxv_shader *shader,
                       uint32_t shared, uint8_t *out)
{
   uint8_t *p = out;
   /* Without threadgroup memory Mesa programs the "none" form: layout
    * Vertex/compute and the full 64 KiB size with the use bit clear. */
   agxv_push(p, USC_SHARED, cfg) {
      cfg.uses_shared_memory = shared > 0;
      cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
      cfg.sample_count = 1;
      cfg.bytes_per_threadgroup = shared ? shared : 65536;
   }
   if (shader->info.sampler_states) {
      /* ss0 = the txf sampler texel buffer loads read (agx_abi.h) */
      agxv_push(p, USC_SAMPLER, cfg) {
         cfg.start = 0;
         cfg.count = 1;
         cfg.buffer = shader->txf_sampler;
      }
   }
   agxv_push(p, USC_SHADER, cfg) {
      cfg.code = agxv_bo_usc_offset(device, shader->code);
   }
   agxv_push(p, USC_REGISTERS, cfg) {
      cfg.register_count = shader->info.gpr_halves ? shader->info.gpr_halves : 256;
      cfg.spill_size = agxv_scratch_spill_size(shader->info.scratch_size);
   }
   if (shader->info.preamble_offset) {
      /* Mesa (agx_usc_pack / hk): Preshader.Code = USC offset of the preamble */
      agxv_push(p, USC_PRESHADER, cfg) {
         cfg.code = agxv_bo_usc_offset(device, shader->code) + shader->info.preamble_offset;
      }
   } else {
      agxv_push(p, USC_NO_PRESHADER, cfg)
         ;
   }
   return (uint32_t)(p - out);
}

void
agxv_pipeline_destroy(struct agxv_device *device, struct agxv_pipeline *pipeline,
                      const VkAllocationCallbacks *alloc)
{
   agxv_free(alloc, pipeline->graphics);
   for (unsigned s = 0; s < AGXV_STAGE_COUNT; s++) {
      if (pipeline->stages & (1u << s))
         agxv_shared_code_put(device, pipeline->shaders[s].code);
   }
   if (pipeline->gfx) {
      agxv_gs_pipeline_finish(device, pipeline->gfx);
      agxv_tess_pipeline_finish(device, pipeline->gfx);
   }
   if (pipeline->gfx) {
      agxv_xfb_pipeline_finish(device, pipeline->gfx);
      agxv_fs_variants_destroy(device, pipeline->gfx->fs_variants);
      agxv_fs_loop_source_destroy(device, pipeline->gfx->fs_loop_source);
      agxv_vs_variants_destroy(device, pipeline->gfx->vs_variants);
   }
   agxv_free(&device->alloc, pipeline->gfx);
   if (pipeline->library)
      agxv_gpl_library_destroy(device, pipeline->library);
   agxv_object_free(alloc, pipeline);
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyPipeline(VkDevice _device, VkPipeline _pipeline,
                     const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_pipeline, pipeline, _pipeline);
   if (pipeline)
      agxv_pipeline_destroy(device, pipeline, agxv_choose_alloc(&device->alloc, pAllocator));
}

VkPipelineCreateFlags2KHR
agxv_pipeline_create_flags(const void *pNext, VkPipelineCreateFlags flags)
{
   const VkPipelineCreateFlags2CreateInfoKHR *f2 =
      agxv_find_struct(pNext, VK_STRUCTURE_TYPE_PIPELINE_CREATE_FLAGS_2_CREATE_INFO_KHR);
   return f2 ? f2->flags : flags;
}
