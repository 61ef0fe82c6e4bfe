#version 450
// Fragment shader of test_draw's MRT scene: the colour into attachment 0,
// red x 0.5 + push constant z x vertex 0's w (a storage buffer read: the
// fragment stage's root uniforms) into attachment 2 (R32_SFLOAT); location
// 1 has no attachment: its output is dropped.
layout(set = 0, binding = 0, std430) readonly buffer Vertices {
   vec4 v[];
} vb;
layout(push_constant) uniform Push {
   vec4 offset;
} pc;
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
layout(location = 2) out float o2;
void main()
{
   o0 = colour;
   o1 = vec4(1.0);
   o2 = colour.r * 0.5 + pc.offset.z * vb.v[0].w;
}
