/*
 * Control flow on the GPU model: divergent if/else, nested execution-mask
 * states, loops with while/jmp_exec_any/jmp_exec_none, call/ret, ballots
 * and shuffles. Each program stores one result per thread at
 * data[thread_position_in_grid.x], checked against the C equivalent.
 */
#include "sim_exec_util.h"

static struct env E;

static void
run_and_check(const char *name, const char *src, unsigned threads, unsigned local,
              uint32_t (*expect)(unsigned tid))
{
   memset(E.data, 0xEE, threads * 4 + 64);
   int st = env_dispatch(&E, src, threads, local, 0, NULL, 0);
   if (st != 1) {
      char msg[512];
      agx_sim_test_gpu_errors(E.sim, msg, sizeof(msg));
      fprintf(stderr, "%s: status %d (%s)\n", name, st, msg);
      sim_test_failures++;
      return;
   }
   unsigned bad = 0;
   for (unsigned t = 0; t < threads; t++) {
      if (data32(&E, t) != expect(t) && bad++ < 4)
         fprintf(stderr, "%s: thread %u got %u expected %u\n", name, t, data32(&E, t), expect(t));
   }
   CHECK_EQ(bad, 0);
   CHECK_EQ(data32(&E, threads), 0xEEEEEEEEu); /* nothing beyond the grid */
}

/* if (tid < 16) r3 = 100 else r3 = 200; r3 += tid */
static const char *if_else = "get_sr r2, sr80\n"
                             "mov_imm r3, 0, 0b0\n"
                             "if_icmp r0l, ult, r2, 16, 1\n"
                             "mov_imm r3, 100, 0b0\n"
                             "else_icmp r0l, ueq, 0, 0, 1\n"
                             "mov_imm r3, 200, 0b0\n"
                             "pop_exec r0l, 1\n"
                             "iadd r3, r3, r2\n"
                             "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                             "stop\n";
static uint32_t
if_else_ref(unsigned t)
{
   return (t < 16 ? 100 : 200) + t;
}

/* if (tid < 40) { if (tid & 1) r3 = 1; else r3 = 2; r3 += 10 } else r3 = 3 */
static const char *nested = "get_sr r2, sr80\n"
                            "and r4, r2, 1\n"
                            "mov_imm r3, 0, 0b0\n"
                            "if_icmp r0l, ult, r2, 40, 1\n"
                            "if_icmp r0l, ueq, r4, 1, 1\n"
                            "mov_imm r3, 1, 0b0\n"
                            "else_icmp r0l, ueq, 0, 0, 1\n"
                            "mov_imm r3, 2, 0b0\n"
                            "pop_exec r0l, 1\n"
                            "iadd r3, r3, 10\n"
                            "else_icmp r0l, ueq, 0, 0, 1\n"
                            "mov_imm r3, 3, 0b0\n"
                            "pop_exec r0l, 1\n"
                            "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                            "stop\n";
static uint32_t
nested_ref(unsigned t)
{
   return t < 40 ? ((t & 1) ? 1 : 2) + 10 : 3;
}

/* for (i = 0; i < tid % 7; i++) r3 += 3 */
static const char *loop = "get_sr r2, sr80\n"
                          "mov_imm r5, 7, 0b0\n"
                          "mov_imm r6, 0, 0b0\n"
                          "mov_imm r3, 0, 0b0\n"
                          "mov_imm r4, 0, 0b0\n"
                          /* r6 = tid % 7 by repeated subtraction inside a second loop */
                          "mov_imm r6, 0, 0b0\n"
                          "iadd r7, r2, 0\n"
                          "mod:\n"
                          "while_icmp r0l, ugte, r7, r5, 1\n"
                          "jmp_exec_none @mod_end\n"
                          "isub r7, r7, r5\n"
                          "jmp_exec_any @mod\n"
                          "mod_end:\n"
                          "pop_exec r0l, 1\n"
                          "loop:\n"
                          "while_icmp r0l, ult, r4, r7, 1\n"
                          "jmp_exec_none @end\n"
                          "iadd r3, r3, 3\n"
                          "iadd r4, r4, 1\n"
                          "jmp_exec_any @loop\n"
                          "end:\n"
                          "pop_exec r0l, 1\n"
                          "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                          "stop\n";
static uint32_t
loop_ref(unsigned t)
{
   return 3 * (t % 7);
}

/* call a function that doubles r3 (uses the link register r1) */
static const char *call_ret = "get_sr r2, sr80\n"
                              "iadd r3, r2, 5\n"
                              "call @twice\n"
                              "iadd r3, r3, 1\n"
                              "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                              "stop\n"
                              "twice:\n"
                              "iadd r3, r3, r3\n"
                              "ret r1\n";
static uint32_t
call_ref(unsigned t)
{
   return 2 * (t + 5) + 1;
}

/* ballot of (tid odd) and shuffle_xor 1 of tid */
static const char *ballot = "get_sr r2, sr80\n"
                            "get_sr r5, sr52\n"
                            "and r4, r2, 1\n"
                            "icmp_ballot r3, ueq, r4, 1\n"
                            "simd_shuffle_xor r6, r2, 1\n"
                            "iadd r3, r3, r6\n"
                            "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                            "stop\n";
static uint32_t
ballot_ref(unsigned t)
{
   return 0xAAAAAAAAu + (t ^ 1);
}

/* divergent loop with early exit of some lanes via nested if + break-like
 * pop: threads whose tid is a multiple of 3 skip the loop entirely */
static const char *skip = "get_sr r2, sr80\n"
                          "mov_imm r3, 1, 0b0\n"
                          "mov_imm r5, 3, 0b0\n"
                          "iadd r7, r2, 0\n"
                          "m3:\n"
                          "while_icmp r0l, ugte, r7, r5, 1\n"
                          "jmp_exec_none @m3_end\n"
                          "isub r7, r7, r5\n"
                          "jmp_exec_any @m3\n"
                          "m3_end:\n"
                          "pop_exec r0l, 1\n"
                          "if_icmp r0l, ueq, r7, 0, 1\n"
                          "jmp_exec_none @skip\n"
                          "mov_imm r3, 9, 0b0\n"
                          "skip:\n"
                          "pop_exec r0l, 1\n"
                          "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                          "stop\n";
static uint32_t
skip_ref(unsigned t)
{
   return t % 3 == 0 ? 9 : 1;
}

/* shuffle_down 1 + shuffle_up 2 + rotate_up 1 of tid, each in its own
 * SIMD-group; out-of-range targets read the lane's own value */
static const char *shuffles = "get_sr r2, sr80\n"
                              "get_sr r5, sr52\n"
                              "mov_imm r7, 1, 0b0\n"
                              "mov_imm r8, 2, 0b0\n"
                              "simd_shuffle_down r3, r2, r7l\n"
                              "simd_shuffle_up r4, r2, r8l\n"
                              "simd_shuffle_rotate_up r6, r5, r7l\n"
                              "imadd r3, r3, 100, r4\n"
                              "imadd r3, r3, 100, r6\n"
                              "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                              "stop\n";
static uint32_t
shuffles_ref(unsigned t)
{
   unsigned lane = t & 31;
   unsigned down = lane < 31 ? t + 1 : t;
   unsigned up = lane >= 2 ? t - 2 : t;
   unsigned rot = (lane + 31) & 31;
   return (down * 100 + up) * 100 + rot;
}

/* simd_shuffle with a per-lane index: lane t reads lane 31 - t */
static const char *shuffle_index = "get_sr r2, sr80\n"
                                   "get_sr r5, sr52\n"
                                   "mov_imm r7, 31, 0b0\n"
                                   "isub r7, r7, r5\n"
                                   "simd_shuffle r3, r2, r7l\n"
                                   "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                                   "stop\n";
static uint32_t
shuffle_index_ref(unsigned t)
{
   /* the low index bits are OR-ed over each quad: lanes 4q..4q+3 ask for
    * 3,2,1,0 in their target quad -> all read offset 3 of quad 7 - q */
   unsigned q = (t & 31) >> 2;
   return (t & ~31u) + (7 - q) * 4 + 3;
}

/* subgroup reduce / exclusive prefix sum in divergent code: odd lanes
 * only; result = prefix * 1000 + reduce (even lanes store 7) */
static const char *reduce = "get_sr r2, sr80\n"
                            "mov_imm r3, 7, 0b0\n"
                            "and r4, r2, 1\n"
                            "if_icmp r0l, ueq, r4, 1, 1\n"
                            "iadd r5, r2, 0\n"
                            "mov_imm r8, 1000, 0b0\n"
                            "simd_iadd r6, r5\n"
                            "simd_prefix_iadd r7, r5\n"
                            "imadd r3, r7, r8, r6\n"
                            "pop_exec r0l, 1\n"
                            "device_store 0, i32, x, r3, u0_u1, r2, unsigned, 0\n"
                            "stop\n";
static uint32_t
reduce_ref(unsigned t)
{
   if (!(t & 1))
      return 7;
   unsigned base = t & ~31u, sum = 0, pre = 0;
   for (unsigned l = base + 1; l < base + 32; l += 2) {
      if (l < t)
         pre += l;
      sum += l;
   }
   return pre * 1000 + sum;
}

int
main(void)
{
   env_init(&E);
   run_and_check("if_else", if_else, 64, 64, if_else_ref);
   run_and_check("nested", nested, 64, 32, nested_ref);
   run_and_check("loop", loop, 96, 96, loop_ref);
   run_and_check("loop partial group", loop, 50, 64, loop_ref);
   run_and_check("call_ret", call_ret, 64, 32, call_ref);
   run_and_check("ballot", ballot, 64, 64, ballot_ref);
   run_and_check("skip", skip, 64, 64, skip_ref);
   run_and_check("shuffles", shuffles, 64, 64, shuffles_ref);
   run_and_check("reduce", reduce, 64, 64, reduce_ref);
   run_and_check("shuffle index", shuffle_index, 64, 32, shuffle_index_ref);
   env_fini(&E);
   return SIM_TEST_RESULT();
}
