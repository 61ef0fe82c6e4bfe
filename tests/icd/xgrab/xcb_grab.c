/*
 * xcb_grab: writes the root window of $DISPLAY as a binary PPM (P6) to the
 * path given as the only argument, for tests that check what an
 * application shows without its cooperation (check_vkd3d_gears.py). Assumes
 * a 24/32-bit TrueColor root visual with B, G, R bytes per pixel in
 * little-endian order (Xvfb's default depth 24); exits 1 with a message
 * otherwise or when the X server cannot be reached.
 */
#include <stdio.h>
#include <stdlib.h>
#include <xcb/xcb.h>

int
main(int argc, char **argv)
{
   if (argc != 2) {
      fprintf(stderr, "usage: xcb_grab OUT.ppm\n");
      return 1;
   }
   xcb_connection_t *c = xcb_connect(NULL, NULL);
   if (xcb_connection_has_error(c)) {
      fprintf(stderr, "xcb_grab: cannot connect to the X server\n");
      return 1;
   }
   xcb_screen_t *s = xcb_setup_roots_iterator(xcb_get_setup(c)).data;
   xcb_get_image_reply_t *img =
      xcb_get_image_reply(c,
                          xcb_get_image(c, XCB_IMAGE_FORMAT_Z_PIXMAP, s->root, 0, 0,
                                        s->width_in_pixels, s->height_in_pixels, ~0u),
                          NULL);
   unsigned w = s->width_in_pixels, h = s->height_in_pixels;
   if (!img || img->depth != 24 || xcb_get_image_data_length(img) < (int)(4 * w * h)) {
      fprintf(stderr, "xcb_grab: no 24-bit image of the %ux%u root window\n", w, h);
      return 1;
   }
   FILE *f = fopen(argv[1], "wb");
   if (!f) {
      perror(argv[1]);
      return 1;
   }
   const uint8_t *p = xcb_get_image_data(img);
   fprintf(f, "P6\n%u %u\n255\n", w, h);
   for (unsigned i = 0; i < w * h; i++) {
      uint8_t rgb[3] = {p[4 * i + 2], p[4 * i + 1], p[4 * i]};
      fwrite(rgb, 1, 3, f);
   }
   int bad = fclose(f) != 0;
   free(img);
   xcb_disconnect(c);
   return bad;
}
