/* spvasm/cfg_shapes.spvasm (unstructured control flow: switch fall-through,
 * multi-target loop exits, a return inside a loop, nested-loop breaks, two
 * latches) through the back end on the GPU model, 256 invocations whose
 * lanes diverge, against the CPU model. The interpreter runs of the same
 * module are test_shaders.c's cfg_shapes. */
#include <stdio.h>
#include <string.h>

#include "../backend/backend_sim.h"
#include "agx_backend.h"
#include "cfg_shapes_model.h"
#include "harness.h"

int
main(int argc, char **argv)
{
   if (argc < 2)
      return 2;
   h_spv_dir = argv[1];
   const unsigned N = 256, G = 32;
   struct agx_spirv_options opts = {.local_size = {G, 1, 1}};
   struct harness h;
   if (!h_compile(&h, "cfg_shapes", H_OPT, &opts)) {
      fprintf(stderr, "compile: %s\n", h.err);
      return 1;
   }
   uint64_t seed = 2024, in_addr, out_addr;
   uint32_t *in = h_memory(&h, N * 4, &in_addr), *out = h_memory(&h, N * 16, &out_addr);
   for (unsigned i = 0; i < N; i++)
      in[i] = i < 64 ? i : h_rand(&seed);
   uint8_t args[16];
   memcpy(args, &in_addr, 8);
   memcpy(args + 8, &out_addr, 8);
   h_push(&h, args, sizeof(args));

   struct agx_backend_result r;
   char err[512];
   if (agx_backend_compile(h.s, NULL, &r, err, sizeof(err))) {
      fprintf(stderr, "back end: %s\n", err);
      return 1;
   }
   struct bsim_program prog = {r.code,
                               r.size,
                               r.info.gpr_halves,
                               r.info.shared_size,
                               {r.info.local_size[0], r.info.local_size[1], r.info.local_size[2]},
                               r.preamble,
                               r.preamble_size,
                               r.info.preamble_gpr_halves,
                               r.info.scratch_size};
   struct bsim_buffer bb[32];
   for (unsigned k = 0; k < h.nbufs; k++)
      bb[k] = (struct bsim_buffer){h.bufs[k].address, h.bufs[k].data, h.bufs[k].size};
   uint32_t groups[3] = {N / G, 1, 1};
   struct bsim_stats st = {0};
   if (bsim_run(&prog, h.uniforms, sizeof(h.uniforms), bb, h.nbufs, groups, &st, err,
                sizeof(err))) {
      fprintf(stderr, "GPU model: %s\n", err);
      return 1;
   }
   for (unsigned i = 0; i < N; i++) {
      h_check_u32("gpu cfg switch", i, out[i * 4], cfg_switch(in[i]));
      h_check_u32("gpu cfg search", i, out[i * 4 + 1], cfg_search(in[i]));
      h_check_u32("gpu cfg nest", i, out[i * 4 + 2], cfg_nest(in[i]));
      h_check_u32("gpu cfg latches", i, out[i * 4 + 3], cfg_latches(in[i]));
   }
   printf(
      "cfg_shapes on the GPU model: %zu bytes of code, %llu SIMD-group instructions, %u failures\n",
      r.size, (unsigned long long)st.sg_insns, h_failures);
   agx_backend_result_free(&r);
   h_finish(&h);
   return h_failures ? 1 : 0;
}
