/*
 * Descriptor set layouts and pipeline layouts, in the resource ABI shared
 * with the compiler (compiler/ir/agx_abi.h): a set is a block of GPU memory;
 * binding b, element i is a descriptor at offset(b) + i * stride(b). Buffer
 * descriptors are { u64 address; u32 size; u32 reserved } (16 bytes),
 * texel buffer and image-like descriptors 48 bytes (Texture + PBE, or
 * Texture + sampler heap index + LOD bias). A mutable binding
 * (VK_EXT_mutable_descriptor_type) has the stride of the largest type in
 * its list, and the compiler takes every binding's stride from the layout
 * (agx_io_options.binding_stride), so one array can hold buffers and images.
 */
#ifndef AGXV_DESCRIPTOR_SET_LAYOUT_H
#define AGXV_DESCRIPTOR_SET_LAYOUT_H

#include <stdbool.h>

#include "agxv_object.h"
#include "agxv_sampler.h"

#define AGXV_BUFFER_DESCRIPTOR_SIZE 16u
/* Uniform/storage texel buffers: Texture + PBE (agx_abi.h, agxv_buffer_view.h) */
#define AGXV_TEXEL_DESCRIPTOR_SIZE 48u
/* Storage/sampled images, combined image samplers, samplers: Texture + PBE,
 * or Texture + sampler heap index + LOD bias (agx_abi.h) */
#define AGXV_IMAGE_DESCRIPTOR_SIZE 48u
/* The largest descriptor: a mutable descriptor with no type list can hold
 * any type (the specification's rule for pools without lists). */
#define AGXV_MUTABLE_DESCRIPTOR_SIZE 48u
/* Alignment of a set's memory (every descriptor size divides into 16-byte
 * units; 64 keeps sets cache-line aligned) */
#define AGXV_DESCRIPTOR_SET_ALIGN 64u
#define AGXV_MAX_SETS 8u
/* Descriptors in a push descriptor set layout (VK_KHR_push_descriptor). */
#define AGXV_MAX_PUSH_DESCRIPTORS 32u
#define AGXV_MAX_PUSH_CONSTANTS_SIZE 256u

/*
 * An inline uniform block binding (count = bytes) occupies, at its offset,
 * one buffer descriptor { address, size } followed by its bytes (16-byte
 * aligned): the descriptor points at those bytes, so the compiler reads the
 * block like any uniform buffer. Allocating a set writes the descriptor.
 */
#define AGXV_INLINE_DATA_OFFSET AGXV_BUFFER_DESCRIPTOR_SIZE

static inline uint32_t
agxv_inline_block_extent(uint32_t bytes)
{
   return AGXV_INLINE_DATA_OFFSET + ((bytes + 15u) & ~15u);
}

struct agxv_descriptor_binding {
   VkDescriptorType type;
   uint32_t count;         /* array size (0: binding unused) */
   uint32_t offset;        /* bytes from the set's start */
   uint32_t stride;        /* bytes per array element */
   uint32_t dynamic_index; /* first dynamic-buffer slot, for *_DYNAMIC types */
   bool variable_count;    /* last binding with VARIABLE_DESCRIPTOR_COUNT */
   int32_t immutable;      /* first of `count` immutable samplers in the layout, or -1 */
};

struct agxv_descriptor_set_layout {
   struct agxv_object base;
   uint32_t refcount; /* pipeline layouts and sets may outlive the handle */
   VkAllocationCallbacks alloc;
   VkDescriptorSetLayoutCreateFlags flags;
   uint32_t binding_count; /* highest binding number + 1 */
   uint32_t size;          /* bytes of descriptor memory for one set */
   uint32_t dynamic_buffer_count;
   /* The stages the bindings name (VkDescriptorSetLayoutBinding::stageFlags
    * together): the only ones that may access a set of this layout, whose
    * root uniforms a bind must update (0: none named) */
   VkShaderStageFlags stages;
   struct agxv_sampler_desc *immutable; /* immutable samplers as descriptors hold them
                                         * (bytes 24-47); after bindings[] */
   struct agxv_descriptor_binding bindings[];
};

struct agxv_pipeline_layout {
   struct agxv_object base;
   uint32_t set_count;
   struct agxv_descriptor_set_layout *sets[AGXV_MAX_SETS];
   uint32_t push_constant_size;
   uint32_t dynamic_offset_start[AGXV_MAX_SETS]; /* index of each set's first dynamic buffer */
   uint32_t dynamic_buffer_count;
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_descriptor_set_layout, VkDescriptorSetLayout,
                                 VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT)
AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_pipeline_layout, VkPipelineLayout,
                                 VK_OBJECT_TYPE_PIPELINE_LAYOUT)

uint32_t agxv_descriptor_stride(VkDescriptorType type);
/* The stride of a mutable binding (or pool entry) that may hold the types of
 * `list`; NULL or an empty list: any type (AGXV_MUTABLE_DESCRIPTOR_SIZE). */
uint32_t agxv_mutable_stride(const VkMutableDescriptorTypeListEXT *list);
/* The stride of binding (or pool size) `index` of type `type`, given the
 * VkMutableDescriptorTypeCreateInfoEXT of its pNext chain (may be NULL). */
uint32_t agxv_binding_stride(VkDescriptorType type,
                             const VkMutableDescriptorTypeCreateInfoEXT *info, uint32_t index);
void agxv_descriptor_set_layout_ref(struct agxv_descriptor_set_layout *layout);
void agxv_descriptor_set_layout_unref(struct agxv_descriptor_set_layout *layout);

#endif
