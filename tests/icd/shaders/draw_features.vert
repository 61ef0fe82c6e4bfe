#version 460
// Vertex shader of test_draw_features: one 8 x 8 pixel cell of a 64 x 64
// target per instance, cell number = InstanceIndex (firstInstance
// included). The corner comes from the low 3 bits of VertexIndex -
// BaseVertex (0..5: two triangles; 6 = top-left, 7 = bottom-right), the
// colour from the draw parameters, each n x 8/255 (n < 32) so that a wrong
// value differs by more than one unorm step: red = 31 when the top byte of
// VertexIndex is 0xFF (32-bit index values) else that byte, green =
// BaseVertex, blue = BaseInstance, alpha = DrawIndex.
layout(location = 0) out vec4 colour;
void main()
{
   uint k = uint(gl_VertexIndex - gl_BaseVertex) & 7u;
   float cx = (k == 1u || k == 3u || k == 4u || k == 7u) ? 1.0 : 0.0;
   float cy = (k == 2u || k == 4u || k == 5u || k == 7u) ? 1.0 : 0.0;
   int cell = gl_InstanceIndex;
   vec2 p = (vec2(cell % 8, cell / 8) + vec2(cx, cy)) * 8.0;
   gl_Position = vec4(p / 32.0 - 1.0, 0.5, 1.0);
   uint hi = uint(gl_VertexIndex) >> 24;
   colour = vec4(float(hi == 255u ? 31u : hi), float(gl_BaseVertex), float(gl_BaseInstance),
                 float(gl_DrawID)) * (8.0 / 255.0);
}
