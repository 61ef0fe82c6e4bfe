#version 450
// test_subgroup_gfx, tessellation evaluation stage: every invocation takes
// a record slot from the counter (a domain point may be evaluated more
// than once) and records its subgroup's results there
// (sg_gfx_common.glsl, with the quad operations).
#extension GL_GOOGLE_include_directive : require
#define QUAD 1
#include "sg_gfx_common.glsl"
layout(triangles, equal_spacing, ccw) in;
layout(set = 0, binding = 1, std430) buffer Count { uint n; } cnt;

void main()
{
   record(atomicAdd(cnt.n, 1u));
   gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position +
                 gl_TessCoord.z * gl_in[2].gl_Position;
}
