#version 450
// test_xfb: transform feedback of evaluation shader outputs as line lists.
// Isolines, equal spacing, outer levels 4 and 4 (xfb_tess.tesc): lines at
// v = 0, 1/4, 2/4, 3/4, each of 4 segments. Buffer 0 (stride 16): `a` =
// (4u, 4v, the patch's vertex index, 9).
layout(isolines, equal_spacing) in;
layout(xfb_buffer = 0, xfb_stride = 16) out;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) out vec4 a;
void main()
{
   gl_Position = vec4(gl_TessCoord.xy, 0.0, 1.0);
   a = vec4(gl_TessCoord.x * 4.0, gl_TessCoord.y * 4.0, gl_in[0].gl_Position.x, 9.0);
}
