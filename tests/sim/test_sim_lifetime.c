/*
 * Teardown: destroying the simulator with every kind of object still alive
 * (BOs mapped on the CPU and GPU, VMs, bound objects, queues with pending
 * and gated jobs, syncobjs with chains) must free everything. Run under
 * ASan/LSan (-Db_sanitize=address) this test fails on any leak.
 */
#include "sim_test_util.h"

#include "agx_sim_exec.h"

int
main(void)
{
   for (int round = 0; round < 3; round++) {
      struct agx_sim *sim = sim_test_create();
      uint32_t vm = sim_vm_create(sim);
      uint32_t bo = sim_bo_create(sim, 8 * PAGE, 0, 0);
      uint32_t priv = sim_bo_create(sim, PAGE, DRM_ASAHI_GEM_VM_PRIVATE, vm);
      CHECK(bo && priv);
      CHECK_EQ(sim_bind(sim, vm, DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE, bo, 0, 8 * PAGE,
                        0x1000000000ull),
               0);
      CHECK_EQ(sim_bind(sim, vm, DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_SINGLE_PAGE, priv, 0,
                        1024 * PAGE, 0x2000000000ull),
               0);
      void *cpu = sim_bo_map(sim, bo, 8 * PAGE);
      CHECK(cpu != NULL);
      CHECK(sim_bo_map(sim, priv, PAGE) != NULL);

      struct drm_asahi_gem_bind_object b = {.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
                                            .flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
                                            .handle = bo,
                                            .range = PAGE};
      CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &b), 0);

      uint32_t q = sim_queue_create(sim, vm);
      uint32_t tl = sim_syncobj_create(sim, 0);
      uint32_t bin = sim_syncobj_create(sim, DRM_SYNCOBJ_CREATE_SIGNALED);
      if (round == 1)
         agx_sim_test_gate(sim, true); /* jobs still queued at destroy */
      for (uint64_t p = 1; p <= 8; p++) {
         struct drm_asahi_sync syncs[2] = {
            {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = bin},
            {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, .handle = tl, .timeline_value = p},
         };
         CHECK_EQ(sim_submit_compute(sim, q, p, syncs, 1, 1), 0);
      }
      if (round == 2) {
         /* Let the work finish, then drop a few objects explicitly. */
         CHECK_EQ(sim_wait(sim, tl, 8, 0, FOREVER), 0);
         CHECK_EQ(sim_gem_close(sim, bo), 0);
         CHECK_EQ(agx_sim_munmap(sim, cpu, 8 * PAGE), 0);
         struct drm_asahi_vm_destroy d = {.vm_id = vm};
         CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_VM_DESTROY, &d), 0);
      }
      agx_sim_destroy(sim);
   }
   agx_sim_destroy(NULL);
   return SIM_TEST_RESULT();
}
