/* Blend equations and logic ops of the output epilog, as the Vulkan
 * specification defines them (chapter "The Framebuffer": blend factors,
 * blend operations, logical operations); Mesa does the same in
 * nir_lower_blend.c. Computed in fp32. Terms with a ZERO factor are
 * dropped and ONE factors multiply nothing (Mesa's nir_lower_blend also
 * folds them), so ONE/ZERO/ADD is the source itself. */
#include "agx_fs_blend.h"

static agx_instr *
fimm(agx_builder *b, float f)
{
   union {
      float f;
      uint32_t u;
   } v = {.f = f};
   return agx_imm(b, 32, v.u);
}

bool
agx_blend_factor_is_src1(unsigned f)
{
   return f >= AGX_BLEND_SRC1_COLOR && f <= AGX_BLEND_ONE_MINUS_SRC1_ALPHA;
}

static bool
factor_reads_dst(unsigned f)
{
   return f == AGX_BLEND_DST_COLOR || f == AGX_BLEND_ONE_MINUS_DST_COLOR ||
          f == AGX_BLEND_DST_ALPHA || f == AGX_BLEND_ONE_MINUS_DST_ALPHA ||
          f == AGX_BLEND_SRC_ALPHA_SATURATE;
}

static bool
eq_reads_dst(unsigned src, unsigned dst, unsigned op)
{
   if (op == AGX_BLEND_OP_MIN || op == AGX_BLEND_OP_MAX)
      return true;
   return dst != AGX_BLEND_ZERO || factor_reads_dst(src);
}

bool
agx_blend_rt_reads_dst(const struct agx_blend_rt *rt)
{
   return rt->enable && (eq_reads_dst(rt->src_rgb, rt->dst_rgb, rt->op_rgb) ||
                         eq_reads_dst(rt->src_alpha, rt->dst_alpha, rt->op_alpha));
}

bool
agx_logic_op_reads_dst(unsigned op)
{
   return !(op == AGX_LOGIC_CLEAR || op == AGX_LOGIC_COPY || op == AGX_LOGIC_COPY_INVERTED ||
            op == AGX_LOGIC_SET);
}

/* factor f for component c (3 = alpha); NULL = 1.0 (no multiply) */
static agx_instr *
factor(agx_builder *b, unsigned f, unsigned c, agx_instr *const *s, agx_instr *const *s1,
       agx_instr *const *d, agx_instr *const *k)
{
   agx_instr *x;
   switch (f) {
   case AGX_BLEND_ONE:
      return NULL;
   case AGX_BLEND_SRC_COLOR:
   case AGX_BLEND_ONE_MINUS_SRC_COLOR:
      x = s[c];
      break;
   case AGX_BLEND_DST_COLOR:
   case AGX_BLEND_ONE_MINUS_DST_COLOR:
      x = d[c];
      break;
   case AGX_BLEND_SRC_ALPHA:
   case AGX_BLEND_ONE_MINUS_SRC_ALPHA:
      x = s[3];
      break;
   case AGX_BLEND_DST_ALPHA:
   case AGX_BLEND_ONE_MINUS_DST_ALPHA:
      x = d[3];
      break;
   case AGX_BLEND_CONSTANT_COLOR:
   case AGX_BLEND_ONE_MINUS_CONSTANT_COLOR:
      x = k[c];
      break;
   case AGX_BLEND_CONSTANT_ALPHA:
   case AGX_BLEND_ONE_MINUS_CONSTANT_ALPHA:
      x = k[3];
      break;
   case AGX_BLEND_SRC_ALPHA_SATURATE:
      /* (f, f, f, 1) with f = min(As, 1 - Ad) */
      return c == 3 ? NULL : agx_fmin(b, s[3], agx_fsub(b, fimm(b, 1.0f), d[3]));
   case AGX_BLEND_SRC1_COLOR:
   case AGX_BLEND_ONE_MINUS_SRC1_COLOR:
      x = s1[c];
      break;
   case AGX_BLEND_SRC1_ALPHA:
   case AGX_BLEND_ONE_MINUS_SRC1_ALPHA:
      x = s1[3];
      break;
   default: /* ZERO (callers drop the term) */
      return fimm(b, 0.0f);
   }
   /* the ONE_MINUS_ variants are the odd values from 3 up (VkBlendFactor) */
   bool one_minus = f != AGX_BLEND_SRC_ALPHA_SATURATE && (f & 1) == (f >= 15 ? 0 : 1);
   if (!one_minus)
      return x;
   /* Not clamped, though Vulkan's "Blend Operations" text clamps blend
    * factors of fixed-point attachments too: for snorm 1 - x reaches 2 and
    * stays so, as the CTS reference rasterizer computes it
    * (rrFragmentOperations.cpp clamps only the colours) and as Mesa's
    * nir_lower_blend.c does ("it really is the inputs that get clamped and
    * not the intermediate blend factors. This matches the CTS and hardware
    * behaviour"). */
   return agx_fsub(b, fimm(b, 1.0f), x);
}

static agx_instr *
term(agx_builder *b, unsigned f, unsigned c, agx_instr *v, agx_instr *const *s,
     agx_instr *const *s1, agx_instr *const *d, agx_instr *const *k)
{
   if (f == AGX_BLEND_ZERO)
      return NULL;
   agx_instr *x = factor(b, f, c, s, s1, d, k);
   return x ? agx_fmul(b, v, x) : v;
}

static agx_instr *
clampf(agx_builder *b, agx_instr *v, unsigned norm)
{
   if (!norm)
      return v;
   if (norm == 1)
      return agx_fsat(b, v); /* .sat (NaN -> 0) */
   return agx_fmin(b, agx_fmax(b, v, fimm(b, -1.0f)), fimm(b, 1.0f));
}

void
agx_blend_build(agx_builder *b, const struct agx_blend_rt *rt, unsigned norm, bool dst_in_range,
                agx_instr *const *s_in, agx_instr *const *s1_in, agx_instr *const *d_in,
                agx_instr *const *k_in, agx_instr **out)
{
   /* fixed-point attachments: source, destination and constants clamped
    * before blending (Vulkan "Blend Operations") */
   agx_instr *s[4], *s1[4], *d[4], *k[4];
   for (unsigned c = 0; c < 4; c++) {
      s[c] = clampf(b, s_in[c], norm);
      s1[c] = s1_in[c] ? clampf(b, s1_in[c], norm) : NULL;
      d[c] = d_in[c] && !dst_in_range ? clampf(b, d_in[c], norm) : d_in[c];
      k[c] = k_in[c] ? clampf(b, k_in[c], norm) : NULL;
   }
   for (unsigned c = 0; c < 4; c++) {
      bool a = c == 3;
      unsigned op = a ? rt->op_alpha : rt->op_rgb;
      unsigned sf = a ? rt->src_alpha : rt->src_rgb, df = a ? rt->dst_alpha : rt->dst_rgb;
      agx_instr *r;
      if (op == AGX_BLEND_OP_MIN) {
         r = agx_fmin(b, s[c], d[c]);
      } else if (op == AGX_BLEND_OP_MAX) {
         r = agx_fmax(b, s[c], d[c]);
      } else {
         agx_instr *ts = term(b, sf, c, s[c], s, s1, d, k);
         agx_instr *td = term(b, df, c, d[c] ? d[c] : fimm(b, 0.0f), s, s1, d, k);
         if (op == AGX_BLEND_OP_REVERSE_SUBTRACT) {
            agx_instr *t = ts;
            ts = td, td = t;
         }
         if (!ts && !td)
            r = fimm(b, 0.0f);
         else if (!td)
            r = ts;
         else if (!ts)
            r = op == AGX_BLEND_OP_ADD ? td : agx_fneg(b, td);
         else
            r = op == AGX_BLEND_OP_ADD ? agx_fadd(b, ts, td) : agx_fsub(b, ts, td);
      }
      out[c] = clampf(b, r, norm);
   }
}

agx_instr *
agx_logic_op_build(agx_builder *b, unsigned op, agx_instr *s, agx_instr *d)
{
   switch (op) {
   case AGX_LOGIC_CLEAR:
      return agx_imm(b, 32, 0);
   case AGX_LOGIC_AND:
      return agx_iand(b, s, d);
   case AGX_LOGIC_AND_REVERSE:
      return agx_iand(b, s, agx_inot(b, d));
   case AGX_LOGIC_COPY:
      return s;
   case AGX_LOGIC_AND_INVERTED:
      return agx_iand(b, agx_inot(b, s), d);
   case AGX_LOGIC_NO_OP:
      return d;
   case AGX_LOGIC_XOR:
      return agx_ixor(b, s, d);
   case AGX_LOGIC_OR:
      return agx_ior(b, s, d);
   case AGX_LOGIC_NOR:
      return agx_inot(b, agx_ior(b, s, d));
   case AGX_LOGIC_EQUIVALENT:
      return agx_inot(b, agx_ixor(b, s, d));
   case AGX_LOGIC_INVERT:
      return agx_inot(b, d);
   case AGX_LOGIC_OR_REVERSE:
      return agx_ior(b, s, agx_inot(b, d));
   case AGX_LOGIC_COPY_INVERTED:
      return agx_inot(b, s);
   case AGX_LOGIC_OR_INVERTED:
      return agx_ior(b, agx_inot(b, s), d);
   case AGX_LOGIC_NAND:
      return agx_inot(b, agx_iand(b, s, d));
   default: /* SET */
      return agx_imm(b, 32, 0xFFFFFFFFu);
   }
}
