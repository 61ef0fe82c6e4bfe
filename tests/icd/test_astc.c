/*
 * ASTC LDR textures (textureCompressionASTC_LDR formats, issue 22): all 28 formats (14 block
 * sizes x UNORM/SRGB) are filled by buffer copies with blocks from astc_gen.h's encoder
 * (weight grids smaller than and equal to the block, weight ranges of bits, trits and
 * quints, dual plane with every colour component, 1-4 partitions with shared and mixed
 * endpoint modes, every LDR endpoint mode, void-extent blocks, error blocks: reserved block
 * modes, HDR endpoint modes, HDR void extents) and read by bc_fetch.comp through
 * texelFetch, a NEAREST textureLod at texel centres and a LINEAR textureLod between four
 * texels, on two levels and two layers of an image with partial edge blocks, and on
 * levels of 257x300 and 300x131 images (one texel per 4x4 texels). Expected texels come
 * from the parameters each block was encoded from (astc_gen.h), not from its bits: exact
 * (float precision) on agx-vk; on other drivers (--reference, lavapipe) within one 8-bit
 * unit (three for sRGB). Copies: buffer -> image -> buffer returns the blocks, image ->
 * image moves a block-aligned region (offsets and extents in texels of W x H blocks).
 * Format properties: sampled + linear filter + transfer (+ BLIT_SRC exactly when
 * textureCompressionASTC_LDR is on), optimal tiling only, no buffer features. The block
 * counts printed show every kind of block was produced. Formats a --reference driver does
 * not support are skipped (lavapipe of Mesa 22.3 supports none; dEQP's ASTC cases, decoded
 * by the CTS's own decoder, are the second opinion then).
 *
 * test_astc SPV_DIR [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;
static const char *spv_dir;

/* ---- reference decoders --------------------------------------------------------------- */

#include "astc_gen.h"

/* ---- Vulkan side: images, the fetch pipeline, CPU texel lookup ------------------------ */

#include "compressed_tex.h"

/* agx-vk's texture unit decodes as the specification (sim/usc/agx_sim_texel_astc.c), so only
 * float rounding remains; other drivers may decode UNORM formats to 8 bits (decode_unorm8)
 * or round sRGB differently: one unit of 8 bits (three for sRGB). */
static float
tolerance(const struct fmt *f, float ref, bool filtered)
{
   (void)ref;
   float t = C.reference ? (f->srgb ? 3.0f : 1.0f) / 255.0f : 1e-6f;
   return filtered ? t + 1.0f / 255.0f : t;
}

static unsigned failures;

/* spread: per component, the largest difference between the filtered texels (weights
 * are 8-bit fractions in the simulator, an approximation the hardware makes in some form:
 * Vulkan's minimum subTexelPrecisionBits is 4; both sides of a texel centre give 0.5 only
 * up to float rounding of the coordinate) */
static void
compare(const struct fmt *f, const struct img *m, unsigned l, int x, int y, unsigned z,
        const char *what, const float *got, const float *want, const float *spread)
{
   for (int c = 0; c < 4; c++) {
      float tol = tolerance(f, want[c], spread != NULL);
      if (spread)
         tol += spread[c] * 2.0f / 256.0f;
      if (fabsf(got[c] - want[c]) <= tol)
         continue;
      if (failures++ < 40)
         fprintf(stderr, "%s %ux%u level %u layer %u (%d, %d) %s: component %d = %g, expected %g\n",
                 f->name, m->w, m->h, l, z, x, y, what, c, got[c], want[c]);
   }
}

/* Reads level l (every texel, or one per block) and checks the three reads. */
static void
check_level(struct pipe *p, const struct fmt *f, struct img *m, VkImageView view, uint8_t *data,
            unsigned l, bool sparse)
{
   uint32_t w = minify(m->w, l), h = minify(m->h, l);
   uint32_t n = sparse ? nblocks(w) * nblocks(h) * m->layers : w * h * m->layers;
   struct agx_vk_buffer out = agx_vk_buffer(&C, (VkDeviceSize)n * 48);
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = p->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &p->dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   VkDescriptorBufferInfo bi = {out.buf, 0, VK_WHOLE_SIZE};
   VkDescriptorImageInfo ii[2] = {{p->nearest, view, VK_IMAGE_LAYOUT_GENERAL},
                                  {p->linear, view, VK_IMAGE_LAYOUT_GENERAL}};
   VkWriteDescriptorSet wr[3] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 0,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &bi},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 1,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                  .pImageInfo = &ii[0]},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 2,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                  .pImageInfo = &ii[1]}};
   vkUpdateDescriptorSets(C.dev, 3, wr, 0, NULL);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &set, 0, NULL);
   int32_t push[2] = {(int32_t)l, sparse};
   vkCmdPushConstants(cb, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, push);
   vkCmdDispatch(cb, (n + 63) / 64, 1, 1);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));
   const float *o = out.ptr;
   for (uint32_t i = 0; i < n; i++) {
      int x, y;
      unsigned z;
      if (sparse) {
         uint32_t nbx = nblocks(w), nby = nblocks(h);
         int bx = (int)(i % nbx), by = (int)((i / nbx) % nby);
         z = i / (nbx * nby);
         x = bx * 4 + (bx + by) % 4;
         y = by * 4 + (3 * bx + by) % 4;
         x = x < (int)w ? x : (int)w - 1;
         y = y < (int)h ? y : (int)h - 1;
      } else {
         x = (int)(i % w), y = (int)((i / w) % h), z = i / (w * h);
      }
      float want[4], lin[4] = {0, 0, 0, 0};
      expect_texel(f, m, data, l, x, y, z, want);
      compare(f, m, l, x, y, z, "texelFetch", o + 12 * i, want, NULL);
      compare(f, m, l, x, y, z, "textureLod nearest", o + 12 * i + 4, want, NULL);
      float lo[4] = {INFINITY, INFINITY, INFINITY, INFINITY},
            hi[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
      for (int dy = 0; dy < 2; dy++)
         for (int dx = 0; dx < 2; dx++) {
            float t[4];
            expect_texel(f, m, data, l, x + dx, y + dy, z, t);
            for (int c = 0; c < 4; c++) {
               lin[c] += t[c] / 4.0f;
               lo[c] = fminf(lo[c], t[c]);
               hi[c] = fmaxf(hi[c], t[c]);
            }
         }
      float spread[4];
      for (int c = 0; c < 4; c++)
         spread[c] = hi[c] - lo[c];
      compare(f, m, l, x, y, z, "textureLod linear", o + 12 * i + 8, lin, spread);
   }
   VK_OK(vkFreeDescriptorSets(C.dev, p->pool, 1, &set));
   agx_vk_buffer_free(&C, &out);
}

static VkImageView
make_view(const struct img *m)
{
   VkImageViewCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = m->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
      .format = m->format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, m->levels, 0, m->layers}};
   VkImageView v;
   VK_OK(vkCreateImageView(C.dev, &ci, NULL, &v));
   return v;
}

/* One image of format f: upload, copy back, read every level. */
static void
sample_image(struct pipe *p, const struct fmt *f, uint32_t w, uint32_t h, uint32_t levels,
             uint32_t layers, unsigned first_level, bool sparse)
{
   struct img m = make_image(f->vk, w, h, levels, layers);
   uint8_t *data[16];
   upload(f, &m, (uint32_t)f->vk * 977u + w, data);
   VkImageView view = make_view(&m);
   for (unsigned l = first_level; l < levels; l++)
      check_level(p, f, &m, view, data[l], l, sparse);
   vkDestroyImageView(C.dev, view, NULL);
   for (unsigned l = 0; l < levels; l++)
      free(data[l]);
   free_image(&m);
}

/* vkCmdCopyImage of a block-aligned region (blocks (1..2, 1) of layer 1, level 0) into
 * another image at block (1, 0); everything else of the destination keeps its upload. */
static void
image_copy(const struct fmt *f)
{
   unsigned bw = f->bw, bh = f->bh;
   struct img a = make_image(f->vk, 4 * bw + 2, 2 * bh + 2, 1, 2),
              b = make_image(f->vk, 3 * bw, 2 * bh, 1, 1);
   uint8_t *da[1], *db[1];
   upload(f, &a, 11, da);
   upload(f, &b, 23, db);
   unsigned bb = block_bytes(f), abx = 5; /* a is 5x3 blocks per layer, b 3x2 */
   struct agx_vk_buffer out = agx_vk_buffer(&C, level_bytes(f, &b, 0));
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageCopy r = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1},
                    .srcOffset = {(int32_t)bw, (int32_t)bh, 0},
                    .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                    .dstOffset = {(int32_t)bw, 0, 0},
                    .extent = {2 * bw, bh, 1}};
   vkCmdCopyImage(cb, a.image, VK_IMAGE_LAYOUT_GENERAL, b.image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   barrier(cb, b.image, VK_IMAGE_LAYOUT_GENERAL);
   VkBufferImageCopy br = level_region(&b, 0);
   vkCmdCopyImageToBuffer(cb, b.image, VK_IMAGE_LAYOUT_GENERAL, out.buf, 1, &br);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));
   for (unsigned by = 0; by < 2; by++)
      for (unsigned bx = 0; bx < 3; bx++) {
         const uint8_t *want = db[0] + (by * 3 + bx) * bb;
         if (by == 0 && bx >= 1)
            want = da[0] + ((1 * 3 + 1) * abx + bx) * bb; /* layer 1, block row 1, column bx */
         if (memcmp(out.map + (by * 3 + bx) * bb, want, bb)) {
            fprintf(stderr, "%s: vkCmdCopyImage block (%u, %u) wrong\n", f->name, bx, by);
            failures++;
         }
      }
   agx_vk_buffer_free(&C, &out);
   free(da[0]);
   free(db[0]);
   free_image(&a);
   free_image(&b);
}

/* Formats the driver samples (all of them on agx-vk). */
static bool supported[NFMT];

static void
properties(void)
{
   const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT |
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
   for (unsigned i = 0; i < NFMT; i++) {
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(C.pdev, formats[i].vk, &fp);
      if (C.reference && (fp.optimalTilingFeatures & need) != need) {
         printf("%s: not supported by this driver, skipped\n", formats[i].name);
         continue;
      }
      CHECK((fp.optimalTilingFeatures & need) == need);
      supported[i] = true;
      CHECK(!(fp.optimalTilingFeatures &
              (VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)));
      CHECK(fp.bufferFeatures == 0);
      if (!C.reference) {
         /* textureCompressionASTC_LDR also needs BLIT_SRC: set exactly when the feature is on */
         VkPhysicalDeviceFeatures feat;
         vkGetPhysicalDeviceFeatures(C.pdev, &feat);
         VkFormatFeatureFlags blit =
            feat.textureCompressionASTC_LDR ? VK_FORMAT_FEATURE_BLIT_SRC_BIT : 0;
         CHECK(fp.optimalTilingFeatures == (need | blit));
         CHECK(fp.linearTilingFeatures == 0);
         VkImageFormatProperties ip;
         CHECK_VK(vkGetPhysicalDeviceImageFormatProperties(C.pdev, formats[i].vk, VK_IMAGE_TYPE_2D,
                                                           VK_IMAGE_TILING_LINEAR,
                                                           VK_IMAGE_USAGE_SAMPLED_BIT, 0, &ip),
                  VK_ERROR_FORMAT_NOT_SUPPORTED);
      }
      VkImageFormatProperties ip;
      VK_OK(vkGetPhysicalDeviceImageFormatProperties(
         C.pdev, formats[i].vk, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
         VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, &ip));
      CHECK(ip.maxExtent.width >= 16384 && ip.maxMipLevels >= 15 && ip.maxArrayLayers >= 2048);
   }
}

int
main(int argc, char **argv)
{
   agx_vk_ctx_instance(&C, argc, argv);
   spv_dir = argv[1];
   for (int i = 1; i < argc; i++)
      if (argv[i][0] != '-') {
         spv_dir = argv[i];
         break;
      }
   agx_vk_ctx_device_features(&C, NULL, NULL, 0, NULL);
   properties();
   struct pipe p = make_pipe();
   for (unsigned i = 0; i < NFMT; i++) {
      if (!supported[i])
         continue;
      /* two levels, two layers; partial edge blocks */
      unsigned before = failures, bw = formats[i].bw, bh = formats[i].bh;
      sample_image(&p, &formats[i], 3 * bw - 1, 2 * bh + 3, 2, 2, 0, false);
      printf("%-18s sampled: %u mismatches\n", formats[i].name, failures - before);
   }
   printf("blocks: void extent %u, error %u, with trits %u, with quints %u, dual plane %u, "
          "2/3/4 partitions %u/%u/%u\n",
          g_counts[0], g_counts[1], g_counts[2], g_counts[3], g_counts[4], g_counts[5], g_counts[6],
          g_counts[7]);
   bool any = false;
   for (unsigned i = 0; i < NFMT; i++)
      any |= supported[i];
   for (unsigned k = 0; k < 8 && any; k++)
      CHECK(g_counts[k] > 0);
   /* padded strides and the tail rounded before minifying, one texel per 4x4 texels */
   if (supported[0] && supported[27] && supported[13]) {
      sample_image(&p, &formats[0], 257, 300, 4, 1, 0, true);
      sample_image(&p, &formats[27], 257, 300, 4, 1, 0, true);
      sample_image(&p, &formats[13], 300, 131, 3, 1, 0, true);
      printf("257x300 / 300x131 levels: %s\n", failures ? "FAILED" : "ok");
      image_copy(&formats[0]);
      image_copy(&formats[13]);
      image_copy(&formats[26]);
      printf("image copies: %s\n", failures ? "FAILED" : "ok");
   }
   free_pipe(&p);
   int r = agx_vk_ctx_finish(&C);
   return failures ? 1 : r;
}
