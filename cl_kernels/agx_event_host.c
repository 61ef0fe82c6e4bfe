/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host build of agx_event.cl (CPU reference of the event wait: returns once every word is
 * set; spins while one is not).
 * Assumes: argument addresses are host pointers.
 */
#include "agx_cl_host.h"

#include "agx_event.cl"

void
agx_host_wait_events(struct agx_wait_events_args a)
{
   agx_host_global_id = 0;
   agx_wait_events(a);
}
