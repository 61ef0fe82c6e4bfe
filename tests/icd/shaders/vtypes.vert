#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Vertex shader of test_varying_types: two triangles covering the 16x16
// framebuffer (triangle t = gl_VertexIndex / 3), each passing values
// derived from t in 64-bit integer, array, block-member and struct
// varyings (the same value at its three vertices, so that interpolated
// ones are constant).
struct S {
   float f;
   vec3 v;
};
layout(location = 0) flat out uint64_t u64;
layout(location = 1) flat out i64vec2 i64;
layout(location = 3) out Blk {
   float a[3];
   flat ivec2 b;
   noperspective vec2 c;
} blk;
layout(location = 8) out float arr[2];
layout(location = 10) out S s;
const vec2 p[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(1, -1), vec2(1, 1), vec2(-1, 1));
void main()
{
   uint t = uint(gl_VertexIndex) / 3u;
   gl_Position = vec4(p[gl_VertexIndex], 0.0, 1.0);
   u64 = 0x0123456789ABCDEFul ^ (uint64_t(t + 1u) * 0x1111111100000001ul);
   i64 = i64vec2(-5000000000l * int64_t(t + 1u), 7000000000l + int64_t(t));
   for (int k = 0; k < 3; k++)
      blk.a[k] = 0.25 * float(k + 1) + float(t);
   blk.b = ivec2(-int(t) - 7, int(t) * 1000 + 3);
   blk.c = vec2(1.5, -2.5) * float(t + 1u);
   arr[0] = 10.0 + float(t);
   arr[1] = -20.0 - float(t);
   s.f = 0.5 + float(t);
   s.v = vec3(1.0, 2.0, 3.0) * float(t + 2u);
}
