#version 450
// Control flow around barriers and loops (test_basic_ops.c):
//  - a barrier inside an if/else nest that the compiler cannot prove
//    uniform (every invocation of a workgroup takes the same path, decided
//    by memory), then a read of another invocation's shared slot;
//  - shared-memory atomics between barriers;
//  - a loop whose exit is a break inside a selection after a store.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint sel[64]; uint val[64]; uint base; } src;
layout(set = 0, binding = 1) buffer Out { uint y[256]; uint sum[2]; uint flow[4]; } dst;

shared uint s[128];
shared uint counter;

void main()
{
   uint i = gl_LocalInvocationIndex;
   uint slot = (i & 31u) + 32u * gl_WorkGroupID.x;
   uint l = src.base;
   if (src.sel[slot] == 0u) {
      l = 2u;
   } else {
      if (src.val[slot] == 0u) {
         l = 3u;
      } else {
         s[i] = l + src.val[slot];
         barrier();
         l = s[127u - i];
      }
   }
   dst.y[gl_GlobalInvocationID.x] = l;

   if (i == 0u)
      atomicExchange(counter, 7u + gl_WorkGroupID.x);
   barrier();
   atomicAdd(counter, 1u);
   barrier();
   if (i == 0u)
      dst.sum[gl_WorkGroupID.x] = atomicExchange(counter, 0u);

   if (i == 0u) {
      uint trips = 0u;
      while (true) {
         atomicAdd(dst.flow[2u * gl_WorkGroupID.x], 1u);
         if (trips >= 1u + gl_WorkGroupID.x) {
            atomicAdd(dst.flow[2u * gl_WorkGroupID.x + 1u], 1u);
            break;
         }
         trips++;
      }
   }
}
