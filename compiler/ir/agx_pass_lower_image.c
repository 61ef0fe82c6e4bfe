/* Image access (image_* intrinsics, not texel buffers) to the hardware's
 * bindless texture instructions and software reads of descriptor words
 * (the image part of the agx_abi.h ABI). Called by agx_pass_lower_io for
 * each image_* intrinsic once it knows the descriptor's byte offset within
 * its set (and, for sampling, the sampler descriptor's). Assumes:
 *  - the descriptor layout of agx_abi.h: Texture at +0, PBE at +24 for
 *    storage images, sampler heap index (and custom-border twin) at +24,
 *    LOD bias at +28 and custom border colour at +32 of sampler and
 *    combined image sampler descriptors;
 *  - the Texture bit positions of genxml agx_texture.xml (Width 28-41,
 *    Height 42-55, First level 56-59, Last level 60-63, Samples 64, Depth
 *    110-123, sizes stored minus 1);
 *  - the texture unit returns the txf sampler's border for, and the PBE
 *    drops, x/y/z outside the level, but clamps layers and levels: those
 *    are checked here and replaced by x = AGX_ABI_IMAGE_OOB_X (Mesa's
 *    robustness trick, libagx texture.cl);
 *  - texture_sample clamps the layer to the last one itself; the lower
 *    bound (Vulkan: max(round(layer), 0)) is applied here;
 *  - atomics address R32 texels from the PBE (Buffer, Width, Level, the
 *    linear Stride, or the software words Level offset / Tile width /
 *    Tile height / Layer stride of genxml's PBE) with square tiles;
 *  - multisampled storage views have Honeykrisp's buffer-like PBE (linear,
 *    AGX_ABI_TEXEL_WIDTH wide, Buffer = the view's first layer) with the
 *    software words Aligned width MSAA / Sample count log2 / Tile width /
 *    Tile height / Layer stride: stores and atomics address samples from
 *    them (ms_sample_index), loads read the multisampled Texture. */
#include "agx_abi.h"
#include "agx_builder.h"
#include "agx_passes.h"

static agx_instr *
imm(agx_builder *b, uint32_t v)
{
   return agx_imm(b, 32, v);
}

/* A 32-bit word of the descriptor at `desc` (64-bit address) + byte. */
static agx_instr *
desc_word(agx_builder *b, agx_instr *desc, unsigned byte)
{
   agx_instr *addr = agx_iadd(b, desc, agx_imm(b, 64, byte));
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
}

/* Bits [lo, lo + n) of a 32-bit word. */
static agx_instr *
bits(agx_builder *b, agx_instr *w, unsigned lo, unsigned n)
{
   agx_instr *v = lo ? agx_ushr(b, w, imm(b, lo)) : w;
   return lo + n >= 32 ? v : agx_iand(b, v, imm(b, (1u << n) - 1));
}

struct tex_fields {
   agx_instr *width, *height, *first, *last, *depth, *w2;
};

static struct tex_fields
tex_fields(agx_builder *b, agx_instr *desc, bool depth)
{
   struct tex_fields f = {0};
   agx_instr *w0 = desc_word(b, desc, AGX_ABI_IMAGE_TEXTURE);
   agx_instr *w1 = desc_word(b, desc, AGX_ABI_IMAGE_TEXTURE + 4);
   agx_instr *wlo = bits(b, w0, 28, 4), *whi = agx_ishl(b, bits(b, w1, 0, 10), imm(b, 4));
   f.width = agx_iadd(b, agx_ior(b, wlo, whi), imm(b, 1));
   f.height = agx_iadd(b, bits(b, w1, 10, 14), imm(b, 1));
   f.first = bits(b, w1, 24, 4);
   f.last = bits(b, w1, 28, 4);
   if (depth)
      f.depth =
         agx_iadd(b, bits(b, desc_word(b, desc, AGX_ABI_IMAGE_TEXTURE + 12), 14, 14), imm(b, 1));
   return f;
}

static bool
is_array(unsigned dim)
{
   return dim == AGX_IMAGE_2D_ARRAY || dim == AGX_IMAGE_CUBE_ARRAY || dim == AGX_IMAGE_2D_MS_ARRAY;
}

/* The hardware coordinate words of an integer access: (x, y[, z|layer]). */
static agx_instr *
int_coords(agx_builder *b, unsigned dim, agx_instr *c, agx_instr *oob)
{
   agx_instr *w[3] = {agx_extract(b, c, 0), agx_extract(b, c, 1), agx_extract(b, c, 2)};
   if (oob)
      w[0] = agx_bcsel(b, oob, imm(b, AGX_ABI_IMAGE_OOB_X), w[0]);
   return agx_vec(b, dim == AGX_IMAGE_2D ? 2 : 3, w);
}

static agx_instr *
or_oob(agx_builder *b, agx_instr *a, agx_instr *c)
{
   return a ? agx_ior(b, a, c) : c;
}

static bool
is_ms(unsigned dim)
{
   return dim == AGX_IMAGE_2D_MS || dim == AGX_IMAGE_2D_MS_ARRAY;
}

/* Samples of a multisampled Texture: bit 64 (0 = 2, 1 = 4). */
static agx_instr *
sample_count(agx_builder *b, agx_instr *desc)
{
   agx_instr *bit = bits(b, desc_word(b, desc, AGX_ABI_IMAGE_TEXTURE + 8), 0, 1);
   return agx_ishl(b, imm(b, 2), bit);
}

static agx_instr *
lower_load(agx_builder *b, agx_instr *I, agx_instr *desc, agx_instr *offset, unsigned heap)
{
   unsigned flags = I->c[2], dim = flags & AGX_IMAGE_DIM_MASK;
   bool storage = flags & AGX_IMAGE_STORAGE, ms = is_ms(dim);
   agx_instr *c = I->src[1], *lod = agx_extract(b, c, 3);
   bool lod0 = ms || storage || (lod->op == AGX_OP_CONST && lod->value[0] == 0);
   agx_instr *oob = NULL;
   struct tex_fields f = {0};
   if (is_array(dim) || !lod0)
      f = tex_fields(b, desc, is_array(dim));
   if (is_array(dim))
      oob = agx_uge(b, agx_extract(b, c, 2), f.depth);
   if (!lod0) {
      agx_instr *levels = agx_iadd(b, agx_isub(b, f.last, f.first), imm(b, 1));
      oob = or_oob(b, oob, agx_uge(b, lod, levels));
   }
   if (ms)
      oob = or_oob(b, oob, agx_uge(b, lod, sample_count(b, desc)));
   /* VK_EXT_image_view_min_lod: levels below the integer part of the
    * view's minimum LOD are out of range (Vulkan "Image level selection"
    * for texel fetches; Mesa checks lod < min in libagx the same way) */
   if (!storage && !ms) {
      agx_instr *min = agx_f2u(b, 32, agx_ffloor(b, desc_word(b, desc, AGX_ABI_IMAGE_MIN_LOD)));
      oob = or_oob(b, oob, agx_ult(b, lod0 ? imm(b, 0) : lod, min));
   }
   agx_instr *coords = int_coords(b, dim, c, oob);
   if (ms) {
      /* the extra word: sample in the low half, layer in the high half */
      agx_instr *w[3] = {agx_extract(b, coords, 0), agx_extract(b, c, 1), lod};
      if (dim == AGX_IMAGE_2D_MS_ARRAY)
         w[2] = agx_ior(b, agx_iand(b, lod, imm(b, 0xFFFF)),
                        agx_ishl(b, agx_extract(b, c, 2), imm(b, 16)));
      coords = agx_vec(b, 3, w);
   }
   return agx_intrin(b, AGX_OP_BINDLESS_TEXTURE_LOAD, agx_type_make(32, 4), 3, offset, coords,
                     lod0 ? imm(b, 0) : lod, heap, dim, storage ? 13 : 12);
}

static agx_instr *ms_store_coords(agx_builder *b, agx_instr *I, agx_instr *desc);

static void
lower_store(agx_builder *b, agx_instr *I, agx_instr *desc, agx_instr *offset, unsigned heap)
{
   unsigned dim = I->c[2] & AGX_IMAGE_DIM_MASK;
   if (is_ms(dim)) {
      /* the buffer-like PBE of a multisampled storage view: a 2D write */
      I->op = AGX_OP_BINDLESS_IMAGE_WRITE;
      I->src[1] = ms_store_coords(b, I, desc);
      I->src[0] = agx_iadd(b, offset, imm(b, AGX_ABI_IMAGE_PBE));
      I->c[0] = heap;
      I->c[1] = AGX_IMAGE_2D;
      I->c[2] = 0;
      return;
   }
   agx_instr *oob = NULL;
   if (is_array(dim))
      oob = agx_uge(b, agx_extract(b, I->src[1], 2), tex_fields(b, desc, true).depth);
   I->op = AGX_OP_BINDLESS_IMAGE_WRITE;
   I->src[1] = int_coords(b, dim, I->src[1], oob);
   I->src[0] = agx_iadd(b, offset, imm(b, AGX_ABI_IMAGE_PBE));
   I->c[0] = heap;
   I->c[1] = dim;
   I->c[2] = 0;
}

/* A float array layer / cube index: max(round_even(v), 0). */
static agx_instr *
float_layer(agx_builder *b, agx_instr *v)
{
   return agx_imax(b, agx_f2i(b, 32, agx_fround_even(b, v)), imm(b, 0));
}

/* A copy of the texture sample I (before I) with source 0 `src0`. */
static agx_instr *
resample(agx_builder *b, agx_instr *I, agx_instr *src0)
{
   agx_instr *c = agx_instr_create(b->shader, I->op, I->type, I->num_srcs);
   for (unsigned k = 0; k < I->num_srcs; k++)
      c->src[k] = I->src[k];
   for (unsigned k = 0; k < 4; k++)
      c->c[k] = I->c[k];
   c->src[0] = src0;
   agx_builder_insert(b, c);
   return c;
}

/* Custom border colours (Honeykrisp's emulation, agx_abi.h): the sample I
 * (already lowered, sampling the opaque-white heap slot) and, when the
 * sampler has a transparent-black twin (index word bits 16-31 = its slot
 * + 1), the same sample with the twin. A result component that differs
 * between the two came (partly) from border texels: float results blend,
 * c0 + (c1 - c0) * border, exact since the texture unit weighs border
 * texels like any other and the swizzle maps both borders alike; integer
 * results and gathers select the border. Without a twin the result is I's.
 * Replaces I (returns the value); depth compares and LOD queries are not
 * emulated (as in Honeykrisp). */
static agx_instr *
custom_border(agx_shader *s, agx_instr *I, agx_instr *offset, agx_instr *sdesc, agx_instr *word,
              agx_instr *off_hi, bool select, int gather_comp)
{
   agx_builder b = agx_builder_before(s, I);
   agx_instr *twin = agx_ushr(&b, word, imm(&b, 16));
   agx_instr *has = agx_ine(&b, twin, imm(&b, 0));
   agx_instr *smp = agx_isub(&b, twin, imm(&b, 1));
   if (off_hi)
      smp = agx_ior(&b, smp, off_hi);
   agx_instr *sd[2] = {offset, smp};
   agx_instr *white = resample(&b, I, I->src[0]);
   agx_instr *black = resample(&b, I, agx_vec(&b, 2, sd));
   black = agx_wrap_in_if(s, black, has);
   b = agx_builder_before(s, I);
   agx_instr *r[4];
   for (unsigned k = 0; k < 4; k++) {
      unsigned bc = gather_comp >= 0 ? (unsigned)gather_comp : k;
      agx_instr *border = desc_word(&b, sdesc, AGX_ABI_SAMPLER_BORDER + 4 * bc);
      agx_instr *c1 = agx_extract(&b, white, k), *c0 = agx_extract(&b, black, k), *v;
      if (select)
         v = agx_bcsel(&b, agx_ine(&b, c0, c1), border, c1);
      else
         v = agx_ffma(&b, agx_fsub(&b, c1, c0), border, c0);
      r[k] = agx_bcsel(&b, has, v, c1);
   }
   return agx_vec(&b, 4, r);
}

/* image_sample / image_sample_grad / image_gather -> bindless_texture_sample[_grad]. The
 * sampler's LOD bias is added to an explicit LOD or, for implicit LODs, to
 * the shader's bias (the hardware's auto_lod_bias mode: the sampler state
 * has no bias field, Mesa turns every implicit-LOD sample into txb); with
 * gradients it scales them by 2^bias instead (the same LOD, log2 of the
 * scaled gradient). A depth reference moves to source 0 component 2.
 * Returns the value replacing I when a custom border colour is emulated,
 * else NULL (I lowered in place). */
static agx_instr *
lower_sample(agx_shader *s, agx_builder *b, agx_instr *I, agx_instr *desc, agx_instr *offset,
             unsigned heap, agx_instr *sdesc)
{
   unsigned dim = I->c[2] & AGX_IMAGE_DIM_MASK;
   bool int_result = I->c[2] & AGX_IMAGE_INT;
   bool grad = I->op == AGX_OP_IMAGE_SAMPLE_GRAD;
   /* gathers: the component (a constant), sampled at the first level (LOD 0) */
   bool gather = I->op == AGX_OP_IMAGE_GATHER;
   unsigned gcomp = gather ? (unsigned)I->src[2]->value[0] & 3 : 0;
   agx_instr *c = I->src[1];
   agx_instr *w[4];
   for (unsigned k = 0; k < 4; k++)
      w[k] = agx_extract(b, c, k);
   unsigned n = 3;
   if (dim == AGX_IMAGE_2D)
      n = 2;
   else if (dim == AGX_IMAGE_2D_ARRAY)
      w[2] = float_layer(b, w[2]);
   else if (dim == AGX_IMAGE_CUBE_ARRAY) {
      w[3] = float_layer(b, w[3]);
      n = 4;
   }
   /* the packed texel offset: usually the constant 0 (no offset operand) */
   agx_instr *idx = I->src[0], *texel_off;
   bool has_off;
   if (idx->op == AGX_OP_CONST) {
      texel_off = imm(b, (uint32_t)idx->value[2]);
      has_off = idx->value[2] != 0;
   } else {
      texel_off = idx->op == AGX_OP_VEC ? idx->src[2] : agx_extract(b, idx, 2);
      has_off = !(texel_off->op == AGX_OP_CONST && texel_off->value[0] == 0);
   }
   /* index word: heap slot in bits 0-15, the custom-border twin above */
   agx_instr *word = desc_word(b, sdesc, AGX_ABI_SAMPLER_INDEX);
   agx_instr *smp = agx_iand(b, word, imm(b, 0xFFFF)), *off_hi = NULL;
   if (has_off) {
      off_hi = agx_ishl(b, texel_off, imm(b, 16));
      smp = agx_ior(b, smp, off_hi);
   }
   bool compare = I->c[2] & AGX_IMAGE_COMPARE, implicit = I->c[2] & AGX_IMAGE_IMPLICIT_LOD;
   bool query = I->c[2] & AGX_IMAGE_QUERY_LOD;
   agx_instr *sd[3] = {offset, smp, compare ? agx_extract(b, idx, 3) : NULL};
   agx_instr *bias = desc_word(b, sdesc, AGX_ABI_SAMPLER_LOD_BIAS);
   /* the view's minimum LOD (VK_EXT_image_view_min_lod), relative to its
    * first level; 0 without one */
   agx_instr *min = desc_word(b, desc, AGX_ABI_IMAGE_MIN_LOD);
   bool with_min = grad || (implicit && !query);
   I->src[0] = agx_vec(b, compare ? 3 : 2, sd);
   I->src[1] = agx_vec(b, n, w);
   if (grad) {
      /* a new instruction: one more source, the fp16 minimum (lod_grad_min) */
      agx_instr *G = agx_instr_create(s, AGX_OP_BINDLESS_TEXTURE_SAMPLE_GRAD, I->type, 5);
      agx_instr *scale = agx_fexp2(b, bias);
      G->src[0] = I->src[0];
      G->src[1] = I->src[1];
      for (unsigned k = 2; k < 4; k++) {
         agx_instr *g[3];
         unsigned m = I->src[k]->type.comps;
         for (unsigned j = 0; j < m; j++)
            g[j] = agx_fmul(b, agx_extract(b, I->src[k], j), scale);
         G->src[k] = agx_vec(b, m, g);
      }
      G->src[4] = agx_f2f(b, 16, min);
      agx_builder_insert(b, G);
      I = G;
   } else if (gather) {
      I->src[2] = agx_imm(b, 16, 0);
      I->op = AGX_OP_BINDLESS_TEXTURE_SAMPLE;
   } else if (implicit && !query) {
      /* auto_lod_bias_min: (bias, minimum) */
      agx_instr *bm[2] = {agx_f2f(b, 16, agx_fadd(b, I->src[2], bias)), agx_f2f(b, 16, min)};
      I->src[2] = agx_vec(b, 2, bm);
      I->op = AGX_OP_BINDLESS_TEXTURE_SAMPLE;
   } else if (implicit) {
      I->src[2] = agx_f2f(b, 16, agx_fadd(b, I->src[2], bias));
      I->op = AGX_OP_BINDLESS_TEXTURE_SAMPLE;
   } else {
      /* explicit LOD: at least the view's minimum LOD */
      I->src[2] = agx_f2f(b, 16, agx_fmax(b, agx_fadd(b, I->src[2], bias), min));
      I->op = AGX_OP_BINDLESS_TEXTURE_SAMPLE;
   }
   I->c[0] = heap;
   I->c[1] = dim;
   I->c[2] = has_off | (implicit ? AGX_TEX_AUTO_LOD_BIAS : 0) | (compare ? AGX_TEX_COMPARE : 0) |
             (query ? AGX_TEX_QUERY_LOD : 0) | (with_min ? AGX_TEX_MIN_LOD : 0);
   I->c[3] = gather ? 1 + gcomp : 0;
   if (compare || query)
      return grad ? I : NULL;
   agx_instr *v = custom_border(s, I, offset, sdesc, word, off_hi, int_result || gather,
                                gather ? (int)gcomp : -1);
   if (gather) {
      /* gathers read level 0 of the view: out of range (zeros, as
       * robustImageAccess2 reads) when the view's minimum LOD is 1 or more
       * (VK_EXT_image_view_min_lod: levels below its integer part) */
      agx_builder a = agx_builder_before(s, I);
      agx_instr *oob = agx_fge(&a, min, agx_imm(&a, 32, 0x3F800000));
      agx_instr *r[4];
      for (unsigned k = 0; k < 4; k++)
         r[k] = agx_bcsel(&a, oob, imm(&a, 0), agx_extract(&a, v, k));
      v = agx_vec(&a, 4, r);
   }
   return v;
}

static agx_instr *
minify(agx_builder *b, agx_instr *size, agx_instr *level)
{
   return agx_umax(b, agx_ushr(b, size, level), imm(b, 1));
}

static agx_instr *
lower_size(agx_builder *b, agx_instr *I, agx_instr *desc)
{
   unsigned flags = I->c[2], dim = flags & AGX_IMAGE_DIM_MASK;
   bool depth = is_array(dim) || dim == AGX_IMAGE_3D;
   struct tex_fields f = tex_fields(b, desc, depth);
   agx_instr *level = agx_iadd(b, f.first, I->src[1]);
   agx_instr *r[4] = {minify(b, f.width, level), minify(b, f.height, level), imm(b, 0), imm(b, 0)};
   if (dim == AGX_IMAGE_3D)
      r[2] = minify(b, f.depth, level);
   else if (flags & AGX_IMAGE_CUBE_FACES_ARRAY)
      r[2] = agx_udiv(b, f.depth, imm(b, 6));
   else if (depth)
      r[2] = f.depth;
   return agx_vec(b, 4, r);
}

static agx_instr *
lower_levels(agx_builder *b, agx_instr *desc)
{
   struct tex_fields f = tex_fields(b, desc, false);
   return agx_iadd(b, agx_isub(b, f.last, f.first), imm(b, 1));
}

static agx_instr *
lower_samples(agx_builder *b, agx_instr *I, agx_instr *desc)
{
   return is_ms(I->c[2] & AGX_IMAGE_DIM_MASK) ? sample_count(b, desc) : imm(b, 1);
}

/* Spreads the low 16 bits of v to the even bit positions. */
static agx_instr *
spread_bits(agx_builder *b, agx_instr *v)
{
   static const uint32_t masks[4] = {0x00FF00FF, 0x0F0F0F0F, 0x33333333, 0x55555555};
   for (unsigned k = 0; k < 4; k++) {
      unsigned sh = 8 >> k;
      v = agx_iand(b, agx_ior(b, v, agx_ishl(b, v, imm(b, sh))), imm(b, masks[k]));
   }
   return v;
}

/* The PBE software words of a multisampled storage view (agx_abi.h,
 * genxml PBE "Aligned width MSAA (sw)" bits 128-142, "Sample count log2
 * (sw)" 143-144, "Tile width / height (sw)" 155-158 / 159-162 (log2),
 * "Layer stride (sw)" 163-189 shr 7): the index, in samples from the PBE's
 * Buffer, of sample `sample` of pixel (x, y) of layer `layer` (NULL: 0),
 * `bytes` (32-bit) per sample. Pixels are in Morton order inside tiles,
 * tiles row-major, aligned width pixels per tile row's band, the samples of
 * a pixel contiguous (Mesa libagx texture.cl libagx_image_texel_address
 * with is_msaa). */
static agx_instr *
ms_sample_index(agx_builder *b, agx_instr *desc, agx_instr *x, agx_instr *y, agx_instr *layer,
                agx_instr *sample, agx_instr *bytes)
{
   unsigned pbe = AGX_ABI_IMAGE_PBE;
   agx_instr *w4 = desc_word(b, desc, pbe + 16), *w5 = desc_word(b, desc, pbe + 20);
   agx_instr *aligned_w = bits(b, w4, 0, 15);
   agx_instr *samples_log2 = bits(b, w4, 15, 2);
   agx_instr *tw_log2 = bits(b, w4, 27, 4);
   agx_instr *th_log2 = agx_ior(b, bits(b, w4, 31, 1), agx_ishl(b, bits(b, w5, 0, 3), imm(b, 1)));
   agx_instr *tw_mask = agx_isub(b, agx_ishl(b, imm(b, 1), tw_log2), imm(b, 1));
   agx_instr *th_mask = agx_isub(b, agx_ishl(b, imm(b, 1), th_log2), imm(b, 1));
   agx_instr *row = agx_imul(b, agx_iand(b, y, agx_inot(b, th_mask)), aligned_w);
   agx_instr *col = agx_ishl(b, agx_iand(b, x, agx_inot(b, tw_mask)), th_log2);
   agx_instr *in_tile = agx_ior(b, spread_bits(b, agx_iand(b, x, tw_mask)),
                                agx_ishl(b, spread_bits(b, agx_iand(b, y, th_mask)), imm(b, 1)));
   agx_instr *px = agx_iadd(b, agx_iadd(b, row, col), in_tile);
   if (layer) {
      agx_instr *layer_stride = agx_ishl(b, bits(b, w5, 3, 27), imm(b, 7));
      agx_instr *layer_px = agx_ushr(b, agx_udiv(b, layer_stride, bytes), samples_log2);
      px = agx_iadd(b, px, agx_imul(b, layer, layer_px));
   }
   return agx_iadd(b, agx_ishl(b, px, samples_log2), sample);
}

/* The 2D coordinates of a multisampled storage write I (32x4 x, y,
 * layer, sample) in the view's buffer-like PBE (Honeykrisp, hk_image_view.c
 * pack_pbe: Width AGX_ABI_TEXEL_WIDTH, Stride = width x bytes per sample -
 * 4): sample index i -> (i % width, i / width). Writes outside the view
 * (x, y past the Texture's size, layer past its layers, sample past its
 * samples) get row 0xFFFF, past any PBE height, which the PBE drops (the
 * texel-buffer ABI relies on the same), as Mesa's robustness does. */
static agx_instr *
ms_store_coords(agx_builder *b, agx_instr *I, agx_instr *desc)
{
   unsigned dim = I->c[2] & AGX_IMAGE_DIM_MASK;
   bool arr = dim == AGX_IMAGE_2D_MS_ARRAY;
   agx_instr *c = I->src[1];
   agx_instr *x = agx_extract(b, c, 0), *y = agx_extract(b, c, 1);
   agx_instr *layer = arr ? agx_extract(b, c, 2) : NULL, *sample = agx_extract(b, c, 3);
   struct tex_fields f = tex_fields(b, desc, arr);
   agx_instr *ok = agx_iand(b, agx_ult(b, x, f.width), agx_ult(b, y, f.height));
   ok = agx_iand(b, ok, agx_ult(b, sample, sample_count(b, desc)));
   if (arr)
      ok = agx_iand(b, ok, agx_ult(b, layer, f.depth));
   /* PBE Stride bits 104-124: width x bytes per sample - 4 */
   agx_instr *w3 = desc_word(b, desc, AGX_ABI_IMAGE_PBE + 12);
   agx_instr *bytes =
      agx_ushr(b, agx_iadd(b, bits(b, w3, 8, 21), imm(b, 4)), imm(b, AGX_ABI_TEXEL_WIDTH_LOG2));
   agx_instr *i = ms_sample_index(b, desc, x, y, layer, sample, agx_umax(b, bytes, imm(b, 1)));
   agx_instr *xy[2] = {
      agx_iand(b, i, imm(b, AGX_ABI_TEXEL_WIDTH - 1)),
      agx_bcsel(b, ok, agx_ushr(b, i, imm(b, AGX_ABI_TEXEL_WIDTH_LOG2)), imm(b, 0xFFFF))};
   return agx_vec(b, 2, xy);
}

/* Address of sample (x, y, layer, sample) of an R32 multisampled storage
 * image: PBE Buffer + 4 x its sample index (ms_sample_index). */
static agx_instr *
ms_texel_address(agx_builder *b, agx_instr *I, agx_instr *desc)
{
   unsigned pbe = AGX_ABI_IMAGE_PBE, dim = I->c[2] & AGX_IMAGE_DIM_MASK;
   agx_instr *c = I->src[1];
   agx_instr *w2 = desc_word(b, desc, pbe + 8), *w3 = desc_word(b, desc, pbe + 12);
   agx_instr *words[2] = {w2, agx_iand(b, w3, imm(b, 0xF))};
   agx_instr *buffer = agx_ishl(b,
                                agx_build(b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1,
                                          agx_vec(b, 2, words), NULL, NULL, NULL),
                                imm(b, 4));
   agx_instr *layer = dim == AGX_IMAGE_2D_MS_ARRAY ? agx_extract(b, c, 2) : NULL;
   agx_instr *i = ms_sample_index(b, desc, agx_extract(b, c, 0), agx_extract(b, c, 1), layer,
                                  agx_extract(b, c, 3), imm(b, 4));
   return agx_iadd(b, buffer, agx_ishl(b, agx_u2u(b, 64, i), imm(b, 2)));
}

/* Address of texel (x, y, z|layer) of an R32 storage image from its PBE
 * (agx_abi.h): Layout Linear -> Buffer + y * (Stride + 4) + 4 x; Layout
 * GPU -> Buffer + level offset + z * layer stride + 4 * (tile index * tile
 * texels + Morton index in the tile), tiles row-major, ceil(level width /
 * tile width) per row, square tiles (ail's tiles for 4-byte texels are). */
static agx_instr *
lower_texel_address(agx_builder *b, agx_instr *I, agx_instr *desc)
{
   if (is_ms(I->c[2] & AGX_IMAGE_DIM_MASK))
      return ms_texel_address(b, I, desc);
   unsigned pbe = AGX_ABI_IMAGE_PBE;
   agx_instr *w0 = desc_word(b, desc, pbe), *w1 = desc_word(b, desc, pbe + 4);
   agx_instr *w2 = desc_word(b, desc, pbe + 8), *w3 = desc_word(b, desc, pbe + 12);
   agx_instr *w4 = desc_word(b, desc, pbe + 16), *w5 = desc_word(b, desc, pbe + 20);
   agx_instr *x = agx_extract(b, I->src[1], 0), *y = agx_extract(b, I->src[1], 1);
   agx_instr *z = agx_extract(b, I->src[1], 2);
   /* Buffer: bits 64-99, address >> 4 */
   agx_instr *words[2] = {w2, agx_iand(b, w3, imm(b, 0xF))};
   agx_instr *buffer = agx_ishl(b,
                                agx_build(b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1,
                                          agx_vec(b, 2, words), NULL, NULL, NULL),
                                imm(b, 4));
   /* linear: Stride bits 104-124 hold the row stride - 4 */
   agx_instr *stride = agx_iadd(b, bits(b, w3, 8, 21), imm(b, 4));
   agx_instr *lin = agx_iadd(b, agx_imul(b, agx_u2u(b, 64, y), agx_u2u(b, 64, stride)),
                             agx_u2u(b, 64, agx_ishl(b, x, imm(b, 2))));
   /* GPU: Width bits 24-37 (minus 1), Level bits 100-103, software words */
   agx_instr *width = agx_iadd(
      b, agx_ior(b, bits(b, w0, 24, 8), agx_ishl(b, bits(b, w1, 0, 6), imm(b, 8))), imm(b, 1));
   agx_instr *level_w = agx_umax(b, agx_ushr(b, width, bits(b, w3, 4, 4)), imm(b, 1));
   agx_instr *level_off = agx_ishl(b, bits(b, w4, 0, 27), imm(b, 7));
   agx_instr *tw_log2 = bits(b, w4, 27, 4);
   agx_instr *th_log2 = agx_ior(b, bits(b, w4, 31, 1), agx_ishl(b, bits(b, w5, 0, 3), imm(b, 1)));
   agx_instr *layer_stride = agx_ishl(b, bits(b, w5, 3, 27), imm(b, 7));
   agx_instr *tw = agx_ishl(b, imm(b, 1), tw_log2), *th = agx_ishl(b, imm(b, 1), th_log2);
   agx_instr *per_row = agx_ushr(b, agx_iadd(b, level_w, agx_isub(b, tw, imm(b, 1))), tw_log2);
   agx_instr *tile =
      agx_iadd(b, agx_imul(b, agx_ushr(b, y, th_log2), per_row), agx_ushr(b, x, tw_log2));
   agx_instr *in_tile =
      agx_ior(b, spread_bits(b, agx_iand(b, x, agx_isub(b, tw, imm(b, 1)))),
              agx_ishl(b, spread_bits(b, agx_iand(b, y, agx_isub(b, th, imm(b, 1)))), imm(b, 1)));
   agx_instr *texels =
      agx_iadd(b, agx_imul(b, agx_u2u(b, 64, tile), agx_u2u(b, 64, agx_ishl(b, tw, th_log2))),
               agx_u2u(b, 64, in_tile));
   agx_instr *gpu =
      agx_iadd(b, agx_u2u(b, 64, level_off),
               agx_iadd(b, agx_imul(b, agx_u2u(b, 64, z), agx_u2u(b, 64, layer_stride)),
                        agx_ishl(b, texels, imm(b, 2))));
   agx_instr *linear = agx_ieq(b, bits(b, w0, 4, 2), imm(b, 0)); /* Layout Linear */
   return agx_iadd(b, buffer, agx_bcsel(b, linear, lin, gpu));
}

static agx_instr *
descriptor(agx_builder *b, unsigned set, agx_instr *offset, unsigned *heap)
{
   *heap = AGX_ABI_SET_ADDR_BASE + 8 * (set % AGX_ABI_MAX_SETS);
   agx_instr *base = agx_intrin(b, AGX_OP_LOAD_UNIFORM, agx_type_make(64, 1), 1, imm(b, 0), NULL,
                                NULL, *heap, 0, 0);
   return agx_iadd(b, base, agx_u2u(b, 64, offset));
}

agx_instr *
agx_lower_image(agx_shader *s, agx_instr *I, unsigned set, agx_instr *offset, unsigned sampler_set,
                agx_instr *sampler_offset)
{
   agx_builder b = agx_builder_before(s, I);
   unsigned heap, sheap;
   agx_instr *desc = descriptor(&b, set, offset, &heap);
   switch (I->op) {
   case AGX_OP_IMAGE_LOAD:
      return lower_load(&b, I, desc, offset, heap);
   case AGX_OP_IMAGE_STORE:
      lower_store(&b, I, desc, offset, heap);
      return NULL;
   case AGX_OP_IMAGE_SAMPLE:
   case AGX_OP_IMAGE_SAMPLE_GRAD:
   case AGX_OP_IMAGE_GATHER:
      return lower_sample(s, &b, I, desc, offset, heap,
                          descriptor(&b, sampler_set, sampler_offset, &sheap));
   case AGX_OP_IMAGE_SIZE:
      return lower_size(&b, I, desc);
   case AGX_OP_IMAGE_LEVELS:
      return lower_levels(&b, desc);
   case AGX_OP_IMAGE_SAMPLES:
      return lower_samples(&b, I, desc);
   case AGX_OP_IMAGE_TEXEL_ADDRESS:
      return lower_texel_address(&b, I, desc);
   default:
      return NULL;
   }
}
