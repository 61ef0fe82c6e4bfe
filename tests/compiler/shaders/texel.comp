#version 450
// Texel buffers for the compiler unit test (test_texel.c): a uniform texel
// buffer array in set 1, a storage texel buffer, R32 atomics, sizes.
layout(local_size_x = 64) in;
layout(set = 1, binding = 2) uniform samplerBuffer src[3];
layout(set = 0, binding = 1) writeonly uniform imageBuffer dst;
layout(set = 0, binding = 3, r32ui) uniform uimageBuffer counters;
layout(push_constant) uniform P { uint sel; } pc;
void main()
{
   int i = int(gl_GlobalInvocationID.x);
   vec4 v = texelFetch(src[pc.sel], i) + texelFetch(src[1], i);
   imageStore(dst, i, v + vec4(float(textureSize(src[2]) + imageSize(dst))));
   imageAtomicAdd(counters, i & 7, 1u);
}
