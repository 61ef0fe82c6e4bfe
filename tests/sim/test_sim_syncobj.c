/*
 * Syncobj semantics: binary and timeline syncobjs, waits with and without
 * timeouts and flags, WAIT_FOR_SUBMIT across threads, submitted-but-not-
 * signalled fences (a closed execution gate holds the queue worker),
 * query, transfer, reset/signal/destroy, and error codes.
 */
#include <pthread.h>
#include <unistd.h>

#include "sim_test_util.h"

#include "agx_sim_exec.h"

static void
test_binary(struct agx_sim *sim)
{
   uint32_t a = sim_syncobj_create(sim, 0);
   uint32_t b = sim_syncobj_create(sim, DRM_SYNCOBJ_CREATE_SIGNALED);
   CHECK(a && b && a != b);
   struct drm_syncobj_create bad_create = {.flags = 2};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_CREATE, &bad_create), -EINVAL);

   uint32_t handles[2] = {a, b};
   struct drm_syncobj_wait w = {.handles = (uintptr_t)handles,
                                .count_handles = 2,
                                .timeout_nsec = sim_now_plus_ms(5)};
   /* No fence on `a` and no WAIT_FOR_SUBMIT: -EINVAL, as drm_syncobj. */
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), -EINVAL);
   /* WAIT_FOR_SUBMIT, wait-any: `b` is signalled. */
   w.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
   CHECK_EQ(w.first_signaled, 1);
   /* Wait-all times out on `a` (absolute timeout in the near future). */
   w.flags |= DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL;
   w.timeout_nsec = sim_now_plus_ms(20);
   int64_t before = sim_now_plus_ms(0);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), -ETIME);
   CHECK(sim_now_plus_ms(0) - before >= 15 * 1000000ll);
   /* A timeout in the past polls. */
   w.timeout_nsec = -1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), -ETIME);

   /* SIGNAL then wait-all succeeds; first_signaled is ~0 for wait-all. */
   struct drm_syncobj_array arr = {.handles = (uintptr_t)&a, .count_handles = 1};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_SIGNAL, &arr), 0);
   w.timeout_nsec = 0;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
   CHECK_EQ(w.first_signaled, 0xFFFFFFFFu);

   /* RESET drops the fence again. */
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_RESET, &arr), 0);
   w.flags = 0;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), -EINVAL);

   /* Binary syncobjs query as 0; timeline waits on them at point > 0 see
    * no fence. */
   CHECK_EQ(sim_query(sim, b, 0), 0);
   CHECK_EQ(sim_wait(sim, b, 1, 0, 0), -EINVAL);
   CHECK_EQ(sim_wait(sim, b, 0, 0, 0), 0);

   /* Errors. */
   w.flags = 1u << 5;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), -EINVAL);
   w.flags = DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE; /* timeline-only flag */
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), -EINVAL);
   w.flags = 0;
   w.handles = 0;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), -EFAULT);
   uint32_t missing = 999;
   w.handles = (uintptr_t)&missing;
   w.count_handles = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), -ENOENT);
   w.count_handles = 0; /* current kernels: an empty wait succeeds */
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
   w.count_handles = 1;
   w.flags = 1u << 3; /* WAIT_DEADLINE: a hint, accepted */
   w.handles = (uintptr_t)&b;
   w.timeout_nsec = 0;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_WAIT, &w), 0);
   arr.pad = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_RESET, &arr), -EINVAL);
   arr = (struct drm_syncobj_array){.handles = (uintptr_t)&missing, .count_handles = 1};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_SIGNAL, &arr), -ENOENT);

   struct drm_syncobj_destroy d = {.handle = a};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_DESTROY, &d), 0);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_DESTROY, &d), -EINVAL);
   d = (struct drm_syncobj_destroy){.handle = b, .pad = 1};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_DESTROY, &d), -EINVAL);
}

static void
test_timeline(struct agx_sim *sim)
{
   uint32_t t = sim_syncobj_create(sim, 0);
   uint32_t handles[2] = {t, t};
   uint64_t points[2] = {1, 3};
   struct drm_syncobj_timeline_array sig = {.handles = (uintptr_t)handles,
                                            .points = (uintptr_t)points,
                                            .count_handles = 2};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &sig), 0);
   CHECK_EQ(sim_query(sim, t, 0), 3);
   CHECK_EQ(sim_query(sim, t, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 3);

   CHECK_EQ(sim_wait(sim, t, 2, 0, 0), 0); /* covered by point 3 */
   CHECK_EQ(sim_wait(sim, t, 3, 0, 0), 0);
   CHECK_EQ(sim_wait(sim, t, 4, 0, 0), -EINVAL);
   CHECK_EQ(sim_wait(sim, t, 4, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, sim_now_plus_ms(5)),
            -ETIME);
   CHECK_EQ(sim_wait(sim, t, 4,
                     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                     0),
            -ETIME);

   /* A submitted but unexecuted job: point 5 exists, is not signalled. */
   uint32_t vm = sim_vm_create(sim);
   uint32_t q = sim_queue_create(sim, vm);
   agx_sim_test_gate(sim, true);
   struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
                                .handle = t,
                                .timeline_value = 5};
   CHECK_EQ(sim_submit_compute(sim, q, 0x100, &out, 0, 1), 0);
   CHECK_EQ(sim_query(sim, t, DRM_SYNCOBJ_QUERY_FLAGS_LAST_SUBMITTED), 5);
   CHECK_EQ(sim_query(sim, t, 0), 3);
   CHECK_EQ(sim_wait(sim, t, 5, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE, 0), 0);
   CHECK_EQ(sim_wait(sim, t, 4, 0, sim_now_plus_ms(5)), -ETIME);
   CHECK_EQ(sim_wait(sim, t, 3, 0, 0), 0); /* older points unaffected */
   /* Transfer of the pending point into a binary syncobj stays pending. */
   uint32_t bin = sim_syncobj_create(sim, 0);
   struct drm_syncobj_transfer xfer = {.src_handle = t, .dst_handle = bin, .src_point = 5};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TRANSFER, &xfer), 0);
   CHECK_EQ(sim_wait(sim, bin, 0, 0, 0), -ETIME);
   agx_sim_test_gate(sim, false);
   CHECK_EQ(sim_wait(sim, t, 5, 0, FOREVER), 0);
   CHECK_EQ(sim_wait(sim, bin, 0, 0, FOREVER), 0);
   CHECK_EQ(sim_query(sim, t, 0), 5);

   /* Binary -> timeline transfer appends point 9; missing source point. */
   struct drm_syncobj_transfer x2 = {.src_handle = bin, .dst_handle = t, .dst_point = 9};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TRANSFER, &x2), 0);
   CHECK_EQ(sim_query(sim, t, 0), 9);
   struct drm_syncobj_transfer x3 = {.src_handle = t, .dst_handle = bin, .src_point = 10};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TRANSFER, &x3), -EINVAL);
   x3.src_handle = 999;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TRANSFER, &x3), -ENOENT);
   x3 = (struct drm_syncobj_transfer){.src_handle = t, .dst_handle = bin, .pad = 1};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TRANSFER, &x3), -EINVAL);

   /* Query/signal flag checks. */
   struct drm_syncobj_timeline_array qa = {.handles = (uintptr_t)&t,
                                           .points = (uintptr_t)points,
                                           .count_handles = 1,
                                           .flags = 2};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_QUERY, &qa), -EINVAL);
   sig.flags = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &sig), -EINVAL);

   /* Long timelines stay cheap: thousands of signalled points. */
   for (uint64_t p = 10; p < 5010; p++) {
      struct drm_syncobj_timeline_array one = {.handles = (uintptr_t)&t,
                                               .points = (uintptr_t)&p,
                                               .count_handles = 1};
      CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &one), 0);
      if (p % 1000 == 0)
         CHECK_EQ(sim_query(sim, t, 0), p);
   }
   CHECK_EQ(sim_query(sim, t, 0), 5009);
}

struct waiter {
   struct agx_sim *sim;
   uint32_t handle;
   uint64_t point;
   int ret;
   int64_t timeout;
};

static void *
waiter_thread(void *data)
{
   struct waiter *w = data;
   w->ret = sim_wait(w->sim, w->handle, w->point, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
                     w->timeout ? w->timeout : FOREVER);
   return NULL;
}

static void
test_wait_for_submit_threads(struct agx_sim *sim)
{
   uint32_t bin = sim_syncobj_create(sim, 0);
   uint32_t tl = sim_syncobj_create(sim, 0);
   struct waiter wb = {sim, bin, 0, 1, 0}, wt = {sim, tl, 7, 1, 0};
   pthread_t tb, tt;
   pthread_create(&tb, NULL, waiter_thread, &wb);
   pthread_create(&tt, NULL, waiter_thread, &wt);
   usleep(20000);

   /* Binary: a submit attaches the fence, the job signals it. */
   uint32_t vm = sim_vm_create(sim);
   uint32_t q = sim_queue_create(sim, vm);
   struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = bin};
   CHECK_EQ(sim_submit_compute(sim, q, 0x200, &out, 0, 1), 0);
   pthread_join(tb, NULL);
   CHECK_EQ(wb.ret, 0);

   /* Timeline: point 7 arrives through TIMELINE_SIGNAL from this thread. */
   uint64_t p = 7;
   struct drm_syncobj_timeline_array sig = {.handles = (uintptr_t)&tl,
                                            .points = (uintptr_t)&p,
                                            .count_handles = 1};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &sig), 0);
   pthread_join(tt, NULL);
   CHECK_EQ(wt.ret, 0);

   /* Destroying a syncobj under a waiter only drops the handle: the
    * waiter keeps its reference and times out normally. */
   uint32_t doomed = sim_syncobj_create(sim, 0);
   struct waiter wd = {sim, doomed, 0, 1, sim_now_plus_ms(100)};
   pthread_t td;
   pthread_create(&td, NULL, waiter_thread, &wd);
   usleep(20000);
   struct drm_syncobj_destroy d = {.handle = doomed};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_DESTROY, &d), 0);
   pthread_join(td, NULL);
   CHECK_EQ(wd.ret, -ETIME);
}

int
main(void)
{
   struct agx_sim *sim = sim_test_create();
   test_binary(sim);
   test_timeline(sim);
   test_wait_for_submit_threads(sim);
   struct drm_syncobj_handle h = {0};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_FD_TO_HANDLE, &h), -EOPNOTSUPP);
   agx_sim_destroy(sim);
   return SIM_TEST_RESULT();
}
