/* Shared shader code BOs: see agxv_shared_code.h. A list under the
 * device's code_mutex (live pipelines' distinct binaries are few). */
#include "agxv_shared_code.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_device.h"
#include "agxv_sha1.h"

struct agxv_shared_code {
   uint8_t key[AGXV_SHA1_SIZE];
   uint32_t refs;
   struct agxv_bo *bo;
   struct agxv_shared_code *next;
};

void
agxv_shared_code_init(struct agxv_device *device)
{
   pthread_mutex_init(&device->code_mutex, NULL);
   device->shared_code = NULL;
}

void
agxv_shared_code_finish(struct agxv_device *device)
{
   while (device->shared_code) {
      struct agxv_shared_code *e = device->shared_code;
      device->shared_code = e->next;
      agxv_bo_destroy(device, e->bo);
      agxv_free(&device->alloc, e);
   }
   pthread_mutex_destroy(&device->code_mutex);
}

static void
code_key(enum agxv_stage stage, const void *code, uint32_t size,
         const struct agxv_shader_info *info, uint8_t key[AGXV_SHA1_SIZE])
{
   struct agxv_sha1 s;
   uint32_t head[2] = {(uint32_t)stage, size};
   agxv_sha1_init(&s);
   agxv_sha1_update(&s, head, sizeof(head));
   /* struct agxv_shader_info is uint32_t fields only: no padding bytes */
   agxv_sha1_update(&s, info, sizeof(*info));
   agxv_sha1_update(&s, code, size);
   agxv_sha1_final(&s, key);
}
_Static_assert(sizeof(struct agxv_shader_info) % 4 == 0, "info hashed as words");

static VkResult
upload(struct agxv_device *device, const void *code, uint32_t size, struct agxv_bo **out)
{
   void *map;
   struct agxv_bo *bo = NULL;
   VkResult result =
      agxv_bo_create(device, size, AGXV_BO_EXEC | AGXV_BO_READONLY, "shader code", &bo);
   if (result == VK_SUCCESS)
      result = agxv_bo_map(device, bo, &map);
   if (result != VK_SUCCESS) {
      if (bo)
         agxv_bo_destroy(device, bo);
      return result;
   }
   memcpy(map, code, size);
   *out = bo;
   return VK_SUCCESS;
}

VkResult
agxv_shared_code_get(struct agxv_device *device, enum agxv_stage stage, const void *code,
                     uint32_t size, const struct agxv_shader_info *info, struct agxv_bo **out)
{
   uint8_t key[AGXV_SHA1_SIZE];
   code_key(stage, code, size, info, key);
   pthread_mutex_lock(&device->code_mutex);
   for (struct agxv_shared_code *e = device->shared_code; e; e = e->next) {
      if (memcmp(e->key, key, sizeof(key)) == 0) {
         e->refs++;
         *out = e->bo;
         pthread_mutex_unlock(&device->code_mutex);
         return VK_SUCCESS;
      }
   }
   struct agxv_shared_code *e =
      agxv_zalloc(&device->alloc, sizeof(*e), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   VkResult result = e ? upload(device, code, size, &e->bo) : VK_ERROR_OUT_OF_HOST_MEMORY;
   if (result != VK_SUCCESS) {
      agxv_free(&device->alloc, e);
      pthread_mutex_unlock(&device->code_mutex);
      return result;
   }
   memcpy(e->key, key, sizeof(key));
   e->refs = 1;
   e->next = device->shared_code;
   device->shared_code = e;
   device->shared_code_uploads++;
   *out = e->bo;
   pthread_mutex_unlock(&device->code_mutex);
   return VK_SUCCESS;
}

void
agxv_shared_code_put(struct agxv_device *device, struct agxv_bo *bo)
{
   pthread_mutex_lock(&device->code_mutex);
   for (struct agxv_shared_code **p = &device->shared_code; *p; p = &(*p)->next) {
      struct agxv_shared_code *e = *p;
      if (e->bo != bo)
         continue;
      if (--e->refs == 0) {
         *p = e->next;
         agxv_bo_destroy(device, e->bo);
         agxv_free(&device->alloc, e);
      }
      break;
   }
   pthread_mutex_unlock(&device->code_mutex);
}
