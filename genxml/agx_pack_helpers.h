/*
 * Support code for the generated agx_pack.h (see genxml/README.md).
 *
 * Assumes: compiled either as C11 or as OpenCL C 2.0 (clang-15 defines
 * __OPENCL_C_VERSION__ there, not __OPENCL_VERSION__); hardware words are
 * little-endian 32-bit. Range checks exist only in C builds without NDEBUG;
 * printing and FILE exist only in C.
 */
#ifndef AGX_PACK_HELPERS_H
#define AGX_PACK_HELPERS_H

#ifdef __OPENCL_C_VERSION__

/* OpenCL C has no <stdint.h>. Define AGX_CL_HAVE_STDINT if the including
 * kernel already provides these names. */
#ifndef AGX_CL_HAVE_STDINT
#define AGX_CL_HAVE_STDINT
typedef uchar uint8_t;
typedef ushort uint16_t;
typedef uint uint32_t;
typedef ulong uint64_t;
typedef int int32_t;
typedef long int64_t;
#endif

/* Address spaces of pack destinations and unpack sources; a kernel may
 * define these (e.g. empty for generic pointers) before the include. */
#ifndef AGX_PACK_DST
#define AGX_PACK_DST global
#endif
#ifndef AGX_UNPACK_SRC
#define AGX_UNPACK_SRC global
#endif

/* unpack() takes a log stream only in C */
typedef void AGX_FILE;

#else /* C */

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AGX_PACK_DST
#define AGX_UNPACK_SRC
typedef FILE AGX_FILE;

#endif

/* What pack functions store through. C: any alignment (USC words follow
 * 6-byte ones), the struct's bytes copied with memcpy, which lets compilers
 * pick wide unaligned stores. OpenCL C: word-aligned destinations (the
 * kernels pack CDM words), whole words stored, no pointer casts. */
#ifdef __OPENCL_C_VERSION__
#define AGX_PACK_PTR uint32_t
#else
#define AGX_PACK_PTR void
#endif

/* Debug range checks: a value that cannot be encoded aborts with a message
 * naming the struct and field. Tests may define AGX_GENXML_RANGE_HOOK(struct,
 * field, value, rule) to observe failures instead of aborting. */
#if !defined(NDEBUG) && !defined(__OPENCL_C_VERSION__)
static inline void
agx_genxml_range_fail(const char *strct, const char *field, uint64_t value, const char *rule)
{
#ifdef AGX_GENXML_RANGE_HOOK
   AGX_GENXML_RANGE_HOOK(strct, field, value, rule);
#else
   fprintf(stderr, "agx_pack: %s: \"%s\" = 0x%" PRIx64 " cannot be encoded (%s)\n", strct, field,
           value, rule);
   fflush(stderr);
   abort();
#endif
}

#define AGX_GENXML_CHECK(ok, strct, field, value, rule)                \
   do {                                                                \
      if (!(ok))                                                       \
         agx_genxml_range_fail(strct, field, (uint64_t)(value), rule); \
   } while (0)
#else
#define AGX_GENXML_CHECK(ok, strct, field, value, rule) ((void)0)
#endif

/* Reports from unpack (C only; unpack still validates in OpenCL C). */
#ifndef __OPENCL_C_VERSION__
static inline void
agx_genxml_report_bits(AGX_FILE *fp, const char *strct, unsigned word, uint32_t value, uint32_t bad)
{
   if (fp)
      fprintf(fp, "XXX: %s: word %u = 0x%08X has unknown bits 0x%08X set\n", strct, word, value,
              bad);
}

static inline void
agx_genxml_report_exact(AGX_FILE *fp, const char *strct, const char *field, uint64_t got,
                        uint64_t want)
{
   if (fp)
      fprintf(fp, "XXX: %s: \"%s\" is 0x%" PRIx64 ", must be 0x%" PRIx64 "\n", strct, field, got,
              want);
}
#else
#define agx_genxml_report_bits(fp, s, w, v, b) ((void)0)
#define agx_genxml_report_exact(fp, s, f, got, want) ((void)0)
#endif

/* Bit reinterpretation between float and its IEEE-754 encoding. */
static inline uint32_t
agx_genxml_float_bits(float f)
{
   union {
      float f;
      uint32_t u;
   } x;
   x.f = f;
   return x.u;
}

static inline float
agx_genxml_bits_float(uint32_t u)
{
   union {
      float f;
      uint32_t u;
   } x;
   x.u = u;
   return x.f;
}

/* fp32 -> fp16 bits, round to nearest even, NaN kept quiet. */
static inline uint32_t
agx_genxml_float_to_half(float f)
{
   uint32_t x = agx_genxml_float_bits(f);
   uint32_t sign = (x >> 16) & 0x8000u;
   uint32_t exp = (x >> 23) & 0xffu;
   uint32_t mant = x & 0x7fffffu;

   if (exp == 0xffu)
      return sign | 0x7c00u | (mant ? 0x200u | (mant >> 13) : 0u);

   int e = (int)exp - 127 + 15;
   if (e >= 0x1f)
      return sign | 0x7c00u;

   if (e <= 0) {
      /* Result is a half denormal (or zero) */
      if (e < -10)
         return sign;
      uint32_t full = mant | 0x800000u;
      unsigned shift = (unsigned)(14 - e);
      uint32_t r = full >> shift;
      uint32_t rem = full & ((1u << shift) - 1u);
      uint32_t halfway = 1u << (shift - 1u);
      if (rem > halfway || (rem == halfway && (r & 1u)))
         r++;
      return sign | r;
   }

   uint32_t r = ((uint32_t)e << 10) | (mant >> 13);
   uint32_t rem = mant & 0x1fffu;
   if (rem > 0x1000u || (rem == 0x1000u && (r & 1u)))
      r++; /* a carry into the exponent correctly rounds up to infinity */
   return sign | r;
}

static inline float
agx_genxml_half_to_float(uint32_t h)
{
   uint32_t sign = (h & 0x8000u) << 16;
   uint32_t exp = (h >> 10) & 0x1fu;
   uint32_t mant = h & 0x3ffu;
   uint32_t x;

   if (exp == 0x1fu) {
      x = sign | 0x7f800000u | (mant << 13);
   } else if (exp == 0) {
      if (mant == 0) {
         x = sign;
      } else {
         /* Normalise the denormal */
         uint32_t e = 0;
         while (!(mant & 0x400u)) {
            mant <<= 1;
            e++;
         }
         x = sign | ((113u - e) << 23) | ((mant & 0x3ffu) << 13);
      }
   } else {
      x = sign | ((exp + 112u) << 23) | (mant << 13);
   }
   return agx_genxml_bits_float(x);
}

/* LODs are 4:6 unsigned fixed point clamped to [0, 14] (0x380); NaN -> 0. */
static inline uint32_t
agx_genxml_pack_lod(float f)
{
   float x = f * 64.0f;
   if (!(x > 0.0f))
      return 0;
   if (x >= 896.0f)
      return 0x380u;
   return (uint32_t)x;
}

/* groups(N): ceil(value / N); 0 packs as 1 group; exactly 2^bits groups
 * packs as 0, which the hardware reads as "all". */
static inline uint64_t
agx_genxml_to_groups(uint64_t value, uint64_t group, unsigned bits)
{
   if (value == 0)
      return 1;
   uint64_t g = (value + group - 1) / group;
   return g == ((uint64_t)1 << bits) ? 0 : g;
}

static inline uint64_t
agx_genxml_from_groups(uint64_t stored, uint64_t group, unsigned bits)
{
   return group * (stored ? stored : ((uint64_t)1 << bits));
}

static inline bool
agx_genxml_is_pot(uint64_t v)
{
   return v != 0 && (v & (v - 1)) == 0;
}

static inline uint64_t
agx_genxml_log2(uint64_t v)
{
   uint64_t l = 0;
   while (v > 1) {
      v >>= 1;
      l++;
   }
   return l;
}

/* Declares `name` as a template with its defaults, runs the following
 * statement/block to fill it in, then packs it to dst. */
#define agx_pack(dst, T, name)                                                                  \
   for (struct AGX_##T name = {AGX_##T##_header}, *_agx_once_##name = 0; _agx_once_##name == 0; \
        AGX_##T##_pack((AGX_PACK_DST AGX_PACK_PTR *)(dst), &name), _agx_once_##name = &name)

/* Declares `name` and unpacks src into it (the validity result is dropped;
 * call AGX_<T>_unpack directly to check it). */
#define agx_unpack(fp, src, T, name) \
   struct AGX_##T name;              \
   AGX_##T##_unpack(fp, (AGX_UNPACK_SRC const uint8_t *)(src), &name)

#define agx_print(fp, T, var, indent) AGX_##T##_print(fp, &(var), indent)

/* ORs two separately packed halves of the same struct (e.g. state known at
 * pipeline creation and state known at draw time). */
#define agx_merge(packed1, packed2, T)                              \
   do {                                                             \
      for (unsigned _agx_i = 0; _agx_i < AGX_##T##_WORDS; ++_agx_i) \
         (packed1).opaque[_agx_i] |= (packed2).opaque[_agx_i];      \
   } while (0)

#endif /* AGX_PACK_HELPERS_H */
