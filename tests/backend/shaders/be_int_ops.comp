#version 450
// Integer ops the back end lowers itself: bitfields with per-lane offsets
// and counts, 64-bit shifts by per-lane counts, 64-bit int -> float.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { uint v[]; } ina;
layout(set = 0, binding = 1) writeonly buffer O { uint v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint a = ina.v[i], b = ina.v[i + 64u], c = ina.v[i + 128u];
  int off = int(b % 34u), cnt = int(c % 34u);
  // GLSL leaves offset + count > 32 undefined: clamp for these three
  int cnt2 = min(cnt, 32 - min(off, 32));
  int off2 = min(off, 32);
  uint r = i * 12u;
  o.v[r + 0u] = bitfieldExtract(a, off2, cnt2);
  o.v[r + 1u] = uint(bitfieldExtract(int(a), off2, cnt2));
  o.v[r + 2u] = bitfieldInsert(a, b, off2, cnt2);
  uint64_t x = (uint64_t(a) << 32) | uint64_t(b);
  int sh = int(c & 63u);
  uint64_t l = x << sh, u = x >> sh;
  int64_t s = int64_t(x) >> sh;
  o.v[r + 3u] = uint(l);
  o.v[r + 4u] = uint(l >> 32);
  o.v[r + 5u] = uint(u);
  o.v[r + 6u] = uint(u >> 32);
  o.v[r + 7u] = uint(s);
  o.v[r + 8u] = uint(s >> 32);
  uint64_t y = x >> (c & 31u);   // mixed magnitudes for the conversions
  o.v[r + 9u] = floatBitsToUint(float(y));
  o.v[r + 10u] = floatBitsToUint(float(int64_t(y) - int64_t(x >> 1)));
  o.v[r + 11u] = floatBitsToUint(float(int64_t(uint64_t(b) << 40) >> (c & 31u)));
}
