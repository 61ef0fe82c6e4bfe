/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host (CPU) runs of the helper kernels: each runs the kernel body for every invocation of
 * a launch of `invocations` threads rounded up to whole workgroups, in order.
 * Assumes: addresses in the argument structs are host pointers.
 */
#ifndef AGX_CL_HOST_H
#define AGX_CL_HOST_H

#include "agx_event.h"
#include "agx_image_copy.h"
#include "agx_indirect.h"
#include "agx_query.h"
#include "agx_transfer.h"

void agx_host_fill(struct agx_fill_args a, uint32_t invocations);
void agx_host_copy(struct agx_copy_args a, uint32_t invocations);
void agx_host_copy_bytes(struct agx_copy_bytes_args a, uint32_t invocations);
void agx_host_copy_query(struct agx_copy_query_args a, uint32_t invocations);
/* Whole launches over the box of the arguments. */
void agx_host_image_copy(struct agx_image_copy_args a);
void agx_host_image_clear(struct agx_image_clear_args a);
void agx_host_image_resolve(struct agx_image_resolve_args a);
/* One invocation. */
void agx_host_indirect_fixup(struct agx_indirect_args a);
/* The one thread; returns once every event word is non-zero. */
void agx_host_wait_events(struct agx_wait_events_args a);

#endif
