#version 450
// Tessellated terrain: passes a patch corner (x, z) on to the control shader.
layout(location = 0) in vec2 in_xz;
layout(location = 0) out vec2 out_xz;

void
main()
{
   out_xz = in_xz;
}
