/* The resource ABI between the driver and compiled compute shaders, applied by
 * agx_pass_lower_io. Chosen by this project (no hardware constraint behind it),
 * kept deliberately simple so the driver can change it in one place.
 *
 * Uniforms: a driver-filled array of 32-bit words readable by every
 * invocation (on AGX: uniform registers preloaded per dispatch). Byte layout:
 *
 *   [  0,  64)  8 x uint64: GPU address of descriptor set 0..7
 *   [ 64, 320)  push constants, copied verbatim (Vulkan offsets)
 *   [320, 332)  3 x uint32: workgroups in the dispatch (gl_NumWorkGroups)
 *   [332, 344)  3 x uint32: base workgroup (vkCmdDispatchBase, else 0);
 *               gl_WorkGroupID and gl_GlobalInvocationID include it
 *   [344, 352)  uint64: address of the robust-access sink, a device-owned
 *               area of at least AGX_ABI_ROBUST_SINK_SIZE bytes where
 *               out-of-bounds accesses of shaders compiled with robust
 *               buffer access are redirected (0 otherwise)
 *
 * Descriptor set memory (at the set's address): binding b, array element i
 * is a descriptor of AGX_ABI_DESC_SIZE bytes at
 *   set_address + binding_offset(set, b) + i * AGX_ABI_DESC_SIZE
 * where binding_offset defaults to b * AGX_ABI_DESC_SIZE * AGX_ABI_DEFAULT_ARRAY
 * and the driver may supply its own mapping (struct agx_io_options).
 * A buffer descriptor is { uint64 address; uint32 size; uint32 reserved }.
 * Shaders read the address, and the size for OpArrayLength and (when
 * compiled with robust buffer access) for bounds checks. */
#pragma once

#define AGX_ABI_MAX_SETS 8
#define AGX_ABI_SET_ADDR_BASE 0u
#define AGX_ABI_PUSH_BASE 64u
#define AGX_ABI_PUSH_SIZE 256u
#define AGX_ABI_NUM_WORKGROUPS 320u
#define AGX_ABI_BASE_WORKGROUP 332u
#define AGX_ABI_ROBUST_SINK 344u
#define AGX_ABI_ROBUST_SINK_SIZE 64u /* the largest access: a 64-bit vec4 is 32 bytes */
#define AGX_ABI_UNIFORM_SIZE 352u
#define AGX_ABI_DESC_SIZE 16u
#define AGX_ABI_DEFAULT_ARRAY 16u  /* default room for descriptor arrays */

struct agx_buffer_descriptor {
   unsigned long long address;
   unsigned size;
   unsigned reserved;
};
