#version 450
// test_xfb: transform feedback of geometry shader outputs. Points in, two
// invocations; each emits a strip of 3 + (primitive id % 2) vertices, and
// invocation 0 a second strip of 3. Every vertex is named by (v, inv, k, p):
// v from the vertex shader's `a.x`, the invocation, the vertex's number k
// (10 + k in the second strip) and the primitive id. Buffer 0 (stride 32):
// gl_Position at 0, `a` at 16; buffer 1 (stride 20): `b` at 4, `c` at 16.
layout(points, invocations = 2) in;
layout(triangle_strip, max_vertices = 7) out;
layout(xfb_buffer = 1, xfb_stride = 20) out;
layout(xfb_buffer = 0, xfb_stride = 32) out;

layout(location = 0) in vec4 a_in[];
out gl_PerVertex {
   layout(xfb_buffer = 0, xfb_offset = 0) vec4 gl_Position;
};
layout(location = 0, xfb_buffer = 0, xfb_offset = 16) out vec4 a;
layout(location = 1, xfb_buffer = 1, xfb_offset = 4) out vec3 b;
layout(location = 2, xfb_buffer = 1, xfb_offset = 16) out float c;

void
vertex(float v, float inv, float k, float p)
{
   gl_Position = vec4(k * 0.125, inv * 0.25, 0.0, 1.0);
   a = vec4(v, inv, k, p);
   b = vec3(k + 100.0, v, inv);
   c = k * 2.0 + inv;
   EmitVertex();
}

void
main()
{
   float v = a_in[0].x, inv = float(gl_InvocationID), p = float(gl_PrimitiveIDIn);
   int n = 3 + (gl_PrimitiveIDIn & 1);
   for (int k = 0; k < n; k++)
      vertex(v, inv, float(k), p);
   EndPrimitive();
   if (gl_InvocationID == 0) {
      for (int k = 0; k < 3; k++)
         vertex(v, inv, float(10 + k), p);
      EndPrimitive();
   }
}
