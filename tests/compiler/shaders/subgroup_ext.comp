#version 450
// Subgroup operations on 8/16/64-bit integers, 16-bit floats and 16-bit
// vectors (shaderSubgroupExtendedTypes), in lanes chosen by the push
// constant pattern (divergent when it is not all ones). Invocation g writes
// R = 40 words at out[g * R]; results as 32-bit words (64-bit: low, high).
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_subgroup_extended_types_int8 : require
#extension GL_EXT_shader_subgroup_extended_types_int16 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_float16 : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_vote : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } o;
layout(push_constant) uniform P { uint pattern; } pc;
const uint R = 40u;
uint base;

void put(uint j, uint v) { o.v[base + j] = v; }
void put64(uint j, uint64_t v) { put(j, uint(v)); put(j + 1u, uint(v >> 32)); }
void puth(uint j, float16_t v) { put(j, floatBitsToUint(float(v))); }

void main() {
  uint g = gl_GlobalInvocationID.x, l = gl_SubgroupInvocationID;
  base = g * R;
  for (uint j = 0u; j < R; j++)
    put(j, 0xdeadbeefu);
  if (((pc.pattern >> l) & 1u) == 0u)
    return;
  uint x = inb.v[g];
  uint8_t a = uint8_t(x);
  int16_t s = int16_t(x >> 8);
  uint64_t w = (uint64_t(x) << 32) | uint64_t(x * 2654435761u);
  float16_t h = float16_t(float(int(x % 33u) - 16) * 0.5);
  put(0u, uint(subgroupAdd(a)));
  put(1u, uint(subgroupInclusiveAdd(a)));
  put(2u, uint(subgroupExclusiveMax(a)));
  put(3u, uint(subgroupMin(a)));
  put(4u, uint(subgroupXor(a)));
  put(5u, uint(subgroupBroadcastFirst(a)));
  put(6u, uint(subgroupShuffleXor(a, 1u)));
  put(7u, uint(subgroupClusteredAdd(a, 4u)));
  put(8u, uint(int(subgroupAdd(s))));
  put(9u, uint(int(subgroupInclusiveMin(s))));
  put(10u, uint(int(subgroupMax(s))));
  put(11u, uint(int(subgroupExclusiveAdd(s))));
  put(12u, uint(int(subgroupMul(s))));
  put(13u, uint(int(subgroupBroadcastFirst(s))));
  put(14u, uint(int(subgroupQuadSwapHorizontal(s))));
  put(15u, uint(int(subgroupClusteredMax(s, 8u))));
  put64(16u, subgroupAdd(w));
  put64(18u, subgroupInclusiveAdd(w));
  put64(20u, subgroupMin(w));
  put64(22u, subgroupBroadcastFirst(w));
  put64(24u, subgroupShuffle(w, l ^ 2u));
  put64(26u, subgroupClusteredOr(w, 2u));
  put64(28u, subgroupExclusiveMax(w));
  puth(30u, subgroupAdd(h));
  puth(31u, subgroupInclusiveAdd(h));
  puth(32u, subgroupMin(h));
  puth(33u, subgroupExclusiveMax(h));
  puth(34u, subgroupBroadcastFirst(h));
  puth(35u, subgroupShuffleXor(h, 3u));
  put(36u, subgroupAllEqual(uint8_t(x & 0x100u)) ? 1u : 0u);
  put(37u, subgroupAllEqual(w >> 60) ? 1u : 0u);
  i16vec2 v = i16vec2(s, int16_t(x));
  i16vec2 vs = subgroupInclusiveAdd(v);
  put(38u, uint(int(vs.x)));
  put(39u, uint(int(vs.y)));
}
