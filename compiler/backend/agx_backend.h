/* The AGX (G13) compiler back end: agx IR -> machine code.
 *
 * Assumes the shader went through the middle end: SSA, I/O lowered to the
 * agx_abi.h uniforms (load_uniform), integer division lowered, ALU ops
 * scalarized (agx_backend_compile runs those passes itself when needed).
 * The uniform registers hold the agx_abi.h block from u0 (32-bit words).
 * Unless disabled, dispatch-uniform work is hoisted into a preamble
 * (agx_pass_preamble) compiled as its own program; it runs once per
 * dispatch (USC Preshader) and leaves its results in uniform registers
 * above the ABI block, which the main program reads. */
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agx_ir.h"

struct agx_fs_epilog_key;
struct agx_backend_options {
   /* GPR budget in 16-bit halves (multiple of 8, <= 256); 0 = 256. */
   unsigned max_halves;
   /* Do not build a preamble (also: AGX_DEBUG containing "nopreamble"). */
   bool no_preamble;
   /* Fragment shaders: the tilebuffer layout the colour outputs are stored
    * to (a per-key variant; NULL: colour outputs are dropped). */
   const struct agx_tilebuffer_layout *tib;
   /* Fragment shaders: leave the colour outputs in r(4 (i + 1)) for an
    * output epilog (agx_fs_epilog.h) instead of storing them (tib unused);
    * the program then ends without stop. */
   bool fs_epilog;
   /* Vertex shaders linked to a fragment shader: its interpolation per
    * input location (agx_fs_info.input_interp; 0xFF: not read), which
    * groups the UVS record (a per-link variant; NULL: the VS's own
    * decorations). */
   const uint8_t *fs_interp;
   /* Fragment shaders: the pipeline's sample mask, alpha to coverage and
    * alpha to one (agx_pass_lower_coverage; zero: none). */
   struct agx_coverage_options coverage;
   /* Fragment shaders with fs_epilog: the epilog key of the pipeline
    * (colour_written is the shader's), inlined when the shader loops over
    * samples (info.fs.sample_loop; NULL: per-sample shading refused). */
   const struct agx_fs_epilog_key *fs_epilog_key;
   /* Fragment shaders: the cull distances the linked pre-rasterisation
    * stage writes (agx_uvs_layout.cull_count), tested to cull primitives
    * (agx_pass_lower_cull_fs; 0: none). */
   unsigned cull_distances;
   /* Fragment shaders: the linked pre-rasterisation stage does not write
    * ViewportIndex, so the shader reads 0 (agx_pass_viewport_zero; false:
    * it reads the flat varying agx_uvs.h AGX_UVS_LOC_VIEWPORT). */
   bool viewport_zero;
   /* Vertex shaders of multiview pipelines: write the layer from the view
    * index uniform (agx_pass_multiview_layer). */
   bool multiview;
};

struct agx_backend_info {
   enum agx_stage stage;
   /* the stage's interface (agx_stage_info.h): vertex outputs and UVS
    * layout; fragment CF bindings, colour outputs, tilebuffer */
   struct agx_vs_info vs;
   struct agx_fs_info fs;
   unsigned gpr_halves;     /* USC Registers count: halves, rounded up to 8 */
   unsigned uniform_halves; /* uniform halves [0, uniform_halves) read */
   unsigned shared_size;    /* bytes of threadgroup memory, including the
                              * invocations' scratch (private arrays) */
   unsigned scratch_size;   /* bytes of stack per thread for spilled
                              * registers (0: none); private arrays are
                              * placed in threadgroup memory instead */
   unsigned local_size[3];
   unsigned num_instrs;          /* static instruction count (main program) */
   bool has_preamble;            /* preamble/preamble_size hold a program */
   unsigned preamble_gpr_halves; /* Preshader register count (halves, multiple of 8) */
   unsigned preamble_num_instrs; /* static instruction count of the preamble */
   /* Sampler state registers the program reads (ss0 = the txf sampler of
    * agx_abi.h, used by texel buffer loads); 0 when it samples nothing.
    * Textures are bindless: no texture state registers are read. */
   unsigned sampler_states;
};

struct agx_backend_result {
   uint8_t *code; /* malloc'ed machine code, ends with stop */
   size_t size;
   uint8_t *preamble; /* malloc'ed preamble code (ends with stop) or NULL */
   size_t preamble_size;
   struct agx_backend_info info; /* uniform_halves covers what both programs
                                  * read or write */
};

/* True when AGX_DEBUG (comma-separated) contains "nopreamble". */
bool agx_backend_env_no_preamble(void);

/* Returns 0, or -1 with a message in err (unsupported op, register budget
 * exceeded, ...). The shader may be modified by lowering passes. */
int agx_backend_compile(agx_shader *s, const struct agx_backend_options *opts,
                        struct agx_backend_result *out, char *err, size_t errsize);
void agx_backend_result_free(struct agx_backend_result *r);

/* Prints "; stage NAME" and the stage's interface (one "; " line each). */
void agx_print_stage_interface(const struct agx_backend_info *info, void *file /* FILE* */);

/* Appends a disassembly of code (one instruction per line, "offset: text")
 * to file (a FILE *). Returns false if some bytes do not decode. */
bool agx_backend_disasm(const uint8_t *code, size_t size, void *file);
