#version 450
// Descriptor indexing on images: arrays of combined image samplers, sampled images, samplers
// and a variable-count array of storage images, indexed by a dynamically uniform value (push
// constant) and by values that differ between the invocations of a subgroup (nonuniformEXT).
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(set = 0, binding = 1) uniform usampler2D ctex[4];
layout(set = 0, binding = 2) uniform utexture2D stex[4];
layout(set = 0, binding = 3) uniform sampler samp[2];
layout(set = 0, binding = 4, r32ui) uniform uimage2D imgs[];
layout(push_constant) uniform P { uint k; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x; // 0 .. 191
   uint a = i % 4u, s = (i / 2u) % 2u, b = i % 3u, j = i / 3u;
   ivec2 p = ivec2(i % 8u, (i / 8u) % 8u);
   ivec2 q = ivec2(j % 8u, j / 8u);
   uint v0 = texelFetch(ctex[nonuniformEXT(a)], p, 0).x;
   uint v1 = textureLod(usampler2D(stex[nonuniformEXT(a)], samp[nonuniformEXT(s)]),
                        (vec2(p) + 0.5) / 8.0, 0.0).x;
   uint v2 = texelFetch(ctex[pc.k], p, 0).x;
   uint v3 = imageLoad(imgs[nonuniformEXT(b)], q).x;
   imageStore(imgs[nonuniformEXT(b)], q + ivec2(0, 8), uvec4(v3 + 7u));
   o.v[i] = uvec4(v0, v1, v2, v3);
}
