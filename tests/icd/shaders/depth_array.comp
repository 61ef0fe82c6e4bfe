#version 450
// test_depth_sample: every layer of a depth array read through texelFetch
// of a sampler2DArray (16x16 layers, one invocation per texel and layer).
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 1) uniform sampler2DArray depth_tex;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   o.v[i] = texelFetch(depth_tex, ivec3(i % 16u, (i / 16u) % 16u, i / 256u), 0);
}
