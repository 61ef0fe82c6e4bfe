#version 450
// 64-bit, 16-bit and 8-bit integer types, 64-bit float and 16-bit float.
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) readonly buffer In { uint64_t a[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out64 { uint64_t v[]; } o64;
layout(set = 0, binding = 2) writeonly buffer Out32 { uint v[]; } o32;
layout(set = 0, binding = 3) writeonly buffer OutD { double v[]; } od;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint64_t a = inb.a[i * 2u], b = inb.a[i * 2u + 1u];
  o64.v[i * 6u + 0u] = a + b;
  o64.v[i * 6u + 1u] = a * b;
  o64.v[i * 6u + 2u] = a / (b | 1ul);
  o64.v[i * 6u + 3u] = (a >> 7) ^ (b << 13);
  o64.v[i * 6u + 4u] = uint64_t(int64_t(a) / int64_t(b | 1ul));
  o64.v[i * 6u + 5u] = uint64_t(int(uint(a)));
  uint16_t h = uint16_t(a), k = uint16_t(b);
  int8_t c = int8_t(a >> 8);
  o32.v[i * 4u + 0u] = uint(uint16_t(h * k + uint16_t(3)));
  o32.v[i * 4u + 1u] = uint(int(c) * 3);
  o32.v[i * 4u + 2u] = uint(int16_t(h) >> 3);
  float16_t hf = float16_t(float(a & 1023ul) * 0.25);
  o32.v[i * 4u + 3u] = uint(float(hf * float16_t(2.0)) * 8.0);
  double d = double(a & 0xffffful) / 7.0;
  od.v[i] = d * d + 1.0lf;
}
