#version 450
// Fragment shader of test_draw's MRT scene: the colour into attachment 0,
// its red channel into attachment 2 (R32_SFLOAT); location 1 has no
// attachment: its output is dropped.
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
layout(location = 2) out float o2;
void main()
{
   o0 = colour;
   o1 = vec4(1.0);
   o2 = colour.r;
}
