#version 450
// Vertex shader of test_vertex_formats: the fetched float (location 0) and
// signed-integer (location 1) attributes stored per vertex, as the prolog
// converted them (points, rasterizer discard).
layout(location = 0) in vec4 f;
layout(location = 1) in ivec4 i;
layout(std430, set = 0, binding = 0) buffer Out
{
   vec4 fv[32];
   ivec4 iv[32];
} o;
void main()
{
   o.fv[gl_VertexIndex] = f;
   o.iv[gl_VertexIndex] = i;
   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
   gl_PointSize = 1.0;
}
