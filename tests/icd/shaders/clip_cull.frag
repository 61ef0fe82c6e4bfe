#version 450
// test_clip_cull: the interpolated clip and cull distances as the colour.
in float gl_ClipDistance[2];
in float gl_CullDistance[2];
layout(location = 0) out vec4 colour;
void main()
{
   colour = vec4(gl_ClipDistance[0], gl_ClipDistance[1], gl_CullDistance[0], gl_CullDistance[1]);
}
