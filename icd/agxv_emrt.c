/*
 * Spilled render targets (eMRT, agxv_emrt.h). Per spilled colour
 * attachment rt: a Texture at 48 rt and a PBE at 48 rt + 24 of an upload
 * (compiler/ir/agx_abi.h), bound by draws to texture state registers
 * 0 .. 2 n - 1 and named by the fragment root's AGX_ABI_FS_EMRT.
 * - Texture: the view as a 2D array (2D multisampled array), the input
 *   attachment descriptor (Honeykrisp's HK_DESC_USAGE_EMRT and _INPUT
 *   choose the same dimension, hk_image_view.c).
 * - PBE, single-sampled: the view's 2D-array PBE (input_desc).
 * - PBE, multisampled: Honeykrisp's buffer-like PBE (hk_image_view.c
 *   pack_pbe for msaa && !eot): Dimension 2D, Layout Linear, Width 16384,
 *   Stride 16384 x bytes per sample - 4, Height for the samples of the view's
 *   layers, Buffer = the view's first layer, and the software words the
 *   shader addresses samples with (Aligned width MSAA = tiles per row x
 *   tile width, Sample count log2, Tile width / height, Layer stride).
 * - SNORM formats: both descriptors get Type SINT (the same bits): the
 *   shader converts values itself and writes codes through it, as the PBE's
 *   float -> snorm conversion cannot produce the code -2^(b-1) a logic op
 *   may write (compiler/ir/agx_emrt.c; an assumption of this project,
 *   Honeykrisp keeps the view's format).
 * Load-op clears of spilled attachments run before the pass in memory
 * (agxv_clear_view_rect). Honeykrisp clears them from the background
 * program through image stores (hk_build_bg_eot with
 * needs_textures_for_spilled_rts); both leave the same pixels.
 * Images are never compressed here (agxv_image.c), so Honeykrisp's
 * in-place decompression of spilled attachments before the pass has no
 * counterpart. Render-pass subpasses with spilled attachments are never
 * merged (agxv_render_pass_merge.c), so the descriptors follow the
 * render command's layout (rendering state tib).
 */
#include "agxv_emrt.h"

#include <string.h>

#include "agx_abi.h"
#include "agx_pack.h"
#include "agxv_clear.h"
#include "agxv_cmd_buffer.h"
#include "agxv_format_table.h"
#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agxv_render_pass.h"
#include "agxv_upload.h"

/* The multisampled view's buffer-like PBE. */
static void
pack_ms_pbe(const struct agxv_image_view *view, uint32_t *out)
{
   const struct agxv_image *image = view->image;
   const struct agx_image_layout *l = &image->layout;
   const struct agxv_format_info *f = agxv_format_info(view->format);
   unsigned level = view->base_level;
   uint64_t buffer =
      image->va + l->level_offset[level] + (uint64_t)view->base_layer * l->layer_stride;
   uint64_t samples = (l->size - (uint64_t)view->base_layer * l->layer_stride) / f->bytes;
   uint64_t rows = (samples + AGX_ABI_TEXEL_WIDTH - 1) / AGX_ABI_TEXEL_WIDTH;
   agx_pack(out, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = f->channels;
      cfg.type = f->type;
      cfg.swizzle_r = f->pbe_swizzle[0];
      cfg.swizzle_g = f->pbe_swizzle[1];
      cfg.swizzle_b = f->pbe_swizzle[2];
      cfg.swizzle_a = f->pbe_swizzle[3];
      cfg.width = AGX_ABI_TEXEL_WIDTH;
      cfg.height = (uint32_t)(rows ? rows : 1);
      cfg.stride = AGX_ABI_TEXEL_WIDTH * f->bytes - 4;
      cfg.buffer = buffer;
      cfg.srgb = f->srgb;
      cfg.aligned_width_msaa_sw = l->tiles_per_row[level] << l->tile_w_log2[level];
      cfg.sample_count_log2_sw = image->samples == 4 ? 2 : 1;
      cfg.tile_width_sw = 1u << l->tile_w_log2[level];
      cfg.tile_height_sw = 1u << l->tile_h_log2[level];
      cfg.layer_stride_sw = (uint32_t)l->layer_stride;
   }
}

/* Type SNORM -> SINT in a packed Texture and PBE: the Type field's bits of
 * the two values, XORed in (every other field is kept). */
static void
snorm_to_sint(uint8_t *texture, uint8_t *pbe)
{
   agx_unpack(NULL, texture, TEXTURE, t);
   if (t.type != AGX_TEXTURE_TYPE_SNORM)
      return;
   uint32_t a[6], b[6];
   agx_pack(a, TEXTURE, cfg) {
      cfg.type = AGX_TEXTURE_TYPE_SNORM;
   }
   agx_pack(b, TEXTURE, cfg) {
      cfg.type = AGX_TEXTURE_TYPE_SINT;
   }
   for (unsigned i = 0; i < 24; i++)
      texture[i] ^= ((const uint8_t *)a)[i] ^ ((const uint8_t *)b)[i];
   agx_pack(a, PBE, cfg) {
      cfg.type = AGX_TEXTURE_TYPE_SNORM;
   }
   agx_pack(b, PBE, cfg) {
      cfg.type = AGX_TEXTURE_TYPE_SINT;
   }
   for (unsigned i = 0; i < 24; i++)
      pbe[i] ^= ((const uint8_t *)a)[i] ^ ((const uint8_t *)b)[i];
}

/* The Texture and PBE of spilled render target rt, viewing `view`, into block d. */
static void
pack_rt(const struct agxv_image_view *view, uint32_t rt, uint8_t *d)
{
   memcpy(d + AGX_ABI_EMRT_TEXTURE(rt), &view->input_desc[AGXV_IMAGE_DESC_TEXTURE / 4], 24);
   if (view->image->samples > 1)
      pack_ms_pbe(view, (uint32_t *)(d + AGX_ABI_EMRT_PBE(rt)));
   else
      memcpy(d + AGX_ABI_EMRT_PBE(rt), &view->input_desc[AGXV_IMAGE_DESC_PBE / 4], 24);
   snorm_to_sint(d + AGX_ABI_EMRT_TEXTURE(rt), d + AGX_ABI_EMRT_PBE(rt));
}

VkResult
agxv_emrt_upload(struct agxv_cmd_buffer *cmd)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   rs->emrt = 0;
   rs->emrt_count = 0;
   rs->emrt_cpu = NULL;
   uint32_t n = 0;
   for (uint32_t i = 0; i < rs->tib.num_rts; i++)
      if (rs->tib.spilled[i] && rs->color_views[i])
         n = i + 1;
   if (!n)
      return VK_SUCCESS;
   struct agxv_upload_ptr p;
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_ABI_EMRT_DESC_SIZE * n, 64, &p);
   if (result != VK_SUCCESS)
      return result;
   uint8_t *d = p.cpu;
   memset(d, 0, AGX_ABI_EMRT_DESC_SIZE * n);
   for (uint32_t i = 0; i < n; i++)
      if (rs->tib.spilled[i] && rs->color_views[i])
         pack_rt(rs->color_views[i], i, d);
   rs->emrt = p.gpu;
   rs->emrt_count = 2 * n;
   rs->emrt_cpu = d;
   return VK_SUCCESS;
}

/* The inherited framebuffer's view of each render target of the inherited
 * subpass (its group's colour attachments when merged,
 * agxv_render_pass_merge.c); false if the views are not known at record
 * time (dynamic-rendering inheritance, no framebuffer, an imageless one). */
static bool
inherited_views(const VkCommandBufferInheritanceInfo *info, uint32_t n,
                const struct agxv_image_view **views)
{
   const struct agxv_render_pass *rp = agxv_render_pass_from_handle(info->renderPass);
   const struct agxv_framebuffer *fb = agxv_framebuffer_from_handle(info->framebuffer);
   if (!rp || !fb || fb->imageless || info->subpass >= rp->subpass_count)
      return false;
   const struct agxv_rp_subpass *sp = &rp->subpasses[info->subpass];
   uint32_t colors[AGXV_MAX_RTS], count = sp->color_count;
   memcpy(colors, sp->color, sizeof(colors));
   if (sp->group_first != sp->group_last)
      count = agxv_render_pass_group_colors(rp, sp->group_first, sp->group_last, colors);
   if (count > AGXV_MAX_RTS || count < n)
      return false;
   for (uint32_t i = 0; i < n; i++)
      views[i] = colors[i] < fb->attachment_count ? fb->views[colors[i]] : NULL;
   return true;
}

VkResult
agxv_emrt_reserve(struct agxv_cmd_buffer *cmd, const VkCommandBufferInheritanceInfo *info)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   rs->emrt = 0;
   rs->emrt_count = 0;
   rs->emrt_cpu = NULL;
   uint32_t n = 0;
   for (uint32_t i = 0; i < rs->tib.num_rts; i++)
      if (rs->tib.spilled[i] && rs->tib.format[i])
         n = i + 1;
   if (!n)
      return VK_SUCCESS;
   bool simultaneous = cmd->usage & VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT;
   const struct agxv_image_view *views[AGXV_MAX_RTS];
   if (simultaneous && !inherited_views(info, n, views))
      return VK_SUCCESS; /* its draws refuse (agxv_emrt.h) */
   /* its own allocation, named only by this secondary's draws (nothing
    * deduplicated by contents points into it) */
   struct agxv_upload_ptr p;
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_ABI_EMRT_DESC_SIZE * n, 64, &p);
   if (result != VK_SUCCESS)
      return result;
   memset(p.cpu, 0, AGX_ABI_EMRT_DESC_SIZE * n);
   rs->emrt = p.gpu;
   rs->emrt_count = 2 * n;
   if (!simultaneous) {
      rs->emrt_cpu = p.cpu; /* filled by each primary (agxv_emrt_fill) */
      return VK_SUCCESS;
   }
   /* the framebuffer every executing primary renders to
    * (VUID-vkCmdExecuteCommands-pCommandBuffers-00099): filled once, here */
   for (uint32_t i = 0; i < n; i++)
      if (rs->tib.spilled[i] && views[i])
         pack_rt(views[i], i, p.cpu);
   return VK_SUCCESS;
}

void
agxv_emrt_fill(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary)
{
   const struct agxv_rendering_state *rs = &cmd->rendering;
   const struct agxv_rendering_state *ss = &secondary->rendering;
   if (!ss->emrt_cpu)
      return;
   /* the same tilebuffer layout (agxv_rendering_execute): the primary's
    * block covers the spilled attachments it has views for, the rest stay 0 */
   uint32_t n = ss->emrt_count / 2, have = rs->emrt_cpu ? rs->emrt_count / 2 : 0;
   if (have > n)
      have = n;
   if (have)
      memcpy(ss->emrt_cpu, rs->emrt_cpu, AGX_ABI_EMRT_DESC_SIZE * have);
   memset(ss->emrt_cpu + AGX_ABI_EMRT_DESC_SIZE * have, 0, AGX_ABI_EMRT_DESC_SIZE * (n - have));
}

void
agxv_emrt_clear(struct agxv_cmd_buffer *cmd)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   const struct agxv_render_desc *desc = &rs->desc;
   for (uint32_t i = 0; i < desc->color_count && i < rs->tib.num_rts; i++) {
      if (!rs->tib.spilled[i] || !rs->color_views[i] ||
          desc->color[i].load_op != VK_ATTACHMENT_LOAD_OP_CLEAR)
         continue;
      VkClearValue v = {.color = rs->clear_color[i]};
      agxv_clear_view_rect(cmd, rs->color_views[i], VK_IMAGE_ASPECT_COLOR_BIT, &v, desc->area, 0,
                           desc->layer_count, desc->view_mask);
   }
}
