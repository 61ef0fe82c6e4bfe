#version 450
// Float arithmetic, comparisons and conversions for the back end.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { float v[]; } ina;
layout(set = 0, binding = 1) readonly buffer B { float v[]; } inb;
layout(set = 0, binding = 2) writeonly buffer O { float v[]; } outf;

void main() {
  uint i = gl_GlobalInvocationID.x;
  float a = ina.v[i], b = inb.v[i];
  float bn = b == 0.0 ? 1.5 : b;
  uint o = i * 16u;
  outf.v[o + 0] = a + b;
  outf.v[o + 1] = a - b * 0.5;
  outf.v[o + 2] = a * b + 2.0;
  outf.v[o + 3] = fma(a, b, -a);
  outf.v[o + 4] = a / bn;
  outf.v[o + 5] = sqrt(abs(a));
  outf.v[o + 6] = floor(a) + ceil(b) * 3.0;
  outf.v[o + 7] = fract(a) + trunc(b);
  outf.v[o + 8] = min(a, b) - max(a, b);
  outf.v[o + 9] = -abs(a) + 100.0;
  outf.v[o + 10] = float(int(a)) + float(uint(abs(b)));
  outf.v[o + 11] = (a < b ? 1.0 : 0.0) + (a >= b ? 10.0 : 0.0) + (a == b ? 100.0 : 0.0) + (a != b ? 1000.0 : 0.0);
  outf.v[o + 12] = exp2(a / 2048.0) + log2(abs(b) + 1.0);
  outf.v[o + 13] = roundEven(a * 0.25);
  outf.v[o + 14] = float(int(b) * 3 - int(a));
  outf.v[o + 15] = inversesqrt(abs(a) + 1.0);
}
