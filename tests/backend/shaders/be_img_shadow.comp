#version 450
// Depth-compare sampling (r32f image, level 0 of 3; sampler with Compare
// enable, Lequal, nearest clamp-to-edge): textureLod, textureLodOffset and
// textureProjLod on a sampler2DShadow. Checked by test_backend_image.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Out { float f[]; } o;
layout(set = 0, binding = 1) uniform sampler2DShadow sh;

void main()
{
   int i = int(gl_LocalInvocationIndex);
   vec2 uv = vec2(-0.25 + float(i) * 0.09375, 0.375 + float(i) * 0.046875);
   float ref = 10.0 + 2.0 * float(i);
   uint b = uint(i) * 3u;
   o.f[b + 0] = textureLod(sh, vec3(uv, ref), 0.0);
   o.f[b + 1] = textureLodOffset(sh, vec3(uv, ref), 0.0, ivec2(1, -1));
   o.f[b + 2] = textureProjLod(sh, vec4(uv * 2.0, ref * 2.0, 2.0), 0.0);
}
