/*
 * Operand decoding: the typed meaning (struct agx_isa_value) of the raw
 * fields of an instruction, one case per operand kind.
 *
 * Assumes: interpretations follow applegpu's operand descriptors so that
 * printed text matches the community disassembler; where applegpu would
 * raise on a field combination, a deterministic fallback is used (noted per
 * kind).  dep[] fields (destination size, write mask, texture dimension,
 * ...) are read as already decoded.
 */
#include <stdio.h>

#include "agx_isa_operand_priv.h"

void
agx_isa_get_operand(const struct agx_isa_instr *I, unsigned i, struct agx_isa_value *out)
{
   const struct agx_isa_desc *d = &agx_isa_descs[I->op];
   const struct agx_isa_operand *o = &d->ops[i];
   uint64_t v = fv(I, o->field[0]);
   uint64_t t = fv(I, o->field[1]);
   bool is32;
   struct agx_isa_value r = empty();

   switch (o->kind) {
   case AGX_OK_DST:
      if ((t & 2) && (o->flags & AGX_OPF_R32)) {
         if ((v & 1) && (o->flags & AGX_OPF_R64))
            r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 2);
         else
            r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), (o->flags & AGX_OPF_PAIRED) ? 2 : 1);
      } else {
         r = agx_isa_reg(AGX_R16, (unsigned)v, (o->flags & AGX_OPF_PAIRED) ? 2 : 1);
      }
      if (t & 1)
         r.mods |= AGX_MOD_CACHE;
      break;

   case AGX_OK_SRC: {
      unsigned paired = (o->flags & AGX_OPF_PAIRED) ? 2 : 1;
      if (t == 0) {
         r = agx_isa_imm((int64_t)v);
         if (o->flags & AGX_OPF_FIMM)
            r.kind = AGX_V_FIMM;
      } else if ((t & 0xC) == 0x4) {
         unsigned u = (unsigned)(v | ((t & 1) << 8));
         r = (t & 2) ? agx_isa_reg(AGX_U32, u >> 1, 1) : agx_isa_reg(AGX_U16, u, 1);
      } else if (t & 3) {
         unsigned hi = (unsigned)(t & 0xC);
         if ((o->flags & AGX_OPF_R64) && hi == 0xC)
            r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 2);
         else if ((o->flags & AGX_OPF_R32) && (hi == 0x8 || hi == 0xC))
            r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), paired);
         else
            r = agx_isa_reg(AGX_R16, (unsigned)v, paired);
         r.mods |= hint_mods((unsigned)(t & 3));
      } else {
         /* type 0b1000 / 0b1100 without a hint: undefined (applegpu
          * prints None) */
         r = none();
      }
      if (r.kind == AGX_V_REG && fv(I, o->field[2]))
         r.mods |= AGX_MOD_SX;
      if (r.kind != AGX_V_NONE) {
         uint64_t m = fv(I, o->field[3]);
         if (m & 1)
            r.mods |= AGX_MOD_ABS;
         if (m & 2)
            r.mods |= AGX_MOD_NEG;
      }
      break;
   }

   case AGX_OK_CMPSEL:
      /* Uniform index bit 8 lives in type bit 0 (AGX2.xml); applegpu's
       * printer drops it, this decoder keeps it. */
      is32 = (fv(I, o->dep[0]) & 2) != 0;
      if (t == 4) {
         r = agx_isa_imm((int64_t)v);
      } else if (t >= 1 && t <= 3) {
         r = is32 ? agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1)
                  : agx_isa_reg(AGX_R16, (unsigned)v, 1);
         r.mods |= hint_mods((unsigned)t);
      } else if (t == 6 || t == 7) {
         unsigned u = (unsigned)(v | ((t & 1) << 8));
         r = is32 ? agx_isa_reg(AGX_U32, u >> 1, 1) : agx_isa_reg(AGX_U16, u, 1);
      } else {
         r = none();
      }
      break;

   case AGX_OK_COND: {
      uint64_t c = v | (fv(I, o->field[1]) << 3);
      const char *s = enum_name(o->enumt, c);
      r = s ? agx_isa_str(s) : agx_isa_imm((int64_t)c);
      break;
   }

   case AGX_OK_IMM:
      r = agx_isa_imm((int64_t)v);
      break;

   case AGX_OK_BINARY: {
      unsigned w = d->fields[o->field[0]].width;
      r.kind = AGX_V_STR;
      r.str[0] = '0';
      r.str[1] = 'b';
      for (unsigned b = 0; b < w; b++)
         r.str[2 + b] = (char)('0' + ((v >> (w - 1 - b)) & 1));
      r.str[2 + w] = 0;
      break;
   }

   case AGX_OK_ENUM: {
      const char *s = enum_name(o->enumt, v);
      if (s)
         r = *s ? agx_isa_str(s) : empty();
      else
         r = agx_isa_imm((int64_t)v);
      break;
   }

   case AGX_OK_TRUTH_TABLE:
      r.kind = AGX_V_STR;
      for (unsigned b = 0; b < 4; b++)
         r.str[b] = (char)('0' + fv(I, o->field[b]));
      r.str[4] = 0;
      break;

   case AGX_OK_SHIFT:
   case AGX_OK_MEM_SHIFT:
      if (v) {
         r.kind = AGX_V_STR;
         snprintf(r.str, sizeof(r.str), "lsl %u", (unsigned)v);
      }
      break;

   case AGX_OK_BITMASK:
      if (v) {
         r.kind = AGX_V_STR;
         snprintf(r.str, sizeof(r.str), "mask 0x%llX", (unsigned long long)((1ull << v) - 1));
      }
      break;

   case AGX_OK_BRANCH:
      r.kind = AGX_V_PCREL;
      r.n = sext(v, d->fields[o->field[0]].width);
      break;

   case AGX_OK_STACK_ADJUST:
      r = agx_isa_imm(sext(v, 16));
      break;

   case AGX_OK_MEM_INDEX:
      /* register form: even half index below 256 expected */
      r = t ? agx_isa_imm(sext(v, 16)) : agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1);
      break;

   case AGX_OK_TG_INDEX:
      r = t ? agx_isa_imm(sext(v, 16)) : agx_isa_reg(AGX_R16, (unsigned)(v & 0xFF), 1);
      break;

   case AGX_OK_MEM_BASE:
   case AGX_OK_ASYNC_REG:
      r = agx_isa_reg(t ? AGX_U32 : AGX_R32, (unsigned)(v >> 1), 2);
      break;

   case AGX_OK_MEM_REG:
   case AGX_OK_TG_REG: {
      unsigned count;
      if (o->flags & AGX_OPF_OPTIONAL) {
         if (!fv(I, o->field[2])) {
            r = none();
            break;
         }
         count = 1;
      } else {
         count = popcount4(fv(I, o->dep[0]));
      }
      if (count == 0)
         break; /* empty tuple prints nothing */
      r = t ? agx_isa_reg(AGX_R32, (unsigned)(v >> 1), count)
            : agx_isa_reg(AGX_R16, (unsigned)v, count);
      break;
   }

   case AGX_OK_TG_BASE:
      if (t == 0)
         r = agx_isa_reg(AGX_R16, (unsigned)v, 1);
      else if (t == 2)
         r = agx_isa_imm(0);
      else
         r = agx_isa_reg(AGX_U16, (unsigned)(v | ((t >> 1) << 8)), 1);
      break;

   case AGX_OK_SREG:
      r = agx_isa_reg(AGX_SR, (unsigned)v, 1);
      break;

   case AGX_OK_R0L:
      r = agx_isa_reg(AGX_R16, 0, 1);
      if (v)
         r.mods |= AGX_MOD_CACHE;
      break;

   case AGX_OK_REG32:
   case AGX_OK_EXREG32:
      r = agx_isa_reg(AGX_R32, (unsigned)v, 1);
      break;

   case AGX_OK_STACK_REG32:
   case AGX_OK_REG32_HALF:
      r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1);
      break;

   case AGX_OK_UREG64:
      r = agx_isa_reg(AGX_U32, (unsigned)v, 2);
      break;

   case AGX_OK_TS_DEST:
      r = agx_isa_reg(AGX_TS, (unsigned)v, 1);
      break;

   case AGX_OK_SS_DEST:
      r = agx_isa_reg(AGX_SS, (unsigned)v, 1);
      break;

   case AGX_OK_VAR_REG: {
      unsigned count = (unsigned)fv(I, o->field[2]);
      if (count == 0)
         count = 4;
      if (o->flags & AGX_OPF_TRIPLE)
         count *= 3;
      r = t ? agx_isa_reg(AGX_R32, (unsigned)(v >> 1), count)
            : agx_isa_reg(AGX_R16, (unsigned)v, count);
      break;
   }

   case AGX_OK_CF:
      r = t ? agx_isa_reg(AGX_R16, (unsigned)v, 1) : agx_isa_reg(AGX_CF, (unsigned)v, 1);
      break;

   case AGX_OK_CF_PERSP:
      r = agx_isa_reg(AGX_CF, (unsigned)v, 1);
      break;

   case AGX_OK_ITER_SAMPLE: {
      uint64_t interp = fv(I, o->dep[0]);
      if (interp & 1)
         r = (interp & 2) ? agx_isa_reg(AGX_R16, (unsigned)v, 1) : agx_isa_imm((int64_t)v);
      break;
   }

   case AGX_OK_UVS_INDEX:
   case AGX_OK_DISCARD_MASK:
   case AGX_OK_PBE_LOD:
      r = t ? agx_isa_imm((int64_t)v) : agx_isa_reg(AGX_R16, (unsigned)v, 1);
      break;

   case AGX_OK_ASYNC_BASE:
      r = agx_isa_reg(t ? AGX_U32 : AGX_R32, (unsigned)v, fv(I, o->dep[0]) ? 5 : 3);
      break;

   case AGX_OK_SAMPLE_UREG:
      if (fv(I, o->dep[0]) & 2)
         r = agx_isa_reg(AGX_U32, (unsigned)(v * 2), 2);
      else
         r = none();
      break;

   case AGX_OK_TEXTURE:
      if (t == 0)
         r = agx_isa_reg(AGX_TS, (unsigned)v, 1);
      else if (t == 1 || (t == 2 && v != 0))
         r = agx_isa_reg(AGX_R16, (unsigned)v, 1);
      else if (t == 2)
         r = agx_isa_imm(0);
      else
         r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1);
      break;

   case AGX_OK_SAMPLER:
      r = t ? agx_isa_reg(AGX_R16, (unsigned)v, 1) : agx_isa_reg(AGX_SS, (unsigned)v, 1);
      break;

   case AGX_OK_COORDS: {
      uint64_t n = fv(I, o->dep[0]);
      unsigned count = n < 9 ? tex_count[n] : 2;
      unsigned extra = n < 9 ? tex_extra[n] : 0;
      if (fv(I, o->field[2]))
         r = agx_isa_reg(AGX_R16, (unsigned)v, count + extra);
      else if (extra) /* 32-bit coordinates, then the extra halves (2D MS arrays: sample,
                         layer, the 32-bit word Mesa's agx_nir_lower_texture packs) */
         r = agx_isa_reg(AGX_R16, (unsigned)v, count * 2 + extra);
      else
         r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), count);
      if (t)
         r.mods |= AGX_MOD_DISCARD;
      break;
   }

   case AGX_OK_LOD: {
      uint64_t lod = fv(I, o->dep[0]), n = fv(I, o->dep[1]);
      if (lod == 0) {
         r = agx_isa_imm(0);
      } else if (lod == 4 || lod == 12) {
         unsigned count = (n < 9 ? tex_count[n] : 2) * 2 + (lod == 12);
         r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), count);
      } else if (lod == 13) {
         r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1); /* bias, minimum */
      } else if (lod == 1 || lod == 2) {
         r = agx_isa_reg(AGX_U16, (unsigned)v, 1);
      } else {
         /* 5, 6; other lod modes are unknown and shown the same way */
         r = agx_isa_reg(AGX_R16, (unsigned)v, 1);
      }
      break;
   }

   case AGX_OK_CMP_OFF: {
      bool cmp = fv(I, o->dep[0]) != 0;
      if (cmp && t) {
         /* 32-bit compare value followed by a 16-bit offset register */
         unsigned h = (unsigned)v + 2;
         r.kind = AGX_V_STR;
         snprintf(r.str, sizeof(r.str), "r%u_r%u%c", (unsigned)(v >> 1), h >> 1,
                  (h & 1) ? 'h' : 'l');
      } else if (cmp) {
         r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1);
      } else if (t) {
         r = agx_isa_reg(AGX_R16, (unsigned)v, 1);
      }
      break;
   }

   case AGX_OK_ATOMIC_SRC:
      r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), fv(I, o->dep[0]) == 3 ? 2 : 1);
      break;

   case AGX_OK_ATOMIC_DST:
      r = t == 1 ? agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1) : none();
      break;

   case AGX_OK_TILE_REG:
      r = agx_isa_reg(AGX_R16, (unsigned)v, 1);
      break;

   case AGX_OK_PBE_SRC:
      r = t ? agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 4) : agx_isa_reg(AGX_R16, (unsigned)v, 4);
      break;

   case AGX_OK_SAMPLE_MASK:
      if (t >= 2)
         r = none(); /* undefined type */
      else if ((t == 0) == ((o->flags & AGX_OPF_IMM_WHEN_ZERO) != 0))
         r = agx_isa_imm((int64_t)v);
      else
         r = agx_isa_reg(AGX_R16, (unsigned)v, 1);
      break;

   case AGX_OK_ZS: {
      unsigned count = (fv(I, o->field[1]) ? 2 : 0) + (fv(I, o->field[2]) ? 1 : 0);
      if (count)
         r = agx_isa_reg(AGX_R16, (unsigned)v, count);
      break;
   }

   default:
      r = none();
      break;
   }
   *out = r;
}
