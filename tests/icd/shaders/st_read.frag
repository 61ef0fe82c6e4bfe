#version 450
// test_subpass_tile, subpass 1: reads subpass 0's two attachments at the
// pixel and writes a function of them (RGBA32 float).
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput a;
layout(input_attachment_index = 1, set = 0, binding = 1) uniform isubpassInput s;
layout(location = 0) out vec4 o0;
void main()
{
   vec4 v = subpassLoad(a);
   ivec4 i = subpassLoad(s);
   o0 = vec4(v.r + v.g, v.b * 2.0 - v.a, float(i.x), float(i.y) * 0.5 + float(i.w));
}
