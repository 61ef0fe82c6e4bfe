/* Texel buffers in the compiler (no GPU model needed):
 *  - the front end turns fetch / imageStore / sizes / texel atomics into
 *    texel_buffer_* intrinsics (an atomic guarded by an if);
 *  - agx_pass_lower_io leaves none of them: bindless_image_load/store whose
 *    heap is the set's address uniform and whose descriptor offset is
 *    binding_offset + index * 48 (constant indices fold to constants, the
 *    stores point 24 bytes further, at the PBE), descriptor word loads for
 *    sizes, element skip and atomics' PBE address, and the IR validates;
 *    with a binding_stride hook the index steps by the binding's stride;
 *  - the back end emits texture_load (u pair of the set, ss0, xyzw, slot 0)
 *    and image_write, waits before the texture result is used, and reports
 *    sampler_states = 1 (0 for a shader without texel loads);
 *  - clear errors for unsupported image uses.
 * test_compiler_texel SPV_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_abi.h"
#include "agx_backend.h"
#include "agx_passes.h"
#include "agx_spirv.h"
#include "harness.h"

/* binding b of set s at 1000 * s + 64 * b (multiples of 16) */
static unsigned
binding_offset(void *data, unsigned set, unsigned binding)
{
   (void)data;
   return 1008 * set + 64 * binding;
}

static agx_shader *
compile(const char *name, char *err, size_t n)
{
   size_t count;
   uint32_t *w = h_read_spv(name, &count);
   if (!w) {
      snprintf(err, n, "cannot read %s", name);
      return NULL;
   }
   agx_shader *s = agx_compile_spirv(w, count, NULL, false, err, n);
   free(w);
   return s;
}

static void
test_lowering(void)
{
   char err[512];
   agx_shader *s = compile("texel", err, sizeof(err));
   H_CHECK(s, "%s", err);
   if (!s)
      return;
   agx_optimize(s);
   H_CHECK(h_count_ops(s, AGX_OP_TEXEL_BUFFER_LOAD) == 2, "loads");
   H_CHECK(h_count_ops(s, AGX_OP_TEXEL_BUFFER_STORE) == 1, "stores");
   H_CHECK(h_count_ops(s, AGX_OP_TEXEL_BUFFER_SIZE) == 3, "sizes (2 queries + the atomic's bound)");
   H_CHECK(h_count_ops(s, AGX_OP_TEXEL_BUFFER_ADDRESS) == 1, "atomic address");
   H_CHECK(h_count_ops(s, AGX_OP_ATOMIC_GLOBAL) == 1, "atomic");

   struct agx_io_options io = {.binding_offset = binding_offset};
   agx_pass_lower_io(s, &io);
   agx_optimize(s);
   H_CHECK(agx_validate(s, err, sizeof(err)), "%s", err);
   H_CHECK(h_count_ops(s, AGX_OP_TEXEL_BUFFER_LOAD) + h_count_ops(s, AGX_OP_TEXEL_BUFFER_STORE) +
                 h_count_ops(s, AGX_OP_TEXEL_BUFFER_SIZE) +
                 h_count_ops(s, AGX_OP_TEXEL_BUFFER_ADDRESS) ==
              0,
           "texel intrinsics left after lower_io");
   H_CHECK(h_count_ops(s, AGX_OP_BINDLESS_IMAGE_LOAD) == 2 &&
              h_count_ops(s, AGX_OP_BINDLESS_IMAGE_STORE) == 1,
           "bindless ops");
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   bool const_load = false, dyn_load = false, store = false;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op == AGX_OP_BINDLESS_IMAGE_LOAD) {
         H_CHECK(I->c[0] == AGX_ABI_SET_ADDR_BASE + 8, "load heap = set 1's address (%u)", I->c[0]);
         if (I->src[0]->op == AGX_OP_CONST) {
            /* src[1]: 1008 + 2 * 64 + 1 * 48 */
            H_CHECK(I->src[0]->value[0] == 1008 + 128 + 48, "src[1] offset %llu",
                    (unsigned long long)I->src[0]->value[0]);
            const_load = true;
         } else {
            dyn_load = true;
         }
      } else if (I->op == AGX_OP_BINDLESS_IMAGE_STORE) {
         H_CHECK(I->c[0] == AGX_ABI_SET_ADDR_BASE, "store heap = set 0's address");
         H_CHECK(I->src[0]->op == AGX_OP_CONST && I->src[0]->value[0] == 64 + AGX_ABI_TEXEL_PBE,
                 "store descriptor = binding 1's PBE");
         store = true;
      }
   }
   H_CHECK(const_load && dyn_load && store, "constant and dynamic loads, a store");

   struct agx_backend_result r;
   int rc = agx_backend_compile(s, NULL, &r, err, sizeof(err));
   H_CHECK(rc == 0, "%s", err);
   if (rc == 0) {
      H_CHECK(r.info.sampler_states == 1, "sampler states %u", r.info.sampler_states);
      char *text = NULL;
      size_t len = 0;
      FILE *f = open_memstream(&text, &len);
      agx_backend_disasm(r.code, r.size, f);
      fclose(f);
      const char *tl = strstr(text, "texture_load");
      H_CHECK(tl && strstr(tl, "xyzw") && strstr(tl, "u2_u3") && strstr(tl, "ss0") &&
                 strstr(tl, "tex_2d") && strstr(tl, "auto_lod"),
              "texture_load operands:\n%s", text);
      H_CHECK(tl && strstr(tl, "wait"), "a wait after the texture load");
      const char *iw = strstr(text, "image_write");
      H_CHECK(iw && strstr(iw, "u0_u1") && strstr(iw, "tex_2d"), "image_write operands:\n%s", text);
      free(text);
      agx_backend_result_free(&r);
   }
   agx_shader_destroy(s);

   /* a shader without texel loads samples nothing */
   s = compile("arith", err, sizeof(err));
   H_CHECK(s, "%s", err);
   if (s) {
      agx_pass_lower_io(s, NULL);
      rc = agx_backend_compile(s, NULL, &r, err, sizeof(err));
      H_CHECK(rc == 0 && r.info.sampler_states == 0, "arith: %s", err);
      if (rc == 0)
         agx_backend_result_free(&r);
      agx_shader_destroy(s);
   }
}

/* A mutable binding's stride (agx_io_options.binding_stride): set 1 binding 2 at 80 bytes per
 * element, every other binding at its descriptor's size (0). */
static unsigned
binding_stride(void *data, unsigned set, unsigned binding)
{
   (void)data;
   return set == 1 && binding == 2 ? 80 : 0;
}

static void
test_binding_stride(void)
{
   char err[512];
   agx_shader *s = compile("texel", err, sizeof(err));
   H_CHECK(s, "%s", err);
   if (!s)
      return;
   struct agx_io_options io = {.binding_offset = binding_offset, .binding_stride = binding_stride};
   agx_pass_lower_io(s, &io);
   agx_optimize(s);
   H_CHECK(agx_validate(s, err, sizeof(err)), "%s", err);
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   bool const_load = false;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op == AGX_OP_BINDLESS_IMAGE_LOAD && I->src[0]->op == AGX_OP_CONST) {
         /* src[1] of set 1 binding 2: 1008 + 2 * 64 + 1 * 80 */
         H_CHECK(I->src[0]->value[0] == 1008 + 128 + 80, "strided src[1] offset %llu",
                 (unsigned long long)I->src[0]->value[0]);
         const_load = true;
      }
   }
   H_CHECK(const_load, "the constant-index load");
   agx_shader_destroy(s);
}

static void
expect_error(const char *name, const char *want)
{
   char err[512] = "";
   agx_shader *s = compile(name, err, sizeof(err));
   H_CHECK(!s && strstr(err, want), "%s: got \"%s\", want \"%s\"", name, err, want);
   if (s)
      agx_shader_destroy(s);
}

/* OpAtomicFAddEXT on an R32f texel buffer (VK_EXT_shader_atomic_float):
 * the texel's address, then the compare-exchange loop of buffer float
 * adds (no float atomic opcode). */
static void
test_float_atomic(void)
{
   char err[512] = "";
   agx_shader *s = compile("image_atomic_float", err, sizeof(err));
   H_CHECK(s, "image_atomic_float: %s", err);
   if (!s)
      return;
   agx_optimize(s);
   H_CHECK(h_count_ops(s, AGX_OP_TEXEL_BUFFER_ADDRESS) == 1, "float atomic address");
   H_CHECK(h_count_ops(s, AGX_OP_ATOMIC_GLOBAL_CMPXCHG) == 1, "float add compare-exchange");
   H_CHECK(h_count_ops(s, AGX_OP_ATOMIC_GLOBAL) == 0, "no native atomic for a float add");
   H_CHECK(h_count_ops(s, AGX_OP_BREAK) == 1, "the loop's exit");
   agx_shader_destroy(s);
}

int
main(int argc, char **argv)
{
   if (argc < 2)
      return 2;
   h_spv_dir = argv[1];
   test_lowering();
   test_binding_stride();
   expect_error("image", "implicit-LOD sampling needs derivatives");
   test_float_atomic();
   printf("%u failures\n", h_failures);
   return h_failures ? 1 : 0;
}
