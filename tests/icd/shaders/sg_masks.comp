#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_ballot : require
#include "sg_common.glsl"

// The lane masks: results 0-4 are word 0 of gl_SubgroupEq/Ge/Gt/Le/LtMask
// (bits of lanes that exist: below gl_SubgroupSize), 5-9 whether
// subgroupBallotBitCount of each mask counts every bit of its four words
// (dEQP-VK.subgroups.builtin_mask_var checks the same), 10-14 whether
// subgroupBallotBitExtract agrees with word 0 for every lane.
uint count_bits(uvec4 m) {
  return uint(bitCount(m.x) + bitCount(m.y) + bitCount(m.z) + bitCount(m.w));
}

uint extract_ok(uvec4 m) {
  uint ok = 1u;
  for (uint i = 0u; i < gl_SubgroupSize && i < 32u; i++)
    if (subgroupBallotBitExtract(m, i) != (((m.x >> i) & 1u) != 0u))
      ok = 0u;
  return ok;
}

void results(uint x) {
  uint lanes = gl_SubgroupSize >= 32u ? 0xffffffffu : (1u << gl_SubgroupSize) - 1u;
  uvec4 m[5] = uvec4[5](gl_SubgroupEqMask, gl_SubgroupGeMask, gl_SubgroupGtMask,
                        gl_SubgroupLeMask, gl_SubgroupLtMask);
  for (uint k = 0u; k < 5u; k++) {
    put(k, m[k].x & lanes);
    put(5u + k, subgroupBallotBitCount(m[k]) == count_bits(m[k]) ? 1u : 0u);
    put(10u + k, extract_ok(m[k]));
  }
}
