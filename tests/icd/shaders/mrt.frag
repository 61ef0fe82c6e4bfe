#version 450
// Fragment shader of test_draw's MRT scene: the colour into attachment 0,
// its red channel into attachment 2 (R32_SFLOAT), location 1 being a
// hole (no attachment).
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o0;
layout(location = 2) out float o2;
void main()
{
   o0 = colour;
   o2 = colour.r;
}
