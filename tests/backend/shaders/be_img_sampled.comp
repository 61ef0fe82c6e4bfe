#version 450
#extension GL_EXT_samplerless_texture_functions : require
// Sampled images (r32f, GPU layout, 3 levels; a 2-layer array): texelFetch,
// textureLod with samplers from the sampler heap (nearest clamp-to-edge,
// linear repeat, linear clamp-to-edge with LOD bias 1 in its descriptor),
// size and level queries, out-of-range fetches. Checked by
// test_backend_image against a CPU model.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Out { float f[]; } o;
layout(set = 0, binding = 1) uniform sampler2D cs;
layout(set = 0, binding = 2) uniform texture2D tex;
layout(set = 0, binding = 3) uniform sampler smp[2];
layout(set = 0, binding = 4) uniform texture2DArray texa;

void main()
{
   int i = int(gl_LocalInvocationIndex);
   vec2 uv = vec2(-0.25 + float(i) * 0.09375, 0.375 + float(i) * 0.046875);
   uint b = uint(i) * 10u;
   o.f[b + 0] = texelFetch(cs, ivec2(i % 4, i / 4), 0).x;
   o.f[b + 1] = texelFetch(tex, ivec2(i % 2, (i / 2) % 2), 1).x;
   o.f[b + 2] = textureLod(cs, uv, 0.0).x;
   o.f[b + 3] = textureLod(sampler2D(tex, smp[0]), uv, 0.0).x;
   o.f[b + 4] = textureLod(sampler2D(tex, smp[1]), uv, 0.0).x;
   o.f[b + 5] = texelFetch(texa, ivec3(i % 4, i / 4, 1), 0).x;
   o.f[b + 6] = textureLod(sampler2DArray(texa, smp[0]), vec3(uv, 1.4), 0.0).x;
   o.f[b + 7] = float(textureSize(cs, 0).x + 10 * textureSize(cs, 1).y +
                      100 * textureQueryLevels(cs) + 1000 * textureSize(texa, 0).z);
   o.f[b + 8] = texelFetch(cs, ivec2(i, 0), 0).x + texelFetch(cs, ivec2(0), 3 + i % 2).x;
   o.f[b + 9] = texelFetch(texa, ivec3(0, 0, 2 + i), 0).x;
}
