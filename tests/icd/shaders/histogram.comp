#version 450
// 16-bin histogram of the low 4 bits of each input, with device atomics.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; };
layout(set = 0, binding = 1) buffer Bins { uint bins[16]; };
void main() {
   atomicAdd(bins[v[gl_GlobalInvocationID.x] & 15u], 1u);
}
