#version 450
// A full-screen triangle (no vertex buffer) for the sky.
layout(location = 0) out vec2 out_ndc;

void
main()
{
   vec2 p = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2)) * 2.0 - 1.0;
   out_ndc = p;
   gl_Position = vec4(p, 1.0, 1.0);
}
