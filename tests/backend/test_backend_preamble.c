/* Preamble tests.
 *  - IR level (agx_pass_preamble on builder IR): what is hoisted and what is
 *    not (push-constant arithmetic and descriptor loads yes; buffer loads
 *    only without global writes and only where every invocation runs; 1-bit
 *    values are not stored but their inputs are), slot layout and budget.
 *  - End to end (be_preamble.comp): compiled with and without the preamble
 *    (option and AGX_DEBUG=nopreamble), the main program must shrink, and
 *    both must give the values computed here in C on the GPU model.
 *   test_backend_preamble SPV_DIR */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_abi.h"
#include "agx_backend.h"
#include "agx_builder.h"
#include "agx_passes.h"
#include "backend_sim.h"
#include "harness.h"

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

/* ---- IR level -------------------------------------------------------------- */

static agx_shader *
new_shader(agx_builder *b)
{
   agx_shader *s = agx_shader_create();
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &blk->cf.link);
   *b = agx_builder_at_end(s, blk);
   s->io_lowered = true;
   return s;
}

static agx_instr *
uni(agx_builder *b, unsigned bits, unsigned byte)
{
   return agx_intrin(b, AGX_OP_LOAD_UNIFORM, agx_type_make(bits, 1), 1, agx_imm(b, 32, 0), NULL,
                     NULL, byte, 0, 0);
}

static agx_instr *
tid(agx_builder *b)
{
   agx_instr *v = agx_intrin(b, AGX_OP_LOAD_LOCAL_INVOCATION_INDEX, agx_type_make(32, 1), 0, NULL,
                             NULL, NULL, 0, 0, 0);
   return v;
}

/* The buffer address of (set 0, binding) as lower_io builds it. */
static agx_instr *
buffer_address(agx_builder *b, unsigned binding)
{
   agx_instr *desc = agx_iadd(b, uni(b, 64, 0), agx_imm(b, 64, binding * 256));
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(64, 1), 1, desc, NULL, NULL, 8, 0, 0);
}

static agx_instr *
load32(agx_builder *b, agx_instr *addr)
{
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
}

static void
store32(agx_builder *b, agx_instr *addr, agx_instr *v)
{
   agx_intrin(b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, addr, v, NULL, 4, 0, 0);
}

struct counts {
   unsigned ops[AGX_NUM_OPS];
   unsigned min_uniform; /* lowest load_uniform byte at or above the ABI block */
   unsigned total;
};

static void
count_block(agx_block *blk, void *data)
{
   struct counts *c = data;
   agx_foreach_instr(blk, I) {
      c->ops[I->op]++;
      c->total++;
      if (I->op == AGX_OP_LOAD_UNIFORM && I->c[0] >= AGX_ABI_UNIFORM_SIZE &&
          (!c->min_uniform || I->c[0] < c->min_uniform))
         c->min_uniform = I->c[0];
   }
}

static struct counts
count(agx_shader *s)
{
   struct counts c;
   memset(&c, 0, sizeof(c));
   if (s)
      agx_foreach_block(&s->body, count_block, &c);
   return c;
}

/* x = (pc0 * pc1 + 5) ^ pc2, stored per thread to buffer 1 at tid: the
 * arithmetic and the descriptor load go to the preamble. */
static void
test_push_constant_chain(void)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_instr *x =
      agx_ixor(&b, agx_iadd(&b, agx_imul(&b, uni(&b, 32, 64), uni(&b, 32, 68)), agx_imm(&b, 32, 5)),
               uni(&b, 32, 72));
   agx_instr *addr = agx_iadd(&b, buffer_address(&b, 1),
                              agx_u2u(&b, 64, agx_imul(&b, tid(&b), agx_imm(&b, 32, 4))));
   store32(&b, addr, agx_iadd(&b, x, tid(&b)));
   unsigned end = 0;
   agx_shader *p = agx_pass_preamble(s, NULL, &end);
   CHECK(p != NULL, "push-constant chain: no preamble");
   struct counts m = count(s), pc = count(p);
   CHECK(m.ops[AGX_OP_IMUL] == 1 && m.ops[AGX_OP_IXOR] == 0,
         "main keeps the uniform arithmetic (imul %u, ixor %u)", m.ops[AGX_OP_IMUL],
         m.ops[AGX_OP_IXOR]);
   CHECK(m.ops[AGX_OP_LOAD_GLOBAL] == 0, "main keeps the descriptor load");
   CHECK(m.min_uniform == AGX_ABI_UNIFORM_SIZE, "first slot at %u", m.min_uniform);
   CHECK(pc.ops[AGX_OP_STORE_UNIFORM] == 2 && pc.ops[AGX_OP_IMUL] == 1 &&
            pc.ops[AGX_OP_LOAD_GLOBAL] == 1,
         "preamble: %u stores, %u imul, %u loads", pc.ops[AGX_OP_STORE_UNIFORM],
         pc.ops[AGX_OP_IMUL], pc.ops[AGX_OP_LOAD_GLOBAL]);
   /* a 32-bit value and a 64-bit address at 8-byte alignment */
   CHECK(end == AGX_ABI_UNIFORM_SIZE + 16, "uniform end %u", end);
   char err[256];
   CHECK(agx_validate(s, err, sizeof(err)), "main invalid: %s", err);
   CHECK(!p || agx_validate(p, err, sizeof(err)), "preamble invalid: %s", err);
   agx_shader_destroy(p);
   agx_shader_destroy(s);
}

/* A buffer load at a uniform address: hoisted only when the shader writes
 * no global memory and every invocation executes it, and never when it is
 * coherent (volatile: variant 3, otherwise as variant 1). */
static void
test_buffer_loads(void)
{
   for (unsigned variant = 0; variant < 4; variant++) {
      agx_builder b;
      agx_shader *s = new_shader(&b);
      agx_instr *t = tid(&b);
      if (variant == 2) {
         /* if (tid < pc0) return; then the load */
         agx_if *nif = agx_push_if(&b, agx_ult(&b, t, uni(&b, 32, 64)));
         agx_jump(&b, AGX_OP_HALT);
         agx_push_else(&b, nif);
         agx_pop_if(&b, nif);
      }
      agx_instr *v =
         load32(&b, agx_iadd(&b, buffer_address(&b, 0),
                             agx_u2u(&b, 64, agx_ishl(&b, uni(&b, 32, 68), agx_imm(&b, 32, 2)))));
      v->c[1] = variant == 3; /* coherent */
      agx_instr *r = agx_iadd(&b, agx_imul(&b, v, agx_imm(&b, 32, 3)), t);
      if (variant == 0) {
         store32(&b, buffer_address(&b, 1), r);
      } else {
         /* a shared-memory store: no global memory is written */
         agx_intrin(&b, AGX_OP_STORE_SHARED, agx_type_make(0, 0), 2,
                    agx_imul(&b, t, agx_imm(&b, 32, 4)), r, NULL, 4, 0, 0);
      }
      unsigned end = 0;
      agx_shader *p = agx_pass_preamble(s, NULL, &end);
      struct counts m = count(s), pc = count(p);
      CHECK(p != NULL, "variant %u: no preamble", variant);
      bool hoisted = m.ops[AGX_OP_LOAD_GLOBAL] == 0 && pc.ops[AGX_OP_LOAD_GLOBAL] == 2;
      CHECK(hoisted == (variant == 1), "variant %u: buffer load hoisted %d (main %u, pre %u)",
            variant, hoisted, m.ops[AGX_OP_LOAD_GLOBAL], pc.ops[AGX_OP_LOAD_GLOBAL]);
      if (variant != 1) /* the address computation is hoisted all the same */
         CHECK(m.ops[AGX_OP_ISHL] == 0 && m.ops[AGX_OP_LOAD_GLOBAL] == 1,
               "variant %u: main ishl %u loads %u", variant, m.ops[AGX_OP_ISHL],
               m.ops[AGX_OP_LOAD_GLOBAL]);
      agx_shader_destroy(p);
      agx_shader_destroy(s);
   }
}

/* Comparisons are not stored; their inputs are. Budget: values that do not
 * fit stay in the main program. Nothing uniform: no preamble. */
static void
test_bool_budget_none(void)
{
   agx_builder b;
   agx_shader *s = new_shader(&b);
   agx_instr *t = tid(&b);
   agx_instr *k = agx_imul(&b, uni(&b, 32, 64), uni(&b, 32, 68));
   agx_instr *c = agx_ult(&b, k, agx_imm(&b, 32, 100));
   agx_instr *sel = agx_bcsel(&b, c, t, agx_imm(&b, 32, 7));
   agx_instr *k2 = agx_imul(&b, uni(&b, 32, 72), uni(&b, 32, 76));
   agx_instr *k3 = agx_imul(&b, uni(&b, 32, 80), uni(&b, 32, 84));
   store32(&b, uni(&b, 64, 8),
           agx_iadd(&b, agx_iadd(&b, sel, agx_iadd(&b, k2, t)), agx_imul(&b, k3, t)));
   struct agx_preamble_options o = {.uniform_base = 400, .uniform_limit = 408};
   unsigned end = 0;
   agx_shader *p = agx_pass_preamble(s, &o, &end);
   struct counts m = count(s), pc = count(p);
   CHECK(p != NULL, "bool/budget: no preamble");
   CHECK(m.ops[AGX_OP_ULT] == 1 && pc.ops[AGX_OP_ULT] == 0, "comparison moved (main %u)",
         m.ops[AGX_OP_ULT]);
   CHECK(pc.ops[AGX_OP_STORE_UNIFORM] == 2 && end == 408, "budget: %u stores, end %u",
         pc.ops[AGX_OP_STORE_UNIFORM], end);
   CHECK(m.ops[AGX_OP_IMUL] == 2, "main imul %u (k3 * t and the one that did not fit)",
         m.ops[AGX_OP_IMUL]);
   agx_shader_destroy(p);
   agx_shader_destroy(s);

   s = new_shader(&b);
   t = tid(&b);
   store32(&b, uni(&b, 64, 8), agx_imul(&b, t, uni(&b, 32, 64)));
   p = agx_pass_preamble(s, NULL, &end);
   CHECK(p == NULL && end == AGX_ABI_UNIFORM_SIZE, "nothing to hoist, got a preamble");
   agx_shader_destroy(p);
   agx_shader_destroy(s);
}

/* ---- end to end -------------------------------------------------------------- */

struct pc_block {
   uint32_t a, b, c;
   int32_t d;
   uint32_t n;
};

static uint32_t
expected(const struct pc_block *pc, const uint32_t *t, uint32_t i)
{
   uint32_t k = (pc->a * pc->b + (pc->c >> 3)) ^ (uint32_t)(pc->d * 5 - 7);
   uint32_t m = (pc->a | 0x100u) * (pc->b + 3u) - (pc->c & 0xFFu);
   uint32_t acc = t[i] * k + m;
   for (uint32_t j = 0; j < pc->n; j++)
      acc = acc * 3u + (k >> (j & 7u)) + t[pc->a & 15u];
   if (i < pc->n * 7u + pc->b)
      acc ^= m + 1u;
   return acc;
}

#define GROUPS 3
#define THREADS (GROUPS * 32)

/* Compiles be_preamble (no_preamble: option; env: AGX_DEBUG), runs it on the
 * GPU model and checks every output. Returns the main instruction count. */
static unsigned
run_e2e(bool no_preamble, bool env, bool *had_preamble)
{
   struct harness h;
   if (!h_compile(&h, "be_preamble", H_OPT, NULL)) {
      CHECK(false, "cannot compile be_preamble: %s", h.err);
      return 0;
   }
   uint32_t *t = h_buffer(&h, 0, 0, 0, THREADS * 4);
   uint32_t *o = h_buffer(&h, 0, 1, 0, THREADS * 4);
   uint64_t seed = 99;
   for (unsigned i = 0; i < THREADS; i++)
      t[i] = h_rand(&seed);
   struct pc_block pc = {0x12345, 77, 0xABCDE, -3, 5};
   h_push(&h, &pc, sizeof(pc));
   if (env)
      setenv("AGX_DEBUG", "shaders,nopreamble", 1);
   struct agx_backend_options opts = {.no_preamble = no_preamble};
   struct agx_backend_result r;
   char err[512];
   int rc = agx_backend_compile(h.s, &opts, &r, err, sizeof(err));
   if (env)
      unsetenv("AGX_DEBUG");
   CHECK(rc == 0, "back end: %s", err);
   if (rc) {
      h_finish(&h);
      return 0;
   }
   *had_preamble = r.info.has_preamble;
   CHECK(r.info.has_preamble == (r.preamble_size > 0), "has_preamble vs size");
   CHECK(r.info.uniform_halves <= 512, "uniform halves %u", r.info.uniform_halves);
   struct bsim_program prog = {r.code,
                               r.size,
                               r.info.gpr_halves,
                               r.info.shared_size,
                               {r.info.local_size[0], r.info.local_size[1], r.info.local_size[2]},
                               r.preamble,
                               r.preamble_size,
                               r.info.preamble_gpr_halves};
   prog.scratch_size = r.info.scratch_size;
   struct bsim_buffer bb[32];
   for (unsigned k = 0; k < h.nbufs; k++)
      bb[k] = (struct bsim_buffer){h.bufs[k].address, h.bufs[k].data, h.bufs[k].size};
   uint32_t groups[3] = {GROUPS, 1, 1};
   rc =
      bsim_run(&prog, h.uniforms, sizeof(h.uniforms), bb, h.nbufs, groups, NULL, err, sizeof(err));
   CHECK(rc == 0, "GPU model: %s", err);
   unsigned bad = 0;
   for (unsigned i = 0; rc == 0 && i < THREADS; i++) {
      uint32_t want = expected(&pc, t, i);
      if (o[i] != want && bad++ < 4)
         fprintf(stderr, "be_preamble (%s): o[%u] = 0x%08x, want 0x%08x\n",
                 r.info.has_preamble ? "preamble" : "no preamble", i, o[i], want);
   }
   CHECK(bad == 0, "%u wrong outputs", bad);
   unsigned n = r.info.num_instrs;
   printf("be_preamble %-28s main %3u instrs, preamble %3u instrs, %u uniform halves\n",
          no_preamble ? "(option no_preamble)"
          : env       ? "(AGX_DEBUG=nopreamble)"
                      : "(default)",
          n, r.info.preamble_num_instrs, r.info.uniform_halves);
   agx_backend_result_free(&r);
   h_finish(&h);
   return n;
}

static void
test_e2e(void)
{
   bool pre_on = false, pre_off = true, pre_env = true;
   unsigned with = run_e2e(false, false, &pre_on);
   unsigned without = run_e2e(true, false, &pre_off);
   unsigned env = run_e2e(false, true, &pre_env);
   CHECK(pre_on, "the default build has no preamble");
   CHECK(!pre_off && !pre_env, "disabled build has a preamble (option %d, env %d)", pre_off,
         pre_env);
   CHECK(env == without, "AGX_DEBUG=nopreamble gives %u instrs, the option %u", env, without);
   /* k and m are 9 ALU instructions plus two descriptor loads and a wait */
   CHECK(with + 8 <= without, "main program %u instrs with the preamble, %u without", with,
         without);
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s SPV_DIR\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   test_push_constant_chain();
   test_buffer_loads();
   test_bool_budget_none();
   test_e2e();
   printf("%u checks, %u failures\n", checks, failures);
   return failures ? 1 : 0;
}
