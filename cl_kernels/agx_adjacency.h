/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Arguments of the adjacency kernel (agx_adjacency.cl), shared by the driver
 * (icd/agxv_cmd_draw_adjacency.c) and the kernel. A draw of an adjacency topology without
 * a geometry shader draws its primitives without their adjacent vertices (Vulkan,
 * "Primitive Topologies"); when the vertices are only known on the GPU (indirect draws,
 * indexed draws, primitive restart) this one-thread kernel writes the vertices that are
 * drawn as a 32-bit index list in the geometry heap (struct agx_gs_heap, agx_gs_setup.h)
 * and the VkDrawIndexedIndirectCommand that draws it:
 *   line list with adjacency      -> line list     (4i+1, 4i+2)
 *   line strip with adjacency     -> line strip    v1 .. v(n-2)
 *   triangle list with adjacency  -> triangle list (6i, 6i+2, 6i+4)
 *   triangle strip with adjacency -> triangle strip v0, v2, ..., v(2((n-4)/2 + 1))
 * per restart-free segment of n vertices; strip segments are separated by 0xFFFFFFFF
 * (the render draws with primitive restart on, index 0xFFFFFFFF). Honeykrisp instead
 * rewrites the count and fetches the indices in its vertex shader prolog (Mesa
 * src/asahi/libagx/draws.cl libagx_draw_without_adj, after libagx_unroll_restart).
 * Assumes: `draw`, `out_draw` 4-byte aligned; one invocation; topology 6..9.
 */
#ifndef AGX_ADJACENCY_H
#define AGX_ADJACENCY_H

#include "agx_cl_shim.h"

struct agx_adjacency_args {
   uint64_t heap; /* struct agx_gs_heap */
   /* in: VkDrawIndexedIndirectCommand (index_buffer != 0) or VkDrawIndirectCommand */
   uint64_t draw;
   /* out: VkDrawIndexedIndirectCommand over 32-bit indices at the heap's base: index
    * count, instances, first index (heap offset / 4), vertex offset (the draw's
    * vertexOffset, or firstVertex for non-indexed draws, whose indices are vertex
    * numbers k: v(k) = firstVertex + k), first instance */
   uint64_t out_draw;
   uint64_t index_buffer; /* the bound index buffer; 0: a non-indexed draw */
   uint64_t index_bytes;  /* bytes bound from index_buffer (indices past them read 0) */
   uint32_t index_size;   /* 1, 2 or 4 */
   uint32_t restart;      /* 1: indices equal to restart_index end a segment */
   uint32_t restart_index;
   uint32_t topology;   /* VkPrimitiveTopology, 6..9 */
   uint32_t reset_heap; /* the first use of the heap in this render */
   uint32_t pad;
};

AGX_STATIC_ASSERT(sizeof(struct agx_adjacency_args) == 64, "adjacency args layout");

#endif
