#version 450
// test_sample_shading: counts its invocations (minSampleShading scenes);
// the interpolated colour as output.
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 1, std430) buffer Out {
   uint count;
} ob;
void main()
{
   atomicAdd(ob.count, 1u);
   o = colour;
}
