/*
 * agx_decode: asahi UAPI render/compute commands. Assumes the upstream UAPI
 * in include/drm-uapi/asahi_drm.h: background/end-of-tile `usc` words are
 * USC-word-list offsets from usc_exec_base with tag bits in the low 3 bits
 * (the driver ORs in 4), `rsrc_spec` has the genxml "Counts" layout, and
 * zls_ctrl / isp_zls_pixels / ppp_ctrl hold the genxml "ZLS Control",
 * "CR ISP ZLS Pixels" and "CR PPP Control" register words.
 */
#include "agx_decode_priv.h"

#include <inttypes.h>
#include <string.h>

#include "drm-uapi/asahi_drm.h"

#define FIELD(cmd, name, fmt) fprintf(ctx->fp, "  " #name ": " fmt "\n", (cmd)->name)

/* Prints a register value through the genxml struct describing it. */
#define REGISTER(ctx, T, value, label)                         \
   do {                                                        \
      uint8_t bytes_[8];                                       \
      uint64_t v_ = (value);                                   \
      for (unsigned i_ = 0; i_ < sizeof(bytes_); ++i_)         \
         bytes_[i_] = (uint8_t)(v_ >> (8 * i_));               \
      fprintf((ctx)->fp, "  %s = 0x%" PRIx64 "\n", label, v_); \
      struct AGX_##T r_;                                       \
      if (!AGX_##T##_unpack((ctx)->fp, bytes_, &r_))           \
         (ctx)->errors++;                                      \
      AGX_##T##_print((ctx)->fp, &r_, 4);                      \
   } while (0)

void
agx_decode_sampler_heap(struct agx_decode_ctx *ctx, uint64_t va, unsigned count)
{
   if (!va || !count)
      return;
   fprintf(ctx->fp, "  sampler heap at 0x%" PRIx64 ", %u entries\n", va, count);
   for (unsigned i = 0; i < count; ++i) {
      uint8_t d[AGX_SAMPLER_LENGTH];
      uint64_t at = va + (uint64_t)i * AGX_SAMPLER_LENGTH;
      if (!agx_decode_fetch(ctx, at, d, sizeof(d)))
         return;
      static const uint8_t zero[AGX_SAMPLER_LENGTH];
      if (memcmp(d, zero, sizeof(d)) == 0)
         continue;
      char label[40];
      snprintf(label, sizeof(label), "heap sampler %u", i);
      AGX_DECODE_PRINT(ctx, SAMPLER, d, at, label, 4, s);
      (void)s;
   }
}

static void
decode_bg_eot(struct agx_decode_ctx *ctx, const struct drm_asahi_bg_eot *p, const char *name)
{
   fprintf(ctx->fp, "  %s: usc 0x%x, rsrc_spec 0x%x\n", name, p->usc, p->rsrc_spec);
   if (!p->usc)
      return;
   REGISTER(ctx, COUNTS, p->rsrc_spec, "rsrc_spec");
   struct AGX_COUNTS counts;
   uint8_t bytes[4] = {(uint8_t)p->rsrc_spec, (uint8_t)(p->rsrc_spec >> 8),
                       (uint8_t)(p->rsrc_spec >> 16), (uint8_t)(p->rsrc_spec >> 24)};
   AGX_COUNTS_unpack(NULL, bytes, &counts);
   agx_decode_usc(ctx, ctx->usc_base + (p->usc & ~7u), (int)counts.sampler_state_register_count);
}

void
agx_decode_cmd_render(struct agx_decode_ctx *ctx, const struct drm_asahi_cmd_render *c)
{
   fprintf(ctx->fp, "drm_asahi_cmd_render\n");
   FIELD(c, flags, "0x%x");
   REGISTER(ctx, CR_ISP_ZLS_PIXELS, c->isp_zls_pixels, "isp_zls_pixels");
   FIELD(c, vdm_ctrl_stream_base, "0x%llx");
   FIELD(c, vertex_helper.binary, "0x%x");
   FIELD(c, vertex_helper.cfg, "0x%x");
   FIELD(c, vertex_helper.data, "0x%llx");
   FIELD(c, fragment_helper.binary, "0x%x");
   FIELD(c, fragment_helper.cfg, "0x%x");
   FIELD(c, fragment_helper.data, "0x%llx");
   FIELD(c, isp_scissor_base, "0x%llx");
   FIELD(c, isp_dbias_base, "0x%llx");
   FIELD(c, isp_oclqry_base, "0x%llx");
   FIELD(c, depth.base, "0x%llx");
   FIELD(c, depth.comp_base, "0x%llx");
   FIELD(c, depth.stride, "%u");
   FIELD(c, depth.comp_stride, "%u");
   FIELD(c, stencil.base, "0x%llx");
   FIELD(c, stencil.comp_base, "0x%llx");
   FIELD(c, stencil.stride, "%u");
   FIELD(c, stencil.comp_stride, "%u");
   REGISTER(ctx, ZLS_CONTROL, c->zls_ctrl, "zls_ctrl");
   FIELD(c, ppp_multisamplectl, "0x%llx");
   FIELD(c, sampler_heap, "0x%llx");
   REGISTER(ctx, CR_PPP_CONTROL, c->ppp_ctrl, "ppp_ctrl");
   FIELD(c, width_px, "%u");
   FIELD(c, height_px, "%u");
   FIELD(c, layers, "%u");
   FIELD(c, sampler_count, "%u");
   FIELD(c, utile_width_px, "%u");
   FIELD(c, utile_height_px, "%u");
   FIELD(c, samples, "%u");
   FIELD(c, sample_size_B, "%u");
   FIELD(c, isp_merge_upper_x, "0x%x");
   FIELD(c, isp_merge_upper_y, "0x%x");
   FIELD(c, isp_bgobjdepth, "0x%x");
   FIELD(c, isp_bgobjvals, "0x%x");
   FIELD(c, ts_vtx.start.handle, "%u");
   FIELD(c, ts_vtx.start.offset, "%u");
   FIELD(c, ts_vtx.end.handle, "%u");
   FIELD(c, ts_vtx.end.offset, "%u");
   FIELD(c, ts_frag.start.handle, "%u");
   FIELD(c, ts_frag.start.offset, "%u");
   FIELD(c, ts_frag.end.handle, "%u");
   FIELD(c, ts_frag.end.offset, "%u");
   decode_bg_eot(ctx, &c->bg, "bg");
   decode_bg_eot(ctx, &c->eot, "eot");
   decode_bg_eot(ctx, &c->partial_bg, "partial_bg");
   decode_bg_eot(ctx, &c->partial_eot, "partial_eot");
   agx_decode_sampler_heap(ctx, c->sampler_heap, c->sampler_count);
   agx_decode_vdm(ctx, c->vdm_ctrl_stream_base);
}

void
agx_decode_cmd_compute(struct agx_decode_ctx *ctx, const struct drm_asahi_cmd_compute *c)
{
   fprintf(ctx->fp, "drm_asahi_cmd_compute\n");
   FIELD(c, flags, "0x%x");
   FIELD(c, sampler_count, "%u");
   FIELD(c, cdm_ctrl_stream_base, "0x%llx");
   FIELD(c, cdm_ctrl_stream_end, "0x%llx");
   FIELD(c, sampler_heap, "0x%llx");
   FIELD(c, helper.binary, "0x%x");
   FIELD(c, helper.cfg, "0x%x");
   FIELD(c, helper.data, "0x%llx");
   FIELD(c, ts.start.handle, "%u");
   FIELD(c, ts.start.offset, "%u");
   FIELD(c, ts.end.handle, "%u");
   FIELD(c, ts.end.offset, "%u");
   agx_decode_sampler_heap(ctx, c->sampler_heap, c->sampler_count);
   agx_decode_cdm(ctx, c->cdm_ctrl_stream_base);
}
