#version 450
// test_subpass_tile, 4-sample subpass 1 shaded per pixel: the red of each
// sample of the input attachment, explicitly.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInputMS a;
layout(location = 0) out vec4 o0;
void main()
{
   o0 = vec4(subpassLoad(a, 0).r, subpassLoad(a, 1).r, subpassLoad(a, 2).r, subpassLoad(a, 3).r);
}
