/* Robustness of the back end on odd but valid IR: test shaders are mutated
 * at the SPIR-V level (bit flips, small values, word swaps) with fixed
 * seeds; whatever the front end accepts goes through the back end, which
 * must either fail with a message or emit code that decodes completely and
 * ends with stop. Meant to run under ASan/UBSan as well.
 *   test_backend_fuzz SPV_DIR ITERATIONS NAME...  (FUZZ_VERBOSE=1 prints rejections) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_backend.h"
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

static void
mutate(uint64_t *seed, uint32_t *w, size_t n)
{
   unsigned count = 1 + rnd(seed) % 3;
   for (unsigned m = 0; m < count && n > 5; m++) {
      size_t i = 5 + rnd(seed) % (n - 5), j = 5 + rnd(seed) % (n - 5);
      switch (rnd(seed) % 3) {
      case 0:
         w[i] ^= 1u << (rnd(seed) % 32);
         break;
      case 1:
         w[i] = (uint32_t)(rnd(seed) % (w[3] + 4));
         break;
      default: {
         uint32_t t = w[i];
         w[i] = w[j];
         w[j] = t;
      }
      }
   }
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
   unsigned accepted = 0, compiled = 0, rejected = 0, bad = 0;
   FILE *null = fopen("/dev/null", "w");
   for (int a = 3; a < argc; a++) {
      size_t n;
      uint32_t *orig = h_read_spv(argv[a], &n);
      if (!orig)
         return 1;
      uint32_t *w = malloc(n * 4);
      uint64_t seed = 0x9E3779B97F4A7C15ull ^ (uint64_t)a;
      for (unsigned it = 0; it < iters; it++) {
         memcpy(w, orig, n * 4);
         if (it)
            mutate(&seed, w, n);
         char err[512];
         agx_shader *s = agx_compile_spirv(w, n, NULL, true, err, sizeof(err));
         if (!s)
            continue;
         accepted++;
         struct agx_backend_result r;
         if (agx_backend_compile(s, NULL, &r, err, sizeof(err))) {
            if (!err[0]) {
               fprintf(stderr, "%s #%u: failure without a message\n", argv[a], it);
               bad++;
            }
            if (getenv("FUZZ_VERBOSE"))
               fprintf(stderr, "%s #%u: %s\n", argv[a], it, err);
            rejected++;
         } else {
            compiled++;
            if (!agx_backend_disasm(r.code, r.size, null) || r.size < 2 ||
                r.code[r.size - 2] != 0x88) {
               fprintf(stderr, "%s #%u: code does not decode or end with stop\n", argv[a], it);
               bad++;
            }
            agx_backend_result_free(&r);
         }
         agx_shader_destroy(s);
      }
      free(w);
      free(orig);
   }
   fclose(null);
   printf("%u accepted by the front end: %u compiled, %u rejected with a message, %u bad\n",
          accepted, compiled, rejected, bad);
   return bad || !compiled ? 1 : 0;
}
