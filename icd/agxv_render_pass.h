/*
 * VkRenderPass and VkFramebuffer, translated once into dynamic rendering:
 * every subpass becomes one vkCmdBeginRendering/EndRendering (one render
 * command, agxv_cmd_rendering.c) with its colour and depth/stencil
 * attachments. Load/store ops per subpass follow Mesa's common
 * src/vulkan/runtime/vk_render_pass.c: the first subpass using an
 * attachment loads it with the attachment's loadOp, the last one stores it
 * with its storeOp, uses in between (and preserve attachments, which count
 * as uses) load and store.
 *
 * Consecutive subpasses that can share a tilebuffer are merged into one
 * dynamic rendering (agxv_render_pass_merge.c: same sample count, one
 * depth/stencil attachment, no resolves or multiview before the last, no
 * dependency that needs the attachments in memory): its colour attachments
 * are the union of theirs, each subpass's pipelines store to their
 * attachments' places in that tilebuffer (agxv_subpass_tiles.view) and read
 * the input attachments it holds with ld_tile (tiles.inputs); the others
 * are read as textures from memory, which an earlier render command
 * stored. An input attachment also rendered in the same subpass sees the
 * draws before the last self-dependency barrier, which splits the pass
 * (agxv_cmd_barrier.c). Dependencies need no words: subpasses of one group
 * are ordered by the pixel ordering of the tilebuffer (wait_pix), groups
 * are render commands the queue orders (agxv_queue.c barriers).
 */
#ifndef AGXV_RENDER_PASS_H
#define AGXV_RENDER_PASS_H

#include <stdbool.h>
#include <stdint.h>

#include "agxv_graphics_state.h"
#include "agxv_object.h"

struct agxv_image_view;

struct agxv_rp_attachment {
   VkFormat format;
   VkSampleCountFlagBits samples;
   VkAttachmentLoadOp load_op, stencil_load_op;
   VkAttachmentStoreOp store_op, stencil_store_op;
   uint32_t first_use, last_use; /* subpass indices; first_use UINT32_MAX: unused */
};

struct agxv_rp_subpass {
   uint32_t color_count;
   uint32_t color[AGXV_MAX_RTS]; /* attachment index or VK_ATTACHMENT_UNUSED */
   VkFormat color_formats[AGXV_MAX_RTS];
   uint32_t resolve[AGXV_MAX_RTS]; /* resolve attachment or VK_ATTACHMENT_UNUSED */
   uint32_t depth_stencil;         /* attachment index or VK_ATTACHMENT_UNUSED */
   VkFormat depth_format, stencil_format;
   uint32_t view_mask;
   /* VkSubpassDescriptionDepthStencilResolve: the attachment (or UNUSED) and the modes */
   uint32_t zs_resolve;
   VkResolveModeFlagBits depth_resolve_mode, stencil_resolve_mode;
   /* input attachments (attachment index or UNUSED; count may exceed the
    * AGXV_MAX_RTS kept: the rest are never in the tilebuffer) */
   uint32_t input_count;
   uint32_t input[AGXV_MAX_RTS];
   /* a dependency into this subpass from an earlier one needs the
    * attachments in memory (accesses other than attachment ones) */
   bool split_before;
   /* the merged group (one dynamic rendering) holding this subpass */
   uint32_t group_first, group_last;
};

struct agxv_render_pass {
   struct agxv_object base;
   uint32_t attachment_count, subpass_count;
   struct agxv_rp_attachment *attachments;
   struct agxv_rp_subpass *subpasses;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_render_pass, VkRenderPass, VK_OBJECT_TYPE_RENDER_PASS)

struct agxv_framebuffer {
   struct agxv_object base;
   uint32_t width, height, layers;
   bool imageless; /* views come with vkCmdBeginRenderPass */
   uint32_t attachment_count;
   struct agxv_image_view **views;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_framebuffer, VkFramebuffer, VK_OBJECT_TYPE_FRAMEBUFFER)

/* The render-pass state of a command buffer between vkCmdBeginRenderPass
 * and vkCmdEndRenderPass (views and clear values live in the command
 * buffer's upload memory). */
struct agxv_pass_state {
   const struct agxv_render_pass *pass; /* NULL: no render pass */
   uint32_t subpass;
   uint32_t layers;
   VkRect2D area;
   struct agxv_image_view **views;
   VkClearValue *clears;
};

/* What a pipeline made for (render pass, subpass) renders to, in the form
 * of VkPipelineRenderingCreateInfo (formats point into the pass), and where
 * in its group's tilebuffer (*tiles, may be NULL); false if the subpass does
 * not exist. */
bool agxv_render_pass_rendering_info(VkRenderPass pass, uint32_t subpass,
                                     VkPipelineRenderingCreateInfo *out,
                                     struct agxv_subpass_tiles *tiles);

/* agxv_render_pass_merge.c: groups consecutive subpasses that can share a
 * render command (sets group_first/last of every subpass; needs
 * split_before, samples and formats filled). */
void agxv_render_pass_merge(struct agxv_render_pass *rp);

/* The colour attachments of the group of subpasses [first, last]: the
 * union of theirs in order of first use; returns how many (at most
 * AGXV_MAX_RTS: the merge never makes larger groups). */
uint32_t agxv_render_pass_group_colors(const struct agxv_render_pass *rp, uint32_t first,
                                       uint32_t last, uint32_t out[AGXV_MAX_RTS]);

/* The depth/stencil attachment of the group (the first subpass's that has
 * one), or VK_ATTACHMENT_UNUSED. */
uint32_t agxv_render_pass_group_depth(const struct agxv_render_pass *rp, uint32_t first,
                                      uint32_t last);

/* Where subpass s's attachments live in its group's tilebuffer. */
void agxv_render_pass_subpass_tiles(const struct agxv_render_pass *rp, uint32_t s,
                                    struct agxv_subpass_tiles *out);

/* The sample count of a group (its attachments'; 1 without any). */
uint32_t agxv_render_pass_group_samples(const struct agxv_render_pass *rp, uint32_t first,
                                        uint32_t last);

/* Scans the dependencies of a render pass (v1 and v2 alike, one at a time)
 * for the ones that split subpasses (agxv_render_pass_merge.c). */
void agxv_render_pass_dependency(struct agxv_render_pass *rp, uint32_t src, uint32_t dst,
                                 VkAccessFlags2 src_access, VkAccessFlags2 dst_access);

#endif
