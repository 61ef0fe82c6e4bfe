#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_clustered : require
#include "sg_common.glsl"

// Clusters of 16 and 32 (run where the subgroup has at least 32 lanes):
// add, min, or at results 0-5.
void results(uint x) {
  put(0u, subgroupClusteredAdd(x, 16u)); put(1u, subgroupClusteredAdd(x, 32u));
  put(2u, subgroupClusteredMin(x, 16u)); put(3u, subgroupClusteredMin(x, 32u));
  put(4u, subgroupClusteredOr(x, 16u)); put(5u, subgroupClusteredOr(x, 32u));
}
