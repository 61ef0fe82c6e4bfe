#version 450
// test_depth_sample: a depth aspect read through texelFetch, textureLod and
// shadow samplers (compare LESS, nearest and linear) at texel centres and at
// the corners between four texels; 16x16 image, one invocation per texel.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 1) uniform sampler2D depth_tex;
layout(set = 0, binding = 2) uniform sampler2DShadow shadow_near;
layout(set = 0, binding = 3) uniform sampler2DShadow shadow_lin;
layout(push_constant) uniform P { float ref; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   ivec2 t = ivec2(i % 16u, i / 16u);
   vec2 centre = (vec2(t) + 0.5) / 16.0;
   vec2 corner = (vec2(t) + 1.0) / 16.0;
   o.v[i] = vec4(texelFetch(depth_tex, t, 0).r, texture(shadow_near, vec3(centre, pc.ref)),
                 texture(shadow_lin, vec3(corner, pc.ref)), textureLod(depth_tex, centre, 0.0).r);
}
