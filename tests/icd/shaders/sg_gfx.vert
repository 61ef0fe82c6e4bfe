#version 450
// test_subgroup_gfx, vertex stage: invocation u = instance * pc.n + vertex
// records its subgroup's results (sg_gfx_common.glsl; -DQUAD adds the quad
// operations).
#extension GL_GOOGLE_include_directive : require
#include "sg_gfx_common.glsl"
layout(push_constant) uniform P { uint n; } pc;

void main()
{
   record(uint(gl_InstanceIndex) * pc.n + uint(gl_VertexIndex));
   gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
   gl_PointSize = 1.0;
}
