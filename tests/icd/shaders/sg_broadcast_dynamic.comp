#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_ballot : require
#include "sg_common.glsl"

// subgroupBroadcastDynamicId: a dynamically uniform, non-constant lane (SPIR-V 1.5).
void results(uint x) {
  uint last = subgroupBallotFindMSB(subgroupBallot(true));
  uint first = subgroupBallotFindLSB(subgroupBallot(true));
  put(0u, subgroupBroadcast(x, last));
  put(1u, subgroupBroadcast(x * 3u, first));
  put(2u, subgroupBroadcast(x, (gl_WorkGroupID.x + 1u) & (gl_SubgroupSize - 1u)));
}
