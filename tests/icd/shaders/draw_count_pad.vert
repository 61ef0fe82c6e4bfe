#version 450
#extension GL_ARB_shader_draw_parameters : require
// test_draw_count: draw_count.vert with another interface (a padding
// varying at location 0, the colour at location 1), for pipelines with
// different varying layouts in one pass.
// Vertex shader of test_draw_count: draw_params.vert with DrawID optional.
// Rectangle r = gl_VertexIndex / 6 (six vertices, two triangles) at pixels
// [8r + 1.25, 8r + 6.75] x [1.25, 14.75] of a 64x16 framebuffer, coloured
// R = BaseVertex, G = BaseInstance + 16 x (InstanceIndex - BaseInstance),
// B = 64 x DrawID when use_draw_id (all / 255).
layout(constant_id = 0) const bool use_draw_id = true;
layout(location = 0) out vec4 pad;
layout(location = 1) out vec4 colour;
void main()
{
   int r = gl_VertexIndex / 6;
   int k = gl_VertexIndex % 6;
   vec2 c = vec2(k == 2 || k == 3 || k == 5 ? 1.0 : 0.0, k == 1 || k == 4 || k == 5 ? 1.0 : 0.0);
   vec2 px = vec2(8.0 * float(r) + 1.25 + 5.5 * c.x, 1.25 + 13.5 * c.y);
   gl_Position = vec4(px.x / 32.0 - 1.0, px.y / 8.0 - 1.0, 0.5, 1.0);
   float id = use_draw_id ? float(64 * gl_DrawIDARB) : 0.0;
   pad = vec4(0.25, 0.5, 0.75, 1.0) * float(r);
   colour = vec4(float(gl_BaseVertexARB),
                 float(gl_BaseInstanceARB + 16 * (gl_InstanceIndex - gl_BaseInstanceARB)), id,
                 255.0) / 255.0;
}
