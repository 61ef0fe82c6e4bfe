#version 450
#extension GL_EXT_multiview : require
// test_multiview: one pixel-aligned rectangle per view from gl_ViewIndex v,
// x in [4 + 6v, 20 + 6v), y in [2 + 4v, 14 + 4v) of a 32 x 32 attachment
// (clip = pixel / 16 - 1), red = (v + 1) / 4, green 1/2. Vertices 0-5: two
// triangles of corners 0 1 2, 2 1 3 (bit 0 = right, bit 1 = bottom).
layout(location = 0) flat out vec4 colour;
void main()
{
   int v = int(gl_ViewIndex);
   vec2 lo = vec2(4 + 6 * v, 2 + 4 * v), hi = lo + vec2(16.0, 12.0);
   int i = gl_VertexIndex % 6;
   int c = i < 3 ? i : (i == 3 ? 2 : (i == 4 ? 1 : 3));
   vec2 p = vec2((c & 1) != 0 ? hi.x : lo.x, (c & 2) != 0 ? hi.y : lo.y);
   gl_Position = vec4(p / 16.0 - 1.0, 0.5, 1.0);
   colour = vec4(float(v + 1) / 4.0, 0.5, 0.0, 1.0);
}
