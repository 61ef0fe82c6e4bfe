/* Random differential test of instruction selection and register
 * allocation: straight-line programs of random 32-bit integer, comparison,
 * select and float operations over per-lane inputs, small and large
 * constants and push-constant uniforms, optionally inside a divergent
 * if/else or a loop with per-lane trip counts and loop-carried values, are run on the IR interpreter and on the GPU model; every stored
 * result must agree (float results of approximate hardware sequences
 * within a relative tolerance).
 * With a BUDGET (GPR halves) the programs run under that register budget,
 * so values spill to the stack inside divergent ifs and loops.
 *   test_backend_random PROGRAMS [BUDGET]   (RANDOM_DUMP=N prints program N's IR and code) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_backend.h"
#include "agx_builder.h"
#include "backend_sim.h"
#include "harness.h"

#define LANES 64
#define OUTS 24

static uint64_t seed = 0x5eed;
static unsigned budget;  /* GPR halves, 0 = default */
static unsigned spilled; /* programs that used the stack */

static unsigned
pick(unsigned n)
{
   return h_rand(&seed) % n;
}

static const enum agx_op int_ops[] = {
   AGX_OP_IADD,      AGX_OP_ISUB,      AGX_OP_IMUL,        AGX_OP_IAND,     AGX_OP_IOR,
   AGX_OP_IXOR,      AGX_OP_ISHL,      AGX_OP_USHR,        AGX_OP_ISHR,     AGX_OP_IMIN,
   AGX_OP_IMAX,      AGX_OP_UMIN,      AGX_OP_UMAX,        AGX_OP_INEG,     AGX_OP_INOT,
   AGX_OP_IABS,      AGX_OP_BIT_COUNT, AGX_OP_UFIND_MSB,   AGX_OP_FIND_LSB, AGX_OP_UMUL_HIGH,
   AGX_OP_IMUL_HIGH, AGX_OP_ISIGN,     AGX_OP_BIT_REVERSE,
};
static const enum agx_op cmp_ops[] = {
   AGX_OP_IEQ,  AGX_OP_INE,  AGX_OP_ILT,  AGX_OP_IGE,  AGX_OP_ULT, AGX_OP_UGE,
   AGX_OP_FEQ,  AGX_OP_FNE,  AGX_OP_FLT,  AGX_OP_FGE,  AGX_OP_FLE, AGX_OP_FGT,
   AGX_OP_FLTU, AGX_OP_FGEU, AGX_OP_FNEU, AGX_OP_FEQU,
};
static const enum agx_op float_ops[] = {
   AGX_OP_FADD,   AGX_OP_FSUB,        AGX_OP_FMUL,   AGX_OP_FFMA,   AGX_OP_FMIN,
   AGX_OP_FMAX,   AGX_OP_FNEG,        AGX_OP_FABS,   AGX_OP_FFLOOR, AGX_OP_FCEIL,
   AGX_OP_FTRUNC, AGX_OP_FROUND_EVEN, AGX_OP_FFRACT, AGX_OP_FSIGN,
};

struct pool {
   agx_instr *v[256];
   bool fl[256];
   unsigned n;
};

static agx_instr *
any(struct pool *p, bool fl)
{
   for (unsigned tries = 0; tries < 64; tries++) {
      unsigned i = pick(p->n);
      if (p->fl[i] == fl)
         return p->v[i];
   }
   return p->v[fl ? 1 : 0];
}

static void
add(struct pool *p, agx_instr *v, bool fl)
{
   if (p->n < 256) {
      p->v[p->n] = v;
      p->fl[p->n++] = fl;
   }
}

static float
rand_float(void)
{
   static const float special[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.5f, -3.75f, 1e6f, 100.25f};
   if (pick(4) == 0)
      return special[pick(sizeof(special) / sizeof(special[0]))];
   return ((float)pick(200001) - 100000.0f) / (float)(1 + pick(1000));
}

/* One random operation appended at b. */
static void
random_op(agx_builder *b, struct pool *p)
{
   agx_type t32 = agx_type_make(32, 1);
   switch (pick(4)) {
   case 0:
   case 1: {
      enum agx_op op = int_ops[pick(sizeof(int_ops) / sizeof(int_ops[0]))];
      unsigned n = agx_op_infos[op].num_srcs;
      agx_instr *a = any(p, false), *c = any(p, false);
      if (op == AGX_OP_ISHL || op == AGX_OP_USHR || op == AGX_OP_ISHR) {
         if (pick(2))
            c = agx_imm(b, 32, pick(40));
      }
      add(p, agx_build(b, op, t32, n, a, n > 1 ? c : NULL, NULL, NULL), false);
      return;
   }
   case 2: {
      enum agx_op op = cmp_ops[pick(sizeof(cmp_ops) / sizeof(cmp_ops[0]))];
      bool fl = agx_op_infos[op].src_class == 'f';
      agx_instr *cond =
         agx_build(b, op, agx_type_make(1, 1), 2, any(p, fl), any(p, fl), NULL, NULL);
      bool sfl = pick(2);
      add(p, agx_build(b, AGX_OP_BCSEL, t32, 3, cond, any(p, sfl), any(p, sfl), NULL), sfl);
      return;
   }
   default: {
      enum agx_op op = float_ops[pick(sizeof(float_ops) / sizeof(float_ops[0]))];
      unsigned n = agx_op_infos[op].num_srcs;
      add(p,
          agx_build(b, op, t32, n, any(p, true), n > 1 ? any(p, true) : NULL,
                    n > 2 ? any(p, true) : NULL, NULL),
          true);
      if (pick(6) == 0)
         add(p, agx_build(b, AGX_OP_F2I, t32, 1, any(p, true), NULL, NULL, NULL), false);
      if (pick(6) == 0)
         add(p, agx_build(b, AGX_OP_I2F, t32, 1, any(p, false), NULL, NULL, NULL), true);
   }
   }
}

static unsigned
run_one(unsigned prog)
{
   struct harness h;
   memset(&h, 0, sizeof(h));
   h.next_addr = UINT64_C(0x200000000);
   agx_shader *s = agx_shader_create();
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &blk->cf.link);
   agx_builder b = agx_builder_at_end(s, blk);
   s->io_lowered = true;
   s->cs.local_size[0] = 32;
   s->cs.local_size[1] = s->cs.local_size[2] = 1;
   h.s = s;

   uint64_t in_addr, out_addr;
   uint32_t *in = h_memory(&h, LANES * 4 * 4, &in_addr);
   uint32_t *out = h_memory(&h, LANES * OUTS * 4, &out_addr);
   for (unsigned i = 0; i < LANES * 4; i++) {
      if (i % 4 < 2) {
         in[i] = pick(3) ? h_rand(&seed) : pick(300);
      } else {
         float f = rand_float();
         memcpy(&in[i], &f, 4);
      }
   }
   uint32_t push[4] = {h_rand(&seed), pick(100), 0, 0};
   float pf = rand_float();
   memcpy(&push[2], &pf, 4);
   memcpy(h.uniforms, &in_addr, 8);
   memcpy(h.uniforms + 8, &out_addr, 8);
   memcpy(h.uniforms + 64, push, sizeof(push));

   agx_type t32 = agx_type_make(32, 1), t64 = agx_type_make(64, 1);
   agx_instr *zero = agx_imm(&b, 32, 0);
   agx_instr *gid = agx_extract(&b,
                                agx_intrin(&b, AGX_OP_LOAD_LOCAL_INVOCATION_ID,
                                           agx_type_make(32, 3), 0, NULL, NULL, NULL, 0, 0, 0),
                                0);
   agx_instr *wg = agx_extract(
      &b,
      agx_intrin(&b, AGX_OP_LOAD_WORKGROUP_ID, agx_type_make(32, 3), 0, NULL, NULL, NULL, 0, 0, 0),
      0);
   agx_instr *lane = agx_build(
      &b, AGX_OP_IADD, t32, 2, gid,
      agx_build(&b, AGX_OP_IMUL, t32, 2, wg, agx_imm(&b, 32, 32), NULL, NULL), NULL, NULL);
   agx_instr *inb = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, t64, 1, zero, NULL, NULL, 0, 0, 0);
   agx_instr *outb = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, t64, 1, zero, NULL, NULL, 8, 0, 0);
   agx_instr *lane64 = agx_build(&b, AGX_OP_U2U, t64, 1, lane, NULL, NULL, NULL);
   agx_instr *vin = agx_intrin(
      &b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 4), 1,
      agx_build(&b, AGX_OP_IADD, t64, 2, inb,
                agx_build(&b, AGX_OP_IMUL, t64, 2, lane64, agx_imm(&b, 64, 16), NULL, NULL), NULL,
                NULL),
      NULL, NULL, 16, 0, 0);
   struct pool p = {.n = 0};
   add(&p, agx_extract(&b, vin, 0), false);
   add(&p, agx_extract(&b, vin, 2), true);
   add(&p, agx_extract(&b, vin, 1), false);
   add(&p, agx_extract(&b, vin, 3), true);
   add(&p, agx_intrin(&b, AGX_OP_LOAD_UNIFORM, t32, 1, zero, NULL, NULL, 64, 0, 0), false);
   add(&p, agx_intrin(&b, AGX_OP_LOAD_UNIFORM, t32, 1, zero, NULL, NULL, 68, 0, 0), false);
   add(&p, agx_intrin(&b, AGX_OP_LOAD_UNIFORM, t32, 1, zero, NULL, NULL, 72, 0, 0), true);
   add(&p, agx_imm(&b, 32, pick(256)), false);
   add(&p, agx_imm(&b, 32, h_rand(&seed)), false);
   float cf = rand_float();
   uint32_t cb;
   memcpy(&cb, &cf, 4);
   add(&p, agx_imm(&b, 32, cb), true);
   add(&p, agx_imm(&b, 32, 0x3f800000), true);
   add(&p, lane, false);

   unsigned nops = 8 + pick(40);
   bool divergent = prog % 3 == 1, loop = prog % 3 == 2;
   if (loop) {
      /* a loop with a per-lane trip count (1-8) carrying an integer, a
       * float and the counter through header phis */
      agx_instr *limit = agx_build(
         &b, AGX_OP_IADD, t32, 2,
         agx_build(&b, AGX_OP_IAND, t32, 2, any(&p, false), agx_imm(&b, 32, 7), NULL, NULL),
         agx_imm(&b, 32, 1), NULL, NULL);
      agx_instr *x0 = any(&p, false), *f0 = any(&p, true);
      agx_block *pre = b.block;
      agx_loop *lp = agx_push_loop(&b);
      agx_instr *phis[3];
      for (unsigned k = 0; k < 3; k++) {
         phis[k] = agx_instr_create(s, AGX_OP_PHI, t32, 0);
         agx_builder_insert(&b, phis[k]);
      }
      agx_instr *stop =
         agx_build(&b, AGX_OP_UGE, agx_type_make(1, 1), 2, phis[0], limit, NULL, NULL);
      agx_if *nif = agx_push_if(&b, stop);
      agx_jump(&b, AGX_OP_BREAK);
      agx_push_else(&b, nif);
      agx_pop_if(&b, nif);
      unsigned base = p.n;
      add(&p, phis[0], false);
      add(&p, phis[1], false);
      add(&p, phis[2], true);
      for (unsigned i = 0; i < nops / 3; i++)
         random_op(&b, &p);
      agx_instr *x1 = any(&p, false), *f1 = any(&p, true);
      agx_push_continue(&b, lp);
      agx_instr *i1 = agx_build(&b, AGX_OP_IADD, t32, 2, phis[0], agx_imm(&b, 32, 1), NULL, NULL);
      agx_block *back = agx_list_last_block(&lp->cont);
      agx_pop_loop(&b, lp);
      agx_instr_add_phi_src(s, phis[0], pre, zero);
      agx_instr_add_phi_src(s, phis[0], back, i1);
      agx_instr_add_phi_src(s, phis[1], pre, x0);
      agx_instr_add_phi_src(s, phis[1], back, x1);
      agx_instr_add_phi_src(s, phis[2], pre, f0);
      agx_instr_add_phi_src(s, phis[2], back, f1);
      /* only the header phis dominate the exit */
      p.n = base;
      add(&p, phis[0], false);
      add(&p, phis[1], false);
      add(&p, phis[2], true);
   }
   agx_instr *outs[OUTS];
   for (unsigned i = 0; i < nops / 2; i++)
      random_op(&b, &p);
   if (divergent) {
      /* results of both branches merge through phis */
      agx_instr *cond = agx_build(
         &b, AGX_OP_ULT, agx_type_make(1, 1), 2,
         agx_build(&b, AGX_OP_IAND, t32, 2, any(&p, false), agx_imm(&b, 32, 7), NULL, NULL),
         agx_imm(&b, 32, 3), NULL, NULL);
      unsigned base = p.n;
      agx_if *nif = agx_push_if(&b, cond);
      for (unsigned i = 0; i < nops / 4; i++)
         random_op(&b, &p);
      agx_instr *t = p.v[p.n - 1];
      bool tfl = p.fl[p.n - 1];
      p.n = base;
      agx_push_else(&b, nif);
      agx_instr *e = any(&p, tfl);
      for (unsigned i = 0; i < nops / 4; i++)
         random_op(&b, &p);
      if (p.n > base && p.fl[p.n - 1] == tfl)
         e = p.v[p.n - 1];
      p.n = base;
      agx_pop_if(&b, nif);
      agx_instr *phi = agx_instr_create(s, AGX_OP_PHI, t32, 0);
      agx_builder_insert(&b, phi);
      agx_instr_add_phi_src(s, phi, agx_list_last_block(&nif->then_list), t);
      agx_instr_add_phi_src(s, phi, agx_list_last_block(&nif->else_list), e);
      add(&p, phi, tfl);
   }
   for (unsigned i = 0; i < nops / 2; i++)
      random_op(&b, &p);
   for (unsigned k = 0; k < OUTS; k++)
      outs[k] = k < p.n ? p.v[p.n - 1 - k] : zero;
   agx_instr *obase =
      agx_build(&b, AGX_OP_IADD, t64, 2, outb,
                agx_build(&b, AGX_OP_IMUL, t64, 2, lane64, agx_imm(&b, 64, OUTS * 4), NULL, NULL),
                NULL, NULL);
   for (unsigned k = 0; k < OUTS; k++)
      agx_intrin(&b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2,
                 agx_build(&b, AGX_OP_IADD, t64, 2, obase, agx_imm(&b, 64, 4 * k), NULL, NULL),
                 outs[k], NULL, 4, 0, 0);

   char err[512];
   unsigned fails = 0;
   if (!agx_validate(s, err, sizeof(err))) {
      fprintf(stderr, "program %u: invalid IR: %s\n", prog, err);
      h_finish(&h);
      return 1;
   }
   if (!h_run(&h, LANES / 32, 1, 1)) {
      h_finish(&h);
      return 1;
   }
   uint32_t *want = malloc(LANES * OUTS * 4);
   memcpy(want, out, LANES * OUTS * 4);
   memset(out, 0, LANES * OUTS * 4);
   struct agx_backend_result r;
   if (getenv("RANDOM_DUMP") && (unsigned)atoi(getenv("RANDOM_DUMP")) == prog)
      agx_print_shader(s, stderr);
   struct agx_backend_options opts = {.max_halves = budget};
   if (agx_backend_compile(s, &opts, &r, err, sizeof(err))) {
      fprintf(stderr, "program %u: back end: %s\n", prog, err);
      fails++;
   } else {
      spilled += r.info.scratch_size != 0;
      struct bsim_program bp = {
         r.code,     r.size,     r.info.gpr_halves, 0,
         {32, 1, 1}, r.preamble, r.preamble_size,   r.info.preamble_gpr_halves};
      bp.scratch_size = r.info.scratch_size;
      struct bsim_buffer bb[2] = {{h.bufs[0].address, h.bufs[0].data, h.bufs[0].size},
                                  {h.bufs[1].address, h.bufs[1].data, h.bufs[1].size}};
      uint32_t groups[3] = {LANES / 32, 1, 1};
      if (bsim_run(&bp, h.uniforms, sizeof(h.uniforms), bb, 2, groups, NULL, err, sizeof(err))) {
         fprintf(stderr, "program %u: GPU model: %s\n", prog, err);
         fails++;
      } else {
         unsigned bad = 0;
         for (unsigned i = 0; i < LANES * OUTS; i++) {
            float x, y;
            memcpy(&x, &out[i], 4);
            memcpy(&y, &want[i], 4);
            bool ok = out[i] == want[i] || (isnan(x) && isnan(y)) ||
                      /* flushed denormals: the hardware flushes f32 results */
                      (fabsf(x) < 1.2e-38f && fabsf(y) < 1.2e-38f);
            if (!ok && bad++ < 4)
               fprintf(stderr, "program %u: lane %u out %u: GPU 0x%08x, interpreter 0x%08x\n", prog,
                       i / OUTS, i % OUTS, out[i], want[i]);
         }
         fails += bad != 0;
         if (getenv("RANDOM_DUMP") && (unsigned)atoi(getenv("RANDOM_DUMP")) == prog)
            agx_backend_disasm(r.code, r.size, stderr);
      }
      agx_backend_result_free(&r);
   }
   free(want);
   h_finish(&h);
   return fails;
}

int
main(int argc, char **argv)
{
   unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 200, fails = 0;
   budget = argc > 2 ? (unsigned)atoi(argv[2]) : 0;
   for (unsigned i = 0; i < n; i++)
      fails += run_one(i);
   printf("%u random programs, %u failed, %u spilled\n", n, fails, spilled);
   /* under a small budget most programs must really spill */
   if (budget && spilled < n / 2) {
      fprintf(stderr, "only %u of %u programs spilled under a budget of %u halves\n", spilled, n,
              budget);
      fails++;
   }
   return fails ? 1 : 0;
}
