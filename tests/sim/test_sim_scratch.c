/*
 * Stack (scratch) memory in the GPU model: launches whose USC Registers
 * word has a nonzero Spill size get their stacks from the command's helper
 * program (our cl_kernels/helper/agx_helper.s, run by the model as the GPU
 * would), stack_load/stack_store go through the mapped blocks into GPU
 * memory, and every way of using a stack without one faults.
 *
 * Assumes: the memory layout of agx_helper_layout.h; one simulated core
 * (core_index 0); the model's dword interleave inside a block (see
 * sim/usc/agx_sim_isa_mem.c).
 */
#include "sim_exec_util.h"

#include "agx_helper_layout.h"
#include "agx_helper_program.h"

static struct env E;

#define SCRATCH_OFF (1u * MiB) /* header, in the data BO */
#define BLOCKLIST_OFF (SCRATCH_OFF + 4096)
#define BLOCKS_OFF (SCRATCH_OFF + 65536)
#define BLOCK_BYTES 1024u /* log4 = 0: 32 threads x 8 dwords */

static uint32_t helper_pipe;

static uint32_t
rd32(uint64_t off)
{
   uint32_t v;
   memcpy(&v, E.data + off, 4);
   return v;
}

static void
wr32(uint64_t off, uint32_t v)
{
   memcpy(E.data + off, &v, 4);
}

/* Header + block list for one core: `subgroups` slots of `nblocks` blocks
 * of BLOCK_BYTES each. */
static void
scratch_setup(unsigned subgroups, unsigned nblocks)
{
   memset(E.data + SCRATCH_OFF, 0, 65536);
   wr32(SCRATCH_OFF, subgroups);
   uint64_t core = SCRATCH_OFF + agx_helper_core_offset(0);
   uint64_t bl = DATA_VA + BLOCKLIST_OFF;
   memcpy(E.data + core + AGX_HELPER_CORE_BLOCKLIST, &bl, 8);
   for (unsigned sg = 0; sg < subgroups; sg++) {
      uint64_t base = DATA_VA + BLOCKS_OFF + (uint64_t)sg * nblocks * BLOCK_BYTES;
      for (unsigned b = 0; b < 4; b++) {
         uint32_t w = 0;
         if (b < nblocks)
            w = (uint32_t)((base + b * BLOCK_BYTES) >> 8) | 1u; /* log4 0: mask 1 */
         wr32(BLOCKLIST_OFF + sg * 16 + b * 4, w);
      }
   }
}

static uint32_t
core_field(unsigned off)
{
   return rd32(SCRATCH_OFF + agx_helper_core_offset(0) + off);
}

/* Run src on `threads` threads (local size `local`) with Spill size spill;
 * u0_u1 = DATA_VA. Returns the fence status. */
static int
run(const char *src, uint32_t threads, uint32_t local, unsigned spill)
{
   uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
   struct pipe_desc p = {.code = env_asm(&E, src), .regs = 256, .nuni = 1, .spill = spill};
   p.uni[0].start = 0;
   p.uni[0].size = 4;
   p.uni[0].va = env_upload(&E, u, sizeof(u));
   uint32_t pipe = env_pipeline(&E, &p);
   struct cdm s = cdm_begin(&E);
   uint32_t g[3] = {threads, 1, 1}, l[3] = {local, 1, 1};
   cdm_launch(&s, pipe, 0, AGX_CDM_MODE_DIRECT, g, 0, l);
   cdm_barrier(&s, false);
   cdm_terminate(&s);
   return env_run(&E, s.start);
}

static void
expect_error(int st, const char *needle)
{
   char msg[512] = "";
   agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
   CHECK_EQ(st, -EIO);
   if (!strstr(msg, needle)) {
      fprintf(stderr, "expected '%s' in: %s\n", needle, msg);
      CHECK(0);
   }
}

/* data[2 tid] = tid * 7, data[2 tid + 1] = tid * 7 + 1, through the stack
 * at byte offset OFF. */
#define SPILL_SRC(OFF)                                        \
   "get_sr r2, sr80\n"                                        \
   "imadd r3, r2, 7, 0\n"                                     \
   "iadd r4, r3, 1\n"                                         \
   "stack_store i32, 1, 0, xy, 4, r3_r4, " OFF ", 0\n"        \
   "mov_imm r3, 0, 0b0\n"                                     \
   "mov_imm r4, 0, 0b0\n"                                     \
   "stack_load r5, i32, 1, 0, xy, 4, " OFF ", 1\n"            \
   "wait 1\n"                                                 \
   "imadd r7, r2, 2, 0\n"                                     \
   "device_store 0, i32, xy, r5_r6, u0_u1, r7, unsigned, 0\n" \
   "stop\n"

static void
check_spill_results(unsigned threads)
{
   for (unsigned t = 0; t < threads; t++) {
      CHECK_EQ(rd32(8 * t), t * 7);
      CHECK_EQ(rd32(8 * t + 4), t * 7 + 1);
   }
}

/* One threadgroup of 2 SIMD-groups: slots 0 and 1, freed in reverse, so
 * the values sit in slot 0's and 1's block at the model's interleave. */
static void
test_spill_one_group(void)
{
   scratch_setup(8, 1);
   memset(E.data, 0, 4096);
   CHECK_EQ(run(SPILL_SRC("16"), 64, 64, 1), 1);
   check_spill_results(64);
   for (unsigned t = 0; t < 64; t++) {
      uint64_t blk = BLOCKS_OFF + (t / 32) * BLOCK_BYTES;
      CHECK_EQ(rd32(blk + (4 * 32 + t % 32) * 4), t * 7);
      CHECK_EQ(rd32(blk + (5 * 32 + t % 32) * 4), t * 7 + 1);
   }
   CHECK_EQ(core_field(AGX_HELPER_CORE_ALLOC_CUR), 0);
   CHECK_EQ(core_field(AGX_HELPER_CORE_ALLOC_MAX), 2);
   CHECK_EQ(core_field(AGX_HELPER_CORE_ALLOC_FAILED), 0);
   CHECK_EQ(core_field(AGX_HELPER_CORE_ALLOC_COUNT + 4 * 1), 2);
   /* the block list holds the blocks again after STACK_FREE */
   CHECK_EQ(rd32(BLOCKLIST_OFF), (uint32_t)((DATA_VA + BLOCKS_OFF) >> 8) | 1u);
   CHECK_EQ(rd32(BLOCKLIST_OFF + 16), (uint32_t)((DATA_VA + BLOCKS_OFF + BLOCK_BYTES) >> 8) | 1u);
}

/* Many threadgroups over all host workers, a second block (offset 40 =
 * dword 10 lies in block 1), and slots reused between threadgroups. */
static void
test_spill_many_groups(void)
{
   scratch_setup(16, 2);
   memset(E.data, 0, 65536);
   CHECK_EQ(run(SPILL_SRC("40"), 2048, 128, 2), 1);
   check_spill_results(2048);
   CHECK_EQ(core_field(AGX_HELPER_CORE_ALLOC_CUR), 0);
   CHECK_EQ(core_field(AGX_HELPER_CORE_ALLOC_COUNT + 4 * 2), 64);
   CHECK(core_field(AGX_HELPER_CORE_ALLOC_MAX) >= 4);
   CHECK(core_field(AGX_HELPER_CORE_ALLOC_MAX) <= 16);
}

static void
test_faults(void)
{
   /* a spilling launch without a helper program */
   E.helper.binary = 0;
   expect_error(run(SPILL_SRC("16"), 32, 32, 1), "names no helper program");
   E.helper.binary = helper_pipe | 1;

   /* stack access from a launch with Spill size 0: nothing is mapped */
   scratch_setup(8, 1);
   expect_error(run(SPILL_SRC("16"), 32, 32, 0), "no stack mapped");

   /* past the mapped blocks (one block = 32 bytes per thread) */
   scratch_setup(8, 1);
   expect_error(run(SPILL_SRC("32"), 32, 32, 1), "outside the mapped stack");

   /* fewer slots than SIMD-groups in a threadgroup: the helper NACKs */
   scratch_setup(1, 1);
   expect_error(run(SPILL_SRC("16"), 64, 64, 1), "cannot map stacks");
   CHECK(core_field(AGX_HELPER_CORE_ALLOC_FAILED) >= 1);

   /* blocks pointing at unmapped GPU memory */
   scratch_setup(8, 1);
   wr32(BLOCKLIST_OFF, (uint32_t)(0x5000000000ull >> 8) | 1u);
   expect_error(run(SPILL_SRC("16"), 32, 32, 1), "unmapped write fault");
}

/* Helper programs that break the protocol stop the command. */
static void
test_bad_helpers(void)
{
   uint32_t saved = E.helper.binary;
   struct pipe_desc p = {.regs = 64};

   /* ends without ever waiting for an op */
   p.code = env_asm(&E, "stop\n");
   E.helper.binary = env_pipeline(&E, &p) | 1;
   scratch_setup(8, 1);
   expect_error(run(SPILL_SRC("16"), 32, 32, 1), "expected doorbell 32");

   /* answers NEXT with NEXT instead of ACK/NACK */
   p.code = env_asm(&E, "spin:\ndoorbell 32\njmp_exec_any @spin\n");
   E.helper.binary = env_pipeline(&E, &p) | 1;
   expect_error(run(SPILL_SRC("16"), 32, 32, 1), "instead of ACK/NACK");

   /* doorbell and map are helper-only instructions */
   E.helper.binary = saved;
   expect_error(run("doorbell 32\nstop\n", 32, 32, 0), "doorbell outside");
   expect_error(run("mov_imm r2, 1, 0b0\n"
                    "map target0, r2, 0, 0b00, 0b0, 0b000, 0b10000, 0b00010000\nstop\n",
                    32, 32, 0),
                "outside a helper");
}

/* Block shapes and Spill sizes against the rules Mesa's agx_scratch.c
 * states (log4 from the unit count, 4 blocks of one size bumped to the
 * next size, 4 blocks of the largest size at the top). */
static void
test_layout_rules(void)
{
   for (uint32_t dwords = 1; dwords <= 4 * (8u << 12); dwords += dwords < 4096 ? 1 : 97) {
      uint32_t units = (dwords + 7) / 8;
      unsigned lg = 0;
      while ((2u << lg) <= units)
         lg++; /* floor(log2(units)) */
      unsigned log4 = lg / 2;
      uint32_t unit = 8u << (2 * log4);
      unsigned count = (dwords + unit - 1) / unit;
      if (log4 > 6) {
         log4 = 6;
         count = 4;
      } else if (count == 4 && log4 < 6) {
         /* (at log4 6, 4 blocks already are the largest shape) */
         log4++;
         count = 1;
      }
      struct agx_helper_blocks b = agx_helper_blocks_for(dwords * 4);
      CHECK_EQ(b.log4, log4);
      CHECK_EQ(b.count, count);
      CHECK(b.count * 4u * (8u << (2 * b.log4)) >= dwords * 4);
      unsigned ceil_lg = 0;
      while ((1u << ceil_lg) < units)
         ceil_lg++;
      CHECK_EQ(agx_helper_spill_size(dwords * 4), 1 + ceil_lg < 15 ? 1 + ceil_lg : 15);
   }
   CHECK_EQ(agx_helper_spill_size(0), 0);
   CHECK_EQ(agx_helper_spill_size(32), 1);
   CHECK_EQ(agx_helper_spill_size(33), 2);
   CHECK_EQ(agx_helper_block_bytes(0), 1024);
   CHECK_EQ(agx_helper_block_bytes(6), 1024ull << 12);
}

int
main(void)
{
   test_layout_rules();
   env_init(&E);
   struct pipe_desc p = {.regs = 64};
   E.code_used = (E.code_used + 63) & ~63u;
   p.code = E.code_used;
   memcpy(E.code + p.code, agx_helper_program, sizeof(agx_helper_program));
   E.code_used += sizeof(agx_helper_program);
   helper_pipe = env_pipeline(&E, &p);
   E.helper.binary = helper_pipe | 1;
   E.helper.data = DATA_VA + SCRATCH_OFF;

   test_spill_one_group();
   test_spill_many_groups();
   test_faults();
   test_bad_helpers();
   env_fini(&E);
   return SIM_TEST_RESULT();
}
