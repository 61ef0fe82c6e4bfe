/* Command-buffer upload memory: see agxv_upload.h. */
#include "agxv_upload.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_device.h"

#define AGXV_UPLOAD_BO_SIZE (64u * 1024u)

void
agxv_upload_init_labelled(struct agxv_upload *up, struct agxv_device *device, uint32_t bo_flags,
                          const char *label)
{
   memset(up, 0, sizeof(*up));
   up->device = device;
   up->bo_flags = bo_flags;
   up->label = label;
}

void
agxv_upload_init(struct agxv_upload *up, struct agxv_device *device, uint32_t bo_flags)
{
   agxv_upload_init_labelled(up, device, bo_flags, "upload");
}

void
agxv_upload_reset(struct agxv_upload *up)
{
   /* The BOs stay mapped for the next recording: writing them again costs
    * no new pages (the command buffer is not pending, Vulkan's rule for a
    * reset, so the GPU no longer reads them). */
   if (up->bo_count > up->bo_retained)
      up->bo_retained = up->bo_count;
   up->bo_count = 0;
   up->offset = 0;
}

void
agxv_upload_trim(struct agxv_upload *up)
{
   for (uint32_t i = up->bo_count; i < up->bo_retained; i++)
      agxv_bo_destroy(up->device, up->bos[i]);
   up->bo_retained = up->bo_count;
}

void
agxv_upload_release(struct agxv_upload *up)
{
   agxv_upload_reset(up);
   agxv_upload_trim(up);
}

void
agxv_upload_finish(struct agxv_upload *up)
{
   agxv_upload_release(up);
   agxv_free(&up->device->alloc, up->bos);
   up->bos = NULL;
   up->bo_capacity = 0;
}

VkResult
agxv_upload_add_bo(struct agxv_upload *up, uint32_t min_size, struct agxv_bo **out)
{
   uint32_t size = min_size > AGXV_UPLOAD_BO_SIZE ? min_size : AGXV_UPLOAD_BO_SIZE;
   if (up->bo_count < up->bo_retained) {
      /* The next kept BO, when large enough; else it makes room. */
      struct agxv_bo *kept = up->bos[up->bo_count];
      if (kept->size >= size) {
         up->bo_count++;
         up->offset = 0;
         if (out)
            *out = kept;
         return VK_SUCCESS;
      }
      agxv_bo_destroy(up->device, kept);
      up->bos[up->bo_count] = up->bos[--up->bo_retained];
      return agxv_upload_add_bo(up, min_size, out);
   }
   if (up->bo_count == up->bo_capacity) {
      uint32_t cap = up->bo_capacity ? up->bo_capacity * 2 : 4;
      struct agxv_bo **bos =
         agxv_alloc(&up->device->alloc, cap * sizeof(*bos), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!bos)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      if (up->bo_count)
         memcpy(bos, up->bos, up->bo_count * sizeof(*bos));
      agxv_free(&up->device->alloc, up->bos);
      up->bos = bos;
      up->bo_capacity = cap;
   }
   struct agxv_bo *bo;
   VkResult result = agxv_bo_create(up->device, size, up->bo_flags, up->label, &bo);
   if (result != VK_SUCCESS)
      return result;
   void *map;
   result = agxv_bo_map(up->device, bo, &map);
   if (result != VK_SUCCESS) {
      agxv_bo_destroy(up->device, bo);
      return result;
   }
   up->bos[up->bo_count++] = bo;
   up->bo_retained = up->bo_count;
   up->offset = 0;
   if (out)
      *out = bo;
   return VK_SUCCESS;
}

VkResult
agxv_upload_alloc(struct agxv_upload *up, uint32_t size, uint32_t align,
                  struct agxv_upload_ptr *out)
{
   uint64_t offset = (up->offset + align - 1) & ~(uint64_t)(align - 1);
   if (up->bo_count == 0 || offset + size > up->bos[up->bo_count - 1]->size) {
      VkResult result = agxv_upload_add_bo(up, size, NULL);
      if (result != VK_SUCCESS)
         return result;
      offset = 0;
   }
   struct agxv_bo *bo = up->bos[up->bo_count - 1];
   out->cpu = (uint8_t *)bo->map + offset;
   out->gpu = bo->va + offset;
   up->offset = offset + size;
   return VK_SUCCESS;
}
