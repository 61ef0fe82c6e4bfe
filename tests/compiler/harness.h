/* Test harness: compiles a SPIR-V file through the front end in one of three
 * pipelines and runs it on the IR interpreter with buffers bound through the
 * agx_abi.h descriptor layout (descriptor sets in memory, their addresses and
 * push constants in the uniform block). */
#pragma once
#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_abi.h"
#include "agx_interp.h"
#include "agx_spirv.h"

enum h_mode {
   H_RAW,     /* translation + ABI lowering only (variables stay variables) */
   H_OPT,     /* vars-to-SSA + fold/copy-prop/CSE/DCE */
   H_LOWERED, /* H_OPT + division, transcendental, scalarization, 64-bit integer lowering */
   H_NUM_MODES
};

extern const char *const h_mode_names[H_NUM_MODES];

struct harness {
   agx_shader *s;
   uint8_t uniforms[AGX_ABI_UNIFORM_SIZE];
   struct agx_interp_buffer bufs[32];
   unsigned nbufs;
   uint8_t *sets[AGX_ABI_MAX_SETS];
   uint64_t next_addr;
   char err[512];
};

/* Directory holding the compiled .spv files (argv[1] of the test), and a
 * suffix appended to every module name ("_opt": the spirv-opt -O variant). */
extern const char *h_spv_dir;
extern const char *h_spv_suffix;

uint32_t *h_read_spv(const char *name, size_t *count);
bool h_compile(struct harness *h, const char *name, enum h_mode mode,
               const struct agx_spirv_options *opts);
/* A zeroed buffer bound at (set, binding, array element). */
void *h_buffer(struct harness *h, unsigned set, unsigned binding, unsigned elem, size_t size);
/* A zeroed buffer with a GPU address but no descriptor. */
void *h_memory(struct harness *h, size_t size, uint64_t *address);
void h_push(struct harness *h, const void *data, size_t size);
bool h_run(struct harness *h, uint32_t gx, uint32_t gy, uint32_t gz);
void h_finish(struct harness *h);

/* Deterministic random numbers. */
uint32_t h_rand(uint64_t *state);

/* Check helpers: print a message and count failures. */
extern unsigned h_failures;
#define H_CHECK(cond, ...)                                                        \
   do {                                                                           \
      if (!(cond)) {                                                              \
         h_failures++;                                                            \
         fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
         fprintf(stderr, __VA_ARGS__);                                            \
         fputc('\n', stderr);                                                     \
      }                                                                           \
   } while (0)
/* How many instructions of the shader have opcode op. */
unsigned h_count_ops(agx_shader *s, enum agx_op op);
void h_check_u32(const char *what, unsigned idx, uint32_t got, uint32_t want);
void h_check_u64(const char *what, unsigned idx, uint64_t got, uint64_t want);
void h_check_f32(const char *what, unsigned idx, float got, float want, float tol);
void h_check_f64(const char *what, unsigned idx, double got, double want, double tol);
