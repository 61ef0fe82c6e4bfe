/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * The draw-count kernel of vkCmdDraw(Indexed)IndirectCount (agx_draw_count.h): record i of
 * the packed output is the application's record i when i < min(count, max_draws), zeros
 * otherwise. Records at or past the count are never read (Vulkan only requires the buffer
 * to hold the first `count` of them).
 * Assumes: arguments as in agx_draw_count.h; one invocation per record, the driver launches
 * ceil(max_draws / AGX_DRAW_COUNT_GROUP_SIZE) workgroups.
 */
#include "agx_draw_count.h"

AGX_KERNEL(AGX_DRAW_COUNT_GROUP_SIZE, 1, 1)
void
agx_draw_count(struct agx_draw_count_args a)
{
   uint32_t i = agx_global_id_x();
   if (i >= a.max_draws)
      return;
   AGX_GLOBAL uint32_t *out = AGX_PTR(uint32_t, a.out) + (uint64_t)i * a.words;
   uint32_t count = *AGX_PTR(const uint32_t, a.count);
   if (i < count) {
      AGX_GLOBAL const uint32_t *in = AGX_PTR(const uint32_t, a.in + (uint64_t)i * a.stride);
      for (uint32_t k = 0; k < a.words; k++)
         out[k] = in[k];
   } else {
      for (uint32_t k = 0; k < a.words; k++)
         out[k] = 0;
   }
}
