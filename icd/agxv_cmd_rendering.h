/*
 * Graphics recording state of a command buffer: the render pass in
 * progress (agxv_cmd_rendering.c: vkCmdBeginRendering/EndRendering) and
 * what draws (agxv_cmd_draw.c) accumulate in it, plus the background /
 * end-of-tile program cache of the device.
 *
 * Model: Honeykrisp's hk_rendering_state and per-pass arrays (Mesa
 * src/asahi/vulkan/hk_cmd_buffer.h, hk_cmd_draw.c): ISP scissor and depth
 * bias entries are appended by draws and uploaded when the pass ends, their
 * base addresses going into the render command.
 *
 * Assumes: one VDM stream per render pass (a pass never splits).
 */
#ifndef AGXV_CMD_RENDERING_H
#define AGXV_CMD_RENDERING_H

#include <stdbool.h>
#include <stdint.h>

#include "agx_tilebuffer.h"
#include "agxv_graphics_state.h"
#include "agxv_render.h"
#include "agxv_render_pass.h"

struct agxv_device;
struct agxv_cmd_buffer;
struct agxv_cmd_stream;
struct agxv_image_view;

struct agxv_rendering_state {
   bool active;
   struct agx_tilebuffer_layout tib;
   /* The subpass in progress of a render pass whose subpasses share the
    * render command (agxv_render_pass_merge.c): its colour attachments'
    * places in tib (agxv_subpass_tiles.view, what its pipelines store to)
    * and its colour attachment j's index among the rendering's (sub_rt);
    * otherwise tib and the identity. */
   struct agx_tilebuffer_layout sub_tib;
   uint32_t sub_color_count;
   uint8_t sub_rt[AGXV_MAX_RTS];
   /* the subpass has the render command's depth / stencil attachment (a
    * merged subpass without one draws as if there were none) */
   bool sub_has_depth, sub_has_stencil;
   uint32_t width, height; /* framebuffer */
   /* Spilled render targets (eMRT, agxv_emrt.h): the address of the
    * render command's eMRT descriptors (0: no render target spills) and
    * the texture state registers they fill (2 per colour attachment). */
   uint64_t emrt;
   uint32_t emrt_count;
   /* their CPU copy: a primary's, or the block an inherited secondary
    * reserved that each primary executing it fills (agxv_emrt_fill) */
   uint8_t *emrt_cpu;
   uint32_t color_count;
   VkFormat color_formats[AGXV_MAX_RTS];
   bool has_depth;   /* a depth attachment is bound */
   bool has_stencil; /* a stencil attachment is bound */
   /* Pass arrays (CPU copies, uploaded by EndRendering). */
   uint8_t *scissors;
   uint32_t scissor_count, scissor_cap; /* entries */
   uint8_t *depth_bias;
   uint32_t depth_bias_count, depth_bias_cap;
   uint32_t scissor_index, depth_bias_index; /* entries in effect */
   uint32_t ppp_dirty;                       /* enum agxv_ppp_dirty */
   /* The pass as begun (attachments, ops, clear values), kept so that
    * vkCmdClearAttachments can end the render command and resume the pass
    * in a new one (agxv_rendering_split). */
   struct agxv_render_desc desc;
   const struct agxv_image_view *color_views[AGXV_MAX_RTS];
   const struct agxv_image_view *depth_view, *stencil_view;
   VkClearColorValue clear_color[AGXV_MAX_RTS];
   /* Colour resolves done after the pass (agxv_resolve.c): destination
    * view per attachment (NULL: none) and its mode. */
   const struct agxv_image_view *resolve_views[AGXV_MAX_RTS];
   VkResolveModeFlagBits resolve_modes[AGXV_MAX_RTS];
   /* Depth and stencil resolves: destination views (NULL: none) and modes. */
   const struct agxv_image_view *depth_resolve_view, *stencil_resolve_view;
   VkResolveModeFlagBits depth_resolve_mode, stencil_resolve_mode;
   bool resumed;    /* the open render command continues the pass: it loads everything */
   bool suspending; /* VK_RENDERING_SUSPENDING_BIT: EndRendering stores everything, no resolves */
   /* a secondary's: the pass is its primary's (VkCommandBufferInheritanceInfo) */
   bool inherited;
   /* an attachmentless pass (no colour, depth or stencil attachment) whose sample count no
    * draw has decided yet: tib is laid out for one sample until then
    * (agxv_rendering_fix_samples) */
   bool samples_open;
   const uint8_t *stream_start; /* VDM write position after the opening words */
   struct agxv_pass_state pass; /* vkCmdBeginRenderPass (agxv_render_pass.c) */
};

/* vkCmdBindIndexBuffer state. */
struct agxv_index_state {
   uint64_t va;
   uint64_t size; /* bytes from va */
   VkIndexType type;
   /* VK_NULL_HANDLE bound (maintenance6): va/size are the device's zero
    * buffer (agxv_device.null_index), every index reads 0 */
   bool null;
};

/* vkCmdBindVertexBuffers(2) state: per binding the address (offset
 * applied) and the bytes from it (0: unbound or empty). */
struct agxv_vertex_buffer_state {
   uint64_t va[16];
   uint64_t size[16];
};

/* Ends the open render command of the pass in progress storing every
 * attachment, runs `between` (work of another kind, e.g. compute clears),
 * then resumes the pass in a new render command that loads every
 * attachment. Errors are recorded on the command buffer. */
void agxv_rendering_split(struct agxv_cmd_buffer *cmd,
                          void (*between)(struct agxv_cmd_buffer *cmd, void *data), void *data);

/* An attachmentless pass takes the sample count of the draws in it (rasterizationSamples; the
 * pipelines of such a pass all have the same without variableMultisampleRate): the first
 * draw's fixes the tilebuffer layout and, in a primary, the open render command's samples,
 * sample positions and tile programs. Nothing once the count is decided (samples_open). */
VkResult agxv_rendering_fix_samples(struct agxv_cmd_buffer *cmd, uint32_t samples);

/* vkCmdClearAttachments before anything was recorded in the first render
 * command of a pass, with a rectangle covering the framebuffer and every
 * layer, over a complete render area: the clears become load-op clears of
 * the render command (BG program, ZLS clear values) instead of a split.
 * False (nothing changed) when that does not apply. */
bool agxv_rendering_fold_clears(struct agxv_cmd_buffer *cmd, const VkClearAttachment *atts,
                                uint32_t att_count, const VkClearRect *rects, uint32_t rect_count);

/* vkBeginCommandBuffer of a secondary with RENDER_PASS_CONTINUE: the pass's formats and
 * sample count from the inheritance (VkCommandBufferInheritanceRenderingInfo, or the
 * render pass's subpass), and a VDM stream for its draws, which the primary calls. */
VkResult agxv_rendering_inherit(struct agxv_cmd_buffer *cmd,
                                const VkCommandBufferInheritanceInfo *info);

/* vkCmdExecuteCommands of a secondary's part that continues the pass in progress: the
 * render command calls the part, its scissor / depth-bias arrays extended by the
 * secondary's (whose draws index them from 0) when the entries at those indices agree;
 * otherwise the pass is split before and after the part (its own render command, the
 * arrays the secondary's; needs loads of the attachments). */
/* A secondary continuing a render pass, after a part that is not a stream (a deferred
 * clear): opens the stream of its next draws (as agxv_rendering_inherit does). */
void agxv_rendering_reopen_inherited(struct agxv_cmd_buffer *cmd);

void agxv_rendering_execute(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary,
                            const struct agxv_cmd_stream *part);

/* The rendering's colour attachment of the subpass's colour attachment j
 * (vkCmdClearAttachments' colorAttachment), UINT32_MAX if none. */
static inline uint32_t
agxv_rendering_rt(const struct agxv_rendering_state *rs, uint32_t j)
{
   return j < rs->sub_color_count && rs->sub_rt[j] < rs->color_count ? rs->sub_rt[j] : UINT32_MAX;
}

/* Sets the subpass in progress of a merged render pass (sub_tib, sub_rt,
 * whether it has the depth / stencil attachment); tiles NULL or not merged:
 * the rendering's own. */
void agxv_rendering_set_subpass(struct agxv_rendering_state *rs,
                                const struct agxv_subpass_tiles *tiles, const uint32_t *rts,
                                uint32_t count, bool depth, bool stencil);

/* Appends `count` entries of `size` bytes to a pass array (*arr, *n entries, *cap
 * allocated); returns the first new entry, NULL when out of memory. */
uint8_t *agxv_pass_array_grow(struct agxv_cmd_buffer *cmd, uint8_t **arr, uint32_t *n,
                              uint32_t *cap, uint32_t count, uint32_t size);

/* Frees the pass arrays (command buffer reset/free). */
void agxv_rendering_state_finish(struct agxv_cmd_buffer *cmd);

/* Writes the USC Shared word of a tilebuffer layout at p (Mesa
 * agx_usc_tilebuffer); returns the end. */
uint8_t *agxv_usc_tilebuffer(uint8_t *p, const struct agx_tilebuffer_layout *tib);

/* Device cache of BG/EOT programs, never rebuilt for a key seen before. */
void agxv_tile_programs_finish(struct agxv_device *device);

#endif
