#version 450
// test_depth_sample: the stencil aspect of an image read through texelFetch
// of a usampler2D (16x16 image, one invocation per texel).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(set = 0, binding = 1) uniform usampler2D stencil_tex;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   o.v[i] = texelFetch(stencil_tex, ivec2(i % 16u, i / 16u), 0);
}
