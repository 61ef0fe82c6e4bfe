#version 450
// test_clip_cull: transform feedback of all eight clip distances (buffer 0,
// 32 bytes per vertex): ClipDistance[k] of vertex v = 10 v + k + 1.
layout(xfb_buffer = 0, xfb_stride = 32) out;
out gl_PerVertex {
   vec4 gl_Position;
   layout(xfb_buffer = 0, xfb_offset = 0) float gl_ClipDistance[8];
};
void main()
{
   float v = float(gl_VertexIndex);
   gl_Position = vec4(0.0, 0.0, 0.5, 1.0);
   for (int k = 0; k < 8; k++)
      gl_ClipDistance[k] = 10.0 * v + float(k) + 1.0;
}
