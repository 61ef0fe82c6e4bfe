// Shared body of test_subgroup_gfx's vertex-pipeline shaders (sg_gfx.vert,
// sg_gfx.tesc, sg_gfx.tese): invocation u writes its lane, the subgroup's
// size, masks and the results of ballot, arithmetic, shuffle, vote and
// (with QUAD defined) quad operations over u to out[u * REC ..]; words
// 20-21 come from a branch taken by u % 5 != 0. The test regroups the
// records by subgroup (the key: subgroupMin(u)) and checks each result
// against the members' values, whatever the packing.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_vote : require
#ifdef QUAD
#extension GL_KHR_shader_subgroup_quad : require
#endif
layout(set = 0, binding = 0, std430) writeonly buffer Out { uint r[]; } o;
const uint REC = 24u;

void record(uint u)
{
   uint l = gl_SubgroupInvocationID, b = u * REC;
   uvec4 act = subgroupBallot(true);
   o.r[b + 0u] = l;
   o.r[b + 1u] = gl_SubgroupSize;
   o.r[b + 2u] = act.x;
   o.r[b + 3u] = subgroupAdd(1u);
   o.r[b + 4u] = subgroupExclusiveAdd(1u);
   o.r[b + 5u] = subgroupMin(u);
   o.r[b + 6u] = subgroupMax(u);
   o.r[b + 7u] = subgroupAdd(u);
   o.r[b + 8u] = subgroupInclusiveAdd(u);
   o.r[b + 9u] = subgroupBroadcastFirst(u);
   o.r[b + 10u] = subgroupShuffleXor(u, 1u);
   o.r[b + 11u] = subgroupShuffle(u, (l + 3u) % gl_SubgroupSize);
   o.r[b + 12u] = subgroupBallot(u % 3u == 0u).x;
   o.r[b + 13u] = subgroupElect() ? 1u : 0u;
   o.r[b + 14u] = subgroupBallotBitCount(act);
   o.r[b + 15u] = (subgroupAll(u < 0x100000u) ? 1u : 0u) |
                  (subgroupAny(u == subgroupMax(u)) ? 2u : 0u) |
                  (subgroupAllEqual(u) ? 4u : 0u) | (subgroupAll(u % 2u == 0u) ? 8u : 0u);
#ifdef QUAD
   o.r[b + 16u] = subgroupQuadSwapHorizontal(u);
   o.r[b + 17u] = subgroupQuadBroadcast(u, 2u);
   o.r[b + 18u] = subgroupQuadSwapDiagonal(u);
#endif
   o.r[b + 19u] = u + 1u;
   if (u % 5u != 0u) {
      o.r[b + 20u] = subgroupAdd(1u);
      o.r[b + 21u] = subgroupBallot(true).x;
   }
}
