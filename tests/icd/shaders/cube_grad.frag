#version 450
// test_cube_grad: cube_grad.comp's samples in a fragment shader, probe = pixel x + 16 y.
struct Probe { vec4 dir; vec4 ddx; vec4 ddy; };
layout(set = 0, binding = 0) readonly buffer Probes { Probe p[]; } probes;
layout(set = 0, binding = 2) uniform samplerCube cube;
layout(set = 0, binding = 3) uniform samplerCubeArray cubes;
layout(set = 0, binding = 4) uniform samplerCube biased;
layout(push_constant) uniform P { uint count; } pc;
layout(location = 0) out vec4 colour;
void main()
{
   uint i = uint(gl_FragCoord.x) + 16u * uint(gl_FragCoord.y);
   if (i >= pc.count) {
      colour = vec4(-1.0);
      return;
   }
   Probe q = probes.p[i];
   colour = vec4(textureGrad(cube, q.dir.xyz, q.ddx.xyz, q.ddy.xyz).x,
                 textureGrad(cubes, q.dir, q.ddx.xyz, q.ddy.xyz).x,
                 textureGrad(biased, q.dir.xyz, q.ddx.xyz, q.ddy.xyz).x, 1.0);
}
