#version 450
// Subgroup operations supported by the back end, uniform and divergent.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = inb.v[i];
  uint b = i * 10u;
  o.v[b + 0u] = subgroupAdd(x) ^ subgroupOr(x);
  o.v[b + 1u] = subgroupInclusiveAdd(x);
  o.v[b + 2u] = subgroupExclusiveMax(x) + subgroupInclusiveMin(int(x) - 50);
  uvec4 bal = subgroupBallot((x & 1u) == 1u);
  o.v[b + 3u] = bal.x + subgroupBallotBitCount(bal) * 7u;
  o.v[b + 4u] = subgroupBroadcast(x, 5u);
  o.v[b + 5u] = subgroupElect() ? 1u : 0u;
  uint r = 0xffffffffu;
  if ((x & 1u) == 1u)
    r = subgroupMin(x) + (subgroupElect() ? 1000000u : 0u) + subgroupBroadcastFirst(x) * 3u;
  o.v[b + 6u] = r;
  o.v[b + 7u] = (subgroupAll(x < 90u) ? 1u : 0u) | (subgroupAny(x == 7u) ? 2u : 0u);
  o.v[b + 8u] = subgroupExclusiveAdd(x) * 3u + uint(subgroupMax(int(x) - 40));
  o.v[b + 9u] = gl_SubgroupSize * 1000u + gl_SubgroupID * 100u + gl_NumSubgroups +
                subgroupAnd(x | 0xf0u);
}
