#version 450
// test_gs: a data-dependent amplification. Input triangle t has
// n = int(colour[0].a * 4 + 0.5) in 0..3; invocation j < n emits an 8 x 8
// square at vertex 0 + (10 j, 0) pixels and, when n == 3, a second one at
// (10 j, 10); each square is its own strip. Green = (j + 1) / 4, blue =
// vertex 2's red (a third input vertex read).
layout(triangles, invocations = 3) in;
layout(triangle_strip, max_vertices = 8) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 ocolour;

void square(vec2 o, vec4 c)
{
   const float px = 1.0 / 32.0;
   for (int i = 0; i < 4; i++) {
      gl_Position = vec4(o.x + ((i & 1) != 0 ? 8.0 * px : 0.0),
                         o.y + ((i & 2) != 0 ? 8.0 * px : 0.0), 0.5, 1.0);
      ocolour = c;
      EmitVertex();
   }
   EndPrimitive();
}

void main()
{
   const float px = 1.0 / 32.0;
   int n = int(colour[0].a * 4.0 + 0.5);
   int j = gl_InvocationID;
   if (j >= n)
      return;
   vec4 c = vec4(colour[0].r, float(j + 1) / 4.0, colour[2].r, 1.0);
   vec2 o = gl_in[0].gl_Position.xy + vec2(10.0 * px * float(j), 0.0);
   square(o, c);
   if (n == 3)
      square(o + vec2(0.0, 10.0 * px), c);
}
