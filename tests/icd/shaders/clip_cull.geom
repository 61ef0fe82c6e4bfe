#version 450
// test_clip_cull: passes every triangle through, with its clip and cull
// distances (read from gl_in[], written as the geometry shader's own).
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
   float gl_CullDistance[2];
} gl_in[];
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
   float gl_CullDistance[2];
};
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[i].gl_Position;
      gl_ClipDistance[0] = gl_in[i].gl_ClipDistance[0];
      gl_ClipDistance[1] = gl_in[i].gl_ClipDistance[1];
      gl_CullDistance[0] = gl_in[i].gl_CullDistance[0];
      gl_CullDistance[1] = gl_in[i].gl_CullDistance[1];
      EmitVertex();
   }
   EndPrimitive();
}
