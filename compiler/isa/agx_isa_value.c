/*
 * Operand values: constructors, comparison and the 8-bit float immediate
 * (Mesa agx_minifloat.h: sign bit 7, exponent bits 4-6, mantissa bits 0-3).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "agx_isa.h"

struct agx_isa_value
agx_isa_reg(enum agx_isa_rclass c, unsigned n, unsigned count)
{
   struct agx_isa_value v = {.kind = AGX_V_REG,
                             .rclass = (uint8_t)c,
                             .count = (uint8_t)count,
                             .n = n};
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
bool
agx_isa_value_equal(const struct agx_isa_value *a, const struct agx_isa_value *b)
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
