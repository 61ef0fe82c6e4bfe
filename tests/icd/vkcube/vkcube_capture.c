/*
 * LD_PRELOAD shim for check_vkcube.py: when the application destroys an X
 * window (vkcube does so once, after its last frame and vkDeviceWaitIdle),
 * the window's pixels are read with xcb_get_image first and written as a
 * binary PPM to $VKCUBE_CAPTURE, so the last presented frame of a run can be
 * compared between drivers. Assumes a 24/32-bit TrueColor visual with
 * little-endian B, G, R bytes per pixel (Xvfb's default depth 24).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <xcb/xcb.h>

static void
capture(xcb_connection_t *c, xcb_window_t window, const char *path)
{
   xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(c, xcb_get_geometry(c, window), NULL);
   if (!g)
      return;
   xcb_get_image_reply_t *img = xcb_get_image_reply(
      c, xcb_get_image(c, XCB_IMAGE_FORMAT_Z_PIXMAP, window, 0, 0, g->width, g->height, ~0u), NULL);
   FILE *f = img ? fopen(path, "wb") : NULL;
   int len = img ? xcb_get_image_data_length(img) : 0;
   if (f && len >= 4 * g->width * g->height) {
      const uint8_t *p = xcb_get_image_data(img);
      fprintf(f, "P6\n%u %u\n255\n", g->width, g->height);
      for (int i = 0; i < g->width * g->height; i++) {
         uint8_t rgb[3] = {p[4 * i + 2], p[4 * i + 1], p[4 * i]};
         fwrite(rgb, 1, 3, f);
      }
   }
   if (f)
      fclose(f);
   free(img);
   free(g);
}

xcb_void_cookie_t
xcb_destroy_window(xcb_connection_t *c, xcb_window_t window)
{
   const char *path = getenv("VKCUBE_CAPTURE");
   if (path && path[0])
      capture(c, window, path);
   xcb_void_cookie_t (*real)(xcb_connection_t *, xcb_window_t) =
      (xcb_void_cookie_t(*)(xcb_connection_t *, xcb_window_t))dlsym(RTLD_NEXT,
                                                                    "xcb_destroy_window");
   return real(c, window);
}
