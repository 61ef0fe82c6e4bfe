/*
 * Transform feedback commands (VK_EXT_transform_feedback; emulation.md §5,
 * Honeykrisp's hk_cmd_draw.c begin/end transform feedback, written here for
 * this driver's kernels cl_kernels/agx_xfb.cl):
 *  - Bind keeps the buffers' ranges (transform feedback is inactive then);
 *  - Begin takes a struct agx_xfb_state from upload memory, fills the
 *    ranges and, in the render's pre-graphics stream, loads each offset
 *    from its counter buffer (0 without one): pause/resume across draws and
 *    render passes goes through the counter buffers, as Vulkan specifies;
 *  - a draw of a capturing pipeline (agxv_cmd_xfb_draw) runs, in the same
 *    stream, the vertex shader's software variant over (vertices,
 *    instances) into records in upload memory, then agx_xfb_capture (one
 *    thread per captured vertex), then agx_xfb_advance (offsets, stream
 *    query), each after a CDM barrier; the hardware draw follows as usual;
 *  - a tessellated draw of a capturing evaluation shader (no GS;
 *    agxv_cmd_xfb_draw_tess) sizes the evaluation shader's records on the
 *    GPU (agx_gs_setup_indirect over the tessellator's draw), runs its
 *    software variant and agx_xfb_capture over that grid;
 *  - End stores the offsets into the counter buffers;
 *  - vkCmdDrawIndirectByteCountEXT turns the counter into a
 *    VkDrawIndirectCommand (agx_xfb_byte_count) and draws indirectly.
 * All of it runs in pre-graphics streams, in recording order, before the
 * render's draws: captures never depend on rasterization.
 * Indirect draws are sized on the GPU (xfb_draw_indirect,
 * agxv_cmd_xfb_draw_gs_indirect, agxv_cmd_xfb_draw_tess).
 * Assumes: primary command buffers (the pre-graphics stream), no
 * primitive restart while capturing vertex shader outputs, a vertex (or evaluation) shader that runs twice
 * is acceptable (it has no side effects Vulkan would count once).
 */
#include <string.h>

#include "agx_abi.h"
#include "agx_cl_kernels.h"
#include "agx_gs_setup.h"
#include "agx_gs.h"
#include "agx_xfb_args.h"
#include "agxv_bo.h"
#include "agxv_buffer.h"
#include "agxv_cmd_buffer.h"
#include "agxv_cmd_draw_gs.h"
#include "agxv_cmd_draw_tess.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agxv_xfb.h"

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBindTransformFeedbackBuffersEXT(VkCommandBuffer commandBuffer, uint32_t firstBinding,
                                        uint32_t bindingCount, const VkBuffer *pBuffers,
                                        const VkDeviceSize *pOffsets, const VkDeviceSize *pSizes)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   for (uint32_t i = 0; i < bindingCount; i++) {
      uint32_t b = firstBinding + i;
      const struct agxv_buffer *buf = agxv_buffer_from_handle(pBuffers[i]);
      if (b >= AGX_XFB_MAX_BUFFERS || !buf || pOffsets[i] > buf->size) {
         agxv_cmd_set_error(
            cmd, agxv_error(VK_ERROR_UNKNOWN, "transform feedback binding %u out of range", b));
         return;
      }
      uint64_t size = buf->size - pOffsets[i];
      if (pSizes && pSizes[i] != VK_WHOLE_SIZE && pSizes[i] < size)
         size = pSizes[i];
      cmd->xfb.bound[b] = (struct agxv_xfb_binding){.va = buf->va + pOffsets[i], .size = size};
   }
}

/* Counter addresses for Begin/End (0: none). */
static void
counters(uint64_t out[4], uint32_t first, uint32_t count, const VkBuffer *buffers,
         const VkDeviceSize *offsets)
{
   memset(out, 0, 4 * sizeof(uint64_t));
   for (uint32_t i = 0; buffers && i < count && first + i < 4; i++) {
      const struct agxv_buffer *b = agxv_buffer_from_handle(buffers[i]);
      if (b)
         out[first + i] = b->va + (offsets ? offsets[i] : 0);
   }
}

static void
run_counters(struct agxv_cmd_buffer *cmd, const uint64_t c[4], uint32_t store)
{
   struct agx_xfb_counters_args args = {.state = cmd->xfb.state_va, .store = store};
   memcpy(args.counter, c, sizeof(args.counter));
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return;
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_XFB_COUNTERS, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdBeginTransformFeedbackEXT(VkCommandBuffer commandBuffer, uint32_t firstCounterBuffer,
                                  uint32_t counterBufferCount, const VkBuffer *pCounterBuffers,
                                  const VkDeviceSize *pCounterBufferOffsets)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   if (!cmd->rendering.active) {
      agxv_cmd_set_error(
         cmd, agxv_error(VK_ERROR_UNKNOWN, "vkCmdBeginTransformFeedbackEXT outside a render pass"));
      return;
   }
   struct agxv_upload_ptr st;
   VkResult result = agxv_upload_alloc(&cmd->data, sizeof(struct agx_xfb_state), 16, &st);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   struct agx_xfb_state s = {0};
   for (unsigned b = 0; b < AGX_XFB_MAX_BUFFERS; b++) {
      s.addr[b] = cmd->xfb.bound[b].va;
      s.size[b] =
         cmd->xfb.bound[b].size > UINT32_MAX ? UINT32_MAX : (uint32_t)cmd->xfb.bound[b].size;
   }
   memcpy(st.cpu, &s, sizeof(s));
   cmd->xfb.state_va = st.gpu;
   cmd->xfb.active = true;
   uint64_t c[4];
   counters(c, firstCounterBuffer, counterBufferCount, pCounterBuffers, pCounterBufferOffsets);
   run_counters(cmd, c, 0);
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdEndTransformFeedbackEXT(VkCommandBuffer commandBuffer, uint32_t firstCounterBuffer,
                                uint32_t counterBufferCount, const VkBuffer *pCounterBuffers,
                                const VkDeviceSize *pCounterBufferOffsets)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   if (!cmd->xfb.active)
      return;
   uint64_t c[4];
   counters(c, firstCounterBuffer, counterBufferCount, pCounterBuffers, pCounterBufferOffsets);
   if (c[0] || c[1] || c[2] || c[3])
      run_counters(cmd, c, 1);
   cmd->xfb.active = false;
}

/* Captured primitives of `count` vertices in `topology`: vertices per
 * primitive and primitives (false: a topology not captured). */
static bool
capture_shape(VkPrimitiveTopology topology, uint32_t count, uint32_t *vpp, uint32_t *prims)
{
   switch (topology) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
      *vpp = 1, *prims = count;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
      *vpp = 2, *prims = count / 2;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
      *vpp = 2, *prims = count > 1 ? count - 1 : 0;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST:
      *vpp = 3, *prims = count / 3;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
      *vpp = 3, *prims = count > 2 ? count - 2 : 0;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      *vpp = 2, *prims = count / 4;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      *vpp = 2, *prims = count > 3 ? count - 3 : 0;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
      *vpp = 3, *prims = count / 6;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      *vpp = 3, *prims = count >= 6 ? (count - 4) / 2 : 0;
      return true;
   default:
      return false;
   }
}

/* Root uniforms of the software vertex shader (as the geometry-shader
 * path's, agxv_cmd_draw_gs.c): the graphics sets and push constants, the
 * geometry parameters. */
static VkResult
write_root(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline, uint64_t params,
           uint32_t draw_id, uint64_t *out)
{
   const struct agxv_bind_state *bind = &cmd->bind[AGXV_BIND_POINT_GRAPHICS];
   const struct agxv_shader *s = &pipeline->shaders[AGXV_STAGE_COMPUTE];
   struct agxv_upload_ptr root;
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_ABI_UNIFORM_SIZE, 16, &root);
   if (result != VK_SUCCESS)
      return result;
   uint8_t *r = root.cpu;
   memset(r, 0, AGX_ABI_UNIFORM_SIZE);
   memcpy(r + AGX_ABI_SET_ADDR_BASE, bind->desc.set_addr, AGXV_MAX_SETS * sizeof(uint64_t));
   memcpy(r + AGX_ABI_PUSH_BASE, bind->desc.push, AGX_ABI_PUSH_SIZE);
   if (cmd->device->robust_sink)
      memcpy(r + AGX_ABI_ROBUST_SINK, &cmd->device->robust_sink->va, 8);
   if (s->info.const_data_size) {
      uint64_t data = s->code->va + s->info.const_data_offset;
      memcpy(r + AGX_ABI_CONST_DATA, &data, 8);
   }
   memcpy(r + AGX_ABI_GEOMETRY_PARAMS, &params, 8);
   memcpy(r + AGX_ABI_VS_DRAW_ID, &draw_id, 4); /* the software VS's DrawIndex */
   *out = root.gpu;
   return VK_SUCCESS;
}

/* The software vertex shader's parameters and records for a direct draw. */
static VkResult
vs_params(struct agxv_cmd_buffer *cmd, const struct agxv_graphics_pipeline *gfx,
          const struct agxv_vdm_draw *vd, uint32_t base_vertex, uint32_t base_instance,
          uint64_t *params_va, uint64_t *records)
{
   uint64_t nrec = (uint64_t)__builtin_popcountll(gfx->gs_input_mask);
   uint64_t bytes = 16 * nrec * vd->count * vd->instances;
   if (bytes > (1ull << 30))
      return agxv_error(VK_ERROR_UNKNOWN, "transform feedback draw too large");
   struct agxv_upload_ptr p, in = {0};
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_GS_PARAMS_SIZE, 16, &p);
   if (result == VK_SUCCESS && bytes)
      result = agxv_upload_alloc(&cmd->data, (uint32_t)bytes, 16, &in);
   if (result != VK_SUCCESS)
      return result;
   struct agx_gs_params params = {
      .input_buffer = in.gpu,
      .verts_per_instance = vd->count,
      .base_vertex = base_vertex,
      .base_instance = base_instance,
   };
   if (vd->indexed) {
      params.index_size = cmd->index.type == VK_INDEX_TYPE_UINT32   ? 4
                          : cmd->index.type == VK_INDEX_TYPE_UINT16 ? 2
                                                                    : 1;
      params.index_buffer = cmd->index.va + (uint64_t)vd->first * params.index_size;
   }
   if (gfx->gs_has_vbo) {
      uint32_t table_size;
      result = agxv_cmd_write_vbo_uniforms(cmd, &gfx->gs_vbo, &params.vertex_buffers, &table_size);
      if (result != VK_SUCCESS)
         return result;
   }
   memcpy(p.cpu, &params, sizeof(params));
   *params_va = p.gpu;
   *records = in.gpu;
   return VK_SUCCESS;
}

static VkResult kernel_root(struct agxv_cmd_buffer *cmd, const void *args, uint32_t size,
                            uint64_t *out);

/* An indirect draw (vkCmdDraw(Indexed)Indirect(Count)): the geometry
 * path's setup kernel sizes the software vertex shader's grid and records
 * from the application's record (geometry heap) and the capture's grid
 * (xfb_grid: one thread per captured vertex); agx_xfb_capture and
 * agx_xfb_advance read the counts from the parameters and the instances
 * from the setup's second grid. */
static VkResult
xfb_draw_indirect(struct agxv_cmd_buffer *cmd, const struct agxv_graphics_pipeline *gfx,
                  const struct agxv_vdm_draw *vd, VkPrimitiveTopology topology, uint32_t vpp,
                  uint32_t draw_id)
{
   if (!cmd->device->gs_heap)
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT, "indirect capture without the heap");
   struct agxv_upload_ptr p, grids, rast, tab;
   uint32_t tab_size = 4 * (4 + gfx->xfb.entries);
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_GS_PARAMS_SIZE, 16, &p);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, 48, 16, &grids);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, 20, 16, &rast);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, tab_size, 16, &tab);
   if (result != VK_SUCCESS)
      return result;
   struct agx_gs_params params = {0};
   if (gfx->gs_has_vbo) {
      uint32_t table_size;
      result = agxv_cmd_write_vbo_uniforms(cmd, &gfx->gs_vbo, &params.vertex_buffers, &table_size);
      if (result != VK_SUCCESS)
         return result;
   }
   memcpy(p.cpu, &params, sizeof(params)); /* the rest is the setup kernel's */
   memcpy(tab.cpu, gfx->xfb.table, tab_size);
   uint32_t records = (uint32_t)__builtin_popcountll(gfx->gs_input_mask);
   uint32_t isz = cmd->index.type == VK_INDEX_TYPE_UINT32   ? 4
                  : cmd->index.type == VK_INDEX_TYPE_UINT16 ? 2
                                                            : 1;
   struct agx_gs_setup_args setup = {
      .heap = cmd->device->gs_heap->va,
      .params = p.gpu,
      .draw = vd->indirect,
      .vs_grid = grids.gpu,
      .gs_grid = grids.gpu + 16,
      .rast_draw = rast.gpu,
      .index_buffer = vd->indexed ? cmd->index.va : 0,
      .index_size = isz,
      .topology = (uint32_t)topology,
      .records = records,
      .xfb_grid = grids.gpu + 32,
   };
   struct agx_xfb_capture_args args = {
      .state = cmd->xfb.state_va,
      .table = tab.gpu,
      .query = cmd->xfb.query_va[0],
      .entries = gfx->xfb.entries,
      .records_per_vertex = records,
      .topology = (uint32_t)topology,
      .verts_per_prim = vpp,
      .gs_params = p.gpu,
      .gs_grid = grids.gpu + 16,
   };
   uint64_t root = 0, capture_root = 0;
   result = write_root(cmd, gfx->gs_vs_sw, p.gpu, draw_id, &root);
   if (result == VK_SUCCESS)
      result = kernel_root(cmd, &args, sizeof(args), &capture_root);
   if (result != VK_SUCCESS)
      return result;
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   setup.reset_heap = agxv_cmd_pre_gfx_take_heap(cmd);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_GS_SETUP_INDIRECT, 1, &setup, sizeof(setup));
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_cmd_launch_indirect(cmd, gfx->gs_vs_sw, root, grids.gpu);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_cmd_launch_indirect(cmd, cmd->device->meta[AGX_CL_XFB_CAPTURE], capture_root,
                            grids.gpu + 32);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_XFB_ADVANCE, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);
   return VK_SUCCESS;
}

VkResult
agxv_cmd_xfb_draw(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd, uint32_t base_vertex,
                  uint32_t base_instance, uint32_t draw_id)
{
   const struct agxv_pipeline *pipeline = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   if (!cmd->xfb.active || !pipeline || !pipeline->gfx || !pipeline->gfx->xfb.enabled ||
       pipeline->gfx->has_gs || pipeline->gfx->has_tess)
      return VK_SUCCESS; /* the geometry and tessellation paths capture */
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   if (vd->indexed && cmd->dyn.s.ia.primitive_restart_enable)
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                        "primitive restart while capturing transform feedback");
   VkPrimitiveTopology topology = cmd->dyn.s.ia.topology;
   uint32_t vpp, prims;
   if (!capture_shape(topology, vd->count, &vpp, &prims))
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                        "topology %u while capturing transform feedback", topology);
   if (vd->indirect)
      return xfb_draw_indirect(cmd, gfx, vd, topology, vpp, draw_id);
   uint64_t params = 0, records = 0;
   VkResult result = vs_params(cmd, gfx, vd, base_vertex, base_instance, &params, &records);
   struct agxv_upload_ptr tab;
   uint32_t tab_size = 4 * (4 + gfx->xfb.entries);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, tab_size, 16, &tab);
   uint64_t root = 0;
   if (result == VK_SUCCESS)
      result = write_root(cmd, gfx->gs_vs_sw, params, draw_id, &root);
   if (result != VK_SUCCESS)
      return result;
   memcpy(tab.cpu, gfx->xfb.table, tab_size);
   struct agx_xfb_capture_args args = {
      .state = cmd->xfb.state_va,
      .records = records,
      .table = tab.gpu,
      .query = cmd->xfb.query_va[0],
      .entries = gfx->xfb.entries,
      .records_per_vertex = (uint32_t)__builtin_popcountll(gfx->gs_input_mask),
      .topology = (uint32_t)topology,
      .verts_per_instance = vd->count,
      .prims_per_instance = prims,
      .instances = vd->instances,
      .verts_per_prim = vpp,
   };
   uint64_t verts = (uint64_t)prims * vd->instances * vpp;
   if (verts > UINT32_MAX)
      return agxv_error(VK_ERROR_UNKNOWN, "transform feedback draw too large");
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   const uint32_t threads[3] = {vd->count, vd->instances, 1};
   agxv_cmd_launch_threads(cmd, gfx->gs_vs_sw, root, threads);
   agxv_cmd_emit_cdm_barrier(cmd);
   if (verts)
      agxv_dispatch_kernel(cmd, AGX_CL_XFB_CAPTURE,
                           (uint32_t)((verts + AGX_XFB_GROUP_SIZE - 1) / AGX_XFB_GROUP_SIZE), &args,
                           sizeof(args));
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_XFB_ADVANCE, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);
   return VK_SUCCESS;
}

/* Vertices per primitive of a GS output topology (0 points, 1 line strip,
 * 2 triangle strip). */
static const uint32_t gs_vpp[3] = {1, 2, 3};

VkResult
agxv_cmd_xfb_draw_gs(struct agxv_cmd_buffer *cmd, uint64_t params, void *params_cpu, uint32_t prims,
                     uint32_t instances)
{
   const struct agxv_pipeline *pipeline = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   if (!cmd->xfb.active || !gfx->xfb.enabled || !gfx->xfb.gs_xfb)
      return VK_SUCCESS;
   const struct agx_gs_info *gs = &gfx->gs;
   uint64_t units = (uint64_t)prims * instances;
   uint64_t max_vertices = (uint64_t)gs->max_vertices * gs->invocations;
   uint64_t streams = gfx->xfb.gs_streams;
   uint64_t bytes = units * streams * max_vertices * gfx->xfb.gs_record_size;
   if (bytes > (1ull << 30) || gs->output_topology > 2)
      return agxv_error(VK_ERROR_UNKNOWN, "transform feedback geometry draw too large");
   struct agxv_upload_ptr rec, counts, tab;
   uint32_t tab_size = 4 * (4 + gfx->xfb.entries);
   VkResult result = agxv_upload_alloc(&cmd->data, (uint32_t)bytes + 16, 16, &rec);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, (uint32_t)(4 * units * streams) + 16, 16, &counts);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, tab_size, 16, &tab);
   uint64_t root = 0;
   if (result == VK_SUCCESS)
      result = write_root(cmd, gfx->xfb.gs_xfb, params, 0, &root);
   if (result != VK_SUCCESS)
      return result;
   memcpy(tab.cpu, gfx->xfb.table, tab_size);
   memcpy((uint8_t *)params_cpu + AGX_GS_XFB_PARAMS_RECORDS, &rec.gpu, 8);
   memcpy((uint8_t *)params_cpu + AGX_GS_XFB_PARAMS_COUNTS, &counts.gpu, 8);
   struct agx_xfb_capture_gs_args args = {
      .state = cmd->xfb.state_va,
      .records = rec.gpu,
      .counts = counts.gpu,
      .table = tab.gpu,
      .query = {cmd->xfb.query_va[0], cmd->xfb.query_va[1], cmd->xfb.query_va[2],
                cmd->xfb.query_va[3]},
      .entries = gfx->xfb.entries,
      .record_size = gfx->xfb.gs_record_size,
      .max_vertices = (uint32_t)max_vertices,
      .units = (uint32_t)units,
      .verts_per_prim = gs_vpp[gs->output_topology],
      .streams = (uint32_t)streams,
   };
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   /* after the software VS's records (record_prerast's launches) */
   agxv_cmd_emit_cdm_barrier(cmd);
   const uint32_t threads[3] = {prims, instances, 1};
   agxv_cmd_launch_threads(cmd, gfx->xfb.gs_xfb, root, threads);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_XFB_CAPTURE_GS, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);
   return VK_SUCCESS;
}

VkResult
agxv_cmd_xfb_draw_gs_indirect(struct agxv_cmd_buffer *cmd, uint64_t params, uint64_t gs_grid)
{
   const struct agxv_graphics_pipeline *gfx = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline->gfx;
   const struct agx_gs_info *gs = &gfx->gs;
   if (gs->output_topology > 2)
      return agxv_error(VK_ERROR_UNKNOWN, "transform feedback of GS output topology %u",
                        gs->output_topology);
   struct agxv_upload_ptr tab;
   uint32_t tab_size = 4 * (4 + gfx->xfb.entries);
   VkResult result = agxv_upload_alloc(&cmd->data, tab_size, 16, &tab);
   uint64_t root = 0;
   if (result == VK_SUCCESS)
      result = write_root(cmd, gfx->xfb.gs_xfb, params, 0, &root);
   if (result != VK_SUCCESS)
      return result;
   memcpy(tab.cpu, gfx->xfb.table, tab_size);
   struct agx_xfb_capture_gs_args args = {
      .state = cmd->xfb.state_va,
      .table = tab.gpu,
      .query = {cmd->xfb.query_va[0], cmd->xfb.query_va[1], cmd->xfb.query_va[2],
                cmd->xfb.query_va[3]},
      .entries = gfx->xfb.entries,
      .record_size = gfx->xfb.gs_record_size,
      .max_vertices = gs->max_vertices * gs->invocations,
      .verts_per_prim = gs_vpp[gs->output_topology],
      .streams = gfx->xfb.gs_streams,
      .params = params,
      .grid = gs_grid,
   };
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_cmd_launch_indirect(cmd, gfx->xfb.gs_xfb, root, gs_grid);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_XFB_CAPTURE_GS, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);
   return VK_SUCCESS;
}

/* Root uniforms of a helper kernel launched over a grid in memory: its
 * arguments in the push constants (as agxv_cmd_draw_tess.c launches). */
static VkResult
kernel_root(struct agxv_cmd_buffer *cmd, const void *args, uint32_t size, uint64_t *out)
{
   struct agxv_upload_ptr root;
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_ABI_UNIFORM_SIZE, 16, &root);
   if (result != VK_SUCCESS)
      return result;
   memset(root.cpu, 0, AGX_ABI_UNIFORM_SIZE);
   memcpy((uint8_t *)root.cpu + AGX_ABI_PUSH_BASE, args, size);
   if (cmd->device->robust_sink)
      memcpy((uint8_t *)root.cpu + AGX_ABI_ROBUST_SINK, &cmd->device->robust_sink->va, 8);
   *out = root.gpu;
   return VK_SUCCESS;
}

VkResult
agxv_cmd_xfb_draw_tess(struct agxv_cmd_buffer *cmd, uint64_t draw, uint64_t params,
                       VkPrimitiveTopology topology)
{
   const struct agxv_graphics_pipeline *gfx = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline->gfx;
   const struct agxv_pipeline *tes = gfx->tess_tes_sw;
   uint32_t vpp, prims;
   if (!tes || !capture_shape(topology, 0, &vpp, &prims))
      return agxv_error(VK_ERROR_UNKNOWN, "tessellated transform feedback without its variant");
   struct agxv_upload_ptr grids, rast, tab;
   uint32_t tab_size = 4 * (4 + gfx->xfb.entries);
   VkResult result = agxv_upload_alloc(&cmd->data, 32, 16, &grids);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, 20, 16, &rast);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, tab_size, 16, &tab);
   uint64_t root = 0;
   if (result == VK_SUCCESS)
      result = write_root(cmd, tes, params, 0, &root);
   if (result != VK_SUCCESS)
      return result;
   memcpy(tab.cpu, gfx->xfb.table, tab_size);
   uint32_t records = (uint32_t)__builtin_popcountll(gfx->tess_tes_mask);
   /* the geometry path's setup kernel sizes the evaluation shader's
    * records from the tessellated draw (no geometry shader: no indices) */
   struct agx_gs_setup_args setup = {
      .heap = cmd->device->gs_heap->va,
      .params = params,
      .draw = draw,
      .vs_grid = grids.gpu,
      .gs_grid = grids.gpu + 16,
      .rast_draw = rast.gpu,
      .index_buffer = cmd->device->gs_heap->va + AGXV_GS_HEAP_HEADER,
      .index_size = 4,
      .topology = (uint32_t)topology,
      .records = records,
   };
   struct agx_xfb_capture_args args = {
      .state = cmd->xfb.state_va,
      .table = tab.gpu,
      .query = cmd->xfb.query_va[0],
      .entries = gfx->xfb.entries,
      .records_per_vertex = records,
      .topology = (uint32_t)topology,
      .instances = 1,
      .verts_per_prim = vpp,
      .gs_params = params,
      .gs_grid = grids.gpu + 16,
   };
   uint64_t capture_root;
   result = kernel_root(cmd, &args, sizeof(args), &capture_root);
   if (result != VK_SUCCESS)
      return result;
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   setup.reset_heap = agxv_cmd_pre_gfx_take_heap(cmd);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_GS_SETUP_INDIRECT, 1, &setup, sizeof(setup));
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_cmd_launch_indirect(cmd, tes, root, grids.gpu);
   agxv_cmd_emit_cdm_barrier(cmd);
   /* one thread per tessellated vertex: the evaluation shader's grid */
   agxv_cmd_launch_indirect(cmd, cmd->device->meta[AGX_CL_XFB_CAPTURE], capture_root, grids.gpu);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_XFB_ADVANCE, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);
   return VK_SUCCESS;
}

bool
agxv_xfb_draw_only(const struct agxv_cmd_buffer *cmd)
{
   const struct agxv_pipeline *pipeline = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   VkPrimitiveTopology t = cmd->dyn.s.ia.topology;
   bool adjacency = t >= VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY &&
                    t <= VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;
   return cmd->xfb.active && pipeline && pipeline->gfx && pipeline->gfx->xfb.enabled &&
          !pipeline->gfx->has_gs && adjacency && cmd->dyn.s.rs.rasterizer_discard_enable;
}

VKAPI_ATTR void VKAPI_CALL
agxv_CmdDrawIndirectByteCountEXT(VkCommandBuffer commandBuffer, uint32_t instanceCount,
                                 uint32_t firstInstance, VkBuffer counterBuffer,
                                 VkDeviceSize counterBufferOffset, uint32_t counterOffset,
                                 uint32_t vertexStride)
{
   AGXV_FROM_HANDLE(agxv_cmd_buffer, cmd, commandBuffer);
   const struct agxv_buffer *counter = agxv_buffer_from_handle(counterBuffer);
   if (!instanceCount)
      return;
   if (!cmd->rendering.active || !counter) {
      agxv_cmd_set_error(
         cmd, agxv_error(VK_ERROR_UNKNOWN, "vkCmdDrawIndirectByteCountEXT outside a render pass"));
      return;
   }
   struct agxv_upload_ptr draw;
   VkResult result = agxv_upload_alloc(&cmd->data, 16, 16, &draw);
   if (result != VK_SUCCESS) {
      agxv_cmd_set_error(cmd, result);
      return;
   }
   struct agx_xfb_byte_count_args args = {
      .counter = counter->va + counterBufferOffset,
      .draw = draw.gpu,
      .counter_offset = counterOffset,
      .stride = vertexStride,
      .instances = instanceCount,
      .first_instance = firstInstance,
   };
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return;
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_XFB_BYTE_COUNT, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);
   struct agxv_vdm_draw vd = {.indirect = draw.gpu};
   agxv_stats_draw(cmd, &vd); /* reads the record after the kernel (agxv_query_stats.c) */
   result = agxv_cmd_has_tess(cmd) ? agxv_cmd_draw_tess(cmd, &vd, 0, 0, 0)
            : agxv_cmd_has_gs(cmd) ? agxv_cmd_draw_gs(cmd, &vd, 0, 0, 0)
                                   : agxv_cmd_draw_vdm(cmd, &vd);
   if (result != VK_SUCCESS)
      agxv_cmd_set_error(cmd, result);
}
