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
};

AGX_STATIC_ASSERT(sizeof(struct agx_gs_heap) == 16, "geometry heap layout");
AGX_STATIC_ASSERT(sizeof(struct agx_gs_setup_args) == 80, "gs setup args layout");

#endif
