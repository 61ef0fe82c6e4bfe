/* Command-buffer upload memory: see agx_upload.h. */
#include "agx_upload.h"

#include <string.h>

#include "agx_alloc.h"
#include "agx_bo.h"
#include "agx_device.h"

#define AGX_UPLOAD_BO_SIZE (64u * 1024u)

void
agx_upload_init_labelled(struct agx_upload *up, struct agx_device *device, uint32_t bo_flags,
                         const char *label)
{
   memset(up, 0, sizeof(*up));
   up->device = device;
   up->bo_flags = bo_flags;
   up->label = label;
}

void
agx_upload_init(struct agx_upload *up, struct agx_device *device, uint32_t bo_flags)
{
   agx_upload_init_labelled(up, device, bo_flags, "upload");
}

void
agx_upload_reset(struct agx_upload *up)
{
   for (uint32_t i = 0; i < up->bo_count; i++)
      agx_bo_destroy(up->device, up->bos[i]);
   up->bo_count = 0;
   up->offset = 0;
}

void
agx_upload_finish(struct agx_upload *up)
{
   agx_upload_reset(up);
   agx_free(&up->device->alloc, up->bos);
   up->bos = NULL;
   up->bo_capacity = 0;
}

VkResult
agx_upload_add_bo(struct agx_upload *up, uint32_t min_size, struct agx_bo **out)
{
   if (up->bo_count == up->bo_capacity) {
      uint32_t cap = up->bo_capacity ? up->bo_capacity * 2 : 4;
      struct agx_bo **bos =
         agx_alloc(&up->device->alloc, cap * sizeof(*bos), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!bos)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      if (up->bo_count)
         memcpy(bos, up->bos, up->bo_count * sizeof(*bos));
      agx_free(&up->device->alloc, up->bos);
      up->bos = bos;
      up->bo_capacity = cap;
   }
   struct agx_bo *bo;
   uint32_t size = min_size > AGX_UPLOAD_BO_SIZE ? min_size : AGX_UPLOAD_BO_SIZE;
   VkResult result = agx_bo_create(up->device, size, up->bo_flags, up->label, &bo);
   if (result != VK_SUCCESS)
      return result;
   void *map;
   result = agx_bo_map(up->device, bo, &map);
   if (result != VK_SUCCESS) {
      agx_bo_destroy(up->device, bo);
      return result;
   }
   up->bos[up->bo_count++] = bo;
   up->offset = 0;
   if (out)
      *out = bo;
   return VK_SUCCESS;
}

VkResult
agx_upload_alloc(struct agx_upload *up, uint32_t size, uint32_t align, struct agx_upload_ptr *out)
{
   uint64_t offset = (up->offset + align - 1) & ~(uint64_t)(align - 1);
   if (up->bo_count == 0 || offset + size > up->bos[up->bo_count - 1]->size) {
      VkResult result = agx_upload_add_bo(up, size, NULL);
      if (result != VK_SUCCESS)
         return result;
      offset = 0;
   }
   struct agx_bo *bo = up->bos[up->bo_count - 1];
   out->cpu = (uint8_t *)bo->map + offset;
   out->gpu = bo->va + offset;
   up->offset = offset + size;
   return VK_SUCCESS;
}
