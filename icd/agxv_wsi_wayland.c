/*
 * VK_KHR_wayland_surface: presentation to a wl_surface through wl_shm
 * buffers (Mesa's src/vulkan/wsi/wsi_common_wayland.c, its software path,
 * is the model for the facts; the code is our own).
 *
 * Each swapchain has one memfd-backed wl_shm pool with one XRGB8888 buffer
 * per image (XRGB8888 is little-endian B, G, R, X bytes: the B8G8R8A8
 * pixels as they are). A frame is copied into its image's buffer once the
 * compositor has released that buffer, then attached, damaged and
 * committed. Everything of ours runs on a private event queue, so the
 * application's own dispatching is never disturbed. The client decides a
 * Wayland window's size, so currentExtent is undefined and swapchains are
 * never out of date. FIFO asks for a wl_surface.frame callback with each
 * commit and commits the next frame only once it is done, so every frame
 * gets a refresh of its own; a compositor sends no callbacks for a hidden
 * surface, so the wait gives up after one second (frames then go out
 * unpaced until a callback arrives). MAILBOX commits at once (the present
 * thread drops frames a newer one overtakes).
 *
 * Real hardware will present without copies through linux-dmabuf
 * (zwp_linux_dmabuf_v1 buffers made from the images' dma-bufs, retired on
 * wl_buffer.release): a second agxv_wsi_target here.
 */
#define _GNU_SOURCE /* memfd_create */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>

#define VK_USE_PLATFORM_WAYLAND_KHR
#include <vulkan/vulkan.h>

#include "agxv_entrypoints.h"
#include "agxv_log.h"
#include "agxv_wsi.h"

VKAPI_ATTR VkBool32 VKAPI_CALL
agxv_GetPhysicalDeviceWaylandPresentationSupportKHR(VkPhysicalDevice physicalDevice,
                                                    uint32_t queueFamilyIndex,
                                                    struct wl_display *display)
{
   /* wl_shm is a core global every compositor offers. */
   return queueFamilyIndex == 0 && display != NULL;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateWaylandSurfaceKHR(VkInstance instance, const VkWaylandSurfaceCreateInfoKHR *pCreateInfo,
                             const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
   if (!pCreateInfo->display || !pCreateInfo->surface)
      return agxv_error(VK_ERROR_INITIALIZATION_FAILED, "no Wayland display or surface");
   VkIcdSurfaceWayland *s = agxv_wsi_surface_alloc(instance, pAllocator, sizeof(*s));
   if (!s)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   s->base.platform = VK_ICD_WSI_PLATFORM_WAYLAND;
   s->display = pCreateInfo->display;
   s->surface = pCreateInfo->surface;
   *pSurface = (VkSurfaceKHR)(uintptr_t)s;
   return VK_SUCCESS;
}

static VkResult
wl_extent(VkIcdSurfaceBase *surface, VkExtent2D *extent)
{
   *extent = (VkExtent2D){UINT32_MAX, UINT32_MAX};
   return VK_SUCCESS;
}

static VkBool32
wl_supported(VkIcdSurfaceBase *surface)
{
   return wl_display_get_error(((VkIcdSurfaceWayland *)surface)->display) == 0;
}

struct wl_target {
   struct agxv_wsi_target base;
   struct wl_display *display;
   struct wl_event_queue *queue;
   struct wl_display *display_wrapper; /* the display, on our queue */
   struct wl_surface *surface;         /* the application's surface, on our queue */
   struct wl_registry *registry;
   struct wl_shm *shm;
   struct wl_shm_pool *pool;
   uint8_t *map;
   size_t buffer_size, map_size;
   uint32_t count;
   struct wl_buffer *buffers[AGXV_WSI_MAX_IMAGES];
   bool busy[AGXV_WSI_MAX_IMAGES]; /* attached, not released by the compositor yet */
   struct wl_callback *frame;      /* the last FIFO commit's frame callback, until done */
   bool frame_pending;
};

static void
on_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
          uint32_t version)
{
   struct wl_target *t = data;
   if (strcmp(interface, wl_shm_interface.name) == 0 && !t->shm)
      t->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
}

static void
on_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {on_global, on_global_remove};

static void
on_release(void *data, struct wl_buffer *buffer)
{
   *(bool *)data = false;
}

static const struct wl_buffer_listener buffer_listener = {on_release};

static void
on_frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
   struct wl_target *t = data;
   wl_callback_destroy(callback);
   t->frame = NULL;
   t->frame_pending = false;
}

static const struct wl_callback_listener frame_listener = {on_frame_done};

static int64_t
now_ms(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Dispatches our queue until *flag is false or `timeout_ms` pass (-1:
 * forever). Returns false when the connection is broken. */
static bool
dispatch_until(struct wl_target *t, const bool *flag, int timeout_ms)
{
   int64_t until = now_ms() + timeout_ms;
   while (*flag) {
      if (wl_display_prepare_read_queue(t->display, t->queue) != 0) {
         if (wl_display_dispatch_queue_pending(t->display, t->queue) < 0)
            return false;
         continue;
      }
      if (wl_display_flush(t->display) < 0 && errno != EAGAIN) {
         wl_display_cancel_read(t->display);
         return false;
      }
      int left = timeout_ms < 0 ? -1 : (int)(until - now_ms());
      if (timeout_ms >= 0 && left <= 0) {
         wl_display_cancel_read(t->display);
         return true;
      }
      struct pollfd p = {wl_display_get_fd(t->display), POLLIN, 0};
      if (poll(&p, 1, left) > 0) {
         if (wl_display_read_events(t->display) < 0)
            return false;
      } else {
         wl_display_cancel_read(t->display);
      }
      if (wl_display_dispatch_queue_pending(t->display, t->queue) < 0)
         return false;
   }
   return true;
}

static VkResult
wl_present(struct agxv_wsi_target *base, const struct agxv_wsi_frame *f)
{
   struct wl_target *t = (struct wl_target *)base;
   uint32_t i = f->image_index;
   if (!dispatch_until(t, &t->busy[i], -1) ||
       (f->fifo && !dispatch_until(t, &t->frame_pending, 1000)))
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "Wayland connection lost");
   uint8_t *dst = t->map + i * t->buffer_size;
   for (uint32_t y = 0; y < f->height; y++)
      memcpy(dst + (size_t)y * f->width * 4, (const uint8_t *)f->pixels + (size_t)y * f->stride,
             (size_t)f->width * 4);
   wl_surface_attach(t->surface, t->buffers[i], 0, 0);
   wl_surface_damage(t->surface, 0, 0, INT32_MAX, INT32_MAX);
   if (f->fifo && !t->frame) {
      t->frame = wl_surface_frame(t->surface);
      wl_callback_add_listener(t->frame, &frame_listener, t);
      t->frame_pending = true;
   }
   wl_surface_commit(t->surface);
   t->busy[i] = true;
   if (wl_display_flush(t->display) < 0 && wl_display_get_error(t->display))
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "Wayland connection lost");
   return VK_SUCCESS;
}

static VkResult
wl_check(struct agxv_wsi_target *base, VkExtent2D extent)
{
   struct wl_target *t = (struct wl_target *)base;
   return wl_display_get_error(t->display) ? VK_ERROR_SURFACE_LOST_KHR : VK_SUCCESS;
}

static void
wl_destroy(struct agxv_wsi_target *base)
{
   struct wl_target *t = (struct wl_target *)base;
   if (t->frame)
      wl_callback_destroy(t->frame);
   for (uint32_t i = 0; i < t->count; i++) {
      if (t->buffers[i])
         wl_buffer_destroy(t->buffers[i]);
   }
   if (t->pool)
      wl_shm_pool_destroy(t->pool);
   if (t->map)
      munmap(t->map, t->map_size);
   if (t->shm)
      wl_shm_destroy(t->shm);
   if (t->registry)
      wl_registry_destroy(t->registry);
   if (t->surface)
      wl_proxy_wrapper_destroy(t->surface);
   if (t->display_wrapper)
      wl_proxy_wrapper_destroy(t->display_wrapper);
   wl_display_flush(t->display);
   if (t->queue)
      wl_event_queue_destroy(t->queue);
   free(t);
}

static const struct agxv_wsi_target_ops wl_ops = {
   .present = wl_present,
   .check = wl_check,
   .destroy = wl_destroy,
};

/* The pool and one buffer per image. */
static VkResult
create_buffers(struct wl_target *t, VkExtent2D extent, uint32_t count)
{
   t->buffer_size = (size_t)extent.width * extent.height * 4;
   t->map_size = t->buffer_size * count;
   int fd = memfd_create("agxv-wsi", MFD_CLOEXEC);
   if (fd < 0)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   if (ftruncate(fd, (off_t)t->map_size) < 0) {
      close(fd);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   void *map = mmap(NULL, t->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (map == MAP_FAILED) {
      close(fd);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   t->map = map;
   t->pool = wl_shm_create_pool(t->shm, fd, (int32_t)t->map_size);
   close(fd);
   for (uint32_t i = 0; i < count; i++) {
      t->buffers[i] = wl_shm_pool_create_buffer(t->pool, (int32_t)(i * t->buffer_size),
                                                (int32_t)extent.width, (int32_t)extent.height,
                                                (int32_t)extent.width * 4, WL_SHM_FORMAT_XRGB8888);
      wl_buffer_add_listener(t->buffers[i], &buffer_listener, &t->busy[i]);
      t->count++;
   }
   return VK_SUCCESS;
}

static VkResult
wl_create_target(VkIcdSurfaceBase *surface, VkExtent2D extent, uint32_t image_count,
                 struct agxv_wsi_target **out)
{
   VkIcdSurfaceWayland *s = (VkIcdSurfaceWayland *)surface;
   struct wl_target *t = calloc(1, sizeof(*t));
   if (!t)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   t->base.ops = &wl_ops;
   t->display = s->display;
   t->queue = wl_display_create_queue(s->display);
   t->display_wrapper = t->queue ? wl_proxy_create_wrapper(s->display) : NULL;
   t->surface = t->display_wrapper ? wl_proxy_create_wrapper(s->surface) : NULL;
   if (!t->surface) {
      wl_destroy(&t->base);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   wl_proxy_set_queue((struct wl_proxy *)t->display_wrapper, t->queue);
   wl_proxy_set_queue((struct wl_proxy *)t->surface, t->queue);
   t->registry = wl_display_get_registry(t->display_wrapper);
   wl_registry_add_listener(t->registry, &registry_listener, t);
   if (wl_display_roundtrip_queue(t->display, t->queue) < 0 || !t->shm) {
      wl_destroy(&t->base);
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "the Wayland compositor offers no wl_shm");
   }
   VkResult r = create_buffers(t, extent, image_count);
   if (r != VK_SUCCESS) {
      wl_destroy(&t->base);
      return r;
   }
   *out = &t->base;
   return VK_SUCCESS;
}

static const VkPresentModeKHR wl_modes[] = {VK_PRESENT_MODE_FIFO_KHR, VK_PRESENT_MODE_MAILBOX_KHR};

const struct agxv_wsi_platform agxv_wsi_wayland = {
   .platform = VK_ICD_WSI_PLATFORM_WAYLAND,
   .current_extent = wl_extent,
   .supported = wl_supported,
   .modes = wl_modes,
   .mode_count = 2,
   .create_target = wl_create_target,
};
