/*
 * VK_EXT_multi_draw through the loader: vkCmdDrawMultiEXT (three entries
 * with a 12-byte stride, firstInstance 3) and vkCmdDrawMultiIndexedEXT
 * twice, once with per-entry vertex offsets (two instances, a 16-byte
 * stride) and once with one shared pVertexOffset, drawn with
 * draw_params.vert (rectangle gl_VertexIndex / 6, colour R = BaseVertex,
 * G = BaseInstance + 16 x extra instances, B = 64 x DrawID) into a 64x16
 * R8G8B8A8_UNORM attachment and compared with the colours Vulkan implies
 * (DrawIndex = the entry's index in its call, BaseVertex = firstVertex or
 * the vertex offset). Also checks the multiDraw feature and
 * maxMultiDrawCount >= 2048. Assumes lavapipe offers VK_EXT_multi_draw
 * (Mesa 22.3 does) for the --reference run.
 *
 * test_multi_draw DRAW_PARAMS_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 16

struct rect {
   uint32_t base_vertex, base_instance, instances, draw_id;
};

/* An entry of a stride larger than the API structure. */
struct padded_draw {
   VkMultiDrawInfoEXT d;
   uint32_t pad;
};
struct padded_indexed {
   VkMultiDrawIndexedInfoEXT d;
   uint32_t pad;
};

static bool
enable(struct agx_vk_ctx *c)
{
   VkPhysicalDeviceMultiDrawFeaturesEXT md = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT};
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .pNext = &md};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f11};
   vkGetPhysicalDeviceFeatures2(c->pdev, &f2);
   VkPhysicalDeviceMultiDrawPropertiesEXT mp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &mp};
   vkGetPhysicalDeviceProperties2(c->pdev, &p2);
   if (!md.multiDraw || !f11.shaderDrawParameters || mp.maxMultiDrawCount < 2048) {
      printf("multiDraw %u, shaderDrawParameters %u, maxMultiDrawCount %u\n", md.multiDraw,
             f11.shaderDrawParameters, mp.maxMultiDrawCount);
      return false;
   }
   md = (VkPhysicalDeviceMultiDrawFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT,
      .multiDraw = VK_TRUE};
   f11 = (VkPhysicalDeviceVulkan11Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .pNext = &md,
      .shaderDrawParameters = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   const char *ext = VK_EXT_MULTI_DRAW_EXTENSION_NAME;
   agx_vk_ctx_device_features(c, &f13, NULL, 1, &ext);
   return true;
}

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
   if (!enable(&c))
      return 1;
   PFN_vkCmdDrawMultiEXT draw_multi =
      (PFN_vkCmdDrawMultiEXT)vkGetDeviceProcAddr(c.dev, "vkCmdDrawMultiEXT");
   PFN_vkCmdDrawMultiIndexedEXT draw_multi_indexed =
      (PFN_vkCmdDrawMultiIndexedEXT)vkGetDeviceProcAddr(c.dev, "vkCmdDrawMultiIndexedEXT");
   if (!draw_multi || !draw_multi_indexed) {
      printf("vkCmdDrawMulti(Indexed)EXT not found\n");
      return 1;
   }

   /* The draws; rectangle r covers the vertices 6r..6r+5. */
   const struct rect rects[8] = {
      {0, 0, 0, 0},  /* no draw */
      {6, 3, 1, 0},  /* vkCmdDrawMultiEXT entry 0: firstVertex 6, firstInstance 3 */
      {12, 3, 1, 1}, /* entry 1 */
      {18, 3, 1, 2}, /* entry 2 */
      {24, 5, 2, 0}, /* vkCmdDrawMultiIndexedEXT own offsets: entry 0, offset 24, 2 instances */
      {30, 5, 2, 1}, /* entry 1, offset 30 */
      {36, 1, 1, 0}, /* shared pVertexOffset 36: entry 0, indices 0..5 */
      {36, 1, 1, 1}, /* entry 1, indices 6..11 (vertices 42..47) */
   };
   struct agx_vk_buffer ib = agx_vk_buffer_usage(&c, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   uint32_t *idx = ib.ptr;
   for (uint32_t i = 0; i < 12; i++)
      idx[i] = i;
   memset(out.ptr, 0xCD, W * H * 4);

   const struct padded_draw draws[3] = {{{6, 6}, 0}, {{12, 6}, 0}, {{18, 6}, 0}};
   const struct padded_indexed own[2] = {{{0, 6, 24}, 0}, {{0, 6, 30}, 0}};
   /* vertexOffset values that must be ignored when pVertexOffset is given */
   const VkMultiDrawIndexedInfoEXT shared[2] = {{0, 6, 1000}, {6, 6, -7}};
   const int32_t shared_offset = 36;

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
   draw_multi(cmd, 3, &draws[0].d, 1, 3, sizeof(draws[0]));
   draw_multi(cmd, 0, NULL, 1, 0, sizeof(draws[0])); /* no entries: draws nothing */
   draw_multi_indexed(cmd, 2, &own[0].d, 2, 5, sizeof(own[0]), NULL);
   draw_multi_indexed(cmd, 2, shared, 1, 1, sizeof(shared[0]), &shared_offset);
   vkCmdEndRendering(cmd);
   agx_vk_readback(cmd, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cmd));

   /* Expected: each drawn rectangle's pixels (x in 8r+1..8r+6, y in 1..14)
    * take its colour (the last instance's G); everything else the clear. */
   unsigned bad = 0, shown = 0;
   const uint8_t *px = out.ptr;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const struct rect *q = &rects[x / 8];
         bool in = x % 8 >= 1 && x % 8 <= 6 && y >= 1 && y <= 14 && q->instances;
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
   printf("multi draw: %d pixels, %u mismatches\n", W * H, bad);

   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   agx_vk_image_free(&c, &img);
   agx_vk_buffer_free(&c, &ib);
   agx_vk_buffer_free(&c, &out);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
