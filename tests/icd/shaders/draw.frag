#version 450
// Fragment shader of test_draw: the interpolated colour.
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
void main()
{
   o = colour;
}
