/*
 * Handle <-> driver object casts. Dispatchable objects (instance, physical
 * device, device, queue, command buffer) begin with the loader's
 * VK_LOADER_DATA slot, which must hold ICD_LOADER_MAGIC when the object is
 * handed to the loader. Non-dispatchable handles are pointers on 64-bit.
 */
#ifndef AGXV_OBJECT_H
#define AGXV_OBJECT_H

#include <stdint.h>
#include <vulkan/vk_icd.h>
#include <vulkan/vulkan_core.h>

#define AGXV_DEFINE_HANDLE_CASTS(type, handle)             \
   static inline struct type *type##_from_handle(handle h) \
   {                                                       \
      return (struct type *)h;                             \
   }                                                       \
   static inline handle type##_to_handle(struct type *o)   \
   {                                                       \
      return (handle)o;                                    \
   }

#define AGXV_DEFINE_NONDISP_HANDLE_CASTS(type, handle)     \
   static inline struct type *type##_from_handle(handle h) \
   {                                                       \
      return (struct type *)(uintptr_t)h;                  \
   }                                                       \
   static inline handle type##_to_handle(struct type *o)   \
   {                                                       \
      return (handle)(uintptr_t)o;                         \
   }

#define AGXV_FROM_HANDLE(type, name, handle) struct type *name = type##_from_handle(handle)

/* Walks a pNext chain looking for `stype`. */
static inline const void *
agxv_find_struct(const void *chain, VkStructureType stype)
{
   for (const VkBaseInStructure *s = chain; s; s = s->pNext) {
      if (s->sType == stype)
         return s;
   }
   return NULL;
}

#endif
