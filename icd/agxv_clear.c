/*
 * Clears that are not load ops: vkCmdClearAttachments (inside a render pass
 * or dynamic rendering), plus the rectangle
 * clears the render-pass code uses for load-op clears of a partial render
 * area (agxv_clear.h). Every clear writes the value packed in the plane's
 * format with the image clear kernel (AGX_CL_IMAGE_CLEAR) over a box of
 * texels of one level.
 *
 * vkCmdClearAttachments draws the rectangles inside the render command (agxv_clear_draw.h,
 * Honeykrisp's way: Mesa src/asahi/vulkan/hk_cmd_clear.c, vk_meta; graphics.md §9), in
 * primaries and in secondaries continuing a pass alike; a clear of the whole framebuffer
 * before any draw of the pass becomes a load-op clear of the render command instead
 * (agxv_rendering_fold_clears). Where a draw cannot do it (a secondary continuing a
 * pass with render targets spilling the tilebuffer, eMRT) the secondary keeps the clear
 * (agxv_deferred_clear) and its primary splits the pass: the render command ends storing
 * every attachment, the rectangles are cleared in memory, and the pass resumes in a new
 * render command that loads every attachment (agxv_rendering_split).
 *
 * Assumes (agxv_clear.h): uncompressed planes; the kernel takes 1, 2, 4, 8
 * or 16-byte texels, repeated for each sample of a multisampled one.
 */
#include "agxv_clear.h"

#include <string.h>

#include "agx_cl_kernels.h"
#include "agx_image_copy.h"
#include "agxv_clear_draw.h"
#include "agxv_cmd_buffer.h"
#include "agxv_format_table.h"
#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agxv_texel_pack.h"

/* Texels per launch at most (the kernels' 32-bit indices stay exact). */
#define CHUNK_TEXELS (1u << 26)

bool
agxv_clear_pack(VkFormat format, VkImageAspectFlagBits aspect, const VkClearValue *value,
                uint32_t out[4], uint32_t *bytes)
{
   memset(out, 0, 16);
   *bytes = 0;
   /* Depth/stencil through their planes' colour formats (R16_UNORM,
    * R32_SFLOAT, R8_UINT: agxv_zs_plane_format), as hk clears them. */
   VkFormat f = agxv_zs_plane_format(format, aspect);
   VkClearColorValue v = {0};
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT)
      v = value->color;
   else if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT)
      v.float32[0] = value->depthStencil.depth;
   else
      v.uint32[0] = value->depthStencil.stencil & 0xFF;
   const struct agxv_format_info *fi = agxv_format_info(f);
   if (f == VK_FORMAT_UNDEFINED || !fi || fi->block != 1 || !agxv_pack_clear_texel(f, &v, out))
      return false;
   *bytes = fi->bytes;
   return true;
}

static uint32_t
minify(uint32_t v, uint32_t level)
{
   return v >> level ? v >> level : 1;
}

void
agxv_clear_image_rect(struct agxv_cmd_buffer *cmd, const struct agxv_image *image,
                      VkImageAspectFlagBits aspect, uint32_t level, uint32_t first_layer,
                      uint32_t layer_count, VkRect2D rect, const uint32_t value[4], uint32_t bytes)
{
   uint64_t offset;
   const struct agx_image_layout *l = agxv_image_plane(image, aspect, &offset);
   /* the layers of a 3D image's 2D-array view (attachments of layered passes) are its depth
    * slices at the level */
   uint32_t layers =
      image->type == VK_IMAGE_TYPE_3D ? minify(image->extent.depth, level) : image->array_layers;
   if (!l || !image->va || level >= image->mip_levels || first_layer >= layers) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "clear of a missing subresource"));
      return;
   }
   if (layer_count > layers - first_layer)
      layer_count = layers - first_layer;
   /* Clip to the level (valid usage keeps rectangles inside; bad input
    * must not write outside the image). */
   int64_t w = minify(l->width, level), h = minify(l->height, level);
   int64_t x0 = rect.offset.x < 0 ? 0 : rect.offset.x, y0 = rect.offset.y < 0 ? 0 : rect.offset.y;
   int64_t x1 = (int64_t)rect.offset.x + rect.extent.width;
   int64_t y1 = (int64_t)rect.offset.y + rect.extent.height;
   x1 = x1 > w ? w : x1;
   y1 = y1 > h ? h : y1;
   if (x1 <= x0 || y1 <= y0 || !layer_count)
      return;
   struct agx_image_clear_args a = {
      .dst = agx_image_layout_surface(l, image->va + offset, level),
      .x = (uint32_t)x0,
      .y = (uint32_t)y0,
      .width = (uint32_t)(x1 - x0),
      .height = (uint32_t)(y1 - y0),
      .bytes = bytes,
      .repeat = image->samples, /* every sample of a texel (contiguous) */
   };
   memcpy(a.value, value, sizeof(a.value));
   uint64_t slice = (uint64_t)a.width * a.height;
   uint32_t step = slice >= CHUNK_TEXELS ? 1 : (uint32_t)(CHUNK_TEXELS / slice);
   for (uint32_t z = 0; z < layer_count; z += step) {
      a.z = first_layer + z;
      a.depth = layer_count - z < step ? layer_count - z : step;
      uint64_t items = slice * a.depth;
      agxv_dispatch_kernel(cmd, AGX_CL_IMAGE_CLEAR,
                           (uint32_t)((items + AGX_IMAGE_GROUP_SIZE - 1) / AGX_IMAGE_GROUP_SIZE),
                           &a, sizeof(a));
   }
}

void
agxv_clear_view_rect(struct agxv_cmd_buffer *cmd, const struct agxv_image_view *view,
                     VkImageAspectFlagBits aspect, const VkClearValue *value, VkRect2D rect,
                     uint32_t base_layer, uint32_t layer_count, uint32_t view_mask)
{
   uint32_t packed[4], bytes;
   /* Depth/stencil values are packed for the image's planes. */
   VkFormat format = aspect == VK_IMAGE_ASPECT_COLOR_BIT ? view->format : view->image->format;
   if (!agxv_clear_pack(format, aspect, value, packed, &bytes)) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "clear of format %d aspect 0x%x",
                                         (int)format, (unsigned)aspect));
      return;
   }
   if (view_mask) {
      for (uint32_t m = view_mask; m; m &= m - 1)
         agxv_clear_image_rect(cmd, view->image, aspect, view->base_level,
                               view->base_layer + (uint32_t)__builtin_ctz(m), 1, rect, packed,
                               bytes);
      return;
   }
   if (layer_count == VK_REMAINING_ARRAY_LAYERS)
      layer_count = view->layers > base_layer ? view->layers - base_layer : 0;
   agxv_clear_image_rect(cmd, view->image, aspect, view->base_level, view->base_layer + base_layer,
                         layer_count, rect, packed, bytes);
}

/* ---- vkCmdClearAttachments ------------------------------------------------ */

struct clear_attachments {
   const VkClearAttachment *atts;
   uint32_t att_count;
   const VkClearRect *rects;
   uint32_t rect_count;
};

static void
clear_one(struct agxv_cmd_buffer *cmd, const struct agxv_image_view *view,
          VkImageAspectFlagBits aspect, const VkClearValue *value,
          const struct clear_attachments *c)
{
   if (!view)
      return; /* VK_ATTACHMENT_UNUSED or no such aspect bound: nothing */
   for (uint32_t r = 0; r < c->rect_count; r++)
      agxv_clear_view_rect(cmd, view, aspect, value, c->rects[r].rect, c->rects[r].baseArrayLayer,
                           c->rects[r].layerCount, cmd->rendering.desc.view_mask);
}

/* Between the two render commands: the rectangles of every attachment. */
static void
clear_attachments(struct agxv_cmd_buffer *cmd, void *data)
{
   const struct clear_attachments *c = data;
   const struct agxv_rendering_state *rs = &cmd->rendering;
   for (uint32_t i = 0; i < c->att_count; i++) {
      const VkClearAttachment *a = &c->atts[i];
      if (a->aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) {
         uint32_t rt = agxv_rendering_rt(rs, a->colorAttachment);
         clear_one(cmd, rt != UINT32_MAX ? rs->color_views[rt] : NULL, VK_IMAGE_ASPECT_COLOR_BIT,
                   &a->clearValue, c);
      }
      if (a->aspectMask & VK_IMAGE_ASPECT_DEPTH_BIT)
         clear_one(cmd, rs->depth_view, VK_IMAGE_ASPECT_DEPTH_BIT, &a->clearValue, c);
      if (a->aspectMask & VK_IMAGE_ASPECT_STENCIL_BIT)
         clear_one(cmd, rs->stencil_view, VK_IMAGE_ASPECT_STENCIL_BIT, &a->clearValue, c);
   }
}

/* In a secondary continuing a render pass: the clear kept (copied into the upload memory)
 * as a part of its own between the draws before and after it. */
static void
defer_clear(struct agxv_cmd_buffer *cmd, const VkClearAttachment *atts, uint32_t att_count,
            const VkClearRect *rects, uint32_t rect_count)
{
   struct agxv_upload_ptr mem;
   size_t a_size = att_count * sizeof(*atts), r_size = rect_count * sizeof(*rects);
   VkResult result = agxv_upload_alloc(
      &cmd->data, (uint32_t)(sizeof(struct agxv_deferred_clear) + a_size + r_size), 8, &mem);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   struct agxv_deferred_clear *c = mem.cpu;
   VkClearAttachment *a = (VkClearAttachment *)(c + 1);
   VkClearRect *r = (VkClearRect *)((uint8_t *)a + a_size);
   if (a_size)
      memcpy(a, atts, a_size);
   if (r_size)
      memcpy(r, rects, r_size);
   *c = (struct agxv_deferred_clear){a, att_count, r, rect_count};
   struct agxv_cmd_stream part = {.type = AGXV_CS_VDM, .clear = c};
   agxv_cmd_append_part(cmd, &part);
   agxv_rendering_reopen_inherited(cmd);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdClearAttachments(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
                         const VkClearAttachment *pAttachments, uint32_t rectCount,
                         const VkClearRect *pRects)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   if (!cmd->rendering.active) {
      agxv_cmd_set_error(
         cmd, agxv_error(VK_ERROR_UNKNOWN, "vkCmdClearAttachments outside a render pass"));
      return;
   }
   if (!attachmentCount || !rectCount)
      return;
   /* Before any draw, a clear of everything is a load-op clear. */
   if (!cmd->rendering.inherited &&
       agxv_rendering_fold_clears(cmd, pAttachments, attachmentCount, pRects, rectCount))
      return;
   /* Otherwise a draw inside the render command (agxv_clear_draw.h), in a secondary
    * continuing a pass too. */
   struct agxv_clear_draw d = {.rects = pRects, .rect_count = rectCount};
   for (uint32_t i = 0; i < attachmentCount; i++) {
      const VkClearAttachment *a = &pAttachments[i];
      if ((a->aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) && a->colorAttachment < AGXV_MAX_RTS) {
         d.color_mask |= 1u << a->colorAttachment;
         d.color[a->colorAttachment] = a->clearValue.color;
      }
      if (a->aspectMask & VK_IMAGE_ASPECT_DEPTH_BIT) {
         d.depth = true;
         d.depth_value = a->clearValue.depthStencil.depth;
      }
      if (a->aspectMask & VK_IMAGE_ASPECT_STENCIL_BIT) {
         d.stencil = true;
         d.stencil_value = a->clearValue.depthStencil.stencil;
      }
   }
   if (agxv_clear_draw(cmd, &d))
      return;
   /* The split path remains for what a draw cannot do: a SIMULTANEOUS_USE secondary
    * continuing a pass whose render targets spill the tilebuffer (eMRT: the secondary has no
    * block for the pass's spilled-RT descriptors, agxv_emrt_reserve / agxv_clear_draw). */
   if (cmd->rendering.inherited) {
      defer_clear(cmd, pAttachments, attachmentCount, pRects, rectCount);
      return;
   }
   struct clear_attachments c = {pAttachments, attachmentCount, pRects, rectCount};
   agxv_rendering_split(cmd, clear_attachments, &c);
}

void
agxv_clear_execute_deferred(struct agxv_cmd_buffer *cmd, const struct agxv_deferred_clear *c)
{
   agxv_CmdClearAttachments(agxv_cmd_buffer_to_handle(cmd), c->att_count, c->atts, c->rect_count,
                            c->rects);
}
