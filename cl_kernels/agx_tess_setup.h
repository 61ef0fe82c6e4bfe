/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Arguments of the tessellation path's helper kernels (agx_tess_setup.cl;
 * emulation.md §7, the roles of Mesa's libagx_tess_setup_indirect,
 * libagx_tess_{isoline,tri,quad} in COUNT and WITH_COUNTS modes and
 * libagx_prefix_sum_tess, written here). Shared by the driver and the
 * kernels. Assumes: every address 4-byte aligned (heap 16); the geometry
 * heap of agx_gs_setup.h.
 */
#ifndef AGX_TESS_SETUP_H
#define AGX_TESS_SETUP_H

#include "agx_cl_shim.h"

/* agx_tess_setup (one thread): sizes a draw from its record. */
struct agx_tess_setup_args {
   uint64_t heap;         /* struct agx_gs_heap */
   uint64_t params;       /* struct agx_tess_params: per-draw fields written */
   uint64_t draw;         /* VkDrawIndirectCommand or VkDrawIndexedIndirectCommand */
   uint64_t grids;        /* out: CDM Global size words (16 B apart): VS, TCS, per patch */
   uint64_t index_buffer; /* indexed draws: the bound index buffer (0: non-indexed) */
   uint32_t index_size;   /* bytes per index */
   uint32_t records;      /* 16-byte vertex output records per vertex */
   uint32_t input_patch_size;
   uint32_t output_patch_size;
   uint32_t tcs_stride; /* bytes per patch of the control-shader buffer */
   uint32_t reset_heap; /* the first use of the heap in this render */
};

/* agx_tess_count_patches, agx_tess_write_patches (one thread per unrolled
 * patch, grid from agx_tess_setup) and agx_tess_alloc_patches (one thread). */
struct agx_tess_patch_args {
   uint64_t heap;      /* struct agx_gs_heap */
   uint64_t params;    /* struct agx_tess_params */
   uint64_t rast_draw; /* agx_tess_alloc_patches' out: VkDrawIndexedIndirectCommand */
   uint64_t gs_params; /* with a geometry shader: a second struct agx_tess_params whose
                          tessellation fields agx_tess_alloc_patches copies (0: none) */
   uint32_t domain;    /* AGX_TESS_DOMAIN_* (agx_tess.h) */
   uint32_t spacing;   /* AGX_TESS_SPACING_* */
   uint32_t flags;     /* AGX_TESS_FLAG_* */
   uint32_t tcs_stride;
};

AGX_STATIC_ASSERT(sizeof(struct agx_tess_setup_args) == 64, "tess setup args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_tess_patch_args) == 48, "tess patch args layout");

#endif
