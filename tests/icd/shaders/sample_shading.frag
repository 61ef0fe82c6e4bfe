#version 450
// test_sample_shading: one invocation per covered sample (SampleId and a
// Sample-qualified input ask for it). Each records, at record
// (pixel * 4 + SampleId) of the buffer: how many invocations shaded that
// sample, SampleMaskIn, SamplePosition, the input at its sample, and
// interpolateAtSample (sample 3 - SampleId), interpolateAtOffset
// (+0.25, -0.125) and interpolateAtCentroid of the same input. The colour
// is red = (32 + 64 SampleId) / 255 (the resolve averages the samples).
layout(location = 0) sample in vec4 colour;
layout(location = 0) out vec4 o;
struct rec {
   uint count, mask_in;
   vec2 pos;
   float at_sample_self, at_sample_other, at_offset, at_centroid;
};
layout(set = 0, binding = 1, std430) buffer Out {
   rec r[];
} ob;
void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   uint i = uint(p.y * 64 + p.x) * 4u + uint(gl_SampleID);
   atomicAdd(ob.r[i].count, 1u);
   ob.r[i].mask_in = uint(gl_SampleMaskIn[0]);
   ob.r[i].pos = gl_SamplePosition;
   ob.r[i].at_sample_self = colour.x;
   ob.r[i].at_sample_other = interpolateAtSample(colour, 3 - gl_SampleID).x;
   ob.r[i].at_offset = interpolateAtOffset(colour, vec2(0.25, -0.125)).x;
   ob.r[i].at_centroid = interpolateAtCentroid(colour).x;
   o = vec4((32.0 + 64.0 * float(gl_SampleID)) / 255.0, 0.0, 0.0, 1.0);
}
