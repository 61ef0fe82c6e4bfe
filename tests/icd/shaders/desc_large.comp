#version 450
// vkd3d-proton's bindless heaps: 1,000,000-element update-after-bind arrays of sampled
// images, storage images and storage buffers, read at indices (push constants) that differ
// between the invocations of a subgroup.
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(set = 0, binding = 1) uniform utexture2D tex[1000000];
layout(set = 0, binding = 2) uniform sampler samp;
layout(set = 0, binding = 3, r32ui) uniform uimage2D img[1000000];
layout(set = 0, binding = 4) buffer B { uint d[]; } bufs[1000000];
layout(push_constant) uniform P { uvec4 idx; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   // (a select, not pc.idx[i % 4]: push constants indexed dynamically do not compile yet)
   uint m = i % 4u;
   uint k = m == 0u ? pc.idx.x : m == 1u ? pc.idx.y : m == 2u ? pc.idx.z : pc.idx.w;
   o.v[i] = uvec4(textureLod(usampler2D(tex[nonuniformEXT(k)], samp), vec2(0.0625), 0.0).x,
                  imageLoad(img[nonuniformEXT(k)], ivec2(0)).x, bufs[nonuniformEXT(k)].d[0], k);
}
