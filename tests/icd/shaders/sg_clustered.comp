#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_clustered : require
#include "sg_common.glsl"

// Operations 0-6 (add mul min max and or xor on uint) with cluster sizes
// 1, 2, 4, 8 at results 4*op + 0..3; then float min/max, int min in
// clusters of 4 (28-30).
void results(uint x) {
  put(0u, subgroupClusteredAdd(x, 1u)); put(1u, subgroupClusteredAdd(x, 2u));
  put(2u, subgroupClusteredAdd(x, 4u)); put(3u, subgroupClusteredAdd(x, 8u));
  put(4u, subgroupClusteredMul(x, 1u)); put(5u, subgroupClusteredMul(x, 2u));
  put(6u, subgroupClusteredMul(x, 4u)); put(7u, subgroupClusteredMul(x, 8u));
  put(8u, subgroupClusteredMin(x, 1u)); put(9u, subgroupClusteredMin(x, 2u));
  put(10u, subgroupClusteredMin(x, 4u)); put(11u, subgroupClusteredMin(x, 8u));
  put(12u, subgroupClusteredMax(x, 1u)); put(13u, subgroupClusteredMax(x, 2u));
  put(14u, subgroupClusteredMax(x, 4u)); put(15u, subgroupClusteredMax(x, 8u));
  put(16u, subgroupClusteredAnd(x, 1u)); put(17u, subgroupClusteredAnd(x, 2u));
  put(18u, subgroupClusteredAnd(x, 4u)); put(19u, subgroupClusteredAnd(x, 8u));
  put(20u, subgroupClusteredOr(x, 1u)); put(21u, subgroupClusteredOr(x, 2u));
  put(22u, subgroupClusteredOr(x, 4u)); put(23u, subgroupClusteredOr(x, 8u));
  put(24u, subgroupClusteredXor(x, 1u)); put(25u, subgroupClusteredXor(x, 2u));
  put(26u, subgroupClusteredXor(x, 4u)); put(27u, subgroupClusteredXor(x, 8u));
  float fx = float(int(x % 1000u) - 500) * 0.25;
  put(28u, floatBitsToUint(subgroupClusteredMin(fx, 4u)));
  put(29u, floatBitsToUint(subgroupClusteredMax(fx, 4u)));
  put(30u, uint(subgroupClusteredMin(int(x) - (1 << 30), 4u)));
}
