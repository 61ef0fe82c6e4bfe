/*
 * The loader <-> driver interface (LoaderDriverInterface.md, version 7):
 * the only three symbols the library exports, and the *ProcAddr lookups
 * over the generated entry-point table.
 */
#include <string.h>

#include "agxv_device.h"
#include "agxv_instance.h"

#define AGXV_EXPORT __attribute__((visibility("default")))

/* We implement interface 7; anything from 5 up works (v5 is required for 1.1+). */
#define AGXV_MIN_LOADER_INTERFACE 5

AGXV_EXPORT VKAPI_ATTR VkResult VKAPI_CALL
vk_icdNegotiateLoaderICDInterfaceVersion(uint32_t *pSupportedVersion);
AGXV_EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL vk_icdGetInstanceProcAddr(VkInstance instance,
                                                                               const char *pName);
AGXV_EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetPhysicalDeviceProcAddr(VkInstance instance, const char *pName);

VKAPI_ATTR VkResult VKAPI_CALL
vk_icdNegotiateLoaderICDInterfaceVersion(uint32_t *pSupportedVersion)
{
   if (*pSupportedVersion < AGXV_MIN_LOADER_INTERFACE)
      return VK_ERROR_INCOMPATIBLE_DRIVER;
   if (*pSupportedVersion > CURRENT_LOADER_ICD_INTERFACE_VERSION)
      *pSupportedVersion = CURRENT_LOADER_ICD_INTERFACE_VERSION;
   return VK_SUCCESS;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
agxv_GetInstanceProcAddr(VkInstance _instance, const char *pName)
{
   AGXV_FROM_HANDLE(agxv_instance, instance, _instance);
   if (pName == NULL)
      return NULL;

   /* Interface v7: the loader may ask GIPA(NULL) for the vk_icd* functions. */
   if (strcmp(pName, "vk_icdNegotiateLoaderICDInterfaceVersion") == 0)
      return (PFN_vkVoidFunction)vk_icdNegotiateLoaderICDInterfaceVersion;
   if (strcmp(pName, "vk_icdGetPhysicalDeviceProcAddr") == 0)
      return (PFN_vkVoidFunction)vk_icdGetPhysicalDeviceProcAddr;
   if (strcmp(pName, "vk_icdGetInstanceProcAddr") == 0)
      return (PFN_vkVoidFunction)vk_icdGetInstanceProcAddr;

   const struct agxv_entrypoint *ep = agxv_find_entrypoint(pName);
   if (ep == NULL)
      return NULL;
   if (ep->level == AGXV_EP_GLOBAL)
      return ep->func;
   if (instance == NULL)
      return NULL;
   if (ep->level == AGXV_EP_DEVICE) {
      /* Device commands through GIPA: enabled per device, so answer for any
       * the driver supports; GDPA applies the device's version. */
      return ep->func;
   }
   /* Physical-device commands of device extensions are always queryable. */
   if (ep->level == AGXV_EP_PHYSICAL_DEVICE && ep->device_ext >= 0)
      return ep->func;
   return agxv_entrypoint_enabled(ep, instance->api_version, instance->enabled_extensions, NULL)
             ? ep->func
             : NULL;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetInstanceProcAddr(VkInstance instance, const char *pName)
{
   return agxv_GetInstanceProcAddr(instance, pName);
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
vk_icdGetPhysicalDeviceProcAddr(VkInstance _instance, const char *pName)
{
   const struct agxv_entrypoint *ep = agxv_find_entrypoint(pName);
   if (ep == NULL || ep->level != AGXV_EP_PHYSICAL_DEVICE)
      return NULL;
   return ep->func;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL
agxv_GetDeviceProcAddr(VkDevice _device, const char *pName)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const struct agxv_entrypoint *ep = agxv_find_entrypoint(pName);
   if (device == NULL || ep == NULL || ep->level != AGXV_EP_DEVICE)
      return NULL;
   return agxv_entrypoint_enabled(ep, device->api_version, device->instance_extensions,
                                  device->enabled_extensions)
             ? ep->func
             : NULL;
}
