#version 450
// Shared memory with barriers: tree reduction and a reversed copy.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Sums { uint v[]; } sums;
layout(set = 0, binding = 2) writeonly buffer Rev { uint v[]; } rev;
shared uint tmp[64];
shared uint copy[64];

void main() {
  uint l = gl_LocalInvocationID.x;
  uint g = gl_GlobalInvocationID.x;
  tmp[l] = inb.v[g];
  copy[l] = inb.v[g] * 3u;
  barrier();
  rev.v[g] = copy[63u - l];
  for (uint s = 32u; s > 0u; s >>= 1) {
    if (l < s)
      tmp[l] += tmp[l + s];
    barrier();
  }
  if (l == 0u)
    sums.v[gl_WorkGroupID.x] = tmp[0];
}
