/*
 * Operand kinds: the typed meaning of the raw fields of an instruction.
 *
 * Assumes: each agx_isa_operand names its value field in field[0] and its
 * type/flag fields in field[1..3] (see gen_isa.py); dep[] names fields owned
 * by other operands (destination size, write mask, texture dimension, ...).
 * Interpretations follow applegpu's operand descriptors so that printed text
 * matches the community disassembler; where applegpu would raise on a field
 * combination, a deterministic fallback is used (noted per kind).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"

#define NOF AGX_ISA_NO_FIELD

/* components read by (count) and extra array/sample coordinates (extra) of
 * each texture dimension; unknown dimensions fall back to 2D */
static const uint8_t tex_count[9] = {1, 1, 2, 2, 2, 3, 3, 3, 2};
static const uint8_t tex_extra[9] = {0, 1, 0, 1, 1, 0, 0, 1, 2};

static uint64_t
fv(const struct agx_isa_instr *I, uint8_t f)
{
   return f == NOF ? 0 : I->f[f];
}

static int
fset(struct agx_isa_instr *I, uint8_t f, uint64_t v)
{
   if (f == NOF)
      return v == 0 ? 0 : AGX_ISA_ERR_OPERAND;
   const struct agx_isa_field *fd = &agx_isa_descs[I->op].fields[f];
   if (fd->width < 64 && (v >> fd->width) != 0)
      return AGX_ISA_ERR_OPERAND;
   I->f[f] = v;
   return 0;
}

static int64_t
sext(uint64_t v, unsigned bits)
{
   uint64_t m = 1ull << (bits - 1);
   v &= (bits == 64) ? ~0ull : ((1ull << bits) - 1);
   return (int64_t)((v ^ m) - m);
}

struct agx_isa_value
agx_isa_reg(enum agx_isa_rclass c, unsigned n, unsigned count)
{
   struct agx_isa_value v = {.kind = AGX_V_REG, .rclass = (uint8_t)c,
                             .count = (uint8_t)count, .n = n};
   return v;
}

struct agx_isa_value
agx_isa_imm(int64_t n)
{
   struct agx_isa_value v = {.kind = AGX_V_IMM, .n = n};
   return v;
}

struct agx_isa_value
agx_isa_str(const char *s)
{
   struct agx_isa_value v = {.kind = AGX_V_STR};
   snprintf(v.str, sizeof(v.str), "%s", s);
   return v;
}

static struct agx_isa_value
empty(void)
{
   struct agx_isa_value v = {.kind = AGX_V_EMPTY};
   return v;
}

static struct agx_isa_value
none(void)
{
   struct agx_isa_value v = {.kind = AGX_V_NONE};
   return v;
}

double
agx_isa_fimm_value(unsigned n)
{
   double sign = (n & 0x80) ? -1.0 : 1.0;
   unsigned e = (n >> 4) & 7, f = n & 15;
   if (e == 0)
      return sign * f / 64.0;
   return sign * (double)(16 + f) * ldexp(1.0, (int)e - 7);
}

int
agx_isa_fimm_encode(double x)
{
   for (unsigned n = 0; n < 256; n++) {
      double v = agx_isa_fimm_value(n);
      if (v == x && signbit(v) == signbit(x))
         return (int)n;
   }
   return -1;
}

/* register cache hint in 2-bit source type fields: 1 none, 2 cache,
 * 3 discard (0 is not a register) */
static uint8_t
hint_mods(unsigned hint)
{
   return hint == 2 ? AGX_MOD_CACHE : hint == 3 ? AGX_MOD_DISCARD : 0;
}

static int
mods_hint(uint8_t mods)
{
   if ((mods & AGX_MOD_CACHE) && (mods & AGX_MOD_DISCARD))
      return -1;
   return (mods & AGX_MOD_CACHE) ? 2 : (mods & AGX_MOD_DISCARD) ? 3 : 1;
}

static const char *
enum_name(const struct agx_isa_enum *e, uint64_t v)
{
   if (!e || v >= e->count)
      return NULL;
   return e->names[v];
}

static int
enum_lookup(const struct agx_isa_enum *e, const char *s)
{
   for (unsigned i = 0; e && i < e->count; i++) {
      if (e->names[i] && strcmp(e->names[i], s) == 0)
         return (int)i;
   }
   return -1;
}

static unsigned
popcount4(uint64_t m)
{
   return (unsigned)__builtin_popcountll(m & 0xF);
}

void
agx_isa_get_operand(const struct agx_isa_instr *I, unsigned i,
                    struct agx_isa_value *out)
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
            r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1),
                            (o->flags & AGX_OPF_PAIRED) ? 2 : 1);
      } else {
         r = agx_isa_reg(AGX_R16, (unsigned)v,
                         (o->flags & AGX_OPF_PAIRED) ? 2 : 1);
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
         r = (t & 2) ? agx_isa_reg(AGX_U32, u >> 1, 1)
                     : agx_isa_reg(AGX_U16, u, 1);
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
         r = is32 ? agx_isa_reg(AGX_U32, u >> 1, 1)
                  : agx_isa_reg(AGX_U16, u, 1);
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
         snprintf(r.str, sizeof(r.str), "mask 0x%llX",
                  (unsigned long long)((1ull << v) - 1));
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
      r = t ? agx_isa_imm(sext(v, 16))
            : agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1);
      break;

   case AGX_OK_TG_INDEX:
      r = t ? agx_isa_imm(sext(v, 16))
            : agx_isa_reg(AGX_R16, (unsigned)(v & 0xFF), 1);
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
      r = t ? agx_isa_reg(AGX_R16, (unsigned)v, 1)
            : agx_isa_reg(AGX_CF, (unsigned)v, 1);
      break;

   case AGX_OK_CF_PERSP:
      r = agx_isa_reg(AGX_CF, (unsigned)v, 1);
      break;

   case AGX_OK_ITER_SAMPLE: {
      uint64_t interp = fv(I, o->dep[0]);
      if (interp & 1)
         r = (interp & 2) ? agx_isa_reg(AGX_R16, (unsigned)v, 1)
                          : agx_isa_imm((int64_t)v);
      break;
   }

   case AGX_OK_UVS_INDEX:
   case AGX_OK_DISCARD_MASK:
   case AGX_OK_PBE_LOD:
      r = t ? agx_isa_imm((int64_t)v) : agx_isa_reg(AGX_R16, (unsigned)v, 1);
      break;

   case AGX_OK_ASYNC_BASE:
      r = agx_isa_reg(t ? AGX_U32 : AGX_R32, (unsigned)v,
                      fv(I, o->dep[0]) ? 5 : 3);
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
      r = t ? agx_isa_reg(AGX_R16, (unsigned)v, 1)
            : agx_isa_reg(AGX_SS, (unsigned)v, 1);
      break;

   case AGX_OK_COORDS: {
      uint64_t n = fv(I, o->dep[0]);
      unsigned count = n < 9 ? tex_count[n] : 2;
      unsigned extra = n < 9 ? tex_extra[n] : 0;
      if (fv(I, o->field[2]))
         r = agx_isa_reg(AGX_R16, (unsigned)v, count + extra);
      else if (extra)
         r = agx_isa_reg(AGX_R16, (unsigned)v, count * 2 + 1);
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
         snprintf(r.str, sizeof(r.str), "r%u_r%u%c", (unsigned)(v >> 1),
                  h >> 1, (h & 1) ? 'h' : 'l');
      } else if (cmp) {
         r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1);
      } else if (t) {
         r = agx_isa_reg(AGX_R16, (unsigned)v, 1);
      }
      break;
   }

   case AGX_OK_ATOMIC_SRC:
      r = agx_isa_reg(AGX_R32, (unsigned)(v >> 1),
                      fv(I, o->dep[0]) == 3 ? 2 : 1);
      break;

   case AGX_OK_ATOMIC_DST:
      r = t == 1 ? agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 1) : none();
      break;

   case AGX_OK_TILE_REG:
      r = agx_isa_reg(AGX_R16, (unsigned)v, 1);
      break;

   case AGX_OK_PBE_SRC:
      r = t ? agx_isa_reg(AGX_R32, (unsigned)(v >> 1), 4)
            : agx_isa_reg(AGX_R16, (unsigned)v, 4);
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

/* ---- encoding ---- */

static bool
is_reg(const struct agx_isa_value *v, enum agx_isa_rclass c, unsigned count)
{
   return v->kind == AGX_V_REG && v->rclass == c && v->count == count;
}

/* register value with no modifiers other than allowed */
static bool
mods_ok(const struct agx_isa_value *v, uint8_t allowed)
{
   return (v->mods & ~allowed) == 0;
}

static int
set_value_type(struct agx_isa_instr *I, const struct agx_isa_operand *o,
               uint64_t v, uint64_t t)
{
   int e = fset(I, o->field[0], v);
   return e ? e : fset(I, o->field[1], t);
}

static int
set_src(struct agx_isa_instr *I, const struct agx_isa_operand *o,
        const struct agx_isa_value *v)
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
      if (v->n < 0 || v->n > 255 || (v->mods & (AGX_MOD_CACHE |
                                                AGX_MOD_DISCARD | AGX_MOD_SX)))
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
      } else if (v->rclass == AGX_R32 && v->count == 2 && paired == 1 &&
                 v->n < 128 && (o->flags & AGX_OPF_R64)) {
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
   if ((e = fset(I, o->field[2], (v->kind == AGX_V_REG &&
                                  (v->mods & AGX_MOD_SX)) ? 1 : 0)))
      return e;
   return fset(I, o->field[3], ((v->mods & AGX_MOD_ABS) ? 1 : 0) |
                                  ((v->mods & AGX_MOD_NEG) ? 2 : 0));
}

/* Register tuple starting at half index h (16-bit) or 32-bit register. */
static bool
reg_halves(const struct agx_isa_value *v, uint64_t *half, uint64_t *is32)
{
   if (v->kind != AGX_V_REG || v->n < 0)
      return false;
   if (v->rclass == AGX_R16 && v->n < 256) {
      *half = (uint64_t)v->n;
      *is32 = 0;
      return true;
   }
   if (v->rclass == AGX_R32 && v->n < 128) {
      *half = (uint64_t)v->n << 1;
      *is32 = 1;
      return true;
   }
   return false;
}

int
agx_isa_set_operand(struct agx_isa_instr *I, unsigned i,
                    const struct agx_isa_value *v)
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
      if (v->rclass == AGX_R32 && v->count == paired && v->n < 128 &&
          (o->flags & AGX_OPF_R32))
         return set_value_type(I, o, (uint64_t)v->n << 1, 2 | cache);
      if (v->rclass == AGX_R32 && v->count == 2 && paired == 1 &&
          v->n < 128 && (o->flags & AGX_OPF_R64))
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
      if (hint < 0 || !mods_ok(v, AGX_MOD_CACHE | AGX_MOD_DISCARD) ||
          !reg_halves(v, &half, &is32))
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
      if (v->kind == AGX_V_STR && v->str[0] == '0' && v->str[1] == 'b' &&
          v->str[2]) {
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
      else if (v->kind == AGX_V_IMM && v->n >= 0 && !enum_name(o->enumt,
                                                            (uint64_t)v->n))
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
      if (v->kind != AGX_V_PCREL || v->n < -(1ll << (w - 1)) ||
          v->n >= (1ll << (w - 1)))
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
      return set_value_type(I, o, (uint64_t)v->n << 1,
                            v->rclass == AGX_U32 ? 1 : 0);

   case AGX_OK_MEM_REG:
   case AGX_OK_TG_REG:
      if (o->flags & AGX_OPF_OPTIONAL) {
         if (v->kind == AGX_V_NONE)
            return set_value_type(I, o, 0, 0) ? AGX_ISA_ERR_OPERAND
                                               : fset(I, o->field[2], 0);
         if (fset(I, o->field[2], 1))
            return AGX_ISA_ERR_OPERAND;
      } else if (v->kind == AGX_V_EMPTY) {
         return set_value_type(I, o, 0, 0);
      }
      if (v->mods || v->count < 1 || v->count > 4 ||
          !reg_halves(v, &half, &is32))
         return AGX_ISA_ERR_OPERAND;
      return set_value_type(I, o, half, is32);

   case AGX_OK_TG_BASE:
      if (v->kind == AGX_V_IMM && v->n == 0)
         return set_value_type(I, o, 0, 2);
      if (is_reg(v, AGX_R16, 1) && !v->mods && v->n >= 0 && v->n < 256)
         return set_value_type(I, o, (uint64_t)v->n, 0);
      if (is_reg(v, AGX_U16, 1) && !v->mods && v->n >= 0 && v->n < 512)
         return set_value_type(I, o, (uint64_t)v->n & 0xFF,
                               v->n >= 256 ? 3 : 1);
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
      if (!is_reg(v, o->kind == AGX_OK_TS_DEST ? AGX_TS : AGX_SS, 1) ||
          v->n < 0)
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
          (v->rclass != AGX_R32 && v->rclass != AGX_U32) ||
          v->count != (fv(I, o->dep[0]) ? 5 : 3))
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
      else if (!is32 && extra && v->count == count * 2 + 1)
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
      if ((lod == 4 || lod == 12) && v->rclass == AGX_R32 && v->n < 128)
         return fset(I, o->field[0], (uint64_t)v->n << 1);
      if (is_reg(v, AGX_U16, 1) && (lod == 1 || lod == 2 || lod == 5 ||
                                    lod == 6)) {
         I->f[lf] = lod & 3;
         return fset(I, o->field[0], (uint64_t)v->n);
      }
      if (is_reg(v, AGX_R16, 1) && lod != 0 && lod != 4 && lod != 12) {
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
      if (!cmp && is_reg(v, AGX_R16, 1) && !v->mods)
         return set_value_type(I, o, (uint64_t)v->n, 1);
      if (cmp && v->kind == AGX_V_STR) {
         unsigned a, b;
         char hl;
         if (sscanf(v->str, "r%u_r%u%c", &a, &b, &hl) == 3 && a < 128 &&
             (hl == 'l' || hl == 'h') && b * 2 + (hl == 'h') == a * 2 + 2)
            return set_value_type(I, o, (uint64_t)a << 1, 1);
      }
      return AGX_ISA_ERR_OPERAND;
   }

   case AGX_OK_ATOMIC_SRC:
      if (v->kind != AGX_V_REG || v->rclass != AGX_R32 || v->mods ||
          v->n < 0 || v->n >= 128 || v->count != (fv(I, o->dep[0]) == 3 ? 2 : 1))
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
      if (v->kind != AGX_V_REG || v->rclass != AGX_R16 || v->mods ||
          v->count < 1 || v->count > 3 || v->n < 0)
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

bool
agx_isa_value_equal(const struct agx_isa_value *a,
                    const struct agx_isa_value *b)
{
   if (a->kind != b->kind || a->mods != b->mods)
      return false;
   switch (a->kind) {
   case AGX_V_EMPTY:
   case AGX_V_NONE:
      return true;
   case AGX_V_REG:
      return a->rclass == b->rclass && a->count == b->count && a->n == b->n;
   case AGX_V_STR:
      return strcmp(a->str, b->str) == 0;
   default:
      return a->n == b->n;
   }
}
