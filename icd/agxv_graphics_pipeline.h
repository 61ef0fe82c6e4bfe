/*
 * Graphics pipelines (vkCreateGraphicsPipelines): the Vulkan state parsed by
 * agxv_graphics_pipeline_create (pipeline->graphics), the vertex and
 * fragment shaders compiled by the compiler (the fragment shader once, its
 * output epilog for the tilebuffer layout and blend state), and what linking
 * them needs at draw time: the vertex shader's UVS layout, the fragment
 * shader's CF bindings.
 *
 * Model: Honeykrisp's monolithic pipelines (Mesa src/asahi/vulkan/
 * hk_shader.c, hk_cmd_draw.c) with the vertex-fetch prolog linked at
 * pipeline creation (agxv_vbo.h; static vertex input only) and the fragment
 * output epilog (blending, write masks) linked after the fragment shader
 * (agxv_blend.h; static blend state only, logic ops refused).
 *
 * Assumes: dynamic rendering (VkPipelineRenderingCreateInfo formats);
 * pipeline libraries are linked through the same path
 * (agxv_graphics_pipeline_library.h); the pipeline cache holds the vertex
 * and fragment main programs (agxv_graphics_pipeline_cache.h), not the
 * geometry-shader, tessellation or transform-feedback variants.
 */
#ifndef AGXV_GRAPHICS_PIPELINE_H
#define AGXV_GRAPHICS_PIPELINE_H

#include "agx_stage_info.h"
#include "agxv_graphics_state.h"
#include "agxv_pipeline.h"
#include "agxv_vbo.h"
#include "agxv_xfb.h"

/* Hardware words of the pipeline's shaders, packed once at creation
 * (agxv_graphics_pipeline_pack_words) for every draw: PPP Output Select
 * (VS and FS halves), Varying Counts, Fragment Shader Word 0, Fragment
 * Control (pass type), Fragment Face 2, and the VDM State vertex-shader
 * word 0 and outputs. */
struct agxv_gfx_words {
   uint32_t vs_output_select, varying_counts_32, varying_counts_16;
   uint32_t fs_counts, fs_fragment_control, fs_face_2, fs_output_select;
   uint32_t vs_counts, vdm_outputs;
   /* 126 bits of the SHA-1 of the CF binding tables the linkage gives for
    * each provoking vertex (agxv_varyings_link): draws key the uploaded
    * table by them, so pipelines of equal linkage share it; bits 0-1 of
    * cf_key[0] are 0 (the provoking vertex goes there). */
   uint64_t cf_key[2];
};

/* What draws link (the parsed state is pipeline->graphics). */
struct agxv_graphics_pipeline {
   struct agx_uvs_layout uvs; /* the vertex shader's output record */
   bool vs_reads_draw_params; /* base vertex/instance, draw index */
   bool has_vbo;              /* a vertex-fetch prolog is linked before the VS */
   struct agxv_vbo_link vbo;  /* its per-buffer uniforms */
   bool has_fs;
   struct agx_fs_info fs;            /* CF bindings, discard, colour outputs */
   struct agx_tilebuffer_layout tib; /* what the fragment shader stores to */
   unsigned pass_type;               /* Fragment control pass type (agx_fs_pass_type) */
   /* A geometry shader (agxv_graphics_pipeline_gs.c, emulation.md §4): the
    * vertex stage slot holds its rasterization variant (a hardware VS),
    * these the compute variants launched before the render. */
   bool has_gs;
   struct agxv_pipeline *gs_vs_sw; /* the VS as compute: outputs to the input buffer */
   struct agxv_pipeline *gs_main;  /* the GS writing the index buffer */
   struct agx_gs_info gs;          /* modes and DYNAMIC_INDEXED shape */
   uint64_t gs_input_mask;         /* slots the software VS writes (layout/agx_gs.h) */
   bool gs_has_vbo;                /* the software VS fetches vertex attributes */
   struct agxv_vbo_link gs_vbo;    /* its buffers (table in agx_gs_params.vertex_buffers) */
   /* Tessellation (agxv_graphics_pipeline_tess.c, emulation.md §7): the
    * vertex stage slot holds the evaluation shader as a hardware VS. */
   bool has_tess;
   struct agxv_pipeline *tess_vs_sw; /* the VS as compute (AGXV_GS_VS_SW) */
   struct agxv_pipeline *tess_tcs;   /* the control shader over patches */
   struct agx_tess_info tess;        /* merged modes of both stages */
   uint64_t tess_vs_mask;            /* slots the software VS writes */
   uint32_t tess_stride;             /* control-shader buffer bytes per patch */
   /* with a geometry shader: the evaluation shader as compute (AGXV_GS_VS_SW
    * over the tessellated indices) and the slots it writes */
   struct agxv_pipeline *tess_tes_sw;
   uint64_t tess_tes_mask;
   bool tess_xfb; /* the evaluation shader captures (no GS; agxv_cmd_xfb_draw_tess) */
   bool tess_has_vbo;
   struct agxv_vbo_link tess_vbo;
   /* transform feedback of the vertex shader (agxv_xfb.h): gs_vs_sw,
    * gs_input_mask, gs_vbo are its software variant's */
   struct agxv_xfb_pipeline xfb;
   struct agxv_gfx_words words;
   /* dynamic state the output epilog takes (AGXV_FS_VARIANT_DYNAMIC): draws
    * use the program linked for the state in effect (agxv_fs_variants.h);
    * NULL: the fragment stage slot's program always */
   struct agxv_fs_variants *fs_variants;
   /* dynamic vertex input: draws use the program linked with the prolog of
    * the state in effect (agxv_vs_variants.h); NULL: the vertex stage slot */
   struct agxv_vs_variants *vs_variants;
   /* dynamic rasterization samples, a per-sample fragment shader and
    * dynamic output state: what draws compile its loops from
    * (agxv_fs_sample_loops.h); NULL otherwise */
   struct agxv_fs_loop_source *fs_loop_source;
   /* while the pipeline is built: its cache use (agxv_pipeline_cache.h) */
   struct agxv_cache_use *cache_use;
};

/* Compiles the vertex and geometry stages of a pipeline with a geometry
 * shader (its three variants, agxv_graphics_pipeline_gs.c). */
struct agxv_pipeline_layout;
VkResult agxv_gs_pipeline_compile(struct agxv_device *device, struct agxv_pipeline *pipeline,
                                  const VkPipelineShaderStageCreateInfo *vs,
                                  const VkPipelineShaderStageCreateInfo *gs,
                                  const struct agxv_pipeline_layout *layout);
/* Frees the compute variants (agxv_pipeline_destroy). */
void agxv_gs_pipeline_finish(struct agxv_device *device, struct agxv_graphics_pipeline *gfx);
/* Compiles the vertex and tessellation stages of a pipeline with
 * tessellation (agxv_graphics_pipeline_tess.c), and frees them;
 * gs_follows: a geometry shader takes the evaluation shader's outputs
 * (compile it first: agxv_gs_pipeline_compile reads tess_tes_mask). */
VkResult agxv_tess_pipeline_compile(struct agxv_device *device, struct agxv_pipeline *pipeline,
                                    const VkPipelineShaderStageCreateInfo *vs,
                                    const VkPipelineShaderStageCreateInfo *tcs,
                                    const VkPipelineShaderStageCreateInfo *tes, bool gs_follows,
                                    const struct agxv_pipeline_layout *layout);
void agxv_tess_pipeline_finish(struct agxv_device *device, struct agxv_graphics_pipeline *gfx);

/* Fills pipeline->gfx->words from its compiled stages (the end of
 * agxv_graphics_pipeline_build). */
void agxv_graphics_pipeline_pack_words(struct agxv_pipeline *pipeline);
/* VDM State vertex-shader word 0 / PPP Fragment Shader Word 0 of a shader. */
uint32_t agxv_pack_vs_counts(const struct agxv_shader *vs);
uint32_t agxv_pack_fs_counts(const struct agxv_shader *fs, unsigned cf_binding_count);

/* The tilebuffer layout of colour formats and a sample count (false: a
 * format the tilebuffer does not take). */
bool agxv_tib_layout(struct agx_tilebuffer_layout *tib, const VkFormat *formats, uint32_t count,
                     uint32_t samples);

#endif
