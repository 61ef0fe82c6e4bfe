#version 450
// tests/compiler test_gs: a vertex shader whose software variant (run as
// compute) stores every output word to the geometry input buffer.
layout(location = 0) out vec4 a;
layout(location = 3) flat out uvec2 b;
void main()
{
   gl_Position = vec4(float(gl_VertexIndex), float(gl_InstanceIndex), 1.0, 2.0);
   gl_PointSize = 4.0;
   a = vec4(float(gl_VertexIndex * 3), 0.0, 0.0, 1.0);
   b = uvec2(uint(gl_InstanceIndex) * 7u, uint(gl_VertexIndex) ^ 0x55u);
}
