/*
 * Image transfers through the loader, compared byte for byte:
 *  - buffer -> image -> buffer round trips of every level and layer (2D,
 *    mipmapped arrays, 3D with levels, 1D arrays, linear) for 1- to 16-byte
 *    formats; a sub-box with buffer row length / image height and offsets;
 *  - image -> image copies (optimal -> linear, between levels and layers,
 *    3D slices to 2D layers) checked through a copy back to a buffer;
 *  - vkCmdClearColorImage of some levels and layers: the encoded colours
 *    (unorm, sRGB, float16, float32, uint, packed 565) read back, the
 *    rest untouched;
 *  - agx-vk only: the texels of an optimal image land where the hardware's
 *    GPU tiled layout puts them (16 KiB tiles, Morton order inside; an
 *    independent formula), read from the image's memory mapped by the host.
 * The same runs on lavapipe (--reference) except the layout check.
 *
 * test_image_copy [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

struct img {
   VkImage image;
   VkDeviceMemory mem;
   VkImageType type;
   VkFormat format;
   VkImageTiling tiling;
   uint32_t w, h, d, layers, levels, bytes;
};

static struct img
make_image(struct agx_vk_ctx *c, VkImageType type, VkFormat format, unsigned bytes,
           VkImageTiling tiling, uint32_t w, uint32_t h, uint32_t d, uint32_t layers,
           uint32_t levels)
{
   struct img m = {.type = type,
                   .format = format,
                   .tiling = tiling,
                   .w = w,
                   .h = h,
                   .d = d,
                   .layers = layers,
                   .levels = levels,
                   .bytes = bytes};
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = type,
                           .format = format,
                           .extent = {w, h, d},
                           .mipLevels = levels,
                           .arrayLayers = layers,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = tiling,
                           .usage =
                              VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT};
   VK_OK(vkCreateImage(c->dev, &ci, NULL, &m.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, m.image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex =
                                 agx_vk_memory_type(c, req.memoryTypeBits,
                                                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                       VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
   VK_OK(vkAllocateMemory(c->dev, &ai, NULL, &m.mem));
   VK_OK(vkBindImageMemory(c->dev, m.image, m.mem, 0));
   return m;
}

static void
free_image(struct agx_vk_ctx *c, struct img *m)
{
   vkDestroyImage(c->dev, m->image, NULL);
   vkFreeMemory(c->dev, m->mem, NULL);
}

static uint32_t
minify(uint32_t v, unsigned l)
{
   return v >> l ? v >> l : 1;
}

/* Tight bytes of level l (all layers / slices). */
static uint64_t
level_bytes(const struct img *m, unsigned l)
{
   uint32_t z = m->type == VK_IMAGE_TYPE_3D ? minify(m->d, l) : m->layers;
   return (uint64_t)minify(m->w, l) * minify(m->h, l) * z * m->bytes;
}

static VkBufferImageCopy
level_region(const struct img *m, unsigned l, VkDeviceSize offset)
{
   bool is3d = m->type == VK_IMAGE_TYPE_3D;
   return (VkBufferImageCopy){
      .bufferOffset = offset,
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, is3d ? 1 : m->layers},
      .imageExtent = {minify(m->w, l), minify(m->h, l), is3d ? minify(m->d, l) : 1}};
}

static void
barrier(VkCommandBuffer cb)
{
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask =
                            VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
}

static void
to_general(VkCommandBuffer cb, const struct img *m)
{
   VkImageMemoryBarrier ib = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                              .srcAccessMask = 0,
                              .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                              .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                              .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = m->image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0,
                                                   VK_REMAINING_MIP_LEVELS, 0,
                                                   VK_REMAINING_ARRAY_LAYERS}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                        NULL, 0, NULL, 1, &ib);
}

/* Hardware GPU tiled layout of level 0, layer 0 (written independently of
 * the driver: page-sized tiles, Morton inside, tiles row-major; an image
 * smaller than a page tile in either direction uses square tiles of the
 * next power of two of its smaller side, ail's "POT tail"). */
static uint64_t
tiled_offset(uint32_t w, uint32_t h, unsigned bytes, uint32_t x, uint32_t y)
{
   unsigned tw = bytes == 1 ? 128 : bytes == 2 ? 128 : bytes == 4 ? 64 : bytes == 8 ? 64 : 32;
   unsigned th = 16384 / bytes / tw;
   if (w < tw || h < th) {
      tw = 1;
      while (tw < (w < h ? w : h))
         tw *= 2;
      th = tw;
   }
   uint64_t tile = (uint64_t)(y / th) * ((w + tw - 1) / tw) + x / tw;
   uint32_t inner = 0, ix = x % tw, iy = y % th;
   for (unsigned b = 0; b < 8; b++)
      inner |= ((ix >> b) & 1u) << (2 * b) | ((iy >> b) & 1u) << (2 * b + 1);
   return (tile * tw * th + inner) * bytes;
}

static unsigned
round_trip(struct agx_vk_ctx *c, struct img *m)
{
   uint64_t total = 0;
   for (unsigned l = 0; l < m->levels; l++)
      total += level_bytes(m, l);
   struct agx_vk_buffer in = agx_vk_buffer(c, total), out = agx_vk_buffer(c, total);
   for (uint64_t i = 0; i < total; i++)
      in.map[i] = (uint8_t)(agx_vk_hash((uint32_t)i) >> 7);
   memset(out.map, 0xcd, total);
   VkBufferImageCopy regions[16];
   uint64_t off = 0;
   for (unsigned l = 0; l < m->levels; l++) {
      regions[l] = level_region(m, l, off);
      off += level_bytes(m, l);
   }
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, m);
   vkCmdCopyBufferToImage(cb, in.buf, m->image, VK_IMAGE_LAYOUT_GENERAL, m->levels, regions);
   barrier(cb);
   /* back with the *2 command */
   VkBufferImageCopy2 r2[16];
   for (unsigned l = 0; l < m->levels; l++)
      r2[l] = (VkBufferImageCopy2){.sType = VK_STRUCTURE_TYPE_BUFFER_IMAGE_COPY_2,
                                   .bufferOffset = regions[l].bufferOffset,
                                   .imageSubresource = regions[l].imageSubresource,
                                   .imageExtent = regions[l].imageExtent};
   VkCopyImageToBufferInfo2 info = {.sType = VK_STRUCTURE_TYPE_COPY_IMAGE_TO_BUFFER_INFO_2,
                                    .srcImage = m->image,
                                    .srcImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                    .dstBuffer = out.buf,
                                    .regionCount = m->levels,
                                    .pRegions = r2};
   vkCmdCopyImageToBuffer2(cb, &info);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0;
   if (memcmp(in.map, out.map, total)) {
      for (uint64_t i = 0; i < total; i++)
         if (in.map[i] != out.map[i]) {
            fprintf(stderr,
                    "format %d %ux%ux%u layers %u levels %u: byte %llu of %llu differs "
                    "(0x%02x, expected 0x%02x)\n",
                    m->format, m->w, m->h, m->d, m->layers, m->levels, (unsigned long long)i,
                    (unsigned long long)total, out.map[i], in.map[i]);
            break;
         }
      bad++;
   }
   /* agx-vk: level 0 layer 0 of an optimal image where the hardware reads it */
   if (!bad && !c->reference && m->tiling == VK_IMAGE_TILING_OPTIMAL) {
      uint8_t *map;
      VK_OK(vkMapMemory(c->dev, m->mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
      for (uint32_t y = 0; y < m->h && !bad; y++)
         for (uint32_t x = 0; x < m->w; x++) {
            uint64_t t = tiled_offset(m->w, m->h, m->bytes, x, y);
            if (memcmp(map + t, in.map + ((uint64_t)y * m->w + x) * m->bytes, m->bytes)) {
               fprintf(stderr, "format %d %ux%u: texel (%u, %u) not at tiled offset %llu\n",
                       m->format, m->w, m->h, x, y, (unsigned long long)t);
               bad++;
               break;
            }
         }
      vkUnmapMemory(c->dev, m->mem);
   }
   agx_vk_buffer_free(c, &in);
   agx_vk_buffer_free(c, &out);
   return bad;
}

/* A sub-box through a buffer with row length / image height and offsets. */
static unsigned
sub_box(struct agx_vk_ctx *c)
{
   struct img m = make_image(c, VK_IMAGE_TYPE_2D, VK_FORMAT_R16G16_UINT, 4, VK_IMAGE_TILING_OPTIMAL,
                             100, 70, 1, 3, 2);
   const uint32_t row = 40, rows = 25, w = 30, h = 20;
   uint64_t size = (uint64_t)row * rows * 2 * 4 + 64;
   struct agx_vk_buffer in = agx_vk_buffer(c, size), out = agx_vk_buffer(c, size);
   for (uint64_t i = 0; i < size; i++)
      in.map[i] = (uint8_t)(agx_vk_hash((uint32_t)i + 77) >> 3);
   VkBufferImageCopy r = {.bufferOffset = 16,
                          .bufferRowLength = row,
                          .bufferImageHeight = rows,
                          .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 2},
                          .imageOffset = {13, 9, 0},
                          .imageExtent = {w, h, 1}};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &m);
   vkCmdCopyBufferToImage(cb, in.buf, m.image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   barrier(cb);
   r.bufferOffset = 32;
   vkCmdCopyImageToBuffer(cb, m.image, VK_IMAGE_LAYOUT_GENERAL, out.buf, 1, &r);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0;
   for (uint32_t z = 0; z < 2; z++)
      for (uint32_t y = 0; y < h; y++)
         for (uint32_t x = 0; x < w; x++) {
            uint64_t o = ((uint64_t)z * rows * row + y * row + x) * 4;
            if (memcmp(in.map + 16 + o, out.map + 32 + o, 4)) {
               if (!bad)
                  fprintf(stderr, "sub-box: texel (%u, %u, %u) differs\n", x, y, z);
               bad++;
            }
         }
   /* bytes between the rows stay untouched */
   CHECK(out.map[32 + w * 4] == 0 && out.map[0] == 0);
   agx_vk_buffer_free(c, &in);
   agx_vk_buffer_free(c, &out);
   free_image(c, &m);
   return bad ? 1 : 0;
}

/* image -> image: (a) 2D array optimal level 1 layers 1-2 -> another
 * image's level 0 layers 0-1 at an offset; (b) a 3D image's slices ->
 * 2D layers; (c) optimal -> linear. Compared after copies back. */
static unsigned
image_to_image(struct agx_vk_ctx *c)
{
   unsigned bad = 0;
   struct img a = make_image(c, VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UINT, 4,
                             VK_IMAGE_TILING_OPTIMAL, 64, 48, 1, 3, 3);
   struct img b = make_image(c, VK_IMAGE_TYPE_2D, VK_FORMAT_R32_UINT, 4, VK_IMAGE_TILING_OPTIMAL,
                             50, 40, 1, 2, 1);
   struct img lin = make_image(c, VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UINT, 4,
                               VK_IMAGE_TILING_LINEAR, 32, 24, 1, 1, 1);
   uint64_t size = 64 * 48 * 3 * 4;
   struct agx_vk_buffer in = agx_vk_buffer(c, size), out = agx_vk_buffer(c, size),
                        out2 = agx_vk_buffer(c, size);
   for (uint64_t i = 0; i < size; i++)
      in.map[i] = (uint8_t)(agx_vk_hash((uint32_t)i * 3) >> 11);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &a);
   to_general(cb, &b);
   to_general(cb, &lin);
   VkBufferImageCopy up = level_region(&a, 1, 0); /* level 1: 32x24, 3 layers */
   vkCmdCopyBufferToImage(cb, in.buf, a.image, VK_IMAGE_LAYOUT_GENERAL, 1, &up);
   barrier(cb);
   VkImageCopy ic = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 2},
                     .srcOffset = {0, 0, 0},
                     .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 2},
                     .dstOffset = {5, 7, 0},
                     .extent = {32, 24, 1}};
   vkCmdCopyImage(cb, a.image, VK_IMAGE_LAYOUT_GENERAL, b.image, VK_IMAGE_LAYOUT_GENERAL, 1, &ic);
   VkImageCopy2 ic2 = {.sType = VK_STRUCTURE_TYPE_IMAGE_COPY_2,
                       .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 1, 2, 1},
                       .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                       .extent = {32, 24, 1}};
   VkCopyImageInfo2 cii = {.sType = VK_STRUCTURE_TYPE_COPY_IMAGE_INFO_2,
                           .srcImage = a.image,
                           .srcImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                           .dstImage = lin.image,
                           .dstImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                           .regionCount = 1,
                           .pRegions = &ic2};
   vkCmdCopyImage2(cb, &cii);
   barrier(cb);
   VkBufferImageCopy down = {.bufferRowLength = 32,
                             .bufferImageHeight = 24,
                             .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 2},
                             .imageOffset = {5, 7, 0},
                             .imageExtent = {32, 24, 1}};
   vkCmdCopyImageToBuffer(cb, b.image, VK_IMAGE_LAYOUT_GENERAL, out.buf, 1, &down);
   VkBufferImageCopy down2 = level_region(&lin, 0, 0);
   vkCmdCopyImageToBuffer(cb, lin.image, VK_IMAGE_LAYOUT_GENERAL, out2.buf, 1, &down2);
   VK_OK(agx_vk_submit_wait(c, cb));
   const uint64_t layer = 32 * 24 * 4;
   if (memcmp(out.map, in.map + layer, 2 * layer)) {
      fprintf(stderr, "image copy between arrays differs\n");
      bad++;
   }
   if (memcmp(out2.map, in.map + 2 * layer, layer)) {
      fprintf(stderr, "image copy optimal -> linear differs\n");
      bad++;
   }
   agx_vk_buffer_free(c, &in);
   agx_vk_buffer_free(c, &out);
   agx_vk_buffer_free(c, &out2);
   free_image(c, &a);
   free_image(c, &b);
   free_image(c, &lin);
   return bad;
}

static unsigned
clear(struct agx_vk_ctx *c, VkFormat format, unsigned bytes, VkClearColorValue colour,
      const uint8_t *expect)
{
   struct img m =
      make_image(c, VK_IMAGE_TYPE_2D, format, bytes, VK_IMAGE_TILING_OPTIMAL, 40, 30, 1, 3, 3);
   uint64_t total = 0;
   for (unsigned l = 0; l < 3; l++)
      total += level_bytes(&m, l);
   struct agx_vk_buffer in = agx_vk_buffer(c, total), out = agx_vk_buffer(c, total);
   memset(in.map, 0x5a, total);
   VkBufferImageCopy regions[3];
   uint64_t off = 0;
   for (unsigned l = 0; l < 3; l++) {
      regions[l] = level_region(&m, l, off);
      off += level_bytes(&m, l);
   }
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &m);
   vkCmdCopyBufferToImage(cb, in.buf, m.image, VK_IMAGE_LAYOUT_GENERAL, 3, regions);
   barrier(cb);
   /* levels 1-2, layers 1-2 */
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 1, VK_REMAINING_MIP_LEVELS, 1, 2};
   vkCmdClearColorImage(cb, m.image, VK_IMAGE_LAYOUT_GENERAL, &colour, 1, &range);
   barrier(cb);
   vkCmdCopyImageToBuffer(cb, m.image, VK_IMAGE_LAYOUT_GENERAL, out.buf, 3, regions);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0;
   off = 0;
   for (unsigned l = 0; l < 3; l++) {
      uint64_t layer = level_bytes(&m, l) / 3;
      for (unsigned z = 0; z < 3; z++)
         for (uint64_t t = 0; t < layer; t += bytes) {
            const uint8_t *got = out.map + off + z * layer + t;
            bool cleared = l >= 1 && z >= 1;
            if (cleared ? memcmp(got, expect, bytes) : (got[0] != 0x5a || got[bytes - 1] != 0x5a)) {
               if (!bad)
                  fprintf(stderr, "clear format %d: level %u layer %u byte %llu: 0x%02x%02x\n",
                          format, l, z, (unsigned long long)t, got[0], got[bytes - 1]);
               bad++;
            }
         }
      off += level_bytes(&m, l);
   }
   agx_vk_buffer_free(c, &in);
   agx_vk_buffer_free(c, &out);
   free_image(c, &m);
   return bad ? 1 : 0;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   agx_vk_ctx_device(&c, NULL, 0, NULL);
   unsigned bad = 0, n = 0;
   static const struct {
      VkFormat f;
      unsigned bytes;
   } fmts[] = {{VK_FORMAT_R8_UINT, 1},
               {VK_FORMAT_R8G8_UNORM, 2},
               {VK_FORMAT_R8G8B8A8_UNORM, 4},
               {VK_FORMAT_R16G16B16A16_UINT, 8},
               {VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
   for (unsigned i = 0; i < 5; i++) {
      const VkFormat f = fmts[i].f;
      const unsigned b = fmts[i].bytes;
      struct img shapes[] = {
         make_image(&c, VK_IMAGE_TYPE_2D, f, b, VK_IMAGE_TILING_OPTIMAL, 150, 70, 1, 1, 1),
         make_image(&c, VK_IMAGE_TYPE_2D, f, b, VK_IMAGE_TILING_OPTIMAL, 37, 20, 1, 3, 6),
         make_image(&c, VK_IMAGE_TYPE_3D, f, b, VK_IMAGE_TILING_OPTIMAL, 20, 12, 5, 1, 3),
         make_image(&c, VK_IMAGE_TYPE_1D, f, b, VK_IMAGE_TILING_OPTIMAL, 90, 1, 1, 2, 2),
         make_image(&c, VK_IMAGE_TYPE_2D, f, b, VK_IMAGE_TILING_LINEAR, 33, 9, 1, 1, 1),
      };
      for (unsigned s = 0; s < 5; s++) {
         bad += round_trip(&c, &shapes[s]);
         free_image(&c, &shapes[s]);
         n++;
      }
   }
   printf("round trips: %u shapes, %u bad\n", n, bad);
   bad += sub_box(&c);
   bad += image_to_image(&c);
   {
      const uint8_t rgba8[4] = {0xff, 0x80, 0x00, 0xff};
      bad += clear(&c, VK_FORMAT_R8G8B8A8_UNORM, 4,
                   (VkClearColorValue){.float32 = {1.0f, 0.5f, 0.0f, 1.0f}}, rgba8);
      const uint8_t bgra_srgb[4] = {0x00, 0xbc, 0xff, 0x40}; /* B, G = srgb(0.5), R, A */
      bad += clear(&c, VK_FORMAT_B8G8R8A8_SRGB, 4,
                   (VkClearColorValue){.float32 = {1.0f, 0.5f, 0.0f, 0.25f}}, bgra_srgb);
      const uint8_t h4[8] = {0x00, 0x3c, 0x00, 0xb8, 0x00, 0x00, 0x00, 0x40}; /* 1, -0.5, 0, 2 */
      bad += clear(&c, VK_FORMAT_R16G16B16A16_SFLOAT, 8,
                   (VkClearColorValue){.float32 = {1.0f, -0.5f, 0.0f, 2.0f}}, h4);
      const uint8_t f1[4] = {0x00, 0x00, 0xc0, 0x3f}; /* 1.5 */
      bad += clear(&c, VK_FORMAT_R32_SFLOAT, 4, (VkClearColorValue){.float32 = {1.5f}}, f1);
      const uint8_t u4[16] = {1, 0, 0, 0, 2, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 4, 0, 0, 0};
      bad += clear(&c, VK_FORMAT_R32G32B32A32_UINT, 16,
                   (VkClearColorValue){.uint32 = {1, 2, 0xffffffffu, 4}}, u4);
      const uint8_t s8[1] = {0x81}; /* -1 -> -127 */
      bad += clear(&c, VK_FORMAT_R8_SNORM, 1, (VkClearColorValue){.float32 = {-1.0f}}, s8);
      /* R5G6B5: R in bits 11-15: r = 1, g = 0, b = 1 -> 0xf81f */
      const uint8_t p565[2] = {0x1f, 0xf8};
      bad += clear(&c, VK_FORMAT_R5G6B5_UNORM_PACK16, 2,
                   (VkClearColorValue){.float32 = {1.0f, 0.0f, 1.0f, 1.0f}}, p565);
      /* B10G11R11: R = 1.0 (exp 15, 11 bits: 0x3c0), G = 0.5 (0x380), B = 2.0
       * (10 bits: 0x200) -> 0x80 1c 03 c0 */
      const uint32_t f11 = 0x3c0u | 0x380u << 11 | 0x200u << 22;
      uint8_t f11b[4];
      memcpy(f11b, &f11, 4);
      bad += clear(&c, VK_FORMAT_B10G11R11_UFLOAT_PACK32, 4,
                   (VkClearColorValue){.float32 = {1.0f, 0.5f, 2.0f, 1.0f}}, f11b);
      /* E5B9G9R9: (1, 0.5, 0.25): max 1 -> exp_p = 16, scale 2^-8: 256, 128,
       * 64; 256 < 512 keeps the exponent */
      const uint32_t e5 = 256u | 128u << 9 | 64u << 18 | 16u << 27;
      uint8_t e5b[4];
      memcpy(e5b, &e5, 4);
      bad += clear(&c, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, 4,
                   (VkClearColorValue){.float32 = {1.0f, 0.5f, 0.25f, 1.0f}}, e5b);
   }
   printf("image copy tests: %u bad\n", bad);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
