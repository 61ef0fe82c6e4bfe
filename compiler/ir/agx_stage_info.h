/* Per-stage interface of a graphics shader, filled by the SPIR-V front end
 * and the stage lowering passes, returned to the driver with the code
 * (agx_backend_info). Compute state is struct agx_compute_info (agx_ir.h).
 * Varying and tilebuffer layouts are the shared ones of layout/. */
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "agx_tilebuffer.h"
#include "agx_uvs.h"

#define AGX_MAX_ATTRIBS 30 /* r(8 + 4i + c) for i < 30 (isa.md §13) */
#define AGX_MAX_CF_BINDINGS \
   (4 + AGX_UVS_MAX_LOCATIONS) /* W, Z, point coord, primitive id, locations */
#define AGX_MAX_RTS 8

/* Vertex shader. */
struct agx_vs_info {
   struct agx_vs_outputs outputs; /* what the shader writes */
   struct agx_uvs_layout uvs;     /* the record it writes (agx_pass_lower_vs_outputs) */
   uint32_t attribs_read;         /* input locations read (prolog fills r(8+4i+c)) */
   bool reads_vertex_id, reads_instance_id, reads_base_vertex, reads_base_instance, reads_draw_id;
};

/* Geometry shader (execution modes; agx_pass_lower_gs's shape). */
struct agx_gs_info {
   uint32_t input_vertices;  /* vertices per input primitive: 1, 2, 3, 4 or 6 */
   uint32_t output_topology; /* 0 points, 1 line strip, 2 triangle strip */
   uint32_t max_vertices;    /* OutputVertices */
   uint32_t invocations;     /* Invocations (1 if not declared) */
   /* After agx_pass_lower_gs (DYNAMIC_INDEXED shape, layout/agx_gs.h):
    * index entries per input primitive and instance, log2 of the power of
    * two the vertex ids reserve per primitive. */
   uint32_t max_indices;
   uint32_t vertex_id_log2;
   /* After the AGX_GS_XFB variant (agx_pass_lower_xfb.c): vertex streams
    * with their own record regions (1 + the highest stream emitted to) */
   uint32_t xfb_streams;
};

/* Tessellation (execution modes of either tessellation stage, merged by
 * the driver; agx_pass_lower_tess's layout). Domain, spacing: cl_kernels/
 * agx_tess.h AGX_TESS_DOMAIN_* / AGX_TESS_SPACING_* + 1 (0: not declared). */
struct agx_tess_info {
   uint32_t domain;  /* 1 + AGX_TESS_DOMAIN_* */
   uint32_t spacing; /* 1 + AGX_TESS_SPACING_* */
   uint32_t order;   /* 0 not declared, 1 cw, 2 ccw */
   bool point_mode;
   uint32_t output_vertices; /* OutputVertices (control shader) */
};

/* Fragment shader. */
struct agx_fs_info {
   /* interpolation of each input location as declared (enum agx_interp,
    * 0xFF: not read; what a linked VS takes as agx_backend_options.fs_interp),
    * and the components read */
   uint8_t input_comps[AGX_UVS_MAX_LOCATIONS];
   uint8_t input_interp[AGX_UVS_MAX_LOCATIONS];
   /* the CF binding table (agx_pass_lower_fs_inputs) */
   struct agx_cf_binding cf[AGX_MAX_CF_BINDINGS];
   unsigned num_cf_bindings;
   unsigned num_cf_regs; /* coefficient registers used */
   bool reads_frag_coord_z, reads_w;
   bool reads_front_facing, reads_helper, reads_sample_mask, reads_point_coord;
   bool reads_primitive_id; /* PrimitiveId: a flat binding (agx_uvs.h AGX_UVS_PRIMITIVE_ID) */
   bool uses_discard;       /* sample_mask executed: no hardware early Z */
   uint8_t cull_distances;  /* cull distances tested (agx_pass_lower_cull_fs) */
   bool early_fragment_tests;
   /* buffer / image stores or atomics (agx_pass_lower_fs_sidefx): guarded
    * against helper and discarded lanes; the tests run late (sample_mask at
    * the end) unless tests_at_entry (EarlyFragmentTests: sample_mask at
    * entry) */
   bool writes_memory, tests_at_entry;
   /* The pipeline's multisample state (agx_coverage_options: sample mask,
    * alpha to coverage / one) is applied by this program
    * (agx_pass_lower_coverage): always without an output epilog, and with
    * one when the shader loops over samples, tests at entry, writes depth,
    * memory or reads SampleMaskIn (agx_backend.c). Otherwise the output
    * epilog applies it from its key (agx_fs_epilog_key.sample_kill ...),
    * so a fast link compiles no new main program when it changes. */
   bool coverage_in_main;
   /* With coverage_in_main false: the program kills samples (discard,
    * SampleMask, cull distances, late tests for memory writes) but leaves
    * the final `wait_pix 0x1; sample_mask 0xFF, 0xFF` test of the live
    * samples to the output epilog (agx_fs_epilog_key.main_tests), which
    * may kill more before it (graphics.md 4.4 rules 2-3) */
   bool epilog_tests;
   bool reads_tib; /* output epilog: ld_tile of earlier fragments' colours */
   /* input attachments read from the tilebuffer (agx_spirv_options
    * tile_inputs): ld_tile in the main shader, a translucent pass type */
   bool tile_inputs;
   /* SampleId / SamplePosition read or Sample-qualified inputs: sample-rate
    * shading; the values are the single-sample ones (sample 0 at the pixel
    * centre) */
   bool per_sample;
   /* the shader loops over the pipeline's samples, its output epilog
    * inlined (agx_pass_lower_sample_shading): no separate epilog */
   bool sample_loop;
   /* needs the loop but was compiled without the epilog key: not usable as
    * it is (the driver compiles it again with the key) */
   bool sample_loop_deferred;
   bool writes_depth, writes_stencil, writes_sample_mask; /* not lowered yet */
   /* tests at entry (tests_at_entry) and a SampleMask output: the mask the
    * shader wrote (low 8 bits) is left in r(AGX_FS_WRITE_SAMPLES_REG) for
    * the output epilog, which stores only those samples (st_tile sample
    * mask: Mesa's "manual colour masking", agx_nir_prolog_epilog.c
    * AGX_ABI_FOUT_WRITE_SAMPLES), as a tested sample cannot be killed
    * (graphics.md 4.4 rule 3) */
   bool write_samples;
   uint8_t colour_written;                /* render targets written (bit per location) */
   uint8_t colour_comps[AGX_MAX_RTS];     /* components written per RT */
   uint8_t colour_base_type[AGX_MAX_RTS]; /* 0 float, 1 signed int, 2 unsigned int */
   /* the tilebuffer the colour outputs were stored to (per-key variant;
    * num_rts 0 = none given: outputs dropped) */
   struct agx_tilebuffer_layout tib;
};

/* The register holding agx_fs_info.write_samples' mask for the output
 * epilog (32-bit; the colours are in r4 and up). */
#define AGX_FS_WRITE_SAMPLES_REG 3

/* Pipeline multisample state for a fragment shader (agx_pass_lower_coverage,
 * run before agx_pass_lower_discard): every field 0 = no effect. */
struct agx_coverage_options {
   uint8_t sample_kill; /* samples outside VkPipelineMultisampleStateCreateInfo::pSampleMask */
   uint8_t a2c_samples; /* alphaToCoverageEnable: rasterizationSamples (0 = off) */
   bool alpha_to_one;   /* alphaToOneEnable: every colour output's alpha becomes 1 */
   /* rasterizationSamples (0/1: single-sampled), and whether the pipeline
    * asks for per-sample shading (sampleShadingEnable with minSampleShading
    * x samples > 1): a per-sample loop (agx_pass_lower_sample_shading) */
   uint8_t samples;
   bool sample_shading;
};
