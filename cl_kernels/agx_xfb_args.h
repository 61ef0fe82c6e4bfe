/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Transform feedback emulation (VK_EXT_transform_feedback; emulation.md §5,
 * Honeykrisp captures in its geometry-shader path, Mesa
 * src/asahi/lib/agx_nir_lower_gs.c / libagx geometry.cl; this layout is
 * our own, a driver-internal contract): arguments of the kernels in
 * agx_xfb.cl and the memory they share with the driver.
 *
 * struct agx_xfb_state (GPU memory, one per vkCmdBeginTransformFeedbackEXT):
 * the bound buffers (address at their bound offset, bytes available) and
 * each buffer's current byte offset, which the begin kernel loads from the
 * counter buffers (or 0), every captured draw advances and the end kernel
 * stores back.
 *
 * Capture table (GPU memory, per draw): u32 stride[4] (bytes per vertex,
 * 0: the pipeline does not write the buffer), then one u32 per captured
 * word: bits 0-15 byte offset in the vertex, 16-17 buffer, 18-20 word of
 * the output slot, 23 set if the vertex shader writes the slot, 24-31 the
 * slot's rank among the written slots (the record layout of the software
 * vertex shader, layout/agx_gs.h input_buffer), 21-22 the word's vertex
 * stream (Vulkan: every word of a buffer belongs to the buffer's stream).
 *
 * Stream query record (VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT): u64
 * primitives written, u64 primitives needed.
 * Assumes: addresses 4-byte aligned (Vulkan requires 4-byte aligned
 * transform feedback offsets and strides); one draw's kernels ordered by
 * CDM barriers.
 */
#ifndef AGX_XFB_ARGS_H
#define AGX_XFB_ARGS_H

#include "agx_cl_shim.h"

#define AGX_XFB_GROUP_SIZE 32u

#define AGX_XFB_ENTRY_OFFSET(e) ((e)&0xFFFFu)
#define AGX_XFB_ENTRY_BUFFER(e) (((e) >> 16) & 3u)
#define AGX_XFB_ENTRY_COMP(e) (((e) >> 18) & 7u)
#define AGX_XFB_ENTRY_STREAM(e) (((e) >> 21) & 3u)
#define AGX_XFB_ENTRY_WRITTEN(e) (((e) >> 23) & 1u)
#define AGX_XFB_ENTRY_RANK(e) ((e) >> 24)
#define AGX_XFB_TABLE_HEADER 4u /* words: the strides */

struct agx_xfb_state {
   uint64_t addr[4];   /* buffer b's address at its bound offset */
   uint32_t size[4];   /* bytes from there (clamped to 2^32 - 1) */
   uint32_t offset[4]; /* bytes written so far (the counter value) */
};

struct agx_xfb_capture_args {
   uint64_t state;   /* struct agx_xfb_state */
   uint64_t records; /* the software vertex shader's output records */
   uint64_t table;   /* the capture table */
   uint64_t query;   /* stream query record, 0: none */
   uint32_t entries; /* words captured per vertex */
   uint32_t records_per_vertex;
   uint32_t topology; /* VkPrimitiveTopology: point/line/triangle lists, strips, fan */
   uint32_t verts_per_instance;
   uint32_t prims_per_instance;
   uint32_t instances;
   uint32_t verts_per_prim; /* 1, 2 or 3 */
   uint32_t stride;         /* threads launched (capture loops over the vertices) */
   /* GPU-sized draws (indirect, tessellated): 0, or the draw's struct
    * agx_gs_params (layout/agx_gs.h, written by agx_gs_setup_indirect),
    * whose verts_per_instance, input_primitives and input_buffer then
    * replace verts_per_instance, prims_per_instance and records, and the
    * setup kernel's gs_grid (3 x u32: primitives, instances), whose y
    * replaces instances */
   uint64_t gs_params;
   uint64_t gs_grid;
};

/* Geometry shader outputs (agx_xfb_capture_gs, one thread): the GS
 * vertex records of compiler/ir/agx_pass_lower_xfb.c, stream by stream:
 * unit u's stream s region at records + (u * streams + s) * max_vertices *
 * record_size, its vertex count at counts[u * streams + s]. */
struct agx_xfb_capture_gs_args {
   uint64_t state;    /* struct agx_xfb_state */
   uint64_t records;  /* GS vertex records */
   uint64_t counts;   /* vertices emitted per (instance, input primitive, stream) */
   uint64_t table;    /* the capture table (ranks over the GS's stored slots) */
   uint64_t query[4]; /* each stream's query record, 0: none */
   uint32_t entries;
   uint32_t record_size;    /* bytes per vertex record */
   uint32_t max_vertices;   /* records per (instance, input primitive, stream) */
   uint32_t units;          /* instances * input primitives */
   uint32_t verts_per_prim; /* of the output topology: 1, 2 or 3 */
   uint32_t streams;        /* record regions per unit (1 + the highest stream) */
   /* GPU-sized draws (agx_gs_setup_indirect): 0, or the draw's geometry
    * parameters, whose AGX_GS_XFB_PARAMS_RECORDS / _COUNTS replace records
    * and counts, and the main GS's grid (3 x u32 threads), whose x * y
    * replaces units */
   uint64_t params;
   uint64_t grid;
};

struct agx_xfb_counters_args {
   uint64_t state;      /* struct agx_xfb_state */
   uint64_t counter[4]; /* counter value addresses, 0: none */
   uint32_t store;      /* 0: load the offsets (begin), 1: store them (end) */
   uint32_t pad;
};

struct agx_xfb_byte_count_args {
   uint64_t counter; /* the counter value */
   uint64_t draw;    /* out: VkDrawIndirectCommand */
   uint32_t counter_offset;
   uint32_t stride;
   uint32_t instances;
   uint32_t first_instance;
};

AGX_STATIC_ASSERT(sizeof(struct agx_xfb_state) == 64, "xfb state layout");
AGX_STATIC_ASSERT(sizeof(struct agx_xfb_capture_args) == 80, "xfb capture args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_xfb_counters_args) == 48, "xfb counters args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_xfb_capture_gs_args) == 104, "xfb gs capture args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_xfb_byte_count_args) == 32, "xfb byte count args layout");

#endif
