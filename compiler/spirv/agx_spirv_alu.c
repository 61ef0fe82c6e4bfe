/* ALU, conversion, composite and GLSL.std.450 instructions. Assumes operands
 * were produced by earlier instructions in the walk (vtn_ssa_of fails
 * otherwise) and checks operand types against each IR opcode's typing rule
 * before building, so bad input gives an error rather than invalid IR.
 * Matrices are trees of column vectors; composites are trees of vtn_ssa. */
#include <math.h>
#include <string.h>

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>

#include "agx_ir_eval_helpers.h"
#include "agx_spirv_private.h"

/* --- values --------------------------------------------------------------- */

struct vtn_ssa *
vtn_ssa_leaf(struct vtn_ctx *c, struct vtn_type *t, agx_instr *def)
{
   struct vtn_ssa *s = vtn_alloc(c, sizeof(*s));
   s->type = t;
   s->def = def;
   return s;
}

static unsigned
num_elems(struct vtn_ctx *c, struct vtn_type *t)
{
   switch (t->base) {
   case VTN_MATRIX:
   case VTN_ARRAY:
   case VTN_STRUCT:
      if (t->len > 4096)
         vtn_fail(c, "aggregate of %u elements too large", t->len);
      return t->len;
   default:
      vtn_fail(c, "type %u is not an aggregate", t->id);
   }
}

static struct vtn_type *
elem_type(struct vtn_type *t, unsigned i)
{
   return t->base == VTN_STRUCT ? t->members[i] : t->elem;
}

struct vtn_ssa *
vtn_const_to_ssa(struct vtn_ctx *c, const struct vtn_const *k)
{
   struct vtn_type *t = k->type;
   if (vtn_type_is_scalar_or_vector(t))
      return vtn_ssa_leaf(c, t, agx_const(&c->b, vtn_ir_type(c, t), k->v));
   unsigned n = num_elems(c, t);
   struct vtn_ssa *s = vtn_ssa_leaf(c, t, NULL);
   s->elems = vtn_alloc(c, sizeof(*s->elems) * n);
   for (unsigned i = 0; i < n; i++) {
      if (!k->elems)
         vtn_fail(c, "malformed composite constant");
      s->elems[i] = vtn_const_to_ssa(c, k->elems[i]);
   }
   return s;
}

struct vtn_ssa *
vtn_undef_ssa(struct vtn_ctx *c, struct vtn_type *t)
{
   if (vtn_type_is_scalar_or_vector(t))
      return vtn_ssa_leaf(c, t, agx_undef(&c->b, vtn_ir_type(c, t)));
   /* Images, samplers and runtime arrays have no value to build: a leaf
    * without a definition, which any use as an operand rejects. */
   if (t->base == VTN_OPAQUE || t->base == VTN_RTARRAY || t->base == VTN_IMAGE ||
       t->base == VTN_SAMPLED_IMAGE)
      return vtn_ssa_leaf(c, t, NULL);
   unsigned n = num_elems(c, t);
   struct vtn_ssa *s = vtn_ssa_leaf(c, t, NULL);
   s->elems = vtn_alloc(c, sizeof(*s->elems) * n);
   for (unsigned i = 0; i < n; i++)
      s->elems[i] = vtn_undef_ssa(c, elem_type(t, i));
   return s;
}

struct vtn_ssa *
vtn_ssa_of(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind == VK_SSA)
      return v->ssa;
   if (v->kind == VK_CONST)
      return vtn_const_to_ssa(c, v->cnst);
   if ((v->kind == VK_VAR || v->kind == VK_PTR) && c->physical64)
      return vtn_pointer_ssa(c, id); /* OpenCL pointers are values when needed */
   vtn_fail(c, "id %u is not a value", id);
}

agx_instr *
vtn_def(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_ssa *s = vtn_ssa_of(c, id);
   if (!s->def)
      vtn_fail(c, "id %u is not a scalar or vector", id);
   return s->def;
}

void
vtn_push_ssa(struct vtn_ctx *c, uint32_t id, struct vtn_ssa *s)
{
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind != VK_NONE && v->kind != VK_SSA)
      vtn_fail(c, "id %u defined twice", id);
   v->kind = VK_SSA;
   v->ssa = s;
}

void
vtn_push_def(struct vtn_ctx *c, uint32_t id, struct vtn_type *t, agx_instr *def)
{
   if (!agx_type_eq(def->type, vtn_ir_type(c, t)))
      vtn_fail(c, "result type does not match the operation (%u x %u)", def->type.bits,
               def->type.comps);
   vtn_push_ssa(c, id, vtn_ssa_leaf(c, t, def));
}

/* --- helpers --------------------------------------------------------------- */

static agx_instr *
fimm(struct vtn_ctx *c, agx_type t, double d)
{
   uint64_t v = agx_from_double(d, t.bits);
   uint64_t vals[4] = {v, v, v, v};
   return agx_const(&c->b, t, vals);
}

static agx_instr *
splat(struct vtn_ctx *c, agx_instr *s, unsigned n)
{
   agx_instr *comps[4] = {s, s, s, s};
   return n == 1 ? s : agx_vec(&c->b, n, comps);
}

static agx_instr *
dot(struct vtn_ctx *c, agx_instr *a, agx_instr *b)
{
   agx_instr *m = agx_fmul(&c->b, a, b);
   agx_instr *sum = agx_extract(&c->b, m, 0);
   for (unsigned i = 1; i < m->type.comps; i++)
      sum = agx_fadd(&c->b, sum, agx_extract(&c->b, m, i));
   return sum;
}

static void
need_same(struct vtn_ctx *c, agx_instr *a, agx_instr *b)
{
   if (!agx_type_eq(a->type, b->type))
      vtn_fail(c, "operand types differ (%ux%u vs %ux%u)", a->type.bits, a->type.comps,
               b->type.bits, b->type.comps);
}

static void
need_float(struct vtn_ctx *c, agx_instr *a)
{
   if (a->type.bits != 16 && a->type.bits != 32 && a->type.bits != 64)
      vtn_fail(c, "float operation on %u-bit values", a->type.bits);
}

/* --- table-driven ALU ------------------------------------------------------ */

enum alu_kind { K_SAME, K_CMP, K_SWAPCMP, K_CONV, K_SHIFT, K_SEL, K_BITFIELD };

struct alu_map {
   uint16_t spv, op;
   uint8_t kind;
};

static const struct alu_map alu_table[] = {
   {SpvOpSNegate, AGX_OP_INEG, K_SAME},
   {SpvOpFNegate, AGX_OP_FNEG, K_SAME},
   {SpvOpIAdd, AGX_OP_IADD, K_SAME},
   {SpvOpFAdd, AGX_OP_FADD, K_SAME},
   {SpvOpISub, AGX_OP_ISUB, K_SAME},
   {SpvOpFSub, AGX_OP_FSUB, K_SAME},
   {SpvOpIMul, AGX_OP_IMUL, K_SAME},
   {SpvOpFMul, AGX_OP_FMUL, K_SAME},
   {SpvOpUDiv, AGX_OP_UDIV, K_SAME},
   {SpvOpSDiv, AGX_OP_IDIV, K_SAME},
   {SpvOpFDiv, AGX_OP_FDIV, K_SAME},
   {SpvOpUMod, AGX_OP_UMOD, K_SAME},
   {SpvOpSRem, AGX_OP_IREM, K_SAME},
   {SpvOpSMod, AGX_OP_IMOD, K_SAME},
   {SpvOpFRem, AGX_OP_FREM, K_SAME},
   {SpvOpFMod, AGX_OP_FMOD, K_SAME},
   {SpvOpShiftRightLogical, AGX_OP_USHR, K_SHIFT},
   {SpvOpShiftRightArithmetic, AGX_OP_ISHR, K_SHIFT},
   {SpvOpShiftLeftLogical, AGX_OP_ISHL, K_SHIFT},
   {SpvOpBitwiseOr, AGX_OP_IOR, K_SAME},
   {SpvOpBitwiseXor, AGX_OP_IXOR, K_SAME},
   {SpvOpBitwiseAnd, AGX_OP_IAND, K_SAME},
   {SpvOpNot, AGX_OP_INOT, K_SAME},
   {SpvOpBitReverse, AGX_OP_BIT_REVERSE, K_SAME},
   {SpvOpBitCount, AGX_OP_BIT_COUNT, K_CONV},
   {SpvOpBitFieldInsert, AGX_OP_BFI, K_BITFIELD},
   {SpvOpBitFieldSExtract, AGX_OP_IBFE, K_BITFIELD},
   {SpvOpBitFieldUExtract, AGX_OP_UBFE, K_BITFIELD},
   {SpvOpLogicalEqual, AGX_OP_IEQ, K_CMP},
   {SpvOpLogicalNotEqual, AGX_OP_INE, K_CMP},
   {SpvOpLogicalOr, AGX_OP_IOR, K_SAME},
   {SpvOpLogicalAnd, AGX_OP_IAND, K_SAME},
   {SpvOpLogicalNot, AGX_OP_INOT, K_SAME},
   {SpvOpIEqual, AGX_OP_IEQ, K_CMP},
   {SpvOpINotEqual, AGX_OP_INE, K_CMP},
   {SpvOpUGreaterThan, AGX_OP_ULT, K_SWAPCMP},
   {SpvOpSGreaterThan, AGX_OP_ILT, K_SWAPCMP},
   {SpvOpUGreaterThanEqual, AGX_OP_UGE, K_CMP},
   {SpvOpSGreaterThanEqual, AGX_OP_IGE, K_CMP},
   {SpvOpULessThan, AGX_OP_ULT, K_CMP},
   {SpvOpSLessThan, AGX_OP_ILT, K_CMP},
   {SpvOpULessThanEqual, AGX_OP_UGE, K_SWAPCMP},
   {SpvOpSLessThanEqual, AGX_OP_IGE, K_SWAPCMP},
   {SpvOpFOrdEqual, AGX_OP_FEQ, K_CMP},
   {SpvOpFUnordEqual, AGX_OP_FEQU, K_CMP},
   {SpvOpFOrdNotEqual, AGX_OP_FNE, K_CMP},
   {SpvOpFUnordNotEqual, AGX_OP_FNEU, K_CMP},
   {SpvOpFOrdLessThan, AGX_OP_FLT, K_CMP},
   {SpvOpFUnordLessThan, AGX_OP_FLTU, K_CMP},
   {SpvOpFOrdGreaterThan, AGX_OP_FGT, K_CMP},
   {SpvOpFUnordGreaterThan, AGX_OP_FGTU, K_CMP},
   {SpvOpFOrdLessThanEqual, AGX_OP_FLE, K_CMP},
   {SpvOpFUnordLessThanEqual, AGX_OP_FLEU, K_CMP},
   {SpvOpFOrdGreaterThanEqual, AGX_OP_FGE, K_CMP},
   {SpvOpFUnordGreaterThanEqual, AGX_OP_FGEU, K_CMP},
   {SpvOpIsNan, AGX_OP_FISNAN, K_CMP},
   {SpvOpIsInf, AGX_OP_FISINF, K_CMP},
   {SpvOpConvertFToU, AGX_OP_F2U, K_CONV},
   {SpvOpConvertFToS, AGX_OP_F2I, K_CONV},
   {SpvOpConvertSToF, AGX_OP_I2F, K_CONV},
   {SpvOpConvertUToF, AGX_OP_U2F, K_CONV},
   {SpvOpUConvert, AGX_OP_U2U, K_CONV},
   {SpvOpSConvert, AGX_OP_I2I, K_CONV},
   {SpvOpFConvert, AGX_OP_F2F, K_CONV},
   {SpvOpSelect, AGX_OP_BCSEL, K_SEL},
};

static const struct alu_map *
find_alu(unsigned spv)
{
   for (unsigned i = 0; i < sizeof(alu_table) / sizeof(alu_table[0]); i++)
      if (alu_table[i].spv == spv)
         return &alu_table[i];
   return NULL;
}

/* Float to 64-bit integer of one f16/f32 component: the truncated
 * magnitude splits exactly into 2^32 * hi + lo (for magnitudes of 2^32 and
 * more the float's ulp is a multiple of 512, so the subtraction is exact),
 * each half converted to 32 bits; signed results negate. */
static agx_instr *
f2x64(agx_builder *b, agx_instr *x, bool sgn)
{
   if (x->type.bits == 16)
      x = agx_f2f(b, 32, x);
   agx_instr *t = agx_ftrunc(b, x), *mag = sgn ? agx_fabs(b, t) : t;
   agx_instr *hf = agx_ffloor(b, agx_fmul(b, mag, agx_imm(b, 32, 0x2f800000u /* 2^-32 */)));
   agx_instr *lo =
      agx_f2u(b, 32, agx_fsub(b, mag, agx_fmul(b, hf, agx_imm(b, 32, 0x4f800000u /* 2^32 */))));
   agx_instr *r = agx_ior(b, agx_u2u(b, 64, lo),
                          agx_ishl(b, agx_u2u(b, 64, agx_f2u(b, 32, hf)), agx_imm(b, 32, 32)));
   return sgn ? agx_bcsel(b, agx_flt(b, t, agx_imm(b, 32, 0)), agx_ineg(b, r), r) : r;
}

/* Conversions the back end has no instruction for go through a 32-bit
 * step: 8-bit integers to float, 8/16-bit ones to 64 bits, f16/f32 to
 * 64-bit integers.
 * NULL when the conversion is direct. */
static agx_instr *
conv_steps(agx_builder *b, enum agx_op op, agx_type dt, agx_instr *a)
{
   unsigned sb = a->type.bits;
   bool sx = op == AGX_OP_I2F || op == AGX_OP_I2I;
   bool to_float = op == AGX_OP_I2F || op == AGX_OP_U2F;
   bool to_int64 = dt.bits == 64 && (op == AGX_OP_I2I || op == AGX_OP_U2U);
   if ((sb == 8 && to_float) || ((sb == 8 || sb == 16) && to_int64)) {
      agx_instr *w = sx ? agx_i2i(b, 32, a) : agx_u2u(b, 32, a);
      return agx_build(b, op, dt, 1, w, NULL, NULL, NULL);
   }
   if ((op == AGX_OP_F2I || op == AGX_OP_F2U) && dt.bits == 64 && sb <= 32) {
      agx_instr *comps[16];
      for (unsigned k = 0; k < dt.comps; k++)
         comps[k] = f2x64(b, agx_extract(b, a, k), op == AGX_OP_F2I);
      return dt.comps == 1 ? comps[0] : agx_vec(b, dt.comps, comps);
   }
   return NULL;
}

static agx_instr *
build_alu(struct vtn_ctx *c, const struct alu_map *m, agx_type dt, agx_instr **s, unsigned n)
{
   const struct agx_op_info *info = &agx_op_infos[m->op];
   unsigned want = info->num_srcs;
   if (n != want)
      vtn_fail(c, "%u operands, %s takes %u", n, info->name, want);
   if (m->kind == K_SWAPCMP) {
      agx_instr *t = s[0];
      s[0] = s[1];
      s[1] = t;
   }
   if (info->src_class == 'f')
      need_float(c, s[0]);
   if (info->dst_class == 'f' && dt.bits != 16 && dt.bits != 32 && dt.bits != 64)
      vtn_fail(c, "float result of %u bits", dt.bits);
   switch (m->kind) {
   case K_SAME:
      for (unsigned i = 0; i < n; i++)
         need_same(c, s[i], s[0]);
      if (!agx_type_eq(s[0]->type, dt))
         vtn_fail(c, "result type differs from operands");
      break;
   case K_CMP:
   case K_SWAPCMP:
      for (unsigned i = 0; i < n; i++)
         need_same(c, s[i], s[0]);
      if (dt.bits != 1 || dt.comps != s[0]->type.comps)
         vtn_fail(c, "comparison result must be bool with matching components");
      break;
   case K_CONV:
      if (dt.comps != s[0]->type.comps)
         vtn_fail(c, "conversion changes the component count");
      if (s[0]->type.bits == 1)
         vtn_fail(c, "conversion of a boolean");
      break;
   case K_SHIFT:
      if (!agx_type_eq(s[0]->type, dt) || s[1]->type.comps != dt.comps || s[1]->type.bits == 1)
         vtn_fail(c, "bad shift operands");
      break;
   case K_SEL:
      if (s[0]->type.bits != 1 || (s[0]->type.comps != 1 && s[0]->type.comps != dt.comps))
         vtn_fail(c, "select condition must be bool");
      need_same(c, s[1], s[2]);
      if (!agx_type_eq(s[1]->type, dt))
         vtn_fail(c, "select result type differs");
      break;
   case K_BITFIELD:
      if (!agx_type_eq(s[0]->type, dt) || dt.bits == 1)
         vtn_fail(c, "bad bitfield base");
      if (m->op == AGX_OP_BFI)
         need_same(c, s[1], s[0]);
      for (unsigned i = n - 2; i < n; i++)
         if (s[i]->type.comps != 1 || s[i]->type.bits == 1)
            vtn_fail(c, "bitfield offset/count must be integer scalars");
      break;
   }
   if (m->kind == K_CONV) {
      agx_instr *r = conv_steps(&c->b, m->op, dt, s[0]);
      if (r)
         return r;
   }
   return agx_build(&c->b, m->op, dt, n, s[0], n > 1 ? s[1] : NULL, n > 2 ? s[2] : NULL,
                    n > 3 ? s[3] : NULL);
}

bool
vtn_eval_spec_op(struct vtn_ctx *c, unsigned spv_op, struct vtn_type *t,
                 const struct vtn_const **srcs, unsigned n, struct vtn_const *out)
{
   const struct alu_map *m = find_alu(spv_op);
   if (!m || !vtn_type_is_scalar_or_vector(t) || n != (unsigned)agx_op_infos[m->op].num_srcs)
      return false;
   const struct vtn_const *s[4] = {srcs[0], n > 1 ? srcs[1] : NULL, n > 2 ? srcs[2] : NULL, NULL};
   for (unsigned i = 0; i < n; i++)
      if (!vtn_type_is_scalar_or_vector(s[i]->type))
         return false;
   if (m->kind == K_SWAPCMP) {
      const struct vtn_const *x = s[0];
      s[0] = s[1];
      s[1] = x;
   }
   unsigned comps = t->base == VTN_VECTOR ? t->len : 1;
   unsigned sel = m->kind == K_SEL ? 1 : 0;
   unsigned B = vtn_ir_type(c, s[sel]->type).bits, DB = vtn_ir_type(c, t).bits;
   for (unsigned k = 0; k < comps; k++) {
      uint64_t v[4] = {0, 0, 0, 0};
      for (unsigned i = 0; i < n; i++)
         v[i] = s[i]->v[s[i]->type->base == VTN_VECTOR ? (k < s[i]->type->len ? k : 0) : 0];
      if (!agx_eval_scalar((enum agx_op)m->op, B, DB, v, &out->v[k]))
         return false;
   }
   return true;
}

/* --- matrices --------------------------------------------------------------- */

static struct vtn_ssa *
matrix_of(struct vtn_ctx *c, uint32_t id)
{
   struct vtn_ssa *s = vtn_ssa_of(c, id);
   if (s->type->base != VTN_MATRIX || !s->elems)
      vtn_fail(c, "id %u is not a matrix", id);
   return s;
}

static struct vtn_ssa *
new_matrix(struct vtn_ctx *c, struct vtn_type *t)
{
   if (t->base != VTN_MATRIX)
      vtn_fail(c, "result is not a matrix");
   struct vtn_ssa *r = vtn_ssa_leaf(c, t, NULL);
   r->elems = vtn_alloc(c, sizeof(*r->elems) * t->len);
   return r;
}

static agx_instr *
mat_times_vec(struct vtn_ctx *c, struct vtn_ssa *m, agx_instr *v)
{
   if (v->type.comps != m->type->len)
      vtn_fail(c, "matrix/vector size mismatch");
   agx_instr *acc = NULL;
   for (unsigned i = 0; i < m->type->len; i++) {
      agx_instr *col = m->elems[i]->def;
      agx_instr *t = agx_fmul(&c->b, col, splat(c, agx_extract(&c->b, v, i), col->type.comps));
      acc = acc ? agx_fadd(&c->b, acc, t) : t;
   }
   return acc;
}

static bool
handle_matrix(struct vtn_ctx *c, unsigned i, unsigned op, struct vtn_type *t, uint32_t id)
{
   switch (op) {
   case SpvOpMatrixTimesVector:
      vtn_push_def(
         c, id, t,
         mat_times_vec(c, matrix_of(c, vtn_word(c, i, 3)), vtn_def(c, vtn_word(c, i, 4))));
      return true;
   case SpvOpVectorTimesMatrix: {
      agx_instr *v = vtn_def(c, vtn_word(c, i, 3));
      struct vtn_ssa *m = matrix_of(c, vtn_word(c, i, 4));
      agx_instr *comps[4];
      if (m->type->len > 4)
         vtn_fail(c, "bad matrix");
      for (unsigned k = 0; k < m->type->len; k++) {
         need_same(c, v, m->elems[k]->def);
         comps[k] = dot(c, v, m->elems[k]->def);
      }
      vtn_push_def(c, id, t, agx_vec(&c->b, m->type->len, comps));
      return true;
   }
   case SpvOpMatrixTimesScalar: {
      struct vtn_ssa *m = matrix_of(c, vtn_word(c, i, 3));
      agx_instr *s = vtn_def(c, vtn_word(c, i, 4));
      struct vtn_ssa *r = new_matrix(c, t);
      for (unsigned k = 0; k < t->len; k++) {
         agx_instr *col = m->elems[k]->def;
         r->elems[k] = vtn_ssa_leaf(c, t->elem, agx_fmul(&c->b, col, splat(c, s, col->type.comps)));
      }
      vtn_push_ssa(c, id, r);
      return true;
   }
   case SpvOpMatrixTimesMatrix: {
      struct vtn_ssa *a = matrix_of(c, vtn_word(c, i, 3)), *bm = matrix_of(c, vtn_word(c, i, 4));
      struct vtn_ssa *r = new_matrix(c, t);
      if (t->len != bm->type->len)
         vtn_fail(c, "matrix size mismatch");
      for (unsigned k = 0; k < t->len; k++)
         r->elems[k] = vtn_ssa_leaf(c, t->elem, mat_times_vec(c, a, bm->elems[k]->def));
      vtn_push_ssa(c, id, r);
      return true;
   }
   case SpvOpTranspose: {
      struct vtn_ssa *m = matrix_of(c, vtn_word(c, i, 3));
      struct vtn_ssa *r = new_matrix(c, t);
      if (t->elem->len != m->type->len || m->type->elem->len != t->len)
         vtn_fail(c, "transpose size mismatch");
      for (unsigned k = 0; k < t->len; k++) {
         agx_instr *comps[4];
         for (unsigned j = 0; j < m->type->len; j++)
            comps[j] = agx_extract(&c->b, m->elems[j]->def, k);
         r->elems[k] = vtn_ssa_leaf(c, t->elem, agx_vec(&c->b, m->type->len, comps));
      }
      vtn_push_ssa(c, id, r);
      return true;
   }
   case SpvOpOuterProduct: {
      agx_instr *a = vtn_def(c, vtn_word(c, i, 3)), *bv = vtn_def(c, vtn_word(c, i, 4));
      struct vtn_ssa *r = new_matrix(c, t);
      if (t->len != bv->type.comps)
         vtn_fail(c, "outer product size mismatch");
      for (unsigned k = 0; k < t->len; k++)
         r->elems[k] = vtn_ssa_leaf(
            c, t->elem, agx_fmul(&c->b, a, splat(c, agx_extract(&c->b, bv, k), a->type.comps)));
      vtn_push_ssa(c, id, r);
      return true;
   }
   default:
      return false;
   }
}

/* --- dispatcher ------------------------------------------------------------ */

static agx_instr *
bitcast(struct vtn_ctx *c, agx_instr *v, agx_type dt)
{
   agx_builder *b = &c->b;
   if (v->type.bits * v->type.comps != dt.bits * dt.comps || v->type.bits == 1 || dt.bits == 1)
      vtn_fail(c, "bitcast between types of different sizes");
   if (v->type.bits == dt.bits)
      return agx_bitcast(b, dt.bits, v);
   /* Different component sizes: components are packed little-endian, the
    * lower-numbered one in the low bits (SPIR-V OpBitcast). */
   agx_instr *comps[16];
   if (dt.comps > 16)
      vtn_fail(c, "bitcast to %u components not supported", dt.comps);
   if (v->type.bits < dt.bits) {
      unsigned ratio = dt.bits / v->type.bits;
      for (unsigned k = 0; k < dt.comps; k++) {
         agx_instr *acc = NULL;
         for (unsigned j = 0; j < ratio; j++) {
            agx_instr *part = agx_u2u(b, dt.bits, agx_extract(b, v, k * ratio + j));
            if (j)
               part = agx_ishl(b, part, agx_imm(b, 32, j * v->type.bits));
            acc = acc ? agx_ior(b, acc, part) : part;
         }
         comps[k] = acc;
      }
   } else {
      unsigned ratio = v->type.bits / dt.bits;
      for (unsigned k = 0; k < v->type.comps; k++) {
         agx_instr *src = agx_extract(b, v, k);
         for (unsigned j = 0; j < ratio; j++)
            comps[k * ratio + j] =
               agx_u2u(b, dt.bits, j ? agx_ushr(b, src, agx_imm(b, 32, j * dt.bits)) : src);
      }
   }
   return dt.comps == 1 ? comps[0] : agx_vec(b, dt.comps, comps);
}

/* f32 -> f16 rounded toward zero (FPRoundingMode RTZ) from the
 * round-to-nearest result h: where h is larger in magnitude than x, the
 * next f16 toward zero (bits - 1; infinity becomes the largest finite
 * value). NaN and exact results compare false and stay. */
static agx_instr *
f2f16_rtz(agx_builder *b, agx_instr *x, agx_instr *h)
{
   agx_instr *comps[16];
   for (unsigned k = 0; k < x->type.comps; k++) {
      agx_instr *xk = agx_extract(b, x, k), *hk = agx_extract(b, h, k);
      agx_instr *over = agx_flt(b, agx_fabs(b, xk), agx_fabs(b, agx_f2f(b, 32, hk)));
      agx_instr *down = agx_bitcast(b, 16, agx_isub(b, agx_bitcast(b, 16, hk), agx_imm(b, 16, 1)));
      comps[k] = agx_bcsel(b, over, down, hk);
   }
   return x->type.comps == 1 ? comps[0] : agx_vec(b, x->type.comps, comps);
}

/* Two-result operations (OpIAddCarry, OpISubBorrow, OpU/SMulExtended): the
 * result type is a struct { T lo/result; T hi/carry }, so it is handled
 * before the result type is turned into an IR scalar/vector type. */
static void
extended_arith(struct vtn_ctx *c, unsigned i, unsigned op, struct vtn_type *t, uint32_t id)
{
   agx_builder *b = &c->b;
   agx_instr *a = vtn_def(c, vtn_word(c, i, 3));
   agx_instr *x = vtn_def(c, vtn_word(c, i, 4));
   need_same(c, a, x);
   if (t->base != VTN_STRUCT || t->len != 2 || a->type.bits == 1)
      vtn_fail(c, "bad extended arithmetic");
   agx_instr *r0, *r1;
   uint64_t ones[4] = {1, 1, 1, 1}, zeros[4] = {0, 0, 0, 0};
   agx_instr *k1 = agx_const(b, a->type, ones), *k0 = agx_const(b, a->type, zeros);
   switch (op) {
   case SpvOpIAddCarry:
      r0 = agx_iadd(b, a, x);
      r1 = agx_bcsel(b, agx_ult(b, r0, a), k1, k0);
      break;
   case SpvOpISubBorrow:
      r0 = agx_isub(b, a, x);
      r1 = agx_bcsel(b, agx_ult(b, a, x), k1, k0);
      break;
   case SpvOpUMulExtended:
      r0 = agx_imul(b, a, x);
      r1 = agx_umul_high(b, a, x);
      break;
   default:
      r0 = agx_imul(b, a, x);
      r1 = agx_imul_high(b, a, x);
      break;
   }
   if (!agx_type_eq(vtn_ir_type(c, t->members[0]), a->type) ||
       !agx_type_eq(vtn_ir_type(c, t->members[1]), a->type))
      vtn_fail(c, "bad extended arithmetic result type");
   struct vtn_ssa *s = vtn_ssa_leaf(c, t, NULL);
   s->elems = vtn_alloc(c, 2 * sizeof(*s->elems));
   s->elems[0] = vtn_ssa_leaf(c, t->members[0], r0);
   s->elems[1] = vtn_ssa_leaf(c, t->members[1], r1);
   vtn_push_ssa(c, id, s);
}

bool
vtn_handle_alu(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   const struct alu_map *m = find_alu(op);
   bool special = op == SpvOpBitcast || op == SpvOpConvertPtrToU || op == SpvOpConvertUToPtr ||
                  op == SpvOpVectorTimesScalar || op == SpvOpDot || op == SpvOpAny ||
                  op == SpvOpAll || op == SpvOpIAddCarry || op == SpvOpISubBorrow ||
                  op == SpvOpUMulExtended || op == SpvOpSMulExtended ||
                  op == SpvOpMatrixTimesVector || op == SpvOpVectorTimesMatrix ||
                  op == SpvOpMatrixTimesScalar || op == SpvOpMatrixTimesMatrix ||
                  op == SpvOpTranspose || op == SpvOpOuterProduct || op == SpvOpQuantizeToF16;
   if (!m && !special)
      return false;
   struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   agx_builder *b = &c->b;
   if (handle_matrix(c, i, op, t, id))
      return true;
   if (op == SpvOpIAddCarry || op == SpvOpISubBorrow || op == SpvOpUMulExtended ||
       op == SpvOpSMulExtended) {
      extended_arith(c, i, op, t, id);
      return true;
   }
   agx_type dt = vtn_ir_type(c, t);
   if (m) {
      agx_instr *s[4];
      unsigned n = vtn_wc(c, i) - 3;
      if (n > 4)
         vtn_fail(c, "too many operands");
      for (unsigned k = 0; k < n; k++)
         s[k] = vtn_def(c, vtn_word(c, i, 3 + k));
      agx_instr *r = build_alu(c, m, dt, s, n);
      if (op == SpvOpFConvert && dt.bits == 16 && s[0]->type.bits == 32) {
         struct vtn_decoration *d = vtn_find_dec(c, id, -1, SpvDecorationFPRoundingMode);
         if (d && d->arg[0] == SpvFPRoundingModeRTZ)
            r = f2f16_rtz(b, s[0], r);
      }
      vtn_push_def(c, id, t, r);
      return true;
   }
   agx_instr *a = vtn_def(c, vtn_word(c, i, 3));
   agx_instr *r;
   switch (op) {
   case SpvOpBitcast:
   case SpvOpConvertPtrToU:
   case SpvOpConvertUToPtr:
      if (op == SpvOpBitcast)
         r = bitcast(c, a, dt);
      else if (a->type.comps != 1 || dt.comps != 1 || a->type.bits == 1)
         vtn_fail(c, "bad pointer conversion");
      else
         r = agx_resize(b, a, dt.bits, false);
      if (r == a)
         r = agx_build(b, AGX_OP_MOV, a->type, 1, a, NULL, NULL, NULL);
      break;
   case SpvOpVectorTimesScalar: {
      agx_instr *s = vtn_def(c, vtn_word(c, i, 4));
      need_float(c, a);
      if (s->type.comps != 1 || s->type.bits != a->type.bits)
         vtn_fail(c, "bad scalar operand");
      r = agx_fmul(b, a, splat(c, s, a->type.comps));
      break;
   }
   case SpvOpDot: {
      agx_instr *v = vtn_def(c, vtn_word(c, i, 4));
      need_same(c, a, v);
      need_float(c, a);
      r = dot(c, a, v);
      break;
   }
   case SpvOpQuantizeToF16: {
      /* Round to half precision (f32 -> f16 -> f32, overflow gives an
       * infinity, NaN stays NaN); results below the smallest normal half
       * (2^-14) become zero, as OpQuantizeToF16 allows +0 or -0. */
      if (a->type.bits != 32 || !agx_type_eq(a->type, dt))
         vtn_fail(c, "OpQuantizeToF16 needs 32-bit floats");
      need_float(c, a);
      agx_instr *q = agx_f2f(b, 32, agx_f2f(b, 16, a));
      uint64_t min_normal[4], zero[4] = {0, 0, 0, 0};
      for (unsigned k = 0; k < 4; k++)
         min_normal[k] = 0x38800000u; /* 2^-14 */
      r = agx_bcsel(b, agx_flt(b, agx_fabs(b, q), agx_const(b, a->type, min_normal)),
                    agx_const(b, a->type, zero), q);
      break;
   }
   case SpvOpAny:
   case SpvOpAll:
      if (a->type.bits != 1)
         vtn_fail(c, "Any/All of a non-boolean");
      r = agx_extract(b, a, 0);
      for (unsigned k = 1; k < a->type.comps; k++)
         r = op == SpvOpAny ? agx_ior(b, r, agx_extract(b, a, k))
                            : agx_iand(b, r, agx_extract(b, a, k));
      if (r == a)
         r = agx_build(b, AGX_OP_MOV, a->type, 1, a, NULL, NULL, NULL);
      break;
   default:
      return false;
   }
   vtn_push_def(c, id, t, r);
   return true;
}

/* --- composites ------------------------------------------------------------ */

static struct vtn_ssa *
insert_at(struct vtn_ctx *c, struct vtn_ssa *base, unsigned i, unsigned k, struct vtn_ssa *obj)
{
   if (k == vtn_wc(c, i))
      return obj;
   uint32_t idx = vtn_word(c, i, k);
   if (base->def) {
      if (k + 1 != vtn_wc(c, i) || idx >= base->def->type.comps || !obj->def)
         vtn_fail(c, "bad vector insert");
      agx_instr *comps[4];
      for (unsigned j = 0; j < base->def->type.comps; j++)
         comps[j] = j == idx ? obj->def : agx_extract(&c->b, base->def, j);
      if (comps[idx]->type.comps != 1 || comps[idx]->type.bits != base->def->type.bits)
         vtn_fail(c, "inserted component has the wrong type");
      return vtn_ssa_leaf(c, base->type, agx_vec(&c->b, base->def->type.comps, comps));
   }
   unsigned n = num_elems(c, base->type);
   if (idx >= n)
      vtn_fail(c, "composite index %u out of range", idx);
   struct vtn_ssa *r = vtn_ssa_leaf(c, base->type, NULL);
   r->elems = vtn_alloc(c, sizeof(*r->elems) * n);
   memcpy(r->elems, base->elems, sizeof(*r->elems) * n);
   r->elems[idx] = insert_at(c, base->elems[idx], i, k + 1, obj);
   return r;
}

static agx_instr *
dyn_extract(struct vtn_ctx *c, agx_instr *v, agx_instr *idx)
{
   agx_builder *b = &c->b;
   if (idx->type.comps != 1 || idx->type.bits == 1)
      vtn_fail(c, "dynamic index must be an integer scalar");
   agx_instr *r = agx_extract(b, v, 0);
   for (unsigned k = 1; k < v->type.comps; k++) {
      agx_instr *is = agx_ieq(b, idx, agx_imm(b, idx->type.bits, k));
      r = agx_bcsel(b, is, agx_extract(b, v, k), r);
   }
   return r;
}

/* OpCopyLogical: the same value under a type with the same shape (typically
 * an explicitly laid out struct copied into a function-storage one). */
static struct vtn_ssa *
retype(struct vtn_ctx *c, struct vtn_ssa *s, struct vtn_type *t, unsigned depth)
{
   if (depth > 32)
      vtn_fail(c, "type nested too deeply");
   if (s->def) {
      if (!vtn_type_is_scalar_or_vector(t) || !agx_type_eq(vtn_ir_type(c, t), s->def->type))
         vtn_fail(c, "OpCopyLogical between different shapes");
      return vtn_ssa_leaf(c, t, s->def);
   }
   if (vtn_type_is_scalar_or_vector(t) || t->base != s->type->base || t->len != s->type->len)
      vtn_fail(c, "OpCopyLogical between different shapes");
   unsigned n = num_elems(c, t);
   struct vtn_ssa *r = vtn_ssa_leaf(c, t, NULL);
   r->elems = vtn_alloc(c, sizeof(*r->elems) * n);
   for (unsigned k = 0; k < n; k++)
      r->elems[k] = retype(c, s->elems[k], elem_type(t, k), depth + 1);
   return r;
}

bool
vtn_handle_composite(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   switch (op) {
   case SpvOpCompositeConstruct:
   case SpvOpCompositeExtract:
   case SpvOpCompositeInsert:
   case SpvOpVectorShuffle:
   case SpvOpVectorExtractDynamic:
   case SpvOpVectorInsertDynamic:
   case SpvOpCopyObject:
   case SpvOpCopyLogical:
   case SpvOpUndef:
      break;
   default:
      return false;
   }
   struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   agx_builder *b = &c->b;
   unsigned wc = vtn_wc(c, i);
   switch (op) {
   case SpvOpUndef:
      vtn_push_ssa(c, id, vtn_undef_ssa(c, t));
      return true;
   case SpvOpCopyObject:
   case SpvOpCopyLogical: {
      struct vtn_value *src = vtn_val(c, vtn_word(c, i, 3));
      if (src->kind == VK_VAR || src->kind == VK_PTR) {
         struct vtn_value *dst = vtn_val(c, id);
         if (dst->kind != VK_NONE)
            vtn_fail(c, "id %u defined twice", id);
         struct vtn_decoration *d = dst->decs;
         *dst = *src;
         dst->decs = d;
         return true;
      }
      struct vtn_ssa *sv = vtn_ssa_of(c, vtn_word(c, i, 3));
      vtn_push_ssa(c, id, op == SpvOpCopyLogical ? retype(c, sv, t, 0) : sv);
      return true;
   }
   case SpvOpCompositeConstruct: {
      if (t->base == VTN_VECTOR) {
         agx_instr *comps[4];
         unsigned n = 0;
         for (unsigned k = 3; k < wc; k++) {
            agx_instr *v = vtn_def(c, vtn_word(c, i, k));
            for (unsigned j = 0; j < v->type.comps; j++) {
               if (n >= t->len)
                  vtn_fail(c, "too many components");
               comps[n++] = agx_extract(b, v, j);
            }
         }
         if (n != t->len)
            vtn_fail(c, "%u components for a %u-vector", n, t->len);
         for (unsigned j = 0; j < n; j++)
            if (comps[j]->type.bits != vtn_ir_type(c, t).bits)
               vtn_fail(c, "component type mismatch");
         vtn_push_def(c, id, t, agx_vec(b, n, comps));
         return true;
      }
      unsigned n = num_elems(c, t);
      if (wc - 3 != n)
         vtn_fail(c, "%u constituents, type has %u", wc - 3, n);
      struct vtn_ssa *s = vtn_ssa_leaf(c, t, NULL);
      s->elems = vtn_alloc(c, sizeof(*s->elems) * n);
      for (unsigned k = 0; k < n; k++) {
         s->elems[k] = vtn_ssa_of(c, vtn_word(c, i, 3 + k));
         if (s->elems[k]->type != elem_type(t, k))
            vtn_fail(c, "constituent %u has the wrong type", k);
      }
      vtn_push_ssa(c, id, s);
      return true;
   }
   case SpvOpCompositeExtract: {
      struct vtn_ssa *s = vtn_ssa_of(c, vtn_word(c, i, 3));
      for (unsigned k = 4; k < wc; k++) {
         uint32_t idx = vtn_word(c, i, k);
         if (s->def) {
            if (k + 1 != wc || idx >= s->def->type.comps)
               vtn_fail(c, "bad vector extract");
            vtn_push_def(c, id, t, agx_extract(b, s->def, idx));
            return true;
         }
         if (idx >= num_elems(c, s->type))
            vtn_fail(c, "composite index %u out of range", idx);
         s = s->elems[idx];
      }
      if (s->type != t)
         vtn_fail(c, "extracted value has the wrong type");
      vtn_push_ssa(c, id, s);
      return true;
   }
   case SpvOpCompositeInsert: {
      struct vtn_ssa *obj = vtn_ssa_of(c, vtn_word(c, i, 3));
      struct vtn_ssa *base = vtn_ssa_of(c, vtn_word(c, i, 4));
      if (base->type != t)
         vtn_fail(c, "insert result type differs from the composite");
      vtn_push_ssa(c, id, insert_at(c, base, i, 5, obj));
      return true;
   }
   case SpvOpVectorShuffle: {
      agx_instr *v1 = vtn_def(c, vtn_word(c, i, 3)), *v2 = vtn_def(c, vtn_word(c, i, 4));
      if (v1->type.bits != v2->type.bits)
         vtn_fail(c, "shuffle operand types differ");
      unsigned n = wc - 5;
      if (t->base != VTN_VECTOR || n != t->len)
         vtn_fail(c, "shuffle result size mismatch");
      agx_instr *comps[4];
      for (unsigned k = 0; k < n; k++) {
         uint32_t sel = vtn_word(c, i, 5 + k);
         if (sel == 0xffffffffu)
            comps[k] = agx_imm(b, v1->type.bits, 0);
         else if (sel < v1->type.comps)
            comps[k] = agx_extract(b, v1, sel);
         else if (sel - v1->type.comps < v2->type.comps)
            comps[k] = agx_extract(b, v2, sel - v1->type.comps);
         else
            vtn_fail(c, "shuffle component %u out of range", sel);
      }
      vtn_push_def(c, id, t, agx_vec(b, n, comps));
      return true;
   }
   case SpvOpVectorExtractDynamic:
      vtn_push_def(c, id, t,
                   dyn_extract(c, vtn_def(c, vtn_word(c, i, 3)), vtn_def(c, vtn_word(c, i, 4))));
      return true;
   default: { /* OpVectorInsertDynamic */
      agx_instr *v = vtn_def(c, vtn_word(c, i, 3)), *x = vtn_def(c, vtn_word(c, i, 4));
      agx_instr *idx = vtn_def(c, vtn_word(c, i, 5));
      if (x->type.comps != 1 || x->type.bits != v->type.bits || idx->type.comps != 1 ||
          idx->type.bits == 1)
         vtn_fail(c, "bad dynamic insert");
      agx_instr *comps[4];
      for (unsigned k = 0; k < v->type.comps; k++)
         comps[k] =
            agx_bcsel(b, agx_ieq(b, idx, agx_imm(b, idx->type.bits, k)), x, agx_extract(b, v, k));
      vtn_push_def(c, id, t, agx_vec(b, v->type.comps, comps));
      return true;
   }
   }
}

/* --- GLSL.std.450 ----------------------------------------------------------- */

static agx_instr *
fclamp(struct vtn_ctx *c, agx_instr *x, agx_instr *lo, agx_instr *hi)
{
   return agx_fmin(&c->b, agx_fmax(&c->b, x, lo), hi);
}

/* OpenCL.std: the common math and integer built-ins, mapped to IR ops. */
static void
handle_opencl_std(struct vtn_ctx *c, unsigned i, struct vtn_type *t, uint32_t id, unsigned eop)
{
   static const struct {
      uint16_t eop, op;
      uint8_t n;
   } map[] = {
      {OpenCLstd_Sqrt, AGX_OP_FSQRT, 1},         {OpenCLstd_Native_sqrt, AGX_OP_FSQRT, 1},
      {OpenCLstd_Rsqrt, AGX_OP_FRSQ, 1},         {OpenCLstd_Native_rsqrt, AGX_OP_FRSQ, 1},
      {OpenCLstd_Fabs, AGX_OP_FABS, 1},          {OpenCLstd_Floor, AGX_OP_FFLOOR, 1},
      {OpenCLstd_Ceil, AGX_OP_FCEIL, 1},         {OpenCLstd_Trunc, AGX_OP_FTRUNC, 1},
      {OpenCLstd_Rint, AGX_OP_FROUND_EVEN, 1},   {OpenCLstd_Fmin, AGX_OP_FMIN, 2},
      {OpenCLstd_Fmax, AGX_OP_FMAX, 2},          {OpenCLstd_Fma, AGX_OP_FFMA, 3},
      {OpenCLstd_Exp2, AGX_OP_FEXP2, 1},         {OpenCLstd_Native_exp2, AGX_OP_FEXP2, 1},
      {OpenCLstd_Log2, AGX_OP_FLOG2, 1},         {OpenCLstd_Native_log2, AGX_OP_FLOG2, 1},
      {OpenCLstd_Pow, AGX_OP_FPOW, 2},           {OpenCLstd_Powr, AGX_OP_FPOW, 2},
      {OpenCLstd_Sin, AGX_OP_FSIN, 1},           {OpenCLstd_Native_sin, AGX_OP_FSIN, 1},
      {OpenCLstd_Cos, AGX_OP_FCOS, 1},           {OpenCLstd_Native_cos, AGX_OP_FCOS, 1},
      {OpenCLstd_Tan, AGX_OP_FTAN, 1},           {OpenCLstd_Fmod, AGX_OP_FREM, 2},
      {OpenCLstd_Native_recip, AGX_OP_FRCP, 1},  {OpenCLstd_SAbs, AGX_OP_IABS, 1},
      {OpenCLstd_SMin, AGX_OP_IMIN, 2},          {OpenCLstd_UMin, AGX_OP_UMIN, 2},
      {OpenCLstd_SMax, AGX_OP_IMAX, 2},          {OpenCLstd_UMax, AGX_OP_UMAX, 2},
      {OpenCLstd_Popcount, AGX_OP_BIT_COUNT, 1}, {OpenCLstd_SMul_hi, AGX_OP_IMUL_HIGH, 2},
      {OpenCLstd_UMul_hi, AGX_OP_UMUL_HIGH, 2},
   };
   agx_builder *b = &c->b;
   unsigned n = vtn_wc(c, i) - 5;
   agx_instr *s[3] = {NULL, NULL, NULL};
   if (n > 3)
      vtn_fail(c, "too many operands");
   for (unsigned k = 0; k < n; k++)
      s[k] = vtn_def(c, vtn_word(c, i, 5 + k));
   agx_type dt = vtn_ir_type(c, t);
   agx_instr *r = NULL;
   for (unsigned k = 0; k < sizeof(map) / sizeof(map[0]) && !r; k++) {
      if (map[k].eop != eop)
         continue;
      if (n != map[k].n)
         vtn_fail(c, "OpenCL.std %s takes %u operands", agx_spirv_opencl_name(eop), map[k].n);
      const struct agx_op_info *info = &agx_op_infos[map[k].op];
      for (unsigned j = 0; j < n; j++)
         if (!agx_type_eq(s[j]->type, s[0]->type))
            vtn_fail(c, "operand types differ");
      if (info->src_class == 'f')
         need_float(c, s[0]);
      else if (s[0]->type.bits == 1)
         vtn_fail(c, "integer operation on a boolean");
      r = agx_build(b, map[k].op, info->rule == AGX_RULE_CONV ? dt : s[0]->type, n, s[0], s[1],
                    s[2], NULL);
   }
   if (!r) {
      switch (eop) {
      case OpenCLstd_Mad: /* a * b + c, unfused */
         if (n != 3)
            vtn_fail(c, "mad takes 3 operands");
         need_float(c, s[0]);
         need_same(c, s[0], s[1]);
         need_same(c, s[0], s[2]);
         r = agx_fadd(b, agx_fmul(b, s[0], s[1]), s[2]);
         break;
      case OpenCLstd_Exp:
      case OpenCLstd_Native_exp:
         if (n != 1)
            vtn_fail(c, "exp takes 1 operand");
         need_float(c, s[0]);
         r = agx_fexp2(b, agx_fmul(b, s[0], fimm(c, s[0]->type, M_LOG2E)));
         break;
      case OpenCLstd_Log:
      case OpenCLstd_Native_log:
         if (n != 1)
            vtn_fail(c, "log takes 1 operand");
         need_float(c, s[0]);
         r = agx_fmul(b, agx_flog2(b, s[0]), fimm(c, s[0]->type, M_LN2));
         break;
      case OpenCLstd_FClamp:
      case OpenCLstd_SClamp:
      case OpenCLstd_UClamp: {
         if (n != 3)
            vtn_fail(c, "clamp takes 3 operands");
         need_same(c, s[0], s[1]);
         need_same(c, s[0], s[2]);
         if (eop == OpenCLstd_FClamp) {
            need_float(c, s[0]);
            r = agx_fmin(b, agx_fmax(b, s[0], s[1]), s[2]);
         } else if (s[0]->type.bits == 1) {
            vtn_fail(c, "clamp of a boolean");
         } else if (eop == OpenCLstd_SClamp) {
            r = agx_imin(b, agx_imax(b, s[0], s[1]), s[2]);
         } else {
            r = agx_umin(b, agx_umax(b, s[0], s[1]), s[2]);
         }
         break;
      }
      default:
         vtn_fail(c, "OpenCL.std %s is not supported yet", agx_spirv_opencl_name(eop));
      }
   }
   vtn_push_def(c, id, t, r);
}

void
vtn_handle_extinst(struct vtn_ctx *c, unsigned i)
{
   struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t id = vtn_word(c, i, 2);
   struct vtn_value *set = vtn_val_kind(c, vtn_word(c, i, 3), VK_EXTINST);
   unsigned eop = vtn_word(c, i, 4);
   if (set->extinst == 0) {
      vtn_val(c, id)->kind = VK_STRING; /* non-semantic: no value */
      return;
   }
   if (set->extinst == 2) {
      handle_opencl_std(c, i, t, id, eop);
      return;
   }
   if (vtn_handle_glsl450_extra(c, i, eop, t, id) || vtn_handle_interpolate_at(c, i, eop, t, id))
      return;
   agx_builder *b = &c->b;
   unsigned n = vtn_wc(c, i) - 5;
   agx_instr *s[3] = {NULL, NULL, NULL};
   if (n > 3)
      vtn_fail(c, "too many operands");
   for (unsigned k = 0; k < n; k++)
      s[k] = vtn_def(c, vtn_word(c, i, 5 + k));
   unsigned need;
   switch (eop) {
   case GLSLstd450FClamp:
   case GLSLstd450UClamp:
   case GLSLstd450SClamp:
   case GLSLstd450NClamp:
   case GLSLstd450FMix:
   case GLSLstd450SmoothStep:
   case GLSLstd450Fma:
   case GLSLstd450FaceForward:
      need = 3;
      break;
   case GLSLstd450Atan2:
   case GLSLstd450Pow:
   case GLSLstd450FMin:
   case GLSLstd450UMin:
   case GLSLstd450SMin:
   case GLSLstd450FMax:
   case GLSLstd450UMax:
   case GLSLstd450SMax:
   case GLSLstd450NMin:
   case GLSLstd450NMax:
   case GLSLstd450Step:
   case GLSLstd450Distance:
   case GLSLstd450Cross:
   case GLSLstd450Reflect:
      need = 2;
      break;
   default:
      need = 1;
      break;
   }
   if (n != need)
      vtn_fail(c, "GLSL.std.450 %s takes %u operands, got %u", agx_spirv_glsl450_name(eop), need,
               n);
   agx_type dt = vtn_ir_type(c, t);
   for (unsigned k = 1; k < n; k++)
      if (s[k]->type.bits != s[0]->type.bits)
         vtn_fail(c, "operand types differ");
   bool is_float = true;
   switch (eop) {
   case GLSLstd450SAbs:
   case GLSLstd450SSign:
   case GLSLstd450UMin:
   case GLSLstd450SMin:
   case GLSLstd450UMax:
   case GLSLstd450SMax:
   case GLSLstd450UClamp:
   case GLSLstd450SClamp:
   case GLSLstd450FindILsb:
   case GLSLstd450FindSMsb:
   case GLSLstd450FindUMsb:
      is_float = false;
      break;
   default:
      break;
   }
   if (is_float)
      need_float(c, s[0]);
   else if (s[0]->type.bits == 1)
      vtn_fail(c, "integer operation on a boolean");
   /* Most operations keep the operand type; vector/scalar mixes are errors
    * except for the documented scalar forms (step edge, mix factor...). */
   for (unsigned k = 1; k < n; k++)
      if (s[k]->type.comps != s[0]->type.comps &&
          !(eop == GLSLstd450FMix || eop == GLSLstd450Step || eop == GLSLstd450SmoothStep))
         vtn_fail(c, "operand component counts differ");
   agx_type ft = s[0]->type;
   agx_instr *r;
   switch (eop) {
   case GLSLstd450Round:
   case GLSLstd450RoundEven:
      r = agx_fround_even(b, s[0]);
      break;
   case GLSLstd450Trunc:
      r = agx_ftrunc(b, s[0]);
      break;
   case GLSLstd450FAbs:
      r = agx_fabs(b, s[0]);
      break;
   case GLSLstd450SAbs:
      r = agx_iabs(b, s[0]);
      break;
   case GLSLstd450FSign:
      r = agx_fsign(b, s[0]);
      break;
   case GLSLstd450SSign:
      r = agx_isign(b, s[0]);
      break;
   case GLSLstd450Floor:
      r = agx_ffloor(b, s[0]);
      break;
   case GLSLstd450Ceil:
      r = agx_fceil(b, s[0]);
      break;
   case GLSLstd450Fract:
      r = agx_ffract(b, s[0]);
      break;
   case GLSLstd450Radians:
      r = agx_fmul(b, s[0], fimm(c, ft, M_PI / 180.0));
      break;
   case GLSLstd450Degrees:
      r = agx_fmul(b, s[0], fimm(c, ft, 180.0 / M_PI));
      break;
   case GLSLstd450Sin:
      r = agx_fsin(b, s[0]);
      break;
   case GLSLstd450Cos:
      r = agx_fcos(b, s[0]);
      break;
   case GLSLstd450Tan:
      r = agx_ftan(b, s[0]);
      break;
   case GLSLstd450Asin:
      r = agx_fasin(b, s[0]);
      break;
   case GLSLstd450Acos:
      r = agx_facos(b, s[0]);
      break;
   case GLSLstd450Atan:
      r = agx_fatan(b, s[0]);
      break;
   case GLSLstd450Sinh:
      r = agx_fsinh(b, s[0]);
      break;
   case GLSLstd450Cosh:
      r = agx_fcosh(b, s[0]);
      break;
   case GLSLstd450Tanh:
      r = agx_ftanh(b, s[0]);
      break;
   case GLSLstd450Asinh:
      r = agx_fasinh(b, s[0]);
      break;
   case GLSLstd450Acosh:
      r = agx_facosh(b, s[0]);
      break;
   case GLSLstd450Atanh:
      r = agx_fatanh(b, s[0]);
      break;
   case GLSLstd450Atan2:
      r = agx_fatan2(b, s[0], s[1]);
      break;
   case GLSLstd450Pow:
      r = agx_fpow(b, s[0], s[1]);
      break;
   case GLSLstd450Exp:
      r = agx_fexp2(b, agx_fmul(b, s[0], fimm(c, ft, M_LOG2E)));
      break;
   case GLSLstd450Log:
      r = agx_fmul(b, agx_flog2(b, s[0]), fimm(c, ft, M_LN2));
      break;
   case GLSLstd450Exp2:
      r = agx_fexp2(b, s[0]);
      break;
   case GLSLstd450Log2:
      r = agx_flog2(b, s[0]);
      break;
   case GLSLstd450Sqrt:
      r = agx_fsqrt(b, s[0]);
      break;
   case GLSLstd450InverseSqrt:
      r = agx_frsq(b, s[0]);
      break;
   case GLSLstd450FMin:
   case GLSLstd450NMin:
      r = agx_fmin(b, s[0], s[1]);
      break;
   case GLSLstd450FMax:
   case GLSLstd450NMax:
      r = agx_fmax(b, s[0], s[1]);
      break;
   case GLSLstd450UMin:
      r = agx_umin(b, s[0], s[1]);
      break;
   case GLSLstd450SMin:
      r = agx_imin(b, s[0], s[1]);
      break;
   case GLSLstd450UMax:
      r = agx_umax(b, s[0], s[1]);
      break;
   case GLSLstd450SMax:
      r = agx_imax(b, s[0], s[1]);
      break;
   case GLSLstd450FClamp:
   case GLSLstd450NClamp:
      r = fclamp(c, s[0], s[1], s[2]);
      break;
   case GLSLstd450UClamp:
      r = agx_umin(b, agx_umax(b, s[0], s[1]), s[2]);
      break;
   case GLSLstd450SClamp:
      r = agx_imin(b, agx_imax(b, s[0], s[1]), s[2]);
      break;
   case GLSLstd450FMix: {
      agx_instr *a = s[2]->type.comps == 1 ? splat(c, s[2], ft.comps) : s[2];
      r = agx_fadd(b, s[0], agx_fmul(b, agx_fsub(b, s[1], s[0]), a));
      break;
   }
   case GLSLstd450Step: {
      agx_instr *edge = s[0]->type.comps == 1 ? splat(c, s[0], s[1]->type.comps) : s[0];
      agx_type xt = s[1]->type;
      r = agx_bcsel(b, agx_flt(b, s[1], edge), fimm(c, xt, 0.0), fimm(c, xt, 1.0));
      break;
   }
   case GLSLstd450SmoothStep: {
      agx_type xt = s[2]->type;
      agx_instr *e0 = s[0]->type.comps == 1 ? splat(c, s[0], xt.comps) : s[0];
      agx_instr *e1 = s[1]->type.comps == 1 ? splat(c, s[1], xt.comps) : s[1];
      agx_instr *tt = fclamp(c, agx_fdiv(b, agx_fsub(b, s[2], e0), agx_fsub(b, e1, e0)),
                             fimm(c, xt, 0.0), fimm(c, xt, 1.0));
      r = agx_fmul(b, agx_fmul(b, tt, tt),
                   agx_fsub(b, fimm(c, xt, 3.0), agx_fmul(b, fimm(c, xt, 2.0), tt)));
      break;
   }
   case GLSLstd450Fma:
      r = agx_ffma(b, s[0], s[1], s[2]);
      break;
   case GLSLstd450Length:
      r = agx_fsqrt(b, dot(c, s[0], s[0]));
      break;
   case GLSLstd450Distance: {
      agx_instr *d = agx_fsub(b, s[0], s[1]);
      r = agx_fsqrt(b, dot(c, d, d));
      break;
   }
   case GLSLstd450Normalize:
      r = agx_fmul(b, s[0], splat(c, agx_frsq(b, dot(c, s[0], s[0])), ft.comps));
      break;
   case GLSLstd450Cross: {
      if (ft.comps != 3)
         vtn_fail(c, "cross of non-3-vectors");
      agx_instr *x[3], *y[3], *o[3];
      for (unsigned k = 0; k < 3; k++) {
         x[k] = agx_extract(b, s[0], k);
         y[k] = agx_extract(b, s[1], k);
      }
      for (unsigned k = 0; k < 3; k++)
         o[k] = agx_fsub(b, agx_fmul(b, x[(k + 1) % 3], y[(k + 2) % 3]),
                         agx_fmul(b, x[(k + 2) % 3], y[(k + 1) % 3]));
      r = agx_vec(b, 3, o);
      break;
   }
   case GLSLstd450Reflect: {
      agx_instr *d = dot(c, s[1], s[0]);
      agx_instr *k2 = agx_fmul(b, fimm(c, d->type, 2.0), d);
      r = agx_fsub(b, s[0], agx_fmul(b, s[1], splat(c, k2, ft.comps)));
      break;
   }
   case GLSLstd450FaceForward: {
      agx_instr *d = dot(c, s[2], s[1]);
      r = agx_bcsel(b, agx_flt(b, d, fimm(c, d->type, 0.0)), s[0], agx_fneg(b, s[0]));
      break;
   }
   case GLSLstd450FindILsb:
      r = agx_find_lsb(b, dt.bits, s[0]);
      break;
   case GLSLstd450FindSMsb:
      r = agx_ifind_msb(b, dt.bits, s[0]);
      break;
   case GLSLstd450FindUMsb:
      r = agx_ufind_msb(b, dt.bits, s[0]);
      break;
   default:
      vtn_fail(c, "GLSL.std.450 %s is not supported", agx_spirv_glsl450_name(eop));
   }
   vtn_push_def(c, id, t, r);
}
