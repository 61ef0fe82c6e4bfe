#version 450
// test_clip_cull: the evaluation shader as the last pre-rasterisation
// stage: position, clip distances (from gl_in[]) and cull distances (from
// the user input) interpolated at the domain point (the corners: levels 1).
layout(triangles, equal_spacing, ccw) in;
in gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
} gl_in[];
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
   float gl_CullDistance[2];
};
layout(location = 0) in vec2 cull[];
void main()
{
   vec3 t = gl_TessCoord;
   gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position +
                 t.z * gl_in[2].gl_Position;
   for (int k = 0; k < 2; k++)
      gl_ClipDistance[k] = t.x * gl_in[0].gl_ClipDistance[k] + t.y * gl_in[1].gl_ClipDistance[k] +
                           t.z * gl_in[2].gl_ClipDistance[k];
   vec2 c = t.x * cull[0] + t.y * cull[1] + t.z * cull[2];
   gl_CullDistance[0] = c.x;
   gl_CullDistance[1] = c.y;
}
