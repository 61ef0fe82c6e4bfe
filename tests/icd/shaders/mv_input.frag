#version 450
// test_multiview: the input attachment at this pixel (in a multiview
// subpass: the layer of this view), channels swizzled to BGRA.
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput src;
layout(location = 0) out vec4 o;
void main()
{
   o = subpassLoad(src).bgra;
}
