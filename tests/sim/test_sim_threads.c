/*
 * Concurrency: several threads, each with its own queue and timeline,
 * submit chains of jobs that also wait on the previous thread's timeline
 * (cross-queue dependencies), while the main thread keeps binding and
 * reading memory. Checks every job ran once and every point signalled;
 * run under TSan/ASan it also checks for races. Blocking waits must not
 * burn CPU: a 200 ms timed wait may use only a few ms of CPU time.
 */
#include <pthread.h>
#include <time.h>

#include "sim_test_util.h"

#include "agx_sim_exec.h"
#include "agx_sim_vm.h"

#define THREADS 4
#define JOBS 150

static struct agx_sim *sim;
static uint32_t vm;
static uint32_t timelines[THREADS];

static void *
submitter(void *data)
{
   unsigned idx = (unsigned)(uintptr_t)data;
   uint32_t q = sim_queue_create(sim, vm);
   uint32_t mine = timelines[idx], other = timelines[(idx + THREADS - 1) % THREADS];
   int failures = 0;

   for (uint64_t p = 1; p <= JOBS; p++) {
      /* The other thread's point p-1 must exist before we can wait on it. */
      if (p > 1 &&
          sim_wait(sim, other, p - 1,
                   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT | DRM_SYNCOBJ_WAIT_FLAGS_WAIT_AVAILABLE,
                   FOREVER))
         failures++;
      struct drm_asahi_sync syncs[2] = {
         {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, .handle = other, .timeline_value = p - 1},
         {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, .handle = mine, .timeline_value = p},
      };
      uint32_t in = p > 1 ? 1 : 0;
      if (sim_submit_compute(sim, q, p, in ? syncs : syncs + 1, in, 1))
         failures++;
   }
   if (sim_wait(sim, mine, JOBS, 0, FOREVER))
      failures++;
   struct drm_asahi_queue_destroy d = {.queue_id = q};
   if (agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d))
      failures++;
   return (void *)(uintptr_t)failures;
}

static double
cpu_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(void)
{
   sim = sim_test_create();
   vm = sim_vm_create(sim);
   for (unsigned i = 0; i < THREADS; i++)
      timelines[i] = sim_syncobj_create(sim, 0);

   pthread_t threads[THREADS];
   for (unsigned i = 0; i < THREADS; i++)
      pthread_create(&threads[i], NULL, submitter, (void *)(uintptr_t)i);

   /* Meanwhile: bind/unbind and GPU-side accesses on the same VM. */
   struct agx_sim_vm *v = agx_sim_vm_lookup(sim, vm);
   uint32_t bo = sim_bo_create(sim, PAGE, 0, 0);
   for (int i = 0; i < 200; i++) {
      uint64_t va = 0x3000000000ull + (uint64_t)(i % 8) * PAGE;
      CHECK_EQ(sim_bind(sim, vm, DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE, bo, 0, PAGE, va), 0);
      uint32_t x = (uint32_t)i;
      CHECK_EQ(agx_sim_vm_write(v, va, &x, 4, NULL), AGX_SIM_FAULT_NONE);
      CHECK_EQ(sim_bind(sim, vm, DRM_ASAHI_BIND_UNBIND, 0, 0, PAGE, va), 0);
   }
   agx_sim_vm_unref(v);

   for (unsigned i = 0; i < THREADS; i++) {
      void *ret;
      pthread_join(threads[i], &ret);
      CHECK_EQ((uintptr_t)ret, 0);
      CHECK_EQ(sim_query(sim, timelines[i], 0), JOBS);
   }
   CHECK_EQ(agx_sim_test_executed(sim, DRM_ASAHI_CMD_COMPUTE), THREADS * JOBS);

   /* A blocked wait sleeps. */
   uint32_t never = sim_syncobj_create(sim, 0);
   double c0 = cpu_seconds();
   int64_t t0 = sim_now_plus_ms(0);
   CHECK_EQ(sim_wait(sim, never, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, sim_now_plus_ms(200)),
            -ETIME);
   double cpu = cpu_seconds() - c0;
   double wall = (sim_now_plus_ms(0) - t0) * 1e-9;
   printf("200 ms wait: wall %.3f s, cpu %.4f s\n", wall, cpu);
   CHECK(wall >= 0.195);
   CHECK(cpu < 0.05);

   agx_sim_destroy(sim);
   return SIM_TEST_RESULT();
}
