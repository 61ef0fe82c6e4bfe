/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Arguments of the event-wait kernel (agx_event.cl, vkCmdWaitEvents / vkCmdWaitEvents2),
 * shared by the driver and the kernel.
 * An event is one u32 word in GPU memory, non-zero = set (icd/agxv_event.c); no hardware
 * layout applies, it is plain memory. The event addresses are a u64 array in GPU memory
 * (the command buffer's upload memory) because the compiler reads push constants only at
 * constant offsets.
 */
#ifndef AGX_EVENT_H
#define AGX_EVENT_H

#include "agx_cl_shim.h"

struct agx_wait_events_args {
   uint64_t events; /* address of `count` u64 event-word addresses */
   uint32_t count;
   uint32_t pad;
};

AGX_STATIC_ASSERT(sizeof(struct agx_wait_events_args) == 16, "event wait args layout");

#endif
