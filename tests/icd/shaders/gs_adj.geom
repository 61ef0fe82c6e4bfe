#version 450
// test_gs: triangles with adjacency. Each of the 6 input vertices k becomes
// a 2 x 2 pixel square at its position (its own strip), red = the vertex's
// red, green = (k + 1) / 8; every vertex writes gl_PrimitiveID =
// gl_PrimitiveIDIn + 1, which gs_primid.frag shows as blue.
layout(triangles_adjacency) in;
layout(triangle_strip, max_vertices = 24) out;
layout(location = 0) in vec4 colour[];
layout(location = 0) out vec4 ocolour;
void main()
{
   const float px = 1.0 / 32.0;
   for (int k = 0; k < 6; k++) {
      vec4 p = gl_in[k].gl_Position;
      for (int i = 0; i < 4; i++) {
         gl_Position = vec4(p.x + ((i & 1) != 0 ? 2.0 * px : 0.0),
                            p.y + ((i & 2) != 0 ? 2.0 * px : 0.0), 0.5, 1.0);
         ocolour = vec4(colour[k].r, float(k + 1) / 8.0, 0.0, 1.0);
         gl_PrimitiveID = gl_PrimitiveIDIn + 1;
         EmitVertex();
      }
      EndPrimitive();
   }
}
