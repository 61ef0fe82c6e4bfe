#version 450
layout(set = 0, binding = 0) uniform samplerCube s;
layout(set = 0, binding = 1) buffer Out { vec4 v; } o;
void main() { o.v = textureGrad(s, vec3(0.5), vec3(0.1, 0.0, 0.0), vec3(0.0, 0.1, 0.0)); }
