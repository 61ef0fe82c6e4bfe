/* Spilled render targets (eMRT; graphics.md §5.3, Mesa
 * src/asahi/lib/agx_nir_lower_tilebuffer.c store_memory / load_memory): a
 * render target the tilebuffer layout marks spilled is stored to and loaded
 * from its attachment in memory instead of the tilebuffer, through the
 * pass's eMRT descriptors (agx_abi.h: Texture of rt in texture state
 * register 2 rt, PBE in 2 rt + 1, their memory at the uniform
 * AGX_ABI_FS_EMRT for the software words).
 * - Ordering: wait_pix 0xC before the first access (Mesa's
 *   begin_invocation_interlock), so overlapping fragments of a pixel reach
 *   memory in primitive order; a PBE -> texture fence after the stores
 *   (Mesa's fence_pbe_to_tex_pixel_agx at the end of the shader) so later
 *   fragments' texture loads see them; loads are coherent (q3 13).
 * - Coverage: only samples still live (SR 60) and shaded by this pass
 *   (load_active_samples: 0xFF, or the per-sample loop's bit) and named by
 *   the caller's sample mask are written; the others are dropped by an
 *   out-of-range coordinate (the PBE drops such writes, as the texel-buffer
 *   ABI relies on) instead of Mesa's branch.
 * - Single-sampled: image_write of (x, y, layer) through the 2D-array PBE
 *   (out-of-image pixels are dropped by the PBE).
 * - Multisampled: Honeykrisp's buffer-like PBE; the sample's texel index is
 *   computed from the PBE's software words read from memory (Mesa libagx
 *   image_texel_address), each sample its own image_write; pixels outside
 *   the image (Texture width/height at its first level) are dropped, as
 *   Mesa's bounds check does.
 * Values are the 32-bit register forms of the logical format (fp32 for
 * float / normalised formats, integers): the PBE and the texture unit
 * convert; except SNORM formats, whose descriptors are SINT ones of the
 * same bits (icd/agxv_emrt.c; an assumption of this project: the PBE's
 * float -> snorm conversion never produces the code -2^(b-1), which a
 * logic op must be able to write, Vulkan "Logical Operations") and whose
 * values are converted here. */
#include "agx_abi.h"
#include "agx_builder.h"
#include "agx_passes.h"

#define SR_LAYER 2
#define SR_COVERAGE 60
#define SR_PIXEL_X 80
#define SR_PIXEL_Y 81

static agx_instr *
imm(agx_builder *b, uint32_t v)
{
   return agx_imm(b, 32, v);
}

static agx_instr *
sr(agx_builder *b, unsigned n)
{
   return agx_intrin(b, AGX_OP_LOAD_SR, agx_type_make(32, 1), 0, NULL, NULL, NULL, n, 0, 0);
}

/* Bits [lo, lo + n) of a 32-bit word. */
static agx_instr *
bits(agx_builder *b, agx_instr *w, unsigned lo, unsigned n)
{
   agx_instr *v = lo ? agx_ushr(b, w, imm(b, lo)) : w;
   return lo + n >= 32 ? v : agx_iand(b, v, imm(b, (1u << n) - 1));
}

/* The 32-bit word at byte `byte` of the eMRT descriptors. */
static agx_instr *
desc_word(agx_builder *b, unsigned byte)
{
   agx_instr *base = agx_intrin(b, AGX_OP_LOAD_UNIFORM, agx_type_make(64, 1), 1, imm(b, 0), NULL,
                                NULL, AGX_ABI_FS_EMRT, 0, 0);
   agx_instr *addr = agx_iadd(b, base, agx_imm(b, 64, byte));
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
}

/* Spreads the low 16 bits of v to the even bit positions (Morton order). */
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

static unsigned
log2u(unsigned n)
{
   return n == 4 ? 2 : n == 2 ? 1 : 0;
}

/* Samples this store may write: live (SR 60, read where it stands),
 * shaded by this pass and in `samples`. */
static agx_instr *
live_samples(agx_builder *b, unsigned samples)
{
   agx_instr *cov = agx_intrin(b, AGX_OP_LOAD_SR_VOLATILE, agx_type_make(32, 1), 0, NULL, NULL,
                               NULL, SR_COVERAGE, 0, 0);
   /* store = 1: narrowed by a SampleMask written after tests at entry
    * (agx_mask_tile_stores) */
   agx_instr *act =
      agx_intrin(b, AGX_OP_LOAD_ACTIVE_SAMPLES, agx_type_make(16, 1), 0, NULL, NULL, NULL, 1, 0, 0);
   return agx_iand(b, agx_iand(b, cov, agx_u2u(b, 32, act)), imm(b, samples & 0xFF));
}

static agx_instr *
bit_set(agx_builder *b, agx_instr *mask, unsigned s)
{
   return agx_ine(b, agx_iand(b, mask, imm(b, 1u << s)), imm(b, 0));
}

/* Index of sample 0 of pixel (x, y) of layer `layer` in the multisampled
 * image of render target rt, in samples (libagx_image_texel_address);
 * *inside: whether the pixel lies inside the image. */
static agx_instr *
ms_index(agx_builder *b, const struct agx_tilebuffer_layout *tib, unsigned rt, agx_instr *x,
         agx_instr *y, agx_instr *layer, agx_instr **inside)
{
   unsigned tex = AGX_ABI_EMRT_TEXTURE(rt), pbe = AGX_ABI_EMRT_PBE(rt);
   /* Texture: Width bits 28-41, Height 42-55 (minus 1), First level 56-59 */
   agx_instr *t0 = desc_word(b, tex), *t1 = desc_word(b, tex + 4);
   agx_instr *first = bits(b, t1, 24, 4);
   agx_instr *w = agx_iadd(
      b, agx_ior(b, bits(b, t0, 28, 4), agx_ishl(b, bits(b, t1, 0, 10), imm(b, 4))), imm(b, 1));
   agx_instr *h = agx_iadd(b, bits(b, t1, 10, 14), imm(b, 1));
   w = agx_umax(b, agx_ushr(b, w, first), imm(b, 1));
   h = agx_umax(b, agx_ushr(b, h, first), imm(b, 1));
   *inside = agx_iand(b, agx_ult(b, x, w), agx_ult(b, y, h));
   /* PBE: Stride bits 104-124 (bytes per row - 4), software words from bit
    * 128: Aligned width MSAA 128-142, Tile width / height (log2) 155-158 /
    * 159-162, Layer stride 163-189 (shr 7) */
   agx_instr *p3 = desc_word(b, pbe + 12), *p4 = desc_word(b, pbe + 16);
   agx_instr *p5 = desc_word(b, pbe + 20);
   agx_instr *row_bytes = agx_iadd(b, bits(b, p3, 8, 21), imm(b, 4));
   agx_instr *sample_bytes = agx_ushr(b, row_bytes, imm(b, AGX_ABI_TEXEL_WIDTH_LOG2));
   agx_instr *aligned_w = bits(b, p4, 0, 15);
   agx_instr *tw_log2 = bits(b, p4, 27, 4);
   agx_instr *th_log2 = agx_ior(b, bits(b, p4, 31, 1), agx_ishl(b, bits(b, p5, 0, 3), imm(b, 1)));
   agx_instr *layer_stride = agx_ishl(b, bits(b, p5, 3, 27), imm(b, 7));
   agx_instr *tw_mask = agx_isub(b, agx_ishl(b, imm(b, 1), tw_log2), imm(b, 1));
   agx_instr *th_mask = agx_isub(b, agx_ishl(b, imm(b, 1), th_log2), imm(b, 1));
   agx_instr *row = agx_imul(b, agx_iand(b, y, agx_inot(b, th_mask)), aligned_w);
   agx_instr *col = agx_ishl(b, agx_iand(b, x, agx_inot(b, tw_mask)), th_log2);
   agx_instr *in_tile = agx_ior(b, spread_bits(b, agx_iand(b, x, tw_mask)),
                                agx_ishl(b, spread_bits(b, agx_iand(b, y, th_mask)), imm(b, 1)));
   agx_instr *px = agx_iadd(b, agx_iadd(b, row, col), in_tile);
   agx_instr *per_layer = agx_udiv(b, layer_stride, agx_umax(b, sample_bytes, imm(b, 1)));
   return agx_iadd(b, agx_ishl(b, px, imm(b, log2u(tib->nr_samples))),
                   agx_imul(b, layer, per_layer));
}

bool
agx_emrt_snorm(const struct agx_tilebuffer_layout *tib, unsigned rt)
{
   const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)tib->format[rt]);
   return fi && (fi->isa_format == AGX_FMT_S8NORM || fi->isa_format == AGX_FMT_S16NORM);
}

/* Bits per component of a signed normalised format. */
static unsigned
snorm_bits(const struct agx_tilebuffer_layout *tib, unsigned rt)
{
   const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)tib->format[rt]);
   return fi->isa_format == AGX_FMT_S8NORM ? 8 : 16;
}

static agx_instr *
fimm(agx_builder *b, float f)
{
   union {
      float f;
      uint32_t u;
   } v = {.f = f};
   return imm(b, v.u);
}

void
agx_emrt_emit_store(agx_builder *b, const struct agx_tilebuffer_layout *tib, unsigned rt,
                    agx_instr *const *words, unsigned samples, bool codes)
{
   agx_instr *c[4];
   for (unsigned k = 0; k < 4; k++)
      c[k] = words[k] ? words[k] : imm(b, 0);
   if (agx_emrt_snorm(tib, rt) && !codes) {
      /* Vulkan "Conversion from Floating-Point to Normalized Fixed-Point":
       * round(clamp(x, -1, 1) x (2^(b-1) - 1)), the SINT PBE's integer */
      float max = (float)((1u << (snorm_bits(tib, rt) - 1)) - 1);
      for (unsigned k = 0; k < 4; k++) {
         agx_instr *cl = agx_fmin(b, agx_fmax(b, c[k], fimm(b, -1.0f)), fimm(b, 1.0f));
         c[k] = agx_f2i(b, 32, agx_fround_even(b, agx_fmul(b, cl, fimm(b, max))));
      }
   }
   agx_instr *data = agx_vec(b, 4, c);
   agx_intrin(b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0xC, 0, 0);
   agx_instr *x = sr(b, SR_PIXEL_X), *y = sr(b, SR_PIXEL_Y), *layer = sr(b, SR_LAYER);
   agx_instr *live = live_samples(b, samples);
   unsigned ts = 2 * rt + 1;
   if (tib->nr_samples <= 1) {
      agx_instr *xs = agx_bcsel(b, bit_set(b, live, 0), x, imm(b, AGX_ABI_IMAGE_OOB_X));
      agx_instr *xyz[3] = {xs, y, layer};
      agx_intrin(b, AGX_OP_TILE_IMAGE_WRITE, agx_type_make(0, 0), 2, agx_vec(b, 3, xyz), data, NULL,
                 ts, 0, 0);
   } else {
      agx_instr *inside;
      agx_instr *base = ms_index(b, tib, rt, x, y, layer, &inside);
      for (unsigned s = 0; s < tib->nr_samples; s++) {
         if (!(samples & (1u << s)))
            continue;
         agx_instr *i = agx_iadd(b, base, imm(b, s));
         agx_instr *ok = agx_iand(b, inside, bit_set(b, live, s));
         agx_instr *xy[2] = {
            agx_iand(b, i, imm(b, AGX_ABI_TEXEL_WIDTH - 1)),
            agx_bcsel(b, ok, agx_ushr(b, i, imm(b, AGX_ABI_TEXEL_WIDTH_LOG2)), imm(b, 0xFFFF))};
         agx_intrin(b, AGX_OP_TILE_IMAGE_WRITE, agx_type_make(0, 0), 2, agx_vec(b, 2, xy), data,
                    NULL, ts, 0, 0);
      }
   }
   agx_intrin(b, AGX_OP_TEXTURE_FENCE, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0, 0, 0);
}

/* SNORM codes (the SINT texture's sign-extended integers) as values:
 * Vulkan max(c / (2^(b-1) - 1), -1). */
static agx_instr *
snorm_values(agx_builder *b, const struct agx_tilebuffer_layout *tib, unsigned rt, agx_instr *v)
{
   float max = (float)((1u << (snorm_bits(tib, rt) - 1)) - 1);
   agx_instr *c[4];
   for (unsigned k = 0; k < 4; k++)
      c[k] = agx_fmax(b, agx_fdiv(b, agx_i2f(b, 32, agx_extract(b, v, k)), fimm(b, max)),
                      fimm(b, -1.0f));
   return agx_vec(b, 4, c);
}

static agx_instr *
load_words(agx_builder *b, const struct agx_tilebuffer_layout *tib, unsigned rt, unsigned samples)
{
   agx_intrin(b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0xC, 0, 0);
   agx_instr *c[4] = {sr(b, SR_PIXEL_X), sr(b, SR_PIXEL_Y), NULL, NULL};
   if (tib->nr_samples <= 1) {
      c[2] = sr(b, SR_LAYER);
      return agx_intrin(b, AGX_OP_TILE_TEXTURE_LOAD, agx_type_make(32, 4), 1, agx_vec(b, 3, c),
                        NULL, NULL, 2 * rt, 0, 1);
   }
   /* the sample: the one the mask names, else the pass's (per-sample
    * loop: its sample; otherwise 0) */
   if (samples && !(samples & (samples - 1)) && samples < 0x100)
      c[2] = imm(b, (uint32_t)__builtin_ctz(samples));
   else
      c[2] =
         agx_intrin(b, AGX_OP_LOAD_SAMPLE_ID, agx_type_make(32, 1), 0, NULL, NULL, NULL, 0, 0, 0);
   c[3] = sr(b, SR_LAYER);
   return agx_intrin(b, AGX_OP_TILE_TEXTURE_LOAD, agx_type_make(32, 4), 1, agx_vec(b, 4, c), NULL,
                     NULL, 2 * rt, 1, 1);
}

agx_instr *
agx_emrt_emit_load(agx_builder *b, const struct agx_tilebuffer_layout *tib, unsigned rt,
                   unsigned samples, bool codes)
{
   agx_instr *v = load_words(b, tib, rt, samples);
   return agx_emrt_snorm(tib, rt) && !codes ? snorm_values(b, tib, rt, v) : v;
}
