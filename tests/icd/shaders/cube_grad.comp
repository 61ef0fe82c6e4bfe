#version 450
// test_cube_grad: textureGrad on a cube map, a cube array and a cube map whose sampler has a
// LOD bias, one invocation per probe (direction, cube index in w, per-probe gradients).
layout(local_size_x = 64) in;
struct Probe { vec4 dir; vec4 ddx; vec4 ddy; };
layout(set = 0, binding = 0) readonly buffer Probes { Probe p[]; } probes;
layout(set = 0, binding = 1) buffer Out { vec4 v[]; } o;
layout(set = 0, binding = 2) uniform samplerCube cube;
layout(set = 0, binding = 3) uniform samplerCubeArray cubes;
layout(set = 0, binding = 4) uniform samplerCube biased;
layout(push_constant) uniform P { uint count; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   if (i >= pc.count)
      return;
   Probe q = probes.p[i];
   o.v[i] = vec4(textureGrad(cube, q.dir.xyz, q.ddx.xyz, q.ddy.xyz).x,
                 textureGrad(cubes, q.dir, q.ddx.xyz, q.ddy.xyz).x,
                 textureGrad(biased, q.dir.xyz, q.ddx.xyz, q.ddy.xyz).x, 1.0);
}
