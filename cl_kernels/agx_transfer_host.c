/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host build of agx_transfer.cl: the same kernel bodies compiled as C and run once per
 * invocation, as CPU references for the GPU kernels.
 * Assumes: argument addresses are host pointers; agx_cl_shim.h's host side.
 */
#include "agx_cl_host.h"

uint32_t agx_host_global_id;

#include "agx_transfer.cl"

static uint32_t
threads_for(uint32_t invocations)
{
   /* Whole workgroups, like the GPU launch: the kernels bound-check the tail themselves. */
   return (invocations + AGX_TRANSFER_GROUP_SIZE - 1) / AGX_TRANSFER_GROUP_SIZE *
          AGX_TRANSFER_GROUP_SIZE;
}

void
agx_host_fill(struct agx_fill_args a, uint32_t invocations)
{
   for (agx_host_global_id = 0; agx_host_global_id < threads_for(invocations); agx_host_global_id++)
      agx_fill(a);
}

void
agx_host_copy(struct agx_copy_args a, uint32_t invocations)
{
   for (agx_host_global_id = 0; agx_host_global_id < threads_for(invocations); agx_host_global_id++)
      agx_copy(a);
}

void
agx_host_copy_bytes(struct agx_copy_bytes_args a, uint32_t invocations)
{
   for (agx_host_global_id = 0; agx_host_global_id < threads_for(invocations); agx_host_global_id++)
      agx_copy_bytes(a);
}
