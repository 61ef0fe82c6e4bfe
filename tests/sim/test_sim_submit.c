/*
 * SUBMIT: a minimal compute submit runs once and signals its binary and
 * timeline out-syncs; in-syncs; timestamps; ordering of submits on one
 * queue; QUEUE_CREATE/DESTROY checks; and every class of malformed submit
 * rejected with its errno, leaving the device usable and unchanged.
 */
#include <stddef.h>

#include "sim_test_util.h"

#include "agx_sim_exec.h"

static struct agx_sim *sim;
static uint32_t vm, queue;

/* A command buffer under construction. */
struct cmdbuf {
   uint8_t bytes[8192];
   uint32_t size;
};

static void
emit(struct cmdbuf *cb, uint16_t type, uint16_t vdm, uint16_t cdm, const void *payload,
     uint16_t size)
{
   struct drm_asahi_cmd_header h = {type, size, vdm, cdm};
   memcpy(cb->bytes + cb->size, &h, sizeof(h));
   memcpy(cb->bytes + cb->size + sizeof(h), payload, size);
   cb->size += sizeof(h) + size;
}

static void
emit_compute(struct cmdbuf *cb, uint16_t cdm, uint64_t tag)
{
   struct drm_asahi_cmd_compute c = {.cdm_ctrl_stream_base = tag};
   emit(cb, DRM_ASAHI_CMD_COMPUTE, DRM_ASAHI_BARRIER_NONE, cdm, &c, sizeof(c));
}

static void
emit_render(struct cmdbuf *cb, uint16_t vdm, uint64_t tag)
{
   struct drm_asahi_cmd_render r = {.vdm_ctrl_stream_base = tag,
                                    .samples = 1,
                                    .width_px = 64,
                                    .height_px = 64,
                                    .layers = 1,
                                    .utile_width_px = 32,
                                    .utile_height_px = 32,
                                    .sample_size_B = 8};
   emit(cb, DRM_ASAHI_CMD_RENDER, vdm, DRM_ASAHI_BARRIER_NONE, &r, sizeof(r));
}

static uint64_t
executed(void)
{
   return agx_sim_test_executed(sim, DRM_ASAHI_CMD_COMPUTE) +
          agx_sim_test_executed(sim, DRM_ASAHI_CMD_RENDER);
}

/* Wait for everything submitted so far by submitting a fence-only job. */
static void
drain(void)
{
   uint32_t s = sim_syncobj_create(sim, 0);
   struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = s};
   CHECK_EQ(sim_submit_compute(sim, queue, 0xD0, &out, 0, 1), 0);
   CHECK_EQ(sim_wait(sim, s, 0, 0, FOREVER), 0);
   struct drm_syncobj_destroy d = {.handle = s};
   agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_DESTROY, &d);
}

static void
test_minimal_compute(void)
{
   uint32_t bin = sim_syncobj_create(sim, 0);
   uint32_t tl = sim_syncobj_create(sim, 0);
   struct drm_asahi_sync out[2] = {
      {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = bin},
      {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, .handle = tl, .timeline_value = 1},
   };

   /* One COMPUTE header + a 64-byte all-zero payload. */
   uint8_t buf[8 + 64] = {0};
   struct drm_asahi_cmd_header h = {DRM_ASAHI_CMD_COMPUTE, 64, DRM_ASAHI_BARRIER_NONE,
                                    DRM_ASAHI_BARRIER_NONE};
   memcpy(buf, &h, sizeof(h));
   uint64_t before = agx_sim_test_executed(sim, DRM_ASAHI_CMD_COMPUTE);
   CHECK_EQ(sim_submit(sim, queue, buf, sizeof(buf), out, 0, 2), 0);
   CHECK_EQ(sim_wait(sim, bin, 0, 0, sim_now_plus_ms(5000)), 0);
   CHECK_EQ(sim_wait(sim, tl, 1, 0, sim_now_plus_ms(5000)), 0);
   CHECK_EQ(sim_query(sim, tl, 0), 1);
   CHECK_EQ(agx_sim_test_executed(sim, DRM_ASAHI_CMD_COMPUTE), before + 1);
   CHECK_EQ(agx_sim_test_executed(sim, DRM_ASAHI_CMD_RENDER), 0);

   /* A later job waits on that binary syncobj and the timeline point. */
   struct drm_asahi_sync io[3] = {
      {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = bin},
      {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, .handle = tl, .timeline_value = 1},
      {.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, .handle = tl, .timeline_value = 2},
   };
   CHECK_EQ(sim_submit_compute(sim, queue, 0x42, io, 2, 1), 0);
   CHECK_EQ(sim_wait(sim, tl, 2, 0, FOREVER), 0);
   CHECK_EQ(agx_sim_test_executed(sim, DRM_ASAHI_CMD_COMPUTE), before + 2);
}

static void
test_ordering_and_log(void)
{
   /* Hold the worker, queue two submits, release: FIFO order. Also one
    * submit with render + compute + attachments, executed in order. */
   uint32_t base = agx_sim_test_log(sim, NULL, 0);
   agx_sim_test_gate(sim, true);
   uint32_t s = sim_syncobj_create(sim, 0);
   struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = s};
   CHECK_EQ(sim_submit_compute(sim, queue, 0xA1, NULL, 0, 0), 0);

   struct cmdbuf cb = {.size = 0};
   struct drm_asahi_attachment att[2] = {{.pointer = 0x100000, .size = 4096},
                                         {.pointer = 0x200000, .size = 4096}};
   emit(&cb, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE,
        att, sizeof(att));
   emit_render(&cb, 0, 0xB1);
   emit_compute(&cb, 0, 0xB2);
   emit_render(&cb, 1, 0xB3);  /* waits for the first render */
   emit_compute(&cb, 1, 0xB4); /* waits for the first compute */
   CHECK_EQ(sim_submit(sim, queue, cb.bytes, cb.size, &out, 0, 1), 0);

   CHECK_EQ(sim_wait(sim, s, 0, 0, sim_now_plus_ms(5)), -ETIME); /* held */
   CHECK_EQ(agx_sim_test_log(sim, NULL, 0), base);
   agx_sim_test_gate(sim, false);
   CHECK_EQ(sim_wait(sim, s, 0, 0, FOREVER), 0);

   uint64_t log[AGX_SIM_TEST_LOG_SIZE];
   uint32_t n = agx_sim_test_log(sim, log, AGX_SIM_TEST_LOG_SIZE);
   CHECK_EQ(n, base + 5);
   const uint64_t expect[5] = {0xA1, 0xB1, 0xB2, 0xB3, 0xB4};
   for (unsigned i = 0; i < 5 && base + i < AGX_SIM_TEST_LOG_SIZE; i++)
      CHECK_EQ(log[base + i], expect[i]);
   CHECK_EQ(agx_sim_test_executed(sim, DRM_ASAHI_CMD_RENDER), 2);
}

static void
test_timestamps(void)
{
   uint32_t bo = sim_bo_create(sim, PAGE, 0, 0);
   uint64_t *cpu = sim_bo_map(sim, bo, PAGE);
   struct drm_asahi_gem_bind_object b = {.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
                                         .flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
                                         .handle = bo,
                                         .range = PAGE};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &b), 0);

   struct cmdbuf cb = {.size = 0};
   struct drm_asahi_cmd_compute c = {.ts = {{b.object_handle, 16}, {b.object_handle, 24}}};
   emit(&cb, DRM_ASAHI_CMD_COMPUTE, DRM_ASAHI_BARRIER_NONE, 0, &c, sizeof(c));
   uint32_t s = sim_syncobj_create(sim, 0);
   struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = s};
   int64_t t0 = sim_now_plus_ms(0);
   CHECK_EQ(sim_submit(sim, queue, cb.bytes, cb.size, &out, 0, 1), 0);
   CHECK_EQ(sim_wait(sim, s, 0, 0, FOREVER), 0);
   CHECK(cpu[2] >= (uint64_t)t0);
   CHECK(cpu[3] >= cpu[2]);
   CHECK_EQ(cpu[0], 0);

   /* Bad timestamp references. */
   c.ts.end.offset = PAGE - 4;
   cb.size = 0;
   emit(&cb, DRM_ASAHI_CMD_COMPUTE, DRM_ASAHI_BARRIER_NONE, 0, &c, sizeof(c));
   CHECK_EQ(sim_submit(sim, queue, cb.bytes, cb.size, NULL, 0, 0), -ERANGE);
   c.ts.end = (struct drm_asahi_timestamp){77, 0};
   cb.size = 0;
   emit(&cb, DRM_ASAHI_CMD_COMPUTE, DRM_ASAHI_BARRIER_NONE, 0, &c, sizeof(c));
   CHECK_EQ(sim_submit(sim, queue, cb.bytes, cb.size, NULL, 0, 0), -ENOENT);

   /* The job keeps the buffer alive even if everything else lets go. */
   struct drm_asahi_gem_bind_object u = {.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
                                         .object_handle = b.object_handle};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &u), 0);
   CHECK_EQ(agx_sim_munmap(sim, cpu, PAGE), 0);
   CHECK_EQ(sim_gem_close(sim, bo), 0);
}

static void
test_queue_create(void)
{
   struct drm_asahi_queue_create c = {.vm_id = vm, .priority = DRM_ASAHI_PRIORITY_LOW};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_CREATE, &c), 0);
   uint32_t q2 = c.queue_id;
   CHECK(q2 != 0 && q2 != queue);

   struct drm_asahi_queue_create bad = c;
   bad.flags = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_CREATE, &bad), -EINVAL);
   bad = c;
   bad.priority = DRM_ASAHI_PRIORITY_HIGH; /* file.rs: -EINVAL until CAP_SYS_NICE */
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_CREATE, &bad), -EINVAL);
   bad.priority = DRM_ASAHI_PRIORITY_REALTIME;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_CREATE, &bad), -EINVAL);
   bad.priority = 4;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_CREATE, &bad), -EINVAL);
   bad = c;
   bad.vm_id = 0;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_CREATE, &bad), -ENOENT);
   bad.vm_id = 55;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_CREATE, &bad), -ENOENT);

   /* QUEUE_DESTROY waits for pending work: the fence is signalled after. */
   uint32_t s = sim_syncobj_create(sim, 0);
   struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = s};
   CHECK_EQ(sim_submit_compute(sim, q2, 0xC0, &out, 0, 1), 0);
   struct drm_asahi_queue_destroy d = {.queue_id = q2};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d), 0);
   CHECK_EQ(sim_wait(sim, s, 0, 0, 0), 0);
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d), -ENOENT);
   CHECK_EQ(sim_submit_compute(sim, q2, 0xC1, NULL, 0, 0), -ENOENT);
   d.pad = 1;
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d), -EINVAL);
}

static void
test_malformed(void)
{
   drain();
   uint64_t ran = executed();
   uint32_t so = sim_syncobj_create(sim, DRM_SYNCOBJ_CREATE_SIGNALED);
   uint32_t empty = sim_syncobj_create(sim, 0);
   uint32_t tl = sim_syncobj_create(sim, 0);
   uint64_t pts[2] = {1, 2};
   uint32_t tls[2] = {tl, tl};
   struct drm_syncobj_timeline_array sig = {.handles = (uintptr_t)tls,
                                            .points = (uintptr_t)pts,
                                            .count_handles = 2};
   CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_SYNCOBJ_TIMELINE_SIGNAL, &sig), 0);

   struct sim_compute_cmd cc = sim_compute_cmd(0xEE);
   struct drm_asahi_submit base = {.cmdbuf = (uintptr_t)&cc,
                                   .queue_id = queue,
                                   .cmdbuf_size = sizeof(cc)};
   struct drm_asahi_submit s;
#define EXPECT_SUBMIT(err) CHECK_EQ(agx_sim_ioctl(sim, DRM_IOCTL_ASAHI_SUBMIT, &s), err)

   /* Submit struct itself. */
   s = base;
   s.flags = 1;
   EXPECT_SUBMIT(-EINVAL);
   s = base;
   s.pad = 1;
   EXPECT_SUBMIT(-EINVAL);
   s = base;
   s.queue_id = 77;
   EXPECT_SUBMIT(-ENOENT);
   s = base;
   s.queue_id = 0;
   EXPECT_SUBMIT(-ENOENT);
   s = base;
   s.cmdbuf = 0;
   EXPECT_SUBMIT(-EFAULT);
   s = base;
   s.in_sync_count = 1;
   EXPECT_SUBMIT(-EFAULT);
   s = base;
   s.cmdbuf_size = 0;
   EXPECT_SUBMIT(-EINVAL); /* zero commands */
   s = base;
   s.cmdbuf_size = 4;
   EXPECT_SUBMIT(-EINVAL); /* truncated header */
   s = base;
   s.cmdbuf_size = sizeof(cc) - 8;
   EXPECT_SUBMIT(-EINVAL); /* truncated payload */
   uint8_t padded[sizeof(cc) + 4] = {0};
   memcpy(padded, &cc, sizeof(cc));
   s = base;
   s.cmdbuf = (uintptr_t)padded;
   s.cmdbuf_size = sizeof(padded);
   EXPECT_SUBMIT(-EINVAL); /* trailing bytes shorter than a header */

   /* Syncs. */
   struct drm_asahi_sync sy[3];
   s = base;
   s.syncs = (uintptr_t)sy;
   s.in_sync_count = 1;
   sy[0] = (struct drm_asahi_sync){.sync_type = 2, .handle = so};
   EXPECT_SUBMIT(-EINVAL);
   sy[0] = (struct drm_asahi_sync){.sync_type = 0, .handle = so, .timeline_value = 1};
   EXPECT_SUBMIT(-EINVAL);
   sy[0] = (struct drm_asahi_sync){.sync_type = 0, .handle = 999};
   EXPECT_SUBMIT(-ENOENT);
   sy[0] = (struct drm_asahi_sync){.sync_type = 0, .handle = empty};
   EXPECT_SUBMIT(-EINVAL);
   sy[0] = (struct drm_asahi_sync){.sync_type = 1, .handle = tl, .timeline_value = 3};
   EXPECT_SUBMIT(-EINVAL); /* point not submitted yet */
   s.in_sync_count = 0;
   s.out_sync_count = 1;
   sy[0] = (struct drm_asahi_sync){.sync_type = 0, .handle = 999};
   EXPECT_SUBMIT(-ENOENT);
   /* Same timeline waited at two points. */
   s.in_sync_count = 2;
   s.out_sync_count = 0;
   sy[0] = (struct drm_asahi_sync){.sync_type = 1, .handle = tl, .timeline_value = 1};
   sy[1] = (struct drm_asahi_sync){.sync_type = 1, .handle = tl, .timeline_value = 2};
   EXPECT_SUBMIT(-EINVAL);
   /* A failed submit with an out-sync must not have touched it. */
   s.in_sync_count = 2;
   s.out_sync_count = 1;
   sy[2] = (struct drm_asahi_sync){.sync_type = 0, .handle = empty};
   EXPECT_SUBMIT(-EINVAL);
   CHECK_EQ(sim_wait(sim, empty, 0, 0, 0), -EINVAL); /* still no fence */

   /* Command stream contents. */
   struct cmdbuf cb;
   s = base;
   s.cmdbuf = (uintptr_t)cb.bytes;
#define CB_SUBMIT(err)         \
   do {                        \
      s.cmdbuf_size = cb.size; \
      EXPECT_SUBMIT(err);      \
      cb.size = 0;             \
   } while (0)
   struct drm_asahi_cmd_compute comp = {0};
   const struct drm_asahi_cmd_render good_rend = {.samples = 1,
                                                  .width_px = 1,
                                                  .height_px = 1,
                                                  .layers = 1,
                                                  .utile_width_px = 32,
                                                  .utile_height_px = 32};
   struct drm_asahi_cmd_render rend = good_rend;
   uint8_t big[128] = {0};
   cb.size = 0;

   emit(&cb, 5, DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE, &comp, sizeof(comp));
   CB_SUBMIT(-EINVAL); /* unknown cmd_type */
   comp.flags = 1;
   emit(&cb, DRM_ASAHI_CMD_COMPUTE, DRM_ASAHI_BARRIER_NONE, 0, &comp, sizeof(comp));
   CB_SUBMIT(-EINVAL);
   comp.flags = 0;
   rend.flags = 1u << 5;
   emit(&cb, DRM_ASAHI_CMD_RENDER, 0, DRM_ASAHI_BARRIER_NONE, &rend, sizeof(rend));
   CB_SUBMIT(-EINVAL); /* unknown render flag */
   rend.flags = DRM_ASAHI_RENDER_DBIAS_IS_INT;
   rend.samples = 3;
   emit(&cb, DRM_ASAHI_CMD_RENDER, 0, DRM_ASAHI_BARRIER_NONE, &rend, sizeof(rend));
   CB_SUBMIT(-EINVAL); /* samples must be 1, 2 or 4 */
   rend.samples = 4;
   emit(&cb, DRM_ASAHI_CMD_RENDER, 0, DRM_ASAHI_BARRIER_NONE, &rend, sizeof(rend));
   CB_SUBMIT(0);
   /* Framebuffer, layer and tile limits of render.rs. */
   const struct {
      uint16_t w, h, layers;
      uint8_t uw, uh;
      int err;
   } dims[] = {
      {0, 1, 1, 32, 32, -EINVAL}, {16385, 1, 1, 32, 32, -EINVAL},
      {1, 0, 1, 32, 32, -EINVAL}, {16384, 16384, 2048, 16, 16, 0},
      {1, 1, 0, 32, 32, -EINVAL}, {1, 1, 2049, 32, 32, -EINVAL},
      {1, 1, 1, 32, 16, 0},       {1, 1, 1, 16, 32, -EINVAL},
      {1, 1, 1, 8, 8, -EINVAL},
   };
   for (unsigned i = 0; i < sizeof(dims) / sizeof(dims[0]); i++) {
      rend = good_rend;
      rend.width_px = dims[i].w;
      rend.height_px = dims[i].h;
      rend.layers = dims[i].layers;
      rend.utile_width_px = dims[i].uw;
      rend.utile_height_px = dims[i].uh;
      emit(&cb, DRM_ASAHI_CMD_RENDER, 0, DRM_ASAHI_BARRIER_NONE, &rend, sizeof(rend));
      CB_SUBMIT(dims[i].err);
   }
   /* A short render payload zero-extends to width 0: rejected. */
   emit(&cb, DRM_ASAHI_CMD_RENDER, 0, DRM_ASAHI_BARRIER_NONE, &good_rend, 8);
   CB_SUBMIT(-EINVAL);
   big[100] = 1; /* payload longer than the struct, non-zero tail */
   emit(&cb, DRM_ASAHI_CMD_COMPUTE, DRM_ASAHI_BARRIER_NONE, 0, big, sizeof(big));
   CB_SUBMIT(-EINVAL);
   big[100] = 0;
   emit(&cb, DRM_ASAHI_CMD_COMPUTE, DRM_ASAHI_BARRIER_NONE, 0, big, sizeof(big));
   CB_SUBMIT(0); /* zero tail is fine */
   emit(&cb, DRM_ASAHI_CMD_COMPUTE, DRM_ASAHI_BARRIER_NONE, 0, big, 16);
   CB_SUBMIT(0); /* short payload is zero-extended */

   /* Barriers. */
   emit_compute(&cb, 1, 1);
   CB_SUBMIT(-EINVAL); /* no compute precedes it */
   emit_compute(&cb, 0, 1);
   emit_render(&cb, 0, 2);
   emit_compute(&cb, 2, 3);
   CB_SUBMIT(-EINVAL); /* only one compute precedes */
   emit_compute(&cb, 0, 1);
   emit_render(&cb, 2, 2);
   CB_SUBMIT(-EINVAL); /* vdm barrier 2 with no render before */
   emit_compute(&cb, 0, 1);
   emit_compute(&cb, 1, 2);
   emit_render(&cb, 0, 3);
   emit_render(&cb, 1, 4);
   CB_SUBMIT(0);

   /* Attachments. */
   struct drm_asahi_attachment at[65];
   memset(at, 0, sizeof(at));
   emit(&cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, DRM_ASAHI_BARRIER_NONE, 0, at, sizeof(at[0]));
   emit_compute(&cb, 0, 1);
   CB_SUBMIT(-EINVAL); /* attachment command with a barrier */
   emit(&cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE, at,
        20);
   emit_compute(&cb, 0, 1);
   CB_SUBMIT(-EINVAL); /* not whole attachments */
   emit(&cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE, at,
        sizeof(at));
   emit_compute(&cb, 0, 1);
   CB_SUBMIT(-EINVAL); /* 65 > max_attachments */
   at[0].pad = 1;
   emit(&cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE, at,
        sizeof(at[0]));
   emit_compute(&cb, 0, 1);
   CB_SUBMIT(-EINVAL);
   at[0].pad = 0;
   at[0].flags = 1;
   emit(&cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE, at,
        sizeof(at[0]));
   emit_compute(&cb, 0, 1);
   CB_SUBMIT(-EINVAL);
   at[0].flags = 0;
   emit(&cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, DRM_ASAHI_BARRIER_NONE, DRM_ASAHI_BARRIER_NONE, at,
        64 * sizeof(at[0]));
   CB_SUBMIT(-EINVAL); /* software commands only: zero hardware commands */

   /* Command count: 64 ok, 65 rejected. */
   for (int i = 0; i < 64; i++)
      emit_compute(&cb, 0, 1);
   CB_SUBMIT(0);
   for (int i = 0; i < 65; i++)
      emit_compute(&cb, 0, 1);
   CB_SUBMIT(-EINVAL);

   /* The device is still fine: the valid ones ran, a normal submit works. */
   drain();
   CHECK_EQ(executed(),
            ran + 1 + 2 + 2 + 4 + 64 + 1); /* render, dims, zero-tail+short, barriers, 64, drain */
}

int
main(void)
{
   sim = sim_test_create();
   vm = sim_vm_create(sim);
   queue = sim_queue_create(sim, vm);
   CHECK(vm && queue);
   test_minimal_compute();
   test_ordering_and_log();
   test_timestamps();
   test_queue_create();
   test_malformed();
   agx_sim_destroy(sim);
   return SIM_TEST_RESULT();
}
