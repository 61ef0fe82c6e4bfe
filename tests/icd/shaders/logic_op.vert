#version 450
// Vertex shader of test_logic_op: one triangle covering the whole
// framebuffer (clip positions from gl_VertexIndex, no inputs).
void main()
{
   vec2 p = vec2(float((gl_VertexIndex & 1) * 4 - 1), float((gl_VertexIndex >> 1) * 4 - 1));
   gl_Position = vec4(p, 0.5, 1.0);
}
