#version 460
// test_xfb_paths: the vertex shader's own capture (no geometry shader):
// a = (vertex index, instance index, DrawIndex, 5) into buffer 0, stride 16.
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 a;
void main()
{
   gl_Position = vec4(float(gl_VertexIndex) * 0.0625 - 0.9, 0.0, 0.0, 1.0);
   a = vec4(float(gl_VertexIndex), float(gl_InstanceIndex), float(gl_DrawID), 5.0);
}
