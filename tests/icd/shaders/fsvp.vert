#version 450
#extension GL_ARB_shader_viewport_layer_array : require
// Vertex shader of test_fs_viewport: quad q = gl_VertexIndex / 6 (two
// triangles) covers the whole of its viewport (NDC [-1, 1]^2), with a
// smooth colour (0, (20 + 50 q) / 255, 0, 1) at location 0 and a flat tag
// 100 + q at location 1. With -DWRITE_VP it writes gl_ViewportIndex =
// (q + 1) % 4; without, the shader has no ViewportIndex output at all.
layout(location = 0) out vec4 colour;
layout(location = 1) flat out uint tag;
void main()
{
   int q = gl_VertexIndex / 6;
   int k = gl_VertexIndex % 6;
   vec2 c = vec2(k == 2 || k == 3 || k == 5 ? 1.0 : -1.0, k == 1 || k == 4 || k == 5 ? 1.0 : -1.0);
   gl_Position = vec4(c, 0.5, 1.0);
   colour = vec4(0.0, float(20 + 50 * q) / 255.0, 0.0, 1.0);
   tag = uint(100 + q);
#ifdef WRITE_VP
   gl_ViewportIndex = (q + 1) % 4;
#endif
}
