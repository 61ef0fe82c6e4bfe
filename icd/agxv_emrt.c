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
 *   pack_pbe for msaa && !eot), the one of the view's storage descriptor
 *   (agxv_image_view.c pack_ms_storage_pbe: Dimension 2D, Layout Linear,
 *   the samples from the view's first layer on, and the software words the
 *   shader addresses samples with).
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
#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agxv_render_pass.h"
#include "agxv_upload.h"

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
   /* multisampled: the buffer-like PBE of the view's storage descriptor
    * (agxv_image_view.c pack_ms_storage_pbe, the one packing of it) */
   const uint32_t *pbe = view->image->samples > 1 ? view->storage_desc : view->input_desc;
   memcpy(d + AGX_ABI_EMRT_PBE(rt), &pbe[AGXV_IMAGE_DESC_PBE / 4], 24);
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
