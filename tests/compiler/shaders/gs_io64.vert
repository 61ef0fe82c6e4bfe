#version 450
// tests/compiler gs_variants: 64-bit outputs as pairs of words (low,
// high): an i64vec3 at location 0 (words 0-3 of location 0, 0-1 of
// location 1), an int64_t at location 2 and a uint64_t at location 3,
// component 2 (words 2-3), from the vertex index v.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(location = 0) flat out i64vec3 a;
layout(location = 2) flat out int64_t b;
layout(location = 3, component = 2) flat out uint64_t d;
void main()
{
   int64_t v = int64_t(gl_VertexIndex);
   a = i64vec3((v << 40) | 1l, -v, v * 3l + (7l << 33));
   b = 0x123456789Al + v;
   d = 0xFFFFFFFF00000000ul | uint64_t(v);
   gl_Position = vec4(float(gl_VertexIndex), 0.0, 0.0, 1.0);
}
