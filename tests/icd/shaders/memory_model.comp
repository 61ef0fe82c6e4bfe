#version 450
// The Vulkan memory model (vulkanMemoryModel, vulkanMemoryModelDeviceScope):
// availability/visibility through coherent (NonPrivate, MakePointerAvailable/
// Visible) accesses, device- and workgroup-scope barriers with MakeAvailable/
// MakeVisible semantics, scoped atomics and an atomic store/load pair.
// Invocation g writes out[4g .. 4g+3]; see test_memory_model.c.
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) coherent buffer Data { uint v[]; } data;
layout(set = 0, binding = 1) buffer Out { uint v[]; } o;
layout(set = 0, binding = 2) coherent buffer Count { uint n; } cnt;
layout(push_constant) uniform P { uint total; } pc;
shared uint sh[64];

void main() {
  uint l = gl_LocalInvocationIndex, g = gl_GlobalInvocationID.x, wg = gl_WorkGroupID.x;
  // a value made available at device scope, read by an invocation of the
  // other SIMD-group after the barrier
  data.v[g] = g * 7u + 1u;
  controlBarrier(gl_ScopeWorkgroup, gl_ScopeDevice, gl_StorageSemanticsBuffer,
                 gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable | gl_SemanticsMakeVisible);
  o.v[4u * g] = data.v[wg * 64u + (l ^ 33u)];
  // workgroup memory at workgroup scope
  sh[l] = g * 3u + 2u;
  controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared,
                 gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable | gl_SemanticsMakeVisible);
  o.v[4u * g + 1u] = sh[63u - l];
  // a device-scope atomic counter shared by all workgroups
  o.v[4u * g + 2u] = atomicAdd(cnt.n, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer,
                               gl_SemanticsRelaxed);
  // release store, memory barrier, acquire load (queue-family and device scope)
  atomicStore(data.v[pc.total + g], g ^ 0x5a5au, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer,
              gl_SemanticsRelease | gl_SemanticsMakeAvailable);
  memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsBuffer,
                gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable | gl_SemanticsMakeVisible);
  o.v[4u * g + 3u] = atomicLoad(data.v[pc.total + g], gl_ScopeDevice, gl_StorageSemanticsBuffer,
                                gl_SemanticsAcquire | gl_SemanticsMakeVisible);
}
