#version 450
// imageCubeArray: textureLod of a cube array at the centre direction of
// every texel of every face of every cube (Vulkan's face selection table:
// face 0 +X (sc, tc) = (-z, -y), 1 -X (z, -y), 2 +Y (x, z), 3 -Y (x, -z),
// 4 +Z (x, -y), 5 -Z (-x, -y)); push constants: face size, cubes.
#extension GL_EXT_samplerless_texture_functions : enable
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uvec4 v[]; } o;
layout(set = 0, binding = 2) uniform usamplerCubeArray cube;
layout(push_constant) uniform P { int size; int cubes; } pc;
void main()
{
   int i = int(gl_GlobalInvocationID.x), s = pc.size;
   if (i >= 6 * s * s * pc.cubes)
      return;
   int x = i % s, y = (i / s) % s, f = (i / (s * s)) % 6, c = i / (6 * s * s);
   float sc = 2.0 * (float(x) + 0.5) / float(s) - 1.0, tc = 2.0 * (float(y) + 0.5) / float(s) - 1.0;
   vec3 d;
   if (f == 0) d = vec3(1.0, -tc, -sc);
   else if (f == 1) d = vec3(-1.0, -tc, sc);
   else if (f == 2) d = vec3(sc, 1.0, tc);
   else if (f == 3) d = vec3(sc, -1.0, -tc);
   else if (f == 4) d = vec3(sc, -tc, 1.0);
   else d = vec3(-sc, -tc, -1.0);
   o.v[i] = uvec4(textureLod(cube, vec4(d, float(c)), 0.0).x, uint(f), uint(c), 0u);
}
