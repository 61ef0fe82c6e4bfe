#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// Vertex shader of test_vs_layer: instance i draws a rectangle (two
// triangles from gl_VertexIndex) at pixels [4i + 2, 4i + 10] x [2, 12] of a
// 16x16 framebuffer into layer i (gl_Layer written by the vertex shader),
// coloured (64 + 100 i, 200 - 100 i, 30, 255) / 255.
layout(location = 0) out vec4 colour;
void main()
{
   int i = gl_InstanceIndex;
   int k = gl_VertexIndex % 6;
   vec2 c = vec2(k == 2 || k == 3 || k == 5 ? 1.0 : 0.0, k == 1 || k == 4 || k == 5 ? 1.0 : 0.0);
   vec2 px = vec2(4.0 * float(i) + 2.0 + 8.0 * c.x, 2.0 + 10.0 * c.y);
   gl_Position = vec4(px / 8.0 - 1.0, 0.5, 1.0);
   gl_Layer = i;
   colour = vec4(float(64 + 100 * i), float(200 - 100 * i), 30.0, 255.0) / 255.0;
}
