#version 450
// Vertex shader of test_vertex_input: a per-vertex position (location 0)
// moved by a per-instance offset (location 2), a per-instance colour
// (location 1).
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 col;
layout(location = 2) in vec2 offset;
layout(location = 0) out vec4 colour;
void main()
{
   gl_Position = vec4(pos + offset, 0.0, 1.0);
   colour = col;
}
