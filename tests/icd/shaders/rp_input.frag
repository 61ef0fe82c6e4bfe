#version 450
// Fragment shader of test_render_pass: reads the input attachment (the
// previous subpass's output at this pixel) and writes its channels
// reversed, scaled by the push-constant colour.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput src;
layout(push_constant) uniform Push {
   vec4 rect;
   vec4 colour;
   float depth;
} pc;
layout(location = 0) out vec4 o0;
void main()
{
   o0 = subpassLoad(src).abgr * pc.colour;
}
