/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Arguments of the indirect-dispatch fix-up kernel (agx_indirect.cl), shared by the driver
 * and the kernel. vkCmdDispatchIndirect gives workgroup counts; the CDM Indirect record
 * points at a thread grid (CDM Global size, in threads), and the shader reads the workgroup
 * count from its root uniforms (AGX_ABI_NUM_WORKGROUPS).
 * Assumes: every address 4-byte aligned; one invocation does the whole job.
 */
#ifndef AGX_INDIRECT_H
#define AGX_INDIRECT_H

#include "agx_cl_shim.h"

struct agx_indirect_args {
   uint64_t groups;         /* VkDispatchIndirectCommand: 3 x u32 workgroup counts */
   uint64_t grid;           /* out: CDM Global size, packed (3 x u32 threads) */
   uint64_t num_workgroups; /* out: 3 x u32 at the launch's AGX_ABI_NUM_WORKGROUPS */
   uint32_t local_x, local_y, local_z;
   uint32_t pad;
};

AGX_STATIC_ASSERT(sizeof(struct agx_indirect_args) == 40, "indirect args layout");

#endif
