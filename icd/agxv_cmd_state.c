/*
 * vkCmdSet* for graphics state (core, and the VK_EXT_extended_dynamic_state2
 * ones): each forwards to the command buffer's
 * state in effect (agxv_graphics_state.h), which marks a dirty bit only
 * when the value changes; draws (agxv_cmd_draw.c) emit what is dirty.
 */
#include "agxv_cmd_buffer.h"

#define CMD(name) AGXV_FROM_HANDLE(agxv_cmd_buffer, name, commandBuffer)

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetViewport(VkCommandBuffer commandBuffer, uint32_t first, uint32_t count,
                    const VkViewport *pViewports)
{
   CMD(cmd);
   agxv_dyn_set_viewports(&cmd->dyn, first, count, pViewports);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetViewportWithCount(VkCommandBuffer commandBuffer, uint32_t count,
                             const VkViewport *pViewports)
{
   CMD(cmd);
   agxv_dyn_set_viewport_with_count(&cmd->dyn, count, pViewports);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetScissor(VkCommandBuffer commandBuffer, uint32_t first, uint32_t count,
                   const VkRect2D *pScissors)
{
   CMD(cmd);
   agxv_dyn_set_scissors(&cmd->dyn, first, count, pScissors);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetScissorWithCount(VkCommandBuffer commandBuffer, uint32_t count,
                            const VkRect2D *pScissors)
{
   CMD(cmd);
   agxv_dyn_set_scissor_with_count(&cmd->dyn, count, pScissors);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetCullMode(VkCommandBuffer commandBuffer, VkCullModeFlags cullMode)
{
   CMD(cmd);
   agxv_dyn_set_cull_mode(&cmd->dyn, cullMode);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetFrontFace(VkCommandBuffer commandBuffer, VkFrontFace frontFace)
{
   CMD(cmd);
   agxv_dyn_set_front_face(&cmd->dyn, frontFace);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetPrimitiveTopology(VkCommandBuffer commandBuffer, VkPrimitiveTopology topology)
{
   CMD(cmd);
   agxv_dyn_set_primitive_topology(&cmd->dyn, topology);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetPrimitiveRestartEnable(VkCommandBuffer commandBuffer, VkBool32 enable)
{
   CMD(cmd);
   agxv_dyn_set_primitive_restart_enable(&cmd->dyn, enable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetRasterizerDiscardEnable(VkCommandBuffer commandBuffer, VkBool32 enable)
{
   CMD(cmd);
   agxv_dyn_set_rasterizer_discard_enable(&cmd->dyn, enable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetLineWidth(VkCommandBuffer commandBuffer, float width)
{
   CMD(cmd);
   agxv_dyn_set_line_width(&cmd->dyn, width);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthBias(VkCommandBuffer commandBuffer, float constant, float clamp, float slope)
{
   CMD(cmd);
   agxv_dyn_set_depth_bias(&cmd->dyn, constant, clamp, slope);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthBiasEnable(VkCommandBuffer commandBuffer, VkBool32 enable)
{
   CMD(cmd);
   agxv_dyn_set_depth_bias_enable(&cmd->dyn, enable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetBlendConstants(VkCommandBuffer commandBuffer, const float blendConstants[4])
{
   CMD(cmd);
   agxv_dyn_set_blend_constants(&cmd->dyn, blendConstants);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthBounds(VkCommandBuffer commandBuffer, float min, float max)
{
   CMD(cmd);
   agxv_dyn_set_depth_bounds(&cmd->dyn, min, max);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetStencilCompareMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faces,
                              uint32_t mask)
{
   CMD(cmd);
   agxv_dyn_set_stencil_compare_mask(&cmd->dyn, faces, mask);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetStencilWriteMask(VkCommandBuffer commandBuffer, VkStencilFaceFlags faces, uint32_t mask)
{
   CMD(cmd);
   agxv_dyn_set_stencil_write_mask(&cmd->dyn, faces, mask);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetStencilReference(VkCommandBuffer commandBuffer, VkStencilFaceFlags faces,
                            uint32_t reference)
{
   CMD(cmd);
   agxv_dyn_set_stencil_reference(&cmd->dyn, faces, reference);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthTestEnable(VkCommandBuffer commandBuffer, VkBool32 enable)
{
   CMD(cmd);
   agxv_dyn_set_depth_test_enable(&cmd->dyn, enable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthWriteEnable(VkCommandBuffer commandBuffer, VkBool32 enable)
{
   CMD(cmd);
   agxv_dyn_set_depth_write_enable(&cmd->dyn, enable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthCompareOp(VkCommandBuffer commandBuffer, VkCompareOp op)
{
   CMD(cmd);
   agxv_dyn_set_depth_compare_op(&cmd->dyn, op);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthBoundsTestEnable(VkCommandBuffer commandBuffer, VkBool32 enable)
{
   CMD(cmd);
   agxv_dyn_set_depth_bounds_test_enable(&cmd->dyn, enable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetStencilTestEnable(VkCommandBuffer commandBuffer, VkBool32 enable)
{
   CMD(cmd);
   agxv_dyn_set_stencil_test_enable(&cmd->dyn, enable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetStencilOp(VkCommandBuffer commandBuffer, VkStencilFaceFlags faces, VkStencilOp fail,
                     VkStencilOp pass, VkStencilOp depthFail, VkCompareOp compare)
{
   CMD(cmd);
   agxv_dyn_set_stencil_op(&cmd->dyn, faces, fail, pass, depthFail, compare);
}

/* VK_EXT_extended_dynamic_state2's own commands (its features for them are
 * not offered: only what an application may call regardless). */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetPatchControlPointsEXT(VkCommandBuffer commandBuffer, uint32_t patchControlPoints)
{
   CMD(cmd);
   agxv_dyn_set_patch_control_points(&cmd->dyn, patchControlPoints);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetLogicOpEXT(VkCommandBuffer commandBuffer, VkLogicOp logicOp)
{
   CMD(cmd);
   agxv_dyn_set_logic_op(&cmd->dyn, logicOp);
}

/* VK_EXT_vertex_input_dynamic_state: bindings (strides, rates, divisors)
 * and attributes; draws link the prolog of the state in effect
 * (agxv_vs_variants.h) and the vertex-fetch uniforms carry the strides. */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetVertexInputEXT(VkCommandBuffer commandBuffer, uint32_t vertexBindingDescriptionCount,
                          const VkVertexInputBindingDescription2EXT *pVertexBindingDescriptions,
                          uint32_t vertexAttributeDescriptionCount,
                          const VkVertexInputAttributeDescription2EXT *pVertexAttributeDescriptions)
{
   CMD(cmd);
   agxv_dyn_set_vertex_input(&cmd->dyn, vertexBindingDescriptionCount, pVertexBindingDescriptions,
                             vertexAttributeDescriptionCount, pVertexAttributeDescriptions);
   /* the uniforms hold the strides: re-uploaded at the next draw whichever
    * draw path consumes the dynamic dirty bits first */
   cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_VB;
}

/* VK_EXT_extended_dynamic_state3: the states the features offer
 * (agxv_physical_device.c); the colour blend and multisample ones select
 * the output epilog at draw time (agxv_fs_variants.h). */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetColorBlendEnableEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
                               uint32_t attachmentCount, const VkBool32 *pColorBlendEnables)
{
   CMD(cmd);
   agxv_dyn_set_color_blend_enable(&cmd->dyn, firstAttachment, attachmentCount, pColorBlendEnables);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetColorBlendEquationEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
                                 uint32_t attachmentCount,
                                 const VkColorBlendEquationEXT *pColorBlendEquations)
{
   CMD(cmd);
   agxv_dyn_set_color_blend_equation(&cmd->dyn, firstAttachment, attachmentCount,
                                     pColorBlendEquations);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetColorWriteMaskEXT(VkCommandBuffer commandBuffer, uint32_t firstAttachment,
                             uint32_t attachmentCount,
                             const VkColorComponentFlags *pColorWriteMasks)
{
   CMD(cmd);
   agxv_dyn_set_color_write_mask(&cmd->dyn, firstAttachment, attachmentCount, pColorWriteMasks);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetLogicOpEnableEXT(VkCommandBuffer commandBuffer, VkBool32 logicOpEnable)
{
   CMD(cmd);
   agxv_dyn_set_logic_op_enable(&cmd->dyn, logicOpEnable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetAlphaToCoverageEnableEXT(VkCommandBuffer commandBuffer, VkBool32 alphaToCoverageEnable)
{
   CMD(cmd);
   agxv_dyn_set_alpha_to_coverage_enable(&cmd->dyn, alphaToCoverageEnable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetAlphaToOneEnableEXT(VkCommandBuffer commandBuffer, VkBool32 alphaToOneEnable)
{
   CMD(cmd);
   agxv_dyn_set_alpha_to_one_enable(&cmd->dyn, alphaToOneEnable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetSampleMaskEXT(VkCommandBuffer commandBuffer, VkSampleCountFlagBits samples,
                         const VkSampleMask *pSampleMask)
{
   CMD(cmd);
   agxv_dyn_set_sample_mask(&cmd->dyn, samples, pSampleMask);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthClampEnableEXT(VkCommandBuffer commandBuffer, VkBool32 depthClampEnable)
{
   CMD(cmd);
   agxv_dyn_set_depth_clamp_enable(&cmd->dyn, depthClampEnable);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetPolygonModeEXT(VkCommandBuffer commandBuffer, VkPolygonMode polygonMode)
{
   CMD(cmd);
   agxv_dyn_set_polygon_mode(&cmd->dyn, polygonMode);
}

/* extendedDynamicState3DepthClipEnable: the PPP Cull word's depth clip /
 * clamp bits and the ISP scissor depth range follow (agxv_ppp.c); a
 * pipeline whose depth clip is not dynamic and that has no
 * VkPipelineRasterizationDepthClipStateCreateInfoEXT clips unless depth
 * clamp is on (agxv_rs_depth_clip_enable). */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetDepthClipEnableEXT(VkCommandBuffer commandBuffer, VkBool32 depthClipEnable)
{
   CMD(cmd);
   agxv_dyn_set_depth_clip_enable(&cmd->dyn, depthClipEnable);
}

/* extendedDynamicState3RasterizationSamples: the output epilog of the
 * draws that follow takes the pass's tilebuffer and this count's coverage
 * (agxv_fs_variants.h); it must equal the attachments' sample count (no
 * mixed-samples extension is offered), checked at draw time. */
VKAPI_ATTR void VKAPI_CALL
agxv_CmdSetRasterizationSamplesEXT(VkCommandBuffer commandBuffer,
                                   VkSampleCountFlagBits rasterizationSamples)
{
   CMD(cmd);
   agxv_dyn_set_rasterization_samples(&cmd->dyn, rasterizationSamples);
}
