/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host build of agx_query.cl (CPU reference of the query-result copy).
 * Assumes: argument addresses are host pointers.
 */
#include <stdbool.h>

#include "agx_cl_host.h"

#include "agx_query.cl"

void
agx_host_copy_query(struct agx_copy_query_args a, uint32_t invocations)
{
   uint32_t threads =
      (invocations + AGX_QUERY_GROUP_SIZE - 1) / AGX_QUERY_GROUP_SIZE * AGX_QUERY_GROUP_SIZE;
   for (agx_host_global_id = 0; agx_host_global_id < threads; agx_host_global_id++)
      agx_copy_query(a);
}
