#version 450
// 16-bit float arithmetic (native fadd16/fmul16/fmadd16 and fcmpsel on
// halves; the rest computed in f32 and rounded to f16), f16 <-> integer
// conversions, and 16-bit float storage.
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { float v[]; } ina;
layout(set = 0, binding = 1) readonly buffer B { float v[]; } inb;
layout(set = 0, binding = 2) writeonly buffer O { float v[]; } outf;
layout(set = 0, binding = 3) writeonly buffer H { float16_t v[]; } outh;

void main() {
  uint i = gl_GlobalInvocationID.x;
  float16_t a = float16_t(ina.v[i] * 0.125), b = float16_t(inb.v[i] * 0.0625);
  float16_t bn = b == float16_t(0.0) ? float16_t(1.5) : b;
  uint o = i * 12u;
  outf.v[o + 0] = float(a + b);
  outf.v[o + 1] = float(a - b * float16_t(0.5));
  outf.v[o + 2] = float(a * b + float16_t(2.0));
  outf.v[o + 3] = float(fma(a, b, -a));
  outf.v[o + 4] = float(a / bn);
  outf.v[o + 5] = float(sqrt(abs(a)));
  outf.v[o + 6] = float(min(a, b) - max(a, b));
  outf.v[o + 7] = float(-abs(a) + float16_t(100.0));
  outf.v[o + 8] = float(int(a)) + float(float16_t(int(b) * 3));
  outf.v[o + 9] = (a < b ? 1.0 : 0.0) + (a >= b ? 10.0 : 0.0) + (a == b ? 100.0 : 0.0) + (a != b ? 1000.0 : 0.0);
  outf.v[o + 10] = float(floor(a) + fract(b));
  outf.v[o + 11] = float(float16_t(uint(abs(b))) * a) + (isinf(a / (b - b)) ? 1000.0 : 0.0) +
                   (isinf(ina.v[i] * 1e38) ? 3000.0 : 0.0) + (isnan(a / (b - b)) ? 5000.0 : 0.0);
  outh.v[i * 2u] = a * a;
  outh.v[i * 2u + 1u] = b - a;
}
