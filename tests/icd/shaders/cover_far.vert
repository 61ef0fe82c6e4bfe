#version 450
// test_render_fault: one triangle covering the whole framebuffer at depth 1
// (vertices (-1,-1), (3,-1), (-1,3) from gl_VertexIndex), no outputs.
void main()
{
   vec2 p = vec2(float((gl_VertexIndex & 1) * 4 - 1), float((gl_VertexIndex >> 1) * 4 - 1));
   gl_Position = vec4(p, 1.0, 1.0);
}
