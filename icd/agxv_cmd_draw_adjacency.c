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
 * A line strip is drawn from the second vertex (index); the others get an
 * index list written here at record time (non-indexed draws only: the
 * vertex numbers are known, v(k) = firstVertex + k, so the list holds k and
 * the draw's vertex offset is firstVertex). Indexed list/strip topologies,
 * line strips with primitive restart and indirect draws need the indices
 * on the GPU and are refused with an error.
 */
#include "agxv_cmd_draw_adjacency.h"

#include <string.h>

#include "agxv_cmd_buffer.h"
#include "agxv_log.h"
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

VkResult
agxv_cmd_draw_adjacency(struct agxv_cmd_buffer *cmd, const struct agxv_vdm_draw *vd,
                        uint32_t base_vertex, uint32_t base_instance, uint32_t draw_id)
{
   VkPrimitiveTopology t = cmd->dyn.s.ia.topology;
   if (vd->indirect)
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                        "indirect draws of adjacency topologies without a geometry shader are "
                        "not supported yet");
   struct agxv_vdm_draw v = *vd;
   v.primitive_set = true;
   if (t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY) {
      /* the strip without its first and last vertex (index) */
      if (vd->indexed && cmd->dyn.s.ia.primitive_restart_enable)
         return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                           "indexed line strips with adjacency and primitive restart without a "
                           "geometry shader are not supported yet");
      if (vd->count < 4)
         return VK_SUCCESS;
      v.primitive = AGX_PRIMITIVE_LINE_STRIP;
      v.first = vd->first + 1;
      v.count = vd->count - 2;
      return agxv_cmd_draw_plain(cmd, &v, base_vertex, base_instance, draw_id);
   }
   if (vd->indexed)
      return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT,
                        "indexed draws of topology %u without a geometry shader are not "
                        "supported yet",
                        (unsigned)t);
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
