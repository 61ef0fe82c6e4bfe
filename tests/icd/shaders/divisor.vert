#version 450
// Vertex shader of test_divisor: every fetched attribute stored at the
// draw's slot (push constant), instance (counted from the draw's
// firstInstance, also a push constant) and vertex; points, rasterizer
// discard. Locations 0-3: per-instance bindings with divisors 0, 1, 2, 3;
// 4: per vertex; 5 and 6: a VK_NULL_HANDLE binding (two and four
// components); 7: a per-vertex binding whose range holds one element.
layout(location = 0) in uvec4 d0;
layout(location = 1) in uvec4 d1;
layout(location = 2) in uvec4 d2;
layout(location = 3) in uvec4 d3;
layout(location = 4) in uvec4 v;
layout(location = 5) in uvec4 null2;
layout(location = 6) in uvec4 null4;
layout(location = 7) in uvec4 short1;
layout(push_constant) uniform P
{
   uint slot;
   uint first_instance;
   uint instances;
   uint vertices;
} p;
layout(std430, set = 0, binding = 0) buffer Out
{
   uvec4 o[];
} o;
void main()
{
   uint inst = uint(gl_InstanceIndex) - p.first_instance;
   uint i = 8u * ((p.slot * p.instances + inst) * p.vertices + uint(gl_VertexIndex));
   o.o[i + 0u] = d0;
   o.o[i + 1u] = d1;
   o.o[i + 2u] = d2;
   o.o[i + 3u] = d3;
   o.o[i + 4u] = v;
   o.o[i + 5u] = null2;
   o.o[i + 6u] = null4;
   o.o[i + 7u] = short1;
   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
   gl_PointSize = 1.0;
}
