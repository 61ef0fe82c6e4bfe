#version 450
// Vertex shader of test_subpass_tile: vertex i (0..5) of a rectangle given
// in NDC by push constants (x0, y0, x1, y1), at depth pc.depth.
layout(push_constant) uniform Push {
   vec4 rect;
   vec4 colour;
   ivec4 ival;
   float depth;
} pc;
void main()
{
   int i = gl_VertexIndex;
   float x = (i == 1 || i == 3 || i == 4) ? pc.rect.z : pc.rect.x;
   float y = (i == 2 || i == 4 || i == 5) ? pc.rect.w : pc.rect.y;
   gl_Position = vec4(x, y, pc.depth, 1.0);
}
