#version 450
// Reads two uniform blocks that the test binds as inline uniform blocks
// (VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK), around a storage buffer.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint data[]; };
layout(set = 0, binding = 1) uniform Affine { uint scale; uint add; } affine;
layout(set = 0, binding = 2) uniform Table { uvec4 v; } table;
void main() {
   uint i = gl_GlobalInvocationID.x;
   data[i] = i * affine.scale + affine.add + table.v[i % 4u];
}
