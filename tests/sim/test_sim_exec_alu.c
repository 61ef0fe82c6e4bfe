/*
 * ALU semantics through the full submit path: every ALU class with edge
 * values (NaN, infinities, denormal flushing, integer overflow and
 * saturation, 16-bit halves). Each case is a one-thread dispatch that loads
 * its operands with mov_imm, runs the instruction under test and stores r3
 * to memory; expected values follow the rules in sim/usc/agx_sim_float.c and
 * sim/usc/agx_sim_isa_alu.c (applegpu's hardware-validated model).
 */
#include "sim_exec_util.h"

static struct env E;

static uint32_t
run_op(const char *op, uint32_t a, uint32_t b, uint32_t c)
{
   char src[1024];
   snprintf(src, sizeof(src),
            "mov_imm r1, %u, 0b0\n"
            "mov_imm r2, %u, 0b0\n"
            "mov_imm r4, %u, 0b0\n"
            "mov_imm r3, 0, 0b0\n"
            "%s\n"
            "device_store 0, i32, x, r3, u0_u1, 0, signed, 0\n"
            "stop\n",
            a, b, c, op);
   memset(E.data, 0xAB, 4);
   int st = env_dispatch(&E, src, 1, 1, 0, NULL, 0);
   if (st != 1) {
      fprintf(stderr, "'%s' failed with status %d\n", op, st);
      sim_test_failures++;
   }
   return data32(&E, 0);
}

#define OP(op, a, b, c, expect) CHECK_EQ(run_op(op, a, b, c), expect)

int
main(void)
{
   env_init(&E);
   const uint32_t one = f2u(1.0f), two = f2u(2.0f), half = f2u(0.5f);
   const uint32_t inf = 0x7F800000u, ninf = 0xFF800000u, qnan = 0x7FC00000u;
   const uint32_t fmin = 0x00800000u; /* FLT_MIN */

   /* moves */
   OP("mov_imm r3, 4294967295, 0b0", 0, 0, 0, 0xFFFFFFFFu);
   OP("mov_imm r3h, 4660", 0, 0, 0, 0x12340000u);

   /* integer add/sub: wrap, saturate (unsigned and signed), shift, halves */
   OP("iadd r3, r1, r2", 0x7FFFFFFF, 1, 0, 0x80000000u);
   OP("iadd r3, r1, 5", 0xFFFFFFFF, 0, 0, 4);
   OP("iadd.sat r3, r1, r2", 0xFFFFFFFF, 1, 0, 0xFFFFFFFFu);
   OP("iadd.sat r3, r1.sx, r2.sx", 0x7FFFFFFF, 1, 0, 0x7FFFFFFFu);
   OP("iadd.sat r3, r1.sx, r2.sx", 0x80000000, 0xFFFFFFFF, 0, 0x80000000u);
   OP("isub r3, r1, r2", 0, 1, 0, 0xFFFFFFFFu);
   OP("isub.sat r3, r1, r2", 0, 1, 0, 0);
   OP("iadd r3, r1, r2, lsl 2", 1, 3, 0, 13);
   OP("iadd r3, r1l, r2l", 0x0001FFFF, 0x00010001, 0, 0x10000);
   OP("iadd r3, r1l.sx, r2l", 0xFFFF, 2, 0, 1);
   OP("iadd r3l, r1l, r2l", 0xFFFF, 2, 0, 1);

   /* multiply-add: wrap, sign extension, saturation */
   OP("imadd r3, r1, r2, r4", 0x10000, 0x10000, 5, 5);
   OP("imadd r3, r1, r2, r4", 7, 6, 0xFFFFFFFF, 41);
   OP("imsub r3, r1, r2, r4", 7, 6, 2, 40);
   OP("imadd.sat r3, r1, r2, r4", 0x10000, 0x10000, 0, 0xFFFFFFFFu);
   OP("imadd.sat r3, r1.sx, r2.sx, r4", 0xFFFF0000, 0x10000, 0, 0x80000000u);

   /* bit operations */
   OP("and r3, r1, r2", 0xF0F0F0F0, 0xFF00FF00, 0, 0xF000F000u);
   OP("or r3, r1, r2", 0xF0F0F0F0, 0x0F000000, 0, 0xFFF0F0F0u);
   OP("xor r3, r1, r2", 0xFFFF0000, 0xFF00FF00, 0, 0x00FFFF00u);
   OP("not r3, r1", 0x0000FFFF, 0, 0, 0xFFFF0000u);
   OP("nand r3, r1, r2", 0xFFFFFFFF, 0x0000FFFF, 0, 0xFFFF0000u);
   OP("popcount r3, r1", 0xF0F00001, 0, 0, 9);
   OP("bitrev r3, r1", 0x00000001, 0, 0, 0x80000000u);
   OP("ffs r3, r1", 0x00010010, 0, 0, 16);
   OP("ffs r3, r1", 0, 0, 0, 0xFFFFFFFFu);
   OP("intl r3, r1, r2", 0xFFFF, 0, 0, 0x55555555u);

   /* shifts and bitfields (shift amounts are taken mod 128) */
   OP("bfi r3, r1, r2, r4, mask 0xFF", 0xFFFFFFFF, 0x12, 8, 0xFFFF12FFu);
   OP("bfi r3, r1, r2, r4", 0, 1, 31, 0x80000000u);
   OP("bfi r3, r1, r2, r4", 0, 1, 32, 0);
   OP("bfeil r3, r1, r2, r4, mask 0xFF", 0, 0x12345678, 8, 0x56u);
   OP("extr r3, r1, r2, r4", 0x89ABCDEF, 0x01234567, 8, 0x6789ABCDu);
   OP("asr r3, r1, r2", 0x80000000, 4, 0, 0xF8000000u);
   OP("asr r3, r1, r2", 0x80000000, 100, 0, 0xFFFFFFFFu);
   OP("asr r3, r1l, r2", 0x8000, 1, 0, 0xFFFFC000u);

   /* compare and select */
   OP("icmpsel slt, r3, r1, r2, r1, r2", 0xFFFFFFFF, 1, 0, 0xFFFFFFFFu);
   OP("icmpsel ult, r3, r1, r2, r1, r2", 0xFFFFFFFF, 1, 0, 1);
   OP("icmpsel ueq, r3, r1, r2, 7, 9", 3, 3, 0, 7);
   OP("fcmpsel lt, r3, r1, r2, 7, 9", one, two, 0, 7);
   OP("fcmpsel lt, r3, r1, r2, 7, 9", qnan, two, 0, 9);
   OP("fcmpsel gte, r3, r1, r2, 7, 9", two, two, 0, 7);
   OP("fcmpsel eq, r3, r1, r2, 7, 9", 0x00000001, 0x80000000, 0, 7); /* denormal == -0 */
   OP("fcmpsel ltn, r3, r1, r2, r1, r2", one, qnan, 0, one);         /* NaN loses */

   /* f32 arithmetic: rounding, NaN, infinities, flushing, saturation */
   OP("fadd32 r3, r1, r2", one, two, 0, f2u(3.0f));
   OP("fadd32 r3, r1, r2", inf, ninf, 0, qnan);
   OP("fadd32 r3, r1, r2", 0x7F800001, one, 0, qnan);
   OP("fadd32 r3, r1, r2", 0x00000001, 0, 0, 0);
   OP("fadd32 r3, r1, r2", 0x807FFFFF, 0, 0, 0); /* -denormal + 0 = +0 */
   OP("fmul32 r3, r1, r2", fmin, half, 0, 0);    /* denormal result flushed */
   OP("fmul32 r3, r1, r2", 0x80800000, half, 0, 0x80000000u);
   OP("fmul32 r3, r1, r2", 0x7F7FFFFF, two, 0, inf);     /* overflow */
   OP("fmul32 r3, r1, r2", 0x80000000, f2u(5.0f), 0, 0); /* -0 * 5 + 0 = +0 */
   OP("fmadd32 r3, r1, r2, r4", f2u(1.0f + 0x1p-23f), f2u(1.0f - 0x1p-23f), f2u(-1.0f),
      f2u(-0x1p-46f)); /* fused: exact -2^-46 */
   OP("fadd32.sat r3, r1, r2", two, two, 0, one);
   OP("fadd32.sat r3, r1, r2", f2u(-1.0f), 0, 0, 0);
   OP("fadd32.sat r3, r1, r2", qnan, 0, 0, 0);
   OP("fadd32 r3, r1.neg, r2.abs", one, f2u(-2.0f), 0, one);
   OP("fadd32 r3, r1, 0.5", one, 0, 0, f2u(1.5f));
   OP("fadd32 r3l, r1, r2", one, f2u(0x1p-12f), 0, 0x3C00u); /* rounds to f16 1.0 */

   /* f16 arithmetic keeps denormals */
   OP("fmul16 r3l, r1l, r2l", 0x0001, 0x3C00, 0, 0x0001);
   OP("fadd16 r3l, r1l, r2l", 0x7BFF, 0x7BFF, 0, 0x7C00);
   OP("fmadd16 r3l, r1l, r2l, r4l", 0x3C00, 0x4000, 0x3800, 0x4100); /* 1*2+0.5 */
   OP("fadd16 r3l, r1l, r2l", 0x7E01, 0x3C00, 0, 0x7E00);

   /* float unary and convert */
   OP("floor r3, r1", f2u(-2.5f), 0, 0, f2u(-3.0f));
   OP("ceil r3, r1", f2u(2.25f), 0, 0, f2u(3.0f));
   OP("trunc r3, r1", f2u(-2.75f), 0, 0, f2u(-2.0f));
   OP("rint r3, r1", f2u(2.5f), 0, 0, f2u(2.0f));
   OP("rcp r3, r1", f2u(4.0f), 0, 0, f2u(0.25f));
   OP("rsqrt r3, r1", f2u(16.0f), 0, 0, f2u(0.25f));
   OP("exp2 r3, r1", f2u(3.0f), 0, 0, f2u(8.0f));
   OP("log2 r3, r1", f2u(0.125f), 0, 0, f2u(-3.0f));
   OP("convert f_to_s32, r3, r1, rtz", f2u(-7.9f), 0, 0, (uint32_t)-7);
   OP("convert f_to_s32, r3, r1, rte", f2u(2.5f), 0, 0, 2);
   OP("convert f_to_s32, r3, r1, rtz", f2u(3e9f), 0, 0, 0x7FFFFFFFu);
   OP("convert f_to_u32, r3, r1, rtz", f2u(-5.0f), 0, 0, 0);
   OP("convert f_to_s32, r3, r1, rtz", qnan, 0, 0, 0);
   OP("convert u32_to_f, r3, r1, rte", 16777217, 0, 0, f2u(16777216.0f));
   OP("convert u32_to_f, r3, r1, rtz", 0xFFFFFFFF, 0, 0, 0x4F7FFFFFu);
   OP("convert s32_to_f, r3, r1, rte", 0xFFFFFFFE, 0, 0, f2u(-2.0f));
   OP("convert u8_to_f, r3, r1, rte", 0x1FF, 0, 0, f2u(255.0f));

   /* special registers of a one-thread dispatch */
   OP("get_sr r3, sr80", 0, 0, 0, 0);
   OP("get_sr r3, sr4", 0, 0, 0, 1);

   env_fini(&E);
   return SIM_TEST_RESULT();
}
