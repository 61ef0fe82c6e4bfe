#version 450
layout(set = 0, binding = 0, r32f) uniform image2DMS img;
void main() { imageStore(img, ivec2(0), 1, vec4(1.0)); }
