#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_vote : require
#include "sg_common.glsl"

void results(uint x) {
  bool wg0 = gl_WorkGroupID.x == 0u;
  put(0u, subgroupAll((x & 7u) != 0u) ? 1u : 0u);
  put(1u, subgroupAny((x & 15u) == 0u) ? 1u : 0u);
  put(2u, subgroupAllEqual(wg0 ? 7u : x) ? 1u : 0u);
  put(3u, subgroupAllEqual(wg0 ? vec2(1.5, 2.0) : vec2(float(x & 1u), 0.0)) ? 1u : 0u);
  put(4u, subgroupAllEqual(wg0 || (x & 1u) == 0u) ? 1u : 0u);
  put(5u, subgroupAll(wg0) ? 1u : 0u);
  put(6u, subgroupAny(!wg0) ? 1u : 0u);
  // floats compare as floats: -0 == +0 (how NaNs compare is not specified)
  float z = (x & 1u) != 0u ? -0.0 : 0.0;
  float n = (x & 3u) == 0u ? 2.0 : 1.0;
  put(7u, subgroupAllEqual(wg0 ? z : n) ? 1u : 0u);
}
