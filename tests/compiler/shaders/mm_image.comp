#version 450 core
// dEQP-VK.memory_model.message_passing.ext.u32.coherent.*.device.payload_*.image.*
// shape (issue 16: pipeline creation failed): a devicecoherent storage image
// read with MakeTexelVisible / NonPrivateTexel, image or physical-storage-
// buffer (PHYS 1) guard atomics with scopes and semantics. Compiled by agxc
// in tests/compiler/meson.build (agxc_mm_image*): it must compile.
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_EXT_buffer_reference : enable
layout(constant_id = 0) const int DIM = 1;
layout(constant_id = 1) const int NUM_WORKGROUP_EACH_DIM = 1;
layout(local_size_x_id = 0, local_size_y_id = 0, local_size_z = 1) in;
layout(set=0, binding=0, r32ui) uniform devicecoherent uimage2D payload;
#if PHYS
layout(buffer_reference) buffer GuardRef { uint x[]; };
layout(set=0, binding=1) buffer GuardPtr { GuardRef guard; } gp;
#define GUARD gp.guard.x
#else
layout(set=0, binding=1, r32ui) uniform uimage2D guard;
#endif
layout(set=0, binding=2) buffer Fail { uint x[]; } fail;
void main() {
   bool skip = false;
   ivec2 globalId          = ivec2(gl_GlobalInvocationID.xy);
   ivec2 partnerGlobalId   = ivec2(DIM*NUM_WORKGROUP_EACH_DIM-1) - ivec2(gl_GlobalInvocationID.xy);
   uint bufferCoord        = globalId.y * DIM*NUM_WORKGROUP_EACH_DIM + globalId.x;
   uint partnerBufferCoord = partnerGlobalId.y * DIM*NUM_WORKGROUP_EACH_DIM + partnerGlobalId.x;
   ivec2 imageCoord        = globalId;
   ivec2 partnerImageCoord = partnerGlobalId;
   imageStore(payload, imageCoord, uvec4(bufferCoord + (imageLoad(payload, partnerImageCoord).x>>31), 0, 0, 0));
   memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsImage | gl_StorageSemanticsBuffer, gl_SemanticsRelease);
#if PHYS
   atomicStore(GUARD[bufferCoord], 1u, gl_ScopeDevice, 0, 0);
   skip = atomicLoad(GUARD[partnerBufferCoord], gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsAcquire) == 0;
   atomicExchange(GUARD[bufferCoord], 1u, gl_ScopeDevice, 0, 0);
#else
   imageAtomicStore(guard, imageCoord, (1u), gl_ScopeDevice, 0, 0);
   skip = imageAtomicLoad(guard, partnerImageCoord, gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsAcquire) == 0;
   imageAtomicExchange(guard, imageCoord, (1u), gl_ScopeDevice, 0, 0);
#endif
   uint r = imageLoad(payload, partnerImageCoord).x;
   if (!skip && r != partnerBufferCoord) { fail.x[bufferCoord] = 1; }
}
