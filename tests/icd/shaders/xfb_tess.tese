#version 450
// test_xfb: transform feedback of evaluation shader outputs (no geometry
// shader). Quads, equal spacing, point mode: every domain point once.
// Buffer 0 (stride 16): `a` = (4u, 4v, the patch's vertex index, 7).
layout(quads, equal_spacing, point_mode) in;
layout(xfb_buffer = 0, xfb_stride = 16) out;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) out vec4 a;
void main()
{
   gl_Position = vec4(gl_TessCoord.xy, 0.0, 1.0);
   a = vec4(gl_TessCoord.x * 4.0, gl_TessCoord.y * 4.0, gl_in[0].gl_Position.x, 7.0);
}
