/*
 * Faults and fidelity checks: each deliberately broken program must fail
 * its submission the way the kernel reports a GPU fault (the job's fence
 * signals with -EIO, or -ETIMEDOUT for the instruction budget), with a
 * report naming the PC and the disassembled instruction, while the process,
 * the same queue and other queues keep working. Also checks that syncobj
 * waits order work across queues and that strict mode can be disabled.
 */
#include <stdlib.h>

#include "sim_exec_util.h"

static struct env E;

#define RO_VA 0x1400000000ull

static void
expect_failure(const char *name, const char *src, unsigned threads, unsigned local, unsigned regs,
               int status, const char *needle, const char *disasm)
{
   uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
   struct pipe_desc p = {.code = env_asm(&E, src), .regs = regs, .nuni = 1};
   p.uni[0].start = 0, p.uni[0].size = 4, p.uni[0].va = env_upload(&E, u, 8);
   uint32_t pipe = env_pipeline(&E, &p);
   struct cdm s = cdm_begin(&E);
   uint32_t g[3] = {threads, 1, 1}, l[3] = {local, 1, 1};
   cdm_launch(&s, pipe, 0, AGX_CDM_MODE_DIRECT, g, 0, l);
   cdm_terminate(&s);

   uint64_t before = agx_sim_test_gpu_errors(E.sim, NULL, 0);
   int st = env_run(&E, s.start);
   char msg[512];
   uint64_t after = agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
   if (st != status)
      fprintf(stderr, "%s: status %d, expected %d\n", name, st, status);
   CHECK_EQ(st, status);
   CHECK_EQ(after, before + 1);
   if (!strstr(msg, needle) || (disasm && (!strstr(msg, disasm) || !strstr(msg, "pc 0x")))) {
      fprintf(stderr, "%s: report '%s' lacks '%s' / '%s'\n", name, msg, needle,
              disasm ? disasm : "");
      sim_test_failures++;
   }
}

static const char *good = "get_sr r2, sr80\n"
                          "iadd r3, r2, 7\n"
                          "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                          "stop\n";

static void
expect_good(uint32_t queue)
{
   memset(E.data, 0, 256);
   uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
   struct pipe_desc p = {.code = env_asm(&E, good), .nuni = 1};
   p.uni[0].start = 0, p.uni[0].size = 4, p.uni[0].va = env_upload(&E, u, 8);
   uint32_t pipe = env_pipeline(&E, &p);
   struct cdm s = cdm_begin(&E);
   uint32_t g[3] = {32, 1, 1};
   cdm_launch(&s, pipe, 0, AGX_CDM_MODE_DIRECT, g, 0, g);
   cdm_terminate(&s);
   CHECK_EQ(env_run_on(&E, queue, s.start), 1);
   CHECK_EQ(data32(&E, 31), 38);
}

int
main(void)
{
   env_init(&E);
   /* a read-only page */
   void *ro = env_bo(&E, RO_VA, PAGE, DRM_ASAHI_BIND_READ);
   (void)ro;
   uint32_t queue2 = sim_queue_create(E.sim, E.vm);

   /* MMU faults */
   expect_failure("unmapped load",
                  "mov_imm r4, 0, 0b0\nmov_imm r5, 5, 0b0\n"
                  "device_load 0, i32, x, r3, r4_r5, 0, signed\nwait 0\nstop\n",
                  32, 32, 256, -EIO, "unmapped read fault at 0x500000000", "device_load");
   expect_failure("read-only store",
                  "mov_imm r4, 0, 0b0\nmov_imm r5, 20, 0b0\nmov_imm r3, 1, 0b0\n"
                  "device_store 0, i32, x, r3, r4_r5, 4, signed, 0\nstop\n",
                  32, 32, 256, -EIO, "permission write fault at 0x1400000010", "device_store");
   /* illegal instruction: trap, and an undefined integer condition */
   expect_failure("trap", "trap\nstop\n", 32, 32, 256, -EIO, "trap", "trap");
   expect_failure("branch off the code", "mov_imm r2, 2147483632, 0b0\nret r2\n", 32, 32, 256, -EIO,
                  "instruction fetch fault", NULL);
   /* instruction budget (GPU timeout) */
   setenv("AGX_SIM_BUDGET", "100000", 1);
   expect_failure("endless loop", "spin:\njmp_exec_any @spin\nstop\n", 64, 32, 256, -ETIMEDOUT,
                  "budget", "jmp_exec_any");
   unsetenv("AGX_SIM_BUDGET");

   /* fidelity checks (strict mode, the default) */
   expect_failure("missing wait",
                  "device_load 0, i32, x, r3, u0_u1, 0, signed\niadd r4, r3, 1\nstop\n", 32, 32,
                  256, -EIO, "before `wait`", "iadd");
   expect_failure("overwrite before wait",
                  "device_load 1, i32, x, r3, u0_u1, 0, signed\nwait 0\nmov_imm r3, 1, 0b0\nstop\n",
                  32, 32, 256, -EIO, "overwrites r3 before `wait`", "mov_imm");
   expect_failure("uninitialised register", "iadd r4, r9, 1\nstop\n", 32, 32, 256, -EIO,
                  "reads uninitialised r9", "iadd");
   expect_failure("uninitialised in some lanes",
                  "get_sr r2, sr80\nif_icmp r0l, ult, r2, 4, 1\nmov_imm r9, 1, 0b0\n"
                  "pop_exec r0l, 1\niadd r4, r9, 1\nstop\n",
                  32, 32, 256, -EIO, "lanes 0xfffffff0", "iadd");
   expect_failure("uninitialised uniform", "iadd r4, u9, 1\nstop\n", 32, 32, 256, -EIO,
                  "uniform half 18 (u9l)", "iadd");
   expect_failure("register beyond the USC count", "mov_imm r10, 1, 0b0\nstop\n", 32, 32, 16, -EIO,
                  "beyond the USC Registers count", "mov_imm");
   expect_failure("divergent barrier",
                  "get_sr r2, sr80\nif_icmp r0l, ult, r2, 4, 1\nthreadgroup_barrier\n"
                  "pop_exec r0l, 1\nstop\n",
                  64, 64, 256, -EIO, "divergent", "threadgroup_barrier");
   expect_failure("unaligned load",
                  "iadd r4, u0, 2\niadd r5, u1, 0\n"
                  "device_load 0, i32, x, r3, r4_r5, 0, signed\nwait 0\nstop\n",
                  32, 32, 256, -EIO, "unaligned", "device_load");
   expect_failure("uniform_store outside a preamble",
                  "mov_imm r2, 1, 0b0\nuniform_store 0, i16, x, 0, r2l, 4\nstop\n", 32, 32, 256,
                  -EIO, "outside a preamble", "uniform_store");

   /* nothing is harmed: both queues still run good work */
   expect_good(E.queue);
   expect_good(queue2);

   /* strict mode off: the missing wait goes unreported */
   setenv("AGX_SIM_STRICT", "0", 1);
   {
      memset(E.data, 0, 16);
      int st = env_dispatch(&E,
                            "device_load 0, i32, x, r3, u0_u1, 1, signed\n"
                            "iadd r4, r3, 1\n"
                            "device_store 0, i32, x, r4, u0_u1, 2, signed, 0\nstop\n",
                            1, 1, 0, NULL, 0);
      CHECK_EQ(st, 1);
   }
   unsetenv("AGX_SIM_STRICT");

   /* ordering across queues through a syncobj: job 2 (queue 2) waits for
    * job 1 (queue 1); job 1 runs long enough that without the wait job 2
    * would usually read the old value. */
   {
      const char *slow_write = "mov_imm r4, 0, 0b0\n"
                               "mov_imm r5, 20000, 0b0\n"
                               "loop:\n"
                               "while_icmp r0l, ult, r4, r5, 1\n"
                               "jmp_exec_none @done\n"
                               "iadd r4, r4, 1\n"
                               "jmp_exec_any @loop\n"
                               "done:\n"
                               "pop_exec r0l, 1\n"
                               "mov_imm r3, 41, 0b0\n"
                               "device_store 0, i32, x, r3, u0_u1, 0, signed, 0\n"
                               "stop\n";
      const char *read_inc = "device_load 0, i32, x, r3, u0_u1, 0, signed\n"
                             "wait 0\n"
                             "iadd r3, r3, 1\n"
                             "device_store 0, i32, x, r3, u0_u1, 1, signed, 0\n"
                             "stop\n";
      uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
      uint64_t uva = env_upload(&E, u, 8);
      struct pipe_desc p1 = {.code = env_asm(&E, slow_write), .nuni = 1};
      p1.uni[0].start = 0, p1.uni[0].size = 4, p1.uni[0].va = uva;
      struct pipe_desc p2 = {.code = env_asm(&E, read_inc), .nuni = 1};
      p2.uni[0].start = 0, p2.uni[0].size = 4, p2.uni[0].va = uva;
      uint32_t one[3] = {1, 1, 1};
      struct cdm s1 = cdm_begin(&E);
      cdm_launch(&s1, env_pipeline(&E, &p1), 0, AGX_CDM_MODE_DIRECT, one, 0, one);
      cdm_terminate(&s1);
      struct cdm s2 = cdm_begin(&E);
      cdm_launch(&s2, env_pipeline(&E, &p2), 0, AGX_CDM_MODE_DIRECT, one, 0, one);
      cdm_terminate(&s2);

      memset(E.data, 0, 16);
      uint32_t a = sim_syncobj_create(E.sim, 0), b = sim_syncobj_create(E.sim, 0);
      struct sim_compute_cmd c1 = sim_compute_cmd(s1.start), c2 = sim_compute_cmd(s2.start);
      struct drm_asahi_sync out1 = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = a};
      struct drm_asahi_sync io2[2] = {{.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = a},
                                      {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = b}};
      CHECK_EQ(sim_submit(E.sim, E.queue, &c1, sizeof(c1), &out1, 0, 1), 0);
      CHECK_EQ(sim_submit(E.sim, queue2, &c2, sizeof(c2), io2, 1, 1), 0);
      CHECK_EQ(sim_wait(E.sim, b, 0, 0, sim_now_plus_ms(60000)), 0);
      CHECK_EQ(data32(&E, 1), 42);
      int status = 0;
      CHECK_EQ(agx_sim_syncobj_fence_status(E.sim, b, 0, &status), 0);
      CHECK_EQ(status, 1);
      CHECK_EQ(agx_sim_syncobj_fence_status(E.sim, 999, 0, &status), -ENOENT);
   }

   /* a fault in one command of a multi-command job fails the job but the
    * other command still runs */
   {
      uint32_t one[3] = {1, 1, 1};
      uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
      struct pipe_desc p = {
         .code = env_asm(&E, "mov_imm r3, 77, 0b0\n"
                             "device_store 0, i32, x, r3, u0_u1, 5, signed, 0\nstop\n"),
         .nuni = 1};
      p.uni[0].start = 0, p.uni[0].size = 4, p.uni[0].va = env_upload(&E, u, 8);
      struct cdm s = cdm_begin(&E);
      cdm_launch(&s, env_pipeline(&E, &p), 0, AGX_CDM_MODE_DIRECT, one, 0, one);
      cdm_terminate(&s);
      struct sim_compute_cmd cmds[2] = {sim_compute_cmd(0x500000000ull), sim_compute_cmd(s.start)};
      uint32_t so = sim_syncobj_create(E.sim, 0);
      struct drm_asahi_sync out = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = so};
      memset(E.data, 0, 32);
      CHECK_EQ(sim_submit(E.sim, E.queue, cmds, sizeof(cmds), &out, 0, 1), 0);
      CHECK_EQ(sim_wait(E.sim, so, 0, 0, sim_now_plus_ms(60000)), 0);
      int status = 0;
      CHECK_EQ(agx_sim_syncobj_fence_status(E.sim, so, 0, &status), 0);
      CHECK_EQ(status, -EIO);
      CHECK_EQ(data32(&E, 5), 77);
   }

   env_fini(&E);
   return SIM_TEST_RESULT();
}
