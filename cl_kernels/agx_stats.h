/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Arguments of the pipeline-statistics kernels (agx_stats.cl), shared by the driver
 * (icd/agxv_query_stats.c) and the kernels. Every counter is a u64 of a query pool's record;
 * address 0: that statistic is not counted. The kernels add to the counters without atomics:
 * the driver puts a CDM barrier before each launch, so two of them never overlap (the counts
 * of different launches on one counter are added in order).
 * Primitives of a segment of n vertices: n < prim_min ? 0 : (n - prim_min) / prim_step + 1
 * (Vulkan's decomposition: lists, strips and fans, with adjacency, patch lists), so the
 * kernels need no topology table.
 * Assumes: fixed-size scalars only, explicit padding (agx_cl_shim.h).
 */
#ifndef AGX_STATS_H
#define AGX_STATS_H

#include "agx_cl_shim.h"

/* agx_stats_draw (one thread): the input-assembly, vertex-shader, clipper, tessellation-
 * control and geometry-shader-invocation counts of one draw from its record (a
 * VkDrawIndirectCommand or VkDrawIndexedIndirectCommand: count, instances, first, ...);
 * with restart, each index in [first, first + count) equal to restart_index ends a segment
 * and is not a vertex. */
struct agx_stats_draw_args {
   uint64_t draw;
   uint64_t index_buffer; /* restart scans: the bound index buffer (0: no scan) */
   uint64_t index_bytes;  /* bytes bound from index_buffer (reads past it are index 0) */
   uint64_t ia_vertices;
   uint64_t ia_primitives;
   uint64_t vs_invocations;
   uint64_t clip_invocations; /* += primitives (0 when a later stage counts them) */
   uint64_t clip_primitives;
   uint64_t tcs_patches;    /* += primitives (patch lists) */
   uint64_t gs_invocations; /* += primitives * gs_invocations_per_primitive */
   uint32_t index_size;     /* 1, 2 or 4 */
   uint32_t restart_index;
   uint32_t prim_min;
   uint32_t prim_step;
   uint32_t gs_invocations_per_primitive;
   uint32_t pad;
};

/* agx_stats_add (one thread): *counter += value, or with grid != 0
 * grid[0] * grid[1] * grid[2] * value (an indirect dispatch's workgroups times the
 * workgroup's invocations). */
struct agx_stats_add_args {
   uint64_t counter;
   uint64_t grid;
   uint64_t value;
};

/* agx_stats_strips (one thread): the primitives of a geometry shader's output: the
 * indexed draw's record at `draw` (count, instances, first index) over 32-bit indices at
 * index_base, 0xFFFFFFFF ending a strip; a strip of n vertices holds n - verts + 1
 * primitives of `verts` vertices (1 points, 2 line strips, 3 triangle strips). */
struct agx_stats_strips_args {
   uint64_t draw;
   uint64_t index_base;
   uint64_t primitives; /* geometry shader primitives */
   uint64_t clip_invocations;
   uint64_t clip_primitives;
   uint32_t verts;
   uint32_t pad;
};

/* agx_stats_tess (one thread): after the tessellator (layout/agx_tess_params.h): the
 * evaluation-shader invocations (every patch's domain points) and the primitives generated
 * (the rasterization draw's indices / verts): the clipper's without a geometry shader, the
 * geometry shader's invocations (x gs_invocations_per_primitive) with one. */
struct agx_stats_tess_args {
   uint64_t params; /* struct agx_tess_params */
   uint64_t draw;   /* the rasterization draw's VkDrawIndexedIndirectCommand */
   uint64_t tes_invocations;
   uint64_t clip_invocations;
   uint64_t clip_primitives;
   uint64_t gs_invocations;
   uint32_t verts; /* 3 triangles, 2 isolines, 1 points */
   uint32_t gs_invocations_per_primitive;
};

AGX_STATIC_ASSERT(sizeof(struct agx_stats_draw_args) == 104, "stats draw args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_stats_add_args) == 24, "stats add args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_stats_strips_args) == 48, "stats strips args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_stats_tess_args) == 56, "stats tess args layout");

#endif
