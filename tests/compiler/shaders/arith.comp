#version 450
// Integer and float arithmetic, comparisons and conversions.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer InA { int v[]; } ina;
layout(set = 0, binding = 1) readonly buffer InB { int v[]; } inb;
layout(set = 0, binding = 2) readonly buffer InF { float v[]; } inf;
layout(set = 0, binding = 3) writeonly buffer OutI { int v[]; } oi;
layout(set = 0, binding = 4) writeonly buffer OutF { float v[]; } of;

void main() {
  uint i = gl_GlobalInvocationID.x;
  int a = ina.v[i], b = inb.v[i];
  float f = inf.v[i];
  uint ua = uint(a), ub = uint(b);
  int bz = b == 0 ? 1 : b;
  uint o = i * 24u;
  oi.v[o + 0] = a + b;
  oi.v[o + 1] = a - b;
  oi.v[o + 2] = a * b;
  oi.v[o + 3] = a / bz;
  oi.v[o + 4] = a % bz;
  oi.v[o + 5] = int(ua / uint(bz));
  oi.v[o + 6] = int(ua % uint(bz));
  oi.v[o + 7] = a >> (b & 31);
  oi.v[o + 8] = int(ua >> (ub & 31u));
  oi.v[o + 9] = a << (b & 31);
  oi.v[o + 10] = (a & b) ^ (a | ~b);
  oi.v[o + 11] = min(a, b) * 3 + max(a, b);
  oi.v[o + 12] = int(min(ua, ub) ^ max(ua, ub));
  oi.v[o + 13] = abs(a) + sign(b);
  oi.v[o + 14] = (a < b ? 1 : 0) | (ua < ub ? 2 : 0) | (a >= b ? 4 : 0) | (a == b ? 8 : 0);
  oi.v[o + 15] = int(f);
  oi.v[o + 16] = int(uint(abs(f)));
  oi.v[o + 17] = bitCount(a) + findMSB(a) * 64 + findLSB(b) * 4096;
  oi.v[o + 18] = int(bitfieldReverse(uint(a)));
  oi.v[o + 19] = bitfieldExtract(a, 3, 9) + int(bitfieldExtract(ua, 5, 7));
  oi.v[o + 20] = bitfieldInsert(a, b, 4, 8);
  oi.v[o + 21] = clamp(a, -1000, 1000);
  oi.v[o + 22] = floatBitsToInt(f) ^ 0x5a5a;
  oi.v[o + 23] = (f < 0.5 ? 1 : 0) | (f >= -0.25 ? 2 : 0) | (isnan(f / 0.0) ? 4 : 0);

  uint p = i * 12u;
  of.v[p + 0] = f * 2.5 + 1.0;
  of.v[p + 1] = f / 3.0 - float(a) * 0.5;
  of.v[p + 2] = sqrt(abs(f));
  of.v[p + 3] = floor(f) + ceil(f) * 10.0;
  of.v[p + 4] = fract(f);
  of.v[p + 5] = float(a) + float(ua) * 0.125;
  of.v[p + 6] = clamp(f, -1.0, 2.0);
  of.v[p + 7] = mix(f, float(b), 0.25);
  of.v[p + 8] = min(f, 0.5) + max(f, -0.5);
  of.v[p + 9] = abs(f) * sign(f);
  of.v[p + 10] = trunc(f) + roundEven(f) * 100.0;
  of.v[p + 11] = -f + intBitsToFloat(0x3f800000);
}
