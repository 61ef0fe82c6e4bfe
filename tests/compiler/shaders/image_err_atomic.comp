#version 450
layout(set = 0, binding = 0, r32ui) uniform uimage2DMS img;
void main() { imageAtomicAdd(img, ivec2(0), 0, 1u); }
