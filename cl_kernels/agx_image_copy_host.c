/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host build of agx_image_copy.cl: the kernel bodies compiled as C and run once per
 * invocation, as CPU references for the GPU kernels.
 * Assumes: surface addresses are host pointers; agx_cl_shim.h's host side.
 */
#include "agx_cl_host.h"

#include "agx_image_copy.cl"

static uint32_t
threads_for(uint32_t invocations)
{
   return (invocations + AGX_IMAGE_GROUP_SIZE - 1) / AGX_IMAGE_GROUP_SIZE * AGX_IMAGE_GROUP_SIZE;
}

void
agx_host_image_copy(struct agx_image_copy_args a)
{
   uint32_t n = threads_for(a.width * a.height * a.depth);
   for (agx_host_global_id = 0; agx_host_global_id < n; agx_host_global_id++)
      agx_image_copy(a);
}

void
agx_host_image_clear(struct agx_image_clear_args a)
{
   uint32_t n = threads_for(a.width * a.height * a.depth);
   for (agx_host_global_id = 0; agx_host_global_id < n; agx_host_global_id++)
      agx_image_clear(a);
}

void
agx_host_image_resolve(struct agx_image_resolve_args a)
{
   uint32_t n = threads_for(a.width * a.height * a.depth);
   for (agx_host_global_id = 0; agx_host_global_id < n; agx_host_global_id++)
      agx_image_resolve(a);
}
