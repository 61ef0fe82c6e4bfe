/*
 * Adjacency topologies without a geometry shader (see
 * agxv_cmd_draw_adjacency.h). The Vulkan specification's topology rules
 * ("Line Lists With Adjacency" ... "Triangle Strips With Adjacency"), for
 * n vertices v0..v(n-1):
 *   - line list with adjacency: line i is (v(4i+1), v(4i+2)), i < n/4;
 *   - line strip with adjacency: line i is (v(i+1), v(i+2)), i < n-3, that
 *     is the line strip v1..v(n-2);
 *   - triangle list with adjacency: triangle i is (v(6i), v(6i+2), v(6i+4)),
 *     i < n/6;
 *   - triangle strip with adjacency: triangle i is (v(2i), v(2i+2), v(2i+4))
 *     for even i and (v(2i+2), v(2i), v(2i+4)) for odd i, i < (n-4)/2,
 *     which is the triangle strip v0, v2, v4, ... (a strip's odd triangles
 *     swap their first two vertices the same way), provoking vertices
 *     included.
 * With primitive restart every restart-free segment of an indexed draw
 * follows these rules on its own.
 * Where the CPU knows the vertices (direct non-indexed draws: v(k) =
 * firstVertex + k) a line strip is drawn from the second vertex, the other
 * topologies get an index list of k written here at record time, the
 * draw's vertex offset being firstVertex; a direct indexed line strip
 * without restart is drawn from its second index. Every other draw
 * (indirect, indirect-count, indexed, restart) goes to the GPU: a
 * one-thread kernel in the render's pre-graphics stream
 * (cl_kernels/agx_adjacency.cl) reads the record and the indices and
 * writes the drawn vertices as a 32-bit index list in the geometry heap
 * (strip segments separated by restart indices) and the
 * VkDrawIndexedIndirectCommand drawing it, which the render command draws
 * as an indexed-indirect draw (as the geometry-shader path draws its
 * output, agxv_cmd_draw_gs.c). Honeykrisp strips the adjacent vertices in
 * its vertex-shader prolog instead (Mesa src/asahi/libagx/draws.cl
 * libagx_draw_without_adj after libagx_unroll_restart).
 * Assumes: the geometry heap exists (adjacency topologies need the
 * geometryShader feature, which creates it; agxv_device.c).
 */
#include "agxv_cmd_draw_adjacency.h"

#include <string.h>

#include "agx_adjacency.h"
#include "agx_cl_kernels.h"
#include "agxv_bo.h"
#include "agxv_cmd_buffer.h"
#include "agxv_cmd_draw_gs.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_meta.h"
#include "agxv_upload.h"
#include "agxv_vdm.h"

/* Index lists above this many entries are refused (2^26 x 4 bytes). */
#define MAX_INDICES (1u << 26)

/* The vertex numbers k of the non-adjacent vertices, in draw order, and the
 * primitive they form; returns the count. */
static uint32_t
adjacency_indices(VkPrimitiveTopology t, uint32_t n, uint32_t *out, enum agx_primitive *prim)
{
   uint32_t c = 0;
   switch (t) {
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
      *prim = AGX_PRIMITIVE_LINES;
      for (uint32_t i = 0; i < n / 4; i++) {
         if (out) {
            out[c] = 4 * i + 1;
            out[c + 1] = 4 * i + 2;
         }
         c += 2;
      }
      return c;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
      *prim = AGX_PRIMITIVE_TRIANGLES;
      for (uint32_t i = 0; i < n / 6; i++) {
         if (out) {
            out[c] = 6 * i;
            out[c + 1] = 6 * i + 2;
            out[c + 2] = 6 * i + 4;
         }
         c += 3;
      }
      return c;
   default: /* triangle strip with adjacency */
      *prim = AGX_PRIMITIVE_TRIANGLE_STRIP;
      if (n < 6)
         return 0;
      /* (n - 4) / 2 triangles: the strip of v0, v2, ..., v(2(m+1)) */
      for (uint32_t j = 0; j < (n - 4) / 2 + 2; j++) {
         if (out)
            out[c] = 2 * j;
         c++;
      }
      return c;
   }
}

/* A draw whose vertices the GPU knows (agx_adjacency.cl); direct draws pass
 * their parameters as a record. */
static VkResult
draw_on_gpu(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd, uint32_t base_vertex,
            uint32_t base_instance, uint32_t draw_id, enum agx_primitive primitive)
{
   struct agxv_device *device = cmd->device;
   if (!device->gs_heap)
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                        "indirect or indexed draws of adjacency topologies need the geometry "
                        "heap (enable geometryShader)");
   struct agxv_upload_ptr rec = {0}, out;
   VkResult result = agxv_upload_alloc(&cmd->data, 20, 16, &out);
   if (result == VK_SUCCESS && !vd->indirect)
      result = agxv_upload_alloc(&cmd->data, 20, 16, &rec);
   if (result != VK_SUCCESS)
      return result;
   if (!vd->indirect) {
      /* VkDrawIndexedIndirectCommand or VkDrawIndirectCommand */
      const uint32_t r[5] = {vd->count, vd->instances, vd->first,
                             vd->indexed ? base_vertex : base_instance, base_instance};
      memcpy(rec.cpu, r, sizeof(r));
   }
   const struct agxv_dynamic_graphics_state *d = &cmd->dyn;
   struct agx_adjacency_args args = {
      .heap = device->gs_heap->va,
      .draw = vd->indirect ? vd->indirect : rec.gpu,
      .out_draw = out.gpu,
      .topology = (uint32_t)d->s.ia.topology,
   };
   if (vd->indexed) {
      args.index_buffer = cmd->index.va;
      args.index_bytes = cmd->index.size;
      args.index_size = cmd->index.type == VK_INDEX_TYPE_UINT32   ? 4
                        : cmd->index.type == VK_INDEX_TYPE_UINT16 ? 2
                                                                  : 1;
      args.restart = d->s.ia.primitive_restart_enable;
      args.restart_index = args.index_size == 4   ? 0xFFFFFFFFu
                           : args.index_size == 2 ? 0xFFFFu
                                                  : 0xFFu;
   }
   /* a secondary continuing a pass opens its render stream at its first draw */
   struct agxv_cs *vdm = agxv_cmd_cs(cmd, AGXV_CS_VDM);
   if (vdm->status != VK_SUCCESS)
      return vdm->status;
   if (!agxv_cmd_pre_gfx_begin(cmd))
      return cmd->record_result;
   args.reset_heap = agxv_cmd_pre_gfx_take_heap(cmd);
   /* after the draw-count kernel's records and earlier heap users */
   agxv_cmd_emit_cdm_barrier(cmd);
   agxv_dispatch_kernel(cmd, AGX_CL_ADJACENCY, 1, &args, sizeof(args));
   agxv_cmd_pre_gfx_end(cmd);

   /* The list from the heap's base (32-bit indices; the restart index
    * 0xFFFFFFFF separates strips, restart on when the application's is: a
    * draw without restart has one strip). */
   struct agxv_index_state saved_index = cmd->index;
   cmd->index = (struct agxv_index_state){.va = device->gs_heap->va + AGXV_GS_HEAP_HEADER,
                                          .size = AGXV_GS_HEAP_SIZE,
                                          .type = VK_INDEX_TYPE_UINT32};
   struct agxv_vdm_draw v = {
      .primitive = primitive,
      .primitive_set = true,
      .indirect = out.gpu,
      .indexed = true,
   };
   /* base vertex/instance from the record (its vertexOffset/firstInstance) */
   result = agxv_cmd_draw_plain(cmd, &v, 0, 0, draw_id);
   cmd->index = saved_index;
   return result;
}

/* The hardware primitive drawn for an adjacency topology. */
static enum agx_primitive
drawn_primitive(VkPrimitiveTopology t)
{
   return t == VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY       ? AGX_PRIMITIVE_LINES
          : t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY    ? AGX_PRIMITIVE_LINE_STRIP
          : t == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY ? AGX_PRIMITIVE_TRIANGLES
                                                                    : AGX_PRIMITIVE_TRIANGLE_STRIP;
}

VkResult
agxv_cmd_draw_adjacency(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd,
                        uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id)
{
   VkPrimitiveTopology t = cmd->dyn.s.ia.topology;
   bool restart = vd->indexed && cmd->dyn.s.ia.primitive_restart_enable;
   bool strip_from_second = t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY && !restart;
   if (vd->indirect || (vd->indexed && !strip_from_second))
      return draw_on_gpu(cmd, vd, base_vertex, base_instance, draw_id, drawn_primitive(t));
   struct agxv_vdm_draw v = *vd;
   v.primitive_set = true;
   if (t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY) {
      /* the strip without its first and last vertex (index) */
      if (vd->count < 4)
         return VK_SUCCESS;
      v.primitive = AGX_PRIMITIVE_LINE_STRIP;
      v.first = vd->first + 1;
      v.count = vd->count - 2;
      return agxv_cmd_draw_plain(cmd, &v, base_vertex, base_instance, draw_id);
   }
   uint32_t count = adjacency_indices(t, vd->count, NULL, &v.primitive);
   if (!count)
      return VK_SUCCESS;
   if (count > MAX_INDICES)
      return agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                        "%u vertices with adjacency in one draw (at most %u drawn)", vd->count,
                        MAX_INDICES);
   struct agxv_upload_ptr list;
   VkResult result = agxv_upload_alloc(&cmd->data, count * 4, 64, &list);
   if (result != VK_SUCCESS)
      return result;
   adjacency_indices(t, vd->count, list.cpu, &v.primitive);
   v.indexed = true;
   v.own_indices = true;
   v.index_size = AGX_INDEX_SIZE_U32;
   v.index_buffer = list.gpu;
   v.index_buffer_range = (uint64_t)count * 4;
   v.restart = false;
   v.count = count;
   v.first = 0;
   v.vertex_offset = (int32_t)vd->first; /* v(k) = firstVertex + k */
   return agxv_cmd_draw_plain(cmd, &v, base_vertex, base_instance, draw_id);
}
