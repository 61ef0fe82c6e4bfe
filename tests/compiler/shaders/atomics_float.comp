#version 450
// VK_EXT_shader_atomic_float on 32-bit floats: atomicAdd, atomicExchange,
// atomicLoad and atomicStore on buffer and shared memory. The values added
// are small integers and halves, so every sum is exact in fp32 whatever the
// order; the values each add returns are checked as a set (atomics_float_ref.h).
// Shared by tests/compiler (IR interpreter) and tests/icd (the driver).
#extension GL_EXT_shader_atomic_float : require
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { float v[]; } inb;       // small integers
layout(set = 0, binding = 1) buffer Acc {
  float total;        // + every v[i]
  float chain;        // exchanged with float(i) by every invocation
  float bins[8];      // invocation i adds float(i % 8 + 1) to bins[i % 8]
  float wg[16 * 8];   // per workgroup: shared sum, value after the exchange, 4 shared bins
  float stored[];     // atomicStore'd: i * 0.25 + v[i]
} acc;
layout(set = 0, binding = 2) buffer Out { vec4 r[]; } res; // per invocation: returned values

shared float s_total;
shared float s_bins[4];

void main()
{
  uint i = gl_GlobalInvocationID.x, l = gl_LocalInvocationIndex, g = gl_WorkGroupID.x;
  if (l == 0u)
    s_total = 0.0;
  if (l < 4u)
    s_bins[l] = 0.0;
  barrier();
  float x = atomicLoad(inb.v[i], gl_ScopeDevice, gl_StorageSemanticsNone, gl_SemanticsRelaxed);
  atomicAdd(acc.total, x);
  float bin_old = atomicAdd(acc.bins[i % 8u], float(i % 8u + 1u));
  float chain_old = atomicExchange(acc.chain, float(i));
  atomicAdd(s_total, x);
  float sbin_old = atomicAdd(s_bins[l % 4u], 0.5);
  atomicStore(acc.stored[i], float(i) * 0.25 + x, gl_ScopeDevice, gl_StorageSemanticsNone,
              gl_SemanticsRelaxed);
  res.r[i] = vec4(bin_old, chain_old, sbin_old, x);
  barrier();
  if (l == 0u) {
    acc.wg[g * 8u] = atomicExchange(s_total, -1.0);
    acc.wg[g * 8u + 1u] =
        atomicLoad(s_total, gl_ScopeWorkgroup, gl_StorageSemanticsNone, gl_SemanticsRelaxed);
  }
  if (l < 4u)
    acc.wg[g * 8u + 2u + l] = s_bins[l];
}
