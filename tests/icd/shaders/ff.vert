#version 450
// Vertex shader of test_front_facing: pixel positions (96x32 framebuffer)
// from constants: two triangles of opposite winding (vertices 0-5) and a
// four-vertex strip (6-9), apart from each other.
const vec2 p[10] = vec2[](vec2(2, 2), vec2(2, 28), vec2(28, 2),    // A
                          vec2(34, 2), vec2(60, 2), vec2(34, 28),  // B
                          vec2(66, 30), vec2(94, 30), vec2(70, 4), vec2(94, 4)); // strip
void main()
{
   vec2 v = p[gl_VertexIndex];
   gl_Position = vec4(v.x / 48.0 - 1.0, v.y / 16.0 - 1.0, 0.0, 1.0);
}
