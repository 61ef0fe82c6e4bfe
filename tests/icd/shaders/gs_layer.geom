#version 450
// test_gs: layered output. Input point p becomes an 8 x 8 pixel square in
// its colour (blue = p / 8) on layer p % 2 of a two-layer attachment.
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 ocolour;
void main()
{
   const float h = 4.0 / 32.0;
   vec4 p = gl_in[0].gl_Position;
   for (int i = 0; i < 4; i++) {
      gl_Position = vec4(p.x + ((i & 1) != 0 ? h : -h), p.y + ((i & 2) != 0 ? h : -h), p.z, 1.0);
      ocolour = vec4(colour[0].rg, float(gl_PrimitiveIDIn) / 8.0, 1.0);
      gl_Layer = gl_PrimitiveIDIn & 1;
      EmitVertex();
   }
}
