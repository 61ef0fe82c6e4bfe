#version 450
// test_no_position: tessellation levels 1, its output vertices' positions
// copied from the vertex shader's (which wrote none: undefined values),
// invocations counted (counters[1]).
layout(vertices = 3) out;
layout(set = 0, binding = 0, std430) buffer Counters {
   uint counters[4];
};
void main()
{
   gl_TessLevelInner[0] = 1.0;
   gl_TessLevelOuter[0] = 1.0;
   gl_TessLevelOuter[1] = 1.0;
   gl_TessLevelOuter[2] = 1.0;
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   atomicAdd(counters[1], 1u);
}
