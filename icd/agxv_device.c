/*
 * VkDevice. Each device opens its own connection to the kernel (or
 * simulator), creates a VM and lays out its address space like Mesa's asahi
 * drivers do (Mesa src/asahi/lib/agx_device.c): nothing below 2^36 (so null-based
 * accesses fault), a 4 GiB shader heap passed as usc_exec_base, the user
 * heap above it, and the kernel's range at the top.
 */
#include "agxv_device.h"
#include "agxv_clear_draw.h"
#include "agxv_vbo.h"
#include "agxv_cmd_rendering.h"

#include <errno.h>
#include <string.h>

#include "agx_abi.h"
#include "agxv_alloc.h"
#include "agxv_bo.h"
#include "agxv_log.h"
#include "agxv_cmd_draw_gs.h"
#include "agxv_meta.h"
#include "agxv_shared_code.h"
#include "agx_pack.h"
#include "agxv_physical_device.h"
#include "agxv_queue.h"

#define AGXV_LOW_CARVEOUT (1ull << 36)
#define AGXV_USC_HEAP_SIZE (1ull << 32)
#define AGXV_KERNEL_VA_SIZE (32ull << 30)

VkResult
agxv_result_from_errno(int err)
{
   switch (err) {
   case 0:
      return VK_SUCCESS;
   case -ENOMEM:
   case -ENOSPC:
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   default:
      return VK_ERROR_INITIALIZATION_FAILED;
   }
}

VkResult
agxv_device_set_lost(struct agxv_device *device, const char *why)
{
   if (!__atomic_exchange_n(&device->lost, true, __ATOMIC_ACQ_REL))
      agxv_log("device lost: %s", why);
   return VK_ERROR_DEVICE_LOST;
}

static uint64_t
align_up(uint64_t v, uint64_t a)
{
   return (v + a - 1) & ~(a - 1);
}

/* Whether shaders must bounds-check buffer accesses: the application
 * enabled robustBufferAccess (pEnabledFeatures or VkPhysicalDeviceFeatures2),
 * robustBufferAccess2, or nullDescriptor (a null buffer descriptor is a
 * zero-sized range that only the checks make harmless). */
static bool
wants_robust_buffer_access(const VkDeviceCreateInfo *info)
{
   if (info->pEnabledFeatures && info->pEnabledFeatures->robustBufferAccess)
      return true;
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 &&
          ((const VkPhysicalDeviceFeatures2 *)s)->features.robustBufferAccess)
         return true;
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT) {
         const VkPhysicalDeviceRobustness2FeaturesEXT *r = (const void *)s;
         if (r->robustBufferAccess2 || r->nullDescriptor)
            return true;
      }
   }
   return false;
}

/* Whether the application enables VK_KHR_maintenance6 (VK_NULL_HANDLE index
 * buffers read zeros: agxv_device.null_index). */
static bool
wants_maintenance6(const VkDeviceCreateInfo *info)
{
   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext)
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_6_FEATURES_KHR &&
          ((const VkPhysicalDeviceMaintenance6FeaturesKHR *)s)->maintenance6)
         return true;
   return false;
}

/* The zero-filled buffer a VK_NULL_HANDLE index buffer reads. */
static VkResult
create_null_index(struct agxv_device *device)
{
   void *map;
   VkResult result =
      agxv_bo_create(device, AGXV_NULL_INDEX_BYTES, 0, "null index buffer", &device->null_index);
   if (result == VK_SUCCESS)
      result = agxv_bo_map(device, device->null_index, &map);
   if (result == VK_SUCCESS)
      memset(map, 0, AGXV_NULL_INDEX_BYTES);
   return result;
}

/* The zero vertex-buffer sink (agxv_device.zero_vbo): zeroed through the
 * CPU, mapped read only for the GPU. */
static VkResult
create_zero_vbo(struct agxv_device *device)
{
   void *map;
   VkResult result = agxv_bo_create(device, AGXV_ZERO_VBO_BYTES, AGXV_BO_READONLY,
                                    "zero vertex buffer", &device->zero_vbo);
   if (result == VK_SUCCESS)
      result = agxv_bo_map(device, device->zero_vbo, &map);
   if (result == VK_SUCCESS)
      memset(map, 0, AGXV_ZERO_VBO_BYTES);
   return result;
}

/* Whether the application enables geometryShader or tessellationShader
 * (the geometry heap both emulations allocate from is made for such devices
 * only). */
static bool
wants_geometry_heap(const VkDeviceCreateInfo *info)
{
   const VkPhysicalDeviceFeatures *f = info->pEnabledFeatures;
   for (const VkBaseInStructure *s = info->pNext; s && !f; s = s->pNext)
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
         f = &((const VkPhysicalDeviceFeatures2 *)s)->features;
   return f && (f->geometryShader || f->tessellationShader);
}

/* Whether the application enables pipelineStatisticsQuery. */
static bool
wants_pipeline_statistics(const VkDeviceCreateInfo *info)
{
   const VkPhysicalDeviceFeatures *f = info->pEnabledFeatures;
   for (const VkBaseInStructure *s = info->pNext; s && !f; s = s->pNext)
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
         f = &((const VkPhysicalDeviceFeatures2 *)s)->features;
   return f && f->pipelineStatisticsQuery;
}

/* Every feature requested must be one we report as supported. */
static VkResult
check_features(const struct agxv_physical_device *pdev, const VkDeviceCreateInfo *info)
{
   const VkBool32 *have = (const VkBool32 *)&pdev->features.v10;
   const unsigned n10 = sizeof(VkPhysicalDeviceFeatures) / sizeof(VkBool32);

   if (info->pEnabledFeatures) {
      const VkBool32 *want = (const VkBool32 *)info->pEnabledFeatures;
      for (unsigned i = 0; i < n10; i++)
         if (want[i] && !have[i])
            return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT, "VkPhysicalDeviceFeatures[%u]", i);
   }

   for (const VkBaseInStructure *s = info->pNext; s; s = s->pNext) {
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2) {
         const VkBool32 *want = (const VkBool32 *)&((const VkPhysicalDeviceFeatures2 *)s)->features;
         for (unsigned i = 0; i < n10; i++)
            if (want[i] && !have[i])
               return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT, "VkPhysicalDeviceFeatures[%u]", i);
         continue;
      }
      unsigned count;
      if (!agxv_feature_struct_bools(s->sType, &count))
         continue;
      _Alignas(8) uint8_t supported[1024];
      if (sizeof(VkBaseInStructure) + count * sizeof(VkBool32) > sizeof(supported))
         continue;
      memcpy(supported, s, sizeof(VkBaseInStructure));
      agxv_fill_features_struct((VkBaseOutStructure *)supported, &pdev->features);
      const VkBool32 *want = (const VkBool32 *)((const uint8_t *)s + sizeof(VkBaseInStructure));
      const VkBool32 *ok = (const VkBool32 *)(supported + sizeof(VkBaseInStructure));
      for (unsigned i = 0; i < count; i++)
         if (want[i] && !ok[i])
            return agxv_error(VK_ERROR_FEATURE_NOT_PRESENT, "feature struct %d member %u",
                              (int)s->sType, i);
   }
   return VK_SUCCESS;
}

static VkResult
init_address_space(struct agxv_device *device)
{
   const struct drm_asahi_params_global *p = &device->kmd->params;
   uint64_t ksize =
      p->vm_kernel_min_size > AGXV_KERNEL_VA_SIZE ? p->vm_kernel_min_size : AGXV_KERNEL_VA_SIZE;
   uint64_t low = p->vm_start > AGXV_LOW_CARVEOUT + AGXV_PAGE_SIZE
                     ? p->vm_start
                     : AGXV_LOW_CARVEOUT + AGXV_PAGE_SIZE;
   device->usc_base = align_up(low, AGXV_USC_HEAP_SIZE);
   uint64_t user_start = device->usc_base + AGXV_USC_HEAP_SIZE;
   if (p->vm_end < ksize || p->vm_end - ksize < user_start + AGXV_USC_HEAP_SIZE)
      return agxv_error(VK_ERROR_INITIALIZATION_FAILED, "GPU VA window too small");
   device->kernel_start = (p->vm_end - ksize) & ~(AGXV_PAGE_SIZE - 1);
   device->kernel_end = p->vm_end;

   int ret =
      agxv_kmd_vm_create(device->kmd, device->kernel_start, device->kernel_end, &device->vm_id);
   if (ret)
      return agxv_error(agxv_result_from_errno(ret), "VM_CREATE failed: %s", strerror(-ret));

   if (!agxv_va_heap_init(&device->usc_heap, &device->alloc, device->usc_base,
                          device->usc_base + AGXV_USC_HEAP_SIZE))
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   if (!agxv_va_heap_init(&device->user_heap, &device->alloc, user_start, device->kernel_start))
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   if (agxv_debug(AGXV_DEBUG_ALLOC))
      agxv_log("VM %u: usc heap 0x%llx, user heap 0x%llx-0x%llx, kernel 0x%llx-0x%llx",
               device->vm_id, (unsigned long long)device->usc_base, (unsigned long long)user_start,
               (unsigned long long)device->kernel_start, (unsigned long long)device->kernel_start,
               (unsigned long long)device->kernel_end);
   return VK_SUCCESS;
}

VkResult
agxv_device_txf_sampler(struct agxv_device *device, uint64_t *va)
{
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&device->meta_mutex);
   if (!device->txf_sampler) {
      struct agxv_bo *bo = NULL;
      void *map;
      result = agxv_bo_create(device, AGX_SAMPLER_LENGTH, AGXV_BO_READONLY, "txf sampler", &bo);
      if (result == VK_SUCCESS)
         result = agxv_bo_map(device, bo, &map);
      if (result == VK_SUCCESS) {
         /* Out-of-range texels read as the border: transparent black, the
          * zero robust texel buffer access wants. Integer (pixel)
          * coordinates; the explicit level of texelFetch/imageLoad picks
          * the mip level (nearest, no LOD clamp below the last level, as
          * Mesa's txf sampler). */
         agx_pack(map, SAMPLER, cfg) {
            cfg.magnify = AGX_FILTER_NEAREST;
            cfg.minify = AGX_FILTER_NEAREST;
            cfg.mip_filter = AGX_MIP_FILTER_NEAREST;
            cfg.minimum_lod = 0.0f;
            cfg.maximum_lod = 14.0f;
            cfg.wrap_s = AGX_WRAP_CLAMP_TO_BORDER;
            cfg.wrap_t = AGX_WRAP_CLAMP_TO_BORDER;
            cfg.wrap_r = AGX_WRAP_CLAMP_TO_BORDER;
            cfg.pixel_coordinates = true;
            cfg.border_colour = AGX_BORDER_COLOUR_TRANSPARENT_BLACK;
         }
         device->txf_sampler = bo;
      } else if (bo) {
         agxv_bo_destroy(device, bo);
      }
   }
   if (device->txf_sampler)
      *va = device->txf_sampler->va;
   pthread_mutex_unlock(&device->meta_mutex);
   return result;
}

static void
destroy_device(struct agxv_device *device)
{
   if (device->queue)
      agxv_queue_destroy(device->queue);
   if (device->robust_sink)
      agxv_bo_destroy(device, device->robust_sink);
   if (device->null_index)
      agxv_bo_destroy(device, device->null_index);
   if (device->zero_vbo)
      agxv_bo_destroy(device, device->zero_vbo);
   if (device->gs_heap)
      agxv_bo_destroy(device, device->gs_heap);
   agxv_meta_finish(device);
   agxv_tile_programs_finish(device);
   agxv_clear_draw_finish(device);
   agxv_scratch_finish(device);
   agxv_shared_code_finish(device); /* after every pipeline, meta ones too */
   if (device->txf_sampler)
      agxv_bo_destroy(device, device->txf_sampler);
   if (device->sampler_heap)
      agxv_bo_destroy(device, device->sampler_heap);
   pthread_mutex_destroy(&device->meta_mutex);
   agxv_vbo_cache_finish(device);
   pthread_mutex_destroy(&device->vbo_mutex);
   agxv_va_heap_finish(&device->usc_heap);
   agxv_va_heap_finish(&device->user_heap);
   if (device->vm_id)
      agxv_kmd_vm_destroy(device->kmd, device->vm_id);
   agxv_kmd_close(device->kmd);
   pthread_mutex_destroy(&device->va_mutex);
   agxv_object_finish(&device->base);
   pthread_mutex_destroy(&device->private_data_mutex);
   VkAllocationCallbacks alloc = device->alloc;
   agxv_free(&alloc, device);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateDevice(VkPhysicalDevice physicalDevice, const VkDeviceCreateInfo *pCreateInfo,
                  const VkAllocationCallbacks *pAllocator, VkDevice *pDevice)
{
   AGXV_FROM_HANDLE(agxv_physical_device, pdev, physicalDevice);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&pdev->instance->alloc, pAllocator);

   bool exts[AGXV_DEVICE_EXT_COUNT + 1] = {false};
   for (uint32_t i = 0; i < pCreateInfo->enabledExtensionCount; i++) {
      const char *name = pCreateInfo->ppEnabledExtensionNames[i];
      int idx = -1;
      for (int e = 0; e < AGXV_DEVICE_EXT_COUNT; e++)
         if (strcmp(name, agxv_device_extensions[e].extensionName) == 0)
            idx = e;
      if (idx < 0)
         return agxv_error(VK_ERROR_EXTENSION_NOT_PRESENT, "device extension %s", name);
      exts[idx] = true;
   }

   VkResult result = check_features(pdev, pCreateInfo);
   if (result != VK_SUCCESS)
      return result;

   for (uint32_t i = 0; i < pCreateInfo->queueCreateInfoCount; i++) {
      const VkDeviceQueueCreateInfo *q = &pCreateInfo->pQueueCreateInfos[i];
      if (q->queueFamilyIndex != 0 || q->queueCount > 1 || q->flags)
         return agxv_error(VK_ERROR_INITIALIZATION_FAILED, "unsupported queue request");
   }

   struct agxv_device *device =
      agxv_zalloc(alloc, sizeof(*device), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!device)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   agxv_object_init(&device->base, device, VK_OBJECT_TYPE_DEVICE);
   device->pdev = pdev;
   device->alloc = *alloc;
   device->api_version = pdev->instance->api_version;
   device->instance_extensions = pdev->instance->enabled_extensions;
   memcpy(device->enabled_extensions, exts, sizeof(exts));
   pthread_mutex_init(&device->va_mutex, NULL);
   pthread_mutex_init(&device->meta_mutex, NULL);
   pthread_mutex_init(&device->vbo_mutex, NULL);
   pthread_mutex_init(&device->private_data_mutex, NULL);

   int ret = agxv_kmd_open(pdev->backend, agxv_debug(AGXV_DEBUG_IOCTL), &device->kmd);
   if (ret) {
      pthread_mutex_destroy(&device->va_mutex);
      pthread_mutex_destroy(&device->meta_mutex);
      pthread_mutex_destroy(&device->vbo_mutex);
      pthread_mutex_destroy(&device->private_data_mutex);
      agxv_free(alloc, device);
      return agxv_error(
         ret == -ENOMEM ? VK_ERROR_OUT_OF_HOST_MEMORY : VK_ERROR_INITIALIZATION_FAILED,
         "opening the %s device: %s", agxv_kmd_backend_name(pdev->backend), strerror(-ret));
   }
   const struct drm_asahi_params_global *params = &device->kmd->params;
   device->g14x = params->gpu_generation >= 14 && params->num_clusters_total > 1;
   agxv_shared_code_init(device);

   agxv_scratch_init(&device->scratch);
   result = init_address_space(device);
   if (result == VK_SUCCESS && pCreateInfo->queueCreateInfoCount > 0 &&
       pCreateInfo->pQueueCreateInfos[0].queueCount > 0)
      result = agxv_queue_create(device, &pCreateInfo->pQueueCreateInfos[0], &device->queue);
   device->robust_buffer_access = wants_robust_buffer_access(pCreateInfo);
   device->pipeline_statistics = wants_pipeline_statistics(pCreateInfo);
   if (result == VK_SUCCESS && device->robust_buffer_access)
      result = agxv_bo_create(device, AGX_ABI_ROBUST_SINK_SIZE, 0, "robust access sink",
                              &device->robust_sink);
   if (result == VK_SUCCESS && wants_maintenance6(pCreateInfo))
      result = create_null_index(device);
   if (result == VK_SUCCESS)
      result = create_zero_vbo(device);
   if (result == VK_SUCCESS && wants_geometry_heap(pCreateInfo))
      result = agxv_gs_heap_create(device);
   /* Internal pipelines exist before any recording (which never makes one). */
   if (result == VK_SUCCESS)
      result = agxv_meta_init(device);
   if (result != VK_SUCCESS) {
      destroy_device(device);
      return result;
   }

   *pDevice = agxv_device_to_handle(device);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyDevice(VkDevice _device, const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   if (device)
      destroy_device(device);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_DeviceWaitIdle(VkDevice _device)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   if (agxv_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   return device->queue ? agxv_queue_wait_idle(device->queue) : VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetDeviceQueue(VkDevice _device, uint32_t queueFamilyIndex, uint32_t queueIndex,
                    VkQueue *pQueue)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   *pQueue = (queueFamilyIndex == 0 && queueIndex == 0 && device->queue)
                ? agxv_queue_to_handle(device->queue)
                : VK_NULL_HANDLE;
}

VKAPI_ATTR void VKAPI_CALL
agxv_GetDeviceQueue2(VkDevice _device, const VkDeviceQueueInfo2 *pQueueInfo, VkQueue *pQueue)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   /* Queues are created without flags, so only flags == 0 matches. */
   if (pQueueInfo->flags != 0) {
      *pQueue = VK_NULL_HANDLE;
      return;
   }
   agxv_GetDeviceQueue(_device, pQueueInfo->queueFamilyIndex, pQueueInfo->queueIndex, pQueue);
   (void)device;
}
