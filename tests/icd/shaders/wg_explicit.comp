#version 450
// VK_KHR_workgroup_memory_explicit_layout: two Block variables in shared
// memory alias. Words written through one are read back as bytes and
// 16-bit halves through the others; an explicit Offset places a member.
#extension GL_EXT_shared_memory_block : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 32) in;
shared Words { uint w[32]; } words;
shared Bytes { uint8_t b[128]; } bytes;
shared Halves { layout(offset = 64) uint16_t h[32]; } halves;   // words 16..31
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } src;
layout(set = 0, binding = 1) writeonly buffer Out { uvec4 r[]; } dst;

void main()
{
   uint i = gl_LocalInvocationIndex, g = gl_WorkGroupID.x;
   words.w[i] = src.v[g * 32u + i];
   barrier();
   uint j = (i * 7u) % 128u, k = (i * 5u) % 32u;
   dst.r[g * 32u + i] = uvec4(bytes.b[j], halves.h[k], words.w[31u - i], 0u);
}
