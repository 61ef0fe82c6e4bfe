#version 450
// Instructions that need their source in a register, given a constant:
// 16-bit shifts of a constant by per-lane counts (the value is widened
// with an iadd first) and subgroup reductions / scans of constants, in
// uniform and divergent control flow. Regression: the move materialising
// the constant came after the instruction reading it (an uninitialised
// register, which the strict GPU model reports).
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { uint v[]; } ina;
layout(set = 0, binding = 1) writeonly buffer O { uint v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x, x = ina.v[i];
  uint16_t sh = uint16_t(x & 15u);
  o.v[i * 4u + 0u] = uint(uint16_t(5) << sh) | (uint(uint16_t(int16_t(-3) >> sh)) << 16);
  o.v[i * 4u + 1u] = subgroupAdd(1u) + subgroupExclusiveAdd(3u) * 100u;
  o.v[i * 4u + 2u] = subgroupMax(7u) + subgroupOr(16u) * 3u;
  if ((x & 48u) != 0u)
    o.v[i * 4u + 3u] = subgroupAdd(1u) + subgroupInclusiveAdd(2u) * 1000u;
}
