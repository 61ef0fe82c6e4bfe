#version 450
// test_draw_count: a pass-through geometry shader (triangles in and out), so
// indirect-count draws also go through the geometry-shader path.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 ocolour;
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      ocolour = colour[i];
      EmitVertex();
   }
}
