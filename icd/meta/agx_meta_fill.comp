#version 450
// vkCmdFillBuffer: dst[i] = value for `count` dwords (the driver's own
// shader; the descriptor set it reads is written by the driver directly).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Dst { uint dst[]; };
layout(push_constant) uniform Push { uint count; uint value; } pc;
void main() {
   uint i = gl_GlobalInvocationID.x;
   if (i < pc.count)
      dst[i] = pc.value;
}
