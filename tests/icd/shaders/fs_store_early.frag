#version 450
// test_fs_stores: the stores of fs_store.frag under early_fragment_tests:
// fragments failing the depth test write nothing; pixels with
// (x + y) % 5 == 0 discard after the tests (they still write depth).
layout(early_fragment_tests) in;
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 1, std430) buffer Out {
   uint count;
   uint pad[3];
   uint pix[];
} ob;
layout(set = 0, binding = 2, r32ui) uniform uimage2D img;
void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   if (((p.x + p.y) % 5) == 0)
      discard;
   atomicAdd(ob.count, 1u);
   imageAtomicAdd(img, ivec2(0, 32), 1u);
   ob.pix[p.y * 64 + p.x] = uint(p.x * 7 + p.y * 13 + 1);
   imageStore(img, p, uvec4(uint(p.x ^ (p.y * 3)) + 5u));
   o = colour;
}
