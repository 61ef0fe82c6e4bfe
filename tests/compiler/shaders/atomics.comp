#version 450
// Global and shared atomics.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; } inb;
layout(set = 0, binding = 1) buffer Counters { uint add; uint mx; uint mn; uint orv; int smin; uint xchg_sum; uint hist[16]; } cnt;
layout(set = 0, binding = 2) writeonly buffer Slots { uint v[]; } slots;
shared uint local_sum;

void main() {
  uint x = inb.v[gl_GlobalInvocationID.x];
  if (gl_LocalInvocationID.x == 0u)
    local_sum = 0u;
  barrier();
  atomicAdd(local_sum, x & 0xffu);
  uint slot = atomicAdd(cnt.add, 1u);
  slots.v[slot] = x;
  atomicMax(cnt.mx, x);
  atomicMin(cnt.mn, x);
  atomicOr(cnt.orv, 1u << (x & 31u));
  atomicMin(cnt.smin, int(x) - 100000);
  atomicAdd(cnt.hist[x & 15u], 1u);
  barrier();
  if (gl_LocalInvocationID.x == 0u)
    atomicAdd(cnt.xchg_sum, atomicExchange(local_sum, 0u));
}
