#version 450
// Fragment shader of test_render_pass: the push-constant colour to every
// colour attachment (the pipeline's write masks choose which ones change).
layout(push_constant) uniform Push {
   vec4 rect;
   vec4 colour;
   float depth;
} pc;
layout(location = 0) out vec4 o0;
layout(location = 1) out vec4 o1;
void main()
{
   o0 = pc.colour;
   o1 = pc.colour;
}
