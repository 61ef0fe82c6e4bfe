/*
 * Host reference runs of the image transfer kernels (cl_kernels/agx_image_copy.cl compiled
 * as C): a linear buffer box copied into a GPU-tiled surface and back, a clear of a tiled
 * sub-box, and a copy between tiled surfaces at offsets, checked against a direct model of
 * the layouts (page tiles, Morton order inside, written here without the shared header's
 * helpers) and against untouched bytes around the boxes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_cl_host.h"

#define CHECK(cond)                                                               \
   do {                                                                           \
      if (!(cond)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
         exit(1);                                                                 \
      }                                                                           \
   } while (0)

/* 4-byte texels: 64x64 tiles of one page. */
static size_t
model_offset(uint32_t w, uint32_t x, uint32_t y)
{
   size_t tile = (size_t)(y / 64) * ((w + 63) / 64) + x / 64;
   uint32_t inner = 0;
   for (unsigned b = 0; b < 6; b++)
      inner |= (((x % 64) >> b) & 1u) << (2 * b) | (((y % 64) >> b) & 1u) << (2 * b + 1);
   return tile * 16384 + inner * 4;
}

static struct agx_image_surface
tiled(uint8_t *base, uint32_t w, uint32_t h)
{
   uint32_t tiles = ((w + 63) / 64) * ((h + 63) / 64);
   return (struct agx_image_surface){.base = (uint64_t)(uintptr_t)base,
                                     .layer_stride = (uint64_t)tiles * 16384,
                                     .tiled = 1,
                                     .bytes = 4,
                                     .row_stride = (w + 63) / 64,
                                     .tile_log2 = 6 | (6 << 8)};
}

int
main(void)
{
   const uint32_t w = 100, h = 70; /* 2 x 2 tiles, 2 layers */
   const size_t layer = 4 * 16384;
   uint8_t *img = calloc(2, layer), *img2 = calloc(2, layer);
   uint32_t *buf = malloc(w * h * 2 * 4), *back = calloc(w * h * 2, 4);
   CHECK(img && img2 && buf && back);
   for (uint32_t i = 0; i < w * h * 2; i++)
      buf[i] = i * 2654435761u;
   struct agx_image_surface lin = {.base = (uint64_t)(uintptr_t)buf,
                                   .layer_stride = w * h * 4,
                                   .tiled = 0,
                                   .bytes = 4,
                                   .row_stride = w * 4};
   struct agx_image_copy_args up =
      {.src = lin, .dst = tiled(img, w, h), .width = w, .height = h, .depth = 2, .bytes = 4};
   agx_host_image_copy(up);
   for (uint32_t z = 0; z < 2; z++)
      for (uint32_t y = 0; y < h; y++)
         for (uint32_t x = 0; x < w; x++) {
            uint32_t v;
            memcpy(&v, img + z * layer + model_offset(w, x, y), 4);
            CHECK(v == buf[(z * h + y) * w + x]);
         }
   /* back through the linear side */
   struct agx_image_copy_args down = up;
   down.src = up.dst;
   down.dst = (struct agx_image_surface){.base = (uint64_t)(uintptr_t)back,
                                         .layer_stride = w * h * 4,
                                         .bytes = 4,
                                         .row_stride = w * 4};
   agx_host_image_copy(down);
   CHECK(!memcmp(back, buf, w * h * 2 * 4));

   /* clear a box of layer 1: only it changes */
   struct agx_image_clear_args cl = {.dst = tiled(img, w, h),
                                     .value = {0xdeadbeefu},
                                     .x = 60,
                                     .y = 10,
                                     .z = 1,
                                     .width = 20,
                                     .height = 58,
                                     .depth = 1,
                                     .bytes = 4};
   agx_host_image_clear(cl);
   for (uint32_t z = 0; z < 2; z++)
      for (uint32_t y = 0; y < h; y++)
         for (uint32_t x = 0; x < w; x++) {
            uint32_t v;
            memcpy(&v, img + z * layer + model_offset(w, x, y), 4);
            bool in = z == 1 && x >= 60 && x < 80 && y >= 10 && y < 68;
            CHECK(v == (in ? 0xdeadbeefu : buf[(z * h + y) * w + x]));
         }

   /* tiled -> tiled at offsets, layer 0 -> layer 1 */
   struct agx_image_copy_args tt = {.src = tiled(img, w, h),
                                    .dst = tiled(img2, w, h),
                                    .src_x = 3,
                                    .src_y = 50,
                                    .src_z = 0,
                                    .dst_x = 70,
                                    .dst_y = 1,
                                    .dst_z = 1,
                                    .width = 30,
                                    .height = 20,
                                    .depth = 1,
                                    .bytes = 4};
   agx_host_image_copy(tt);
   for (uint32_t y = 0; y < h; y++)
      for (uint32_t x = 0; x < w; x++) {
         uint32_t v, z0;
         memcpy(&v, img2 + layer + model_offset(w, x, y), 4);
         memcpy(&z0, img2 + model_offset(w, x, y), 4);
         CHECK(z0 == 0);
         bool in = x >= 70 && y >= 1 && y < 21;
         CHECK(v == (in ? buf[(y - 1 + 50) * w + (x - 70 + 3)] : 0));
      }
   free(img);
   free(img2);
   free(buf);
   free(back);
   printf("image kernels (host): ok\n");
   return 0;
}
