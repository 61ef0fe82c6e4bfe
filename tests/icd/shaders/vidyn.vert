#version 450
// Vertex shader of test_vidyn: three fetched attributes (two float, one
// integer) stored at the draw's slot (push constant), vertex and instance
// (points, rasterizer discard).
layout(location = 0) in vec4 a;
layout(location = 1) in vec4 b;
layout(location = 2) in ivec4 n;
layout(push_constant) uniform P
{
   uint slot;
} p;
layout(std430, set = 0, binding = 0) buffer Out
{
   vec4 av[256];
   vec4 bv[256];
   ivec4 nv[256];
} o;
void main()
{
   uint i = p.slot * 24u + uint(gl_InstanceIndex) * 8u + uint(gl_VertexIndex);
   o.av[i] = a;
   o.bv[i] = b;
   o.nv[i] = n;
   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
   gl_PointSize = 1.0;
}
