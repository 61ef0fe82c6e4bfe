/*
 * Render commands for dynamic rendering (see agxv_render.h); each step
 * cites the Honeykrisp code whose choice it follows.
 */
#include "agxv_render.h"

#include <math.h>
#include <string.h>

#include "agx_pack.h"
#include "agx_tilebuffer.h"
#include "agxv_image.h"
#include "agxv_log.h"

#define PAGE 16384u
#define CACHELINE 128u

struct agxv_render_tib
agxv_render_tib_from_layout(const struct agx_tilebuffer_layout *layout)
{
   return (struct agxv_render_tib){
      .utile_width_px = layout->tile_w,
      .utile_height_px = layout->tile_h,
      .samples = layout->nr_samples,
      .sample_size_B = layout->sample_size_B,
   };
}

bool
agxv_render_zs_plane_init(struct agxv_render_zs_plane *out, const struct agxv_image *image,
                          VkImageAspectFlagBits aspect, uint32_t level, uint32_t first_layer)
{
   /* hk_CmdBeginRendering: image base + ail_get_layer_level_B(layout,
    * first_layer, level); stencil is the last plane. */
   uint64_t offset;
   const struct agx_image_layout *l = agxv_image_plane(image, aspect, &offset);
   /* The layout may hold more levels (the full chain) than the image has. */
   if (aspect == VK_IMAGE_ASPECT_COLOR_BIT || !l || !image->va || level >= image->mip_levels ||
       level >= l->levels || first_layer >= image->array_layers)
      return false;
   *out = (struct agxv_render_zs_plane){
      .base = image->va + offset + l->level_offset[level] + first_layer * l->layer_stride,
      .layer_stride = l->layer_stride,
   };
   return true;
}

uint32_t
agxv_render_sample_positions(uint32_t samples)
{
   /* hk_default_sample_positions: one byte per sample, (y << 4) | x in
    * 1/16 pixel, sample 0 lowest (the Vulkan standard locations). */
   switch (samples) {
   case 2:
      return 0x44cc;
   case 4:
      return 0xeaa26e26;
   default:
      return 0x88;
   }
}

enum agxv_bg_op
agxv_render_bg_op(const struct agxv_render_attachment *att, bool partial,
                  bool incomplete_render_area)
{
   if (!att->present)
      return AGXV_BG_NONE;
   bool load = att->load_op == VK_ATTACHMENT_LOAD_OP_LOAD;
   bool clear = att->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR;
   /* "The background program used for partial renders must always load" */
   load |= partial;
   /* "With an incomplete render area, we're forced to load back tiles" */
   load |= incomplete_render_area;
   /* STORE_OP_NONE / DONT_CARE with neither load nor clear: load so partial
    * stores write back what was there (hk's STORE_OP_NONE workaround). */
   bool no_store = att->store_op == VK_ATTACHMENT_STORE_OP_NONE ||
                   att->store_op == VK_ATTACHMENT_STORE_OP_DONT_CARE;
   load |= no_store && !load && !clear;
   return load ? AGXV_BG_LOAD : clear ? AGXV_BG_CLEAR : AGXV_BG_NONE;
}

bool
agxv_render_eot_store(const struct agxv_render_attachment *att, bool partial)
{
   /* is_attachment_stored: "When resolving, we store the intermediate
    * multisampled image" */
   return att->present && (att->store_op == VK_ATTACHMENT_STORE_OP_STORE ||
                           att->resolve_mode != VK_RESOLVE_MODE_NONE || partial);
}

static bool
stored(const struct agxv_render_attachment *att)
{
   return agxv_render_eot_store(att, false);
}

/* ZLS Control (hk_pack_zls_control). hk forces stores on ("Dropping Z
 * stores is wrong if the render pass gets split into multiple control
 * streams ... Force || true"); here a split render command is rebuilt with
 * every store op forced to STORE (agxv_rendering_split) and the partial
 * variant stores, so an aspect is stored exactly when its storeOp is STORE
 * (or it is resolved): DONT_CARE and NONE leave the memory alone. loadOp NONE
 * loads (Vulkan: NONE preserves contents when the aspect is stored); hk loads
 * only on LOAD. */
static uint64_t
zls_control(const struct agxv_render_desc *desc, bool z16, bool incomplete, bool partial)
{
   uint64_t packed = 0;
   const struct agxv_render_attachment *z = &desc->depth, *s = &desc->stencil;
   agx_pack(&packed, ZLS_CONTROL, cfg) {
      if (z->present) {
         cfg.z_store = stored(z) || partial;
         cfg.z_load = z->load_op == VK_ATTACHMENT_LOAD_OP_LOAD ||
                      z->load_op == VK_ATTACHMENT_LOAD_OP_NONE_EXT || partial || incomplete;
         /* [?] Mesa's "Z compress 1/2" taken as the load and store bits. */
         cfg.z_load_compress = cfg.z_store_compress = desc->depth_plane.compressed;
         cfg.z_format = z16 ? AGX_ZLS_FORMAT_16 : AGX_ZLS_FORMAT_32F;
      }
      if (s->present) {
         cfg.s_store = stored(s) || partial;
         cfg.s_load = s->load_op == VK_ATTACHMENT_LOAD_OP_LOAD ||
                      s->load_op == VK_ATTACHMENT_LOAD_OP_NONE_EXT || partial || incomplete;
         cfg.s_load_compress = cfg.s_store_compress = desc->stencil_plane.compressed;
      }
   }
   return packed;
}

/* A ZLS buffer (hk_CmdBeginRendering): "Main stride in pages" encoded as
 * ((pages - 1) << 14) | 1, metadata stride in cache lines ((lines - 1) << 14). */
static VkResult
zls_buffer(const char *what, const struct agxv_render_zs_plane *plane, uint32_t layers,
           struct drm_asahi_zls_buffer *out)
{
   if (!plane->base || plane->base % CACHELINE)
      return agxv_error(VK_ERROR_UNKNOWN, "%s plane at 0x%llx", what,
                        (unsigned long long)plane->base);
   if (layers > 1 && (plane->layer_stride % PAGE || !plane->layer_stride))
      return agxv_error(VK_ERROR_UNKNOWN, "%s layers %llu bytes apart, not whole pages", what,
                        (unsigned long long)plane->layer_stride);
   /* One layer: the stride is never used; one page keeps the encoding sane
    * (hk would compute 0 pages). */
   uint64_t pages = layers > 1 ? plane->layer_stride / PAGE : 1;
   if (pages > (1u << 18))
      return agxv_error(VK_ERROR_UNKNOWN, "%s layer stride too large", what);
   *out = (struct drm_asahi_zls_buffer){
      .base = plane->base,
      .stride = (uint32_t)((pages - 1) << 14) | 1,
   };
   if (plane->compressed) {
      uint64_t lines = plane->meta_layer_stride / CACHELINE;
      if (plane->meta_layer_stride % CACHELINE || !lines)
         return agxv_error(VK_ERROR_UNKNOWN, "%s metadata stride", what);
      out->comp_base = plane->meta_base;
      out->comp_stride = (uint32_t)((lines - 1) << 14);
   }
   return VK_SUCCESS;
}

static uint32_t
float_to_unorm16(float f)
{
   /* Mesa _mesa_float_to_unorm: clamp to [0, 1], scale, round to nearest. */
   if (!(f > 0.0f))
      return 0;
   if (f >= 1.0f)
      return 0xFFFF;
   return (uint32_t)lrintf(f * 65535.0f);
}

static uint32_t
fui(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* Merges one attachment's size and samples (hk_merge_render_iview). */
static VkResult
merge(const struct agxv_render_attachment *att, uint32_t *w, uint32_t *h, uint32_t *samples)
{
   if (!att->present)
      return VK_SUCCESS;
   if (!att->width || !att->height || att->width > 16384 || att->height > 16384)
      return agxv_error(VK_ERROR_UNKNOWN, "attachment of %ux%u pixels", att->width, att->height);
   if (*samples && att->samples != *samples)
      return agxv_error(VK_ERROR_UNKNOWN, "attachments with %u and %u samples", *samples,
                        att->samples);
   *samples = att->samples;
   *w = att->width > *w ? att->width : *w;
   *h = att->height > *h ? att->height : *h;
   return VK_SUCCESS;
}

static VkResult
check_input(const struct agxv_render_desc *desc, const struct agxv_render_tib *tib)
{
   if (desc->color_count > AGXV_RENDER_MAX_RTS)
      return agxv_error(VK_ERROR_UNKNOWN, "%u colour attachments", desc->color_count);
   bool tile_ok = (tib->utile_width_px == 16 || tib->utile_width_px == 32) &&
                  (tib->utile_height_px == 16 || tib->utile_height_px == 32);
   if (!tile_ok || tib->sample_size_B % 8 || tib->sample_size_B > 255 ||
       (tib->samples != 0 && tib->samples != 1 && tib->samples != 2 && tib->samples != 4))
      return agxv_error(VK_ERROR_UNKNOWN, "tilebuffer %ux%u, %u samples of %u bytes",
                        tib->utile_width_px, tib->utile_height_px, tib->samples,
                        tib->sample_size_B);
   if (desc->depth.present && desc->depth_format != VK_FORMAT_D16_UNORM &&
       desc->depth_format != VK_FORMAT_D32_SFLOAT &&
       desc->depth_format != VK_FORMAT_D32_SFLOAT_S8_UINT)
      return agxv_error(VK_ERROR_UNKNOWN, "depth attachment format %d", desc->depth_format);
   if (desc->stencil.present && desc->stencil_format != VK_FORMAT_S8_UINT &&
       desc->stencil_format != VK_FORMAT_D32_SFLOAT_S8_UINT)
      return agxv_error(VK_ERROR_UNKNOWN, "stencil attachment format %d", desc->stencil_format);
   return VK_SUCCESS;
}

VkResult
agxv_render_build(const struct agxv_render_desc *desc, const struct agxv_render_tib *tib,
                  struct drm_asahi_cmd_render *cmd, struct agxv_render_out *out)
{
   VkResult r = check_input(desc, tib);
   if (r != VK_SUCCESS)
      return r;

   /* Framebuffer size: the largest attachment, then the render area
    * ("Infer for attachmentless"). */
   uint32_t width = 0, height = 0, samples = 0;
   for (uint32_t i = 0; i < desc->color_count && r == VK_SUCCESS; i++)
      r = merge(&desc->color[i], &width, &height, &samples);
   if (r == VK_SUCCESS)
      r = merge(desc->depth.present ? &desc->depth : &desc->stencil, &width, &height, &samples);
   if (r != VK_SUCCESS)
      return r;
   uint64_t area_w =
      (uint64_t)(desc->area.offset.x > 0 ? desc->area.offset.x : 0) + desc->area.extent.width;
   uint64_t area_h =
      (uint64_t)(desc->area.offset.y > 0 ? desc->area.offset.y : 0) + desc->area.extent.height;
   if (area_w > width)
      width = (uint32_t)(area_w > UINT32_MAX ? UINT32_MAX : area_w);
   if (area_h > height)
      height = (uint32_t)(area_h > UINT32_MAX ? UINT32_MAX : area_h);
   uint32_t layers =
      desc->view_mask ? 32 - (uint32_t)__builtin_clz(desc->view_mask) : desc->layer_count;
   if (!width || !height || width > 16384 || height > 16384 || !layers || layers > 2048)
      return agxv_error(VK_ERROR_UNKNOWN, "framebuffer %ux%ux%u", width, height, layers);
   uint32_t tib_samples = tib->samples ? tib->samples : 1;
   if (samples && samples != tib_samples)
      return agxv_error(VK_ERROR_UNKNOWN, "%u-sample attachments, %u-sample tilebuffer", samples,
                        tib_samples);

   /* "Determine whether the render area is complete, enabling us to use a
    * fast-clear." */
   bool incomplete = desc->area.offset.x > 0 || desc->area.offset.y > 0 ||
                     desc->area.extent.width < width || desc->area.extent.height < height ||
                     (desc->view_mask && desc->view_mask != (uint32_t)((1ull << layers) - 1));

   bool z16 = desc->depth.present && desc->depth_format == VK_FORMAT_D16_UNORM;
   struct drm_asahi_zls_buffer zbuf = {0}, sbuf = {0};
   if (desc->depth.present && (r = zls_buffer("depth", &desc->depth_plane, layers, &zbuf)))
      return r;
   if (desc->stencil.present && (r = zls_buffer("stencil", &desc->stencil_plane, layers, &sbuf)))
      return r;

   /* Only now write: a failed build leaves *cmd as it was. */
   cmd->width_px = (uint16_t)width;
   cmd->height_px = (uint16_t)height;
   /* hk_queue.c: vkd3d-proton's attachmentless 16384x16384x2048 "massive
    * framebuffer" is clamped to 32 layers. */
   cmd->layers = (uint16_t)(width == 16384 && height == 16384 && layers == 2048 ? 32 : layers);
   cmd->utile_width_px = (uint8_t)tib->utile_width_px;
   cmd->utile_height_px = (uint8_t)tib->utile_height_px;
   cmd->samples = (uint8_t)tib_samples;
   cmd->sample_size_B = (uint8_t)tib->sample_size_B;
   cmd->ppp_multisamplectl = agxv_render_sample_positions(tib_samples);
   /* hk_queue.c: ppp_ctrl 0x202 = W clamp enable + fixed point format. */
   agx_pack(&cmd->ppp_ctrl, CR_PPP_CONTROL, cfg) {
      cfg.enable_w_clamp = true;
      cfg.fixed_point_format = 1;
   }
   /* hk_queue.c: tan(60°) / size. */
   cmd->isp_merge_upper_x = fui(1.732051f / (float)width);
   cmd->isp_merge_upper_y = fui(1.732051f / (float)height);

   /* ISP_ZLS_PIXELS: the depth/stencil surface, else the framebuffer [?]. */
   const struct agxv_render_attachment *zs = desc->depth.present     ? &desc->depth
                                             : desc->stencil.present ? &desc->stencil
                                                                     : NULL;
   agx_pack(&cmd->isp_zls_pixels, CR_ISP_ZLS_PIXELS, cfg) {
      cfg.x = zs ? zs->width : width;
      cfg.y = zs ? zs->height : height;
   }
   cmd->depth = zbuf;
   cmd->stencil = sbuf;
   cmd->zls_ctrl = zls_control(desc, z16, incomplete, false);
   /* Clear values: depth in its format, stencil in bits 0-7 | 0x300 [M]. */
   cmd->isp_bgobjdepth = 0;
   if (desc->depth.present)
      cmd->isp_bgobjdepth = z16 ? float_to_unorm16(desc->clear_depth) : fui(desc->clear_depth);
   cmd->isp_bgobjvals = 0x300 | (desc->stencil.present ? (desc->clear_stencil & 0xFF) : 0);

   /* Flags: D16 uses the integer depth-bias formula (hk: iogpu_unk_214 |=
    * 0x40000, bit 18); empty tiles are processed exactly when an attachment
    * is fast-cleared and stored ("the background+EOT programs have a side
    * effect"), i.e. cleared by loadOp over the full render area. */
   bool resolved_clear = false;
   for (uint32_t i = 0; i < desc->color_count; i++) {
      const struct agxv_render_attachment *c = &desc->color[i];
      resolved_clear |= c->present && c->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR && stored(c);
   }
   const struct agxv_render_attachment *zs_att[2] = {&desc->depth, &desc->stencil};
   for (unsigned i = 0; i < 2; i++) {
      resolved_clear |= zs_att[i]->present && zs_att[i]->load_op == VK_ATTACHMENT_LOAD_OP_CLEAR &&
                        stored(zs_att[i]);
   }
   cmd->flags &= ~(uint32_t)(DRM_ASAHI_RENDER_DBIAS_IS_INT | DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES);
   if (z16)
      cmd->flags |= DRM_ASAHI_RENDER_DBIAS_IS_INT;
   if (resolved_clear && !incomplete)
      cmd->flags |= DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;

   if (out) {
      out->incomplete_render_area = incomplete;
      out->zls_ctrl_partial = zls_control(desc, z16, incomplete, true);
   }
   return VK_SUCCESS;
}
