/*
 * Multiview helpers of the draw, query and clear paths (see agxv_multiview.h).
 */
#include "agxv_multiview.h"

#include "agxv_cmd_buffer.h"

uint32_t
agxv_multiview_views(const struct agxv_cmd_buffer *cmd)
{
   uint32_t mask = cmd->rendering.desc.view_mask;
   return mask ? mask : 1u;
}

uint32_t
agxv_multiview_query_count(const struct agxv_cmd_buffer *cmd)
{
   uint32_t mask = cmd->rendering.active ? cmd->rendering.desc.view_mask : 0;
   return mask ? (uint32_t)__builtin_popcount(mask) : 1u;
}

void
agxv_multiview_set_view(struct agxv_cmd_buffer *cmd, uint32_t view)
{
   cmd->view_index = view;
   if (cmd->draw_cache.view_index != view) {
      cmd->draw_cache.view_index = view;
      cmd->draw_cache.dirty |= AGXV_DRAW_DIRTY_VS_ROOT | AGXV_DRAW_DIRTY_FS_ROOT;
   }
}
