#version 450
// Implicit-LOD sampling (plain, biased, projective, depth compare with and
// without an offset), explicit LOD, and every derivative form: the texture
// unit derives the LOD from the 2x2 quad; dfdx / dfdy are quad operations.
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DShadow shadow;
layout(set = 0, binding = 2) uniform samplerCube cube;
layout(set = 0, binding = 3) uniform sampler2DArray arr;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 colour;
layout(location = 1) out vec4 deriv;

void main()
{
   vec4 c = texture(tex, uv) + texture(tex, uv, -1.0) + textureProj(tex, vec3(uv, 2.0));
   c += textureLod(tex, uv, 2.0) + texture(cube, vec3(uv, 1.0)) + texture(arr, vec3(uv, 1.0));
   c.x += texture(shadow, vec3(uv, 0.5)) + textureOffset(shadow, vec3(uv, 0.25), ivec2(1, -2));
   c.y += textureProj(shadow, vec4(uv, 0.5, 2.0));
   colour = c;
   deriv = vec4(dFdx(uv.x) + dFdxFine(uv.y), dFdy(uv.y) + dFdyCoarse(uv.x),
                fwidth(uv.x) + fwidthFine(uv.y), dFdxCoarse(uv.x * uv.y) + fwidthCoarse(uv.y));
}
