#version 450
// test_subpass_tile: the triangle on layer gl_InvocationID (0, 1) of a
// two-layer framebuffer.
layout(triangles, invocations = 2) in;
layout(triangle_strip, max_vertices = 3) out;
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      gl_Layer = gl_InvocationID;
      EmitVertex();
   }
}
