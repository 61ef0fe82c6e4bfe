/*
 * OpenCL C 2.0 use of the generated agx_pack.h: GPU-side packing of a CDM
 * launch (Word 0, Word 1, Global size, Local size) and a USC Shader word,
 * the pattern indirect-dispatch helper kernels need. Compiled by
 * test_opencl.py (clang-15 -> llvm-spirv-15 -> spirv-val).
 */
#include "agx_pack.h"

/* Runtime values: the form a real helper kernel has. */
kernel void
agx_test_pack_cdm_launch(global uint32_t *out, uint64_t pipeline, uint32_t groups_x,
                         uint32_t local_x, uint32_t uniforms)
{
   global uint32_t *p = out;

   agx_pack(p, CDM_LAUNCH_WORD_0, cfg) {
      cfg.uniform_register_count = uniforms;
      cfg.mode = AGX_CDM_MODE_DIRECT;
   }
   p += AGX_CDM_LAUNCH_WORD_0_WORDS;

   agx_pack(p, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = pipeline;
   }
   p += AGX_CDM_LAUNCH_WORD_1_WORDS;

   agx_pack(p, CDM_GLOBAL_SIZE, cfg) {
      cfg.x = groups_x * local_x;
      cfg.y = 1;
      cfg.z = 1;
   }
   p += AGX_CDM_GLOBAL_SIZE_WORDS;

   agx_pack(p, CDM_LOCAL_SIZE, cfg) {
      cfg.x = local_x;
      cfg.y = 1;
      cfg.z = 1;
   }
}

kernel void
agx_test_pack_usc_shader(global uint32_t *out, uint32_t code, uint32_t varyings)
{
   agx_pack(out, USC_SHADER, cfg) {
      cfg.code = code;
      cfg.loads_varyings = varyings != 0;
      cfg.unk_2 = 3;
   }

   /* unpack works on the GPU too and validates the tag */
   struct AGX_USC_SHADER check;
   out[2] = AGX_USC_SHADER_unpack(0, (global const uint8_t *)out, &check) && check.code == code;
}

/* Constant inputs: the stored words fold to constants that test_opencl.py
 * compares with the words hand-computed in test_golden.c. */
kernel void
agx_test_pack_constants(global uint32_t *out)
{
   agx_pack(out, CDM_LAUNCH_WORD_0, cfg) {
      cfg.uniform_register_count = 128;
      cfg.texture_state_register_count = 16;
      cfg.sampler_state_register_count = AGX_SAMPLER_STATES_8_COMPACT;
      cfg.preshader_register_count = 32;
      cfg.mode = AGX_CDM_MODE_INDIRECT_GLOBAL;
   }
   agx_pack(out + 1, USC_SHADER, cfg) {
      cfg.loads_varyings = true;
      cfg.unk_2 = 3;
      cfg.code = 0xDEADBEE0;
   }
}
