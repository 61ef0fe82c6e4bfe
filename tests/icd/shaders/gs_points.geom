#version 450
// test_gs: every input point becomes three single-pixel points (size 1:
// PointSize is not written) at pixels (x + 2k, y), k = 0..2, green = k / 4;
// input points at pixel corners, outputs at pixel centres.
layout(points) in;
layout(points, max_vertices = 3) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 ocolour;
void main()
{
   const float px = 1.0 / 32.0;
   vec4 p = gl_in[0].gl_Position;
   for (int k = 0; k < 3; k++) {
      gl_Position = vec4(p.x + (0.5 + 2.0 * float(k)) * px, p.y + 0.5 * px, 0.5, 1.0);
      ocolour = vec4(colour[0].r, float(k) / 4.0, 0.0, 1.0);
      EmitVertex();
   }
}
