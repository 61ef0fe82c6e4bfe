/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * vkCmdCopyQueryPoolResults: one invocation per query writes its values (u32, truncated, or
 * u64) when the query is available or PARTIAL is asked for, then the availability value
 * when WITH_AVAILABILITY is asked for: an unavailable query without PARTIAL keeps its value
 * slots untouched, as Vulkan requires. WAIT needs nothing here: the driver orders the copy
 * after the queries' writes.
 * Assumes: arguments and pool layout as in agx_query.h; the struct by value, as in
 * agx_transfer.cl.
 */
#include "agx_query.h"

static void
agx_store_result(uint64_t dst, uint32_t index, uint64_t value, bool is64)
{
   if (is64)
      AGX_PTR(uint64_t, dst)[index] = value;
   else
      AGX_PTR(uint32_t, dst)[index] = (uint32_t)value;
}

AGX_KERNEL(AGX_QUERY_GROUP_SIZE, 1, 1)
void
agx_copy_query(struct agx_copy_query_args a)
{
   uint32_t i = agx_global_id_x();
   if (i >= a.query_count)
      return;
   uint32_t q = a.first_query + i;
   uint32_t available =
      *AGX_PTR(const uint32_t, a.availability + (uint64_t)q * a.availability_stride) != 0u ? 1u
                                                                                           : 0u;
   AGX_GLOBAL const uint64_t *values =
      AGX_PTR(const uint64_t, a.results + (uint64_t)q * a.results_stride);
   uint64_t dst = a.dst + (uint64_t)i * a.dst_stride;
   bool is64 = (a.flags & AGX_QUERY_RESULT_64_BIT) != 0u;
   if (available || (a.flags & AGX_QUERY_RESULT_PARTIAL)) {
      for (uint32_t v = 0; v < a.values_per_query; v++)
         agx_store_result(dst, v, values[v], is64);
   }
   if (a.flags & AGX_QUERY_RESULT_WITH_AVAILABILITY)
      agx_store_result(dst, a.values_per_query, available, is64);
}
