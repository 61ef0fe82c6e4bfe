/*
 * EarlyFragmentTests with a SampleMask output through the loader (the CTS
 * fragment_operations.early_fragment.samplemask_* scene): on a 4-sample
 * R8G8B8A8_UNORM + D32_SFLOAT pass cleared to (0, 0, 0, 0) and depth 1.0,
 * draw 1 covers everything at depth 0.5 with EarlyFragmentTests, the
 * pipeline sample mask 0x7 and a shader writing SampleMask = 0x3 and red;
 * draw 2 (no early tests, all samples) covers everything at depth 0.75,
 * green, with the depth test LESS (both write depth).
 * Vulkan: the pipeline sample mask removes sample 3 before the early
 * tests; samples 0-2 pass them and store depth 0.5 (the shader's
 * SampleMask comes after the tests: it limits the colour writes to samples
 * 0 and 1, not the depth writes). So draw 2 passes only at sample 3.
 * Colour per sample: red, red, clear, green; resolved (AVERAGE) that is
 * (0.5, 0.25, 0, 0.75), compared with one code of tolerance. A driver
 * that killed samples by the SampleMask (late tests) would leave depth 1.0
 * at sample 2 and give green 0.5.
 *
 * test_early_sample_mask LOGIC_OP_VERT_SPV EARLY_MASK_FRAG_SPV EARLY_GREEN_FRAG_SPV
 *                        [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 8
#define H 8

static VkPipeline
pipeline(struct agx_vk_ctx *c, VkPipelineLayout layout, VkShaderModule vs, VkShaderModule fs,
         const VkSampleMask *mask)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   b.ms.rasterizationSamples = VK_SAMPLE_COUNT_4_BIT;
   b.ms.pSampleMask = mask;
   b.ds.depthTestEnable = VK_TRUE;
   b.ds.depthWriteEnable = VK_TRUE;
   b.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   b.ri.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT;
   return agx_vk_gfx_create(c, &b);
}

/* The viewport with depth range [zmin, 1]: the vertex shader's z 0.5
 * lands at zmin + (1 - zmin) / 2. */
static void
viewport(VkCommandBuffer cb, float zmin)
{
   VkViewport vp = {0, 0, W, H, zmin, 1.0f};
   VkRect2D sc = {{0, 0}, {W, H}};
   vkCmdSetViewport(cb, 0, 1, &vp);
   vkCmdSetScissor(cb, 0, 1, &sc);
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr,
              "usage: %s LOGIC_OP_VERT_SPV EARLY_MASK_FRAG_SPV EARLY_GREEN_FRAG_SPV "
              "[--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device(&c, &f13, 0, NULL);
   VkShaderModule vs = agx_vk_shader(&c, argv[1]), fs_mask = agx_vk_shader(&c, argv[2]),
                  fs_green = agx_vk_shader(&c, argv[3]);
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   const VkSampleMask mask = 0x7;
   VkPipeline p1 = pipeline(&c, layout, vs, fs_mask, &mask);
   VkPipeline p2 = pipeline(&c, layout, vs, fs_green, NULL);

   struct agx_vk_image ms, zs, res;
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .samples = VK_SAMPLE_COUNT_4_BIT,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                       &ms);
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){
                          .format = VK_FORMAT_D32_SFLOAT,
                          .width = W,
                          .height = H,
                          .samples = VK_SAMPLE_COUNT_4_BIT,
                          .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                          .aspect = VK_IMAGE_ASPECT_DEPTH_BIT,
                       },
                       &zs);
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &res);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);

   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_RW);
   agx_vk_barrier(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_RW);
   agx_vk_barrier(cb, zs.image, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_DEPTH_RW);
   VkClearColorValue black = {{0, 0, 0, 0}};
   VkRenderingAttachmentInfo ca = agx_vk_color_attachment(ms.view, &black);
   ca.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
   ca.resolveImageView = res.view;
   ca.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   VkClearDepthStencilValue far = {1.0f, 0};
   VkRenderingAttachmentInfo za =
      agx_vk_depth_attachment(zs.view, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, &far);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 1,
                                                         .colors = &ca,
                                                         .depth = &za});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p1);
   viewport(cb, 0.0f); /* depth 0.5 */
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p2);
   viewport(cb, 0.5f); /* depth 0.75 */
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &res, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cb));

   /* red, red, clear, green per sample, averaged */
   static const int want[4] = {128, 64, 0, 191};
   unsigned bad = 0;
   for (int p = 0; p < W * H; p++)
      for (int k = 0; k < 4; k++) {
         int v = out.map[4 * p + k];
         if (abs(v - want[k]) > 1 && bad++ < 8)
            fprintf(stderr, "pixel %d c%d = %d, want %d (+-1)\n", p, k, v, want[k]);
      }
   printf("early tests + SampleMask: %u mismatches\n", bad);

   vkDestroyPipeline(c.dev, p1, NULL);
   vkDestroyPipeline(c.dev, p2, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs_mask, NULL);
   vkDestroyShaderModule(c.dev, fs_green, NULL);
   agx_vk_buffer_free(&c, &out);
   agx_vk_image_free(&c, &ms);
   agx_vk_image_free(&c, &zs);
   agx_vk_image_free(&c, &res);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
