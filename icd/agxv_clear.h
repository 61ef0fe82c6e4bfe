/*
 * Clears of rectangles of image subresources by the image clear kernel
 * (cl_kernels/agx_image_copy.cl, AGX_CL_IMAGE_CLEAR), shared by
 * vkCmdClearAttachments and load-op clears of a partial render area
 * (agxv_clear.c, agxv_cmd_rendering.c).
 *
 * Assumes: depth/stencil aspects live in their own planes (agxv_image_plane:
 * D16 as 2-byte unorm, D32 as 4-byte float, stencil as 1 byte, graphics.md
 * §6), no compression (graphics.md §7.2), so writing the packed value over
 * the texels of the rectangle is a clear.
 */
#ifndef AGXV_CLEAR_H
#define AGXV_CLEAR_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct agxv_cmd_buffer;
struct agxv_image;
struct agxv_image_view;

/* The texel bytes of a clear of one aspect of `format` (COLOR: in the
 * format; DEPTH/STENCIL: of that aspect's plane) in out[4], their count in
 * *bytes; false for formats or aspects without a plane format. */
bool agxv_clear_pack(VkFormat format, VkImageAspectFlagBits aspect, const VkClearValue *value,
                     uint32_t out[4], uint32_t *bytes);

/* Writes the packed value over rect x [first_layer, + layer_count) of the
 * aspect's plane of `level` (clipped to the level). */
void agxv_clear_image_rect(struct agxv_cmd_buffer *cmd, const struct agxv_image *image,
                           VkImageAspectFlagBits aspect, uint32_t level, uint32_t first_layer,
                           uint32_t layer_count, VkRect2D rect, const uint32_t value[4],
                           uint32_t bytes);

/* Clears one aspect of an attachment view: the view's level, its layers
 * base_layer.. (relative to the view) or, with a view mask, the layers of
 * the mask's bits. */
void agxv_clear_view_rect(struct agxv_cmd_buffer *cmd, const struct agxv_image_view *view,
                          VkImageAspectFlagBits aspect, const VkClearValue *value, VkRect2D rect,
                          uint32_t base_layer, uint32_t layer_count, uint32_t view_mask);

/* A vkCmdClearAttachments recorded in a secondary continuing a render pass that a draw cannot
 * do (spilled render targets, eMRT: agxv_clear_draw): the secondary knows neither the attachments nor the
 * framebuffer, so it ends its part there and keeps the clear (its arrays in the secondary's
 * upload memory) for the primary that executes it, which splits its pass for it. */
struct agxv_deferred_clear {
   const VkClearAttachment *atts;
   uint32_t att_count;
   const VkClearRect *rects;
   uint32_t rect_count;
};

/* vkCmdExecuteCommands: runs a secondary's deferred clear on cmd's render pass. */
void agxv_clear_execute_deferred(struct agxv_cmd_buffer *cmd, const struct agxv_deferred_clear *c);

#endif
