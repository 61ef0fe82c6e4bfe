#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// test_fs_stores: buffer and image stores and atomics from a fragment
// shader. Pixels with (x + y) % 5 == 0 are discarded (OpKill), pixels with
// (x + 2y) % 7 == 0 demoted to helpers before the stores; every other
// covered pixel counts itself (buffer and image atomics) and writes a
// pattern to the buffer and the image. Depth tests are late (no
// early_fragment_tests): fragments that then fail them still write.
// Specialization constant 0 (KILL) false: no discard or demote at all.
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 1, std430) buffer Out {
   uint count;
   uint pad[3];
   uint pix[];
} ob;
layout(set = 0, binding = 2, r32ui) uniform uimage2D img;
layout(constant_id = 0) const bool KILL = true;
void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   if (KILL && ((p.x + p.y) % 5) == 0)
      discard;
   if (KILL && ((p.x + 2 * p.y) % 7) == 0)
      demote;
   atomicAdd(ob.count, 1u);
   imageAtomicAdd(img, ivec2(0, 32), 1u);
   ob.pix[p.y * 64 + p.x] = uint(p.x * 7 + p.y * 13 + 1);
   imageStore(img, p, uvec4(uint(p.x ^ (p.y * 3)) + 5u));
   o = colour + vec4(dFdx(colour.x), dFdy(colour.y), 0, 0);
}
