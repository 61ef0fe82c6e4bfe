/*
 * VK_KHR_xcb_surface presentation under Xvfb, which the test starts itself
 * (-displayfd: the server picks a free display number) and kills at the
 * end; exit status 77 (skipped) when Xvfb is not installed. An xcb window,
 * a FIFO swapchain, frames cleared to known colours with copied
 * sub-rectangles (agx_wsi_frame.h), presented, read back through the X
 * server (GetImage) and compared exactly with the CPU reference; then the
 * window is resized: acquire reports VK_ERROR_OUT_OF_DATE_KHR (agx-vk at
 * once; another driver within a few frames, or VK_SUBOPTIMAL_KHR), and a
 * swapchain made from the old one at the new size shows its frames, as do
 * MAILBOX and IMMEDIATE swapchains; the same window through an Xlib surface;
 * (agx-vk) a destroyed window makes acquire report the surface lost.
 * --no-display (agx-vk only): without an X server the surface extensions
 * still enumerate and a broken connection fails surface creation cleanly.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <X11/Xlib.h>
#include <xcb/xcb.h>
#define VK_USE_PLATFORM_XCB_KHR
#define VK_USE_PLATFORM_XLIB_KHR
#include "agx_vk_ctx.h"
#include "agx_wsi_frame.h"
#include <vulkan/vulkan_xcb.h>
#include <vulkan/vulkan_xlib.h>

static pid_t xvfb_pid;

static void
kill_xvfb(void)
{
   if (xvfb_pid > 0) {
      kill(xvfb_pid, SIGTERM);
      waitpid(xvfb_pid, NULL, 0);
      xvfb_pid = 0;
   }
}

/* Starts Xvfb on a display it picks; returns the display number, or -1
 * when Xvfb cannot be run. */
static int
start_xvfb(void)
{
   int fds[2];
   CHECK(pipe(fds) == 0);
   pid_t pid = fork();
   CHECK(pid >= 0);
   if (pid == 0) {
      close(fds[0]);
      char fd[16];
      snprintf(fd, sizeof(fd), "%d", fds[1]);
      execlp("Xvfb", "Xvfb", "-displayfd", fd, "-screen", "0", "320x240x24", "-nolisten", "tcp",
             (char *)NULL);
      _exit(127);
   }
   close(fds[1]);
   xvfb_pid = pid;
   atexit(kill_xvfb);
   char buf[32] = {0};
   size_t got = 0;
   struct pollfd p = {fds[0], POLLIN, 0};
   while (got < sizeof(buf) - 1 && poll(&p, 1, 10000) > 0) {
      ssize_t n = read(fds[0], buf + got, sizeof(buf) - 1 - got);
      if (n <= 0)
         break;
      got += (size_t)n;
      if (memchr(buf, '\n', got))
         break;
   }
   close(fds[0]);
   if (got == 0 || !memchr(buf, '\n', got)) {
      int status;
      if (waitpid(pid, &status, WNOHANG) == pid && WIFEXITED(status) &&
          WEXITSTATUS(status) == 127) {
         xvfb_pid = 0;
         return -1;
      }
      fprintf(stderr, "Xvfb did not report a display\n");
      exit(1);
   }
   return atoi(buf);
}

struct x11 {
   xcb_connection_t *conn;
   xcb_screen_t *screen;
   xcb_window_t window;
};

static void
open_window(struct x11 *x, int display, uint16_t w, uint16_t h)
{
   char name[32];
   snprintf(name, sizeof(name), ":%d", display);
   x->conn = xcb_connect(name, NULL);
   CHECK(!xcb_connection_has_error(x->conn));
   x->screen = xcb_setup_roots_iterator(xcb_get_setup(x->conn)).data;
   x->window = xcb_generate_id(x->conn);
   uint32_t values[] = {x->screen->black_pixel};
   xcb_create_window(x->conn, XCB_COPY_FROM_PARENT, x->window, x->screen->root, 0, 0, w, h, 0,
                     XCB_WINDOW_CLASS_INPUT_OUTPUT, x->screen->root_visual, XCB_CW_BACK_PIXEL,
                     values);
   xcb_map_window(x->conn, x->window);
   /* A round trip: the window exists and is mapped before Vulkan sees it. */
   free(xcb_get_geometry_reply(x->conn, xcb_get_geometry(x->conn, x->window), NULL));
}

static uint64_t
now_ms(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

/* Reads the window until it shows frame `frame` (presentation is
 * asynchronous), at most 5 s; returns the mismatching pixel count. */
static uint32_t
wait_for_frame(struct x11 *x, VkExtent2D extent, uint32_t frame)
{
   uint64_t until = now_ms() + 5000;
   for (;;) {
      xcb_get_image_reply_t *img =
         xcb_get_image_reply(x->conn,
                             xcb_get_image(x->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, x->window, 0, 0,
                                           extent.width, extent.height, UINT32_MAX),
                             NULL);
      CHECK(img != NULL);
      CHECK(xcb_get_image_data_length(img) == (int)(extent.width * extent.height * 4));
      bool last = now_ms() > until;
      uint32_t bad = agx_wsi_frame_compare(xcb_get_image_data(img), extent.width * 4, extent, frame,
                                           0x00ffffffu, last);
      free(img);
      if (bad == 0 || last)
         return bad;
      usleep(5000);
   }
}

struct chain {
   VkSwapchainKHR sc;
   VkExtent2D extent;
   VkImage images[16];
   uint32_t count;
};

static void
make_chain(struct agx_vk_ctx *c, VkSurfaceKHR surface, struct chain *ch, VkSwapchainKHR old,
           VkPresentModeKHR mode)
{
   VkSurfaceCapabilitiesKHR caps;
   VK_OK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(c->pdev, surface, &caps));
   ch->extent = caps.currentExtent;
   VkSwapchainCreateInfoKHR sci = {
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
      .surface = surface,
      .minImageCount = caps.minImageCount < 3 ? 3 : caps.minImageCount,
      .imageFormat = VK_FORMAT_B8G8R8A8_UNORM,
      .imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
      .imageExtent = caps.currentExtent,
      .imageArrayLayers = 1,
      .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
      .presentMode = mode,
      .clipped = VK_TRUE,
      .oldSwapchain = old,
   };
   VK_OK(vkCreateSwapchainKHR(c->dev, &sci, NULL, &ch->sc));
   ch->count = 16;
   VK_OK(vkGetSwapchainImagesKHR(c->dev, ch->sc, &ch->count, ch->images));
}

/* Renders and presents frame `frame` into the image acquired at `index`
 * (its acquire fence already waited for); returns the present's result. */
static VkResult
render_present(struct agx_vk_ctx *c, struct chain *ch, uint32_t index, uint32_t frame,
               struct agx_vk_buffer *staging)
{
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_wsi_frame_record(cb, ch->images[index], ch->extent, frame, staging,
                        VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
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
                          .pSwapchains = &ch->sc,
                          .pImageIndices = &index};
   VkResult r = vkQueuePresentKHR(c->queue, &pi);
   VK_OK(vkQueueWaitIdle(c->queue));
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cb);
   vkDestroySemaphore(c->dev, rendered, NULL);
   return r;
}

/* Acquires with a fence (waited for); returns acquire's result. */
static VkResult
acquire(struct agx_vk_ctx *c, struct chain *ch, uint32_t *index)
{
   VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VK_OK(vkCreateFence(c->dev, &fci, NULL, &fence));
   VkResult r = vkAcquireNextImageKHR(c->dev, ch->sc, 2000000000ull, VK_NULL_HANDLE, fence, index);
   if (r == VK_SUCCESS || r == VK_SUBOPTIMAL_KHR)
      VK_OK(vkWaitForFences(c->dev, 1, &fence, VK_TRUE, UINT64_MAX));
   vkDestroyFence(c->dev, fence, NULL);
   return r;
}

static void
show_frames(struct agx_vk_ctx *c, struct x11 *x, struct chain *ch, uint32_t first, uint32_t n,
            struct agx_vk_buffer *staging)
{
   for (uint32_t f = first; f < first + n; f++) {
      uint32_t index;
      VK_OK(acquire(c, ch, &index));
      CHECK(index < ch->count);
      VK_OK(render_present(c, ch, index, f, staging));
      CHECK(wait_for_frame(x, ch->extent, f) == 0);
   }
}

/* Whether the surface offers present mode `mode` (every driver offers FIFO). */
static bool
has_mode(struct agx_vk_ctx *c, VkSurfaceKHR surface, VkPresentModeKHR mode)
{
   VkPresentModeKHR modes[16];
   uint32_t n = 16;
   VK_OK(vkGetPhysicalDeviceSurfacePresentModesKHR(c->pdev, surface, &n, modes));
   for (uint32_t i = 0; i < n; i++) {
      if (modes[i] == mode)
         return true;
   }
   return false;
}

/* The same window through Xlib: presentation support and its size. */
static void
check_xlib(struct agx_vk_ctx *c, int display, xcb_window_t window, VkExtent2D extent)
{
   char name[32];
   snprintf(name, sizeof(name), ":%d", display);
   Display *dpy = XOpenDisplay(name);
   CHECK(dpy != NULL);
   CHECK(vkGetPhysicalDeviceXlibPresentationSupportKHR(
      c->pdev, 0, dpy, XVisualIDFromVisual(DefaultVisual(dpy, DefaultScreen(dpy)))));
   VkXlibSurfaceCreateInfoKHR xci = {VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR, NULL, 0, dpy,
                                     window};
   VkSurfaceKHR surface;
   VK_OK(vkCreateXlibSurfaceKHR(c->instance, &xci, NULL, &surface));
   VkBool32 supported = VK_FALSE;
   VK_OK(vkGetPhysicalDeviceSurfaceSupportKHR(c->pdev, 0, surface, &supported));
   CHECK(supported);
   VkSurfaceCapabilitiesKHR caps;
   VK_OK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(c->pdev, surface, &caps));
   CHECK(caps.currentExtent.width == extent.width && caps.currentExtent.height == extent.height);
   vkDestroySurfaceKHR(c->instance, surface, NULL);
   XCloseDisplay(dpy);
}

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

/* No X server: the extensions are there, a dead connection is refused. */
static int
no_display(int argc, char **argv)
{
   CHECK(has_instance_extension(VK_KHR_XCB_SURFACE_EXTENSION_NAME));
   CHECK(has_instance_extension("VK_KHR_xlib_surface"));
   CHECK(has_instance_extension(VK_KHR_SURFACE_EXTENSION_NAME));
   struct agx_vk_ctx c;
   const char *iexts[] = {VK_KHR_SURFACE_EXTENSION_NAME, VK_KHR_XCB_SURFACE_EXTENSION_NAME};
   agx_vk_ctx_instance_exts(&c, argc, argv, VK_API_VERSION_1_3, 2, iexts);
   agx_vk_ctx_device(&c, NULL, 0, NULL);
   xcb_connection_t *conn = xcb_connect("/nonexistent/agx-vk-no-display:0", NULL);
   CHECK(xcb_connection_has_error(conn));
   VkXcbSurfaceCreateInfoKHR xci = {VK_STRUCTURE_TYPE_XCB_SURFACE_CREATE_INFO_KHR, NULL, 0, conn,
                                    1};
   VkSurfaceKHR surface = VK_NULL_HANDLE;
   CHECK_VK(vkCreateXcbSurfaceKHR(c.instance, &xci, NULL, &surface),
            VK_ERROR_INITIALIZATION_FAILED);
   CHECK(!vkGetPhysicalDeviceXcbPresentationSupportKHR(c.pdev, 0, conn, 0x21));
   xcb_disconnect(conn);
   int status = agx_vk_ctx_finish(&c);
   if (status == 0)
      printf("wsi_x11 --no-display: ok\n");
   return status;
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--no-display") == 0)
         return no_display(argc, argv);
   }
   int display = start_xvfb();
   if (display < 0) {
      printf("wsi_x11: Xvfb is not installed, skipped\n");
      return 77;
   }
   struct x11 x;
   open_window(&x, display, 96, 64);

   struct agx_vk_ctx c;
   const char *iexts[] = {VK_KHR_SURFACE_EXTENSION_NAME, VK_KHR_XCB_SURFACE_EXTENSION_NAME,
                          VK_KHR_XLIB_SURFACE_EXTENSION_NAME};
   agx_vk_ctx_instance_exts(&c, argc, argv, VK_API_VERSION_1_3, 3, iexts);
   const char *dexts[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
   agx_vk_ctx_device(&c, NULL, 1, dexts);
   CHECK(vkGetPhysicalDeviceXcbPresentationSupportKHR(c.pdev, 0, x.conn, x.screen->root_visual));

   VkXcbSurfaceCreateInfoKHR xci = {VK_STRUCTURE_TYPE_XCB_SURFACE_CREATE_INFO_KHR, NULL, 0, x.conn,
                                    x.window};
   VkSurfaceKHR surface;
   VK_OK(vkCreateXcbSurfaceKHR(c.instance, &xci, NULL, &surface));
   VkBool32 supported = VK_FALSE;
   VK_OK(vkGetPhysicalDeviceSurfaceSupportKHR(c.pdev, 0, surface, &supported));
   CHECK(supported);

   struct agx_vk_buffer staging = agx_vk_buffer(&c, AGX_WSI_PATTERN_BYTES);
   struct chain ch;
   make_chain(&c, surface, &ch, VK_NULL_HANDLE, VK_PRESENT_MODE_FIFO_KHR);
   CHECK(ch.extent.width == 96 && ch.extent.height == 64);
   show_frames(&c, &x, &ch, 0, 5, &staging);
   check_xlib(&c, display, x.window, ch.extent);

   /* Resize: the swapchain goes out of date. */
   uint32_t size[] = {80, 50};
   xcb_configure_window(x.conn, x.window, XCB_CONFIG_WINDOW_WIDTH | XCB_CONFIG_WINDOW_HEIGHT, size);
   free(xcb_get_geometry_reply(x.conn, xcb_get_geometry(x.conn, x.window), NULL));
   VkResult r = VK_SUCCESS;
   for (uint32_t f = 5; f < 10 && r == VK_SUCCESS; f++) {
      uint32_t index;
      r = acquire(&c, &ch, &index);
      if (r == VK_SUCCESS || r == VK_SUBOPTIMAL_KHR) {
         VkResult p = render_present(&c, &ch, index, f, &staging);
         CHECK(p == VK_SUCCESS || p == VK_SUBOPTIMAL_KHR || p == VK_ERROR_OUT_OF_DATE_KHR);
         if (r == VK_SUCCESS)
            r = p;
      }
      if (!c.reference)
         CHECK(r == VK_ERROR_OUT_OF_DATE_KHR);
   }
   CHECK(r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR);

   /* Recreate at the new size from the old swapchain. */
   struct chain ch2;
   make_chain(&c, surface, &ch2, ch.sc, VK_PRESENT_MODE_FIFO_KHR);
   CHECK(ch2.extent.width == 80 && ch2.extent.height == 50);
   vkDestroySwapchainKHR(c.dev, ch.sc, NULL);
   show_frames(&c, &x, &ch2, 20, 3, &staging);

   /* MAILBOX (frames in quick succession: the last one is shown) and
    * IMMEDIATE, where offered (agx-vk offers both on X11). */
   VkPresentModeKHR modes[] = {VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR};
   for (uint32_t m = 0; m < 2; m++) {
      if (!has_mode(&c, surface, modes[m])) {
         CHECK(c.reference);
         continue;
      }
      struct chain ch3;
      make_chain(&c, surface, &ch3, ch2.sc, modes[m]);
      vkDestroySwapchainKHR(c.dev, ch2.sc, NULL);
      uint32_t first = 30 + 10 * m;
      for (uint32_t f = first; f < first + 3; f++) {
         uint32_t index;
         VK_OK(acquire(&c, &ch3, &index));
         VK_OK(render_present(&c, &ch3, index, f, &staging));
      }
      CHECK(wait_for_frame(&x, ch3.extent, first + 2) == 0);
      show_frames(&c, &x, &ch3, first + 3, 1, &staging);
      ch2 = ch3;
   }
   /* The window goes away: agx-vk reports the surface lost. */
   if (!c.reference) {
      xcb_destroy_window(x.conn, x.window);
      free(xcb_get_input_focus_reply(x.conn, xcb_get_input_focus(x.conn), NULL));
      uint32_t index;
      CHECK_VK(acquire(&c, &ch2, &index), VK_ERROR_SURFACE_LOST_KHR);
      VkSurfaceCapabilitiesKHR caps;
      CHECK_VK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(c.pdev, surface, &caps),
               VK_ERROR_SURFACE_LOST_KHR);
   }
   vkDestroySwapchainKHR(c.dev, ch2.sc, NULL);

   agx_vk_buffer_free(&c, &staging);
   vkDestroySurfaceKHR(c.instance, surface, NULL);
   int status = agx_vk_ctx_finish(&c);
   xcb_disconnect(x.conn);
   kill_xvfb();
   if (status == 0)
      printf("wsi_x11: ok\n");
   return status;
}
