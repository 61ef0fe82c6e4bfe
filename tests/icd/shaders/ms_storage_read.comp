#version 450
#extension GL_GOOGLE_include_directive : require
// test_ms_storage: reads every sample back with imageLoad (storage views)
// and texelFetch (sampled views of the same images), and records
// imageSamples, imageSize and textureSamples.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2DMSArray u;
layout(set = 0, binding = 1, rgba8) uniform image2DMS f;
layout(set = 0, binding = 2) uniform usampler2DMSArray su;
layout(set = 0, binding = 3) uniform sampler2DMS sf;
layout(set = 0, binding = 4) buffer Out { uint v[]; } o;
#include "ms_storage.glsl"

void main()
{
   uint s = gl_LocalInvocationID.x;
   uvec3 p = gl_WorkGroupID;
   if (p == uvec3(0u) && s == 0u) {
      o.v[0] = uint(imageSamples(u));
      o.v[1] = uint(imageSamples(f));
      o.v[2] = uint(textureSamples(su));
      o.v[3] = uint(textureSamples(sf));
      uvec3 su3 = uvec3(imageSize(u));
      o.v[4] = su3.x, o.v[5] = su3.y, o.v[6] = su3.z;
      uvec2 sf2 = uvec2(imageSize(f));
      o.v[7] = sf2.x, o.v[8] = sf2.y;
   }
   if (s >= pc.ns)
      return;
   uint i = 16u + 4u * (((p.z * pc.h + p.y) * pc.w + p.x) * 4u + s);
   o.v[i] = imageLoad(u, ivec3(p), int(s)).x;
   o.v[i + 1u] = texelFetch(su, ivec3(p), int(s)).x;
   if (p.z == 0u) {
      o.v[i + 2u] = packUnorm4x8(imageLoad(f, ivec2(p.xy), int(s)));
      o.v[i + 3u] = packUnorm4x8(texelFetch(sf, ivec2(p.xy), int(s)));
   }
}
