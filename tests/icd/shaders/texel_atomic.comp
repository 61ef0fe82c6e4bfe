#version 450
// Image atomics on R32_UINT / R32_SINT storage texel buffers, including
// one at an index past the view (no effect, returns 0).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32ui) uniform uimageBuffer u;
layout(set = 0, binding = 1, r32i) uniform iimageBuffer s;
layout(set = 0, binding = 2) writeonly buffer Out { uint oob[]; } o;
layout(push_constant) uniform P { uint oob_index; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   imageAtomicAdd(u, int(i % 8u), 1u);
   imageAtomicOr(u, 8 + int(i % 2u), 1u << (i % 32u));
   imageAtomicMax(s, int(i % 4u), int(i) - 100);
   imageAtomicMin(s, 4 + int(i % 4u), 50 - int(i));
   imageAtomicAnd(s, 8, ~(1 << (i % 31u)));
   if (i == 5u)
      imageAtomicCompSwap(u, 10, 7u, 99u);
   if (i == 6u)
      imageAtomicExchange(s, 9, -1234);
   o.oob[i] = imageAtomicAdd(u, int(pc.oob_index), 5u);
}
