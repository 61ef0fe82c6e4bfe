/*
 * Operand encoding: store a typed operand (struct agx_isa_value) into the raw
 * fields of an instruction, one case per operand kind; the inverse of
 * agx_isa_operand_get.c for every value it produces from canonical fields.
 *
 * Assumes: operands whose meaning depends on other fields (select sources on
 * the destination size, texture operands on the bindless type) are set after
 * those fields; agx_isa_set_operands orders the two operands that read
 * fields printed after them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "agx_isa_operand_priv.h"

static int
set_src(struct agx_isa_instr *I, const struct agx_isa_operand *o, const struct agx_isa_value *v)
{
   uint8_t allowed = AGX_MOD_CACHE | AGX_MOD_DISCARD;
   bool fimm = (o->flags & AGX_OPF_FIMM) != 0;
   unsigned paired = (o->flags & AGX_OPF_PAIRED) ? 2 : 1;
   uint64_t val, type;
   int e;

   if (o->field[2] != NOF)
      allowed |= AGX_MOD_SX;
   if (o->field[3] != NOF)
      allowed |= AGX_MOD_ABS | AGX_MOD_NEG;
   if (!mods_ok(v, allowed))
      return AGX_ISA_ERR_OPERAND;

   if (v->kind == AGX_V_IMM || v->kind == AGX_V_FIMM) {
      if (v->kind == AGX_V_FIMM && !fimm)
         return AGX_ISA_ERR_OPERAND;
      if (v->n < 0 || v->n > 255 || (v->mods & (AGX_MOD_CACHE | AGX_MOD_DISCARD | AGX_MOD_SX)))
         return AGX_ISA_ERR_OPERAND;
      val = (uint64_t)v->n;
      type = 0;
   } else if (v->kind == AGX_V_REG && v->count == 1 &&
              (v->rclass == AGX_U16 || v->rclass == AGX_U32)) {
      if (v->mods & (AGX_MOD_CACHE | AGX_MOD_DISCARD))
         return AGX_ISA_ERR_OPERAND;
      uint64_t u = v->rclass == AGX_U32 ? (uint64_t)v->n << 1 : (uint64_t)v->n;
      if (v->n < 0 || u > 511)
         return AGX_ISA_ERR_OPERAND;
      type = 0x4 | (v->rclass == AGX_U32 ? 2 : 0) | (u >> 8);
      val = u & 0xFF;
   } else if (v->kind == AGX_V_REG && v->n >= 0) {
      int hint = mods_hint(v->mods);
      if (hint < 0)
         return AGX_ISA_ERR_OPERAND;
      if (v->rclass == AGX_R16 && v->count == paired && v->n < 256) {
         type = 0;
         val = (uint64_t)v->n;
      } else if (v->rclass == AGX_R32 && v->count == paired && v->n < 128 &&
                 (o->flags & AGX_OPF_R32)) {
         type = 0x8;
         val = (uint64_t)v->n << 1;
      } else if (v->rclass == AGX_R32 && v->count == 2 && paired == 1 && v->n < 128 &&
                 (o->flags & AGX_OPF_R64)) {
         type = 0xC;
         val = (uint64_t)v->n << 1;
      } else {
         return AGX_ISA_ERR_OPERAND;
      }
      type |= (uint64_t)hint;
   } else {
      return AGX_ISA_ERR_OPERAND;
   }
   if ((e = set_value_type(I, o, val, type)))
      return e;
   if ((e = fset(I, o->field[2], (v->kind == AGX_V_REG && (v->mods & AGX_MOD_SX)) ? 1 : 0)))
      return e;
   return fset(I, o->field[3],
               ((v->mods & AGX_MOD_ABS) ? 1 : 0) | ((v->mods & AGX_MOD_NEG) ? 2 : 0));
}

/* Register tuple starting at half index h (16-bit) or 32-bit register. */
int
agx_isa_set_operand(struct agx_isa_instr *I, unsigned i, const struct agx_isa_value *v)
{
   const struct agx_isa_desc *d = &agx_isa_descs[I->op];
   if (i >= d->nops)
      return AGX_ISA_ERR_OPERAND;
   const struct agx_isa_operand *o = &d->ops[i];
   int64_t n;
   uint64_t half, is32;
   int k;

   switch (o->kind) {
   case AGX_OK_DST: {
      unsigned paired = (o->flags & AGX_OPF_PAIRED) ? 2 : 1;
      uint64_t cache = (v->mods & AGX_MOD_CACHE) ? 1 : 0;
      if (!mods_ok(v, AGX_MOD_CACHE) || v->kind != AGX_V_REG || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      if (v->rclass == AGX_R16 && v->count == paired && v->n < 256)
         return set_value_type(I, o, (uint64_t)v->n, cache);
      if (v->rclass == AGX_R32 && v->count == paired && v->n < 128 && (o->flags & AGX_OPF_R32))
         return set_value_type(I, o, (uint64_t)v->n << 1, 2 | cache);
      if (v->rclass == AGX_R32 && v->count == 2 && paired == 1 && v->n < 128 &&
          (o->flags & AGX_OPF_R64))
         return set_value_type(I, o, ((uint64_t)v->n << 1) | 1, 2 | cache);
      return AGX_ISA_ERR_OPERAND;
   }

   case AGX_OK_SRC:
      return set_src(I, o, v);

   case AGX_OK_CMPSEL: {
      bool dst32 = (fv(I, o->dep[0]) & 2) != 0;
      if (v->kind == AGX_V_IMM && !v->mods && v->n >= 0 && v->n < 256)
         return set_value_type(I, o, (uint64_t)v->n, 4);
      if (v->kind != AGX_V_REG || v->count != 1 || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      bool r32 = v->rclass == AGX_R32 || v->rclass == AGX_U32;
      if (r32 != dst32)
         return AGX_ISA_ERR_OPERAND;
      if (v->rclass == AGX_U16 || v->rclass == AGX_U32) {
         uint64_t u = r32 ? (uint64_t)v->n << 1 : (uint64_t)v->n;
         if (v->mods || u > 511)
            return AGX_ISA_ERR_OPERAND;
         return set_value_type(I, o, u & 0xFF, 6 | (u >> 8));
      }
      int hint = mods_hint(v->mods);
      if (hint < 0 || !mods_ok(v, AGX_MOD_CACHE | AGX_MOD_DISCARD) || !reg_halves(v, &half, &is32))
         return AGX_ISA_ERR_OPERAND;
      return set_value_type(I, o, half, (uint64_t)hint);
   }

   case AGX_OK_COND:
      if (v->kind == AGX_V_STR && (k = enum_lookup(o->enumt, v->str)) >= 0)
         n = k;
      else if (v->kind != AGX_V_IMM || (n = v->n) < 0)
         return AGX_ISA_ERR_OPERAND;
      if (fset(I, o->field[0], (uint64_t)n & 7))
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[1], (uint64_t)n >> 3);

   case AGX_OK_BINARY:
      if (v->kind == AGX_V_STR && v->str[0] == '0' && v->str[1] == 'b' && v->str[2]) {
         char *end;
         unsigned long long x = strtoull(v->str + 2, &end, 2);
         if (*end)
            return AGX_ISA_ERR_OPERAND;
         return fset(I, o->field[0], x);
      }
      /* fall through */
   case AGX_OK_IMM:
      if (v->kind != AGX_V_IMM || v->mods || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n);

   case AGX_OK_ENUM:
      if (v->kind == AGX_V_EMPTY)
         k = enum_lookup(o->enumt, "");
      else if (v->kind == AGX_V_STR || v->kind == AGX_V_REG)
         k = enum_lookup(o->enumt, v->str);
      else if (v->kind == AGX_V_IMM && v->n >= 0 && !enum_name(o->enumt, (uint64_t)v->n))
         k = (int)v->n;
      else
         k = -1;
      if (k < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)k);

   case AGX_OK_TRUTH_TABLE:
      if (strlen(v->str) != 4)
         return AGX_ISA_ERR_OPERAND;
      for (unsigned b = 0; b < 4; b++) {
         if (v->str[b] != '0' && v->str[b] != '1')
            return AGX_ISA_ERR_OPERAND;
         fset(I, o->field[b], (uint64_t)(v->str[b] - '0'));
      }
      return 0;

   case AGX_OK_SHIFT:
   case AGX_OK_MEM_SHIFT:
      if (v->kind == AGX_V_EMPTY)
         return fset(I, o->field[0], 0);
      if (v->kind != AGX_V_STR || strncmp(v->str, "lsl ", 4) != 0)
         return AGX_ISA_ERR_OPERAND;
      n = strtoll(v->str + 4, NULL, 0);
      if (n <= 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)n);

   case AGX_OK_BITMASK: {
      if (v->kind == AGX_V_EMPTY)
         return fset(I, o->field[0], 0);
      if (v->kind != AGX_V_STR || strncmp(v->str, "mask ", 5) != 0)
         return AGX_ISA_ERR_OPERAND;
      unsigned long long m = strtoull(v->str + 5, NULL, 0) + 1;
      if (m < 2 || (m & (m - 1)) || m > (1ull << 31))
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)__builtin_ctzll(m));
   }

   case AGX_OK_BRANCH: {
      unsigned w = d->fields[o->field[0]].width;
      if (v->kind != AGX_V_PCREL || v->n < -(1ll << (w - 1)) || v->n >= (1ll << (w - 1)))
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n & ((1ull << w) - 1));
   }

   case AGX_OK_STACK_ADJUST:
      if (v->kind != AGX_V_IMM || v->n < -32768 || v->n > 32767)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n & 0xFFFF);

   case AGX_OK_MEM_INDEX:
      if (v->kind == AGX_V_IMM && v->n >= -32768 && v->n <= 32767)
         return set_value_type(I, o, (uint64_t)v->n & 0xFFFF, 1);
      if (is_reg(v, AGX_R32, 1) && !v->mods && v->n >= 0 && v->n < 128)
         return set_value_type(I, o, (uint64_t)v->n << 1, 0);
      return AGX_ISA_ERR_OPERAND;

   case AGX_OK_TG_INDEX:
      /* register offsets: applegpu's decoder reads the half index as is */
      if (v->kind == AGX_V_IMM && v->n >= -32768 && v->n <= 32767)
         return set_value_type(I, o, (uint64_t)v->n & 0xFFFF, 1);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0 && v->n < 256)
         return set_value_type(I, o, (uint64_t)v->n, 0);
      return AGX_ISA_ERR_OPERAND;

   case AGX_OK_MEM_BASE:
   case AGX_OK_ASYNC_REG:
      if (v->kind != AGX_V_REG || v->count != 2 || v->mods || v->n < 0 ||
          (v->rclass != AGX_R32 && v->rclass != AGX_U32))
         return AGX_ISA_ERR_OPERAND;
      return set_value_type(I, o, (uint64_t)v->n << 1, v->rclass == AGX_U32 ? 1 : 0);

   case AGX_OK_MEM_REG:
   case AGX_OK_TG_REG:
      if (o->flags & AGX_OPF_OPTIONAL) {
         if (v->kind == AGX_V_NONE)
            return set_value_type(I, o, 0, 0) ? AGX_ISA_ERR_OPERAND : fset(I, o->field[2], 0);
         if (fset(I, o->field[2], 1))
            return AGX_ISA_ERR_OPERAND;
      } else if (v->kind == AGX_V_EMPTY) {
         return set_value_type(I, o, 0, 0);
      }
      if (v->mods || v->count < 1 || v->count > 4 || !reg_halves(v, &half, &is32))
         return AGX_ISA_ERR_OPERAND;
      return set_value_type(I, o, half, is32);

   case AGX_OK_TG_BASE:
      if (v->kind == AGX_V_IMM && v->n == 0)
         return set_value_type(I, o, 0, 2);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0 && v->n < 256)
         return set_value_type(I, o, (uint64_t)v->n, 0);
      if (is_reg(v, AGX_U16, 1) && !v->mods && v->n >= 0 && v->n < 512)
         return set_value_type(I, o, (uint64_t)v->n & 0xFF, v->n >= 256 ? 3 : 1);
      return AGX_ISA_ERR_OPERAND;

   case AGX_OK_SREG:
      if (!is_reg(v, AGX_SR, 1) || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n);

   case AGX_OK_R0L:
      if (!is_reg(v, AGX_R16, 1) || v->n != 0 || !mods_ok(v, AGX_MOD_CACHE))
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (v->mods & AGX_MOD_CACHE) ? 1 : 0);

   case AGX_OK_REG32:
   case AGX_OK_EXREG32:
      if (!is_reg(v, AGX_R32, 1) || v->mods || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n);

   case AGX_OK_STACK_REG32:
   case AGX_OK_REG32_HALF:
      if (!is_reg(v, AGX_R32, 1) || v->mods || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n << 1);

   case AGX_OK_UREG64:
      if (!is_reg(v, AGX_U32, 2) || v->mods || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n);

   case AGX_OK_TS_DEST:
   case AGX_OK_SS_DEST:
      if (!is_reg(v, o->kind == AGX_OK_TS_DEST ? AGX_TS : AGX_SS, 1) || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n);

   case AGX_OK_VAR_REG: {
      unsigned count = v->count;
      if (o->flags & AGX_OPF_TRIPLE) {
         if (count % 3)
            return AGX_ISA_ERR_OPERAND;
         count /= 3;
      }
      if (count < 1 || count > 4 || v->mods || !reg_halves(v, &half, &is32))
         return AGX_ISA_ERR_OPERAND;
      if (set_value_type(I, o, half, is32))
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[2], count & 3);
   }

   case AGX_OK_CF:
      if (is_reg(v, AGX_CF, 1) && v->n >= 0)
         return set_value_type(I, o, (uint64_t)v->n, 0);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0)
         return set_value_type(I, o, (uint64_t)v->n, 1);
      return AGX_ISA_ERR_OPERAND;

   case AGX_OK_CF_PERSP:
      if (!is_reg(v, AGX_CF, 1) || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n);

   case AGX_OK_ITER_SAMPLE: {
      /* reads the interpolation mode: set after it */
      uint64_t interp = fv(I, o->dep[0]);
      if (v->kind == AGX_V_EMPTY)
         return (interp & 1) ? AGX_ISA_ERR_OPERAND : fset(I, o->field[0], 0);
      if (!(interp & 1))
         return AGX_ISA_ERR_OPERAND;
      if (v->kind == AGX_V_IMM && v->n >= 0) {
         I->f[o->dep[0]] = 1;
         return fset(I, o->field[0], (uint64_t)v->n);
      }
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0) {
         I->f[o->dep[0]] = 3;
         return fset(I, o->field[0], (uint64_t)v->n);
      }
      return AGX_ISA_ERR_OPERAND;
   }

   case AGX_OK_UVS_INDEX:
   case AGX_OK_DISCARD_MASK:
   case AGX_OK_PBE_LOD:
      if (v->kind == AGX_V_IMM && v->n >= 0)
         return set_value_type(I, o, (uint64_t)v->n, 1);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0)
         return set_value_type(I, o, (uint64_t)v->n, 0);
      return AGX_ISA_ERR_OPERAND;

   case AGX_OK_ASYNC_BASE:
      if (v->kind != AGX_V_REG || v->mods || v->n < 0 ||
          (v->rclass != AGX_R32 && v->rclass != AGX_U32) || v->count != (fv(I, o->dep[0]) ? 5 : 3))
         return AGX_ISA_ERR_OPERAND;
      return set_value_type(I, o, (uint64_t)v->n, v->rclass == AGX_U32);

   case AGX_OK_SAMPLE_UREG:
      /* Printed only for bindless textures (texture type bit 1), so its
       * presence selects the bindless type for the texture operand, which
       * follows it and reads this bit. */
      if (v->kind == AGX_V_NONE) {
         I->f[o->dep[0]] &= ~2ull;
         return fset(I, o->field[0], 0);
      }
      if (!is_reg(v, AGX_U32, 2) || v->mods || v->n < 0 || (v->n & 1))
         return AGX_ISA_ERR_OPERAND;
      I->f[o->dep[0]] |= 2;
      return fset(I, o->field[0], (uint64_t)v->n / 2);

   case AGX_OK_TEXTURE: {
      /* a 16-bit register is type 1, or type 2 when a bindless base was
       * given (type bit 1 already set by the sample_ureg operand) */
      bool bindless = (fv(I, o->field[1]) & 2) != 0;
      if (is_reg(v, AGX_TS, 1) && v->n >= 0 && !bindless)
         return set_value_type(I, o, (uint64_t)v->n, 0);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n > 0 && bindless)
         return set_value_type(I, o, (uint64_t)v->n, 2);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0 && !bindless)
         return set_value_type(I, o, (uint64_t)v->n, 1);
      if (is_reg(v, AGX_R32, 1) && !v->mods && v->n >= 0 && v->n < 128)
         return set_value_type(I, o, (uint64_t)v->n << 1, 3);
      if (v->kind == AGX_V_IMM && v->n == 0)
         return set_value_type(I, o, 0, 2);
      return AGX_ISA_ERR_OPERAND;
   }

   case AGX_OK_SAMPLER:
      if (is_reg(v, AGX_SS, 1) && v->n >= 0)
         return set_value_type(I, o, (uint64_t)v->n, 0);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0)
         return set_value_type(I, o, (uint64_t)v->n, 1);
      return AGX_ISA_ERR_OPERAND;

   case AGX_OK_COORDS: {
      /* reads the texture dimension: set after it */
      uint64_t dim = fv(I, o->dep[0]);
      unsigned count = dim < 9 ? tex_count[dim] : 2;
      unsigned extra = dim < 9 ? tex_extra[dim] : 0;
      uint64_t s;
      if (!mods_ok(v, AGX_MOD_DISCARD) || !reg_halves(v, &half, &is32))
         return AGX_ISA_ERR_OPERAND;
      if (is32 && !extra && v->count == count)
         s = 0;
      else if (!is32 && v->count == count + extra)
         s = 1;
      else if (!is32 && extra && (v->count == count * 2 + 1 || v->count == count * 2 + extra))
         /* 32-bit coordinates, then the extra half (2D MS arrays: two, sample
          * and layer; the operand's start alone is encoded) */
         s = 0;
      else
         return AGX_ISA_ERR_OPERAND;
      if (set_value_type(I, o, half, (v->mods & AGX_MOD_DISCARD) ? 1 : 0))
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[2], s);
   }

   case AGX_OK_LOD: {
      uint64_t lod = fv(I, o->dep[0]);
      uint8_t lf = o->dep[0];
      if (v->kind == AGX_V_IMM && v->n == 0 && lod == 0)
         return fset(I, o->field[0], 0);
      if (v->kind != AGX_V_REG || v->mods || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      if ((lod == 4 || lod == 12 || lod == 13) && v->rclass == AGX_R32 && v->n < 128)
         return fset(I, o->field[0], (uint64_t)v->n << 1);
      if (is_reg(v, AGX_U16, 1) && (lod == 1 || lod == 2 || lod == 5 || lod == 6)) {
         I->f[lf] = lod & 3;
         return fset(I, o->field[0], (uint64_t)v->n);
      }
      if (is_reg(v, AGX_R16, 1) && lod != 0 && lod != 4 && lod != 12 && lod != 13) {
         if (lod == 1 || lod == 2)
            I->f[lf] = lod + 4;
         return fset(I, o->field[0], (uint64_t)v->n);
      }
      return AGX_ISA_ERR_OPERAND;
   }

   case AGX_OK_CMP_OFF: {
      bool cmp = fv(I, o->dep[0]) != 0;
      if (v->kind == AGX_V_EMPTY)
         return cmp ? AGX_ISA_ERR_OPERAND : set_value_type(I, o, 0, 0);
      if (cmp && is_reg(v, AGX_R32, 1) && !v->mods && v->n < 128)
         return set_value_type(I, o, (uint64_t)v->n << 1, 0);
      /* compare value and offset as one tuple of three 16-bit halves from
       * an even half (the form register allocation produces) */
      if (cmp && is_reg(v, AGX_R16, 3) && !v->mods && v->n >= 0 && v->n % 2 == 0 && v->n < 256)
         return set_value_type(I, o, (uint64_t)v->n, 1);
      if (!cmp && is_reg(v, AGX_R16, 1) && !v->mods)
         return set_value_type(I, o, (uint64_t)v->n, 1);
      if (cmp && v->kind == AGX_V_STR) {
         unsigned a, b;
         char hl;
         if (sscanf(v->str, "r%u_r%u%c", &a, &b, &hl) == 3 && a < 128 && (hl == 'l' || hl == 'h') &&
             b * 2 + (hl == 'h') == a * 2 + 2)
            return set_value_type(I, o, (uint64_t)a << 1, 1);
      }
      return AGX_ISA_ERR_OPERAND;
   }

   case AGX_OK_ATOMIC_SRC:
      if (v->kind != AGX_V_REG || v->rclass != AGX_R32 || v->mods || v->n < 0 || v->n >= 128 ||
          v->count != (fv(I, o->dep[0]) == 3 ? 2 : 1))
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n << 1);

   case AGX_OK_ATOMIC_DST:
      if (v->kind == AGX_V_NONE)
         return set_value_type(I, o, 0, 0);
      if (!is_reg(v, AGX_R32, 1) || v->mods || v->n < 0 || v->n >= 128)
         return AGX_ISA_ERR_OPERAND;
      return set_value_type(I, o, (uint64_t)v->n << 1, 1);

   case AGX_OK_TILE_REG:
      if (!is_reg(v, AGX_R16, 1) || v->mods || v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      return fset(I, o->field[0], (uint64_t)v->n);

   case AGX_OK_PBE_SRC:
      if (v->count != 4 || v->mods || !reg_halves(v, &half, &is32))
         return AGX_ISA_ERR_OPERAND;
      return set_value_type(I, o, half, is32);

   case AGX_OK_SAMPLE_MASK: {
      uint64_t imm_t = (o->flags & AGX_OPF_IMM_WHEN_ZERO) ? 0 : 1;
      if (v->kind == AGX_V_IMM && v->n >= 0)
         return set_value_type(I, o, (uint64_t)v->n, imm_t);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0)
         return set_value_type(I, o, (uint64_t)v->n, imm_t ^ 1);
      return AGX_ISA_ERR_OPERAND;
   }

   case AGX_OK_ZS:
      if (v->kind == AGX_V_EMPTY) {
         fset(I, o->field[1], 0);
         fset(I, o->field[2], 0);
         return fset(I, o->field[0], 0);
      }
      if (v->kind != AGX_V_REG || v->rclass != AGX_R16 || v->mods || v->count < 1 || v->count > 3 ||
          v->n < 0)
         return AGX_ISA_ERR_OPERAND;
      fset(I, o->field[1], v->count >= 2);
      fset(I, o->field[2], v->count & 1);
      return fset(I, o->field[0], (uint64_t)v->n);

   default:
      return AGX_ISA_ERR_OPERAND;
   }
}

/* iteration sample index reads the interpolation mode and coordinates read
 * the texture dimension, both printed after them */
static bool
operand_is_late(const struct agx_isa_operand *o)
{
   return o->kind == AGX_OK_ITER_SAMPLE || o->kind == AGX_OK_COORDS;
}

int
agx_isa_set_operands(struct agx_isa_instr *I, const struct agx_isa_value *vals)
{
   const struct agx_isa_desc *d = &agx_isa_descs[I->op];
   for (unsigned pass = 0; pass < 2; pass++) {
      for (unsigned i = 0; i < d->nops; i++) {
         if (operand_is_late(&d->ops[i]) != (pass == 1))
            continue;
         if (agx_isa_set_operand(I, i, &vals[i]))
            return AGX_ISA_ERR_OPERAND;
      }
   }
   return 0;
}
