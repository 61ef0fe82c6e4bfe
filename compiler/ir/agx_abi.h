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
 *   [352, 360)  uint64: GPU address of the shader's read-only constant data
 *               (agx_shader.const_data: program-scope __constant arrays and
 *               constant tables indexed dynamically), 0 if it has none. The
 *               driver uploads the bytes next to the shader code, 16-byte
 *               aligned (AGX_ABI_CONST_DATA_ALIGN), and shaders read them with
 *               device loads.
 *
 * Descriptor set memory (at the set's address): binding b, array element i
 * is a descriptor at
 *   set_address + binding_offset(set, b) + i * stride(kind)
 * where stride is AGX_ABI_DESC_SIZE (16) for buffers and
 * AGX_ABI_TEXEL_DESC_SIZE (48) for texel buffers; binding_offset defaults
 * to b * AGX_ABI_DEFAULT_BINDING_BYTES (room for 16 buffer descriptors or 5
 * texel-buffer descriptors) and the driver supplies its own mapping from
 * the pipeline layout (struct agx_io_options); offsets are multiples of 16.
 *
 * A buffer descriptor is { uint64 address; uint32 size; uint32 reserved }.
 * Shaders read the address, and the size for OpArrayLength and (when
 * compiled with robust buffer access) for bounds checks.
 *
 * A texel buffer descriptor (uniform or storage) is the hardware's Texture
 * descriptor (24 B) at +0 followed by its PBE descriptor (24 B) at +24, as
 * in Mesa's Honeykrisp (storage images are Texture + PBE there too): loads
 * use the Texture, stores the PBE, both bindlessly with the set's address
 * (a uniform register pair) as the heap base and the descriptor's byte
 * offset in a register. The view is a LINEAR 2D image AGX_ABI_TEXEL_WIDTH
 * texels wide, texel i at (i % width, i / width). The descriptor's address
 * fields hold the view's start rounded down to 16 bytes; the remaining
 * whole texels and the element count are in the software words of the
 * Texture (bytes 16-23: "Buffer size (sw)" = element count, "Buffer offset
 * (sw)" = texels to skip), the PBE's "Buffer offset (sw)" (bytes 40-43)
 * repeats the skip. Shaders map element e to i = e + skip when e < count,
 * else to i = 0xFFFFFFFF, whose row lies past any view's height: the texture
 * unit returns the sampler's border (transparent black) and drops stores.
 * Atomics (R32 formats) address texel i directly at PBE Buffer + 4 i.
 *
 * Sampler state register 0 must hold the driver's txf sampler (nearest,
 * clamp to border, transparent black border) when the compiled shader
 * says it samples (agx_backend_info.sampler_states).
 *
 * OpenCL pointers (Physical64 kernels) are 64-bit values in one generic
 * encoding, tagged in bits 63:62 like Mesa's nir_address_format_62bit_generic:
 *   0b00 / 0b11  global (device) address, used as is
 *   0b01         threadgroup (Workgroup, __local) byte offset in bits 31:0
 *   0b10         private (Function, scratch) byte offset in bits 31:0
 * Null is 0 in every storage class. __local kernel arguments are 64-bit
 * argument slots into which the driver writes the argument's byte offset in
 * threadgroup memory (dynamic local memory follows the shader's own
 * threadgroup memory, see AGX_ABI_LOCAL_ARG_ALIGN); the shader adds the tag. */
#pragma once

#define AGX_ABI_MAX_SETS 8
#define AGX_ABI_SET_ADDR_BASE 0u
#define AGX_ABI_PUSH_BASE 64u
#define AGX_ABI_PUSH_SIZE 256u
#define AGX_ABI_NUM_WORKGROUPS 320u
#define AGX_ABI_BASE_WORKGROUP 332u
#define AGX_ABI_ROBUST_SINK 344u
#define AGX_ABI_ROBUST_SINK_SIZE 64u /* the largest access: a 64-bit vec4 is 32 bytes */
#define AGX_ABI_CONST_DATA 352u
#define AGX_ABI_CONST_DATA_ALIGN 16u
#define AGX_ABI_UNIFORM_SIZE 360u
#define AGX_ABI_DESC_SIZE 16u
#define AGX_ABI_PTR_TAG_SHIFT 62u
#define AGX_ABI_PTR_TAG_SHARED 1u
#define AGX_ABI_PTR_TAG_PRIVATE 2u
#define AGX_ABI_LOCAL_ARG_ALIGN 16u /* each dynamic __local argument's alignment */
#define AGX_ABI_MAX_LOCAL_ARGS 8u
#define AGX_ABI_DEFAULT_ARRAY 16u  /* default room for buffer descriptor arrays */
#define AGX_ABI_DEFAULT_BINDING_BYTES (AGX_ABI_DESC_SIZE * AGX_ABI_DEFAULT_ARRAY)

/* Texel buffer descriptors (see above) */
#define AGX_ABI_TEXEL_DESC_SIZE 48u
#define AGX_ABI_TEXEL_TEXTURE 0u      /* Texture descriptor */
#define AGX_ABI_TEXEL_PBE 24u         /* PBE descriptor */
#define AGX_ABI_TEXEL_COUNT 16u       /* Texture "Buffer size (sw)": elements */
#define AGX_ABI_TEXEL_SKIP 20u        /* Texture "Buffer offset (sw)": texels */
#define AGX_ABI_TEXEL_PBE_BUFFER 32u  /* PBE Buffer: bits 64-99, address >> 4 */
#define AGX_ABI_TEXEL_WIDTH 16384u    /* Mesa's AGX_TEXTURE_BUFFER_WIDTH */
#define AGX_ABI_TEXEL_WIDTH_LOG2 14u
#define AGX_ABI_TEXEL_OOB 0xFFFFFFFFu /* index of an out-of-range element */

struct agx_buffer_descriptor {
   unsigned long long address;
   unsigned size;
   unsigned reserved;
};
