#version 450
// tests/compiler gs_variants: vertices on two streams. Per input point,
// stream 0 gets three points and stream 1 two, interleaved.
layout(points) in;
layout(points, max_vertices = 5) out;
layout(location = 0, stream = 0) out vec4 a;
layout(location = 1, stream = 1) out vec4 b;
void main()
{
   for (int i = 0; i < 3; i++) {
      gl_Position = gl_in[0].gl_Position;
      a = vec4(float(i));
      EmitStreamVertex(0);
      if (i < 2) {
         b = vec4(float(i));
         EmitStreamVertex(1);
      }
   }
   EndStreamPrimitive(0);
   EndStreamPrimitive(1);
}
