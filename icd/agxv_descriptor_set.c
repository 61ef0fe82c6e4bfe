/*
 * Descriptor pools, sets, writes, copies and update templates. Descriptors
 * are written by the CPU straight into the GPU memory the shaders read, in
 * the layout of agxv_descriptor_set_layout.h.
 */
#include "agxv_descriptor_set.h"

#include <stdint.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_buffer.h"
#include "agxv_buffer_view.h"
#include "agxv_device.h"
#include "agxv_image_view.h"
#include "agxv_log.h"
#include "agxv_sampler.h"

#define SET_ALIGN AGXV_DESCRIPTOR_SET_ALIGN

/* The pool's memory, `size` bytes: a buffer object, or for a host-only pool
 * (VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT: its sets are only written
 * and copied from, never bound) host memory. Sets are carved out of it by a
 * heap over [va, va + size): the BO's GPU addresses, or for host memory
 * offsets from AGXV_HOST_POOL_BASE (never 0, the heap's failure value). */
#define AGXV_HOST_POOL_BASE SET_ALIGN

static void
pool_memory_free(struct agxv_descriptor_pool *pool)
{
   if (pool->has_heap)
      agxv_va_heap_finish(&pool->heap);
   pool->has_heap = false;
   if (pool->bo)
      agxv_bo_destroy(pool->device, pool->bo);
   pool->bo = NULL;
   agxv_free(&pool->alloc, pool->host);
   pool->host = NULL;
}

static VkResult
pool_memory(struct agxv_descriptor_pool *pool, uint64_t size)
{
   uint64_t start;
   if (pool->flags & VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT) {
      if (size > SIZE_MAX)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      pool->host = agxv_alloc(&pool->alloc, size, SET_ALIGN, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!pool->host)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      start = AGXV_HOST_POOL_BASE;
   } else {
      VkResult result = agxv_bo_create(pool->device, size, 0, "descriptor pool", &pool->bo);
      void *map;
      if (result == VK_SUCCESS)
         result = agxv_bo_map(pool->device, pool->bo, &map);
      if (result != VK_SUCCESS) {
         agxv_bo_destroy(pool->device, pool->bo);
         pool->bo = NULL;
         return result;
      }
      start = pool->bo->va;
   }
   /* Only what the application asked for (the BO is page-rounded). */
   if (!agxv_va_heap_init(&pool->heap, &pool->alloc, start, start + size)) {
      pool_memory_free(pool);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   pool->has_heap = true;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateDescriptorPool(VkDevice _device, const VkDescriptorPoolCreateInfo *pCreateInfo,
                          const VkAllocationCallbacks *pAllocator, VkDescriptorPool *pPool)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   struct agxv_descriptor_pool *pool =
      agxv_object_zalloc(device, alloc, sizeof(*pool), VK_OBJECT_TYPE_DESCRIPTOR_POOL);
   if (!pool)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   pool->device = device;
   pool->alloc = *alloc;
   pool->flags = pCreateInfo->flags;
   pool->max_sets = pCreateInfo->maxSets;

   /* Worst case: every set padded to the set alignment. An inline uniform
    * block's pool size is in bytes; each such binding also needs its
    * descriptor and up to 15 bytes of alignment before and after. */
   const VkDescriptorPoolInlineUniformBlockCreateInfo *inline_info = agxv_find_struct(
      pCreateInfo->pNext, VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_INLINE_UNIFORM_BLOCK_CREATE_INFO);
   uint64_t size = (uint64_t)pCreateInfo->maxSets * SET_ALIGN;
   if (inline_info)
      size += (uint64_t)inline_info->maxInlineUniformBlockBindings * (AGXV_INLINE_DATA_OFFSET + 30);
   /* A mutable entry i has the stride of its type list
    * (VkMutableDescriptorTypeCreateInfoEXT::pMutableDescriptorTypeLists[i]),
    * or room for any type without one. */
   const VkMutableDescriptorTypeCreateInfoEXT *mutable_info = agxv_find_struct(
      pCreateInfo->pNext, VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT);
   for (uint32_t i = 0; i < pCreateInfo->poolSizeCount; i++) {
      const VkDescriptorPoolSize *ps = &pCreateInfo->pPoolSizes[i];
      if (ps->type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK)
         size += inline_info ? ps->descriptorCount
                             : (uint64_t)ps->descriptorCount * (AGXV_INLINE_DATA_OFFSET + 31);
      else
         size += (uint64_t)ps->descriptorCount * agxv_binding_stride(ps->type, mutable_info, i);
   }
   VkResult result = size > 0 ? pool_memory(pool, size) : VK_SUCCESS;
   if (result != VK_SUCCESS) {
      agxv_object_free(alloc, pool);
      return result;
   }
   *pPool = agxv_descriptor_pool_to_handle(pool);
   return VK_SUCCESS;
}

/* Where the heap placed a set (host-only sets have no GPU address). */
static uint64_t
set_heap_address(const struct agxv_descriptor_set *set)
{
   const struct agxv_descriptor_pool *pool = set->pool;
   return pool->host ? AGXV_HOST_POOL_BASE + (uint64_t)(set->map - pool->host) : set->va;
}

static void
free_set(struct agxv_descriptor_set *set)
{
   struct agxv_descriptor_pool *pool = set->pool;
   if (set->prev)
      set->prev->next = set->next;
   else
      pool->sets = set->next;
   if (set->next)
      set->next->prev = set->prev;
   if (set->size)
      agxv_va_free(&pool->heap, set_heap_address(set),
                   (set->size + SET_ALIGN - 1) & ~(SET_ALIGN - 1));
   agxv_descriptor_set_layout_unref(set->layout);
   agxv_object_free(&pool->alloc, set);
   pool->set_count--;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyDescriptorPool(VkDevice _device, VkDescriptorPool _pool,
                           const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_descriptor_pool, pool, _pool);
   if (!pool)
      return;
   while (pool->sets)
      free_set(pool->sets);
   pool_memory_free(pool);
   VkAllocationCallbacks alloc = pool->alloc;
   agxv_object_free(&alloc, pool);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_ResetDescriptorPool(VkDevice _device, VkDescriptorPool _pool, VkDescriptorPoolResetFlags flags)
{
   AGXV_FROM_HANDLE(agxv_descriptor_pool, pool, _pool);
   while (pool->sets)
      free_set(pool->sets);
   return VK_SUCCESS;
}

void
agxv_descriptor_set_init_inline(const struct agxv_descriptor_set_layout *layout, uint8_t *map,
                                uint64_t va)
{
   for (uint32_t b = 0; b < layout->binding_count; b++) {
      const struct agxv_descriptor_binding *d = &layout->bindings[b];
      /* immutable samplers are in place from the start and never written */
      for (uint32_t e = 0; d->immutable >= 0 && e < d->count; e++)
         memcpy(map + d->offset + e * d->stride + AGX_ABI_SAMPLER_INDEX,
                &layout->immutable[d->immutable + e], sizeof(struct agxv_sampler_desc));
      if (d->type != VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK || d->count == 0)
         continue;
      uint64_t address = va + d->offset + AGXV_INLINE_DATA_OFFSET;
      memcpy(map + d->offset, &address, 8);
      memcpy(map + d->offset + 8, &d->count, 4);
      memset(map + d->offset + 12, 0, 4);
   }
}

static VkResult
allocate_set(struct agxv_descriptor_pool *pool, struct agxv_descriptor_set_layout *layout,
             uint32_t variable_count, struct agxv_descriptor_set **out)
{
   uint32_t size = layout->size;
   if (layout->binding_count && layout->bindings[layout->binding_count - 1].variable_count) {
      const struct agxv_descriptor_binding *last = &layout->bindings[layout->binding_count - 1];
      size = last->offset + variable_count * last->stride;
   }
   if (pool->set_count >= pool->max_sets)
      return VK_ERROR_OUT_OF_POOL_MEMORY;
   struct agxv_descriptor_set *set =
      agxv_object_zalloc(pool->device, &pool->alloc, sizeof(*set), VK_OBJECT_TYPE_DESCRIPTOR_SET);
   if (!set)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   if (size) {
      uint64_t va =
         pool->has_heap
            ? agxv_va_alloc(&pool->heap, (size + SET_ALIGN - 1) & ~(SET_ALIGN - 1), SET_ALIGN)
            : 0;
      if (!va) {
         agxv_object_free(&pool->alloc, set);
         return VK_ERROR_OUT_OF_POOL_MEMORY;
      }
      if (pool->host) {
         set->va = 0;
         set->map = pool->host + (va - AGXV_HOST_POOL_BASE);
      } else {
         set->va = va;
         set->map = (uint8_t *)pool->bo->map + (va - pool->bo->va);
      }
      memset(set->map, 0, size);
      agxv_descriptor_set_init_inline(layout, set->map, set->va);
   }
   set->pool = pool;
   set->layout = layout;
   set->size = size;
   set->variable_count = variable_count;
   pool->set_count++;
   agxv_descriptor_set_layout_ref(layout);
   set->next = pool->sets;
   if (pool->sets)
      pool->sets->prev = set;
   pool->sets = set;
   *out = set;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_AllocateDescriptorSets(VkDevice _device, const VkDescriptorSetAllocateInfo *pInfo,
                            VkDescriptorSet *pSets)
{
   AGXV_FROM_HANDLE(agxv_descriptor_pool, pool, pInfo->descriptorPool);
   const VkDescriptorSetVariableDescriptorCountAllocateInfo *var = agxv_find_struct(
      pInfo->pNext, VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO);
   for (uint32_t i = 0; i < pInfo->descriptorSetCount; i++) {
      struct agxv_descriptor_set *set;
      uint32_t count = var && var->descriptorSetCount ? var->pDescriptorCounts[i] : 0;
      VkResult result = allocate_set(
         pool, agxv_descriptor_set_layout_from_handle(pInfo->pSetLayouts[i]), count, &set);
      if (result != VK_SUCCESS) {
         for (uint32_t j = 0; j < i; j++)
            free_set(agxv_descriptor_set_from_handle(pSets[j]));
         for (uint32_t j = 0; j < pInfo->descriptorSetCount; j++)
            pSets[j] = VK_NULL_HANDLE;
         return result;
      }
      pSets[i] = agxv_descriptor_set_to_handle(set);
   }
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_FreeDescriptorSets(VkDevice _device, VkDescriptorPool _pool, uint32_t count,
                        const VkDescriptorSet *pSets)
{
   for (uint32_t i = 0; i < count; i++) {
      AGXV_FROM_HANDLE(agxv_descriptor_set, set, pSets[i]);
      if (set)
         free_set(set);
   }
   return VK_SUCCESS;
}

/* Where element `element` of `binding` lives, or NULL if out of range. */
static uint8_t *
descriptor_ptr(struct agxv_descriptor_set *set, uint32_t binding, uint32_t element)
{
   if (binding >= set->layout->binding_count)
      return NULL;
   const struct agxv_descriptor_binding *b = &set->layout->bindings[binding];
   uint64_t offset = b->offset + (uint64_t)element * b->stride;
   if (offset + b->stride > set->size)
      return NULL;
   return set->map + offset;
}

static void
write_buffer(uint8_t *dst, const VkDescriptorBufferInfo *info)
{
   struct agxv_buffer *buffer = agxv_buffer_from_handle(info->buffer);
   uint64_t address = 0;
   uint32_t size = 0;
   if (buffer) { /* VK_NULL_HANDLE with nullDescriptor: an empty descriptor */
      uint64_t range = info->range == VK_WHOLE_SIZE ? buffer->size - info->offset : info->range;
      address = buffer->va + info->offset;
      size = range > UINT32_MAX ? UINT32_MAX : (uint32_t)range;
   }
   memcpy(dst, &address, 8);
   memcpy(dst + 8, &size, 4);
   memset(dst + 12, 0, 4);
}

/* A texel buffer view's packed descriptor. A null view (nullDescriptor) is
 * a well-formed descriptor of 0 elements at address 0: every access is out
 * of range (reads give the border, writes are dropped, the size is 0) and
 * the texture unit still sees valid Texture/PBE words. */
static void
write_texel_buffer(uint8_t *dst, VkBufferView handle)
{
   struct agxv_buffer_view *view = agxv_buffer_view_from_handle(handle);
   if (view) {
      memcpy(dst, view->desc, AGXV_TEXEL_DESCRIPTOR_SIZE);
   } else {
      uint32_t desc[AGXV_TEXEL_DESCRIPTOR_SIZE / 4];
      agxv_pack_texel_buffer(VK_FORMAT_R32_UINT, 0, 0, desc);
      memcpy(dst, desc, sizeof(desc));
   }
}

/* Image-like descriptors (agx_abi.h): storage images the view's storage
 * Texture + PBE; sampled images its Texture; combined image samplers its
 * Texture + the sampler's half (heap index, LOD bias, custom border
 * colour); samplers only the latter. Immutable samplers were written with the set and stay. A null
 * view (nullDescriptor) leaves zeros (storage images: shaders skip accesses
 * through them, compiler agx_pass_lower_image.c AGX_IMAGE_NULL_CHECK). */
static void
write_image(uint8_t *dst, VkDescriptorType type, bool immutable, const VkDescriptorImageInfo *info)
{
   struct agxv_image_view *view =
      type == VK_DESCRIPTOR_TYPE_SAMPLER ? NULL : agxv_image_view_from_handle(info->imageView);
   if (type != VK_DESCRIPTOR_TYPE_SAMPLER) {
      memset(dst, 0, immutable ? AGX_ABI_SAMPLER_INDEX : AGXV_IMAGE_DESCRIPTOR_SIZE);
      if (view && type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE)
         memcpy(dst, view->storage_desc, AGXV_IMAGE_DESCRIPTOR_SIZE);
      else if (view && type == VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT)
         memcpy(dst + AGX_ABI_IMAGE_TEXTURE, view->input_desc + AGX_ABI_IMAGE_TEXTURE / 4, 24);
      else if (view)
         memcpy(dst + AGX_ABI_IMAGE_TEXTURE, view->desc + AGX_ABI_IMAGE_TEXTURE / 4, 24);
   }
   if ((type == VK_DESCRIPTOR_TYPE_SAMPLER || type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER) &&
       !immutable) {
      struct agxv_sampler *sampler = agxv_sampler_from_handle(info->sampler);
      struct agxv_sampler_desc s = agxv_sampler_descriptor(sampler);
      memset(dst, 0, AGXV_IMAGE_DESCRIPTOR_SIZE);
      if (type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER && view)
         memcpy(dst, view->desc, 24);
      memcpy(dst + AGX_ABI_SAMPLER_INDEX, &s, sizeof(s));
   }
}

static bool
is_texel_buffer(VkDescriptorType type)
{
   return type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER ||
          type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
}

/* Writes `count` descriptors starting at (binding, element), spilling into
 * the following bindings as the specification's consecutive-binding rule
 * says. `get` returns the source of the i-th descriptor: a
 * VkDescriptorBufferInfo for buffers, a VkBufferView for texel buffers, a
 * VkDescriptorImageInfo for images and samplers. */
static void
write_descriptors(struct agxv_descriptor_set *set, uint32_t binding, uint32_t element,
                  uint32_t count, VkDescriptorType type,
                  const void *(*get)(const void *ctx, uint32_t i), const void *ctx)
{
   for (uint32_t i = 0; i < count; i++) {
      while (binding < set->layout->binding_count &&
             element >= set->layout->bindings[binding].count) {
         element -= set->layout->bindings[binding].count;
         binding++;
      }
      uint8_t *dst = descriptor_ptr(set, binding, element);
      if (!dst)
         return;
      /* A mutable element takes the written type whole: no bytes of the
       * type it held before stay behind a smaller descriptor. */
      if (set->layout->bindings[binding].type == VK_DESCRIPTOR_TYPE_MUTABLE_EXT)
         memset(dst, 0, set->layout->bindings[binding].stride);
      switch (type) {
      case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
      case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
      case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
      case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
         write_buffer(dst, get(ctx, i));
         break;
      case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
      case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
         write_texel_buffer(dst, *(const VkBufferView *)get(ctx, i));
         break;
      case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
      case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
      case VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT: /* a sampled image read at the pixel */
      case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
      case VK_DESCRIPTOR_TYPE_SAMPLER:
         write_image(dst, type, set->layout->bindings[binding].immutable >= 0,
                     (const VkDescriptorImageInfo *)get(ctx, i));
         break;
      default:
         break;
      }
      element++;
   }
}

static const void *
get_write_source(const void *ctx, uint32_t i)
{
   const VkWriteDescriptorSet *w = ctx;
   if (is_texel_buffer(w->descriptorType))
      return &w->pTexelBufferView[i];
   if (w->descriptorType == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE ||
       w->descriptorType == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE ||
       w->descriptorType == VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT ||
       w->descriptorType == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ||
       w->descriptorType == VK_DESCRIPTOR_TYPE_SAMPLER)
      return &w->pImageInfo[i];
   return &w->pBufferInfo[i];
}

/* Bytes [offset, offset + size) of an inline uniform block, clipped to the
 * binding (writes that continue into the next binding are not supported). */
static void
write_inline(struct agxv_descriptor_set *set, uint32_t binding, uint32_t offset, uint32_t size,
             const void *data)
{
   if (!set || binding >= set->layout->binding_count)
      return;
   const struct agxv_descriptor_binding *b = &set->layout->bindings[binding];
   if (b->type != VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK || offset >= b->count)
      return;
   if (size > b->count - offset)
      size = b->count - offset;
   memcpy(set->map + b->offset + AGXV_INLINE_DATA_OFFSET + offset, data, size);
}

void
agxv_descriptor_set_write(struct agxv_descriptor_set *set, const VkWriteDescriptorSet *write)
{
   if (write->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK) {
      const VkWriteDescriptorSetInlineUniformBlock *block = agxv_find_struct(
         write->pNext, VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET_INLINE_UNIFORM_BLOCK);
      if (block)
         write_inline(set, write->dstBinding, write->dstArrayElement, block->dataSize,
                      block->pData);
      return;
   }
   write_descriptors(set, write->dstBinding, write->dstArrayElement, write->descriptorCount,
                     write->descriptorType, get_write_source, write);
}

/* One descriptor copy. Strides differ between a mutable binding and a typed
 * one (a buffer descriptor is 16 bytes, a mutable element up to 48): the
 * descriptor (its bytes from 0) is copied and the rest of a larger
 * destination element cleared. A destination with immutable samplers keeps
 * its own sampler words. */
static void
copy_descriptor(uint8_t *d, const struct agxv_descriptor_binding *db, const uint8_t *s,
                const struct agxv_descriptor_binding *sb)
{
   uint32_t n = sb->stride < db->stride ? sb->stride : db->stride;
   if (db->immutable >= 0 && n > AGX_ABI_SAMPLER_INDEX)
      n = AGX_ABI_SAMPLER_INDEX;
   memmove(d, s, n);
   if (db->immutable < 0 && db->stride > n)
      memset(d + n, 0, db->stride - n);
}

VKAPI_ATTR void VKAPI_CALL
agxv_UpdateDescriptorSets(VkDevice _device, uint32_t writeCount,
                          const VkWriteDescriptorSet *pWrites, uint32_t copyCount,
                          const VkCopyDescriptorSet *pCopies)
{
   for (uint32_t w = 0; w < writeCount; w++) {
      agxv_descriptor_set_write(agxv_descriptor_set_from_handle(pWrites[w].dstSet), &pWrites[w]);
   }
   for (uint32_t c = 0; c < copyCount; c++) {
      const VkCopyDescriptorSet *copy = &pCopies[c];
      struct agxv_descriptor_set *src = agxv_descriptor_set_from_handle(copy->srcSet);
      struct agxv_descriptor_set *dst = agxv_descriptor_set_from_handle(copy->dstSet);
      if (copy->srcBinding < src->layout->binding_count &&
          src->layout->bindings[copy->srcBinding].type == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK) {
         /* Byte ranges between inline blocks (clipped to the source). */
         const struct agxv_descriptor_binding *sbd = &src->layout->bindings[copy->srcBinding];
         if (copy->srcArrayElement < sbd->count) {
            uint32_t n = copy->descriptorCount;
            if (n > sbd->count - copy->srcArrayElement)
               n = sbd->count - copy->srcArrayElement;
            write_inline(dst, copy->dstBinding, copy->dstArrayElement, n,
                         src->map + sbd->offset + AGXV_INLINE_DATA_OFFSET + copy->srcArrayElement);
         }
         continue;
      }
      uint32_t sb = copy->srcBinding, se = copy->srcArrayElement;
      uint32_t db = copy->dstBinding, de = copy->dstArrayElement;
      for (uint32_t i = 0; i < copy->descriptorCount; i++, se++, de++) {
         while (sb < src->layout->binding_count && se >= src->layout->bindings[sb].count)
            se -= src->layout->bindings[sb++].count;
         while (db < dst->layout->binding_count && de >= dst->layout->bindings[db].count)
            de -= dst->layout->bindings[db++].count;
         uint8_t *s = descriptor_ptr(src, sb, se), *d = descriptor_ptr(dst, db, de);
         if (!s || !d)
            break;
         copy_descriptor(d, &dst->layout->bindings[db], s, &src->layout->bindings[sb]);
      }
   }
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateDescriptorUpdateTemplate(VkDevice _device,
                                    const VkDescriptorUpdateTemplateCreateInfo *pInfo,
                                    const VkAllocationCallbacks *pAllocator,
                                    VkDescriptorUpdateTemplate *pTemplate)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   struct agxv_descriptor_update_template *t =
      agxv_object_zalloc(device, agxv_choose_alloc(&device->alloc, pAllocator),
                         sizeof(*t) + pInfo->descriptorUpdateEntryCount * sizeof(t->entries[0]),
                         VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE);
   if (!t)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   t->bind_point = pInfo->pipelineBindPoint;
   t->entry_count = pInfo->descriptorUpdateEntryCount;
   memcpy(t->entries, pInfo->pDescriptorUpdateEntries, t->entry_count * sizeof(t->entries[0]));
   *pTemplate = agxv_descriptor_update_template_to_handle(t);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyDescriptorUpdateTemplate(VkDevice _device, VkDescriptorUpdateTemplate _template,
                                     const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   agxv_object_free(agxv_choose_alloc(&device->alloc, pAllocator),
                    agxv_descriptor_update_template_from_handle(_template));
}

struct template_ctx {
   const uint8_t *data;
   const VkDescriptorUpdateTemplateEntry *entry;
};

static const void *
get_template_source(const void *ctx, uint32_t i)
{
   const struct template_ctx *t = ctx;
   return t->data + t->entry->offset + i * t->entry->stride;
}

void
agxv_descriptor_set_write_template(struct agxv_descriptor_set *set,
                                   const struct agxv_descriptor_update_template *t,
                                   const void *data)
{
   for (uint32_t e = 0; e < t->entry_count; e++) {
      const VkDescriptorUpdateTemplateEntry *entry = &t->entries[e];
      if (entry->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK) {
         write_inline(set, entry->dstBinding, entry->dstArrayElement, entry->descriptorCount,
                      (const uint8_t *)data + entry->offset);
         continue;
      }
      struct template_ctx ctx = {data, &t->entries[e]};
      write_descriptors(set, t->entries[e].dstBinding, t->entries[e].dstArrayElement,
                        t->entries[e].descriptorCount, t->entries[e].descriptorType,
                        get_template_source, &ctx);
   }
}

VKAPI_ATTR void VKAPI_CALL
agxv_UpdateDescriptorSetWithTemplate(VkDevice _device, VkDescriptorSet descriptorSet,
                                     VkDescriptorUpdateTemplate _template, const void *pData)
{
   agxv_descriptor_set_write_template(agxv_descriptor_set_from_handle(descriptorSet),
                                      agxv_descriptor_update_template_from_handle(_template),
                                      pData);
}
