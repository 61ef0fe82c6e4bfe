#version 450
#extension GL_GOOGLE_include_directive : require
// test_ms_storage: imageAtomicAdd of (s + 1) << 20 on sample s of every
// pixel of both layers of the multisampled R32_UINT image, the returned
// values recorded; with mode 1 (agx-vk) also atomics on samples past ns,
// which must return 0 and change nothing.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2DMSArray u;
layout(set = 0, binding = 5) buffer Old { uint v[]; } old;
#include "ms_storage.glsl"

void main()
{
   uint s = gl_LocalInvocationID.x;
   uvec3 p = gl_WorkGroupID;
   uint i = ((p.z * pc.h + p.y) * pc.w + p.x) * 4u + s;
   if (s < pc.ns)
      old.v[i] = imageAtomicAdd(u, ivec3(p), int(s), (s + 1u) << 20);
   else if (pc.mode == 1u)
      old.v[i] = imageAtomicAdd(u, ivec3(p), int(s), 0x777u);
}
