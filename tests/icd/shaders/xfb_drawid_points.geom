#version 450
// test_xfb_paths: a point in, the same point out, captured (buffer 0,
// stride 16: the vertex shader's `a`).
layout(points) in;
layout(points, max_vertices = 1) out;
layout(xfb_buffer = 0, xfb_stride = 16) out;
layout(location = 0) in vec4 a_in[];
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) out vec4 a;
void main()
{
   gl_Position = gl_in[0].gl_Position;
   a = a_in[0];
   EmitVertex();
   EndPrimitive();
}
