#version 450
// test_xfb_paths: after tessellation, each isoline segment in, the same
// segment out, captured (buffer 0, stride 16: the evaluation shader's `a`).
layout(lines) in;
layout(line_strip, max_vertices = 2) out;
layout(xfb_buffer = 0, xfb_stride = 16) out;
layout(location = 0) in vec4 a_in[];
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) out vec4 a;
void main()
{
   for (int k = 0; k < 2; k++) {
      gl_Position = gl_in[k].gl_Position;
      a = a_in[k];
      EmitVertex();
   }
   EndPrimitive();
}
