#version 450
// Fragment shader of test_vertex_input: a flat integer colour / 255.
layout(location = 0) flat in uvec4 colour;
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(colour) / 255.0;
}
