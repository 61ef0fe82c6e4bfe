/*
 * Memory and dispatch on the GPU model: threadgroup-memory reduction with
 * barriers, device and threadgroup atomics from many threads, loads with
 * waits, indirect dispatch (both modes), 3-D grids and special registers,
 * CDM stream links and calls, preamble uniform setup, and USC uniform DMA.
 */
#include "sim_exec_util.h"

static struct env E;

static int
dispatch(const char *src, uint32_t threads, uint32_t local, unsigned shared)
{
   int st = env_dispatch(&E, src, threads, local, shared, NULL, 0);
   if (st != 1) {
      char msg[512];
      agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
      fprintf(stderr, "dispatch failed: %d (%s)\n", st, msg);
   }
   return st;
}

/* Tree reduction of tid+1 over 64 threads (2 SIMD-groups) in threadgroup
 * memory; thread 0 of each threadgroup writes the sum at data[group]. */
static void
test_local_reduction(void)
{
   char src[4096];
   int n = snprintf(src, sizeof(src),
                    "get_sr r2, sr51\n"    /* thread index in threadgroup */
                    "get_sr r8, sr0\n"     /* threadgroup id */
                    "imadd r5, r2, 4, 0\n" /* byte address of my slot */
                    "iadd r3, r2, 1\n"
                    "threadgroup_store i32, x, r3, r5l, 0\n"
                    "threadgroup_barrier\n");
   for (unsigned s = 32; s >= 1; s /= 2) {
      n += snprintf(src + n, sizeof(src) - (size_t)n,
                    "if_icmp r0l, ult, r2, %u, 1\n"
                    "iadd r6, r5, %u\n"
                    "threadgroup_load i32, x, r7, r6l, 0\n"
                    "threadgroup_load i32, x, r3, r5l, 0\n"
                    "iadd r3, r3, r7\n"
                    "threadgroup_store i32, x, r3, r5l, 0\n"
                    "pop_exec r0l, 1\n"
                    "threadgroup_barrier\n",
                    s, s * 4);
   }
   snprintf(src + n, sizeof(src) - (size_t)n,
            "if_icmp r0l, ueq, r2, 0, 1\n"
            "threadgroup_load i32, x, r3, 0, 0\n"
            "device_store 0, i32, x, r3, u0_u1, r8, unsigned, 0\n"
            "pop_exec r0l, 1\n"
            "stop\n");
   memset(E.data, 0, 64);
   CHECK_EQ(dispatch(src, 192, 64, 256), 1);
   for (unsigned g = 0; g < 3; g++)
      CHECK_EQ(data32(&E, g), 64 * 65 / 2);
}

/* 1024 threads in 8 threadgroups: add 1, umax tid, and a cmpxchg chain. */
static void
test_device_atomics(void)
{
   const char *src = "get_sr r2, sr80\n"
                     "mov_imm r7, 1, 0b0\n"
                     "atomic add, 0, r6, u0_u1, 0, signed, r7, 1, 0, 1, 4, 2\n"
                     "atomic umax, 0, r9, u0_u1, 1, signed, r2, 1, 0, 1, 4, 2\n"
                     "wait 0\n"
                     /* old values of the add are a permutation of 0..1023: store the
       * thread id at data[16 + old] */
                     "iadd r10, r6, 16\n"
                     "device_store 0, i32, x, r2, u0_u1, r10, unsigned, 0\n"
                     "stop\n";
   memset(E.data, 0, 4 * 2048);
   CHECK_EQ(dispatch(src, 1024, 128, 0), 1);
   CHECK_EQ(data32(&E, 0), 1024);
   CHECK_EQ(data32(&E, 1), 1023);
   uint8_t seen[1024] = {0};
   unsigned dup = 0;
   for (unsigned i = 0; i < 1024; i++) {
      uint32_t t = data32(&E, 16 + i);
      if (t >= 1024 || seen[t]++)
         dup++;
   }
   CHECK_EQ(dup, 0);

   /* cmpxchg: each thread swaps in tid+1 when the word equals tid, in a
    * retry loop, so the final value is the thread count */
   const char *cas = "get_sr r2, sr80\n"
                     "iadd r4, r2, 1\n" /* new value */
                     "iadd r5, r2, 0\n" /* comparand */
                     "mov_imm r9, 1, 0b0\n"
                     "retry:\n"
                     "while_icmp r0l, ueq, r9, 1, 1\n"
                     "jmp_exec_none @done\n"
                     "atomic cmpxchg, 0, r6, u0_u1, 2, signed, r4_r5, 1, 0, 1, 4, 2\n"
                     "wait 0\n"
                     "icmpsel ueq, r9, r6, r2, 0, 1\n"
                     "jmp_exec_any @retry\n"
                     "done:\n"
                     "pop_exec r0l, 1\n"
                     "stop\n";
   memset(E.data, 0, 64);
   CHECK_EQ(dispatch(cas, 256, 64, 0), 1);
   CHECK_EQ(data32(&E, 2), 256);
}

static void
test_local_atomics(void)
{
   const char *src = "get_sr r2, sr51\n"
                     "get_sr r8, sr0\n"
                     "mov_imm r3, 0, 0b0\n"
                     "if_icmp r0l, ueq, r2, 0, 1\n"
                     "threadgroup_store i32, x, r3, 0, 0\n"
                     "pop_exec r0l, 1\n"
                     "threadgroup_barrier\n"
                     "iadd r7, r2, 1\n"
                     "threadgroup_atomic add, r6, 0, 0, r7, 0, 2, 128, 0\n"
                     "threadgroup_barrier\n"
                     "if_icmp r0l, ueq, r2, 0, 1\n"
                     "threadgroup_load i32, x, r3, 0, 0\n"
                     "device_store 0, i32, x, r3, u0_u1, r8, unsigned, 0\n"
                     "pop_exec r0l, 1\n"
                     "stop\n";
   memset(E.data, 0, 64);
   CHECK_EQ(dispatch(src, 256, 128, 64), 1);
   CHECK_EQ(data32(&E, 0), 128 * 129 / 2);
   CHECK_EQ(data32(&E, 1), 128 * 129 / 2);
}

/* Loads with waits: data[64 + tid] = data[tid] * 3 + 16-bit and 8-bit
 * element loads. */
static void
test_loads(void)
{
   const char *src = "get_sr r2, sr80\n"
                     "device_load 0, i32, x, r3, u0_u1, r2, unsigned\n"
                     "device_load 1, i16, xy, r4l_r4h, u0_u1, 8, signed\n"
                     "device_load 0, i8, x, r5, u0_u1, 1, signed\n"
                     "wait 0\n"
                     "wait 1\n"
                     "imadd r3, r3, 3, r5\n"
                     "iadd r3, r3, r4l\n"
                     "iadd r6, r2, 64\n"
                     "device_store 0, i32, x, r3, u0_u1, r6, unsigned, 0\n"
                     "stop\n";
   for (unsigned i = 0; i < 64; i++) {
      uint32_t v = 1000 + i;
      memcpy(E.data + 4 * i, &v, 4);
   }
   /* data[0] = 1000 -> byte 1 = 0x03; halves 8,9 (bytes 16..19) */
   CHECK_EQ(dispatch(src, 64, 32, 0), 1);
   uint32_t b1 = (1000 >> 8) & 0xFF, h8 = 1004 & 0xFFFF;
   for (unsigned i = 0; i < 64; i++) {
      uint32_t before = 1000 + i;
      if (i == 0)
         continue;
      CHECK_EQ(data32(&E, 64 + i), before * 3 + b1 + h8);
   }
}

/* Grid shape: global (12, 4, 2) threads, local (4, 2, 1): every thread
 * writes (x | y << 8 | z << 16) at its linear grid index, and threadgroup
 * ids / sizes match. */
static void
test_grid_3d(void)
{
   const char *src = "get_sr r2, sr80\n"
                     "get_sr r3, sr81\n"
                     "get_sr r4, sr82\n"
                     "bfi r5, r2, r3, 8, mask 0xFF\n"
                     "bfi r5, r5, r4, 16, mask 0xFF\n"
                     "imadd r6, r4, 4, r3\n"  /* z * 4 + y */
                     "imadd r6, r6, 12, r2\n" /* (z * 4 + y) * 12 + x */
                     "device_store 0, i32, x, r5, u0_u1, r6, unsigned, 0\n"
                     "get_sr r7, sr1\n"  /* threadgroup y */
                     "get_sr r9, sr49\n" /* thread y in group */
                     "imadd r7, r7, 2, r9\n"
                     "iadd r6, r6, 200\n"
                     "device_store 0, i32, x, r7, u0_u1, r6, unsigned, 0\n"
                     "stop\n";
   uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
   struct pipe_desc p = {.code = env_asm(&E, src), .nuni = 1};
   p.uni[0].start = 0, p.uni[0].size = 4, p.uni[0].va = env_upload(&E, u, 8);
   uint32_t pipe = env_pipeline(&E, &p);
   struct cdm s = cdm_begin(&E);
   uint32_t g[3] = {12, 4, 2}, l[3] = {4, 2, 1};
   cdm_launch(&s, pipe, 0, AGX_CDM_MODE_DIRECT, g, 0, l);
   cdm_terminate(&s);
   memset(E.data, 0, 4 * 512);
   CHECK_EQ(env_run(&E, s.start), 1);
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 4; y++)
         for (unsigned x = 0; x < 12; x++) {
            unsigned i = (z * 4 + y) * 12 + x;
            CHECK_EQ(data32(&E, i), x | y << 8 | z << 16);
            CHECK_EQ(data32(&E, 200 + i), y);
         }
}

/* Indirect dispatch (global size from memory; then both sizes). */
static void
test_indirect(void)
{
   const char *src = "get_sr r2, sr80\n"
                     "get_sr r3, sr4\n" /* threads per threadgroup x */
                     "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                     "stop\n";
   uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
   struct pipe_desc p = {.code = env_asm(&E, src), .nuni = 1};
   p.uni[0].start = 0, p.uni[0].size = 4, p.uni[0].va = env_upload(&E, u, 8);
   uint32_t pipe = env_pipeline(&E, &p);

   uint32_t rec1[3] = {80, 1, 1};
   uint32_t rec2[6] = {40, 1, 1, 8, 1, 1};
   uint64_t r1 = env_upload(&E, rec1, sizeof(rec1));
   uint64_t r2 = env_upload(&E, rec2, sizeof(rec2));
   uint32_t l[3] = {32, 1, 1};

   struct cdm s = cdm_begin(&E);
   cdm_launch(&s, pipe, 0, AGX_CDM_MODE_INDIRECT_GLOBAL, NULL, r1, l);
   cdm_terminate(&s);
   memset(E.data, 0, 4 * 128);
   CHECK_EQ(env_run(&E, s.start), 1);
   for (unsigned i = 0; i < 80; i++)
      CHECK_EQ(data32(&E, i), i < 64 ? 32 : 16); /* last group is partial */
   CHECK_EQ(data32(&E, 80), 0);

   s = cdm_begin(&E);
   cdm_launch(&s, pipe, 0, AGX_CDM_MODE_INDIRECT_LOCAL, NULL, r2, NULL);
   cdm_terminate(&s);
   memset(E.data, 0, 4 * 128);
   CHECK_EQ(env_run(&E, s.start), 1);
   for (unsigned i = 0; i < 40; i++)
      CHECK_EQ(data32(&E, i), 8);
   CHECK_EQ(data32(&E, 40), 0);
}

/* Stream links: main calls a sub-stream (two launches), returns, jumps to
 * a tail stream that launches once more and terminates. Each launch
 * doubles data[0] then adds its id, so the order is visible. */
static void
test_stream_links(void)
{
   char src[512];
   uint32_t pipes[4];
   for (unsigned k = 1; k <= 3; k++) {
      snprintf(src, sizeof(src),
               "device_load 0, i32, x, r3, u0_u1, 0, signed\n"
               "wait 0\n"
               "imadd r3, r3, 2, %u\n"
               "device_store 0, i32, x, r3, u0_u1, 0, signed, 0\n"
               "stop\n",
               k);
      uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
      struct pipe_desc p = {.code = env_asm(&E, src), .nuni = 1};
      p.uni[0].start = 0, p.uni[0].size = 4, p.uni[0].va = env_upload(&E, u, 8);
      pipes[k] = env_pipeline(&E, &p);
   }
   uint32_t one[3] = {1, 1, 1};

   struct cdm sub = cdm_begin(&E);
   cdm_launch(&sub, pipes[2], 0, AGX_CDM_MODE_DIRECT, one, 0, one);
   cdm_barrier(&sub, false);
   cdm_launch(&sub, pipes[3], 0, AGX_CDM_MODE_DIRECT, one, 0, one);
   cdm_return(&sub);

   struct cdm tail = cdm_begin(&E);
   cdm_launch(&tail, pipes[1], 0, AGX_CDM_MODE_DIRECT, one, 0, one);
   cdm_terminate(&tail);

   struct cdm sub2 = cdm_begin(&E); /* returns through a Barrier */
   cdm_launch(&sub2, pipes[3], 0, AGX_CDM_MODE_DIRECT, one, 0, one);
   cdm_barrier(&sub2, true);

   struct cdm s = cdm_begin(&E);
   cdm_launch(&s, pipes[1], 0, AGX_CDM_MODE_DIRECT, one, 0, one);
   cdm_link(&s, sub.start, true);
   cdm_link(&s, sub2.start, true);
   cdm_link(&s, tail.start, false);

   memset(E.data, 0, 16);
   CHECK_EQ(env_run(&E, s.start), 1);
   /* 0 -> 1 (k1) -> 4 (k2) -> 11 (k3) -> 25 (k3) -> 51 (k1) */
   CHECK_EQ(data32(&E, 0), 51);

   /* a return without a call is a malformed stream */
   struct cdm bad = cdm_begin(&E);
   cdm_return(&bad);
   CHECK_EQ(env_run(&E, bad.start), -EIO);
}

/* Preamble: computes u4 = u2 * 3 + 7 with uniform_store (once per
 * dispatch, which its own device atomic proves); the main program stores
 * u4 + tid. Also checks USC Uniform High DMA into halves >= 256. */
static void
test_preamble(void)
{
   const char *pre = "iadd r2, u2, 0\n"
                     "imadd r2, r2, 3, 7\n"
                     "uniform_store 0, i16, xy, 0, r2l_r2h, 8\n"
                     "mov_imm r5, 1, 0b0\n"
                     "atomic add, 0, r6, u0_u1, 100, signed, r5, 1, 0, 1, 4, 2\n"
                     "wait 0\n"
                     "stop\n";
   const char *main_src = "get_sr r2, sr80\n"
                          "iadd r3, u4, r2\n"
                          "iadd r3, r3, u130\n"
                          "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                          "stop\n";
   uint32_t u[3] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32), 1000};
   uint32_t hi = 500000;
   struct pipe_desc p = {.code = env_asm(&E, main_src), .preamble = env_asm(&E, pre), .nuni = 2};
   p.uni[0].start = 0, p.uni[0].size = 6, p.uni[0].va = env_upload(&E, u, 12);
   p.uni[1].start = 260, p.uni[1].size = 2, p.uni[1].va = env_upload(&E, &hi, 4);
   uint32_t pipe = env_pipeline(&E, &p);
   struct cdm s = cdm_begin(&E);
   uint32_t g[3] = {96, 1, 1}, l[3] = {32, 1, 1};
   cdm_launch(&s, pipe, 16, AGX_CDM_MODE_DIRECT, g, 0, l);
   cdm_terminate(&s);
   memset(E.data, 0, 4 * 128);
   int st = env_run(&E, s.start);
   if (st != 1) {
      char msg[512];
      agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
      fprintf(stderr, "preamble: %s\n", msg);
   }
   CHECK_EQ(st, 1);
   for (unsigned i = 0; i < 96; i++)
      CHECK_EQ(data32(&E, i), 3007 + i + 500000);
   CHECK_EQ(data32(&E, 100), 1);
}

int
main(void)
{
   env_init(&E);
   test_local_reduction();
   test_device_atomics();
   test_local_atomics();
   test_loads();
   test_grid_3d();
   test_indirect();
   test_stream_links();
   test_preamble();
   env_fini(&E);
   return SIM_TEST_RESULT();
}
