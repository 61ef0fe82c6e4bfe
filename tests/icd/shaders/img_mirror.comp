#version 450
// textureLod with a MIRROR_CLAMP_TO_EDGE sampler (nearest) over three image
// widths and heights around the image: texel (ix, iy) for ix in [-W, 2W),
// iy in [-H, 2H), at texel centres; push constants give W and H.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(set = 0, binding = 3) uniform texture2D ftex;
layout(set = 0, binding = 5) uniform sampler samp;
layout(push_constant) uniform P { int w; int h; } pc;
void main()
{
   int i = int(gl_GlobalInvocationID.x);
   if (i >= 9 * pc.w * pc.h)
      return;
   int ix = i % (3 * pc.w) - pc.w, iy = i / (3 * pc.w) - pc.h;
   vec4 f = textureLod(sampler2D(ftex, samp), (vec2(ix, iy) + 0.5) / vec2(pc.w, pc.h), 0.0);
   o.v[i] = uvec4(packUnorm4x8(f), uint(ix + 1000), uint(iy + 1000), 0u);
}
