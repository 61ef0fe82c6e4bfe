#version 450
// The smallest fragment shader: a constant colour.
layout(location = 0) out vec4 o_color;
void main()
{
   o_color = vec4(0.25, 0.5, 0.75, 1.0);
}
