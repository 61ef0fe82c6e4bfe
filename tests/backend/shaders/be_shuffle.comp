#version 450
// Per-lane subgroup shuffles and all_equal.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_shuffle : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint x = inb.v[i];
  uint lane = gl_SubgroupInvocationID;
  uint b = i * 6u;
  o.v[b + 0u] = subgroupShuffle(x, (lane * 7u + 3u) & 31u);
  o.v[b + 1u] = subgroupShuffle(x * 3u, x & 31u);
  o.v[b + 2u] = subgroupShuffleXor(x, 5u) + subgroupShuffle(x, 9u);
  o.v[b + 3u] = (subgroupAllEqual(x) ? 1u : 0u) | (subgroupAllEqual(x >> 30) ? 2u : 0u) |
                (subgroupAllEqual(i < 200u) ? 4u : 0u) | (subgroupAllEqual((x & 1u) == 0u) ? 8u : 0u);
  uint r = 0u;
  if ((x & 1u) == 1u)    // divergent: every lane reads itself
    r = subgroupShuffle(x + 1u, lane) + (subgroupAllEqual(x & 1u) ? 100u : 0u);
  o.v[b + 4u] = r;
  o.v[b + 5u] = (subgroupAllEqual(lane / 40u) ? 7u : 9u) +
                subgroupShuffle(x, inb.v[100] & 31u) * 2u;
}
