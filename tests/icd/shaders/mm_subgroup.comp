#version 450 core
// The shape of dEQP-VK.memory_model.{message_passing,write_after_read}.ext.
// u32.coherent.fence_atomic.atomicwrite.subgroup.* (issue 16): invocations
// pair up with lane ^ (gl_SubgroupSize - 1) of their subgroup (those whose
// partner is absent leave at once, before a subgroupBarrier), release a
// guard after touching the payload, acquire the partner's guard and, if set,
// check the partner's payload (MP) or overwrite their own (WAR). Compiled
// per variant by meson: WAR 0/1, PAYLOAD_SHARED / GUARD_SHARED 0 (buffer)
// or 1 (workgroup memory). Specialization constants: DIM (the workgroup is
// DIM x DIM) and NUM_WORKGROUP_EACH_DIM. fail[] gets 1 where a check fails.
#pragma use_vulkan_memory_model
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_shuffle : enable
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_memory_scope_semantics : enable
layout(constant_id = 0) const int DIM = 1;
layout(constant_id = 1) const int NUM_WORKGROUP_EACH_DIM = 1;
struct S { uint x[DIM*DIM]; };
layout(local_size_x_id = 0, local_size_y_id = 0, local_size_z = 1) in;
#if PAYLOAD_SHARED
shared S payload;
#else
layout(set=0, binding=0) subgroupcoherent buffer Payload { uint x[]; } payload;
#endif
#if GUARD_SHARED
shared S guard;
#else
layout(set=0, binding=1) buffer Guard { uint x[]; } guard;
#endif
layout(set=0, binding=2) buffer Fail { uint x[]; } fail;

#if PAYLOAD_SHARED
#define PCOORD sharedCoord
#define PPARTNER partnerSharedCoord
#define PSTORAGE gl_StorageSemanticsShared
#else
#define PCOORD bufferCoord
#define PPARTNER partnerBufferCoord
#define PSTORAGE gl_StorageSemanticsBuffer
#endif
#if GUARD_SHARED
#define GCOORD sharedCoord
#define GPARTNER partnerSharedCoord
#else
#define GCOORD bufferCoord
#define GPARTNER partnerBufferCoord
#endif

void main()
{
   bool skip = false;
   uvec4 ballot = subgroupBallot(true);
   if (!subgroupBallotBitExtract(ballot, gl_SubgroupInvocationID^(gl_SubgroupSize-1))) { return; }
   ivec2 localId           = ivec2(gl_LocalInvocationID.xy);
   ivec2 partnerLocalId    = subgroupShuffleXor(localId, gl_SubgroupSize-1);
   uint sharedCoord        = localId.y * DIM + localId.x;
   uint partnerSharedCoord = partnerLocalId.y * DIM + partnerLocalId.x;
   uint bufferCoord        = (gl_WorkGroupID.y * NUM_WORKGROUP_EACH_DIM + gl_WorkGroupID.x)*DIM*DIM + sharedCoord;
   uint partnerBufferCoord = (gl_WorkGroupID.y * NUM_WORKGROUP_EACH_DIM + gl_WorkGroupID.x)*DIM*DIM + partnerSharedCoord;
#if PAYLOAD_SHARED
   payload.x[sharedCoord] = 0;
#endif
#if GUARD_SHARED
   guard.x[sharedCoord] = 0;
#endif
#if PAYLOAD_SHARED || GUARD_SHARED
   subgroupBarrier();
#endif
#if WAR
   uint r = payload.x[PPARTNER];
#else
   payload.x[PCOORD] = bufferCoord + (payload.x[PPARTNER]>>31);
#endif
   memoryBarrier(gl_ScopeSubgroup, PSTORAGE, gl_SemanticsRelease);
   atomicStore(guard.x[GCOORD], uint(1u), gl_ScopeSubgroup, 0, 0);
   skip = atomicLoad(guard.x[GPARTNER], gl_ScopeSubgroup, PSTORAGE, gl_SemanticsAcquire) == 0;
#if WAR
   if (!skip) {
      payload.x[PCOORD] = bufferCoord;
   }
   if (r != 0) { fail.x[bufferCoord] = 1; }
#else
   uint r = payload.x[PPARTNER];
   if (!skip && r != partnerBufferCoord) { fail.x[bufferCoord] = 1; }
#endif
}
