#version 450
#extension GL_GOOGLE_include_directive : require
// test_ms_storage: one workgroup per pixel, one invocation per sample, writes
// the values of ms_storage.glsl into layer 0 of a multisampled R32_UINT 2D
// array and into a multisampled R8G8B8A8_UNORM image (mode 0), or only
// stores outside the images (samples past ns, x past w, y past h, layer 2:
// mode 1, agx-vk only), which must change nothing.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2DMSArray u;
layout(set = 0, binding = 1, rgba8) uniform image2DMS f;
#include "ms_storage.glsl"

void main()
{
   uint s = gl_LocalInvocationID.x;
   uvec2 p = gl_WorkGroupID.xy;
   ivec2 ip = ivec2(p);
   if (pc.mode == 0u) {
      if (s >= pc.ns)
         return;
      imageStore(u, ivec3(ip, 0), int(s), uvec4(want_u(p.x, p.y, 0u, s)));
      imageStore(f, ip, int(s), want_f(p.x, p.y, s));
      return;
   }
   uvec4 bad = uvec4(0xDEADBEEFu);
   imageStore(u, ivec3(ip, 0), int(pc.ns + s), bad);
   imageStore(u, ivec3(ip.x + int(pc.w), ip.y, 0), int(s % pc.ns), bad);
   imageStore(u, ivec3(ip.x, ip.y + int(pc.h), 1), int(s % pc.ns), bad);
   imageStore(u, ivec3(ip, 2), int(s % pc.ns), bad);
   imageStore(f, ip, int(pc.ns + s), vec4(1.0));
   imageStore(f, ivec2(ip.x + int(pc.w), ip.y), int(s % pc.ns), vec4(1.0));
}
