#version 450
// Subgroup operations (size 32), uniform and in divergent control flow.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = inb.v[i];
  uint l = gl_SubgroupInvocationID;
  uint b = i * 11u;
  o.v[b + 0u] = subgroupAdd(x);
  o.v[b + 1u] = subgroupInclusiveAdd(x);
  o.v[b + 2u] = subgroupExclusiveMax(x);
  uvec4 bal = subgroupBallot((x & 1u) == 1u);
  o.v[b + 3u] = bal.x;
  o.v[b + 4u] = subgroupBroadcast(x, 5u);
  o.v[b + 5u] = subgroupShuffleXor(x, 1u);
  o.v[b + 6u] = subgroupElect() ? 1u : 0u;
  o.v[b + 7u] = gl_SubgroupSize * 1000u + gl_SubgroupID * 100u + gl_NumSubgroups;
  uint r = 0xffffffffu;
  if ((x & 1u) == 1u)
    r = subgroupMin(x) + (subgroupElect() ? 1000000u : 0u);
  o.v[b + 8u] = r;
  o.v[b + 9u] = (subgroupAll(x < 1000u) ? 1u : 0u) | (subgroupAny(x == 7u) ? 2u : 0u) |
                ((subgroupShuffle(x, (l + 1u) & 31u) & 0xffu) << 8);
  o.v[b + 10u] = subgroupBallotExclusiveBitCount(bal) + subgroupBallotBitCount(bal) * 100u +
                 (subgroupBallotBitExtract(bal, 3u) ? 10000u : 0u);
}
