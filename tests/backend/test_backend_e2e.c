/* End-to-end back-end tests: each GLSL shader is compiled by the front end,
 * run on the IR interpreter (the reference) and, through the back end, on
 * the simulated GPU in strict mode, with the same random inputs; every
 * buffer must match afterwards (float outputs within a relative tolerance
 * where the hardware sequence is approximate: rcp-based division, sqrt).
 * Every emitted binary must also decode completely. With --budget N the
 * back end gets only N GPR halves (forcing spills to the stack); with
 * --expect-spill the test fails unless the shader spilled. By default the
 * back end builds a preamble (run by the GPU model once before the
 * threads); --no-preamble disables it, --both runs each shader both ways.
 * Each run prints the static instruction counts (main + preamble).
 *   test_backend_e2e SPV_DIR [--budget N] [--expect-spill] [--no-preamble|--both] NAME... */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_backend.h"
#include "backend_sim.h"
#include "harness.h"

struct buf {
   unsigned set, binding, elem;
   unsigned size;
   enum { B_ZERO, B_RAND, B_SMALL, B_FLOAT } init;
   float tol; /* > 0: compare as floats with this relative tolerance */
};

struct shader_case {
   const char *name;
   uint32_t groups;
   struct buf bufs[6];
   unsigned nbufs;
   uint32_t push[8];
   unsigned push_size;
};

static const struct shader_case cases[] = {
   {"control", 4, {{0, 0, 0, 256, B_SMALL, 0}, {0, 1, 0, 1024, B_ZERO, 0}}, 2, {0}, 0},
   {"shared",
    3,
    {{0, 0, 0, 768, B_RAND, 0}, {0, 1, 0, 12, B_ZERO, 0}, {0, 2, 0, 768, B_ZERO, 0}},
    3,
    {0},
    0},
   {"push_sets",
    3,
    {{0, 0, 0, 192, B_SMALL, 0},
     {1, 2, 0, 192, B_SMALL, 0},
     {1, 2, 1, 192, B_SMALL, 0},
     {1, 0, 0, 192, B_ZERO, 1e-6f}},
    4,
    {40, (uint32_t)-17, 0x3f000000, 1},
    16},
   {"funcs", 4, {{0, 0, 0, 256, B_SMALL, 0}, {0, 1, 0, 768, B_ZERO, 0}}, 2, {0}, 0},
   {"specid", 2, {{0, 0, 0, 64, B_ZERO, 0}}, 1, {0}, 0},
   {"arith",
    2,
    {{0, 0, 0, 256, B_RAND, 0},
     {0, 1, 0, 256, B_SMALL, 0},
     {0, 2, 0, 256, B_FLOAT, 0},
     {0, 3, 0, 64 * 24 * 4, B_ZERO, 0},
     {0, 4, 0, 64 * 12 * 4, B_ZERO, 2e-6f}},
    5,
    {0},
    0},
   {"atomics",
    3,
    {{0, 0, 0, 384, B_SMALL, 0}, {0, 1, 0, 88, B_ZERO, 0}, {0, 2, 0, 384, B_ZERO, 0}},
    3,
    {0},
    0},
   {"structs",
    2,
    {{0, 0, 0, 144, B_FLOAT, 0},
     {0, 1, 0, 16 * 48, B_FLOAT, 0},
     {0, 2, 0, 16 * 48, B_ZERO, 1e-5f},
     {0, 3, 0, 80, B_FLOAT, 1e-5f}},
    4,
    {0},
    0},
   {"switch", 4, {{0, 0, 0, 256, B_RAND, 0}, {0, 1, 0, 512, B_ZERO, 0}}, 2, {0}, 0},
   {"be_subgroup", 2, {{0, 0, 0, 512, B_SMALL, 0}, {0, 1, 0, 128 * 40, B_ZERO, 0}}, 2, {0}, 0},
   {"be_float",
    2,
    {{0, 0, 0, 256, B_FLOAT, 0}, {0, 1, 0, 256, B_FLOAT, 0}, {0, 2, 0, 64 * 16 * 4, B_ZERO, 1e-5f}},
    3,
    {0},
    0},
   {"be_loops", 2, {{0, 0, 0, 256, B_SMALL, 0}, {0, 1, 0, 64 * 4 * 4, B_ZERO, 0}}, 2, {0}, 0},
   {"be_wide", 2, {{0, 0, 0, 512, B_RAND, 0}, {0, 1, 0, 64 * 8 * 4, B_ZERO, 0}}, 2, {0}, 0},
   {"be_half",
    2,
    {{0, 0, 0, 256, B_FLOAT, 0},
     {0, 1, 0, 256, B_FLOAT, 0},
     {0, 2, 0, 64 * 12 * 4, B_ZERO, 1e-3f},
     {0, 3, 0, 64 * 2 * 2, B_ZERO, 0}},
    4,
    {0},
    0},
   {"be_numwg", 5, {{0, 0, 0, 5 * 16 * 16, B_ZERO, 0}}, 1, {0}, 0},
   {"be_int_ops", 2, {{0, 0, 0, 1024, B_RAND, 0}, {0, 1, 0, 64 * 12 * 4, B_ZERO, 0}}, 2, {0}, 0},
   {"be_shuffle", 2, {{0, 0, 0, 512, B_RAND, 0}, {0, 1, 0, 128 * 6 * 4, B_ZERO, 0}}, 2, {0}, 0},
   {"be_bytes",
    2,
    {{0, 0, 0, 256, B_RAND, 0},
     {0, 1, 0, 64, B_RAND, 0},
     {0, 2, 0, 64 * 4 * 4, B_ZERO, 0},
     {0, 3, 0, 128, B_RAND, 0}},
    4,
    {0},
    0},
   {"be_imm_src", 2, {{0, 0, 0, 256, B_RAND, 0}, {0, 1, 0, 64 * 4 * 4, B_ZERO, 0}}, 2, {0}, 0},
   {"be_spill", 2, {{0, 0, 0, 2048, B_RAND, 0}, {0, 1, 0, 128 * 2 * 4, B_ZERO, 0}}, 2, {0}, 0},
   {"be_preamble",
    3,
    {{0, 0, 0, 384, B_RAND, 0}, {0, 1, 0, 384, B_ZERO, 0}},
    2,
    {0x12345, 77, 0xABCDE, (uint32_t)-3, 5},
    20},
   {"be_shared",
    2,
    {{0, 0, 0, 512, B_RAND, 0}, {0, 1, 0, 512, B_ZERO, 0}, {0, 2, 0, 8, B_ZERO, 0}},
    3,
    {0},
    0},
   /* tables read from the constant data (device loads), no threadgroup memory */
   {"const_table", 2, {{0, 0, 0, 512, B_RAND, 0}, {0, 1, 0, 128 * 16, B_ZERO, 0}}, 2, {0}, 0},
};

static void
fill(uint8_t *p, const struct buf *b, uint64_t *seed)
{
   for (unsigned i = 0; i + 4 <= b->size; i += 4) {
      uint32_t v = h_rand(seed);
      if (b->init == B_ZERO)
         v = 0;
      else if (b->init == B_SMALL)
         v = v % 3 == 0 ? v % 5000 : v % 97;
      else if (b->init == B_FLOAT) {
         float f = ((float)(v % 20001) - 10000.0f) / 128.0f;
         memcpy(&v, &f, 4);
      }
      memcpy(p + i, &v, 4);
   }
}

static bool
close_f32(uint32_t a, uint32_t b, float tol)
{
   float x, y;
   memcpy(&x, &a, 4);
   memcpy(&y, &b, 4);
   if (a == b || (isnan(x) && isnan(y)))
      return true;
   return fabsf(x - y) <= tol * fmaxf(fabsf(x), fabsf(y)) || fabsf(x - y) < 1e-30f;
}

static unsigned budget;   /* --budget: GPR halves, 0 = default */
static bool expect_spill; /* --expect-spill */
static bool no_preamble;  /* --no-preamble / second run of --both */

static unsigned
run_case(const struct shader_case *sc, enum h_mode mode)
{
   struct harness h;
   if (!h_compile(&h, sc->name, mode, NULL))
      return 1;
   uint64_t seed = 12345;
   uint8_t *ptr[6];
   for (unsigned i = 0; i < sc->nbufs; i++) {
      const struct buf *b = &sc->bufs[i];
      ptr[i] = h_buffer(&h, b->set, b->binding, b->elem, b->size);
      fill(ptr[i], b, &seed);
   }
   if (sc->push_size)
      h_push(&h, sc->push, sc->push_size);
   /* keep the initial memory for the GPU run */
   uint8_t *init[32];
   for (unsigned i = 0; i < h.nbufs; i++) {
      init[i] = malloc(h.bufs[i].size + 1);
      memcpy(init[i], h.bufs[i].data, h.bufs[i].size);
   }
   unsigned fails = 0;
   if (!h_run(&h, sc->groups, 1, 1)) {
      fails++;
      goto out;
   }
   uint8_t *want[32];
   for (unsigned i = 0; i < h.nbufs; i++) {
      want[i] = malloc(h.bufs[i].size + 1);
      memcpy(want[i], h.bufs[i].data, h.bufs[i].size);
      memcpy(h.bufs[i].data, init[i], h.bufs[i].size);
   }
   struct agx_backend_result r;
   char err[512];
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   struct agx_backend_options opts = {.max_halves = budget, .no_preamble = no_preamble};
   int rc = agx_backend_compile(h.s, &opts, &r, err, sizeof(err));
   clock_gettime(CLOCK_MONOTONIC, &t1);
   if (rc) {
      fprintf(stderr, "%s: back end: %s\n", sc->name, err);
      fails++;
   } else {
      FILE *null = fopen("/dev/null", "w");
      if (!agx_backend_disasm(r.code, r.size, null) ||
          !agx_backend_disasm(r.preamble, r.preamble_size, null)) {
         fprintf(stderr, "%s: emitted code does not decode completely\n", sc->name);
         fails++;
      }
      if (r.info.has_preamble != (r.preamble_size != 0) || (no_preamble && r.info.has_preamble)) {
         fprintf(stderr, "%s: inconsistent preamble (has %d, %zu bytes)\n", sc->name,
                 r.info.has_preamble, r.preamble_size);
         fails++;
      }
      fclose(null);
      if (expect_spill && r.info.scratch_size == 0) {
         fprintf(stderr, "%s: expected spills, scratch_size is 0\n", sc->name);
         fails++;
      }
      if (!strcmp(sc->name, "const_table") && r.info.shared_size) {
         fprintf(stderr, "const_table: %u bytes of threadgroup memory\n", r.info.shared_size);
         fails++;
      }
      if (budget && r.info.gpr_halves > budget) {
         fprintf(stderr, "%s: %u GPR halves exceed the budget %u\n", sc->name, r.info.gpr_halves,
                 budget);
         fails++;
      }
      struct bsim_stats st = {0};
      uint32_t groups[3] = {sc->groups, 1, 1};
      struct bsim_program prog = {
         r.code,
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
      if (bsim_run(&prog, h.uniforms, sizeof(h.uniforms), bb, h.nbufs, groups, &st, err,
                   sizeof(err))) {
         fprintf(stderr, "%s: GPU model: %s\n", sc->name, err);
         agx_backend_disasm(r.code, r.size, stderr);
         if (r.preamble_size) {
            fprintf(stderr, "preamble:\n");
            agx_backend_disasm(r.preamble, r.preamble_size, stderr);
         }
         fails++;
      } else {
         for (unsigned i = 0; i < sc->nbufs; i++) {
            /* the shader buffers are every other harness buffer after the set memory */
            struct agx_interp_buffer *b = NULL;
            unsigned bi = 0;
            for (unsigned k = 0; k < h.nbufs; k++)
               if (h.bufs[k].data == ptr[i])
                  b = &h.bufs[k], bi = k;
            unsigned bad = 0;
            for (unsigned o = 0; b && o + 4 <= b->size; o += 4) {
               uint32_t got, exp;
               memcpy(&got, (uint8_t *)b->data + o, 4);
               memcpy(&exp, want[bi] + o, 4);
               bool ok = sc->bufs[i].tol > 0 ? close_f32(got, exp, sc->bufs[i].tol) : got == exp;
               if (!ok && bad++ < 5)
                  fprintf(stderr, "%s: buffer %u word %u: GPU 0x%08x, interpreter 0x%08x\n",
                          sc->name, i, o / 4, got, exp);
            }
            fails += bad != 0;
         }
         /* be_numwg: also the absolute values (the reference reads the
          * same uniforms, so agreement alone would not catch a wrong slot) */
         if (!strcmp(sc->name, "be_numwg")) {
            const uint32_t *v = (const uint32_t *)(void *)ptr[0];
            for (unsigned t = 0; t < sc->groups * 16; t++) {
               if (v[t * 4] != sc->groups || v[t * 4 + 1] != 1001 ||
                   v[t * 4 + 2] != (t / 16) * sc->groups + t % 16) {
                  fprintf(stderr, "be_numwg: thread %u: %u %u %u\n", t, v[t * 4], v[t * 4 + 1],
                          v[t * 4 + 2]);
                  fails++;
                  break;
               }
            }
         }
      }
      printf("%-10s %5zu bytes %4u+%-3u instrs (main+preamble) %3u GPR halves %3u uniform halves"
             " %4u B stack  back end %6.1f us  executed %llu SIMD-group instrs\n",
             sc->name, r.size, r.info.num_instrs, r.info.preamble_num_instrs, r.info.gpr_halves,
             r.info.uniform_halves, r.info.scratch_size,
             ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e3,
             (unsigned long long)st.sg_insns);
      agx_backend_result_free(&r);
   }
   for (unsigned i = 0; i < h.nbufs; i++)
      free(want[i]);
out:
   for (unsigned i = 0; i < h.nbufs; i++)
      free(init[i]);
   h_finish(&h);
   return fails;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s SPV_DIR NAME...\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   unsigned fails = 0;
   bool both = false;
   for (int a = 2; a < argc; a++) {
      if (!strcmp(argv[a], "--budget") && a + 1 < argc) {
         budget = (unsigned)atoi(argv[++a]);
         continue;
      }
      if (!strcmp(argv[a], "--expect-spill")) {
         expect_spill = true;
         continue;
      }
      if (!strcmp(argv[a], "--no-preamble")) {
         no_preamble = true;
         continue;
      }
      if (!strcmp(argv[a], "--both")) {
         both = true;
         continue;
      }
      const struct shader_case *sc = NULL;
      for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
         if (!strcmp(cases[i].name, argv[a]))
            sc = &cases[i];
      if (!sc) {
         fprintf(stderr, "unknown case %s\n", argv[a]);
         return 2;
      }
      /* H_OPT: the back end lowers what it needs itself; H_LOWERED: the
       * middle end's full lowering (64-bit ops split into 32-bit halves) */
      for (int mode = H_OPT; mode <= H_LOWERED; mode++) {
         bool saved = no_preamble;
         for (int pass = 0; pass < (both ? 2 : 1); pass++) {
            no_preamble = saved || pass == 1;
            unsigned f = run_case(sc, (enum h_mode)mode);
            printf("%s (%s%s): %s\n", sc->name, h_mode_names[mode],
                   no_preamble ? ", no preamble" : "", f ? "FAIL" : "ok");
            fails += f;
         }
         no_preamble = saved;
      }
   }
   return fails ? 1 : 0;
}
