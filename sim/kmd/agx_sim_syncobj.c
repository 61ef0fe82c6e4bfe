/*
 * DRM syncobjs of the simulated kernel (drm_syncobj.c semantics).
 *
 * Assumes: all state is guarded by sim->sync_lock; waiters block on
 * sim->sync_cond (CLOCK_MONOTONIC), which is broadcast on every change.
 * A syncobj holds NULL, a plain fence (binary use) or a chain head
 * (timeline use), see agx_sim_fence.h. Error codes follow drm_syncobj.c:
 * unknown handles -ENOENT (but SYNCOBJ_DESTROY of an unknown handle is
 * -EINVAL, as drm_syncobj_destroy returns), bad flags/pads -EINVAL, NULL
 * arrays with a non-zero count -EFAULT, a wait on a point without a fence
 * and without WAIT_FOR_SUBMIT -EINVAL, an expired wait -ETIME.
 */
#include "agx_sim_priv.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_sim_fence.h"

/* Newer drm.h (Linux 6.4+) than Debian's libdrm: a deadline hint in the
 * struct's former pad. Accepted and ignored, as a hint may be. */
#ifndef DRM_SYNCOBJ_WAIT_FLAGS_WAIT_DEADLINE
#define DRM_SYNCOBJ_WAIT_FLAGS_WAIT_DEADLINE (1u << 3)
#endif

/* Upper bound on handle arrays: protects the host from absurd counts. */
#define MAX_SYNC_HANDLES (1u << 16)

void
agx_sim_syncobj_replace_fence(struct agx_sim_syncobj *so, struct agx_sim_fence *fence)
{
   struct agx_sim_fence *old = so->fence;
   so->fence = agx_sim_fence_ref(fence);
   agx_sim_fence_unref(old);
}

int
agx_sim_syncobj_add_point(struct agx_sim_syncobj *so, struct agx_sim_fence *fence, uint64_t point)
{
   struct agx_sim_fence *node = agx_sim_fence_chain_create(fence, point);
   if (!node)
      return -ENOMEM;
   agx_sim_fence_chain_link(&so->fence, node);
   return 0;
}

void
agx_sim_fence_signal(struct agx_sim *sim, struct agx_sim_fence *fence)
{
   pthread_mutex_lock(&sim->sync_lock);
   fence->signaled = true;
   pthread_cond_broadcast(&sim->sync_cond);
   pthread_mutex_unlock(&sim->sync_lock);
}

void
agx_sim_fence_signal_error(struct agx_sim *sim, struct agx_sim_fence *fence, int error)
{
   pthread_mutex_lock(&sim->sync_lock);
   fence->error = error;
   fence->signaled = true;
   pthread_cond_broadcast(&sim->sync_cond);
   pthread_mutex_unlock(&sim->sync_lock);
}

static struct agx_sim_syncobj *
lookup(struct agx_sim *sim, uint32_t handle)
{
   return agx_sim_table_get(&sim->syncobjs, handle);
}

static void
syncobj_unref(struct agx_sim_syncobj *so)
{
   if (so && --so->refcount == 0) {
      agx_sim_fence_unref(so->fence);
      free(so);
   }
}

static void
release_array(struct agx_sim_syncobj **objs, uint32_t count)
{
   for (uint32_t i = 0; i < count; i++)
      syncobj_unref(objs[i]);
   free(objs);
}

/* Copy a user handle array once and resolve it to referenced syncobjs, so
 * a concurrent DESTROY cannot free them under us (sync_lock held). */
static int
lookup_array(struct agx_sim *sim, uint64_t handles_ptr, uint32_t count,
             struct agx_sim_syncobj ***out)
{
   if (count == 0 || count > MAX_SYNC_HANDLES)
      return -EINVAL;
   if (!handles_ptr)
      return -EFAULT;
   const uint32_t *handles = agx_sim_user_ptr(handles_ptr);
   struct agx_sim_syncobj **objs = calloc(count, sizeof(*objs));
   if (!objs)
      return -ENOMEM;
   for (uint32_t i = 0; i < count; i++) {
      objs[i] = lookup(sim, handles[i]);
      if (!objs[i]) {
         release_array(objs, i);
         return -ENOENT;
      }
      objs[i]->refcount++;
   }
   *out = objs;
   return 0;
}

int
agx_sim_ioctl_syncobj_create(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_create *c = arg;
   if (c->flags & ~DRM_SYNCOBJ_CREATE_SIGNALED)
      return -EINVAL;

   struct agx_sim_syncobj *so = calloc(1, sizeof(*so));
   if (!so)
      return -ENOMEM;
   so->refcount = 1;

   int ret = 0;
   pthread_mutex_lock(&sim->sync_lock);
   if (c->flags & DRM_SYNCOBJ_CREATE_SIGNALED) {
      so->fence = agx_sim_fence_create(true);
      if (!so->fence)
         ret = -ENOMEM;
   }
   uint32_t handle = ret ? 0 : agx_sim_table_insert(&sim->syncobjs, so);
   if (!handle) {
      agx_sim_fence_unref(so->fence);
      free(so);
      ret = -ENOMEM;
   }
   pthread_mutex_unlock(&sim->sync_lock);
   if (!ret)
      c->handle = handle;
   return ret;
}

int
agx_sim_ioctl_syncobj_destroy(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_destroy *d = arg;
   if (d->pad)
      return -EINVAL;

   pthread_mutex_lock(&sim->sync_lock);
   struct agx_sim_syncobj *so = agx_sim_table_remove(&sim->syncobjs, d->handle);
   if (so) {
      syncobj_unref(so);
      pthread_cond_broadcast(&sim->sync_cond);
   }
   pthread_mutex_unlock(&sim->sync_lock);
   return so ? 0 : -EINVAL;
}

void
agx_sim_syncobjs_destroy_all(struct agx_sim *sim)
{
   pthread_mutex_lock(&sim->sync_lock);
   for (uint32_t id = agx_sim_table_next(&sim->syncobjs, 0); id;
        id = agx_sim_table_next(&sim->syncobjs, id))
      syncobj_unref(agx_sim_table_remove(&sim->syncobjs, id));
   pthread_mutex_unlock(&sim->sync_lock);
}

/* ---- waits -------------------------------------------------------------- */

static void
abs_timespec(int64_t ns, struct timespec *ts)
{
   ts->tv_sec = ns / 1000000000;
   ts->tv_nsec = ns % 1000000000;
}

/*
 * drm_syncobj_array_wait_timeout. The syncobjs are resolved once and held
 * for the whole wait; a concurrent DESTROY only removes the handle, as in
 * the kernel.
 */
static int
array_wait(struct agx_sim *sim, uint64_t handles_ptr, const uint64_t *points, uint32_t count,
           uint32_t flags, int64_t timeout_ns, uint32_t *first_signaled)
{
   const uint32_t known = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT |
                          DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE |
                          DRM_SYNCOBJ_WAIT_FLAGS_WAIT_DEADLINE;
   if (flags & ~known)
      return -EINVAL;
   if (count == 0)
      return 0; /* current kernels: nothing to wait for */

   const bool wait_all = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
   const bool for_submit = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   const bool available = flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE;
   struct timespec deadline;
   abs_timespec(timeout_ns, &deadline);

   pthread_mutex_lock(&sim->sync_lock);
   struct agx_sim_syncobj **objs;
   int ret = lookup_array(sim, handles_ptr, count, &objs);
   if (ret) {
      pthread_mutex_unlock(&sim->sync_lock);
      return ret;
   }

   /* Without WAIT_FOR_SUBMIT, every point must have a fence up front. */
   for (uint32_t i = 0; i < count && !for_submit; i++) {
      struct agx_sim_fence *f = agx_sim_fence_find_point(objs[i]->fence, points ? points[i] : 0);
      if (!f) {
         ret = -EINVAL;
         goto out;
      }
      agx_sim_fence_unref(f);
   }

   uint32_t first = ~0u;
   for (;;) {
      uint32_t done = 0;
      for (uint32_t i = 0; i < count; i++) {
         struct agx_sim_fence *f = agx_sim_fence_find_point(objs[i]->fence, points ? points[i] : 0);
         bool ok = f && (available || agx_sim_fence_is_signaled(f));
         agx_sim_fence_unref(f);
         if (ok) {
            done++;
            if (!wait_all) {
               first = i;
               break;
            }
         }
      }
      if ((wait_all && done == count) || (!wait_all && done)) {
         *first_signaled = first;
         break;
      }
      if ((int64_t)agx_sim_now_ns() >= timeout_ns) {
         ret = -ETIME;
         break;
      }
      pthread_cond_timedwait(&sim->sync_cond, &sim->sync_lock, &deadline);
   }
out:
   release_array(objs, count);
   pthread_mutex_unlock(&sim->sync_lock);
   return ret;
}

int
agx_sim_ioctl_syncobj_wait(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_wait *w = arg;
   /* Plain WAIT never takes WAIT_AVAILABLE (drm_syncobj_wait_ioctl). */
   if (w->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE)
      return -EINVAL;
   return array_wait(sim, w->handles, NULL, w->count_handles, w->flags, w->timeout_nsec,
                     &w->first_signaled);
}

int
agx_sim_ioctl_syncobj_timeline_wait(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_timeline_wait *w = arg;
   if (w->count_handles && !w->points)
      return -EFAULT;
   uint64_t *points = NULL;
   if (w->count_handles && w->count_handles <= MAX_SYNC_HANDLES) {
      points = malloc((size_t)w->count_handles * sizeof(*points));
      if (!points)
         return -ENOMEM;
      memcpy(points, agx_sim_user_ptr(w->points), (size_t)w->count_handles * sizeof(*points));
   }
   int ret = array_wait(sim, w->handles, points, w->count_handles, w->flags, w->timeout_nsec,
                        &w->first_signaled);
   free(points);
   return ret;
}

/* ---- reset / signal / query / transfer ---------------------------------- */

int
agx_sim_ioctl_syncobj_reset(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_array *a = arg;
   if (a->pad)
      return -EINVAL;

   pthread_mutex_lock(&sim->sync_lock);
   struct agx_sim_syncobj **objs;
   int ret = lookup_array(sim, a->handles, a->count_handles, &objs);
   if (!ret) {
      for (uint32_t i = 0; i < a->count_handles; i++)
         agx_sim_syncobj_replace_fence(objs[i], NULL);
      release_array(objs, a->count_handles);
      pthread_cond_broadcast(&sim->sync_cond);
   }
   pthread_mutex_unlock(&sim->sync_lock);
   return ret;
}

int
agx_sim_ioctl_syncobj_signal(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_array *a = arg;
   if (a->pad)
      return -EINVAL;

   pthread_mutex_lock(&sim->sync_lock);
   struct agx_sim_syncobj **objs;
   int ret = lookup_array(sim, a->handles, a->count_handles, &objs);
   if (!ret) {
      struct agx_sim_fence *stub = agx_sim_fence_create(true);
      if (stub) {
         for (uint32_t i = 0; i < a->count_handles; i++)
            agx_sim_syncobj_replace_fence(objs[i], stub);
         agx_sim_fence_unref(stub);
         pthread_cond_broadcast(&sim->sync_cond);
      } else {
         ret = -ENOMEM;
      }
      release_array(objs, a->count_handles);
   }
   pthread_mutex_unlock(&sim->sync_lock);
   return ret;
}

int
agx_sim_ioctl_syncobj_timeline_signal(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_timeline_array *a = arg;
   if (a->flags)
      return -EINVAL;
   if (a->count_handles && !a->points)
      return -EFAULT;

   pthread_mutex_lock(&sim->sync_lock);
   struct agx_sim_syncobj **objs;
   int ret = lookup_array(sim, a->handles, a->count_handles, &objs);
   if (!ret) {
      const uint64_t *points = agx_sim_user_ptr(a->points);
      struct agx_sim_fence *stub = agx_sim_fence_create(true);
      /* Allocate every chain node first so the ioctl is all or nothing. */
      struct agx_sim_fence **nodes = calloc(a->count_handles, sizeof(*nodes));
      if (!stub || !nodes)
         ret = -ENOMEM;
      for (uint32_t i = 0; !ret && i < a->count_handles; i++) {
         if (points[i] && !(nodes[i] = agx_sim_fence_chain_create(stub, points[i])))
            ret = -ENOMEM;
      }
      for (uint32_t i = 0; i < a->count_handles; i++) {
         if (ret) {
            agx_sim_fence_unref(nodes ? nodes[i] : NULL);
         } else if (points[i]) {
            agx_sim_fence_chain_link(&objs[i]->fence, nodes[i]);
         } else {
            agx_sim_syncobj_replace_fence(objs[i], stub);
         }
      }
      agx_sim_fence_unref(stub);
      free(nodes);
      release_array(objs, a->count_handles);
      if (!ret)
         pthread_cond_broadcast(&sim->sync_cond);
   }
   pthread_mutex_unlock(&sim->sync_lock);
   return ret;
}

int
agx_sim_ioctl_syncobj_query(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_timeline_array *a = arg;
   if (a->flags & ~DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED)
      return -EINVAL;
   if (a->count_handles && !a->points)
      return -EFAULT;

   pthread_mutex_lock(&sim->sync_lock);
   struct agx_sim_syncobj **objs;
   int ret = lookup_array(sim, a->handles, a->count_handles, &objs);
   if (!ret) {
      uint64_t *points = agx_sim_user_ptr(a->points);
      bool last = a->flags & DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED;
      for (uint32_t i = 0; i < a->count_handles; i++)
         points[i] = agx_sim_fence_query(objs[i]->fence, last);
      release_array(objs, a->count_handles);
   }
   pthread_mutex_unlock(&sim->sync_lock);
   return ret;
}

int
agx_sim_ioctl_syncobj_transfer(struct agx_sim *sim, void *arg)
{
   struct drm_syncobj_transfer *t = arg;
   if (t->pad || (t->flags & ~DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT))
      return -EINVAL;

   pthread_mutex_lock(&sim->sync_lock);
   struct agx_sim_syncobj *src = lookup(sim, t->src_handle);
   struct agx_sim_syncobj *dst = lookup(sim, t->dst_handle);
   if (!src || !dst) {
      pthread_mutex_unlock(&sim->sync_lock);
      return -ENOENT;
   }
   src->refcount++;
   dst->refcount++;

   int ret = 0;
   struct agx_sim_fence *fence;
   /* drm_syncobj_find_fence: no fence yet is -EINVAL unless the caller
    * asked to wait for the submit. */
   while (!(fence = agx_sim_fence_find_point(src->fence, t->src_point))) {
      if (!(t->flags & DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT)) {
         ret = -EINVAL;
         break;
      }
      pthread_cond_wait(&sim->sync_cond, &sim->sync_lock);
   }
   if (fence) {
      if (t->dst_point)
         ret = agx_sim_syncobj_add_point(dst, fence, t->dst_point);
      else
         agx_sim_syncobj_replace_fence(dst, fence);
      agx_sim_fence_unref(fence);
      pthread_cond_broadcast(&sim->sync_cond);
   }
   syncobj_unref(src);
   syncobj_unref(dst);
   pthread_mutex_unlock(&sim->sync_lock);
   return ret;
}

int
agx_sim_syncobj_fence_status(struct agx_sim *sim, uint32_t handle, uint64_t point, int *status)
{
   if (!sim || !status)
      return -EFAULT;
   pthread_mutex_lock(&sim->sync_lock);
   struct agx_sim_syncobj *so = lookup(sim, handle);
   int ret = 0;
   struct agx_sim_fence *f = NULL;
   if (!so)
      ret = -ENOENT;
   else if (!so->fence || !(f = agx_sim_fence_find_point(so->fence, point)))
      ret = -EINVAL; /* nothing to export, as drm_syncobj_export_sync_file */
   if (f) {
      if (!agx_sim_fence_is_signaled(f)) {
         *status = 0;
      } else {
         int err = 0;
         /* a timeline point reports the error of the job it wraps */
         for (struct agx_sim_fence *c = f; c; c = c->is_chain ? c->inner : NULL) {
            if (!c->is_chain)
               err = c->error;
         }
         *status = err ? err : 1;
      }
      agx_sim_fence_unref(f);
   }
   pthread_mutex_unlock(&sim->sync_lock);
   return ret;
}
