/*
 * Draws with tessellation (agxv_cmd_draw_tess.c; emulation.md §7): the
 * compute work in the pre-graphics stream, then the rasterization draw of
 * the evaluation shader through the ordinary draw path.
 */
#ifndef AGXV_CMD_DRAW_TESS_H
#define AGXV_CMD_DRAW_TESS_H

#include "agxv_cmd_buffer.h"
#include "agxv_vdm.h"

/* Whether the bound graphics pipeline has tessellation. */
bool agxv_cmd_has_tess(const struct agxv_cmd_buffer *cmd);

/* A draw (direct, or indirect: vd->indirect) of a pipeline with
 * tessellation: vd as the application's draw, base vertex (firstVertex or
 * vertexOffset) and first instance of a direct draw. */
VkResult agxv_cmd_draw_tess(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd,
                            uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id);

#endif
