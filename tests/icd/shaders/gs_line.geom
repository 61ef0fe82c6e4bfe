#version 450
// test_gs: every input line (horizontal) becomes a rectangle from its
// first to its second vertex, 2 pixels above and below it, in the second
// vertex's colour.
layout(lines) in;
layout(triangle_strip, max_vertices = 4) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 ocolour;
void main()
{
   const float h = 2.0 / 32.0;
   vec4 a = gl_in[0].gl_Position, b = gl_in[1].gl_Position;
   gl_Position = vec4(a.x, a.y - h, 0.5, 1.0);
   ocolour = colour[1];
   EmitVertex();
   gl_Position = vec4(b.x, b.y - h, 0.5, 1.0);
   ocolour = colour[1];
   EmitVertex();
   gl_Position = vec4(a.x, a.y + h, 0.5, 1.0);
   ocolour = colour[1];
   EmitVertex();
   gl_Position = vec4(b.x, b.y + h, 0.5, 1.0);
   ocolour = colour[1];
   EmitVertex();
}
