/*
 * Helpers shared by the operand decoder (agx_isa_operand_get.c) and encoder
 * (agx_isa_operand_set.c).
 *
 * Assumes: operands name their value field in field[0] and type/flag
 * fields in field[1..3]; AGX_ISA_NO_FIELD marks unused slots.
 */
#ifndef AGX_ISA_OPERAND_PRIV_H
#define AGX_ISA_OPERAND_PRIV_H

#include <string.h>

#include "agx_isa.h"

#define NOF AGX_ISA_NO_FIELD

/* components read by (count) and extra array/sample coordinates (extra) of
 * each texture dimension; unknown dimensions fall back to 2D */
static const uint8_t tex_count[9] = {1, 1, 2, 2, 2, 3, 3, 3, 2};
static const uint8_t tex_extra[9] = {0, 1, 0, 1, 1, 0, 0, 1, 2};

static inline uint64_t
fv(const struct agx_isa_instr *I, uint8_t f)
{
   return f == NOF ? 0 : I->f[f];
}

static inline int
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

static inline int64_t
sext(uint64_t v, unsigned bits)
{
   uint64_t m = 1ull << (bits - 1);
   v &= (bits == 64) ? ~0ull : ((1ull << bits) - 1);
   return (int64_t)((v ^ m) - m);
}

static inline struct agx_isa_value
empty(void)
{
   struct agx_isa_value v = {.kind = AGX_V_EMPTY};
   return v;
}

static inline struct agx_isa_value
none(void)
{
   struct agx_isa_value v = {.kind = AGX_V_NONE};
   return v;
}

static inline uint8_t
hint_mods(unsigned hint)
{
   return hint == 2 ? AGX_MOD_CACHE : hint == 3 ? AGX_MOD_DISCARD : 0;
}

static inline int
mods_hint(uint8_t mods)
{
   if ((mods & AGX_MOD_CACHE) && (mods & AGX_MOD_DISCARD))
      return -1;
   return (mods & AGX_MOD_CACHE) ? 2 : (mods & AGX_MOD_DISCARD) ? 3 : 1;
}

static inline const char *
enum_name(const struct agx_isa_enum *e, uint64_t v)
{
   if (!e || v >= e->count)
      return NULL;
   return e->names[v];
}

static inline int
enum_lookup(const struct agx_isa_enum *e, const char *s)
{
   for (unsigned i = 0; e && i < e->count; i++) {
      if (e->names[i] && strcmp(e->names[i], s) == 0)
         return (int)i;
   }
   return -1;
}

static inline unsigned
popcount4(uint64_t m)
{
   return (unsigned)__builtin_popcountll(m & 0xF);
}

static inline bool
is_reg(const struct agx_isa_value *v, enum agx_isa_rclass c, unsigned count)
{
   return v->kind == AGX_V_REG && v->rclass == c && v->count == count;
}

/* register value with no modifiers other than allowed */
static inline bool
mods_ok(const struct agx_isa_value *v, uint8_t allowed)
{
   return (v->mods & ~allowed) == 0;
}

static inline int
set_value_type(struct agx_isa_instr *I, const struct agx_isa_operand *o, uint64_t v, uint64_t t)
{
   int e = fset(I, o->field[0], v);
   return e ? e : fset(I, o->field[1], t);
}

static inline bool
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

#endif
