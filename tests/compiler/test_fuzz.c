/* Fuzz test of the SPIR-V front end: valid modules from the test corpus are
 * mutated (bit flips, random words, id-like words, word swaps, truncation,
 * word-count edits, duplicated ranges) with fixed seeds and compiled through
 * the whole front/middle end. Every run must either fail with a message or
 * produce IR that validates; small accepted modules are also interpreted
 * with a step limit against scratch memory; accepted vertex and fragment
 * modules go on through the back end (stage lowering: UVS, coefficient
 * registers, tilebuffer stores), which must also succeed or fail with a
 * message. Meant to run under ASan/UBSan.
 * Usage: test_compiler_fuzz SPV_DIR ITERATIONS NAME... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_backend.h"
#include "agx_interp.h"
#include "agx_passes.h"
#include "agx_spirv.h"
#include "harness.h"

static uint64_t
rnd(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return *s;
}

static size_t
mutate(uint64_t *seed, uint32_t *w, size_t n, size_t cap)
{
   unsigned count = 1 + rnd(seed) % 4;
   for (unsigned m = 0; m < count && n > 5; m++) {
      size_t i = 5 + rnd(seed) % (n - 5), j = 5 + rnd(seed) % (n - 5);
      switch (rnd(seed) % 8) {
      case 0: /* bit flip */
         w[i] ^= 1u << (rnd(seed) % 32);
         break;
      case 1: /* random word */
         w[i] = (uint32_t)rnd(seed);
         break;
      case 2: /* small value, often a valid id or literal */
         w[i] = (uint32_t)(rnd(seed) % (w[3] + 4));
         break;
      case 3: { /* swap */
         uint32_t t = w[i];
         w[i] = w[j];
         w[j] = t;
         break;
      }
      case 4: /* truncate */
         n = i;
         break;
      case 5: /* edit a word count */
         w[i] = (w[i] & 0xffff) | ((uint32_t)(rnd(seed) % 12) << 16);
         break;
      case 6: { /* duplicate a range */
         size_t len = 1 + rnd(seed) % 16;
         if (i + len <= n && n + len <= cap) {
            memmove(w + i + len, w + i, (n - i) * 4);
            n += len;
         }
         break;
      }
      default: /* header fields */
         w[1 + rnd(seed) % 4] ^= (uint32_t)rnd(seed) & 0xff;
         break;
      }
   }
   return n;
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr, "usage: %s SPV_DIR ITERATIONS NAME...\n", argv[0]);
      return 2;
   }
   h_spv_dir = argv[1];
   unsigned iters = (unsigned)atoi(argv[2]);
   unsigned accepted = 0, rejected = 0, internal = 0, interpreted = 0, total = 0, by_validation = 0,
            graphics_compiled = 0;
   for (int f = 3; f < argc; f++) {
      size_t n0;
      uint32_t *orig = h_read_spv(argv[f], &n0);
      if (!orig) {
         fprintf(stderr, "missing corpus file %s\n", argv[f]);
         return 1;
      }
      size_t cap = n0 + 64;
      uint32_t *w = malloc(cap * 4);
      uint64_t seed = 0x51ed270b0b2f1a3bull ^ (uint64_t)f * 0x9e3779b97f4a7c15ull;
      for (unsigned it = 0; it < iters; it++) {
         memcpy(w, orig, n0 * 4);
         size_t n = mutate(&seed, w, n0, cap);
         char err[512];
         agx_shader *s = agx_compile_spirv(w, n, NULL, true, err, sizeof(err));
         total++;
         if (!s) {
            if (!err[0]) {
               fprintf(stderr, "%s iteration %u: failure without a message\n", argv[f], it);
               return 1;
            }
            if (strstr(err, "internal error")) {
               internal++;
               if (internal <= 5)
                  fprintf(stderr, "%s iteration %u: %s\n", argv[f], it, err);
            }
            by_validation += strstr(err, "fails IR validation") != NULL;
            rejected++;
            continue;
         }
         accepted++;
         if (!agx_stage_is_compute(s->stage)) {
            enum agx_tib_format rts[2] = {AGX_TIB_RGBA8_UNORM, AGX_TIB_RGBA32_UINT};
            struct agx_tilebuffer_layout tib;
            agx_tilebuffer_layout(&tib, rts, 2, 1);
            struct agx_backend_options bo = {.tib = &tib};
            struct agx_backend_result r;
            if (agx_backend_compile(s, &bo, &r, err, sizeof(err)) == 0) {
               graphics_compiled++;
               agx_backend_result_free(&r);
            } else if (!err[0]) {
               fprintf(stderr, "%s iteration %u: back end failure without a message\n", argv[f],
                       it);
               return 1;
            }
            agx_shader_destroy(s);
            continue;
         }
         uint32_t lanes = s->cs.local_size[0] * s->cs.local_size[1] * s->cs.local_size[2];
         if (lanes <= 64 && it % 4 == 0) {
            static uint8_t mem[1 << 16];
            uint8_t uniforms[AGX_ABI_UNIFORM_SIZE] = {0};
            uint64_t base = 0x10000;
            for (unsigned k = 0; k < AGX_ABI_MAX_SETS; k++)
               memcpy(uniforms + 8 * k, &base, 8);
            struct agx_interp_buffer buf = {base, mem, sizeof(mem)};
            struct agx_interp_dispatch d = {.groups = {1, 1, 1},
                                            .uniforms = uniforms,
                                            .uniform_size = sizeof(uniforms),
                                            .buffers = &buf,
                                            .num_buffers = 1,
                                            .max_steps = 20000};
            memset(mem, 0, sizeof(mem));
            for (unsigned k = 0; k < 64; k++) /* descriptors point into the buffer */
               memcpy(mem + 16 * k, &base, 8);
            agx_interp_run(s, &d, NULL, err, sizeof(err));
            interpreted++;
         }
         agx_shader_destroy(s);
      }
      free(w);
      free(orig);
   }
   printf("%u mutated modules: %u rejected with a message, %u accepted (%u interpreted, %u "
          "graphics through the back end), %u internal errors, %u rejected by IR validation\n",
          total, rejected, accepted, interpreted, graphics_compiled, internal, by_validation);
   return internal ? 1 : 0;
}
