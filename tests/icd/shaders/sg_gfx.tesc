#version 450
// test_subgroup_gfx, tessellation control stage: every invocation of every
// patch takes a record slot from the counter and records its subgroup's
// results there (sg_gfx_common.glsl, with the quad operations).
#extension GL_GOOGLE_include_directive : require
#define QUAD 1
#include "sg_gfx_common.glsl"
layout(vertices = 3) out;
layout(set = 0, binding = 1, std430) buffer Count { uint n; } cnt;

void main()
{
   record(atomicAdd(cnt.n, 1u));
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   if (gl_InvocationID == 0) {
      gl_TessLevelInner[0] = 3.0;
      gl_TessLevelOuter[0] = 2.0;
      gl_TessLevelOuter[1] = 2.0;
      gl_TessLevelOuter[2] = 2.0;
   }
}
