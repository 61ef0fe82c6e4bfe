/*
 * texture_sample (smpf): filtered reads of 1D/2D/3D images and arrays,
 * depth comparison and gathers.
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
 *   auto_lod (0) and auto_lod_bias (1: 16-bit uniform, 5: 16-bit register
 *   fp16 bias added) in a fragment program take the derivatives of the
 *   coordinates across the lane's 2x2 quad (quad_gradients) and then
 *   behave as lod_grad. Elsewhere (compute, vertex) there are no quads:
 *   they are accepted only when the LOD cannot matter (one level and
 *   Magnify == Minify) and then sample First level; otherwise the
 *   instruction faults as not modelled. lod_grad (4): f32 registers from D holding ddx, ddy per
 *   coordinate (Mesa's order); LOD = log2(max(|ddx|, |ddy|)) with the
 *   derivatives scaled by First level's size (unless pixel coordinates),
 *   the isotropic Vulkan formula (the hardware's approximation is not
 *   public), then clamped as above. With Maximum anisotropy > 1: the
 *   EXT_texture_filter_anisotropic reference method (an assumption): N =
 *   min(ceil(Pmax / Pmin), max) probes spaced evenly along the major
 *   gradient, LOD log2(Pmax / N), results averaged. Other LOD modes ignore
 *   anisotropy (explicit LOD has no footprint). auto_lod_bias_min (13: D
 *   holds the fp16 bias, then the fp16 minimum in the next half) and
 *   lod_grad_min (12: the gradients, then the fp16 minimum in the low half
 *   of the next 32-bit register; Mesa agx_compile.c sizes, the layouts an
 *   assumption) raise the LOD to the minimum after the sampler's
 *   Minimum/Maximum LOD clamp (assumed order; VK_EXT_image_view_min_lod
 *   applies the view's minimum last). Multisampled sampling is refused at
 *   decode.
 * - Nearest: texel floor(u), floor(v)[, floor(w)]. Linear: floor(u - 0.5)
 *   and the next texel with weight frac(u - 0.5) quantised DOWN to 8 fractional bits
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
 * - 3D: trilinear over slices with Wrap R; w is scaled by the level's
 *   depth.
 * - Compare (bit 23; operand O = the f32 reference, then the offset half):
 *   each texel's first channel D (or the border's) becomes 1.0 when
 *   `ref FUNC D` holds (genxml Compare func: Lequal = ref <= D, ...), else
 *   0.0, before filtering (Linear gives percentage-closer filtering); the
 *   reference is clamped to [0, 1] for Unorm formats (Vulkan's rule for
 *   fixed-point depth). The sampler's Compare enable must match the
 *   instruction (a mismatch faults: not modelled). The result is component
 *   0 (then swizzled); components 1-3 keep the texel's values.
 * - Gathers (q6 = gather_r/g/b/a, 2D): the 2 x 2 footprint of Linear
 *   filtering at First level, component c of each swizzled texel (compared
 *   first when the instruction compares), returned as (i0, j1), (i1, j1),
 *   (i1, j0), (i0, j0) (Vulkan's order).
 * - Cube maps (Cube, Cube array with the cube index in the extra word):
 *   the face by Vulkan's major-axis table (z wins ties, then y), layer =
 *   6 x cube + face of a descriptor whose Depth counts cubes; then a 2D
 *   sample of that face with normalized coordinates, wrap modes ignored
 *   (clamp to edge). With "Seamful cube maps" a linear footprint is
 *   clamped to the face; else (Vulkan's seamless "Cube Map Edge
 *   Handling") a footprint texel past an edge is the adjacent face's
 *   texel there (the texel centre's direction projected again), and one
 *   past a corner the average of the three texels meeting at it
 *   (Assumption: no public hardware source; the CTS reference does the
 *   same). Cube gathers are refused.
 * - query_lod (mode 2, implicit LOD modes in fragment programs): component
 *   x = the LOD clamped to the sampler's Minimum/Maximum LOD and the view's
 *   levels (relative to First level; the nearest level with Nearest mip
 *   filtering, 0 with None), y = the unclamped LOD (bias
 *   included); z, w = 0; no texel is read.
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
   unsigned ndim;  /* coordinates filtered: 1, 2 or 3 */
   uint32_t layer; /* array layer (1D/2D arrays), cube face layer */
   bool cube;
   bool compare;
   double ref;
};

static bool
compare_pass(unsigned func, double ref, double d)
{
   switch (func) {
   case AGX_COMPARE_FUNC_LEQUAL:
      return ref <= d;
   case AGX_COMPARE_FUNC_GEQUAL:
      return ref >= d;
   case AGX_COMPARE_FUNC_LESS:
      return ref < d;
   case AGX_COMPARE_FUNC_GREATER:
      return ref > d;
   case AGX_COMPARE_FUNC_EQUAL:
      return ref == d;
   case AGX_COMPARE_FUNC_NOT_EQUAL:
      return ref != d;
   case AGX_COMPARE_FUNC_ALWAYS:
      return true;
   default:
      return false; /* never */
   }
}

/* Texel at wrapped indices idx (any < 0: the border), compared when the
 * instruction compares. */
static bool
fetch(struct sample_ctx *c, unsigned level, const int64_t idx[3], struct agx_sim_texel *out)
{
   bool border = idx[0] < 0 || idx[1] < 0 || idx[2] < 0;
   if (border) {
      if (!agx_sim_tex_border(c->s, c->img, out)) {
         agx_sim_gpu_error(c->w, AGX_SIM_GPU_FAULT, c->I, 0, "custom border colour (not modelled)");
         return false;
      }
   } else {
      uint8_t texel[16];
      uint32_t z = c->ndim == 3 ? (uint32_t)idx[2] : c->layer;
      uint64_t va =
         agx_sim_image_texel_address(c->img, level, (uint32_t)idx[0], (uint32_t)idx[1], z, 0);
      if (!agx_sim_tex_check_coherent(c->w, c->sg, c->I, c->t, va) ||
          !agx_sim_tex_mem(c->w, c->I, va, texel, c->img->fmt.bytes, false, "texture"))
         return false;
      agx_sim_texel_decode_at(&c->img->fmt, c->img->srgb_mask, texel, (uint32_t)idx[0],
                              (uint32_t)idx[1], out);
   }
   if (c->compare) {
      double d = c->img->fmt.is_int ? (double)out->u[0] : out->f[0];
      out->f[0] = compare_pass(c->s->compare_func, c->ref, d) ? 1.0 : 0.0;
      out->u[0] = (uint32_t)out->f[0];
   }
   return true;
}

static double
quantise8(double f)
{
   return floor(f * 256.0) / 256.0;
}

static unsigned cube_face(double st[3]);

/* Texel (i, j) of a cube face of size n that may lie past one edge (taken
 * from the adjacent face) or past a corner (the average of the three
 * texels there); c->layer is 6 x cube + face. */
static bool
cube_seamless_fetch(struct sample_ctx *c, unsigned level, int64_t n, int64_t i, int64_t j,
                    struct agx_sim_texel *out)
{
   bool off_i = i < 0 || i >= n, off_j = j < 0 || j >= n;
   if (off_i && off_j) {
      int64_t ci = i < 0 ? 0 : n - 1, cj = j < 0 ? 0 : n - 1;
      struct agx_sim_texel a, b, d;
      int64_t idx[3] = {ci, cj, 0};
      if (!cube_seamless_fetch(c, level, n, ci, j, &a) ||
          !cube_seamless_fetch(c, level, n, i, cj, &b) || !fetch(c, level, idx, &d))
         return false;
      for (unsigned k = 0; k < 4; k++) {
         out->f[k] = (a.f[k] + b.f[k] + d.f[k]) / 3.0;
         out->u[k] = d.u[k];
      }
      return true;
   }
   unsigned face = c->layer % 6, first = c->layer - face;
   double sc = 2.0 * ((double)i + 0.5) / (double)n - 1.0;
   double tc = 2.0 * ((double)j + 0.5) / (double)n - 1.0;
   /* the inverse of cube_project with a major axis of 1 */
   double dir[3];
   switch (face) {
   case 0:
      dir[0] = 1, dir[1] = -tc, dir[2] = -sc;
      break;
   case 1:
      dir[0] = -1, dir[1] = -tc, dir[2] = sc;
      break;
   case 2:
      dir[0] = sc, dir[1] = 1, dir[2] = tc;
      break;
   case 3:
      dir[0] = sc, dir[1] = -1, dir[2] = -tc;
      break;
   case 4:
      dir[0] = sc, dir[1] = -tc, dir[2] = 1;
      break;
   default:
      dir[0] = -sc, dir[1] = -tc, dir[2] = -1;
      break;
   }
   unsigned nf = cube_face(dir);
   int64_t idx[3] = {(int64_t)floor(dir[0] * (double)n), (int64_t)floor(dir[1] * (double)n), 0};
   for (unsigned k = 0; k < 2; k++)
      idx[k] = idx[k] < 0 ? 0 : idx[k] >= n ? n - 1 : idx[k];
   uint32_t saved = c->layer;
   c->layer = first + nf;
   bool ok = fetch(c, level, idx, out);
   c->layer = saved;
   return ok;
}

/* Per-dimension level size and wrap mode. */
static void
level_dims(const struct sample_ctx *c, unsigned level, int64_t size[3], enum agx_wrap wrap[3])
{
   size[0] = agx_sim_minify(c->img->width, level);
   size[1] = c->ndim >= 2 ? agx_sim_minify(c->img->height, level) : 1;
   size[2] = c->ndim == 3 ? agx_sim_minify(c->img->layers, level) : 1;
   wrap[0] = c->s->wrap_s;
   wrap[1] = c->ndim >= 2 ? c->s->wrap_t : AGX_WRAP_CLAMP_TO_EDGE;
   wrap[2] = c->ndim == 3 ? c->s->wrap_r : AGX_WRAP_CLAMP_TO_EDGE;
   if (c->cube) /* cube maps ignore the wrap modes */
      wrap[0] = wrap[1] = AGX_WRAP_CLAMP_TO_EDGE;
}

/* Texel-space coordinates made safe: Clamp (GL) clamps to [0, size],
 * non-finite or huge values are bounded. */
static void
prepare_coords(const int64_t size[3], const enum agx_wrap wrap[3], unsigned n, double u[3])
{
   for (unsigned i = 0; i < 3; i++) {
      if (i >= n) {
         u[i] = 0.5;
         continue;
      }
      if (wrap[i] == AGX_WRAP_CLAMP_GL)
         u[i] = u[i] < 0 ? 0 : u[i] > (double)size[i] ? (double)size[i] : u[i];
      u[i] = isnan(u[i]) ? 0 : u[i] < -1e9 ? -1e9 : u[i] > 1e9 ? 1e9 : u[i];
   }
}

/* Filtered value of one level; u in texel space of that level. */
static bool
sample_level(struct sample_ctx *c, unsigned level, double u[3], bool linear, const int32_t off[3],
             struct agx_sim_texel *out)
{
   int64_t size[3];
   enum agx_wrap wrap[3];
   level_dims(c, level, size, wrap);
   prepare_coords(size, wrap, c->ndim, u);
   if (c->img->fmt.is_int && !c->compare)
      linear = false;
   int64_t idx[3];
   if (!linear) {
      for (unsigned i = 0; i < 3; i++)
         idx[i] =
            i < c->ndim ? agx_sim_tex_wrap((int64_t)floor(u[i]) + off[i], size[i], wrap[i]) : 0;
      return fetch(c, level, idx, out);
   }
   int64_t base[3];
   double frac[3];
   for (unsigned i = 0; i < 3; i++) {
      double x = u[i] - 0.5;
      base[i] = (int64_t)floor(x) + off[i];
      frac[i] = i < c->ndim ? quantise8(x - floor(x)) : 0.0;
   }
   memset(out, 0, sizeof(*out));
   for (unsigned corner = 0; corner < (1u << c->ndim); corner++) {
      double wgt = 1.0;
      bool off_face = false;
      for (unsigned i = 0; i < c->ndim; i++) {
         unsigned bit = (corner >> i) & 1;
         wgt *= bit ? frac[i] : 1 - frac[i];
         off_face |= base[i] + bit < 0 || base[i] + bit >= size[i];
         idx[i] = agx_sim_tex_wrap(base[i] + bit, size[i], wrap[i]);
      }
      for (unsigned i = c->ndim; i < 3; i++)
         idx[i] = 0;
      if (wgt == 0)
         continue;
      struct agx_sim_texel t;
      if (c->cube && off_face && !c->s->seamful_cube_maps) {
         if (!cube_seamless_fetch(c, level, size[0], base[0] + (corner & 1),
                                  base[1] + ((corner >> 1) & 1), &t))
            return false;
      } else if (!fetch(c, level, idx, &t)) {
         return false;
      }
      for (unsigned k = 0; k < 4; k++) {
         out->f[k] += wgt * t.f[k];
         out->u[k] = t.u[k]; /* integer compare results: last texel */
      }
   }
   return true;
}

/* Component g of texel v after the Texture swizzle. */
static void
swizzled_component(const struct agx_sim_image *img, const struct agx_sim_texel *v, unsigned g,
                   double *f, uint32_t *u)
{
   unsigned sel = img->swizzle[g];
   if (sel <= AGX_CHANNEL_A) {
      *f = v->f[sel];
      *u = v->u[sel];
   } else {
      *f = sel == AGX_CHANNEL_1 ? 1.0 : 0.0;
      *u = sel == AGX_CHANNEL_1 ? 1u : 0u;
   }
}

/* 2 x 2 gather of component g at `level` into out (not swizzled again). */
static bool
gather(struct sample_ctx *c, unsigned level, double u[3], const int32_t off[3], unsigned g,
       struct agx_sim_texel *out)
{
   int64_t size[3];
   enum agx_wrap wrap[3];
   level_dims(c, level, size, wrap);
   prepare_coords(size, wrap, 2, u);
   int64_t i0 = (int64_t)floor(u[0] - 0.5) + off[0];
   int64_t j0 = (int64_t)floor(u[1] - 0.5) + off[1];
   static const unsigned di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
   for (unsigned k = 0; k < 4; k++) {
      int64_t idx[3] = {agx_sim_tex_wrap(i0 + di[k], size[0], wrap[0]),
                        agx_sim_tex_wrap(j0 + dj[k], size[1], wrap[1]), 0};
      struct agx_sim_texel t;
      if (!fetch(c, level, idx, &t))
         return false;
      swizzled_component(c->img, &t, g, &out->f[k], &out->u[k]);
   }
   return true;
}

/* Direction dir projected on cube face `face` as normalized (s, t): the
 * implicit LOD takes the quad's derivatives on the lane's own face. */
static void
cube_project(const double dir[3], unsigned face, double st[2])
{
   double x = dir[0], y = dir[1], z = dir[2], sc, tc, ma;
   switch (face >> 1) {
   case 2:
      sc = face == 4 ? x : -x;
      tc = -y;
      ma = fabs(z);
      break;
   case 1:
      sc = x;
      tc = face == 2 ? z : -z;
      ma = fabs(y);
      break;
   default:
      sc = face == 0 ? -z : z;
      tc = -y;
      ma = fabs(x);
      break;
   }
   if (!(ma > 0))
      ma = 1;
   st[0] = 0.5 * (sc / ma + 1.0);
   st[1] = 0.5 * (tc / ma + 1.0);
}

/* Cube face of direction st (Vulkan's major-axis rule: z wins ties, then
 * y), replacing st[0..1] by the face's normalized (s, t). */
static unsigned
cube_face(double st[3])
{
   double x = st[0], y = st[1], z = st[2];
   double ax = fabs(x), ay = fabs(y), az = fabs(z);
   unsigned face;
   double sc, tc, ma;
   if (az >= ay && az >= ax) {
      face = z >= 0 ? 4 : 5;
      sc = z >= 0 ? x : -x;
      tc = -y;
      ma = az;
   } else if (ay >= ax) {
      face = y >= 0 ? 2 : 3;
      sc = x;
      tc = y >= 0 ? z : -z;
      ma = ay;
   } else {
      face = x >= 0 ? 0 : 1;
      sc = x >= 0 ? -z : z;
      tc = -y;
      ma = ax;
   }
   if (!(ma > 0))
      ma = 1; /* zero or NaN direction: the face centre */
   st[0] = 0.5 * (sc / ma + 1.0);
   st[1] = 0.5 * (tc / ma + 1.0);
   return face;
}

/* Lane l's sampling coordinates as numbers (fp32, or fp16 with Cs). */
static void
lane_coords(const struct agx_sim_sg *sg, const struct agx_sim_tex_ops *t, unsigned ncoord,
            unsigned l, double st[3])
{
   uint32_t raw[3], layer, sample;
   agx_sim_tex_coords(sg, t, l, raw, &layer, &sample);
   st[0] = st[1] = st[2] = 0;
   for (unsigned i = 0; i < ncoord; i++) {
      if (t->cs) {
         st[i] = agx_sim_small_float_value(raw[i] & 0xFFFF, 5, 10, true);
      } else {
         float f;
         memcpy(&f, &raw[i], 4);
         st[i] = f;
      }
   }
}

/* Implicit LOD (auto_lod modes in a fragment program): the derivatives of
 * the coordinates across lane l's 2x2 quad, ddx along its row and ddy
 * along its column (the differences dfdx / dfdy compute; quads are lanes
 * 4k..4k+3 = top-left, top-right, bottom-left, bottom-right, helper lanes
 * included). Cube maps: the quad's directions projected on lane l's face.
 * Assumption: the hardware's exact derivative (fine or coarse) and LOD
 * approximation are not public; this is Vulkan's isotropic formula on fine
 * derivatives, within its LOD tolerance. */
static void
quad_gradients(const struct agx_sim_sg *sg, const struct agx_sim_tex_ops *t, unsigned ncoord,
               bool cube, unsigned l, double grad[2][3])
{
   double q[4][3];
   unsigned base = l & ~3u, face = 0;
   for (unsigned k = 0; k < 4; k++)
      lane_coords(sg, t, ncoord, base + k, q[k]);
   if (cube) {
      double own[3] = {q[l & 3][0], q[l & 3][1], q[l & 3][2]};
      face = cube_face(own);
      for (unsigned k = 0; k < 4; k++) {
         double st[2];
         cube_project(q[k], face, st);
         q[k][0] = st[0];
         q[k][1] = st[1];
         q[k][2] = 0;
      }
   }
   unsigned row = l & 2, col = l & 1;
   for (unsigned i = 0; i < 3; i++) {
      grad[0][i] = q[row + 1][i] - q[row][i];
      grad[1][i] = q[col + 2][i] - q[col][i];
   }
}

static const struct agx_sim_insn *
x_texture_sample(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   struct agx_sim_tex_ops t;
   memcpy(&t, I->p, sizeof(t));
   unsigned nres = (unsigned)__builtin_popcount(t.mask) * (t.r32 ? 2 : 1);
   /* operand O: [f32 reference][offset half] */
   unsigned off_half = t.o + (t.compare ? 2 : 0);
   struct agx_sim_opnd dst = {.kind = AGX_SIM_O_R16, .n = t.r};
   struct agx_sim_opnd lodh = {.kind = AGX_SIM_O_R16, .n = t.d};
   struct agx_sim_opnd lodu = {.kind = AGX_SIM_O_U16, .n = t.d};
   struct agx_sim_opnd offh = {.kind = AGX_SIM_O_R16, .n = (uint16_t)off_half};
   struct agx_sim_opnd refh = {.kind = AGX_SIM_O_R16, .n = t.o};
   struct agx_sim_opnd samph = {.kind = AGX_SIM_O_R16, .n = t.s};
   struct agx_sim_opnd grads = {.kind = AGX_SIM_O_R16, .n = t.d};
   bool array0;
   unsigned ncoord0 = agx_sim_tex_coord_count(t.dim, &array0);
   bool auto_mode = t.lod == 0 || t.lod == 1 || t.lod == 5 || t.lod == 13;
   bool grad_mode = t.lod == 4 || t.lod == 12;
   /* the minimum LOD of auto_lod_bias_min (13: the high half of D) and
    * lod_grad_min (12: the half after the gradients' 2 x ncoord registers) */
   struct agx_sim_opnd bminh = {.kind = AGX_SIM_O_R16, .n = (uint16_t)(t.d + 1)};
   bool quad = auto_mode && w->d->batch && w->d->batch->stage == AGX_SIM_STAGE_FRAGMENT;
   /* the implicit LOD reads the coordinates of the whole quad of every
    * active lane; as for dfdx, strict mode checks the active lanes only */
   if (!agx_sim_tex_check_regs(w, sg, I, &t) ||
       (t.lod == 5 && !agx_sim_check_read(w, sg, I, &lodh, 1)) ||
       (t.lod == 1 && !agx_sim_check_read(w, sg, I, &lodu, 1)) ||
       (t.lod == 4 && !agx_sim_check_read(w, sg, I, &grads, 4 * ncoord0)) ||
       (t.lod == 12 && !agx_sim_check_read(w, sg, I, &grads, 4 * ncoord0 + 1)) ||
       (t.lod == 13 && !agx_sim_check_read(w, sg, I, &lodh, 1)) ||
       (t.lod == 13 && !agx_sim_check_read(w, sg, I, &bminh, 1)) ||
       (t.lod == 6 && !agx_sim_check_read(w, sg, I, &lodh, 1)) ||
       (t.lod == 2 && !agx_sim_check_read(w, sg, I, &lodu, 1)) ||
       (t.ot && !agx_sim_check_read(w, sg, I, &offh, 1)) ||
       (t.compare && !agx_sim_check_read(w, sg, I, &refh, 2)) ||
       (t.st && !agx_sim_check_read(w, sg, I, &samph, 1)) ||
       !agx_sim_check_write(w, sg, I, &dst, nres))
      return NULL;
   bool array;
   unsigned ncoord = agx_sim_tex_coord_count(t.dim, &array);
   bool is_gather = t.gather != 0;
   unsigned gcomp = t.gather >> 2; /* 2, 6, 10, 14 -> R, G, B, A */
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
      if (s.compare_enable != (bool)t.compare && t.mode != 2) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, 0,
                           "texture_sample %s compare with a sampler whose Compare "
                           "enable is %s (not modelled)",
                           t.compare ? "with" : "without", s.compare_enable ? "set" : "clear");
         return NULL;
      }
      uint32_t raw[3], layer, sample;
      agx_sim_tex_coords(sg, &t, l, raw, &layer, &sample);
      double st[3] = {0, 0, 0};
      for (unsigned i = 0; i < ncoord; i++) {
         if (t.cs) {
            st[i] = agx_sim_small_float_value(raw[i] & 0xFFFF, 5, 10, true);
         } else {
            float f;
            memcpy(&f, &raw[i], 4);
            st[i] = f;
         }
      }
      bool is3d = img.dim == AGX_TEXTURE_DIMENSION_3D && ncoord == 3;
      struct sample_ctx c = {w, sg, &t, I, &img, &s, ncoord, 0, false, t.compare, 0};
      c.layer = is3d ? 0 : layer < img.layers ? layer : img.layers - 1;
      if (agx_sim_tex_is_cube(t.dim)) {
         unsigned cubes = img.layers / 6 ? img.layers / 6 : 1;
         unsigned face = cube_face(st);
         c.layer = 6 * (layer < cubes ? layer : cubes - 1) + face;
         if (c.layer >= img.layers)
            c.layer = img.layers - 1;
         c.cube = true;
         c.ndim = 2;
         s.pixel_coordinates = false;
      }
      if (t.compare) {
         float ref;
         uint32_t bits = sg->r[(t.o >> 1) & 127][l];
         memcpy(&ref, &bits, 4);
         c.ref = ref;
         if (img.fmt.type == AGX_SIM_TEXEL_UNORM)
            c.ref = isnan(c.ref) ? 0 : c.ref < 0 ? 0 : c.ref > 1 ? 1 : c.ref;
      }
      int32_t off[3] = {0, 0, 0};
      if (t.ot) {
         uint32_t packed = agx_sim_tex_half(sg, off_half, l);
         for (unsigned i = 0; i < 3; i++)
            off[i] = (int32_t)(((packed >> (4 * i)) & 0xF) ^ 8) - 8;
      }
      /* level of detail */
      double lod = 0;
      unsigned aniso_n = 1;             /* probes along the major axis */
      double aniso_axis[3] = {0, 0, 0}; /* its gradient (coordinate units) */
      double unclamped = 0;             /* query_lod's y */
      if (t.mode == 2 && !quad) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, 0,
                           "texture_sample query_lod outside a fragment program (no quads)");
         return NULL;
      }
      if (auto_mode && (!quad || is_gather)) {
         if (!is_gather && (img.first_level != img.last_level || s.magnify != s.minify)) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, 0,
                              "texture_sample with implicit LOD on a mipmapped "
                              "view or different min/mag filters outside a "
                              "fragment program (no quad derivatives)");
            return NULL;
         }
      } else if (grad_mode || (auto_mode && !is_gather)) {
         /* lod_grad: ddx, ddy interleaved per coordinate, f32 registers
          * from D; auto: the quad's derivatives, plus the bias */
         double rho[2] = {0, 0}, grad[2][3] = {{0}};
         const uint32_t dims[3] = {agx_sim_minify(img.width, img.first_level),
                                   agx_sim_minify(img.height, img.first_level),
                                   agx_sim_minify(img.layers, img.first_level)};
         if (auto_mode) {
            quad_gradients(sg, &t, ncoord, c.cube, l, grad);
         } else {
            for (unsigned i = 0; i < ncoord; i++) {
               for (unsigned k = 0; k < 2; k++) {
                  uint32_t bits = sg->r[((t.d >> 1) + 2 * i + k) & 127][l];
                  float g;
                  memcpy(&g, &bits, 4);
                  grad[k][i] = g;
               }
            }
         }
         for (unsigned i = 0; i < c.ndim; i++) {
            for (unsigned k = 0; k < 2; k++) {
               double g = grad[k][i];
               double scaled = s.pixel_coordinates ? g : g * dims[i];
               rho[k] += scaled * scaled;
            }
         }
         double r = sqrt(rho[0] > rho[1] ? rho[0] : rho[1]);
         /* anisotropy (assumption, the hardware's footprint is not public: the
          * EXT_texture_filter_anisotropic reference method): N = min(ceil(Pmax /
          * Pmin), Maximum anisotropy) probes along the major axis, each at
          * LOD log2(Pmax / N), averaged */
         if (s.maximum_anisotropy > 1 && !is_gather) {
            double pmax = sqrt(rho[0] > rho[1] ? rho[0] : rho[1]);
            double pmin = sqrt(rho[0] > rho[1] ? rho[1] : rho[0]);
            double n = pmin > 0 ? ceil(pmax / pmin) : (double)s.maximum_anisotropy;
            n = n > s.maximum_anisotropy ? s.maximum_anisotropy : n < 1 ? 1 : n;
            if (isfinite(n) && n > 1) {
               aniso_n = (unsigned)n;
               for (unsigned i = 0; i < 3; i++)
                  aniso_axis[i] = grad[rho[0] >= rho[1] ? 0 : 1][i];
               r = pmax / n;
            }
         }
         lod = r > 0 ? log2(r) : -INFINITY;
         if (isnan(lod))
            lod = 0;
         if (t.lod == 1 || t.lod == 5 || t.lod == 13) {
            uint32_t hbits = t.lod != 1
                                ? agx_sim_tex_half(sg, t.d, l)
                                : (w->d->uniforms[(t.d >> 1) & 0xFF] >> ((t.d & 1) * 16)) & 0xFFFF;
            double bias = agx_sim_small_float_value(hbits, 5, 10, true);
            if (isfinite(bias))
               lod += bias;
         }
         unclamped = lod;
         lod = lod < s.minimum_lod ? s.minimum_lod : lod;
         lod = lod > s.maximum_lod ? s.maximum_lod : lod;
         if (t.lod == 12 || t.lod == 13) {
            unsigned h = t.lod == 13 ? t.d + 1u : t.d + 4u * ncoord;
            double min = agx_sim_small_float_value(agx_sim_tex_half(sg, h, l), 5, 10, true);
            if (!isnan(min) && lod < min)
               lod = min;
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
      if (t.mode == 2) {
         /* query_lod (applegpu: "vec2 of LOD, x is clamped, y is
          * unclamped"): x = the LOD clamped to the sampler's range and the
          * view's levels, y = the computed LOD with the bias. Assumption:
          * relative to First level and x = the level accessed (rounded
          * for Nearest mip filtering, 0 without mipmapping), as Vulkan's
          * OpImageQueryLod defines them. */
         double top = (double)(img.last_level - img.first_level);
         double x = lod < 0 ? 0 : lod > top ? top : lod;
         if (s.mip_filter == AGX_MIP_FILTER_NEAREST)
            x = lod <= 0 ? 0 : fmin(ceil(x + 0.5) - 1, top);
         else if (s.mip_filter != AGX_MIP_FILTER_LINEAR)
            x = 0;
         struct agx_sim_texel q = {.f = {x, unclamped, 0, 0}};
         struct agx_sim_image shown = img;
         shown.fmt.is_int = false;
         agx_sim_tex_write_result(sg, &t, &shown, &q, false, false, l);
         continue;
      }
      bool mag = lod <= 0;
      bool linear = (mag ? s.magnify : s.minify) == AGX_FILTER_LINEAR;
      unsigned l0 = img.first_level, l1 = img.first_level;
      double blend = 0;
      if (!is_gather && !mag && s.mip_filter == AGX_MIP_FILTER_NEAREST) {
         l0 = img.first_level + (unsigned)(ceil(lod + 0.5) - 1);
      } else if (!is_gather && !mag && s.mip_filter == AGX_MIP_FILTER_LINEAR) {
         l0 = img.first_level + (unsigned)floor(lod);
         l1 = l0 + 1;
         blend = quantise8(lod - floor(lod));
      }
      if (l0 > img.last_level)
         l0 = img.last_level;
      if (l1 > img.last_level)
         l1 = img.last_level;

      struct agx_sim_texel v, v1;
      for (unsigned pass = 0; pass < (blend > 0 ? 2u : 1u); pass++) {
         unsigned level = pass ? l1 : l0;
         struct agx_sim_texel *dst = pass ? &v1 : &v, probe;
         for (unsigned j = 0; j < aniso_n; j++) {
            double u[3], along = aniso_n > 1 ? (j + 0.5) / aniso_n - 0.5 : 0.0;
            for (unsigned i = 0; i < 3; i++)
               u[i] = st[i] + along * aniso_axis[i];
            if (!s.pixel_coordinates) {
               u[0] *= agx_sim_minify(img.width, level);
               u[1] *= agx_sim_minify(img.height, level);
               u[2] *= agx_sim_minify(img.layers, level);
            }
            bool ok = is_gather ? gather(&c, level, u, off, gcomp, &v)
                                : sample_level(&c, level, u, linear, off, j ? &probe : dst);
            if (!ok)
               return NULL;
            if (j)
               for (unsigned k = 0; k < 4; k++)
                  dst->f[k] += probe.f[k];
         }
         if (aniso_n > 1)
            for (unsigned k = 0; k < 4; k++)
               dst->f[k] /= aniso_n;
      }
      if (blend > 0)
         for (unsigned k = 0; k < 4; k++)
            v.f[k] = (1 - blend) * v.f[k] + blend * v1.f[k];
      /* integer formats keep their integers (a compare result is a float);
       * float-like results use f */
      bool int_result = img.fmt.is_int && !t.compare;
      if (!int_result) {
         for (unsigned k = 0; k < 4; k++) {
            float f = (float)v.f[k];
            memcpy(&v.u[k], &f, 4);
         }
      }
      struct agx_sim_image shown = img;
      shown.fmt.is_int = int_result;
      agx_sim_tex_write_result(sg, &t, &shown, &v, !is_gather, false, l);
   }
   agx_sim_tex_finish_result(sg, &t);
   return agx_sim_next(w, I);
}

bool
agx_sim_decode_texture_sample(struct agx_sim_insn *I, const struct agx_sim_tex_ops *t)
{
   bool array;
   unsigned n = agx_sim_tex_coord_count(t->dim, &array);
   bool gather_ok = t->gather == 0 || ((t->gather & 3) == 2 && n == 2); /* gather_r/g/b/a, 2D */
   if (n == 0 || agx_sim_tex_is_ms(t->dim) || !gather_ok ||
       (t->lod != 0 && t->lod != 1 && t->lod != 2 && t->lod != 4 && t->lod != 5 && t->lod != 6 &&
        t->lod != 12 && t->lod != 13) ||
       ((t->lod == 4 || t->lod == 12) && agx_sim_tex_is_cube(t->dim))) /* cube gradients */
      return false;
   I->exec = x_texture_sample;
   return true;
}
