/*
 * Draws of adjacency topologies without a geometry shader
 * (agxv_cmd_draw_adjacency.c): Vulkan ("Primitive Topologies") makes the
 * adjacent vertices available to a geometry shader only; without one the
 * primitives are drawn with their other vertices: a CPU-built index list for
 * direct non-indexed draws, a GPU-built one (cl_kernels/agx_adjacency.cl, in
 * the geometry heap) for indirect, indirect-count and indexed draws and
 * primitive restart.
 * Assumes: the bound pipeline has no geometry or tessellation stage (those
 * paths take adjacency themselves).
 */
#ifndef AGXV_CMD_DRAW_ADJACENCY_H
#define AGXV_CMD_DRAW_ADJACENCY_H

#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct agxv_cmd_buffer;
struct agxv_vdm_draw;

/* One draw of the topology in effect (an adjacency one) as the list or
 * strip of its non-adjacent vertices; base vertex/instance and draw id as
 * for the plain path. */
VkResult agxv_cmd_draw_adjacency(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd,
                                 uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id);

/* The plain draw path (agxv_cmd_draw.c) with base vertex/instance and draw id. */
VkResult agxv_cmd_draw_plain(struct agxv_cmd_buffer *cmd, struct agxv_vdm_draw *vd,
                             uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id);

#endif
