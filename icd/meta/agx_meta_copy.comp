#version 450
// vkCmdCopyBuffer / vkCmdUpdateBuffer at any byte offsets and sizes. Each
// invocation owns one destination dword, so partial dwords at either end
// are merged with the bytes already there without racing a neighbour.
// Buffers are bound at dword-aligned addresses; src_byte / dst_byte (< 4)
// are the byte offsets of the data from those addresses.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer Src { uint src[]; };
layout(set = 0, binding = 1) buffer Dst { uint dst[]; };
layout(push_constant) uniform Push { uint src_byte; uint dst_byte; uint size; } pc;

uint src_byte_at(uint b) {
   uint word = src[b >> 2];
   return (word >> ((b & 3u) * 8u)) & 0xffu;
}

void main() {
   uint w = gl_GlobalInvocationID.x;              // destination dword index
   uint last = (pc.dst_byte + pc.size - 1u) >> 2;
   if (pc.size == 0u || w > last)
      return;
   uint result = dst[w];
   for (uint k = 0u; k < 4u; k++) {
      uint b = w * 4u + k;                         // destination byte
      if (b >= pc.dst_byte && b < pc.dst_byte + pc.size) {
         uint s = b - pc.dst_byte + pc.src_byte;
         result = (result & ~(0xffu << (k * 8u))) | (src_byte_at(s) << (k * 8u));
      }
   }
   dst[w] = result;
}
