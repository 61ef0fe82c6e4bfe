/* Runs back-end output on the simulated GPU: maps the code and every
 * harness buffer at its GPU address, loads the agx_abi.h uniform block
 * into u0.., runs the preamble if any, dispatches the grid and copies the
 * buffers back. */
#pragma once
#include <stddef.h>
#include <stdint.h>

/* Kept free of the IR headers: the ISA and IR opcode enums share names. */
struct bsim_buffer {
   uint64_t address;
   void *data;
   size_t size;
};

struct bsim_program {
   const uint8_t *code;
   size_t size;
   unsigned gpr_halves, shared_size;
   unsigned local_size[3];
   /* optional preamble, run once before the threads (USC Preshader) */
   const uint8_t *preamble;
   size_t preamble_size;
   unsigned preamble_gpr_halves;
   /* stack bytes per thread (spills): the run then maps stacks through the
    * helper program (cl_kernels/helper) as the driver would */
   unsigned scratch_size;
   /* optional sampler state register ss0 (an 8-byte Sampler: the driver's
    * txf sampler for texel and image loads) and the command's sampler heap
    * (8-byte Samplers at sampler_heap, a harness buffer) */
   const uint8_t *sampler_state0;
   uint64_t sampler_heap;
   uint32_t sampler_count;
};

struct bsim_stats {
   uint64_t sg_insns;     /* SIMD-group instructions executed */
   uint64_t thread_insns; /* lane instructions executed */
};

/* Returns 0, or -1 with the GPU model's message in err. */
int bsim_run(const struct bsim_program *r, const void *uniforms, size_t uniform_size,
             struct bsim_buffer *bufs, unsigned nbufs, const uint32_t groups[3],
             struct bsim_stats *stats, char *err, size_t errsize);
