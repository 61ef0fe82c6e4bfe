#version 450
// Compute shader of test_ms_fetch: workgroup (x, y) reads pixel (x, y) of two 4-sample
// (4- or 2-sample) images, invocation s its sample s (s < textureSamples) (texelFetch on usampler2DMS / sampler2DMS, the sample a
// dynamic value), and layer 0 of the same images through 2D MS array views;
// the depth and stencil aspects of a 4-sample D32_SFLOAT_S8_UINT image (sampler2DMS,
// usampler2DMS); with i = (y * width + x) * 4 + s: out.v[2 i] = (uint, packed unorm,
// array uint, array packed unorm), out.v[2 i + 1] = (depth bits, stencil, 0, 0).
// The first invocation also records textureSamples of all six.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform usampler2DMS u;
layout(set = 0, binding = 1) uniform sampler2DMS f;
layout(set = 0, binding = 2) uniform usampler2DMSArray ua;
layout(set = 0, binding = 3) uniform sampler2DMSArray fa;
layout(set = 0, binding = 4) uniform sampler2DMS d;
layout(set = 0, binding = 5) uniform usampler2DMS st;
layout(set = 0, binding = 6, std430) buffer Out {
   uint samples[8];
   uvec4 v[];
} o;
void main()
{
   ivec2 p = ivec2(gl_WorkGroupID.xy);
   int s = int(gl_LocalInvocationID.x);
   uint i = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 4u + uint(s);
   if (i == 0u) {
      o.samples[0] = uint(textureSamples(u));
      o.samples[1] = uint(textureSamples(f));
      o.samples[2] = uint(textureSamples(ua));
      o.samples[3] = uint(textureSamples(fa));
      o.samples[4] = uint(textureSamples(d));
      o.samples[5] = uint(textureSamples(st));
   }
   if (s >= textureSamples(u))
      return; // a 2-sample scene: invocations 2 and 3 idle
   o.v[2u * i + 1u] = uvec4(floatBitsToUint(texelFetch(d, p, s).x), texelFetch(st, p, s).x, 0u, 0u);
   o.v[2u * i] = uvec4(texelFetch(u, p, s).x, packUnorm4x8(texelFetch(f, p, s)),
                  texelFetch(ua, ivec3(p, 0), s).x, packUnorm4x8(texelFetch(fa, ivec3(p, 0), s)));
}
