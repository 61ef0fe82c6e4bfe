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

static void
expect(const char *what, const uint32_t *w, size_t n, const char *entry, const char *msg)
{
   char err[512];
   struct agx_spirv_options opts = {.entry = entry};
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

/* --- hostile modules built word by word ------------------------------------------ */

struct asm_buf {
   uint32_t *w;
   size_t n, cap;
};

static void
put(struct asm_buf *a, uint32_t v)
{
   if (a->n == a->cap) {
      a->cap = a->cap ? a->cap * 2 : 1024;
      a->w = realloc(a->w, a->cap * 4);
      if (!a->w)
         abort();
   }
   a->w[a->n++] = v;
}

static void
ins(struct asm_buf *a, unsigned op, unsigned n, const uint32_t *ops)
{
   put(a, op | (n + 1) << 16);
   for (unsigned i = 0; i < n; i++)
      put(a, ops[i]);
}

#define INS(a, op, ...) ins(a, op, sizeof((uint32_t[]){__VA_ARGS__}) / 4, (uint32_t[]){__VA_ARGS__})

/* Header, capability, memory model, entry point "main" (%1) with LocalSize,
 * %2 void, %3 fn type, %4 uint, %5 const 1. */
static void
prologue(struct asm_buf *a, uint32_t bound)
{
   put(a, 0x07230203);
   put(a, 0x00010300);
   put(a, 0);
   put(a, bound);
   put(a, 0);
   INS(a, 17, 1);                   /* OpCapability Shader */
   INS(a, 14, 0, 1);                /* OpMemoryModel Logical GLSL450 */
   INS(a, 15, 5, 1, 0x6e69616d, 0); /* OpEntryPoint GLCompute %1 "main" */
   INS(a, 16, 1, 17, 1, 1, 1);      /* OpExecutionMode LocalSize 1 1 1 */
   INS(a, 19, 2);                   /* OpTypeVoid */
   INS(a, 33, 3, 2);                /* OpTypeFunction */
   INS(a, 21, 4, 32, 0);            /* OpTypeInt 32 0 */
   INS(a, 43, 4, 5, 1);             /* OpConstant 1 */
}

static void
test_hostile(void)
{
   /* 2000 nested array types */
   struct asm_buf a = {0};
   const unsigned depth = 2000;
   prologue(&a, 100 + depth);
   uint32_t prev = 4;
   for (unsigned k = 0; k < depth; k++) {
      INS(&a, 28, 100 + k, prev, 5); /* OpTypeArray */
      prev = 100 + k;
   }
   INS(&a, 54, 2, 1, 0, 3); /* OpFunction */
   INS(&a, 248, 6);         /* OpLabel */
   INS(&a, 253);            /* OpReturn */
   INS(&a, 56);             /* OpFunctionEnd */
   expect("deeply nested types", a.w, a.n, NULL, "nested more than");
   free(a.w);

   /* A switch with 30000 cases, each its own block: must finish quickly
    * (linear translation) and then be rejected by the complexity guards or
    * compile. Either way: no crash, no hang. */
   memset(&a, 0, sizeof(a));
   const unsigned cases = 30000;
   prologue(&a, 200 + cases);
   INS(&a, 54, 2, 1, 0, 3);
   INS(&a, 248, 6);
   INS(&a, 247, 7, 0);                   /* OpSelectionMerge %7 */
   put(&a, 251 | (3 + 2 * cases) << 16); /* OpSwitch %5 default %7 */
   put(&a, 5);
   put(&a, 7);
   for (unsigned k = 0; k < cases; k++) {
      put(&a, k);
      put(&a, 200 + k);
   }
   for (unsigned k = 0; k < cases; k++) {
      INS(&a, 248, 200 + k);
      INS(&a, 249, 7); /* OpBranch %7 */
   }
   INS(&a, 248, 7);
   INS(&a, 253);
   INS(&a, 56);
   char err[512];
   agx_shader *s = agx_compile_spirv(a.w, a.n, NULL, true, err, sizeof(err));
   printf("%-28s -> %s\n", "30000-case switch", s ? "compiled" : err);
   agx_shader_destroy(s);
   free(a.w);
}

/* Fixed-size array types up to 2^31 elements are accepted (buffer blocks
 * of 2^25 elements: VkFFT), longer ones refused. */
static void
test_array_lengths(void)
{
   static const uint32_t lens[2] = {1u << 25, (1u << 31) + 1};
   for (unsigned k = 0; k < 2; k++) {
      struct asm_buf a = {0};
      prologue(&a, 64);
      INS(&a, 43, 4, 20, lens[k]); /* %20 = OpConstant %uint len */
      INS(&a, 28, 21, 4, 20);      /* %21 = OpTypeArray %uint %20 */
      INS(&a, 54, 2, 1, 0, 3);
      INS(&a, 248, 6);
      INS(&a, 253);
      INS(&a, 56);
      if (k == 1) {
         expect("array of 2^31 + 1", a.w, a.n, NULL, "array length 2147483649 unsupported");
      } else {
         char err[512];
         agx_shader *s = agx_compile_spirv(a.w, a.n, NULL, true, err, sizeof(err));
         if (!s) {
            fprintf(stderr, "array of 2^25 elements refused: %s\n", err);
            failures++;
         }
         agx_shader_destroy(s);
      }
      free(a.w);
   }
}

/* One instruction in the body of main (after the prologue plus %8 = uint 3,
 * %9 = uint 0). */
static void
one_instruction(const char *what, unsigned op, unsigned n, const uint32_t *ops, const char *msg)
{
   struct asm_buf a = {0};
   prologue(&a, 64);
   INS(&a, 43, 4, 8, 3);    /* OpConstant 3 */
   INS(&a, 43, 4, 9, 0);    /* OpConstant 0 */
   INS(&a, 54, 2, 1, 0, 3); /* OpFunction */
   INS(&a, 248, 6);         /* OpLabel */
   ins(&a, op, n, ops);
   INS(&a, 253); /* OpReturn */
   INS(&a, 56);  /* OpFunctionEnd */
   expect(what, a.w, a.n, NULL, msg);
   free(a.w);
}

/* Subgroup, dot-product and workgroup-initializer operands out of range. */
static void
test_features(void)
{
   /* %20 = OpGroupNonUniformIAdd %uint Subgroup ClusteredReduce %1 cluster 3 */
   one_instruction("cluster size 3", 349, 6, (uint32_t[]){4, 20, 8, 3, 5, 8},
                   "cluster size 3 is not a power of two");
   /* %20 = OpSDot %uint %1 %1 PackedVectorFormat 7 */
   one_instruction("packed format 7", 4450, 5, (uint32_t[]){4, 20, 5, 5, 7},
                   "unknown PackedVectorFormat");
   /* %20 = OpTypePointer Workgroup %uint; %21 = OpVariable Workgroup = 1 */
   struct asm_buf a = {0};
   prologue(&a, 64);
   INS(&a, 32, 20, 4, 4);
   INS(&a, 59, 20, 21, 4, 5);
   INS(&a, 54, 2, 1, 0, 3);
   INS(&a, 248, 6);
   INS(&a, 253);
   INS(&a, 56);
   expect("workgroup initializer 1", a.w, a.n, NULL, "Workgroup variable initializer is not zero");
   free(a.w);
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

   test_array_lengths();
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
   test_features();
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
   expect("missing entry point", orig, n, "nope",
          "no compute, vertex or fragment entry point named \"nope\"");

   const char *asm_cases[][2] = {
      {"unstructured", "unstructured control flow"},
      {"recursion", "recursive call"},
      {"kernel", "addressing model 1"},
      {"image", "implicit-LOD sampling needs derivatives"},
      {"generic_bad", "cast of a generic pointer to storage class 0"},
      {"byval_escape", "the address of a by-value kernel argument cannot be used as a value"},
      {"irreducible", "irreducible control flow"},
      {"atomic_float_wide", "64-bit float atomics are not supported (32-bit only)"},
   };
   for (unsigned k = 0; k < sizeof(asm_cases) / sizeof(asm_cases[0]); k++) {
      size_t m;
      uint32_t *a = h_read_spv(asm_cases[k][0], &m);
      if (!a) {
         failures++;
         continue;
      }
      expect(asm_cases[k][0], a, m, NULL, asm_cases[k][1]);
      free(a);
   }
   test_hostile();
   free(w);
   free(orig);
   printf("%u failures\n", failures);
   return failures ? 1 : 0;
}
