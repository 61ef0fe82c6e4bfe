/*
 * VK_KHR_surface, VK_KHR_get_surface_capabilities2 and the device-group
 * present queries of VK_KHR_swapchain: the answers every platform shares,
 * routed to the surface's platform (agxv_wsi.h) for what differs (extent,
 * support, present modes). Assumes one queue family (index 0), which can
 * present to every supported surface.
 */
#include "agxv_wsi.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_entrypoints.h"
#include "agxv_format.h"
#include "agxv_instance.h"
#include "agxv_log.h"
#include "agxv_physical_device.h"

/* UNORM first: applications that take the first format get the one they
 * can render to today. */
const VkSurfaceFormatKHR agxv_wsi_formats[AGXV_WSI_FORMAT_COUNT] = {
   {VK_FORMAT_B8G8R8A8_UNORM, VK_COLOR_SPACE_SRGB_NONLINEAR_KHR},
   {VK_FORMAT_B8G8R8A8_SRGB, VK_COLOR_SPACE_SRGB_NONLINEAR_KHR},
};

/* The usages of swapchain images: what the format table grants optimally
 * tiled B8G8R8A8_UNORM images (swapchain images are such images,
 * agxv_swapchain.c): transfers, sampling, storage and colour attachment.
 * B8G8R8A8_SRGB gets no storage (and no colour attachment until rendering
 * to it is tested): the image format query refuses those for it, as the
 * spec lets format-specific limits do. */
VkImageUsageFlags
agxv_wsi_supported_usage(void)
{
   VkFormatFeatureFlags2 f =
      agxv_image_format_features(VK_FORMAT_B8G8R8A8_UNORM, VK_IMAGE_TILING_OPTIMAL);
   VkImageUsageFlags usage = 0;
   if (f & VK_FORMAT_FEATURE_2_TRANSFER_SRC_BIT)
      usage |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
   if (f & VK_FORMAT_FEATURE_2_TRANSFER_DST_BIT)
      usage |= VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   if (f & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT)
      usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
   if (f & VK_FORMAT_FEATURE_2_STORAGE_IMAGE_BIT)
      usage |= VK_IMAGE_USAGE_STORAGE_BIT;
   if (f & VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT)
      usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   return usage;
}

const struct agxv_wsi_platform *
agxv_wsi_platform_of(VkIcdSurfaceBase *surface)
{
   if (!surface)
      return NULL;
   switch ((int)surface->platform) {
   case VK_ICD_WSI_PLATFORM_HEADLESS:
      return &agxv_wsi_headless;
#ifdef AGXV_WSI_X11
   case VK_ICD_WSI_PLATFORM_XCB:
      return &agxv_wsi_xcb;
   case VK_ICD_WSI_PLATFORM_XLIB:
      return &agxv_wsi_xlib;
#endif
#ifdef AGXV_WSI_WAYLAND
   case VK_ICD_WSI_PLATFORM_WAYLAND:
      return &agxv_wsi_wayland;
#endif
   default:
      return NULL;
   }
}

void *
agxv_wsi_surface_alloc(VkInstance _instance, const VkAllocationCallbacks *alloc, size_t size)
{
   AGXV_FROM_HANDLE(agxv_instance, instance, _instance);
   return agxv_zalloc(agxv_choose_alloc(&instance->alloc, alloc), size, 8,
                      VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
}

static VkIcdSurfaceBase *
surface_from_handle(VkSurfaceKHR surface)
{
   return (VkIcdSurfaceBase *)(uintptr_t)surface;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroySurfaceKHR(VkInstance _instance, VkSurfaceKHR surface,
                       const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_instance, instance, _instance);
   agxv_free(agxv_choose_alloc(&instance->alloc, pAllocator), surface_from_handle(surface));
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceSurfaceSupportKHR(VkPhysicalDevice physicalDevice, uint32_t queueFamilyIndex,
                                        VkSurfaceKHR surface, VkBool32 *pSupported)
{
   const struct agxv_wsi_platform *p = agxv_wsi_platform_of(surface_from_handle(surface));
   /* A surface the loader made for a platform not built in: not supported. */
   *pSupported = VK_FALSE;
   if (!p)
      return VK_SUCCESS;
   *pSupported = queueFamilyIndex == 0 && p->supported(surface_from_handle(surface));
   return VK_SUCCESS;
}

static VkResult
surface_capabilities(VkSurfaceKHR surface, VkSurfaceCapabilitiesKHR *caps)
{
   VkIcdSurfaceBase *s = surface_from_handle(surface);
   const struct agxv_wsi_platform *p = agxv_wsi_platform_of(s);
   if (!p)
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "surface of a platform not built in");
   VkExtent2D extent;
   VkResult r = p->current_extent(s, &extent);
   if (r != VK_SUCCESS)
      return r;
   bool fixed = extent.width != UINT32_MAX;
   *caps = (VkSurfaceCapabilitiesKHR){
      .minImageCount = AGXV_WSI_MIN_IMAGES,
      .maxImageCount = AGXV_WSI_MAX_IMAGES,
      .currentExtent = extent,
      /* A window's swapchain has the window's size (X11); otherwise any
       * size an image may have. */
      .minImageExtent = fixed ? extent : (VkExtent2D){1, 1},
      .maxImageExtent = fixed ? extent : (VkExtent2D){16384, 16384},
      .maxImageArrayLayers = 1,
      .supportedTransforms = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .currentTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .supportedCompositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
      .supportedUsageFlags = agxv_wsi_supported_usage(),
   };
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceSurfaceCapabilitiesKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
                                             VkSurfaceCapabilitiesKHR *pSurfaceCapabilities)
{
   return surface_capabilities(surface, pSurfaceCapabilities);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceSurfaceCapabilities2KHR(VkPhysicalDevice physicalDevice,
                                              const VkPhysicalDeviceSurfaceInfo2KHR *pSurfaceInfo,
                                              VkSurfaceCapabilities2KHR *pSurfaceCapabilities)
{
   /* No extension structures of ours can be chained on either side. */
   return surface_capabilities(pSurfaceInfo->surface, &pSurfaceCapabilities->surfaceCapabilities);
}

/* The usual two-call enumeration: *count items, VK_INCOMPLETE when short. */
static VkResult
enumerate_formats(VkSurfaceKHR surface, uint32_t *count, VkSurfaceFormatKHR *formats,
                  VkSurfaceFormat2KHR *formats2)
{
   if (!agxv_wsi_platform_of(surface_from_handle(surface)))
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "surface of a platform not built in");
   if (!formats && !formats2) {
      *count = AGXV_WSI_FORMAT_COUNT;
      return VK_SUCCESS;
   }
   uint32_t n = *count < AGXV_WSI_FORMAT_COUNT ? *count : AGXV_WSI_FORMAT_COUNT;
   for (uint32_t i = 0; i < n; i++) {
      if (formats)
         formats[i] = agxv_wsi_formats[i];
      else
         formats2[i].surfaceFormat = agxv_wsi_formats[i];
   }
   *count = n;
   return n < AGXV_WSI_FORMAT_COUNT ? VK_INCOMPLETE : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceSurfaceFormatsKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
                                        uint32_t *pSurfaceFormatCount,
                                        VkSurfaceFormatKHR *pSurfaceFormats)
{
   return enumerate_formats(surface, pSurfaceFormatCount, pSurfaceFormats, NULL);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceSurfaceFormats2KHR(VkPhysicalDevice physicalDevice,
                                         const VkPhysicalDeviceSurfaceInfo2KHR *pSurfaceInfo,
                                         uint32_t *pSurfaceFormatCount,
                                         VkSurfaceFormat2KHR *pSurfaceFormats)
{
   return enumerate_formats(pSurfaceInfo->surface, pSurfaceFormatCount, NULL, pSurfaceFormats);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDeviceSurfacePresentModesKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
                                             uint32_t *pPresentModeCount,
                                             VkPresentModeKHR *pPresentModes)
{
   const struct agxv_wsi_platform *p = agxv_wsi_platform_of(surface_from_handle(surface));
   if (!p)
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "surface of a platform not built in");
   if (!pPresentModes) {
      *pPresentModeCount = p->mode_count;
      return VK_SUCCESS;
   }
   uint32_t n = *pPresentModeCount < p->mode_count ? *pPresentModeCount : p->mode_count;
   memcpy(pPresentModes, p->modes, n * sizeof(*pPresentModes));
   *pPresentModeCount = n;
   return n < p->mode_count ? VK_INCOMPLETE : VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPhysicalDevicePresentRectanglesKHR(VkPhysicalDevice physicalDevice, VkSurfaceKHR surface,
                                           uint32_t *pRectCount, VkRect2D *pRects)
{
   VkIcdSurfaceBase *s = surface_from_handle(surface);
   const struct agxv_wsi_platform *p = agxv_wsi_platform_of(s);
   if (!p)
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "surface of a platform not built in");
   if (!pRects) {
      *pRectCount = 1;
      return VK_SUCCESS;
   }
   if (*pRectCount == 0)
      return VK_INCOMPLETE;
   VkExtent2D extent;
   VkResult r = p->current_extent(s, &extent);
   if (r != VK_SUCCESS)
      return r;
   /* The whole window (any size when the swapchain decides it). */
   pRects[0] = (VkRect2D){{0, 0}, extent};
   *pRectCount = 1;
   return VK_SUCCESS;
}

/* One device in the group: it presents its own images (LOCAL). */
VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetDeviceGroupPresentCapabilitiesKHR(
   VkDevice device, VkDeviceGroupPresentCapabilitiesKHR *pDeviceGroupPresentCapabilities)
{
   memset(pDeviceGroupPresentCapabilities->presentMask, 0,
          sizeof(pDeviceGroupPresentCapabilities->presentMask));
   pDeviceGroupPresentCapabilities->presentMask[0] = 1;
   pDeviceGroupPresentCapabilities->modes = VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetDeviceGroupSurfacePresentModesKHR(VkDevice device, VkSurfaceKHR surface,
                                          VkDeviceGroupPresentModeFlagsKHR *pModes)
{
   if (!agxv_wsi_platform_of(surface_from_handle(surface)))
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "surface of a platform not built in");
   *pModes = VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR;
   return VK_SUCCESS;
}
