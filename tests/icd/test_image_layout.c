/*
 * Image layouts (layout/agx_image_layout.h) and image view descriptors
 * (icd/agxv_image_view.c), without a device:
 *  - level offsets and layer strides worked out by hand from ail's rules
 *    (large-tile levels with padding, the power-of-two tail, 128-byte level
 *    alignment), Morton offsets of single texels;
 *  - every texel of every level of a layer at a distinct address inside
 *    its level and the layer;
 *  - the simulator's model of the hardware (sim/agx_sim_image.c) reads the
 *    driver's packed Texture and PBE descriptors and must put every texel
 *    of every level and layer of the view at the address the driver's
 *    layout computes (2D mipmapped, arrays with a base layer, 3D, cube,
 *    linear, every texel size);
 *  - images the layouts do not cover are refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agxv_image.h"
#include "agxv_image_view.h"
#include "agx_internal_test.h"
#include "agx_pack.h"
#include "agx_sim_image.h"

static struct agxv_image
make_image(VkImageType type, VkFormat format, VkImageTiling tiling, uint32_t w, uint32_t h,
           uint32_t d, uint32_t layers, uint32_t levels, VkResult expect)
{
   VkImageCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = type,
      .format = format,
      .extent = {w, h, d},
      .mipLevels = levels,
      .arrayLayers = layers,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = tiling,
      .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT,
   };
   struct agxv_image img;
   VkResult r = agxv_image_init(&img, &ci);
   if (r != expect) {
      fprintf(stderr, "image %ux%ux%u layers %u levels %u: result %d, expected %d\n", w, h, d,
              layers, levels, r, expect);
      exit(1);
   }
   return img;
}

static void
hand_computed(void)
{
   /* RGBA8 256x256, 9 levels: 64x64 tiles; levels 0-2 large tiles (16, 4,
    * 1 of them), 32x32 and below the tail */
   struct agxv_image a = make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                    VK_IMAGE_TILING_OPTIMAL, 256, 256, 1, 1, 9, VK_SUCCESS);
   static const uint64_t off_a[9] = {0,      262144, 327680, 344064, 348160,
                                     349184, 349440, 349568, 349696};
   CHECK(a.layout.levels == 9);
   for (unsigned l = 0; l < 9; l++)
      CHECK(a.layout.level_offset[l] == off_a[l]);
   CHECK(a.layout.layer_stride == 349824 && a.layout.size == 349824);
   CHECK(a.layout.tile_w_log2[0] == 6 && a.layout.tile_h_log2[0] == 6);
   CHECK(a.layout.tile_w_log2[3] == 5 && a.layout.tile_w_log2[8] == 0);
   struct agx_image_surface s0 = agx_image_layout_surface(&a.layout, 0, 0);
   CHECK(agx_image_texel_offset(&s0, 3, 5, 0) == 4 * (0x5 | 0x22)); /* Morton 39 */
   CHECK(agx_image_texel_offset(&s0, 65, 0, 0) == 16384 + 4);       /* second tile */
   CHECK(agx_image_texel_offset(&s0, 0, 64, 0) == 4 * 16384);       /* next tile row */
   CHECK(agx_image_texel_offset(&s0, 63, 63, 0) == 16384 - 4);      /* last in tile */

   /* RGBA8 100x70, 7 levels: level 0 = 2x2 tiles, tail from level 1 at
    * 64x64 (next_pow2 of 50x35), halved per level, 128-byte aligned */
   struct agxv_image b = make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UINT,
                                    VK_IMAGE_TILING_OPTIMAL, 100, 70, 1, 3, 7, VK_SUCCESS);
   static const uint64_t off_b[7] = {0, 65536, 81920, 86016, 87040, 87296, 87424};
   for (unsigned l = 0; l < 7; l++)
      CHECK(b.layout.level_offset[l] == off_b[l]);
   CHECK(b.layout.layer_stride == 87552 && b.layout.size == 3 * 87552);

   /* R8 1000x600, all 10 levels: 128x128 tiles, 8x5 of them; level 1 pads
    * a row (5 is odd): 10 + 4 tiles; level 2 pads again: 2 + 2 */
   struct agxv_image c = make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R8_UNORM, VK_IMAGE_TILING_OPTIMAL,
                                    1000, 600, 1, 1, 10, VK_SUCCESS);
   CHECK(c.layout.level_offset[1] == 40 * 16384);
   CHECK(c.layout.level_offset[2] == 54 * 16384);
   CHECK(c.layout.level_offset[3] == 58 * 16384);
   /* tail tiles: next_pow2(min(w, h)): 125x75 -> 128, 62x37 -> 64 */
   CHECK(c.layout.tile_w_log2[2] == 7 && c.layout.tile_w_log2[3] == 7 &&
         c.layout.tile_h_log2[4] == 6);

   /* one level: no chain even for a large image; 8-byte texels, 64x32 tiles */
   struct agxv_image d = make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R16G16B16A16_UINT,
                                    VK_IMAGE_TILING_OPTIMAL, 65, 33, 1, 1, 1, VK_SUCCESS);
   CHECK(d.layout.levels == 1 && d.layout.layer_stride == 4 * 16384);
   CHECK(d.layout.tile_w_log2[0] == 6 && d.layout.tile_h_log2[0] == 5);

   /* mipmapped: the full chain even when fewer levels are asked for */
   struct agxv_image e = make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                    VK_IMAGE_TILING_OPTIMAL, 256, 256, 1, 1, 2, VK_SUCCESS);
   CHECK(e.layout.levels == 9 && e.layout.layer_stride == 349824);

   /* linear: 16-byte aligned rows */
   struct agxv_image f = make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                    VK_IMAGE_TILING_LINEAR, 33, 7, 1, 1, 1, VK_SUCCESS);
   CHECK(f.layout.linear_stride == 144 && f.layout.size == 1024);
   struct agx_image_surface sf = agx_image_layout_surface(&f.layout, 0, 0);
   CHECK(agx_image_texel_offset(&sf, 2, 3, 0) == 3 * 144 + 8);

   /* 3D: slices are layers holding every level */
   struct agxv_image g = make_image(VK_IMAGE_TYPE_3D, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_OPTIMAL,
                                    16, 16, 8, 1, 5, VK_SUCCESS);
   CHECK(g.layout.layers == 8 && g.layout.levels == 5);
   CHECK(g.layout.level_offset[1] == 1024 && g.layout.layer_stride == 1024 + 256 + 128 + 128 + 128);

   /* refused */
   make_image(VK_IMAGE_TYPE_3D, VK_FORMAT_R8_UNORM, VK_IMAGE_TILING_LINEAR, 4, 4, 4, 1, 1,
              VK_ERROR_FORMAT_NOT_SUPPORTED);
   make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R8_UNORM, VK_IMAGE_TILING_LINEAR, 4, 4, 1, 2, 1,
              VK_ERROR_FORMAT_NOT_SUPPORTED);
   make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R8_UNORM, VK_IMAGE_TILING_OPTIMAL, 4, 4, 1, 1, 4,
              VK_ERROR_FORMAT_NOT_SUPPORTED);
   make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R32G32B32_SFLOAT, VK_IMAGE_TILING_OPTIMAL, 4, 4, 1, 1, 1,
              VK_ERROR_FORMAT_NOT_SUPPORTED);
   printf("hand-computed layouts: ok\n");
}

/* Every texel of each level of layer 0: distinct, inside its level. */
static void
distinct(const struct agxv_image *img)
{
   const struct agx_image_layout *l = &img->layout;
   uint8_t *seen = calloc(1, l->layer_stride);
   CHECK(seen);
   for (unsigned lv = 0; lv < l->levels; lv++) {
      struct agx_image_surface s = agx_image_layout_surface(l, 0, lv);
      uint64_t end = lv + 1 < l->levels ? l->level_offset[lv + 1] : l->layer_stride;
      uint32_t w = agx_image_minify(l->width, lv), h = agx_image_minify(l->height, lv);
      for (uint32_t y = 0; y < h; y++)
         for (uint32_t x = 0; x < w; x++) {
            uint64_t o = s.base + agx_image_texel_offset(&s, x, y, 0);
            CHECK(o >= l->level_offset[lv] && o + l->bytes <= end);
            CHECK(!seen[o]);
            seen[o] = 1;
         }
   }
   free(seen);
}

/* The simulator's reading of the view's descriptors against the layout. */
static unsigned
against_sim(const struct agxv_image *img, VkImageViewType type, uint32_t base_layer,
            uint32_t layers)
{
   const uint64_t va = 0x1234560000ull;
   struct agxv_view_range r = {
      .type = type,
      .format = img->format,
      .components = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                     VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY},
      .base_level = 0,
      .levels = img->mip_levels,
      .base_layer = base_layer,
      .layers = layers,
   };
   uint32_t desc[12];
   CHECK(agxv_pack_image_view(img, va, &r, false, desc));
   struct agx_sim_image tex, pbe;
   char err[160];
   if (!agx_sim_image_from_texture((const uint8_t *)desc, &tex, err, sizeof(err))) {
      fprintf(stderr, "texture: %s\n", err);
      exit(1);
   }
   const struct agx_image_layout *l = &img->layout;
   bool is3d = type == VK_IMAGE_VIEW_TYPE_3D;
   unsigned checked = 0;
   for (unsigned lv = 0; lv < img->mip_levels; lv++) {
      /* the PBE of a storage view of this level */
      r.base_level = lv;
      r.levels = 1;
      uint32_t pdesc[12];
      CHECK(agxv_pack_image_view(img, va, &r, true, pdesc));
      struct AGX_TEXTURE st;
      struct AGX_PBE sp;
      CHECK(AGX_TEXTURE_unpack(NULL, (const uint8_t *)pdesc, &st));
      CHECK(AGX_PBE_unpack(NULL, (const uint8_t *)(pdesc + 6), &sp));
      CHECK(st.first_level == lv && st.last_level == lv);
      if (type == VK_IMAGE_VIEW_TYPE_CUBE || type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY)
         CHECK(st.dimension == AGX_TEXTURE_DIMENSION_2D_ARRAY && st.depth == layers &&
               sp.dimension == AGX_TEXTURE_DIMENSION_2D_ARRAY && sp.layers == layers);
      if (l->tiled)
         /* the software words image atomics address texels with */
         CHECK(sp.level_offset_sw == l->level_offset[lv] &&
               sp.tile_width_sw == 1u << l->tile_w_log2[lv] &&
               sp.tile_height_sw == 1u << l->tile_h_log2[lv] &&
               sp.layer_stride_sw == l->layer_stride);
      if (!agx_sim_image_from_pbe((const uint8_t *)(pdesc + 6), &pbe, err, sizeof(err))) {
         fprintf(stderr, "pbe level %u: %s\n", lv, err);
         exit(1);
      }
      struct agx_image_surface s = agx_image_layout_surface(l, va, lv);
      uint32_t w = agx_image_minify(l->width, lv), h = agx_image_minify(l->height, lv);
      uint32_t zn = is3d ? agx_image_minify(l->layers, lv) : layers;
      for (uint32_t z = 0; z < zn; z++)
         for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
               uint64_t want =
                  s.base + agx_image_texel_offset(&s, x, y, z + (is3d ? 0 : base_layer));
               uint64_t t = agx_sim_image_texel_address(&tex, lv, x, y, z, 0);
               uint64_t p = agx_sim_image_texel_address(&pbe, lv, x, y, z, 0);
               if (t != want || p != want) {
                  fprintf(stderr,
                          "%ux%u format %d level %u (%u,%u,%u): driver 0x%llx, "
                          "texture 0x%llx, pbe 0x%llx\n",
                          l->width, l->height, img->format, lv, x, y, z, (unsigned long long)want,
                          (unsigned long long)t, (unsigned long long)p);
                  exit(1);
               }
               checked++;
            }
   }
   return checked;
}

int
main(void)
{
   hand_computed();

   static const VkFormat fmts[] = {VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UNORM,
                                   VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16G16B16A16_SFLOAT,
                                   VK_FORMAT_R32G32B32A32_UINT};
   static const uint32_t sizes[][2] = {{1, 1}, {7, 3}, {64, 64}, {129, 65}, {300, 200}, {16, 512}};
   unsigned checked = 0, images = 0;
   for (unsigned fi = 0; fi < 5; fi++)
      for (unsigned si = 0; si < 6; si++) {
         uint32_t w = sizes[si][0], h = sizes[si][1];
         uint32_t major = w > h ? w : h, levels = 1;
         while (major >> levels)
            levels++;
         struct agxv_image img = make_image(VK_IMAGE_TYPE_2D, fmts[fi], VK_IMAGE_TILING_OPTIMAL, w,
                                            h, 1, 3, levels, VK_SUCCESS);
         distinct(&img);
         checked += against_sim(&img, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 1, 2);
         struct agxv_image one = make_image(VK_IMAGE_TYPE_2D, fmts[fi], VK_IMAGE_TILING_OPTIMAL, w,
                                            h, 1, 1, 1, VK_SUCCESS);
         distinct(&one);
         checked += against_sim(&one, VK_IMAGE_VIEW_TYPE_2D, 0, 1);
         struct agxv_image lin = make_image(VK_IMAGE_TYPE_2D, fmts[fi], VK_IMAGE_TILING_LINEAR, w,
                                            h, 1, 1, 1, VK_SUCCESS);
         checked += against_sim(&lin, VK_IMAGE_VIEW_TYPE_2D, 0, 1);
         images += 3;
      }
   struct agxv_image vol = make_image(VK_IMAGE_TYPE_3D, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_OPTIMAL,
                                      40, 20, 9, 1, 6, VK_SUCCESS);
   checked += against_sim(&vol, VK_IMAGE_VIEW_TYPE_3D, 0, 1);
   struct agxv_image cube = make_image(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                       VK_IMAGE_TILING_OPTIMAL, 32, 32, 1, 12, 6, VK_SUCCESS);
   checked += against_sim(&cube, VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, 0, 12);
   images += 2;
   printf("%u images, %u texel addresses agree with the simulator's model\n", images, checked);
   return 0;
}
