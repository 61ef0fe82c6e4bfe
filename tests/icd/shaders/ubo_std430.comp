#version 450
// A uniform block laid out by std430 rules (uniformBufferStandardLayout): float
// array stride 4 and uvec2 array stride 8, where std140 would use 16.
// GL_EXT_scalar_block_layout only lets glslang accept std430 on a uniform
// block; the offsets it emits are std430's.
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) uniform U { float a[16]; uvec2 v[8]; } u;
layout(std430, set = 0, binding = 1) buffer O { float o[]; };
void main() {
   uint i = gl_LocalInvocationID.x;
   o[i] = u.a[i] + float(u.v[i / 2u].x) * 100.0 + float(u.v[i / 2u].y) * 10000.0;
}
