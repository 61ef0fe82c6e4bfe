/*
 * Window-system integration: what every platform (headless, X11, Wayland)
 * provides to the surface queries (agxv_wsi.c) and to swapchains
 * (agxv_swapchain.c). Mesa's src/vulkan/wsi/wsi_common.h is the model for
 * the split; the code is our own.
 *
 * Surfaces are the loader's VkIcdSurface* structures (vk_icd.h), allocated
 * by the driver's vkCreate*SurfaceKHR: the loader hands those (or, for a
 * platform whose create function the driver lacks, its own of the same
 * layout) to every surface command, so a surface is not an agxv_object and
 * is told apart by VkIcdSurfaceBase::platform.
 *
 * Presentation copies the swapchain image's pixels (B8G8R8A8 rows the GPU
 * copied out of the tiled image into a host-visible buffer) to the window
 * system: X11 put-image
 * requests (MIT-SHM when the server offers it), Wayland wl_shm buffers,
 * nothing at all when headless. Zero-copy presentation for real hardware
 * (an image exported as a dma-buf, handed to X11 DRI3/Present or to Wayland
 * linux-dmabuf, retired on the server's idle/release events) would be a
 * second implementation of struct agxv_wsi_target: the image memory would
 * be allocated exportable and in the layout the display engine scans out,
 * and `present` would send the buffer instead of its pixels.
 */
#ifndef AGXV_WSI_H
#define AGXV_WSI_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vk_icd.h>
#include <vulkan/vulkan_core.h>

struct agxv_physical_device;

/* Where one swapchain's frames go: made at swapchain creation. */
struct agxv_wsi_target {
   const struct agxv_wsi_target_ops *ops;
};

/* One frame: the pixels of a presented image (B8G8R8A8, rows `stride`
 * bytes apart). */
struct agxv_wsi_frame {
   const void *pixels;
   uint32_t stride;
   uint32_t width, height;
   uint32_t image_index;
   bool fifo; /* VK_PRESENT_MODE_FIFO_KHR: pace frames to the display where the platform can */
};

struct agxv_wsi_target_ops {
   /* Shows a frame (on the present thread). VK_SUCCESS, VK_ERROR_OUT_OF_DATE_KHR
    * (the window no longer matches) or VK_ERROR_SURFACE_LOST_KHR. */
   VkResult (*present)(struct agxv_wsi_target *t, const struct agxv_wsi_frame *f);
   /* Whether the window still has `extent` (on the application's thread):
    * VK_SUCCESS, VK_ERROR_OUT_OF_DATE_KHR or VK_ERROR_SURFACE_LOST_KHR. */
   VkResult (*check)(struct agxv_wsi_target *t, VkExtent2D extent);
   void (*destroy)(struct agxv_wsi_target *t);
};

/* What a platform answers about one of its surfaces. */
struct agxv_wsi_platform {
   VkIcdWsiPlatform platform;
   /* The window's size now (UINT32_MAX x UINT32_MAX: decided by the
    * swapchain), or VK_ERROR_SURFACE_LOST_KHR. */
   VkResult (*current_extent)(VkIcdSurfaceBase *surface, VkExtent2D *extent);
   /* Whether the surface can be presented to at all (a TrueColor 24/32-bit
    * window, a live display connection). */
   VkBool32 (*supported)(VkIcdSurfaceBase *surface);
   /* Present modes offered, the first always FIFO. */
   const VkPresentModeKHR *modes;
   uint32_t mode_count;
   /* A target for `extent`-sized frames of `image_count` images. */
   VkResult (*create_target)(VkIcdSurfaceBase *surface, VkExtent2D extent, uint32_t image_count,
                             struct agxv_wsi_target **out);
};

/* The platform a surface belongs to, or NULL (a platform not built in). */
const struct agxv_wsi_platform *agxv_wsi_platform_of(VkIcdSurfaceBase *surface);

extern const struct agxv_wsi_platform agxv_wsi_headless;
#ifdef AGXV_WSI_X11
extern const struct agxv_wsi_platform agxv_wsi_xcb;
extern const struct agxv_wsi_platform agxv_wsi_xlib;
#endif
#ifdef AGXV_WSI_WAYLAND
extern const struct agxv_wsi_platform agxv_wsi_wayland;
#endif

/* Swapchain images: at least this many, at most AGXV_WSI_MAX_IMAGES. */
#define AGXV_WSI_MIN_IMAGES 2
#define AGXV_WSI_MAX_IMAGES 8

/* Surface formats every platform offers (the presented pixels are
 * B8G8R8A8 in memory; X11 TrueColor and Wayland XRGB8888 read them so). */
#define AGXV_WSI_FORMAT_COUNT 2
extern const VkSurfaceFormatKHR agxv_wsi_formats[AGXV_WSI_FORMAT_COUNT];

/* Image usages of swapchain images (see agxv_wsi.c). */
VkImageUsageFlags agxv_wsi_supported_usage(void);

/* Allocates a surface of `size` bytes (a VkIcdSurface* struct) with the
 * instance's or the caller's allocator. */
void *agxv_wsi_surface_alloc(VkInstance instance, const VkAllocationCallbacks *alloc, size_t size);

#endif
