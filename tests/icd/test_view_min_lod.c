/*
 * Image view minimum LOD (VK_EXT_image_view_min_lod, issue 22): shaders/view_min_lod.comp
 * samples a 16x16 RGBA8_UNORM image with 5 levels (each texel a hash of x, y and the level)
 * through views with a minLod: explicit LODs 0-4 with nearest mip filtering (level =
 * nearest(max(lod, minLod - base))), a linear mip filter (minLod 2.5: half level 2, half
 * level 3), gradients (LOD 0 and 3), a gather (level 0: zeros), and texel fetches, which read level base + lod when lod >= floor(minLod) - base
 * and zeros (robustImageAccess2) below. The CPU model is written here from the Vulkan
 * "Image level(s) selection" rules; the same runs on lavapipe (skipped where it lacks the
 * extension).
 *
 * test_view_min_lod SHADER.spv [--validation] [--reference]
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "agx_vk_gfx.h"

static struct agx_vk_ctx C;

#define S 16
#define LEVELS 5
#define N 64
#define SLOTS 17

static uint32_t
texel(int x, int y, int level)
{
   return agx_vk_hash((uint32_t)((level * S + y) * S + x) * 3u + 11u);
}

static void
unorm8(uint32_t t, float out[4])
{
   for (int c = 0; c < 4; c++)
      out[c] = (float)((t >> (8 * c)) & 255) / 255.0f;
}

/* Nearest texel of level `level` at normalized (u, v). */
static void
at(float u, float v, int level, float out[4])
{
   int size = S >> level;
   unorm8(texel((int)floorf(u * (float)size), (int)floorf(v * (float)size), level), out);
}

static unsigned bad;

static void
expect(int i, int slot, const float *got, const float *want, float tol)
{
   for (int c = 0; c < 4; c++)
      if (!(fabsf(got[c] - want[c]) <= tol) && bad++ < 24)
         fprintf(stderr, "invocation %d slot %d component %d: %g, expected %g\n", i, slot, c,
                 (double)got[c], (double)want[c]);
}

static VkImageView
view(VkImage image, uint32_t base, float min_lod)
{
   VkImageViewMinLodCreateInfoEXT ml = {.sType =
                                           VK_STRUCTURE_TYPE_IMAGE_VIEW_MIN_LOD_CREATE_INFO_EXT,
                                        .minLod = min_lod};
   VkImageViewCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .pNext = &ml,
      .image = image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, base, LEVELS - base, 0, 1}};
   VkImageView v;
   VK_OK(vkCreateImageView(C.dev, &vi, NULL, &v));
   return v;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   agx_vk_ctx_instance(&C, argc, argv);
   const char *ext = "VK_EXT_image_view_min_lod";
   if (C.reference && !agx_vk_ctx_has_extension(&C, ext)) {
      printf("the reference driver lacks %s: skipped\n", ext);
      return 77;
   }
   CHECK(agx_vk_ctx_has_extension(&C, ext));
   VkPhysicalDeviceImageViewMinLodFeaturesEXT have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_VIEW_MIN_LOD_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(C.pdev, &f2);
   CHECK(have.minLod);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE};
   VkPhysicalDeviceRobustness2FeaturesEXT rob = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
      .pNext = &f13,
      .robustImageAccess2 = VK_TRUE};
   VkPhysicalDeviceImageViewMinLodFeaturesEXT en = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_VIEW_MIN_LOD_FEATURES_EXT,
      .pNext = &rob,
      .minLod = VK_TRUE};
   const char *exts[2] = {"VK_EXT_image_view_min_lod", "VK_EXT_robustness2"};
   agx_vk_ctx_device_features(&C, &en, NULL, 2, exts);

   struct agx_vk_image img;
   struct agx_vk_image_desc d = {.format = VK_FORMAT_R8G8B8A8_UNORM,
                                 .width = S,
                                 .height = S,
                                 .levels = LEVELS,
                                 .usage =
                                    VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT};
   agx_vk_image_create(&C, &d, &img);
   struct agx_vk_buffer up = agx_vk_buffer(&C, S * S * 4 * 2);
   VkBufferImageCopy regions[LEVELS];
   uint32_t off = 0;
   for (int l = 0; l < LEVELS; l++) {
      int size = S >> l;
      for (int y = 0; y < size; y++)
         for (int x = 0; x < size; x++)
            ((uint32_t *)up.ptr)[off / 4 + y * size + x] = texel(x, y, l);
      regions[l] = (VkBufferImageCopy){.bufferOffset = off,
                                       .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1},
                                       .imageExtent = {size, size, 1}};
      off += size * size * 4;
   }
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, img.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_ALL_RW);
   vkCmdCopyBufferToImage(cb, up.buf, img.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, LEVELS,
                          regions);
   agx_vk_barrier(cb, img.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_ALL_RW);
   VK_OK(agx_vk_submit_wait(&C, cb));

   VkImageView views[3] = {view(img.image, 0, 2.5f), view(img.image, 1, 2.0f),
                           view(img.image, 0, 2.5f)};
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_NEAREST,
                              .minFilter = VK_FILTER_NEAREST,
                              .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .maxLod = VK_LOD_CLAMP_NONE};
   VkSampler nearest, linear;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &nearest));
   sci.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &linear));

   const VkShaderStageFlags cs = VK_SHADER_STAGE_COMPUTE_BIT;
   const struct agx_vk_binding b[4] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, cs},
                                       {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cs},
                                       {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cs},
                                       {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cs}};
   struct agx_vk_set set;
   agx_vk_set_create(&C, 4, b, &set);
   struct agx_vk_buffer out = agx_vk_buffer(&C, N * SLOTS * 16);
   memset(out.ptr, 0xAB, N * SLOTS * 16);
   const VkImageLayout ro = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
   const VkDescriptorType cis = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
   agx_vk_set_buffer(&C, &set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buf);
   agx_vk_set_image(&C, &set, 1, cis, nearest, views[0], ro);
   agx_vk_set_image(&C, &set, 2, cis, nearest, views[1], ro);
   agx_vk_set_image(&C, &set, 3, cis, linear, views[2], ro);
   VkPipelineLayout layout = agx_vk_pipeline_layout(&C, 1, &set.layout, 0, 0);
   VkShaderModule mod = agx_vk_shader(&C, argv[1]);
   VkPipeline pipe = agx_vk_compute_pipeline(&C, layout, mod, NULL, 0, NULL);
   cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set.set, 0, NULL);
   vkCmdDispatch(cb, 1, 1, 1);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(&C, cb));

   const float *o = out.ptr;
   const float zero[4] = {0, 0, 0, 0};
   for (int i = 0; i < N; i++) {
      float u = ((float)(i % 8) + 0.5f) / 8.0f, v = ((float)(i / 8) + 0.5f) / 8.0f;
      int x = i % 8, y = i / 8;
      const float *r = o + 4 * SLOTS * i;
      float want[4], a[4], bb[4];
      for (int l = 0; l < LEVELS; l++) {
         /* d' = max(lod, 2.5); nearest level ceil(d' + 0.5) - 1 */
         float dl = fmaxf((float)l, 2.5f);
         at(u, v, (int)ceilf(dl + 0.5f) - 1, want);
         expect(i, l, r + 4 * l, want, 1e-6f);
         /* fetch: level l when l >= floor(2.5) */
         if (l >= 2)
            unorm8(texel(x >> l, y >> l, l), want);
         expect(i, 5 + l, r + 4 * (5 + l), l >= 2 ? want : zero, 1e-6f);
      }
      at(u, v, 2, want); /* base 1, relative minimum 1: level 2 */
      expect(i, 10, r + 40, want, 1e-6f);
      expect(i, 11, r + 44, zero, 0.0f); /* relative lod 0 < 1 */
      unorm8(texel(x >> 2, y >> 2, 2), want);
      expect(i, 12, r + 48, want, 1e-6f);
      at(u, v, 2, a);
      at(u, v, 3, bb);
      for (int c = 0; c < 4; c++)
         want[c] = 0.5f * (a[c] + bb[c]);
      expect(i, 13, r + 52, want, 1.0f / 255.0f);
      at(u, v, 2, want); /* gradients of LOD 0: raised to 2.5, level 2 */
      expect(i, 14, r + 56, want, 1e-6f);
      at(u, v, 3, want); /* LOD 3: above the minimum */
      expect(i, 15, r + 60, want, 1e-6f);
      expect(i, 16, r + 64, zero, 0.0f); /* gather of level 0 < floor(2.5) */
   }
   printf("image view min LOD: %u mismatches\n", bad);
   CHECK(bad == 0);

   agx_vk_buffer_free(&C, &out);
   agx_vk_buffer_free(&C, &up);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   agx_vk_set_free(&C, &set);
   vkDestroySampler(C.dev, nearest, NULL);
   vkDestroySampler(C.dev, linear, NULL);
   for (int k = 0; k < 3; k++)
      vkDestroyImageView(C.dev, views[k], NULL);
   agx_vk_image_free(&C, &img);
   return agx_vk_ctx_finish(&C);
}
