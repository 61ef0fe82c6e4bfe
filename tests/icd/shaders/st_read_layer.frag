#version 450
// test_subpass_tile, layered: the input attachment at the pixel and layer,
// its channels reversed.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput a;
layout(location = 0) out vec4 o0;
void main()
{
   o0 = subpassLoad(a).abgr;
}
