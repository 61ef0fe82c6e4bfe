#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#include "sg_common.glsl"

// Operations 0-12 (see test_subgroup.c), each as reduce, inclusive scan,
// exclusive scan at results 3*op + 0/1/2. Floats hold values whose sums
// and products are exact in any order.
void results(uint x) {
  int s = int(x) - (1 << 30);
  float fa = float(int(x % 17u) - 8);
  float fm = (x % 3u) == 0u ? 2.0 : (x % 3u) == 1u ? 0.5 : -1.0;
  float fx = float(int(x % 1000u) - 500) * 0.25;
  put(0u, subgroupAdd(x)); put(1u, subgroupInclusiveAdd(x)); put(2u, subgroupExclusiveAdd(x));
  put(3u, subgroupMul(x)); put(4u, subgroupInclusiveMul(x)); put(5u, subgroupExclusiveMul(x));
  put(6u, subgroupMin(x)); put(7u, subgroupInclusiveMin(x)); put(8u, subgroupExclusiveMin(x));
  put(9u, subgroupMax(x)); put(10u, subgroupInclusiveMax(x)); put(11u, subgroupExclusiveMax(x));
  put(12u, subgroupAnd(x)); put(13u, subgroupInclusiveAnd(x)); put(14u, subgroupExclusiveAnd(x));
  put(15u, subgroupOr(x)); put(16u, subgroupInclusiveOr(x)); put(17u, subgroupExclusiveOr(x));
  put(18u, subgroupXor(x)); put(19u, subgroupInclusiveXor(x)); put(20u, subgroupExclusiveXor(x));
  put(21u, uint(subgroupMin(s))); put(22u, uint(subgroupInclusiveMin(s)));
  put(23u, uint(subgroupExclusiveMin(s)));
  put(24u, uint(subgroupMax(s))); put(25u, uint(subgroupInclusiveMax(s)));
  put(26u, uint(subgroupExclusiveMax(s)));
  put(27u, floatBitsToUint(subgroupAdd(fa))); put(28u, floatBitsToUint(subgroupInclusiveAdd(fa)));
  put(29u, floatBitsToUint(subgroupExclusiveAdd(fa)));
  put(30u, floatBitsToUint(subgroupMul(fm))); put(31u, floatBitsToUint(subgroupInclusiveMul(fm)));
  put(32u, floatBitsToUint(subgroupExclusiveMul(fm)));
  put(33u, floatBitsToUint(subgroupMin(fx))); put(34u, floatBitsToUint(subgroupInclusiveMin(fx)));
  put(35u, floatBitsToUint(subgroupExclusiveMin(fx)));
  put(36u, floatBitsToUint(subgroupMax(fx))); put(37u, floatBitsToUint(subgroupInclusiveMax(fx)));
  put(38u, floatBitsToUint(subgroupExclusiveMax(fx)));
  bool p = (x & 3u) != 0u;
  put(39u, (subgroupAnd(p) ? 1u : 0u) | (subgroupOr(!p) ? 2u : 0u) | (subgroupXor(p) ? 4u : 0u));
}
