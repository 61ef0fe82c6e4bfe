#version 450
// Vertex shader of test_vertex_input: an integer attribute (location 1)
// passed on as a flat integer varying.
layout(location = 0) in vec2 pos;
layout(location = 1) in uvec4 icol;
layout(location = 0) flat out uvec4 colour;
void main()
{
   gl_Position = vec4(pos, 0.0, 1.0);
   colour = icol;
}
