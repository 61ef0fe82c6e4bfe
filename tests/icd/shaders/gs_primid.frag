#version 450
// test_gs: the interpolated red and green, blue = gl_PrimitiveID / 16 (the
// geometry shader's output).
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(colour.rg, float(gl_PrimitiveID) / 16.0, 1.0);
}
