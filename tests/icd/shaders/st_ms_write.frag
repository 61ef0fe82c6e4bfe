#version 450
// test_subpass_tile, 4-sample subpass 0: red (20 + 60 x sample) / 255 per
// sample (gl_SampleID: shaded per sample), green and blue from the push
// constants.
layout(push_constant) uniform Push {
   vec4 rect;
   vec4 colour;
   ivec4 ival;
   float depth;
} pc;
layout(location = 0) out vec4 o0;
void main()
{
   o0 = vec4(float(20 + 60 * gl_SampleID) / 255.0, pc.colour.g, pc.colour.b, 1.0);
}
