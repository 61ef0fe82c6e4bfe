/*
 * VK_KHR_xcb_surface and VK_KHR_xlib_surface: presentation to an X11 window
 * by copying pixels through the X protocol. Mesa's
 * src/vulkan/wsi/wsi_common_x11.c (its software path) is the model for the
 * facts; the code is our own.
 *
 * A frame goes to the window with MIT-SHM (ShmPutImage from a shared
 * segment the size of one frame) when the server accepts our segment, or
 * with core PutImage requests split to the server's maximum request length
 * otherwise (remote servers; AGX_DEBUG=noshm forces it). Each present waits
 * for the server to have processed the request (a checked request, which
 * also reports a destroyed window), so the segment can be reused at once.
 * Pixels are B8G8R8A8 in memory, which a TrueColor visual of depth 24 or 32
 * with masks ff0000/ff00/ff reads as ZPixmap data on a little-endian
 * client (the server swaps for big-endian servers; assumed little-endian
 * ZPixmap with 32 bits per pixel, as every depth-24 server today).
 * The window's size is read with GetGeometry: a window whose size differs
 * from the swapchain's makes it out of date.
 *
 * Real hardware will present without copies through DRI3 (the image's
 * dma-buf as a pixmap, xcb_dri3_pixmap_from_buffers) and Present
 * (xcb_present_pixmap, images retired on PresentIdleNotify): a second
 * agxv_wsi_target here, chosen when the server offers DRI3 1.2 and the
 * device is a real GPU.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include <X11/Xlib-xcb.h>
#include <xcb/shm.h>
#include <xcb/xcb.h>

#define VK_USE_PLATFORM_XCB_KHR
#define VK_USE_PLATFORM_XLIB_KHR
#include <vulkan/vulkan.h>

#include "agxv_entrypoints.h"
#include "agxv_log.h"
#include "agxv_wsi.h"

struct x11_window {
   xcb_connection_t *conn;
   xcb_window_t window;
};

static struct x11_window
window_of(VkIcdSurfaceBase *surface)
{
   if (surface->platform == VK_ICD_WSI_PLATFORM_XLIB) {
      VkIcdSurfaceXlib *s = (VkIcdSurfaceXlib *)surface;
      return (struct x11_window){XGetXCBConnection(s->dpy), (xcb_window_t)s->window};
   }
   VkIcdSurfaceXcb *s = (VkIcdSurfaceXcb *)surface;
   return (struct x11_window){s->connection, s->window};
}

/* The visual `id` on the connection's screens, with its depth; NULL when
 * unknown. */
static xcb_visualtype_t *
find_visual(xcb_connection_t *conn, xcb_visualid_t id, uint8_t *depth)
{
   xcb_screen_iterator_t s = xcb_setup_roots_iterator(xcb_get_setup(conn));
   for (; s.rem; xcb_screen_next(&s)) {
      xcb_depth_iterator_t d = xcb_screen_allowed_depths_iterator(s.data);
      for (; d.rem; xcb_depth_next(&d)) {
         xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(d.data);
         for (; v.rem; xcb_visualtype_next(&v)) {
            if (v.data->visual_id == id) {
               *depth = d.data->depth;
               return v.data;
            }
         }
      }
   }
   return NULL;
}

/* Visuals that read B8G8R8A8 pixels as they are. */
static bool
visual_supported(xcb_connection_t *conn, xcb_visualid_t id)
{
   uint8_t depth = 0;
   xcb_visualtype_t *v = find_visual(conn, id, &depth);
   return v && v->_class == XCB_VISUAL_CLASS_TRUE_COLOR && (depth == 24 || depth == 32) &&
          v->red_mask == 0xff0000 && v->green_mask == 0xff00 && v->blue_mask == 0xff;
}

VKAPI_ATTR VkBool32 VKAPI_CALL
agxv_GetPhysicalDeviceXcbPresentationSupportKHR(VkPhysicalDevice physicalDevice,
                                                uint32_t queueFamilyIndex,
                                                xcb_connection_t *connection,
                                                xcb_visualid_t visual_id)
{
   return queueFamilyIndex == 0 && connection && !xcb_connection_has_error(connection) &&
          visual_supported(connection, visual_id);
}

VKAPI_ATTR VkBool32 VKAPI_CALL
agxv_GetPhysicalDeviceXlibPresentationSupportKHR(VkPhysicalDevice physicalDevice,
                                                 uint32_t queueFamilyIndex, Display *dpy,
                                                 VisualID visualID)
{
   return dpy && agxv_GetPhysicalDeviceXcbPresentationSupportKHR(physicalDevice, queueFamilyIndex,
                                                                 XGetXCBConnection(dpy), visualID);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateXcbSurfaceKHR(VkInstance instance, const VkXcbSurfaceCreateInfoKHR *pCreateInfo,
                         const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
   if (!pCreateInfo->connection || xcb_connection_has_error(pCreateInfo->connection))
      return agxv_error(VK_ERROR_INITIALIZATION_FAILED, "no usable xcb connection");
   VkIcdSurfaceXcb *s = agxv_wsi_surface_alloc(instance, pAllocator, sizeof(*s));
   if (!s)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   s->base.platform = VK_ICD_WSI_PLATFORM_XCB;
   s->connection = pCreateInfo->connection;
   s->window = pCreateInfo->window;
   *pSurface = (VkSurfaceKHR)(uintptr_t)s;
   return VK_SUCCESS;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreateXlibSurfaceKHR(VkInstance instance, const VkXlibSurfaceCreateInfoKHR *pCreateInfo,
                          const VkAllocationCallbacks *pAllocator, VkSurfaceKHR *pSurface)
{
   if (!pCreateInfo->dpy)
      return agxv_error(VK_ERROR_INITIALIZATION_FAILED, "no Xlib display");
   VkIcdSurfaceXlib *s = agxv_wsi_surface_alloc(instance, pAllocator, sizeof(*s));
   if (!s)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   s->base.platform = VK_ICD_WSI_PLATFORM_XLIB;
   s->dpy = pCreateInfo->dpy;
   s->window = pCreateInfo->window;
   *pSurface = (VkSurfaceKHR)(uintptr_t)s;
   return VK_SUCCESS;
}

/* The window's size and depth (one round trip). */
static VkResult
geometry(struct x11_window w, VkExtent2D *extent, uint8_t *depth)
{
   xcb_get_geometry_reply_t *g =
      xcb_get_geometry_reply(w.conn, xcb_get_geometry(w.conn, w.window), NULL);
   if (!g)
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "X11 window 0x%x is gone", w.window);
   *extent = (VkExtent2D){g->width, g->height};
   if (depth)
      *depth = g->depth;
   free(g);
   return VK_SUCCESS;
}

static VkResult
x11_extent(VkIcdSurfaceBase *surface, VkExtent2D *extent)
{
   return geometry(window_of(surface), extent, NULL);
}

static VkBool32
x11_supported(VkIcdSurfaceBase *surface)
{
   struct x11_window w = window_of(surface);
   if (!w.conn || xcb_connection_has_error(w.conn))
      return VK_FALSE;
   xcb_get_window_attributes_reply_t *a =
      xcb_get_window_attributes_reply(w.conn, xcb_get_window_attributes(w.conn, w.window), NULL);
   if (!a)
      return VK_FALSE;
   VkBool32 ok = visual_supported(w.conn, a->visual);
   free(a);
   return ok;
}

struct x11_target {
   struct agxv_wsi_target base;
   struct x11_window w;
   xcb_gcontext_t gc;
   uint8_t depth;
   /* MIT-SHM: the segment (0: plain PutImage) and its mapping */
   xcb_shm_seg_t shmseg;
   uint8_t *shm;
   uint8_t *rows;        /* tight rows for PutImage, when the image's are padded */
   uint32_t max_request; /* bytes in one request */
};

/* Copies the frame into `dst` with tight rows (width * 4 bytes). */
static void
copy_tight(uint8_t *dst, const struct agxv_wsi_frame *f)
{
   uint32_t row = f->width * 4;
   for (uint32_t y = 0; y < f->height; y++)
      memcpy(dst + (size_t)y * row, (const uint8_t *)f->pixels + (size_t)y * f->stride, row);
}

/* The outcome of the last request: success, or the window is gone. */
static VkResult
request_result(struct x11_target *t, xcb_void_cookie_t cookie)
{
   xcb_generic_error_t *e = xcb_request_check(t->w.conn, cookie);
   if (!e)
      return VK_SUCCESS;
   uint8_t code = e->error_code;
   free(e);
   return agxv_error(code == XCB_MATCH ? VK_ERROR_OUT_OF_DATE_KHR : VK_ERROR_SURFACE_LOST_KHR,
                     "X11 put image failed with error %u", code);
}

static VkResult
present_shm(struct x11_target *t, const struct agxv_wsi_frame *f)
{
   copy_tight(t->shm, f);
   xcb_void_cookie_t c = xcb_shm_put_image_checked(
      t->w.conn, t->w.window, t->gc, f->width, f->height, 0, 0, f->width, f->height, 0, 0, t->depth,
      XCB_IMAGE_FORMAT_Z_PIXMAP, 0, t->shmseg, 0);
   return request_result(t, c);
}

static VkResult
present_put(struct x11_target *t, const struct agxv_wsi_frame *f)
{
   uint32_t row = f->width * 4;
   const uint8_t *src = f->pixels;
   if (f->stride != row) {
      copy_tight(t->rows, f);
      src = t->rows;
   }
   /* PutImage's fixed part is 24 bytes. */
   uint32_t rows_per_request = (t->max_request - 24) / row;
   if (rows_per_request == 0)
      return agxv_error(VK_ERROR_SURFACE_LOST_KHR, "an X11 request cannot hold one row");
   xcb_void_cookie_t c = {0};
   for (uint32_t y = 0; y < f->height; y += rows_per_request) {
      uint32_t n = f->height - y < rows_per_request ? f->height - y : rows_per_request;
      c = xcb_put_image_checked(t->w.conn, XCB_IMAGE_FORMAT_Z_PIXMAP, t->w.window, t->gc, f->width,
                                n, 0, y, 0, t->depth, n * row, src + (size_t)y * row);
   }
   return request_result(t, c);
}

static VkResult
x11_present(struct agxv_wsi_target *base, const struct agxv_wsi_frame *f)
{
   struct x11_target *t = (struct x11_target *)base;
   return t->shm ? present_shm(t, f) : present_put(t, f);
}

static VkResult
x11_check(struct agxv_wsi_target *base, VkExtent2D extent)
{
   struct x11_target *t = (struct x11_target *)base;
   VkExtent2D now;
   VkResult r = geometry(t->w, &now, NULL);
   if (r != VK_SUCCESS)
      return r;
   return now.width == extent.width && now.height == extent.height ? VK_SUCCESS
                                                                   : VK_ERROR_OUT_OF_DATE_KHR;
}

static void
x11_destroy(struct agxv_wsi_target *base)
{
   struct x11_target *t = (struct x11_target *)base;
   if (t->shmseg)
      xcb_shm_detach(t->w.conn, t->shmseg);
   if (t->shm)
      shmdt(t->shm);
   if (t->gc)
      xcb_free_gc(t->w.conn, t->gc);
   xcb_flush(t->w.conn);
   free(t->rows);
   free(t);
}

static const struct agxv_wsi_target_ops x11_ops = {
   .present = x11_present,
   .check = x11_check,
   .destroy = x11_destroy,
};

/* Sets up a shared segment of `size` bytes the server has attached; false
 * when the server has no MIT-SHM or cannot reach our memory (remote). */
static bool
setup_shm(struct x11_target *t, size_t size)
{
   if (agxv_debug(AGXV_DEBUG_NOSHM))
      return false;
   xcb_shm_query_version_reply_t *v =
      xcb_shm_query_version_reply(t->w.conn, xcb_shm_query_version(t->w.conn), NULL);
   if (!v)
      return false;
   free(v);
   int id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
   if (id < 0)
      return false;
   void *addr = shmat(id, NULL, 0);
   if (addr == (void *)-1) {
      shmctl(id, IPC_RMID, NULL);
      return false;
   }
   xcb_shm_seg_t seg = xcb_generate_id(t->w.conn);
   xcb_generic_error_t *e =
      xcb_request_check(t->w.conn, xcb_shm_attach_checked(t->w.conn, seg, id, 0));
   /* Freed once both sides detach. */
   shmctl(id, IPC_RMID, NULL);
   if (e) {
      free(e);
      shmdt(addr);
      return false;
   }
   t->shm = addr;
   t->shmseg = seg;
   return true;
}

static VkResult
x11_create_target(VkIcdSurfaceBase *surface, VkExtent2D extent, uint32_t image_count,
                  struct agxv_wsi_target **out)
{
   struct x11_target *t = calloc(1, sizeof(*t));
   if (!t)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   t->base.ops = &x11_ops;
   t->w = window_of(surface);
   VkExtent2D now;
   VkResult r = geometry(t->w, &now, &t->depth);
   if (r != VK_SUCCESS) {
      free(t);
      return r;
   }
   t->gc = xcb_generate_id(t->w.conn);
   xcb_create_gc(t->w.conn, t->gc, t->w.window, 0, NULL);
   size_t size = (size_t)extent.width * extent.height * 4;
   if (!setup_shm(t, size)) {
      t->rows = malloc(size);
      if (!t->rows) {
         x11_destroy(&t->base);
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      }
      t->max_request = xcb_get_maximum_request_length(t->w.conn) * 4;
   }
   *out = &t->base;
   return VK_SUCCESS;
}

/* The copy path can show frames at any moment: no tearing control to offer
 * beyond the order of frames. */
static const VkPresentModeKHR x11_modes[] = {
   VK_PRESENT_MODE_FIFO_KHR,
   VK_PRESENT_MODE_IMMEDIATE_KHR,
   VK_PRESENT_MODE_MAILBOX_KHR,
};

const struct agxv_wsi_platform agxv_wsi_xcb = {
   .platform = VK_ICD_WSI_PLATFORM_XCB,
   .current_extent = x11_extent,
   .supported = x11_supported,
   .modes = x11_modes,
   .mode_count = 3,
   .create_target = x11_create_target,
};

const struct agxv_wsi_platform agxv_wsi_xlib = {
   .platform = VK_ICD_WSI_PLATFORM_XLIB,
   .current_extent = x11_extent,
   .supported = x11_supported,
   .modes = x11_modes,
   .mode_count = 3,
   .create_target = x11_create_target,
};
