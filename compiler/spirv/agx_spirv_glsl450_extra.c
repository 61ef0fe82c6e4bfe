/* GLSL.std.450 instructions that are not one ALU operation per component:
 * packing (half, unorm/snorm 4x8 and 2x16, double 2x32), frexp/ldexp/modf
 * (pointer and struct forms), determinant, matrix inverse, refract.
 * Assumes 16- or 32-bit floats for frexp (exponent taken from the f32 bit
 * pattern; zero gives (0, 0); f32 denormals are zero, as the ALU flushes
 * them; f16 ones, kept by the ALU, are exact in f32) and matrices of 2-4
 * columns as vtn_ssa trees of column vectors. */
#include <math.h>

#include <spirv/unified1/GLSL.std.450.h>

#include "agx_ir_eval_helpers.h"
#include "agx_spirv_private.h"

static agx_instr *
fk(agx_builder *b, unsigned bits, double v)
{
   return agx_imm(b, bits, agx_from_double(v, bits));
}

static agx_instr *
splat(agx_builder *b, agx_instr *s, unsigned n)
{
   agx_instr *c[4] = {s, s, s, s};
   return agx_vec(b, n, c);
}

static agx_instr *
arg(struct vtn_ctx *c, unsigned i, unsigned k)
{
   return vtn_def(c, vtn_word(c, i, 5 + k));
}

static void
need_type(struct vtn_ctx *c, agx_instr *v, unsigned bits, unsigned comps)
{
   if (v->type.bits != bits || (comps && v->type.comps != comps))
      vtn_fail(c, "operand must be %u-bit x %u", bits, comps);
}

/* 2^k for an integer k whose power is a normal number of `bits` (16/32):
 * built from the exponent field, so it is exact. */
static agx_instr *
pow2i(agx_builder *b, agx_instr *k, unsigned bits)
{
   unsigned mant = bits == 16 ? 10 : 23, bias = bits == 16 ? 15 : 127;
   agx_instr *w = agx_ishl(b, agx_iadd(b, k, agx_imm(b, 32, bias)), agx_imm(b, 32, mant));
   return agx_bitcast(b, bits, bits == 32 ? w : agx_resize(b, w, 16, false));
}

/* ldexp(x, e) for one 16/32-bit float. x * exp2(e) is wrong at the edges:
 * 2^e itself overflows for e >= 128 (0 * inf = NaN) or flushes to zero for
 * e < -126 while x * 2^e is still normal. Instead e is clamped to a range
 * past which every finite x over/underflows anyway (|e| <= 300), then split into three parts of e's sign, each a normal
 * power of two; the products move monotonically from x towards the result,
 * so no intermediate overflows or flushes early. */
static agx_instr *
ldexp_scalar(agx_builder *b, agx_instr *x, agx_instr *e)
{
   /* fp16 through fp32: exact there (no power of two of an f16 result
    * leaves the f32 range) and rounded once, to a denormal or zero too */
   if (x->type.bits == 16)
      return agx_f2f(b, 16, ldexp_scalar(b, agx_f2f(b, 32, x), e));
   unsigned bits = x->type.bits;
   int lim = 300;
   /* clamp in the exponent's own width when it is wider than 32 bits */
   unsigned w = e->type.bits > 32 ? e->type.bits : 32;
   agx_instr *k = e->type.bits == w ? e : agx_resize(b, e, w, true);
   k = agx_imin(b, agx_imax(b, k, agx_imm(b, w, (uint64_t)(int64_t)-lim)), agx_imm(b, w, lim));
   k = w == 32 ? k : agx_resize(b, k, 32, true);
   agx_instr *q = agx_ishr(b, k, agx_imm(b, 32, 2)); /* floor(e / 4) */
   agx_instr *rest = agx_isub(b, k, q);
   agx_instr *h = agx_ishr(b, rest, agx_imm(b, 32, 1));
   agx_instr *h2 = agx_isub(b, rest, h);
   agx_instr *r = agx_fmul(b, x, pow2i(b, q, bits));
   r = agx_fmul(b, r, pow2i(b, h, bits));
   return agx_fmul(b, r, pow2i(b, h2, bits));
}

/* Packs n components, each converted to `w` bits, into one 32-bit word. */
static agx_instr *
pack(agx_builder *b, agx_instr **parts, unsigned n, unsigned w)
{
   agx_instr *r = NULL;
   for (unsigned k = 0; k < n; k++) {
      agx_instr *p = agx_iand(b, parts[k], agx_imm(b, 32, (1u << w) - 1));
      p = k ? agx_ishl(b, p, agx_imm(b, 32, k * w)) : p;
      r = r ? agx_ior(b, r, p) : p;
   }
   return r;
}

static agx_instr *
pack_norm(struct vtn_ctx *c, agx_instr *v, unsigned n, bool sign)
{
   agx_builder *b = &c->b;
   need_type(c, v, 32, n);
   unsigned w = 32 / n;
   double scale = sign ? (double)((1u << (w - 1)) - 1) : (double)((1u << w) - 1);
   agx_instr *parts[4];
   for (unsigned k = 0; k < n; k++) {
      agx_instr *x = agx_extract(b, v, k);
      x = agx_fmin(b, agx_fmax(b, x, fk(b, 32, sign ? -1.0 : 0.0)), fk(b, 32, 1.0));
      x = agx_fround_even(b, agx_fmul(b, x, fk(b, 32, scale)));
      parts[k] = sign ? agx_f2i(b, 32, x) : agx_f2u(b, 32, x);
   }
   return pack(b, parts, n, w);
}

static agx_instr *
unpack_norm(struct vtn_ctx *c, agx_instr *v, unsigned n, bool sign)
{
   agx_builder *b = &c->b;
   need_type(c, v, 32, 1);
   unsigned w = 32 / n;
   double scale = sign ? (double)((1u << (w - 1)) - 1) : (double)((1u << w) - 1);
   agx_instr *comps[4];
   for (unsigned k = 0; k < n; k++) {
      agx_instr *f = sign ? agx_ibfe(b, v, agx_imm(b, 32, k * w), agx_imm(b, 32, w))
                          : agx_ubfe(b, v, agx_imm(b, 32, k * w), agx_imm(b, 32, w));
      f = sign ? agx_i2f(b, 32, f) : agx_u2f(b, 32, f);
      f = agx_fmul(b, f, fk(b, 32, 1.0 / scale));
      comps[k] = sign ? agx_fmax(b, f, fk(b, 32, -1.0)) : f;
   }
   return agx_vec(b, n, comps);
}

static agx_instr *
kv(agx_builder *b, unsigned n, uint32_t val)
{
   uint64_t v[4] = {val, val, val, val};
   return agx_const(b, agx_type_make(32, n), v);
}

/* frexp on 32-bit floats: returns mantissa, sets *exp (32-bit int). */
static agx_instr *
frexp32(struct vtn_ctx *c, agx_instr *x, agx_instr **exp)
{
   agx_builder *b = &c->b;
   need_type(c, x, 32, 0);
   unsigned n = x->type.comps;
#define K(val) kv(b, n, (val))
   agx_instr *bits = agx_bitcast(b, 32, x);
   agx_instr *field = agx_iand(b, agx_ushr(b, bits, K(23)), K(0xff));
   agx_instr *zero = agx_ieq(b, field, K(0));
   *exp = agx_bcsel(b, zero, K(0), agx_isub(b, field, K(126)));
   agx_instr *m = agx_bitcast(b, 32, agx_ior(b, agx_iand(b, bits, K(0x807fffffu)), K(0x3f000000u)));
   agx_instr *r = agx_bcsel(b, zero, agx_bitcast(b, 32, agx_iand(b, bits, K(0x80000000u))), m);
#undef K
   return r;
}

static agx_instr *
det_rec(agx_builder *b, agx_instr *m[4][4], unsigned n, const unsigned *cols, const unsigned *rows)
{
   if (n == 1)
      return m[cols[0]][rows[0]];
   if (n == 2)
      return agx_fsub(b, agx_fmul(b, m[cols[0]][rows[0]], m[cols[1]][rows[1]]),
                      agx_fmul(b, m[cols[1]][rows[0]], m[cols[0]][rows[1]]));
   agx_instr *acc = NULL;
   for (unsigned k = 0; k < n; k++) {
      unsigned sub[4], j = 0;
      for (unsigned q = 0; q < n; q++)
         if (q != k)
            sub[j++] = cols[q];
      agx_instr *t = agx_fmul(b, m[cols[k]][rows[0]], det_rec(b, m, n - 1, sub, rows + 1));
      acc = !acc ? t : (k & 1) ? agx_fsub(b, acc, t) : agx_fadd(b, acc, t);
   }
   return acc;
}

/* The matrix's scalars, fp16 ones widened to fp32: cofactor expansion
 * rounds at every step, which costs fp16 results more than the CTS allows
 * (dEQP-VK float16 matrixinverse), so fp16 matrices are computed in fp32
 * and rounded once. Returns the element bit size. */
static unsigned
matrix_scalars(struct vtn_ctx *c, struct vtn_ssa *mat, agx_instr *m[4][4], unsigned *n)
{
   if (mat->type->base != VTN_MATRIX || !mat->elems || mat->type->len != mat->type->elem->len)
      vtn_fail(c, "operand is not a square matrix");
   *n = mat->type->len;
   unsigned bits = 32;
   for (unsigned col = 0; col < *n; col++)
      for (unsigned r = 0; r < *n; r++) {
         m[col][r] = agx_extract(&c->b, mat->elems[col]->def, r);
         bits = m[col][r]->type.bits;
         if (bits == 16)
            m[col][r] = agx_f2f(&c->b, 32, m[col][r]);
      }
   return bits;
}

static agx_instr *
narrow(agx_builder *b, agx_instr *v, unsigned bits)
{
   return bits == 16 ? agx_f2f(b, 16, v) : v;
}

static agx_instr *
determinant(struct vtn_ctx *c, agx_instr *m[4][4], unsigned n)
{
   static const unsigned idx[4] = {0, 1, 2, 3};
   return det_rec(&c->b, m, n, idx, idx);
}

bool
vtn_handle_glsl450_extra(struct vtn_ctx *c, unsigned i, unsigned eop, struct vtn_type *t,
                         uint32_t id)
{
   agx_builder *b = &c->b;
   unsigned nargs = vtn_wc(c, i) - 5;
   agx_instr *r;
   switch (eop) {
   case GLSLstd450PackHalf2x16: {
      agx_instr *v = arg(c, i, 0);
      need_type(c, v, 32, 2);
      agx_instr *parts[2];
      for (unsigned k = 0; k < 2; k++)
         parts[k] = agx_u2u(b, 32, agx_bitcast(b, 16, agx_f2f(b, 16, agx_extract(b, v, k))));
      r = pack(b, parts, 2, 16);
      break;
   }
   case GLSLstd450UnpackHalf2x16: {
      agx_instr *v = arg(c, i, 0);
      need_type(c, v, 32, 1);
      agx_instr *comps[2];
      for (unsigned k = 0; k < 2; k++) {
         agx_instr *h = agx_u2u(b, 16, k ? agx_ushr(b, v, agx_imm(b, 32, 16)) : v);
         comps[k] = agx_f2f(b, 32, agx_bitcast(b, 16, h));
      }
      r = agx_vec(b, 2, comps);
      break;
   }
   case GLSLstd450PackUnorm4x8:
      r = pack_norm(c, arg(c, i, 0), 4, false);
      break;
   case GLSLstd450PackSnorm4x8:
      r = pack_norm(c, arg(c, i, 0), 4, true);
      break;
   case GLSLstd450PackUnorm2x16:
      r = pack_norm(c, arg(c, i, 0), 2, false);
      break;
   case GLSLstd450PackSnorm2x16:
      r = pack_norm(c, arg(c, i, 0), 2, true);
      break;
   case GLSLstd450UnpackUnorm4x8:
      r = unpack_norm(c, arg(c, i, 0), 4, false);
      break;
   case GLSLstd450UnpackSnorm4x8:
      r = unpack_norm(c, arg(c, i, 0), 4, true);
      break;
   case GLSLstd450UnpackUnorm2x16:
      r = unpack_norm(c, arg(c, i, 0), 2, false);
      break;
   case GLSLstd450UnpackSnorm2x16:
      r = unpack_norm(c, arg(c, i, 0), 2, true);
      break;
   case GLSLstd450PackDouble2x32: {
      agx_instr *v = arg(c, i, 0);
      need_type(c, v, 32, 2);
      r = agx_bitcast(
         b, 64, agx_build(b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1, v, NULL, NULL, NULL));
      break;
   }
   case GLSLstd450UnpackDouble2x32: {
      agx_instr *v = arg(c, i, 0);
      need_type(c, v, 64, 1);
      r = agx_build(b, AGX_OP_UNPACK_64_2X32, agx_type_make(32, 2), 1, agx_bitcast(b, 64, v), NULL,
                    NULL, NULL);
      break;
   }
   case GLSLstd450Ldexp: {
      agx_instr *x = arg(c, i, 0), *e = arg(c, i, 1);
      if (x->type.bits < 16 || e->type.comps != x->type.comps || e->type.bits == 1)
         vtn_fail(c, "bad ldexp operands");
      if (x->type.bits == 64) {
         r = agx_fmul(b, x, agx_fexp2(b, agx_i2f(b, 64, e)));
         break;
      }
      agx_instr *comps[4];
      for (unsigned k = 0; k < x->type.comps; k++) {
         bool vec = x->type.comps > 1;
         comps[k] = ldexp_scalar(b, vec ? agx_extract(b, x, k) : x, vec ? agx_extract(b, e, k) : e);
      }
      r = x->type.comps > 1 ? agx_vec(b, x->type.comps, comps) : comps[0];
      break;
   }
   case GLSLstd450Frexp:
   case GLSLstd450FrexpStruct: {
      agx_instr *x = arg(c, i, 0), *e, *m;
      if (x->type.bits == 16) {
         /* Exact through f32: every f16, denormals included, is a normal
          * f32, and the mantissa has at most 11 significant bits. */
         m = agx_f2f(b, 16, frexp32(c, agx_f2f(b, 32, x), &e));
      } else {
         m = frexp32(c, x, &e);
      }
      if (eop == GLSLstd450Frexp) {
         struct vtn_pointer *p = vtn_get_pointer(c, vtn_word(c, i, 6));
         if (!vtn_type_is_scalar_or_vector(p->type))
            vtn_fail(c, "frexp exponent pointer has the wrong type");
         vtn_store(c, p,
                   vtn_ssa_leaf(c, p->type, agx_resize(b, e, vtn_ir_type(c, p->type).bits, true)));
         r = m;
         break;
      }
      if (t->base != VTN_STRUCT || t->len != 2)
         vtn_fail(c, "FrexpStruct result must be a struct");
      struct vtn_ssa *s = vtn_ssa_leaf(c, t, NULL);
      s->elems = vtn_alloc(c, 2 * sizeof(*s->elems));
      s->elems[0] = vtn_ssa_leaf(c, t->members[0], m);
      s->elems[1] =
         vtn_ssa_leaf(c, t->members[1], agx_resize(b, e, vtn_ir_type(c, t->members[1]).bits, true));
      if (!agx_type_eq(vtn_ir_type(c, t->members[0]), m->type) ||
          vtn_ir_type(c, t->members[1]).comps != m->type.comps)
         vtn_fail(c, "FrexpStruct member types");
      vtn_push_ssa(c, id, s);
      return true;
   }
   case GLSLstd450Modf:
   case GLSLstd450ModfStruct: {
      agx_instr *x = arg(c, i, 0);
      if (x->type.bits < 16)
         vtn_fail(c, "modf of a non-float");
      agx_instr *whole = agx_ftrunc(b, x), *frac = agx_fsub(b, x, whole);
      if (eop == GLSLstd450Modf) {
         struct vtn_pointer *p = vtn_get_pointer(c, vtn_word(c, i, 6));
         vtn_store(c, p, vtn_ssa_leaf(c, p->type, whole));
         r = frac;
         break;
      }
      if (t->base != VTN_STRUCT || t->len != 2 ||
          !agx_type_eq(vtn_ir_type(c, t->members[0]), x->type))
         vtn_fail(c, "ModfStruct result must be a struct of two floats");
      struct vtn_ssa *s = vtn_ssa_leaf(c, t, NULL);
      s->elems = vtn_alloc(c, 2 * sizeof(*s->elems));
      s->elems[0] = vtn_ssa_leaf(c, t->members[0], frac);
      s->elems[1] = vtn_ssa_leaf(c, t->members[1], whole);
      vtn_push_ssa(c, id, s);
      return true;
   }
   case GLSLstd450Determinant: {
      agx_instr *m[4][4];
      unsigned n;
      unsigned bits = matrix_scalars(c, vtn_ssa_of(c, vtn_word(c, i, 5)), m, &n);
      r = narrow(b, determinant(c, m, n), bits);
      break;
   }
   case GLSLstd450MatrixInverse: {
      agx_instr *m[4][4];
      unsigned n;
      struct vtn_ssa *src = vtn_ssa_of(c, vtn_word(c, i, 5));
      unsigned bits = matrix_scalars(c, src, m, &n);
      if (src->type != t)
         vtn_fail(c, "inverse result type differs");
      agx_instr *rdet = agx_frcp(b, determinant(c, m, n));
      struct vtn_ssa *res = vtn_ssa_leaf(c, t, NULL);
      res->elems = vtn_alloc(c, n * sizeof(*res->elems));
      for (unsigned col = 0; col < n; col++) {
         agx_instr *comps[4];
         for (unsigned row = 0; row < n; row++) {
            /* inverse[col][row] = cofactor(col, row) of m transposed / det:
             * delete column `row` and row `col` of m */
            unsigned cols[4], rows[4], cj = 0, rj = 0;
            for (unsigned q = 0; q < n; q++) {
               if (q != row)
                  cols[cj++] = q;
               if (q != col)
                  rows[rj++] = q;
            }
            agx_instr *cof = det_rec(b, m, n - 1, cols, rows);
            if ((row + col) & 1)
               cof = agx_fneg(b, cof);
            comps[row] = narrow(b, agx_fmul(b, cof, rdet), bits);
         }
         res->elems[col] = vtn_ssa_leaf(c, t->elem, agx_vec(b, n, comps));
      }
      vtn_push_ssa(c, id, res);
      return true;
   }
   case GLSLstd450Refract: {
      if (nargs != 3)
         vtn_fail(c, "refract takes 3 operands");
      agx_instr *I = arg(c, i, 0), *N = arg(c, i, 1), *eta = arg(c, i, 2);
      if (!agx_type_eq(I->type, N->type) || eta->type.comps != 1 || I->type.bits < 16)
         vtn_fail(c, "bad refract operands");
      unsigned bits = I->type.bits, n = I->type.comps;
      agx_instr *d = agx_extract(b, agx_fmul(b, N, I), 0);
      for (unsigned k = 1; k < n; k++)
         d = agx_fadd(b, d, agx_extract(b, agx_fmul(b, N, I), k));
      eta = agx_resize(b, eta, bits, false);
      if (eta->type.bits != bits)
         eta = agx_f2f(b, bits, eta);
      agx_instr *one = fk(b, bits, 1.0);
      agx_instr *k =
         agx_fsub(b, one, agx_fmul(b, agx_fmul(b, eta, eta), agx_fsub(b, one, agx_fmul(b, d, d))));
      agx_instr *coef = agx_fadd(b, agx_fmul(b, eta, d), agx_fsqrt(b, k));
      agx_instr *v =
         agx_fsub(b, agx_fmul(b, splat(b, eta, n), I), agx_fmul(b, splat(b, coef, n), N));
      uint64_t z[4] = {0, 0, 0, 0};
      r = agx_bcsel(b, agx_flt(b, k, fk(b, bits, 0.0)), agx_const(b, v->type, z), v);
      break;
   }
   default:
      return false;
   }
   vtn_push_def(c, id, t, r);
   return true;
}
