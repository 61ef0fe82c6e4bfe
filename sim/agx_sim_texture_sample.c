/*
 * texture_sample (smpf): filtered reads of 1D/2D images and arrays.
 *
 * Assumes (operands as in agx_sim_isa_texture.c; sampler semantics from
 * shared/reference/graphics.md section 8.2 and the Vulkan texel filtering
 * rules the hardware implements for Honeykrisp):
 * - coordinates are fp32 (fp16 with Cs), normalized unless the sampler's
 *   "Pixel coordinates" is set; an array layer is the integer in the low
 *   16 bits of the extra word, clamped to the last layer.
 * - LOD: lod_min modes (2: 16-bit uniform, 6: 16-bit register) give an fp16
 *   LOD; it is clamped to the sampler's Minimum/Maximum LOD; LOD <= 0 uses
 *   the Magnify filter at First level, otherwise Minify with the Mip filter
 *   (None: First level; Nearest: First + ceil(lod + 0.5) - 1; Linear: the
 *   two levels around First + lod blended), levels clamped to Last level.
 *   auto_lod in compute has no derivatives to work from: it is accepted
 *   only when the LOD cannot matter (one level and Magnify == Minify) and
 *   then samples First level; otherwise the instruction faults as not
 *   modelled. Bias, gradients, compare, gather and 3D/cube sampling are
 *   refused at decode.
 * - Nearest: texel floor(u), floor(v). Linear: floor(u - 0.5) and the next
 *   texel with weight frac(u - 0.5) quantised DOWN to 8 fractional bits
 *   (the hardware's subtexel precision is an assumption: 8 bits, as in the
 *   D3D minimum); the same 8-bit quantisation is applied to the mip blend
 *   factor. Texels are decoded (sRGB to linear first), weighted in double
 *   precision, and the result rounded once to f32 (or f16).
 * - Wrap per texel index i in [0, size): Clamp to edge clamps; Repeat
 *   wraps; Mirrored repeat mirrors with period 2 size; Clamp to border
 *   replaces texels outside by the border colour; Clamp (GL) clamps the
 *   texel-space coordinate to [0, size] and then behaves as Clamp to
 *   border; Mirrored clamp to edge mirrors once (i < 0 -> -1 - i) and
 *   clamps. Integer formats are always sampled Nearest.
 * - Texel offsets (Ot) are added to the integer texel indices before
 *   wrapping; the Texture swizzle is applied after filtering (border
 *   texels included, as texture_load).
 */
#include <math.h>
#include <string.h>

#include "agx_sim_isa.h"
#include "agx_sim_texture.h"

struct sample_ctx {
   struct agx_sim_worker *w;
   struct agx_sim_sg *sg;
   const struct agx_sim_tex_ops *t;
   const struct agx_sim_insn *I;
   const struct agx_sim_image *img;
   const struct AGX_SAMPLER *s;
};

/* Texel (i, j) of layer z at level (already wrapped; -1 = border). */
static bool
fetch(struct sample_ctx *c, unsigned level, int64_t i, int64_t j, uint32_t z,
      struct agx_sim_texel *out)
{
   if (i < 0 || j < 0) {
      if (!agx_sim_tex_border(c->s, c->img, out)) {
         agx_sim_gpu_error(c->w, AGX_SIM_GPU_FAULT, c->I, 0,
                           "custom border colour (not modelled)");
         return false;
      }
      return true;
   }
   uint8_t texel[16];
   uint64_t va = agx_sim_image_texel_address(c->img, level, (uint32_t)i, (uint32_t)j, z, 0);
   if (!agx_sim_tex_check_coherent(c->w, c->sg, c->I, c->t, va) ||
       !agx_sim_tex_mem(c->w, c->I, va, texel, c->img->fmt.bytes, false, "texture"))
      return false;
   agx_sim_texel_decode(&c->img->fmt, c->img->srgb_mask, texel, out);
   return true;
}

static double
quantise8(double f)
{
   return floor(f * 256.0) / 256.0;
}

/* Filtered value of one level; u, v in texel space of that level. */
static bool
sample_level(struct sample_ctx *c, unsigned level, double u, double v,
             uint32_t z, bool linear, const int32_t off[2], bool two_d,
             struct agx_sim_texel *out)
{
   int64_t w = agx_sim_minify(c->img->width, level);
   int64_t h = two_d ? agx_sim_minify(c->img->height, level) : 1;
   enum agx_wrap ws = c->s->wrap_s, wt = two_d ? c->s->wrap_t : AGX_WRAP_CLAMP_TO_EDGE;
   if (ws == AGX_WRAP_CLAMP_GL)
      u = u < 0 ? 0 : u > (double)w ? (double)w : u;
   if (wt == AGX_WRAP_CLAMP_GL)
      v = v < 0 ? 0 : v > (double)h ? (double)h : v;
   if (c->img->fmt.is_int)
      linear = false;
   /* keep texel indices in range for non-finite or huge coordinates */
   u = isnan(u) ? 0 : u < -1e9 ? -1e9 : u > 1e9 ? 1e9 : u;
   v = isnan(v) ? 0 : v < -1e9 ? -1e9 : v > 1e9 ? 1e9 : v;
   if (!linear) {
      int64_t i = agx_sim_tex_wrap((int64_t)floor(u) + off[0], w, ws);
      int64_t j = two_d ? agx_sim_tex_wrap((int64_t)floor(v) + off[1], h, wt) : 0;
      if (i < 0 || j < 0)
         i = j = -1;
      return fetch(c, level, i, j, z, out);
   }
   double uu = u - 0.5, vv = two_d ? v - 0.5 : 0.0;
   int64_t i0 = (int64_t)floor(uu) + off[0], j0 = (int64_t)floor(vv) + off[1];
   double a = quantise8(uu - floor(uu)), b = two_d ? quantise8(vv - floor(vv)) : 0.0;
   memset(out, 0, sizeof(*out));
   for (unsigned dj = 0; dj < (two_d ? 2u : 1u); dj++) {
      for (unsigned di = 0; di < 2; di++) {
         double wgt = (di ? a : 1 - a) * (two_d ? (dj ? b : 1 - b) : 1.0);
         if (wgt == 0)
            continue;
         int64_t i = agx_sim_tex_wrap(i0 + di, w, ws);
         int64_t j = two_d ? agx_sim_tex_wrap(j0 + dj, h, wt) : 0;
         if (i < 0 || j < 0)
            i = j = -1;
         struct agx_sim_texel t;
         if (!fetch(c, level, i, j, z, &t))
            return false;
         for (unsigned k = 0; k < 4; k++)
            out->f[k] += wgt * t.f[k];
      }
   }
   return true;
}

static const struct agx_sim_insn *
x_texture_sample(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                 const struct agx_sim_insn *I)
{
   struct agx_sim_tex_ops t;
   memcpy(&t, I->p, sizeof(t));
   unsigned nres = (unsigned)__builtin_popcount(t.mask) * (t.r32 ? 2 : 1);
   struct agx_sim_opnd dst = {.kind = AGX_SIM_O_R16, .n = t.r};
   struct agx_sim_opnd lodh = {.kind = AGX_SIM_O_R16, .n = t.d};
   struct agx_sim_opnd lodu = {.kind = AGX_SIM_O_U16, .n = t.d};
   struct agx_sim_opnd offh = {.kind = AGX_SIM_O_R16, .n = t.o};
   struct agx_sim_opnd samph = {.kind = AGX_SIM_O_R16, .n = t.s};
   if (!agx_sim_tex_check_regs(w, sg, I, &t) ||
       (t.lod == 6 && !agx_sim_check_read(w, sg, I, &lodh, 1)) ||
       (t.lod == 2 && !agx_sim_check_read(w, sg, I, &lodu, 1)) ||
       (t.ot && !agx_sim_check_read(w, sg, I, &offh, 1)) ||
       (t.st && !agx_sim_check_read(w, sg, I, &samph, 1)) ||
       !agx_sim_check_write(w, sg, I, &dst, nres))
      return NULL;
   bool array;
   unsigned ncoord = agx_sim_tex_coord_count(t.dim, &array);
   bool two_d = ncoord == 2;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      uint8_t desc[24];
      uint64_t where;
      struct agx_sim_image img;
      struct AGX_SAMPLER s;
      if (!agx_sim_tex_descriptor(w, sg, I, &t, l, desc, &where) ||
          !agx_sim_tex_image(w, I, desc, where, false, &img) ||
          !agx_sim_tex_sampler(w, sg, I, &t, l, &s))
         return NULL;
      uint32_t raw[3], layer, sample;
      agx_sim_tex_coords(sg, &t, l, raw, &layer, &sample);
      double st[2];
      for (unsigned i = 0; i < 2; i++) {
         if (t.cs) {
            st[i] = agx_sim_small_float_value(raw[i] & 0xFFFF, 5, 10, true);
         } else {
            float f;
            memcpy(&f, &raw[i], 4);
            st[i] = f;
         }
      }
      uint32_t z = layer < img.layers ? layer : img.layers - 1;
      int32_t off[2] = {0, 0};
      if (t.ot) {
         uint32_t packed = agx_sim_tex_half(sg, t.o, l);
         off[0] = (int32_t)((packed & 0xF) ^ 8) - 8;
         off[1] = (int32_t)(((packed >> 4) & 0xF) ^ 8) - 8;
      }
      /* level of detail */
      double lod = 0;
      if (t.lod == 0) {
         if (img.first_level != img.last_level || s.magnify != s.minify) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, 0,
                              "texture_sample with implicit LOD on a mipmapped "
                              "view or different min/mag filters (derivatives "
                              "not modelled)");
            return NULL;
         }
      } else {
         uint32_t hbits = t.lod == 6
            ? agx_sim_tex_half(sg, t.d, l)
            : (w->d->uniforms[(t.d >> 1) & 0xFF] >> ((t.d & 1) * 16)) & 0xFFFF;
         lod = agx_sim_small_float_value(hbits, 5, 10, true);
         if (isnan(lod))
            lod = 0;
         lod = lod < s.minimum_lod ? s.minimum_lod : lod;
         lod = lod > s.maximum_lod ? s.maximum_lod : lod;
      }
      bool mag = lod <= 0;
      bool linear = (mag ? s.magnify : s.minify) == AGX_FILTER_LINEAR;
      unsigned l0 = img.first_level, l1 = img.first_level;
      double blend = 0;
      if (!mag && s.mip_filter == AGX_MIP_FILTER_NEAREST) {
         l0 = img.first_level + (unsigned)(ceil(lod + 0.5) - 1);
      } else if (!mag && s.mip_filter == AGX_MIP_FILTER_LINEAR) {
         l0 = img.first_level + (unsigned)floor(lod);
         l1 = l0 + 1;
         blend = quantise8(lod - floor(lod));
      }
      if (l0 > img.last_level)
         l0 = img.last_level;
      if (l1 > img.last_level)
         l1 = img.last_level;

      struct sample_ctx c = {w, sg, &t, I, &img, &s};
      struct agx_sim_texel v, v1;
      for (unsigned pass = 0; pass < (blend > 0 ? 2u : 1u); pass++) {
         unsigned level = pass ? l1 : l0;
         double u = st[0], vv = st[1];
         if (!s.pixel_coordinates) {
            u *= agx_sim_minify(img.width, level);
            vv *= agx_sim_minify(img.height, level);
         }
         if (!sample_level(&c, level, u, vv, z, linear, off, two_d, pass ? &v1 : &v))
            return NULL;
      }
      if (blend > 0)
         for (unsigned k = 0; k < 4; k++)
            v.f[k] = (1 - blend) * v.f[k] + blend * v1.f[k];
      /* integer formats keep their integers; float-like results use f */
      if (!img.fmt.is_int) {
         for (unsigned k = 0; k < 4; k++) {
            float f = (float)v.f[k];
            memcpy(&v.u[k], &f, 4);
         }
      }
      agx_sim_tex_write_result(sg, &t, &img, &v, true, false, l);
   }
   agx_sim_tex_finish_result(sg, &t);
   return agx_sim_next(w, I);
}

bool
agx_sim_decode_texture_sample(struct agx_sim_insn *I,
                              const struct agx_sim_tex_ops *t)
{
   bool array;
   unsigned n = agx_sim_tex_coord_count(t->dim, &array);
   if (n == 0 || n > 2 || agx_sim_tex_is_ms(t->dim) ||
       (t->lod != 0 && t->lod != 2 && t->lod != 6))
      return false;
   I->exec = x_texture_sample;
   return true;
}
