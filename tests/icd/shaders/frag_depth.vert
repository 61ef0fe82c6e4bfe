#version 450
// test_frag_depth: a triangle covering the whole viewport at window depth
// pc.z (viewport depth 0..1, w = 1).
layout(push_constant) uniform PC {
   float z, left, right, pad;
   vec4 colour;
} pc;
void main()
{
   vec2 p = vec2(gl_VertexIndex == 1 ? 3.0 : -1.0, gl_VertexIndex == 2 ? 3.0 : -1.0);
   gl_Position = vec4(p, pc.z, 1.0);
}
