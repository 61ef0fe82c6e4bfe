/*
 * Fences and timeline chains, modelled on the kernel's dma_fence and
 * dma_fence_chain as drm_syncobj uses them.
 *
 * Assumes: every function here is called with sim->sync_lock held (one lock
 * guards all fences and syncobjs of a simulated device; waiters sleep on
 * sim->sync_cond, which is broadcast whenever a fence signals or a syncobj
 * changes).
 *
 * A plain fence signals once (a job completes, or it is a "stub" created
 * signalled). A chain node wraps a fence at a timeline point (seqno) and
 * links to the previous head of the syncobj; it counts as signalled only
 * when its own fence and every older node are signalled, exactly like
 * dma_fence_chain. Fully signalled nodes drop their predecessors, which
 * keeps timelines short (the kernel garbage-collects chains the same way).
 */
#ifndef AGX_SIM_FENCE_H
#define AGX_SIM_FENCE_H

#include <stdbool.h>
#include <stdint.h>

struct agx_sim_fence {
   uint32_t refcount;
   bool signaled; /* plain: has signalled; chain: known fully signalled */
   int error;     /* plain: 0 or the -errno the job failed with */
   bool is_chain;
   uint64_t seqno;              /* chain nodes only: the timeline point */
   struct agx_sim_fence *inner; /* chain: wrapped fence (owned ref) */
   struct agx_sim_fence *prev;  /* chain: older head (owned ref) */
};

struct agx_sim_fence *agx_sim_fence_create(bool signaled);
struct agx_sim_fence *agx_sim_fence_ref(struct agx_sim_fence *f);
void agx_sim_fence_unref(struct agx_sim_fence *f);
bool agx_sim_fence_is_signaled(struct agx_sim_fence *f);

/* New, unlinked chain node wrapping `fence` at timeline point `point`. */
struct agx_sim_fence *agx_sim_fence_chain_create(struct agx_sim_fence *fence, uint64_t point);

/*
 * Put a node made by agx_sim_fence_chain_create() on top of *head (whose
 * reference it takes over), then drop fully signalled history, as
 * drm_syncobj_add_point does by walking the chain once.
 */
void agx_sim_fence_chain_link(struct agx_sim_fence **head, struct agx_sim_fence *node);

/*
 * dma_fence_chain_find_seqno: the fence to wait on for timeline point
 * `point` of the syncobj whose current fence is `head`. Point 0 means "the
 * whole current fence". Returns a new reference, or NULL when the point
 * has not been submitted yet (the caller decides between -EINVAL and
 * waiting). Points already garbage-collected return a signalled stub.
 */
struct agx_sim_fence *agx_sim_fence_find_point(struct agx_sim_fence *head, uint64_t point);

/*
 * drm_syncobj_query: the highest point up to which everything is
 * signalled (or, with last_submitted, the newest point); 0 for binary
 * syncobjs and syncobjs without a fence.
 */
uint64_t agx_sim_fence_query(struct agx_sim_fence *head, bool last_submitted);

#endif
