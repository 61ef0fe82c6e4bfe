#version 450
// test_draw_count: the colour from location 1 (draw_count_pad.vert); the
// padding varying at location 0 is read too, scaled to nothing.
layout(location = 0) in vec4 pad;
layout(location = 1) in vec4 colour;
layout(location = 0) out vec4 o;
void main()
{
   o = colour + pad * 0.0;
}
