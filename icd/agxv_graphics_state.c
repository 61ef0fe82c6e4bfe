/*
 * Graphics pipeline state: parsing VkGraphicsPipelineCreateInfo, binding a
 * pipeline's baked state into the command buffer's state and the vkCmdSet*
 * setters (see agxv_graphics_state.h for the model).
 *
 * The "ignored" rules are the Vulkan 1.3 spec's valid-usage text for
 * VkGraphicsPipelineCreateInfo: pViewportState, pMultisampleState,
 * pDepthStencilState and pColorBlendState are ignored with (static)
 * rasterizer discard; pDepthStencilState without a depth or stencil format,
 * pColorBlendState without colour formats, pTessellationState without
 * tessellation stages. Dirty tracking compares values, as Mesa's
 * vk_graphics_state.c SET_DYN_* macros do.
 */
#include "agxv_graphics_state.h"
#include "agxv_render_pass.h"

#include <string.h>

#include "agxv_log.h"
#include "agxv_object.h"
#include "agxv_pipeline.h"

static const struct agxv_stencil_face default_stencil = {
   .fail = VK_STENCIL_OP_KEEP,
   .pass = VK_STENCIL_OP_KEEP,
   .depth_fail = VK_STENCIL_OP_KEEP,
   .compare = VK_COMPARE_OP_ALWAYS,
   .compare_mask = 0xff,
   .write_mask = 0xff,
};

void
agxv_graphics_state_defaults(struct agxv_graphics_state *s)
{
   /* Zeroed first so padding compares equal (dirty tracking uses memcmp). */
   memset(s, 0, sizeof(*s));
   for (unsigned b = 0; b < AGXV_MAX_VERTEX_BINDINGS; b++)
      s->vi.bindings[b].divisor = 1;
   s->ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   s->ts.domain_origin = VK_TESSELLATION_DOMAIN_ORIGIN_UPPER_LEFT;
   s->rs.depth_clip = AGXV_DEPTH_CLIP_NOT_CLAMP;
   s->rs.polygon_mode = VK_POLYGON_MODE_FILL;
   s->rs.front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   s->rs.provoking_vertex = VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT;
   s->rs.line.width = 1.0f;
   s->rs.line.mode = VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT;
   s->ms.rasterization_samples = VK_SAMPLE_COUNT_1_BIT;
   s->ms.sample_mask = UINT32_MAX;
   s->ds.depth_compare_op = VK_COMPARE_OP_ALWAYS;
   s->ds.max_depth_bounds = 1.0f;
   s->ds.front = s->ds.back = default_stencil;
   s->cb.logic_op = VK_LOGIC_OP_COPY;
   s->cb.color_write_enables = (1u << AGXV_MAX_RTS) - 1;
   for (unsigned i = 0; i < AGXV_MAX_RTS; i++) {
      s->cb.attachments[i] = (struct agxv_cb_attachment){
         .src_color_blend_factor = VK_BLEND_FACTOR_ONE,
         .dst_color_blend_factor = VK_BLEND_FACTOR_ZERO,
         .color_blend_op = VK_BLEND_OP_ADD,
         .src_alpha_blend_factor = VK_BLEND_FACTOR_ONE,
         .dst_alpha_blend_factor = VK_BLEND_FACTOR_ZERO,
         .alpha_blend_op = VK_BLEND_OP_ADD,
         .write_mask = 0xf,
      };
   }
}

uint64_t
agxv_dyn_bits_from_vk(VkDynamicState state)
{
#define D(x) AGXV_DYN_BIT(x)
   switch (state) {
   case VK_DYNAMIC_STATE_VIEWPORT:
      return D(VP_VIEWPORTS);
   case VK_DYNAMIC_STATE_SCISSOR:
      return D(VP_SCISSORS);
   case VK_DYNAMIC_STATE_LINE_WIDTH:
      return D(RS_LINE_WIDTH);
   case VK_DYNAMIC_STATE_DEPTH_BIAS:
      return D(RS_DEPTH_BIAS_FACTORS);
   case VK_DYNAMIC_STATE_BLEND_CONSTANTS:
      return D(CB_BLEND_CONSTANTS);
   case VK_DYNAMIC_STATE_DEPTH_BOUNDS:
      return D(DS_DEPTH_BOUNDS_TEST_BOUNDS);
   case VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK:
      return D(DS_STENCIL_COMPARE_MASK);
   case VK_DYNAMIC_STATE_STENCIL_WRITE_MASK:
      return D(DS_STENCIL_WRITE_MASK);
   case VK_DYNAMIC_STATE_STENCIL_REFERENCE:
      return D(DS_STENCIL_REFERENCE);
   case VK_DYNAMIC_STATE_CULL_MODE:
      return D(RS_CULL_MODE);
   case VK_DYNAMIC_STATE_FRONT_FACE:
      return D(RS_FRONT_FACE);
   case VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY:
      return D(IA_PRIMITIVE_TOPOLOGY);
   case VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT:
      return D(VP_VIEWPORT_COUNT) | D(VP_VIEWPORTS);
   case VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT:
      return D(VP_SCISSOR_COUNT) | D(VP_SCISSORS);
   case VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE:
      return D(VI_BINDING_STRIDES);
   case VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE:
      return D(DS_DEPTH_TEST_ENABLE);
   case VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE:
      return D(DS_DEPTH_WRITE_ENABLE);
   case VK_DYNAMIC_STATE_DEPTH_COMPARE_OP:
      return D(DS_DEPTH_COMPARE_OP);
   case VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE:
      return D(DS_DEPTH_BOUNDS_TEST_ENABLE);
   case VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE:
      return D(DS_STENCIL_TEST_ENABLE);
   case VK_DYNAMIC_STATE_STENCIL_OP:
      return D(DS_STENCIL_OP);
   case VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE:
      return D(RS_RASTERIZER_DISCARD_ENABLE);
   case VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE:
      return D(RS_DEPTH_BIAS_ENABLE);
   case VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE:
      return D(IA_PRIMITIVE_RESTART_ENABLE);
   case VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT:
      return D(TS_PATCH_CONTROL_POINTS);
   case VK_DYNAMIC_STATE_LOGIC_OP_EXT:
      return D(CB_LOGIC_OP);
   case VK_DYNAMIC_STATE_VERTEX_INPUT_EXT:
      return D(VI) | D(VI_BINDING_STRIDES);
   case VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT:
      return D(CB_COLOR_WRITE_ENABLES);
   case VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT:
      return D(TS_DOMAIN_ORIGIN);
   case VK_DYNAMIC_STATE_DEPTH_CLAMP_ENABLE_EXT:
      return D(RS_DEPTH_CLAMP_ENABLE);
   case VK_DYNAMIC_STATE_POLYGON_MODE_EXT:
      return D(RS_POLYGON_MODE);
   case VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT:
      return D(MS_RASTERIZATION_SAMPLES);
   case VK_DYNAMIC_STATE_SAMPLE_MASK_EXT:
      return D(MS_SAMPLE_MASK);
   case VK_DYNAMIC_STATE_ALPHA_TO_COVERAGE_ENABLE_EXT:
      return D(MS_ALPHA_TO_COVERAGE_ENABLE);
   case VK_DYNAMIC_STATE_ALPHA_TO_ONE_ENABLE_EXT:
      return D(MS_ALPHA_TO_ONE_ENABLE);
   case VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT:
      return D(CB_LOGIC_OP_ENABLE);
   case VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT:
      return D(CB_BLEND_ENABLES);
   case VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT:
      return D(CB_BLEND_EQUATIONS);
   case VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT:
      return D(CB_WRITE_MASKS);
   case VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT:
      return D(RS_DEPTH_CLIP_ENABLE);
   case VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_ENABLE_EXT:
      return D(MS_SAMPLE_LOCATIONS_ENABLE);
   case VK_DYNAMIC_STATE_PROVOKING_VERTEX_MODE_EXT:
      return D(RS_PROVOKING_VERTEX);
   case VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT:
      return D(RS_LINE_MODE);
   case VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT:
      return D(RS_LINE_STIPPLE_ENABLE);
   case VK_DYNAMIC_STATE_LINE_STIPPLE_EXT:
      return D(RS_LINE_STIPPLE);
   default:
      return 0;
   }
#undef D
}

static bool
is_dyn(const struct agxv_graphics_state *s, enum agxv_dyn bit)
{
   return s->dynamic & (UINT64_C(1) << bit);
}

/* --- parsing ------------------------------------------------------------ */

static VkResult
parse_vertex_input(struct agxv_graphics_state *s, const VkPipelineVertexInputStateCreateInfo *vi)
{
   if (!vi || is_dyn(s, AGXV_DYN_VI))
      return VK_SUCCESS;
   if (vi->vertexBindingDescriptionCount > AGXV_MAX_VERTEX_BINDINGS ||
       vi->vertexAttributeDescriptionCount > AGXV_MAX_VERTEX_ATTRIBS)
      return agxv_error(VK_ERROR_UNKNOWN, "%u vertex bindings / %u attributes (max %u)",
                        vi->vertexBindingDescriptionCount, vi->vertexAttributeDescriptionCount,
                        AGXV_MAX_VERTEX_BINDINGS);
   for (uint32_t i = 0; i < vi->vertexBindingDescriptionCount; i++) {
      const VkVertexInputBindingDescription *b = &vi->pVertexBindingDescriptions[i];
      if (b->binding >= AGXV_MAX_VERTEX_BINDINGS)
         return agxv_error(VK_ERROR_UNKNOWN, "vertex binding %u out of range", b->binding);
      s->vi.bindings_valid |= 1u << b->binding;
      s->vi.bindings[b->binding].input_rate = b->inputRate;
      if (!is_dyn(s, AGXV_DYN_VI_BINDING_STRIDES))
         s->vi.bindings[b->binding].stride = b->stride;
   }
   for (uint32_t i = 0; i < vi->vertexAttributeDescriptionCount; i++) {
      const VkVertexInputAttributeDescription *a = &vi->pVertexAttributeDescriptions[i];
      if (a->location >= AGXV_MAX_VERTEX_ATTRIBS || a->binding >= AGXV_MAX_VERTEX_BINDINGS)
         return agxv_error(VK_ERROR_UNKNOWN, "vertex attribute %u (binding %u) out of range",
                           a->location, a->binding);
      s->vi.attributes_valid |= 1u << a->location;
      s->vi.attributes[a->location] = (struct agxv_vertex_attribute){.binding = a->binding,
                                                                     .format = a->format,
                                                                     .offset = a->offset};
   }
   const VkPipelineVertexInputDivisorStateCreateInfoEXT *div = agxv_find_struct(
      vi->pNext, VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT);
   for (uint32_t i = 0; div && i < div->vertexBindingDivisorCount; i++) {
      const VkVertexInputBindingDivisorDescriptionEXT *d = &div->pVertexBindingDivisors[i];
      if (d->binding >= AGXV_MAX_VERTEX_BINDINGS)
         return agxv_error(VK_ERROR_UNKNOWN, "divisor for vertex binding %u", d->binding);
      s->vi.bindings[d->binding].divisor = d->divisor;
   }
   return VK_SUCCESS;
}

static void
parse_input_assembly(struct agxv_graphics_state *s,
                     const VkPipelineInputAssemblyStateCreateInfo *ia)
{
   if (!ia)
      return;
   if (!is_dyn(s, AGXV_DYN_IA_PRIMITIVE_TOPOLOGY))
      s->ia.topology = ia->topology;
   if (!is_dyn(s, AGXV_DYN_IA_PRIMITIVE_RESTART_ENABLE))
      s->ia.primitive_restart_enable = ia->primitiveRestartEnable;
}

static void
parse_tessellation(struct agxv_graphics_state *s, const VkGraphicsPipelineCreateInfo *info)
{
   bool tess = false;
   for (uint32_t i = 0; i < info->stageCount; i++) {
      tess |= !!(info->pStages[i].stage & (VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
                                           VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT));
   }
   const VkPipelineTessellationStateCreateInfo *ts = info->pTessellationState;
   if (!tess || !ts)
      return;
   if (!is_dyn(s, AGXV_DYN_TS_PATCH_CONTROL_POINTS))
      s->ts.patch_control_points = ts->patchControlPoints;
   const VkPipelineTessellationDomainOriginStateCreateInfo *origin = agxv_find_struct(
      ts->pNext, VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_DOMAIN_ORIGIN_STATE_CREATE_INFO);
   if (origin && !is_dyn(s, AGXV_DYN_TS_DOMAIN_ORIGIN))
      s->ts.domain_origin = origin->domainOrigin;
}

static VkResult
parse_rasterization(struct agxv_graphics_state *s, const VkPipelineRasterizationStateCreateInfo *rs)
{
   /* VK_EXT_extended_dynamic_state3: pRasterizationState may be NULL when
    * every state it holds is dynamic (the values then come from vkCmdSet*) */
   const uint64_t all = AGXV_DYN_BIT(RS_RASTERIZER_DISCARD_ENABLE) |
                        AGXV_DYN_BIT(RS_DEPTH_CLAMP_ENABLE) | AGXV_DYN_BIT(RS_POLYGON_MODE) |
                        AGXV_DYN_BIT(RS_CULL_MODE) | AGXV_DYN_BIT(RS_FRONT_FACE) |
                        AGXV_DYN_BIT(RS_DEPTH_BIAS_ENABLE) | AGXV_DYN_BIT(RS_DEPTH_BIAS_FACTORS) |
                        AGXV_DYN_BIT(RS_LINE_WIDTH);
   if (!rs && (s->dynamic & all) == all)
      return VK_SUCCESS;
   if (!rs)
      return agxv_error(VK_ERROR_UNKNOWN, "graphics pipeline without rasterization state");
   if (!is_dyn(s, AGXV_DYN_RS_RASTERIZER_DISCARD_ENABLE))
      s->rs.rasterizer_discard_enable = rs->rasterizerDiscardEnable;
   if (!is_dyn(s, AGXV_DYN_RS_DEPTH_CLAMP_ENABLE))
      s->rs.depth_clamp_enable = rs->depthClampEnable;
   if (!is_dyn(s, AGXV_DYN_RS_POLYGON_MODE))
      s->rs.polygon_mode = rs->polygonMode;
   if (!is_dyn(s, AGXV_DYN_RS_CULL_MODE))
      s->rs.cull_mode = rs->cullMode;
   if (!is_dyn(s, AGXV_DYN_RS_FRONT_FACE))
      s->rs.front_face = rs->frontFace;
   if (!is_dyn(s, AGXV_DYN_RS_DEPTH_BIAS_ENABLE))
      s->rs.depth_bias.enable = rs->depthBiasEnable;
   if (!is_dyn(s, AGXV_DYN_RS_DEPTH_BIAS_FACTORS)) {
      s->rs.depth_bias.constant_factor = rs->depthBiasConstantFactor;
      s->rs.depth_bias.clamp = rs->depthBiasClamp;
      s->rs.depth_bias.slope_factor = rs->depthBiasSlopeFactor;
   }
   if (!is_dyn(s, AGXV_DYN_RS_LINE_WIDTH))
      s->rs.line.width = rs->lineWidth;

   const VkPipelineRasterizationDepthClipStateCreateInfoEXT *clip = agxv_find_struct(
      rs->pNext, VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT);
   if (clip && !is_dyn(s, AGXV_DYN_RS_DEPTH_CLIP_ENABLE))
      s->rs.depth_clip = clip->depthClipEnable ? AGXV_DEPTH_CLIP_TRUE : AGXV_DEPTH_CLIP_FALSE;

   const VkPipelineRasterizationLineStateCreateInfoEXT *line = agxv_find_struct(
      rs->pNext, VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT);
   if (line) {
      if (!is_dyn(s, AGXV_DYN_RS_LINE_MODE))
         s->rs.line.mode = line->lineRasterizationMode;
      if (!is_dyn(s, AGXV_DYN_RS_LINE_STIPPLE_ENABLE))
         s->rs.line.stipple_enable = line->stippledLineEnable;
      if (!is_dyn(s, AGXV_DYN_RS_LINE_STIPPLE)) {
         s->rs.line.stipple_factor = line->lineStippleFactor;
         s->rs.line.stipple_pattern = line->lineStipplePattern;
      }
   }
   const VkPipelineRasterizationProvokingVertexStateCreateInfoEXT *pv = agxv_find_struct(
      rs->pNext, VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT);
   if (pv && !is_dyn(s, AGXV_DYN_RS_PROVOKING_VERTEX))
      s->rs.provoking_vertex = pv->provokingVertexMode;
   const VkPipelineRasterizationStateStreamCreateInfoEXT *stream = agxv_find_struct(
      rs->pNext, VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_STREAM_CREATE_INFO_EXT);
   if (stream) {
      if (stream->rasterizationStream > 3)
         return agxv_error(VK_ERROR_UNKNOWN, "rasterization stream %u",
                           stream->rasterizationStream);
      s->rs.rasterization_stream = stream->rasterizationStream;
   }
   return VK_SUCCESS;
}

static VkResult
parse_viewport(struct agxv_graphics_state *s, const VkPipelineViewportStateCreateInfo *vp)
{
   if (!vp)
      return VK_SUCCESS;
   if (!is_dyn(s, AGXV_DYN_VP_VIEWPORT_COUNT)) {
      if (vp->viewportCount > AGXV_MAX_VIEWPORTS)
         return agxv_error(VK_ERROR_UNKNOWN, "%u viewports (max %u)", vp->viewportCount,
                           AGXV_MAX_VIEWPORTS);
      s->vp.viewport_count = vp->viewportCount;
      if (!is_dyn(s, AGXV_DYN_VP_VIEWPORTS) && vp->pViewports)
         memcpy(s->vp.viewports, vp->pViewports, vp->viewportCount * sizeof(VkViewport));
   }
   if (!is_dyn(s, AGXV_DYN_VP_SCISSOR_COUNT)) {
      if (vp->scissorCount > AGXV_MAX_VIEWPORTS)
         return agxv_error(VK_ERROR_UNKNOWN, "%u scissors (max %u)", vp->scissorCount,
                           AGXV_MAX_VIEWPORTS);
      s->vp.scissor_count = vp->scissorCount;
      if (!is_dyn(s, AGXV_DYN_VP_SCISSORS) && vp->pScissors)
         memcpy(s->vp.scissors, vp->pScissors, vp->scissorCount * sizeof(VkRect2D));
   }
   return VK_SUCCESS;
}

static void
parse_multisample(struct agxv_graphics_state *s, const VkPipelineMultisampleStateCreateInfo *ms)
{
   if (!ms)
      return;
   if (!is_dyn(s, AGXV_DYN_MS_RASTERIZATION_SAMPLES))
      s->ms.rasterization_samples = ms->rasterizationSamples;
   s->ms.sample_shading_enable = ms->sampleShadingEnable;
   s->ms.min_sample_shading = ms->minSampleShading;
   if (!is_dyn(s, AGXV_DYN_MS_SAMPLE_MASK))
      s->ms.sample_mask = ms->pSampleMask ? ms->pSampleMask[0] : UINT32_MAX;
   if (!is_dyn(s, AGXV_DYN_MS_ALPHA_TO_COVERAGE_ENABLE))
      s->ms.alpha_to_coverage_enable = ms->alphaToCoverageEnable;
   if (!is_dyn(s, AGXV_DYN_MS_ALPHA_TO_ONE_ENABLE))
      s->ms.alpha_to_one_enable = ms->alphaToOneEnable;
   const VkPipelineSampleLocationsStateCreateInfoEXT *sl = agxv_find_struct(
      ms->pNext, VK_STRUCTURE_TYPE_PIPELINE_SAMPLE_LOCATIONS_STATE_CREATE_INFO_EXT);
   if (sl && !is_dyn(s, AGXV_DYN_MS_SAMPLE_LOCATIONS_ENABLE))
      s->ms.sample_locations_enable = sl->sampleLocationsEnable;
}

static void
parse_stencil_face(struct agxv_graphics_state *s, struct agxv_stencil_face *f,
                   const VkStencilOpState *op)
{
   if (!is_dyn(s, AGXV_DYN_DS_STENCIL_OP)) {
      f->fail = op->failOp;
      f->pass = op->passOp;
      f->depth_fail = op->depthFailOp;
      f->compare = op->compareOp;
   }
   if (!is_dyn(s, AGXV_DYN_DS_STENCIL_COMPARE_MASK))
      f->compare_mask = (uint8_t)op->compareMask;
   if (!is_dyn(s, AGXV_DYN_DS_STENCIL_WRITE_MASK))
      f->write_mask = (uint8_t)op->writeMask;
   if (!is_dyn(s, AGXV_DYN_DS_STENCIL_REFERENCE))
      f->reference = (uint8_t)op->reference;
}

static void
parse_depth_stencil(struct agxv_graphics_state *s, const VkPipelineDepthStencilStateCreateInfo *ds)
{
   if (!ds)
      return;
   if (!is_dyn(s, AGXV_DYN_DS_DEPTH_TEST_ENABLE))
      s->ds.depth_test_enable = ds->depthTestEnable;
   if (!is_dyn(s, AGXV_DYN_DS_DEPTH_WRITE_ENABLE))
      s->ds.depth_write_enable = ds->depthWriteEnable;
   if (!is_dyn(s, AGXV_DYN_DS_DEPTH_COMPARE_OP))
      s->ds.depth_compare_op = ds->depthCompareOp;
   if (!is_dyn(s, AGXV_DYN_DS_DEPTH_BOUNDS_TEST_ENABLE))
      s->ds.depth_bounds_test_enable = ds->depthBoundsTestEnable;
   if (!is_dyn(s, AGXV_DYN_DS_DEPTH_BOUNDS_TEST_BOUNDS)) {
      s->ds.min_depth_bounds = ds->minDepthBounds;
      s->ds.max_depth_bounds = ds->maxDepthBounds;
   }
   if (!is_dyn(s, AGXV_DYN_DS_STENCIL_TEST_ENABLE))
      s->ds.stencil_test_enable = ds->stencilTestEnable;
   parse_stencil_face(s, &s->ds.front, &ds->front);
   parse_stencil_face(s, &s->ds.back, &ds->back);
}

static VkResult
parse_color_blend(struct agxv_graphics_state *s, const VkPipelineColorBlendStateCreateInfo *cb)
{
   if (!cb)
      return VK_SUCCESS;
   if (cb->attachmentCount > AGXV_MAX_RTS)
      return agxv_error(VK_ERROR_UNKNOWN, "%u blend attachments (max %u)", cb->attachmentCount,
                        AGXV_MAX_RTS);
   if (!is_dyn(s, AGXV_DYN_CB_LOGIC_OP_ENABLE))
      s->cb.logic_op_enable = cb->logicOpEnable;
   if (!is_dyn(s, AGXV_DYN_CB_LOGIC_OP))
      s->cb.logic_op = cb->logicOp;
   if (!is_dyn(s, AGXV_DYN_CB_BLEND_CONSTANTS))
      memcpy(s->cb.blend_constants, cb->blendConstants, sizeof(s->cb.blend_constants));
   /* pAttachments is ignored when all three per-attachment states are dynamic. */
   bool all_dynamic = is_dyn(s, AGXV_DYN_CB_BLEND_ENABLES) &&
                      is_dyn(s, AGXV_DYN_CB_BLEND_EQUATIONS) && is_dyn(s, AGXV_DYN_CB_WRITE_MASKS);
   for (uint32_t i = 0; !all_dynamic && cb->pAttachments && i < cb->attachmentCount; i++) {
      const VkPipelineColorBlendAttachmentState *a = &cb->pAttachments[i];
      struct agxv_cb_attachment *o = &s->cb.attachments[i];
      if (!is_dyn(s, AGXV_DYN_CB_BLEND_ENABLES))
         o->blend_enable = a->blendEnable;
      if (!is_dyn(s, AGXV_DYN_CB_BLEND_EQUATIONS)) {
         o->src_color_blend_factor = a->srcColorBlendFactor;
         o->dst_color_blend_factor = a->dstColorBlendFactor;
         o->color_blend_op = a->colorBlendOp;
         o->src_alpha_blend_factor = a->srcAlphaBlendFactor;
         o->dst_alpha_blend_factor = a->dstAlphaBlendFactor;
         o->alpha_blend_op = a->alphaBlendOp;
      }
      if (!is_dyn(s, AGXV_DYN_CB_WRITE_MASKS))
         o->write_mask = a->colorWriteMask;
   }
   const VkPipelineColorWriteCreateInfoEXT *cw =
      agxv_find_struct(cb->pNext, VK_STRUCTURE_TYPE_PIPELINE_COLOR_WRITE_CREATE_INFO_EXT);
   if (cw && !is_dyn(s, AGXV_DYN_CB_COLOR_WRITE_ENABLES)) {
      for (uint32_t i = 0; i < cw->attachmentCount && i < AGXV_MAX_RTS; i++) {
         if (!cw->pColorWriteEnables[i])
            s->cb.color_write_enables &= ~(1u << i);
      }
   }
   return VK_SUCCESS;
}

static VkResult
parse_rendering(struct agxv_graphics_state *s, const VkGraphicsPipelineCreateInfo *info)
{
   const VkPipelineRenderingCreateInfo *r =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
   /* A render pass replaces VkPipelineRenderingCreateInfo: the subpass's
    * formats (agxv_render_pass.c). */
   VkPipelineRenderingCreateInfo from_pass;
   if (info->renderPass != VK_NULL_HANDLE) {
      if (!agxv_render_pass_rendering_info(info->renderPass, info->subpass, &from_pass,
                                           &s->rp.tiles))
         return agxv_error(VK_ERROR_UNKNOWN, "subpass %u of the render pass does not exist",
                           info->subpass);
      r = &from_pass;
   }
   if (!r)
      return VK_SUCCESS;
   if (r->colorAttachmentCount > AGXV_MAX_RTS)
      return agxv_error(VK_ERROR_UNKNOWN, "%u colour attachments (max %u)", r->colorAttachmentCount,
                        AGXV_MAX_RTS);
   s->rp.view_mask = r->viewMask;
   s->rp.color_attachment_count = r->colorAttachmentCount;
   for (uint32_t i = 0; i < r->colorAttachmentCount; i++)
      s->rp.color_formats[i] =
         r->pColorAttachmentFormats ? r->pColorAttachmentFormats[i] : VK_FORMAT_UNDEFINED;
   s->rp.depth_format = r->depthAttachmentFormat;
   s->rp.stencil_format = r->stencilAttachmentFormat;
   s->cb.attachment_count = r->colorAttachmentCount;
   return VK_SUCCESS;
}

VkResult
agxv_graphics_state_init(struct agxv_graphics_state *s, const VkGraphicsPipelineCreateInfo *info)
{
   agxv_graphics_state_defaults(s);
   if (agxv_pipeline_create_flags(info->pNext, info->flags) &
       VK_PIPELINE_CREATE_VIEW_INDEX_FROM_DEVICE_INDEX_BIT) {
      for (uint32_t i = 0; i < info->stageCount; i++)
         s->view_index_device_stages |= info->pStages[i].stage;
   }
   const VkPipelineDynamicStateCreateInfo *dyn = info->pDynamicState;
   for (uint32_t i = 0; dyn && i < dyn->dynamicStateCount; i++) {
      uint64_t bits = agxv_dyn_bits_from_vk(dyn->pDynamicStates[i]);
      if (!bits)
         return agxv_error(VK_ERROR_UNKNOWN, "dynamic state %d is not supported",
                           (int)dyn->pDynamicStates[i]);
      s->dynamic |= bits;
   }

   VkResult r = parse_rendering(s, info);
   if (r == VK_SUCCESS)
      r = parse_vertex_input(s, info->pVertexInputState);
   if (r == VK_SUCCESS)
      r = parse_rasterization(s, info->pRasterizationState);
   if (r != VK_SUCCESS)
      return r;
   parse_input_assembly(s, info->pInputAssemblyState);
   parse_tessellation(s, info);

   /* With static rasterizer discard nothing after the rasterizer is read. */
   if (s->rs.rasterizer_discard_enable && !is_dyn(s, AGXV_DYN_RS_RASTERIZER_DISCARD_ENABLE))
      return VK_SUCCESS;
   r = parse_viewport(s, info->pViewportState);
   if (r != VK_SUCCESS)
      return r;
   parse_multisample(s, info->pMultisampleState);
   if (s->rp.depth_format != VK_FORMAT_UNDEFINED || s->rp.stencil_format != VK_FORMAT_UNDEFINED)
      parse_depth_stencil(s, info->pDepthStencilState);
   bool any_color = false;
   for (uint32_t i = 0; i < s->rp.color_attachment_count; i++)
      any_color |= s->rp.color_formats[i] != VK_FORMAT_UNDEFINED;
   return any_color ? parse_color_blend(s, info->pColorBlendState) : VK_SUCCESS;
}

/* --- command buffer state ------------------------------------------------- */

void
agxv_dyn_init(struct agxv_dynamic_graphics_state *d)
{
   agxv_graphics_state_defaults(&d->s);
   d->dirty = AGXV_DYN_ALL;
   d->bound = NULL;
   d->changed = 0;
   memset(d->memo, 0, sizeof(d->memo));
   d->memo_next = 0;
}

/* dst.field = src.field, marking bit dirty if it differed. */
#define TAKE(bit, field)                                      \
   do {                                                       \
      if (memcmp(&d->s.field, &p->field, sizeof(p->field))) { \
         memcpy(&d->s.field, &p->field, sizeof(p->field));    \
         d->dirty |= AGXV_DYN_BIT(bit);                       \
      }                                                       \
   } while (0)

/* The bits from a to b (enum order). */
#define BITS(a, b) ((AGXV_DYN_BIT(b) << 1) - AGXV_DYN_BIT(a))
#define STATIC(bit) (!(dyn & AGXV_DYN_BIT(bit)))
static void
take_vi(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p, uint64_t dyn)
{
   if (STATIC(VI)) {
      TAKE(VI, vi.bindings_valid);
      TAKE(VI, vi.attributes_valid);
      TAKE(VI, vi.attributes);
      for (unsigned b = 0; b < AGXV_MAX_VERTEX_BINDINGS; b++) {
         TAKE(VI, vi.bindings[b].input_rate);
         TAKE(VI, vi.bindings[b].divisor);
      }
   }
   if (STATIC(VI_BINDING_STRIDES)) {
      for (unsigned b = 0; b < AGXV_MAX_VERTEX_BINDINGS; b++)
         TAKE(VI_BINDING_STRIDES, vi.bindings[b].stride);
   }
}
static void
take_ia(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p, uint64_t dyn)
{
   if (STATIC(IA_PRIMITIVE_TOPOLOGY))
      TAKE(IA_PRIMITIVE_TOPOLOGY, ia.topology);
   if (STATIC(IA_PRIMITIVE_RESTART_ENABLE))
      TAKE(IA_PRIMITIVE_RESTART_ENABLE, ia.primitive_restart_enable);
}
static void
take_ts(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p, uint64_t dyn)
{
   if (STATIC(TS_PATCH_CONTROL_POINTS))
      TAKE(TS_PATCH_CONTROL_POINTS, ts.patch_control_points);
   if (STATIC(TS_DOMAIN_ORIGIN))
      TAKE(TS_DOMAIN_ORIGIN, ts.domain_origin);
}
static void
take_vp(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p, uint64_t dyn)
{
   if (STATIC(VP_VIEWPORT_COUNT))
      TAKE(VP_VIEWPORT_COUNT, vp.viewport_count);
   if (STATIC(VP_VIEWPORTS))
      TAKE(VP_VIEWPORTS, vp.viewports);
   if (STATIC(VP_SCISSOR_COUNT))
      TAKE(VP_SCISSOR_COUNT, vp.scissor_count);
   if (STATIC(VP_SCISSORS))
      TAKE(VP_SCISSORS, vp.scissors);
}
static void
take_rs(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p, uint64_t dyn)
{
   if (STATIC(RS_RASTERIZER_DISCARD_ENABLE))
      TAKE(RS_RASTERIZER_DISCARD_ENABLE, rs.rasterizer_discard_enable);
   if (STATIC(RS_DEPTH_CLAMP_ENABLE))
      TAKE(RS_DEPTH_CLAMP_ENABLE, rs.depth_clamp_enable);
   if (STATIC(RS_DEPTH_CLIP_ENABLE))
      TAKE(RS_DEPTH_CLIP_ENABLE, rs.depth_clip);
   if (STATIC(RS_POLYGON_MODE))
      TAKE(RS_POLYGON_MODE, rs.polygon_mode);
   if (STATIC(RS_CULL_MODE))
      TAKE(RS_CULL_MODE, rs.cull_mode);
   if (STATIC(RS_FRONT_FACE))
      TAKE(RS_FRONT_FACE, rs.front_face);
   if (STATIC(RS_PROVOKING_VERTEX))
      TAKE(RS_PROVOKING_VERTEX, rs.provoking_vertex);
   if (STATIC(RS_DEPTH_BIAS_ENABLE))
      TAKE(RS_DEPTH_BIAS_ENABLE, rs.depth_bias.enable);
   if (STATIC(RS_DEPTH_BIAS_FACTORS)) {
      TAKE(RS_DEPTH_BIAS_FACTORS, rs.depth_bias.constant_factor);
      TAKE(RS_DEPTH_BIAS_FACTORS, rs.depth_bias.clamp);
      TAKE(RS_DEPTH_BIAS_FACTORS, rs.depth_bias.slope_factor);
   }
   if (STATIC(RS_LINE_WIDTH))
      TAKE(RS_LINE_WIDTH, rs.line.width);
   if (STATIC(RS_LINE_MODE))
      TAKE(RS_LINE_MODE, rs.line.mode);
   if (STATIC(RS_LINE_STIPPLE_ENABLE))
      TAKE(RS_LINE_STIPPLE_ENABLE, rs.line.stipple_enable);
   if (STATIC(RS_LINE_STIPPLE)) {
      TAKE(RS_LINE_STIPPLE, rs.line.stipple_factor);
      TAKE(RS_LINE_STIPPLE, rs.line.stipple_pattern);
   }
}
static void
take_ms(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p, uint64_t dyn)
{
   if (STATIC(MS_RASTERIZATION_SAMPLES))
      TAKE(MS_RASTERIZATION_SAMPLES, ms.rasterization_samples);
   if (STATIC(MS_SAMPLE_MASK))
      TAKE(MS_SAMPLE_MASK, ms.sample_mask);
   if (STATIC(MS_ALPHA_TO_COVERAGE_ENABLE))
      TAKE(MS_ALPHA_TO_COVERAGE_ENABLE, ms.alpha_to_coverage_enable);
   if (STATIC(MS_ALPHA_TO_ONE_ENABLE))
      TAKE(MS_ALPHA_TO_ONE_ENABLE, ms.alpha_to_one_enable);
   if (STATIC(MS_SAMPLE_LOCATIONS_ENABLE))
      TAKE(MS_SAMPLE_LOCATIONS_ENABLE, ms.sample_locations_enable);
   TAKE(MS_SAMPLE_SHADING, ms.sample_shading_enable);
   TAKE(MS_SAMPLE_SHADING, ms.min_sample_shading);
}
static void
take_ds(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p, uint64_t dyn)
{
   if (STATIC(DS_DEPTH_TEST_ENABLE))
      TAKE(DS_DEPTH_TEST_ENABLE, ds.depth_test_enable);
   if (STATIC(DS_DEPTH_WRITE_ENABLE))
      TAKE(DS_DEPTH_WRITE_ENABLE, ds.depth_write_enable);
   if (STATIC(DS_DEPTH_COMPARE_OP))
      TAKE(DS_DEPTH_COMPARE_OP, ds.depth_compare_op);
   if (STATIC(DS_DEPTH_BOUNDS_TEST_ENABLE))
      TAKE(DS_DEPTH_BOUNDS_TEST_ENABLE, ds.depth_bounds_test_enable);
   if (STATIC(DS_DEPTH_BOUNDS_TEST_BOUNDS)) {
      TAKE(DS_DEPTH_BOUNDS_TEST_BOUNDS, ds.min_depth_bounds);
      TAKE(DS_DEPTH_BOUNDS_TEST_BOUNDS, ds.max_depth_bounds);
   }
   if (STATIC(DS_STENCIL_TEST_ENABLE))
      TAKE(DS_STENCIL_TEST_ENABLE, ds.stencil_test_enable);
   if (STATIC(DS_STENCIL_OP)) {
      TAKE(DS_STENCIL_OP, ds.front.fail);
      TAKE(DS_STENCIL_OP, ds.front.pass);
      TAKE(DS_STENCIL_OP, ds.front.depth_fail);
      TAKE(DS_STENCIL_OP, ds.front.compare);
      TAKE(DS_STENCIL_OP, ds.back.fail);
      TAKE(DS_STENCIL_OP, ds.back.pass);
      TAKE(DS_STENCIL_OP, ds.back.depth_fail);
      TAKE(DS_STENCIL_OP, ds.back.compare);
   }
   if (STATIC(DS_STENCIL_COMPARE_MASK)) {
      TAKE(DS_STENCIL_COMPARE_MASK, ds.front.compare_mask);
      TAKE(DS_STENCIL_COMPARE_MASK, ds.back.compare_mask);
   }
   if (STATIC(DS_STENCIL_WRITE_MASK)) {
      TAKE(DS_STENCIL_WRITE_MASK, ds.front.write_mask);
      TAKE(DS_STENCIL_WRITE_MASK, ds.back.write_mask);
   }
   if (STATIC(DS_STENCIL_REFERENCE)) {
      TAKE(DS_STENCIL_REFERENCE, ds.front.reference);
      TAKE(DS_STENCIL_REFERENCE, ds.back.reference);
   }
}
static void
take_cb(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p, uint64_t dyn)
{
   if (STATIC(CB_LOGIC_OP_ENABLE))
      TAKE(CB_LOGIC_OP_ENABLE, cb.logic_op_enable);
   if (STATIC(CB_LOGIC_OP))
      TAKE(CB_LOGIC_OP, cb.logic_op);
   if (STATIC(CB_COLOR_WRITE_ENABLES))
      TAKE(CB_COLOR_WRITE_ENABLES, cb.color_write_enables);
   for (unsigned i = 0; i < AGXV_MAX_RTS; i++) {
      if (STATIC(CB_BLEND_ENABLES))
         TAKE(CB_BLEND_ENABLES, cb.attachments[i].blend_enable);
      if (STATIC(CB_BLEND_EQUATIONS)) {
         TAKE(CB_BLEND_EQUATIONS, cb.attachments[i].src_color_blend_factor);
         TAKE(CB_BLEND_EQUATIONS, cb.attachments[i].dst_color_blend_factor);
         TAKE(CB_BLEND_EQUATIONS, cb.attachments[i].color_blend_op);
         TAKE(CB_BLEND_EQUATIONS, cb.attachments[i].src_alpha_blend_factor);
         TAKE(CB_BLEND_EQUATIONS, cb.attachments[i].dst_alpha_blend_factor);
         TAKE(CB_BLEND_EQUATIONS, cb.attachments[i].alpha_blend_op);
      }
      if (STATIC(CB_WRITE_MASKS))
         TAKE(CB_WRITE_MASKS, cb.attachments[i].write_mask);
   }
   if (STATIC(CB_BLEND_CONSTANTS))
      TAKE(CB_BLEND_CONSTANTS, cb.blend_constants);
}
/* Takes a group of fields with take_<group>. When none of the group's
 * state is dynamic, one comparison of the whole group finds the common
 * case (the same values as the pipeline bound before) and, when they
 * differ, the group is copied whole after the per-field takes so that its
 * padding matches from then on. A group the memo says the previous
 * pipeline held identically (`known`) is not compared again; one it says
 * they hold differently (`copy`) is copied whole with the dirty bits the
 * memo kept (d->s holds the previous pipeline's exact bytes, so the
 * per-field takes would give those bits again). A group found equal to a
 * previous pipeline's exact bytes is remembered (`equal`), one found
 * different with its bits (`differ`, `differ_dirty`). */
#define GROUP(index, group, bits)                                    \
   do {                                                              \
      if (dyn & (bits)) {                                            \
         take_##group(d, p, dyn);                                    \
      } else if (known & (1u << (index))) {                          \
      } else if (copy & (1u << (index))) {                           \
         memcpy(&d->s.group, &p->group, sizeof(p->group));           \
      } else if (memcmp(&d->s.group, &p->group, sizeof(p->group))) { \
         uint64_t before = d->dirty;                                 \
         d->dirty = 0;                                               \
         take_##group(d, p, dyn);                                    \
         memcpy(&d->s.group, &p->group, sizeof(p->group));           \
         if (exact && !(prev_dyn & (bits))) {                        \
            differ |= 1u << (index);                                 \
            differ_dirty |= d->dirty;                                \
         }                                                           \
         d->dirty |= before;                                         \
      } else if (exact && !(prev_dyn & (bits))) {                    \
         equal |= 1u << (index);                                     \
      }                                                              \
   } while (0)

void
agxv_dyn_bind_pipeline(struct agxv_dynamic_graphics_state *d, const struct agxv_graphics_state *p)
{
   uint64_t dyn = p->dynamic;
   /* d->s holds the previous pipeline's groups exactly (those without
    * dynamic state) while no setter changed anything since its bind */
   const struct agxv_graphics_state *prev = d->changed ? NULL : d->bound;
   bool exact = prev != NULL;
   uint64_t prev_dyn = prev ? prev->dynamic : 0;
   uint32_t known = 0, copy = 0, equal = 0, differ = 0;
   uint64_t differ_dirty = 0;
   struct agxv_dyn_bind_memo *m = NULL;
   for (uint32_t i = 0; exact && i < AGXV_DYN_BIND_MEMOS; i++) {
      if (d->memo[i].from == prev && d->memo[i].to == p) {
         m = &d->memo[i];
         known = m->equal;
         copy = m->differ;
         d->dirty |= m->dirty;
         break;
      }
   }
   d->s.dynamic = dyn;
   GROUP(0, vi, BITS(VI, VI_BINDING_STRIDES));
   GROUP(1, ia, BITS(IA_PRIMITIVE_TOPOLOGY, IA_PRIMITIVE_RESTART_ENABLE));
   GROUP(2, ts, BITS(TS_PATCH_CONTROL_POINTS, TS_DOMAIN_ORIGIN));
   GROUP(3, vp, BITS(VP_VIEWPORT_COUNT, VP_SCISSORS));
   GROUP(4, rs, BITS(RS_RASTERIZER_DISCARD_ENABLE, RS_LINE_STIPPLE));
   GROUP(5, ms, BITS(MS_RASTERIZATION_SAMPLES, MS_SAMPLE_LOCATIONS_ENABLE));
   GROUP(6, ds, BITS(DS_DEPTH_TEST_ENABLE, DS_STENCIL_REFERENCE));
   /* before the colour-blend group, which holds cb.attachment_count; the
    * rendering formats are never dynamic, so the memo (bit 8) applies */
   if (known & (1u << 8)) {
   } else if (copy & (1u << 8)) {
      d->s.cb.attachment_count = p->cb.attachment_count;
      d->s.rp = p->rp;
   } else if (d->s.cb.attachment_count == p->cb.attachment_count &&
              !memcmp(&d->s.rp, &p->rp, sizeof(p->rp))) {
      if (exact)
         equal |= 1u << 8;
   } else {
      TAKE(RP, cb.attachment_count);
      TAKE(RP, rp);
      if (exact) {
         differ |= 1u << 8;
         differ_dirty |= AGXV_DYN_BIT(RP);
      }
   }
   GROUP(7, cb, BITS(CB_LOGIC_OP_ENABLE, CB_BLEND_CONSTANTS));
   if (exact && !m) {
      m = &d->memo[d->memo_next++ % AGXV_DYN_BIND_MEMOS];
      *m = (struct agxv_dyn_bind_memo){.from = prev,
                                       .to = p,
                                       .equal = equal,
                                       .differ = differ,
                                       .dirty = differ_dirty};
   }
   d->bound = p;
   d->changed = 0;
}
#undef GROUP
#undef STATIC
#undef BITS
#undef TAKE

/* lhs = value (a scalar), marking bit dirty if it differed. */
#define SET(bit, lhs, value)              \
   do {                                   \
      if ((lhs) != (value)) {             \
         (lhs) = (value);                 \
         d->dirty |= AGXV_DYN_BIT(bit);   \
         d->changed |= AGXV_DYN_BIT(bit); \
      }                                   \
   } while (0)

/* Copies n elements into dst[], marking bit dirty if any differed. */
#define SET_ARRAY(bit, dst, src, n)                     \
   do {                                                 \
      if (memcmp((dst), (src), (n) * sizeof(*(dst)))) { \
         memcpy((dst), (src), (n) * sizeof(*(dst)));    \
         d->dirty |= AGXV_DYN_BIT(bit);                 \
         d->changed |= AGXV_DYN_BIT(bit);               \
      }                                                 \
   } while (0)

/* Clamps [first, first + count) to max entries (invalid usage otherwise). */
static uint32_t
clamp_range(uint32_t first, uint32_t count, uint32_t max)
{
   return first >= max ? 0 : (count > max - first ? max - first : count);
}

void
agxv_dyn_set_viewports(struct agxv_dynamic_graphics_state *d, uint32_t first, uint32_t count,
                       const VkViewport *viewports)
{
   count = clamp_range(first, count, AGXV_MAX_VIEWPORTS);
   SET_ARRAY(VP_VIEWPORTS, &d->s.vp.viewports[first], viewports, count);
}

void
agxv_dyn_set_viewport_with_count(struct agxv_dynamic_graphics_state *d, uint32_t count,
                                 const VkViewport *viewports)
{
   count = clamp_range(0, count, AGXV_MAX_VIEWPORTS);
   SET(VP_VIEWPORT_COUNT, d->s.vp.viewport_count, count);
   SET_ARRAY(VP_VIEWPORTS, d->s.vp.viewports, viewports, count);
}

void
agxv_dyn_set_scissors(struct agxv_dynamic_graphics_state *d, uint32_t first, uint32_t count,
                      const VkRect2D *scissors)
{
   count = clamp_range(first, count, AGXV_MAX_VIEWPORTS);
   SET_ARRAY(VP_SCISSORS, &d->s.vp.scissors[first], scissors, count);
}

void
agxv_dyn_set_scissor_with_count(struct agxv_dynamic_graphics_state *d, uint32_t count,
                                const VkRect2D *scissors)
{
   count = clamp_range(0, count, AGXV_MAX_VIEWPORTS);
   SET(VP_SCISSOR_COUNT, d->s.vp.scissor_count, count);
   SET_ARRAY(VP_SCISSORS, d->s.vp.scissors, scissors, count);
}

void
agxv_dyn_set_line_width(struct agxv_dynamic_graphics_state *d, float width)
{
   SET(RS_LINE_WIDTH, d->s.rs.line.width, width);
}

void
agxv_dyn_set_depth_bias(struct agxv_dynamic_graphics_state *d, float constant, float clamp,
                        float slope)
{
   SET(RS_DEPTH_BIAS_FACTORS, d->s.rs.depth_bias.constant_factor, constant);
   SET(RS_DEPTH_BIAS_FACTORS, d->s.rs.depth_bias.clamp, clamp);
   SET(RS_DEPTH_BIAS_FACTORS, d->s.rs.depth_bias.slope_factor, slope);
}

void
agxv_dyn_set_blend_constants(struct agxv_dynamic_graphics_state *d, const float c[4])
{
   SET_ARRAY(CB_BLEND_CONSTANTS, d->s.cb.blend_constants, c, 4);
}

void
agxv_dyn_set_depth_bounds(struct agxv_dynamic_graphics_state *d, float min, float max)
{
   SET(DS_DEPTH_BOUNDS_TEST_BOUNDS, d->s.ds.min_depth_bounds, min);
   SET(DS_DEPTH_BOUNDS_TEST_BOUNDS, d->s.ds.max_depth_bounds, max);
}

void
agxv_dyn_set_stencil_compare_mask(struct agxv_dynamic_graphics_state *d, VkStencilFaceFlags faces,
                                  uint32_t mask)
{
   if (faces & VK_STENCIL_FACE_FRONT_BIT)
      SET(DS_STENCIL_COMPARE_MASK, d->s.ds.front.compare_mask, (uint8_t)mask);
   if (faces & VK_STENCIL_FACE_BACK_BIT)
      SET(DS_STENCIL_COMPARE_MASK, d->s.ds.back.compare_mask, (uint8_t)mask);
}

void
agxv_dyn_set_stencil_write_mask(struct agxv_dynamic_graphics_state *d, VkStencilFaceFlags faces,
                                uint32_t mask)
{
   if (faces & VK_STENCIL_FACE_FRONT_BIT)
      SET(DS_STENCIL_WRITE_MASK, d->s.ds.front.write_mask, (uint8_t)mask);
   if (faces & VK_STENCIL_FACE_BACK_BIT)
      SET(DS_STENCIL_WRITE_MASK, d->s.ds.back.write_mask, (uint8_t)mask);
}

void
agxv_dyn_set_stencil_reference(struct agxv_dynamic_graphics_state *d, VkStencilFaceFlags faces,
                               uint32_t reference)
{
   if (faces & VK_STENCIL_FACE_FRONT_BIT)
      SET(DS_STENCIL_REFERENCE, d->s.ds.front.reference, (uint8_t)reference);
   if (faces & VK_STENCIL_FACE_BACK_BIT)
      SET(DS_STENCIL_REFERENCE, d->s.ds.back.reference, (uint8_t)reference);
}

void
agxv_dyn_set_cull_mode(struct agxv_dynamic_graphics_state *d, VkCullModeFlags mode)
{
   SET(RS_CULL_MODE, d->s.rs.cull_mode, mode);
}

void
agxv_dyn_set_front_face(struct agxv_dynamic_graphics_state *d, VkFrontFace face)
{
   SET(RS_FRONT_FACE, d->s.rs.front_face, face);
}

void
agxv_dyn_set_primitive_topology(struct agxv_dynamic_graphics_state *d, VkPrimitiveTopology topology)
{
   SET(IA_PRIMITIVE_TOPOLOGY, d->s.ia.topology, topology);
}

void
agxv_dyn_set_vertex_binding_strides(struct agxv_dynamic_graphics_state *d, uint32_t first,
                                    uint32_t count, const VkDeviceSize *strides)
{
   count = clamp_range(first, count, AGXV_MAX_VERTEX_BINDINGS);
   for (uint32_t i = 0; i < count; i++)
      SET(VI_BINDING_STRIDES, d->s.vi.bindings[first + i].stride, (uint32_t)strides[i]);
}

void
agxv_dyn_set_depth_test_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(DS_DEPTH_TEST_ENABLE, d->s.ds.depth_test_enable, enable);
}

void
agxv_dyn_set_depth_write_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(DS_DEPTH_WRITE_ENABLE, d->s.ds.depth_write_enable, enable);
}

void
agxv_dyn_set_depth_compare_op(struct agxv_dynamic_graphics_state *d, VkCompareOp op)
{
   SET(DS_DEPTH_COMPARE_OP, d->s.ds.depth_compare_op, op);
}

void
agxv_dyn_set_depth_bounds_test_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(DS_DEPTH_BOUNDS_TEST_ENABLE, d->s.ds.depth_bounds_test_enable, enable);
}

void
agxv_dyn_set_stencil_test_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(DS_STENCIL_TEST_ENABLE, d->s.ds.stencil_test_enable, enable);
}

static void
set_stencil_op(struct agxv_dynamic_graphics_state *d, struct agxv_stencil_face *f, VkStencilOp fail,
               VkStencilOp pass, VkStencilOp depth_fail, VkCompareOp compare)
{
   SET(DS_STENCIL_OP, f->fail, fail);
   SET(DS_STENCIL_OP, f->pass, pass);
   SET(DS_STENCIL_OP, f->depth_fail, depth_fail);
   SET(DS_STENCIL_OP, f->compare, compare);
}

void
agxv_dyn_set_stencil_op(struct agxv_dynamic_graphics_state *d, VkStencilFaceFlags faces,
                        VkStencilOp fail, VkStencilOp pass, VkStencilOp depth_fail,
                        VkCompareOp compare)
{
   if (faces & VK_STENCIL_FACE_FRONT_BIT)
      set_stencil_op(d, &d->s.ds.front, fail, pass, depth_fail, compare);
   if (faces & VK_STENCIL_FACE_BACK_BIT)
      set_stencil_op(d, &d->s.ds.back, fail, pass, depth_fail, compare);
}

void
agxv_dyn_set_rasterizer_discard_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(RS_RASTERIZER_DISCARD_ENABLE, d->s.rs.rasterizer_discard_enable, enable);
}

void
agxv_dyn_set_depth_bias_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(RS_DEPTH_BIAS_ENABLE, d->s.rs.depth_bias.enable, enable);
}

void
agxv_dyn_set_primitive_restart_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(IA_PRIMITIVE_RESTART_ENABLE, d->s.ia.primitive_restart_enable, enable);
}

void
agxv_dyn_set_patch_control_points(struct agxv_dynamic_graphics_state *d, uint32_t points)
{
   SET(TS_PATCH_CONTROL_POINTS, d->s.ts.patch_control_points, points);
}

void
agxv_dyn_set_logic_op(struct agxv_dynamic_graphics_state *d, VkLogicOp op)
{
   SET(CB_LOGIC_OP, d->s.cb.logic_op, op);
}

void
agxv_dyn_set_vertex_input(struct agxv_dynamic_graphics_state *d, uint32_t binding_count,
                          const VkVertexInputBindingDescription2EXT *bindings,
                          uint32_t attribute_count,
                          const VkVertexInputAttributeDescription2EXT *attributes)
{
   /* Built from scratch, then compared: VI and the strides are separate bits. */
   struct agxv_vi_state vi;
   memset(&vi, 0, sizeof(vi));
   for (unsigned b = 0; b < AGXV_MAX_VERTEX_BINDINGS; b++)
      vi.bindings[b].divisor = 1;
   for (uint32_t i = 0; i < binding_count; i++) {
      if (bindings[i].binding >= AGXV_MAX_VERTEX_BINDINGS)
         continue; /* invalid usage: maxVertexInputBindings */
      struct agxv_vertex_binding *b = &vi.bindings[bindings[i].binding];
      vi.bindings_valid |= 1u << bindings[i].binding;
      b->stride = bindings[i].stride;
      b->input_rate = bindings[i].inputRate;
      b->divisor = bindings[i].divisor;
   }
   for (uint32_t i = 0; i < attribute_count; i++) {
      if (attributes[i].location >= AGXV_MAX_VERTEX_ATTRIBS)
         continue;
      vi.attributes_valid |= 1u << attributes[i].location;
      vi.attributes[attributes[i].location] = (struct agxv_vertex_attribute){
         .binding = attributes[i].binding,
         .format = attributes[i].format,
         .offset = attributes[i].offset,
      };
   }
   SET(VI, d->s.vi.bindings_valid, vi.bindings_valid);
   SET(VI, d->s.vi.attributes_valid, vi.attributes_valid);
   SET_ARRAY(VI, d->s.vi.attributes, vi.attributes, AGXV_MAX_VERTEX_ATTRIBS);
   for (unsigned b = 0; b < AGXV_MAX_VERTEX_BINDINGS; b++) {
      SET(VI, d->s.vi.bindings[b].input_rate, vi.bindings[b].input_rate);
      SET(VI, d->s.vi.bindings[b].divisor, vi.bindings[b].divisor);
      SET(VI_BINDING_STRIDES, d->s.vi.bindings[b].stride, vi.bindings[b].stride);
   }
}

void
agxv_dyn_set_tessellation_domain_origin(struct agxv_dynamic_graphics_state *d,
                                        VkTessellationDomainOrigin origin)
{
   SET(TS_DOMAIN_ORIGIN, d->s.ts.domain_origin, origin);
}

void
agxv_dyn_set_depth_clamp_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(RS_DEPTH_CLAMP_ENABLE, d->s.rs.depth_clamp_enable, enable);
}

void
agxv_dyn_set_depth_clip_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(RS_DEPTH_CLIP_ENABLE, d->s.rs.depth_clip,
       enable ? AGXV_DEPTH_CLIP_TRUE : AGXV_DEPTH_CLIP_FALSE);
}

void
agxv_dyn_set_polygon_mode(struct agxv_dynamic_graphics_state *d, VkPolygonMode mode)
{
   SET(RS_POLYGON_MODE, d->s.rs.polygon_mode, mode);
}

void
agxv_dyn_set_provoking_vertex(struct agxv_dynamic_graphics_state *d, VkProvokingVertexModeEXT mode)
{
   SET(RS_PROVOKING_VERTEX, d->s.rs.provoking_vertex, mode);
}

void
agxv_dyn_set_line_rasterization_mode(struct agxv_dynamic_graphics_state *d,
                                     VkLineRasterizationModeEXT mode)
{
   SET(RS_LINE_MODE, d->s.rs.line.mode, mode);
}

void
agxv_dyn_set_line_stipple_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(RS_LINE_STIPPLE_ENABLE, d->s.rs.line.stipple_enable, enable);
}

void
agxv_dyn_set_line_stipple(struct agxv_dynamic_graphics_state *d, uint32_t factor, uint16_t pattern)
{
   SET(RS_LINE_STIPPLE, d->s.rs.line.stipple_factor, factor);
   SET(RS_LINE_STIPPLE, d->s.rs.line.stipple_pattern, pattern);
}

void
agxv_dyn_set_rasterization_samples(struct agxv_dynamic_graphics_state *d,
                                   VkSampleCountFlagBits samples)
{
   SET(MS_RASTERIZATION_SAMPLES, d->s.ms.rasterization_samples, samples);
}

void
agxv_dyn_set_sample_mask(struct agxv_dynamic_graphics_state *d, VkSampleCountFlagBits samples,
                         const VkSampleMask *mask)
{
   (void)samples; /* ≤ 4 samples: the first word holds the whole mask */
   SET(MS_SAMPLE_MASK, d->s.ms.sample_mask, mask ? mask[0] : UINT32_MAX);
}

void
agxv_dyn_set_alpha_to_coverage_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(MS_ALPHA_TO_COVERAGE_ENABLE, d->s.ms.alpha_to_coverage_enable, enable);
}

void
agxv_dyn_set_alpha_to_one_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(MS_ALPHA_TO_ONE_ENABLE, d->s.ms.alpha_to_one_enable, enable);
}

void
agxv_dyn_set_sample_locations_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(MS_SAMPLE_LOCATIONS_ENABLE, d->s.ms.sample_locations_enable, enable);
}

void
agxv_dyn_set_logic_op_enable(struct agxv_dynamic_graphics_state *d, bool enable)
{
   SET(CB_LOGIC_OP_ENABLE, d->s.cb.logic_op_enable, enable);
}

void
agxv_dyn_set_color_blend_enable(struct agxv_dynamic_graphics_state *d, uint32_t first,
                                uint32_t count, const VkBool32 *enables)
{
   count = clamp_range(first, count, AGXV_MAX_RTS);
   for (uint32_t i = 0; i < count; i++)
      SET(CB_BLEND_ENABLES, d->s.cb.attachments[first + i].blend_enable, !!enables[i]);
}

void
agxv_dyn_set_color_blend_equation(struct agxv_dynamic_graphics_state *d, uint32_t first,
                                  uint32_t count, const VkColorBlendEquationEXT *equations)
{
   count = clamp_range(first, count, AGXV_MAX_RTS);
   for (uint32_t i = 0; i < count; i++) {
      struct agxv_cb_attachment *a = &d->s.cb.attachments[first + i];
      const VkColorBlendEquationEXT *e = &equations[i];
      SET(CB_BLEND_EQUATIONS, a->src_color_blend_factor, e->srcColorBlendFactor);
      SET(CB_BLEND_EQUATIONS, a->dst_color_blend_factor, e->dstColorBlendFactor);
      SET(CB_BLEND_EQUATIONS, a->color_blend_op, e->colorBlendOp);
      SET(CB_BLEND_EQUATIONS, a->src_alpha_blend_factor, e->srcAlphaBlendFactor);
      SET(CB_BLEND_EQUATIONS, a->dst_alpha_blend_factor, e->dstAlphaBlendFactor);
      SET(CB_BLEND_EQUATIONS, a->alpha_blend_op, e->alphaBlendOp);
   }
}

void
agxv_dyn_set_color_write_mask(struct agxv_dynamic_graphics_state *d, uint32_t first, uint32_t count,
                              const VkColorComponentFlags *masks)
{
   count = clamp_range(first, count, AGXV_MAX_RTS);
   for (uint32_t i = 0; i < count; i++)
      SET(CB_WRITE_MASKS, d->s.cb.attachments[first + i].write_mask, masks[i]);
}

void
agxv_dyn_set_color_write_enable(struct agxv_dynamic_graphics_state *d, uint32_t count,
                                const VkBool32 *enables)
{
   uint32_t mask = (1u << AGXV_MAX_RTS) - 1;
   for (uint32_t i = 0; i < count && i < AGXV_MAX_RTS; i++) {
      if (!enables[i])
         mask &= ~(1u << i);
   }
   SET(CB_COLOR_WRITE_ENABLES, d->s.cb.color_write_enables, mask);
}
