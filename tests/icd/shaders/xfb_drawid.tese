#version 450
// test_xfb_paths: each isoline point carries its patch's vertex words and
// its u coordinate (0 or 1) in `a.w`.
layout(isolines, equal_spacing) in;
layout(location = 0) in vec4 a_in[];
layout(location = 0) out vec4 a;
void main()
{
   gl_Position = vec4(gl_in[0].gl_Position.x, gl_TessCoord.x * 0.5, 0.0, 1.0);
   a = vec4(a_in[0].xyz, gl_TessCoord.x);
}
