#version 450
// Arrays of texel buffers with constant indices (no indexing features).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform usamplerBuffer arr[4];
layout(set = 0, binding = 1, r32ui) uniform uimageBuffer outs[2];
layout(set = 0, binding = 2) writeonly buffer Out { uint r[]; } o;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint a = texelFetch(arr[3], int(i)).x;
   uint b = texelFetch(arr[1], int(i)).x;
   imageStore(outs[1], int(i), uvec4(a + b));
   o.r[i] = a * 1000u + b + imageSize(outs[0]) * 1000000u;
}
