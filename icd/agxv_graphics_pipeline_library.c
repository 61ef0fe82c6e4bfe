/*
 * Graphics pipeline libraries and linking them: see
 * agxv_graphics_pipeline_library.h. A library keeps the parsed state of its
 * parts, copies of its shader stages, the union of the layouts and the main
 * shaders compiled at its creation; linking merges the state part by part
 * and compiles (agxv_graphics_pipeline_build) with those main shaders.
 */
#include "agxv_graphics_pipeline_library.h"

#include <stdlib.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_shader_module.h"

/* The BITS of enum agxv_dyn from a to b (enum order). */
#define DYN_RANGE(a, b) ((AGXV_DYN_BIT(b) << 1) - AGXV_DYN_BIT(a))

/* The dynamic states of each part (Vulkan spec "Graphics Pipeline
 * Libraries": the state each part's create info members carry). The
 * multisample ones are the fragment output interface's (also the fragment
 * shader part's when linked without one, see merge). */
static uint64_t
part_dynamic(VkGraphicsPipelineLibraryFlagsEXT part)
{
   switch (part) {
   case AGXV_GPL_VI:
      return DYN_RANGE(VI, IA_PRIMITIVE_RESTART_ENABLE);
   case AGXV_GPL_PRE:
      return DYN_RANGE(TS_PATCH_CONTROL_POINTS, RS_LINE_STIPPLE);
   case AGXV_GPL_FS:
      return DYN_RANGE(DS_DEPTH_TEST_ENABLE, DS_STENCIL_REFERENCE);
   case AGXV_GPL_FO:
      return DYN_RANGE(CB_LOGIC_OP_ENABLE, CB_BLEND_CONSTANTS) |
             DYN_RANGE(MS_RASTERIZATION_SAMPLES, MS_SAMPLE_LOCATIONS_ENABLE);
   default:
      return 0;
   }
}

/* Takes one part's state (and which of it is dynamic) from src. */
static void
merge_part(struct agxv_graphics_state *dst, const struct agxv_graphics_state *src,
           VkGraphicsPipelineLibraryFlagsEXT part, bool has_fo)
{
   dst->dynamic = (dst->dynamic & ~part_dynamic(part)) | (src->dynamic & part_dynamic(part));
   switch (part) {
   case AGXV_GPL_VI:
      dst->vi = src->vi;
      dst->ia = src->ia;
      break;
   case AGXV_GPL_PRE: {
      const uint32_t pre = VK_SHADER_STAGE_ALL_GRAPHICS & ~VK_SHADER_STAGE_FRAGMENT_BIT;
      dst->view_index_device_stages =
         (dst->view_index_device_stages & ~pre) | (src->view_index_device_stages & pre);
      dst->ts = src->ts;
      dst->vp = src->vp;
      dst->rs = src->rs;
      if (!has_fo)
         dst->rp.view_mask = src->rp.view_mask;
      break;
   }
   case AGXV_GPL_FS:
      dst->view_index_device_stages =
         (dst->view_index_device_stages & ~VK_SHADER_STAGE_FRAGMENT_BIT) |
         (src->view_index_device_stages & VK_SHADER_STAGE_FRAGMENT_BIT);
      dst->ds = src->ds;
      dst->ms.sample_shading_enable = src->ms.sample_shading_enable;
      dst->ms.min_sample_shading = src->ms.min_sample_shading;
      if (!has_fo) {
         /* the multisample state is the fragment shader part's too */
         uint64_t ms = DYN_RANGE(MS_RASTERIZATION_SAMPLES, MS_SAMPLE_LOCATIONS_ENABLE);
         dst->dynamic = (dst->dynamic & ~ms) | (src->dynamic & ms);
         bool shading = dst->ms.sample_shading_enable;
         float min = dst->ms.min_sample_shading;
         dst->ms = src->ms;
         dst->ms.sample_shading_enable = shading;
         dst->ms.min_sample_shading = min;
         dst->rp.view_mask = src->rp.view_mask;
      }
      break;
   case AGXV_GPL_FO: {
      dst->cb = src->cb;
      bool shading = dst->ms.sample_shading_enable;
      float min = dst->ms.min_sample_shading;
      dst->ms = src->ms;
      dst->ms.sample_shading_enable = shading;
      dst->ms.min_sample_shading = min;
      dst->rp = src->rp;
      break;
   }
   default:
      break;
   }
}

/* Which parts of the pipeline are created from this create info itself
 * (VkGraphicsPipelineLibraryCreateInfoEXT; without it a library or a link
 * has none, a plain pipeline all). */
static VkGraphicsPipelineLibraryFlagsEXT
own_parts(const VkGraphicsPipelineCreateInfo *info)
{
   const VkGraphicsPipelineLibraryCreateInfoEXT *gi =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT);
   if (gi)
      return gi->flags & AGXV_GPL_ALL;
   const VkPipelineLibraryCreateInfoKHR *li =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR);
   if ((agxv_pipeline_create_flags(info->pNext, info->flags) &
        VK_PIPELINE_CREATE_LIBRARY_BIT_KHR) ||
       (li && li->libraryCount))
      return 0;
   return AGXV_GPL_ALL;
}

bool
agxv_gpl_applies(const VkGraphicsPipelineCreateInfo *info)
{
   const VkPipelineLibraryCreateInfoKHR *li =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR);
   return (agxv_pipeline_create_flags(info->pNext, info->flags) &
           VK_PIPELINE_CREATE_LIBRARY_BIT_KHR) ||
          (li && li->libraryCount);
}

static bool
stage_in_parts(VkShaderStageFlagBits stage, VkGraphicsPipelineLibraryFlagsEXT parts)
{
   if (stage == VK_SHADER_STAGE_FRAGMENT_BIT)
      return parts & AGXV_GPL_FS;
   return parts & AGXV_GPL_PRE;
}

/* Parses the state of `parts` from a create info: the members of the
 * other parts are ignored (the spec lets them dangle), so they are hidden
 * from agxv_graphics_state_init. */
static VkResult
parse_parts(struct agxv_graphics_state *s, const VkGraphicsPipelineCreateInfo *info,
            VkGraphicsPipelineLibraryFlagsEXT parts)
{
   agxv_graphics_state_defaults(s);
   if (!parts)
      return VK_SUCCESS;
   VkGraphicsPipelineCreateInfo f = *info;
   VkPipelineShaderStageCreateInfo stages[AGXV_GPL_MAX_STAGES];
   f.stageCount = 0;
   f.pStages = stages;
   for (uint32_t i = 0; i < info->stageCount; i++) {
      if (!stage_in_parts(info->pStages[i].stage, parts))
         continue;
      if (f.stageCount == AGXV_GPL_MAX_STAGES)
         return agxv_error(VK_ERROR_UNKNOWN, "more than %u graphics stages", AGXV_GPL_MAX_STAGES);
      stages[f.stageCount++] = info->pStages[i];
   }
   if (!(parts & AGXV_GPL_VI)) {
      f.pVertexInputState = NULL;
      f.pInputAssemblyState = NULL;
   }
   /* agxv_graphics_state_init wants a rasterization state: the defaults
    * stand in for the pre-rasterization part's (not taken, merge_part). */
   static const VkPipelineRasterizationStateCreateInfo no_rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .lineWidth = 1.0f,
   };
   if (!(parts & AGXV_GPL_PRE)) {
      f.pTessellationState = NULL;
      f.pViewportState = NULL;
      f.pRasterizationState = &no_rs;
   }
   if (!(parts & AGXV_GPL_FS))
      f.pDepthStencilState = NULL;
   if (!(parts & (AGXV_GPL_FS | AGXV_GPL_FO)))
      f.pMultisampleState = NULL;
   if (!(parts & AGXV_GPL_FO))
      f.pColorBlendState = NULL;
   /* VkPipelineRenderingCreateInfo: the colour formats belong to the
    * output interface, the depth/stencil formats to it and the fragment
    * shader part (the spec lets the others hold anything). A fragment
    * shader library without the output interface may not know the
    * depth/stencil formats; its depth/stencil state is read whenever given
    * (the formats themselves come from the output interface). */
   VkPipelineRenderingCreateInfo ri;
   const VkPipelineRenderingCreateInfo *r =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
   if (info->renderPass == VK_NULL_HANDLE && !(parts & AGXV_GPL_FO) &&
       (r || (parts & AGXV_GPL_FS))) {
      ri = r ? *r
             : (VkPipelineRenderingCreateInfo){.sType =
                                                  VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
      ri.pNext = info->pNext;
      ri.colorAttachmentCount = 0;
      ri.pColorAttachmentFormats = NULL;
      if (!(parts & AGXV_GPL_FS))
         ri.depthAttachmentFormat = ri.stencilAttachmentFormat = VK_FORMAT_UNDEFINED;
      else if (ri.depthAttachmentFormat == VK_FORMAT_UNDEFINED &&
               ri.stencilAttachmentFormat == VK_FORMAT_UNDEFINED)
         ri.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT_S8_UINT;
      f.pNext = &ri;
   }
   /* Only the parts' dynamic states count (each part keeps its own). */
   VkResult result = agxv_graphics_state_init(s, &f);
   if (result != VK_SUCCESS)
      return result;
   uint64_t mask = 0;
   for (unsigned b = 0; b < 4; b++)
      if (parts & (1u << b))
         mask |= part_dynamic(1u << b);
   if ((parts & AGXV_GPL_FS) && !(parts & AGXV_GPL_FO))
      mask |= part_dynamic(AGXV_GPL_FO) &
              DYN_RANGE(MS_RASTERIZATION_SAMPLES, MS_SAMPLE_LOCATIONS_ENABLE);
   s->dynamic &= mask;
   return VK_SUCCESS;
}

/* --- retained stages -------------------------------------------------------- */

static void
stage_finish(struct agxv_device *device, struct agxv_gpl_stage *st)
{
   agxv_free(&device->alloc, (void *)st->info.pName);
   agxv_free(&device->alloc, (void *)st->spec.pMapEntries);
   agxv_free(&device->alloc, (void *)st->spec.pData);
   if (st->module)
      agxv_object_free(&device->alloc, st->module);
   memset(st, 0, sizeof(*st));
}

static void *
dup_bytes(struct agxv_device *device, const void *src, size_t size)
{
   void *p = agxv_alloc(&device->alloc, size ? size : 1, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (p && size)
      memcpy(p, src, size);
   return p;
}

/* A copy of a stage that outlives the application's module and
 * specialization data. */
static VkResult
stage_copy(struct agxv_device *device, struct agxv_gpl_stage *st,
           const VkPipelineShaderStageCreateInfo *src)
{
   memset(st, 0, sizeof(*st));
   const struct agxv_shader_module *m = agxv_shader_module_from_handle(src->module);
   const uint32_t *words = m ? m->words : NULL;
   size_t count = m ? m->word_count : 0;
   if (!m) {
      /* VK_KHR_maintenance5: the module's create info chained to the stage */
      const VkShaderModuleCreateInfo *mi =
         agxv_find_struct(src->pNext, VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
      if (!mi || mi->codeSize < 20 || mi->codeSize % 4)
         return agxv_error(VK_ERROR_UNKNOWN, "graphics stage 0x%x without a shader module",
                           src->stage);
      words = mi->pCode;
      count = mi->codeSize / 4;
   }
   st->module =
      agxv_object_zalloc(device, &device->alloc, sizeof(*st->module) + count * sizeof(uint32_t),
                         VK_OBJECT_TYPE_SHADER_MODULE);
   const char *name = src->pName ? src->pName : "main";
   char *entry = dup_bytes(device, name, strlen(name) + 1);
   st->info = (VkPipelineShaderStageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = src->stage,
      .pName = entry,
   };
   if (!st->module || !entry) {
      stage_finish(device, st);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   st->module->word_count = (uint32_t)count;
   memcpy(st->module->storage, words, count * sizeof(uint32_t));
   st->module->words = st->module->storage;
   st->info.module = agxv_shader_module_to_handle(st->module);
   const VkSpecializationInfo *si = src->pSpecializationInfo;
   if (si && si->mapEntryCount) {
      st->spec.mapEntryCount = si->mapEntryCount;
      st->spec.dataSize = si->dataSize;
      st->spec.pMapEntries =
         dup_bytes(device, si->pMapEntries, si->mapEntryCount * sizeof(*si->pMapEntries));
      st->spec.pData = dup_bytes(device, si->pData, si->dataSize);
      if (!st->spec.pMapEntries || !st->spec.pData) {
         stage_finish(device, st);
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      }
      st->info.pSpecializationInfo = &st->spec;
   }
   return VK_SUCCESS;
}

static VkResult
add_stage(struct agxv_device *device, struct agxv_gpl_library *lib,
          const VkPipelineShaderStageCreateInfo *src)
{
   for (uint32_t i = 0; i < lib->stage_count; i++)
      if (lib->stages[i].info.stage == src->stage)
         return agxv_error(VK_ERROR_UNKNOWN, "shader stage 0x%x given twice", src->stage);
   if (lib->stage_count == AGXV_GPL_MAX_STAGES)
      return agxv_error(VK_ERROR_UNKNOWN, "more than %u graphics stages", AGXV_GPL_MAX_STAGES);
   VkResult result = stage_copy(device, &lib->stages[lib->stage_count], src);
   if (result == VK_SUCCESS) {
      /* the stage copy's specialization pointer moves with the array entry */
      struct agxv_gpl_stage *st = &lib->stages[lib->stage_count];
      if (st->info.pSpecializationInfo)
         st->info.pSpecializationInfo = &st->spec;
      lib->stage_count++;
   }
   return result;
}

/* --- layouts ------------------------------------------------------------------ */

/* Adds the set layouts the union lacks (independent sets: each library's
 * layout may leave the others' sets VK_NULL_HANDLE). */
static void
layout_add(struct agxv_pipeline_layout *u, const struct agxv_pipeline_layout *l)
{
   if (!l)
      return;
   for (uint32_t s = 0; s < l->set_count; s++) {
      if (!u->sets[s] && l->sets[s]) {
         agxv_descriptor_set_layout_ref(l->sets[s]);
         u->sets[s] = l->sets[s];
      }
   }
   if (l->set_count > u->set_count)
      u->set_count = l->set_count;
   if (l->push_constant_size > u->push_constant_size)
      u->push_constant_size = l->push_constant_size;
}

static void
layout_finish(struct agxv_pipeline_layout *u)
{
   for (uint32_t s = 0; s < u->set_count; s++)
      if (u->sets[s])
         agxv_descriptor_set_layout_unref(u->sets[s]);
   memset(u, 0, sizeof(*u));
}

/* --- libraries ------------------------------------------------------------------ */

void
agxv_gpl_library_destroy(struct agxv_device *device, struct agxv_gpl_library *lib)
{
   for (uint32_t i = 0; i < lib->stage_count; i++)
      stage_finish(device, &lib->stages[i]);
   layout_finish(&lib->layout);
   if (lib->has_vs)
      agxv_compile_result_free(&lib->vs.r);
   if (lib->has_fs)
      agxv_compile_result_free(&lib->fs.r);
   agxv_free(&device->alloc, lib);
}

static const struct agxv_gpl_stage *
find_stage(const struct agxv_gpl_library *lib, VkShaderStageFlagBits stage)
{
   for (uint32_t i = 0; i < lib->stage_count; i++)
      if (lib->stages[i].info.stage == stage)
         return &lib->stages[i];
   return NULL;
}

/* Compiles the main shaders a library's own parts hold: the vertex shader
 * when it is the only pre-rasterization stage (the geometry, tessellation
 * paths compile at link time, see the header), the fragment shader with
 * the library's multisample state. */
static VkResult
precompile(struct agxv_device *device, struct agxv_gpl_library *lib,
           VkGraphicsPipelineLibraryFlagsEXT own, struct agxv_cache_use *cu)
{
   const struct agxv_gpl_stage *vs = find_stage(lib, VK_SHADER_STAGE_VERTEX_BIT);
   bool vs_only = vs && !find_stage(lib, VK_SHADER_STAGE_GEOMETRY_BIT) &&
                  !find_stage(lib, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT) &&
                  !find_stage(lib, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT);
   /* the view mask of the library's parts (VkPipelineRenderingCreateInfo),
    * the device-index flag of each stage's part */
   lib->vs_view = agxv_view_flags(&lib->state, VK_SHADER_STAGE_VERTEX_BIT);
   lib->fs_view = agxv_view_flags(&lib->state, VK_SHADER_STAGE_FRAGMENT_BIT);
   if ((own & AGXV_GPL_PRE) && vs_only) {
      VkResult result =
         agxv_graphics_compile_main(device, &vs->info, &lib->layout, NULL, NULL, lib->vs_view, NULL,
                                    NULL, NULL, NULL, cu, &lib->vs);
      if (result != VK_SUCCESS)
         return result;
      lib->has_vs = true;
   }
   const struct agxv_gpl_stage *fs = find_stage(lib, VK_SHADER_STAGE_FRAGMENT_BIT);
   if ((own & AGXV_GPL_FS) && fs) {
      lib->fs_coverage = agxv_gpl_coverage_options(&lib->state);
      VkResult result =
         agxv_graphics_compile_main(device, &fs->info, &lib->layout, NULL, &lib->fs_coverage,
                                    lib->fs_view, NULL, NULL, NULL, NULL, cu, &lib->fs);
      if (result != VK_SUCCESS)
         return result;
      lib->has_fs = true;
   }
   return VK_SUCCESS;
}

/* Takes what a linked library holds for `parts` (state, stages, compiled
 * shaders). */
static VkResult
take_library(struct agxv_device *device, struct agxv_gpl_library *lib,
             const struct agxv_gpl_library *src, VkGraphicsPipelineLibraryFlagsEXT parts,
             bool has_fo)
{
   for (unsigned b = 0; b < 4; b++)
      if (parts & (1u << b))
         merge_part(&lib->state, &src->state, 1u << b, has_fo);
   for (uint32_t i = 0; i < src->stage_count; i++) {
      if (!stage_in_parts(src->stages[i].info.stage, parts))
         continue;
      VkResult result = add_stage(device, lib, &src->stages[i].info);
      if (result != VK_SUCCESS)
         return result;
   }
   layout_add(&lib->layout, &src->layout);
   char err[128];
   if (parts & AGXV_GPL_PRE)
      lib->vs_view = src->vs_view;
   if (parts & AGXV_GPL_FS)
      lib->fs_view = src->fs_view;
   if ((parts & AGXV_GPL_PRE) && src->has_vs) {
      if (agxv_compile_result_copy(&src->vs, &lib->vs, err, sizeof(err)))
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      lib->has_vs = true;
   }
   if ((parts & AGXV_GPL_FS) && src->has_fs) {
      if (agxv_compile_result_copy(&src->fs, &lib->fs, err, sizeof(err)))
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      lib->has_fs = true;
      lib->fs_coverage = src->fs_coverage;
   }
   return VK_SUCCESS;
}

/* Gathers the create info's own parts and its libraries' into lib. */
static VkResult
gather(struct agxv_device *device, struct agxv_gpl_library *lib,
       const VkGraphicsPipelineCreateInfo *info, struct agxv_cache_use *cu)
{
   VkGraphicsPipelineLibraryFlagsEXT own = own_parts(info);
   const VkPipelineLibraryCreateInfoKHR *li =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR);
   uint32_t nlibs = li ? li->libraryCount : 0;
   /* whether some source holds the fragment output interface (the
    * multisample state's owner) */
   VkGraphicsPipelineLibraryFlagsEXT all = own;
   for (uint32_t i = 0; i < nlibs; i++) {
      const struct agxv_pipeline *p = agxv_pipeline_from_handle(li->pLibraries[i]);
      if (!p || !p->library)
         return agxv_error(VK_ERROR_UNKNOWN, "pLibraries[%u] is not a graphics pipeline library",
                           i);
      all |= p->library->parts;
   }
   bool has_fo = all & AGXV_GPL_FO;
   agxv_graphics_state_defaults(&lib->state);
   lib->state.dynamic = 0;
   VkGraphicsPipelineLibraryFlagsEXT taken = 0;
   if (own) {
      struct agxv_graphics_state s;
      VkResult result = parse_parts(&s, info, own);
      if (result != VK_SUCCESS)
         return result;
      for (unsigned b = 0; b < 4; b++)
         if (own & (1u << b))
            merge_part(&lib->state, &s, 1u << b, has_fo);
      for (uint32_t i = 0; i < info->stageCount; i++) {
         if (!stage_in_parts(info->pStages[i].stage, own))
            continue;
         result = add_stage(device, lib, &info->pStages[i]);
         if (result != VK_SUCCESS)
            return result;
      }
      layout_add(&lib->layout, agxv_pipeline_layout_from_handle(info->layout));
      taken = own;
   }
   for (uint32_t i = 0; i < nlibs; i++) {
      const struct agxv_gpl_library *src = agxv_pipeline_from_handle(li->pLibraries[i])->library;
      VkResult result = take_library(device, lib, src, src->parts & ~taken, has_fo);
      if (result != VK_SUCCESS)
         return result;
      taken |= src->parts;
   }
   lib->parts = taken;
   return own && (agxv_pipeline_create_flags(info->pNext, info->flags) &
                  VK_PIPELINE_CREATE_LIBRARY_BIT_KHR)
             ? precompile(device, lib, own, cu)
             : VK_SUCCESS;
}

/* The complete pipeline of the gathered parts. */
static VkResult
link_pipeline(struct agxv_device *device, const struct agxv_gpl_library *lib,
              const VkGraphicsPipelineCreateInfo *info, struct agxv_pipeline *pipeline,
              const VkAllocationCallbacks *alloc, struct agxv_cache_use *cu)
{
   pipeline->graphics =
      agxv_alloc(alloc, sizeof(*pipeline->graphics), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!pipeline->graphics)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   *pipeline->graphics = lib->state;
   /* Parts without a library (rasterizer discard makes the fragment ones
    * optional) keep the defaults. */
   bool lto = agxv_pipeline_create_flags(info->pNext, info->flags) &
              VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT;
   struct agxv_gpl_precompiled pre = {
      .vs = lib->has_vs ? &lib->vs : NULL,
      .fs = lib->has_fs ? &lib->fs : NULL,
      .fs_coverage = lib->fs_coverage,
      .vs_view = lib->vs_view,
      .fs_view = lib->fs_view,
   };
   VkPipelineShaderStageCreateInfo stages[AGXV_GPL_MAX_STAGES];
   for (uint32_t i = 0; i < lib->stage_count; i++)
      stages[i] = lib->stages[i].info;
   const struct agxv_pipeline_layout *layout = agxv_pipeline_layout_from_handle(info->layout);
   return agxv_graphics_pipeline_build(device, pipeline, lib->stage_count, stages,
                                       layout ? layout : &lib->layout, lto ? NULL : &pre, cu);
}

VkResult
agxv_gpl_create(struct agxv_device *device, const VkGraphicsPipelineCreateInfo *info,
                const VkAllocationCallbacks *alloc, struct agxv_cache_use *cu,
                struct agxv_pipeline **out)
{
   struct agxv_pipeline *pipeline =
      agxv_object_zalloc(device, alloc, sizeof(*pipeline), VK_OBJECT_TYPE_PIPELINE);
   struct agxv_gpl_library *lib =
      agxv_alloc(&device->alloc, sizeof(*lib), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!pipeline || !lib) {
      agxv_free(&device->alloc, lib);
      if (pipeline)
         agxv_object_free(alloc, pipeline);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   memset(lib, 0, sizeof(*lib));
   pipeline->bind_point = VK_PIPELINE_BIND_POINT_GRAPHICS;
   VkResult result = gather(device, lib, info, cu);
   if (agxv_pipeline_create_flags(info->pNext, info->flags) & VK_PIPELINE_CREATE_LIBRARY_BIT_KHR) {
      pipeline->library = lib;
   } else {
      if (result == VK_SUCCESS)
         result = link_pipeline(device, lib, info, pipeline, alloc, cu);
      agxv_gpl_library_destroy(device, lib);
   }
   if (result != VK_SUCCESS) {
      agxv_pipeline_destroy(device, pipeline, alloc);
      return result;
   }
   *out = pipeline;
   return VK_SUCCESS;
}
