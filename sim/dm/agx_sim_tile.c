/*
 * The fragment phase of a render command, tile by tile
 * (graphics.md sections 1.1, 1.4, 1.6, 4.4, 5.4, 6, 11).
 *
 * For every layer and 32x32 tile touched by a primitive (every tile with
 * DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES), for every utile of the tile that
 * lies at least partly inside the framebuffer: the tilebuffer starts at
 * zero (Assumption: its contents are undefined before the background
 * program), depth/stencil start at isp_bgobjdepth / isp_bgobjvals (bits
 * 0-7) unless ZLS Control loads them; the background program runs once per
 * pixel inside the framebuffer; the tile's primitives are rasterised in
 * submission order; the end-of-tile program runs once per utile; ZLS
 * Control stores depth/stencil. Binning is exact (triangle/rectangle
 * overlap at 1/256 pixel).
 *
 * Per primitive and utile: samples covered (agx_sim_raster.c) inside the
 * scissor (Fragment control Scissor enable: the ISP Scissor at
 * isp_scissor_base + 16 x Depth bias/Scissor "Scissor"; max exclusive) are
 * depth/stencil tested before shading when the fragment program's USC
 * Fragment Properties say Early-z testing, or when no fragment shader runs
 * (Tag write disable, or no FS words), with immediate depth/stencil update
 * ("IMR semantics", graphics.md 1.4: a superset of what HSR shades).
 * Otherwise the fragment shader's sample_mask / zs_emit run the tests
 * (graphics.md 4.4). Fragment shaders run on 2x2 quads (lanes 4k..4k+3 =
 * top-left, top-right, bottom-left, bottom-right) that contain a covered
 * pixel; the other pixels of such quads are helper lanes. Depth: window z
 * (interpolated plus bias, or written by the shader) clamped to the ISP
 * Scissor's Min Z / Max Z of the primitive's viewport (graphics.md 3.2:
 * Honeykrisp's depth clamp; Assumption: the clamp applies to shader-written
 * depth too, as Vulkan's depth clamp does) when scissoring is enabled,
 * then to [0, 1] (Assumption), compared as f32 (ZLS Format 32F) or as
 * round(z x 65535) (Format 16). Stencil: 8-bit with the Fragment stencil
 * words of the primitive's facing, reference from the Fragment face word.
 * Visibility (Fragment control Visibility mode Counting / Boolean) adds
 * the passing samples / stores 1 into the u64 at isp_oclqry_base + 8 x
 * occlusion query Index (Assumption: unit = samples, graphics.md 1.4).
 * Depth bias (Fragment control Depth bias enable, triangles and the edges /
 * vertices of polygon-mode Line / Point polygons, agx_sim_prim.c): entry
 * Depth bias/Scissor "Depth bias" of the 12-byte array at isp_dbias_base
 * {constant, slope scale, clamp} adds o = m x slope + r x constant (clamped
 * by clamp when non-zero) to every sample's window z, m = max(|dz/dx|,
 * |dz/dy|). Assumption (Vulkan's formula; the hardware's is not public):
 * r = 2^(e - 23) with e the exponent of the largest |z| of the triangle,
 * or r = 2^-16 with DRM_ASAHI_RENDER_DBIAS_IS_INT (Mesa scales D16
 * constants by 2^-15 for it, graphics.md 3.4).
 * ZLS: with Z/S Load the utile's depth/stencil start from the depth/stencil
 * buffers instead of the clear values; with Z/S Store they are written back
 * after the EOT program, for the pixels inside isp_zls_pixels. The planes
 * are single-level GPU-tiled (ail) surfaces of isp_zls_pixels (ZLS Tiling
 * GPU): Z32F 4 bytes, Z16 2 bytes (unorm), S8 1 byte per sample, samples
 * contiguous in a pixel's element (graphics.md section 6). Layer l is at
 * base + l x layer stride, the stride field being Mesa's register encoding
 * ((pages - 1) << 14) | 1 (Assumption from hk_cmd_draw.c, uapi.md).
 * Twiddled tiling and compression are not modelled (fault).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_sim_raster.h"

#define MAX_UTILE_PX (32 * 32)
#define MAX_CF 256

struct tile_ctx {
   struct agx_sim_render *r;
   const struct drm_asahi_cmd_render *cmd;
   struct AGX_ZLS_CONTROL zls;
   uint32_t zls_w, zls_h;   /* isp_zls_pixels */
   uint32_t ux, uy, uw, uh; /* utile origin and size (pixels) */
   uint32_t tx, ty;         /* 32x32 tile origin */
   uint16_t layer;
   unsigned samples, ssize;
   uint8_t *tb;      /* tilebuffer: [y][x][sample][ssize] */
   double *depth;    /* [y][x][sample] */
   uint8_t *stencil; /* [y][x][sample] */
   /* current primitive */
   const struct agx_sim_prim *prim;
   struct agx_sim_draw *draw;
   float cf[MAX_CF][3];
   uint8_t cf_valid[MAX_CF];
   struct agx_sim_usc_pixel px[MAX_UTILE_PX];
   float zs[MAX_UTILE_PX][4]; /* interpolated window z per thread and sample */
   /* per utile pixel, during one fragment batch: samples st_tile wrote,
    * samples sample_mask/zs_emit tested, samples zs_emit executed for */
   uint8_t stored[MAX_UTILE_PX], tested[MAX_UTILE_PX], emitted[MAX_UTILE_PX];
   bool early; /* the current primitive's samples were tested before shading */
   struct agx_sim_usc_tilebuffer tbuf; /* the tilebuffer as the batches see it */
   uint64_t visible;
   double z_min, z_max; /* the primitive's ISP Scissor Z range (depth clamp) */
   char msg[256];
};

static const char *
coeff_hook(void *p, uint32_t thread, unsigned cf, float abc[3])
{
   struct tile_ctx *c = p;
   (void)thread;
   if (cf >= MAX_CF || cf >= c->draw->cf_count || !c->cf_valid[cf]) {
      snprintf(c->msg, sizeof(c->msg), "coefficient register cf%u is not bound by a CF binding",
               cf);
      return c->msg;
   }
   if (c->cf_valid[cf] == 2) {
      snprintf(c->msg, sizeof(c->msg),
               "cf%u is bound to a varying word the vertex shader did not write", cf);
      return c->msg;
   }
   memcpy(abc, c->cf[cf], sizeof(float) * 3);
   return NULL;
}

static bool
zs_compare(unsigned func, double a, double b)
{
   switch (func) {
   case AGX_ZS_FUNC_NEVER:
      return false;
   case AGX_ZS_FUNC_LESS:
      return a < b;
   case AGX_ZS_FUNC_EQUAL:
      return a == b;
   case AGX_ZS_FUNC_LEQUAL:
      return a <= b;
   case AGX_ZS_FUNC_GREATER:
      return a > b;
   case AGX_ZS_FUNC_NOT_EQUAL:
      return a != b;
   case AGX_ZS_FUNC_GEQUAL:
      return a >= b;
   default:
      return true;
   }
}

static uint8_t
stencil_op(unsigned op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case AGX_STENCIL_OP_ZERO:
      return 0;
   case AGX_STENCIL_OP_REPLACE:
      return ref;
   case AGX_STENCIL_OP_INCR_SAT:
      return s == 255 ? 255 : s + 1;
   case AGX_STENCIL_OP_DECR_SAT:
      return s == 0 ? 0 : s - 1;
   case AGX_STENCIL_OP_INVERT:
      return (uint8_t)~s;
   case AGX_STENCIL_OP_INCR_WRAP:
      return (uint8_t)(s + 1);
   case AGX_STENCIL_OP_DECR_WRAP:
      return (uint8_t)(s - 1);
   default:
      return s;
   }
}

static double
quantize_z(const struct tile_ctx *c, double z)
{
   z = fmin(fmax(z, 0.0), 1.0);
   if (c->zls.z_format == AGX_ZLS_FORMAT_16)
      return nearbyint(z * 65535.0) / 65535.0;
   return (double)(float)z;
}

/* Depth/stencil test of one sample of utile pixel (lx, ly); updates the
 * buffers; returns whether it passes. */
static bool
zs_test(struct tile_ctx *c, unsigned lx, unsigned ly, unsigned s, double z, bool has_s,
        unsigned sval)
{
   const struct agx_sim_ppp *p = &c->draw->ppp;
   bool back = c->prim->backfacing;
   const struct AGX_FRAGMENT_FACE *face = back ? &p->back : &p->front;
   const struct AGX_FRAGMENT_STENCIL *st = back ? &p->back_stencil : &p->front_stencil;
   size_t i = ((size_t)ly * c->uw + lx) * c->samples + s;
   double zq = quantize_z(c, fmin(fmax(z, c->z_min), c->z_max));
   bool zpass = zs_compare(face->depth_function, zq, c->depth[i]);
   bool pass = zpass;
   if (p->fc.stencil_test_enable) {
      uint8_t cur = c->stencil[i], ref = face->stencil_reference;
      bool spass =
         zs_compare(st->compare, (double)(ref & st->read_mask), (double)(cur & st->read_mask));
      unsigned op = !spass ? st->stencil_fail : !zpass ? st->depth_fail : st->depth_pass;
      uint8_t nv = has_s ? (uint8_t)sval : stencil_op(op, cur, ref);
      c->stencil[i] = (uint8_t)((cur & ~st->write_mask) | (nv & st->write_mask));
      pass = spass && zpass;
   }
   if (pass && !face->disable_depth_write)
      c->depth[i] = zq;
   if (pass)
      c->visible++;
   return pass;
}

/* sample_mask / zs_emit. Strict mode enforces Mesa's empirically
 * established rules (graphics.md 4.4, agx_nir_lower_sample_mask.c): tests
 * of a sample come before any st_tile to it (1), a tested sample is not
 * killed afterwards (3), zs_emit executes at most once per sample (4); a killed
 * sample ignores later sample_mask (3). */
static const char *
test_hook(void *p, uint32_t thread, unsigned target, unsigned live, bool has_z, float z, bool has_s,
          unsigned sval)
{
   struct tile_ctx *c = p;
   struct agx_sim_usc_pixel *px = &c->px[thread];
   unsigned lx = px->x - c->ux, ly = px->y - c->uy, li = ly * c->uw + lx;
   bool strict = c->r->gpu->cfg.strict, zs = live == 0xFFFF && (has_z || has_s);
   /* per sample: a per-sample loop (Mesa agx_nir_lower_to_per_sample)
    * emits once per sample with that sample's mask */
   uint8_t tmask = (uint8_t)(target & ((1u << c->samples) - 1));
   /* Assumption (graphics.md 4.4 rules 2 and 3; Mesa agx_linker.c clears
    * Early-z testing whenever a part executes sample_mask or zs_emit): the
    * early test already tested every sample, which the shader may neither
    * test again nor kill */
   if (strict && c->early)
      return "sample_mask/zs_emit in a fragment shader whose USC Fragment Properties set "
             "Early-z testing (its samples were tested before it ran; graphics.md 4.4 rule 2)";
   if (strict && zs && (c->emitted[li] & tmask))
      return "zs_emit executed twice for a sample (graphics.md 4.4 rule 4)";
   if (zs)
      c->emitted[li] |= tmask;
   for (unsigned s = 0; s < c->samples; s++) {
      unsigned bit = 1u << s;
      if (!(target & bit) || !(px->coverage & bit))
         continue;
      if (strict && (c->stored[li] & bit))
         return "sample_mask/zs_emit of a sample after st_tile stored it (graphics.md 4.4 rule 1)";
      if (!(live & bit)) {
         if (strict && (c->tested[li] & bit))
            return "sample_mask kills a sample that was already tested (graphics.md 4.4 rule 3)";
         px->coverage &= (uint8_t)~bit;
         continue;
      }
      c->tested[li] |= (uint8_t)bit;
      if (!zs_test(c, lx, ly, s, has_z ? (double)z : (double)c->zs[thread][s], has_s, sval))
         px->coverage &= (uint8_t)~bit;
   }
   return NULL;
}

static const struct agx_sim_usc_gfx_ops fs_ops = {
   .coeff = coeff_hook,
   .test = test_hook,
};
static const struct agx_sim_usc_gfx_ops bg_ops = {0};

/* ---- programs ------------------------------------------------------------- */

static bool
load_fs(struct agx_sim_render *r, struct agx_sim_draw *d)
{
   if (d->fs || d->fs_failed)
      return d->fs != NULL;
   d->fs_failed = true;
   const struct agx_sim_ppp *p = &d->ppp;
   d->nbind = p->fs0.cf_binding_count;
   uint8_t hdr[4];
   /* a 32-bit offset from usc_exec_base, like the pipelines (Mesa relocates
    * it against the shader heap) */
   uint64_t va = r->gpu->usc_base + p->fs2.cf_bindings;
   if (d->nbind) {
      struct AGX_CF_BINDING_HEADER h;
      if (!agx_sim_usc_read(r->gpu, va, hdr, 4))
         return false;
      AGX_CF_BINDING_HEADER_unpack(NULL, hdr, &h);
      d->slots32 = h.number_of_32_bit_slots;
      d->cf_count = h.number_of_coefficient_registers;
      for (unsigned i = 0; i < d->nbind; i++) {
         uint8_t b[4];
         if (!agx_sim_usc_read(r->gpu, va + 4 + 4ull * i, b, 4))
            return false;
         if (!AGX_CF_BINDING_unpack(NULL, b, &d->bind[i])) {
            agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, va, "invalid CF binding %u at 0x%llx", i,
                              (unsigned long long)va);
            return false;
         }
      }
   }
   d->fs = agx_sim_usc_state_create(r->gpu, r->gpu->usc_base + p->fs1.pipeline,
                                    p->fs0.preshader_register_count, r->cmd->sampler_heap,
                                    r->cmd->sampler_count);
   if (!d->fs)
      return false;
   agx_sim_usc_state_info(d->fs, &d->fs_info);
   d->fs_failed = false;
   return true;
}

/* BG / EOT word list: {address | flags, Counts} (uapi.md). Assumption: the
 * word list is at usc_exec_base + (usc & ~7), the low bits being flags
 * (Mesa ORs 4), as genxml/agx_decode_cmd.c reads it. */
static struct agx_sim_dispatch *
load_bg_eot(struct agx_sim_render *r, const struct drm_asahi_bg_eot *p, const char *what)
{
   if (!(p->usc & ~7u)) {
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "render command without a %s program",
                        what);
      return NULL;
   }
   struct AGX_COUNTS counts;
   AGX_COUNTS_unpack(NULL, (const uint8_t *)&p->rsrc_spec, &counts);
   return agx_sim_usc_state_create(r->gpu, r->gpu->usc_base + (p->usc & ~7u),
                                   counts.preshader_register_count, r->cmd->sampler_heap,
                                   r->cmd->sampler_count);
}

static void
pixel_init(struct tile_ctx *c, struct agx_sim_usc_pixel *px, uint32_t x, uint32_t y)
{
   memset(px, 0, sizeof(*px));
   px->x = x, px->y = y, px->layer = c->layer;
   px->coverage = px->input_mask = (uint8_t)((1u << c->samples) - 1);
}

static struct agx_sim_usc_batch
batch_for(struct tile_ctx *c, enum agx_sim_usc_stage stage, uint32_t count,
          const struct agx_sim_usc_gfx_ops *ops)
{
   struct agx_sim_usc_batch b = {
      .stage = stage,
      .count = count,
      .pixels = c->px,
      .samples = c->samples,
      .utile_w = c->uw,
      .utile_h = c->uh,
      .tb = &c->tbuf,
      .ops = ops,
      .ctx = c,
   };
   c->tbuf = (struct agx_sim_usc_tilebuffer){
      .data = c->tb,
      .x0 = c->ux,
      .y0 = c->uy,
      .w = c->uw,
      .h = c->uh,
      .sample_size = c->ssize,
      .stored = c->stored,
   };
   memcpy(b.sample_pos, c->r->sample_pos, sizeof(b.sample_pos));
   return b;
}

static bool
run_bg(struct tile_ctx *c, struct agx_sim_dispatch *bg)
{
   uint32_t n = 0;
   for (uint32_t y = c->uy; y < c->uy + c->uh; y++)
      for (uint32_t x = c->ux; x < c->ux + c->uw; x++)
         if (x < c->cmd->width_px && y < c->cmd->height_px)
            pixel_init(c, &c->px[n++], x, y);
   struct agx_sim_usc_batch b = batch_for(c, AGX_SIM_STAGE_BACKGROUND, n, &bg_ops);
   return agx_sim_usc_run_batch(c->r->gpu, bg, &b);
}

static bool
run_eot(struct tile_ctx *c, struct agx_sim_dispatch *eot)
{
   pixel_init(c, &c->px[0], c->ux, c->uy);
   struct agx_sim_usc_batch b = batch_for(c, AGX_SIM_STAGE_EOT, 1, &bg_ops);
   return agx_sim_usc_run_batch(c->r->gpu, eot, &b);
}

/* ---- primitives ------------------------------------------------------------ */

static bool
scissor_rect(struct tile_ctx *c, int64_t rect[4])
{
   const struct agx_sim_ppp *p = &c->draw->ppp;
   rect[0] = c->ux, rect[1] = c->uy;
   rect[2] = c->ux + c->uw, rect[3] = c->uy + c->uh;
   c->z_min = 0.0, c->z_max = 1.0;
   if (rect[2] > c->cmd->width_px)
      rect[2] = c->cmd->width_px;
   if (rect[3] > c->cmd->height_px)
      rect[3] = c->cmd->height_px;
   if (!p->fc.scissor_enable)
      return true;
   uint8_t b[16];
   struct AGX_SCISSOR s;
   uint64_t va = c->cmd->isp_scissor_base + 16ull * (p->dbs.scissor + c->prim->viewport);
   if (!agx_sim_usc_read(c->r->gpu, va, b, 16))
      return false;
   AGX_SCISSOR_unpack(NULL, b, &s);
   c->z_min = s.min_z, c->z_max = s.max_z;
   rect[0] = rect[0] > s.min_x ? rect[0] : s.min_x;
   rect[1] = rect[1] > s.min_y ? rect[1] : s.min_y;
   rect[2] = rect[2] < s.max_x ? rect[2] : s.max_x;
   rect[3] = rect[3] < s.max_y ? rect[3] : s.max_y;
   return true;
}

static bool
write_visibility(struct tile_ctx *c)
{
   const struct agx_sim_ppp *p = &c->draw->ppp;
   unsigned mode = p->fc.visibility_mode;
   if (mode != AGX_VISIBILITY_MODE_COUNTING && mode != AGX_VISIBILITY_MODE_BOOLEAN)
      return true;
   if (!c->visible)
      return true;
   uint64_t va = c->cmd->isp_oclqry_base + 8ull * p->oq.index;
   uint64_t v = 0;
   if (!agx_sim_usc_read(c->r->gpu, va, &v, 8))
      return false;
   v = mode == AGX_VISIBILITY_MODE_COUNTING ? v + c->visible : 1;
   return agx_sim_usc_write(c->r->gpu, va, &v, 8);
}

/* Depth bias of a triangle, or of an edge / vertex of a polygon drawn in
 * polygon mode Line / Point (see the header comment); 0 when disabled and
 * for line and point primitives. */
static bool
depth_bias(struct tile_ctx *c, const struct agx_sim_prim *pr, double *out)
{
   const struct agx_sim_ppp *p = &c->draw->ppp;
   *out = 0;
   if (!p->fc.depth_bias_enable || (!pr->poly_bias && (pr->point || pr->line || pr->line_quad)))
      return true;
   uint8_t b[12];
   struct AGX_DEPTH_BIAS db;
   if (!agx_sim_usc_read(c->r->gpu, c->cmd->isp_dbias_base + 12ull * p->dbs.depth_bias, b, 12))
      return false;
   AGX_DEPTH_BIAS_unpack(NULL, b, &db);
   double m, zmax, r;
   if (pr->poly_bias)
      m = pr->poly_m, zmax = pr->poly_zmax;
   else
      agx_sim_raster_depth_slope(pr, &m, &zmax);
   if (c->cmd->flags & DRM_ASAHI_RENDER_DBIAS_IS_INT) {
      r = ldexp(1.0, -16);
   } else {
      int e;
      frexp(zmax, &e); /* zmax = f 2^e, f in [0.5, 1): IEEE exponent e - 1 */
      r = zmax > 0 ? ldexp(1.0, e - 1 - 23) : ldexp(1.0, -149);
   }
   double o = m * db.slope_scale + r * db.depth_bias;
   if (db.clamp > 0)
      o = fmin(o, db.clamp);
   else if (db.clamp < 0)
      o = fmax(o, db.clamp);
   *out = o;
   return true;
}

static bool
shade_prim(struct tile_ctx *c, const struct agx_sim_prim *pr)
{
   struct agx_sim_render *r = c->r;
   c->prim = pr;
   c->draw = &r->draws[pr->draw];
   const struct agx_sim_ppp *p = &c->draw->ppp;
   /* a draw without a fragment shader keeps the last one's words (ignored) and disables tag
    * writes in the second Fragment Control word (agx_sim_ppp.fc2) */
   bool run_fs = p->has_fs && !p->fc.tag_write_disable && !p->fc2.tag_write_disable;
   if (run_fs && !load_fs(r, c->draw))
      return false;
   bool early = !run_fs || c->draw->fs_info.early_z;
   c->early = early;
   int64_t rect[4];
   double bias;
   if (!scissor_rect(c, rect) || !depth_bias(c, pr, &bias))
      return false;
   struct agx_sim_raster_tri t;
   agx_sim_raster_setup(pr, &t);

   /* coverage (and early tests) per pixel of the utile, row by row inside
    * the primitive's bounding box */
   uint8_t cov[MAX_UTILE_PX];
   float zpx[MAX_UTILE_PX][4];
   memset(cov, 0, sizeof(cov));
   c->visible = 0;
   bool any = false;
   /* a test that always passes and writes nothing only counts visibility */
   const struct AGX_FRAGMENT_FACE *face = pr->backfacing ? &p->back : &p->front;
   bool zs_trivial = !p->fc.stencil_test_enable && face->depth_function == AGX_ZS_FUNC_ALWAYS &&
                     face->disable_depth_write;
   int64_t spx[4], spy[4];
   for (unsigned s = 0; s < c->samples; s++) {
      spx[s] = (int64_t)(c->r->sample_pos[s][0] * 256);
      spy[s] = (int64_t)(c->r->sample_pos[s][1] * 256);
   }
   int64_t xa = rect[0] > pr->x0 ? rect[0] : pr->x0, xb = rect[2] < pr->x1 ? rect[2] : pr->x1;
   int64_t ya = rect[1] > pr->y0 ? rect[1] : pr->y0, yb = rect[3] < pr->y1 ? rect[3] : pr->y1;
   for (int64_t y = ya; y < yb && xa < xb; y++) {
      struct agx_sim_raster_row rows[4];
      bool stepped[4];
      for (unsigned s = 0; s < c->samples; s++)
         stepped[s] = agx_sim_raster_row_begin(&t, xa * 256 + spx[s], y * 256 + spy[s],
                                               (unsigned)(xb - xa), &rows[s]);
      for (int64_t x = xa; x < xb; x++) {
         unsigned li = (unsigned)((y - c->uy) * c->uw + (x - c->ux));
         for (unsigned s = 0; s < c->samples; s++) {
            double bary[3];
            bool in;
            if (stepped[s]) {
               in = agx_sim_raster_row_covered(&t, &rows[s], bary);
               agx_sim_raster_row_next(&rows[s]);
            } else {
               in = agx_sim_raster_covered(&t, x * 256 + spx[s], y * 256 + spy[s], bary);
            }
            if (!in)
               continue;
            double z = bary[0] * pr->z[0] + bary[1] * pr->z[1] + bary[2] * pr->z[2] + bias;
            zpx[li][s] = (float)z;
            if (early && zs_trivial) {
               c->visible++;
            } else if (early &&
                       !zs_test(c, (unsigned)(x - c->ux), (unsigned)(y - c->uy), s, z, false, 0)) {
               continue;
            }
            cov[li] |= (uint8_t)(1u << s);
            any = true;
         }
      }
   }
   if (run_fs && any) {
      char msg[256];
      const char *err = agx_sim_raster_coeffs(r, c->draw, pr, bias, c->tx, c->ty, c->cf,
                                              c->cf_valid, MAX_CF, msg, sizeof(msg));
      if (err) {
         agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "%s", err);
         return false;
      }
      uint32_t n = 0;
      for (uint32_t qy = c->uy; qy < c->uy + c->uh; qy += 2) {
         for (uint32_t qx = c->ux; qx < c->ux + c->uw; qx += 2) {
            bool live = false;
            for (unsigned k = 0; k < 4; k++) {
               uint32_t x = qx + (k & 1), y = qy + (k >> 1);
               live |= cov[(y - c->uy) * c->uw + (x - c->ux)] != 0;
            }
            if (!live)
               continue;
            for (unsigned k = 0; k < 4; k++) {
               uint32_t x = qx + (k & 1), y = qy + (k >> 1);
               unsigned li = (y - c->uy) * c->uw + (x - c->ux);
               struct agx_sim_usc_pixel *px = &c->px[n];
               pixel_init(c, px, x, y);
               px->coverage = px->input_mask = cov[li];
               px->helper = cov[li] == 0;
               px->backfacing = pr->backfacing;
               memcpy(c->zs[n], zpx[li], sizeof(c->zs[n]));
               n++;
            }
         }
      }
      memset(c->stored, 0, sizeof(c->stored));
      memset(c->tested, 0, sizeof(c->tested));
      memset(c->emitted, 0, sizeof(c->emitted));
      struct agx_sim_usc_batch b = batch_for(c, AGX_SIM_STAGE_FRAGMENT, n, &fs_ops);
      if (!agx_sim_usc_run_batch(r->gpu, c->draw->fs, &b))
         return false;
   }
   return write_visibility(c);
}

/* ---- ZLS -------------------------------------------------------------------- */

static uint64_t
zls_layer_stride(uint32_t field)
{
   return field & 1 ? ((uint64_t)(field >> 14) + 1) * 16384 : 0;
}

/* Load (store = false) or store the utile's depth and/or stencil. */
#define ZLS_WHAT "ZLS %s %s of pixel (%u, %u) sample %u layer %u"

static bool
zls_transfer(struct tile_ctx *c, bool store)
{
   const struct drm_asahi_cmd_render *cmd = c->cmd;
   bool z = store ? c->zls.z_store : c->zls.z_load;
   bool st = store ? c->zls.s_store : c->zls.s_load;
   if (!z && !st)
      return true;
   unsigned zb = c->zls.z_format == AGX_ZLS_FORMAT_16 ? 2 : 4;
   for (uint32_t y = c->uy; y < c->uy + c->uh && y < c->zls_h; y++) {
      for (uint32_t x = c->ux; x < c->ux + c->uw && x < c->zls_w; x++) {
         for (unsigned s = 0; s < c->samples; s++) {
            size_t i = ((size_t)(y - c->uy) * c->uw + (x - c->ux)) * c->samples + s;
            if (z) {
               uint64_t va = agx_sim_usc_surface_address(
                  cmd->depth.base, c->zls_w, c->zls_h, zb, c->samples,
                  zls_layer_stride(cmd->depth.stride), x, y, c->layer, s);
               uint32_t v = 0;
               if (store) {
                  if (zb == 2) {
                     v = (uint32_t)nearbyint(c->depth[i] * 65535.0);
                  } else {
                     float f = (float)c->depth[i];
                     memcpy(&v, &f, 4);
                  }
                  if (!agx_sim_usc_access_for(c->r->gpu, va, &v, zb, true, ZLS_WHAT, "depth",
                                              "store", x, y, s, c->layer))
                     return false;
               } else {
                  if (!agx_sim_usc_access_for(c->r->gpu, va, &v, zb, false, ZLS_WHAT, "depth",
                                              "load", x, y, s, c->layer))
                     return false;
                  if (zb == 2) {
                     c->depth[i] = (v & 0xFFFF) / 65535.0;
                  } else {
                     float f;
                     memcpy(&f, &v, 4);
                     c->depth[i] = f;
                  }
               }
            }
            if (st) {
               uint64_t va = agx_sim_usc_surface_address(
                  cmd->stencil.base, c->zls_w, c->zls_h, 1, c->samples,
                  zls_layer_stride(cmd->stencil.stride), x, y, c->layer, s);
               if (!agx_sim_usc_access_for(c->r->gpu, va, &c->stencil[i], 1, store, ZLS_WHAT,
                                           "stencil", store ? "store" : "load", x, y, s, c->layer))
                  return false;
            }
         }
      }
   }
   return true;
}

static bool
zls_check(struct tile_ctx *c)
{
   const struct AGX_ZLS_CONTROL *z = &c->zls;
   struct AGX_CR_ISP_ZLS_PIXELS px;
   AGX_CR_ISP_ZLS_PIXELS_unpack(NULL, (const uint8_t *)&c->cmd->isp_zls_pixels, &px);
   c->zls_w = px.x, c->zls_h = px.y;
   bool any = z->z_load || z->s_load || z->z_store || z->s_store;
   const char *why = NULL;
   if (z->z_load_compress || z->s_load_compress || z->z_store_compress || z->s_store_compress)
      why = "compressed depth/stencil (not modelled)";
   else if (z->z_load_tiling || z->s_load_tiling || z->z_store_tiling || z->s_store_tiling)
      why = "twiddled depth/stencil (not modelled)";
   else if (any && (c->zls_w < c->cmd->width_px || c->zls_h < c->cmd->height_px))
      why = "isp_zls_pixels smaller than the framebuffer";
   else if (z->z_format != AGX_ZLS_FORMAT_32F && z->z_format != AGX_ZLS_FORMAT_16)
      why = "unknown ZLS Z Format";
   if (why) {
      agx_sim_usc_error(c->r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "ZLS control 0x%llx: %s",
                        (unsigned long long)c->cmd->zls_ctrl, why);
      return false;
   }
   return true;
}

/* ---- tiles ----------------------------------------------------------------- */

static bool
run_utile(struct tile_ctx *c, struct agx_sim_dispatch *bg, struct agx_sim_dispatch *eot,
          const uint32_t *list, uint32_t nlist)
{
   size_t px = (size_t)c->uw * c->uh * c->samples;
   memset(c->tb, 0, px * c->ssize);
   double clear_z;
   if (c->zls.z_format == AGX_ZLS_FORMAT_16) {
      clear_z = (c->cmd->isp_bgobjdepth & 0xFFFF) / 65535.0;
   } else {
      float f;
      memcpy(&f, &c->cmd->isp_bgobjdepth, 4);
      clear_z = f;
   }
   for (size_t i = 0; i < px; i++) {
      c->depth[i] = clear_z;
      c->stencil[i] = (uint8_t)c->cmd->isp_bgobjvals;
   }
   if (!zls_transfer(c, false) || !run_bg(c, bg))
      return false;
   int64_t x0 = (int64_t)c->ux * 256, y0 = (int64_t)c->uy * 256;
   int64_t x1 = (int64_t)(c->ux + c->uw) * 256, y1 = (int64_t)(c->uy + c->uh) * 256;
   for (uint32_t i = 0; i < nlist; i++) {
      const struct agx_sim_prim *p = &c->r->prims[list[i]];
      struct agx_sim_raster_tri t;
      agx_sim_raster_setup(p, &t);
      if (p->x1 <= (int32_t)c->ux || p->x0 >= (int32_t)(c->ux + c->uw) || p->y1 <= (int32_t)c->uy ||
          p->y0 >= (int32_t)(c->uy + c->uh) || !agx_sim_raster_overlaps(&t, x0, y0, x1, y1))
         continue;
      if (!shade_prim(c, p))
         return false;
   }
   return run_eot(c, eot) && zls_transfer(c, true);
}

/* One fragment pass over every layer and tile for primitives [first, end). */
static bool
run_tiles(struct tile_ctx *c, struct agx_sim_dispatch *bg, struct agx_sim_dispatch *eot,
          uint32_t *list, uint32_t first, uint32_t end)
{
   struct agx_sim_render *r = c->r;
   const struct drm_asahi_cmd_render *cmd = r->cmd;
   bool all = cmd->flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   bool ok = true;
   for (uint16_t layer = 0; ok && layer < cmd->layers; layer++) {
      for (uint32_t ty = 0; ok && ty < r->tiles_y; ty++) {
         for (uint32_t tx = 0; ok && tx < r->tiles_x; tx++) {
            int64_t x0 = (int64_t)tx * AGX_SIM_TILE, y0 = (int64_t)ty * AGX_SIM_TILE;
            uint32_t n = 0;
            for (uint32_t i = first; i < end; i++) {
               const struct agx_sim_prim *p = &r->prims[i];
               if (p->layer != layer || p->x1 <= x0 || p->x0 >= x0 + AGX_SIM_TILE || p->y1 <= y0 ||
                   p->y0 >= y0 + AGX_SIM_TILE)
                  continue;
               struct agx_sim_raster_tri t;
               agx_sim_raster_setup(p, &t);
               if (agx_sim_raster_overlaps(&t, x0 * 256, y0 * 256, (x0 + AGX_SIM_TILE) * 256,
                                           (y0 + AGX_SIM_TILE) * 256))
                  list[n++] = i;
            }
            if (!n && !all)
               continue; /* empty tile: no BG, EOT or ZLS (graphics.md 1.6) */
            c->layer = layer;
            c->tx = (uint32_t)x0, c->ty = (uint32_t)y0;
            c->uw = cmd->utile_width_px, c->uh = cmd->utile_height_px;
            for (uint32_t uy = 0; ok && uy < AGX_SIM_TILE; uy += c->uh) {
               for (uint32_t ux = 0; ok && ux < AGX_SIM_TILE; ux += c->uw) {
                  c->ux = (uint32_t)x0 + ux, c->uy = (uint32_t)y0 + uy;
                  if (c->ux >= cmd->width_px || c->uy >= cmd->height_px)
                     continue;
                  ok = run_utile(c, bg, eot, list, n);
               }
            }
         }
      }
   }
   return ok;
}

bool
agx_sim_tile_run(struct agx_sim_render *r)
{
   const struct drm_asahi_cmd_render *cmd = r->cmd;
   struct tile_ctx *c = calloc(1, sizeof(*c));
   uint32_t *list = malloc(((size_t)r->nprims + 1) * sizeof(uint32_t));
   size_t px = (size_t)cmd->utile_width_px * cmd->utile_height_px * cmd->samples;
   if (c) {
      c->tb = calloc(px, cmd->sample_size_B ? cmd->sample_size_B : 1);
      c->depth = calloc(px, sizeof(double));
      c->stencil = calloc(px, 1);
   }
   struct agx_sim_dispatch *bg = NULL, *eot = NULL, *pbg = NULL, *peot = NULL;
   bool ok = c && list && c->tb && c->depth && c->stencil;
   if (!ok)
      agx_sim_usc_error(r->gpu, AGX_SIM_GPU_ILLEGAL, 0, "out of host memory");
   if (ok) {
      c->r = r;
      c->cmd = cmd;
      AGX_ZLS_CONTROL_unpack(NULL, (const uint8_t *)&cmd->zls_ctrl, &c->zls);
      c->samples = cmd->samples;
      c->ssize = cmd->sample_size_B;
      ok = zls_check(c);
   }
   ok = ok && (bg = load_bg_eot(r, &cmd->bg, "background")) != NULL;
   ok = ok && (eot = load_bg_eot(r, &cmd->eot, "end-of-tile")) != NULL;
   /* partial renders (AGX_SIM_PARTIAL_PRIMS): chunks of primitives */
   uint32_t per = r->partial_prims ? r->partial_prims : UINT32_MAX;
   uint32_t chunks = r->nprims > per ? (r->nprims + per - 1) / per : 1;
   if (ok && chunks > 1) {
      ok = (pbg = load_bg_eot(r, &cmd->partial_bg, "partial background")) != NULL &&
           (peot = load_bg_eot(r, &cmd->partial_eot, "partial end-of-tile")) != NULL;
   }
   struct AGX_ZLS_CONTROL zls = c ? c->zls : (struct AGX_ZLS_CONTROL){0};
   for (uint32_t k = 0; ok && k < chunks; k++) {
      uint32_t first = k * per, end = k + 1 == chunks ? r->nprims : first + per;
      c->zls = zls;
      if (c->zls_w) {
         /* Assumption: partial renders load and store depth and stencil
          * whenever the command has those buffers (Mesa's partial ZLS
          * control, graphics.md 1.5) */
         if (k > 0)
            c->zls.z_load |= cmd->depth.base != 0, c->zls.s_load |= cmd->stencil.base != 0;
         if (k + 1 < chunks)
            c->zls.z_store |= cmd->depth.base != 0, c->zls.s_store |= cmd->stencil.base != 0;
      }
      ok = run_tiles(c, k ? pbg : bg, k + 1 < chunks ? peot : eot, list, first, end);
   }
   if (pbg)
      agx_sim_usc_state_destroy(pbg);
   if (peot)
      agx_sim_usc_state_destroy(peot);
   if (bg)
      agx_sim_usc_state_destroy(bg);
   if (eot)
      agx_sim_usc_state_destroy(eot);
   if (c) {
      free(c->tb);
      free(c->depth);
      free(c->stencil);
   }
   free(c);
   free(list);
   return ok;
}
