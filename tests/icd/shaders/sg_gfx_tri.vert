#version 450
// test_subgroup_gfx, fragment scene: one triangle given in pixels of the
// 40 x 24 framebuffer (push constants), which leaves 2x2 quads partly
// covered along its edges (helper lanes).
layout(push_constant) uniform P { vec4 a, b, c; } pc;
void main()
{
   vec2 p = gl_VertexIndex == 0 ? pc.a.xy : gl_VertexIndex == 1 ? pc.b.xy : pc.c.xy;
   gl_Position = vec4(p.x * 2.0 / 40.0 - 1.0, p.y * 2.0 / 24.0 - 1.0, 0.5, 1.0);
}
