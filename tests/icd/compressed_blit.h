/*
 * The scene shared by the compressed-source blit tests (test_bc_blit.c, test_etc2_blit.c):
 * a SW x SH source of a compressed format filled with the reference header's generated
 * blocks, blitted into a DW x DH destination twice (NEAREST 1:1 at the origin, LINEAR at
 * half size mirrored in x to the right of it), read back and compared texel by texel with
 * the CPU decoding of the same blocks (the linear half with the average of four texels).
 * Images, barriers and readback come from agx_vk_gfx.h.
 *
 * It is a test template, not a module: the including file defines `C` (struct agx_vk_ctx,
 * a device with synchronization2), `failures` (unsigned, counted up per mismatch), and,
 * through its reference header (bc_ref.h or etc2_gen.h), `struct fmt` (with `name`),
 * block_bytes(), decode_texel() (texel t = x + BLIT_BW * y of a block, RGBA, sRGB already
 * linear) and make_block(); then blit_tolerance() (declared below) after including it.
 * Blocks are 4x4 texels unless the includer defines BLIT_BW(f)/BLIT_BH(f) first.
 */
#ifndef COMPRESSED_BLIT_H
#define COMPRESSED_BLIT_H

#include <math.h>
#include <string.h>

#include "agx_vk_gfx.h"

#ifndef BLIT_BW
#define BLIT_BW(f) 4u /* block width, height (texels) */
#define BLIT_BH(f) 4u
#endif

#define SW 22u /* source width, height (texels): partial edge blocks */
#define SH 10u
#define DW 33u /* destination: SW x SH nearest, then (SW / 2) x (SH / 2) linear */
#define DH SH

/* A destination format: texel bytes, channels read back. */
struct blit_dst {
   VkFormat vk;
   const char *name;
   unsigned bytes, channels;
};

static const struct blit_dst blit_dsts[] = {
   {VK_FORMAT_R32G32B32A32_SFLOAT, "rgba32f", 16, 4},
   {VK_FORMAT_R8G8B8A8_UNORM, "rgba8", 4, 4},
   {VK_FORMAT_R16G16B16A16_SFLOAT, "rgba16f", 8, 4},
   {VK_FORMAT_R32_SFLOAT, "r32f", 4, 1},
};
#define NDST (sizeof(blit_dsts) / sizeof(blit_dsts[0]))

/* How far component `ref` of a texel may be off (filtered: the LINEAR half). */
static float blit_tolerance(const struct fmt *f, const struct blit_dst *d, float ref,
                            bool filtered);

static float
blit_half_to_float(uint16_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   float v = e == 0 ? ldexpf((float)m, -24) : ldexpf((float)(m | 1024), e - 25);
   return (h & 0x8000) ? -v : v;
}

/* Component c of destination texel px. */
static float
blit_read_dst(const struct blit_dst *d, const uint8_t *px, int c)
{
   if (d->vk == VK_FORMAT_R8G8B8A8_UNORM)
      return (float)px[c] / 255.0f;
   if (d->vk == VK_FORMAT_R16G16B16A16_SFLOAT) {
      uint16_t h;
      memcpy(&h, px + 2 * c, 2);
      return blit_half_to_float(h);
   }
   float v;
   memcpy(&v, px + 4 * c, 4);
   return v;
}

/* Texel (x, y) of the source as the reference decodes it (RGBA, sRGB already linear). */
static void
blit_ref_texel(const struct fmt *f, const uint8_t *blocks, unsigned x, unsigned y, float v[4])
{
   unsigned bw = BLIT_BW(f), bh = BLIT_BH(f);
   unsigned n = (y / bh) * ((SW + bw - 1) / bw) + x / bw;
   decode_texel(f, blocks + n * block_bytes(f), (y % bh) * bw + x % bw, v);
}

/* Destination texel (x, y) against `want` (UNORM destinations clamp it to [0, 1]). */
static void
blit_compare(const struct fmt *f, const struct blit_dst *d, unsigned x, unsigned y,
             const char *what, const uint8_t *px, const float *want)
{
   for (unsigned c = 0; c < d->channels; c++) {
      float w = want[c];
      if (d->vk == VK_FORMAT_R8G8B8A8_UNORM)
         w = w < 0.0f ? 0.0f : (w > 1.0f ? 1.0f : w);
      float got = blit_read_dst(d, px, (int)c);
      if (fabsf(got - w) <= blit_tolerance(f, d, w, what[0] == 'l'))
         continue;
      if (failures++ < 40)
         fprintf(stderr, "%s -> %s %s dst (%u, %u): component %u = %.7g, expected %.7g\n", f->name,
                 d->name, what, x, y, c, got, w);
   }
}

static VkImageBlit
blit_region(int32_t sx0, int32_t sy0, int32_t sx1, int32_t sy1, int32_t dx0, int32_t dy0,
            int32_t dx1, int32_t dy1)
{
   return (VkImageBlit){.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .srcOffsets = {{sx0, sy0, 0}, {sx1, sy1, 1}},
                        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .dstOffsets = {{dx0, dy0, 0}, {dx1, dy1, 1}}};
}

/* A transfer image (source and destination) without a view. */
static void
blit_image(VkFormat format, uint32_t w, uint32_t h, struct agx_vk_image *img)
{
   agx_vk_image_create(&C,
                       &(struct agx_vk_image_desc){.format = format,
                                                   .width = w,
                                                   .height = h,
                                                   .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                   .no_view = true},
                       img);
}

/* Everything before visible to everything after; the image in GENERAL layout. */
static void
blit_barrier(VkCommandBuffer cb, const struct agx_vk_image *img, VkImageLayout from)
{
   agx_vk_barrier(cb, img->image, VK_IMAGE_ASPECT_COLOR_BIT, from, VK_IMAGE_LAYOUT_GENERAL,
                  AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
}

/* Checks the read-back destination `px` against the blocks `up`. */
static void
blit_check(const struct fmt *f, const struct blit_dst *d, const uint8_t *up, const uint8_t *px)
{
   for (unsigned y = 0; y < SH; y++)
      for (unsigned x = 0; x < SW; x++) {
         float want[4];
         blit_ref_texel(f, up, x, y, want);
         blit_compare(f, d, x, y, "nearest", px + ((size_t)y * DW + x) * d->bytes, want);
      }
   /* destination (X, Y) samples u = 65 - 2 X, v = 2 Y + 1: halfway between texels
    * 64 - 2 X, 65 - 2 X and rows 2 Y, 2 Y + 1, each weighted 1/4 */
   for (unsigned y = 0; y < SH / 2; y++)
      for (unsigned x = SW; x < DW; x++) {
         float want[4] = {0}, t[4];
         for (unsigned k = 0; k < 4; k++) {
            blit_ref_texel(f, up, 2 * DW - 2 - 2 * x + (k & 1), 2 * y + (k >> 1), t);
            for (int c = 0; c < 4; c++)
               want[c] += t[c] / 4.0f;
         }
         blit_compare(f, d, x, y, "linear", px + ((size_t)y * DW + x) * d->bytes, want);
      }
}

/* The format rows every compressed source must have: BLIT_SRC (checked when `required`),
 * never BLIT_DST. Returns whether the format can be blitted from. */
static bool
blit_src_supported(const struct fmt *f, bool required)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(C.pdev, f->vk, &fp);
   if (required)
      CHECK(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT);
   CHECK(!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT));
   if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_SRC_BIT)) {
      printf("%-16s no BLIT_SRC: skipped\n", f->name);
      return false;
   }
   return true;
}

/* The whole scene for source format f into destination d: returns the mismatches. */
static unsigned
blit_scene(const struct fmt *f, const struct blit_dst *d)
{
   struct agx_vk_image src, dst;
   blit_image(f->vk, SW, SH, &src);
   blit_image(d->vk, DW, DH, &dst);
   size_t nblk =
      (size_t)((SW + BLIT_BW(f) - 1) / BLIT_BW(f)) * ((SH + BLIT_BH(f) - 1) / BLIT_BH(f));
   struct agx_vk_buffer up = agx_vk_buffer(&C, nblk * block_bytes(f));
   struct agx_vk_buffer out = agx_vk_buffer(&C, (size_t)DW * DH * d->bytes);
   for (size_t n = 0; n < nblk; n++)
      make_block(f, 77u, (unsigned)n, up.map + n * block_bytes(f));

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   blit_barrier(cb, &src, VK_IMAGE_LAYOUT_UNDEFINED);
   blit_barrier(cb, &dst, VK_IMAGE_LAYOUT_UNDEFINED);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {SW, SH, 1}};
   vkCmdCopyBufferToImage(cb, up.buf, src.image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   blit_barrier(cb, &src, VK_IMAGE_LAYOUT_GENERAL);
   VkImageBlit nearest = blit_region(0, 0, SW, SH, 0, 0, SW, SH);
   vkCmdBlitImage(cb, src.image, VK_IMAGE_LAYOUT_GENERAL, dst.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                  &nearest, VK_FILTER_NEAREST);
   /* half size, mirrored in x: destination x from DW down to SW */
   VkImageBlit linear = blit_region(0, 0, SW, SH, DW, 0, SW, SH / 2);
   vkCmdBlitImage(cb, src.image, VK_IMAGE_LAYOUT_GENERAL, dst.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                  &linear, VK_FILTER_LINEAR);
   agx_vk_readback(cb, &dst, VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&C, cb));

   unsigned before = failures;
   blit_check(f, d, up.map, out.map);
   agx_vk_buffer_free(&C, &up);
   agx_vk_buffer_free(&C, &out);
   agx_vk_image_free(&C, &src);
   agx_vk_image_free(&C, &dst);
   return failures - before;
}

#endif
