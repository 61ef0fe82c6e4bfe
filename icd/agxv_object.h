/*
 * The object base and handle <-> driver object casts. Every driver object
 * begins with struct agxv_object (as Mesa's src/vulkan/runtime/vk_object.h
 * vk_object_base): the loader's dispatch slot first (dispatchable objects
 * must hold ICD_LOADER_MAGIC there when handed to the loader, vk_icd.h),
 * then the object's VkObjectType, its device and its private data
 * (VK_EXT_private_data / Vulkan 1.3, agxv_private_data.c). Non-dispatchable
 * handles are pointers on 64-bit. Handle casts assert the object's type in
 * debug builds, so a handle of the wrong type stops at the cast.
 */
#ifndef AGXV_OBJECT_H
#define AGXV_OBJECT_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vk_icd.h>
#include <vulkan/vulkan_core.h>

struct agxv_device;

struct agxv_object {
   VK_LOADER_DATA loader_data; /* the loader's dispatch slot: must stay first */
   VkObjectType type;
   uint32_t private_count;     /* entries in private_data */
   struct agxv_device *device; /* owning device (itself for a device); NULL above devices */
   uint64_t *private_data;     /* value per private data slot index; NULL until one is set */
};

/* Sets up the base of a new object (zeroed or not), including the loader's
 * magic value. */
void agxv_object_init(struct agxv_object *obj, struct agxv_device *device, VkObjectType type);

/* Releases what the base owns (private data); the object's memory stays. */
void agxv_object_finish(struct agxv_object *obj);

/* A zeroed object of `size` bytes whose base is set up (NULL when out of
 * memory), and its release (finish, then free; NULL is ignored). */
void *agxv_object_zalloc(struct agxv_device *device, const VkAllocationCallbacks *alloc,
                         size_t size, VkObjectType type);
void agxv_object_free(const VkAllocationCallbacks *alloc, void *obj);

/* The object at a handle of type `type` (for the private data entry points,
 * which take a handle as uint64_t). */
static inline struct agxv_object *
agxv_object_from_u64(uint64_t handle, VkObjectType type)
{
   struct agxv_object *obj = (struct agxv_object *)(uintptr_t)handle;
   assert(!obj || obj->type == type);
   return obj;
}

#define AGXV_DEFINE_HANDLE_CASTS(T, H, OBJTYPE)                              \
   _Static_assert(offsetof(struct T, base) == 0, #T ": base must be first"); \
   static inline struct T *T##_from_handle(H h)                              \
   {                                                                         \
      struct T *o = (struct T *)h;                                           \
      assert(!o || o->base.type == OBJTYPE);                                 \
      return o;                                                              \
   }                                                                         \
   static inline H T##_to_handle(struct T *o)                                \
   {                                                                         \
      return (H)o;                                                           \
   }

#define AGXV_DEFINE_NONDISP_HANDLE_CASTS(T, H, OBJTYPE)                      \
   _Static_assert(offsetof(struct T, base) == 0, #T ": base must be first"); \
   static inline struct T *T##_from_handle(H h)                              \
   {                                                                         \
      struct T *o = (struct T *)(uintptr_t)h;                                \
      assert(!o || o->base.type == OBJTYPE);                                 \
      return o;                                                              \
   }                                                                         \
   static inline H T##_to_handle(struct T *o)                                \
   {                                                                         \
      return (H)(uintptr_t)o;                                                \
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
