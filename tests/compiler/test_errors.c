/* The front end rejects malformed and unsupported SPIR-V with a specific
 * message (and no crash): corrupted headers and instructions derived from a
 * valid module, plus hand-written assembly for unstructured control flow,
 * recursion, kernels and images.
 * Usage: test_compiler_errors SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_spirv.h"
#include "harness.h"

static unsigned failures;

static void expect(const char *what, const uint32_t *w, size_t n, const char *entry, const char *msg)
{
   char err[512];
   struct agx_spirv_options opts = { .entry = entry };
   agx_shader *s = agx_compile_spirv(w, n, &opts, true, err, sizeof(err));
   if (s) {
      fprintf(stderr, "%s: accepted, expected \"%s\"\n", what, msg);
      agx_shader_destroy(s);
      failures++;
   } else if (!strstr(err, msg)) {
      fprintf(stderr, "%s: got \"%s\", expected \"%s\"\n", what, err, msg);
      failures++;
   } else {
      printf("%-28s -> %s\n", what, err);
   }
}

int main(int argc, char **argv)
{
   if (argc < 2)
      return 2;
   h_spv_dir = argv[1];
   size_t n;
   uint32_t *orig = h_read_spv("control", &n);
   if (!orig)
      return 1;
   uint32_t *w = malloc(n * 4);

   expect("empty module", orig, 0, NULL, "shorter than its header");
   expect("NULL words", NULL, 100, NULL, "shorter than its header");
   memcpy(w, orig, n * 4);
   w[0] = 0x12345678;
   expect("bad magic", w, n, NULL, "bad magic");
   memcpy(w, orig, n * 4);
   w[1] = 0x00020000;
   expect("future version", w, n, NULL, "unsupported SPIR-V version");
   memcpy(w, orig, n * 4);
   w[3] = 0;
   expect("zero id bound", w, n, NULL, "id bound");
   memcpy(w, orig, n * 4);
   w[3] = 5;
   expect("id bound too small", w, n, NULL, "out of bounds");
   memcpy(w, orig, n * 4);
   w[5] = (w[5] & 0xffff) | 0xffff0000u;
   expect("word count past the end", w, n, NULL, "past the end");
   memcpy(w, orig, n * 4);
   w[5] = (w[5] & 0xffff0000u) | 0x7ff0;
   expect("unknown opcode", w, n, NULL, "unknown opcode");
   memcpy(w, orig, n * 4);
   w[5] &= 0xffff;
   expect("zero word count", w, n, NULL, "word count 0");
   expect("truncated module", orig, n - 1, NULL, "no OpFunctionEnd");
   memcpy(w, orig, n * 4);
   w[6] = 0xdead; /* OpCapability operand */
   expect("unknown enumerant", w, n, NULL, "unknown Capability value");
   memcpy(w, orig, n * 4);
   for (size_t k = 5; k < n; k += w[k] >> 16) { /* first OpExtInstImport: unterminate its string */
      if ((w[k] & 0xffff) == 11) {
         for (unsigned j = 2; j < (w[k] >> 16); j++)
            w[k + j] = 0x41414141;
         break;
      }
   }
   expect("unterminated string", w, n, NULL, "unterminated string");
   memcpy(w, orig, n * 4);
   for (size_t k = 5; k < n; k += w[k] >> 16) { /* an id operand beyond the bound */
      if ((w[k] & 0xffff) == 61 /* OpLoad */) {
         w[k + 3] = w[3] + 10;
         break;
      }
   }
   expect("operand id out of bounds", w, n, NULL, "id operand out of bounds");
   expect("missing entry point", orig, n, "nope", "no compute entry point named \"nope\"");

   const char *asm_cases[][2] = {
      { "unstructured", "unstructured control flow" },
      { "recursion", "recursive call" },
      { "kernel", "addressing model" },
      { "image", "storage class 0 not supported" },
   };
   for (unsigned k = 0; k < 4; k++) {
      size_t m;
      uint32_t *a = h_read_spv(asm_cases[k][0], &m);
      if (!a) {
         failures++;
         continue;
      }
      expect(asm_cases[k][0], a, m, NULL, asm_cases[k][1]);
      free(a);
   }
   free(w);
   free(orig);
   printf("%u failures\n", failures);
   return failures ? 1 : 0;
}
