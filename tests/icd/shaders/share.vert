#version 450
// Vertex shader of test_pipeline_share: two triangles covering the left
// half of the framebuffer (x in [-1, 0]), clockwise in framebuffer space.
const vec2 pos[6] = vec2[](vec2(-1, -1), vec2(0, -1), vec2(-1, 1), vec2(0, -1), vec2(0, 1),
                           vec2(-1, 1));
void main()
{
   gl_Position = vec4(pos[gl_VertexIndex], 0.5, 1.0);
}
