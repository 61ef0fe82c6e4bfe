/*
 * VK_KHR_wayland_surface presentation to a compositor the test runs itself:
 * a minimal one on libwayland-server in a thread (wl_compositor version 1
 * and the library's wl_shm), connected to the client over a socket pair,
 * so neither a real compositor nor XDG_RUNTIME_DIR is needed. Each commit
 * copies the attached wl_shm buffer and releases it; the test presents
 * frames cleared with copied sub-rectangles (agx_wsi_frame.h) through a
 * FIFO swapchain and compares every committed frame exactly with the CPU
 * reference, paced by frame callbacks; then a MAILBOX swapchain. On agx-vk,
 * a compositor holding every buffer blocks only the present thread, not the
 * queue.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>
#include <wayland-server.h>
#define VK_USE_PLATFORM_WAYLAND_KHR
#include "agx_vk_ctx.h"
#include "agx_wsi_frame.h"
#include <vulkan/vulkan_wayland.h>

#define W 64
#define H 48

/* The compositor's state, shared with the test under `mutex`. */
static struct {
   struct wl_display *display;
   pthread_t thread;
   atomic_bool stop;
   pthread_mutex_t mutex;
   uint32_t commits;       /* commits with a buffer */
   uint32_t frames;        /* wl_surface.frame requests */
   uint32_t width, height; /* of the last committed buffer */
   uint32_t pixels[W * H]; /* its pixels, rows tight */
   /* A slow compositor: while `hold`, buffers stay unreleased (in `held`)
    * until the test sets `release`. */
   bool hold;
   atomic_bool release;
   struct wl_resource *held[16];
   uint32_t held_count;
} comp = {.mutex = PTHREAD_MUTEX_INITIALIZER};

struct surface_state {
   struct wl_resource *pending; /* attached buffer, or NULL */
};

static void
destroy_request(struct wl_client *client, struct wl_resource *resource)
{
   wl_resource_destroy(resource);
}

static void
surface_attach(struct wl_client *client, struct wl_resource *resource, struct wl_resource *buffer,
               int32_t x, int32_t y)
{
   ((struct surface_state *)wl_resource_get_user_data(resource))->pending = buffer;
}

static void
surface_damage(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y,
               int32_t w, int32_t h)
{
}

static void
surface_frame(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
   pthread_mutex_lock(&comp.mutex);
   comp.frames++;
   pthread_mutex_unlock(&comp.mutex);
   struct wl_resource *cb = wl_resource_create(client, &wl_callback_interface, 1, id);
   wl_callback_send_done(cb, 0);
   wl_resource_destroy(cb);
}

static void
surface_region(struct wl_client *client, struct wl_resource *resource, struct wl_resource *region)
{
}

/* Copies the attached buffer (the "screen") and releases it. */
static void
surface_commit(struct wl_client *client, struct wl_resource *resource)
{
   struct surface_state *s = wl_resource_get_user_data(resource);
   if (!s->pending)
      return;
   struct wl_shm_buffer *shm = wl_shm_buffer_get(s->pending);
   CHECK(shm != NULL);
   uint32_t w = (uint32_t)wl_shm_buffer_get_width(shm), h = (uint32_t)wl_shm_buffer_get_height(shm);
   uint32_t stride = (uint32_t)wl_shm_buffer_get_stride(shm);
   CHECK(wl_shm_buffer_get_format(shm) == WL_SHM_FORMAT_XRGB8888 ||
         wl_shm_buffer_get_format(shm) == WL_SHM_FORMAT_ARGB8888);
   CHECK(w <= W && h <= H);
   pthread_mutex_lock(&comp.mutex);
   wl_shm_buffer_begin_access(shm);
   const uint8_t *data = wl_shm_buffer_get_data(shm);
   for (uint32_t y = 0; y < h; y++)
      memcpy(&comp.pixels[y * w], data + (size_t)y * stride, w * 4);
   wl_shm_buffer_end_access(shm);
   comp.width = w;
   comp.height = h;
   comp.commits++;
   bool hold = comp.hold;
   if (hold)
      comp.held[comp.held_count++] = s->pending;
   pthread_mutex_unlock(&comp.mutex);
   if (!hold)
      wl_buffer_send_release(s->pending);
   s->pending = NULL;
}

static const struct wl_surface_interface surface_impl = {
   .destroy = destroy_request,
   .attach = surface_attach,
   .damage = surface_damage,
   .frame = surface_frame,
   .set_opaque_region = surface_region,
   .set_input_region = surface_region,
   .commit = surface_commit,
};

static void
free_surface(struct wl_resource *resource)
{
   free(wl_resource_get_user_data(resource));
}

static void
region_rect(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t w,
            int32_t h)
{
}

static const struct wl_region_interface region_impl = {
   .destroy = destroy_request,
   .add = region_rect,
   .subtract = region_rect,
};

static void
create_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
   struct wl_resource *s = wl_resource_create(client, &wl_surface_interface, 1, id);
   struct surface_state *state = calloc(1, sizeof(*state));
   CHECK(s && state);
   wl_resource_set_implementation(s, &surface_impl, state, free_surface);
}

static void
create_region(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
   struct wl_resource *r = wl_resource_create(client, &wl_region_interface, 1, id);
   wl_resource_set_implementation(r, &region_impl, NULL, NULL);
}

static const struct wl_compositor_interface compositor_impl = {
   .create_surface = create_surface,
   .create_region = create_region,
};

static void
bind_compositor(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
   struct wl_resource *r = wl_resource_create(client, &wl_compositor_interface, 1, id);
   wl_resource_set_implementation(r, &compositor_impl, NULL, NULL);
}

static void *
compositor_thread(void *data)
{
   struct wl_event_loop *loop = wl_display_get_event_loop(comp.display);
   while (!atomic_load(&comp.stop)) {
      wl_event_loop_dispatch(loop, 20);
      if (atomic_exchange(&comp.release, false)) {
         pthread_mutex_lock(&comp.mutex);
         for (uint32_t i = 0; i < comp.held_count; i++)
            wl_buffer_send_release(comp.held[i]);
         comp.held_count = 0;
         comp.hold = false;
         pthread_mutex_unlock(&comp.mutex);
      }
      wl_display_flush_clients(comp.display);
   }
   return NULL;
}

/* Starts the compositor; returns the client's end of the connection. */
static int
start_compositor(void)
{
   int fds[2];
   CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0);
   comp.display = wl_display_create();
   CHECK(comp.display != NULL);
   CHECK(wl_display_init_shm(comp.display) == 0);
   CHECK(wl_global_create(comp.display, &wl_compositor_interface, 1, NULL, bind_compositor));
   CHECK(wl_client_create(comp.display, fds[0]) != NULL);
   CHECK(pthread_create(&comp.thread, NULL, compositor_thread, NULL) == 0);
   return fds[1];
}

static void
stop_compositor(void)
{
   atomic_store(&comp.stop, true);
   pthread_join(comp.thread, NULL);
   wl_display_destroy_clients(comp.display);
   wl_display_destroy(comp.display);
}

/* The client side: the application's compositor binding and surface. */
static struct wl_compositor *client_compositor;

static void
on_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
          uint32_t version)
{
   if (strcmp(interface, wl_compositor_interface.name) == 0)
      client_compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 1);
}

static void
on_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {on_global, on_global_remove};

static uint64_t
now_ms(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

/* Waits (at most 5 s) until the compositor shows frame `frame`; returns
 * the mismatching pixel count. */
static uint32_t
wait_for_frame(VkExtent2D extent, uint32_t frame)
{
   uint64_t until = now_ms() + 5000;
   for (;;) {
      bool last = now_ms() > until;
      pthread_mutex_lock(&comp.mutex);
      uint32_t bad = UINT32_MAX;
      if (comp.width == extent.width && comp.height == extent.height)
         bad =
            agx_wsi_frame_compare(comp.pixels, extent.width * 4, extent, frame, 0x00ffffffu, last);
      pthread_mutex_unlock(&comp.mutex);
      if (bad == 0 || last)
         return bad;
      usleep(2000);
   }
}

/* Acquires, records frame `frame`, submits and presents; waits for the
 * queue (not for the compositor). */
static void
present_frame(struct agx_vk_ctx *c, VkSwapchainKHR sc, const VkImage *images, uint32_t count,
              uint32_t f, struct agx_vk_buffer *staging)
{
   VkExtent2D extent = {W, H};
   VkSemaphoreCreateInfo sem_ci = {VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
   VkSemaphore acquired, rendered;
   VK_OK(vkCreateSemaphore(c->dev, &sem_ci, NULL, &acquired));
   VK_OK(vkCreateSemaphore(c->dev, &sem_ci, NULL, &rendered));
   uint32_t index;
   VK_OK(vkAcquireNextImageKHR(c->dev, sc, 2000000000ull, acquired, VK_NULL_HANDLE, &index));
   CHECK(index < count);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_wsi_frame_record(cb, images[index], extent, f, staging, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
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
   VkPresentInfoKHR pi = {.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
                          .waitSemaphoreCount = 1,
                          .pWaitSemaphores = &rendered,
                          .swapchainCount = 1,
                          .pSwapchains = &sc,
                          .pImageIndices = &index};
   VK_OK(vkQueuePresentKHR(c->queue, &pi));
   VK_OK(vkQueueWaitIdle(c->queue));
   vkFreeCommandBuffers(c->dev, c->pool, 1, &cb);
   vkDestroySemaphore(c->dev, acquired, NULL);
   vkDestroySemaphore(c->dev, rendered, NULL);
}

/* agx-vk presents on a thread of its own: a compositor that keeps every
 * buffer blocks that thread, but neither the queue (a fill runs and its
 * fence signals) nor vkQueuePresentKHR; the held frame shows once the
 * compositor releases its buffers. */
static void
check_slow_compositor(struct agx_vk_ctx *c, VkSwapchainKHR sc, const VkImage *images,
                      uint32_t count, struct agx_vk_buffer *staging)
{
   pthread_mutex_lock(&comp.mutex);
   comp.hold = true;
   uint32_t commits = comp.commits;
   pthread_mutex_unlock(&comp.mutex);
   /* Frames until one is not shown within a second: its buffer is held,
    * so it waits in the present thread for the release (with `count`
    * buffers, by frame count + 1 at the latest). */
   uint32_t f, presented = 0;
   for (f = 100; f <= 100 + count; f++) {
      present_frame(c, sc, images, count, f, staging);
      presented++;
      uint64_t until = now_ms() + 1000;
      bool shown = false;
      while (!shown && now_ms() < until) {
         pthread_mutex_lock(&comp.mutex);
         shown = comp.commits == commits + presented;
         pthread_mutex_unlock(&comp.mutex);
         if (!shown)
            usleep(2000);
      }
      if (!shown)
         break;
   }
   CHECK(f <= 100 + count);

   struct agx_vk_buffer buf = agx_vk_buffer(c, 256);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdFillBuffer(cb, buf.buf, 0, 256, 0x5a5a5a5au);
   VK_OK(agx_vk_submit_wait(c, cb));
   CHECK(buf.map[0] == 0x5a && buf.map[255] == 0x5a);
   agx_vk_buffer_free(c, &buf);
   pthread_mutex_lock(&comp.mutex);
   CHECK(comp.commits == commits + presented - 1); /* the last frame is not shown yet */
   pthread_mutex_unlock(&comp.mutex);

   atomic_store(&comp.release, true);
   CHECK(wait_for_frame((VkExtent2D){W, H}, f) == 0);
}

int
main(int argc, char **argv)
{
   int fd = start_compositor();
   struct wl_display *display = wl_display_connect_to_fd(fd);
   CHECK(display != NULL);
   struct wl_registry *registry = wl_display_get_registry(display);
   wl_registry_add_listener(registry, &registry_listener, NULL);
   CHECK(wl_display_roundtrip(display) >= 0 && client_compositor);
   struct wl_surface *wl_surface = wl_compositor_create_surface(client_compositor);

   struct agx_vk_ctx c;
   const char *iexts[] = {VK_KHR_SURFACE_EXTENSION_NAME, VK_KHR_WAYLAND_SURFACE_EXTENSION_NAME};
   agx_vk_ctx_instance_exts(&c, argc, argv, VK_API_VERSION_1_3, 2, iexts);
   const char *dexts[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
   agx_vk_ctx_device(&c, NULL, 1, dexts);
   CHECK(vkGetPhysicalDeviceWaylandPresentationSupportKHR(c.pdev, 0, display));
   VkWaylandSurfaceCreateInfoKHR wci = {VK_STRUCTURE_TYPE_WAYLAND_SURFACE_CREATE_INFO_KHR, NULL, 0,
                                        display, wl_surface};
   VkSurfaceKHR surface;
   VK_OK(vkCreateWaylandSurfaceKHR(c.instance, &wci, NULL, &surface));
   VkBool32 supported = VK_FALSE;
   VK_OK(vkGetPhysicalDeviceSurfaceSupportKHR(c.pdev, 0, surface, &supported));
   CHECK(supported);
   VkSurfaceCapabilitiesKHR caps;
   VK_OK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(c.pdev, surface, &caps));
   /* The client decides a Wayland window's size. */
   CHECK(caps.currentExtent.width == UINT32_MAX && caps.currentExtent.height == UINT32_MAX);

   VkExtent2D extent = {W, H};
   VkSwapchainCreateInfoKHR sci = {
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
      .surface = surface,
      .minImageCount = caps.minImageCount < 3 ? 3 : caps.minImageCount,
      .imageFormat = VK_FORMAT_B8G8R8A8_UNORM,
      .imageColorSpace = VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
      .imageExtent = extent,
      .imageArrayLayers = 1,
      .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .preTransform = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR,
      .compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
      .presentMode = VK_PRESENT_MODE_FIFO_KHR,
      .clipped = VK_TRUE,
   };
   VkSwapchainKHR sc;
   VK_OK(vkCreateSwapchainKHR(c.dev, &sci, NULL, &sc));
   VkImage images[16];
   uint32_t count = 16;
   VK_OK(vkGetSwapchainImagesKHR(c.dev, sc, &count, images));

   struct agx_vk_buffer staging = agx_vk_buffer(&c, AGX_WSI_PATTERN_BYTES);
   for (uint32_t f = 0; f < 6; f++) {
      present_frame(&c, sc, images, count, f, &staging);
      CHECK(wait_for_frame(extent, f) == 0);
   }
   /* FIFO is paced by frame callbacks (agx-vk: one per commit). */
   if (!c.reference) {
      pthread_mutex_lock(&comp.mutex);
      CHECK(comp.frames == comp.commits);
      pthread_mutex_unlock(&comp.mutex);
   }
   if (!c.reference)
      check_slow_compositor(&c, sc, images, count, &staging);

   /* MAILBOX from the old swapchain: frames in quick succession, the last
    * one is shown. */
   VkPresentModeKHR modes[16];
   uint32_t n = 16;
   VK_OK(vkGetPhysicalDeviceSurfacePresentModesKHR(c.pdev, surface, &n, modes));
   bool mailbox = false;
   for (uint32_t i = 0; i < n; i++)
      mailbox |= modes[i] == VK_PRESENT_MODE_MAILBOX_KHR;
   CHECK(mailbox || c.reference);
   if (mailbox) {
      sci.presentMode = VK_PRESENT_MODE_MAILBOX_KHR;
      sci.oldSwapchain = sc;
      VkSwapchainKHR sc2;
      VK_OK(vkCreateSwapchainKHR(c.dev, &sci, NULL, &sc2));
      vkDestroySwapchainKHR(c.dev, sc, NULL);
      sc = sc2;
      count = 16;
      VK_OK(vkGetSwapchainImagesKHR(c.dev, sc, &count, images));
      for (uint32_t f = 200; f < 204; f++)
         present_frame(&c, sc, images, count, f, &staging);
      CHECK(wait_for_frame(extent, 203) == 0);
   }
   vkDestroySwapchainKHR(c.dev, sc, NULL);
   agx_vk_buffer_free(&c, &staging);
   vkDestroySurfaceKHR(c.instance, surface, NULL);
   int status = agx_vk_ctx_finish(&c);
   wl_surface_destroy(wl_surface);
   wl_compositor_destroy(client_compositor);
   wl_registry_destroy(registry);
   wl_display_disconnect(display);
   stop_compositor();
   if (status == 0)
      printf("wsi_wayland: ok (%u commits)\n", comp.commits);
   return status;
}
