#version 450
// textureGrad on a cube map and a cube array: explicit LODs computed in the shader
layout(set = 0, binding = 0) uniform samplerCube s;
layout(set = 0, binding = 2) uniform samplerCubeArray sa;
layout(set = 0, binding = 1) buffer Out { vec4 v[2]; } o;
void main()
{
   o.v[0] = textureGrad(s, vec3(0.5, 0.25, 1.0), vec3(0.1, 0.0, 0.0), vec3(0.0, 0.1, 0.0));
   o.v[1] = textureGrad(sa, vec4(0.5, -1.0, 0.25, 1.0), vec3(0.0, 0.2, 0.0), vec3(0.0, 0.0, 0.1));
}
