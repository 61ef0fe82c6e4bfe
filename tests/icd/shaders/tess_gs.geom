#version 450
// Geometry shader of test_tess after tessellation, built per input
// primitive (-DIN=triangles / lines / points, -DOUT= its strip or points,
// -DN= its vertex count): passes every vertex of the primitive through
// with the evaluation shader's colour. The points variant also emits, for
// every third input primitive (gl_PrimitiveIDIn % 3 == 0), a second point
// coloured (0, 1/255, 0, 0): with additive blending the green sum counts
// them. -DPSIZE=k: gl_PointSize is k times the input's (the evaluation
// shader's, 1).
layout(IN) in;
layout(OUT, max_vertices = 3) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 ocolour;
void main()
{
   for (int i = 0; i < N; i++) {
      gl_Position = gl_in[i].gl_Position;
#ifdef PSIZE
      gl_PointSize = PSIZE * gl_in[i].gl_PointSize;
#endif
      ocolour = colour[i];
      EmitVertex();
   }
#if N == 1
   if (gl_PrimitiveIDIn % 3 == 0) {
      gl_Position = gl_in[0].gl_Position;
#ifdef PSIZE
      gl_PointSize = PSIZE * gl_in[0].gl_PointSize;
#endif
      ocolour = vec4(0.0, 1.0 / 255.0, 0.0, 0.0);
      EmitVertex();
   }
#endif
}
