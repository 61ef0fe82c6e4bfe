#version 450
// vkCmdCopyBuffer / vkCmdUpdateBuffer when offsets and size are multiples
// of 4: one dword per invocation.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer Src { uint src[]; };
layout(set = 0, binding = 1) buffer Dst { uint dst[]; };
layout(push_constant) uniform Push { uint count; } pc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   if (i < pc.count)
      dst[i] = src[i];
}
