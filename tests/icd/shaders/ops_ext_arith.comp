#version 450
// Extended integer arithmetic (OpIAddCarry, OpISubBorrow, OpUMulExtended,
// OpSMulExtended) on scalars and vectors; test_basic_ops.c checks every
// result against 64-bit C arithmetic.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uvec2 v[]; } src;
layout(set = 0, binding = 1) writeonly buffer Out { uint o[]; } dst;

void main()
{
   uint n = gl_GlobalInvocationID.x, base = n * 24u;
   uint x = src.v[n].x, y = src.v[n].y;
   uint carry, borrow, hi, lo;
   int shi, slo;
   dst.o[base + 0u] = uaddCarry(x, y, carry);
   dst.o[base + 1u] = carry;
   dst.o[base + 2u] = usubBorrow(x, y, borrow);
   dst.o[base + 3u] = borrow;
   umulExtended(x, y, hi, lo);
   dst.o[base + 4u] = hi;
   dst.o[base + 5u] = lo;
   imulExtended(int(x), int(y), shi, slo);
   dst.o[base + 6u] = uint(shi);
   dst.o[base + 7u] = uint(slo);

   uvec3 a = uvec3(x, y, x ^ y), b = uvec3(y, x, x + y), vc, vb;
   uvec3 vs = uaddCarry(a, b, vc), vd = usubBorrow(a, b, vb);
   ivec2 vhi, vlo;
   imulExtended(ivec2(x, y), ivec2(y, x ^ y), vhi, vlo);
   uvec2 uhi, ulo;
   umulExtended(uvec2(x, y), uvec2(y, x ^ y), uhi, ulo);
   for (uint k = 0u; k < 3u; k++) {
      dst.o[base + 8u + k] = vs[k];
      dst.o[base + 11u + k] = vc[k];
      dst.o[base + 14u + k] = vd[k];
      dst.o[base + 17u + k] = vb[k];
   }
   dst.o[base + 20u] = uint(vhi.y);
   dst.o[base + 21u] = uint(vlo.y);
   dst.o[base + 22u] = uhi.y;
   dst.o[base + 23u] = ulo.y;
}
