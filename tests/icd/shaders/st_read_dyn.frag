#version 450
#extension GL_EXT_nonuniform_qualifier : require
// test_subpass_tile, "dynamic index": reads element pc.ival.z of an array of three input
// attachments (two in the tilebuffer of the merged subpasses, one only in memory) or, with
// pc.ival.w != 0, element (x + y) % 3 of the pixel (a non-uniform index), as RGBA32 float.
layout(push_constant) uniform Push {
   vec4 rect;
   vec4 colour;
   ivec4 ival;
   float depth;
} pc;
layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput ins[3];
layout(location = 0) out vec4 o0;
void main()
{
   if (pc.ival.w != 0) {
      int k = (int(gl_FragCoord.x) + int(gl_FragCoord.y)) % 3;
      o0 = subpassLoad(ins[nonuniformEXT(k)]);
   } else {
      o0 = subpassLoad(ins[pc.ival.z]);
   }
}
