#version 450
// test_subpass_tile, subpass 0: a colour (RGBA8 unorm) and a signed
// integer pair (RG16 sint) from the push constants.
layout(push_constant) uniform Push {
   vec4 rect;
   vec4 colour;
   ivec4 ival;
   float depth;
} pc;
layout(location = 0) out vec4 o0;
layout(location = 1) out ivec2 o1;
void main()
{
   o0 = pc.colour;
   o1 = pc.ival.xy;
}
