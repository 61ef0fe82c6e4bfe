/*
 * Shader draw parameters (VK_KHR_shader_draw_parameters, core 1.1
 * shaderDrawParameters) through the loader: gl_BaseVertex, gl_BaseInstance
 * and gl_DrawID of vkCmdDraw (firstVertex), vkCmdDrawIndexed (vertexOffset,
 * two instances), and two-record vkCmdDrawIndirect /
 * vkCmdDrawIndexedIndirect (DrawID 0 and 1, bases from the records), read
 * back from a 64x16 R8G8B8A8_UNORM attachment and compared with the
 * colours the Vulkan specification implies for each rectangle
 * (draw_params.vert: rectangle gl_VertexIndex / 6, colour from the
 * parameters). The same program runs on lavapipe (--reference) and under
 * the validation layer.
 *
 * test_draw_params DRAW_PARAMS_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 16

struct rect {
   uint32_t base_vertex, base_instance, instances, draw_id;
};

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s DRAW_PARAMS_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f13};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   if (!f11.shaderDrawParameters) {
      printf("shaderDrawParameters is not supported\n");
      return 1;
   }
   f11 = (VkPhysicalDeviceVulkan11Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .shaderDrawParameters = VK_TRUE};
   f13 = (VkPhysicalDeviceVulkan13Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      .pNext = &f11,
      .synchronization2 = VK_TRUE,
      .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.multiDrawIndirect = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);

   /* The draws; rectangle r covers the vertices 6r..6r+5. */
   const struct rect rects[8] = {
      {0, 0, 1, 0},   /* unused slot: no draw reaches vertices 0..5 */
      {6, 3, 1, 0},   /* vkCmdDraw firstVertex 6, firstInstance 3 */
      {12, 5, 2, 0},  /* vkCmdDrawIndexed vertexOffset 12, firstInstance 5, 2 instances */
      {18, 7, 1, 0},  /* vkCmdDrawIndirect record 0 */
      {24, 9, 1, 1},  /* record 1 */
      {30, 11, 1, 0}, /* vkCmdDrawIndexedIndirect record 0 */
      {36, 13, 1, 1}, /* record 1 */
      {0, 0, 0, 0},   /* no draw */
   };
   struct agx_vk_buffer ib = agx_vk_buffer_usage(&c, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   struct agx_vk_buffer ind = agx_vk_buffer_usage(&c, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   uint32_t *idx = ib.ptr;
   for (uint32_t i = 0; i < 6; i++)
      idx[i] = i;
   VkDrawIndirectCommand *di = ind.ptr;
   di[0] = (VkDrawIndirectCommand){6, 1, 18, 7};
   di[1] = (VkDrawIndirectCommand){6, 1, 24, 9};
   VkDrawIndexedIndirectCommand *dii = (VkDrawIndexedIndirectCommand *)((uint8_t *)ind.ptr + 64);
   dii[0] = (VkDrawIndexedIndirectCommand){6, 1, 0, 30, 11};
   dii[1] = (VkDrawIndexedIndirectCommand){6, 1, 0, 36, 13};
   memset(out.ptr, 0xCD, W * H * 4);

   struct agx_vk_image img;
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &img);

   VkShaderModule vs = agx_vk_shader(&c, argv[1]), fs = agx_vk_shader(&c, argv[2]);
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   struct agx_vk_gfx pb;
   agx_vk_gfx_defaults(&pb, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&pb, W, H);
   VkPipeline pipe = agx_vk_gfx_create(&c, &pb);

   VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_color_pass(cmd, &img, &(VkClearColorValue){.float32 = {0, 0, 0, 1}});
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindIndexBuffer(cmd, ib.buf, 0, VK_INDEX_TYPE_UINT32);
   vkCmdDraw(cmd, 6, 1, 6, 3);
   vkCmdDrawIndexed(cmd, 6, 2, 0, 12, 5);
   vkCmdDrawIndirect(cmd, ind.buf, 0, 2, sizeof(VkDrawIndirectCommand));
   vkCmdDrawIndexedIndirect(cmd, ind.buf, 64, 2, sizeof(VkDrawIndexedIndirectCommand));
   vkCmdEndRendering(cmd);
   agx_vk_readback(cmd, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cmd));

   /* Expected: each drawn rectangle's pixels (x in 8r+1..8r+6, y in 1..14)
    * take its colour; everything else the clear colour. */
   unsigned bad = 0, shown = 0;
   const uint8_t *px = out.ptr;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int rr = x / 8;
         bool in = x % 8 >= 1 && x % 8 <= 6 && y >= 1 && y <= 14 && rects[rr].instances;
         if (rr == 0)
            in = false;
         const struct rect *q = &rects[rr];
         uint8_t want[4] = {0, 0, 0, 255};
         if (in) {
            want[0] = (uint8_t)q->base_vertex;
            want[1] = (uint8_t)(q->base_instance + 16 * (q->instances - 1));
            want[2] = (uint8_t)(64 * q->draw_id);
         }
         const uint8_t *g = px + 4 * (y * W + x);
         if (memcmp(g, want, 4)) {
            bad++;
            if (shown++ < 8)
               printf("pixel (%d, %d): %u %u %u %u, expected %u %u %u %u\n", x, y, g[0], g[1], g[2],
                      g[3], want[0], want[1], want[2], want[3]);
         }
      }
   printf("draw parameters: %d pixels, %u mismatches\n", W * H, bad);

   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   agx_vk_image_free(&c, &img);
   agx_vk_buffer_free(&c, &ib);
   agx_vk_buffer_free(&c, &ind);
   agx_vk_buffer_free(&c, &out);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
