#version 450
// test_fs_deriv: derivatives of known functions of the pixel position,
// the vertex shader's tag, and textureQueryLod at deriv_mip.frag's
// coordinates; component `comp` of the six to an R32 target.
layout(push_constant) uniform Push { float bias; float scale; int shift; int comp; } pc;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) flat in float tag;
layout(location = 0) out float colour;

void main()
{
   float x = gl_FragCoord.x, y = gl_FragCoord.y;
   float g = 0.01 * x * x + 3.0 * y;
   vec4 v = vec4(dFdx(g), dFdy(g) + fwidth(g) * 100.0, dFdxFine(x * y) + dFdyFine(x * y) * 1000.0,
                 tag);
   vec2 uv = exp2(gl_FragCoord.xy * (6.0 / 64.0)) * (1.0 / (6.0 * 0.69314718));
   vec2 lod = textureQueryLod(tex, uv);
   colour = pc.comp < 4 ? v[pc.comp] : lod[pc.comp - 4];
}
