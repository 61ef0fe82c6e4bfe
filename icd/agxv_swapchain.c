/*
 * VK_KHR_swapchain: swapchains of ordinary driver images, acquire and
 * present. Mesa's src/vulkan/wsi/wsi_common.c and wsi_common_x11.c are the
 * model for the behaviour (a present thread per swapchain, images cycling
 * idle -> acquired -> queued -> idle); the code is our own.
 *
 * Images are linear (Linear 2D layout) B8G8R8A8 images in host-visible
 * memory that applications render to directly; the present thread reads
 * their rows from that mapping (Mesa's wsi_common.c "CPU images",
 * wsi_configure_cpu_image, used for software presentation, are the model).
 * vkQueuePresentKHR queues, on the application's queue, a batch without
 * command buffers that waits for the present's semaphores and signals the
 * image's internal fence; the present thread waits for that fence, hands
 * the image's mapped rows to the platform (agxv_wsi.h) and makes the image
 * idle again. This is valid on real hardware too: AGX memory is unified
 * (the one memory type is device local, host visible and coherent), the
 * PBE writes Linear layouts (Mesa's asahi renders to linear scanout
 * buffers), and the fence orders the GPU's writes before the CPU's reads.
 * An earlier design rendered to GPU-tiled images and detiled each frame
 * with a copy kernel into a buffer: on the simulator that copy was most of
 * a frame's work. A zero-copy dma-buf target (DRI3/Present, linux-dmabuf)
 * would replace the CPU read on real hardware (agxv_wsi.h).
 * again. A slow window
 * server therefore blocks only the present thread, never the queue.
 * vkAcquireNextImageKHR waits (with its timeout) for an idle image and
 * signals the semaphore and fence from the host: an idle image is no
 * longer read by anyone.
 *
 * FIFO presents every frame in order; MAILBOX skips a queued frame when a
 * newer one is queued behind it; IMMEDIATE behaves as FIFO (the copy is
 * not synchronised with the display anyway). A window whose size no longer
 * matches the swapchain makes acquire and present return
 * VK_ERROR_OUT_OF_DATE_KHR; a swapchain passed as oldSwapchain is retired:
 * it still presents the images acquired from it, and acquiring from it
 * returns VK_ERROR_OUT_OF_DATE_KHR.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agxv_alloc.h"
#include "agxv_device.h"
#include "agxv_log.h"
#include "agxv_queue.h"
#include "agxv_sync.h"
#include "agxv_wsi.h"

enum agxv_swapchain_image_state {
   AGXV_IMAGE_IDLE,
   AGXV_IMAGE_ACQUIRED,
   AGXV_IMAGE_QUEUED,
};

struct agxv_swapchain_image {
   VkImage image;
   VkDeviceMemory memory;
   const uint8_t *pixels; /* the image's memory, mapped */
   uint32_t stride;       /* its row pitch */
   VkFence ready;         /* signalled when the present's semaphore waits are done */
   enum agxv_swapchain_image_state state;
};

struct agxv_swapchain {
   struct agxv_object base;
   VkDevice device;
   VkAllocationCallbacks alloc;
   struct agxv_wsi_target *target;
   VkExtent2D extent;
   VkPresentModeKHR mode;
   uint32_t image_count;
   struct agxv_swapchain_image images[AGXV_WSI_MAX_IMAGES];

   pthread_t thread;
   bool thread_started;
   pthread_mutex_t mutex;
   pthread_cond_t cond;                  /* an image became idle, or work was queued */
   uint32_t queued[AGXV_WSI_MAX_IMAGES]; /* image indices to show, oldest first */
   uint32_t queued_count;
   bool stop;
   bool retired;
   VkResult status; /* VK_SUCCESS until the window is out of date or lost */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_swapchain, VkSwapchainKHR, VK_OBJECT_TYPE_SWAPCHAIN_KHR)

/* Remembers the first failure (out of date, surface lost). Under mutex. */
static void
set_status(struct agxv_swapchain *sc, VkResult r)
{
   if (r != VK_SUCCESS && sc->status == VK_SUCCESS)
      sc->status = r;
}

static void
show(struct agxv_swapchain *sc, uint32_t index)
{
   struct agxv_swapchain_image *img = &sc->images[index];
   struct agxv_wsi_frame frame = {
      .pixels = img->pixels,
      .stride = img->stride,
      .width = sc->extent.width,
      .height = sc->extent.height,
      .image_index = index,
      .fifo = sc->mode == VK_PRESENT_MODE_FIFO_KHR,
   };
   VkResult r = sc->target->ops->present(sc->target, &frame);
   pthread_mutex_lock(&sc->mutex);
   set_status(sc, r);
   pthread_mutex_unlock(&sc->mutex);
}

static void *
present_thread(void *data)
{
   struct agxv_swapchain *sc = data;
   pthread_mutex_lock(&sc->mutex);
   for (;;) {
      while (sc->queued_count == 0 && !sc->stop)
         pthread_cond_wait(&sc->cond, &sc->mutex);
      if (sc->queued_count == 0)
         break;
      uint32_t index = sc->queued[0];
      pthread_mutex_unlock(&sc->mutex);

      /* The queue signals the fence even when the device is lost. */
      VkFence ready = sc->images[index].ready;
      agxv_WaitForFences(sc->device, 1, &ready, VK_TRUE, UINT64_MAX);
      agxv_ResetFences(sc->device, 1, &ready);

      pthread_mutex_lock(&sc->mutex);
      bool newer = sc->queued_count > 1;
      bool skip = sc->status != VK_SUCCESS || (sc->mode == VK_PRESENT_MODE_MAILBOX_KHR && newer);
      pthread_mutex_unlock(&sc->mutex);
      if (!skip)
         show(sc, index);

      pthread_mutex_lock(&sc->mutex);
      memmove(sc->queued, sc->queued + 1, (sc->queued_count - 1) * sizeof(sc->queued[0]));
      sc->queued_count--;
      sc->images[index].state = AGXV_IMAGE_IDLE;
      pthread_cond_broadcast(&sc->cond);
   }
   pthread_mutex_unlock(&sc->mutex);
   return NULL;
}

static void
destroy_image(struct agxv_swapchain *sc, struct agxv_swapchain_image *img)
{
   if (img->ready)
      agxv_DestroyFence(sc->device, img->ready, &sc->alloc);
   if (img->image)
      agxv_DestroyImage(sc->device, img->image, &sc->alloc);
   if (img->memory)
      agxv_FreeMemory(sc->device, img->memory, &sc->alloc);
}

/* Memory of the only type (device local, host visible and coherent) for
 * `req`. */
static VkResult
allocate(struct agxv_swapchain *sc, const VkMemoryRequirements *req, VkDeviceMemory *mem)
{
   VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = req->size,
      .memoryTypeIndex = 0,
   };
   return agxv_AllocateMemory(sc->device, &mai, &sc->alloc, mem);
}

/* Maps the image's memory and reads its row pitch. */
static VkResult
map_image(struct agxv_swapchain *sc, struct agxv_swapchain_image *img)
{
   VkImageSubresource sub = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0};
   VkSubresourceLayout layout;
   agxv_GetImageSubresourceLayout(sc->device, img->image, &sub, &layout);
   void *map = NULL;
   VkResult r = agxv_MapMemory(sc->device, img->memory, 0, VK_WHOLE_SIZE, 0, &map);
   img->pixels = map ? (const uint8_t *)map + layout.offset : NULL;
   img->stride = (uint32_t)layout.rowPitch;
   return r;
}

static VkResult
create_image(struct agxv_swapchain *sc, const VkSwapchainCreateInfoKHR *info,
             struct agxv_swapchain_image *img)
{
   VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = info->imageFormat,
      .extent = {info->imageExtent.width, info->imageExtent.height, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      /* Linear: the present thread reads the rows (see the top). */
      .tiling = VK_IMAGE_TILING_LINEAR,
      .usage = info->imageUsage,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
   VkResult r = agxv_CreateImage(sc->device, &ici, &sc->alloc, &img->image);
   if (r != VK_SUCCESS)
      return r;
   VkMemoryRequirements req;
   agxv_GetImageMemoryRequirements(sc->device, img->image, &req);
   r = allocate(sc, &req, &img->memory);
   if (r == VK_SUCCESS)
      r = agxv_BindImageMemory(sc->device, img->image, img->memory, 0);
   if (r == VK_SUCCESS)
      r = map_image(sc, img);
   if (r != VK_SUCCESS)
      return r;
   VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   return agxv_CreateFence(sc->device, &fci, &sc->alloc, &img->ready);
}

static void
swapchain_destroy(struct agxv_swapchain *sc)
{
   if (sc->thread_started) {
      pthread_mutex_lock(&sc->mutex);
      sc->stop = true;
      pthread_cond_broadcast(&sc->cond);
      pthread_mutex_unlock(&sc->mutex);
      pthread_join(sc->thread, NULL);
   }
   for (uint32_t i = 0; i < sc->image_count; i++)
      destroy_image(sc, &sc->images[i]);
   if (sc->target)
      sc->target->ops->destroy(sc->target);
   pthread_cond_destroy(&sc->cond);
   pthread_mutex_destroy(&sc->mutex);
   VkAllocationCallbacks alloc = sc->alloc;
   agxv_object_free(&alloc, sc);
}

static bool
format_offered(VkFormat format, VkColorSpaceKHR space)
{
   for (uint32_t i = 0; i < AGXV_WSI_FORMAT_COUNT; i++) {
      if (agxv_wsi_formats[i].format == format && agxv_wsi_formats[i].colorSpace == space)
         return true;
   }
   return false;
}

static bool
mode_offered(const struct agxv_wsi_platform *p, VkPresentModeKHR mode)
{
   for (uint32_t i = 0; i < p->mode_count; i++) {
      if (p->modes[i] == mode)
         return true;
   }
   return false;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateSwapchainKHR(VkDevice _device, const VkSwapchainCreateInfoKHR *pCreateInfo,
                        const VkAllocationCallbacks *pAllocator, VkSwapchainKHR *pSwapchain)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_swapchain, old, pCreateInfo->oldSwapchain);
   /* The old swapchain is retired even when creation fails. */
   if (old) {
      pthread_mutex_lock(&old->mutex);
      old->retired = true;
      pthread_mutex_unlock(&old->mutex);
   }
   VkIcdSurfaceBase *surface = (VkIcdSurfaceBase *)(uintptr_t)pCreateInfo->surface;
   const struct agxv_wsi_platform *p = agxv_wsi_platform_of(surface);
   if (!p)
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "swapchain on a platform not built in");
   if (!format_offered(pCreateInfo->imageFormat, pCreateInfo->imageColorSpace) ||
       !mode_offered(p, pCreateInfo->presentMode) || pCreateInfo->imageArrayLayers != 1 ||
       pCreateInfo->minImageCount > AGXV_WSI_MAX_IMAGES)
      return agxv_error(VK_ERROR_INITIALIZATION_FAILED,
                        "swapchain format %d / present mode %d / %u layers / %u images not offered",
                        pCreateInfo->imageFormat, pCreateInfo->presentMode,
                        pCreateInfo->imageArrayLayers, pCreateInfo->minImageCount);
   /* A window resized since the application read its size still gets its
    * swapchain (vkCreateSwapchainKHR has no out-of-date error): the first
    * acquire or present reports VK_ERROR_OUT_OF_DATE_KHR. */
   VkExtent2D current;
   VkResult r = p->current_extent(surface, &current);
   if (r != VK_SUCCESS)
      return r;

   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   struct agxv_swapchain *sc =
      agxv_object_zalloc(device, alloc, sizeof(*sc), VK_OBJECT_TYPE_SWAPCHAIN_KHR);
   if (!sc)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   sc->device = _device;
   sc->alloc = *alloc;
   sc->extent = pCreateInfo->imageExtent;
   sc->mode = pCreateInfo->presentMode;
   sc->image_count = pCreateInfo->minImageCount < AGXV_WSI_MIN_IMAGES ? AGXV_WSI_MIN_IMAGES
                                                                      : pCreateInfo->minImageCount;
   pthread_mutex_init(&sc->mutex, NULL);
   pthread_condattr_t attr;
   pthread_condattr_init(&attr);
   pthread_condattr_setclock(&attr, CLOCK_MONOTONIC); /* acquire timeouts (deadline()) */
   pthread_cond_init(&sc->cond, &attr);
   pthread_condattr_destroy(&attr);

   uint32_t count = sc->image_count;
   sc->image_count = 0;
   for (uint32_t i = 0; i < count && r == VK_SUCCESS; i++) {
      sc->image_count++;
      r = create_image(sc, pCreateInfo, &sc->images[i]);
   }
   if (r == VK_SUCCESS)
      r = p->create_target(surface, sc->extent, sc->image_count, &sc->target);
   if (r == VK_SUCCESS) {
      if (pthread_create(&sc->thread, NULL, present_thread, sc) == 0)
         sc->thread_started = true;
      else
         r = VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   if (r != VK_SUCCESS) {
      swapchain_destroy(sc);
      return r;
   }
   *pSwapchain = agxv_swapchain_to_handle(sc);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroySwapchainKHR(VkDevice device, VkSwapchainKHR swapchain,
                         const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_swapchain, sc, swapchain);
   if (sc)
      swapchain_destroy(sc);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetSwapchainImagesKHR(VkDevice device, VkSwapchainKHR swapchain,
                           uint32_t *pSwapchainImageCount, VkImage *pSwapchainImages)
{
   AGXV_FROM_HANDLE(agxv_swapchain, sc, swapchain);
   if (!pSwapchainImages) {
      *pSwapchainImageCount = sc->image_count;
      return VK_SUCCESS;
   }
   uint32_t n = *pSwapchainImageCount < sc->image_count ? *pSwapchainImageCount : sc->image_count;
   for (uint32_t i = 0; i < n; i++)
      pSwapchainImages[i] = sc->images[i].image;
   *pSwapchainImageCount = n;
   return n < sc->image_count ? VK_INCOMPLETE : VK_SUCCESS;
}

/* The absolute CLOCK_MONOTONIC time `ns` from now (saturating). */
static struct timespec
deadline(uint64_t ns)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   uint64_t max_ns = (uint64_t)INT32_MAX * 1000000000ull; /* ~68 years */
   if (ns > max_ns)
      ns = max_ns;
   uint64_t total = (uint64_t)t.tv_nsec + ns % 1000000000ull;
   t.tv_sec += (time_t)(ns / 1000000000ull + total / 1000000000ull);
   t.tv_nsec = (long)(total % 1000000000ull);
   return t;
}

/* Waits for an idle image until `timeout` ns pass. Under mutex. */
static VkResult
wait_idle_image(struct agxv_swapchain *sc, uint64_t timeout, uint32_t *index)
{
   struct timespec until = deadline(timeout);
   for (;;) {
      if (sc->retired)
         return VK_ERROR_OUT_OF_DATE_KHR;
      if (sc->status != VK_SUCCESS)
         return sc->status;
      for (uint32_t i = 0; i < sc->image_count; i++) {
         if (sc->images[i].state == AGXV_IMAGE_IDLE) {
            *index = i;
            return VK_SUCCESS;
         }
      }
      if (timeout == 0)
         return VK_NOT_READY;
      int ret = timeout == UINT64_MAX ? pthread_cond_wait(&sc->cond, &sc->mutex)
                                      : pthread_cond_timedwait(&sc->cond, &sc->mutex, &until);
      if (ret == ETIMEDOUT)
         return VK_TIMEOUT;
   }
}

static VkResult
acquire(struct agxv_swapchain *sc, uint64_t timeout, VkSemaphore semaphore, VkFence fence,
        uint32_t *pImageIndex)
{
   struct agxv_device *device = agxv_device_from_handle(sc->device);
   if (agxv_device_is_lost(device))
      return VK_ERROR_DEVICE_LOST;
   VkResult check = sc->target->ops->check(sc->target, sc->extent);
   pthread_mutex_lock(&sc->mutex);
   set_status(sc, check);
   uint32_t index = 0;
   VkResult r = wait_idle_image(sc, timeout, &index);
   if (r == VK_SUCCESS)
      sc->images[index].state = AGXV_IMAGE_ACQUIRED;
   pthread_mutex_unlock(&sc->mutex);
   if (r != VK_SUCCESS)
      return r;

   /* Nothing reads or writes an idle image: signal at once. */
   AGXV_FROM_HANDLE(agxv_semaphore, sem, semaphore);
   AGXV_FROM_HANDLE(agxv_fence, fen, fence);
   if ((sem && agxv_kmd_syncobj_signal(device->kmd, &sem->syncobj, 1)) ||
       (fen && agxv_kmd_syncobj_signal(device->kmd, &fen->syncobj, 1)))
      return agxv_device_set_lost(device, "acquire could not signal its semaphore or fence");
   *pImageIndex = index;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_AcquireNextImageKHR(VkDevice device, VkSwapchainKHR swapchain, uint64_t timeout,
                         VkSemaphore semaphore, VkFence fence, uint32_t *pImageIndex)
{
   return acquire(agxv_swapchain_from_handle(swapchain), timeout, semaphore, fence, pImageIndex);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_AcquireNextImage2KHR(VkDevice device, const VkAcquireNextImageInfoKHR *pAcquireInfo,
                          uint32_t *pImageIndex)
{
   /* deviceMask can only be 1: one device. */
   return acquire(agxv_swapchain_from_handle(pAcquireInfo->swapchain), pAcquireInfo->timeout,
                  pAcquireInfo->semaphore, pAcquireInfo->fence, pImageIndex);
}

/* Queues the batch after which image `img`'s pixels may be read: it waits
 * for the semaphores (on the first swapchain only: a wait consumes them),
 * and signals the image's fence. */
static VkResult
queue_ready_batch(VkQueue queue, const VkPresentInfoKHR *info, uint32_t i,
                  const struct agxv_swapchain_image *img)
{
   uint32_t waits = i == 0 ? info->waitSemaphoreCount : 0;
   VkPipelineStageFlags stack[16], *stages = stack;
   if (waits > 16) {
      stages = malloc(waits * sizeof(*stages));
      if (!stages)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   for (uint32_t w = 0; w < waits; w++)
      stages[w] = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
   VkSubmitInfo submit = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .waitSemaphoreCount = waits,
      .pWaitSemaphores = info->pWaitSemaphores,
      .pWaitDstStageMask = stages,
   };
   VkResult r = agxv_QueueSubmit(queue, 1, &submit, img->ready);
   if (stages != stack)
      free(stages);
   return r;
}

static VkResult
present_one(VkQueue queue, const VkPresentInfoKHR *info, uint32_t i)
{
   AGXV_FROM_HANDLE(agxv_swapchain, sc, info->pSwapchains[i]);
   uint32_t index = info->pImageIndices[i];
   if (index >= sc->image_count || sc->images[index].state != AGXV_IMAGE_ACQUIRED)
      return agxv_error(VK_ERROR_OUT_OF_DATE_KHR, "presenting image %u, which is not acquired",
                        index);
   VkResult r = queue_ready_batch(queue, info, i, &sc->images[index]);
   if (r != VK_SUCCESS)
      return r;
   VkResult check = sc->target->ops->check(sc->target, sc->extent);
   pthread_mutex_lock(&sc->mutex);
   set_status(sc, check);
   sc->images[index].state = AGXV_IMAGE_QUEUED;
   sc->queued[sc->queued_count++] = index;
   pthread_cond_broadcast(&sc->cond);
   r = sc->status;
   pthread_mutex_unlock(&sc->mutex);
   return r;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_QueuePresentKHR(VkQueue queue, const VkPresentInfoKHR *pPresentInfo)
{
   AGXV_FROM_HANDLE(agxv_queue, q, queue);
   if (agxv_device_is_lost(q->device))
      return VK_ERROR_DEVICE_LOST;
   VkResult result = VK_SUCCESS;
   for (uint32_t i = 0; i < pPresentInfo->swapchainCount; i++) {
      VkResult r = present_one(queue, pPresentInfo, i);
      if (pPresentInfo->pResults)
         pPresentInfo->pResults[i] = r;
      if (r != VK_SUCCESS && result == VK_SUCCESS)
         result = r;
   }
   return result;
}
