#version 450
// VK_EXT_image_view_min_lod: a 16x16 RGBA8 image with 5 levels seen through views with a
// minimum LOD (test_view_min_lod.c): explicit-LOD samples (nearest and linear mip filter)
// and texel fetches of every level, gradients, a gather. 17 vec4 slots per invocation.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 1) uniform sampler2D all25;    // levels 0-4, minLod 2.5, nearest mip
layout(set = 0, binding = 2) uniform sampler2D base1;    // levels 1-4, minLod 2.0, nearest mip
layout(set = 0, binding = 3) uniform sampler2D linear25; // levels 0-4, minLod 2.5, linear mip
void main()
{
   uint i = gl_GlobalInvocationID.x;
   vec2 uv = (vec2(i % 8u, i / 8u) + 0.5) / 8.0;
   ivec2 xy = ivec2(i % 8u, i / 8u);
   for (int l = 0; l < 5; l++) {
      o.v[17u * i + uint(l)] = textureLod(all25, uv, float(l));
      o.v[17u * i + 5u + uint(l)] = texelFetch(all25, xy >> l, l);
   }
   o.v[17u * i + 10u] = textureLod(base1, uv, 0.0);
   o.v[17u * i + 11u] = texelFetch(base1, xy >> 1, 0);
   o.v[17u * i + 12u] = texelFetch(base1, xy >> 2, 1);
   o.v[17u * i + 13u] = textureLod(linear25, uv, 0.0);
   // gradients of one level-0 texel (LOD 0) and of eight (LOD 3)
   o.v[17u * i + 14u] = textureGrad(all25, uv, vec2(1.0 / 16.0, 0.0), vec2(0.0, 1.0 / 16.0));
   o.v[17u * i + 15u] = textureGrad(all25, uv, vec2(0.5, 0.0), vec2(0.0, 0.5));
   // gathers read level 0: below the minimum, out of range
   o.v[17u * i + 16u] = textureGather(all25, uv, 1);
}
