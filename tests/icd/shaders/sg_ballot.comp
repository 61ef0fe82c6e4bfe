#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_ballot : require
#include "sg_common.glsl"

void results(uint x) {
  bool elected = subgroupElect(); // outside the || (which would short-circuit it)
  uvec4 bal = subgroupBallot((x & 1u) != 0u || elected);
  put(0u, bal.x);
  put(1u, bal.y | bal.z | bal.w);
  put(2u, subgroupInverseBallot(uvec4(x)) ? 1u : 0u);
  put(3u, subgroupBallotBitExtract(bal, (x >> 8) & (gl_SubgroupSize - 1u)) ? 1u : 0u);
  put(4u, subgroupBallotBitCount(bal));
  put(5u, subgroupBallotInclusiveBitCount(bal));
  put(6u, subgroupBallotExclusiveBitCount(bal));
  put(7u, subgroupBallotFindLSB(bal));
  put(8u, subgroupBallotFindMSB(bal));
  put(9u, subgroupElect() ? 1u : 0u);
  put(10u, subgroupBroadcastFirst(x));
  put(11u, subgroupBroadcast(x, 0u));
  put(12u, subgroupBroadcast(x, 5u));
  put(13u, floatBitsToUint(subgroupBroadcastFirst(vec2(float(x & 255u), 0.5)).x));
}
