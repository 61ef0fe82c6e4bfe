/* VkDescriptorSetLayout and VkPipelineLayout. */
#include "agxv_descriptor_set_layout.h"

#include <stdlib.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_sampler.h"

uint32_t
agxv_descriptor_stride(VkDescriptorType type)
{
   switch (type) {
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
   case VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK: /* its descriptor; the bytes follow */
      return AGXV_BUFFER_DESCRIPTOR_SIZE;
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
      return AGXV_TEXEL_DESCRIPTOR_SIZE;
   case VK_DESCRIPTOR_TYPE_MUTABLE_EXT: /* without its list: room for any type */
      return AGXV_MUTABLE_DESCRIPTOR_SIZE;
   default:
      return AGXV_IMAGE_DESCRIPTOR_SIZE;
   }
}

/* As Honeykrisp (Mesa src/asahi/vulkan/hk_descriptor_set_layout.c
 * hk_descriptor_stride_align_for_type): the largest of the listed types.
 * Every descriptor here starts at byte 0 of its element, so one element
 * holds any of them. */
uint32_t
agxv_mutable_stride(const VkMutableDescriptorTypeListEXT *list)
{
   if (!list || list->descriptorTypeCount == 0 || !list->pDescriptorTypes)
      return AGXV_MUTABLE_DESCRIPTOR_SIZE;
   uint32_t stride = 0;
   for (uint32_t i = 0; i < list->descriptorTypeCount; i++) {
      VkDescriptorType t = list->pDescriptorTypes[i];
      /* (MUTABLE may not list itself; never recurse) */
      uint32_t s = t == VK_DESCRIPTOR_TYPE_MUTABLE_EXT ? AGXV_MUTABLE_DESCRIPTOR_SIZE
                                                       : agxv_descriptor_stride(t);
      if (s > stride)
         stride = s;
   }
   return stride;
}

uint32_t
agxv_binding_stride(VkDescriptorType type, const VkMutableDescriptorTypeCreateInfoEXT *info,
                    uint32_t index)
{
   if (type != VK_DESCRIPTOR_TYPE_MUTABLE_EXT)
      return agxv_descriptor_stride(type);
   return agxv_mutable_stride(info && index < info->mutableDescriptorTypeListCount
                                 ? &info->pMutableDescriptorTypeLists[index]
                                 : NULL);
}

static bool has_immutable(const VkDescriptorSetLayoutBinding *b);

static bool
is_dynamic(VkDescriptorType type)
{
   return type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC ||
          type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
}

void
agxv_descriptor_set_layout_ref(struct agxv_descriptor_set_layout *layout)
{
   __atomic_add_fetch(&layout->refcount, 1, __ATOMIC_RELAXED);
}

void
agxv_descriptor_set_layout_unref(struct agxv_descriptor_set_layout *layout)
{
   if (__atomic_sub_fetch(&layout->refcount, 1, __ATOMIC_ACQ_REL) == 0) {
      VkAllocationCallbacks alloc = layout->alloc;
      agxv_object_free(&alloc, layout);
   }
}

/* Lays bindings out in binding-number order, each 16-byte aligned (every
 * descriptor size is a multiple of 16). */
static void
fill_layout(struct agxv_descriptor_set_layout *layout, const VkDescriptorSetLayoutCreateInfo *info)
{
   const VkDescriptorSetLayoutBindingFlagsCreateInfo *flags_info = agxv_find_struct(
      info->pNext, VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO);
   const VkMutableDescriptorTypeCreateInfoEXT *mutable_info =
      agxv_find_struct(info->pNext, VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT);
   for (uint32_t b = 0; b < layout->binding_count; b++)
      layout->bindings[b].immutable = -1;
   uint32_t immutable = 0;
   for (uint32_t i = 0; i < info->bindingCount; i++) {
      const VkDescriptorSetLayoutBinding *b = &info->pBindings[i];
      struct agxv_descriptor_binding *d = &layout->bindings[b->binding];
      d->type = b->descriptorType;
      d->count = b->descriptorCount;
      d->stride = agxv_binding_stride(b->descriptorType, mutable_info, i);
      layout->stages |= b->stageFlags;
      if (has_immutable(b)) {
         d->immutable = (int32_t)immutable;
         for (uint32_t e = 0; e < b->descriptorCount; e++) {
            struct agxv_sampler *s = agxv_sampler_from_handle(b->pImmutableSamplers[e]);
            layout->immutable[immutable + e] = agxv_sampler_descriptor(s);
         }
         immutable += b->descriptorCount;
      }
      if (flags_info && flags_info->bindingCount == info->bindingCount)
         d->variable_count =
            flags_info->pBindingFlags[i] & VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT;
   }
   uint32_t offset = 0, dynamic = 0;
   for (uint32_t b = 0; b < layout->binding_count; b++) {
      struct agxv_descriptor_binding *d = &layout->bindings[b];
      /* An empty binding still gets its place: a variable-count binding
       * declared with descriptorCount 0 sizes its set from its offset
       * (allocate_set in agxv_descriptor_set.c). */
      offset = (offset + 15u) & ~15u;
      d->offset = offset;
      if (d->count == 0)
         continue;
      if (d->type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK)
         offset += agxv_inline_block_extent(d->count);
      else
         offset += d->count * d->stride;
      if (is_dynamic(d->type)) {
         d->dynamic_index = dynamic;
         dynamic += d->count;
      }
   }
   layout->size = offset;
   layout->dynamic_buffer_count = dynamic;
}

static bool
has_immutable(const VkDescriptorSetLayoutBinding *b)
{
   return b->pImmutableSamplers && (b->descriptorType == VK_DESCRIPTOR_TYPE_SAMPLER ||
                                    b->descriptorType == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER);
}

static uint32_t
binding_count(const VkDescriptorSetLayoutCreateInfo *info)
{
   uint32_t n = 0;
   for (uint32_t i = 0; i < info->bindingCount; i++)
      if (info->pBindings[i].binding + 1 > n)
         n = info->pBindings[i].binding + 1;
   return n;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateDescriptorSetLayout(VkDevice _device, const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
                               const VkAllocationCallbacks *pAllocator,
                               VkDescriptorSetLayout *pLayout)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   uint32_t n = binding_count(pCreateInfo);
   uint32_t immutable = 0;
   for (uint32_t i = 0; i < pCreateInfo->bindingCount; i++)
      if (has_immutable(&pCreateInfo->pBindings[i]))
         immutable += pCreateInfo->pBindings[i].descriptorCount;
   size_t bytes =
      sizeof(struct agxv_descriptor_set_layout) + n * sizeof(struct agxv_descriptor_binding);
   struct agxv_descriptor_set_layout *layout =
      agxv_object_zalloc(device, alloc, bytes + immutable * sizeof(struct agxv_sampler_desc),
                         VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT);
   if (!layout)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   layout->immutable = (struct agxv_sampler_desc *)((uint8_t *)layout + bytes);
   layout->refcount = 1;
   layout->alloc = *alloc;
   layout->flags = pCreateInfo->flags;
   layout->binding_count = n;
   fill_layout(layout, pCreateInfo);
   *pLayout = agxv_descriptor_set_layout_to_handle(layout);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyDescriptorSetLayout(VkDevice _device, VkDescriptorSetLayout _layout,
                                const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_descriptor_set_layout, layout, _layout);
   if (layout)
      agxv_descriptor_set_layout_unref(layout);
}

/* Bytes a binding of `count` descriptors of `stride` bytes takes in a set. */
static uint64_t
binding_bytes(VkDescriptorType type, uint32_t stride, uint32_t count)
{
   return type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK ? agxv_inline_block_extent(count) + 15u
                                                          : (uint64_t)count * stride;
}

/* The largest set layout we support: 64 MiB of descriptors (2^20 image
 * descriptors of 48 bytes, the update-after-bind limits, plus the rest);
 * a variable-count binding at most 2^20 descriptors (the largest
 * per-set update-after-bind limit, agxv_physical_device.c) or, for an
 * inline uniform block, maxInlineUniformBlockSize (256) bytes. */
#define AGXV_MAX_SET_BYTES (64ull << 20)
#define AGXV_MAX_VARIABLE_COUNT (1u << 20)
#define AGXV_MAX_INLINE_BLOCK_BYTES 256u

VKAPI_ATTR void VKAPI_CALL
agxv_GetDescriptorSetLayoutSupport(VkDevice _device,
                                   const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
                                   VkDescriptorSetLayoutSupport *pSupport)
{
   const VkDescriptorSetLayoutBindingFlagsCreateInfo *flags_info = agxv_find_struct(
      pCreateInfo->pNext, VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO);
   const VkMutableDescriptorTypeCreateInfoEXT *mutable_info = agxv_find_struct(
      pCreateInfo->pNext, VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT);
   uint64_t fixed = 0, variable = 0;
   const VkDescriptorSetLayoutBinding *var_binding = NULL;
   uint32_t var_stride = 0;
   bool mutable_push = false;
   for (uint32_t i = 0; i < pCreateInfo->bindingCount; i++) {
      const VkDescriptorSetLayoutBinding *b = &pCreateInfo->pBindings[i];
      uint32_t stride = agxv_binding_stride(b->descriptorType, mutable_info, i);
      mutable_push |=
         b->descriptorType == VK_DESCRIPTOR_TYPE_MUTABLE_EXT &&
         (pCreateInfo->flags & VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR);
      if (flags_info && flags_info->bindingCount == pCreateInfo->bindingCount &&
          (flags_info->pBindingFlags[i] & VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT)) {
         var_binding = b;
         var_stride = stride;
         variable = binding_bytes(b->descriptorType, stride, b->descriptorCount);
      } else {
         fixed += binding_bytes(b->descriptorType, stride, b->descriptorCount);
      }
   }
   bool iub = var_binding && var_binding->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK;
   uint32_t max_variable = 0;
   if (var_binding && fixed < AGXV_MAX_SET_BYTES) {
      if (iub) {
         max_variable = AGXV_MAX_INLINE_BLOCK_BYTES;
         while (max_variable &&
                fixed + binding_bytes(var_binding->descriptorType, 1, max_variable) >
                   AGXV_MAX_SET_BYTES)
            max_variable -= 4;
      } else {
         uint64_t n = (AGXV_MAX_SET_BYTES - fixed) / var_stride;
         max_variable = n < AGXV_MAX_VARIABLE_COUNT ? (uint32_t)n : AGXV_MAX_VARIABLE_COUNT;
      }
   }
   /* (push descriptor layouts cannot hold mutable bindings: VUID-04591) */
   pSupport->supported = !mutable_push && fixed + variable <= AGXV_MAX_SET_BYTES &&
                         (!var_binding || var_binding->descriptorCount <= max_variable);
   /* (maxVariableDescriptorCount does not depend on the variable binding's
    * own descriptorCount, and is 0 without a variable-count binding) */
   VkDescriptorSetVariableDescriptorCountLayoutSupport *var = (void *)agxv_find_struct(
      pSupport->pNext, VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_LAYOUT_SUPPORT);
   if (var)
      var->maxVariableDescriptorCount = max_variable;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreatePipelineLayout(VkDevice _device, const VkPipelineLayoutCreateInfo *pCreateInfo,
                          const VkAllocationCallbacks *pAllocator, VkPipelineLayout *pLayout)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   if (pCreateInfo->setLayoutCount > AGXV_MAX_SETS)
      return agxv_error(VK_ERROR_INITIALIZATION_FAILED, "%u descriptor sets",
                        pCreateInfo->setLayoutCount);
   struct agxv_pipeline_layout *layout =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator), sizeof(*layout),
                         VK_OBJECT_TYPE_PIPELINE_LAYOUT);
   if (!layout)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   layout->set_count = pCreateInfo->setLayoutCount;
   for (uint32_t s = 0; s < pCreateInfo->setLayoutCount; s++) {
      struct agxv_descriptor_set_layout *set =
         agxv_descriptor_set_layout_from_handle(pCreateInfo->pSetLayouts[s]);
      layout->dynamic_offset_start[s] = layout->dynamic_buffer_count;
      if (set) { /* VK_NULL_HANDLE is allowed for unused sets */
         agxv_descriptor_set_layout_ref(set);
         layout->sets[s] = set;
         layout->dynamic_buffer_count += set->dynamic_buffer_count;
      }
   }
   for (uint32_t r = 0; r < pCreateInfo->pushConstantRangeCount; r++) {
      const VkPushConstantRange *range = &pCreateInfo->pPushConstantRanges[r];
      if (range->offset + range->size > layout->push_constant_size)
         layout->push_constant_size = range->offset + range->size;
   }
   *pLayout = agxv_pipeline_layout_to_handle(layout);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyPipelineLayout(VkDevice _device, VkPipelineLayout _layout,
                           const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_pipeline_layout, layout, _layout);
   if (!layout)
      return;
   for (uint32_t s = 0; s < layout->set_count; s++)
      if (layout->sets[s])
         agxv_descriptor_set_layout_unref(layout->sets[s]);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator), layout);
}
