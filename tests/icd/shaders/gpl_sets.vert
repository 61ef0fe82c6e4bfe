#version 450
// test_gpl, independent set layouts: position and colour from vertex
// attributes, the position moved by a uniform of set 0 (the
// pre-rasterization library's layout holds only set 0).
layout(location = 0) in vec4 pos;
layout(location = 1) in vec4 col;
layout(location = 0) out vec4 colour;
layout(set = 0, binding = 0) uniform Move { vec4 offset; } move;
void main()
{
   gl_Position = vec4(pos.xy + move.offset.xy, 0.0, 1.0);
   colour = col;
}
