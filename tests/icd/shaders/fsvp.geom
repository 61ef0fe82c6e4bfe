#version 450
// Geometry shader of test_fs_viewport: passes each triangle through and
// sends it to viewport (quad + 2) % 4 (quad = gl_PrimitiveIDIn / 2, two
// triangles per quad), overriding nothing the vertex shader wrote (it
// writes no viewport index).
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 colour_in[];
layout(location = 1) flat in uint tag_in[];
layout(location = 0) out vec4 colour;
layout(location = 1) flat out uint tag;
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      colour = colour_in[i];
      tag = tag_in[i];
      gl_ViewportIndex = (gl_PrimitiveIDIn / 2 + 2) % 4;
      EmitVertex();
   }
   EndPrimitive();
}
