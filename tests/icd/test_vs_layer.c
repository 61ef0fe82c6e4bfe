/*
 * shaderOutputLayer (VK_EXT_shader_viewport_index_layer, core 1.2) through
 * the loader: vs_layer.vert writes gl_Layer = gl_InstanceIndex, so one
 * two-instance draw puts a rectangle into each of the two layers of a
 * 16x16 R8G8B8A8_UNORM 2D-array attachment (rendering layerCount 2, no
 * geometry shader). Both layers are read back and compared with a CPU
 * model of the two rectangles (edges on pixel boundaries: exact coverage).
 *
 * test_vs_layer VS_LAYER_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 16
#define H 16
#define LAYERS 2

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s VS_LAYER_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f12};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   if (!f12.shaderOutputLayer) {
      printf("shaderOutputLayer is not supported\n");
      return 1;
   }
   f12 = (VkPhysicalDeviceVulkan12Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .shaderOutputLayer = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);

   struct agx_vk_buffer out =
      agx_vk_buffer_usage(&c, W * H * 4 * LAYERS, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   memset(out.ptr, 0xCD, W * H * 4 * LAYERS);
   struct agx_vk_image img;
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = LAYERS,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &img);

   VkShaderModule vs = agx_vk_shader(&c, argv[1]), fs = agx_vk_shader(&c, argv[2]);
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   struct agx_vk_gfx pb;
   agx_vk_gfx_defaults(&pb, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&pb, W, H);
   VkPipeline pipe = agx_vk_gfx_create(&c, &pb);

   VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cmd, img.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo a =
      agx_vk_color_attachment(img.view, &(VkClearColorValue){.float32 = {0, 0, 0, 1}});
   agx_vk_begin_rendering(cmd, &(struct agx_vk_rendering){.width = W,
                                                          .height = H,
                                                          .layers = LAYERS,
                                                          .color_count = 1,
                                                          .colors = &a});
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdDraw(cmd, 6, LAYERS, 0, 0);
   vkCmdEndRendering(cmd);
   agx_vk_readback(cmd, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cmd));

   /* CPU model: layer i holds only rectangle i, x in [4i+2, 4i+10),
    * y in [2, 12). */
   unsigned bad = 0, shown = 0;
   const uint8_t *px = out.ptr;
   for (int l = 0; l < LAYERS; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            bool in = x >= 4 * l + 2 && x < 4 * l + 10 && y >= 2 && y < 12;
            uint8_t want[4] = {0, 0, 0, 255};
            if (in) {
               want[0] = (uint8_t)(64 + 100 * l);
               want[1] = (uint8_t)(200 - 100 * l);
               want[2] = 30;
            }
            const uint8_t *g = px + 4 * ((l * H + y) * W + x);
            if (memcmp(g, want, 4)) {
               bad++;
               if (shown++ < 8)
                  printf("layer %d pixel (%d, %d): %u %u %u %u, expected %u %u %u %u\n", l, x, y,
                         g[0], g[1], g[2], g[3], want[0], want[1], want[2], want[3]);
            }
         }
   printf("vertex shader layer: %d pixels, %u mismatches\n", W * H * LAYERS, bad);

   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   agx_vk_image_free(&c, &img);
   agx_vk_buffer_free(&c, &out);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
