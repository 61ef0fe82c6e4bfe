/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * vkCmdWaitEvents on the GPU: one thread polls the event words in order until each is
 * non-zero, then returns; the CDM barrier the driver records after the launch keeps later
 * work behind it. The CDM has no memory-polling wait of its own, so this is how a wait sees
 * a vkSetEvent the host issues after submission. Events already set (by earlier work on the
 * queue, or by the host before) cost one load each.
 * Assumes: arguments as in agx_event.h; the event loads are volatile, so each iteration
 * reads memory again (the compiler makes volatile loads coherent device loads, which do not
 * hit in the GPU's non-coherent caches, and never hoists them); a wait that is never
 * satisfied is ended by the GPU's watchdog (device lost), like any endless shader.
 * One loop over all events: each iteration polls the current one.
 */
#include "agx_event.h"

AGX_KERNEL(1, 1, 1)
void
agx_wait_events(struct agx_wait_events_args a)
{
   AGX_GLOBAL const uint64_t *events = AGX_PTR(const uint64_t, a.events);
   for (uint32_t i = 0; i < a.count;) {
      if (*AGX_PTR(volatile const uint32_t, events[i]) != 0u)
         i++;
   }
}
