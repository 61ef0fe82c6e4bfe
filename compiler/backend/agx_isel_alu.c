/* Instruction selection for ALU opcodes (one small function per family).
 * Assumes scalar ALU instructions (agx_pass_scalarize) and integer division
 * already lowered. Booleans are 16-bit 0/1 registers; comparisons select
 * 1/0 with icmpsel/fcmpsel. Shifts follow Mesa's forms: shl = bfi into 0,
 * ushr = bfeil from bit n, ishr = asr; the IR masks shift counts to the bit
 * size, the hardware does not, so non-constant counts are masked first.
 * Floats are 32-bit or 16-bit (fadd16/fmul16/fmadd16 native, the rest
 * computed in f32 and rounded once). */
#include <string.h>

#include "agx_isel_priv.h"

static const char *const TT_AND = "0001", *const TT_OR = "0111", *const TT_XOR = "0110",
                         *const TT_NOT = "1010";

static struct mval
imm(unsigned halves, uint64_t x)
{
   struct mval v = {.kind = MV_IMM, .halves = (uint8_t)halves, .imm = x};
   return v;
}

/* Register modifiers on the slot of operand opnd (if it became a slot). */
static void
slot_mods(struct agx_minstr *mi, unsigned opnd, unsigned mods)
{
   for (unsigned i = 0; i < mi->nslots; i++)
      if (mi->slot[i].opnd == opnd && !mi->slot[i].def)
         mi->slot[i].v.mods |= (uint8_t)mods;
}

/* A float source with neg/abs: constants are folded, uniforms copied to a
 * register first (modifiers are register-only here). Call before emitting
 * the instruction. */
static struct mval
fprep(struct isel *c, struct mval v, unsigned mods)
{
   if (v.kind == MV_IMM && v.halves == 2) {
      if (mods & AGX_MOD_ABS)
         v.imm &= 0x7FFFFFFFu;
      if (mods & AGX_MOD_NEG)
         v.imm ^= 0x80000000u;
      return v;
   }
   if (v.kind == MV_IMM && v.halves == 1) {
      if (mods & AGX_MOD_ABS)
         v.imm &= 0x7FFFu;
      if (mods & AGX_MOD_NEG)
         v.imm ^= 0x8000u;
      return v;
   }
   return mods ? isel_reg(c, v) : v;
}

static void
fuse(struct isel *c, struct agx_minstr **mi, unsigned opnd, struct mval v, unsigned mods)
{
   isel_use(c, mi, opnd, v, true, false);
   if (v.kind == MV_REG)
      slot_mods(*mi, opnd, mods);
}

static struct agx_minstr *
dst_instr(struct isel *c, enum agx_isa_op op, unsigned dopnd, struct mval d)
{
   struct agx_minstr *mi = isel_emit(c, op);
   isel_def(c, mi, dopnd, d.vreg, d.off, d.halves, 1);
   return mi;
}

/* ---- integer ---------------------------------------------------------- */

static void
emit_iadd(struct isel *c, struct mval d, struct mval a, struct mval b, bool sub)
{
   struct agx_minstr *mi = dst_instr(c, AGX_ISAOP_IADD, 0, d);
   isel_use(c, &mi, 1, a, false, true);
   isel_use(c, &mi, 2, b, false, true);
   mi->I.f[AGX_F_IADD_N] = sub;
}

static void
emit_imadd(struct isel *c, struct mval d, struct mval a, struct mval b, struct mval add, bool sx)
{
   if (sx) {
      /* .sx is applied to register operands only */
      a = isel_reg(c, a);
      b = isel_reg(c, b);
   }
   struct agx_minstr *mi = dst_instr(c, AGX_OP_IMADD, 0, d);
   isel_use(c, &mi, 1, a, false, false);
   isel_use(c, &mi, 2, b, false, false);
   isel_use(c, &mi, 3, add, false, true);
   if (sx) {
      slot_mods(mi, 1, AGX_MOD_SX);
      slot_mods(mi, 2, AGX_MOD_SX);
   }
}

static void
emit_bitop(struct isel *c, struct mval d, const char *tt, struct mval a, struct mval b, bool unary)
{
   struct agx_minstr *mi = isel_emit(c, AGX_OP_BITOP);
   struct agx_isa_value t = agx_isa_str(tt);
   isel_set(c, mi, 0, t);
   isel_def(c, mi, 1, d.vreg, d.off, d.halves, 1);
   isel_use(c, &mi, 2, a, false, false);
   if (!unary)
      isel_use(c, &mi, 3, b, false, false);
}

/* 32-bit low part of a 64-bit value. */
static struct mval
lo32(struct mval v, bool hi)
{
   if (v.kind == MV_IMM)
      return imm(2, hi ? v.imm >> 32 : v.imm & 0xFFFFFFFFu);
   if (v.kind == MV_ZEXT || v.kind == MV_SEXT) {
      struct mval r = {.kind = MV_REG, .halves = 2, .vreg = v.vreg, .off = v.off};
      return r; /* callers handle the high part of extensions themselves */
   }
   if (v.kind == MV_UNI) {
      v.imm += hi ? 2 : 0;
      v.halves = 2;
      return v;
   }
   return isel_part(v, hi ? 2 : 0, 2);
}

/* icmpsel/fcmpsel encode no negation bit: a negated condition selects the
 * other way round. */
static const char *const negated[][2] = {
   {"nueq", "ueq"}, {"ugte", "ult"}, {"ulte", "ugt"}, {"nseq", "seq"}, {"sgte", "slt"},
   {"slte", "sgt"}, {"neq", "eq"},   {"nlt", "lt"},   {"ngt", "gt"},   {"nltn", "ltn"},
   {"ngte", "gte"}, {"nlte", "lte"}, {"ngtn", "gtn"},
};

static void
emit_select(struct isel *c, enum agx_isa_op op, const char *cc, struct mval d, struct mval a,
            struct mval b, struct mval x, struct mval y, bool fl)
{
   for (unsigned i = 0; i < sizeof(negated) / sizeof(negated[0]); i++) {
      if (!strcmp(cc, negated[i][0])) {
         struct mval t = x;
         cc = negated[i][1];
         x = y;
         y = t;
         break;
      }
   }
   struct agx_minstr *mi = isel_emit(c, op);
   isel_set(c, mi, 0, agx_isa_str(cc));
   isel_def(c, mi, 1, d.vreg, d.off, d.halves, 1);
   isel_use(c, &mi, 2, a, fl, false);
   isel_use(c, &mi, 3, b, fl, false);
   isel_use(c, &mi, 4, x, false, false);
   isel_use(c, &mi, 5, y, false, false);
}

/* v as a 32-bit operand that extends to the 64-bit value (sx: signed). */
static bool
ext32(struct mval v, struct mval *out, bool *sx)
{
   if (v.kind == MV_ZEXT || v.kind == MV_SEXT) {
      *out = lo32(v, false);
      *sx = v.kind == MV_SEXT;
      return true;
   }
   if (v.kind == MV_IMM && (v.imm >> 31) == 0) {
      *out = imm(2, v.imm);
      *sx = false;
      return true;
   }
   if (v.kind == MV_IMM && (int64_t)v.imm == (int64_t)(int32_t)v.imm) {
      *out = imm(2, v.imm & 0xFFFFFFFFu);
      *sx = true;
      return true;
   }
   return false;
}

static struct mval
shift_count(struct isel *c, struct mval b, unsigned bits)
{
   if (b.kind == MV_IMM)
      return imm(2, b.imm & (bits - 1));
   struct mval t = isel_new(c, 2);
   if (b.halves > 2)
      b = lo32(b, false);
   emit_bitop(c, t, TT_AND, b, imm(2, bits - 1), false);
   return t;
}

/* d = op(a, b) with bfi/bfeil/extr/asr and a constant count (0-31). */
static void
bitfield(struct isel *c, enum agx_isa_op op, struct mval d, struct mval a, struct mval b,
         unsigned n)
{
   struct agx_minstr *mi = dst_instr(c, op, 0, d);
   isel_use(c, &mi, 1, a, false, false);
   isel_use(c, &mi, 2, b, false, false);
   if (op != AGX_OP_ASR)
      isel_use(c, &mi, 3, imm(2, n), false, false);
}

/* 64-bit shifts by a constant n, on the two 32-bit halves: extr takes bits
 * [n, n + 32) of hi:lo. */
static void
shift64(struct isel *c, unsigned op, struct mval d, struct mval a, unsigned n)
{
   struct mval lo = isel_part(a, 0, 2), hi = isel_part(a, 2, 2);
   struct mval dlo = isel_part(d, 0, 2), dhi = isel_part(d, 2, 2);
   struct mval zero = imm(2, 0);
   if (n == 0) {
      isel_copy(c, d, a);
   } else if (op == AGX_OP_ISHL) {
      if (n < 32) {
         bitfield(c, AGX_OP_EXTR, dhi, lo, hi, 32 - n);
         bitfield(c, AGX_ISAOP_BFI, dlo, zero, lo, n);
      } else {
         bitfield(c, AGX_ISAOP_BFI, dhi, zero, lo, n - 32);
         isel_copy(c, dlo, zero);
      }
   } else if (op == AGX_OP_USHR) {
      if (n < 32) {
         bitfield(c, AGX_OP_EXTR, dlo, lo, hi, n);
         bitfield(c, AGX_OP_BFEIL, dhi, zero, hi, n);
      } else {
         bitfield(c, AGX_OP_BFEIL, dlo, zero, hi, n - 32);
         isel_copy(c, dhi, zero);
      }
   } else {
      if (n < 32) {
         bitfield(c, AGX_OP_EXTR, dlo, lo, hi, n);
         bitfield(c, AGX_OP_ASR, dhi, hi, imm(2, n), 0);
      } else {
         bitfield(c, AGX_OP_ASR, dlo, hi, imm(2, n - 32), 0);
         bitfield(c, AGX_OP_ASR, dhi, hi, imm(2, 31), 0);
      }
   }
}

static bool
isel_int(struct isel *c, agx_instr *I)
{
   unsigned bits = I->type.bits;
   /* 8-bit values have unspecified bits 8-15: only ops whose low 8 result
    * bits depend on the low 8 source bits alone are taken */
   if (bits == 8 && I->op != AGX_OP_IADD && I->op != AGX_OP_ISUB && I->op != AGX_OP_IMUL &&
       I->op != AGX_OP_IAND && I->op != AGX_OP_IOR && I->op != AGX_OP_IXOR &&
       I->op != AGX_OP_INOT && I->op != AGX_OP_INEG) {
      isel_fail(c, "unsupported: 8-bit %s", agx_op_infos[I->op].name);
      return true;
   }
   struct mval d;
   struct mval a = I->num_srcs > 0 ? isel_src(c, I, 0, 0) : imm(2, 0);
   struct mval b = I->num_srcs > 1 ? isel_src(c, I, 1, 0) : imm(2, 0);
   switch (I->op) {
   case AGX_OP_IADD:
   case AGX_OP_ISUB:
      d = isel_dst(c, I, 0);
      emit_iadd(c, d, a, b, I->op == AGX_OP_ISUB);
      return true;
   case AGX_OP_INEG:
      d = isel_dst(c, I, 0);
      emit_iadd(c, d, imm(d.halves, 0), a, true);
      return true;
   case AGX_OP_IMUL:
      d = isel_dst(c, I, 0);
      if (bits == 64) {
         struct mval a32, b32;
         bool asx, bsx;
         if (ext32(a, &a32, &asx) && ext32(b, &b32, &bsx)) {
            /* one 32 x 32 -> 64 multiply of the extended sources */
            struct agx_minstr *mi = dst_instr(c, AGX_OP_IMADD, 0, d);
            isel_use(c, &mi, 1, a32, false, false);
            isel_use(c, &mi, 2, b32, false, false);
            isel_use(c, &mi, 3, imm(4, 0), false, true);
            slot_mods(mi, 1, asx ? AGX_MOD_SX : 0);
            slot_mods(mi, 2, bsx ? AGX_MOD_SX : 0);
            return true;
         }
         /* (a_lo * b_lo) as 64 bits, plus the cross products in the high word */
         a = isel_reg(c, a);
         b = isel_reg(c, b);
         struct mval p = isel_new(c, 4);
         emit_imadd(c, p, lo32(a, false), lo32(b, false), imm(4, 0), false);
         struct mval t = isel_new(c, 2), u = isel_new(c, 2);
         emit_imadd(c, t, lo32(a, false), lo32(b, true), isel_part(p, 2, 2), false);
         emit_imadd(c, u, lo32(a, true), lo32(b, false), t, false);
         isel_copy(c, isel_part(d, 0, 2), isel_part(p, 0, 2));
         isel_copy(c, isel_part(d, 2, 2), u);
      } else {
         emit_imadd(c, d, a, b, imm(d.halves, 0), false);
      }
      return true;
   case AGX_OP_IMUL_HIGH:
   case AGX_OP_UMUL_HIGH: {
      if (bits != 32)
         break;
      d = isel_dst(c, I, 0);
      struct mval p = isel_new(c, 4);
      emit_imadd(c, p, a, b, imm(4, 0), I->op == AGX_OP_IMUL_HIGH);
      isel_copy(c, d, isel_part(p, 2, 2));
      return true;
   }
   case AGX_OP_IAND:
   case AGX_OP_IOR:
   case AGX_OP_IXOR:
   case AGX_OP_INOT: {
      const char *tt = I->op == AGX_OP_IAND ? TT_AND : I->op == AGX_OP_IOR ? TT_OR : TT_XOR;
      d = isel_dst(c, I, 0);
      if (I->op == AGX_OP_INOT) {
         if (bits == 1) {
            emit_bitop(c, d, TT_XOR, a, imm(1, 1), false);
            return true;
         }
         b = imm(d.halves, 0);
         tt = TT_NOT;
      }
      if (bits == 64) {
         a = isel_reg(c, a);
         b = I->op == AGX_OP_INOT ? b : isel_reg(c, b);
         for (unsigned h = 0; h < 2; h++)
            emit_bitop(c, isel_part(d, 2 * h, 2), tt, lo32(a, h), lo32(b, h), I->op == AGX_OP_INOT);
      } else {
         emit_bitop(c, d, tt, a, b, I->op == AGX_OP_INOT);
      }
      return true;
   }
   case AGX_OP_ISHL:
   case AGX_OP_USHR:
   case AGX_OP_ISHR: {
      if (bits == 64 && b.kind == MV_IMM) {
         shift64(c, I->op, isel_dst(c, I, 0), isel_reg(c, a), (unsigned)(b.imm & 63));
         return true;
      }
      if (bits != 32 && bits != 16)
         break;
      struct mval dd = isel_dst(c, I, 0);
      d = bits == 32 ? dd : isel_new(c, 2);
      if (bits == 16) {
         /* shift the value extended to 32 bits (sign for ishr), keep the
          * low half */
         /* (registers made before the instruction: a move pushed after it
          * would follow it) */
         struct mval t = isel_new(c, 2), ar = isel_reg(c, a);
         struct agx_minstr *mi = dst_instr(c, AGX_ISAOP_IADD, 0, t);
         isel_use(c, &mi, 1, ar, false, false);
         isel_set(c, mi, 2, agx_isa_imm(0));
         if (I->op == AGX_OP_ISHR)
            slot_mods(mi, 1, AGX_MOD_SX);
         a = t;
         if (b.kind != MV_IMM && b.halves == 1) {
            struct mval u = isel_new(c, 2), br = isel_reg(c, b);
            mi = dst_instr(c, AGX_ISAOP_IADD, 0, u);
            isel_use(c, &mi, 1, br, false, false);
            isel_set(c, mi, 2, agx_isa_imm(0));
            b = u;
         }
      }
      struct mval n = shift_count(c, b, bits);
      if (I->op == AGX_OP_ISHR) {
         struct agx_minstr *mi = dst_instr(c, AGX_OP_ASR, 0, d);
         isel_use(c, &mi, 1, a, false, false);
         isel_use(c, &mi, 2, n, false, false);
      } else {
         struct agx_minstr *mi =
            dst_instr(c, I->op == AGX_OP_ISHL ? AGX_ISAOP_BFI : AGX_OP_BFEIL, 0, d);
         isel_use(c, &mi, 1, imm(2, 0), false, false);
         isel_use(c, &mi, 2, a, false, false);
         isel_use(c, &mi, 3, n, false, false);
      }
      if (bits == 16)
         isel_copy(c, dd, isel_part(d, 0, 1));
      return true;
   }
   case AGX_OP_IMIN:
   case AGX_OP_IMAX:
   case AGX_OP_UMIN:
   case AGX_OP_UMAX: {
      if (bits > 32)
         break;
      d = isel_dst(c, I, 0);
      const char *cc = I->op == AGX_OP_IMIN   ? "slt"
                       : I->op == AGX_OP_IMAX ? "sgt"
                       : I->op == AGX_OP_UMIN ? "ult"
                                              : "ugt";
      emit_select(c, AGX_OP_ICMPSEL, cc, d, a, b, a, b, false);
      return true;
   }
   case AGX_OP_ISIGN: {
      if (bits != 32)
         break;
      d = isel_dst(c, I, 0);
      struct mval t = isel_new(c, 2);
      emit_select(c, AGX_OP_ICMPSEL, "slt", t, a, imm(2, 0), imm(2, 0xFFFFFFFFu), imm(2, 0), false);
      emit_select(c, AGX_OP_ICMPSEL, "sgt", d, a, imm(2, 0), imm(2, 1), t, false);
      return true;
   }
   case AGX_OP_IABS: {
      if (bits == 64) {
         /* the sign of the high word selects -a or a, word by word */
         d = isel_dst(c, I, 0);
         a = isel_reg(c, a);
         struct mval n = isel_new(c, 4);
         emit_iadd(c, n, imm(4, 0), a, true);
         for (unsigned h = 0; h < 2; h++)
            emit_select(c, AGX_OP_ICMPSEL, "slt", isel_part(d, 2 * h, 2), lo32(a, true), imm(2, 0),
                        isel_part(n, 2 * h, 2), lo32(a, h), false);
         return true;
      }
      if (bits != 32)
         break;
      d = isel_dst(c, I, 0);
      struct mval n = isel_new(c, 2);
      emit_iadd(c, n, imm(2, 0), a, true);
      emit_select(c, AGX_OP_ICMPSEL, "slt", d, a, imm(2, 0), n, a, false);
      return true;
   }
   case AGX_OP_UFIND_MSB:
   case AGX_OP_IFIND_MSB:
   case AGX_OP_FIND_LSB: {
      /* ffs gives the index of the highest set bit (-1 for 0) */
      if (I->src[0]->type.bits != 32)
         break;
      d = isel_dst(c, I, 0);
      struct mval x = a;
      if (I->op == AGX_OP_IFIND_MSB) {
         struct mval n = isel_new(c, 2);
         x = isel_new(c, 2);
         emit_bitop(c, n, TT_NOT, a, imm(2, 0), true);
         emit_select(c, AGX_OP_ICMPSEL, "slt", x, a, imm(2, 0), n, a, false);
      } else if (I->op == AGX_OP_FIND_LSB) {
         struct mval n = isel_new(c, 2);
         x = isel_new(c, 2);
         emit_iadd(c, n, imm(2, 0), a, true);
         emit_bitop(c, x, TT_AND, a, n, false);
      }
      struct agx_minstr *mi = dst_instr(c, AGX_OP_FFS, 0, d);
      isel_use(c, &mi, 1, x, false, false);
      return true;
   }
   case AGX_OP_UBFE:
   case AGX_OP_IBFE:
   case AGX_OP_BFI: {
      unsigned ci = I->op == AGX_OP_BFI ? 2 : 1;
      struct mval off = isel_src(c, I, ci, 0), cnt = isel_src(c, I, ci + 1, 0);
      if (bits != 32 || off.kind != MV_IMM || cnt.kind != MV_IMM) {
         isel_fail(c, "unsupported: %s with a non-constant offset or count",
                   agx_op_infos[I->op].name);
         return true;
      }
      d = isel_dst(c, I, 0);
      unsigned o = (unsigned)(off.imm & 0xff), n = (unsigned)(cnt.imm & 0xff);
      if (n == 0 || o >= 32) {
         isel_copy(c, d, I->op == AGX_OP_BFI ? a : imm(2, 0));
      } else if (I->op == AGX_OP_IBFE) {
         if (o + n >= 32) {
            bitfield(c, AGX_OP_ASR, d, a, imm(2, o), 0);
         } else {
            struct mval t = isel_new(c, 2);
            bitfield(c, AGX_ISAOP_BFI, t, imm(2, 0), a, 32 - o - n);
            bitfield(c, AGX_OP_ASR, d, t, imm(2, 32 - n), 0);
         }
      } else {
         struct agx_minstr *mi =
            dst_instr(c, I->op == AGX_OP_BFI ? AGX_ISAOP_BFI : AGX_OP_BFEIL, 0, d);
         isel_use(c, &mi, 1, I->op == AGX_OP_BFI ? a : imm(2, 0), false, false);
         isel_use(c, &mi, 2, I->op == AGX_OP_BFI ? b : a, false, false);
         isel_use(c, &mi, 3, imm(2, o), false, false);
         if (n < 32) {
            char m[32];
            snprintf(m, sizeof(m), "mask 0x%x", (1u << n) - 1);
            isel_set(c, mi, 4, agx_isa_str(m));
         }
      }
      return true;
   }
   case AGX_OP_BIT_COUNT:
   case AGX_OP_BIT_REVERSE: {
      if (I->src[0]->type.bits != 32)
         break;
      d = isel_dst(c, I, 0);
      struct agx_minstr *mi =
         dst_instr(c, I->op == AGX_OP_BIT_COUNT ? AGX_OP_POPCOUNT : AGX_OP_BITREV, 0, d);
      isel_use(c, &mi, 1, a, false, false);
      return true;
   }
   default:
      return false;
   }
   isel_fail(c, "unsupported: %u-bit %s", bits, agx_op_infos[I->op].name);
   return true;
}

/* ---- comparisons and selects ------------------------------------------ */

static const struct {
   uint16_t op;
   const char *cc;
   bool fl;
} cmp_table[] = {
   {AGX_OP_IEQ, "ueq", false},  {AGX_OP_INE, "nueq", false}, {AGX_OP_ILT, "slt", false},
   {AGX_OP_IGE, "sgte", false}, {AGX_OP_ULT, "ult", false},  {AGX_OP_UGE, "ugte", false},
   {AGX_OP_FEQ, "eq", true},    {AGX_OP_FLT, "lt", true},    {AGX_OP_FGT, "gt", true},
   {AGX_OP_FGE, "gte", true},   {AGX_OP_FLE, "lte", true},   {AGX_OP_FNEU, "neq", true},
   {AGX_OP_FLTU, "ngte", true}, {AGX_OP_FGTU, "nlte", true}, {AGX_OP_FLEU, "ngt", true},
   {AGX_OP_FGEU, "nlt", true},
};

/* 64-bit integer comparisons on 32-bit halves: equality needs both halves
 * equal; less-than compares the high halves (signed or not) and, when they
 * are equal, the low halves unsigned. */
static void
cmp64(struct isel *c, unsigned op, struct mval d, struct mval a, struct mval b)
{
   if (a.kind == MV_ZEXT || a.kind == MV_SEXT)
      a = isel_reg(c, a);
   if (b.kind == MV_ZEXT || b.kind == MV_SEXT)
      b = isel_reg(c, b);
   bool eq = op == AGX_OP_IEQ || op == AGX_OP_INE;
   bool neg = op == AGX_OP_INE || op == AGX_OP_IGE || op == AGX_OP_UGE;
   bool sgn = op == AGX_OP_ILT || op == AGX_OP_IGE;
   struct mval t = isel_new(c, 1), u = isel_new(c, 1);
   if (eq) {
      emit_select(c, AGX_OP_ICMPSEL, "ueq", t, lo32(a, true), lo32(b, true), imm(1, !neg),
                  imm(1, neg), false);
      emit_select(c, AGX_OP_ICMPSEL, "ueq", d, lo32(a, false), lo32(b, false), t, imm(1, neg),
                  false);
      return;
   }
   emit_select(c, AGX_OP_ICMPSEL, "ult", t, lo32(a, false), lo32(b, false), imm(1, !neg),
               imm(1, neg), false);
   emit_select(c, AGX_OP_ICMPSEL, "ueq", u, lo32(a, true), lo32(b, true), t, imm(1, neg), false);
   emit_select(c, AGX_OP_ICMPSEL, sgn ? "slt" : "ult", d, lo32(a, true), lo32(b, true),
               imm(1, !neg), u, false);
}

static bool
isel_cmp(struct isel *c, agx_instr *I)
{
   struct mval a = I->num_srcs > 0 ? isel_src(c, I, 0, 0) : imm(2, 0);
   struct mval b = I->num_srcs > 1 ? isel_src(c, I, 1, 0) : imm(2, 0);
   for (unsigned i = 0; i < sizeof(cmp_table) / sizeof(cmp_table[0]); i++) {
      if (cmp_table[i].op != I->op)
         continue;
      unsigned sbits = I->src[0]->type.bits;
      if (sbits == 8) {
         isel_fail(c, "unsupported: 8-bit %s (extend to 32 bits first)", agx_op_infos[I->op].name);
         return true;
      }
      if (sbits == 64 && !cmp_table[i].fl) {
         cmp64(c, I->op, isel_dst(c, I, 0), a, b);
         return true;
      }
      if (sbits == 64 || (cmp_table[i].fl && sbits != 32 && sbits != 16)) {
         isel_fail(c, "unsupported: %u-bit %s", sbits, agx_op_infos[I->op].name);
         return true;
      }
      struct mval d = isel_dst(c, I, 0);
      emit_select(c, cmp_table[i].fl ? AGX_OP_FCMPSEL : AGX_OP_ICMPSEL, cmp_table[i].cc, d, a, b,
                  imm(1, 1), imm(1, 0), cmp_table[i].fl);
      return true;
   }
   switch (I->op) {
   case AGX_OP_FNE:
   case AGX_OP_FEQU: {
      /* ordered != is (a < b) || (a > b); unordered == its negation */
      bool ne = I->op == AGX_OP_FNE;
      struct mval d = isel_dst(c, I, 0), t = isel_new(c, 1);
      emit_select(c, AGX_OP_FCMPSEL, "lt", t, a, b, imm(1, ne), imm(1, !ne), true);
      emit_select(c, AGX_OP_FCMPSEL, "gt", d, a, b, imm(1, ne), t, true);
      return true;
   }
   case AGX_OP_FISNAN: {
      struct mval d = isel_dst(c, I, 0);
      emit_select(c, AGX_OP_FCMPSEL, "eq", d, a, a, imm(1, 0), imm(1, 1), true);
      return true;
   }
   case AGX_OP_FISINF: {
      /* bit patterns of +inf and -inf (16 or 32 bits) */
      unsigned sb = I->src[0]->type.bits;
      if (sb != 16 && sb != 32) {
         isel_fail(c, "unsupported: %u-bit fisinf", sb);
         return true;
      }
      unsigned h = sb / 16;
      uint64_t pinf = sb == 32 ? 0x7f800000u : 0x7c00u, ninf = sb == 32 ? 0xff800000u : 0xfc00u;
      struct mval d = isel_dst(c, I, 0), t = isel_new(c, 1);
      emit_select(c, AGX_OP_ICMPSEL, "ueq", t, a, imm(h, pinf), imm(1, 1), imm(1, 0), false);
      emit_select(c, AGX_OP_ICMPSEL, "ueq", d, a, imm(h, ninf), imm(1, 1), t, false);
      return true;
   }
   case AGX_OP_BCSEL: {
      struct mval cond = a, t = b, f = isel_src(c, I, 2, 0);
      struct mval d = isel_dst(c, I, 0);
      if (d.halves == 4) {
         for (unsigned h = 0; h < 2; h++) {
            struct mval th = t.kind == MV_ZEXT || t.kind == MV_SEXT ? isel_reg(c, t) : t;
            struct mval fh = f.kind == MV_ZEXT || f.kind == MV_SEXT ? isel_reg(c, f) : f;
            emit_select(c, AGX_OP_ICMPSEL, "nueq", isel_part(d, 2 * h, 2), cond, imm(1, 0),
                        lo32(th, h), lo32(fh, h), false);
         }
      } else {
         emit_select(c, AGX_OP_ICMPSEL, "nueq", d, cond, imm(1, 0), t, f, false);
      }
      return true;
   }
   default:
      return false;
   }
}

/* ---- float -------------------------------------------------------------- */

static const struct {
   uint16_t irop, isaop;
} funary_table[] = {
   {AGX_OP_FFLOOR, AGX_OP_FLOOR},     {AGX_OP_FCEIL, AGX_OP_CEIL}, {AGX_OP_FTRUNC, AGX_OP_TRUNC},
   {AGX_OP_FROUND_EVEN, AGX_OP_RINT}, {AGX_OP_FRCP, AGX_OP_RCP},   {AGX_OP_FRSQ, AGX_OP_RSQRT},
   {AGX_OP_FEXP2, AGX_OP_EXP2},       {AGX_OP_FLOG2, AGX_OP_LOG2},
};

static void
funary(struct isel *c, enum agx_isa_op op, struct mval d, struct mval a)
{
   struct agx_minstr *mi = dst_instr(c, op, 0, d);
   fuse(c, &mi, 1, a, 0);
}

static void
fbin(struct isel *c, enum agx_isa_op op, struct mval d, struct mval a, unsigned amods,
     struct mval b, unsigned bmods)
{
   a = fprep(c, a, amods);
   b = fprep(c, b, bmods);
   struct agx_minstr *mi = dst_instr(c, op, 0, d);
   fuse(c, &mi, 1, a, a.kind == MV_IMM ? 0 : amods);
   fuse(c, &mi, 2, b, b.kind == MV_IMM ? 0 : bmods);
}

static void
ffma(struct isel *c, struct mval d, struct mval a, struct mval b, struct mval e, unsigned emods)
{
   e = fprep(c, e, emods);
   struct agx_minstr *mi = dst_instr(c, d.halves == 1 ? AGX_OP_FMADD16 : AGX_OP_FMADD32, 0, d);
   fuse(c, &mi, 1, a, 0);
   fuse(c, &mi, 2, b, 0);
   fuse(c, &mi, 3, e, e.kind == MV_IMM ? 0 : emods);
}

static const struct mval NEG_ZERO = {.kind = MV_IMM, .halves = 2, .fl = true, .imm = 0x80000000u};

/* a * b as fmadd(a, b, -0.0): applegpu's hardware-validated model of
 * fmul32 is fma(a, b, +0.0), which turns a -0 product into +0; adding -0.0
 * instead leaves every product, signed zeros included, as IEEE defines it
 * (SignedZeroInfNanPreserve). Same cost as fmul, two bytes longer. */
static void
fmul_ieee(struct isel *c, struct mval d, struct mval a, struct mval b)
{
   static const struct mval NEG_ZERO_16 = {.kind = MV_IMM, .halves = 1, .fl = true, .imm = 0x8000u};
   ffma(c, d, a, b, d.halves == 1 ? NEG_ZERO_16 : NEG_ZERO, 0);
}

/* f2f between 16 and 32 bits: fadd32 reads a 16-bit register as f16 and
 * rounds to f16 for a 16-bit destination. */
static void
f2f(struct isel *c, struct mval d, struct mval a)
{
   struct mval ar = isel_reg(c, a); /* before the instruction, as in shifts */
   struct agx_minstr *mi = dst_instr(c, AGX_OP_FADD32, 0, d);
   isel_use(c, &mi, 1, ar, true, false);
   isel_use(c, &mi, 2, NEG_ZERO, true, false);
}

static void float_op(struct isel *c, unsigned op, struct mval d, struct mval a, struct mval b,
                     struct mval e);

/* 16-bit float ops: add, mul, fma (and neg/abs through add) are native
 * (fadd16/fmul16/fmadd16 round once to f16); min/max and comparisons use
 * fcmpsel, which reads 16-bit registers as f16. The rest is computed in
 * f32 (f16 -> f32 is exact) and rounded to f16 once at the end, which is
 * within Vulkan's fp16 precision for every op (the f32 sequences are more
 * precise than the f16 requirements). */
static void
float16_op(struct isel *c, unsigned op, struct mval d, struct mval a, struct mval b, struct mval e)
{
   static const struct mval NEG_ZERO16 = {.kind = MV_IMM, .halves = 1, .fl = true, .imm = 0x8000u};
   switch (op) {
   case AGX_OP_FADD:
      fbin(c, AGX_OP_FADD16, d, a, 0, b, 0);
      return;
   case AGX_OP_FSUB:
      fbin(c, AGX_OP_FADD16, d, a, 0, b, AGX_MOD_NEG);
      return;
   case AGX_OP_FMUL:
      fmul_ieee(c, d, a, b);
      return;
   case AGX_OP_FFMA:
      ffma(c, d, a, b, e, 0);
      return;
   case AGX_OP_FNEG:
      fbin(c, AGX_OP_FADD16, d, a, AGX_MOD_NEG, NEG_ZERO16, 0);
      return;
   case AGX_OP_FABS:
      fbin(c, AGX_OP_FADD16, d, a, AGX_MOD_ABS, NEG_ZERO16, 0);
      return;
   case AGX_OP_FSAT: {
      struct agx_minstr *mi = dst_instr(c, AGX_OP_FADD16, 0, d);
      fuse(c, &mi, 1, fprep(c, a, 0), 0);
      fuse(c, &mi, 2, NEG_ZERO16, 0);
      mi->I.f[AGX_F_FADD16_S] = 1;
      return;
   }
   case AGX_OP_FMIN:
   case AGX_OP_FMAX:
      emit_select(c, AGX_OP_FCMPSEL, op == AGX_OP_FMIN ? "ltn" : "gtn", d, a, b, isel_reg(c, a),
                  isel_reg(c, b), true);
      return;
   default: {
      struct mval w[3] = {a, b, e}, d32 = isel_new(c, 2);
      for (unsigned i = 0; i < 3; i++) {
         if (w[i].kind == MV_IMM && w[i].halves == 2)
            continue; /* an unused operand */
         struct mval t = isel_new(c, 2);
         f2f(c, t, w[i]);
         w[i] = t;
      }
      float_op(c, op, d32, w[0], w[1], w[2]);
      f2f(c, d, d32);
      return;
   }
   }
}

static bool
isel_float(struct isel *c, agx_instr *I)
{
   if (agx_info(I)->kind != AGX_OPK_ALU || agx_op_infos[I->op].dst_class != 'f')
      return false;
   if (I->op == AGX_OP_F2F || I->op == AGX_OP_I2F || I->op == AGX_OP_U2F)
      return false;
   if (I->type.bits != 32 && I->type.bits != 16) {
      isel_fail(c, "unsupported: %u-bit %s", I->type.bits, agx_op_infos[I->op].name);
      return true;
   }
   struct mval unused = imm(2, 0);
   struct mval a = isel_src(c, I, 0, 0);
   struct mval b = I->num_srcs > 1 ? isel_src(c, I, 1, 0) : unused;
   struct mval e = I->num_srcs > 2 ? isel_src(c, I, 2, 0) : unused;
   struct mval d = isel_dst(c, I, 0);
   if (I->type.bits == 16)
      float16_op(c, I->op, d, a, b, e);
   else
      float_op(c, I->op, d, a, b, e);
   return true;
}

/* A 32-bit float op on machine values (e: third source of ffma). */
static void
float_op(struct isel *c, unsigned op, struct mval d, struct mval a, struct mval b, struct mval e)
{
   for (unsigned i = 0; i < sizeof(funary_table) / sizeof(funary_table[0]); i++) {
      if (funary_table[i].irop == op) {
         funary(c, funary_table[i].isaop, d, a);
         return;
      }
   }
   struct mval t, u;
   switch (op) {
   case AGX_OP_FADD:
      fbin(c, AGX_OP_FADD32, d, a, 0, b, 0);
      return;
   case AGX_OP_FSUB:
      fbin(c, AGX_OP_FADD32, d, a, 0, b, AGX_MOD_NEG);
      return;
   case AGX_OP_FMUL:
      fmul_ieee(c, d, a, b);
      return;
   case AGX_OP_FFMA:
      ffma(c, d, a, b, e, 0);
      return;
   case AGX_OP_FNEG: /* -a + -0.0 keeps the sign of zero */
      fbin(c, AGX_OP_FADD32, d, a, AGX_MOD_NEG, NEG_ZERO, 0);
      return;
   case AGX_OP_FABS:
      fbin(c, AGX_OP_FADD32, d, a, AGX_MOD_ABS, NEG_ZERO, 0);
      return;
   case AGX_OP_FSAT: { /* a + -0.0 with the saturate bit (.sat) */
      struct agx_minstr *mi = dst_instr(c, AGX_OP_FADD32, 0, d);
      fuse(c, &mi, 1, fprep(c, a, 0), 0);
      fuse(c, &mi, 2, NEG_ZERO, 0);
      mi->I.f[AGX_F_FADD32_S] = 1;
      return;
   }
   case AGX_OP_FDIV:
      t = isel_new(c, 2);
      funary(c, AGX_OP_RCP, t, b);
      fmul_ieee(c, d, a, t);
      return;
   case AGX_OP_FSQRT:
      t = isel_new(c, 2);
      funary(c, AGX_OP_RSQRT, t, a);
      funary(c, AGX_OP_RCP, d, t);
      return;
   case AGX_OP_FFRACT:
      t = isel_new(c, 2);
      funary(c, AGX_OP_FLOOR, t, a);
      fbin(c, AGX_OP_FADD32, d, a, 0, t, AGX_MOD_NEG);
      return;
   case AGX_OP_FPOW:
      t = isel_new(c, 2);
      u = isel_new(c, 2);
      funary(c, AGX_OP_LOG2, t, a);
      fbin(c, AGX_OP_FMUL32, u, t, 0, b, 0);
      funary(c, AGX_OP_EXP2, d, u);
      return;
   case AGX_OP_FSIGN: {
      /* 1.0 / -1.0, or a itself for zeros and NaN */
      t = isel_new(c, 2);
      emit_select(c, AGX_OP_FCMPSEL, "lt", t, a, imm(2, 0), imm(2, 0xBF800000u), isel_reg(c, a),
                  true);
      emit_select(c, AGX_OP_FCMPSEL, "gt", d, a, imm(2, 0), imm(2, 0x3F800000u), t, true);
      return;
   }
   case AGX_OP_FMIN:
   case AGX_OP_FMAX:
      /* ltn/gtn: the min/max conditions, which pick the non-NaN operand;
       * a select passes a denormal through, so + -0.0 flushes it as every
       * other fp32 operation does (DenormFlushToZero) */
      t = isel_new(c, 2);
      emit_select(c, AGX_OP_FCMPSEL, op == AGX_OP_FMIN ? "ltn" : "gtn", t, a, b, isel_reg(c, a),
                  isel_reg(c, b), true);
      fbin(c, AGX_OP_FADD32, d, t, 0, NEG_ZERO, 0);
      return;
   case AGX_OP_FMOD:
      /* a - b * floor(a / b) */
      t = isel_new(c, 2);
      u = isel_new(c, 2);
      funary(c, AGX_OP_RCP, t, b);
      fbin(c, AGX_OP_FMUL32, u, a, 0, t, 0);
      t = isel_new(c, 2);
      funary(c, AGX_OP_FLOOR, t, u);
      ffma(c, d, isel_reg(c, fprep(c, b, AGX_MOD_NEG)), t, a, 0);
      return;
   default:
      isel_fail(c, "unsupported: %s", agx_op_infos[op].name);
      return;
   }
}

/* ---- conversions -------------------------------------------------------- */

static bool
isel_conv(struct isel *c, agx_instr *I)
{
   unsigned db = I->type.bits, sb = I->src[0]->type.bits;
   struct mval a = isel_src(c, I, 0, 0);
   switch (I->op) {
   case AGX_OP_BITCAST:
      c->map[I->index][0] = a;
      return true;
   case AGX_OP_U2U:
   case AGX_OP_I2I: {
      bool sx = I->op == AGX_OP_I2I;
      if (sb == 8 && (db == 16 || db == 32)) {
         /* 8-bit values sit in 16-bit registers with unspecified bits 8-15:
          * extend explicitly, in 32 bits */
         struct mval t = isel_new(c, 2), r = db == 32 ? isel_dst(c, I, 0) : isel_new(c, 2);
         struct mval ar = isel_reg(c, a); /* before the instruction, as above */
         struct agx_minstr *mi = dst_instr(c, AGX_ISAOP_IADD, 0, t);
         isel_use(c, &mi, 1, ar, false, false);
         isel_set(c, mi, 2, agx_isa_imm(0));
         if (sx) {
            struct mval u = isel_new(c, 2);
            bitfield(c, AGX_ISAOP_BFI, u, imm(2, 0), t, 24);
            bitfield(c, AGX_OP_ASR, r, u, imm(2, 24), 0);
         } else {
            mi = dst_instr(c, AGX_OP_BFEIL, 0, r);
            isel_use(c, &mi, 1, imm(2, 0), false, false);
            isel_use(c, &mi, 2, t, false, false);
            isel_use(c, &mi, 3, imm(2, 0), false, false);
            isel_set(c, mi, 4, agx_isa_str("mask 0xff"));
         }
         if (db == 16)
            isel_copy(c, isel_dst(c, I, 0), isel_part(r, 0, 1));
         return true;
      }
      if (db <= sb) {
         /* truncation: the low part */
         unsigned h = db == 64 ? 4 : db == 32 ? 2 : 1;
         struct mval v = a;
         if (v.kind == MV_IMM)
            v.imm &= db == 64 ? ~0ull : (1ull << db) - 1;
         else if (v.kind == MV_ZEXT || v.kind == MV_SEXT)
            v.kind = MV_REG;
         v.halves = (uint8_t)h;
         c->map[I->index][0] = v;
         return true;
      }
      if (db == 64 && sb == 32) {
         if (a.kind == MV_IMM) {
            uint64_t x = sx ? (uint64_t)(int64_t)(int32_t)a.imm : a.imm;
            c->map[I->index][0] = imm(4, x);
            return true;
         }
         struct mval r = isel_reg(c, a);
         r.kind = sx ? MV_SEXT : MV_ZEXT;
         r.halves = 4;
         c->map[I->index][0] = r;
         return true;
      }
      if (db == 32 && sb == 16) {
         struct mval d = isel_dst(c, I, 0);
         if (sx)
            a = isel_reg(c, a); /* .sx is applied to register operands only */
         struct agx_minstr *mi = dst_instr(c, AGX_ISAOP_IADD, 0, d);
         isel_use(c, &mi, 1, a, false, false);
         isel_set(c, mi, 2, agx_isa_imm(0));
         if (sx)
            slot_mods(mi, 1, AGX_MOD_SX);
         return true;
      }
      break;
   }
   case AGX_OP_I2F:
   case AGX_OP_U2F:
   case AGX_OP_F2I:
   case AGX_OP_F2U: {
      const char *mode = NULL;
      bool tof = I->op == AGX_OP_I2F || I->op == AGX_OP_U2F;
      bool sgn = I->op == AGX_OP_I2F || I->op == AGX_OP_F2I;
      /* convert reads a 16-bit float source as f16 and rounds to f16 for a
       * 16-bit float destination */
      if (tof && (db == 32 || db == 16) && (sb == 32 || sb == 16))
         mode = sb == 32 ? (sgn ? "s32_to_f" : "u32_to_f") : (sgn ? "s16_to_f" : "u16_to_f");
      else if (!tof && (sb == 32 || sb == 16) && (db == 32 || db == 16 || db == 8))
         /* an 8-bit result is the low byte of the 16-bit one (in range,
          * the only defined case) */
         mode = db == 32 ? (sgn ? "f_to_s32" : "f_to_u32") : (sgn ? "f_to_s16" : "f_to_u16");
      if (!mode)
         break;
      struct mval d = isel_dst(c, I, 0), ra = isel_reg(c, a);
      struct agx_minstr *mi = isel_emit(c, AGX_OP_CONVERT);
      isel_set(c, mi, 0, agx_isa_str(mode));
      isel_def(c, mi, 1, d.vreg, d.off, d.halves, 1);
      isel_use(c, &mi, 2, ra, false, false);
      isel_set(c, mi, 3, agx_isa_str(tof ? "rte" : "rtz"));
      return true;
   }
   case AGX_OP_F2F:
      if ((db == 16 && sb == 32) || (db == 32 && sb == 16)) {
         f2f(c, isel_dst(c, I, 0), a);
         return true;
      }
      if (db == sb) {
         c->map[I->index][0] = a;
         return true;
      }
      break;
   default:
      return false;
   }
   isel_fail(c, "unsupported: %s from %u to %u bits", agx_op_infos[I->op].name, sb, db);
   return true;
}

/* fddx / fddy: the quad instructions dfdx / dfdy (float unary class,
 * applegpu; their kill-helpers bit stays clear so helper lanes keep
 * running for later derivatives). */
static bool
isel_deriv(struct isel *c, agx_instr *I)
{
   if (I->type.comps != 1 || (I->type.bits != 16 && I->type.bits != 32)) {
      isel_fail(c, "internal: derivative of a %ux%u value", I->type.bits, I->type.comps);
      return true;
   }
   funary(c, I->op == AGX_OP_FDDX ? AGX_OP_DFDX : AGX_OP_DFDY, isel_dst(c, I, 0),
          isel_src(c, I, 0, 0));
   return true;
}

bool
isel_alu(struct isel *c, agx_instr *I)
{
   if (I->op == AGX_OP_FDDX || I->op == AGX_OP_FDDY)
      return isel_deriv(c, I);
   if (agx_info(I)->kind != AGX_OPK_ALU)
      return false;
   if (I->type.comps != 1) {
      isel_fail(c, "internal: vector ALU %s (scalarize first)", agx_op_infos[I->op].name);
      return true;
   }
   return isel_conv(c, I) || isel_cmp(c, I) || isel_float(c, I) || isel_int(c, I) ||
          (isel_fail(c, "unsupported IR opcode %s", agx_op_infos[I->op].name), true);
}

bool
isel_combine(struct isel *c, unsigned irop, struct mval d, struct mval a, struct mval b)
{
   switch (irop) {
   case AGX_OP_IADD:
      emit_iadd(c, d, a, b, false);
      return true;
   case AGX_OP_IAND:
      emit_bitop(c, d, TT_AND, a, b, false);
      return true;
   case AGX_OP_IOR:
      emit_bitop(c, d, TT_OR, a, b, false);
      return true;
   case AGX_OP_IXOR:
      emit_bitop(c, d, TT_XOR, a, b, false);
      return true;
   case AGX_OP_IMIN:
   case AGX_OP_IMAX:
   case AGX_OP_UMIN:
   case AGX_OP_UMAX:
      emit_select(c, AGX_OP_ICMPSEL,
                  irop == AGX_OP_IMIN   ? "slt"
                  : irop == AGX_OP_IMAX ? "sgt"
                  : irop == AGX_OP_UMIN ? "ult"
                                        : "ugt",
                  d, a, b, a, b, false);
      return true;
   case AGX_OP_FADD:
      fbin(c, AGX_OP_FADD32, d, a, 0, b, 0);
      return true;
   case AGX_OP_FMUL:
      fmul_ieee(c, d, a, b);
      return true;
   default:
      return false;
   }
}
