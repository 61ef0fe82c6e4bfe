/*
 * Texel codec of the simulated texture unit and PBE: one texel of an
 * uncompressed hardware pixel format ("Channels" + "Type" + sRGB) to and
 * from memory bytes.
 *
 * Assumes (shared/reference/hardware.md section 13, Mesa formats.c): the
 * memory channels of every format are numbered from the least significant
 * bits / lowest bytes up (channel 0 = "R" of the Channels name); values are
 * little-endian. BC1-BC7 (0x74-0x7B) are 4x4 blocks of 8 or 16 bytes decoded
 * by agx_sim_texel_bc.c, ETC2/EAC (0x58-0x5C) 4x4 blocks decoded by
 * agx_sim_texel_etc2.c, ASTC 4x4 ... 12x12 (0x60-0x6D, LDR: Unorm only) 16-byte blocks of
 * W x H texels decoded by agx_sim_texel_astc.c; other compressed and unknown Channels values, the software-only
 * R32G32B32 (Emulated) value, type XR and type/format pairs Mesa never
 * pairs (e.g. Uint R11G11B10) are rejected: the caller turns that into a
 * GPU fault.
 */
#ifndef AGX_SIM_TEXEL_FORMAT_H
#define AGX_SIM_TEXEL_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

/* Texture Type values (genxml agx_texture.xml "Texture Type") */
enum agx_sim_texel_type {
   AGX_SIM_TEXEL_UNORM = 0,
   AGX_SIM_TEXEL_SNORM = 1,
   AGX_SIM_TEXEL_UINT = 2,
   AGX_SIM_TEXEL_SINT = 3,
   AGX_SIM_TEXEL_FLOAT = 4,
};

struct agx_sim_texel_format {
   unsigned channels; /* hardware Channels value */
   unsigned type;     /* enum agx_sim_texel_type */
   unsigned bytes;    /* bytes per texel: 1, 2, 4, 8 or 16 */
   unsigned nch;      /* memory channels (1..4) */
   bool is_int;       /* Uint/Sint: values are integers, not floats */
   unsigned block;    /* texels per block horizontally: 4 for BC1-BC7, ETC2/EAC, 4..12 for ASTC
                      * (bytes = per block), else 1 */
   unsigned block_h;  /* texels per block vertically (= block except ASTC) */
};

/* One texel: four channels, as doubles (float-like types) or as 32-bit
 * integers (Uint zero-extended, Sint sign-extended). */
struct agx_sim_texel {
   double f[4];
   uint32_t u[4];
};

/* Fill *fmt for a Channels/Type pair; false (with a reason in err) when the
 * pair is not an uncompressed format the simulator models. */
bool agx_sim_texel_format_get(unsigned channels, unsigned type, struct agx_sim_texel_format *fmt,
                              char *err, unsigned err_size);

/* Memory -> channels. srgb_mask: memory channels to decode from sRGB
 * (Unorm 8-bit channels only). Missing channels read as 0, except channel
 * 3 (alpha) which reads as 1 (integer 1 for integer types). */
void agx_sim_texel_decode(const struct agx_sim_texel_format *fmt, unsigned srgb_mask,
                          const uint8_t *src, struct agx_sim_texel *out);

/* Texel (x, y) (0..3 each) of a BC1-BC7 block (agx_sim_texel_bc.c); srgb_mask as above. */
void agx_sim_texel_decode_bc(const struct agx_sim_texel_format *fmt, unsigned srgb_mask,
                             const uint8_t *block, unsigned x, unsigned y,
                             struct agx_sim_texel *out);

/* Texel (x, y) (0..3 each) of an ETC2/EAC block (agx_sim_texel_etc2.c); srgb_mask as above. */
void agx_sim_texel_decode_etc2(const struct agx_sim_texel_format *fmt, unsigned srgb_mask,
                               const uint8_t *block, unsigned x, unsigned y,
                               struct agx_sim_texel *out);

/* Texel (x, y) (0..W-1, 0..H-1) of an ASTC block (agx_sim_texel_astc.c): LDR profile;
 * srgb_mask as above (sRGB: 8-bit decoding, else decode_float16). */
void agx_sim_texel_decode_astc(const struct agx_sim_texel_format *fmt, unsigned srgb_mask,
                               const uint8_t *block, unsigned x, unsigned y,
                               struct agx_sim_texel *out);

/* The texel at (x, y) of an image from the bytes of the element holding it: the texel
 * itself, or for block formats its block. */
static inline void
agx_sim_texel_decode_at(const struct agx_sim_texel_format *fmt, unsigned srgb_mask,
                        const uint8_t *src, uint32_t x, uint32_t y, struct agx_sim_texel *out)
{
   if (fmt->block > 1 && fmt->channels >= 0x58 && fmt->channels <= 0x5C)
      agx_sim_texel_decode_etc2(fmt, srgb_mask, src, x % 4, y % 4, out);
   else if (fmt->block > 1 && fmt->channels >= 0x60 && fmt->channels <= 0x6D)
      agx_sim_texel_decode_astc(fmt, srgb_mask, src, x % fmt->block, y % fmt->block_h, out);
   else if (fmt->block > 1)
      agx_sim_texel_decode_bc(fmt, srgb_mask, src, x % 4, y % 4, out);
   else
      agx_sim_texel_decode(fmt, srgb_mask, src, out);
}

/* Channels -> memory (fmt->bytes written). in->f is used for float-like
 * types, in->u for integer types (signed for Sint). srgb_mask: channels
 * encoded to sRGB before quantisation; rtz: round float formats toward
 * zero instead of to nearest even. */
void agx_sim_texel_encode(const struct agx_sim_texel_format *fmt, unsigned srgb_mask, bool rtz,
                          const struct agx_sim_texel *in, uint8_t *dst);

/* Round x to a binary float with `ebits` exponent and `mbits` mantissa bits
 * (IEEE-style bias, denormals, inf/NaN); unsigned formats (no sign bit)
 * store negative values as 0. Returns the encoding. Exposed for tests. */
uint32_t agx_sim_small_float(double x, unsigned ebits, unsigned mbits, bool has_sign, bool rtz);
double agx_sim_small_float_value(uint32_t bits, unsigned ebits, unsigned mbits, bool has_sign);

/* Round a finite x to the nearest integer, ties to even (the result of
 * nearbyint() in the default rounding mode, which the simulator never
 * changes), without a libm call; |x| must be below 2^62. The common path of
 * the Unorm/Snorm encoders: below 2^51, adding and subtracting 1.5 x 2^52
 * rounds to an integer in the FPU's round-to-nearest-even mode. */
static inline int64_t
agx_sim_round_even(double x)
{
   if (x > -0x1p51 && x < 0x1p51)
      return (int64_t)((x + 0x1.8p52) - 0x1.8p52);
   double a = x < 0 ? -x : x;
   int64_t i = (int64_t)(a + 0.5);
   double d = (double)i - a;
   if (d > 0.5 || (d == 0.5 && (i & 1)))
      i--;
   return x < 0 ? -i : i;
}

/* sRGB transfer functions on [0, 1]. */
double agx_sim_srgb_to_linear(double c);
double agx_sim_linear_to_srgb(double l);

#endif
