#version 450
// Vertex shader of test_draw's varying scenes: the colour as a smooth, a
// flat and a noperspective varying (vertex data as in draw.vert).
layout(set = 0, binding = 0, std430) readonly buffer Vertices {
   vec4 v[];
} vb;
layout(location = 0) out vec4 smooth_colour;
layout(location = 1) flat out vec4 flat_colour;
layout(location = 2) noperspective out vec2 linear_rg;
void main()
{
   gl_Position = vb.v[2 * gl_VertexIndex];
   vec4 c = vb.v[2 * gl_VertexIndex + 1];
   smooth_colour = c;
   flat_colour = c;
   linear_rg = c.rg;
}
