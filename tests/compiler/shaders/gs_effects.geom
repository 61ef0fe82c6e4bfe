#version 450
// tests/compiler gs_variants: a geometry shader with side effects (an
// atomic counter and a store per input point, the atomic's result also an
// output): only the MAIN variant may keep them (RAST and XFB re-run it).
layout(points) in;
layout(points, max_vertices = 2) out;
layout(set = 0, binding = 0, std430) buffer Counter {
   uint n;
   uint last[];
} c;
layout(location = 0) out vec4 a;
void main()
{
   uint k = atomicAdd(c.n, 1u);
   c.last[gl_PrimitiveIDIn] = k;
   for (int i = 0; i < 2; i++) {
      gl_Position = gl_in[0].gl_Position;
      a = vec4(float(k));
      EmitVertex();
   }
}
