/*
 * Indirect draws whose records are in GPU memory: the per-record draw loop
 * shared by vkCmdDraw(Indexed)Indirect (agxv_cmd_draw.c) and
 * vkCmdDraw(Indexed)IndirectCount (agxv_cmd_draw_indirect.c).
 * Assumes: a render pass is active when a draw is recorded (checked per
 * draw; errors go to the command buffer).
 */
#ifndef AGXV_CMD_DRAW_INDIRECT_H
#define AGXV_CMD_DRAW_INDIRECT_H

#include <stdbool.h>
#include <stdint.h>

struct agxv_cmd_buffer;

/* `count` draws of the Vulkan records (VkDrawIndirectCommand, or
 * VkDrawIndexedIndirectCommand when `indexed`) at va + i x stride, DrawIndex
 * i, each through the plain, geometry-shader, tessellation or transform
 * feedback path the bound pipeline needs. */
void agxv_cmd_draw_indirect_records(struct agxv_cmd_buffer *cmd, uint64_t va, uint32_t count,
                                    uint32_t stride, bool indexed);

#endif
