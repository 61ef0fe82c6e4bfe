/*
 * VK_EXT_headless_surface and VK_KHR_swapchain without a window: surface
 * queries (capabilities, formats, present modes, device-group queries), a
 * swapchain whose frames (clear + copies, agx_wsi_frame.h; one cleared by a
 * render pass) are read back and compared with the CPU reference, acquire
 * timeouts, a swapchain made from an old one, allocation failures. Runs on
 * agx-vk and under validation (Debian 12's lavapipe has no headless
 * surface); driver-specific values are checked outside validation. */
#include <time.h>

#include "agx_vk_ctx.h"
#include "agx_wsi_frame.h"

#define W 64
#define H 48

struct wsi {
   struct agx_vk_ctx *c;
   VkSurfaceKHR surface;
   PFN_vkCreateHeadlessSurfaceEXT create_surface;
   PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR caps2;
   PFN_vkGetDeviceGroupPresentCapabilitiesKHR group_caps;
   PFN_vkGetDeviceGroupSurfacePresentModesKHR group_modes;
   PFN_vkGetPhysicalDevicePresentRectanglesKHR rects;
   PFN_vkAcquireNextImage2KHR acquire2;
};

static bool
has_instance_extension(const char *name)
{
   VkExtensionProperties props[256];
   uint32_t n = 256;
   VK_OK(vkEnumerateInstanceExtensionProperties(NULL, &n, props));
   for (uint32_t i = 0; i < n; i++) {
      if (strcmp(props[i].extensionName, name) == 0)
         return true;
   }
   return false;
}

static uint64_t
now_ns(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void
check_queries(struct wsi *w)
{
   struct agx_vk_ctx *c = w->c;
   VkBool32 supported = VK_FALSE;
   VK_OK(vkGetPhysicalDeviceSurfaceSupportKHR(c->pdev, 0, w->surface, &supported));
   CHECK(supported);

   VkSurfaceCapabilitiesKHR caps;
   VK_OK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(c->pdev, w->surface, &caps));
   CHECK(caps.currentExtent.width == UINT32_MAX && caps.currentExtent.height == UINT32_MAX);
   CHECK(caps.minImageCount >= 1 && (caps.maxImageCount == 0 || caps.maxImageCount >= 3));
   CHECK(caps.maxImageArrayLayers >= 1);
   CHECK(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_DST_BIT);
   CHECK(caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
   CHECK(caps.supportedTransforms & VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR);
   CHECK(caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR);
   if (!c->reference) {
      /* Exactly what optimally tiled B8G8R8A8_UNORM images can do (swapchain
       * images are such images): transfers, sampling, storage, rendering. */
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(c->pdev, VK_FORMAT_B8G8R8A8_UNORM, &fp);
      VkFormatFeatureFlags lf = fp.optimalTilingFeatures;
      VkImageUsageFlags want =
         ((lf & VK_FORMAT_FEATURE_TRANSFER_SRC_BIT) ? VK_IMAGE_USAGE_TRANSFER_SRC_BIT : 0) |
         ((lf & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) ? VK_IMAGE_USAGE_TRANSFER_DST_BIT : 0) |
         ((lf & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) ? VK_IMAGE_USAGE_SAMPLED_BIT : 0) |
         ((lf & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) ? VK_IMAGE_USAGE_STORAGE_BIT : 0) |
         ((lf & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT) ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT : 0);
      CHECK(caps.supportedUsageFlags == want);
      CHECK(want & VK_IMAGE_USAGE_SAMPLED_BIT && want & VK_IMAGE_USAGE_STORAGE_BIT &&
            want & VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
      CHECK(caps.minImageCount == 2 && caps.maxImageCount == 8);
   }

   VkPhysicalDeviceSurfaceInfo2KHR info2 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SURFACE_INFO_2_KHR,
                                            NULL, w->surface};
   VkSurfaceCapabilities2KHR caps2 = {VK_STRUCTURE_TYPE_SURFACE_CAPABILITIES_2_KHR};
   VK_OK(w->caps2(c->pdev, &info2, &caps2));
   CHECK(memcmp(&caps2.surfaceCapabilities, &caps, sizeof(caps)) == 0);

   VkSurfaceFormatKHR formats[32];
   uint32_t n = 0;
   VK_OK(vkGetPhysicalDeviceSurfaceFormatsKHR(c->pdev, w->surface, &n, NULL));
   CHECK(n >= 2 && n <= 32);
   uint32_t one = 1;
   CHECK_VK(vkGetPhysicalDeviceSurfaceFormatsKHR(c->pdev, w->surface, &one, formats),
            VK_INCOMPLETE);
   CHECK(one == 1);
   VK_OK(vkGetPhysicalDeviceSurfaceFormatsKHR(c->pdev, w->surface, &n, formats));
   bool unorm = false, srgb = false;
   for (uint32_t i = 0; i < n; i++) {
      if (formats[i].colorSpace != VK_COLOR_SPACE_SRGB_NONLINEAR_KHR)
         continue;
      unorm |= formats[i].format == VK_FORMAT_B8G8R8A8_UNORM;
      srgb |= formats[i].format == VK_FORMAT_B8G8R8A8_SRGB;
   }
   CHECK(unorm && srgb);

   VkPresentModeKHR modes[8];
   n = 8;
   VK_OK(vkGetPhysicalDeviceSurfacePresentModesKHR(c->pdev, w->surface, &n, modes));
   bool fifo = false;
   for (uint32_t i = 0; i < n; i++)
      fifo |= modes[i] == VK_PRESENT_MODE_FIFO_KHR;
   CHECK(fifo);
   if (!c->reference)
      CHECK(n == 3);

   VkDeviceGroupPresentCapabilitiesKHR group = {
      VK_STRUCTURE_TYPE_DEVICE_GROUP_PRESENT_CAPABILITIES_KHR};
   VK_OK(w->group_caps(c->dev, &group));
   CHECK(group.presentMask[0] == 1 && group.presentMask[1] == 0);
   CHECK(group.modes & VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR);
   VkDeviceGroupPresentModeFlagsKHR gmodes = 0;
   VK_OK(w->group_modes(c->dev, w->surface, &gmodes));
   CHECK(gmodes & VK_DEVICE_GROUP_PRESENT_MODE_LOCAL_BIT_KHR);
   n = 0;
   VK_OK(w->rects(c->pdev, w->surface, &n, NULL));
   if (!c->reference)
      CHECK(n == 1);
}

static VkSwapchainKHR
make_swapchain(struct wsi *w, VkExtent2D extent, uint32_t min_images, VkSwapchainKHR old)
{
   VkSwapchainCreateInfoKHR sci = {
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
      .surface = w->surface,
      .minImageCount = min_images,
      .imageFormat = VK_FORMAT_B8G8R8A8_UNORM,
      .imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
      .imageExtent = extent,
      .imageArrayLayers = 1,
      .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
      .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
      .presentMode = VK_PRESENT_MODE_FIFO_KHR,
      .clipped = VK_TRUE,
      .oldSwapchain = old,
   };
   VkSwapchainKHR sc;
   VK_OK(vkCreateSwapchainKHR(w->c->dev, &sci, NULL, &sc));
   return sc;
}

/* Acquires, renders frame `frame` (read back into `readback`), presents
 * and compares. */
static void
run_frame(struct wsi *w, VkSwapchainKHR sc, VkExtent2D extent, uint32_t frame,
          struct agx_vk_buffer *staging, struct agx_vk_buffer *readback, bool use_acquire2)
{
   struct agx_vk_ctx *c = w->c;
   VkImage images[16];
   uint32_t count = 16;
   VK_OK(vkGetSwapchainImagesKHR(c->dev, sc, &count, images));
   VkSemaphoreCreateInfo sem_ci = {VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
   VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkSemaphore acquired, rendered;
   VkFence fence;
   VK_OK(vkCreateSemaphore(c->dev, &sem_ci, NULL, &acquired));
   VK_OK(vkCreateSemaphore(c->dev, &sem_ci, NULL, &rendered));
   VK_OK(vkCreateFence(c->dev, &fci, NULL, &fence));

   uint32_t index = UINT32_MAX;
   if (use_acquire2) {
      VkAcquireNextImageInfoKHR ai = {
         VK_STRUCTURE_TYPE_ACQUIRE_NEXT_IMAGE_INFO_KHR, NULL, sc, UINT64_MAX, acquired, fence, 1};
      VK_OK(w->acquire2(c->dev, &ai, &index));
   } else {
      VK_OK(vkAcquireNextImageKHR(c->dev, sc, UINT64_MAX, acquired, fence, &index));
   }
   CHECK(index < count);
   VK_OK(vkWaitForFences(c->dev, 1, &fence, VK_TRUE, UINT64_MAX));

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_wsi_frame_record(cb, images[index], extent, frame, staging,
                        VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   VkBufferImageCopy region = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .imageExtent = {extent.width, extent.height, 1},
   };
   vkCmdCopyImageToBuffer(cb, images[index], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback->buf, 1,
                          &region);
   VkImageMemoryBarrier to_present = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
      .newLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = images[index],
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   VkMemoryBarrier host = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                           VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT | VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &host, 0, NULL, 1, &to_present);
   VK_OK(vkEndCommandBuffer(cb));
   VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .waitSemaphoreCount = 1,
                      .pWaitSemaphores = &acquired,
                      .pWaitDstStageMask = &stage,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb,
                      .signalSemaphoreCount = 1,
                      .pSignalSemaphores = &rendered};
   VK_OK(vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE));
   VkResult result = VK_ERROR_UNKNOWN;
   VkPresentInfoKHR pi = {.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
                          .waitSemaphoreCount = 1,
                          .pWaitSemaphores = &rendered,
                          .swapchainCount = 1,
                          .pSwapchains = &sc,
                          .pImageIndices = &index,
                          .pResults = &result};
   VK_OK(vkQueuePresentKHR(c->queue, &pi));
   CHECK(result == VK_SUCCESS);
   VK_OK(vkQueueWaitIdle(c->queue));
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cb);
   CHECK(agx_wsi_frame_compare(readback->ptr, extent.width * 4, extent, frame, 0xffffffffu, true) ==
         0);
   vkDestroySemaphore(c->dev, acquired, NULL);
   vkDestroySemaphore(c->dev, rendered, NULL);
   vkDestroyFence(c->dev, fence, NULL);
}

/* A frame rendered, not copied: a dynamic-rendering pass whose loadOp
 * CLEAR fills the acquired image, read back and presented. */
static void
render_pass_frame(struct wsi *w, VkSwapchainKHR sc, VkExtent2D extent,
                  struct agx_vk_buffer *readback)
{
   struct agx_vk_ctx *c = w->c;
   VkImage images[16];
   uint32_t count = 16;
   VK_OK(vkGetSwapchainImagesKHR(c->dev, sc, &count, images));
   VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VK_OK(vkCreateFence(c->dev, &fci, NULL, &fence));
   uint32_t index;
   VK_OK(vkAcquireNextImageKHR(c->dev, sc, 2000000000ull, VK_NULL_HANDLE, fence, &index));
   VK_OK(vkWaitForFences(c->dev, 1, &fence, VK_TRUE, UINT64_MAX));
   vkDestroyFence(c->dev, fence, NULL);
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = images[index],
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = VK_FORMAT_B8G8R8A8_UNORM,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   VkImageView view;
   VK_OK(vkCreateImageView(c->dev, &vci, NULL, &view));

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = images[index],
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, 0, 0, NULL, 0, NULL, 1, &b);
   /* B, G, R, A bytes 0x33, 0x99, 0xcc, 0xff */
   VkRenderingAttachmentInfo att = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = view,
      .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .clearValue = {.color = {.float32 = {0xcc / 255.0f, 0x99 / 255.0f, 0x33 / 255.0f, 1.0f}}},
   };
   VkRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
      .renderArea = {{0, 0}, extent},
      .layerCount = 1,
      .colorAttachmentCount = 1,
      .pColorAttachments = &att,
   };
   vkCmdBeginRendering(cb, &ri);
   vkCmdEndRendering(cb);
   b.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
   b.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
   b.oldLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   b.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &b);
   VkBufferImageCopy region = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .imageExtent = {extent.width, extent.height, 1},
   };
   vkCmdCopyImageToBuffer(cb, images[index], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback->buf, 1,
                          &region);
   b.srcAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
   b.dstAccessMask = 0;
   b.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
   b.newLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
   VkMemoryBarrier host = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_TRANSFER_WRITE_BIT,
                           VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT | VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &host, 0, NULL, 1, &b);
   VK_OK(vkEndCommandBuffer(cb));
   VkSemaphoreCreateInfo sem_ci = {VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
   VkSemaphore rendered;
   VK_OK(vkCreateSemaphore(c->dev, &sem_ci, NULL, &rendered));
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 1,
                      .pCommandBuffers = &cb,
                      .signalSemaphoreCount = 1,
                      .pSignalSemaphores = &rendered};
   VK_OK(vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE));
   VkPresentInfoKHR pi = {.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
                          .waitSemaphoreCount = 1,
                          .pWaitSemaphores = &rendered,
                          .swapchainCount = 1,
                          .pSwapchains = &sc,
                          .pImageIndices = &index};
   VK_OK(vkQueuePresentKHR(c->queue, &pi));
   VK_OK(vkQueueWaitIdle(c->queue));
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cb);
   vkDestroySemaphore(c->dev, rendered, NULL);
   vkDestroyImageView(c->dev, view, NULL);
   const uint32_t *px = readback->ptr;
   uint32_t bad = 0;
   for (uint32_t i = 0; i < extent.width * extent.height; i++)
      bad += px[i] != 0xffcc9933u;
   if (bad)
      fprintf(stderr, "render pass frame: %u pixels differ (first 0x%08x)\n", bad, px[0]);
   CHECK(bad == 0);
}

/* Acquires every image without presenting; then acquire has none left:
 * VK_NOT_READY without a timeout, VK_TIMEOUT after one. */
static void
check_timeouts(struct wsi *w, VkSwapchainKHR sc)
{
   struct agx_vk_ctx *c = w->c;
   uint32_t count = 0;
   VK_OK(vkGetSwapchainImagesKHR(c->dev, sc, &count, NULL));
   VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fences[16];
   bool seen[16] = {false};
   for (uint32_t i = 0; i < count; i++) {
      VK_OK(vkCreateFence(c->dev, &fci, NULL, &fences[i]));
      uint32_t index;
      VK_OK(vkAcquireNextImageKHR(c->dev, sc, 2000000000ull, VK_NULL_HANDLE, fences[i], &index));
      CHECK(index < count && !seen[index]);
      seen[index] = true;
   }
   VK_OK(vkWaitForFences(c->dev, count, fences, VK_TRUE, UINT64_MAX));
   VkFence extra;
   VK_OK(vkCreateFence(c->dev, &fci, NULL, &extra));
   uint32_t index;
   CHECK_VK(vkAcquireNextImageKHR(c->dev, sc, 0, VK_NULL_HANDLE, extra, &index), VK_NOT_READY);
   uint64_t t0 = now_ns();
   CHECK_VK(vkAcquireNextImageKHR(c->dev, sc, 30000000ull, VK_NULL_HANDLE, extra, &index),
            VK_TIMEOUT);
   uint64_t waited = now_ns() - t0;
   CHECK(waited >= 25000000ull && waited < 2000000000ull);
   CHECK_VK(vkGetFenceStatus(c->dev, extra), VK_NOT_READY);
   for (uint32_t i = 0; i < count; i++)
      vkDestroyFence(c->dev, fences[i], NULL);
   vkDestroyFence(c->dev, extra, NULL);
}

/* An allocator that fails its `fail_at`-th allocation and counts the live
 * ones. */
struct failing_alloc {
   uint32_t calls, fail_at;
   int live;
};

static void *VKAPI_PTR
fa_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope scope)
{
   struct failing_alloc *f = user;
   if (f->calls++ == f->fail_at)
      return NULL;
   void *p = aligned_alloc(align < 16 ? 16 : align, (size + 15) & ~(size_t)15);
   f->live += p != NULL;
   return p;
}

static void VKAPI_PTR
fa_free(void *user, void *mem)
{
   struct failing_alloc *f = user;
   f->live -= mem != NULL;
   free(mem);
}

static void *VKAPI_PTR
fa_realloc(void *user, void *orig, size_t size, size_t align, VkSystemAllocationScope scope)
{
   CHECK(!"the swapchain does not reallocate");
   return NULL;
}

/* Every allocation of swapchain creation failing in turn: a clean
 * VK_ERROR_OUT_OF_HOST_MEMORY, nothing left allocated, until it succeeds. */
static void
check_out_of_memory(struct wsi *w)
{
   struct agx_vk_ctx *c = w->c;
   VkSwapchainCreateInfoKHR sci = {
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
      .surface = w->surface,
      .minImageCount = 3,
      .imageFormat = VK_FORMAT_B8G8R8A8_UNORM,
      .imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
      .imageExtent = {32, 32},
      .imageArrayLayers = 1,
      .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
      .presentMode = VK_PRESENT_MODE_FIFO_KHR,
      .clipped = VK_TRUE,
   };
   uint32_t failures = 0;
   for (uint32_t n = 0;; n++) {
      CHECK(n < 1000);
      struct failing_alloc f = {.fail_at = n};
      VkAllocationCallbacks cb = {.pUserData = &f,
                                  .pfnAllocation = fa_alloc,
                                  .pfnReallocation = fa_realloc,
                                  .pfnFree = fa_free};
      VkSwapchainKHR sc = VK_NULL_HANDLE;
      VkResult r = vkCreateSwapchainKHR(c->dev, &sci, &cb, &sc);
      if (r == VK_SUCCESS) {
         vkDestroySwapchainKHR(c->dev, sc, &cb);
         CHECK(f.live == 0);
         break;
      }
      CHECK(r == VK_ERROR_OUT_OF_HOST_MEMORY);
      CHECK(f.live == 0);
      failures++;
   }
   CHECK(failures >= 4); /* the swapchain, and per image at least image and fence */
   printf("swapchain creation: %u allocation failures handled\n", failures);
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   const char *iexts[] = {VK_KHR_SURFACE_EXTENSION_NAME, VK_EXT_HEADLESS_SURFACE_EXTENSION_NAME,
                          VK_KHR_GET_SURFACE_CAPABILITIES_2_EXTENSION_NAME};
   for (uint32_t i = 0; i < 3; i++)
      CHECK(has_instance_extension(iexts[i]));
   agx_vk_ctx_instance_exts(&c, argc, argv, VK_API_VERSION_1_3, 3, iexts);
   const char *dexts[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
   CHECK(agx_vk_ctx_has_extension(&c, dexts[0]));
   VkPhysicalDeviceVulkan13Features f13 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .dynamicRendering = VK_TRUE,
   };
   agx_vk_ctx_device(&c, &f13, 1, dexts);

   struct wsi w = {.c = &c};
   w.create_surface = (PFN_vkCreateHeadlessSurfaceEXT)vkGetInstanceProcAddr(
      c.instance, "vkCreateHeadlessSurfaceEXT");
   w.caps2 = (PFN_vkGetPhysicalDeviceSurfaceCapabilities2KHR)vkGetInstanceProcAddr(
      c.instance, "vkGetPhysicalDeviceSurfaceCapabilities2KHR");
   w.rects = (PFN_vkGetPhysicalDevicePresentRectanglesKHR)vkGetInstanceProcAddr(
      c.instance, "vkGetPhysicalDevicePresentRectanglesKHR");
   w.group_caps = (PFN_vkGetDeviceGroupPresentCapabilitiesKHR)vkGetDeviceProcAddr(
      c.dev, "vkGetDeviceGroupPresentCapabilitiesKHR");
   w.group_modes = (PFN_vkGetDeviceGroupSurfacePresentModesKHR)vkGetDeviceProcAddr(
      c.dev, "vkGetDeviceGroupSurfacePresentModesKHR");
   w.acquire2 = (PFN_vkAcquireNextImage2KHR)vkGetDeviceProcAddr(c.dev, "vkAcquireNextImage2KHR");
   CHECK(w.create_surface && w.caps2 && w.rects && w.group_caps && w.group_modes && w.acquire2);
   VkHeadlessSurfaceCreateInfoEXT hci = {VK_STRUCTURE_TYPE_HEADLESS_SURFACE_CREATE_INFO_EXT};
   VK_OK(w.create_surface(c.instance, &hci, NULL, &w.surface));
   check_queries(&w);

   struct agx_vk_buffer staging = agx_vk_buffer(&c, AGX_WSI_PATTERN_BYTES);
   struct agx_vk_buffer readback = agx_vk_buffer(&c, W * H * 4);
   VkExtent2D extent = {W, H};
   VkSwapchainKHR sc = make_swapchain(&w, extent, 3, VK_NULL_HANDLE);
   uint32_t count = 0;
   VK_OK(vkGetSwapchainImagesKHR(c.dev, sc, &count, NULL));
   CHECK(count >= 3 && count <= 16);
   for (uint32_t f = 0; f < 6; f++)
      run_frame(&w, sc, extent, f, &staging, &readback, f == 5);
   render_pass_frame(&w, sc, extent, &readback);
   check_timeouts(&w, sc);

   /* A new swapchain from the old one (retired, with every image still
    * acquired: destroying it releases them). */
   VkExtent2D extent2 = {48, 40};
   VkSwapchainKHR sc2 = make_swapchain(&w, extent2, 2, sc);
   vkDestroySwapchainKHR(c.dev, sc, NULL);
   for (uint32_t f = 10; f < 13; f++)
      run_frame(&w, sc2, extent2, f, &staging, &readback, false);
   vkDestroySwapchainKHR(c.dev, sc2, NULL);

   if (!c.reference && !c.validation)
      check_out_of_memory(&w);
   /* A rendering swapchain (the format and usage renderers ask for); formats
    * the surface does not offer are refused (agx-vk only, outside
    * validation: that is invalid usage). */
   if (!c.reference && !c.validation) {
      VkSwapchainCreateInfoKHR sci = {
         .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
         .surface = w.surface,
         .minImageCount = 2,
         .imageFormat = VK_FORMAT_B8G8R8A8_UNORM,
         .imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
         .imageExtent = {32, 32},
         .imageArrayLayers = 1,
         .imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
         .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
         .preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
         .compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
         .presentMode = VK_PRESENT_MODE_MAILBOX_KHR,
         .clipped = VK_TRUE,
      };
      VkSwapchainKHR sc3;
      VK_OK(vkCreateSwapchainKHR(c.dev, &sci, NULL, &sc3));
      VkSwapchainKHR bad;
      sci.imageFormat = VK_FORMAT_R8G8B8A8_UNORM;
      CHECK_VK(vkCreateSwapchainKHR(c.dev, &sci, NULL, &bad), VK_ERROR_INITIALIZATION_FAILED);
      vkDestroySwapchainKHR(c.dev, sc3, NULL);
   }

   agx_vk_buffer_free(&c, &staging);
   agx_vk_buffer_free(&c, &readback);
   vkDestroySurfaceKHR(c.instance, w.surface, NULL);
   int status = agx_vk_ctx_finish(&c);
   if (status == 0)
      printf("wsi_headless: ok\n");
   return status;
}
