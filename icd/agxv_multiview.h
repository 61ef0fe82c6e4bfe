/*
 * Multiview (Vulkan 1.1 `multiview`, VkRenderingInfo.viewMask and
 * VkRenderPassMultiviewCreateInfo): how a pass with a view mask is recorded.
 * Honeykrisp's approach on the same hardware is the model (Mesa
 * src/asahi/vulkan/hk_cmd_draw.c hk_foreach_view / hk_set_view_index,
 * hk_shader.c hk_lower_multiview, hk_query_pool.c for queries):
 *   - the render command is layered over layers [0, last view] (agxv_render.c);
 *     a mask with holes makes the pass load and store every layer so the
 *     layers outside the mask keep their contents;
 *   - every draw is recorded once per view of the mask, the root uniforms
 *     carrying the view index (agx_abi.h AGX_ABI_VIEW_INDEX: ViewIndex in
 *     vertex and fragment shaders); vertex shaders of pipelines with a view
 *     mask write the layer from it (agx_pass_multiview_layer);
 *   - load-op clears, vkCmdClearAttachments and resolves touch the layers of
 *     the views in the mask (agxv_clear.c, agxv_cmd_rendering.c);
 *   - queries inside a multiview pass use N = popcount(mask) consecutive
 *     queries: the first holds the result, the others are made available
 *     with zero (agxv_query_pool.c; the spec's "Multiview" / query sections
 *     allow any distribution, hk_query_pool.c does the same).
 * Assumes: multiviewGeometryShader / multiviewTessellationShader are not
 * advertised, so multiview pipelines have a vertex and a fragment shader
 * only.
 */
#pragma once

#include <stdint.h>

struct agxv_cmd_buffer;

/* The views the pass draws: its view mask, or view 0 alone outside multiview. */
uint32_t agxv_multiview_views(const struct agxv_cmd_buffer *cmd);

/* Queries one query of the pass uses (popcount of the view mask, else 1). */
uint32_t agxv_multiview_query_count(const struct agxv_cmd_buffer *cmd);

/* The view the next draws record (their root uniforms are written again
 * when it changes). */
void agxv_multiview_set_view(struct agxv_cmd_buffer *cmd, uint32_t view);
