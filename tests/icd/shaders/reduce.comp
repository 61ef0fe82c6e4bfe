#version 450
// Each workgroup sums its 128 inputs in shared memory (tree reduction).
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint v[]; };
layout(set = 0, binding = 1) buffer Out { uint sums[]; };
shared uint partial[128];
void main() {
   uint l = gl_LocalInvocationID.x;
   partial[l] = v[gl_GlobalInvocationID.x];
   barrier();
   for (uint s = 64u; s > 0u; s >>= 1) {
      if (l < s)
         partial[l] += partial[l + s];
      barrier();
   }
   if (l == 0u)
      sums[gl_WorkGroupID.x] = partial[0];
}
