#version 450
// Shuffles whose index is the lane XOR a constant (dEQP-VK.memory_model's
// subgroup-scope partner lookup by gl_SubgroupSize - 1, a constant mask,
// quad swaps): each 32-bit one must be a single simd_shuffle_xor (a quad
// swap a quad_shuffle_xor), a quad broadcast by a constant one
// quad_shuffle (check_shuffle_xor.py counts them in the disassembly).
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_quad : require
layout(local_size_x = 31, local_size_y = 31) in;
layout(set = 0, binding = 0) buffer B { uint x[]; } b;
void main() {
  uvec4 ballot = subgroupBallot(true);
  if (!subgroupBallotBitExtract(ballot, gl_SubgroupInvocationID ^ (gl_SubgroupSize - 1))) return;
  ivec2 id = ivec2(gl_LocalInvocationID.xy);
  ivec2 partner = subgroupShuffleXor(id, gl_SubgroupSize - 1); // 2
  uint i = uint(id.y * 31 + id.x);
  b.x[i] = uint(partner.y * 31 + partner.x) + subgroupShuffleXor(i, 5u) + // 1
           subgroupQuadSwapDiagonal(i) + subgroupQuadSwapHorizontal(i) +  // 2
           subgroupQuadBroadcast(i, 2u);                                  // quad_shuffle
}
