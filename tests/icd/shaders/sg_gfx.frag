#version 450
// test_subgroup_gfx, fragment stage: pixel (x, y), u = y * 40 + x, writes
// out[u * REC ..] (helper invocations write nothing): its lane, the
// subgroup's size, the active and non-helper masks, arithmetic over the
// non-helper lanes (helpers give the identity), elect / broadcast_first of
// the lane, and the quad operations over pk = y << 16 | x, which must
// name the neighbouring pixels whether or not they are helpers.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_quad : require
layout(set = 0, binding = 0, std430) writeonly buffer Out { uint r[]; } o;
layout(location = 0) out vec4 colour;
const uint REC = 24u;

void main()
{
   uvec2 p = uvec2(gl_FragCoord.xy);
   uint u = p.y * 40u + p.x, pk = (p.y << 16) | p.x;
   bool h = gl_HelperInvocation;
   uint l = gl_SubgroupInvocationID, b = u * REC;
   uvec4 act = subgroupBallot(true);
   o.r[b + 0u] = l;
   o.r[b + 1u] = gl_SubgroupSize;
   o.r[b + 2u] = act.x;
   o.r[b + 3u] = subgroupBallot(!h).x;
   o.r[b + 4u] = subgroupAdd(1u);
   o.r[b + 5u] = subgroupAdd(h ? 0u : 1u);
   o.r[b + 6u] = subgroupMin(h ? 0xffffffffu : u);
   o.r[b + 7u] = subgroupMax(h ? 0u : u);
   o.r[b + 8u] = subgroupAdd(h ? 0u : u);
   o.r[b + 9u] = subgroupInclusiveAdd(h ? 0u : u);
   o.r[b + 10u] = subgroupBroadcastFirst(l);
   o.r[b + 11u] = subgroupElect() ? 1u : 0u;
   o.r[b + 12u] = subgroupQuadSwapHorizontal(pk);
   o.r[b + 13u] = subgroupQuadSwapVertical(pk);
   o.r[b + 14u] = subgroupQuadSwapDiagonal(pk);
   o.r[b + 15u] = subgroupQuadBroadcast(pk, 0u);
   o.r[b + 16u] = subgroupQuadBroadcast(pk, 1u);
   o.r[b + 17u] = subgroupQuadBroadcast(pk, 2u);
   o.r[b + 18u] = subgroupQuadBroadcast(pk, 3u);
   o.r[b + 19u] = subgroupShuffleXor(pk, 1u);
   o.r[b + 20u] = subgroupShuffle(h ? 0xffffffffu : u, l ^ 5u);
   o.r[b + 21u] = subgroupExclusiveAdd(1u);
   o.r[b + 22u] = u + 1u;
   colour = vec4(float(l) / 32.0, 0.0, 0.0, 1.0);
}
