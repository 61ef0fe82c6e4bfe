#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Fragment shader of test_varying_types: stores every varying it receives
// at its pixel's record (16 words) of the buffer.
struct S {
   float f;
   vec3 v;
};
layout(location = 0) flat in uint64_t u64;
layout(location = 1) flat in i64vec2 i64;
layout(location = 3) in Blk {
   float a[3];
   flat ivec2 b;
   noperspective vec2 c;
} blk;
layout(location = 8) in float arr[2];
layout(location = 10) in S s;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 0, std430) buffer Out {
   uint w[];
} ob;
void main()
{
   uint i = (uint(gl_FragCoord.y) * 16u + uint(gl_FragCoord.x)) * 20u;
   ob.w[i + 0] = uint(u64);
   ob.w[i + 1] = uint(u64 >> 32);
   ob.w[i + 2] = uint(i64.x);
   ob.w[i + 3] = uint(i64.x >> 32);
   ob.w[i + 4] = uint(i64.y);
   ob.w[i + 5] = uint(i64.y >> 32);
   for (int k = 0; k < 3; k++)
      ob.w[i + 6 + k] = floatBitsToUint(blk.a[k]);
   ob.w[i + 9] = uint(blk.b.x);
   ob.w[i + 10] = uint(blk.b.y);
   ob.w[i + 11] = floatBitsToUint(blk.c.x);
   ob.w[i + 12] = floatBitsToUint(blk.c.y);
   ob.w[i + 13] = floatBitsToUint(arr[0]);
   ob.w[i + 14] = floatBitsToUint(arr[1]);
   ob.w[i + 15] = floatBitsToUint(s.f);
   ob.w[i + 16] = floatBitsToUint(s.v.x);
   ob.w[i + 17] = floatBitsToUint(s.v.y);
   ob.w[i + 18] = floatBitsToUint(s.v.z);
   ob.w[i + 19] = 1u;
   o = vec4(1.0);
}
