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
 * Assumes: dynamic rendering (VkPipelineRenderingCreateInfo formats); no
 * pipeline libraries; the pipeline cache is not used for graphics yet.
 */
#ifndef AGXV_GRAPHICS_PIPELINE_H
#define AGXV_GRAPHICS_PIPELINE_H

#include "agx_stage_info.h"
#include "agxv_graphics_state.h"
#include "agxv_pipeline.h"
#include "agxv_vbo.h"

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
};

/* The tilebuffer layout of colour formats and a sample count (false: a
 * format the tilebuffer does not take). */
bool agxv_tib_layout(struct agx_tilebuffer_layout *tib, const VkFormat *formats, uint32_t count,
                     uint32_t samples);

#endif
