#version 450
#extension GL_GOOGLE_include_directive : require
#include "sg_common.glsl"

// Subgroup size control: the size and subgroup count the invocation sees.
void results(uint x) {
  put(0u, gl_SubgroupSize);
  put(1u, gl_NumSubgroups);
}
