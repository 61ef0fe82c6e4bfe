/*
 * VK_EXT_headless_surface: a surface without a window. Its swapchains take
 * any size (currentExtent is undefined, 0xFFFFFFFF), never go out of date,
 * and retire each presented image as soon as the GPU work it waits for is
 * done (nothing reads the pixels). Offers FIFO, MAILBOX and IMMEDIATE,
 * which behave alike here.
 */
#include <stdlib.h>

#include "agxv_entrypoints.h"
#include "agxv_wsi.h"

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateHeadlessSurfaceEXT(VkInstance instance,
                              const VkHeadlessSurfaceCreateInfoEXT *pCreateInfo,
                              const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
   VkIcdSurfaceHeadless *s = agxv_wsi_surface_alloc(instance, pAllocator, sizeof(*s));
   if (!s)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   s->base.platform = VK_ICD_WSI_PLATFORM_HEADLESS;
   *pSurface = (VkSurfaceKHR)(uintptr_t)s;
   return VK_SUCCESS;
}

static VkResult
headless_extent(VkIcdSurfaceBase *surface, VkExtent2D *extent)
{
   *extent = (VkExtent2D){UINT32_MAX, UINT32_MAX};
   return VK_SUCCESS;
}

static VkBool32
headless_supported(VkIcdSurfaceBase *surface)
{
   return VK_TRUE;
}

static VkResult
headless_present(struct agxv_wsi_target *t, const struct agxv_wsi_frame *f)
{
   return VK_SUCCESS;
}

static VkResult
headless_check(struct agxv_wsi_target *t, VkExtent2D extent)
{
   return VK_SUCCESS;
}

static void
headless_destroy(struct agxv_wsi_target *t)
{
   free(t);
}

static const struct agxv_wsi_target_ops headless_ops = {
   .present = headless_present,
   .check = headless_check,
   .destroy = headless_destroy,
};

static VkResult
headless_create_target(VkIcdSurfaceBase *surface, VkExtent2D extent, uint32_t image_count,
                       struct agxv_wsi_target **out)
{
   struct agxv_wsi_target *t = calloc(1, sizeof(*t));
   if (!t)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   t->ops = &headless_ops;
   *out = t;
   return VK_SUCCESS;
}

static const VkPresentModeKHR headless_modes[] = {
   VK_PRESENT_MODE_FIFO_KHR,
   VK_PRESENT_MODE_MAILBOX_KHR,
   VK_PRESENT_MODE_IMMEDIATE_KHR,
};

const struct agxv_wsi_platform agxv_wsi_headless = {
   .platform = VK_ICD_WSI_PLATFORM_HEADLESS,
   .current_extent = headless_extent,
   .supported = headless_supported,
   .modes = headless_modes,
   .mode_count = 3,
   .create_target = headless_create_target,
};
