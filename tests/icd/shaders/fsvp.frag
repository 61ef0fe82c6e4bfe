#version 450
#extension GL_EXT_multiview : require
// Fragment shader of test_fs_viewport: writes the viewport index it reads,
// the flat tag, the colour's green channel in 1/255 units and
// 1000 + gl_ViewIndex to an R32G32B32A32_UINT attachment. (Not gl_Layer:
// a multiview pipeline's shaders must not have Layer in their interfaces,
// VUID-VkGraphicsPipelineCreateInfo-renderPass-06059.)
layout(location = 0) in vec4 colour;
layout(location = 1) flat in uint tag;
layout(location = 0) out uvec4 o;
void main()
{
   o = uvec4(uint(gl_ViewportIndex), tag, uint(colour.g * 255.0 + 0.5), uint(1000 + gl_ViewIndex));
}
