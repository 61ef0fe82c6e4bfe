#version 450
// test_subpass_tile, 4-sample subpass 1 shaded per sample: its own
// sample, the mirrored one, a constant one, and its own green.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInputMS a;
layout(location = 0) out vec4 o0;
void main()
{
   o0 = vec4(subpassLoad(a, gl_SampleID).r, subpassLoad(a, 3 - gl_SampleID).r,
             subpassLoad(a, 2).r, subpassLoad(a, gl_SampleID).g);
}
