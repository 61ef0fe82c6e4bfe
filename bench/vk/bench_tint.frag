#version 450
// Fragment shader of agx-vk-draw-bench's material-switch row: the
// interpolated colour halved (a second fragment shader with draw.frag's
// interface, so two pipelines differ in their fragment shader binaries).
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
void main()
{
   o = colour * 0.5;
}
