#version 450
// test_clip_cull: triangle patches passed through with all levels 1 (one
// triangle each); the clip and cull distances go through gl_out[] (clip)
// and a per-vertex user output (the cull distances, location 0).
layout(vertices = 3) out;
in gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
   float gl_CullDistance[2];
} gl_in[];
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
} gl_out[];
layout(location = 0) in vec4 dist[];
layout(location = 0) out vec2 cull[];
void main()
{
   int i = gl_InvocationID;
   gl_out[gl_InvocationID].gl_Position = gl_in[i].gl_Position;
   gl_out[gl_InvocationID].gl_ClipDistance[0] = gl_in[i].gl_ClipDistance[0];
   gl_out[gl_InvocationID].gl_ClipDistance[1] = gl_in[i].gl_ClipDistance[1];
   cull[gl_InvocationID] = dist[i].zw;
   if (i == 0) {
      gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = 1.0;
      gl_TessLevelInner[0] = 1.0;
   }
}
