#version 450
// test_fs_deriv: one triangle from a constant position table indexed by
// gl_VertexIndex (constant data), and a flat tag read from a local array
// written in a loop and indexed dynamically (the per-thread stack).
const vec2 corners[3] = vec2[](vec2(-1.0, -1.0), vec2(1.0625, 1.0), vec2(-1.0, 1.0));
layout(push_constant) uniform Push { float bias; float scale; int shift; int comp; } pc;
layout(location = 0) flat out float tag;

void main()
{
   float t[3];
   for (int i = 0; i < 3; i++)
      t[i] = float(i + 1) * pc.scale;
   tag = t[(gl_VertexIndex + pc.shift) % 3];
   gl_Position = vec4(corners[gl_VertexIndex], 0.0, 1.0);
}
