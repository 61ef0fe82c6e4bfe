#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_quad : require
#include "sg_common.glsl"

void results(uint x) {
  put(0u, subgroupQuadBroadcast(x, 0u));
  put(1u, subgroupQuadBroadcast(x, 1u));
  put(2u, subgroupQuadBroadcast(x, 2u));
  put(3u, subgroupQuadBroadcast(x, 3u));
  put(4u, subgroupQuadSwapHorizontal(x));
  put(5u, subgroupQuadSwapVertical(x));
  put(6u, subgroupQuadSwapDiagonal(x));
}
