#version 450
// Private arrays in a vertex shader: a constant table indexed by
// gl_VertexIndex (constant data) and a local array written and read with
// dynamic indices (the per-thread stack).
const vec2 corners[4] = vec2[](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));
layout(push_constant) uniform Push { int scale; } pc;
layout(location = 0) out vec4 weight;

void main()
{
   float w[6];
   for (int i = 0; i < 6; i++)
      w[i] = float(i * pc.scale);
   int k = gl_VertexIndex % 6;
   w[k] += 1.0;
   weight = vec4(w[k], w[(k + 1) % 6], w[5 - k], 1.0);
   gl_Position = vec4(corners[gl_VertexIndex & 3], 0.0, 1.0);
}
