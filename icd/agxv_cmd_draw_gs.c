/*
 * Draws of pipelines with a geometry shader (emulation.md §4 "Dispatch
 * sequence", Honeykrisp's hk_launch_gs_prerast in Mesa
 * src/asahi/vulkan/hk_cmd_draw.c), direct draws: the CPU computes the
 * grids and sizes and takes the buffers from the command buffer's upload
 * memory (as Honeykrisp's direct draws pool-allocate them; the geometry
 * heap is for GPU-sized draws). In the render's pre-graphics stream
 * (agxv_cmd_pre_gfx.c):
 *   1. the vertex shader's software variant over (vertices, instances) ->
 *      the input buffer,
 *   2. CDM barrier, the main GS kernel over (input primitives, instances)
 *      -> every entry of the index buffer (DYNAMIC_INDEXED shape,
 *      layout/agx_gs.h),
 * then in the render stream an indexed draw (U32 indices, restart on, one
 * instance) of the rasterization variant in the output topology.
 *
 * Indirect draws (draw_gs_indirect): the one-thread setup kernel
 * (cl_kernels/agx_gs_setup.cl) reads the record, allocates both buffers
 * from the device's geometry heap (reset by the first such draw of each
 * render, in the pre-graphics stream) and writes the parameters, the two
 * launches' grids (CDM indirect) and the rasterization draw's
 * indexed-indirect record; indices come from the heap's base.
 * Indexed draws with primitive restart (draw_gs_restart) are first
 * unrolled into a list without restarts in the heap by one thread
 * (cl_kernels/agx_gs_setup.cl agx_gs_unroll_restart; Honeykrisp scans with
 * 1024), then drawn as indirect draws of that list.
 * After tessellation (agxv_cmd_draw_gs_after_tess) the tessellator's
 * indexed-indirect draw is the input of the indirect path, with the
 * evaluation shader's software variant in the vertex shader's place
 * (Honeykrisp's hk_launch_gs_prerast reads the evaluation shader's outputs
 * the same way).
 * Assumes: one queue executing renders in order (the heap is device-wide,
 * as in Honeykrisp), input topologies: every one but patch lists, the vertex id of the
 * rasterization draw fits 32 bits.
 */
#include "agxv_cmd_draw_gs.h"

#include <string.h>

#include "agx_gs.h"
#include "agxv_bo.h"
#include "agxv_device.h"
#include "agxv_graphics_pipeline.h"
#include "agx_cl_kernels.h"
#include "agx_gs_setup.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agxv_xfb.h"

bool
agxv_cmd_has_gs(const struct agxv_cmd_buffer *cmd)
{
   const struct agxv_pipeline *p = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   return p && p->gfx && p->gfx->has_gs;
}

/* Input primitives of `count` vertices in `topology` and the first vertex
 * stride between primitives; false for topologies not handled. */
static bool
input_primitives(VkPrimitiveTopology topology, uint32_t count, uint32_t *prims, uint32_t *stride)
{
   uint32_t n, s;
   switch (topology) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
      n = count, s = 1;
      break;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
      n = count / 2, s = 2;
      break;
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
      n = count > 1 ? count - 1 : 0, s = 1;
      break;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST:
      n = count / 3, s = 3;
      break;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
      n = count > 2 ? count - 2 : 0, s = 1;
      break;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      n = count / 4, s = 4;
      break;
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      n = count > 3 ? count - 3 : 0, s = 1;
      break;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
      n = count / 6, s = 6;
      break;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      n = count >= 6 ? (count - 4) / 2 : 0, s = 2;
      break;
   default:
      return false;
   }
   *prims = n;
   *stride = s;
   return true;
}

static uint32_t
ceil_log2(uint64_t x)
{
   uint32_t l = 0;
   while ((1ull << l) < x)
      l++;
   return l;
}

static const VkPrimitiveTopology output_topology[3] = {
   VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
   VK_PRIMITIVE_TOPOLOGY_LINE_STRIP,
   VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
};

/* Root uniforms of a compute variant: the graphics bind point's sets and
 * push constants, the geometry parameters and the draw's DrawIndex (read by
 * the software vertex shader, agx_pass_lower_gs.c; agx_abi.h). */
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
   memcpy(r + AGX_ABI_VS_DRAW_ID, &draw_id, 4);
   *out = root.gpu;
   return VK_SUCCESS;
}

static VkResult
launch(struct agxv_cmd_buffer *cmd, const struct agxv_pipeline *pipeline, uint64_t params,
       uint32_t draw_id, uint32_t x, uint32_t y)
{
   uint64_t root;
   VkResult result = write_root(cmd, pipeline, params, draw_id, &root);
   if (result != VK_SUCCESS)
      return result;
   const uint32_t threads[3] = {x, y, 1};
   agxv_cmd_launch_threads(cmd, pipeline, root, threads);
   return VK_SUCCESS;
}

/* The pre-graphics work of one draw. */
static VkResult
record_prerast(struct agxv_cmd_buffer *cmd, const struct agxv_graphics_pipeline *gfx,
               uint64_t params, uint32_t draw_id, uint32_t vertices, uint32_t prims,
               uint32_t instances)
{
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   VkResult result = launch(cmd, gfx->gs_vs_sw, params, draw_id, vertices, instances);
   /* the main GS reads the vertex outputs */
   agxv_cmd_emit_cdm_barrier(cmd);
   if (result == VK_SUCCESS)
      result = launch(cmd, gfx->gs_main, params, draw_id, prims, instances);
   agxv_cmd_pre_gfx_end(cmd);
   return result;
}

VkResult
agxv_gs_heap_create(struct agxv_device *device)
{
   VkResult result = agxv_bo_create(device, AGXV_GS_HEAP_HEADER + AGXV_GS_HEAP_SIZE, 0,
                                    "geometry heap", &device->gs_heap);
   void *map;
   if (result == VK_SUCCESS)
      result = agxv_bo_map(device, device->gs_heap, &map);
   if (result != VK_SUCCESS)
      return result;
   struct agx_gs_heap h = {.base = device->gs_heap->va + AGXV_GS_HEAP_HEADER,
                           .size = AGXV_GS_HEAP_SIZE};
   memcpy(map, &h, sizeof(h));
   return VK_SUCCESS;
}

/* The input of a GPU-sized draw: its record (Vulkan's indirect layouts),
 * index buffer (0: non-indexed) and topology. */
struct gs_input {
   uint64_t draw;
   uint64_t index_buffer;
   uint32_t index_size;
   VkPrimitiveTopology topology;
   /* after tessellation: the draw's struct agx_tess_params (its tessellation
    * fields filled on the GPU), read by the evaluation shader's software
    * variant, which replaces the vertex shader's; 0 otherwise */
   uint64_t tess_params;
};

static uint32_t
index_bytes(VkIndexType type)
{
   return type == VK_INDEX_TYPE_UINT32 ? 4 : type == VK_INDEX_TYPE_UINT16 ? 2 : 1;
}

/* An indirect draw: the setup kernel sizes everything on the GPU from the
 * record and allocates from the geometry heap (emulation.md §4 step 1). */
static VkResult
draw_gs_indirect(struct agxv_cmd_buffer *cmd, const struct agxv_graphics_pipeline *gfx,
                 const struct gs_input *in, VkPrimitiveTopology topology, uint32_t draw_id)
{
   struct agxv_device *device = cmd->device;
   const struct agx_gs_info *gs = &gfx->gs;
   struct agxv_upload_ptr p = {0}, grids, rast;
   VkResult result = VK_SUCCESS;
   /* transform feedback of the GS's outputs: records sized on the GPU */
   bool capture = cmd->xfb.active && gfx->xfb.enabled && gfx->xfb.gs_xfb;
   if (!in->tess_params)
      result = agxv_upload_alloc(&cmd->data, AGX_GS_PARAMS_ALLOC, 16, &p);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, 32, 16, &grids);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, 20, 16, &rast);
   if (result != VK_SUCCESS)
      return result;
   const struct agxv_pipeline *front = gfx->gs_vs_sw;
   if (in->tess_params) {
      p.gpu = in->tess_params;
      front = gfx->tess_tes_sw;
   } else {
      struct agx_gs_params params = {0};
      if (gfx->gs_has_vbo) {
         uint32_t table_size;
         result =
            agxv_cmd_write_vbo_uniforms(cmd, &gfx->gs_vbo, &params.vertex_buffers, &table_size);
         if (result != VK_SUCCESS)
            return result;
      }
      memcpy(p.cpu, &params, sizeof(params)); /* the rest is the kernel's */
   }
   struct agx_gs_setup_args args = {
      .heap = device->gs_heap->va,
      .params = p.gpu,
      .draw = in->draw,
      .vs_grid = grids.gpu,
      .gs_grid = grids.gpu + 16,
      .rast_draw = rast.gpu,
      .index_buffer = in->index_buffer,
      .index_size = in->index_size,
      .topology = (uint32_t)in->topology,
      .records = (uint32_t)__builtin_popcountll(gfx->gs_input_mask),
      .max_indices = gs->max_indices,
      .vertex_id_log2 = gs->vertex_id_log2,
      .xfb_unit_bytes = capture ? gfx->xfb.gs_streams * gs->max_vertices * gs->invocations *
                                     gfx->xfb.gs_record_size
                                : 0,
      .xfb_streams = gfx->xfb.gs_streams,
   };
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   args.reset_heap = agxv_cmd_pre_gfx_take_heap(cmd);
   /* the setup kernel, then the launches over the grids it wrote */
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_GS_SETUP_INDIRECT, 1, &args, sizeof(args));
   agxv_cmd_emit_cdm_barrier(cmd);
   uint64_t root;
   result = write_root(cmd, front, p.gpu, draw_id, &root);
   if (result == VK_SUCCESS) {
      agxv_cmd_launch_indirect(cmd, front, root, grids.gpu);
      agxv_cmd_emit_cdm_barrier(cmd);
      result = write_root(cmd, gfx->gs_main, p.gpu, draw_id, &root);
   }
   if (result == VK_SUCCESS)
      agxv_cmd_launch_indirect(cmd, gfx->gs_main, root, grids.gpu + 16);
   agxv_cmd_pre_gfx_end(cmd);
   if (result == VK_SUCCESS && capture)
      result = agxv_cmd_xfb_draw_gs_indirect(cmd, p.gpu, grids.gpu + 16);
   if (result != VK_SUCCESS)
      return result;

   struct agxv_dynamic_graphics_state *d = &cmd->dyn;
   struct agxv_index_state saved_index = cmd->index;
   bool saved_restart = d->s.ia.primitive_restart_enable;
   cmd->index = (struct agxv_index_state){.va = device->gs_heap->va + AGXV_GS_HEAP_HEADER,
                                          .size = AGXV_GS_HEAP_SIZE,
                                          .type = VK_INDEX_TYPE_UINT32};
   agxv_dyn_set_primitive_topology(d, output_topology[gs->output_topology]);
   agxv_dyn_set_primitive_restart_enable(d, true);
   cmd->geometry_params = p.gpu;
   struct agxv_vdm_draw vd = {.indirect = rast.gpu, .indexed = true};
   agxv_stats_gs(cmd, &vd, 1 + gs->output_topology);
   result = agxv_cmd_draw_vdm(cmd, &vd);
   cmd->geometry_params = 0;
   cmd->index = saved_index;
   agxv_dyn_set_primitive_topology(d, topology);
   agxv_dyn_set_primitive_restart_enable(d, saved_restart);
   return result;
}

/* The list topology a restart-unrolled draw of `t` becomes. */
static VkPrimitiveTopology
list_topology(VkPrimitiveTopology t)
{
   switch (t) {
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
      return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
      return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
   default:
      return t;
   }
}

/* An indexed draw with primitive restart (emulation.md §6): the unroll
 * kernel rewrites it as a list without restarts in the geometry heap,
 * then the GPU-sized path draws that list. Direct draws pass their
 * parameters as a record. */
static VkResult
draw_gs_restart(struct agxv_cmd_buffer *cmd, const struct agxv_graphics_pipeline *gfx,
                const struct agxv_vdm_draw *app, uint32_t base_vertex, uint32_t base_instance,
                VkPrimitiveTopology topology, uint32_t draw_id)
{
   struct agxv_device *device = cmd->device;
   struct agxv_upload_ptr rec = {0}, out;
   VkResult result = agxv_upload_alloc(&cmd->data, 20, 16, &out);
   if (result == VK_SUCCESS && !app->indirect)
      result = agxv_upload_alloc(&cmd->data, 20, 16, &rec);
   if (result != VK_SUCCESS)
      return result;
   if (!app->indirect) {
      const uint32_t r[5] = {app->count, app->instances, app->first, base_vertex, base_instance};
      memcpy(rec.cpu, r, sizeof(r));
   }
   uint32_t size = index_bytes(cmd->index.type);
   struct agx_gs_unroll_args args = {
      .heap = device->gs_heap->va,
      .draw = app->indirect ? app->indirect : rec.gpu,
      .out_draw = out.gpu,
      .index_buffer = cmd->index.va,
      .index_size = size,
      .restart = size == 4   ? 0xFFFFFFFFu
                 : size == 2 ? 0xFFFFu
                             : 0xFFu,
      .topology = (uint32_t)topology,
   };
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   args.reset_heap = agxv_cmd_pre_gfx_take_heap(cmd);
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_GS_UNROLL_RESTART, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);
   const struct gs_input in = {.draw = out.gpu,
                               .index_buffer = device->gs_heap->va + AGXV_GS_HEAP_HEADER,
                               .index_size = 4,
                               .topology = list_topology(topology)};
   return draw_gs_indirect(cmd, gfx, &in, topology, draw_id);
}

VkResult
agxv_cmd_draw_gs_after_tess(struct agxv_cmd_buffer *cmd, uint64_t draw, uint64_t tess_params,
                            VkPrimitiveTopology input_topology)
{
   const struct agxv_graphics_pipeline *gfx = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline->gfx;
   const struct gs_input in = {.draw = draw,
                               .index_buffer = cmd->device->gs_heap->va + AGXV_GS_HEAP_HEADER,
                               .index_size = 4,
                               .topology = input_topology,
                               .tess_params = tess_params};
   return draw_gs_indirect(cmd, gfx, &in, cmd->dyn.s.ia.topology, 0);
}

VkResult
agxv_cmd_draw_gs(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *app, uint32_t base_vertex,
                 uint32_t base_instance, uint32_t draw_id)
{
   const struct agxv_pipeline *pipeline = cmd->bind[AGXV_BIND_POINT_GRAPHICS].pipeline;
   const struct agxv_graphics_pipeline *gfx = pipeline->gfx;
   struct agxv_dynamic_graphics_state *d = &cmd->dyn;
   if (!cmd->rendering.active)
      return agxv_error(VK_ERROR_UNKNOWN, "draw outside a render pass");
   VkPrimitiveTopology topology = d->s.ia.topology;
   bool restart = app->indexed && d->s.ia.primitive_restart_enable;
   if (app->indirect || restart) {
      if (topology > VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY || !cmd->device->gs_heap)
         return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                           "topology %u with a geometry shader is not supported", topology);
      if (restart)
         return draw_gs_restart(cmd, gfx, app, base_vertex, base_instance, topology, draw_id);
      const struct gs_input in = {.draw = app->indirect,
                                  .index_buffer = app->indexed ? cmd->index.va : 0,
                                  .index_size = index_bytes(cmd->index.type),
                                  .topology = topology};
      return draw_gs_indirect(cmd, gfx, &in, topology, draw_id);
   }
   uint32_t prims, stride;
   if (!input_primitives(topology, app->count, &prims, &stride))
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                        "topology %u with a geometry shader is not supported yet", topology);
   if (!prims)
      return VK_SUCCESS;
   const struct agx_gs_info *gs = &gfx->gs;
   uint32_t plog2 = ceil_log2(prims);
   uint64_t id_bits = (uint64_t)ceil_log2(app->instances) + plog2 + gs->vertex_id_log2;
   uint64_t records = (uint64_t)__builtin_popcountll(gfx->gs_input_mask);
   uint64_t input_bytes = 16 * records * app->count * app->instances;
   uint64_t indices = (uint64_t)gs->max_indices * prims * app->instances;
   if (id_bits > 32 || indices > UINT32_MAX || input_bytes > (1ull << 31))
      return agxv_error(VK_ERROR_UNKNOWN, "geometry shader draw too large");

   struct agxv_upload_ptr p, in = {0}, out;
   VkResult result = agxv_upload_alloc(&cmd->data, AGX_GS_PARAMS_ALLOC, 16, &p);
   if (result == VK_SUCCESS && input_bytes)
      result = agxv_upload_alloc(&cmd->data, (uint32_t)input_bytes, 16, &in);
   if (result == VK_SUCCESS)
      result = agxv_upload_alloc(&cmd->data, (uint32_t)(4 * indices), 16, &out);
   if (result != VK_SUCCESS)
      return result;
   struct agx_gs_params params = {
      .output_index_buffer = out.gpu,
      .input_buffer = in.gpu,
      .input_primitives = prims,
      .primitives_log2 = plog2,
      .verts_per_instance = app->count,
      .input_topology = (uint32_t)topology,
      .vertex_stride = stride,
      .base_vertex = base_vertex,
      .base_instance = base_instance,
   };
   if (app->indexed) {
      params.index_size = index_bytes(cmd->index.type);
      params.index_buffer = cmd->index.va + (uint64_t)app->first * params.index_size;
   }
   if (gfx->gs_has_vbo) {
      uint32_t table_size;
      result = agxv_cmd_write_vbo_uniforms(cmd, &gfx->gs_vbo, &params.vertex_buffers, &table_size);
      if (result != VK_SUCCESS)
         return result;
   }
   memcpy(p.cpu, &params, sizeof(params));

   result = record_prerast(cmd, gfx, p.gpu, draw_id, app->count, prims, app->instances);
   /* transform feedback of the GS's outputs (agxv_cmd_xfb.c) */
   if (result == VK_SUCCESS)
      result = agxv_cmd_xfb_draw_gs(cmd, p.gpu, p.cpu, prims, app->instances);
   if (result != VK_SUCCESS)
      return result;

   /* The rasterization draw: the pipeline's vertex stage (the GS's
    * rasterization variant) over the index buffer, in the output topology. */
   struct agxv_index_state saved_index = cmd->index;
   bool saved_restart = d->s.ia.primitive_restart_enable;
   cmd->index =
      (struct agxv_index_state){.va = out.gpu, .size = 4 * indices, .type = VK_INDEX_TYPE_UINT32};
   agxv_dyn_set_primitive_topology(d, output_topology[gs->output_topology]);
   agxv_dyn_set_primitive_restart_enable(d, true);
   cmd->geometry_params = p.gpu;
   struct agxv_vdm_draw vd = {.count = (uint32_t)indices, .instances = 1, .indexed = true};
   agxv_stats_gs(cmd, &vd, 1 + gs->output_topology);
   result = agxv_cmd_draw_vdm(cmd, &vd);
   cmd->geometry_params = 0;
   cmd->index = saved_index;
   agxv_dyn_set_primitive_topology(d, topology);
   agxv_dyn_set_primitive_restart_enable(d, saved_restart);
   return result;
}
