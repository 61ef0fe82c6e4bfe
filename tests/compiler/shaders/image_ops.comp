#version 450
#extension GL_EXT_samplerless_texture_functions : require
// Image operations for test_image.c's lowering checks: arrays of storage
// images and samplers indexed dynamically, a sampled 3D image fetched and
// sampled through a separate sampler.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { vec4 v[]; } o;
layout(set = 1, binding = 2, rgba8) uniform image2DArray imgs[3];
layout(set = 0, binding = 3) uniform texture3D tex;
layout(set = 2, binding = 1) uniform sampler smp[4];
layout(push_constant) uniform P { int k; } pc;

void main()
{
   int i = int(gl_LocalInvocationIndex);
   imageStore(imgs[pc.k], ivec3(i, 1, 2), vec4(1.0));
   o.v[i] = imageLoad(imgs[1], ivec3(i, 0, 0)) +
            textureLod(sampler3D(tex, smp[pc.k]), vec3(0.5), 2.0) + texelFetch(tex, ivec3(i), 1) +
            textureLod(sampler3D(tex, smp[1]), vec3(0.25), 0.0);
}
