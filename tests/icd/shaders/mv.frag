#version 450
#extension GL_EXT_multiview : require
// test_multiview: the vertex shader's colour, blue = gl_ViewIndex / 4 + 1/8
// (the fragment stage's own view index).
layout(location = 0) flat in vec4 colour;
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(colour.rg, float(gl_ViewIndex) / 4.0 + 0.125, 1.0);
}
