#version 450
// Vertex shader of test_primitive_id: instance i fills the 32x32 pixels
// from x = 32 i of a 64x32 image with a 4x4 grid of 8x8 cells, cell k
// (row-major) as two triangles (vertices 6k..6k+5, a triangle list):
// below the diagonal (x0, y0)-(x0+8, y0+8) first, then above it.
const vec2 corner[6] = vec2[](vec2(0, 0), vec2(8, 0), vec2(8, 8), vec2(0, 0), vec2(8, 8), vec2(0, 8));
void main()
{
   int k = gl_VertexIndex / 6;
   vec2 p = vec2(32 * gl_InstanceIndex + 8 * (k % 4), 8 * (k / 4)) + corner[gl_VertexIndex % 6];
   gl_Position = vec4(p.x / 32.0 - 1.0, p.y / 16.0 - 1.0, 0.0, 1.0);
}
