#version 450
// Reads every texel of level `lod` of images filled by buffer copies:
// texelFetch of an r32ui 2D array (combined image sampler) and textureLod
// at texel centres of an rgba8 2D image (sampled image + separate sampler).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(set = 0, binding = 2) uniform usampler2DArray tex;
layout(set = 0, binding = 3) uniform texture2D ftex;
layout(set = 0, binding = 5) uniform sampler samp;
layout(push_constant) uniform P { int lod; uint layers; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   ivec2 sz = textureSize(tex, pc.lod).xy;
   uint n = uint(sz.x * sz.y);
   if (i >= n * pc.layers)
      return;
   int x = int(i % uint(sz.x)), y = int((i / uint(sz.x)) % uint(sz.y)), l = int(i / n);
   uvec4 t = texelFetch(tex, ivec3(x, y, l), pc.lod);
   ivec2 fsz = textureSize(sampler2D(ftex, samp), pc.lod);
   vec4 f = vec4(0.0);
   if (x < fsz.x && y < fsz.y && l == 0)
      f = textureLod(sampler2D(ftex, samp), (vec2(x, y) + 0.5) / vec2(fsz), float(pc.lod));
   o.v[i] = uvec4(t.x, uint(sz.x) | (uint(sz.y) << 16), packUnorm4x8(f), uint(fsz.x));
}
