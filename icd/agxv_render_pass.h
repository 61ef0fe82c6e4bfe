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
 * Assumes: single-sampled attachments and no resolve attachments (refused
 * at creation: the driver has no multisampling); input attachments are
 * read as textures from memory, which the previous subpass stored (a
 * tilebuffer-resident path is a later optimisation; an input attachment
 * also rendered in the same subpass sees the draws before the last
 * self-dependency barrier, which splits the pass: agxv_cmd_barrier.c);
 * subpass dependencies need no words: every subpass is its own render
 * command and the queue orders commands (agxv_queue.c barriers).
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
 * of VkPipelineRenderingCreateInfo (formats point into the pass); false if
 * the subpass does not exist. */
bool agxv_render_pass_rendering_info(VkRenderPass pass, uint32_t subpass,
                                     VkPipelineRenderingCreateInfo *out);

#endif
