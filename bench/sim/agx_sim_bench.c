/*
 * Simulator throughput benchmark: simulated thread-instructions per second
 * on an ALU-bound kernel and on a memory-bound kernel, run through the
 * full submit path (SUBMIT -> CDM -> USC -> threadgroups).
 *
 * Assumes: the figure that matters is per host core, so every kernel runs
 * once with one GPU-model worker thread (AGX_SIM_THREADS=1) and once with
 * the default worker count. Thread-instructions are counted by the
 * simulator (active lanes of every executed instruction). Not a test: run
 * with `meson test --benchmark` / `meson benchmark` or directly.
 * Usage: agx-sim-bench [scale]   (default 4: 64K threads)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../tests/sim/sim_exec_util.h"

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ALU-bound: an 80-iteration loop of 32 integer and float ALU ops. */
static const char *alu_kernel = "get_sr r2, sr80\n"
                                "mov_imm r4, 0, 0b0\n"
                                "mov_imm r5, 80, 0b0\n"
                                "iadd r6, r2, 1\n"
                                "convert u32_to_f, r7, r2, rte\n"
                                "mov_imm r8, 1065353216, 0b0\n"
                                "mov_imm r9, 3, 0b0\n"
                                "loop:\n"
                                "while_icmp r0l, ult, r4, r5, 1\n"
                                "jmp_exec_none @done\n"
                                "iadd r6, r6, r2\n"
                                "imadd r9, r9, r6, 5\n"
                                "xor r10, r9, r6\n"
                                "fmadd32 r7, r7, 0.5, r8\n"
                                "fmul32 r11, r7, r8\n"
                                "fadd32 r8, r11, 0.25\n"
                                "bfi r12, r10, r6, 8, mask 0xFF\n"
                                "iadd r6, r6, r12\n"
                                "and r13, r6, r9\n"
                                "or r14, r13, r10\n"
                                "iadd r9, r9, r14\n"
                                "fmadd32 r8, r8, 0.5, r7\n"
                                "icmpsel ult, r15, r6, r9, r6, r9\n"
                                "iadd r6, r15, 1\n"
                                "asr r16, r9, 3\n"
                                "iadd r9, r16, r6\n"
                                "iadd r6, r6, r2\n"
                                "imadd r9, r9, r6, 5\n"
                                "xor r10, r9, r6\n"
                                "fmadd32 r7, r7, 0.5, r8\n"
                                "fmul32 r11, r7, r8\n"
                                "fadd32 r8, r11, 0.25\n"
                                "bfi r12, r10, r6, 8, mask 0xFF\n"
                                "iadd r6, r6, r12\n"
                                "and r13, r6, r9\n"
                                "or r14, r13, r10\n"
                                "iadd r9, r9, r14\n"
                                "fmadd32 r8, r8, 0.5, r7\n"
                                "icmpsel ult, r15, r6, r9, r6, r9\n"
                                "iadd r6, r15, 1\n"
                                "iadd r4, r4, 1\n"
                                "jmp_exec_any @loop\n"
                                "done:\n"
                                "pop_exec r0l, 1\n"
                                "iadd r9, r9, r6\n"
                                "device_store 0, i32, x, r9, u0_u1, r2, unsigned, 0\n"
                                "stop\n";

/* Memory-bound: 32 iterations of load 4 words / add / store 4 words at
 * addresses striding through a 4 MiB buffer. */
static const char *mem_kernel =
   "get_sr r2, sr80\n"
   "mov_imm r4, 0, 0b0\n"
   "mov_imm r5, 32, 0b0\n"
   "mov_imm r12, 65535, 0b0\n"
   "and r6, r2, r12\n"
   "loop:\n"
   "while_icmp r0l, ult, r4, r5, 1\n"
   "jmp_exec_none @done\n"
   "device_load 0, i32, xyzw, r8_r9_r10_r11, u0_u1, r6, unsigned, lsl 2\n"
   "wait 0\n"
   "iadd r8, r8, r9\n"
   "iadd r10, r10, r11\n"
   "iadd r8, r8, r10\n"
   "iadd r9, r8, 1\n"
   "device_store 0, i32, xyzw, r8_r9_r10_r11, u0_u1, r6, unsigned, lsl 2, 0\n"
   "imadd r6, r6, 33, 7\n"
   "and r6, r6, r12\n"
   "iadd r4, r4, 1\n"
   "jmp_exec_any @loop\n"
   "done:\n"
   "pop_exec r0l, 1\n"
   "stop\n";

static double
bench(struct env *e, const char *name, const char *src, uint32_t threads, const char *workers)
{
   if (workers)
      setenv("AGX_SIM_THREADS", workers, 1);
   else
      unsetenv("AGX_SIM_THREADS");
   uint64_t before = agx_sim_test_thread_insns(e->sim);
   double t0 = now_s();
   int st = env_dispatch(e, src, threads, 256, 0, NULL, 0);
   double t = now_s() - t0;
   uint64_t n = agx_sim_test_thread_insns(e->sim) - before;
   if (st != 1) {
      char msg[512];
      agx_sim_test_gpu_errors(e->sim, msg, sizeof(msg));
      fprintf(stderr, "%s failed: %s\n", name, msg);
      exit(1);
   }
   double rate = n / t;
   printf("%-4s kernel, %-8s workers: %11llu thread-instructions in %.3f s = %7.1f M/s\n", name,
          workers ? workers : "default", (unsigned long long)n, t, rate / 1e6);
   return rate;
}

int
main(int argc, char **argv)
{
   (void)sim_test_failures;
   unsigned scale = argc > 1 ? (unsigned)atoi(argv[1]) : 4;
   if (scale == 0)
      scale = 1;
   struct env e;
   env_init(&e);
   double alu1 = bench(&e, "ALU", alu_kernel, 16384 * scale, "1");
   double mem1 = bench(&e, "mem", mem_kernel, 16384 * scale, "1");
   bench(&e, "ALU", alu_kernel, 16384 * scale, NULL);
   bench(&e, "mem", mem_kernel, 16384 * scale, NULL);
   printf("per host core: ALU-bound %.1f M thread-instructions/s, memory-bound %.1f M/s\n",
          alu1 / 1e6, mem1 / 1e6);
   env_fini(&e);
   return 0;
}
