#version 450
#extension GL_GOOGLE_include_directive : require
// test_ms_storage: each fragment of a single-sampled pass writes every sample
// of its pixel of a multisampled R32_UINT image through a 2D MS view of
// layer 1 (the values of ms_storage.glsl for layer 1).
layout(set = 0, binding = 0, r32ui) uniform uimage2DMS u1;
layout(location = 0) out vec4 o;
#include "ms_storage.glsl"

void main()
{
   uvec2 p = uvec2(gl_FragCoord.xy);
   for (uint s = 0u; s < pc.ns; s++)
      imageStore(u1, ivec2(p), int(s), uvec4(want_u(p.x, p.y, 1u, s)));
   o = vec4(0.0, 1.0, 0.0, 1.0);
}
