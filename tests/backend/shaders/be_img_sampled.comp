#version 450
#extension GL_EXT_samplerless_texture_functions : require
// Sampled images (r32f, GPU layout, 3 levels; a 2-layer array): texelFetch,
// textureLod with samplers from the sampler heap (nearest clamp-to-edge,
// linear repeat, linear clamp-to-edge with LOD bias 1 in its descriptor),
// size and level queries, out-of-range fetches, a cube map (nearest) and a 1D
// image, gradients, texel offsets and a multisampled image. Checked by
// test_backend_image against a CPU model.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Out { float f[]; } o;
layout(set = 0, binding = 1) uniform sampler2D cs;
layout(set = 0, binding = 2) uniform texture2D tex;
layout(set = 0, binding = 3) uniform sampler smp[2];
layout(set = 0, binding = 4) uniform texture2DArray texa;
layout(set = 0, binding = 5) uniform samplerCube cube;
layout(set = 0, binding = 6) uniform sampler1D s1d;
layout(set = 0, binding = 7) uniform texture2DMS tms;
layout(set = 0, binding = 8) uniform sampler2D view1; // base level 1 of cs's image

void main()
{
   int i = int(gl_LocalInvocationIndex);
   vec2 uv = vec2(-0.25 + float(i) * 0.09375, 0.375 + float(i) * 0.046875);
   uint b = uint(i) * 22u;
   o.f[b + 0] = texelFetch(cs, ivec2((i & 3), (i >> 2)), 0).x;
   o.f[b + 1] = texelFetch(tex, ivec2((i & 1), ((i >> 1) & 1)), 1).x;
   o.f[b + 2] = textureLod(cs, uv, 0.0).x;
   o.f[b + 3] = textureLod(sampler2D(tex, smp[0]), uv, 0.0).x;
   o.f[b + 4] = textureLod(sampler2D(tex, smp[1]), uv, 0.0).x;
   o.f[b + 5] = texelFetch(texa, ivec3((i & 3), (i >> 2), 1), 0).x;
   o.f[b + 6] = textureLod(sampler2DArray(texa, smp[0]), vec3(uv, 1.4), 0.0).x;
   o.f[b + 7] = float(textureSize(cs, 0).x + 10 * textureSize(cs, 1).y +
                      100 * textureQueryLevels(cs) + 1000 * textureSize(texa, 0).z);
   o.f[b + 8] = texelFetch(cs, ivec2(i, 0), 0).x + texelFetch(cs, ivec2(0), 3 + (i & 1)).x;
   o.f[b + 9] = texelFetch(texa, ivec3(0, 0, 2 + i), 0).x;
   // cube: one direction per face (and two per face for i >= 6), no ties
   float s = 0.2 + 0.05 * float(i & 7);
   vec3 dirs[6] = vec3[6](vec3(1.0, -s, 0.3), vec3(-1.0, 0.3, -s), vec3(s, 1.0, -0.4),
                          vec3(-0.4, -1.0, s), vec3(0.1, s, 1.0), vec3(-s, 0.45, -1.0));
   o.f[b + 10] = textureLod(cube, dirs[i % 6] * (1.0 + float(i)), 0.0).x;
   o.f[b + 11] = texelFetch(s1d, i & 3, 0).x;
   o.f[b + 12] = textureLod(s1d, uv.x, 0.0).x;
   // gradients (LOD 1: level 1; LOD 0 + bias 1 from the sampler descriptor)
   o.f[b + 13] = textureGrad(sampler2D(tex, smp[0]), uv, vec2(0.5, 0.0), vec2(0.0, 0.5)).x;
   o.f[b + 14] = textureGrad(sampler2D(tex, smp[1]), uv, vec2(0.25, 0.0), vec2(0.0, 0.25)).x;
   // texel offsets
   o.f[b + 15] = textureLodOffset(cs, uv, 0.0, ivec2(1, -1)).x;
   o.f[b + 16] = textureLodOffset(sampler2D(tex, smp[0]), uv, 0.0, ivec2(-2, 1)).x;
   // multisampled (4 samples): one sample per invocation, out-of-range samples
   o.f[b + 17] = texelFetch(tms, ivec2(i & 3, i >> 2), (i + 1) & 3).x;
   o.f[b + 18] = texelFetch(tms, ivec2(i & 3, 0), 4 + (i & 1)).x;
   // a view whose base level is 1 (levels 1-2 of the same image)
   o.f[b + 19] = texelFetch(view1, ivec2(i & 1, (i >> 1) & 1), 0).x;
   o.f[b + 20] = textureLod(view1, uv, 1.0).x;
   o.f[b + 21] = float(textureSize(view1, 0).x + 10 * textureQueryLevels(view1));
}
