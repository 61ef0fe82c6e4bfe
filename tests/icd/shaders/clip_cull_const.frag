#version 450
// test_clip_cull: one colour; reads no clip or cull distance (the culling
// must not depend on the fragment shader reading them).
layout(location = 0) out vec4 colour;
void main()
{
   colour = vec4(0.25, 0.5, 0.75, 1.0);
}
