#version 450
// 8-bit integer operations the back end does not select at 8 bits
// (compiler/ir/agx_pass_lower_int8.c widens them): compares, min/max,
// shifts, division and remainder, abs. Invocation i combines a[i] and b[i];
// test_int8.c computes every result in C.
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) readonly buffer In { int8_t a[256]; int8_t b[256]; } inp;
layout(set = 0, binding = 1) writeonly buffer Out { int r[256][12]; } outp;

void main()
{
   uint i = gl_GlobalInvocationID.x;
   int8_t a = inp.a[i], b = inp.b[i];
   uint8_t ua = uint8_t(a), ub = uint8_t(b);
   uint8_t s = uint8_t(ub & uint8_t(7));
   outp.r[i][0] = a < b ? 1 : 0;
   outp.r[i][1] = ua < ub ? 1 : 0;
   outp.r[i][2] = int(min(a, b));
   outp.r[i][3] = int(max(ua, ub));
   outp.r[i][4] = int(a >> s);
   outp.r[i][5] = int(ua >> s);
   outp.r[i][6] = int(uint8_t(ua << s));
   outp.r[i][7] = b != int8_t(0) ? int(a / b) : 0;
   outp.r[i][8] = a >= int8_t(0) && b > int8_t(0) ? int(a % b) : 0; // % of negatives is undefined in GLSL
   outp.r[i][9] = ub != uint8_t(0) ? int(ua / ub) : 0;
   outp.r[i][10] = int(abs(a));
   outp.r[i][11] = a == b ? 1 : (a >= b ? 2 : 0);
}
