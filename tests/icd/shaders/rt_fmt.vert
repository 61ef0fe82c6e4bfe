#version 450
// Vertex shader of test_rt_formats: one triangle covering the whole
// framebuffer (the scissor picks the pixels drawn).
void main()
{
   vec2 p = vec2((gl_VertexIndex & 1) * 4.0 - 1.0, (gl_VertexIndex & 2) * 2.0 - 1.0);
   gl_Position = vec4(p, 0.0, 1.0);
}
