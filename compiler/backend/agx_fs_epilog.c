/* Fragment output epilog builder (see agx_fs_epilog.h): the colour
 * registers r(4 (i + 1)) of the main shader are blended, logic-op'ed and
 * masked per the key (agx_fs_blend.c), then stored with st_tile in the
 * physical format (agx_tib_emit_store, the tilebuffer pass's conversion).
 * Destination reads: wait_pix 0x8 once, then ld_tile into 32-bit registers
 * (f16 render targets are loaded as i16 and converted in the ALU, as Mesa
 * never does f16 ld_tile, graphics.md §4.3). */
#include <stdio.h>
#include <string.h>

#include "agx_abi.h"
#include "agx_builder.h"
#include "agx_fs_blend.h"
#include "agx_fs_epilog.h"
#include "agx_passes.h"

void
agx_fs_epilog_key_init(struct agx_fs_epilog_key *key, const struct agx_tilebuffer_layout *tib,
                       unsigned colour_written)
{
   memset(key, 0, sizeof(*key));
   key->tib = *tib;
   key->colour_written = (uint8_t)colour_written;
   for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++) {
      key->rt[rt].src_rgb = key->rt[rt].src_alpha = AGX_BLEND_ONE;
      key->rt[rt].dst_rgb = key->rt[rt].dst_alpha = AGX_BLEND_ZERO;
      key->rt[rt].op_rgb = key->rt[rt].op_alpha = AGX_BLEND_OP_ADD;
      key->rt[rt].write_mask = 0xF;
   }
}

bool
agx_fs_epilog_dual_source(const struct agx_fs_epilog_key *key)
{
   const struct agx_blend_rt *r = &key->rt[0];
   return r->enable &&
          (agx_blend_factor_is_src1(r->src_rgb) || agx_blend_factor_is_src1(r->dst_rgb) ||
           agx_blend_factor_is_src1(r->src_alpha) || agx_blend_factor_is_src1(r->dst_alpha));
}

/* 1 unorm, 2 snorm, 0 float / integer (blend clamping) */
static unsigned
norm_kind(enum agx_tib_format f, const struct agx_tib_format_info *fi)
{
   switch (fi->isa_format) {
   case AGX_FMT_U8NORM:
   case AGX_FMT_U16NORM:
   case AGX_FMT_SRGBA8:
   case AGX_FMT_RGB10A2:
      return 1;
   case AGX_FMT_S8NORM:
   case AGX_FMT_S16NORM:
      return 2;
   default:
      return f == AGX_TIB_R5G6B5_UNORM || f == AGX_TIB_RGB5A1_UNORM || f == AGX_TIB_RGBA4_UNORM;
   }
}

/* How a logic op reaches a render target (Vulkan "Logical Operations":
 * integer and normalised formats, on the bits of the format's components;
 * float and sRGB formats take the source unmodified). */
enum logic_kind {
   LOGIC_NONE,
   LOGIC_RAW,   /* the tile holds the bits (integers, u8/u16/s8/s16 norm):
                 * ld_tile / st_tile in the integer format of the element */
   LOGIC_VALUE, /* the tile holds values (unorm kept as f16: 565, 5551, 4444,
                 * graphics.md §5.1; packed rgb10a2): converted to the
                 * format's bits and back */
};

static enum logic_kind
logic_kind(enum agx_tib_format f, const struct agx_tib_format_info *fi)
{
   if (fi->base_type)
      return LOGIC_RAW;
   switch (fi->isa_format) {
   case AGX_FMT_U8NORM:
   case AGX_FMT_U16NORM:
   case AGX_FMT_S8NORM:
   case AGX_FMT_S16NORM:
      return LOGIC_RAW;
   case AGX_FMT_RGB10A2:
      return LOGIC_VALUE;
   default:
      return f == AGX_TIB_R5G6B5_UNORM || f == AGX_TIB_RGB5A1_UNORM || f == AGX_TIB_RGBA4_UNORM
                ? LOGIC_VALUE
                : LOGIC_NONE;
   }
}

/* Bits of logical component c of format f, the width a logic op's result
 * keeps (logic_kind != LOGIC_NONE). */
static unsigned
logic_bits(enum agx_tib_format f, const struct agx_tib_format_info *fi, unsigned c)
{
   switch (f) {
   case AGX_TIB_R5G6B5_UNORM:
      return c == 1 ? 6 : 5;
   case AGX_TIB_RGB5A1_UNORM:
      return c == 3 ? 1 : 5;
   case AGX_TIB_RGBA4_UNORM:
      return 4;
   case AGX_TIB_RGB10A2_UNORM:
   case AGX_TIB_RGB10A2_UINT:
      return c == 3 ? 2 : 10;
   default:
      return fi->bytes / fi->comps * 8;
   }
}

static bool
rt_bound(const struct agx_fs_epilog_key *key, unsigned rt)
{
   return rt < key->tib.num_rts && agx_tib_format((enum agx_tib_format)key->tib.format[rt]);
}

/* Spilled render targets (eMRT) live in memory: stores have no component
 * masks (read-modify-write, graphics.md §4.5), loads are image loads. */
static bool
rt_spilled(const struct agx_fs_epilog_key *key, unsigned rt)
{
   return key->tib.spilled[rt];
}

static unsigned
rt_mask(const struct agx_fs_epilog_key *key, unsigned rt)
{
   const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)key->tib.format[rt]);
   return key->rt[rt].write_mask & ((1u << fi->comps) - 1);
}

static bool
rt_logic(const struct agx_fs_epilog_key *key, unsigned rt)
{
   enum agx_tib_format f = (enum agx_tib_format)key->tib.format[rt];
   return key->logic_op_enable && logic_kind(f, agx_tib_format(f)) != LOGIC_NONE;
}

static bool
rt_blends(const struct agx_fs_epilog_key *key, unsigned rt)
{
   const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)key->tib.format[rt]);
   return key->rt[rt].enable && !fi->base_type && !rt_logic(key, rt);
}

/* Does render target rt's epilog code ld_tile the destination? */
static bool
rt_loads(const struct agx_fs_epilog_key *key, unsigned rt)
{
   const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)key->tib.format[rt]);
   unsigned full = (1u << fi->comps) - 1, m = rt_mask(key, rt);
   if (!(key->colour_written & (1u << rt)) || !m)
      return false;
   if (rt_logic(key, rt))
      return agx_logic_op_reads_dst(key->logic_op) ||
             ((fi->packed || rt_spilled(key, rt)) && m != full);
   return (rt_blends(key, rt) && agx_blend_rt_reads_dst(&key->rt[rt])) ||
          ((fi->packed || rt_spilled(key, rt)) && m != full);
}

bool
agx_fs_epilog_reads_tib(const struct agx_fs_epilog_key *key)
{
   if (key->other_rts)
      return true;
   for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++) {
      if (!rt_bound(key, rt))
         continue;
      /* spilled render targets need translucency (Mesa hk_cmd_draw.c, graphics.md §5.3) */
      if (rt_spilled(key, rt))
         return true;
      const struct agx_tib_format_info *fi =
         agx_tib_format((enum agx_tib_format)key->tib.format[rt]);
      bool stored =
         (key->colour_written & (1u << rt)) && !(rt == 1 && agx_fs_epilog_dual_source(key));
      /* an unwritten or partially written RT keeps earlier fragments' values */
      if (!stored || rt_mask(key, rt) != (1u << fi->comps) - 1 || rt_loads(key, rt))
         return true;
   }
   return false;
}

bool
agx_fs_epilog_kills(const struct agx_fs_epilog_key *key)
{
   return key->sample_kill || key->alpha_to_coverage;
}

unsigned
agx_fs_pass_type(const struct agx_fs_info *main_fs, const struct agx_fs_epilog_key *key)
{
   bool punch = main_fs->uses_discard || main_fs->writes_depth || main_fs->writes_stencil ||
                main_fs->writes_sample_mask || main_fs->early_fragment_tests ||
                agx_fs_epilog_kills(key) || key->main_tests;
   bool translucent = agx_fs_epilog_reads_tib(key) || main_fs->tile_inputs;
   return (translucent ? 1u : 0u) | (punch ? 2u : 0u);
}

static agx_instr *
fimm(agx_builder *b, float f)
{
   union {
      float f;
      uint32_t u;
   } v = {.f = f};
   return agx_imm(b, 32, v.u);
}

/* ld_tile of every component of render target rt as 32-bit values:
 * floats for float / normalised formats, raw integers when raw_int (logic
 * ops: normalised formats read with the integer format of the same size). */
static void
load_dst(agx_builder *b, const struct agx_fs_epilog_key *key, unsigned rt, bool raw_int,
         unsigned smask, bool *waited, agx_instr **d)
{
   enum agx_tib_format f = (enum agx_tib_format)key->tib.format[rt];
   const struct agx_tib_format_info *fi = agx_tib_format(f);
   if (rt_spilled(key, rt)) {
      /* an image load of the sample (float values for float and unorm
       * formats: logic ops take the code x * max; snorm ones read their
       * codes, agx_emrt_emit_load) */
      bool snorm = fi->isa_format == AGX_FMT_S8NORM || fi->isa_format == AGX_FMT_S16NORM;
      agx_instr *v = agx_emrt_emit_load(b, &key->tib, rt, smask, raw_int);
      for (unsigned c = 0; c < 4; c++) {
         d[c] = agx_extract(b, v, c);
         if (!raw_int || fi->base_type || c >= fi->comps)
            continue;
         /* the bit code: a field of the component's width */
         unsigned bits = logic_bits(f, fi, c);
         uint32_t max = bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
         d[c] = snorm ? agx_iand(b, d[c], agx_imm(b, 32, max))
                      : agx_f2u(b, 32, agx_fround_even(b, agx_fmul(b, d[c], fimm(b, (float)max))));
      }
      *waited = true;
      return;
   }
   if (!*waited) {
      agx_intrin(b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0x8, 0, 0);
      *waited = true;
   }
   unsigned fmt = fi->isa_format, n = fi->comps;
   if (fmt == AGX_FMT_F16 || (raw_int && (fmt == AGX_FMT_U16NORM || fmt == AGX_FMT_S16NORM)))
      fmt = AGX_FMT_I16;
   else if (raw_int && (fmt == AGX_FMT_U8NORM || fmt == AGX_FMT_S8NORM))
      fmt = AGX_FMT_I8;
   agx_instr *v = agx_intrin(b, AGX_OP_LOAD_TILE, agx_type_make(32, n), 1, agx_imm(b, 16, smask),
                             NULL, NULL, fmt, (1u << n) - 1, key->tib.offset_B[rt]);
   for (unsigned c = 0; c < 4; c++) {
      if (c >= n) {
         d[c] = fimm(b, c == 3 ? 1.0f : 0.0f); /* missing components read (0, 0, 0, 1) */
         continue;
      }
      agx_instr *x = n == 1 ? v : agx_extract(b, v, c);
      if (fi->isa_format == AGX_FMT_F16)
         x = agx_f2f(b, 32, agx_u2u(b, 16, x));
      d[c] = x;
   }
}

/* A normalised value as the bits of a `bits`-wide component (Vulkan
 * "Conversion from Floating-Point to Normalized Fixed-Point": unorm
 * round(clamp(x, 0, 1) x (2^b - 1)), snorm round(clamp(x, -1, 1) x
 * (2^(b-1) - 1)) in two's complement); the bits above `bits` are garbage. */
static agx_instr *
norm_to_bits(agx_builder *b, agx_instr *x, unsigned bits, bool snorm)
{
   float max = snorm ? (float)((1u << (bits - 1)) - 1) : (float)((1u << bits) - 1);
   agx_instr *cl = agx_fmin(b, agx_fmax(b, x, fimm(b, snorm ? -1.0f : 0.0f)), fimm(b, 1.0f));
   agx_instr *r = agx_fround_even(b, agx_fmul(b, cl, fimm(b, max)));
   return snorm ? agx_f2i(b, 32, r) : agx_f2u(b, 32, r);
}

/* Logic op per component on the format's bits; results keep the
 * component's width. LOGIC_RAW: out[] are raw integers for store_raw;
 * LOGIC_VALUE: unorm floats again (r / (2^b - 1)) for the usual store,
 * with the destination's components in d[] (packed formats rewrite them). */
static void
logic_rt(agx_builder *b, const struct agx_fs_epilog_key *key, unsigned rt, agx_instr *const *s,
         unsigned smask, bool *waited, agx_instr **d, agx_instr **out)
{
   enum agx_tib_format f = (enum agx_tib_format)key->tib.format[rt];
   const struct agx_tib_format_info *fi = agx_tib_format(f);
   bool raw = logic_kind(f, fi) == LOGIC_RAW;
   bool snorm = fi->isa_format == AGX_FMT_S8NORM || fi->isa_format == AGX_FMT_S16NORM;
   if (rt_loads(key, rt))
      load_dst(b, key, rt, raw, smask, waited, d);
   for (unsigned c = 0; c < fi->comps; c++) {
      unsigned bits = logic_bits(f, fi, c);
      uint32_t max = bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
      agx_instr *x = fi->base_type ? s[c] : norm_to_bits(b, s[c], bits, snorm);
      agx_instr *y = d[c] ? d[c] : agx_imm(b, 32, 0);
      if (!raw && d[c])
         y = norm_to_bits(b, d[c], bits, false);
      agx_instr *r = agx_logic_op_build(b, key->logic_op, x, y);
      r = bits == 32 ? r : agx_iand(b, r, agx_imm(b, 32, max));
      out[c] = raw ? r : agx_fmul(b, agx_u2f(b, 32, r), fimm(b, 1.0f / (float)max));
   }
}

/* st_tile of raw integers in the integer format of the element size. */
static void
store_raw(agx_builder *b, const struct agx_fs_epilog_key *key, unsigned rt, agx_instr *const *v,
          unsigned mask, unsigned smask, bool *waited)
{
   const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)key->tib.format[rt]);
   if (rt_spilled(key, rt)) {
      /* in memory: the format's values (unorm codes back to floats; snorm
       * codes sign-extended for the SINT descriptor), every component,
       * masked ones kept from the destination */
      enum agx_tib_format f = (enum agx_tib_format)key->tib.format[rt];
      unsigned full = (1u << fi->comps) - 1;
      bool snorm = fi->isa_format == AGX_FMT_S8NORM || fi->isa_format == AGX_FMT_S16NORM;
      agx_instr *d[4] = {NULL, NULL, NULL, NULL}, *w[4] = {NULL, NULL, NULL, NULL};
      bool dummy = false;
      if (mask != full)
         load_dst(b, key, rt, true, smask, &dummy, d);
      for (unsigned c = 0; c < fi->comps; c++) {
         w[c] = (mask & (1u << c)) ? v[c] : d[c];
         if (fi->base_type)
            continue;
         unsigned bits = logic_bits(f, fi, c);
         uint32_t max = bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
         if (snorm) /* sign-extend the field: the code itself, -2^(b-1) included */
            w[c] = agx_ibfe(b, w[c], agx_imm(b, 32, 0), agx_imm(b, 32, bits));
         else
            w[c] = agx_fmul(b, agx_u2f(b, 32, w[c]), fimm(b, 1.0f / (float)max));
      }
      agx_emrt_emit_store(b, &key->tib, rt, w, smask, snorm);
      *waited = true;
      return;
   }
   unsigned es = fi->bytes / fi->comps;
   unsigned fmt = es == 1 ? AGX_FMT_I8 : es == 2 ? AGX_FMT_I16 : AGX_FMT_I32;
   agx_instr *w[4];
   unsigned n = 0;
   for (unsigned c = 0; c < fi->comps; c++)
      if (mask & (1u << c))
         w[n++] = es == 4 ? v[c] : agx_u2u(b, 16, v[c]);
   if (!n)
      return;
   if (!*waited) {
      agx_intrin(b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0xC, 0, 0);
      *waited = true;
   }
   agx_intrin(b, AGX_OP_STORE_TILE, agx_type_make(0, 0), 2, n == 1 ? w[0] : agx_vec(b, n, w),
              agx_imm(b, 16, smask), NULL, fmt, mask, key->tib.offset_B[rt]);
}

/* Render target rt's load / blend / store for the samples in smask (ld_tile
 * and st_tile take it as their sample mask). */
static void
build_rt(agx_builder *b, const struct agx_fs_epilog_key *key, unsigned rt, agx_instr *const *k,
         agx_instr *const (*colour)[4], unsigned smask, bool *wait8, bool *wait_c)
{
   const struct agx_tib_format_info *fi = agx_tib_format((enum agx_tib_format)key->tib.format[rt]);
   unsigned full = (1u << fi->comps) - 1, mask = rt_mask(key, rt);
   if (!mask)
      return;
   agx_instr *s[4], *s1[4] = {NULL, NULL, NULL, NULL}, *out[4], *d[4] = {NULL, NULL, NULL, NULL};
   for (unsigned c = 0; c < 4; c++)
      s[c] = colour[rt][c];
   enum agx_tib_format f = (enum agx_tib_format)key->tib.format[rt];
   bool logic = rt_logic(key, rt);
   if (logic && logic_kind(f, fi) == LOGIC_RAW) {
      logic_rt(b, key, rt, s, smask, wait8, d, out);
      store_raw(b, key, rt, out, mask, smask, wait_c);
      return;
   }
   if (rt == 0 && agx_fs_epilog_dual_source(key))
      for (unsigned c = 0; c < 4; c++)
         s1[c] = colour[1][c]; /* the second colour: r8-r11, RT1's registers */
   bool packed_rmw = (fi->packed || rt_spilled(key, rt)) && mask != full;
   /* a spilled SNORM target read back: its codes (dc[], sign-extended), so
    * masked components keep theirs exactly (the code -2^(b-1) reads as -1,
    * whose code is 1 - 2^(b-1)) */
   bool snorm_codes = rt_spilled(key, rt) && agx_emrt_snorm(&key->tib, rt) && rt_loads(key, rt);
   agx_instr *dc[4] = {NULL, NULL, NULL, NULL};
   if (logic) { /* out[]: the op's values, d[]: the destination when loaded */
      logic_rt(b, key, rt, s, smask, wait8, d, out);
   } else {
      if (snorm_codes) {
         load_dst(b, key, rt, true, smask, wait8, dc);
         for (unsigned c = 0; c < fi->comps; c++) {
            unsigned bits = logic_bits(f, fi, c);
            dc[c] = agx_ibfe(b, dc[c], agx_imm(b, 32, 0), agx_imm(b, 32, bits));
            float max = (float)((1u << (bits - 1)) - 1);
            d[c] = agx_fmax(b, agx_fdiv(b, agx_i2f(b, 32, dc[c]), fimm(b, max)), fimm(b, -1.0f));
         }
      } else if (rt_loads(key, rt)) {
         load_dst(b, key, rt, false, smask, wait8, d);
      }
      if (rt_blends(key, rt))
         agx_blend_build(b, &key->rt[rt], norm_kind(f, fi), fi->isa_format != AGX_FMT_F16, s, s1, d,
                         k, out);
      else
         memcpy(out, s, sizeof(out));
   }
   if (snorm_codes) { /* codes: the result's, the destination's where masked */
      agx_instr *w[4] = {NULL, NULL, NULL, NULL};
      for (unsigned c = 0; c < fi->comps; c++)
         w[c] = (mask & (1u << c)) ? norm_to_bits(b, out[c], logic_bits(f, fi, c), true) : dc[c];
      store_raw(b, key, rt, w, full, smask, wait_c);
      return;
   }
   if (packed_rmw) /* no component masks: keep the destination's components */
      for (unsigned c = 0; c < fi->comps; c++)
         if (!(mask & (1u << c)))
            out[c] = d[c];
   agx_tib_emit_store_samples(b, &key->tib, rt, out, mask, smask, wait_c);
}

static int
check_key(const struct agx_fs_epilog_key *key, char *err, size_t errsize)
{
   if (key->logic_op_enable && key->logic_op > AGX_LOGIC_SET) {
      snprintf(err, errsize, "fs epilog: invalid logic op %u", key->logic_op);
      return -1;
   }
   for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++) {
      const struct agx_blend_rt *r = &key->rt[rt];
      if (!r->enable)
         continue;
      if (r->src_rgb >= AGX_BLEND_NUM_FACTORS || r->dst_rgb >= AGX_BLEND_NUM_FACTORS ||
          r->src_alpha >= AGX_BLEND_NUM_FACTORS || r->dst_alpha >= AGX_BLEND_NUM_FACTORS ||
          r->op_rgb >= AGX_BLEND_NUM_OPS || r->op_alpha >= AGX_BLEND_NUM_OPS) {
         snprintf(err, errsize, "fs epilog: invalid blend state on render target %u", rt);
         return -1;
      }
      if (rt > 0 &&
          (agx_blend_factor_is_src1(r->src_rgb) || agx_blend_factor_is_src1(r->dst_rgb) ||
           agx_blend_factor_is_src1(r->src_alpha) || agx_blend_factor_is_src1(r->dst_alpha))) {
         snprintf(err, errsize, "fs epilog: dual-source factors on render target %u (RT0 only)",
                  rt);
         return -1;
      }
   }
   return 0;
}

/* Pipeline statistics (key->statistics): one per invocation that is not a helper (sr 63, as
 * agx_pass_lower_fs_inputs reads helper invocations) added to the counter whose address the
 * slot at AGX_ABI_FS_STATS holds (Honeykrisp counts in a prolog, agx_nir_lower_stats_fs). */
static void
emit_statistics(agx_builder *b, const struct agx_fs_epilog_key *key)
{
   if (!key->statistics)
      return;
   agx_instr *slot = agx_intrin(b, AGX_OP_LOAD_UNIFORM, agx_type_make(64, 1), 1, agx_imm(b, 32, 0),
                                NULL, NULL, AGX_ABI_FS_STATS, 0, 0);
   agx_instr *addr =
      agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(64, 1), 1, slot, NULL, NULL, 8, 0, 0);
   agx_instr *sr =
      agx_intrin(b, AGX_OP_LOAD_SR, agx_type_make(32, 1), 0, NULL, NULL, NULL, 63, 0, 0);
   agx_instr *one =
      agx_bcsel(b, agx_ieq(b, sr, agx_imm(b, 32, 0)), agx_imm(b, 32, 0), agx_imm(b, 32, 1));
   agx_intrin(b, AGX_OP_ATOMIC_GLOBAL, agx_type_make(32, 1), 2, addr, one, NULL, AGX_ATOMIC_ADD, 0,
              0);
}

/* The multisample state the main shader left to the epilog (key
 * sample_kill, alpha_to_coverage, alpha_to_one, main_tests), before any
 * ld_tile / st_tile (graphics.md 4.4 rule 1): the samples outside the
 * sample mask and the alpha-to-coverage mask are killed (`sample_mask
 * kill, 0`), then the live ones tested once (`wait_pix 0x1; sample_mask
 * 0xFF, 0xFF`; samples the main shader killed ignore both). Alpha to
 * coverage as agx_pass_lower_coverage.c: round(clamp(alpha) x samples)
 * samples 0 .. k-1, from RT0's alpha (location 0 unwritten: the coverage
 * is left alone). Alpha to one then sets the written colours' alpha. */
static void
emit_coverage(agx_builder *b, const struct agx_fs_epilog_key *key, agx_instr *(*colour)[4])
{
   unsigned samples = key->alpha_to_coverage;
   agx_instr *kill = NULL;
   if (key->alpha_to_coverage && (key->colour_written & 1)) {
      agx_instr *x = agx_fmul(b, agx_fsat(b, colour[0][3]), fimm(b, (float)samples));
      agx_instr *k = agx_f2u(b, 32, agx_fround_even(b, x));
      agx_instr *m = agx_isub(b, agx_ishl(b, agx_imm(b, 32, 1), k), agx_imm(b, 32, 1));
      kill = agx_iand(b, agx_inot(b, m), agx_imm(b, 32, 0xFF));
      if (key->sample_kill)
         kill = agx_ior(b, kill, agx_imm(b, 32, key->sample_kill));
      kill = agx_u2u(b, 16, kill);
   } else if (key->sample_kill) {
      kill = agx_imm(b, 16, key->sample_kill);
   }
   if (kill)
      agx_intrin(b, AGX_OP_DISCARD_SAMPLES, agx_type_make(0, 0), 2, kill, agx_imm(b, 16, 0), NULL,
                 0, 0, 0);
   if (kill || key->main_tests) {
      agx_intrin(b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 1, 0, 0);
      agx_intrin(b, AGX_OP_DISCARD_SAMPLES, agx_type_make(0, 0), 2, agx_imm(b, 16, 0xFF),
                 agx_imm(b, 16, 0xFF), NULL, 0, 0, 0);
   }
   if (key->alpha_to_one)
      for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++)
         if (key->colour_written & (1u << rt))
            colour[rt][3] = fimm(b, 1.0f);
}

/* The epilog's code at b; returns whether it reads the tilebuffer.
 * per_sample: the epilog runs once per pixel (a separate epilog, not the
 * body of a per-sample loop) over a multisampled tilebuffer, so a render
 * target whose result depends on the destination is loaded, blended and
 * stored one sample at a time (sample masks 1 << s), as the samples of an
 * edge pixel hold different values. Mesa does the same by wrapping such
 * an epilog in its per-sample loop (agx_nir_prolog_epilog.c: nir_lower_blend
 * sets uses_sample_shading when it reads the destination, then
 * agx_nir_lower_monolithic_msaa / agx_nir_wrap_per_sample_loop mask every
 * ld_tile / st_tile by the loop's sample bit); here the loop is unrolled
 * (at most 4 samples). Render targets that do not read the destination
 * keep one st_tile for every covered sample. */
static bool
emit_body(agx_builder *b, const struct agx_fs_epilog_key *key, agx_instr *(*colour)[4],
          bool per_sample)
{
   emit_coverage(b, key, colour);
   agx_instr *k[4];
   for (unsigned c = 0; c < 4; c++)
      k[c] = agx_intrin(b, AGX_OP_LOAD_UNIFORM, agx_type_make(32, 1), 1, agx_imm(b, 32, 0), NULL,
                        NULL, AGX_ABI_FS_BLEND_CONST + 4 * c, 0, 0);
   emit_statistics(b, key);
   bool dual = agx_fs_epilog_dual_source(key), wait8 = false, wait_c = false;
   /* per render target: ld_tile (after one wait_pix 0x8), blend, st_tile
    * (after one wait_pix 0xC) */
   for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++) {
      if (!(key->colour_written & (1u << rt)) || !rt_bound(key, rt) || (dual && rt == 1))
         continue;
      unsigned samples = key->tib.nr_samples;
      if (per_sample && samples > 1 && rt_loads(key, rt))
         for (unsigned i = 0; i < samples; i++)
            build_rt(b, key, rt, k, colour, 1u << i, &wait8, &wait_c);
      else
         build_rt(b, key, rt, k, colour, 0xFF, &wait8, &wait_c);
   }
   return wait8;
}

int
agx_fs_epilog_emit(agx_builder *b, const struct agx_fs_epilog_key *key,
                   agx_instr *const (*colour)[4], bool *reads_tib, char *err, size_t errsize)
{
   if (check_key(key, err, errsize))
      return -1;
   /* inlined in the per-sample loop: agx_pass_lower_sample_shading masks
    * every ld_tile / st_tile by the loop's sample bit; the main shader
    * applied the multisample state (agx_fs_info.coverage_in_main) */
   agx_instr *c[AGX_TIB_MAX_RTS][4];
   memcpy(c, colour, sizeof(c));
   struct agx_fs_epilog_key k = *key;
   k.sample_kill = k.alpha_to_coverage = k.alpha_to_one = k.main_tests = 0;
   *reads_tib = emit_body(b, &k, c, false);
   return 0;
}

int
agx_fs_epilog_inline(agx_shader *s, const struct agx_fs_epilog_key *key, char *err, size_t errsize)
{
   agx_instr *colour[AGX_TIB_MAX_RTS][4];
   memset(colour, 0, sizeof(colour));
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_STORE_PRELOADED || I->c[0] < 4 || I->c[0] >= 4 * (AGX_TIB_MAX_RTS + 1))
         continue;
      colour[I->c[0] / 4 - 1][I->c[0] % 4] = I->src[0];
      agx_instr_remove(I);
   }
   agx_block *end = agx_list_last_block(&s->body);
   agx_builder b = agx_builder_at_end(s, end);
   for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++)
      for (unsigned c = 0; c < 4; c++)
         if (!colour[rt][c])
            colour[rt][c] = agx_imm(&b, 32, 0);
   struct agx_fs_epilog_key k = *key;
   k.colour_written = s->fs.colour_written;
   bool reads_tib = false;
   if (agx_fs_epilog_emit(&b, &k, colour, &reads_tib, err, errsize))
      return -1;
   s->fs.reads_tib = reads_tib;
   s->prolog = false; /* a whole program again: it ends with stop */
   return 0;
}

int
agx_build_fs_epilog_key(const struct agx_fs_epilog_key *key, struct agx_backend_result *out,
                        char *err, size_t errsize)
{
   memset(out, 0, sizeof(*out));
   if (check_key(key, err, errsize))
      return -1;
   agx_shader *s = agx_shader_create();
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &blk->cf.link);
   agx_builder b = agx_builder_at_end(s, blk);
   s->stage = AGX_STAGE_FRAGMENT;
   s->io_lowered = true;
   s->epilog = true;
   agx_instr *colour[AGX_TIB_MAX_RTS][4];
   for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++)
      for (unsigned c = 0; c < 4; c++)
         colour[rt][c] = agx_intrin(&b, AGX_OP_LOAD_PRELOADED, agx_type_make(32, 1), 0, NULL, NULL,
                                    NULL, 4 * (rt + 1) + c, 0, 0);
   /* the main shader's SampleMask after tests at entry: only those samples
    * are stored (agx_pass_write_samples.c) */
   agx_instr *ws = NULL;
   if (key->write_samples)
      ws = agx_u2u(&b, 16,
                   agx_intrin(&b, AGX_OP_LOAD_PRELOADED, agx_type_make(32, 1), 0, NULL, NULL, NULL,
                              AGX_FS_WRITE_SAMPLES_REG, 0, 0));
   bool wait8 = emit_body(&b, key, colour, true);
   if (ws)
      agx_mask_tile_stores(s, ws);
   struct agx_backend_options o = {.no_preamble = true, .tib = &key->tib};
   int rc = agx_backend_compile(s, &o, out, err, errsize);
   if (!rc)
      out->info.fs.reads_tib = wait8;
   agx_shader_destroy(s);
   return rc;
}

int
agx_build_fs_epilog(const struct agx_tilebuffer_layout *tib, unsigned colour_written,
                    struct agx_backend_result *out, char *err, size_t errsize)
{
   struct agx_fs_epilog_key key;
   agx_fs_epilog_key_init(&key, tib, colour_written);
   return agx_build_fs_epilog_key(&key, out, err, errsize);
}
