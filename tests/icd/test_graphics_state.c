/*
 * Graphics pipeline state (icd/agxv_graphics_state.h): parsing real
 * VkGraphicsPipelineCreateInfo structs (every state group, extension
 * structs, the dynamic-state rule, the spec's "ignored" pointers, bad
 * input), then the command buffer's state: binding pipelines and vkCmdSet*
 * setters with their dirty bits.
 * Assumes: nothing but the functions under test (no device needed).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agxv_graphics_state.h"

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         exit(1);                                                              \
      }                                                                        \
   } while (0)

/* A pointer that must never be read (the spec says it is ignored). */
#define POISON(T) ((const T *)(uintptr_t)0x10)

/* Every piece of create info of one pipeline, kept alive together. */
struct full_info {
   VkVertexInputBindingDescription bindings[2];
   VkVertexInputAttributeDescription attribs[3];
   VkVertexInputBindingDivisorDescriptionEXT divisor;
   VkPipelineVertexInputDivisorStateCreateInfoEXT divisor_info;
   VkPipelineVertexInputStateCreateInfo vi;
   VkPipelineInputAssemblyStateCreateInfo ia;
   VkViewport viewports[2];
   VkRect2D scissors[2];
   VkPipelineViewportStateCreateInfo vp;
   VkPipelineRasterizationProvokingVertexStateCreateInfoEXT provoking;
   VkPipelineRasterizationLineStateCreateInfoEXT line;
   VkPipelineRasterizationDepthClipStateCreateInfoEXT clip;
   VkPipelineRasterizationStateCreateInfo rs;
   VkSampleMask sample_mask;
   VkPipelineMultisampleStateCreateInfo ms;
   VkPipelineDepthStencilStateCreateInfo ds;
   VkPipelineColorBlendAttachmentState blend[2];
   VkBool32 write_enables[2];
   VkPipelineColorWriteCreateInfoEXT color_write;
   VkPipelineColorBlendStateCreateInfo cb;
   VkFormat formats[2];
   VkPipelineRenderingCreateInfo rendering;
   VkDynamicState dynamic[8];
   VkPipelineDynamicStateCreateInfo dyn;
   VkPipelineShaderStageCreateInfo stages[2];
   VkGraphicsPipelineCreateInfo info;
};

static void
full_info_init(struct full_info *f)
{
   memset(f, 0, sizeof(*f));
   f->bindings[0] = (VkVertexInputBindingDescription){0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
   f->bindings[1] = (VkVertexInputBindingDescription){3, 8, VK_VERTEX_INPUT_RATE_INSTANCE};
   f->attribs[0] = (VkVertexInputAttributeDescription){0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
   f->attribs[1] = (VkVertexInputAttributeDescription){2, 0, VK_FORMAT_R8G8B8A8_UNORM, 12};
   f->attribs[2] = (VkVertexInputAttributeDescription){5, 3, VK_FORMAT_R32G32_SFLOAT, 4};
   f->divisor = (VkVertexInputBindingDivisorDescriptionEXT){3, 7};
   f->divisor_info = (VkPipelineVertexInputDivisorStateCreateInfoEXT){
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT, NULL, 1, &f->divisor};
   f->vi = (VkPipelineVertexInputStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .pNext = &f->divisor_info,
      .vertexBindingDescriptionCount = 2,
      .pVertexBindingDescriptions = f->bindings,
      .vertexAttributeDescriptionCount = 3,
      .pVertexAttributeDescriptions = f->attribs,
   };
   f->ia = (VkPipelineInputAssemblyStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
      .primitiveRestartEnable = VK_TRUE,
   };
   f->viewports[0] = (VkViewport){0, 0, 64, 32, 0, 1};
   f->viewports[1] = (VkViewport){10, 40, 20, -30, 0.25f, 0.75f};
   f->scissors[0] = (VkRect2D){{1, 2}, {30, 20}};
   f->scissors[1] = (VkRect2D){{0, 0}, {100, 100}};
   f->vp = (VkPipelineViewportStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 2,
      .pViewports = f->viewports,
      .scissorCount = 2,
      .pScissors = f->scissors,
   };
   f->provoking = (VkPipelineRasterizationProvokingVertexStateCreateInfoEXT){
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT, NULL,
      VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT};
   f->line = (VkPipelineRasterizationLineStateCreateInfoEXT){
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT,
      &f->provoking,
      VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT,
      VK_TRUE,
      3,
      0xF0F0};
   f->clip = (VkPipelineRasterizationDepthClipStateCreateInfoEXT){
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT, &f->line, 0,
      VK_TRUE};
   f->rs = (VkPipelineRasterizationStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .pNext = &f->clip,
      .depthClampEnable = VK_TRUE,
      .polygonMode = VK_POLYGON_MODE_LINE,
      .cullMode = VK_CULL_MODE_BACK_BIT,
      .frontFace = VK_FRONT_FACE_CLOCKWISE,
      .depthBiasEnable = VK_TRUE,
      .depthBiasConstantFactor = 2.5f,
      .depthBiasClamp = 0.125f,
      .depthBiasSlopeFactor = -1.5f,
      .lineWidth = 2.0f,
   };
   f->sample_mask = 0x5;
   f->ms = (VkPipelineMultisampleStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_4_BIT,
      .sampleShadingEnable = VK_TRUE,
      .minSampleShading = 0.5f,
      .pSampleMask = &f->sample_mask,
      .alphaToCoverageEnable = VK_TRUE,
      .alphaToOneEnable = VK_TRUE,
   };
   f->ds = (VkPipelineDepthStencilStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = VK_TRUE,
      .depthWriteEnable = VK_TRUE,
      .depthCompareOp = VK_COMPARE_OP_LESS,
      .depthBoundsTestEnable = VK_TRUE,
      .stencilTestEnable = VK_TRUE,
      .front = {VK_STENCIL_OP_ZERO, VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_INVERT,
                VK_COMPARE_OP_EQUAL, 0x0F, 0xF0, 0x42},
      .back = {VK_STENCIL_OP_INCREMENT_AND_WRAP, VK_STENCIL_OP_DECREMENT_AND_CLAMP,
               VK_STENCIL_OP_KEEP, VK_COMPARE_OP_GREATER, 0x3C, 0xC3, 0x17},
      .minDepthBounds = 0.25f,
      .maxDepthBounds = 0.5f,
   };
   f->blend[0] =
      (VkPipelineColorBlendAttachmentState){VK_TRUE,
                                            VK_BLEND_FACTOR_SRC_ALPHA,
                                            VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
                                            VK_BLEND_OP_ADD,
                                            VK_BLEND_FACTOR_ONE,
                                            VK_BLEND_FACTOR_ZERO,
                                            VK_BLEND_OP_MAX,
                                            VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT};
   f->blend[1] = (VkPipelineColorBlendAttachmentState){
      .blendEnable = VK_FALSE,
      .colorWriteMask = 0xF,
   };
   f->write_enables[0] = VK_TRUE;
   f->write_enables[1] = VK_FALSE;
   f->color_write = (VkPipelineColorWriteCreateInfoEXT){
      VK_STRUCTURE_TYPE_PIPELINE_COLOR_WRITE_CREATE_INFO_EXT, NULL, 2, f->write_enables};
   f->cb = (VkPipelineColorBlendStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .pNext = &f->color_write,
      .logicOpEnable = VK_TRUE,
      .logicOp = VK_LOGIC_OP_XOR,
      .attachmentCount = 2,
      .pAttachments = f->blend,
      .blendConstants = {0.1f, 0.2f, 0.3f, 0.4f},
   };
   f->formats[0] = VK_FORMAT_R8G8B8A8_UNORM;
   f->formats[1] = VK_FORMAT_R16G16_SFLOAT;
   f->rendering = (VkPipelineRenderingCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
      .viewMask = 0x3,
      .colorAttachmentCount = 2,
      .pColorAttachmentFormats = f->formats,
      .depthAttachmentFormat = VK_FORMAT_D32_SFLOAT_S8_UINT,
      .stencilAttachmentFormat = VK_FORMAT_D32_SFLOAT_S8_UINT,
   };
   f->dyn = (VkPipelineDynamicStateCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .pDynamicStates = f->dynamic,
   };
   f->stages[0] = (VkPipelineShaderStageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = VK_SHADER_STAGE_VERTEX_BIT,
      .pName = "main"};
   f->stages[1] = f->stages[0];
   f->stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
   f->info = (VkGraphicsPipelineCreateInfo){
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &f->rendering,
      .stageCount = 2,
      .pStages = f->stages,
      .pVertexInputState = &f->vi,
      .pInputAssemblyState = &f->ia,
      /* No tessellation stage: never read. */
      .pTessellationState = POISON(VkPipelineTessellationStateCreateInfo),
      .pViewportState = &f->vp,
      .pRasterizationState = &f->rs,
      .pMultisampleState = &f->ms,
      .pDepthStencilState = &f->ds,
      .pColorBlendState = &f->cb,
      .pDynamicState = &f->dyn,
   };
}

static void
test_full_static(void)
{
   struct full_info f;
   full_info_init(&f);
   struct agxv_graphics_state s;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_SUCCESS);
   CHECK(s.dynamic == 0);

   CHECK(s.vi.bindings_valid == 0x9 && s.vi.attributes_valid == 0x25);
   CHECK(s.vi.bindings[0].stride == 16 &&
         s.vi.bindings[0].input_rate == VK_VERTEX_INPUT_RATE_VERTEX);
   CHECK(s.vi.bindings[0].divisor == 1);
   CHECK(s.vi.bindings[3].stride == 8 &&
         s.vi.bindings[3].input_rate == VK_VERTEX_INPUT_RATE_INSTANCE);
   CHECK(s.vi.bindings[3].divisor == 7);
   CHECK(s.vi.attributes[2].binding == 0 && s.vi.attributes[2].offset == 12 &&
         s.vi.attributes[2].format == VK_FORMAT_R8G8B8A8_UNORM);
   CHECK(s.vi.attributes[5].binding == 3 && s.vi.attributes[5].offset == 4);

   CHECK(s.ia.topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP && s.ia.primitive_restart_enable);
   CHECK(s.ts.patch_control_points == 0);

   CHECK(s.vp.viewport_count == 2 && s.vp.scissor_count == 2);
   CHECK(s.vp.viewports[1].height == -30.0f && s.vp.viewports[1].maxDepth == 0.75f);
   CHECK(s.vp.scissors[0].offset.y == 2 && s.vp.scissors[0].extent.width == 30);

   CHECK(!s.rs.rasterizer_discard_enable && s.rs.depth_clamp_enable);
   CHECK(s.rs.depth_clip == AGXV_DEPTH_CLIP_TRUE && agxv_rs_depth_clip_enable(&s.rs));
   CHECK(s.rs.polygon_mode == VK_POLYGON_MODE_LINE && s.rs.cull_mode == VK_CULL_MODE_BACK_BIT);
   CHECK(s.rs.front_face == VK_FRONT_FACE_CLOCKWISE);
   CHECK(s.rs.provoking_vertex == VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT);
   CHECK(s.rs.depth_bias.enable && s.rs.depth_bias.constant_factor == 2.5f &&
         s.rs.depth_bias.clamp == 0.125f && s.rs.depth_bias.slope_factor == -1.5f);
   CHECK(s.rs.line.width == 2.0f && s.rs.line.mode == VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT);
   CHECK(s.rs.line.stipple_enable && s.rs.line.stipple_factor == 3 &&
         s.rs.line.stipple_pattern == 0xF0F0);

   CHECK(s.ms.rasterization_samples == VK_SAMPLE_COUNT_4_BIT && s.ms.sample_shading_enable);
   CHECK(s.ms.min_sample_shading == 0.5f && s.ms.sample_mask == 0x5);
   CHECK(s.ms.alpha_to_coverage_enable && s.ms.alpha_to_one_enable);

   CHECK(s.ds.depth_test_enable && s.ds.depth_write_enable);
   CHECK(s.ds.depth_compare_op == VK_COMPARE_OP_LESS && s.ds.depth_bounds_test_enable);
   CHECK(s.ds.min_depth_bounds == 0.25f && s.ds.max_depth_bounds == 0.5f);
   CHECK(s.ds.stencil_test_enable);
   CHECK(s.ds.front.fail == VK_STENCIL_OP_ZERO && s.ds.front.pass == VK_STENCIL_OP_REPLACE &&
         s.ds.front.depth_fail == VK_STENCIL_OP_INVERT &&
         s.ds.front.compare == VK_COMPARE_OP_EQUAL);
   CHECK(s.ds.front.compare_mask == 0x0F && s.ds.front.write_mask == 0xF0 &&
         s.ds.front.reference == 0x42);
   CHECK(s.ds.back.fail == VK_STENCIL_OP_INCREMENT_AND_WRAP &&
         s.ds.back.compare == VK_COMPARE_OP_GREATER && s.ds.back.reference == 0x17);

   CHECK(s.cb.attachment_count == 2 && s.cb.logic_op_enable && s.cb.logic_op == VK_LOGIC_OP_XOR);
   CHECK(s.cb.color_write_enables == 0xFD);
   CHECK(s.cb.attachments[0].blend_enable &&
         s.cb.attachments[0].src_color_blend_factor == VK_BLEND_FACTOR_SRC_ALPHA &&
         s.cb.attachments[0].dst_color_blend_factor == VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA &&
         s.cb.attachments[0].alpha_blend_op == VK_BLEND_OP_MAX &&
         s.cb.attachments[0].write_mask == (VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT));
   CHECK(!s.cb.attachments[1].blend_enable && s.cb.attachments[1].write_mask == 0xF);
   CHECK(s.cb.blend_constants[2] == 0.3f);

   CHECK(s.rp.view_mask == 0x3 && s.rp.color_attachment_count == 2);
   CHECK(s.rp.color_formats[1] == VK_FORMAT_R16G16_SFLOAT);
   CHECK(s.rp.depth_format == VK_FORMAT_D32_SFLOAT_S8_UINT &&
         s.rp.stencil_format == VK_FORMAT_D32_SFLOAT_S8_UINT);
}

/* State marked dynamic is not read from the create info. */
static void
test_dynamic_ignored(void)
{
   struct full_info f;
   full_info_init(&f);
   f.dynamic[0] = VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT;
   f.dynamic[1] = VK_DYNAMIC_STATE_CULL_MODE;
   f.dynamic[2] = VK_DYNAMIC_STATE_DEPTH_BIAS;
   f.dynamic[3] = VK_DYNAMIC_STATE_STENCIL_REFERENCE;
   f.dynamic[4] = VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE;
   f.dynamic[5] = VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT;
   f.dynamic[6] = VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT;
   f.dyn.dynamicStateCount = 7;
   f.vp.pViewports = POISON(VkViewport);
   struct agxv_graphics_state s;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_SUCCESS);
   CHECK(s.dynamic == (AGXV_DYN_BIT(VP_VIEWPORT_COUNT) | AGXV_DYN_BIT(VP_VIEWPORTS) |
                       AGXV_DYN_BIT(RS_CULL_MODE) | AGXV_DYN_BIT(RS_DEPTH_BIAS_FACTORS) |
                       AGXV_DYN_BIT(DS_STENCIL_REFERENCE) | AGXV_DYN_BIT(VI_BINDING_STRIDES) |
                       AGXV_DYN_BIT(RS_DEPTH_CLIP_ENABLE) | AGXV_DYN_BIT(CB_BLEND_EQUATIONS)));
   CHECK(s.vp.viewport_count == 0 && s.vp.viewports[1].width == 0.0f);
   CHECK(s.vp.scissor_count == 2 && s.vp.scissors[0].extent.width == 30);
   CHECK(s.rs.cull_mode == VK_CULL_MODE_NONE && s.rs.front_face == VK_FRONT_FACE_CLOCKWISE);
   CHECK(s.rs.depth_bias.enable && s.rs.depth_bias.constant_factor == 0.0f);
   CHECK(s.ds.front.reference == 0 && s.ds.back.reference == 0 && s.ds.front.write_mask == 0xF0);
   CHECK(s.vi.bindings[0].stride == 0 && s.vi.bindings[3].divisor == 7);
   CHECK(s.rs.depth_clip == AGXV_DEPTH_CLIP_NOT_CLAMP);
   CHECK(s.cb.attachments[0].blend_enable &&
         s.cb.attachments[0].src_color_blend_factor == VK_BLEND_FACTOR_ONE &&
         s.cb.attachments[0].write_mask == (VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT));
}

/* The spec's "ignored" pointers are never read; defaults stay. */
static void
test_ignored_pointers(void)
{
   struct full_info f;
   full_info_init(&f);
   /* No depth/stencil and no colour formats: those states are ignored. */
   f.rendering.colorAttachmentCount = 0;
   f.rendering.depthAttachmentFormat = VK_FORMAT_UNDEFINED;
   f.rendering.stencilAttachmentFormat = VK_FORMAT_UNDEFINED;
   f.info.pDepthStencilState = POISON(VkPipelineDepthStencilStateCreateInfo);
   f.info.pColorBlendState = POISON(VkPipelineColorBlendStateCreateInfo);
   struct agxv_graphics_state s;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_SUCCESS);
   CHECK(!s.ds.depth_test_enable && s.ds.depth_compare_op == VK_COMPARE_OP_ALWAYS);
   CHECK(s.ds.front.compare_mask == 0xff && s.cb.attachment_count == 0);
   CHECK(s.vp.viewport_count == 2);

   /* Static rasterizer discard: nothing after the rasterizer is read. */
   full_info_init(&f);
   f.rs.rasterizerDiscardEnable = VK_TRUE;
   f.info.pViewportState = POISON(VkPipelineViewportStateCreateInfo);
   f.info.pMultisampleState = POISON(VkPipelineMultisampleStateCreateInfo);
   f.info.pDepthStencilState = POISON(VkPipelineDepthStencilStateCreateInfo);
   f.info.pColorBlendState = POISON(VkPipelineColorBlendStateCreateInfo);
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_SUCCESS);
   CHECK(s.rs.rasterizer_discard_enable && s.vp.viewport_count == 0);
   CHECK(s.ms.rasterization_samples == VK_SAMPLE_COUNT_1_BIT && s.ms.sample_mask == UINT32_MAX);
   CHECK(s.rs.cull_mode == VK_CULL_MODE_BACK_BIT);

   /* Dynamic rasterizer discard: the rest is read. */
   full_info_init(&f);
   f.rs.rasterizerDiscardEnable = VK_TRUE;
   f.dynamic[0] = VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE;
   f.dyn.dynamicStateCount = 1;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_SUCCESS);
   CHECK(!s.rs.rasterizer_discard_enable && s.vp.viewport_count == 2);
   CHECK(s.ms.rasterization_samples == VK_SAMPLE_COUNT_4_BIT);

   /* Tessellation state is read only with tessellation stages. */
   full_info_init(&f);
   VkPipelineTessellationDomainOriginStateCreateInfo origin = {
      VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_DOMAIN_ORIGIN_STATE_CREATE_INFO, NULL,
      VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT};
   VkPipelineTessellationStateCreateInfo ts = {
      VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO, &origin, 0, 3};
   f.info.pTessellationState = &ts;
   f.stages[1].stage = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_SUCCESS);
   CHECK(s.ts.patch_control_points == 3 &&
         s.ts.domain_origin == VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT);
}

static void
test_depth_clip_rule(void)
{
   struct full_info f;
   full_info_init(&f);
   f.rs.pNext = NULL; /* no VK_EXT_depth_clip_enable struct */
   struct agxv_graphics_state s;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_SUCCESS);
   CHECK(s.rs.depth_clip == AGXV_DEPTH_CLIP_NOT_CLAMP && !agxv_rs_depth_clip_enable(&s.rs));
   s.rs.depth_clamp_enable = false;
   CHECK(agxv_rs_depth_clip_enable(&s.rs));
   CHECK(s.rs.line.mode == VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT);
   CHECK(s.rs.provoking_vertex == VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT);
}

static void
test_bad_input(void)
{
   struct full_info f;
   struct agxv_graphics_state s;
   full_info_init(&f);
   f.dynamic[0] = VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT;
   f.dyn.dynamicStateCount = 1;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_ERROR_UNKNOWN);
   full_info_init(&f);
   f.vp.viewportCount = 17;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_ERROR_UNKNOWN);
   full_info_init(&f);
   f.attribs[1].location = 16;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_ERROR_UNKNOWN);
   full_info_init(&f);
   f.rendering.colorAttachmentCount = 9;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_ERROR_UNKNOWN);
   full_info_init(&f);
   f.info.pRasterizationState = NULL;
   CHECK(agxv_graphics_state_init(&s, &f.info) == VK_ERROR_UNKNOWN);
   /* Every core 1.3 dynamic state is supported. */
   for (VkDynamicState d = VK_DYNAMIC_STATE_VIEWPORT; d <= VK_DYNAMIC_STATE_STENCIL_REFERENCE; d++)
      CHECK(agxv_dyn_bits_from_vk(d) != 0);
   static const VkDynamicState core13[] = {
      VK_DYNAMIC_STATE_CULL_MODE,
      VK_DYNAMIC_STATE_FRONT_FACE,
      VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY,
      VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT,
      VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT,
      VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE,
      VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,
      VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE,
      VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,
      VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE,
      VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
      VK_DYNAMIC_STATE_STENCIL_OP,
      VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE,
      VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE,
      VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE,
   };
   for (unsigned i = 0; i < sizeof(core13) / sizeof(core13[0]); i++)
      CHECK(agxv_dyn_bits_from_vk(core13[i]) != 0);
   CHECK(agxv_dyn_bits_from_vk(VK_DYNAMIC_STATE_VERTEX_INPUT_EXT) ==
         (AGXV_DYN_BIT(VI) | AGXV_DYN_BIT(VI_BINDING_STRIDES)));
}

static void
test_command_state(void)
{
   struct full_info f;
   full_info_init(&f);
   struct agxv_graphics_state a, b, c;
   CHECK(agxv_graphics_state_init(&a, &f.info) == VK_SUCCESS);
   f.rs.cullMode = VK_CULL_MODE_FRONT_BIT;
   CHECK(agxv_graphics_state_init(&b, &f.info) == VK_SUCCESS);
   f.dynamic[0] = VK_DYNAMIC_STATE_CULL_MODE;
   f.dynamic[1] = VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT;
   f.dynamic[2] = VK_DYNAMIC_STATE_STENCIL_REFERENCE;
   f.dynamic[3] = VK_DYNAMIC_STATE_VERTEX_INPUT_EXT;
   f.dyn.dynamicStateCount = 4;
   CHECK(agxv_graphics_state_init(&c, &f.info) == VK_SUCCESS);

   struct agxv_dynamic_graphics_state d;
   agxv_dyn_init(&d);
   CHECK(d.dirty == AGXV_DYN_ALL);
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_bind_pipeline(&d, &a);
   CHECK(d.dirty & AGXV_DYN_BIT(RS_CULL_MODE) && d.dirty & AGXV_DYN_BIT(VP_VIEWPORTS) &&
         d.dirty & AGXV_DYN_BIT(RP) && d.dirty & AGXV_DYN_BIT(MS_SAMPLE_SHADING));
   CHECK(!(d.dirty & AGXV_DYN_BIT(RS_RASTERIZER_DISCARD_ENABLE))); /* default false == false */
   CHECK(d.s.rs.cull_mode == VK_CULL_MODE_BACK_BIT && d.s.vi.bindings[3].divisor == 7);
   /* The same pipeline again changes nothing. */
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_bind_pipeline(&d, &a);
   CHECK(d.dirty == 0);
   /* A pipeline differing only in cull mode dirties only the cull mode. */
   agxv_dyn_bind_pipeline(&d, &b);
   CHECK(d.dirty == AGXV_DYN_BIT(RS_CULL_MODE) && d.s.rs.cull_mode == VK_CULL_MODE_FRONT_BIT);

   /* Dynamic cull mode: binding keeps the value set by the command buffer. */
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_bind_pipeline(&d, &c);
   CHECK(d.s.dynamic == c.dynamic && d.s.rs.cull_mode == VK_CULL_MODE_FRONT_BIT);
   CHECK(!(d.dirty & AGXV_DYN_BIT(RS_CULL_MODE)) && !(d.dirty & AGXV_DYN_BIT(VP_VIEWPORTS)));
   agxv_dyn_set_cull_mode(&d, VK_CULL_MODE_FRONT_BIT);
   CHECK(!(d.dirty & AGXV_DYN_BIT(RS_CULL_MODE)));
   agxv_dyn_set_cull_mode(&d, VK_CULL_MODE_FRONT_AND_BACK);
   CHECK(d.dirty & AGXV_DYN_BIT(RS_CULL_MODE) && d.s.rs.cull_mode == VK_CULL_MODE_FRONT_AND_BACK);

   /* Setters mark exactly their bit, only on change. */
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_set_stencil_reference(&d, VK_STENCIL_FACE_FRONT_BIT, 0x99);
   CHECK(d.dirty == AGXV_DYN_BIT(DS_STENCIL_REFERENCE));
   CHECK(d.s.ds.front.reference == 0x99 && d.s.ds.back.reference == 0x17);
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_set_stencil_reference(&d, VK_STENCIL_FACE_FRONT_BIT, 0x99);
   CHECK(d.dirty == 0);
   VkViewport vps[3] = {{0, 0, 8, 8, 0, 1}, {1, 1, 4, 4, 0, 1}, {2, 2, 2, 2, 0.5f, 1}};
   agxv_dyn_set_viewport_with_count(&d, 3, vps);
   CHECK(d.dirty == (AGXV_DYN_BIT(VP_VIEWPORT_COUNT) | AGXV_DYN_BIT(VP_VIEWPORTS)));
   CHECK(d.s.vp.viewport_count == 3 && d.s.vp.viewports[2].minDepth == 0.5f);
   agxv_dyn_clear_dirty(&d);
   VkViewport one = {5, 5, 5, 5, 0, 1};
   agxv_dyn_set_viewports(&d, 1, 1, &one);
   CHECK(d.dirty == AGXV_DYN_BIT(VP_VIEWPORTS) && d.s.vp.viewports[1].x == 5.0f &&
         d.s.vp.viewports[0].width == 8.0f && d.s.vp.viewport_count == 3);
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_set_viewports(&d, 15, 4, vps); /* clamped to the last slot */
   CHECK(d.dirty == AGXV_DYN_BIT(VP_VIEWPORTS) && d.s.vp.viewports[15].width == 8.0f);

   /* Dynamic vertex input: a stride-only change dirties only the strides. */
   VkVertexInputBindingDescription2EXT vb[1] = {
      {VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT, NULL, 1, 12,
       VK_VERTEX_INPUT_RATE_INSTANCE, 4}};
   VkVertexInputAttributeDescription2EXT va[1] = {
      {VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT, NULL, 3, 1, VK_FORMAT_R32_UINT,
       8}};
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_set_vertex_input(&d, 1, vb, 1, va);
   CHECK(d.dirty == (AGXV_DYN_BIT(VI) | AGXV_DYN_BIT(VI_BINDING_STRIDES)));
   CHECK(d.s.vi.bindings_valid == 0x2 && d.s.vi.attributes_valid == 0x8);
   CHECK(d.s.vi.bindings[1].divisor == 4 && d.s.vi.bindings[3].divisor == 1);
   CHECK(d.s.vi.attributes[3].format == VK_FORMAT_R32_UINT && d.s.vi.attributes[3].offset == 8);
   agxv_dyn_clear_dirty(&d);
   vb[0].stride = 20;
   agxv_dyn_set_vertex_input(&d, 1, vb, 1, va);
   CHECK(d.dirty == AGXV_DYN_BIT(VI_BINDING_STRIDES) && d.s.vi.bindings[1].stride == 20);
   agxv_dyn_clear_dirty(&d);
   VkDeviceSize strides[2] = {20, 32};
   agxv_dyn_set_vertex_binding_strides(&d, 1, 2, strides);
   CHECK(d.dirty == AGXV_DYN_BIT(VI_BINDING_STRIDES) && d.s.vi.bindings[2].stride == 32);

   /* Extended dynamic state 3 setters used by DXVK. */
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_set_depth_clip_enable(&d, false);
   agxv_dyn_set_alpha_to_coverage_enable(&d, false);
   VkSampleMask mask = 0x3;
   agxv_dyn_set_sample_mask(&d, VK_SAMPLE_COUNT_4_BIT, &mask);
   CHECK(d.dirty == (AGXV_DYN_BIT(RS_DEPTH_CLIP_ENABLE) |
                     AGXV_DYN_BIT(MS_ALPHA_TO_COVERAGE_ENABLE) | AGXV_DYN_BIT(MS_SAMPLE_MASK)));
   CHECK(!agxv_rs_depth_clip_enable(&d.s.rs) && d.s.ms.sample_mask == 0x3);
   agxv_dyn_clear_dirty(&d);
   VkColorBlendEquationEXT eq = {VK_BLEND_FACTOR_DST_COLOR, VK_BLEND_FACTOR_ZERO,
                                 VK_BLEND_OP_SUBTRACT,      VK_BLEND_FACTOR_ONE,
                                 VK_BLEND_FACTOR_ONE,       VK_BLEND_OP_ADD};
   agxv_dyn_set_color_blend_equation(&d, 1, 1, &eq);
   CHECK(d.dirty == AGXV_DYN_BIT(CB_BLEND_EQUATIONS) &&
         d.s.cb.attachments[1].color_blend_op == VK_BLEND_OP_SUBTRACT);
   agxv_dyn_clear_dirty(&d);
   VkBool32 we[2] = {VK_TRUE, VK_TRUE};
   agxv_dyn_set_color_write_enable(&d, 2, we);
   CHECK(d.dirty == AGXV_DYN_BIT(CB_COLOR_WRITE_ENABLES) && d.s.cb.color_write_enables == 0xFF);
   agxv_dyn_clear_dirty(&d);
   float bc[4] = {1, 2, 3, 4};
   agxv_dyn_set_blend_constants(&d, bc);
   agxv_dyn_set_depth_bias(&d, 1.0f, 0.0f, 2.0f);
   CHECK(d.dirty == (AGXV_DYN_BIT(CB_BLEND_CONSTANTS) | AGXV_DYN_BIT(RS_DEPTH_BIAS_FACTORS)));
   CHECK(d.s.cb.blend_constants[3] == 4.0f && d.s.rs.depth_bias.slope_factor == 2.0f);
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_set_stencil_op(&d, VK_STENCIL_FACE_BACK_BIT, VK_STENCIL_OP_ZERO, VK_STENCIL_OP_ZERO,
                           VK_STENCIL_OP_ZERO, VK_COMPARE_OP_NEVER);
   CHECK(d.dirty == AGXV_DYN_BIT(DS_STENCIL_OP) && d.s.ds.back.compare == VK_COMPARE_OP_NEVER &&
         d.s.ds.front.compare == VK_COMPARE_OP_EQUAL);
}

/* Switching between pipelines remembers which groups they hold identically
 * (agxv_dyn_bind_pipeline's memo); the result must be what comparing every
 * group gives: exactly the dirty bits of the differing state, and a value a
 * setter changed between binds replaced by the next pipeline's static one. */
static void
test_bind_memo(void)
{
   struct full_info f;
   full_info_init(&f);
   struct agxv_graphics_state a, b;
   CHECK(agxv_graphics_state_init(&a, &f.info) == VK_SUCCESS);
   f.rs.cullMode = VK_CULL_MODE_FRONT_BIT;
   f.viewports[0].width = 3.0f;
   CHECK(agxv_graphics_state_init(&b, &f.info) == VK_SUCCESS);
   struct agxv_dynamic_graphics_state d;
   agxv_dyn_init(&d);
   agxv_dyn_bind_pipeline(&d, &a);
   for (int i = 0; i < 6; i++) {
      const struct agxv_graphics_state *p = i & 1 ? &a : &b;
      agxv_dyn_clear_dirty(&d);
      agxv_dyn_bind_pipeline(&d, p);
      CHECK(d.dirty == (AGXV_DYN_BIT(RS_CULL_MODE) | AGXV_DYN_BIT(VP_VIEWPORTS)));
      CHECK(d.s.rs.cull_mode == p->rs.cull_mode &&
            d.s.vp.viewports[0].width == p->vp.viewports[0].width);
      CHECK(!memcmp(&d.s.vi, &p->vi, sizeof(p->vi)) && !memcmp(&d.s.cb, &p->cb, sizeof(p->cb)));
      /* the differing groups (copied whole from the memo's second switch on) */
      CHECK(!memcmp(&d.s.rs, &p->rs, sizeof(p->rs)) && !memcmp(&d.s.vp, &p->vp, sizeof(p->vp)));
   }
   /* a is bound. A setter changes static state (the stencil reference, which
    * a and b hold alike); binding b must put b's value back. */
   agxv_dyn_set_stencil_reference(&d, VK_STENCIL_FACE_FRONT_BIT, 0x55);
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_bind_pipeline(&d, &b);
   CHECK(d.s.ds.front.reference == b.ds.front.reference);
   CHECK(d.dirty & AGXV_DYN_BIT(DS_STENCIL_REFERENCE));
   /* and the memo still holds for the next switches */
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_bind_pipeline(&d, &a);
   CHECK(d.dirty == (AGXV_DYN_BIT(RS_CULL_MODE) | AGXV_DYN_BIT(VP_VIEWPORTS)));
   agxv_dyn_set_viewports(&d, 0, 1, &b.vp.viewports[0]);
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_bind_pipeline(&d, &b); /* the viewport already is b's */
   CHECK(d.dirty == AGXV_DYN_BIT(RS_CULL_MODE) &&
         d.s.vp.viewports[0].width == b.vp.viewports[0].width);
   /* b is bound. A third pipeline with other rendering formats: the RP
    * bit on every switch, memo or not, and the formats follow. */
   struct agxv_graphics_state c;
   f.rs.cullMode = VK_CULL_MODE_BACK_BIT;
   f.viewports[0].width = f.viewports[0].width == 3.0f ? 4.0f : 3.0f;
   f.formats[0] = VK_FORMAT_R16G16B16A16_SFLOAT;
   CHECK(agxv_graphics_state_init(&c, &f.info) == VK_SUCCESS);
   for (int i = 0; i < 6; i++) {
      const struct agxv_graphics_state *p = i & 1 ? &b : &c;
      agxv_dyn_clear_dirty(&d);
      agxv_dyn_bind_pipeline(&d, p);
      CHECK(d.dirty ==
            (AGXV_DYN_BIT(RS_CULL_MODE) | AGXV_DYN_BIT(VP_VIEWPORTS) | AGXV_DYN_BIT(RP)));
      CHECK(!memcmp(&d.s.rp, &p->rp, sizeof(p->rp)) && !memcmp(&d.s.rs, &p->rs, sizeof(p->rs)));
   }
   agxv_dyn_bind_pipeline(&d, &c);
   agxv_dyn_clear_dirty(&d);
   agxv_dyn_bind_pipeline(&d, &a); /* c -> a: no memo yet; a culls as c does */
   CHECK(d.dirty == (AGXV_DYN_BIT(VP_VIEWPORTS) | AGXV_DYN_BIT(RP)));
   CHECK(!memcmp(&d.s.rp, &a.rp, sizeof(a.rp)) && !memcmp(&d.s.vp, &a.vp, sizeof(a.vp)));
}

int
main(void)
{
   test_full_static();
   test_dynamic_ignored();
   test_ignored_pointers();
   test_depth_clip_rule();
   test_bad_input();
   test_command_state();
   test_bind_memo();
   printf("graphics_state: OK\n");
   return 0;
}
