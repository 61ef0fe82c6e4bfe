#version 450
// test_xfb_paths: one control point per patch, passed on; isolines of one
// line and one segment (outer levels 1, 1).
layout(vertices = 1) out;
layout(location = 0) in vec4 a_in[];
layout(location = 0) out vec4 a_out[];
void main()
{
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   a_out[gl_InvocationID] = a_in[gl_InvocationID];
   gl_TessLevelOuter[0] = 1.0;
   gl_TessLevelOuter[1] = 1.0;
}
