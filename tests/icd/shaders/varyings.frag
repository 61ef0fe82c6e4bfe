#version 450
// Fragment shader of test_draw's varying scenes: red from the flat
// varying (provoking vertex), green from the noperspective one, blue from
// the smooth one, alpha = gl_FragCoord.z.
layout(location = 0) in vec4 smooth_colour;
layout(location = 1) flat in vec4 flat_colour;
layout(location = 2) noperspective in vec2 linear_rg;
layout(location = 0) out vec4 o;
void main()
{
   o = vec4(flat_colour.r, linear_rg.g, smooth_colour.b, gl_FragCoord.z);
}
