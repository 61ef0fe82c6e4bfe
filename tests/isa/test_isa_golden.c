/*
 * Golden encodings: bytes written as numbers, each paired with the text the
 * community disassembler prints for them.
 *
 * Assumes: the bytes were derived from the bit layouts documented in
 * dougallj/applegpu (applegpu.py / docs.html) and Mesa AGX2.xml, e.g.
 *   stop            = 0x0088 (16 fixed bits)                 -> 88 00
 *   iadd r0, r1, r2 : opcode 0x0E in bits 0-5, D type 2 (32-bit) in bits 7-8,
 *                     D half index 0 in bits 9-14, A = half 2 at bits 16-21
 *                     with type 0b1001 (32-bit register, no hint) at 22-25,
 *                     B = half 4 at bits 28-33, type 0b1001 at 34-37
 *                     -> 0x24_4242_010E -> 0e 01 42 42 24 00 00 00
 *   fadd32 r0, r1, r2 (short form, 4 bytes; no extension bits needed)
 * There is a row for every descriptor that first-match decoding can reach
 * (placeholders included).  Every row was cross-checked locally against
 * applegpu's disassembler (identical text for all 192 rows) and, where
 * applegpu can assemble the instruction (159 rows), against its assembler
 * (identical bytes).
 * The test checks decode -> text, text -> encode -> bytes, and that decoding
 * the encoding reproduces every field.
 */
#include <stdio.h>
#include <string.h>

#include "agx_isa.h"

struct golden {
   int size;
   uint8_t bytes[AGX_ISA_MAX_BYTES];
   const char *text;
};

static const struct golden golden[] = {
   {4, {0x62, 0x00, 0x34, 0x12}, "mov_imm          r0l, 4660"},
   {6, {0x62, 0x15, 0x78, 0x56, 0x34, 0x12}, "mov_imm          r5, 305419896, 0b0"},
   {6, {0xe2, 0x09, 0x01, 0x00, 0x00, 0x00}, "mov_imm          r2.cache, 1, 0b0"},
   {4, {0x72, 0x05, 0x10, 0x04}, "get_sr           r1, sr80 (thread_position_in_grid.x)"},
   {4, {0x72, 0x0c, 0x34, 0x00}, "get_sr           r3l, sr52 (thread_index_in_simdgroup)"},
   {8, {0x0e, 0x01, 0x42, 0x42, 0x24, 0x00, 0x00, 0x00}, "iadd             r0, r1, r2"},
   {8, {0x0e, 0x01, 0x42, 0x56, 0x00, 0x00, 0x00, 0x00}, "iadd             r0, r1.sx, 5"},
   {8, {0x0e, 0x10, 0x4b, 0xc8, 0x0c, 0x00, 0x00, 0x00}, "isub             r4l, r5h, r6l.discard"},
   {8, {0x4e, 0x01, 0x42, 0x42, 0x24, 0x00, 0x00, 0x00}, "iadd.sat         r0, r1, r2"},
   {8,
    {0x0e, 0x03, 0x44, 0x83, 0x64, 0x00, 0x10, 0x00},
    "iadd             r0_r1, r2_r3, r4.sx, lsl 2"},
   {8, {0x0e, 0x0d, 0x88, 0x21, 0x29, 0x00, 0x00, 0x00}, "iadd             r3, u4, r9.cache"},
   {8, {0x1e, 0x01, 0x42, 0x42, 0x24, 0x46, 0x02, 0x00}, "imadd            r0, r1, r2, r3"},
   {8, {0x5e, 0x21, 0x52, 0x4e, 0x65, 0x00, 0x00, 0x00}, "imsub.sat        r8, r9.sx, r10.sx, 0"},
   {8,
    {0x1e, 0x0b, 0x48, 0xa2, 0xa4, 0x4c, 0x03, 0x00},
    "imadd            r2_r3, r4, r5, r6_r7, lsl 1"},
   {6, {0x3e, 0x81, 0x0a, 0x24, 0x24, 0x00}, "convert          u32_to_f, r0, r1, rte"},
   {6, {0x3e, 0x89, 0x09, 0x60, 0x24, 0x00}, "convert          f_to_s32, r2, r3, rtz"},
   {8,
    {0x2e, 0x01, 0x42, 0x42, 0x24, 0x08, 0x08, 0x00},
    "bfi              r0, r1, r2, 8, mask 0xFF"},
   {8, {0x2e, 0x81, 0x00, 0x40, 0x24, 0x04, 0x04, 0x00}, "bfeil            r0, 0, r2, 4, mask 0xF"},
   {8, {0x2e, 0x01, 0x42, 0x46, 0x24, 0x46, 0x02, 0x00}, "extr             r0, r1, r2, r3"},
   {8, {0x2e, 0x01, 0x42, 0x4a, 0x24, 0x03, 0x00, 0x00}, "shlhi            r0, r1, r2, 3"},
   {8, {0x2e, 0x81, 0x42, 0x4a, 0x24, 0x03, 0x00, 0x00}, "shrhi            r0, r1, r2, 3"},
   {8, {0x2e, 0x91, 0x4a, 0x76, 0x00, 0x00, 0x00, 0x00}, "asr              r4, r5, 7"},
   {8, {0x2e, 0x91, 0x4a, 0x7e, 0x00, 0x00, 0x00, 0x00}, "asrh             r4, r5, 7"},
   {6, {0x7e, 0x01, 0x42, 0x42, 0xa4, 0x00}, "and              r0, r1, r2"},
   {6, {0x7e, 0x01, 0x42, 0xfa, 0xc3, 0x03}, "or               r0, r1, 255"},
   {6, {0x7e, 0x00, 0x42, 0x48, 0x44, 0x00}, "xor              r0l, r1l, r2l"},
   {6, {0x7e, 0x01, 0x42, 0x4e, 0x64, 0x00}, "nand             r0, r1, r2"},
   {6, {0x7e, 0x01, 0x42, 0x46, 0x24, 0x00}, "nor              r0, r1, r2"},
   {6, {0x7e, 0x01, 0x42, 0x46, 0xa4, 0x00}, "xnor             r0, r1, r2"},
   {6, {0x7e, 0x01, 0x42, 0x06, 0x40, 0x00}, "not              r0, r1"},
   {6, {0x7e, 0x01, 0x42, 0x0a, 0x80, 0x00}, "mov              r0, r1"},
   {6, {0x7e, 0x19, 0x84, 0x09, 0x80, 0x00}, "mov              r6, u2"},
   {6, {0x7e, 0x01, 0x42, 0x42, 0xe4, 0x00}, "bitop_mov_a      0011, r0, r1, r2"},
   {6, {0x7e, 0x01, 0x42, 0x4a, 0x24, 0x00}, "bitop            0100, r0, r1, r2"},
   {6, {0x3e, 0x01, 0x42, 0x06, 0x00, 0x00}, "bitrev           r0, r1"},
   {6, {0x3e, 0x01, 0x42, 0x0a, 0x00, 0x00}, "popcount         r0, r1"},
   {6, {0x3e, 0x01, 0x42, 0x40, 0x04, 0x00}, "intl             r0, r1l, r2l"},
   {6, {0x3e, 0x01, 0x42, 0x0e, 0x00, 0x00}, "ffs              r0, r1"},
   {6, {0x2a, 0x81, 0x42, 0x42, 0x24, 0x00}, "fadd32           r0, r1, r2"},
   {6, {0x6a, 0x81, 0x42, 0x46, 0xa4, 0x00}, "fadd32.sat       r0, r1.abs, r2.neg"},
   {6, {0x2a, 0x80, 0x42, 0x02, 0x03, 0x00}, "fadd32           r0l, r1, 1.0"},
   {6, {0x1a, 0x8d, 0x48, 0x02, 0x02, 0x00}, "fmul32           r3, r4, 0.5"},
   {6, {0x26, 0x80, 0x43, 0x40, 0x04, 0x00}, "fadd16           r0l, r1h, r2l"},
   {6, {0x16, 0x80, 0x43, 0x04, 0x00, 0x01}, "fmul16           r0l, r1h.neg, 2.0"},
   {8, {0x3a, 0x81, 0x42, 0x42, 0x24, 0x46, 0x02, 0x00}, "fmadd32          r0, r1, r2, r3"},
   {8,
    {0x3a, 0x81, 0x42, 0x42, 0xe4, 0x30, 0x80, 0x00},
    "fmadd32          r0, r1, r2.abs.neg, -1.0"},
   {6, {0x36, 0x00, 0x42, 0x50, 0x04, 0x46}, "fmadd16          r0l, r1l, r2h, r3l"},
   {8,
    {0x3a, 0xa9, 0x8c, 0x61, 0x29, 0xd8, 0x02, 0x00},
    "fmadd32          r10, u6, r11.cache, r12.discard"},
   {4, {0x0a, 0x01, 0x42, 0x02}, "floor            r0, r1"},
   {6, {0x0a, 0x81, 0x42, 0x02, 0x01, 0x00}, "ceil             r0, r1"},
   {6, {0x0a, 0x81, 0x42, 0x02, 0x02, 0x00}, "trunc            r0, r1"},
   {6, {0x0a, 0x81, 0x42, 0x02, 0x03, 0x00}, "rint             r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0x82}, "rcp              r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0x92}, "rsqrt            r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0x12}, "rsqrt_special    r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0xa2}, "sin_pt_1         r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0xe2}, "sin_pt_2         r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0xc2}, "log2             r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0xd2}, "exp2             r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0x42}, "dfdx             r0, r1"},
   {4, {0x0a, 0x01, 0x42, 0x62}, "dfdy             r0, r1"},
   {8,
    {0x12, 0x01, 0x42, 0x42, 0x24, 0x46, 0x80, 0x24},
    "icmpsel          ult, r0, r1, r2, r3, r4"},
   {8,
    {0x12, 0x00, 0x42, 0x00, 0x00, 0x01, 0x41, 0x84},
    "icmpsel          seq, r0l, r1l, 0, 1, r2l"},
   {8, {0x02, 0x01, 0x42, 0x02, 0x00, 0x44, 0x00, 0x50}, "fcmpsel          gt, r0, r1, 0.0, r2, 0"},
   {8, {0x32, 0x01, 0x42, 0x42, 0x24, 0x00, 0x01, 0x00}, "icmp_ballot      r0, ueq, r1, r2"},
   {8, {0x32, 0x01, 0x42, 0x02, 0x00, 0x00, 0x00, 0xa0}, "icmp_quad_ballot r0, slt, r1, 0"},
   {8, {0x22, 0x01, 0x42, 0x42, 0x24, 0x00, 0x01, 0x20}, "fcmp_ballot      r0, lt, r1, r2"},
   {8, {0x22, 0x01, 0x42, 0x42, 0x24, 0x00, 0x00, 0xa0}, "fcmp_quad_ballot r0, gte, r1, r2"},
   {6, {0x6f, 0x01, 0x42, 0x46, 0x04, 0x00}, "simd_shuffle     r0, r1, r2l"},
   {6, {0x6f, 0x01, 0x42, 0x16, 0xc0, 0x00}, "simd_shuffle_down r0, r1, 1"},
   {6, {0x6f, 0x01, 0x42, 0x26, 0x80, 0x00}, "simd_shuffle_up  r0, r1, 2"},
   {6, {0x6f, 0x01, 0x42, 0x46, 0x40, 0x00}, "simd_shuffle_xor r0, r1, 4"},
   {6, {0x6f, 0x01, 0x42, 0x16, 0x80, 0x80}, "simd_shuffle_rotate_up r0, r1, 1"},
   {6, {0x6f, 0x01, 0x42, 0x42, 0x24, 0x00}, "quad_shuffle     r0, r1, r2"},
   {6, {0x6f, 0x01, 0x42, 0x12, 0x40, 0x00}, "quad_shuffle_xor r0, r1, 1"},
   {6, {0x6f, 0x81, 0x42, 0x22, 0x00, 0x80}, "simd_iadd        r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x32, 0x00, 0x00}, "simd_fadd        r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x62, 0x00, 0x80}, "simd_prefix_iadd r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x22, 0x80, 0x80}, "simd_min.s       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x32, 0xc0, 0x00}, "simd_max.f       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x02, 0x00, 0x00}, "quad_and         r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x52, 0x40, 0x00}, "quad_prefix_fmul r0, r1"},
   {2, {0x14, 0x02}, "ret              r1"},
   {2, {0x88, 0x00}, "stop             "},
   {2, {0x08, 0x00}, "trap             "},
   {2, {0x04, 0x02}, "call             r1"},
   {6, {0x10, 0xc0, 0x40, 0x00, 0x00, 0x00}, "call             pc+64"},
   {6, {0x00, 0xc0, 0xe0, 0xff, 0xff, 0xff}, "jmp_exec_any     pc-32"},
   {6, {0x20, 0xc0, 0x10, 0x00, 0x00, 0x00}, "jmp_exec_none    pc+16"},
   {6, {0x52, 0x0e, 0x00, 0x00, 0x00, 0x00}, "pop_exec         r0l, 1"},
   {6, {0x52, 0x08, 0x42, 0x02, 0x00, 0x00}, "if_icmp          r0l, ueq, r1, 0, 1"},
   {6, {0x52, 0xd0, 0x42, 0x42, 0x24, 0x00}, "if_icmp          r0l, sgt, r1, r2, 2"},
   {6, {0x52, 0x0b, 0x42, 0x02, 0x00, 0x00}, "else_icmp        r0l, nueq, r1, 0, 1"},
   {6, {0x52, 0x2c, 0x42, 0x42, 0x24, 0x00}, "while_icmp       r0l, ult, r1, r2, 1"},
   {6, {0x42, 0x28, 0x42, 0x02, 0x00, 0x00}, "if_fcmp          r0l, lt, r1, 0.0, 1"},
   {6, {0x42, 0xaa, 0x42, 0x42, 0x24, 0x00}, "else_fcmp        r0l, gte, r1, r2, 1"},
   {6, {0x42, 0x0c, 0x42, 0x02, 0x03, 0x00}, "while_fcmp       r0l, eq, r1, 1.0, 1"},
   {6, {0x42, 0x10, 0x00, 0x00, 0x00, 0x00}, "push_exec        r0l, 2"},
   {6, {0x42, 0x00, 0x00, 0x00, 0x00, 0x00}, "update_exec      r0l"},
   {2, {0x38, 0x00}, "wait             0"},
   {2, {0x38, 0x01}, "wait             1"},
   {2, {0x68, 0x00}, "threadgroup_barrier "},
   {2, {0xf5, 0x96}, "memory_barrier   1, 2, 9"},
   {4, {0x48, 0x01, 0x00, 0x00}, "wait_pix         1, 0"},
   {4, {0x58, 0x01, 0x00, 0x00}, "signal_pix       1, 0"},
   {2, {0x28, 0x05}, "doorbell         5"},
   {4, {0x20, 0x00, 0x08, 0x00}, "jmp_if_skipping_doorbell pc+8"},
   {8,
    {0x05, 0x01, 0x00, 0x0d, 0x00, 0xc0, 0x12, 0x00},
    "device_load      0, i32, x, r0, u0_u1, 0, signed"},
   {8,
    {0x85, 0x00, 0x84, 0x46, 0x00, 0xc4, 0xf0, 0x00},
    "device_load      1, i16, xyzw, r0l_r0h_r1l_r1h, r2_r3, r4, unsigned, lsl 1"},
   /* bits 44-46 = 7: Mesa's coherent load (agx_pack.c) */
   {8,
    {0x05, 0x01, 0x00, 0x0d, 0x00, 0xf0, 0x12, 0x00},
    "device_load.coherent 0, i32, x, r0, u0_u1, 0, signed"},
   {8,
    {0x45, 0x21, 0x04, 0x0d, 0x01, 0xc0, 0x32, 0x00},
    "device_store     0, i32, xy, r4_r5, u2_u3, 16, signed, 0"},
   {8,
    {0xc5, 0x1d, 0x0c, 0x44, 0x01, 0xd8, 0x10, 0x00},
    "device_store     1, f16, x, r3h, r6_r7, r8, signed, lsl 2, 1"},
   {8,
    {0x15, 0x00, 0x84, 0x84, 0x00, 0xd0, 0x0a, 0x00},
    "atomic           add, 0, r0, r2_r3, r4, signed, r5, 1, 0, 1, 4, 2"},
   {8,
    {0xd5, 0x00, 0x08, 0xcd, 0x00, 0xb0, 0x0c, 0x00},
    "atomic           cmpxchg, 1, r0, u4_u5, 0, signed, r6_r7, 1, 0, 1, 4, 1"},
   {6, {0x69, 0x01, 0x80, 0x02, 0x14, 0x00}, "threadgroup_load i32, x, r0, 0, 0"},
   {6, {0x69, 0x04, 0x04, 0x41, 0x34, 0x00}, "threadgroup_load i16, xy, r1l_r1h, r2l, 4"},
   {6, {0x29, 0x01, 0x48, 0xa2, 0xf0, 0x00}, "threadgroup_store i32, xyzw, r0_r1_r2_r3, u4l, r5l"},
   {10,
    {0x19, 0x81, 0x80, 0x40, 0x54, 0x80, 0x00, 0x00, 0x02, 0x00},
    "threadgroup_atomic add, r0, 0, 4, r1, 0, 2, 128, 0"},
   {8,
    {0x35, 0x02, 0x00, 0x05, 0x00, 0x80, 0x12, 0x00},
    "stack_load       r0, i32, 1, 0, x, 0, 0, 0"},
   {8,
    {0xb5, 0x12, 0x80, 0x05, 0x00, 0x80, 0x32, 0x00},
    "stack_store      i32, 1, 0, xy, 0, r2_r3, 8, 0"},
   {8, {0xc5, 0x00, 0x40, 0x39, 0x00, 0x80, 0x10, 0x00}, "uniform_store    0, i16, x, 0, r0l, 4"},
   {8,
    {0xc5, 0x08, 0x80, 0x39, 0x00, 0x80, 0x30, 0x00},
    "uniform_store    0, i16, xy, 0, r1l_r1h, 8"},
   {8, {0xed, 0x01, 0x10, 0x20, 0x00, 0x00, 0x00, 0x08}, "tex_state_store  ts1, u2_u3, r4"},
   {8, {0xad, 0x02, 0x10, 0x40, 0x00, 0x00, 0x00, 0x18}, "sampler_state_store ss2, u6_u7, r8"},
   {8,
    {0x31, 0x01, 0x08, 0x00, 0x00, 0x02, 0x0f, 0x00},
    "texture_sample   0, 0b0000, 0b0, none, xyzw, 0b00, r0_r1_r2_r3, None, ts0, ss0, tex_2d, r4_r5, auto_lod, 0"},
   {8,
    {0x71, 0x01, 0x08, 0x00, 0x03, 0x00, 0x01, 0x80},
    "texture_load     0, 0b0000, 0b1, none, x, 0b00, r0, None, ts3, ss0, tex_1d, r4, auto_lod, 0"},
   {6,
    {0xf1, 0x01, 0x88, 0x0c, 0x01, 0x4a},
    "image_write      r0_r1_r2_r3, r4_r5, r6l, None, ts1, tex_2d, rte, 1, 0, 9, 0"},
   {10,
    {0xb1, 0x80, 0x08, 0x0c, 0x01, 0x02, 0x00, 0x00, 0x02, 0x00},
    "image_write_block r0l, r4_r5, r6l, ts1, tex_2d, rte, u8norm, 0, 0, 0"},
   {4, {0x11, 0x00, 0x83, 0x00}, "st_var           0, r0, 3"},
   {4, {0x91, 0x04, 0x84, 0x00}, "st_var_final     0, r1, 4"},
   {4, {0x51, 0x00, 0x80, 0x80}, "no_var           1, r0, 0"},
   {4, {0x21, 0x01, 0x02, 0x80}, "iter             r0_r1, cf2, center, 0b0, 0, 0, 0, 0, 0"},
   {4,
    {0x61, 0x01, 0x04, 0x01},
    "iterproj         r0_r1_r2_r3, cf4, cf1, center, 0b0, 0, 0, 0, 0, 0"},
   {4, {0xa1, 0x01, 0x01, 0x40}, "TODO.ldcf        r0_r1_r2, cf1"},
   {8,
    {0x49, 0x01, 0x00, 0x04, 0xf0, 0xfc, 0x00, 0x03},
    "ld_tile          r0_r1_r2_r3, u8norm, 0, xyzw, 0, 255, 0"},
   {8,
    {0x09, 0x10, 0x40, 0x83, 0xf0, 0x08, 0x00, 0x00},
    "st_tile          r4l_r4h_r5l_r5h, f16, 0, xyzw, 8, r1l, 0"},
   {4, {0xc1, 0x7f, 0x00, 0x03}, "sample_mask      255, r0l"},
   {4, {0x41, 0x00, 0x02, 0x60}, "zs_emit          r0l, r1l_r1h_r2l, 0"},
   {8,
    {0x75, 0x08, 0x01, 0x01, 0x00, 0xc0, 0x10, 0x00},
    "map              target0, r1, 0, 0b00, 0b0, 0b000, 0b10000, 0b00010000"},
   {4, {0x00, 0x00, 0x08, 0x00}, "jmp_incomplete   pc+8"},
   {6, {0x6f, 0x01, 0x42, 0x12, 0xc0, 0x00}, "quad_shuffle_down r0, r1, 1"},
   {6, {0x6f, 0x01, 0x42, 0x12, 0x80, 0x00}, "quad_shuffle_up  r0, r1, 1"},
   {6, {0x6f, 0x01, 0x42, 0x12, 0x80, 0x80}, "quad_shuffle_rotate_up r0, r1, 1"},
   {6, {0x6f, 0x81, 0x42, 0x02, 0x40, 0x00}, "quad_or          r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x02, 0x80, 0x00}, "quad_xor         r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x02, 0x00, 0x80}, "quad_iadd        r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x12, 0x00, 0x00}, "quad_fadd        r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x12, 0x40, 0x00}, "quad_fmul        r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x42, 0x00, 0x80}, "quad_prefix_iadd r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x52, 0x00, 0x00}, "quad_prefix_fadd r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x02, 0x80, 0x81}, "quad_min.u       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x02, 0xc0, 0x81}, "quad_max.u       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x02, 0x80, 0x80}, "quad_min.s       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x02, 0xc0, 0x80}, "quad_max.s       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x12, 0x80, 0x00}, "quad_min.f       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x12, 0xc0, 0x00}, "quad_max.f       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x22, 0x00, 0x00}, "simd_and         r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x22, 0x40, 0x00}, "simd_or          r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x22, 0x80, 0x00}, "simd_xor         r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x32, 0x40, 0x00}, "simd_fmul        r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x72, 0x00, 0x00}, "simd_prefix_fadd r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x72, 0x40, 0x00}, "simd_prefix_fmul r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x62, 0x00, 0x00}, "simd_prefix_and  r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x62, 0x40, 0x00}, "simd_prefix_or   r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x62, 0x80, 0x00}, "simd_prefix_xor  r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x62, 0x80, 0x80}, "simd_prefix_min.s r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x62, 0x80, 0x81}, "simd_prefix_min.u r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x62, 0xc0, 0x80}, "simd_prefix_max.s r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x62, 0xc0, 0x81}, "simd_prefix_max.u r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x22, 0x80, 0x81}, "simd_min.u       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x22, 0xc0, 0x81}, "simd_max.u       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x22, 0xc0, 0x80}, "simd_max.s       r0, r1"},
   {6, {0x6f, 0x81, 0x42, 0x32, 0x80, 0x00}, "simd_min.f       r0, r1"},
   {6, {0x3e, 0x01, 0x42, 0x02, 0x40, 0x00}, "iunop            r0, r1, 0b01, 0b00"},
   {4, {0x0a, 0x01, 0x42, 0x22}, "funop            r0, r1, 0b000010"},
   {8,
    {0x6f, 0x01, 0x44, 0x8e, 0x24, 0x4c, 0x02, 0x80},
    "simd_matrix_fmadd32 r0_r1, r2_r3, r4_r5, r6_r7"},
   {8,
    {0x6f, 0x01, 0x44, 0x8a, 0x24, 0x4c, 0x02, 0x80},
    "simd_matrix_fmadd16 r0_r1, r2_r3, r4_r5, r6_r7"},
   {6, {0x6f, 0x01, 0x42, 0x46, 0x24, 0x80}, "simd_shuf_op     0b1, 0b00, 0b01, r0, r1, r2"},
   {6, {0x6f, 0x81, 0x42, 0x06, 0x00, 0x00}, "simd_op          0b0, 0b0000000000000001, r0, r1"},
   {8,
    {0x25, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00},
    "async_load       copy_1d, r0_r1, r2_r3_r4"},
   {8,
    {0x65, 0x01, 0x02, 0x02, 0x00, 0x80, 0x00, 0x00},
    "async_store      copy_2d, u0_u1, u2_u3_u4_u5_u6"},
   {8,
    {0x05, 0x01, 0x00, 0x09, 0x00, 0x80, 0x12, 0x00},
    "device_load.TODO 0, i32, x, r0, u0_u1, 0, signed, 0, 0, 0, 0"},
   {8,
    {0x45, 0x01, 0x00, 0x09, 0x00, 0x80, 0x12, 0x00},
    "device_store.TODO 0, i32, x, r0, u0_u1, 0, signed, 0, 0, 0, 0, 0"},
   {2, {0x1c, 0x10}, "TODO.after_sampling1 "},
   {2, {0xcc, 0x62}, "TODO.after_sampling2 "},
   {6, {0x30, 0xc0, 0x05, 0x00, 0x00, 0x00}, "TODO.unk30C0     5"},
   {6, {0x40, 0xc0, 0x00, 0x00, 0x00, 0x00}, "TODO.unk40C0     "},
   {4, {0xc0, 0x00, 0x00, 0x00}, "TODO.unkC0000000 "},
   {2, {0xe8, 0x00}, "TODO.unkE800     "},
   {2, {0x0c, 0x00}, "TODO.unk0C00     "},
   {4, {0x72, 0x81, 0x10, 0x04}, "TODO.sr_thing    r0, sr80 (thread_position_in_grid.x)"},
   {6, {0x52, 0x0e, 0x80, 0x00, 0x00, 0x00}, "TODO.pop_exec2   r0l, 1"},
   {8,
    {0x75, 0x08, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00},
    "TODO.unk75_alt   0, 0, 0, 0, r1, 0, 0b00"},
};

/*
 * Independent encodings: machine code emitted by Mesa's AGX compiler, as
 * listed in Mesa's AGX2.xml disassembler test cases
 * (src/asahi/isa/test/cases.txt), paired with applegpu's text for them.
 * Mesa sometimes uses the long form with empty extension bytes or sets bits
 * applegpu does not name; those must still decode and re-encode exactly.
 */
static const struct golden independent[] = {
   {6, {0x6a, 0xad, 0x50, 0x02, 0x00, 0x02}, "fadd32.sat       r11, r8, -0.0"},
   {8,
    {0x0e, 0x69, 0x01, 0x60, 0xa9, 0x00, 0x00, 0x00},
    "iadd             r26, 1, r11.cache, lsl 1"},
   {8,
    {0x05, 0x41, 0xf0, 0x0f, 0x0f, 0xc8, 0xf2, 0x0f},
    "device_load      0, i32, xyzw, r8_r9_r10_r11, u0_u1, 4095, unsigned, lsl 2"},
   {8, {0x1e, 0x1b, 0x42, 0x82, 0x01, 0x00, 0x00, 0x01}, "imadd            r6_r7, r1, 88, 0"},
   {10,
    {0x12, 0x82, 0x42, 0x62, 0x18, 0x01, 0x01, 0x30, 0x00, 0x02},
    "icmpsel          ult, r0h, r1, u67, 1, 0"},
   {8,
    {0x15, 0x08, 0xa4, 0x8c, 0x10, 0xd0, 0x08, 0x00},
    "atomic           add, 0, r1, u10_u11, r5, signed, r4, 1, 0, 1, 4, 2"},
   {10,
    {0x19, 0x99, 0x80, 0x03, 0x54, 0x80, 0x00, 0x00, 0x0c, 0x00},
    "threadgroup_atomic cmpxchg, r6, 0, 0, r6_r7, 0, 2, 128, 0"},
   {8,
    {0x31, 0x11, 0x08, 0x14, 0x00, 0x62, 0x2f, 0x01},
    "texture_sample   0, 0b1100, 0b0, none, xyzw, 0b00, r4_r5_r6_r7, None, ts0, ss1, tex_2d, r4_r5, lod_min, u10l"},
   {12,
    {0x31, 0xa1, 0x08, 0x04, 0xc6, 0x65, 0xdf, 0x41, 0x1b, 0x00, 0x02, 0x08},
    /* LOD mode 13, which applegpu shows as "13, r2l": Mesa's
     * AGX_LOD_MODE_AUTO_LOD_BIAS_MIN, whose D is a 32-bit register (bias,
     * minimum; agx_compile.c sizes it as 2 halves) */
    "texture_sample   0, 0b1100, 0b0, none, xyzw, 0b00, r8_r9_r10_r11, u54_u55, r3, r0h, tex_3d, r4_r5_r6, auto_lod_bias_min, r2, r1l"},
   {8,
    {0x61, 0x91, 0x01, 0x00, 0x06, 0x00, 0x03, 0x00},
    "iterproj         r4_r5_r6_r7, cf1, cf0, r3l, sample, 0b0, 0, 0, 0, 0, 0"},
   {8,
    {0xc5, 0x20, 0xa0, 0x3d, 0x02, 0x80, 0x70, 0x00},
    "uniform_store    2, i16, xyz, 0, r4l_r4h_r5l, 42"},
   {6, {0xd2, 0x88, 0x84, 0x02, 0x00, 0x00}, "if_icmp          r0l.cache, seq, r2.cache, 0, 1"},
   {8, {0xce, 0x05, 0x86, 0x42, 0x00, 0x00, 0x00, 0x00}, "iadd.sat         r1.cache, r3.cache, 4"},
   {8,
    {0x2e, 0x9d, 0x00, 0xe0, 0xa4, 0x0a, 0x0c, 0x00},
    "bfeil            r7, 0, r7, 10, mask 0x3FFF"},
   {6, {0x6f, 0x9d, 0x4c, 0x62, 0x00, 0x80}, "simd_prefix_iadd r7, r6"},
   {6, {0x6f, 0x02, 0x41, 0x10, 0x40, 0x00}, "quad_shuffle_xor r0h, r0h, 1"},
   {4, {0xc1, 0x02, 0xbf, 0x0c}, "sample_mask      r0h, 255"},
   {4, {0x41, 0x7f, 0x04, 0x23}, "zs_emit          255, r2l_r2h, 0"},
   {10,
    {0xb1, 0x84, 0x84, 0x80, 0x02, 0x4a, 0x00, 0x00, 0x0a, 0x00},
    "image_write_block r1l, r2_r3, 0, ts2, tex_2d, rte, u8norm, 1, 9, 1"},
   {8,
    {0xf1, 0xa1, 0x8c, 0x80, 0xc2, 0x4a, 0x1b, 0x00},
    "image_write      r8_r9_r10_r11, r6_r7, 0, u54_u55, r1, tex_2d, rte, 1, 0, 9, 0"},
   {8, {0xed, 0x02, 0x10, 0x08, 0x00, 0x00, 0x00, 0x18}, "tex_state_store  ts2, u6_u7, r1"},
   {6, {0x42, 0x09, 0x60, 0x26, 0xe6, 0x00}, "if_fcmp          r0l, neq, r16.abs, r17.abs.neg, 1"},
   {6, {0x3e, 0x8d, 0x0a, 0x44, 0x24, 0x00}, "convert          u32_to_f, r3, r2, rte"},
   {6, {0x62, 0x0d, 0xff, 0xff, 0xff, 0x07}, "mov_imm          r3, 134217727, 0b0"},
   {8, {0x8e, 0x09, 0x56, 0x22, 0x27, 0x00, 0x00, 0x00}, "iadd             r2.cache, r11, r25"},
   {8,
    {0x45, 0x01, 0x40, 0x0e, 0x00, 0xc4, 0x32, 0x00},
    "device_store     0, i32, xy, r0_r1, u0_u1, r2, unsigned, lsl 1, 0"},
   {8,
    {0x09, 0x11, 0x12, 0x04, 0xf8, 0x04, 0x80, 0x00},
    "st_tile          r4_r5_r6_r7, u8norm, 1, xyzw, 0, 1, 18"},
   {2, {0xf5, 0x9a}, "memory_barrier   2, 2, 9"},
};

static int failures;

#define CHECK(cond, ...)               \
   do {                                \
      if (!(cond)) {                   \
         failures++;                   \
         fprintf(stderr, __VA_ARGS__); \
         fprintf(stderr, "\n");        \
      }                                \
   } while (0)

/* Trailing blanks of the 16-column mnemonic are not significant. */
static void
rstrip(char *s)
{
   size_t n = strlen(s);
   while (n && s[n - 1] == ' ')
      s[--n] = 0;
}

/* A few field-level checks through the C API used by the compiler. */
static void
check_struct_api(void)
{
   struct agx_isa_instr I;
   uint8_t b[AGX_ISA_MAX_BYTES];
   agx_isa_init(&I, AGX_OP_IADD);
   struct agx_isa_value d = agx_isa_reg(AGX_R32, 0, 1);
   struct agx_isa_value a = agx_isa_reg(AGX_R32, 1, 1);
   struct agx_isa_value c = agx_isa_reg(AGX_R32, 2, 1);
   CHECK(!agx_isa_set_operand(&I, AGX_IADD_D, &d), "set D");
   CHECK(!agx_isa_set_operand(&I, AGX_IADD_A, &a), "set A");
   CHECK(!agx_isa_set_operand(&I, AGX_IADD_B, &c), "set B");
   int n = agx_isa_encode(&I, b);
   static const uint8_t want[] = {0x0e, 0x01, 0x42, 0x42, 0x24, 0, 0, 0};
   CHECK(n == 8 && !memcmp(b, want, 8), "struct-built iadd encodes wrong");
   CHECK(I.f[AGX_F_IADD_At] == 9 && I.f[AGX_F_IADD_A] == 2, "iadd A fields %llu/%llu",
         (unsigned long long)I.f[AGX_F_IADD_At], (unsigned long long)I.f[AGX_F_IADD_A]);

   /* isub via the N field, saturating via S */
   I.f[AGX_F_IADD_N] = 1;
   I.f[AGX_F_IADD_S] = 1;
   n = agx_isa_encode(&I, b);
   CHECK(n == 8 && b[0] == 0x4e && (b[3] & 0x08), "isub.sat bits");
   char t[128];
   agx_isa_format(&I, false, 0, t, sizeof(t));
   CHECK(!strcmp(t, "isub.sat         r0, r1, r2"), "isub.sat text '%s'", t);

   /* long form chosen only when an extension bit is set */
   agx_isa_init(&I, AGX_OP_FADD32);
   I.f[AGX_F_FADD32_D] = 2;
   n = agx_isa_encode(&I, b);
   CHECK(n == 4, "fadd32 short form size %d", n);
   I.f[AGX_F_FADD32_D] = 2 | (1 << 6); /* r32 half index >= 64 */
   n = agx_isa_encode(&I, b);
   CHECK(n == 6 && (b[1] & 0x80), "fadd32 long form size %d", n);

   /* out-of-range field value is rejected */
   agx_isa_init(&I, AGX_OP_WAIT);
   I.f[AGX_F_WAIT_i] = 2;
   CHECK(agx_isa_encode(&I, b) == AGX_ISA_ERR_RANGE, "range check");

   /* select sources follow the destination size */
   agx_isa_init(&I, AGX_OP_ICMPSEL);
   struct agx_isa_value d16 = agx_isa_reg(AGX_R16, 0, 1);
   struct agx_isa_value x32 = agx_isa_reg(AGX_R32, 3, 1);
   CHECK(!agx_isa_set_operand(&I, AGX_ICMPSEL_D, &d16), "cmpsel D");
   CHECK(agx_isa_set_operand(&I, AGX_ICMPSEL_X, &x32) == AGX_ISA_ERR_OPERAND,
         "cmpsel mixing 16-bit destination with 32-bit source accepted");

   /* Bits outside every known field survive decode/encode: Mesa's
    * stack_map packing (agx_pack.c) sets bit 26, which applegpu leaves
    * unassigned (map r2, imm 8 -> 75 10 81 05 00 c0 10 00). */
   static const uint8_t stack_map[8] = {0x75, 0x10, 0x81, 0x05, 0x00, 0xc0, 0x10, 0x00};
   struct agx_isa_instr M;
   CHECK(agx_isa_decode(stack_map, 8, &M) == 8 && M.op == AGX_OP_MAP && M.f[AGX_F_MAP_x26] == 1,
         "stack_map decode");
   CHECK(agx_isa_encode(&M, b) == 8 && !memcmp(b, stack_map, 8), "stack_map bits not preserved");
   agx_isa_format(&M, false, 0, t, sizeof(t));
   CHECK(!strcmp(t, "map              target0, r2, 8, 0b00, 0b0, 0b000, "
                    "0b10000, 0b00010000"),
         "stack_map text '%s'", t);

   /* Mesa's stack_adjust 8 (b5 00 81 05 20 00) is shadowed by stack_store
    * in first-match order but can be decoded as what it is. */
   static const uint8_t adjust[6] = {0xb5, 0x00, 0x81, 0x05, 0x20, 0x00};
   CHECK(agx_isa_decode(adjust, 6, &M) == 6 && M.op == AGX_OP_STACK_STORE,
         "stack_adjust first match");
   CHECK(agx_isa_decode_as(adjust, 6, AGX_OP_TODO_STACK_ADJUST, &M) == 6 &&
            M.f[AGX_F_TODO_STACK_ADJUST_v] == 8,
         "stack_adjust decode_as");
   CHECK(agx_isa_decode_as(adjust, 6, AGX_OP_IADD, &M) == AGX_ISA_ERR_NOMATCH,
         "decode_as mismatch");
   /* the other shadowed descriptors, built through the struct API */
   static const enum agx_isa_op shadowed[] = {AGX_OP_STACK_GET_PTR, AGX_OP_TODO_STACK_ADJUST2,
                                              AGX_OP_TODO_UNK51};
   for (unsigned k = 0; k < 3; k++) {
      struct agx_isa_instr S;
      agx_isa_init(&S, shadowed[k]);
      int sz = agx_isa_encode(&S, b);
      CHECK(sz > 0 && agx_isa_decode_as(b, (size_t)sz, shadowed[k], &M) == sz &&
               M.op == shadowed[k],
            "shadowed %u", k);
      /* first match (as in applegpu) is an earlier, more general one */
      CHECK(agx_isa_decode(b, (size_t)sz, &M) == sz && M.op != shadowed[k],
            "shadowed %u decodes as itself", k);
   }

   /* operand metadata: which operands are written */
   const struct agx_isa_desc *ld = &agx_isa_descs[AGX_OP_DEVICE_LOAD];
   const struct agx_isa_desc *st = &agx_isa_descs[AGX_OP_DEVICE_STORE];
   CHECK((ld->ops[AGX_DEVICE_LOAD_R].flags & AGX_OPF_DEF) &&
            !(st->ops[AGX_DEVICE_STORE_R].flags & AGX_OPF_DEF) &&
            !(ld->ops[AGX_DEVICE_LOAD_A].flags & AGX_OPF_DEF) &&
            (agx_isa_descs[AGX_OP_FMADD32].ops[AGX_FMADD32_D].flags & AGX_OPF_DEF),
         "def/use metadata");
   CHECK(ld->size[0] == 6 && ld->size[1] == 8 && ld->lbit == 47, "device_load length metadata");

   /* 8-bit float immediates (Mesa agx_minifloat.h) */
   CHECK(agx_isa_fimm_encode(1.0) == 0x30 && agx_isa_fimm_encode(0.5) == 0x20, "minifloat 1.0/0.5");
   CHECK(agx_isa_fimm_encode(-2.0) == 0xC0 && agx_isa_fimm_encode(0.3) < 0, "minifloat -2.0 / 0.3");
}

int
main(void)
{
   unsigned n = sizeof(golden) / sizeof(golden[0]);
   for (unsigned i = 0; i < n; i++) {
      const struct golden *g = &golden[i];
      struct agx_isa_instr I, P;
      char text[256], want[256], err[128];
      uint8_t b[AGX_ISA_MAX_BYTES];

      int size = agx_isa_decode(g->bytes, (size_t)g->size, &I);
      CHECK(size == g->size, "row %u: decode size %d, want %d", i, size, g->size);
      if (size < 0)
         continue;
      agx_isa_format(&I, false, 0, text, sizeof(text));
      snprintf(want, sizeof(want), "%s", g->text);
      rstrip(text);
      rstrip(want);
      CHECK(!strcmp(text, want), "row %u: text\n  got  '%s'\n  want '%s'", i, text, want);

      CHECK(!agx_isa_parse(g->text, 0, &P, err, sizeof(err)), "row %u: parse '%s': %s", i, g->text,
            err);
      size = agx_isa_encode(&P, b);
      CHECK(size == g->size && !memcmp(b, g->bytes, (size_t)g->size),
            "row %u: '%s' assembles to different bytes", i, g->text);
      CHECK(P.op == I.op && !memcmp(P.f, I.f, sizeof(I.f)),
            "row %u: parsed fields differ from decoded fields", i);
   }
   unsigned m = sizeof(independent) / sizeof(independent[0]);
   for (unsigned i = 0; i < m; i++) {
      const struct golden *g = &independent[i];
      struct agx_isa_instr I, P, Q;
      char text[256], want[256], err[128];
      uint8_t b[AGX_ISA_MAX_BYTES];

      int size = agx_isa_decode(g->bytes, (size_t)g->size, &I);
      CHECK(size == g->size, "independent %u: decode size %d", i, size);
      if (size < 0)
         continue;
      CHECK(agx_isa_encode(&I, b) == size && !memcmp(b, g->bytes, (size_t)size),
            "independent %u: not re-encoded exactly", i);
      agx_isa_format(&I, false, 0, text, sizeof(text));
      snprintf(want, sizeof(want), "%s", g->text);
      rstrip(text);
      CHECK(!strcmp(text, want), "independent %u: text\n  got  '%s'\n  want '%s'", i, text, want);
      /* the text assembles to an instruction that prints the same */
      CHECK(!agx_isa_parse(g->text, 0, &P, err, sizeof(err)), "independent %u: parse: %s", i, err);
      size = agx_isa_encode(&P, b);
      CHECK(size > 0 && agx_isa_decode(b, (size_t)size, &Q) == size,
            "independent %u: re-assembly does not decode", i);
      agx_isa_format(&Q, false, 0, text, sizeof(text));
      rstrip(text);
      CHECK(!strcmp(text, want), "independent %u: re-assembled text '%s'", i, text);
   }
   check_struct_api();
   printf("%u golden + %u independent encodings, %d failures\n", n, m, failures);
   return failures ? 1 : 0;
}
