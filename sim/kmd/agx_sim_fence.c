/*
 * Fence and timeline-chain model (see agx_sim_fence.h). All calls hold the
 * device's sync_lock.
 */
#include "agx_sim_fence.h"

#include <stdlib.h>

struct agx_sim_fence *
agx_sim_fence_create(bool signaled)
{
   struct agx_sim_fence *f = calloc(1, sizeof(*f));
   if (f) {
      f->refcount = 1;
      f->signaled = signaled;
   }
   return f;
}

struct agx_sim_fence *
agx_sim_fence_ref(struct agx_sim_fence *f)
{
   if (f)
      f->refcount++;
   return f;
}

void
agx_sim_fence_unref(struct agx_sim_fence *f)
{
   /* Iterative over `prev` so a long timeline cannot overflow the stack. */
   while (f && --f->refcount == 0) {
      struct agx_sim_fence *prev = f->prev;
      agx_sim_fence_unref(f->inner);
      free(f);
      f = prev;
   }
}

bool
agx_sim_fence_is_signaled(struct agx_sim_fence *f)
{
   if (f->signaled)
      return true;

   /* Walk to the oldest node not yet known signalled; any pending fence on
    * the way means the chain is pending. */
   for (struct agx_sim_fence *c = f; c && !c->signaled; c = c->prev) {
      if (!c->is_chain)
         return false;
      if (c->inner && !agx_sim_fence_is_signaled(c->inner))
         return false;
   }

   /* Everything back to a signalled node (or the end) is done: mark the
    * nodes and cut the head loose from its history. */
   for (struct agx_sim_fence *c = f; c && !c->signaled; c = c->prev)
      c->signaled = true;
   struct agx_sim_fence *prev = f->prev;
   f->prev = NULL;
   agx_sim_fence_unref(prev);
   agx_sim_fence_unref(f->inner);
   f->inner = NULL;
   return true;
}

struct agx_sim_fence *
agx_sim_fence_chain_create(struct agx_sim_fence *fence, uint64_t point)
{
   struct agx_sim_fence *node = calloc(1, sizeof(*node));
   if (!node)
      return NULL;
   node->refcount = 1;
   node->is_chain = true;
   node->inner = agx_sim_fence_ref(fence);
   node->seqno = point;
   return node;
}

void
agx_sim_fence_chain_link(struct agx_sim_fence **head, struct agx_sim_fence *node)
{
   struct agx_sim_fence *prev = *head;
   node->prev = prev;
   /* A point that is not later than the previous head cannot go back in
    * time: dma_fence_chain_init then uses the previous seqno. */
   if (prev && prev->is_chain && prev->seqno > node->seqno)
      node->seqno = prev->seqno;
   *head = node;

   /* Garbage-collect: the first fully signalled node below the head cuts
    * off everything older (agx_sim_fence_is_signaled does the cut). */
   for (struct agx_sim_fence *c = node; c && c->is_chain; c = c->prev) {
      if (c->prev && agx_sim_fence_is_signaled(c->prev))
         break;
   }
}

struct agx_sim_fence *
agx_sim_fence_find_point(struct agx_sim_fence *head, uint64_t point)
{
   if (!head)
      return NULL;
   if (point == 0)
      return agx_sim_fence_ref(head);
   if (!head->is_chain || head->seqno < point)
      return NULL;

   /* Oldest node whose seqno still covers the point. */
   struct agx_sim_fence *c = head;
   while (c->prev && c->prev->is_chain && c->prev->seqno >= point)
      c = c->prev;
   return agx_sim_fence_ref(c);
}

uint64_t
agx_sim_fence_query(struct agx_sim_fence *head, bool last_submitted)
{
   if (!head || !head->is_chain)
      return 0;
   if (last_submitted)
      return head->seqno;

   /* Newest chain node that is fully signalled. */
   for (struct agx_sim_fence *c = head; c && c->is_chain; c = c->prev) {
      if (agx_sim_fence_is_signaled(c))
         return c->seqno;
   }
   return 0;
}
