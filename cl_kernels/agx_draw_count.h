/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Arguments of the draw-count kernel (agx_draw_count.cl), shared by the driver
 * (icd/agxv_cmd_draw_indirect.c) and the kernel. vkCmdDraw(Indexed)IndirectCount takes its
 * draw count from GPU memory, and the VDM has no count register, so (as Honeykrisp's
 * libagx_predicate_indirect, Mesa src/asahi/libagx/draws.cl) a kernel copies the
 * application's records into a packed array of max_draws records, zeroing every record at
 * or past the count; the render command then draws all max_draws records, the zeroed ones
 * drawing nothing.
 * Assumes: `in`, `stride` and `count` 4-byte aligned (Vulkan requires it).
 */
#ifndef AGX_DRAW_COUNT_H
#define AGX_DRAW_COUNT_H

#include "agx_cl_shim.h"

/* Threads per workgroup (one per record). */
#define AGX_DRAW_COUNT_GROUP_SIZE 32

struct agx_draw_count_args {
   uint64_t in;        /* the application's first record */
   uint64_t out;       /* out: max_draws packed records of `words` dwords */
   uint64_t count;     /* the u32 draw count (countBuffer + countBufferOffset) */
   uint32_t stride;    /* bytes between the application's records */
   uint32_t max_draws; /* maxDrawCount */
   uint32_t words;     /* 4: VkDrawIndirectCommand, 5: VkDrawIndexedIndirectCommand */
   uint32_t pad;
};

AGX_STATIC_ASSERT(sizeof(struct agx_draw_count_args) == 40, "draw count args layout");

#endif
