#version 450
// test_clip_cull: vertex i reads its clip position and (ClipDistance[0..1],
// CullDistance[0..1]) from a storage buffer (two vec4 per vertex) and
// writes them, and the same four values as a user varying (location 0,
// for the tessellation path's evaluation shader).
layout(set = 0, binding = 0, std430) readonly buffer Vertices {
   vec4 v[];
} vb;
layout(location = 0) out vec4 dist;
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
   float gl_CullDistance[2];
};
void main()
{
   vec4 d = vb.v[2 * gl_VertexIndex + 1];
   gl_Position = vb.v[2 * gl_VertexIndex];
   gl_ClipDistance[0] = d.x;
   gl_ClipDistance[1] = d.y;
   gl_CullDistance[0] = d.z;
   gl_CullDistance[1] = d.w;
   dist = d;
}
