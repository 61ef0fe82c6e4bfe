/*
 * Draws with a geometry shader (agxv_cmd_draw_gs.c; emulation.md §4): the
 * compute work in the pre-graphics stream, then the rasterization draw
 * through the ordinary draw path (agxv_cmd_draw.c agxv_cmd_draw_vdm).
 */
#ifndef AGXV_CMD_DRAW_GS_H
#define AGXV_CMD_DRAW_GS_H

#include "agxv_cmd_buffer.h"
#include "agxv_vdm.h"

/* The geometry heap (device->gs_heap): header, then AGXV_GS_HEAP_SIZE bytes.
 * Assumption: 128 MiB (Honeykrisp's size) suffice for the indirect,
 * tessellation and restart draws (and the adjacency index lists,
 * agxv_cmd_draw_adjacency.c) of one render pass (dEQP's
 * tess_factor_barrier_bug: 524288 instanced patches need more than 32 MiB);
 * an overflowing draw draws nothing. The simulator maps it lazily. */
#define AGXV_GS_HEAP_HEADER 64u
#define AGXV_GS_HEAP_SIZE (128u << 20)
struct agxv_device;
VkResult agxv_gs_heap_create(struct agxv_device *device);

/* Whether the bound graphics pipeline has a geometry shader. */
bool agxv_cmd_has_gs(const struct agxv_cmd_buffer *cmd);

/* A draw (direct; indirect ones are refused for now) of a pipeline with a
 * geometry shader: vd as the application's draw, base vertex (firstVertex
 * or vertexOffset) and first instance. */
VkResult agxv_cmd_draw_gs(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd,
                          uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id);

/* The vertex-fetch table of the bound vertex buffers for `link` (16 bytes
 * per binding: address, element clamp; agxv_cmd_draw.c). */
/* The geometry shader over the output of tessellation
 * (agxv_cmd_draw_tess.c): draw is the tessellator's
 * VkDrawIndexedIndirectCommand over indices at the geometry heap's base,
 * tess_params the draw's struct agx_tess_params (the GS path fills its
 * agx_gs_params part), input_topology the tessellator's list topology. */
VkResult agxv_cmd_draw_gs_after_tess(struct agxv_cmd_buffer *cmd, uint64_t draw,
                                     uint64_t tess_params, VkPrimitiveTopology input_topology);

struct agxv_vbo_link;
VkResult agxv_cmd_write_vbo_uniforms(struct agxv_cmd_buffer *cmd, const struct agxv_vbo_link *link,
                                     uint64_t *out, uint32_t *out_size);

/* The ordinary draw of the bound pipeline's vertex stage with vd, base
 * vertex and instance 0 (agxv_cmd_draw.c). */
VkResult agxv_cmd_draw_vdm(struct agxv_cmd_buffer *cmd, struct agxv_vdm_draw *vd);

/* A driver draw (agxv_clear_draw.c): non-indexed, per view of a multiview pass like vkCmdDraw,
 * without the statistics counting of an API draw. */
VkResult agxv_cmd_draw_internal(struct agxv_cmd_buffer *cmd, uint32_t vertex_count,
                                uint32_t instance_count, uint32_t first_instance);

#endif
