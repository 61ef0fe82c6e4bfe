/*
 * Custom border colours (VK_EXT_custom_border_color, issue 22): shaders/border_color.comp
 * samples 4x4 images with CLAMP_TO_BORDER samplers whose border is a custom colour: float
 * (RGBA8_UNORM, nearest, format given; B8G8R8A8_UNORM through a separate sampler with
 * VK_FORMAT_UNDEFINED, customBorderColorWithoutFormat), integer (R32G32B32A32_SINT;
 * R8G8B8A8_UINT without a format), linear filtering half on the border, and a gather. Colours
 * lie in the formats' ranges (lavapipe clamps UNORM borders, the emulation does not). The
 * expected values are computed here: the texel inside the image, the colour outside,
 * bilinear weights of 1/4 each between texel centres (exact in 8-bit weights; a small
 * tolerance for the UNORM8 rounding of other implementations). The same runs on lavapipe.
 *
 * test_border_color SHADER.spv [--validation] [--reference]
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "agx_vk_gfx.h"

static struct agx_vk_ctx C;

#define S 4
#define N 64
#define SLOTS 6

static const VkClearColorValue float_border = {.float32 = {0.25f, 0.75f, 0.5f, 0.375f}};
static const VkClearColorValue float_border2 = {.float32 = {0.125f, 1.0f, 0.0f, 0.5f}};
static const VkClearColorValue int_border = {.int32 = {-5, 7, 100000, -1}};
static const VkClearColorValue uint_border = {.uint32 = {3, 250, 17, 200}};
static const VkClearColorValue linear_border = {.float32 = {1.0f, 0.5f, 0.0f, 0.25f}};

static uint32_t
texel(int x, int y, uint32_t seed)
{
   return agx_vk_hash((uint32_t)(y * S + x) * 7u + seed);
}

static bool
inside(int x, int y)
{
   return x >= 0 && x < S && y >= 0 && y < S;
}

/* RGBA of an 8-bit UNORM texel, bytes in memory order; bgra swaps R and B. */
static void
unorm8(uint32_t t, bool bgra, float out[4])
{
   for (int c = 0; c < 4; c++)
      out[c] = (float)((t >> (8 * c)) & 255) / 255.0f;
   if (bgra) {
      float r = out[0];
      out[0] = out[2];
      out[2] = r;
   }
}

/* Nearest texel (x, y) of the float image `seed` or the border. */
static void
float_at(int x, int y, uint32_t seed, bool bgra, const VkClearColorValue *b, float out[4])
{
   if (inside(x, y))
      unorm8(texel(x, y, seed), bgra, out);
   else
      memcpy(out, b->float32, 16);
}

/* Creates a sampled, transfer-destination image and fills it from `data`. */
static void
upload(struct agx_vk_image *img, VkFormat format, const void *data, uint32_t bytes)
{
   struct agx_vk_image_desc d = {.format = format,
                                 .width = S,
                                 .height = S,
                                 .usage =
                                    VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT};
   agx_vk_image_create(&C, &d, img);
   struct agx_vk_buffer up = agx_vk_buffer(&C, bytes);
   memcpy(up.ptr, data, bytes);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_ALL_RW);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {S, S, 1}};
   vkCmdCopyBufferToImage(cb, up.buf, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
   agx_vk_barrier(cb, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_ALL_RW);
   VK_OK(agx_vk_submit_wait(&C, cb));
   agx_vk_buffer_free(&C, &up);
}

static VkSampler
sampler(VkFilter filter, VkBorderColor colour, const VkClearColorValue *value, VkFormat format)
{
   VkSamplerCustomBorderColorCreateInfoEXT cb = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
      .customBorderColor = *value,
      .format = format};
   VkSamplerCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                             .pNext = &cb,
                             .magFilter = filter,
                             .minFilter = filter,
                             .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
                             .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
                             .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
                             .borderColor = colour};
   VkSampler s;
   VK_OK(vkCreateSampler(C.dev, &ci, NULL, &s));
   return s;
}

static unsigned bad;

static void
expect_f(int i, int slot, const char *what, const float *got, const float *want, float tol)
{
   for (int c = 0; c < 4; c++)
      if (!(fabsf(got[c] - want[c]) <= tol) && bad++ < 24)
         fprintf(stderr, "invocation %d %s component %d: %g, expected %g\n", i, what, c,
                 (double)got[c], (double)want[c]);
   (void)slot;
}

static void
expect_i(int i, const char *what, const uint32_t *got, const uint32_t *want)
{
   for (int c = 0; c < 4; c++)
      if (got[c] != want[c] && bad++ < 24)
         fprintf(stderr, "invocation %d %s component %d: 0x%x, expected 0x%x\n", i, what, c, got[c],
                 want[c]);
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 2);
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceCustomBorderColorFeaturesEXT have = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &have};
   vkGetPhysicalDeviceFeatures2(C.pdev, &f2);
   CHECK(have.customBorderColors && have.customBorderColorWithoutFormat);
   VkPhysicalDeviceCustomBorderColorPropertiesEXT props = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &props};
   vkGetPhysicalDeviceProperties2(C.pdev, &p2);
   CHECK(props.maxCustomBorderColorSamplers >= 32);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE};
   VkPhysicalDeviceCustomBorderColorFeaturesEXT en = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT,
      .pNext = &f13,
      .customBorderColors = VK_TRUE,
      .customBorderColorWithoutFormat = VK_TRUE};
   const char *ext = "VK_EXT_custom_border_color";
   agx_vk_ctx_device_features(&C, &en, NULL, 1, &ext);

   uint32_t u8[S * S], b8[S * S], u8ui[S * S], lin[S * S];
   int32_t i32[S * S * 4];
   for (int y = 0; y < S; y++)
      for (int x = 0; x < S; x++) {
         u8[y * S + x] = texel(x, y, 1);
         b8[y * S + x] = texel(x, y, 2);
         u8ui[y * S + x] = texel(x, y, 3);
         lin[y * S + x] = texel(x, y, 4);
         for (int c = 0; c < 4; c++)
            i32[(y * S + x) * 4 + c] = (int32_t)texel(x, y, 5 + c);
      }
   struct agx_vk_image img[5];
   upload(&img[0], VK_FORMAT_R8G8B8A8_UNORM, u8, sizeof(u8));
   upload(&img[1], VK_FORMAT_B8G8R8A8_UNORM, b8, sizeof(b8));
   upload(&img[2], VK_FORMAT_R32G32B32A32_SINT, i32, sizeof(i32));
   upload(&img[3], VK_FORMAT_R8G8B8A8_UINT, u8ui, sizeof(u8ui));
   upload(&img[4], VK_FORMAT_R8G8B8A8_UNORM, lin, sizeof(lin));
   VkSampler samp[5] = {
      sampler(VK_FILTER_NEAREST, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT, &float_border,
              VK_FORMAT_R8G8B8A8_UNORM),
      sampler(VK_FILTER_NEAREST, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT, &float_border2,
              VK_FORMAT_UNDEFINED),
      sampler(VK_FILTER_NEAREST, VK_BORDER_COLOR_INT_CUSTOM_EXT, &int_border,
              VK_FORMAT_R32G32B32A32_SINT),
      sampler(VK_FILTER_NEAREST, VK_BORDER_COLOR_INT_CUSTOM_EXT, &uint_border, VK_FORMAT_UNDEFINED),
      sampler(VK_FILTER_LINEAR, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT, &linear_border,
              VK_FORMAT_R8G8B8A8_UNORM)};

   const VkShaderStageFlags cs = VK_SHADER_STAGE_COMPUTE_BIT;
   const struct agx_vk_binding b[7] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, cs},
                                       {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cs},
                                       {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, cs},
                                       {VK_DESCRIPTOR_TYPE_SAMPLER, cs},
                                       {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cs},
                                       {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cs},
                                       {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cs}};
   struct agx_vk_set set;
   agx_vk_set_create(&C, 7, b, &set);
   struct agx_vk_buffer out = agx_vk_buffer(&C, N * SLOTS * 16);
   memset(out.ptr, 0xAB, N * SLOTS * 16);
   const VkImageLayout ro = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
   agx_vk_set_buffer(&C, &set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buf);
   agx_vk_set_image(&C, &set, 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samp[0], img[0].view,
                    ro);
   agx_vk_set_image(&C, &set, 2, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, VK_NULL_HANDLE, img[1].view, ro);
   agx_vk_set_image(&C, &set, 3, VK_DESCRIPTOR_TYPE_SAMPLER, samp[1], VK_NULL_HANDLE, ro);
   agx_vk_set_image(&C, &set, 4, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samp[2], img[2].view,
                    ro);
   agx_vk_set_image(&C, &set, 5, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samp[3], img[3].view,
                    ro);
   agx_vk_set_image(&C, &set, 6, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samp[4], img[4].view,
                    ro);
   VkPipelineLayout layout = agx_vk_pipeline_layout(&C, 1, &set.layout, 0, 0);
   VkShaderModule mod = agx_vk_shader(&C, argv[1]);
   VkPipeline pipe = agx_vk_compute_pipeline(&C, layout, mod, NULL, 0, NULL);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set.set, 0, NULL);
   vkCmdDispatch(cb, 1, 1, 1);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(&C, cb));

   const float *of = out.ptr;
   const uint32_t *ou = out.ptr;
   for (int i = 0; i < N; i++) {
      int x = i % 8 - 2, y = i / 8 - 2;
      float want[4];
      uint32_t wi[4];
      float_at(x, y, 1, false, &float_border, want);
      expect_f(i, 0, "rgba8 nearest", of + 4 * (SLOTS * i), want, 1e-6f);
      float_at(x, y, 2, true, &float_border2, want);
      expect_f(i, 1, "bgra8 formatless", of + 4 * (SLOTS * i + 1), want, 1e-6f);
      for (int c = 0; c < 4; c++)
         wi[c] = inside(x, y) ? (uint32_t)i32[(y * S + x) * 4 + c] : int_border.uint32[c];
      expect_i(i, "rgba32i", ou + 4 * (SLOTS * i + 2), wi);
      for (int c = 0; c < 4; c++)
         wi[c] = inside(x, y) ? (u8ui[y * S + x] >> (8 * c)) & 255 : uint_border.uint32[c];
      expect_i(i, "rgba8ui formatless", ou + 4 * (SLOTS * i + 3), wi);
      /* between texel centres (x, y) .. (x + 1, y + 1): a quarter each */
      float t[4][4]; /* i0j0, i1j0, i0j1, i1j1 */
      for (int k = 0; k < 4; k++)
         float_at(x + (k & 1), y + (k >> 1), 4, false, &linear_border, t[k]);
      for (int c = 0; c < 4; c++)
         want[c] = (t[0][c] + t[1][c] + t[2][c] + t[3][c]) * 0.25f;
      expect_f(i, 4, "linear", of + 4 * (SLOTS * i + 4), want, 1.0f / 512.0f);
      float g[4] = {t[2][1], t[3][1], t[1][1], t[0][1]}; /* i0j1, i1j1, i1j0, i0j0 */
      expect_f(i, 5, "gather g", of + 4 * (SLOTS * i + 5), g, 1e-6f);
   }
   printf("custom border colours: %u mismatches\n", bad);
   CHECK(bad == 0);

   agx_vk_buffer_free(&C, &out);
   vkDestroyPipeline(C.dev, pipe, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   agx_vk_set_free(&C, &set);
   for (int k = 0; k < 5; k++) {
      vkDestroySampler(C.dev, samp[k], NULL);
      agx_vk_image_free(&C, &img[k]);
   }
   return agx_vk_ctx_finish(&C);
}
