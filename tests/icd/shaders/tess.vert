#version 450
// Vertex shader of test_tess: vertex i's clip position from a storage
// buffer (run as a compute kernel in front of the control shader).
layout(set = 0, binding = 0, std430) readonly buffer Vertices {
   vec4 v[];
} vb;
void main()
{
   gl_Position = vb.v[gl_VertexIndex];
}
