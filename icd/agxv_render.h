/*
 * Render commands for dynamic rendering: from a VkRenderingInfo-like
 * description (attachments with their level size, load/store ops, resolve
 * modes, depth/stencil planes, clear values, render area, layers, view
 * mask) and the tilebuffer layout the compiler chose, the fields of
 * struct drm_asahi_cmd_render (include/drm-uapi/asahi_drm.h) a render pass
 * decides: framebuffer size and layers, tile size, samples, ZLS control
 * and buffers, clear values, sample positions, PPP control, flags, triangle
 * merging thresholds; plus the per-attachment background/end-of-tile
 * choices the caller needs for its programs.
 *
 * Choices follow Honeykrisp (Mesa src/asahi/vulkan/hk_cmd_draw.c:
 * hk_CmdBeginRendering, hk_merge_render_iview, hk_pack_zls_control,
 * hk_build_bg_eot, hk_default_sample_positions; hk_queue.c for ppp_ctrl,
 * merge thresholds and the massive-framebuffer clamp). graphics.md §1.6,
 * §3.4, §3.6, §5.4, §6; uapi.md.
 *
 * Assumes: the caller resolves image views to planes (depth plane, stencil
 * plane: base address of the view's first layer at its level, layer stride);
 * depth/stencil images are GPU tiled, and their layer stride is a whole
 * number of 16 KiB pages when the pass has several layers (ail's
 * page-aligned layers); no compression (graphics.md §7.2). Fields not
 * listed above (programs, helpers, stream and array bases, sampler heap,
 * timestamps) are left untouched for the caller.
 */
#ifndef AGXV_RENDER_H
#define AGXV_RENDER_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "drm-uapi/asahi_drm.h"

#define AGXV_RENDER_MAX_RTS 8

struct agx_tilebuffer_layout;

/* The tilebuffer layout (compiler side, graphics.md §5.2), as far as the
 * render command repeats it. */
struct agxv_render_tib {
   uint32_t utile_width_px;  /* 16 or 32 */
   uint32_t utile_height_px; /* 16 or 32 */
   uint32_t samples;         /* 1, 2 or 4; 0 (attachmentless) counts as 1 */
   uint32_t sample_size_B;   /* multiple of 8 */
};

/* The same from the compiler's layout (layout/agx_tilebuffer.h). */
struct agxv_render_tib agxv_render_tib_from_layout(const struct agx_tilebuffer_layout *layout);

struct agxv_render_attachment {
   bool present;           /* a view is bound */
   uint32_t width, height; /* of the view's base level */
   uint32_t samples;
   VkAttachmentLoadOp load_op;
   VkAttachmentStoreOp store_op;
   VkResolveModeFlagBits resolve_mode;
};

/* One plane of the depth/stencil view. */
struct agxv_render_zs_plane {
   uint64_t base;         /* address of the view's first layer at its level */
   uint64_t layer_stride; /* bytes between layers */
   bool compressed;       /* [?] never set today: no compression */
   uint64_t meta_base;
   uint64_t meta_layer_stride;
};

struct agxv_render_desc {
   VkRect2D area;
   uint32_t layer_count;
   uint32_t view_mask;
   uint32_t color_count;
   struct agxv_render_attachment color[AGXV_RENDER_MAX_RTS];
   /* depth_format: D16_UNORM, D32_SFLOAT or D32_SFLOAT_S8_UINT (the view's
    * format); stencil_format: S8_UINT or D32_SFLOAT_S8_UINT. */
   struct agxv_render_attachment depth, stencil;
   VkFormat depth_format, stencil_format;
   struct agxv_render_zs_plane depth_plane, stencil_plane;
   float clear_depth;
   uint32_t clear_stencil;
};

/* What else the caller must know about the pass. */
struct agxv_render_out {
   /* The render area does not cover the framebuffer (or the view mask not
    * all layers): BG programs load, clears become draws (hk). */
   bool incomplete_render_area;
   /* ZLS Control for the control streams after the first (and partial
    * renders): loads and stores both aspects (hk zls_control_partial). */
   uint64_t zls_ctrl_partial;
};

/* The plane of a depth/stencil image view (aspect DEPTH or STENCIL, the
 * view's base level and first layer) for the ZLS; false if the image has no
 * such aspect, is unbound or the level is out of range. */
struct agxv_image;
bool agxv_render_zs_plane_init(struct agxv_render_zs_plane *out, const struct agxv_image *image,
                               VkImageAspectFlagBits aspect, uint32_t level, uint32_t first_layer);

/* Fills the render-pass fields of *cmd. VK_ERROR_UNKNOWN (logged) for
 * descriptions the hardware cannot run (sizes, sample counts, formats,
 * layer strides). */
VkResult agxv_render_build(const struct agxv_render_desc *desc, const struct agxv_render_tib *tib,
                           struct drm_asahi_cmd_render *cmd, struct agxv_render_out *out);

/* Standard sample positions for ppp_multisamplectl (graphics.md §3.6). */
uint32_t agxv_render_sample_positions(uint32_t samples);

/* Per colour attachment: what the background program does (hk_build_bg_eot). */
enum agxv_bg_op {
   AGXV_BG_NONE,
   AGXV_BG_LOAD,
   AGXV_BG_CLEAR,
};
enum agxv_bg_op agxv_render_bg_op(const struct agxv_render_attachment *att, bool partial,
                                  bool incomplete_render_area);
/* Whether the end-of-tile program stores it (STORE, a resolve follows, or a
 * partial render). */
bool agxv_render_eot_store(const struct agxv_render_attachment *att, bool partial);

#endif
