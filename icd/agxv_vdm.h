/*
 * VDM control-stream words for draws (genxml agx_vdm.xml): the VDM State
 * block carrying the vertex shader (+ restart index), the PPP State pointer
 * to a PPP block (agxv_ppp.h), the Index List of a draw (direct, indexed
 * U8/U16/U32, instanced, first vertex/instance, indirect), VDM Barrier,
 * Stream Link and Stream Terminate.
 *
 * Choices follow Honeykrisp (Mesa src/asahi/vulkan/hk_cmd_draw.c: hk_draw,
 * hk_flush_index, hk_flush_dynamic_state; hk_cmd_buffer.c for the stream
 * start) and libagx_dgc.h agx_vdm_draw/agx_vdm_barrier (word order, index
 * buffer size). Every function writes whole 32-bit words to a 4-byte
 * aligned dst and returns the bytes written, or 0 when the capacity is too
 * small or the input cannot be encoded.
 *
 * Assumes: addresses are 40-bit GPU VAs; USC pipeline addresses are offsets
 * from the USC base (64-byte aligned); firstInstance is not a VDM word: the
 * vertex shader adds it from a uniform (graphics.md §2.1).
 */
#ifndef AGXV_VDM_H
#define AGXV_VDM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "agx_pack.h"

/* GPU variants whose VDM Barrier bits differ (hardware.md §6). */
enum agxv_vdm_chip {
   AGXV_VDM_CHIP_G13G,
   AGXV_VDM_CHIP_G13X,
   AGXV_VDM_CHIP_G14G,
   AGXV_VDM_CHIP_G14X,
};

/* The hardware primitive of a topology; false for topologies the VDM cannot
 * draw (adjacency, patches: emulated, emulation.md). */
bool agxv_vdm_primitive(VkPrimitiveTopology topology, enum agx_primitive *out);

/* VDM State with the vertex shader words (hk_flush_dynamic_state): VS Word
 * 0 (counts), VS Word 1 (USC list), Vertex Outputs, Vertex Unknown, padded
 * to 8 bytes. */
struct agxv_vdm_vs {
   uint32_t counts;         /* packed VDM State Vertex Shader Word 0 */
   uint64_t pipeline;       /* VS USC word list, offset from the USC base */
   uint32_t outputs;        /* packed VDM State Vertex Outputs (UVS sizes) */
   unsigned provoking;      /* 0, 1 or 2 (agxv_provoking_vertex) */
   bool rasterizer_discard; /* Vertex Unknown bits 4 and 5 */
   bool generate_primitive_id;
};
#define AGXV_VDM_VS_STATE_SIZE 24
size_t agxv_vdm_emit_vs_state(void *dst, size_t capacity, const struct agxv_vdm_vs *vs);

/* VDM State with only the Restart Index (hk_flush_index), 8 bytes. */
#define AGXV_VDM_RESTART_INDEX_SIZE 8
size_t agxv_vdm_emit_restart_index(void *dst, size_t capacity, uint32_t restart_index);

/* PPP State Update: points at a PPP block of size bytes (a multiple of 4,
 * at most 255 words: the Size (words) field). */
#define AGXV_VDM_PPP_STATE_SIZE 8
size_t agxv_vdm_emit_ppp_state(void *dst, size_t capacity, uint64_t ppp_va, size_t size);

/* One draw. Direct draws give count/instances/first; indirect ones the
 * address of a VkDrawIndirectCommand / VkDrawIndexedIndirectCommand
 * (the hardware reads the Vulkan record directly). */
struct agxv_vdm_draw {
   enum agx_primitive primitive;
   uint64_t indirect; /* 0: direct */
   uint32_t count;    /* vertices or indices */
   uint32_t instances;
   uint32_t first;        /* firstVertex, or firstIndex when indexed */
   int32_t vertex_offset; /* indexed: added to each index */
   /* Indexed draws: the bound index buffer range (vkCmdBindIndexBuffer). */
   bool indexed;
   enum agx_index_size index_size;
   uint64_t index_buffer;
   uint64_t index_buffer_range; /* bytes from index_buffer */
   bool restart;                /* primitive restart enable */
   /* Set by the caller instead of being derived from the topology in
    * effect (adjacency topologies drawn without their adjacent vertices,
    * agxv_cmd_draw_adjacency.c): `primitive`, and for indexed draws the
    * index buffer fields and restart. */
   bool primitive_set, own_indices;
};
size_t agxv_vdm_draw_size(const struct agxv_vdm_draw *draw);
size_t agxv_vdm_emit_draw(void *dst, size_t capacity, const struct agxv_vdm_draw *draw);

/* VDM Barrier between draws (libagx agx_vdm_barrier), and the one opening
 * every stream (hk_cmd_buffer.c: USC cache invalidate only). 4 bytes. */
size_t agxv_vdm_emit_barrier(void *dst, size_t capacity, enum agxv_vdm_chip chip);
size_t agxv_vdm_emit_stream_start_barrier(void *dst, size_t capacity);

/* Stream Link (jump, or call with return) and Stream Terminate. */
size_t agxv_vdm_emit_stream_link(void *dst, size_t capacity, uint64_t target, bool with_return);
size_t agxv_vdm_emit_stream_terminate(void *dst, size_t capacity);

#endif
