#version 450
#extension GL_EXT_nonuniform_qualifier : require
// Arrays of texel buffers: a dynamically uniform index (push constant) and
// a per-invocation (non-uniform) one.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform usamplerBuffer arr[4];
layout(set = 0, binding = 1, r32ui) uniform uimageBuffer outs[2];
layout(set = 0, binding = 2) writeonly buffer Out { uint r[]; } o;
layout(push_constant) uniform P { uint sel; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint a = texelFetch(arr[pc.sel], int(i)).x;
   uint b = texelFetch(arr[nonuniformEXT(i & 3u)], int(i)).x;
   imageStore(outs[pc.sel & 1u], int(i), uvec4(a + b));
   o.r[i] = a * 1000u + b + imageSize(outs[nonuniformEXT(i & 1u)]) * 1000000u;
}
