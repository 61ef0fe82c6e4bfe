/*
 * vkCmdBeginRendering / vkCmdEndRendering: one VDM stream (one render
 * command) per pass. Begin opens the stream (USC cache invalidate barrier,
 * the stream's first PPP update), lays out the tilebuffer for the colour
 * attachment formats, fills the render command's pass fields with
 * agxv_render_build, and writes the background (clear/load) and end-of-tile
 * (store) word lists: programs from the compiler's builders
 * (agx_tile_programs.h), cached on the device per key, with the attachments'
 * Texture (loads, texture state 2i) and PBE (stores, texture state i)
 * descriptors and the clear values (uniform bytes 8 + 16 i). End uploads the
 * pass arrays draws appended (ISP scissors, depth bias) and closes the
 * stream.
 *
 * Model: Honeykrisp (Mesa src/asahi/vulkan/hk_cmd_draw.c
 * hk_CmdBeginRendering, hk_build_bg_eot; src/asahi/lib/agx_tilebuffer.c
 * agx_usc_tilebuffer for the USC Shared word of tile programs).
 *
 * Depth/stencil: the depth attachment (D16_UNORM, D32_SFLOAT,
 * D32_SFLOAT_S8_UINT) becomes the ZLS depth plane and the stencil attachment
 * (S8_UINT, D32_SFLOAT_S8_UINT) the ZLS stencil plane (the view's level and
 * first layer of the GPU-tiled image's plane, its layer stride), cleared to
 * clearValue.depthStencil, loaded/stored per their load/store ops
 * (agxv_render_build: ZLS Control, Z format, isp_bgobjdepth/vals).
 *
 * Layered passes (layerCount > 1) use the layered tile programs: BG loads
 * and EOT stores address the layer being processed of 2D-array views.
 *
 * Suspended passes (VK_RENDERING_SUSPENDING_BIT / RESUMING_BIT, possibly
 * in different command buffers of a submission): each part is a render
 * command of its own; a suspending part stores every attachment and skips
 * the resolves, a resuming one loads every attachment instead of its load
 * ops (graphics.md §5.4: the first render command of a pass gets the clears,
 * the last the main stores).
 *
 * vkCmdClearAttachments (agxv_clear.c) and load-op clears of a partial
 * render area (clear_area_draw) are draws inside the render command
 * (agxv_clear_draw.h). Where a draw cannot clear, vkCmdClearAttachments
 * splits the pass (agxv_rendering_split: the render command ends storing
 * every attachment, the pass resumes in a new one loading every attachment)
 * and partial-area clears are done in memory before the pass
 * (clear_render_area).
 *
 * Spilled render targets (a layout past 64 B per sample or a 16x16 utile,
 * graphics.md §5.3): the tile programs skip them, fragment shaders store
 * them to memory through the eMRT descriptors (agxv_emrt.h) uploaded per
 * render command, load-op clears run in memory before the pass, and
 * resolves read the multisampled image as for stored attachments.
 *
 * Multisampling (2 or 4 samples, graphics.md §3.6, §5.2): the tilebuffer
 * is laid out for the attachments' sample count, clears store every sample,
 * the end-of-tile program writes every sample of the multisampled PBE, and
 * colour resolves (AVERAGE, SAMPLE_ZERO) run after the render command as
 * the resolve kernel (agxv_resolve.c; Honeykrisp resolves after the pass
 * too, with vk_meta_resolve_rendering). Multisampled background loads
 * fetch every sample (agx_tile_programs.h). Depth/stencil resolves (SAMPLE_ZERO,
 * MIN, MAX, depth AVERAGE) resolve each aspect's plane with the same kernel.
 *
 * Passes without attachments (framebufferNoAttachmentsSampleCounts 1|4) begin with a
 * one-sample tilebuffer; the first draw's rasterizationSamples decides the count
 * (agxv_rendering_fix_samples: the layout, the render command's samples and sample
 * positions and the tile programs made again), as Honeykrisp's "late tilebuffer fix up"
 * does; a primary takes the count of a secondary whose draws decided it.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_pack.h"
#include "agx_tile_programs.h"
#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_clear.h"
#include "agxv_clear_draw.h"
#include "agxv_cmd_buffer.h"
#include "agxv_device.h"
#include "agxv_emrt.h"
#include "agxv_format.h"
#include "agxv_query_pool.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agxv_log.h"
#include "agxv_ppp.h"
#include "agxv_render.h"
#include "agxv_resolve.h"
#include "agxv_vdm.h"

#define USC_LIST_ALIGN 64u

/* ---- tile program cache -------------------------------------------------- */

struct tile_key {
   struct agx_tilebuffer_layout tib;
   uint8_t op[AGX_TIB_MAX_RTS]; /* enum agx_bg_op; all zero for EOT */
   uint8_t store_mask;
   bool eot;
   bool layered; /* several layers: 2D-array loads/stores of the current layer */
};

struct agxv_tile_program {
   struct tile_key key;
   struct agxv_bo *code;
   uint32_t gpr_halves, uniform_halves;
   struct agxv_tile_program *next;
};

static pthread_mutex_t tile_mutex = PTHREAD_MUTEX_INITIALIZER;

void
agxv_tile_programs_finish(struct agxv_device *device)
{
   struct agxv_tile_program *p = device->tile_programs;
   while (p) {
      struct agxv_tile_program *next = p->next;
      agxv_bo_destroy(device, p->code);
      agxv_free(&device->alloc, p);
      p = next;
   }
   device->tile_programs = NULL;
}

/* The program of a key, built and uploaded the first time only. */
static VkResult
tile_program(struct agxv_device *device, const struct tile_key *key,
             const struct agxv_tile_program **out)
{
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&tile_mutex);
   struct agxv_tile_program *p = device->tile_programs;
   while (p && memcmp(&p->key, key, sizeof(*key)))
      p = p->next;
   if (!p) {
      struct agx_backend_result r;
      char err[256] = "";
      int ret = key->eot ? agx_build_eot_program_layered(&key->tib, key->store_mask, key->layered,
                                                         &r, err, sizeof(err))
                         : agx_build_bg_program_layered(&key->tib, key->op, key->layered, &r, err,
                                                        sizeof(err));
      if (ret) {
         pthread_mutex_unlock(&tile_mutex);
         return agxv_error(VK_ERROR_UNKNOWN, "cannot build the %s program: %s",
                           key->eot ? "end-of-tile" : "background", err);
      }
      p = agxv_alloc(&device->alloc, sizeof(*p), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
      void *map = NULL;
      result = p ? agxv_bo_create(device, (uint32_t)r.size, AGXV_BO_EXEC | AGXV_BO_READONLY,
                                  "tile program", &p->code)
                 : VK_ERROR_OUT_OF_HOST_MEMORY;
      if (result == VK_SUCCESS)
         result = agxv_bo_map(device, p->code, &map);
      if (result == VK_SUCCESS) {
         memcpy(map, r.code, r.size);
         p->key = *key;
         p->gpr_halves = r.info.gpr_halves ? r.info.gpr_halves : 8;
         p->uniform_halves = r.info.uniform_halves;
         p->next = device->tile_programs;
         device->tile_programs = p;
      } else if (p) {
         if (p->code)
            agxv_bo_destroy(device, p->code);
         agxv_free(&device->alloc, p);
         p = NULL;
      }
      agx_backend_result_free(&r);
   }
   pthread_mutex_unlock(&tile_mutex);
   *out = p;
   return result;
}

/* ---- word lists ---------------------------------------------------------- */

static enum agx_shared_layout
shared_layout(const struct agx_tilebuffer_layout *tib)
{
   if (tib->tile_w == 32 && tib->tile_h == 32)
      return AGX_SHARED_LAYOUT_32X32;
   if (tib->tile_w == 32 && tib->tile_h == 16)
      return AGX_SHARED_LAYOUT_32X16;
   return AGX_SHARED_LAYOUT_16X16;
}

/* USC Shared word of a tilebuffer (agx_usc_tilebuffer). */
uint8_t *
agxv_usc_tilebuffer(uint8_t *p, const struct agx_tilebuffer_layout *tib)
{
   agxv_push(p, USC_SHARED, cfg) {
      cfg.uses_shared_memory = true;
      cfg.layout = shared_layout(tib);
      cfg.sample_stride_in_8_bytes = tib->sample_size_B / 8;
      cfg.sample_count = tib->nr_samples;
      cfg.bytes_per_threadgroup = agx_tilebuffer_bytes_per_tile(tib);
   }
   return p;
}

/* Clear value of one RT in st_tile's register form (agx_tile_programs.h). */
static void
pack_clear(enum agx_tib_format format, const VkClearColorValue *v, uint8_t out[16])
{
   const struct agx_tib_format_info *f = agx_tib_format(format);
   memset(out, 0, 16);
   for (unsigned c = 0; c < 4; c++) {
      switch (f->isa_format) {
      case AGX_FMT_F16: {
         _Float16 h = (_Float16)v->float32[c];
         memcpy(out + 2 * c, &h, 2);
         break;
      }
      case AGX_FMT_I8:
      case AGX_FMT_I16: {
         uint16_t h = (uint16_t)v->uint32[c];
         memcpy(out + 2 * c, &h, 2);
         break;
      }
      case AGX_FMT_I32:
         memcpy(out + 4 * c, &v->uint32[c], 4);
         break;
      default:
         memcpy(out + 4 * c, &v->float32[c], 4);
         break;
      }
   }
}

struct tile_list {
   const struct agxv_tile_program *prog;
   uint64_t uniforms; /* 0: none */
   uint32_t uniform_halves;
   uint64_t textures; /* Texture / PBE descriptors, 24 B each */
   uint32_t texture_count;
   uint64_t sampler; /* txf sampler (BG loads), 0: none */
};

/* A BG/EOT word list in the USC heap; returns the drm_asahi_bg_eot. */
static VkResult
emit_tile_list(struct agxv_cmd_buffer *cmd, const struct tile_list *l,
               const struct agx_tilebuffer_layout *tib, struct drm_asahi_bg_eot *out)
{
   struct agxv_device *device = cmd->device;
   struct agxv_upload_ptr list;
   VkResult result = agxv_upload_alloc(&cmd->usc, 128, USC_LIST_ALIGN, &list);
   if (result != VK_SUCCESS)
      return result;
   uint8_t *p = list.cpu;
   for (uint32_t off = 0; off < l->uniform_halves; off += 64) {
      uint32_t n = l->uniform_halves - off < 64 ? l->uniform_halves - off : 64;
      agxv_push(p, USC_UNIFORM, cfg) {
         cfg.start_halfs = off;
         cfg.size_halfs = n;
         cfg.buffer = l->uniforms + 2 * off;
      }
   }
   if (l->texture_count) {
      agxv_push(p, USC_TEXTURE, cfg) {
         cfg.start = 0;
         cfg.count = l->texture_count;
         cfg.buffer = l->textures;
      }
   }
   if (l->sampler) {
      agxv_push(p, USC_SAMPLER, cfg) {
         cfg.start = 0;
         cfg.count = 1;
         cfg.buffer = l->sampler;
      }
   }
   p = agxv_usc_tilebuffer(p, tib);
   agxv_push(p, USC_SHADER, cfg) {
      cfg.code = agxv_bo_usc_offset(device, l->prog->code);
      cfg.unk_2 = 3; /* Mesa's value for non-fragment programs (hk_build_bg_eot) */
   }
   agxv_push(p, USC_REGISTERS, cfg) {
      cfg.register_count = l->prog->gpr_halves;
   }
   agxv_push(p, USC_NO_PRESHADER, cfg)
      ;
   /* Mesa ORs 4 into the word-list offset (flags in the low bits). */
   out->usc = (uint32_t)(list.gpu - device->usc_base) | 4;
   agx_pack(&out->rsrc_spec, COUNTS, cfg) {
      cfg.uniform_register_count = l->uniform_halves;
      cfg.texture_state_register_count = l->texture_count;
      cfg.sampler_state_register_count =
         l->sampler ? AGX_SAMPLER_STATES_4_COMPACT : AGX_SAMPLER_STATES_0;
      cfg.preshader_register_count = 0;
   }
   return VK_SUCCESS;
}

/* ---- the pass -------------------------------------------------------------- */

/* One attachment of the pass; `aspect` is COLOR for colour attachments. */
static VkResult
attachment_desc(const VkRenderingAttachmentInfo *a, VkImageAspectFlagBits aspect,
                struct agxv_render_attachment *out)
{
   const struct agxv_image_view *view = agxv_image_view_from_handle(a->imageView);
   bool color = aspect == VK_IMAGE_ASPECT_COLOR_BIT;
   memset(out, 0, sizeof(*out));
   if (!view)
      return VK_SUCCESS;
   if (a->resolveMode != VK_RESOLVE_MODE_NONE && !color &&
       !agxv_resolve_zs_mode_supported(a->resolveMode, aspect))
      return agxv_error(VK_ERROR_UNKNOWN, "depth/stencil resolve mode 0x%x of aspect 0x%x",
                        (unsigned)a->resolveMode, (unsigned)aspect);
   if (a->resolveMode != VK_RESOLVE_MODE_NONE && color &&
       a->resolveMode != VK_RESOLVE_MODE_AVERAGE_BIT &&
       a->resolveMode != VK_RESOLVE_MODE_SAMPLE_ZERO_BIT)
      return agxv_error(VK_ERROR_UNKNOWN, "resolve mode 0x%x", (unsigned)a->resolveMode);
   const struct agxv_image *image = view->image;
   out->present = true;
   out->width =
      image->extent.width >> view->base_level ? image->extent.width >> view->base_level : 1;
   out->height =
      image->extent.height >> view->base_level ? image->extent.height >> view->base_level : 1;
   out->samples = image->samples;
   out->load_op = a->loadOp;
   out->store_op = a->storeOp;
   out->resolve_mode = a->resolveMode;
   return VK_SUCCESS;
}

/* Every present attachment of desc: load (a resumed render command) or
 * store (a render command the pass continues after). */
static void
force_ops(struct agxv_render_desc *desc, bool load, bool store)
{
   struct agxv_render_attachment *zs[2] = {&desc->depth, &desc->stencil};
   for (uint32_t i = 0; i < AGXV_RENDER_MAX_RTS + 2; i++) {
      struct agxv_render_attachment *a =
         i < AGXV_RENDER_MAX_RTS ? &desc->color[i] : zs[i - AGXV_RENDER_MAX_RTS];
      if (load)
         a->load_op = VK_ATTACHMENT_LOAD_OP_LOAD;
      if (store)
         a->store_op = VK_ATTACHMENT_STORE_OP_STORE;
   }
}

/* The background word list: per colour attachment a clear (its value in
 * the uniforms), a load (its Texture descriptor) or nothing. */
static VkResult
build_bg(struct agxv_cmd_buffer *cmd, const struct agxv_render_desc *desc, bool incomplete,
         struct drm_asahi_cmd_render *rc)
{
   struct agxv_device *device = cmd->device;
   struct agxv_rendering_state *rs = &cmd->rendering;
   const struct agx_tilebuffer_layout *tib = &rs->tib;
   struct tile_key bg = {.tib = *tib, .layered = rc->layers > 1};
   bool loads = false;
   struct agxv_upload_ptr uni, tex;
   VkResult result = agxv_upload_alloc(&cmd->data, 8 + 16 * AGXV_MAX_RTS, 16, &uni);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, 2 * 24 * AGXV_MAX_RTS, 16, &tex);
   if (result != VK_SUCCESS)
      return result;
   memset(uni.cpu, 0, 8 + 16 * AGXV_MAX_RTS);
   memset(tex.cpu, 0, 2 * 24 * AGXV_MAX_RTS);
   for (uint32_t i = 0; i < desc->color_count; i++) {
      const struct agxv_image_view *view = rs->color_views[i];
      if (!view)
         continue;
      enum agxv_bg_op op = agxv_render_bg_op(&desc->color[i], false, incomplete);
      bg.op[i] = op == AGXV_BG_CLEAR  ? AGX_BG_CLEAR
                 : op == AGXV_BG_LOAD ? AGX_BG_LOAD
                                      : AGX_BG_NONE;
      if (op == AGXV_BG_CLEAR)
         pack_clear(tib->format[i], &rs->clear_color[i], (uint8_t *)uni.cpu + 8 + 16 * i);
      if (op == AGXV_BG_LOAD) {
         loads = true;
         memcpy((uint8_t *)tex.cpu + 2 * 24 * i, &view->desc[AGXV_IMAGE_DESC_TEXTURE / 4], 24);
      }
   }
   const struct agxv_tile_program *bgp;
   result = tile_program(device, &bg, &bgp);
   uint64_t txf = 0;
   if (result == VK_SUCCESS && loads)
      result = agxv_device_txf_sampler(device, &txf);
   if (result != VK_SUCCESS)
      return result;
   struct tile_list bl = {
      .prog = bgp,
      .uniforms = uni.gpu,
      .uniform_halves = (bgp->uniform_halves + 7) & ~7u,
      .textures = tex.gpu,
      .texture_count = loads ? 2 * desc->color_count : 0,
      .sampler = txf,
   };
   result = emit_tile_list(cmd, &bl, tib, &rc->bg);
   /* No partial renders (one stream per render command): the same program. */
   rc->partial_bg = rc->bg;
   return result;
}

/* The end-of-tile word list: a PBE descriptor per stored attachment. */
static VkResult
build_eot(struct agxv_cmd_buffer *cmd, const struct agxv_render_desc *desc,
          struct drm_asahi_cmd_render *rc)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   const struct agx_tilebuffer_layout *tib = &rs->tib;
   struct tile_key eot = {.tib = *tib, .eot = true, .layered = rc->layers > 1};
   struct agxv_upload_ptr pbe;
   VkResult result = agxv_upload_alloc(&cmd->data, 24 * AGXV_MAX_RTS, 16, &pbe);
   if (result != VK_SUCCESS)
      return result;
   memset(pbe.cpu, 0, 24 * AGXV_MAX_RTS);
   for (uint32_t i = 0; i < desc->color_count; i++) {
      const struct agxv_image_view *view = rs->color_views[i];
      if (!view || !agxv_render_eot_store(&desc->color[i], false))
         continue;
      eot.store_mask |= 1u << i;
      /* The tilebuffer already holds sRGB-encoded bytes (srgba8 encodes
       * on st_tile), so the end-of-tile PBE uses the linear format, as
       * Mesa's EOT PBEs do (graphics.md §7.3). The sampled descriptor's
       * PBE: a multisampled image's storage PBE is the buffer-like one
       * of shader stores, the EOT writes with the real multisampled one. */
      struct AGX_PBE eot_pbe;
      AGX_PBE_unpack(NULL, (const uint8_t *)&view->desc[AGXV_IMAGE_DESC_PBE / 4], &eot_pbe);
      eot_pbe.srgb = false;
      AGX_PBE_pack((uint32_t *)((uint8_t *)pbe.cpu + 24 * i), &eot_pbe);
   }
   const struct agxv_tile_program *eotp;
   result = tile_program(cmd->device, &eot, &eotp);
   if (result != VK_SUCCESS)
      return result;
   struct tile_list el = {
      .prog = eotp,
      .textures = pbe.gpu,
      .texture_count = eot.store_mask ? 32 - (uint32_t)__builtin_clz(eot.store_mask) : 0,
   };
   result = emit_tile_list(cmd, &el, tib, &rc->eot);
   rc->partial_eot = rc->eot;
   return result;
}

/* The stream's opening words: USC cache invalidate, then the first PPP
 * update (hk_cmd_buffer.c). */
static VkResult
open_stream(struct agxv_cmd_buffer *cmd)
{
   struct agxv_upload_ptr ppp;
   VkResult result = agxv_upload_alloc(&cmd->data, AGXV_PPP_STREAM_INIT_SIZE, 64, &ppp);
   if (result != VK_SUCCESS)
      return result;
   size_t size = agxv_ppp_emit_stream_init(ppp.cpu, AGXV_PPP_STREAM_INIT_SIZE);
   agxv_cmd_close_stream(cmd);
   struct agxv_cs *cs = agxv_cmd_open_stream(cmd, AGXV_CS_VDM);
   uint8_t *p = agxv_cs_reserve(cs, 4 + AGXV_VDM_PPP_STATE_SIZE);
   if (!p)
      return cs->status;
   p += agxv_vdm_emit_stream_start_barrier(p, 4);
   agxv_vdm_emit_ppp_state(p, AGXV_VDM_PPP_STATE_SIZE, ppp.gpu, size);
   return VK_SUCCESS;
}

/* Load-op clears of a render area smaller than the framebuffer: the render
 * command loads every attachment (pixels outside the area keep their
 * contents), so the area is cleared in memory first by the clear kernel
 * (agxv_clear.c). Honeykrisp draws the clears as rectangles inside the pass
 * instead (graphics.md §5.4, §9); both leave the same pixels. */
static void
clear_render_area(struct agxv_cmd_buffer *cmd, const struct agxv_render_desc *desc)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   for (uint32_t i = 0; i < desc->color_count; i++) {
      if (!rs->color_views[i] || desc->color[i].load_op != VK_ATTACHMENT_LOAD_OP_CLEAR)
         continue;
      VkClearValue v = {.color = rs->clear_color[i]};
      agxv_clear_view_rect(cmd, rs->color_views[i], VK_IMAGE_ASPECT_COLOR_BIT, &v, desc->area, 0,
                           desc->layer_count, desc->view_mask);
   }
   VkClearValue zs = {.depthStencil = {desc->clear_depth, desc->clear_stencil}};
   if (rs->depth_view && desc->depth.load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
      agxv_clear_view_rect(cmd, rs->depth_view, VK_IMAGE_ASPECT_DEPTH_BIT, &zs, desc->area, 0,
                           desc->layer_count, desc->view_mask);
   if (rs->stencil_view && desc->stencil.load_op == VK_ATTACHMENT_LOAD_OP_CLEAR)
      agxv_clear_view_rect(cmd, rs->stencil_view, VK_IMAGE_ASPECT_STENCIL_BIT, &zs, desc->area, 0,
                           desc->layer_count, desc->view_mask);
}

/* Load-op clears of a partial render area drawn as a rectangle over the area inside the
 * render command, which loads every attachment (Honeykrisp's way, graphics.md §5.4, §9):
 * every layer of the pass, or every view of its mask. */
static void
clear_area_draw(struct agxv_cmd_buffer *cmd, const struct agxv_render_desc *desc)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   VkClearRect rect = {desc->area, 0, desc->view_mask ? 1 : desc->layer_count};
   struct agxv_clear_draw d = {.rects = &rect, .rect_count = 1};
   for (uint32_t i = 0; i < desc->color_count; i++) {
      if (!rs->color_views[i] || desc->color[i].load_op != VK_ATTACHMENT_LOAD_OP_CLEAR)
         continue;
      d.color_mask |= 1u << i;
      d.color[i] = rs->clear_color[i];
   }
   d.depth = rs->depth_view && desc->depth.load_op == VK_ATTACHMENT_LOAD_OP_CLEAR;
   d.depth_value = desc->clear_depth;
   d.stencil = rs->stencil_view && desc->stencil.load_op == VK_ATTACHMENT_LOAD_OP_CLEAR;
   d.stencil_value = desc->clear_stencil;
   if ((d.color_mask || d.depth || d.stencil) && !agxv_clear_draw(cmd, &d))
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN, "render-area clear not drawn"));
}

/* Opens the render command of the pass in rs->desc: the first one, or
 * (resume) one continuing the pass after agxv_rendering_split. */
static VkResult
start_render(struct agxv_cmd_buffer *cmd, bool resume)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   struct agxv_render_desc desc = rs->desc;
   if (resume)
      force_ops(&desc, true, false);
   struct agxv_render_tib rtib = agxv_render_tib_from_layout(&rs->tib);
   struct drm_asahi_cmd_render rc;
   memset(&rc, 0, sizeof(rc));
   struct agxv_render_out rout;
   VkResult result = agxv_render_build(&desc, &rtib, &rc, &rout);
   if (result != VK_SUCCESS)
      return result;
   /* Load-op clears of a partial render area: drawn in the render command once it is open
    * (clear_area_draw), or, where a draw cannot do it, done in memory before it. */
   bool area_draw = !resume && rout.incomplete_render_area && agxv_clear_draw_possible(rs);
   if (!resume && rout.incomplete_render_area && !area_draw) {
      clear_render_area(cmd, &desc);
      if (cmd->record_result != VK_SUCCESS)
         return cmd->record_result;
   } else if (!resume) {
      agxv_emrt_clear(cmd); /* spilled attachments live in memory (agxv_emrt.h) */
      if (cmd->record_result != VK_SUCCESS)
         return cmd->record_result;
   }
   result = open_stream(cmd);
   if (result != VK_SUCCESS)
      return result;
   cmd->open.render.cmd = rc;
   rs->width = rc.width_px;
   rs->height = rc.height_px;
   result = build_bg(cmd, &desc, rout.incomplete_render_area, &cmd->open.render.cmd);
   if (result == VK_SUCCESS)
      result = build_eot(cmd, &desc, &cmd->open.render.cmd);
   if (result == VK_SUCCESS)
      result = agxv_emrt_upload(cmd);
   if (result != VK_SUCCESS)
      return result;
   rs->active = true;
   rs->resumed = resume;
   rs->stream_start = cmd->cs[AGXV_CS_VDM].cur;
   rs->scissor_count = rs->depth_bias_count = 0;
   rs->ppp_dirty = AGXV_PPP_DIRTY_ALL;
   agxv_query_render_started(cmd);
   /* Everything is emitted again in a new stream. */
   cmd->dyn.dirty = AGXV_DYN_ALL;
   agxv_draw_cache_begin_pass(&cmd->draw_cache);
   if (area_draw)
      clear_area_draw(cmd, &desc);
   return cmd->record_result;
}

/* One depth/stencil attachment's aspect as the pass's ZLS plane (the
 * view's base level and first layer of the image's plane). */
static VkResult
zs_attachment(const VkRenderingAttachmentInfo *a, VkImageAspectFlagBits aspect,
              struct agxv_render_attachment *att, VkFormat *format,
              struct agxv_render_zs_plane *plane, bool *bound)
{
   const struct agxv_image_view *view = a ? agxv_image_view_from_handle(a->imageView) : NULL;
   *bound = false;
   if (!view)
      return VK_SUCCESS;
   VkResult r = attachment_desc(a, aspect, att);
   if (r != VK_SUCCESS)
      return r;
   if (!agxv_render_zs_plane_init(plane, view->image, aspect, view->base_level, view->base_layer))
      return agxv_error(VK_ERROR_UNKNOWN, "%s attachment of format %d has no such plane",
                        aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? "depth" : "stencil",
                        view->image->format);
   *format = view->image->format;
   *bound = true;
   return VK_SUCCESS;
}

/* The depth and stencil attachments (either may be absent; a D32_S8 image
 * may be bound as both, each aspect its own plane). */
static VkResult
zs_attachments(const VkRenderingInfo *info, struct agxv_render_desc *desc,
               struct agxv_rendering_state *rs)
{
   VkResult r = zs_attachment(info->pDepthAttachment, VK_IMAGE_ASPECT_DEPTH_BIT, &desc->depth,
                              &desc->depth_format, &desc->depth_plane, &rs->has_depth);
   if (r == VK_SUCCESS)
      r = zs_attachment(info->pStencilAttachment, VK_IMAGE_ASPECT_STENCIL_BIT, &desc->stencil,
                        &desc->stencil_format, &desc->stencil_plane, &rs->has_stencil);
   if (r != VK_SUCCESS)
      return r;
   if (rs->has_depth)
      desc->clear_depth = info->pDepthAttachment->clearValue.depthStencil.depth;
   if (rs->has_stencil)
      desc->clear_stencil = info->pStencilAttachment->clearValue.depthStencil.stencil;
   return VK_SUCCESS;
}

/* Multiview: every attachment view has a layer for each view of the mask
 * (valid usage; a view past its layers would be stored outside the view). */
static VkResult
views_fit(const struct agxv_rendering_state *rs, uint32_t view_mask)
{
   uint32_t need = view_mask ? 32 - (uint32_t)__builtin_clz(view_mask) : 0;
   const struct agxv_image_view *zs[2] = {rs->depth_view, rs->stencil_view};
   for (uint32_t i = 0; i < rs->color_count + 2; i++) {
      const struct agxv_image_view *v =
         i < rs->color_count ? rs->color_views[i] : zs[i - rs->color_count];
      if (v && v->layers < need)
         return agxv_error(VK_ERROR_UNKNOWN, "view mask 0x%x needs %u layers, an attachment has %u",
                           view_mask, need, v->layers);
   }
   return VK_SUCCESS;
}

static VkResult
begin_rendering(struct agxv_cmd_buffer *cmd, const VkRenderingInfo *info)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   if (info->colorAttachmentCount > AGXV_MAX_RTS)
      return agxv_error(VK_ERROR_UNKNOWN, "%u colour attachments", info->colorAttachmentCount);

   struct agxv_render_desc desc = {
      .area = info->renderArea,
      .layer_count = info->layerCount,
      .view_mask = info->viewMask,
      .color_count = info->colorAttachmentCount,
   };
   rs->color_count = info->colorAttachmentCount;
   memset(rs->color_views, 0, sizeof(rs->color_views));
   uint32_t samples = 1;
   for (uint32_t i = 0; i < info->colorAttachmentCount; i++) {
      const VkRenderingAttachmentInfo *a = &info->pColorAttachments[i];
      VkResult r = attachment_desc(a, VK_IMAGE_ASPECT_COLOR_BIT, &desc.color[i]);
      if (r != VK_SUCCESS)
         return r;
      const struct agxv_image_view *view = agxv_image_view_from_handle(a->imageView);
      rs->resolve_views[i] = NULL;
      rs->resolve_modes[i] = VK_RESOLVE_MODE_NONE;
      if (view && a->resolveMode != VK_RESOLVE_MODE_NONE && a->resolveImageView) {
         rs->resolve_views[i] = agxv_image_view_from_handle(a->resolveImageView);
         rs->resolve_modes[i] = a->resolveMode;
      }
      if (view && samples < view->image->samples)
         samples = view->image->samples;
      rs->color_formats[i] = view ? view->format : VK_FORMAT_UNDEFINED;
      rs->color_views[i] = view;
      rs->clear_color[i] = info->pColorAttachments[i].clearValue.color;
   }
   VkResult zr = zs_attachments(info, &desc, rs);
   if (zr != VK_SUCCESS)
      return zr;
   rs->depth_view =
      rs->has_depth ? agxv_image_view_from_handle(info->pDepthAttachment->imageView) : NULL;
   rs->stencil_view =
      rs->has_stencil ? agxv_image_view_from_handle(info->pStencilAttachment->imageView) : NULL;
   rs->depth_resolve_view =
      rs->has_depth && info->pDepthAttachment->resolveMode != VK_RESOLVE_MODE_NONE
         ? agxv_image_view_from_handle(info->pDepthAttachment->resolveImageView)
         : NULL;
   rs->stencil_resolve_view =
      rs->has_stencil && info->pStencilAttachment->resolveMode != VK_RESOLVE_MODE_NONE
         ? agxv_image_view_from_handle(info->pStencilAttachment->resolveImageView)
         : NULL;
   rs->depth_resolve_mode = rs->depth_resolve_view ? info->pDepthAttachment->resolveMode : 0;
   rs->stencil_resolve_mode = rs->stencil_resolve_view ? info->pStencilAttachment->resolveMode : 0;
   if (rs->depth_view && samples < rs->depth_view->image->samples)
      samples = rs->depth_view->image->samples;
   if (rs->stencil_view && samples < rs->stencil_view->image->samples)
      samples = rs->stencil_view->image->samples;
   /* (mismatched sample counts are refused by agxv_render_build) */
   if (!agxv_tib_layout(&rs->tib, rs->color_formats, rs->color_count, samples))
      return agxv_error(VK_ERROR_UNKNOWN, "colour formats the tilebuffer does not take");
   agxv_rendering_set_subpass(rs, NULL, NULL, 0, false, false);
   bool any_view = rs->depth_view || rs->stencil_view;
   for (uint32_t i = 0; i < rs->color_count; i++)
      any_view |= rs->color_views[i] != NULL;
   rs->samples_open = !any_view;
   VkResult vr = views_fit(rs, desc.view_mask);
   if (vr != VK_SUCCESS)
      return vr;
   rs->desc = desc;
   /* Suspend/resume (graphics.md §5.4: a pass spanning several render
    * commands): a resuming pass's render command loads every attachment
    * (its load ops are not applied), a suspending one stores every
    * attachment and leaves the resolves to the pass's last part. */
   rs->suspending = (info->flags & VK_RENDERING_SUSPENDING_BIT) != 0;
   return start_render(cmd, (info->flags & VK_RENDERING_RESUMING_BIT) != 0);
}

void
agxv_rendering_set_subpass(struct agxv_rendering_state *rs, const struct agxv_subpass_tiles *tiles,
                           const uint32_t *rts, uint32_t count, bool depth, bool stencil)
{
   rs->sub_has_depth = rs->has_depth && (depth || !tiles || !tiles->merged);
   rs->sub_has_stencil = rs->has_stencil && (stencil || !tiles || !tiles->merged);
   if (!tiles || !tiles->merged) {
      rs->sub_tib = rs->tib;
      rs->sub_color_count = rs->color_count;
      for (uint32_t j = 0; j < AGXV_MAX_RTS; j++)
         rs->sub_rt[j] = (uint8_t)j;
      return;
   }
   rs->sub_tib = tiles->view;
   rs->sub_color_count = count;
   for (uint32_t j = 0; j < AGXV_MAX_RTS; j++)
      rs->sub_rt[j] = j < count ? (uint8_t)rts[j] : UINT8_MAX;
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBeginRendering(VkCommandBuffer commandBuffer, const VkRenderingInfo *pRenderingInfo)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   VkResult result = begin_rendering(cmd, pRenderingInfo);
   if (result != VK_SUCCESS) {
      cmd->rendering.active = false;
      agxv_cmd_set_error(cmd, result);
   }
}

/* Uploads a pass array; 0 when empty. */
static VkResult
upload_array(struct agxv_cmd_buffer *cmd, const uint8_t *data, uint32_t bytes, __u64 *va)
{
   *va = 0;
   if (!bytes)
      return VK_SUCCESS;
   struct agxv_upload_ptr p;
   VkResult result = agxv_upload_alloc(&cmd->data, bytes, 64, &p);
   if (result == VK_SUCCESS) {
      memcpy(p.cpu, data, bytes);
      *va = p.gpu;
   }
   return result;
}

/* Closes the open render command: uploads the pass arrays draws appended. */
static VkResult
end_render(struct agxv_cmd_buffer *cmd)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   rs->active = false;
   if (!cmd->stream_open || cmd->open.type != AGXV_CS_VDM)
      return agxv_error(VK_ERROR_UNKNOWN, "render pass stream was closed");
   struct drm_asahi_cmd_render *rc = &cmd->open.render.cmd;
   VkResult result = upload_array(cmd, rs->scissors, rs->scissor_count * AGX_SCISSOR_LENGTH,
                                  &rc->isp_scissor_base);
   if (result == VK_SUCCESS)
      result = upload_array(cmd, rs->depth_bias, rs->depth_bias_count * AGX_DEPTH_BIAS_LENGTH,
                            &rc->isp_dbias_base);
   agxv_cmd_close_stream(cmd);
   agxv_query_render_ended(cmd);
   return result;
}

/* Closes the open render command storing every attachment (the pass
 * continues in another render command: a split or a suspension). */
static VkResult
end_render_storing(struct agxv_cmd_buffer *cmd)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   struct agxv_render_desc desc = rs->desc;
   force_ops(&desc, rs->resumed, true);
   struct agxv_render_tib rtib = agxv_render_tib_from_layout(&rs->tib);
   struct drm_asahi_cmd_render *rc = &cmd->open.render.cmd;
   VkResult result = VK_SUCCESS;
   if (cmd->stream_open && cmd->open.type == AGXV_CS_VDM) {
      result = agxv_render_build(&desc, &rtib, rc, NULL);
      if (result == VK_SUCCESS)
         result = build_eot(cmd, &desc, rc);
   }
   if (result == VK_SUCCESS)
      result = end_render(cmd);
   return result;
}

void
agxv_rendering_split(struct agxv_cmd_buffer *cmd,
                     void (*between)(struct agxv_cmd_buffer *cmd, void *data), void *data)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   if (!rs->active)
      return;
   /* The open render command now stores everything (also DONT_CARE
    * attachments: later draws of the pass still see the pixels); the
    * render-command fields are decided again for the new store ops
    * (empty tiles of a stored clear must be processed). */
   VkResult result = end_render_storing(cmd);
   if (result == VK_SUCCESS) {
      between(cmd, data);
      result = start_render(cmd, true);
   }
   if (result != VK_SUCCESS) {
      rs->active = false;
      agxv_cmd_set_error(cmd, result);
   }
}

VkResult
agxv_rendering_fix_samples(struct agxv_cmd_buffer *cmd, uint32_t samples)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   if (!rs->samples_open)
      return VK_SUCCESS;
   rs->samples_open = false;
   if (!samples)
      samples = 1;
   if (samples == rs->tib.nr_samples)
      return VK_SUCCESS;
   /* Honeykrisp (hk_cmd_draw.c, agx_tilebuffer_set_samples): "With attachmentless
    * rendering, we don't know the sample count until draw time, so we do a late tilebuffer
    * fix up", the layout built again for the count (a multisampled one takes 8 bytes per
    * sample even without render targets). */
   if (!agxv_tib_layout(&rs->tib, rs->color_formats, rs->color_count, samples))
      return agxv_error(VK_ERROR_UNKNOWN, "%u-sample attachmentless pass", samples);
   /* the draw checks pipelines against the subpass's view of it (no attachments: all of it) */
   agxv_rendering_set_subpass(rs, NULL, NULL, 0, false, false);
   /* a secondary continuing a pass has no render command: its primary takes the count from
    * it when it executes it (agxv_rendering_execute) */
   if (rs->inherited || !cmd->stream_open || cmd->open.type != AGXV_CS_VDM)
      return VK_SUCCESS;
   /* No attachment is loaded, cleared or stored: the render command's tilebuffer fields,
    * sample count and positions, and the tile programs (whose USC Shared word describes the
    * tilebuffer) are made again for the count. */
   struct agxv_render_desc desc = rs->desc;
   if (rs->resumed)
      force_ops(&desc, true, false);
   struct agxv_render_tib rtib = agxv_render_tib_from_layout(&rs->tib);
   struct drm_asahi_cmd_render *rc = &cmd->open.render.cmd;
   VkResult result = agxv_render_build(&desc, &rtib, rc, NULL);
   if (result == VK_SUCCESS)
      result = build_bg(cmd, &desc, false, rc);
   if (result == VK_SUCCESS)
      result = build_eot(cmd, &desc, rc);
   return result;
}

static void
nothing_between(struct agxv_cmd_buffer *cmd, void *data)
{
   (void)cmd, (void)data;
}

/* Whether a secondary's pass array (its draws index it from 0) agrees with the entries the
 * render command already has at the same indices. */
static bool
array_agrees(const uint8_t *have, uint32_t have_count, const uint8_t *sec, uint32_t sec_count,
             uint32_t size)
{
   uint32_t n = have_count < sec_count ? have_count : sec_count;
   return !n || !memcmp(have, sec, (size_t)n * size);
}

/* Appends the secondary's entries past the render command's (after array_agrees). */
static bool
array_extend(struct agxv_cmd_buffer *cmd, uint8_t **arr, uint32_t *count, uint32_t *cap,
             const uint8_t *sec, uint32_t sec_count, uint32_t size)
{
   if (sec_count <= *count)
      return true;
   uint32_t have = *count;
   uint8_t *d = agxv_pass_array_grow(cmd, arr, count, cap, sec_count - have, size);
   if (!d) {
      agxv_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
      return false;
   }
   memcpy(d, sec + (size_t)have * size, (size_t)(sec_count - have) * size);
   return true;
}

void
agxv_rendering_execute(struct agxv_cmd_buffer *cmd, const struct agxv_cmd_buffer *secondary,
                       const struct agxv_cmd_stream *part)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   const struct agxv_rendering_state *ss = &secondary->rendering;
   if (!rs->active || rs->inherited) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN,
                                         "a secondary continuing a render pass executed outside "
                                         "one (or from another secondary)"));
      return;
   }
   /* attachmentless passes: the primary takes the sample count of a secondary whose draws
    * decided it; a secondary without draws (its count still open) depends on no layout */
   if (!ss->samples_open) {
      VkResult fr = agxv_rendering_fix_samples(cmd, ss->tib.nr_samples);
      if (fr != VK_SUCCESS) {
         agxv_cmd_set_error(cmd, fr);
         return;
      }
   }
   if (!ss->samples_open && memcmp(&ss->tib, &rs->tib, sizeof(rs->tib))) {
      agxv_cmd_set_error(cmd, agxv_error(VK_ERROR_UNKNOWN,
                                         "the secondary's inherited formats/samples differ from "
                                         "the render pass's"));
      return;
   }
   /* The secondary's draws index its scissor / depth-bias arrays from 0: they join the
    * render command's when the entries already there agree (the first secondary of a pass,
    * or ones with the same scissors); otherwise the secondary gets a render command of its
    * own (the pass split before and after it, which needs the attachments loaded). */
   bool agree = array_agrees(rs->scissors, rs->scissor_count, ss->scissors, ss->scissor_count,
                             AGX_SCISSOR_LENGTH) &&
                array_agrees(rs->depth_bias, rs->depth_bias_count, ss->depth_bias,
                             ss->depth_bias_count, AGX_DEPTH_BIAS_LENGTH);
   if (!agree) {
      agxv_rendering_split(cmd, nothing_between, NULL);
      if (!rs->active)
         return;
   }
   if (!array_extend(cmd, &rs->scissors, &rs->scissor_count, &rs->scissor_cap, ss->scissors,
                     ss->scissor_count, AGX_SCISSOR_LENGTH) ||
       !array_extend(cmd, &rs->depth_bias, &rs->depth_bias_count, &rs->depth_bias_cap,
                     ss->depth_bias, ss->depth_bias_count, AGX_DEPTH_BIAS_LENGTH))
      return;
   /* the pass's spilled render targets' descriptors into the block the secondary's draws
    * name (after any split: the render command the secondary runs in) */
   agxv_emrt_fill(cmd, secondary);
   struct agxv_cs *cs = &cmd->cs[AGXV_CS_VDM];
   agxv_cs_call(cs, part->start_va);
   if (cs->status != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, cs->status);
      return;
   }
   /* the secondary left hardware state the primary's next draw must not assume */
   rs->ppp_dirty = AGXV_PPP_DIRTY_ALL;
   cmd->dyn.dirty = AGXV_DYN_ALL;
   if (!agree)
      agxv_rendering_split(cmd, nothing_between, NULL);
}

/* Opens a stream of a secondary's draws continuing its primary's pass (a part its primaries
 * call; the scissor / depth-bias arrays go on across parts, agxv_rendering_execute). */
static VkResult
open_inherited(struct agxv_cmd_buffer *cmd)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   VkResult result = open_stream(cmd);
   if (result != VK_SUCCESS)
      return result;
   rs->active = true;
   rs->stream_start = cmd->cs[AGXV_CS_VDM].cur;
   rs->ppp_dirty = AGXV_PPP_DIRTY_ALL;
   cmd->dyn.dirty = AGXV_DYN_ALL;
   agxv_draw_cache_begin_pass(&cmd->draw_cache);
   return VK_SUCCESS;
}

/* The rest of agxv_rendering_inherit: size, flags and the stream. */
static VkResult inherit_finish(struct agxv_cmd_buffer *cmd,
                               const VkCommandBufferInheritanceInfo *info, uint32_t view_mask);

/* agxv_rendering_inherit of a subpass merged with others: the group's
 * colour attachments and depth (agxv_render_pass_merge.c), the subpass's
 * places in them. */
static VkResult
inherit_merged(struct agxv_cmd_buffer *cmd, const VkCommandBufferInheritanceInfo *info,
               const struct agxv_render_pass *rp)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   const struct agxv_rp_subpass *sp = &rp->subpasses[info->subpass];
   uint32_t colors[AGXV_MAX_RTS];
   uint32_t n = agxv_render_pass_group_colors(rp, sp->group_first, sp->group_last, colors);
   if (n > AGXV_MAX_RTS)
      return agxv_error(VK_ERROR_UNKNOWN, "inherited subpass group of %u colour attachments", n);
   rs->color_count = n;
   for (uint32_t k = 0; k < n; k++)
      rs->color_formats[k] = rp->attachments[colors[k]].format;
   uint32_t z = agxv_render_pass_group_depth(rp, sp->group_first, sp->group_last);
   unsigned depth_bytes = 0, stencil_bytes = 0;
   if (z != VK_ATTACHMENT_UNUSED)
      agxv_zs_format_planes(rp->attachments[z].format, &depth_bytes, &stencil_bytes);
   rs->has_depth = depth_bytes != 0;
   rs->has_stencil = stencil_bytes != 0;
   if (!agxv_tib_layout(&rs->tib, rs->color_formats, rs->color_count,
                        agxv_render_pass_group_samples(rp, sp->group_first, sp->group_last)))
      return agxv_error(VK_ERROR_UNKNOWN, "inherited formats do not fit the tilebuffer");
   struct agxv_subpass_tiles tiles;
   agxv_render_pass_subpass_tiles(rp, info->subpass, &tiles);
   uint32_t rts[AGXV_MAX_RTS];
   for (uint32_t j = 0; j < sp->color_count; j++) {
      rts[j] = UINT8_MAX;
      for (uint32_t k = 0; k < n; k++)
         if (colors[k] == sp->color[j])
            rts[j] = k;
   }
   agxv_rendering_set_subpass(rs, &tiles, rts, sp->color_count,
                              sp->depth_format != VK_FORMAT_UNDEFINED,
                              sp->stencil_format != VK_FORMAT_UNDEFINED);
   return inherit_finish(cmd, info, 0);
}

VkResult
agxv_rendering_inherit(struct agxv_cmd_buffer *cmd, const VkCommandBufferInheritanceInfo *info)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   if (!info)
      return agxv_error(VK_ERROR_UNKNOWN, "RENDER_PASS_CONTINUE without inheritance info");
   const VkCommandBufferInheritanceRenderingInfo *ri =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO);
   const struct agxv_render_pass *rp = agxv_render_pass_from_handle(info->renderPass);
   uint32_t samples = 1, view_mask = 0;
   memset(rs->color_formats, 0, sizeof(rs->color_formats));
   if (rp) {
      if (info->subpass >= rp->subpass_count)
         return agxv_error(VK_ERROR_UNKNOWN, "inherited subpass %u of %u", info->subpass,
                           rp->subpass_count);
      const struct agxv_rp_subpass *sp = &rp->subpasses[info->subpass];
      rs->color_count = sp->color_count;
      for (uint32_t i = 0; i < sp->color_count; i++) {
         rs->color_formats[i] = sp->color_formats[i];
         if (sp->color[i] != VK_ATTACHMENT_UNUSED &&
             samples < (uint32_t)rp->attachments[sp->color[i]].samples)
            samples = rp->attachments[sp->color[i]].samples;
      }
      if (sp->depth_stencil != VK_ATTACHMENT_UNUSED &&
          samples < (uint32_t)rp->attachments[sp->depth_stencil].samples)
         samples = rp->attachments[sp->depth_stencil].samples;
      rs->has_depth = sp->depth_format != VK_FORMAT_UNDEFINED;
      rs->has_stencil = sp->stencil_format != VK_FORMAT_UNDEFINED;
      view_mask = sp->view_mask;
      bool any = sp->depth_stencil != VK_ATTACHMENT_UNUSED;
      for (uint32_t i = 0; i < sp->color_count; i++)
         any |= sp->color[i] != VK_ATTACHMENT_UNUSED;
      rs->samples_open = !any;
      /* a merged subpass: the render command's formats are its group's */
      if (sp->group_first != sp->group_last)
         return inherit_merged(cmd, info, rp);
   } else if (ri) {
      /* the inheritance names the sample count (rasterizationSamples), also without
       * attachments */
      rs->samples_open = false;
      if (ri->colorAttachmentCount > AGXV_MAX_RTS)
         return agxv_error(VK_ERROR_UNKNOWN, "%u inherited colour attachments",
                           ri->colorAttachmentCount);
      rs->color_count = ri->colorAttachmentCount;
      for (uint32_t i = 0; i < ri->colorAttachmentCount; i++)
         rs->color_formats[i] = ri->pColorAttachmentFormats[i];
      samples = ri->rasterizationSamples ? (uint32_t)ri->rasterizationSamples : 1;
      rs->has_depth = ri->depthAttachmentFormat != VK_FORMAT_UNDEFINED;
      rs->has_stencil = ri->stencilAttachmentFormat != VK_FORMAT_UNDEFINED;
      view_mask = ri->viewMask;
   } else {
      return agxv_error(VK_ERROR_UNKNOWN,
                        "RENDER_PASS_CONTINUE without a render pass or rendering info");
   }
   if (!agxv_tib_layout(&rs->tib, rs->color_formats, rs->color_count, samples))
      return agxv_error(VK_ERROR_UNKNOWN, "inherited formats do not fit the tilebuffer");
   agxv_rendering_set_subpass(rs, NULL, NULL, 0, false, false);
   return inherit_finish(cmd, info, view_mask);
}

static VkResult
inherit_finish(struct agxv_cmd_buffer *cmd, const VkCommandBufferInheritanceInfo *info,
               uint32_t view_mask)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   /* the framebuffer's size when given; else the largest (the primary's render command
    * clips to its own) */
   const struct agxv_framebuffer *fb = agxv_framebuffer_from_handle(info->framebuffer);
   rs->width = fb ? fb->width : 16384;
   rs->height = fb ? fb->height : 16384;
   /* the secondary's draws are recorded once per view (agxv_multiview.h) */
   memset(&rs->desc, 0, sizeof(rs->desc));
   rs->desc.view_mask = view_mask;
   rs->inherited = true;
   rs->suspending = false;
   rs->resumed = false;
   rs->scissor_count = rs->depth_bias_count = 0;
   VkResult result = agxv_emrt_reserve(cmd, info); /* spilled render targets (agxv_emrt.h) */
   if (result != VK_SUCCESS)
      return result;
   return open_inherited(cmd);
}

void
agxv_rendering_reopen_inherited(struct agxv_cmd_buffer *cmd)
{
   VkResult result = open_inherited(cmd);
   if (result != VK_SUCCESS)
      agxv_cmd_set_error(cmd, result);
}

/* Whether one of the rectangles covers the framebuffer and its layers. */
static bool
covers_all(const struct agxv_rendering_state *rs, uint32_t layers, const VkClearRect *rects,
           uint32_t rect_count)
{
   for (uint32_t r = 0; r < rect_count; r++) {
      const VkClearRect *c = &rects[r];
      bool all_layers = rs->desc.view_mask ||
                        (c->baseArrayLayer == 0 &&
                         (c->layerCount == VK_REMAINING_ARRAY_LAYERS || c->layerCount >= layers));
      if (c->rect.offset.x <= 0 && c->rect.offset.y <= 0 &&
          (int64_t)c->rect.offset.x + c->rect.extent.width >= rs->width &&
          (int64_t)c->rect.offset.y + c->rect.extent.height >= rs->height && all_layers)
         return true;
   }
   return false;
}

bool
agxv_rendering_fold_clears(struct agxv_cmd_buffer *cmd, const VkClearAttachment *atts,
                           uint32_t att_count, const VkClearRect *rects, uint32_t rect_count)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   if (!rs->active || rs->resumed || !cmd->stream_open || cmd->open.type != AGXV_CS_VDM ||
       cmd->cs[AGXV_CS_VDM].cur != rs->stream_start)
      return false;
   struct drm_asahi_cmd_render *rc = &cmd->open.render.cmd;
   if (!covers_all(rs, rc->layers, rects, rect_count))
      return false;
   /* spilled attachments are cleared in memory before the pass, not by
    * the background program (agxv_emrt.h): the split path clears them */
   for (uint32_t i = 0; i < att_count; i++) {
      uint32_t rt = agxv_rendering_rt(rs, atts[i].colorAttachment);
      if ((atts[i].aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) && rt != UINT32_MAX &&
          rs->tib.spilled[rt])
         return false;
   }
   /* The clears as load ops (every rectangle of an attachment clears the
    * same value, and one covers everything). */
   struct agxv_render_desc desc = rs->desc;
   VkClearColorValue clear_color[AGXV_MAX_RTS];
   memcpy(clear_color, rs->clear_color, sizeof(clear_color));
   for (uint32_t i = 0; i < att_count; i++) {
      const VkClearAttachment *a = &atts[i];
      uint32_t rt = agxv_rendering_rt(rs, a->colorAttachment);
      if ((a->aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) && rt != UINT32_MAX && rs->color_views[rt]) {
         desc.color[rt].load_op = VK_ATTACHMENT_LOAD_OP_CLEAR;
         clear_color[rt] = a->clearValue.color;
      }
      if ((a->aspectMask & VK_IMAGE_ASPECT_DEPTH_BIT) && rs->depth_view) {
         desc.depth.load_op = VK_ATTACHMENT_LOAD_OP_CLEAR;
         desc.clear_depth = a->clearValue.depthStencil.depth;
      }
      if ((a->aspectMask & VK_IMAGE_ASPECT_STENCIL_BIT) && rs->stencil_view) {
         desc.stencil.load_op = VK_ATTACHMENT_LOAD_OP_CLEAR;
         desc.clear_stencil = a->clearValue.depthStencil.stencil;
      }
   }
   struct agxv_render_tib rtib = agxv_render_tib_from_layout(&rs->tib);
   struct drm_asahi_cmd_render tmp = *rc;
   struct agxv_render_out rout;
   if (agxv_render_build(&desc, &rtib, &tmp, &rout) != VK_SUCCESS || rout.incomplete_render_area)
      return false;
   rs->desc = desc;
   memcpy(rs->clear_color, clear_color, sizeof(clear_color));
   *rc = tmp;
   VkResult result = build_bg(cmd, &desc, false, rc);
   if (result != VK_SUCCESS)
      agxv_cmd_set_error(cmd, result);
   return true;
}

/* The pass's resolves of layers [first, first + count). */
static void
resolve_layers(struct agxv_cmd_buffer *cmd, uint32_t first, uint32_t count)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   for (uint32_t i = 0; i < rs->color_count; i++) {
      if (rs->color_views[i] && rs->resolve_views[i])
         agxv_resolve_views(cmd, rs->color_views[i], rs->resolve_views[i], rs->resolve_modes[i],
                            rs->desc.area, first, count);
   }
   if (rs->depth_view && rs->depth_resolve_view)
      agxv_resolve_zs_views(cmd, rs->depth_view, rs->depth_resolve_view, VK_IMAGE_ASPECT_DEPTH_BIT,
                            rs->depth_resolve_mode, rs->desc.area, first, count);
   if (rs->stencil_view && rs->stencil_resolve_view)
      agxv_resolve_zs_views(cmd, rs->stencil_view, rs->stencil_resolve_view,
                            VK_IMAGE_ASPECT_STENCIL_BIT, rs->stencil_resolve_mode, rs->desc.area,
                            first, count);
}

/* Resolves at the end of the pass: its layers, or the layer of each view
 * of a multiview pass (agxv_multiview.h). */
static void
resolve_pass(struct agxv_cmd_buffer *cmd)
{
   uint32_t mask = cmd->rendering.desc.view_mask;
   if (!mask) {
      resolve_layers(cmd, 0, cmd->rendering.desc.layer_count);
      return;
   }
   for (uint32_t m = mask; m; m &= m - 1)
      resolve_layers(cmd, (uint32_t)__builtin_ctz(m), 1);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdEndRendering(VkCommandBuffer commandBuffer)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   if (!cmd->rendering.active)
      return;
   bool suspending = cmd->rendering.suspending;
   VkResult result = suspending ? end_render_storing(cmd) : end_render(cmd);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   if (!suspending)
      resolve_pass(cmd);
}

void
agxv_rendering_state_finish(struct agxv_cmd_buffer *cmd)
{
   struct agxv_rendering_state *rs = &cmd->rendering;
   agxv_free(&cmd->pool->alloc, rs->scissors);
   agxv_free(&cmd->pool->alloc, rs->depth_bias);
   memset(rs, 0, sizeof(*rs));
}
