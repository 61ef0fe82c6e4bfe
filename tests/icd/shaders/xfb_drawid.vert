#version 460
// test_xfb_paths: each vertex names itself by its index, instance and
// DrawIndex (gl_DrawID: the record's index in a multi-draw indirect call).
layout(location = 0) out vec4 a;
void main()
{
   gl_Position = vec4(float(gl_VertexIndex) * 0.0625 - 0.9, 0.0, 0.0, 1.0);
   a = vec4(float(gl_VertexIndex), float(gl_InstanceIndex), float(gl_DrawID), 5.0);
}
