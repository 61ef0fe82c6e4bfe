#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_shuffle : require
#include "sg_common.glsl"

void results(uint x) {
  put(0u, subgroupShuffle(x, (x >> 4) & (gl_SubgroupSize - 1u)));
  put(1u, subgroupShuffleXor(x, 1u));
  put(2u, subgroupShuffleXor(x, 5u));
  put(3u, subgroupShuffleXor(x, gl_WorkGroupID.x + 2u));
  put(4u, floatBitsToUint(subgroupShuffle(vec2(0.5, float(x & 1023u)), gl_SubgroupInvocationID ^ 2u).y));
}
