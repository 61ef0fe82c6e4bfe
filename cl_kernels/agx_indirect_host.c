/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host build of agx_indirect.cl (CPU reference of the indirect-dispatch fix-up), packing
 * with the C build of genxml's agx_pack.h.
 * Assumes: argument addresses are host pointers.
 */
#include "agx_cl_host.h"

#include "agx_indirect.cl"

void
agx_host_indirect_fixup(struct agx_indirect_args a)
{
   agx_host_global_id = 0;
   agx_indirect_fixup(a);
}
