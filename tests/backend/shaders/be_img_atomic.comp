#version 450
// Image atomics on r32ui storage images: a GPU-layout 2D array and a linear
// 2D image (row stride 64 bytes); out-of-range atomics do nothing and
// return 0. Checked by test_backend_image against memory.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint v[]; } o;
layout(set = 0, binding = 1, r32ui) uniform uimage2DArray arr;
layout(set = 0, binding = 2, r32ui) uniform uimage2D lin;

void main()
{
   uint i = gl_LocalInvocationIndex;
   ivec3 p = ivec3(i & 7u, (i >> 3) & 3u, i >> 5);
   o.v[i * 4 + 0] = imageAtomicAdd(arr, p, i + 1u);
   imageAtomicMax(lin, p.xy, i);
   o.v[i * 4 + 2] = imageAtomicAdd(arr, ivec3(p.xy, 2), 5u) +
                    imageAtomicExchange(lin, ivec2(8, p.y), 9u) +
                    imageAtomicOr(lin, ivec2(p.x, -1), 9u);
   o.v[i * 4 + 3] = imageAtomicCompSwap(arr, p, 1000u + i * 3u + i + 1u, 77u);
}
