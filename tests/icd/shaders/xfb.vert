#version 450
// test_xfb: transform feedback of vertex shader outputs. Buffer 0 (stride 32):
// gl_Position at 0, `a` at 16; buffer 1 (stride 20): `b` at 4, `c` at 16
// (bytes 0..3 of each vertex are not written); `d` is not captured. The
// position puts vertex v of instance i on pixel (v, i) of a 16 x 16 target.
layout(xfb_buffer = 1, xfb_stride = 20) out;
layout(xfb_buffer = 0, xfb_stride = 32) out;

out gl_PerVertex {
   layout(xfb_buffer = 0, xfb_offset = 0) vec4 gl_Position;
   float gl_PointSize;
};
layout(location = 0, xfb_buffer = 0, xfb_offset = 16) out vec4 a;
layout(location = 1, xfb_buffer = 1, xfb_offset = 4) out vec3 b;
layout(location = 2, xfb_buffer = 1, xfb_offset = 16) out float c;
layout(location = 3) out vec4 d;

void
main()
{
   float v = float(gl_VertexIndex), i = float(gl_InstanceIndex);
   gl_Position = vec4((v + 0.5) / 8.0 - 1.0, (i + 0.5) / 8.0 - 1.0, 0.0, 1.0);
   gl_PointSize = 1.0;
   a = vec4(v, i, v * 10.0 + i, 7.0);
   b = vec3(v + 100.0, i + 200.0, 3.5);
   c = v * 3.0 + i;
   d = vec4(1.0);
}
