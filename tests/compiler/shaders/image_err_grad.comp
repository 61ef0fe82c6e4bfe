#version 450
layout(set = 0, binding = 0) uniform sampler2D s;
layout(set = 0, binding = 1) buffer Out { vec4 v; } o;
void main() { o.v = textureGrad(s, vec2(0.5), vec2(0.1, 0.0), vec2(0.0, 0.1)); }
