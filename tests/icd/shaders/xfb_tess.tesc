#version 450
// test_xfb: tessellation capture; one control point per patch, every
// level 4 (a quad domain of 5 x 5 points in point mode).
layout(vertices = 1) out;
void main()
{
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = 4.0;
   gl_TessLevelOuter[2] = gl_TessLevelOuter[3] = 4.0;
   gl_TessLevelInner[0] = gl_TessLevelInner[1] = 4.0;
}
