/* Buffer objects: GEM_CREATE, a VA from the right heap, VM_BIND, mmap. */
#include "agxv_bo.h"

#include <assert.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_physical_device.h"

static struct agxv_va_heap *
heap_for(struct agxv_device *device, uint32_t flags)
{
   return (flags & AGXV_BO_EXEC) ? &device->usc_heap : &device->user_heap;
}

static void
release(struct agxv_device *device, struct agxv_bo *bo)
{
   if (bo->map)
      agxv_kmd_gem_munmap(device->kmd, bo->map, bo->size);
   if (bo->va) {
      pthread_mutex_lock(&device->va_mutex);
      if (bo->prev)
         bo->prev->next = bo->next;
      else if (device->bos == bo)
         device->bos = bo->next;
      if (bo->next)
         bo->next->prev = bo->prev;
      pthread_mutex_unlock(&device->va_mutex);
      struct drm_asahi_gem_bind_op op = {.flags = DRM_ASAHI_BIND_UNBIND,
                                         .range = bo->size,
                                         .addr = bo->va};
      agxv_kmd_vm_bind(device->kmd, device->vm_id, &op, 1);
      pthread_mutex_lock(&device->va_mutex);
      agxv_va_free(heap_for(device, bo->flags), bo->va, bo->size);
      pthread_mutex_unlock(&device->va_mutex);
   }
   if (bo->handle)
      agxv_kmd_gem_close(device->kmd, bo->handle);
   agxv_free(&device->alloc, bo);
}

VkResult
agxv_bo_create(struct agxv_device *device, uint64_t size, uint32_t flags, const char *label,
               struct agxv_bo **out)
{
   if (size == 0 || size > (1ull << 40))
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   struct agxv_bo *bo =
      agxv_zalloc(&device->alloc, sizeof(*bo), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!bo)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   bo->flags = flags;
   bo->size = (size + AGXV_PAGE_SIZE - 1) & ~(AGXV_PAGE_SIZE - 1);
   bo->label = label;

   uint32_t gem_flags = DRM_ASAHI_GEM_VM_PRIVATE;
   if (flags & AGXV_BO_WRITEBACK)
      gem_flags |= DRM_ASAHI_GEM_WRITEBACK;
   int ret = agxv_kmd_gem_create(device->kmd, bo->size, gem_flags, device->vm_id, &bo->handle);
   if (ret) {
      release(device, bo);
      return agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "GEM_CREATE %s: %s", label, strerror(-ret));
   }

   pthread_mutex_lock(&device->va_mutex);
   uint64_t va = agxv_va_alloc(heap_for(device, flags), bo->size, AGXV_PAGE_SIZE);
   pthread_mutex_unlock(&device->va_mutex);
   if (!va) {
      release(device, bo);
      return agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "out of GPU VA for %s", label);
   }

   struct drm_asahi_gem_bind_op op = {
      .flags = DRM_ASAHI_BIND_READ | ((flags & AGXV_BO_READONLY) ? 0 : DRM_ASAHI_BIND_WRITE),
      .handle = bo->handle,
      .range = bo->size,
      .addr = va,
   };
   ret = agxv_kmd_vm_bind(device->kmd, device->vm_id, &op, 1);
   if (ret) {
      pthread_mutex_lock(&device->va_mutex);
      agxv_va_free(heap_for(device, flags), va, bo->size);
      pthread_mutex_unlock(&device->va_mutex);
      release(device, bo);
      return agxv_error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "VM_BIND %s: %s", label, strerror(-ret));
   }
   bo->va = va;
   pthread_mutex_lock(&device->va_mutex);
   bo->next = device->bos;
   if (device->bos)
      device->bos->prev = bo;
   device->bos = bo;
   pthread_mutex_unlock(&device->va_mutex);

   if (agxv_debug(AGXV_DEBUG_ALLOC))
      agxv_log("bo %s: handle %u, %llu bytes at 0x%llx%s", label, bo->handle,
               (unsigned long long)bo->size, (unsigned long long)bo->va,
               (flags & AGXV_BO_EXEC) ? " (usc heap)" : "");
   *out = bo;
   return VK_SUCCESS;
}

void
agxv_bo_destroy(struct agxv_device *device, struct agxv_bo *bo)
{
   if (bo)
      release(device, bo);
}

VkResult
agxv_bo_map(struct agxv_device *device, struct agxv_bo *bo, void **ptr)
{
   if (!bo->map) {
      void *map = NULL;
      int ret = agxv_kmd_gem_mmap(device->kmd, bo->handle, bo->size, &map);
      if (ret)
         return agxv_error(VK_ERROR_MEMORY_MAP_FAILED, "mmap %s: %s", bo->label, strerror(-ret));
      bo->map = map;
   }
   *ptr = bo->map;
   return VK_SUCCESS;
}

uint32_t
agxv_bo_usc_offset(const struct agxv_device *device, const struct agxv_bo *bo)
{
   assert(bo->flags & AGXV_BO_EXEC);
   return (uint32_t)(bo->va - device->usc_base);
}

bool
agxv_bo_read_va(struct agxv_device *device, uint64_t va, void *dst, size_t size)
{
   uint8_t *out = dst;
   while (size) {
      struct agxv_bo *found = NULL;
      pthread_mutex_lock(&device->va_mutex);
      for (struct agxv_bo *bo = device->bos; bo && !found; bo = bo->next)
         if (va >= bo->va && va < bo->va + bo->size)
            found = bo;
      pthread_mutex_unlock(&device->va_mutex);
      void *map;
      if (!found || agxv_bo_map(device, found, &map) != VK_SUCCESS)
         return false;
      size_t n = found->va + found->size - va < size ? found->va + found->size - va : size;
      memcpy(out, (uint8_t *)map + (va - found->va), n);
      out += n;
      va += n;
      size -= n;
   }
   return true;
}
