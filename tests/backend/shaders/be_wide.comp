#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// 64-bit integers and 64-bit address arithmetic.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer In { uint64_t v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { uint64_t v[]; } outb;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint64_t x = inb.v[i];
  uint64_t y = inb.v[63u - i];
  uint o = i * 4u;
  outb.v[o + 0] = x + y;
  outb.v[o + 1] = x * uint64_t(i + 3u) - y;
  outb.v[o + 2] = ((x & 0xffff0000fffful) | (y ^ x)) + uint64_t(abs(int64_t(y - x)));
  outb.v[o + 3] = uint64_t(uint(x)) * uint64_t(uint(y >> 32u == 0ul ? 5ul : 9ul)) + int64_t(int(i) - 40);
}
