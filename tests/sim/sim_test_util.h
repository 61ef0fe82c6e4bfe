/*
 * Small helpers shared by the simulator tests: checks that report the
 * failing expression, and one-line wrappers around common ioctls.
 *
 * Assumes: each test is one executable returning non-zero on failure.
 */
#ifndef SIM_TEST_UTIL_H
#define SIM_TEST_UTIL_H

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drm-uapi/asahi_drm.h"

#include "agx_sim.h"

static int sim_test_failures;

#define CHECK(cond)                                                               \
   do {                                                                           \
      if (!(cond)) {                                                              \
         fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
         sim_test_failures++;                                                     \
      }                                                                           \
   } while (0)

#define CHECK_EQ(a, b)                                                       \
   do {                                                                      \
      long long _a = (long long)(a), _b = (long long)(b);                    \
      if (_a != _b) {                                                        \
         fprintf(stderr,                                                     \
                 "%s:%d: CHECK_EQ failed: %s = %lld (0x%llx), "              \
                 "expected %s = %lld (0x%llx)\n",                            \
                 __FILE__, __LINE__, #a, _a, (unsigned long long)_a, #b, _b, \
                 (unsigned long long)_b);                                    \
         sim_test_failures++;                                                \
      }                                                                      \
   } while (0)

#define SIM_TEST_RESULT()                                                               \
   (sim_test_failures ? (fprintf(stderr, "%d check(s) failed\n", sim_test_failures), 1) \
                      : (printf("ok\n"), 0))

#define MiB (1024ull * 1024ull)
#define GiB (1024ull * MiB)
#define PAGE 16384ull

/* Kernel range used by the tests: the last 32 GiB of the VA window
 * (Mesa's choice), always >= vm_kernel_min_size. */
#define TEST_KERNEL_START (0x7FFFFF8000ull - 32 * GiB)
#define TEST_KERNEL_END (0x7FFFFF8000ull)

static inline struct agx_sim *
sim_test_create(void)
{
   struct agx_sim *sim = NULL;
   struct agx_sim_config cfg = {.chip = AGX_SIM_CHIP_T8103};
   if (agx_sim_create(&cfg, &sim) != 0 || !sim) {
      fprintf(stderr, "agx_sim_create failed\n");
      exit(1);
   }
   return sim;
}

static inline uint32_t
sim_vm_create(struct agx_sim *sim)
{
   struct drm_asahi_vm_create c = {.kernel_start = TEST_KERNEL_START,
                                   .kernel_end = TEST_KERNEL_END};
   int ret = agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_CREATE, &c);
   return ret ? 0 : c.vm_id;
}

static inline uint32_t
sim_bo_create(struct agx_sim *sim, uint64_t size, uint32_t flags, uint32_t vm_id)
{
   struct drm_asahi_gem_create c = {.size = size, .flags = flags, .vm_id = vm_id};
   int ret = agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_CREATE, &c);
   return ret ? 0 : c.handle;
}

static inline int
sim_bind(struct agx_sim *sim, uint32_t vm_id, uint32_t flags, uint32_t handle, uint64_t offset,
         uint64_t range, uint64_t addr)
{
   struct drm_asahi_gem_bind_op op = {.flags = flags,
                                      .handle = handle,
                                      .offset = offset,
                                      .range = range,
                                      .addr = addr};
   struct drm_asahi_vm_bind b = {.vm_id = vm_id,
                                 .num_binds = 1,
                                 .stride = sizeof(op),
                                 .userptr = (uintptr_t)&op};
   return agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_BIND, &b);
}

static inline void *
sim_bo_map(struct agx_sim *sim, uint32_t handle, size_t size)
{
   struct drm_asahi_gem_mmap_offset m = {.handle = handle};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &m))
      return NULL;
   int err = 0;
   return agx_sim_mmap(sim, m.offset, size, &err);
}

static inline int
sim_gem_close(struct agx_sim *sim, uint32_t handle)
{
   struct drm_gem_close c = {.handle = handle};
   return agx_sim_ioctl(sim, DRM_IOCTL_GEM_CLOSE, &c);
}

static inline uint32_t
sim_syncobj_create(struct agx_sim *sim, uint32_t flags)
{
   struct drm_syncobj_create c = {.flags = flags};
   return agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_CREATE, &c) ? 0 : c.handle;
}

static inline uint32_t
sim_queue_create(struct agx_sim *sim, uint32_t vm_id)
{
   struct drm_asahi_queue_create c = {.vm_id = vm_id,
                                      .priority = DRM_ASAHI_PRIORITY_MEDIUM,
                                      .usc_exec_base = 0x1100000000ull};
   return agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_CREATE, &c) ? 0 : c.queue_id;
}

static inline int64_t
sim_now_plus_ms(int64_t ms)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec + ms * 1000000ll;
}

/* A minimal compute command: header + 64-byte payload tagged with `tag`
 * as its control-stream base (the simulator logs it on execution). */
struct sim_compute_cmd {
   struct drm_asahi_cmd_header hdr;
   struct drm_asahi_cmd_compute cmd;
};

static inline struct sim_compute_cmd
sim_compute_cmd(uint64_t tag)
{
   struct sim_compute_cmd c;
   memset(&c, 0, sizeof(c));
   c.hdr.cmd_type = DRM_ASAHI_CMD_COMPUTE;
   c.hdr.size = sizeof(c.cmd);
   c.hdr.vdm_barrier = DRM_ASAHI_BARRIER_NONE;
   c.hdr.cdm_barrier = 0;
   c.cmd.cdm_ctrl_stream_base = tag;
   c.cmd.cdm_ctrl_stream_end = tag + 64;
   return c;
}

static inline int
sim_submit(struct agx_sim *sim, uint32_t queue, const void *cmdbuf, uint32_t size,
           const struct drm_asahi_sync *syncs, uint32_t in, uint32_t out)
{
   struct drm_asahi_submit s = {.syncs = (uintptr_t)syncs,
                                .cmdbuf = (uintptr_t)cmdbuf,
                                .queue_id = queue,
                                .in_sync_count = in,
                                .out_sync_count = out,
                                .cmdbuf_size = size};
   return agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_SUBMIT, &s);
}

static inline int
sim_submit_compute(struct agx_sim *sim, uint32_t queue, uint64_t tag,
                   const struct drm_asahi_sync *syncs, uint32_t in, uint32_t out)
{
   struct sim_compute_cmd c = sim_compute_cmd(tag);
   return sim_submit(sim, queue, &c, sizeof(c), syncs, in, out);
}

static inline int
sim_wait(struct agx_sim *sim, uint32_t handle, uint64_t point, uint32_t flags, int64_t timeout)
{
   struct drm_syncobj_timeline_wait w = {.handles = (uintptr_t)&handle,
                                         .points = (uintptr_t)&point,
                                         .timeout_nsec = timeout,
                                         .count_handles = 1,
                                         .flags = flags};
   return agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TIMELINE_WAIT, &w);
}

static inline uint64_t
sim_query(struct agx_sim *sim, uint32_t handle, uint32_t flags)
{
   uint64_t point = ~0ull;
   struct drm_syncobj_timeline_array a = {.handles = (uintptr_t)&handle,
                                          .points = (uintptr_t)&point,
                                          .count_handles = 1,
                                          .flags = flags};
   if (agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_QUERY, &a))
      return ~0ull;
   return point;
}

#define FOREVER INT64_MAX

#endif
