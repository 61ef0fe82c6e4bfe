#version 450
// Control shader of test_fs_viewport: triangle patches passed through with
// every level 1 (one triangle per patch).
layout(vertices = 3) out;
layout(location = 0) in vec4 colour_in[];
layout(location = 1) flat in uint tag_in[];
layout(location = 0) out vec4 colour[];
layout(location = 1) flat out uint tag[];
void main()
{
   int i = gl_InvocationID;
   gl_out[gl_InvocationID].gl_Position = gl_in[i].gl_Position;
   colour[gl_InvocationID] = colour_in[i];
   tag[gl_InvocationID] = tag_in[i];
   if (i == 0) {
      gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = 1.0;
      gl_TessLevelInner[0] = 1.0;
   }
}
