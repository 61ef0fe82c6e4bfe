/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Indirect-dispatch fix-up: reads VkDispatchIndirectCommand, packs the CDM Global size word
 * the launch's CDM Indirect record points at with genxml's packer (agx_pack.h works in
 * OpenCL C and C alike), and stores the workgroup counts into the launch's root uniforms.
 * Assumes: arguments as in agx_indirect.h (by value, as in agx_transfer.cl); launched as one
 * workgroup of one thread.
 */
#include "agx_indirect.h"
#include "agx_pack.h"

AGX_KERNEL(1, 1, 1)
void
agx_indirect_fixup(struct agx_indirect_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL const uint32_t *groups = AGX_PTR(const uint32_t, a.groups);
   AGX_GLOBAL uint32_t *count = AGX_PTR(uint32_t, a.num_workgroups);
   AGX_GLOBAL uint32_t *grid = AGX_PTR(uint32_t, a.grid);
   uint32_t x = groups[0], y = groups[1], z = groups[2];
   agx_pack(grid, CDM_GLOBAL_SIZE, cfg) {
      cfg.x = x * a.local_x;
      cfg.y = y * a.local_y;
      cfg.z = z * a.local_z;
   }
   count[0] = x;
   count[1] = y;
   count[2] = z;
}
