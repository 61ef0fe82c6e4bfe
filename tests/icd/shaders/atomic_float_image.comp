#version 450
// VK_EXT_shader_atomic_float on images (shaderImageFloat32Atomics/AtomicAdd):
// an r32f storage image (W x H) where the Z invocations of texel (x, y) each
// add float(x % 4 + 1) (the returned values go to res: a set per texel; two
// of them are lanes of one SIMD group: local size z = 2), and an r32f storage
// texel buffer: texels 0..3 get + 0.25 from every invocation of slice z = 0
// (its index modulo 4); texel 64 + i is exchanged by invocation i of slice 0
// for float(i) + 0.5.
#extension GL_EXT_shader_atomic_float : require
layout(local_size_x = 4, local_size_y = 4, local_size_z = 2) in;
layout(set = 0, binding = 0, r32f) uniform image2D img;
layout(set = 0, binding = 1, r32f) uniform imageBuffer tb;
layout(set = 0, binding = 2) buffer Out { vec2 r[]; } res;  // per invocation: add / exchange results

void main()
{
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 sz = imageSize(img);
  if (p.x >= sz.x || p.y >= sz.y)
    return;
  uint i = uint(p.y * sz.x + p.x), z = gl_GlobalInvocationID.z;
  uint slot = z * uint(sz.x * sz.y) + i;
  res.r[slot].x = imageAtomicAdd(img, p, float(p.x % 4 + 1));
  if (z == 0u) {
    imageAtomicAdd(tb, int(i % 4u), 0.25);
    res.r[slot].y = imageAtomicExchange(tb, int(64u + i), float(i) + 0.5);
  }
}
