/*
 * Texel codec: uncompressed hardware pixel formats <-> channel values.
 *
 * Assumes (besides agx_sim_texel_format.h):
 * - channel k of a plain format occupies `bits[k]` bits at bit `shift[k]`
 *   of the little-endian texel. Mesa maps R5G6B5_UNORM and B5G6R5_UNORM
 *   (and the other packed orders) to one Channels value and differs only
 *   in the swizzle, which fixes the low-bits-first order for R5G6B5,
 *   R5G5B5A1, R4G4B4A4 and R10G10B10A2. A1R5G5B5 is not used by Mesa; it is
 *   modelled as alpha in bit 0 and R, G, B in bits 1-5, 6-10, 11-15 (an
 *   assumption by analogy with the name, undocumented).
 * - Unorm decode v / (2^b - 1), Snorm max(v / (2^(b-1) - 1), -1); encode
 *   clamps (NaN -> 0) and rounds to nearest even (the rounding of the
 *   hardware is not publicly documented; Vulkan allows it).
 * - Uint/Sint stores clamp to the channel's range (assumption: the public
 *   references do not say whether the PBE clamps or truncates).
 * - Float channels: 16-bit = IEEE half, 32-bit passed through as raw bits
 *   (in->u / out->u), R11G11B10 = unsigned 5-bit-exponent floats with 6/6/5
 *   mantissa bits, R9G9B9E5 = the Vulkan shared-exponent format (encode per
 *   the Vulkan specification's equations, round-half-up, or truncating
 *   mantissas when rtz). Float encodes round to nearest even unless rtz;
 *   overflow gives infinity (rtz: the largest finite value).
 * - sRGB uses the exact transfer functions; the hardware's tables are not
 *   public, results are the correctly rounded values of the formulas.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "agx_sim_texel_format.h"

enum kind { PLAIN, RG11B10, RGB9E5 };

#define T_UN (1u << AGX_SIM_TEXEL_UNORM)
#define T_SN (1u << AGX_SIM_TEXEL_SNORM)
#define T_UI (1u << AGX_SIM_TEXEL_UINT)
#define T_SI (1u << AGX_SIM_TEXEL_SINT)
#define T_FL (1u << AGX_SIM_TEXEL_FLOAT)
#define T_NORM_INT (T_UN | T_SN | T_UI | T_SI)

static const struct entry {
   uint8_t channels, bytes, nch, kind;
   uint8_t bits[4], shift[4];
   uint8_t types; /* allowed Texture Type values (bit mask) */
   const char *name;
} formats[] = {
   {0x00, 1, 1, PLAIN, {8}, {0}, T_NORM_INT, "R8"},
   {0x09, 2, 1, PLAIN, {16}, {0}, T_NORM_INT | T_FL, "R16"},
   {0x0A, 2, 2, PLAIN, {8, 8}, {0, 8}, T_NORM_INT, "R8G8"},
   {0x0B, 2, 3, PLAIN, {5, 6, 5}, {0, 5, 11}, T_UN, "R5G6B5"},
   {0x0C, 2, 4, PLAIN, {4, 4, 4, 4}, {0, 4, 8, 12}, T_UN, "R4G4B4A4"},
   {0x0D, 2, 4, PLAIN, {5, 5, 5, 1}, {1, 6, 11, 0}, T_UN, "A1R5G5B5"},
   {0x0E, 2, 4, PLAIN, {5, 5, 5, 1}, {0, 5, 10, 15}, T_UN, "R5G5B5A1"},
   {0x21, 4, 1, PLAIN, {32}, {0}, T_UI | T_SI | T_FL, "R32"},
   {0x23, 4, 2, PLAIN, {16, 16}, {0, 16}, T_NORM_INT | T_FL, "R16G16"},
   {0x25, 4, 3, RG11B10, {11, 11, 10}, {0, 11, 22}, T_FL, "R11G11B10"},
   {0x26, 4, 4, PLAIN, {10, 10, 10, 2}, {0, 10, 20, 30}, T_NORM_INT, "R10G10B10A2"},
   {0x27, 4, 3, RGB9E5, {9, 9, 9}, {0, 9, 18}, T_FL, "R9G9B9E5"},
   {0x28, 4, 4, PLAIN, {8, 8, 8, 8}, {0, 8, 16, 24}, T_NORM_INT, "R8G8B8A8"},
   {0x31, 8, 2, PLAIN, {32, 32}, {0, 32}, T_UI | T_SI | T_FL, "R32G32"},
   {0x32, 8, 4, PLAIN, {16, 16, 16, 16}, {0, 16, 32, 48}, T_NORM_INT | T_FL, "R16G16B16A16"},
   {0x38, 16, 4, PLAIN, {32, 32, 32, 32}, {0, 32, 64, 96}, T_UI | T_SI | T_FL, "R32G32B32A32"},
};

static const char *const type_names[8] = {"Unorm", "Snorm", "Uint",   "Sint",
                                          "Float", "XR",    "type 6", "type 7"};

/* formats[] index + 1 per Channels value (0 = not modelled); the codec
 * looks an entry up per texel */
static const uint8_t by_channels[64] = {
   [0x00] = 1,  [0x09] = 2,  [0x0A] = 3,  [0x0B] = 4,  [0x0C] = 5,  [0x0D] = 6,
   [0x0E] = 7,  [0x21] = 8,  [0x23] = 9,  [0x25] = 10, [0x26] = 11, [0x27] = 12,
   [0x28] = 13, [0x31] = 14, [0x32] = 15, [0x38] = 16,
};

static const struct entry *
find(unsigned channels)
{
   unsigned i = channels < 64 ? by_channels[channels] : 0;
   return i && formats[i - 1].channels == channels ? &formats[i - 1] : NULL;
}

bool
agx_sim_texel_format_get(unsigned channels, unsigned type, struct agx_sim_texel_format *fmt,
                         char *err, unsigned err_size)
{
   const struct entry *e = find(channels);
   if (channels >= 0x74 && channels <= 0x7B) { /* BC1 .. BC7 */
      /* BC1 and BC4 blocks are 8 bytes, the others 16; Types as Mesa's formats.c pairs them */
      static const uint8_t types[8] = {T_UN,        T_UN, T_UN, T_UN | T_SN,
                                       T_UN | T_SN, T_FL, T_FL, T_UN};
      static const uint8_t nch[8] = {4, 4, 4, 1, 2, 3, 3, 4};
      unsigned i = channels - 0x74;
      if (type > 7 || !(types[i] & (1u << type))) {
         snprintf(err, err_size, "Type %s is not valid with Channels BC%u", type_names[type & 7],
                  i < 6 ? i + 1 : i);
         return false;
      }
      fmt->channels = channels;
      fmt->type = type;
      fmt->bytes = (i == 0 || i == 3) ? 8 : 16;
      fmt->nch = nch[i];
      fmt->is_int = false;
      fmt->block = fmt->block_h = 4;
      return true;
   }
   if (channels >= 0x58 && channels <= 0x5C) { /* ETC2 RGB8, RGBA8, RGB8A1, EAC R11, RG11 */
      /* ETC2 RGB8 and RGB8A1, EAC R11 blocks are 8 bytes, the others 16; Types as Mesa's
       * formats.c pairs them (EAC signed as Snorm) */
      static const uint8_t types[5] = {T_UN, T_UN, T_UN, T_UN | T_SN, T_UN | T_SN};
      static const uint8_t nch[5] = {3, 4, 4, 1, 2};
      static const char *const names[5] = {"ETC2 RGB8", "ETC2 RGBA8", "ETC2 RGB8A1", "EAC R11",
                                           "EAC RG11"};
      unsigned i = channels - 0x58;
      if (type > 7 || !(types[i] & (1u << type))) {
         snprintf(err, err_size, "Type %s is not valid with Channels %s", type_names[type & 7],
                  names[i]);
         return false;
      }
      fmt->channels = channels;
      fmt->type = type;
      fmt->bytes = (i == 0 || i == 2 || i == 3) ? 8 : 16;
      fmt->nch = nch[i];
      fmt->is_int = false;
      fmt->block = fmt->block_h = 4;
      return true;
   }
   if (channels >= 0x60 && channels <= 0x6D) { /* ASTC 4x4 .. 12x12 */
      /* 16-byte blocks; LDR only: formats.c pairs them with Unorm (sRGB bit for _SRGB), the
       * HDR formats with Float, which this decoder does not model */
      static const uint8_t dims[14][2] = {{4, 4},  {5, 4},   {5, 5},   {6, 5},  {6, 6},
                                          {8, 5},  {8, 6},   {8, 8},   {10, 5}, {10, 6},
                                          {10, 8}, {10, 10}, {12, 10}, {12, 12}};
      unsigned i = channels - 0x60;
      if (type != AGX_SIM_TEXEL_UNORM) {
         snprintf(err, err_size, "Type %s with Channels ASTC %ux%u (only Unorm, LDR, is modelled)",
                  type_names[type & 7], dims[i][0], dims[i][1]);
         return false;
      }
      fmt->channels = channels;
      fmt->type = type;
      fmt->bytes = 16;
      fmt->nch = 4;
      fmt->is_int = false;
      fmt->block = dims[i][0];
      fmt->block_h = dims[i][1];
      return true;
   }
   if (!e) {
      snprintf(err, err_size,
               "Channels 0x%02x is compressed, software-only or unknown "
               "(not modelled)",
               channels);
      return false;
   }
   if (type > 7 || !(e->types & (1u << type))) {
      snprintf(err, err_size, "Type %s is not valid with Channels %s", type_names[type & 7],
               e->name);
      return false;
   }
   fmt->channels = channels;
   fmt->type = type;
   fmt->bytes = e->bytes;
   fmt->nch = e->nch;
   fmt->is_int = type == AGX_SIM_TEXEL_UINT || type == AGX_SIM_TEXEL_SINT;
   fmt->block = fmt->block_h = 1;
   return true;
}

/* ---- bit access on little-endian byte strings ------------------------- */

static uint32_t
get_bits(const uint8_t *p, unsigned off, unsigned n)
{
   uint64_t v = 0;
   unsigned first = off / 8, last = (off + n - 1) / 8;
   for (unsigned b = first; b <= last; b++)
      v |= (uint64_t)p[b] << (8 * (b - first));
   v >>= off % 8;
   return (uint32_t)(n == 32 ? v : v & ((1ull << n) - 1));
}

static void
put_bits(uint8_t *p, unsigned off, unsigned n, uint32_t val)
{
   if (!(off % 8) && !(n % 8)) { /* whole bytes: the common formats */
      for (unsigned i = 0; i < n / 8; i++)
         p[off / 8 + i] = (uint8_t)(val >> (8 * i));
      return;
   }
   for (unsigned i = 0; i < n; i++) {
      unsigned bit = off + i;
      uint8_t m = (uint8_t)(1u << (bit % 8));
      if ((val >> i) & 1)
         p[bit / 8] |= m;
      else
         p[bit / 8] &= (uint8_t)~m;
   }
}

/* ---- small floats ------------------------------------------------------ */

double
agx_sim_small_float_value(uint32_t bits, unsigned ebits, unsigned mbits, bool has_sign)
{
   uint32_t m = bits & ((1u << mbits) - 1);
   uint32_t e = (bits >> mbits) & ((1u << ebits) - 1);
   bool neg = has_sign && ((bits >> (mbits + ebits)) & 1);
   int bias = (1 << (ebits - 1)) - 1;
   double v;
   if (e == (1u << ebits) - 1)
      v = m ? NAN : INFINITY;
   else if (e == 0)
      v = ldexp((double)m, 1 - bias - (int)mbits);
   else
      v = ldexp((double)(m | (1u << mbits)), (int)e - bias - (int)mbits);
   return neg ? -v : v;
}

uint32_t
agx_sim_small_float(double x, unsigned ebits, unsigned mbits, bool has_sign, bool rtz)
{
   uint32_t emax_field = (1u << ebits) - 1;
   uint32_t sign = 0;
   if (isnan(x))
      return (emax_field << mbits) | (1u << (mbits - 1)); /* quiet NaN */
   if (signbit(x)) {
      if (!has_sign)
         return 0;
      sign = 1u << (ebits + mbits);
      x = -x;
   }
   int bias = (1 << (ebits - 1)) - 1;
   double max_finite = ldexp(2.0 - ldexp(1.0, -(int)mbits), bias);
   if (isinf(x))
      return sign | (emax_field << mbits);
   if (x == 0)
      return sign;
   int ex;
   frexp(x, &ex); /* x = f * 2^ex, f in [0.5, 1) */
   int e_unb = ex - 1;
   if (e_unb < 1 - bias)
      e_unb = 1 - bias; /* denormal range: fixed quantum */
   double quantum = ldexp(1.0, e_unb - (int)mbits);
   double q = x / quantum;            /* exact: power-of-two scaling */
   q = rtz ? floor(q) : nearbyint(q); /* default mode: nearest even */
   double r = q * quantum;
   if (r > max_finite)
      return sign |
             (rtz ? (((emax_field - 1) << mbits) | ((1u << mbits) - 1)) : (emax_field << mbits));
   if (r == 0)
      return sign;
   if (r < ldexp(1.0, 1 - bias))
      return sign | (uint32_t)ldexp(r, bias - 1 + (int)mbits);
   frexp(r, &ex);
   uint32_t e_field = (uint32_t)(ex - 1 + bias);
   uint32_t mant = (uint32_t)(ldexp(r, (int)mbits - (ex - 1)) - ldexp(1.0, (int)mbits));
   return sign | (e_field << mbits) | mant;
}

/* ---- sRGB ------------------------------------------------------------- */

double
agx_sim_srgb_to_linear(double c)
{
   return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

double
agx_sim_linear_to_srgb(double l)
{
   return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
}

/* ---- shared exponent (R9G9B9E5), Vulkan "Shared Exponent" ------------ */

enum { E9_N = 9, E9_B = 15, E9_EMAX = 31 };

static void
decode_9e5(uint32_t v, double out[3])
{
   int e = (int)(v >> 27);
   for (unsigned c = 0; c < 3; c++)
      out[c] = ldexp((double)((v >> (9 * c)) & 0x1FF), e - E9_B - E9_N);
}

static uint32_t
encode_9e5(const double in[3], bool rtz)
{
   double max_v = ldexp((double)((1 << E9_N) - 1) / (1 << E9_N), E9_EMAX - E9_B);
   double c[3], max_c = 0;
   for (unsigned i = 0; i < 3; i++) {
      double x = in[i];
      c[i] = isnan(x) ? 0 : x < 0 ? 0 : x > max_v ? max_v : x;
      if (c[i] > max_c)
         max_c = c[i];
   }
   int fl = max_c > 0 ? (int)floor(log2(max_c)) : -E9_B - 1;
   if (fl < -E9_B - 1)
      fl = -E9_B - 1;
   int exp_p = fl + 1 + E9_B;
   double add = rtz ? 0.0 : 0.5;
   double max_s = floor(max_c / ldexp(1.0, exp_p - E9_B - E9_N) + add);
   int exp_s = max_s == (1 << E9_N) ? exp_p + 1 : exp_p;
   uint32_t v = (uint32_t)exp_s << 27;
   for (unsigned i = 0; i < 3; i++) {
      double m = floor(c[i] / ldexp(1.0, exp_s - E9_B - E9_N) + add);
      if (m > 511)
         m = 511;
      v |= (uint32_t)m << (9 * i);
   }
   return v;
}

/* ---- decode / encode -------------------------------------------------- */

static const struct entry *
entry_of(const struct agx_sim_texel_format *fmt)
{
   return find(fmt->channels);
}

void
agx_sim_texel_decode(const struct agx_sim_texel_format *fmt, unsigned srgb_mask, const uint8_t *src,
                     struct agx_sim_texel *out)
{
   const struct entry *e = entry_of(fmt);
   for (unsigned c = 0; c < 4; c++) {
      out->f[c] = c == 3 ? 1.0 : 0.0;
      out->u[c] = c == 3 ? (fmt->is_int ? 1u : 0x3F800000u) : 0u;
   }
   if (e->kind == RGB9E5) {
      uint32_t v = get_bits(src, 0, 32);
      decode_9e5(v, out->f);
      for (unsigned c = 0; c < 3; c++)
         out->u[c] = 0;
      return;
   }
   for (unsigned c = 0; c < e->nch; c++) {
      unsigned b = e->bits[c];
      uint32_t raw = get_bits(src, e->shift[c], b);
      out->u[c] = raw;
      switch (fmt->type) {
      case AGX_SIM_TEXEL_UNORM:
         out->f[c] = (double)raw / (double)((1ull << b) - 1);
         if ((srgb_mask & (1u << c)) && b == 8)
            out->f[c] = agx_sim_srgb_to_linear(out->f[c]);
         break;
      case AGX_SIM_TEXEL_SNORM: {
         double v = (double)(int64_t)((int64_t)((uint64_t)raw << (64 - b)) >> (64 - b));
         double max = (double)((1ull << (b - 1)) - 1);
         out->f[c] = v / max < -1.0 ? -1.0 : v / max;
         break;
      }
      case AGX_SIM_TEXEL_UINT:
         break;
      case AGX_SIM_TEXEL_SINT:
         out->u[c] = (uint32_t)((int64_t)((uint64_t)raw << (64 - b)) >> (64 - b));
         break;
      default: /* Float */
         if (e->kind == RG11B10)
            out->f[c] = agx_sim_small_float_value(raw, 5, b - 5, false);
         else if (b == 16)
            out->f[c] = agx_sim_small_float_value(raw, 5, 10, true);
         else {
            float f;
            memcpy(&f, &raw, 4);
            out->f[c] = f;
         }
         break;
      }
   }
}

static double
clampd(double x, double lo, double hi)
{
   return isnan(x) ? 0.0 : x < lo ? lo : x > hi ? hi : x;
}

void
agx_sim_texel_encode(const struct agx_sim_texel_format *fmt, unsigned srgb_mask, bool rtz,
                     const struct agx_sim_texel *in, uint8_t *dst)
{
   const struct entry *e = entry_of(fmt);
   if (e->kind == RGB9E5) {
      put_bits(dst, 0, 32, encode_9e5(in->f, rtz));
      return;
   }
   for (unsigned c = 0; c < e->nch; c++) {
      unsigned b = e->bits[c];
      uint64_t max_u = (1ull << b) - 1;
      uint32_t v;
      switch (fmt->type) {
      case AGX_SIM_TEXEL_UNORM: {
         double x = clampd(in->f[c], 0.0, 1.0);
         if ((srgb_mask & (1u << c)) && b == 8)
            x = agx_sim_linear_to_srgb(x);
         v = (uint32_t)agx_sim_round_even(x * (double)max_u);
         break;
      }
      case AGX_SIM_TEXEL_SNORM: {
         double max = (double)((1ull << (b - 1)) - 1);
         double x = clampd(in->f[c], -1.0, 1.0);
         v = (uint32_t)(int32_t)agx_sim_round_even(x * max) & (uint32_t)max_u;
         break;
      }
      case AGX_SIM_TEXEL_UINT:
         v = in->u[c] > max_u ? (uint32_t)max_u : in->u[c];
         break;
      case AGX_SIM_TEXEL_SINT: {
         int64_t lo = -(1ll << (b - 1)), hi = (1ll << (b - 1)) - 1;
         int64_t s = (int32_t)in->u[c];
         s = s < lo ? lo : s > hi ? hi : s;
         v = (uint32_t)s & (uint32_t)max_u;
         break;
      }
      default: /* Float */
         if (e->kind == RG11B10)
            v = agx_sim_small_float(in->f[c], 5, b - 5, false, rtz);
         else if (b == 16)
            v = agx_sim_small_float(in->f[c], 5, 10, true, rtz);
         else
            v = in->u[c];
         break;
      }
      put_bits(dst, e->shift[c], b, v);
   }
}
