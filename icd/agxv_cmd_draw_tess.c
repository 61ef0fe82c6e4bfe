/*
 * Draws of pipelines with tessellation (emulation.md §7, Honeykrisp's
 * hk_launch_tess in Mesa src/asahi/vulkan/hk_cmd_draw.c). Every draw takes
 * the indirect path (a direct draw's record is written to upload memory):
 * in the render's pre-graphics stream (agxv_cmd_pre_gfx.c), separated by
 * CDM barriers,
 *   1. agx_tess_setup (cl_kernels/agx_tess_setup.cl) sizes the draw from
 *      the record, allocates from the device's geometry heap (reset by the
 *      first heap user of each render) and writes the grids,
 *   2. the vertex shader's software variant over (vertices, instances),
 *   3. the control shader over (patches * output vertices, instances),
 *   4. agx_tess_count_patches, agx_tess_alloc_patches (prefix sums, point
 *      and index buffers, the rasterization draw's record),
 *      agx_tess_write_patches (points and indices of each patch),
 * then in the render stream an indexed-indirect draw (U32 indices from the
 * heap, no restart, one instance) of the evaluation shader as the vertex
 * stage: triangle lists, line lists (isolines) or point lists (point mode).
 * With a geometry shader, that draw is instead the input of the geometry
 * path's indirect draw (agxv_cmd_draw_gs_after_tess): the evaluation
 * shader runs as compute over its indices, the geometry shader over its
 * primitives (Honeykrisp's order, hk_cmd_draw.c).
 * Assumes: one queue executing renders in order (the device-wide heap, as
 * in Honeykrisp); primitive restart is ignored for patch lists (Vulkan
 * allows it only with primitiveTopologyPatchListRestart, not offered).
 */
#include "agxv_cmd_draw_tess.h"

#include <string.h>

#include "agx_cl_kernels.h"
#include "agx_gs_setup.h"
#include "agx_tess.h"
#include "agx_tess_params.h"
#include "agx_tess_setup.h"
#include "agxv_bo.h"
#include "agxv_cmd_draw_gs.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agxv_xfb.h"

bool
agxv_cmd_has_tess(const struct agxv_cmd_buffer *cmd)
{
   const struct agxv_pipeline *p = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   return p && p->gfx && p->gfx->has_tess;
}

/* Root uniforms of a launch: the graphics bind point's sets and push
 * constants (API shaders) or a helper kernel's arguments, and the params. */
static VkResult
write_root(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline, const void *args,
           uint32_t args_size, uint64_t params, uint32_t draw_id, uint64_t *out)
{
   const struct agxv_bind_state *bind = &cmd->bind[AGXV_BIND_POINT_GRAPHICS];
   const struct agxv_shader *s = &pipeline->shaders[AGXV_STAGE_COMPUTE];
   struct agxv_upload_ptr root;
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_ABI_UNIFORM_SIZE, 16, &root);
   if (result != VK_SUCCESS)
      return result;
   uint8_t *r = root.cpu;
   memset(r, 0, AGX_ABI_UNIFORM_SIZE);
   if (args) {
      memcpy(r + AGX_ABI_PUSH_BASE, args, args_size);
   } else {
      memcpy(r + AGX_ABI_SET_ADDR_BASE, bind->desc.set_addr, AGXV_MAX_SETS * sizeof(uint64_t));
      memcpy(r + AGX_ABI_PUSH_BASE, bind->desc.push, AGX_ABI_PUSH_SIZE);
   }
   if (cmd->device->robust_sink)
      memcpy(r + AGX_ABI_ROBUST_SINK, &cmd->device->robust_sink->va, 8);
   if (s->info.const_data_size) {
      uint64_t data = s->code->va + s->info.const_data_offset;
      memcpy(r + AGX_ABI_CONST_DATA, &data, 8);
   }
   memcpy(r + AGX_ABI_GEOMETRY_PARAMS, &params, 8);
   /* DrawIndex of the software vertex shader (agx_pass_lower_gs.c) */
   memcpy(r + AGX_ABI_VS_DRAW_ID, &draw_id, 4);
   *out = root.gpu;
   return VK_SUCCESS;
}

/* Launches `pipeline` over the thread grid at `grid`, after a barrier. */
static VkResult
launch(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline, const void *args,
       uint32_t args_size, uint64_t params, uint32_t draw_id, uint64_t grid)
{
   uint64_t root;
   VkResult result = write_root(cmd, pipeline, args, args_size, params, draw_id, &root);
   if (result != VK_SUCCESS)
      return result;
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_cmd_launch_indirect(cmd, pipeline, root, grid);
   return VK_SUCCESS;
}

static uint32_t
index_size(VkIndexType type)
{
   return type == VK_INDEX_TYPE_UINT32 ? 4 : type == VK_INDEX_TYPE_UINT16 ? 2 : 1;
}

/* The tessellator's configuration of the bound pipeline. */
static void
patch_args(const struct agxv_cmd_buffer *cmd, const struct agxv_graphics_pipeline *gfx,
           struct agx_tess_patch_args *a)
{
   const struct agx_tess_info *t = &gfx->tess;
   a->domain = t->domain - 1;
   a->spacing = t->spacing - 1;
   /* the shader's winding, mirrored by a lower-left domain origin (the
    * evaluation shader's v axis points the other way on screen) */
   bool ccw = t->order == 2;
   if (cmd->dyn.s.ts.domain_origin == VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT)
      ccw = !ccw;
   a->flags = (ccw ? AGX_TESS_FLAG_CCW : 0) | (t->point_mode ? AGX_TESS_FLAG_POINTS : 0);
   a->tcs_stride = gfx->tess_stride;
}

/* The compute work of one draw from the record at `draw`. */
static VkResult
record_prerast(struct agxv_cmd_buffer *cmd, const struct agxv_graphics_pipeline *gfx, uint64_t draw,
               bool indexed, uint64_t params, uint64_t grids, uint64_t rast, uint64_t gs_params,
               uint32_t draw_id)
{
   struct agxv_device *device = cmd->device;
   struct agx_tess_setup_args setup = {
      .heap = device->gs_heap->va,
      .params = params,
      .draw = draw,
      .grids = grids,
      .index_buffer = indexed ? cmd->index.va : 0,
      .index_size = index_size(cmd->index.type),
      .records = (uint32_t)__builtin_popcountll(gfx->tess_vs_mask),
      .input_patch_size = cmd->dyn.s.ts.patch_control_points,
      .output_patch_size = gfx->tess.output_vertices,
      .tcs_stride = gfx->tess_stride,
   };
   struct agx_tess_patch_args pa = {.heap = device->gs_heap->va,
                                    .params = params,
                                    .rast_draw = rast,
                                    .gs_params = gs_params};
   patch_args(cmd, gfx, &pa);
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   setup.reset_heap = agxv_cmd_pre_gfx_take_heap(cmd);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_TESS_SETUP, 1, &setup, sizeof(setup));
   VkResult result = launch(cmd, gfx->tess_vs_sw, NULL, 0, params, draw_id, grids);
   if (result == VK_SUCCESS)
      result = launch(cmd, gfx->tess_tcs, NULL, 0, params, 0, grids + 16);
   if (result == VK_SUCCESS)
      result =
         launch(cmd, device->meta[AGX_CL_TESS_COUNT_PATCHES], &pa, sizeof(pa), 0, 0, grids + 32);
   if (result == VK_SUCCESS) {
      agxv_cmd_emit_cdm_barrier(cmd);
      agxv_dispatch_kernel(cmd, AGX_CL_TESS_ALLOC_PATCHES, 1, &pa, sizeof(pa));
      result =
         launch(cmd, device->meta[AGX_CL_TESS_WRITE_PATCHES], &pa, sizeof(pa), 0, 0, grids + 32);
   }
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_cmd_pre_gfx_end(cmd);
   return result;
}

static VkPrimitiveTopology
output_topology(const struct agx_tess_info *t)
{
   if (t->point_mode)
      return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
   return t->domain == 1 + AGX_TESS_DOMAIN_ISOLINE ? VK_PRIMITIVE_TOPOLOGY_LINE_LIST
                                                   : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
}

VkResult
agxv_cmd_draw_tess(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *app,
                   uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id)
{
   const struct agxv_pipeline *pipeline = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   struct agxv_device *device = cmd->device;
   struct agxv_dynamic_graphics_state *d = &cmd->dyn;
   if (!cmd->rendering.active)
      return agxv_error(VK_ERROR_UNKNOWN, "draw outside a render pass");
   if (!device->gs_heap)
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT, "tessellation without the geometry heap");
   uint32_t in_size = d->s.ts.patch_control_points;
   if (!in_size || in_size > AGX_TESS_MAX_PATCH)
      return agxv_error(VK_ERROR_UNKNOWN, "patch of %u control points", in_size);

   struct agxv_upload_ptr p, grids, rast, rec;
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_TESS_PARAMS_SIZE, 16, &p);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, 48, 16, &grids);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, 20, 16, &rast);
   if (result != VK_SUCCESS)
      return result;
   uint64_t draw = app->indirect;
   if (!draw) {
      /* a direct draw as its indirect record */
      result = agxv_upload_alloc(&cmd->data, 20, 16, &rec);
      if (result != VK_SUCCESS)
         return result;
      uint32_t w[5] = {app->count, app->instances, app->first, base_vertex, base_instance};
      if (!app->indexed)
         w[4] = 0, w[3] = base_instance;
      memcpy(rec.cpu, w, sizeof(w));
      draw = rec.gpu;
   }
   struct agx_tess_params params = {0};
   if (gfx->tess_has_vbo) {
      uint32_t table_size;
      result =
         agxv_cmd_write_vbo_uniforms(cmd, &gfx->tess_vbo, &params.gs.vertex_buffers, &table_size);
      if (result != VK_SUCCESS)
         return result;
   }
   memcpy(p.cpu, &params, sizeof(params)); /* the rest is the setup kernel's */
   /* with a geometry shader, its own parameters (agxv_cmd_draw_gs.c) */
   struct agxv_upload_ptr gp = {0};
   bool capture = cmd->xfb.active && gfx->tess_xfb && gfx->xfb.enabled;
   if (gfx->has_gs || capture) {
      /* room for the geometry shader's transform feedback fields after
       * the tessellation ones (layout/agx_gs.h) */
      result = agxv_upload_alloc(&cmd->data, AGX_GS_PARAMS_ALLOC, 16, &gp);
      if (result != VK_SUCCESS)
         return result;
      memset(gp.cpu, 0, AGX_GS_PARAMS_ALLOC);
   }
   result =
      record_prerast(cmd, gfx, draw, app->indexed, p.gpu, grids.gpu, rast.gpu, gp.gpu, draw_id);
   if (result != VK_SUCCESS)
      return result;
   if (gfx->has_gs)
      return agxv_cmd_draw_gs_after_tess(cmd, rast.gpu, gp.gpu, output_topology(&gfx->tess));
   if (capture) {
      /* transform feedback: the evaluation shader as compute (agxv_cmd_xfb.c) */
      result = agxv_cmd_xfb_draw_tess(cmd, rast.gpu, gp.gpu, output_topology(&gfx->tess));
      if (result != VK_SUCCESS)
         return result;
   }

   /* The rasterization draw: the evaluation shader over the domain points. */
   VkPrimitiveTopology topology = d->s.ia.topology;
   struct agxv_index_state saved_index = cmd->index;
   bool saved_restart = d->s.ia.primitive_restart_enable;
   cmd->index = (struct agxv_index_state){.va = device->gs_heap->va + AGXV_GS_HEAP_HEADER,
                                          .size = AGXV_GS_HEAP_SIZE,
                                          .type = VK_INDEX_TYPE_UINT32};
   agxv_dyn_set_primitive_topology(d, output_topology(&gfx->tess));
   agxv_dyn_set_primitive_restart_enable(d, false);
   cmd->geometry_params = p.gpu;
   struct agxv_vdm_draw vd = {.indirect = rast.gpu, .indexed = true};
   agxv_stats_tess(cmd, p.gpu, rast.gpu,
                   gfx->tess.point_mode                              ? 1
                   : gfx->tess.domain == 1 + AGX_TESS_DOMAIN_ISOLINE ? 2
                                                                     : 3);
   result = agxv_cmd_draw_vdm(cmd, &vd);
   cmd->geometry_params = 0;
   cmd->index = saved_index;
   agxv_dyn_set_primitive_topology(d, topology);
   agxv_dyn_set_primitive_restart_enable(d, saved_restart);
   return result;
}
