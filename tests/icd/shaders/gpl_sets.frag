#version 450
// test_gpl, independent set layouts: the interpolated colour times a
// uniform of set 1 (the fragment shader library's layout holds only set 1).
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
layout(set = 1, binding = 0) uniform Tint { vec4 tint; } t;
void main()
{
   o = colour * t.tint;
}
