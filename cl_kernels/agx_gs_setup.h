/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Arguments of the geometry-shader setup kernel for indirect draws
 * (agx_gs_setup.cl; emulation.md §4 step 1, Mesa's libagx_gs_setup_indirect),
 * and the device's geometry heap (emulation.md §2: Mesa's agx_heap layout,
 * base, bottom, size; 16 bytes). Shared by the driver and the kernel.
 * Assumes: every address 4-byte aligned (heap 16); one invocation.
 */
#ifndef AGX_GS_SETUP_H
#define AGX_GS_SETUP_H

#include "agx_cl_shim.h"

/* A bump allocator: allocations of `size` rounded up to 16 bytes start at
 * base + bottom; bottom is reset to 0 at the first use in each render. */
struct agx_gs_heap {
   uint64_t base;
   uint32_t bottom;
   uint32_t size;
};

struct agx_gs_setup_args {
   uint64_t heap;         /* struct agx_gs_heap */
   uint64_t params;       /* struct agx_gs_params (layout/agx_gs.h): per-draw fields written */
   uint64_t draw;         /* VkDrawIndirectCommand or VkDrawIndexedIndirectCommand */
   uint64_t vs_grid;      /* out: CDM Global size words (threads) of the software VS */
   uint64_t gs_grid;      /* out: of the main GS */
   uint64_t rast_draw;    /* out: VkDrawIndexedIndirectCommand of the rasterization draw */
   uint64_t index_buffer; /* indexed draws: the bound index buffer (0: non-indexed) */
   uint32_t index_size;   /* bytes per index */
   uint32_t topology;     /* VkPrimitiveTopology (lists, strips, fans, list adjacency) */
   uint32_t records;      /* 16-byte input records per vertex */
   uint32_t max_indices;  /* index entries per primitive and instance */
   uint32_t vertex_id_log2;
   uint32_t reset_heap; /* the first use of the heap in this render */
   /* transform feedback of the geometry shader's outputs: bytes of GS
    * vertex records per (input primitive, instance), every stream's (0:
    * none); the kernel then also allocates the records and the vertex
    * counts (xfb_streams per unit) from the heap and writes their
    * addresses at AGX_GS_XFB_PARAMS_RECORDS / _COUNTS of params
    * (compiler/ir/agx_pass_lower_xfb.c) */
   uint32_t xfb_unit_bytes;
   uint32_t xfb_streams;
   /* transform feedback of the vertex shader's outputs (agx_xfb_capture in
    * its gs_params mode): 0, or out: the CDM Global size of one thread per
    * captured vertex (input primitives x instances x vertices per primitive
    * of the topology) */
   uint64_t xfb_grid;
};

/* Primitive-restart unrolling in front of a geometry shader (emulation.md
 * §6, the role of Mesa's libagx_unroll_restart): the indexed draw `draw`
 * (VkDrawIndexedIndirectCommand) of `topology` over index_buffer is
 * rewritten as a 32-bit index list of the matching list topology
 * (list_topology) in the heap, each restart-free segment decomposed into
 * its primitives (Vulkan's vertex order); out_draw gets the draw of that
 * list (first index = heap offset / 4, vertex offset and first instance
 * copied). */
struct agx_gs_unroll_args {
   uint64_t heap;         /* struct agx_gs_heap */
   uint64_t draw;         /* in: VkDrawIndexedIndirectCommand */
   uint64_t out_draw;     /* out: VkDrawIndexedIndirectCommand over the heap */
   uint64_t index_buffer; /* the bound index buffer */
   uint32_t index_size;   /* 1, 2 or 4 bytes */
   uint32_t restart;      /* the restart index of index_size (all ones) */
   uint32_t topology;     /* VkPrimitiveTopology of the draw */
   uint32_t reset_heap;   /* the first use of the heap in this render */
};

/* agx_gs_heap_reset: empties the heap (a primary's render running a
 * secondary's pre-graphics work that allocates from it, icd/agxv_cmd_pre_gfx.c). */
struct agx_gs_heap_reset_args {
   uint64_t heap; /* struct agx_gs_heap */
};

AGX_STATIC_ASSERT(sizeof(struct agx_gs_heap) == 16, "geometry heap layout");
AGX_STATIC_ASSERT(sizeof(struct agx_gs_heap_reset_args) == 8, "gs heap reset args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_gs_unroll_args) == 48, "gs unroll args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_gs_setup_args) == 96, "gs setup args layout");

#endif
