#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#include "sg_common.glsl"

void results(uint x) {
  put(0u, subgroupShuffleUp(x, 1u));
  put(1u, subgroupShuffleUp(x, 3u));
  put(2u, subgroupShuffleDown(x, 1u));
  put(3u, subgroupShuffleDown(x, 5u));
  put(4u, subgroupShuffleUp(x, gl_WorkGroupID.x + 1u));
}
