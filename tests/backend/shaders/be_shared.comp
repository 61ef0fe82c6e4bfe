#version 450
// Shared memory with barriers: a tree reduction in a loop, a reversal
// through shared memory and shared atomics.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) writeonly buffer Out { uint v[]; } outb;
layout(set = 0, binding = 2) writeonly buffer Sums { uint v[]; } sums;
shared uint tmp[64];
shared uint counter;

void main() {
  uint l = gl_LocalInvocationID.x, g = gl_WorkGroupID.x;
  uint x = inb.v[g * 64u + l];
  if (l == 0u)
    counter = 0u;
  tmp[l] = x;
  barrier();
  outb.v[g * 64u + l] = tmp[63u - l] + l;
  if ((x & 1u) == 1u)
    atomicAdd(counter, x & 0xffu);
  barrier();
  for (uint s = 32u; s > 0u; s >>= 1u) {
    if (l < s)
      tmp[l] += tmp[l + s];
    barrier();
  }
  if (l == 0u)
    sums.v[g] = tmp[0] ^ (counter << 16u);
}
