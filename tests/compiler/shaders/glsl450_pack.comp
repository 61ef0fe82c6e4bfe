#version 450
// GLSL.std.450 packing, frexp/ldexp/modf, determinant, inverse, refract.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer In { vec4 v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer OutU { uint v[]; } ou;
layout(set = 0, binding = 2) writeonly buffer OutF { float v[]; } of;

void main() {
  uint i = gl_GlobalInvocationID.x;
  vec4 a = inb.v[i * 2u], b = inb.v[i * 2u + 1u];
  uint k = i * 8u, f = i * 24u;
  ou.v[k + 0u] = packHalf2x16(a.xy);
  ou.v[k + 1u] = packUnorm4x8(a * 0.5 + 0.5);
  ou.v[k + 2u] = packSnorm4x8(b * 0.4);
  ou.v[k + 3u] = packUnorm2x16(a.zw * 0.3 + 0.5);
  ou.v[k + 4u] = packSnorm2x16(b.xy * 0.3);
  int e;
  float m = frexp(a.x * 100.0, e);
  ou.v[k + 5u] = uint(e + 1000);
  ou.v[k + 6u] = unpackDouble2x32(packDouble2x32(uvec2(i, 7u))).x + 100u;
  float whole;
  of.v[f + 0u] = m;
  of.v[f + 1u] = modf(a.y * 10.0, whole);
  of.v[f + 2u] = whole;
  of.v[f + 3u] = ldexp(a.z, int(i) - 8);
  vec2 uh = unpackHalf2x16(packHalf2x16(a.zw));
  of.v[f + 4u] = uh.x;
  of.v[f + 5u] = uh.y;
  vec4 u8 = unpackUnorm4x8(packUnorm4x8(a * 0.5 + 0.5) ^ 0x5a5a5a5au);
  of.v[f + 6u] = u8.x + u8.y * 10.0 + u8.z * 100.0 + u8.w * 1000.0;
  vec4 s8 = unpackSnorm4x8(uint(i * 2654435761u));
  of.v[f + 7u] = s8.x + s8.y * 10.0 + s8.z * 100.0 + s8.w * 1000.0;
  mat2 m2 = mat2(a.xy, b.xy);
  mat3 m3 = mat3(a.xyz, b.xyz, vec3(1.0, a.w, b.w));
  mat4 m4 = mat4(a, b, a.yzwx + vec4(2.0, 0.0, 0.0, 0.0), b.wzyx + vec4(0.0, 3.0, 0.0, 0.0));
  of.v[f + 8u] = determinant(m2);
  of.v[f + 9u] = determinant(m3);
  of.v[f + 10u] = determinant(m4);
  mat3 i3 = inverse(m3) * m3;
  mat4 i4 = m4 * inverse(m4);
  of.v[f + 11u] = i3[0][0] + i3[1][1] * 10.0 + i3[2][2] * 100.0 + (i3[0][1] + i3[1][2] + i3[2][0]) * 1000.0;
  of.v[f + 12u] = i4[0][0] + i4[1][1] * 10.0 + i4[2][2] * 100.0 + i4[3][3] * 1000.0 + i4[3][0] * 10000.0;
  mat2 i2 = inverse(m2);
  of.v[f + 13u] = i2[0][0]; of.v[f + 14u] = i2[0][1]; of.v[f + 15u] = i2[1][0]; of.v[f + 16u] = i2[1][1];
  vec3 r = refract(normalize(a.xyz), normalize(b.xyz), 0.66);
  of.v[f + 17u] = r.x; of.v[f + 18u] = r.y; of.v[f + 19u] = r.z;
  vec3 tir = refract(normalize(vec3(1.0, 0.1, 0.0)), vec3(0.0, 1.0, 0.0), 1.5);
  of.v[f + 20u] = tir.x + tir.y + tir.z;
  of.v[f + 21u] = 0.0;
}
