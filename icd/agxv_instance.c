/* VkInstance and the global commands. */
#include "agxv_instance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agxv_alloc.h"
#include "agxv_log.h"
#include "agxv_physical_device.h"

VKAPI_ATTR VkResult VKAPI_CALL
agxv_EnumerateInstanceVersion(uint32_t *pApiVersion)
{
   *pApiVersion = AGXV_API_VERSION;
   return VK_SUCCESS;
}

/* Writes an array with the VK_INCOMPLETE convention shared by enumerations. */
VkResult agxv_outarray(void *out, uint32_t *count, const void *items, uint32_t n, size_t size);

VkResult
agxv_outarray(void *out, uint32_t *count, const void *items, uint32_t n, size_t size)
{
   if (out == NULL) {
      *count = n;
      return VK_SUCCESS;
   }
   uint32_t copy = *count < n ? *count : n;
   if (copy)
      memcpy(out, items, copy * size);
   *count = copy;
   return copy < n ? VK_INCOMPLETE : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_EnumerateInstanceExtensionProperties(const char *pLayerName, uint32_t *pPropertyCount,
                                          VkExtensionProperties *pProperties)
{
   if (pLayerName)
      return VK_ERROR_LAYER_NOT_PRESENT;
   return agxv_outarray(pProperties, pPropertyCount, agxv_instance_extensions,
                        AGXV_INSTANCE_EXT_COUNT, sizeof(VkExtensionProperties));
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_EnumerateInstanceLayerProperties(uint32_t *pPropertyCount, VkLayerProperties *pProperties)
{
   *pPropertyCount = 0;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateInstance(const VkInstanceCreateInfo *pCreateInfo,
                    const VkAllocationCallbacks *pAllocator, VkInstance *pInstance)
{
   const VkAllocationCallbacks *alloc = pAllocator ? pAllocator : &agxv_default_alloc;
   struct agxv_instance *instance =
      agxv_zalloc(alloc, sizeof(*instance), 8, VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE);
   if (!instance)
      return VK_ERROR_OUT_OF_HOST_MEMORY;

   agxv_object_init(&instance->base, NULL, VK_OBJECT_TYPE_INSTANCE);
   instance->alloc = *alloc;

   uint32_t requested = VK_API_VERSION_1_0;
   if (pCreateInfo->pApplicationInfo && pCreateInfo->pApplicationInfo->apiVersion)
      requested = pCreateInfo->pApplicationInfo->apiVersion;
   /* Interface v5+: never refuse an apiVersion; use what both support. */
   instance->api_version = requested < AGXV_API_VERSION ? requested : AGXV_API_VERSION;

   for (uint32_t i = 0; i < pCreateInfo->enabledExtensionCount; i++) {
      const char *name = pCreateInfo->ppEnabledExtensionNames[i];
      int idx = -1;
      for (int e = 0; e < AGXV_INSTANCE_EXT_COUNT; e++) {
         if (strcmp(name, agxv_instance_extensions[e].extensionName) == 0)
            idx = e;
      }
      if (idx < 0) {
         agxv_free(alloc, instance);
         return agxv_error(VK_ERROR_EXTENSION_NOT_PRESENT, "instance extension %s", name);
      }
      instance->enabled_extensions[idx] = true;
   }

   pthread_mutex_init(&instance->mutex, NULL);
   *pInstance = agxv_instance_to_handle(instance);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyInstance(VkInstance _instance, const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_instance, instance, _instance);
   if (!instance)
      return;
   if (instance->physical_device)
      agxv_physical_device_destroy(instance->physical_device);
   pthread_mutex_destroy(&instance->mutex);
   VkAllocationCallbacks alloc = instance->alloc;
   agxv_free(&alloc, instance);
}

/* Finds the device once per instance; a missing device is not an error. */
static VkResult
enumerate_once(struct agxv_instance *instance)
{
   VkResult result = VK_SUCCESS;
   pthread_mutex_lock(&instance->mutex);
   if (!instance->enumerated) {
      result = agxv_physical_device_try_create(instance, &instance->physical_device);
      if (result == VK_SUCCESS)
         instance->enumerated = true;
   }
   pthread_mutex_unlock(&instance->mutex);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_EnumeratePhysicalDevices(VkInstance _instance, uint32_t *pPhysicalDeviceCount,
                              VkPhysicalDevice *pPhysicalDevices)
{
   AGXV_FROM_HANDLE(agxv_instance, instance, _instance);
   VkResult result = enumerate_once(instance);
   if (result != VK_SUCCESS)
      return result;
   VkPhysicalDevice pdev = agxv_physical_device_to_handle(instance->physical_device);
   return agxv_outarray(pPhysicalDevices, pPhysicalDeviceCount, &pdev,
                        instance->physical_device ? 1 : 0, sizeof(pdev));
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_EnumeratePhysicalDeviceGroups(VkInstance _instance, uint32_t *pCount,
                                   VkPhysicalDeviceGroupProperties *pGroups)
{
   AGXV_FROM_HANDLE(agxv_instance, instance, _instance);
   VkResult result = enumerate_once(instance);
   if (result != VK_SUCCESS)
      return result;
   uint32_t n = instance->physical_device ? 1 : 0;
   if (pGroups == NULL) {
      *pCount = n;
      return VK_SUCCESS;
   }
   if (*pCount == 0)
      return n ? VK_INCOMPLETE : VK_SUCCESS;
   *pCount = n;
   if (n) {
      /* Keep the caller's sType/pNext; fill the rest. */
      pGroups[0].physicalDeviceCount = 1;
      memset(pGroups[0].physicalDevices, 0, sizeof(pGroups[0].physicalDevices));
      pGroups[0].physicalDevices[0] = agxv_physical_device_to_handle(instance->physical_device);
      pGroups[0].subsetAllocation = VK_FALSE;
   }
   return VK_SUCCESS;
}

static uint16_t
packed_version(uint32_t api_version)
{
   return (uint16_t)(VK_API_VERSION_MAJOR(api_version) << 10 | VK_API_VERSION_MINOR(api_version));
}

bool
agxv_entrypoint_enabled(const struct agxv_entrypoint *ep, uint32_t api_version,
                        const bool *instance_exts, const bool *device_exts)
{
   if (ep->core_version && ep->core_version <= packed_version(api_version))
      return true;
   if (ep->instance_ext >= 0 && instance_exts && instance_exts[ep->instance_ext])
      return true;
   if (ep->device_ext >= 0 && device_exts && device_exts[ep->device_ext])
      return true;
   return false;
}
