#version 450
// test_gs: every input point becomes an 8 x 8 pixel square (a triangle
// strip of 4 vertices) in the point's colour, blue = PrimitiveId / 8.
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 ocolour;
void main()
{
   const float h = 4.0 / 32.0; // 4 pixels of a 64-pixel framebuffer, in clip units
   vec4 p = gl_in[0].gl_Position;
   vec4 c = vec4(colour[0].rg, float(gl_PrimitiveIDIn) / 8.0, 1.0);
   for (int i = 0; i < 4; i++) {
      gl_Position = vec4(p.x + ((i & 1) != 0 ? h : -h), p.y + ((i & 2) != 0 ? h : -h), p.z, 1.0);
      ocolour = c;
      EmitVertex();
   }
}
