/* Instruction selection helpers: operand placement (immediates, uniforms,
 * registers), copies and materialisation of constants. An operand is tried
 * on a scratch copy of the instruction through agx_isa_set_operand; when the
 * descriptor cannot encode it (e.g. a 16-bit immediate in an ALU source),
 * the value is first copied into a register. */
#include <stdarg.h>
#include <string.h>

#include "agx_isel_priv.h"

void
isel_fail(struct isel *c, const char *fmt, ...)
{
   if (c->failed)
      return;
   c->failed = true;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(c->err, c->errsize, fmt, ap);
   va_end(ap);
}

struct agx_minstr *
isel_emit(struct isel *c, enum agx_isa_op op)
{
   struct agx_minstr *mi = agx_mir_push(c->m, AGX_M_ISA);
   agx_isa_init(&mi->I, op);
   return mi;
}

static struct agx_isa_value
reg_template(unsigned halves, unsigned count)
{
   if (halves == 1)
      return agx_isa_reg(AGX_R16, 0, count);
   return agx_isa_reg(AGX_R32, 0, count);
}

static void
add_slot(struct isel *c, struct agx_minstr *mi, unsigned opnd, bool def, unsigned vreg,
         unsigned off, unsigned halves, struct agx_isa_value v)
{
   if (mi->nslots == AGX_MIR_MAX_SLOTS) {
      isel_fail(c, "internal: too many register operands");
      return;
   }
   /* Check now that the descriptor takes this register shape, and set the
    * operand's type fields that later operands depend on (e.g. the select
    * sources on the destination size); emission sets the real number. */
   struct agx_isa_value t = v;
   t.n = v.rclass == AGX_R16 ? 8 : 4;
   if (agx_isa_set_operand(&mi->I, opnd, &t)) {
      isel_fail(c, "internal: operand %u of %s cannot take %u halves", opnd,
                agx_isa_descs[mi->I.op].name, halves);
      return;
   }
   struct agx_mslot *s = &mi->slot[mi->nslots++];
   s->opnd = (uint8_t)opnd;
   s->def = def;
   s->vreg = vreg;
   s->off = (uint8_t)off;
   s->halves = (uint8_t)halves;
   s->v = v;
}

void
isel_def(struct isel *c, struct agx_minstr *mi, unsigned opnd, unsigned vreg, unsigned off,
         unsigned halves, unsigned count)
{
   struct agx_isa_value v;
   if (count > 1)
      v = agx_isa_reg(halves / count == 1 ? AGX_R16 : AGX_R32, 0, count);
   else
      v = reg_template(halves > 2 ? 2 : halves, halves == 4 ? 2 : 1);
   add_slot(c, mi, opnd, true, vreg, off, halves, v);
}

void
isel_use_tuple(struct isel *c, struct agx_minstr *mi, unsigned opnd, struct mval r, unsigned count)
{
   add_slot(c, mi, opnd, false, r.vreg, r.off, r.halves,
            agx_isa_reg(r.halves / count == 1 ? AGX_R16 : AGX_R32, 0, count));
}

void
isel_set(struct isel *c, struct agx_minstr *mi, unsigned opnd, struct agx_isa_value v)
{
   if (agx_isa_set_operand(&mi->I, opnd, &v))
      isel_fail(c, "internal: cannot set operand %u of %s to %s/%lld", opnd,
                agx_isa_descs[mi->I.op].name, v.str, (long long)v.n);
}

struct mval
isel_new(struct isel *c, unsigned halves)
{
   struct mval v = {.kind = MV_REG, .halves = (uint8_t)halves};
   v.vreg = agx_mir_new_vreg(c->m, halves);
   return v;
}

struct mval
isel_part(struct mval v, unsigned off, unsigned halves)
{
   v.off = (uint8_t)(v.off + off);
   v.halves = (uint8_t)halves;
   return v;
}

static void
mov_imm(struct isel *c, struct mval d, uint64_t x)
{
   if (d.halves == 1) {
      struct agx_minstr *mi = isel_emit(c, AGX_OP_MOV_IMM16);
      isel_set(c, mi, 1, agx_isa_imm((int64_t)(x & 0xFFFF)));
      isel_def(c, mi, 0, d.vreg, d.off, 1, 1);
   } else if (d.halves == 2) {
      struct agx_minstr *mi = isel_emit(c, AGX_OP_MOV_IMM32);
      isel_set(c, mi, 1, agx_isa_imm((int64_t)(x & 0xFFFFFFFFu)));
      isel_def(c, mi, 0, d.vreg, d.off, 2, 1);
   } else {
      mov_imm(c, isel_part(d, 0, 2), x & 0xFFFFFFFFu);
      mov_imm(c, isel_part(d, 2, 2), x >> 32);
   }
}

/* d = s for same-size register/uniform sources: the bitop "mov" (truth
 * table 0101, 6 bytes) for 16/32 bits, iadd d, s, 0 for 64-bit registers. */
static void
mov_iadd(struct isel *c, struct mval d, struct mval s)
{
   struct agx_minstr *mi;
   if (d.halves <= 2) {
      mi = isel_emit(c, AGX_OP_BITOP);
      isel_set(c, mi, 0, agx_isa_str("0101"));
      isel_def(c, mi, 1, d.vreg, d.off, d.halves, 1);
      isel_use(c, &mi, 2, s, false, false);
      isel_set(c, mi, 3, agx_isa_imm(0));
      return;
   }
   mi = isel_emit(c, AGX_ISAOP_IADD);
   isel_def(c, mi, 0, d.vreg, d.off, d.halves, 1);
   isel_use(c, &mi, 1, s, false, false);
   isel_set(c, mi, 2, agx_isa_imm(0));
}

void
isel_copy(struct isel *c, struct mval d, struct mval s)
{
   switch (s.kind) {
   case MV_IMM:
      mov_imm(c, d, s.imm);
      return;
   case MV_ZEXT:
   case MV_SEXT: {
      struct mval lo = {.kind = MV_REG, .halves = 2, .vreg = s.vreg, .off = s.off};
      if (d.halves <= 2) {
         isel_copy(c, d, isel_part(lo, 0, d.halves));
         return;
      }
      mov_iadd(c, isel_part(d, 0, 2), lo);
      if (s.kind == MV_ZEXT) {
         mov_imm(c, isel_part(d, 2, 2), 0);
      } else {
         struct agx_minstr *mi = isel_emit(c, AGX_OP_ASR);
         isel_def(c, mi, 0, d.vreg, d.off + 2, 2, 1);
         isel_use(c, &mi, 1, lo, false, false);
         isel_set(c, mi, 2, agx_isa_imm(31));
      }
      return;
   }
   default:
      if (s.kind == MV_UNI && s.halves == 4 && d.halves == 4) {
         /* iadd takes 64-bit registers but no 64-bit uniforms: two halves */
         struct mval lo = s, hi = s;
         lo.halves = hi.halves = 2;
         hi.imm += 2;
         mov_iadd(c, isel_part(d, 0, 2), lo);
         mov_iadd(c, isel_part(d, 2, 2), hi);
         return;
      }
      if (s.halves > d.halves)
         s.halves = d.halves;
      if (s.halves < d.halves) {
         /* zero-extend 16 -> 32 / 32 -> 64 through iadd's unsigned source */
         struct agx_minstr *mi = isel_emit(c, AGX_ISAOP_IADD);
         isel_def(c, mi, 0, d.vreg, d.off, d.halves, 1);
         isel_use(c, &mi, 1, s, false, false);
         isel_set(c, mi, 2, agx_isa_imm(0));
         return;
      }
      mov_iadd(c, d, s);
   }
}

struct mval
isel_reg(struct isel *c, struct mval v)
{
   if (v.kind == MV_REG)
      return v;
   struct mval r = isel_new(c, v.halves);
   isel_copy(c, r, v);
   return r;
}

static bool
try_operand(struct agx_minstr *mi, unsigned opnd, struct agx_isa_value v)
{
   struct agx_isa_instr T = mi->I;
   return agx_isa_set_operand(&T, opnd, &v) == 0 && agx_isa_set_operand(&mi->I, opnd, &v) == 0;
}

void
isel_use(struct isel *c, struct agx_minstr **pmi, unsigned opnd, struct mval v, bool fl, bool ext)
{
   struct agx_minstr *mi = *pmi;
   if (c->failed)
      return;
   if (v.kind == MV_IMM) {
      if (fl) {
         double x;
         if (v.halves == 2) {
            float f;
            uint32_t b = (uint32_t)v.imm;
            memcpy(&f, &b, 4);
            x = f;
         } else {
            x = -1e300;
         }
         int enc = agx_isa_fimm_encode(x);
         if (x != -1e300 && enc >= 0) {
            struct agx_isa_value iv = {.kind = AGX_V_FIMM, .n = enc};
            if (try_operand(mi, opnd, iv))
               return;
         }
      } else if (v.imm < 256) {
         if (try_operand(mi, opnd, agx_isa_imm((int64_t)v.imm)))
            return;
      }
   } else if (v.kind == MV_UNI) {
      struct agx_isa_value uv =
         v.halves == 1 ? agx_isa_reg(AGX_U16, (unsigned)v.imm, 1)
                       : agx_isa_reg(AGX_U32, (unsigned)v.imm / 2, v.halves == 4 ? 2 : 1);
      if (try_operand(mi, opnd, uv))
         return;
   } else if ((v.kind == MV_ZEXT || v.kind == MV_SEXT) && ext) {
      struct agx_isa_value rv = agx_isa_reg(AGX_R32, 0, 1);
      if (v.kind == MV_SEXT)
         rv.mods |= AGX_MOD_SX;
      add_slot(c, mi, opnd, false, v.vreg, v.off, 2, rv);
      return;
   }
   if (v.kind != MV_REG) {
      /* Materialise before the instruction being built: move it last. */
      struct agx_minstr saved = *mi;
      c->m->count--;
      struct mval r = isel_reg(c, v);
      struct agx_minstr *n = agx_mir_push(c->m, saved.kind);
      *n = saved;
      mi = n;
      *pmi = n;
      v = r;
   }
   struct agx_isa_value rv = reg_template(v.halves > 2 ? 2 : v.halves, v.halves == 4 ? 2 : 1);
   add_slot(c, mi, opnd, false, v.vreg, v.off, v.halves, rv);
}
