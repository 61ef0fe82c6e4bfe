#version 450
// gl_NumWorkGroups and gl_WorkGroupID through the ABI's root uniforms
// (agx_pass_lower_io turns them into load_uniform).
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) writeonly buffer O { uint v[]; } o;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uvec3 n = gl_NumWorkGroups;
  o.v[i * 4u + 0u] = n.x;
  o.v[i * 4u + 1u] = n.y * 1000u + n.z;
  o.v[i * 4u + 2u] = gl_WorkGroupID.x * n.x + gl_LocalInvocationID.x;
  o.v[i * 4u + 3u] = (n.x - 1u - gl_WorkGroupID.x) * 16u + gl_LocalInvocationIndex;
}
