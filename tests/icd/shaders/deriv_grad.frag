#version 450
// test_fs_deriv: derivatives of known functions of the pixel position,
// and the vertex shader's tag; component `pad` of the four to an R32 target.
layout(push_constant) uniform Push { float bias; float scale; int shift; int comp; } pc;
layout(location = 0) flat in float tag;
layout(location = 0) out float colour;

void main()
{
   float x = gl_FragCoord.x, y = gl_FragCoord.y;
   float g = 0.01 * x * x + 3.0 * y;
   vec4 v = vec4(dFdx(g), dFdy(g) + fwidth(g) * 100.0, dFdxFine(x * y) + dFdyFine(x * y) * 1000.0,
                 tag);
   colour = v[pc.comp];
}
