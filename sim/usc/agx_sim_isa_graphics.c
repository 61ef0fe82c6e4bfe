/*
 * Graphics instructions of the shader core: st_var / st_var_final / no_var
 * (vertex outputs), iter / iterproj / ldcf (coefficient registers),
 * ld_tile / st_tile (tilebuffer), wait_pix / signal_pix (pixel ordering),
 * sample_mask / zs_emit (depth/stencil tests and kills), image_write_block
 * (end-of-tile block store through a PBE descriptor), and the special
 * registers of pixel-stage threads. The data master that runs the batch
 * (dm/) supplies vertex records, coefficients, tile memory and tests through
 * agx_sim_usc_gfx_ops (usc/agx_sim_usc.h).
 *
 * Encodings: compiler/isa/agx_isa.py (applegpu / Mesa AGX2.xml). Semantics
 * from shared/reference/graphics.md sections 2.1, 4.1-4.4 and 5.4 (Mesa
 * agx_compile.c, agx_nir_lower_tilebuffer.c, agx_bg_eot.c, asahi.rst).
 * Assumptions (no public source):
 * - st_var's `u` bit and iter's unk / forwarding / elide / kill fields have
 *   no effect; the centroid location is the pixel centre when every sample
 *   of the pixel is covered (or none, helpers), else the position of the
 *   lowest covered sample (Vulkan: a covered location; the hardware's
 *   choice is undocumented, graphics.md 4.1).
 * - iter evaluates A * x + B * y + C with x = (px mod 32) + 0.5 (or the
 *   sample position), in double precision rounded once to f32; iterproj
 *   divides by the W register evaluated the same way. 16-bit destinations
 *   get the f32 result rounded to f16.
 * - ld_tile / st_tile registers hold the components enabled in the write
 *   mask consecutively (as device_load/store). Tile bytes: component c of
 *   an 8/16/32-bit format at O + c x element size; 32-bit registers hold f32
 *   for the float/norm formats, 16-bit registers f16; integer formats
 *   truncate on store and zero-extend on load. Float -> unorm/snorm rounds
 *   to nearest. rgb10a2 is one 32-bit word (unorm 10/10/10/2, rounded to
 *   nearest) that only a full xyzw mask may access, rg11b10f one word that
 *   only xyz may access (packed formats cannot be component-masked,
 *   graphics.md §4.3: a partial mask is a fidelity error). rgb9e5 and
 *   explicit tile coordinates (C != 0) are not modelled (illegal
 *   instruction).
 * - ordering (strict mode, fragment stage only): st_tile needs an earlier
 *   wait_pix with bit 2 (Mesa's 0xC), ld_tile one with bit 3 (Mesa's 0x8).
 * - image_write_block stores every pixel of the thread's utile (clipped to
 *   the image) and every sample; the coordinate operand only supplies the
 *   layer of array images (first half, or second for multisampled arrays,
 *   as Mesa's agx_emit_block_image_store builds it). An i16/i32 tile format
 *   with a float PBE format hands over f16/f32 bits (Mesa stores f16 RTs as
 *   i16); an srgba8 tile hands over its encoded bytes as unorm values (Mesa's
 *   EOT PBEs of sRGB attachments use the linear format, graphics.md 5.4).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "agx_sim_isa.h"
#include "agx_sim_texture.h"

/* memory formats (isa.md section 5) */
enum {
   MF_I8 = 0,
   MF_I16 = 1,
   MF_I32 = 2,
   MF_F16 = 3,
   MF_U8NORM = 4,
   MF_S8NORM = 5,
   MF_U16NORM = 6,
   MF_S16NORM = 7,
   MF_RGB10A2 = 8,
   MF_SRGBA8 = 10,
   MF_RG11B10F = 12,
};

static unsigned
mf_bytes(unsigned f)
{
   switch (f) {
   case MF_I8:
   case MF_U8NORM:
   case MF_S8NORM:
   case MF_SRGBA8:
      return 1;
   case MF_I16:
   case MF_F16:
   case MF_U16NORM:
   case MF_S16NORM:
      return 2;
   case MF_I32:
   case MF_RGB10A2: /* one packed 32-bit word for all four components */
   case MF_RG11B10F:
      return 4;
   default:
      return 0; /* rgb9e5 / unknown: not modelled */
   }
}

/* rgb10a2 (isa.md §5): unorm 10-bit R, G, B in bits 0-29, 2-bit A above */
static double
rgb10a2_get(const uint8_t *t, unsigned c)
{
   uint32_t w;
   memcpy(&w, t, 4);
   return c == 3 ? (w >> 30) / 3.0 : ((w >> (10 * c)) & 1023) / 1023.0;
}

static void
rgb10a2_put(uint8_t *t, const double *v)
{
   uint32_t w = 0;
   for (unsigned c = 0; c < 4; c++) {
      double x = v[c] != v[c] ? 0 : fmin(fmax(v[c], 0.0), 1.0);
      w |= (uint32_t)lrint(x * (c == 3 ? 3.0 : 1023.0)) << (10 * c);
   }
   memcpy(t, &w, 4);
}

/* rg11b10f (isa.md §5; the B10G11R11_UFLOAT_PACK32 layout): unsigned
 * floats with 5 exponent bits, R and G 6 mantissa bits in bits 0-10 and
 * 11-21, B 5 mantissa bits in bits 22-31. Stores round to nearest
 * (Assumption: the hardware's rounding is not documented publicly);
 * negative values and NaN store 0, values above the largest finite one
 * store it. */
static double
rg11b10f_get(const uint8_t *t, unsigned c)
{
   uint32_t w;
   memcpy(&w, t, 4);
   if (c == 3)
      return 1.0;
   unsigned bits = c == 2 ? 10 : 11, shift = 11 * c;
   return agx_sim_small_float_value((w >> shift) & ((1u << bits) - 1), 5, bits - 5, false);
}

static void
rg11b10f_put(uint8_t *t, const double *v)
{
   uint32_t w = 0;
   for (unsigned c = 0; c < 3; c++) {
      unsigned bits = c == 2 ? 10 : 11;
      double x = v[c] != v[c] || v[c] < 0 ? 0 : v[c];
      w |= agx_sim_small_float(x, 5, bits - 5, false, false) << (11 * c);
   }
   memcpy(t, &w, 4);
}

/* Packed formats: one 32-bit word holds every component; only the full
 * component mask may access it (graphics.md §4.3). */
static bool
mf_packed(unsigned f)
{
   return f == MF_RGB10A2 || f == MF_RG11B10F;
}

static unsigned
packed_mask(unsigned f)
{
   return f == MF_RG11B10F ? 0x7 : 0xF;
}

static double
packed_get(unsigned f, const uint8_t *t, unsigned c)
{
   return f == MF_RG11B10F ? rg11b10f_get(t, c) : rgb10a2_get(t, c);
}

static void
packed_put(unsigned f, uint8_t *t, const double *v)
{
   if (f == MF_RG11B10F)
      rg11b10f_put(t, v);
   else
      rgb10a2_put(t, v);
}

static bool
mf_is_int(unsigned f)
{
   return f == MF_I8 || f == MF_I16 || f == MF_I32;
}

static const struct agx_sim_usc_batch *
batch(const struct agx_sim_worker *w)
{
   return w->d->batch;
}

static uint32_t
thread_of(const struct agx_sim_worker *w, const struct agx_sim_sg *sg, unsigned l)
{
   return w->tg[0] * AGX_SIM_LANES + sg->tid[l];
}

static struct agx_sim_usc_pixel *
pixel_of(const struct agx_sim_worker *w, const struct agx_sim_sg *sg, unsigned l)
{
   const struct agx_sim_usc_batch *b = batch(w);
   return b && b->pixels ? &b->pixels[thread_of(w, sg, l)] : NULL;
}

static bool
stage_error(struct agx_sim_worker *w, const struct agx_sim_insn *I, const char *what)
{
   agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "%s", what);
   return false;
}

/* Read 32-bit value of operand (register of rclass R16/R32, or immediate). */
struct gop {
   uint8_t kind, rclass, count;
   uint16_t n;
};

static void
gop_get(const struct agx_isa_instr *in, unsigned i, struct gop *g)
{
   struct agx_isa_value v;
   agx_isa_get_operand(in, i, &v);
   g->kind = v.kind;
   g->rclass = v.rclass;
   g->count = v.count ? v.count : 1;
   g->n = (uint16_t)v.n;
}

static bool
gop_is_reg(const struct gop *g)
{
   return g->kind == AGX_V_REG && (g->rclass == AGX_R16 || g->rclass == AGX_R32);
}

/* Check and read operand g (one 16/32-bit register or immediate) for lane l. */
static bool
gop_check(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
          const struct gop *g, unsigned count)
{
   if (!gop_is_reg(g))
      return true;
   struct agx_sim_opnd o = {.kind = g->rclass == AGX_R16 ? AGX_SIM_O_R16 : AGX_SIM_O_R32,
                            .n = g->n};
   return agx_sim_check_read(w, sg, I, &o, count);
}

static uint32_t
gop_value(const struct agx_sim_sg *sg, const struct gop *g, unsigned l)
{
   if (g->kind == AGX_V_IMM)
      return g->n;
   if (g->rclass == AGX_R16)
      return (sg->r[(g->n >> 1) & 127][l] >> ((g->n & 1) * 16)) & 0xFFFF;
   return sg->r[g->n & 127][l];
}

/* Write a 32-bit value to component c of destination g for lane l. */
static void
gop_write(struct agx_sim_sg *sg, const struct gop *g, unsigned c, uint32_t v, unsigned l)
{
   if (g->rclass == AGX_R16) {
      unsigned h = g->n + c;
      uint32_t *r = &sg->r[(h >> 1) & 127][l];
      unsigned sh = (h & 1) * 16;
      *r = (*r & ~(0xFFFFu << sh)) | ((v & 0xFFFF) << sh);
   } else {
      sg->r[(g->n + c) & 127][l] = v;
   }
}

static void
gop_mark(struct agx_sim_sg *sg, const struct gop *g, unsigned count, uint32_t lanes)
{
   for (unsigned c = 0; c < count; c++) {
      if (g->rclass == AGX_R16) {
         sg->def[(g->n + c) & 255] |= lanes;
      } else {
         unsigned h = ((g->n + c) & 127) * 2;
         sg->def[h] |= lanes;
         sg->def[h + 1] |= lanes;
      }
   }
}

static float
bits_f32(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static uint32_t
f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* ---- st_var / st_var_final / no_var --------------------------------------- */

/* p[0] = register (32-bit index), p[1..3] = index gop (kind, rclass, n) */
static const struct agx_sim_insn *
x_st_var(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   const struct agx_sim_usc_batch *b = batch(w);
   if (!b || !b->ops->st_var) {
      stage_error(w, I, "st_var outside a vertex shader");
      return NULL;
   }
   struct gop val = {AGX_V_REG, AGX_R32, 1, (uint16_t)I->p[0]};
   struct gop idx = {(uint8_t)I->p[1], (uint8_t)I->p[2], 1, (uint16_t)I->p[3]};
   if (!gop_check(w, sg, I, &val, 1) || !gop_check(w, sg, I, &idx, 1))
      return NULL;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      const char *err = b->ops->st_var(b->ctx, thread_of(w, sg, l), gop_value(sg, &idx, l),
                                       gop_value(sg, &val, l));
      if (err) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0, "%s (lane %u)", err, l);
         return NULL;
      }
   }
   return agx_sim_next(w, I);
}

static const struct agx_sim_insn *
x_nop(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   (void)sg;
   return agx_sim_next(w, I);
}

/* ---- coefficient registers ------------------------------------------------ */

/* p[0..2] dest gop (rclass, count, n), p[3] cf, p[4] W cf (iterproj) or
 * ~0, p[5] = mode: 0 iter center, 1 iter sample, 2 ldcf, 3 iter centroid;
 * s[0] = sample-index operand (sample mode). */
static bool
eval_point(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
           unsigned l, double *x, double *y)
{
   const struct agx_sim_usc_batch *b = batch(w);
   struct agx_sim_usc_pixel *px = pixel_of(w, sg, l);
   double dx = 0.5, dy = 0.5;
   if (I->p[5] == 1) {
      uint32_t s[AGX_SIM_LANES];
      agx_sim_load32(w, sg, &I->s[0], s);
      unsigned k = s[l] & 0xFFFF;
      if (k >= b->samples) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "iter at sample %u of %u (lane %u)", k,
                           b->samples, l);
         return false;
      }
      dx = b->sample_pos[k][0], dy = b->sample_pos[k][1];
   } else if (I->p[5] == 3) {
      unsigned all = (1u << b->samples) - 1, m = px->input_mask & all;
      if (m && m != all) {
         unsigned k = (unsigned)__builtin_ctz(m);
         dx = b->sample_pos[k][0], dy = b->sample_pos[k][1];
      }
   }
   *x = (double)(px->x % 32) + dx;
   *y = (double)(px->y % 32) + dy;
   return true;
}

static const struct agx_sim_insn *
x_iter(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   const struct agx_sim_usc_batch *b = batch(w);
   if (!b || !b->ops->coeff || !b->pixels) {
      stage_error(w, I, "coefficient registers outside a fragment shader");
      return NULL;
   }
   struct gop d = {AGX_V_REG, (uint8_t)(I->p[0] & 0xFF), (uint8_t)I->p[1], (uint16_t)I->p[2]};
   unsigned n = I->p[5] == 2 ? d.count / 3 : d.count;
   if (I->p[5] == 1 && !agx_sim_check_read(w, sg, I, &I->s[0], 1))
      return NULL;
   struct agx_sim_opnd dst = {.kind = d.rclass == AGX_R16 ? AGX_SIM_O_R16 : AGX_SIM_O_R32,
                              .n = d.n};
   if (!agx_sim_check_write(w, sg, I, &dst, d.count))
      return NULL;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      uint32_t t = thread_of(w, sg, l);
      double x = 0, y = 0;
      if (I->p[5] != 2 && !eval_point(w, sg, I, l, &x, &y))
         return NULL;
      double wv = 1.0;
      if (I->p[4] != ~0u) {
         float abc[3];
         const char *err = b->ops->coeff(b->ctx, t, I->p[4], abc);
         if (err) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0, "%s (lane %u)", err, l);
            return NULL;
         }
         wv = (double)bits_f32(agx_sim_f32_out((double)abc[0] * x + (double)abc[1] * y + abc[2]));
      }
      for (unsigned c = 0; c < n; c++) {
         float abc[3];
         const char *err = b->ops->coeff(b->ctx, t, I->p[3] + c, abc);
         if (err) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0, "%s (lane %u)", err, l);
            return NULL;
         }
         if (I->p[5] == 2) {
            for (unsigned k = 0; k < 3; k++)
               gop_write(sg, &d, 3 * c + k, f32_bits(abc[k]), l);
            continue;
         }
         double v = (double)abc[0] * x + (double)abc[1] * y + (double)abc[2];
         if (I->p[4] != ~0u)
            v = (double)bits_f32(agx_sim_f32_out(v)) / wv;
         uint32_t r = agx_sim_f32_out(v);
         if (d.rclass == AGX_R16)
            r = agx_sim_f16_out((double)bits_f32(r));
         gop_write(sg, &d, c, r, l);
      }
   }
   gop_mark(sg, &d, d.count, sg->exec);
   return agx_sim_next(w, I);
}

/* ---- tilebuffer ----------------------------------------------------------- */

/* v is not NaN here */
static inline double
clamp_d(double v, double lo, double hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* Register value -> tile bytes for one component. */
static void
tile_encode(unsigned f, bool r16, uint32_t raw, uint8_t *dst)
{
   double v = r16 ? agx_sim_f16_in((uint16_t)raw) : (double)bits_f32(raw);
   if (v != v)
      v = 0;
   switch (f) {
   case MF_I8:
      dst[0] = (uint8_t)raw;
      break;
   case MF_I16: {
      uint16_t h = (uint16_t)raw;
      memcpy(dst, &h, 2);
      break;
   }
   case MF_I32:
      memcpy(dst, &raw, 4);
      break;
   case MF_F16: {
      uint16_t h = r16 ? (uint16_t)raw : agx_sim_f16_out(v);
      memcpy(dst, &h, 2);
      break;
   }
   case MF_U8NORM:
   case MF_SRGBA8:
      dst[0] = (uint8_t)agx_sim_round_even(clamp_d(v, 0.0, 1.0) * 255.0);
      break;
   case MF_S8NORM:
      dst[0] = (uint8_t)(int8_t)agx_sim_round_even(clamp_d(v, -1.0, 1.0) * 127.0);
      break;
   case MF_U16NORM: {
      uint16_t h = (uint16_t)agx_sim_round_even(clamp_d(v, 0.0, 1.0) * 65535.0);
      memcpy(dst, &h, 2);
      break;
   }
   case MF_S16NORM: {
      int16_t h = (int16_t)agx_sim_round_even(clamp_d(v, -1.0, 1.0) * 32767.0);
      memcpy(dst, &h, 2);
      break;
   }
   }
}

/* The u8norm case of tile_encode for a 32-bit register: NaN and values
 * below 0 give 0, above 1 give 255, else round-to-nearest-even of v * 255
 * (exact in double: a 24-bit mantissa times 255). */
static inline uint8_t
unorm8_of_f32(float v)
{
   if (!(v > 0.0f))
      return 0;
   if (v >= 1.0f)
      return 255;
   return (uint8_t)agx_sim_round_even((double)v * 255.0);
}

/* unorm8_of_f32 of the f32 bits u without branches (the same value): the
 * bits are clamped as integers (NaN and v <= 0 -> +0, v >= 1 -> 1.0), then
 * v x 255 in (0, 255] rounds to nearest even through the 1.5 x 2^52 trick
 * of agx_sim_round_even; so the 32 lanes' conversions are a loop the
 * compiler vectorises (floating-point selects would be branches). */
static inline uint32_t
unorm8_bits(uint32_t u)
{
   uint32_t zero = ((int32_t)u <= 0) | (u > 0x7F800000u); /* v <= 0, -NaN or +NaN */
   uint32_t c = (u < 0x3F800000u ? u : 0x3F800000u) & (zero - 1);
   double d = (double)bits_f32(c) * 255.0;
   return (uint32_t)(int32_t)((d + 0x1.8p52) - 0x1.8p52);
}

/* Tile bytes -> value: integer formats zero-extended, others as a double. */
static double
tile_decode(unsigned f, const uint8_t *src, uint32_t *ival)
{
   uint16_t h = 0;
   *ival = 0;
   switch (f) {
   case MF_I8:
      *ival = src[0];
      return 0;
   case MF_I16:
      memcpy(&h, src, 2);
      *ival = h;
      return 0;
   case MF_I32:
      memcpy(ival, src, 4);
      return 0;
   case MF_F16:
      memcpy(&h, src, 2);
      *ival = h;
      return agx_sim_f16_in(h);
   case MF_U8NORM:
   case MF_SRGBA8:
      return src[0] / 255.0;
   case MF_S8NORM:
      return fmax((int8_t)src[0] / 127.0, -1.0);
   case MF_U16NORM:
      memcpy(&h, src, 2);
      return h / 65535.0;
   case MF_S16NORM:
      memcpy(&h, src, 2);
      return fmax((int16_t)h / 32767.0, -1.0);
   }
   return 0;
}

/* sRGB: components 0-2 are encoded/decoded, alpha is linear. */
static double
srgb_store(unsigned f, unsigned c, double v)
{
   return f == MF_SRGBA8 && c < 3 ? agx_sim_linear_to_srgb(fmin(fmax(v, 0.0), 1.0)) : v;
}

/* Tilebuffer bytes [off, off + bytes) of sample s of pixel (x, y) of the
 * batch's utile (agx_sim_usc_tilebuffer); NULL after reporting a fidelity
 * error when they lie outside the utile or past sample_size_B. A store
 * marks the sample stored. `lane` < 0: no lane in the message. */
static void
tb_error(struct agx_sim_worker *w, const struct agx_sim_insn *I, const struct agx_sim_usc_batch *b,
         uint32_t x, uint32_t y, unsigned off, int lane)
{
   const struct agx_sim_usc_tilebuffer *tb = b->tb;
   char where[24] = "";
   if (lane >= 0)
      snprintf(where, sizeof(where), " (lane %d)", lane);
   if (x - tb->x0 >= tb->w || y - tb->y0 >= tb->h)
      agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                        "tilebuffer access at pixel (%u, %u) outside the current utile%s", x, y,
                        where);
   else
      agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                        "tilebuffer access of bytes %u.. past sample_size_B %u%s", off,
                        tb->sample_size, where);
}

static inline uint8_t *
tb_bytes(struct agx_sim_worker *w, const struct agx_sim_insn *I, const struct agx_sim_usc_batch *b,
         uint32_t x, uint32_t y, unsigned s, unsigned off, unsigned bytes, bool write, int lane)
{
   const struct agx_sim_usc_tilebuffer *tb = b->tb;
   uint32_t lx = x - tb->x0, ly = y - tb->y0; /* wraps when left of / above the utile */
   if (lx >= tb->w || ly >= tb->h || off + bytes > tb->sample_size || s >= b->samples) {
      tb_error(w, I, b, x, y, off, lane);
      return NULL;
   }
   size_t px = (size_t)ly * tb->w + lx;
   if (write)
      tb->stored[px] |= (uint8_t)(1u << s);
   return tb->data + (px * b->samples + s) * tb->sample_size + off;
}

/* st_tile: the tile bytes of the components enabled in `mask` for lane l's
 * registers (component c at enc + c x es; rgb10a2: the whole word). */
static void
st_tile_encode(const struct agx_sim_sg *sg, const struct agx_sim_insn *I, unsigned f, unsigned mask,
               unsigned es, bool r16, unsigned l, uint8_t enc[16])
{
   unsigned k = 0;
   double pv[4];
   for (unsigned c = 0; c < 4; c++) {
      if (!(mask & (1u << c)))
         continue;
      unsigned h = r16 ? I->d.n + k : 0;
      uint32_t raw = r16 ? ((sg->r[(h >> 1) & 127][l] >> ((h & 1) * 16)) & 0xFFFF)
                         : sg->r[(I->d.n + k) & 127][l];
      if (f == MF_U8NORM && !r16) {
         enc[c] = unorm8_of_f32(bits_f32(raw));
      } else if (mf_packed(f)) {
         pv[c] = r16 ? agx_sim_f16_in((uint16_t)raw) : (double)bits_f32(raw);
         if (c == (f == MF_RG11B10F ? 2u : 3u))
            packed_put(f, enc, pv);
      } else if (f == MF_SRGBA8 && c < 3) {
         double v = r16 ? agx_sim_f16_in((uint16_t)raw) : (double)bits_f32(raw);
         raw = f32_bits((float)srgb_store(f, c, v));
         tile_encode(f, false, raw, enc + c * es);
      } else {
         tile_encode(f, r16, raw, enc + c * es);
      }
      k++;
   }
}

/* p[0] load, p[1] F, p[2] mask, p[3] O; d = R (tile registers); s[0] =
 * sample mask operand. */
static const struct agx_sim_insn *
x_ldst_tile(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   const struct agx_sim_usc_batch *b = batch(w);
   bool load = I->p[0];
   if (!b || !b->tb || !b->pixels || b->stage == AGX_SIM_STAGE_EOT) {
      stage_error(w, I, "tilebuffer access outside a fragment or background program");
      return NULL;
   }
   if (b->stage == AGX_SIM_STAGE_FRAGMENT && w->gpu->cfg.strict &&
       !(sg->pix_waited & (load ? 0x8u : 0x4u))) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                        "%s without an earlier wait_pix %s (pixel ordering)",
                        load ? "ld_tile" : "st_tile", load ? "0x8" : "0x4");
      return NULL;
   }
   unsigned f = I->p[1], mask = I->p[2], off = I->p[3];
   unsigned es = mf_bytes(f), n = (unsigned)__builtin_popcount(mask);
   unsigned span = (32u - (unsigned)__builtin_clz(mask)) * es; /* bytes up to the last component */
   bool packed = mf_packed(f);
   if (packed) {
      if (mask != packed_mask(f)) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                           "%s of a packed format with component mask 0x%x (packed formats "
                           "cannot be masked)",
                           load ? "ld_tile" : "st_tile", mask);
         return NULL;
      }
      es = 0; /* every component reads the same word */
      span = 4;
   }
   bool r16 = I->d.kind == AGX_SIM_O_R16;
   if (!agx_sim_check_read(w, sg, I, &I->s[0], 1))
      return NULL;
   if (!load && !agx_sim_check_read(w, sg, I, &I->d, n))
      return NULL;
   if (load && !agx_sim_check_write(w, sg, I, &I->d, n))
      return NULL;
   uint32_t smask[AGX_SIM_LANES];
   agx_sim_load32(w, sg, &I->s[0], smask);
   uint64_t res[4][AGX_SIM_LANES]; /* ld_tile: the results, per register */
   uint32_t loaded = 0;
   /* st_tile of RGBA u8norm from 32-bit registers, the common case: every
    * lane's four bytes as one word, converted for all lanes at once */
   bool rgba8 = !load && f == MF_U8NORM && !r16 && mask == 0xF;
   uint32_t words[AGX_SIM_LANES] = {0};
   if (rgba8) {
      for (unsigned c = 0; c < 4; c++) {
         const uint32_t *src = sg->r[(I->d.n + c) & 127];
         for (unsigned l = 0; l < AGX_SIM_LANES; l++)
            words[l] |= unorm8_bits(src[l]) << (8 * c);
      }
   }
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      struct agx_sim_usc_pixel *px = pixel_of(w, sg, l);
      unsigned samples = smask[l] & ((1u << b->samples) - 1);
      if (load) {
         /* the first selected sample (Assumption: loads of several samples
          * return sample 0 of the selection; no public source says what the
          * hardware does, and Mesa never issues one on a multisampled
          * tilebuffer: its epilogs load per sample, as agx-vk's do, so this
          * is not made a strict-mode fault) */
         unsigned s = samples ? (unsigned)__builtin_ctz(samples) : 0;
         uint8_t *t = tb_bytes(w, I, b, px->x, px->y, s, off, span, false, (int)l);
         if (!t)
            return NULL;
         unsigned k = 0;
         for (unsigned c = 0; c < 4; c++) {
            if (!(mask & (1u << c)))
               continue;
            uint32_t iv = 0;
            double v = packed ? packed_get(f, t, c) : tile_decode(f, t + c * es, &iv);
            if (f == MF_SRGBA8 && c < 3)
               v = agx_sim_srgb_to_linear(v);
            uint32_t r;
            if (mf_is_int(f))
               r = iv;
            else if (f == MF_F16 && r16)
               r = iv;
            else
               r = r16 ? agx_sim_f16_out(v) : f32_bits((float)v);
            res[k++][l] = r;
         }
         loaded |= 1u << l;
         continue;
      }
      if (px->helper)
         continue; /* helper lanes have no side effects */
      if (b->stage == AGX_SIM_STAGE_FRAGMENT)
         samples &= px->coverage;
      if (!samples)
         continue;
      /* the bytes do not depend on the sample: encode once */
      uint8_t enc[16];
      if (!rgba8)
         st_tile_encode(sg, I, f, mask, es, r16, l, enc);
      for (unsigned s = 0; s < b->samples; s++) {
         if (!(samples & (1u << s)))
            continue;
         uint8_t *t = tb_bytes(w, I, b, px->x, px->y, s, off, span, true, (int)l);
         if (!t)
            return NULL;
         if (rgba8) {
            memcpy(t, &words[l], 4); /* little-endian: component c at byte c */
         } else if (packed) {
            memcpy(t, enc, 4);
         } else {
            for (unsigned c = 0; c < 4; c++)
               if (mask & (1u << c))
                  memcpy(t + c * es, enc + c * es, es);
         }
      }
   }
   for (unsigned k = 0; load && k < n; k++) {
      struct agx_sim_opnd o = I->d;
      o.n = (uint16_t)(I->d.n + k);
      agx_sim_store(sg, &o, res[k], loaded);
   }
   return agx_sim_next(w, I);
}

/* ---- pixel ordering ------------------------------------------------------- */

static const struct agx_sim_insn *
x_wait_pix(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   sg->pix_waited |= I->p[0];
   return agx_sim_next(w, I);
}

/* ---- sample_mask / zs_emit ------------------------------------------------ */

/* s[0] = target, s[1] = live (sample_mask) ; zs_emit: p[0] z, p[1] s,
 * p[2] = first register of T (half index), p[3] = 1 for zs_emit */
static const struct agx_sim_insn *
x_zs(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   const struct agx_sim_usc_batch *b = batch(w);
   bool zs = I->p[3];
   if (!b || !b->ops->test || b->stage != AGX_SIM_STAGE_FRAGMENT) {
      stage_error(w, I, "sample_mask / zs_emit outside a fragment shader");
      return NULL;
   }
   if (!agx_sim_check_read(w, sg, I, &I->s[0], 1))
      return NULL;
   uint32_t target[AGX_SIM_LANES], live[AGX_SIM_LANES];
   agx_sim_load32(w, sg, &I->s[0], target);
   if (!zs) {
      if (!agx_sim_check_read(w, sg, I, &I->s[1], 1))
         return NULL;
      agx_sim_load32(w, sg, &I->s[1], live);
   }
   struct agx_sim_opnd zr = {.kind = AGX_SIM_O_R32, .n = (uint16_t)(I->p[2] >> 1)};
   struct agx_sim_opnd sr = {.kind = AGX_SIM_O_R16, .n = (uint16_t)(I->p[2] + (I->p[0] ? 2 : 0))};
   if (zs && I->p[0] && !agx_sim_check_read(w, sg, I, &zr, 1))
      return NULL;
   if (zs && I->p[1] && !agx_sim_check_read(w, sg, I, &sr, 1))
      return NULL;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      struct agx_sim_usc_pixel *px = pixel_of(w, sg, l);
      if (px->helper)
         continue;
      float z = 0;
      unsigned s = 0;
      if (zs && I->p[0])
         z = bits_f32(sg->r[zr.n & 127][l]);
      if (zs && I->p[1])
         s = (sg->r[(sr.n >> 1) & 127][l] >> ((sr.n & 1) * 16)) & 0xFF;
      const char *err =
         b->ops->test(b->ctx, thread_of(w, sg, l), target[l] & 0xFFFF,
                      zs ? 0xFFFF : live[l] & 0xFFFF, zs && I->p[0], z, zs && I->p[1], s);
      if (err) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0, "%s (lane %u)", err, l);
         return NULL;
      }
   }
   return agx_sim_next(w, I);
}

/* ---- image_write_block ---------------------------------------------------- */

/* p[0] = F, p[1] = texture state register, p[2] = dim; s[0] = offset
 * operand, s[1] = coordinate register (array layer) */
static const struct agx_sim_insn *
x_image_write_block(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   const struct agx_sim_usc_batch *b = batch(w);
   if (!b || b->stage != AGX_SIM_STAGE_EOT || !b->tb) {
      stage_error(w, I, "image_write_block outside an end-of-tile program");
      return NULL;
   }
   unsigned f = I->p[0], es = mf_bytes(f), dim = I->p[2];
   bool array =
      dim == AGX_TEXTURE_DIMENSION_2D_ARRAY || dim == AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED;
   if (!agx_sim_check_read(w, sg, I, &I->s[0], 1) ||
       (array && !agx_sim_check_read(w, sg, I, &I->s[1], 1)))
      return NULL;
   uint32_t off[AGX_SIM_LANES], co[AGX_SIM_LANES] = {0};
   agx_sim_load32(w, sg, &I->s[0], off);
   if (array)
      agx_sim_load32(w, sg, &I->s[1], co);
   /* 2D MS arrays: the coordinate word is sample | layer << 16 (Mesa
    * agx_nir_lower_texture's packing); the operand decodes as 16-bit halves
    * (Cs = 0 form), so the layer is the half after the first */
   if (dim == AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED && I->s[1].kind == AGX_SIM_O_R16) {
      struct agx_sim_opnd hi = I->s[1];
      hi.n = (uint16_t)(hi.n + 1);
      if (!agx_sim_check_read(w, sg, I, &hi, 1))
         return NULL;
      uint32_t layer16[AGX_SIM_LANES];
      agx_sim_load32(w, sg, &hi, layer16);
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         co[l] = (co[l] & 0xFFFF) | layer16[l] << 16;
   }
   struct agx_sim_image img;
   if (!agx_sim_tex_image(w, I, w->d->textures[I->p[1] & 255], 0, true, &img))
      return NULL;
   /* the tile holds as many components as the image has channels
    * (Assumption: the block store reads components 0..nch-1) */
   unsigned nch = img.fmt.nch;
   /* 8-bit unorm tile into a linear-encoded RGBA8 unorm image: decoding a
    * byte to b/255 and encoding it again gives the byte back, so memory
    * channel m is tile byte swizzle[m] (the general path below computes the
    * same bytes; this only skips the conversions). */
   bool bytes8 = f == MF_U8NORM && img.fmt.channels == AGX_CHANNELS_R8G8B8A8 &&
                 img.fmt.type == AGX_SIM_TEXEL_UNORM && !img.srgb_mask;
   struct agx_sim_tex_page pc = {0};
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      struct agx_sim_usc_pixel *px = pixel_of(w, sg, l);
      uint32_t layer =
         array ? (dim == AGX_TEXTURE_DIMENSION_2D_ARRAY ? co[l] & 0xFFFF : co[l] >> 16) : 0;
      unsigned level = img.first_level;
      if (layer >= img.layers)
         continue;
      uint32_t lw = agx_sim_minify(img.width, level), lh = agx_sim_minify(img.height, level);
      for (uint32_t y = px->y; y < px->y + b->utile_h; y++) {
         for (uint32_t x = px->x; x < px->x + b->utile_w; x++) {
            if (x >= lw || y >= lh)
               continue;
            for (unsigned s = 0; s < b->samples; s++) {
               if (img.samples == 1 && s > 0)
                  break;
               uint8_t *t = tb_bytes(w, I, b, x, y, s, off[l] & 0xFFFF, mf_packed(f) ? 4 : nch * es,
                                     false, -1);
               if (!t)
                  return NULL;
               uint8_t texel[16];
               if (bytes8) {
                  for (unsigned c = 0; c < 4; c++)
                     texel[c] = t[img.swizzle[c] & 3];
               } else {
                  struct agx_sim_texel v, m;
                  for (unsigned c = 0; c < 4; c++) {
                     uint32_t iv = 0;
                     double d = c == 3 && !mf_is_int(f) ? 1.0 : 0.0;
                     if (mf_packed(f))
                        d = packed_get(f, t, c);
                     else if (c < nch)
                        d = tile_decode(f, t + c * es, &iv);
                     /* Assumption (no public source): a signed-integer PBE
                      * takes an integer tile element as a signed value of
                      * its width, so an i8/i16 element holding -5 stores
                      * -5 (Mesa renders R8_SINT through an i8 tilebuffer,
                      * layout/formats.c, and the block store writes it as is). */
                     if (mf_is_int(f) && img.fmt.type == AGX_SIM_TEXEL_SINT && es < 4)
                        iv = (uint32_t)(es == 1 ? (int32_t)(int8_t)iv : (int32_t)(int16_t)iv);
                     if (mf_is_int(f) && !img.fmt.is_int)
                        d = es == 2   ? agx_sim_f16_in((uint16_t)iv)
                            : es == 4 ? (double)bits_f32(iv)
                                      : iv;
                     v.f[c] = d; /* srgba8: the encoded bytes, not decoded */
                     v.u[c] = mf_is_int(f) ? iv : f32_bits((float)d);
                  }
                  /* PBE swizzle: memory channel m takes source component swizzle[m] */
                  for (unsigned c = 0; c < 4; c++) {
                     m.f[c] = v.f[img.swizzle[c] & 3];
                     m.u[c] = v.u[img.swizzle[c] & 3];
                  }
                  agx_sim_texel_encode(&img.fmt, img.srgb_mask, false, &m, texel);
               }
               uint64_t va =
                  agx_sim_image_texel_address(&img, level, x, y, layer, img.samples > 1 ? s : 0);
               if (!agx_sim_tex_mem_cached(w, I, &pc, va, texel, img.fmt.bytes, true,
                                           "image block"))
                  return NULL;
            }
         }
      }
   }
   return agx_sim_next(w, I);
}

/* ---- special registers ---------------------------------------------------- */

bool
agx_sim_graphics_sr(const struct agx_sim_worker *w, const struct agx_sim_sg *sg, unsigned sr,
                    unsigned lane, uint32_t *v)
{
   const struct agx_sim_usc_batch *b = batch(w);
   if (!b->pixels)
      return false;
   const struct agx_sim_usc_pixel *px = &b->pixels[thread_of(w, sg, lane)];
   switch (sr) {
   case 2:
      *v = px->layer;
      return true;
   case 14:
      *v = b->samples == 4 ? 2 : b->samples == 2 ? 1 : 0;
      return true;
   case 60:
      *v = px->coverage;
      return true;
   case 62:
      *v = px->backfacing;
      return true;
   case 63:
      *v = !px->helper;
      return true;
   case 80:
      *v = px->x;
      return true;
   case 81:
      *v = px->y;
      return true;
   case 124:
      *v = px->input_mask;
      return true;
   default:
      return false;
   }
}

/* ---- decode --------------------------------------------------------------- */

static bool
cf_index(const struct agx_isa_instr *in, unsigned i, uint32_t *cf)
{
   struct gop g;
   gop_get(in, i, &g);
   if (g.kind != AGX_V_REG || g.rclass != AGX_CF)
      return false; /* register-indexed coefficients: not modelled */
   *cf = g.n;
   return true;
}

static bool
decode_iter(struct agx_sim_insn *I, const struct agx_isa_instr *in, bool proj, bool ldcf)
{
   struct gop d;
   gop_get(in, 0, &d);
   if (!gop_is_reg(&d))
      return false;
   I->p[0] = d.rclass, I->p[1] = d.count, I->p[2] = d.n;
   if (!cf_index(in, 1, &I->p[3]))
      return false;
   I->p[4] = ~0u;
   I->p[5] = ldcf ? 2 : 0;
   if (ldcf) {
      I->exec = x_iter;
      return true;
   }
   if (proj && !cf_index(in, 2, &I->p[4]))
      return false;
   /* interpolation: 0 center, 2 centroid, 1 / 3 sample with an immediate /
    * 16-bit register index (agx_isa.py INTERP, iter_sample operand) */
   unsigned mode = (unsigned)agx_sim_field(in, "interpolation");
   if (mode & 1) {
      I->p[5] = 1;
      agx_sim_opnd_from_isa(in, proj ? 3 : 2, &I->s[0]);
   } else if (mode == 2) {
      I->p[5] = 3;
   }
   I->exec = x_iter;
   return true;
}

bool
agx_sim_decode_graphics(struct agx_sim_insn *I, const struct agx_isa_instr *in)
{
   struct gop g;
   switch (in->op) {
   case AGX_OP_ST_VAR:
   case AGX_OP_ST_VAR_FINAL:
      gop_get(in, 1, &g);
      if (g.kind != AGX_V_REG || g.rclass != AGX_R32)
         return false;
      I->p[0] = g.n;
      gop_get(in, 2, &g);
      if (!(g.kind == AGX_V_IMM || gop_is_reg(&g)))
         return false;
      I->p[1] = g.kind, I->p[2] = g.rclass, I->p[3] = g.n;
      I->exec = x_st_var;
      return true;
   case AGX_OP_NO_VAR:
   case AGX_OP_SIGNAL_PIX:
      I->exec = x_nop;
      return true;
   case AGX_OP_WAIT_PIX:
      I->p[0] = (uint32_t)agx_sim_field(in, "i");
      I->exec = x_wait_pix;
      return true;
   case AGX_OP_ITER:
      return decode_iter(I, in, false, false);
   case AGX_OP_ITERPROJ:
      return decode_iter(I, in, true, false);
   case AGX_OP_TODO_LDCF:
      return decode_iter(I, in, false, true);
   case AGX_OP_TODO_LD_ST_TILE: {
      I->p[0] = (uint32_t)agx_sim_field(in, "load");
      I->p[1] = (uint32_t)agx_sim_field(in, "F");
      I->p[2] = (uint32_t)agx_sim_field(in, "mask");
      I->p[3] = (uint32_t)agx_sim_field(in, "O");
      if (!mf_bytes(I->p[1]) || agx_sim_field(in, "C") != 0 || !I->p[2])
         return false;
      agx_sim_opnd_from_isa(in, 1, &I->d);
      agx_sim_opnd_from_isa(in, 6, &I->s[0]);
      /* a two-register tuple (mask with two components) decodes as a 64-bit
       * operand: the registers are consecutive 32-bit ones */
      if (I->d.kind == AGX_SIM_O_R64)
         I->d.kind = AGX_SIM_O_R32;
      if (I->d.kind != AGX_SIM_O_R16 && I->d.kind != AGX_SIM_O_R32)
         return false;
      I->exec = x_ldst_tile;
      return true;
   }
   case AGX_OP_SAMPLE_MASK:
      agx_sim_opnd_from_isa(in, 0, &I->s[0]);
      agx_sim_opnd_from_isa(in, 1, &I->s[1]);
      I->p[3] = 0;
      I->exec = x_zs;
      return true;
   case AGX_OP_ZS_EMIT:
      agx_sim_opnd_from_isa(in, 0, &I->s[0]);
      gop_get(in, 1, &g);
      I->p[0] = (uint32_t)agx_sim_field(in, "z");
      I->p[1] = (uint32_t)agx_sim_field(in, "s");
      /* first register of T as a half index */
      I->p[2] = g.rclass == AGX_R32 ? g.n * 2u : g.n;
      I->p[3] = 1;
      I->exec = x_zs;
      return true;
   case AGX_OP_IMAGE_WRITE_BLOCK: {
      I->p[0] = (uint32_t)agx_sim_field(in, "F");
      if (!mf_bytes(I->p[0]) || agx_sim_field(in, "Tt") != 0)
         return false; /* packed formats, register/bindless PBEs: not modelled */
      I->p[1] = (uint32_t)agx_sim_field(in, "T");
      I->p[2] = (uint32_t)agx_sim_field(in, "n");
      agx_sim_opnd_from_isa(in, 0, &I->s[0]);
      agx_sim_opnd_from_isa(in, 1, &I->s[1]);
      I->exec = x_image_write_block;
      return true;
   }
   default:
      return false;
   }
}
