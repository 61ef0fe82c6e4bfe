/* Pass-level unit tests on IR built with the builder API: constant folding
 * (against C), DCE, CSE, copy propagation, vars-to-SSA, scalarization,
 * integer division lowering (interpreted against the evaluator), the
 * validator's error detection and the printer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_builder.h"
#include "agx_interp.h"
#include "agx_passes.h"

static unsigned failures, checks;

#define CHECK(cond, ...)                                                          \
   do {                                                                           \
      checks++;                                                                   \
      if (!(cond)) {                                                              \
         failures++;                                                              \
         fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                            \
         fputc('\n', stderr);                                                     \
      }                                                                           \
   } while (0)

static agx_shader *
new_shader(agx_builder *b)
{
   agx_shader *s = agx_shader_create();
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &blk->cf.link);
   *b = agx_builder_at_end(s, blk);
   return s;
}

static unsigned
count_ops(agx_shader *s, enum agx_op op)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all), c = 0;
   for (unsigned i = 0; i < n; i++)
      c += all[i]->op == op;
   return c;
}

static void
valid(agx_shader *s, const char *what)
{
   char err[256];
   bool ok = agx_validate(s, err, sizeof(err));
   CHECK(ok, "%s: %s", what, err);
}

/* A shader storing `v` to global address 0x1000 + 8*slot. */
static void
store_slot(agx_builder *b, agx_instr *v, unsigned slot)
{
   agx_intrin(b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(b, 64, 0x1000 + 8 * slot), v,
              NULL, 8, 0, 0);
}

static uint64_t
rnd(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return *s;
}

/* --- constant folding -------------------------------------------------------- */

static uint64_t
fold1(enum agx_op op, unsigned bits, unsigned dbits, uint64_t x, uint64_t y)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_instr *a = agx_imm(&b, bits, x), *c = agx_imm(&b, bits, y);
   const struct agx_op_info *info = &agx_op_infos[op];
   agx_instr *r = agx_build(&b, op, agx_type_make(dbits, 1), info->num_srcs, a, c, NULL, NULL);
   store_slot(&b, r, 0);
   agx_pass_const_fold(s);
   uint64_t v = r->op == AGX_OP_CONST ? r->value[0] : 0xbadbadbadull;
   CHECK(r->op == AGX_OP_CONST, "%s not folded", info->name);
   agx_shader_destroy(s);
   return v;
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static void
test_const_fold(void)
{
   CHECK(fold1(AGX_OP_IADD, 32, 32, 0xffffffff, 2) == 1, "iadd wraps");
   CHECK(fold1(AGX_OP_IMUL, 16, 16, 300, 300) == (300 * 300) % 65536, "imul 16-bit");
   CHECK(fold1(AGX_OP_IDIV, 32, 32, (uint32_t)-7, 2) == (uint32_t)-3, "idiv truncates");
   CHECK(fold1(AGX_OP_IMOD, 32, 32, (uint32_t)-7, 3) == 2, "imod sign of divisor");
   CHECK(fold1(AGX_OP_IREM, 32, 32, (uint32_t)-7, 3) == (uint32_t)-1, "irem sign of dividend");
   CHECK(fold1(AGX_OP_UDIV, 32, 32, 7, 0) == 0, "udiv by zero is 0");
   CHECK(fold1(AGX_OP_IDIV, 32, 32, 0x80000000u, 0xffffffffu) == 0x80000000u, "INT_MIN / -1");
   CHECK(fold1(AGX_OP_ISHR, 32, 32, 0x80000000u, 4) == 0xf8000000u, "ishr");
   CHECK(fold1(AGX_OP_USHR, 32, 32, 0x80000000u, 36) == 0x08000000u, "shift count masked");
   CHECK(fold1(AGX_OP_ILT, 32, 1, (uint32_t)-1, 0) == 1, "ilt signed");
   CHECK(fold1(AGX_OP_ULT, 32, 1, (uint32_t)-1, 0) == 0, "ult unsigned");
   CHECK(fold1(AGX_OP_UMUL_HIGH, 32, 32, 0x80000000u, 6) == 3, "umul_high");
   CHECK(fold1(AGX_OP_IMUL_HIGH, 64, 64, (uint64_t)-2, 3) == ~UINT64_C(0), "imul_high 64");
   CHECK(fold1(AGX_OP_FADD, 32, 32, fbits(1.5f), fbits(2.25f)) == fbits(3.75f), "fadd");
   CHECK(fold1(AGX_OP_FMUL, 16, 16, 0x3e00 /* 1.5 */, 0x4000 /* 2 */) == 0x4200, "fmul half");
   CHECK(fold1(AGX_OP_F2I, 32, 32, fbits(-3.75f), 0) == (uint32_t)-3, "f2i truncates");
   CHECK(fold1(AGX_OP_F2I, 32, 32, fbits(1e20f), 0) == 0x7fffffff, "f2i saturates");
   CHECK(fold1(AGX_OP_F2U, 32, 32, fbits(-5.0f), 0) == 0, "f2u clamps negatives");
   CHECK(fold1(AGX_OP_I2I, 8, 32, 0x80, 0) == 0xffffff80u, "i2i sign-extends");
   CHECK(fold1(AGX_OP_U2U, 8, 32, 0x80, 0) == 0x80, "u2u zero-extends");
   CHECK(fold1(AGX_OP_F2F, 32, 16, fbits(65504.0f), 0) == 0x7bff, "f2f to half max");
   CHECK(fold1(AGX_OP_F2F, 32, 16, fbits(1e6f), 0) == 0x7c00, "f2f to half overflows to inf");
   CHECK(fold1(AGX_OP_FLT, 32, 1, 0x7fc00000, fbits(1.0f)) == 0, "ordered compare with NaN");
   CHECK(fold1(AGX_OP_FNEU, 32, 1, 0x7fc00000, fbits(1.0f)) == 1, "unordered compare with NaN");
   CHECK(fold1(AGX_OP_UFIND_MSB, 32, 32, 0x00f0, 0) == 7, "ufind_msb");
   CHECK(fold1(AGX_OP_BIT_COUNT, 64, 32, ~UINT64_C(0), 0) == 64, "bit_count 64");
   /* fp32 folds like the ALU: denormal operands and results flush to a
    * signed zero (DenormFlushToZero); fp16 keeps denormals. */
   CHECK(fold1(AGX_OP_FADD, 32, 32, 0x800003f0u, 0x80000000u) == 0x80000000u,
         "fadd flushes a denormal");
   CHECK(fold1(AGX_OP_FMIN, 32, 32, 0x000003f0u, 0x000007f0u) == 0, "fmin flushes");
   CHECK(fold1(AGX_OP_FMUL, 32, 32, fbits(0x1p-100f), fbits(0x1p-30f)) == 0, "fmul result flushes");
   CHECK(fold1(AGX_OP_FMUL, 32, 32, fbits(-5.0f), 0) == 0x80000000u, "fmul keeps a -0 product");
   CHECK(fold1(AGX_OP_FADD, 16, 16, 0x0001, 0x0001) == 0x0002, "fp16 denormals kept");

   /* Random agreement of the folder with C for 32-bit integer ops. */
   uint64_t seed = 0x9e3779b97f4a7c15ull;
   for (unsigned i = 0; i < 200; i++) {
      uint32_t x = (uint32_t)rnd(&seed), y = (uint32_t)rnd(&seed) | 1;
      CHECK(fold1(AGX_OP_UDIV, 32, 32, x, y) == x / y, "udiv %u %u", x, y);
      CHECK(fold1(AGX_OP_UMOD, 32, 32, x, y) == x % y, "umod %u %u", x, y);
      CHECK(fold1(AGX_OP_ISUB, 32, 32, x, y) == (uint32_t)(x - y), "isub");
      CHECK(fold1(AGX_OP_IXOR, 32, 32, x, y) == (x ^ y), "ixor");
   }

   /* Folding a vector, an extract, a vec and a constant select. */
   agx_builder b;
   agx_shader *s = new_shader(&b);
   uint64_t va[4] = {1, 2, 3, 4}, vb[4] = {10, 20, 30, 40};
   agx_instr *x = agx_const(&b, agx_type_make(32, 4), va),
             *y = agx_const(&b, agx_type_make(32, 4), vb);
   agx_instr *sum = agx_iadd(&b, x, y);
   agx_instr *e = agx_extract(&b, sum, 2);
   agx_instr *comps[2] = {e, agx_imm(&b, 32, 5)};
   agx_instr *v2 = agx_vec(&b, 2, comps);
   agx_instr *sel = agx_bcsel(&b, agx_imm(&b, 1, 1), v2, agx_vec(&b, 2, (agx_instr *[]){e, e}));
   store_slot(&b, sel, 0);
   agx_optimize(s);
   valid(s, "folded vector shader");
   agx_instr *last = agx_block_last_instr(agx_list_first_block(&s->body));
   CHECK(last->op == AGX_OP_STORE_GLOBAL && last->src[1]->op == AGX_OP_CONST &&
            last->src[1]->value[0] == 33 && last->src[1]->value[1] == 5,
         "vector folding through extract/vec/bcsel");
   CHECK(count_ops(s, AGX_OP_IADD) == 0 && count_ops(s, AGX_OP_BCSEL) == 0, "folded away");
   agx_shader_destroy(s);
}

/* --- DCE, CSE, copy propagation ------------------------------------------------ */

static void
test_dce_cse(void)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_instr *addr = agx_imm(&b, 64, 0x1000);
   agx_instr *ld =
      agx_intrin(&b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
   agx_instr *ld2 =
      agx_intrin(&b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
   agx_instr *k = agx_imm(&b, 32, 7);
   agx_instr *a1 = agx_iadd(&b, ld, k);
   agx_instr *a2 = agx_iadd(&b, k, ld); /* commutative duplicate */
   agx_instr *dead = agx_imul(&b, a1, a2);
   (void)dead;
   agx_instr *m = agx_build(&b, AGX_OP_MOV, a2->type, 1, a2, NULL, NULL, NULL);
   agx_instr *cond = agx_ieq(&b, ld2, k);
   agx_if *nif = agx_push_if(&b, cond);
   agx_instr *in_then = agx_isub(&b, ld, k);
   store_slot(&b, in_then, 1);
   agx_push_else(&b, nif);
   agx_instr *in_else = agx_isub(&b, ld, k); /* same expression, other branch: not merged */
   store_slot(&b, in_else, 2);
   agx_pop_if(&b, nif);
   agx_if *empty = agx_push_if(&b, cond);
   agx_imul(&b, ld, ld); /* dead: the if becomes empty */
   agx_pop_if(&b, empty);
   store_slot(&b, agx_iadd(&b, a1, m), 0);
   valid(s, "before");
   unsigned before_add = count_ops(s, AGX_OP_IADD);
   CHECK(agx_pass_cse(s), "CSE made progress");
   CHECK(count_ops(s, AGX_OP_IADD) == before_add - 1, "commutative iadd merged");
   CHECK(count_ops(s, AGX_OP_LOAD_GLOBAL) == 2, "memory loads are not merged");
   CHECK(count_ops(s, AGX_OP_ISUB) == 2, "no merging across if branches");
   agx_pass_copy_prop(s);
   CHECK(agx_pass_dce(s), "DCE made progress");
   valid(s, "after DCE");
   CHECK(count_ops(s, AGX_OP_IMUL) == 0, "dead imul removed");
   CHECK(count_ops(s, AGX_OP_MOV) == 0, "copy removed");
   unsigned ifs = 0;
   agx_foreach_cf(&s->body, n)
      ifs += n->type == AGX_CF_IF;
   CHECK(ifs == 1, "empty if removed, other kept (%u)", ifs);
   CHECK(count_ops(s, AGX_OP_STORE_GLOBAL) == 3, "stores kept");
   agx_instr *last = agx_block_last_instr(agx_list_last_block(&s->body));
   CHECK(last->op == AGX_OP_STORE_GLOBAL && last->src[1]->op == AGX_OP_IADD &&
            last->src[1]->src[0] == a1 && last->src[1]->src[1] == a1,
         "uses rewritten to the survivor");
   agx_shader_destroy(s);
}

/* --- vars to SSA ------------------------------------------------------------------ */

/* sum = 0; i = 0; loop { if (i >= n) break; if (i & 1) { i++; continue; } sum += i; i++ } */
static agx_shader *
build_var_loop(void)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_type t = agx_type_make(32, 1);
   unsigned vsum = agx_shader_add_var(s, t), vi = agx_shader_add_var(s, t);
   agx_instr *n =
      agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1000), NULL, NULL, 4, 0, 0);
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(&b, 32, 0), NULL, NULL, vsum, 0,
              0);
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(&b, 32, 0), NULL, NULL, vi, 0,
              0);
   agx_loop *loop = agx_push_loop(&b);
   agx_instr *i = agx_intrin(&b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, vi, 0, 0);
   agx_if *brk = agx_push_if(&b, agx_uge(&b, i, n));
   agx_jump(&b, AGX_OP_BREAK);
   agx_pop_if(&b, brk);
   agx_if *odd =
      agx_push_if(&b, agx_ine(&b, agx_iand(&b, i, agx_imm(&b, 32, 1)), agx_imm(&b, 32, 0)));
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_iadd(&b, i, agx_imm(&b, 32, 1)),
              NULL, NULL, vi, 0, 0);
   agx_jump(&b, AGX_OP_CONTINUE);
   agx_pop_if(&b, odd);
   agx_instr *sum = agx_intrin(&b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, vsum, 0, 0);
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_iadd(&b, sum, i), NULL, NULL, vsum,
              0, 0);
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_iadd(&b, i, agx_imm(&b, 32, 1)),
              NULL, NULL, vi, 0, 0);
   agx_pop_loop(&b, loop);
   agx_instr *fin = agx_intrin(&b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, vsum, 0, 0);
   agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(&b, 64, 0x1008), fin, NULL,
              4, 0, 0);
   return s;
}

static uint32_t
run_scalar(agx_shader *s, uint32_t in)
{
   uint32_t mem[4] = {in, 0, 0xdeadbeef, 0};
   struct agx_interp_buffer buf = {0x1000, mem, sizeof(mem)};
   struct agx_interp_dispatch d = {.groups = {1, 1, 1}, .buffers = &buf, .num_buffers = 1};
   char err[256];
   int r = agx_interp_run(s, &d, NULL, err, sizeof(err));
   CHECK(r == 0, "interpreter: %s", err);
   return mem[2];
}

static void
test_vars_to_ssa(void)
{
   agx_shader *s = build_var_loop();
   valid(s, "var loop");
   uint32_t want[5] = {0, 0, 0, 2, 2};
   uint32_t before[5];
   for (unsigned n = 0; n < 5; n++)
      before[n] = run_scalar(s, n);
   CHECK(agx_pass_vars_to_ssa(s), "progress");
   valid(s, "after vars_to_ssa");
   CHECK(count_ops(s, AGX_OP_LOAD_VAR) == 0 && count_ops(s, AGX_OP_STORE_VAR) == 0,
         "no variable access left");
   CHECK(count_ops(s, AGX_OP_PHI) >= 3, "phis created (%u)", count_ops(s, AGX_OP_PHI));
   agx_optimize(s);
   valid(s, "after optimize");
   for (unsigned n = 0; n < 5; n++) {
      CHECK(before[n] == want[n], "interpreted variables: n=%u got %u", n, before[n]);
      CHECK(run_scalar(s, n) == want[n], "interpreted SSA: n=%u", n);
   }
   CHECK(run_scalar(s, 100) == 2450, "sum of even numbers below 100");
   agx_shader_destroy(s);
}

/* --- scalarize and integer division lowering ---------------------------------------- */

/* out[k] = op_k(a, b) for the five division opcodes, on vectors of 2. */
static agx_shader *
build_div(unsigned bits, bool const_divisor, uint64_t dval)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_type t = agx_type_make(bits, 2);
   agx_instr *a =
      agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1000), NULL, NULL, 8, 0, 0);
   agx_instr *d;
   if (const_divisor) {
      uint64_t v[4] = {dval, dval, 0, 0};
      d = agx_const(&b, t, v);
   } else {
      d = agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1010), NULL, NULL, 8, 0, 0);
   }
   enum agx_op ops[5] = {AGX_OP_UDIV, AGX_OP_UMOD, AGX_OP_IDIV, AGX_OP_IREM, AGX_OP_IMOD};
   for (unsigned k = 0; k < 5; k++) {
      agx_instr *r = agx_build(&b, ops[k], t, 2, a, d, NULL, NULL);
      agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(&b, 64, 0x1020 + 16 * k),
                 r, NULL, 8, 0, 0);
   }
   return s;
}

static void
run_div(agx_shader *s, unsigned bits, const uint64_t a[2], const uint64_t d[2], uint64_t out[10])
{
   uint8_t mem[0x70] = {0};
   unsigned bytes = bits / 8;
   for (unsigned c = 0; c < 2; c++) {
      memcpy(mem + c * bytes, &a[c], bytes);
      memcpy(mem + 0x10 + c * bytes, &d[c], bytes);
   }
   struct agx_interp_buffer buf = {0x1000, mem, sizeof(mem)};
   struct agx_interp_dispatch dd = {.groups = {1, 1, 1}, .buffers = &buf, .num_buffers = 1};
   char err[256];
   CHECK(agx_interp_run(s, &dd, NULL, err, sizeof(err)) == 0, "interp: %s", err);
   for (unsigned k = 0; k < 5; k++)
      for (unsigned c = 0; c < 2; c++) {
         out[k * 2 + c] = 0;
         memcpy(&out[k * 2 + c], mem + 0x20 + 16 * k + c * bytes, bytes);
      }
}

static void
test_idiv(void)
{
   uint64_t seed = 12345;
   const unsigned sizes[4] = {8, 16, 32, 64};
   for (unsigned si = 0; si < 4; si++) {
      unsigned bits = sizes[si];
      uint64_t mask = bits == 64 ? ~UINT64_C(0) : ((UINT64_C(1) << bits) - 1);
      agx_shader *ref = build_div(bits, false, 0), *low = build_div(bits, false, 0);
      CHECK(agx_pass_lower_idiv(low), "lowered");
      agx_optimize(low);
      valid(low, "lowered division");
      CHECK(count_ops(low, AGX_OP_UDIV) + count_ops(low, AGX_OP_IDIV) +
                  count_ops(low, AGX_OP_IMOD) ==
               0,
            "no division left");
      for (unsigned it = 0; it < 150; it++) {
         uint64_t a[2] = {rnd(&seed) & mask, rnd(&seed) & mask}, d[2];
         for (unsigned c = 0; c < 2; c++) {
            uint64_t r = rnd(&seed);
            d[c] = (it % 4 == 0 ? r : (it % 4 == 1 ? r % 17 : r >> (r % bits))) & mask;
            if (it % 10 == 0)
               d[c] = c ? mask : 0; /* -1 and 0 */
            if (it % 10 == 5)
               a[c] = UINT64_C(1) << (bits - 1); /* INT_MIN */
         }
         uint64_t want[10], got[10];
         run_div(ref, bits, a, d, want);
         run_div(low, bits, a, d, got);
         for (unsigned k = 0; k < 10; k++)
            CHECK(got[k] == want[k], "%u-bit op %u comp %u: a=%llx d=%llx got %llx want %llx", bits,
                  k / 2, k % 2, (unsigned long long)a[k % 2], (unsigned long long)d[k % 2],
                  (unsigned long long)got[k], (unsigned long long)want[k]);
      }
      agx_shader_destroy(ref);
      agx_shader_destroy(low);
   }
   /* 32-bit variable divisors take the reciprocal sequence: quotient boundaries
    * (n = q * d + {0, d - 1}), divisors near powers of two, huge quotients. */
   agx_shader *low32 = build_div(32, false, 0), *ref32 = build_div(32, false, 0);
   agx_pass_lower_idiv(low32);
   agx_optimize(low32);
   CHECK(count_ops(low32, AGX_OP_UDIV) == 0 && count_ops(low32, AGX_OP_FRCP) > 0, "rcp division");
   for (unsigned it = 0; it < 600; it++) {
      uint64_t a[2], d[2], want[10], got[10];
      for (unsigned c = 0; c < 2; c++) {
         uint64_t r = rnd(&seed);
         unsigned sh = (unsigned)(r % 32);
         d[c] = it % 3 == 0   ? (UINT64_C(1) << sh) + (r >> 40) % 3 - 1
                : it % 3 == 1 ? (r >> 8) & 0xffffffffu
                              : ((r >> 8) & 0xffffffffu) >> sh;
         d[c] &= 0xffffffffu;
         if (!d[c])
            d[c] = 1 + it;
         uint64_t q = (rnd(&seed) & 0xffffffffu) / d[c];
         a[c] = (q * d[c] + (c ? d[c] - 1 : 0)) & 0xffffffffu;
         if (it % 7 == 0)
            a[c] = 0xffffffffu - c;
      }
      run_div(ref32, 32, a, d, want);
      run_div(low32, 32, a, d, got);
      for (unsigned k = 0; k < 10; k++)
         CHECK(got[k] == want[k], "32-bit op %u: a=%llx d=%llx got %llx want %llx", k / 2,
               (unsigned long long)a[k % 2], (unsigned long long)d[k % 2],
               (unsigned long long)got[k], (unsigned long long)want[k]);
   }
   agx_shader_destroy(low32);
   agx_shader_destroy(ref32);
   /* Constant divisors use the multiply-high sequence (32-bit). */
   const uint32_t divisors[] = {1,    2,     3,          5,           6,           7,
                                10,   11,    13,         25,          125,         641,
                                1000, 65537, 0x7fffffff, 0x80000001u, 0xfffffffeu, 0xffffffffu};
   for (unsigned di = 0; di < sizeof(divisors) / sizeof(divisors[0]); di++) {
      agx_shader *low = build_div(32, true, divisors[di]);
      agx_pass_lower_idiv(low);
      agx_optimize(low);
      valid(low, "constant division");
      for (unsigned it = 0; it < 40; it++) {
         uint64_t a[2] = {rnd(&seed) & 0xffffffffu, it < 4 ? 0xffffffffu - it : rnd(&seed) % 1000};
         uint64_t d[2] = {divisors[di], divisors[di]}, got[10];
         run_div(low, 32, a, d, got);
         for (unsigned c = 0; c < 2; c++) {
            CHECK(got[c] == (uint32_t)a[c] / divisors[di], "udiv %llu / %u",
                  (unsigned long long)a[c], divisors[di]);
            CHECK(got[2 + c] == (uint32_t)a[c] % divisors[di], "umod");
         }
      }
      agx_shader_destroy(low);
   }
}

static void
test_scalarize(void)
{
   agx_shader *ref = build_div(32, false, 0), *sc = build_div(32, false, 0);
   agx_pass_scalarize(sc);
   agx_optimize(sc);
   valid(sc, "scalarized");
   agx_instr **all;
   unsigned n = agx_collect_instrs(sc, &all), vec_alu = 0;
   for (unsigned i = 0; i < n; i++)
      vec_alu += agx_info(all[i])->kind == AGX_OPK_ALU && all[i]->type.comps > 1;
   CHECK(vec_alu == 0, "no vector ALU op left (%u)", vec_alu);
   uint64_t seed = 777;
   for (unsigned it = 0; it < 50; it++) {
      uint64_t a[2] = {rnd(&seed) & 0xffffffff, rnd(&seed) & 0xffffffff};
      uint64_t d[2] = {rnd(&seed) & 0xffff, rnd(&seed) & 0xff}, x[10], y[10];
      run_div(ref, 32, a, d, x);
      run_div(sc, 32, a, d, y);
      CHECK(!memcmp(x, y, sizeof(x)), "scalarized results differ");
   }
   agx_shader_destroy(ref);
   agx_shader_destroy(sc);
}

/* --- one-trip loops ---------------------------------------------------------------------- */

static unsigned
count_loops(agx_list *list)
{
   unsigned n = 0;
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_LOOP)
         n +=
            1 + count_loops(&agx_cf_as_loop(node)->body) + count_loops(&agx_cf_as_loop(node)->cont);
      else if (node->type == AGX_CF_IF)
         n += count_loops(&agx_cf_as_if(node)->then_list) +
              count_loops(&agx_cf_as_if(node)->else_list);
   }
   return n;
}

/* loop { v = in + 1; if (v > 10) { v *= 2 } store v; [if (early) break;] break } */
static agx_shader *
build_one_trip(bool early_break)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_type t = agx_type_make(32, 1);
   agx_instr *in =
      agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1000), NULL, NULL, 4, 0, 0);
   agx_loop *loop = agx_push_loop(&b);
   agx_instr *v = agx_iadd(&b, in, agx_imm(&b, 32, 1));
   agx_if *nif = agx_push_if(&b, agx_ult(&b, agx_imm(&b, 32, 10), v));
   agx_instr *d = agx_imul(&b, v, agx_imm(&b, 32, 2));
   agx_pop_if(&b, nif);
   agx_instr *phi = agx_instr_create(s, AGX_OP_PHI, t, 0);
   agx_instr_add_phi_src(s, phi, agx_list_last_block(&nif->then_list), d);
   agx_instr_add_phi_src(s, phi, agx_list_last_block(&nif->else_list), v);
   agx_builder_insert(&b, phi);
   agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(&b, 64, 0x1008), phi, NULL,
              4, 0, 0);
   if (early_break) {
      agx_if *e = agx_push_if(&b, agx_ieq(&b, in, agx_imm(&b, 32, 3)));
      agx_jump(&b, AGX_OP_BREAK);
      agx_pop_if(&b, e);
      agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(&b, 64, 0x1004), in, NULL,
                 4, 0, 0);
   }
   agx_jump(&b, AGX_OP_BREAK);
   agx_pop_loop(&b, loop);
   agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(&b, 64, 0x100c), in, NULL, 4,
              0, 0);
   return s;
}

static void
test_one_trip(void)
{
   for (int early = 0; early < 2; early++) {
      agx_shader *ref = build_one_trip(early), *s = build_one_trip(early);
      valid(s, "one-trip loop");
      agx_optimize(s);
      valid(s, "after one-trip removal");
      CHECK(count_loops(&s->body) == (early ? 1u : 0u), "loops left: %u", count_loops(&s->body));
      for (uint32_t x = 0; x < 20; x++) {
         uint32_t m1[4] = {x, 0, 0, 0}, m2[4] = {x, 0, 0, 0};
         struct agx_interp_buffer b1 = {0x1000, m1, 16}, b2 = {0x1000, m2, 16};
         struct agx_interp_dispatch d1 = {.groups = {1, 1, 1}, .buffers = &b1, .num_buffers = 1};
         struct agx_interp_dispatch d2 = {.groups = {1, 1, 1}, .buffers = &b2, .num_buffers = 1};
         char err[256];
         CHECK(agx_interp_run(ref, &d1, NULL, err, sizeof(err)) == 0, "%s", err);
         CHECK(agx_interp_run(s, &d2, NULL, err, sizeof(err)) == 0, "%s", err);
         CHECK(!memcmp(m1, m2, sizeof(m1)), "one-trip removal changed results for %u", x);
      }
      agx_shader_destroy(ref);
      agx_shader_destroy(s);
   }
}

/* --- constant ifs ------------------------------------------------------------------------ */

static unsigned
count_ifs(agx_list *list)
{
   unsigned n = 0;
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_LOOP)
         n += count_ifs(&agx_cf_as_loop(node)->body) + count_ifs(&agx_cf_as_loop(node)->cont);
      else if (node->type == AGX_CF_IF)
         n += 1 + count_ifs(&agx_cf_as_if(node)->then_list) +
              count_ifs(&agx_cf_as_if(node)->else_list);
   }
   return n;
}

/* v = in; loop { if (v > 20) break; if (K) { v = v * 2 } else { v = v + 100; if (v > 5) break }
 * v = phi; if (!K) { break } ; v += 1 } ; store v */
static agx_shader *
build_const_if(bool k)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_type t = agx_type_make(32, 1);
   unsigned var = agx_shader_add_var(s, t);
   agx_instr *in =
      agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1000), NULL, NULL, 4, 0, 0);
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, in, NULL, NULL, var, 0, 0);
   agx_loop *loop = agx_push_loop(&b);
   agx_instr *v = agx_intrin(&b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, var, 0, 0);
   agx_if *brk = agx_push_if(&b, agx_ult(&b, agx_imm(&b, 32, 20), v));
   agx_jump(&b, AGX_OP_BREAK);
   agx_pop_if(&b, brk);
   agx_if *nif = agx_push_if(&b, agx_imm(&b, 1, k));
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imul(&b, v, agx_imm(&b, 32, 2)),
              NULL, NULL, var, 0, 0);
   agx_push_else(&b, nif);
   agx_instr *w = agx_iadd(&b, v, agx_imm(&b, 32, 100));
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, w, NULL, NULL, var, 0, 0);
   agx_if *inner = agx_push_if(&b, agx_ult(&b, agx_imm(&b, 32, 5), w));
   agx_jump(&b, AGX_OP_BREAK);
   agx_pop_if(&b, inner);
   agx_pop_if(&b, nif);
   agx_if *neg = agx_push_if(&b, agx_imm(&b, 1, !k));
   agx_jump(&b, AGX_OP_BREAK);
   agx_pop_if(&b, neg);
   agx_instr *v2 = agx_intrin(&b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, var, 0, 0);
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_iadd(&b, v2, agx_imm(&b, 32, 1)),
              NULL, NULL, var, 0, 0);
   agx_pop_loop(&b, loop);
   agx_instr *fin = agx_intrin(&b, AGX_OP_LOAD_VAR, t, 0, NULL, NULL, NULL, var, 0, 0);
   agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(&b, 64, 0x1008), fin, NULL,
              4, 0, 0);
   return s;
}

static void
test_const_if(void)
{
   for (int k = 0; k < 2; k++) {
      agx_shader *ref = build_const_if(k), *s = build_const_if(k);
      agx_pass_vars_to_ssa(s);
      agx_optimize(s);
      valid(s, "after constant-if folding");
      /* k=1: only the loop-exit test is left; k=0: the kept else branch keeps its
       * own if, and if (true) { break } is not folded (taken branch jumps) */
      CHECK(count_ifs(&s->body) == (k ? 1u : 3u), "k=%d: ifs left %u", k, count_ifs(&s->body));
      for (uint32_t x = 0; x < 30; x++)
         CHECK(run_scalar(ref, x) == run_scalar(s, x),
               "k=%d x=%u: constant-if folding changed results", k, x);
      agx_shader_destroy(ref);
      agx_shader_destroy(s);
   }
}

/* --- 64-bit integer lowering ------------------------------------------------------------ */

static agx_shader *
build_int64(enum agx_op op)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_type t = agx_type_make(64, 1);
   agx_instr *x =
      agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1000), NULL, NULL, 8, 0, 0);
   agx_instr *y =
      agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1008), NULL, NULL, 8, 0, 0);
   agx_instr *r;
   const struct agx_op_info *info = &agx_op_infos[op];
   if (op == AGX_OP_ISHL || op == AGX_OP_ISHR || op == AGX_OP_USHR)
      r = agx_build(&b, op, t, 2, x, agx_u2u(&b, 32, y), NULL, NULL);
   else if (op == AGX_OP_BCSEL)
      r = agx_bcsel(&b, agx_ult(&b, agx_u2u(&b, 32, x), agx_u2u(&b, 32, y)), x, y);
   else if (op == AGX_OP_I2I || op == AGX_OP_U2U) /* 32 -> 64 -> 16 -> 64 round trip */
      r = agx_build(&b, op, t, 1,
                    agx_build(&b, op, agx_type_make(16, 1), 1,
                              agx_build(&b, op, t, 1, agx_u2u(&b, 32, x), NULL, NULL, NULL), NULL,
                              NULL, NULL),
                    NULL, NULL, NULL);
   else
      r = agx_build(&b, op, info->rule == AGX_RULE_CMP ? agx_type_make(1, 1) : t, info->num_srcs, x,
                    y, NULL, NULL);
   if (r->type.bits == 1)
      r = agx_bcsel(&b, r, agx_imm(&b, 64, 0x600d), agx_imm(&b, 64, 0xbad));
   agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(&b, 64, 0x1010), r, NULL, 8,
              0, 0);
   return s;
}

static uint64_t
run_int64(agx_shader *s, uint64_t x, uint64_t y)
{
   uint64_t mem[3] = {x, y, 0};
   struct agx_interp_buffer buf = {0x1000, mem, sizeof(mem)};
   struct agx_interp_dispatch d = {.groups = {1, 1, 1}, .buffers = &buf, .num_buffers = 1};
   char err[256];
   CHECK(agx_interp_run(s, &d, NULL, err, sizeof(err)) == 0, "interp: %s", err);
   return mem[2];
}

static void
test_int64(void)
{
   const enum agx_op ops[] = {AGX_OP_IADD, AGX_OP_ISUB,  AGX_OP_INEG, AGX_OP_IMUL, AGX_OP_IAND,
                              AGX_OP_IOR,  AGX_OP_IXOR,  AGX_OP_INOT, AGX_OP_ISHL, AGX_OP_ISHR,
                              AGX_OP_USHR, AGX_OP_IEQ,   AGX_OP_INE,  AGX_OP_ULT,  AGX_OP_UGE,
                              AGX_OP_ILT,  AGX_OP_IGE,   AGX_OP_UMIN, AGX_OP_UMAX, AGX_OP_IMIN,
                              AGX_OP_IMAX, AGX_OP_BCSEL, AGX_OP_I2I,  AGX_OP_U2U};
   const uint64_t edge[] = {0,
                            1,
                            31,
                            32,
                            33,
                            63,
                            64,
                            0xffffffffull,
                            0x100000000ull,
                            0x7fffffffffffffffull,
                            0x8000000000000000ull,
                            ~0ull};
   uint64_t seed = 6464;
   for (unsigned k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
      agx_shader *ref = build_int64(ops[k]), *low = build_int64(ops[k]);
      CHECK(agx_pass_lower_int64(low), "%s lowered", agx_op_infos[ops[k]].name);
      agx_optimize(low);
      valid(low, agx_op_infos[ops[k]].name);
      agx_instr **all;
      unsigned n = agx_collect_instrs(low, &all), wide = 0;
      for (unsigned i = 0; i < n; i++)
         wide += agx_info(all[i])->kind == AGX_OPK_ALU && all[i]->type.bits == 64;
      CHECK(wide == 0, "%s: %u 64-bit ALU ops left", agx_op_infos[ops[k]].name, wide);
      for (unsigned it = 0; it < 300; it++) {
         uint64_t x = rnd(&seed), y = rnd(&seed);
         if (it < 144) {
            x = edge[it % 12];
            y = edge[it / 12];
         } else if (it % 3 == 0) {
            y = x ^ (rnd(&seed) & 0xffffffffull); /* equal high halves */
         }
         uint64_t want = run_int64(ref, x, y), got = run_int64(low, x, y);
         CHECK(got == want, "%s(%llx, %llx) = %llx, want %llx", agx_op_infos[ops[k]].name,
               (unsigned long long)x, (unsigned long long)y, (unsigned long long)got,
               (unsigned long long)want);
      }
      agx_shader_destroy(ref);
      agx_shader_destroy(low);
   }
}

/* --- transcendental lowering ----------------------------------------------------------- */

static float
run_fop(agx_shader *s, float x, float y)
{
   float mem[4] = {x, y, 0, 0};
   struct agx_interp_buffer buf = {0x1000, mem, sizeof(mem)};
   struct agx_interp_dispatch d = {.groups = {1, 1, 1}, .buffers = &buf, .num_buffers = 1};
   char err[256];
   CHECK(agx_interp_run(s, &d, NULL, err, sizeof(err)) == 0, "interp: %s", err);
   return mem[2];
}

static void
test_transcendental(void)
{
   static const struct {
      enum agx_op op;
      double lo, hi, ylo, yhi;
      double tol;
      bool relative;
      double (*ref)(double, double);
   } cases[] = {
      {AGX_OP_FDIV, -100, 100, 0.1, 100, 4e-7, true, NULL},
      {AGX_OP_FSQRT, 0, 1e6, 0, 0, 4e-7, true, NULL},
      {AGX_OP_FPOW, 0.01, 10, -3, 3, 1e-5, true, pow},
      {AGX_OP_FTAN, -1.4, 1.4, 0, 0, 2e-6, true, NULL},
      {AGX_OP_FSINH, -5, 5, 0, 0, 1e-5, true, NULL},
      {AGX_OP_FCOSH, -5, 5, 0, 0, 1e-5, true, NULL},
      {AGX_OP_FTANH, -20, 20, 0, 0, 2e-6, false, NULL},
      {AGX_OP_FASINH, -100, 100, 0, 0, 1e-5, true, NULL},
      {AGX_OP_FACOSH, 1, 100, 0, 0, 1e-5, false, NULL},
      {AGX_OP_FATANH, -0.99, 0.99, 0, 0, 2e-5, false, NULL},
      {AGX_OP_FATAN, -100, 100, 0, 0, 2e-5, false, NULL},
      {AGX_OP_FATAN2, -10, 10, -10, 10, 2e-5, false, atan2},
      {AGX_OP_FASIN, -1, 1, 0, 0, 1e-4, false, NULL},
      {AGX_OP_FACOS, -1, 1, 0, 0, 1e-4, false, NULL},
      {AGX_OP_FMOD, -100, 100, 0.5, 10, 1e-4, false, NULL},
      {AGX_OP_FREM, -100, 100, 0.5, 10, 1e-4, false, NULL},
   };
   uint64_t seed = 4321;
   for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
      agx_builder b;
      agx_shader *s = new_shader(&b);
      agx_type t = agx_type_make(32, 1);
      agx_instr *x =
         agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1000), NULL, NULL, 4, 0, 0);
      agx_instr *y =
         agx_intrin(&b, AGX_OP_LOAD_GLOBAL, t, 1, agx_imm(&b, 64, 0x1004), NULL, NULL, 4, 0, 0);
      const struct agx_op_info *info = &agx_op_infos[cases[k].op];
      agx_instr *r = agx_build(&b, cases[k].op, t, info->num_srcs, x, y, NULL, NULL);
      agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, agx_imm(&b, 64, 0x1008), r, NULL,
                 4, 0, 0);
      CHECK(agx_pass_lower_transcendental(s), "%s lowered", info->name);
      agx_optimize(s);
      valid(s, info->name);
      CHECK(count_ops(s, cases[k].op) == 0, "%s gone", info->name);
      for (unsigned it = 0; it < 300; it++) {
         double u1 = (double)(rnd(&seed) % 1000001) / 1e6,
                u2 = (double)(rnd(&seed) % 1000001) / 1e6;
         float fx = (float)(cases[k].lo + (cases[k].hi - cases[k].lo) * u1);
         float fy = (float)(cases[k].ylo + (cases[k].yhi - cases[k].ylo) * u2);
         if (cases[k].op == AGX_OP_FDIV && (rnd(&seed) & 1))
            fy = -fy;
         double X = fx, Y = fy, want;
         switch (cases[k].op) {
         case AGX_OP_FDIV:
            want = X / Y;
            break;
         case AGX_OP_FSQRT:
            want = sqrt(X);
            break;
         case AGX_OP_FTAN:
            want = tan(X);
            break;
         case AGX_OP_FSINH:
            want = sinh(X);
            break;
         case AGX_OP_FCOSH:
            want = cosh(X);
            break;
         case AGX_OP_FTANH:
            want = tanh(X);
            break;
         case AGX_OP_FASINH:
            want = asinh(X);
            break;
         case AGX_OP_FACOSH:
            want = acosh(X);
            break;
         case AGX_OP_FATANH:
            want = atanh(X);
            break;
         case AGX_OP_FATAN:
            want = atan(X);
            break;
         case AGX_OP_FASIN:
            want = asin(X);
            break;
         case AGX_OP_FACOS:
            want = acos(X);
            break;
         case AGX_OP_FMOD:
            want = X - Y * floor(X / Y);
            break;
         case AGX_OP_FREM:
            want = fmod(X, Y);
            break;
         default:
            want = cases[k].ref(X, Y);
            break;
         }
         double got = run_fop(s, fx, fy), err = fabs(got - want);
         double lim = cases[k].tol * (cases[k].relative ? fmax(fabs(want), 1e-30) : 1.0);
         /* mod/rem: a quotient rounding across an integer moves by one period */
         if ((cases[k].op == AGX_OP_FMOD || cases[k].op == AGX_OP_FREM) && err > lim)
            err = fmin(fabs(err - fabs(Y)), err);
         CHECK(err <= lim, "%s(%.9g, %.9g) = %.9g, want %.9g", info->name, X, Y, got, want);
      }
      agx_shader_destroy(s);
   }
}

/* --- validator and printer --------------------------------------------------------- */

static void
test_validator(void)
{
   char err[256];
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_instr *x = agx_imm(&b, 32, 1);
   agx_instr *bad =
      agx_build(&b, AGX_OP_IADD, agx_type_make(32, 1), 2, x, agx_imm(&b, 16, 1), NULL, NULL);
   (void)bad;
   CHECK(!agx_validate(s, err, sizeof(err)) && strstr(err, "type"), "type mismatch caught: %s",
         err);
   agx_shader_destroy(s);

   s = new_shader(&b);
   agx_jump(&b, AGX_OP_BREAK);
   CHECK(!agx_validate(s, err, sizeof(err)) && strstr(err, "outside"), "break outside loop: %s",
         err);
   agx_shader_destroy(s);

   s = new_shader(&b);
   agx_instr *c = agx_ieq(&b, agx_imm(&b, 32, 1), agx_imm(&b, 32, 2));
   agx_if *nif = agx_push_if(&b, c);
   agx_instr *inner = agx_imm(&b, 32, 3);
   agx_pop_if(&b, nif);
   store_slot(&b, inner, 0);
   CHECK(!agx_validate(s, err, sizeof(err)) && strstr(err, "dominate"), "dominance: %s", err);
   agx_shader_destroy(s);

   s = new_shader(&b);
   agx_instr *late = agx_instr_create(s, AGX_OP_CONST, agx_type_make(32, 1), 0);
   store_slot(&b, late, 0);
   agx_builder_insert(&b, late);
   CHECK(!agx_validate(s, err, sizeof(err)) && strstr(err, "before use"), "use before def: %s",
         err);
   agx_shader_destroy(s);

   /* Printer: a small shader round-trips into readable text. */
   s = build_var_loop();
   FILE *f = tmpfile();
   agx_print_shader(s, f);
   long size = ftell(f);
   rewind(f);
   char *text = calloc(1, (size_t)size + 1);
   CHECK(fread(text, 1, (size_t)size, f) == (size_t)size, "read back");
   fclose(f);
   CHECK(strstr(text, "loop {") && strstr(text, "} continue {") && strstr(text, "load_var") &&
            strstr(text, "break") && strstr(text, "store_global"),
         "printer output:\n%s", text);
   free(text);
   agx_shader_destroy(s);
}

int
main(void)
{
   test_const_fold();
   test_dce_cse();
   test_vars_to_ssa();
   test_idiv();
   test_scalarize();
   test_transcendental();
   test_int64();
   test_one_trip();
   test_const_if();
   test_validator();
   printf("%u checks, %u failures\n", checks, failures);
   return failures ? 1 : 0;
}
