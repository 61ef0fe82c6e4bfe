/*
 * VDM control-stream words for draws (see agxv_vdm.h); each function cites
 * the Honeykrisp / libagx code whose choices it follows.
 */
#include "agxv_vdm.h"

bool
agxv_vdm_primitive(VkPrimitiveTopology topology, enum agx_primitive *out)
{
   /* hk translate_hw_primitive_topology */
   switch (topology) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
      *out = AGX_PRIMITIVE_POINTS;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
      *out = AGX_PRIMITIVE_LINES;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
      *out = AGX_PRIMITIVE_LINE_STRIP;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST:
      *out = AGX_PRIMITIVE_TRIANGLES;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
      *out = AGX_PRIMITIVE_TRIANGLE_STRIP;
      return true;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
      *out = AGX_PRIMITIVE_TRIANGLE_FAN;
      return true;
   default:
      return false;
   }
}

size_t
agxv_vdm_emit_vs_state(void *dst, size_t capacity, const struct agxv_vdm_vs *vs)
{
   if (capacity < AGXV_VDM_VS_STATE_SIZE || vs->provoking > 2 || (vs->pipeline & 63) ||
       vs->pipeline >> 32)
      return 0;
   uint32_t *p = dst;
   agx_pack(p, VDM_STATE, cfg) {
      cfg.vertex_shader_word_0_present = true;
      cfg.vertex_shader_word_1_present = true;
      cfg.vertex_outputs_present = true;
      cfg.vertex_unknown_present = true;
   }
   p[1] = vs->counts;
   agx_pack(p + 2, VDM_STATE_VERTEX_SHADER_WORD_1, cfg) {
      cfg.pipeline = vs->pipeline;
   }
   p[3] = vs->outputs;
   agx_pack(p + 4, VDM_STATE_VERTEX_UNKNOWN, cfg) {
      cfg.flat_shading_control = (enum agx_vdm_vertex)vs->provoking;
      /* Rasterizer discard also goes here (graphics.md §3.5). */
      cfg.unknown_4 = cfg.unknown_5 = vs->rasterizer_discard;
      cfg.generate_primitive_id = vs->generate_primitive_id;
   }
   p[5] = 0; /* "Pad up to a multiple of 8 bytes" */
   return AGXV_VDM_VS_STATE_SIZE;
}

size_t
agxv_vdm_emit_restart_index(void *dst, size_t capacity, uint32_t restart_index)
{
   if (capacity < AGXV_VDM_RESTART_INDEX_SIZE)
      return 0;
   uint32_t *p = dst;
   agx_pack(p, VDM_STATE, cfg) {
      cfg.restart_index_present = true;
   }
   agx_pack(p + 1, VDM_STATE_RESTART_INDEX, cfg) {
      cfg.value = restart_index;
   }
   return AGXV_VDM_RESTART_INDEX_SIZE;
}

size_t
agxv_vdm_emit_ppp_state(void *dst, size_t capacity, uint64_t ppp_va, size_t size)
{
   if (capacity < AGXV_VDM_PPP_STATE_SIZE || size < 4 || size % 4 || size / 4 > 255 ||
       ppp_va >> 40 || ppp_va % 4)
      return 0;
   agx_pack(dst, PPP_STATE, cfg) {
      cfg.pointer_hi = ppp_va >> 32;
      cfg.pointer_lo = ppp_va & UINT32_MAX;
      cfg.size_words = size / 4;
   }
   return AGXV_VDM_PPP_STATE_SIZE;
}

size_t
agxv_vdm_draw_size(const struct agxv_vdm_draw *draw)
{
   /* libagx_dgc.h agx_vdm_draw_size */
   size_t size = AGX_INDEX_LIST_LENGTH;
   if (draw->indirect)
      size += AGX_INDEX_LIST_INDIRECT_BUFFER_LENGTH;
   else
      size += AGX_INDEX_LIST_COUNT_LENGTH + AGX_INDEX_LIST_INSTANCES_LENGTH +
              AGX_INDEX_LIST_START_LENGTH;
   if (draw->indexed)
      size += AGX_INDEX_LIST_BUFFER_LO_LENGTH + AGX_INDEX_LIST_BUFFER_SIZE_LENGTH;
   return size;
}

size_t
agxv_vdm_emit_draw(void *dst, size_t capacity, const struct agxv_vdm_draw *draw)
{
   size_t size = agxv_vdm_draw_size(draw);
   /* hk_draw: "Filter trivial draws"; the Instances word must be nonzero. */
   bool empty = !draw->indirect && (draw->count == 0 || draw->instances == 0);
   bool primitive_ok = agx_primitive_as_str(draw->primitive) != NULL;
   if (size > capacity || empty || !primitive_ok || draw->indirect >> 40 ||
       (draw->indexed && draw->index_size > AGX_INDEX_SIZE_U32))
      return 0;

   /* Direct indexed draws start the buffer at firstIndex; the Buffer size
    * word holds the index bytes from there, rounded up to 4 (libagx
    * agx_vdm_draw, agx_draw_index_range_B). Indirect draws take the whole
    * bound range (the record's firstIndex is applied by the hardware). */
   uint64_t ib = 0, ib_size = 0;
   if (draw->indexed) {
      uint64_t skip = draw->indirect ? 0 : (uint64_t)draw->first << draw->index_size;
      ib = draw->index_buffer + skip;
      ib_size = draw->index_buffer_range > skip ? draw->index_buffer_range - skip : 0;
      ib_size = (ib_size + 3) & ~(uint64_t)3;
      if (ib >> 40 || ib_size > UINT32_MAX)
         return 0;
   }

   uint32_t *p = dst;
   agx_pack(p, INDEX_LIST, cfg) {
      cfg.primitive = draw->primitive;
      if (draw->indirect) {
         cfg.indirect_buffer_present = true;
      } else {
         cfg.index_count_present = true;
         cfg.instance_count_present = true;
         cfg.start_present = true;
      }
      if (draw->indexed) {
         cfg.restart_enable = draw->restart;
         cfg.index_buffer_hi = ib >> 32;
         cfg.index_size = draw->index_size;
         cfg.index_buffer_present = true;
         cfg.index_buffer_size_present = true;
      }
   }
   p += AGX_INDEX_LIST_WORDS;
   /* Word order: Buffer lo; Indirect buffer or Count, Instances, Start;
    * Buffer size last (hardware.md §6). */
   if (draw->indexed) {
      agx_pack(p, INDEX_LIST_BUFFER_LO, cfg) {
         cfg.buffer_lo = ib & UINT32_MAX;
      }
      p += AGX_INDEX_LIST_BUFFER_LO_WORDS;
   }
   if (draw->indirect) {
      agx_pack(p, INDEX_LIST_INDIRECT_BUFFER, cfg) {
         cfg.address_hi = draw->indirect >> 32;
         cfg.address_lo = draw->indirect & UINT32_MAX;
      }
      p += AGX_INDEX_LIST_INDIRECT_BUFFER_WORDS;
   } else {
      agx_pack(p, INDEX_LIST_COUNT, cfg) {
         cfg.count = draw->count;
      }
      p += AGX_INDEX_LIST_COUNT_WORDS;
      agx_pack(p, INDEX_LIST_INSTANCES, cfg) {
         cfg.count = draw->instances;
      }
      p += AGX_INDEX_LIST_INSTANCES_WORDS;
      agx_pack(p, INDEX_LIST_START, cfg) {
         /* Indexed: the index bias (two's complement); else firstVertex. */
         cfg.start = draw->indexed ? (uint32_t)draw->vertex_offset : draw->first;
      }
      p += AGX_INDEX_LIST_START_WORDS;
   }
   if (draw->indexed) {
      agx_pack(p, INDEX_LIST_BUFFER_SIZE, cfg) {
         cfg.size = (uint32_t)ib_size;
      }
      p += AGX_INDEX_LIST_BUFFER_SIZE_WORDS;
   }
   return size;
}

size_t
agxv_vdm_emit_barrier(void *dst, size_t capacity, enum agxv_vdm_chip chip)
{
   if (capacity < AGX_VDM_BARRIER_LENGTH)
      return 0;
   /* libagx agx_vdm_barrier via hardware.md §6: Unk 5, 6, 8, 11, 20; Unk 4
    * and 26 on G13X; Unk 24 on G13X and G14X. */
   agx_pack(dst, VDM_BARRIER, cfg) {
      cfg.unk_5 = cfg.unk_6 = cfg.unk_8 = cfg.unk_11 = cfg.unk_20 = true;
      cfg.unk_4 = cfg.unk_26 = chip == AGXV_VDM_CHIP_G13X;
      cfg.unk_24 = chip == AGXV_VDM_CHIP_G13X || chip == AGXV_VDM_CHIP_G14X;
   }
   return AGX_VDM_BARRIER_LENGTH;
}

size_t
agxv_vdm_emit_stream_start_barrier(void *dst, size_t capacity)
{
   if (capacity < AGX_VDM_BARRIER_LENGTH)
      return 0;
   /* hk_cmd_buffer.c: "Barrier to enforce GPU-CPU coherency" */
   agx_pack(dst, VDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
   }
   return AGX_VDM_BARRIER_LENGTH;
}

size_t
agxv_vdm_emit_stream_link(void *dst, size_t capacity, uint64_t target, bool with_return)
{
   if (capacity < AGX_VDM_STREAM_LINK_LENGTH || target >> 40)
      return 0;
   agx_pack(dst, VDM_STREAM_LINK, cfg) {
      cfg.target_hi = target >> 32;
      cfg.target_lo = target & UINT32_MAX;
      cfg.with_return = with_return;
   }
   return AGX_VDM_STREAM_LINK_LENGTH;
}

size_t
agxv_vdm_emit_stream_terminate(void *dst, size_t capacity)
{
   if (capacity < AGX_VDM_STREAM_TERMINATE_LENGTH)
      return 0;
   agx_pack(dst, VDM_STREAM_TERMINATE, cfg)
      ;
   return AGX_VDM_STREAM_TERMINATE_LENGTH;
}
