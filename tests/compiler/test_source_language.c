/* OpSource is debug information: a SourceLanguage value newer than the
 * installed SPIR-V grammar (Slang = 11 writes such modules, e.g. the Slang
 * build of Sascha Willems' computeheadless sample) must not make the front
 * end reject the module, while unknown values of meaningful enums still do.
 * Takes the glslang-built "control" module, rewrites its OpSource language
 * and compiles it.
 * Usage: test_compiler_source_language SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_spirv.h"
#include "harness.h"

#define SPV_OP_SOURCE 3
#define SPV_OP_CAPABILITY 17

static unsigned failures;

/* Index of the first instruction with this opcode, or 0 when there is none. */
static size_t
find_op(const uint32_t *w, size_t n, unsigned op)
{
   for (size_t k = 5; k < n && (w[k] >> 16); k += w[k] >> 16)
      if ((w[k] & 0xffff) == op)
         return k;
   return 0;
}

static void
compile(const char *what, const uint32_t *w, size_t n, bool expect_ok, const char *msg)
{
   char err[512] = "";
   agx_shader *s = agx_compile_spirv(w, n, NULL, true, err, sizeof(err));
   bool ok = s != NULL;
   agx_shader_destroy(s);
   if (ok != expect_ok || (!ok && !strstr(err, msg))) {
      fprintf(stderr, "%s: %s (%s), expected %s %s\n", what, ok ? "accepted" : "rejected", err,
              expect_ok ? "acceptance" : "rejection with", msg);
      failures++;
   } else {
      printf("%-34s -> %s\n", what, ok ? "compiled" : err);
   }
}

int
main(int argc, char **argv)
{
   if (argc < 2)
      return 2;
   h_spv_dir = argv[1];
   size_t n;
   uint32_t *orig = h_read_spv("control", &n);
   if (!orig)
      return 1;
   uint32_t *w = malloc(n * 4);
   size_t src = find_op(orig, n, SPV_OP_SOURCE), cap = find_op(orig, n, SPV_OP_CAPABILITY);
   if (!w || !src || !cap) {
      fprintf(stderr, "control.spv has no OpSource or OpCapability\n");
      return 1;
   }
   static const struct {
      const char *what;
      uint32_t lang;
   } langs[] = {
      {"OpSource GLSL (2, as built)", 2},
      {"OpSource Slang (11)", 11},
      {"OpSource Rust (13)", 13},
      {"OpSource 0x7fffffff", 0x7fffffff},
   };
   for (unsigned i = 0; i < sizeof(langs) / sizeof(langs[0]); i++) {
      memcpy(w, orig, n * 4);
      w[src + 1] = langs[i].lang;
      compile(langs[i].what, w, n, true, NULL);
   }
   /* An unknown capability still means a module we cannot honour. */
   memcpy(w, orig, n * 4);
   w[src + 1] = 11;
   w[cap + 1] = 0xdead;
   compile("Slang source + unknown capability", w, n, false, "unknown Capability value");
   free(w);
   free(orig);
   return failures ? 1 : 0;
}
