/*
 * FrontFacing in a fragment shader through the loader: shaders/ff.vert
 * draws two triangles of opposite winding and a four-vertex triangle strip
 * (its second triangle has the strip's alternating vertex order) into a
 * 96x32 R32_UINT image; shaders/ff.frag writes 1 for front-facing and 2
 * for back-facing fragments. Front face and topology are dynamic
 * (vkCmdSetFrontFace, vkCmdSetPrimitiveTopology); the scene is drawn with
 * COUNTER_CLOCKWISE and with CLOCKWISE. The CPU reference follows Vulkan
 * "Basic Polygon Rasterization": the signed area a = -1/2 sum(x_i y_i+1 -
 * x_i+1 y_i) in framebuffer coordinates, a > 0 front-facing for
 * COUNTER_CLOCKWISE; strip triangle i = (i, i + 1 + i % 2, i + 2 - i % 2).
 * Pixels whose centre is within 1/64 pixel of an edge are not checked.
 *
 * test_front_facing FF_VERT FF_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"
#include "agx_vk_gfx.h"

#define W 96
#define H 32

/* shaders/ff.vert in framebuffer coordinates */
static const double P[10][2] = {{2, 2},   {2, 28},  {28, 2},  {34, 2}, {60, 2},
                                {34, 28}, {66, 30}, {94, 30}, {70, 4}, {94, 4}};

static struct agx_vk_ctx c;

struct gpu {
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   struct agx_vk_image img;
   struct agx_vk_buffer out;
};

static void
make_image(struct gpu *g)
{
   agx_vk_color_target(&c, VK_FORMAT_R32_UINT, W, H, &g->img);
   g->out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

/* The builder's defaults (triangle lists, no culling, counter-clockwise
 * front faces, one R32_UINT target) with a static viewport and scissor;
 * front face and topology dynamic */
static void
make_pipeline(struct gpu *g)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_R32_UINT);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   b.dynamic[b.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_FRONT_FACE;
   b.dynamic[b.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY;
   g->pipeline = agx_vk_gfx_create(&c, &b);
}

/* Draws the two triangles and the strip with front face `ff`, reads back. */
static void
render(struct gpu *g, VkFrontFace ff)
{
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageMemoryBarrier2 ib = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                               .dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                               .dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                               .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                               .newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                               .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .image = g->img.image,
                               .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &ib};
   vkCmdPipelineBarrier2(cb, &di);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = g->img.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {W, H}},
                            .layerCount = 1,
                            .colorAttachmentCount = 1,
                            .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &rinfo);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->pipeline);
   vkCmdSetFrontFace(cb, ff);
   vkCmdSetPrimitiveTopology(cb, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
   vkCmdDraw(cb, 6, 1, 0, 0);
   vkCmdSetPrimitiveTopology(cb, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
   vkCmdDraw(cb, 4, 1, 6, 0);
   vkCmdEndRendering(cb);
   ib.srcStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
   ib.srcAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
   ib.dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
   ib.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
   ib.oldLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   ib.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
   vkCmdPipelineBarrier2(cb, &di);
   VkBufferImageCopy copy = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                             .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, g->img.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, g->out.buf, 1,
                          &copy);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo di2 = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .memoryBarrierCount = 1,
                           .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di2);
   VK_OK(agx_vk_submit_wait(&c, cb));
}

/* -1 outside triangle (a, b, c), 1 inside, 0 within 1/64 pixel of an edge */
static int
inside(unsigned a, unsigned b, unsigned c, double px, double py)
{
   const unsigned v[3] = {a, b, c};
   double area =
      (P[b][0] - P[a][0]) * (P[c][1] - P[a][1]) - (P[b][1] - P[a][1]) * (P[c][0] - P[a][0]);
   int sign = area > 0 ? 1 : -1, res = 1;
   for (int e = 0; e < 3; e++) {
      const double *p0 = P[v[e]], *p1 = P[v[(e + 1) % 3]];
      double ex = p1[0] - p0[0], ey = p1[1] - p0[1];
      double f = sign * (ex * (py - p0[1]) - ey * (px - p0[0])) / sqrt(ex * ex + ey * ey);
      if (f < -1.0 / 64)
         return -1;
      if (f < 1.0 / 64)
         res = 0;
   }
   return res;
}

/* Vulkan's signed area of triangle (a, b, c) in framebuffer coordinates */
static double
signed_area(unsigned a, unsigned b, unsigned c)
{
   const unsigned v[3] = {a, b, c};
   double s = 0;
   for (unsigned i = 0; i < 3; i++) {
      const double *p0 = P[v[i]], *p1 = P[v[(i + 1) % 3]];
      s += p0[0] * p1[1] - p1[0] * p0[1];
   }
   return -0.5 * s;
}

/* Compares with the reference for front face ff; *front / *back count the
 * pixels of each kind checked. */
static unsigned
check(const struct gpu *g, VkFrontFace ff, const char *name, unsigned *front, unsigned *back)
{
   /* the triangles in draw order: the list, then the strip's */
   static const unsigned tris[4][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {7, 9, 8}};
   const uint32_t *px = (const uint32_t *)g->out.map;
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t want = 0;
         bool skip = false;
         for (unsigned t = 0; t < 4; t++) {
            int in = inside(tris[t][0], tris[t][1], tris[t][2], x + 0.5, y + 0.5);
            if (in == 0)
               skip = true;
            if (in > 0) {
               double a = signed_area(tris[t][0], tris[t][1], tris[t][2]);
               bool is_front = ff == VK_FRONT_FACE_COUNTER_CLOCKWISE ? a > 0 : a < 0;
               want = is_front ? 1 : 2;
            }
         }
         if (skip)
            continue;
         *front += want == 1;
         *back += want == 2;
         if (px[y * W + x] != want && bad++ < 10)
            fprintf(stderr, "%s: pixel (%u, %u): %u, want %u\n", name, x, y, px[y * W + x], want);
      }
   printf("%s: %u wrong\n", name, bad);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s FF_VERT FF_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   struct gpu g;
   memset(&g, 0, sizeof(g));
   g.vs = agx_vk_shader(&c, argv[1]);
   g.fs = agx_vk_shader(&c, argv[2]);
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &g.layout));
   make_image(&g);
   make_pipeline(&g);
   unsigned bad = 0, front = 0, back = 0;
   render(&g, VK_FRONT_FACE_COUNTER_CLOCKWISE);
   bad += check(&g, VK_FRONT_FACE_COUNTER_CLOCKWISE, "counter-clockwise", &front, &back);
   render(&g, VK_FRONT_FACE_CLOCKWISE);
   bad += check(&g, VK_FRONT_FACE_CLOCKWISE, "clockwise", &front, &back);
   printf("%u front-facing and %u back-facing pixels checked\n", front, back);
   /* every triangle of the scene is seen from both sides */
   CHECK(front > 600 && back > 600);
   agx_vk_buffer_free(&c, &g.out);
   vkDestroyPipeline(c.dev, g.pipeline, NULL);
   agx_vk_image_free(&c, &g.img);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
