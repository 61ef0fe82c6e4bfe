#version 450
// 8-bit elements in shared memory at odd byte offsets: every invocation
// writes one byte, then reads its neighbour's (test_int8.c checks it).
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { int8_t a[256]; int8_t b[256]; } inp;
layout(set = 0, binding = 1) writeonly buffer Out { int r[256]; } outp;
shared int8_t bytes[64];
void main()
{
   uint l = gl_LocalInvocationID.x, i = gl_GlobalInvocationID.x;
   bytes[l] = inp.a[i];
   barrier();
   outp.r[i] = int(bytes[(l + 1u) & 63u]) + int(bytes[3]);
}
