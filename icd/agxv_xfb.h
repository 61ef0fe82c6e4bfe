/*
 * Transform feedback (VK_EXT_transform_feedback), emulated with compute
 * (emulation.md §5): what pipelines keep (agxv_graphics_pipeline_xfb.c) and
 * command buffers track (agxv_cmd_xfb.c). A pipeline whose vertex shader
 * has the Xfb execution mode also gets the vertex shader's software variant
 * (the geometry-shader path's AGXV_GS_VS_SW, outputs to records in memory);
 * each draw while transform feedback is active runs it in the render's
 * pre-graphics stream, then the capture kernels (cl_kernels/agx_xfb.cl)
 * copy the captured words into the buffers; the draw itself is the
 * ordinary hardware one. Assumes: no geometry shader in such pipelines.
 */
#ifndef AGXV_XFB_H
#define AGXV_XFB_H

#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan_core.h>

#include "agx_xfb.h"

/* A pipeline's capture: the table of cl_kernels/agx_xfb_args.h (strides, then
 * one word per captured word). */
struct agxv_pipeline;
struct agxv_xfb_pipeline {
   bool enabled;
   uint32_t entries;
   uint32_t table[4 + AGX_XFB_MAX_OUTPUTS];
   /* with a geometry shader: its AGXV_GS_XFB variant, record bytes */
   struct agxv_pipeline *gs_xfb;
   uint32_t gs_record_size;
   uint32_t gs_streams; /* record regions per GS invocation group (agx_pass_lower_xfb.c) */
};

/* Command buffer state. */
struct agxv_xfb_binding {
   uint64_t va;   /* at the bound offset */
   uint64_t size; /* bytes from there */
};
struct agxv_xfb_cmd_state {
   struct agxv_xfb_binding bound[AGX_XFB_MAX_BUFFERS];
   bool active;          /* between Begin and End */
   uint64_t state_va;    /* the active struct agx_xfb_state */
   uint64_t query_va[4]; /* each vertex stream's active query record, 0: none */
   uint64_t pg_query;    /* the active primitives-generated query's record, 0: none */
};

struct agxv_device;
struct agxv_compile_result;
struct agxv_pipeline;
struct agxv_pipeline_layout;
struct agxv_cmd_buffer;
struct agxv_vdm_draw;

/* Whether a SPIR-V module declares the Xfb execution mode. */
bool agxv_xfb_module_has_xfb(const uint32_t *words, size_t count);

/* For a pipeline without a geometry shader whose vertex shader captures:
 * compiles the software variant and builds the table (nothing otherwise). */
VkResult agxv_xfb_pipeline_compile(struct agxv_device *device, struct agxv_pipeline *pipeline,
                                   const VkPipelineShaderStageCreateInfo *vs,
                                   const struct agxv_pipeline_layout *layout);

/* For a pipeline with a geometry shader that captures (after the GS path's
 * variants compiled: gfx->gs_input_mask set): its AGXV_GS_XFB variant. */
struct agxv_graphics_pipeline;
/* The capture table of a compiled software variant that captures (and its
 * compute pipeline in *out; nothing if it captures nothing); frees r. */
VkResult agxv_xfb_take_variant(struct agxv_device *device, struct agxv_graphics_pipeline *gfx,
                               struct agxv_compile_result *r, struct agxv_pipeline **out);

VkResult agxv_xfb_gs_pipeline_compile(struct agxv_device *device,
                                      struct agxv_graphics_pipeline *gfx,
                                      const VkPipelineShaderStageCreateInfo *gs,
                                      const struct agxv_pipeline_layout *layout);
void agxv_xfb_pipeline_finish(struct agxv_device *device, struct agxv_graphics_pipeline *gfx);

/* A direct draw with a geometry shader (agxv_cmd_draw_gs.c, after its
 * pre-graphics launches): the XFB variant over (prims, instances) and the
 * capture; params: the draw's struct agx_gs_params (AGX_GS_PARAMS_ALLOC
 * bytes, CPU view params_cpu), whose XFB fields this fills. */
VkResult agxv_cmd_xfb_draw_gs(struct agxv_cmd_buffer *cmd, uint64_t params, void *params_cpu,
                              uint32_t prims, uint32_t instances);

/* A GPU-sized draw with a geometry shader (agxv_cmd_draw_gs.c
 * draw_gs_indirect, after its launches; indirect, restart-unrolled and
 * tessellated draws): the XFB variant over the main GS's grid (gs_grid,
 * written by agx_gs_setup_indirect with the records it allocated in
 * params) and the capture. */
VkResult agxv_cmd_xfb_draw_gs_indirect(struct agxv_cmd_buffer *cmd, uint64_t params,
                                       uint64_t gs_grid);

/* After agxv_cmd_xfb_draw: the capture was the draw's only effect and the
 * hardware draw is skipped (an adjacency topology, which the hardware
 * draw path does not take, with rasterizer discard: nothing to rasterize,
 * and the vertex shader ran in the capture). */
/* A tessellated draw without a geometry shader (agxv_cmd_draw_tess.c, after
 * the tessellator's launches): the evaluation shader's software variant
 * over the indexed-indirect draw `draw` (indices at the heap's base,
 * list `topology`) into records sized by agx_gs_setup_indirect in
 * `params` (a zeroed struct agx_tess_params), then the capture. */
VkResult agxv_cmd_xfb_draw_tess(struct agxv_cmd_buffer *cmd, uint64_t draw, uint64_t params,
                                VkPrimitiveTopology topology);

bool agxv_xfb_draw_only(const struct agxv_cmd_buffer *cmd);

/* Before a draw of the bound pipeline: its capture when transform feedback
 * is active and the pipeline captures (VK_SUCCESS and nothing otherwise).
 * base_vertex: firstVertex or vertexOffset. */
VkResult agxv_cmd_xfb_draw(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd,
                           uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id);

#endif
