#version 450
// Memory forms: 8/16-bit storage, bools in shared and function memory,
// dynamic vector component writes, matrices and struct arrays in function
// memory with dynamic indices, struct copies through shared memory,
// vector shuffles and dynamic extracts.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
struct S { ivec2 p; float f; bool flag; };
layout(std430, set = 0, binding = 0) readonly buffer In { uint16_t h[]; } inb;
layout(std430, set = 0, binding = 1) readonly buffer In8 { int8_t c[]; } in8;
layout(std430, set = 0, binding = 2) writeonly buffer Out { int v[]; } o;
layout(std430, set = 0, binding = 3) writeonly buffer Out16 { uint16_t h[]; } o16;
shared bool sflags[32];
shared S sdata[32];

void main() {
  uint i = gl_LocalInvocationID.x;
  uint g = gl_GlobalInvocationID.x;
  int h = int(inb.h[g]);
  int c = int(in8.c[g]);
  sflags[i] = (h & 1) == 1;
  S s;
  s.p = ivec2(h, c);
  s.f = float(c) * 0.5;
  s.flag = c < 0;
  sdata[i] = s;
  barrier();
  S t = sdata[31u - i];
  bool fl[4];
  for (int k = 0; k < 4; k++)
    fl[k] = sflags[(i + uint(k)) & 31u];
  ivec4 v = ivec4(0);
  for (int k = 0; k < 4; k++)
    v[k] = fl[k] ? k + 1 : -k;
  int dyn = int(i & 3u);
  v[dyn] += 100;
  mat3 m = mat3(1.0);
  m[dyn % 3][(dyn + 1) % 3] = float(c);
  vec3 col = m[dyn % 3];
  S arr[3];
  arr[0] = t; arr[1] = s; arr[2] = S(ivec2(7, 8), 9.0, true);
  S pick = arr[dyn % 3];
  ivec4 sw = v.wzyx + v.xxyy;
  uint b = g * 8u;
  o.v[b + 0u] = t.p.x + t.p.y * 1000 + (t.flag ? 1000000 : 0);
  o.v[b + 1u] = v.x + v.y * 10 + v.z * 100 + v.w * 1000;
  o.v[b + 2u] = int(col.x * 1.0 + col.y * 10.0 + col.z * 100.0);
  o.v[b + 3u] = pick.p.x + pick.p.y * 100 + int(pick.f * 4.0) * 10000 + (pick.flag ? 1 : 0);
  o.v[b + 4u] = sw.x + sw.y * 3 + sw.z * 5 + sw.w * 7;
  o.v[b + 5u] = v[(dyn + 1) & 3];
  o.v[b + 6u] = int(t.f * 2.0);
  o.v[b + 7u] = (sflags[i] ? 1 : 0) + (fl[3] ? 2 : 0);
  o16.h[g] = uint16_t(h * 3 + c);
}
