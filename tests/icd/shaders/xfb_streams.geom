#version 450
// test_xfb_streams: one point in, vertices to three vertex streams, in
// interleaved order: stream 1 (k = 0), stream 0, stream 3, stream 1 (k = 1).
// Stream 0 -> buffer 0 (stride 16): s0 = (v, 0, 0, 1);
// stream 1 -> buffer 1 (stride 8): s1 = (v, 10 + k); gl_Position is in
// stream 1 (the rasterized one with rasterizationStream 1): pixel (v, k);
// stream 3 -> buffer 3 (stride 4): s3 = v + 100. Stream 2 gets nothing.
layout(points) in;
layout(points, max_vertices = 4) out;
layout(location = 0) in vec4 a_in[];
layout(stream = 1) out gl_PerVertex {
   vec4 gl_Position;
};
layout(location = 0, stream = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 s0;
layout(location = 1, stream = 1, xfb_buffer = 1, xfb_offset = 0, xfb_stride = 8) out vec2 s1;
layout(location = 2, stream = 3, xfb_buffer = 3, xfb_offset = 0, xfb_stride = 4) out float s3;

void
stream1(float v, float k)
{
   gl_Position = vec4((v + 0.5) / 8.0 - 1.0, (k + 0.5) / 8.0 - 1.0, 0.0, 1.0);
   s1 = vec2(v, 10.0 + k);
   EmitStreamVertex(1);
   EndStreamPrimitive(1);
}

void
main()
{
   float v = a_in[0].x;
   stream1(v, 0.0);
   s0 = vec4(v, 0.0, 0.0, 1.0);
   EmitStreamVertex(0);
   EndStreamPrimitive(0);
   s3 = v + 100.0;
   EmitStreamVertex(3);
   stream1(v, 1.0);
}
