#version 450
// Vertex shader of test_frag_coord_sample: one triangle with a different
// depth at each corner (w = 1), from constants.
const vec3 p[3] = vec3[](vec3(-0.9, -0.8, 0.1), vec3(0.85, -0.95, 0.9), vec3(-0.2, 0.9, 0.5));
void main()
{
   gl_Position = vec4(p[gl_VertexIndex], 1.0);
}
