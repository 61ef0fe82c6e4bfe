/*
 * PrimitiveId in a fragment shader without a geometry shader (the
 * hardware's Primitive ID coefficient source): shaders/primid.vert draws,
 * per instance, a 4x4 grid of 8x8-pixel cells as a triangle list (cell k:
 * triangle 2k below its diagonal, 2k + 1 above), instance i at x = 32 i of
 * a 64x32 R32_UINT image; shaders/primid.frag writes PrimitiveId + 1. The
 * CPU reference (Vulkan "PrimitiveId": the index of the primitive in the
 * draw, from 0 again for each instance) expects the same ids in both
 * halves; pixels whose centre lies on a diagonal are not checked. A second
 * draw does the same with vertex offset 6 (firstVertex): ids still start
 * at 0, cells shifted by one.
 *
 * test_primitive_id PRIMID_VERT PRIMID_FRAG [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"
#include "agx_vk_gfx.h"

#define W 64
#define H 32

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
 * front faces, one R32_UINT target) with a static viewport and scissor */
static void
make_pipeline(struct gpu *g)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_R32_UINT);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   g->pipeline = agx_vk_gfx_create(&c, &b);
}

/* Draws `count` vertices from first_vertex, two instances, and reads back. */
static void
render(struct gpu *g, uint32_t count, uint32_t first_vertex)
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
   vkCmdDraw(cb, count, 2, first_vertex, 0);
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

/* Compares with the reference for a draw of cells [first_cell, first_cell
 * + cells) (vertex 6k starts cell k; ids count from the draw's first). */
static unsigned
check(const struct gpu *g, unsigned first_cell, unsigned cells, const char *name)
{
   const uint32_t *px = (const uint32_t *)g->out.map;
   unsigned bad = 0, checked = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         unsigned lx = x % 32, cell = (y / 8) * 4 + lx / 8;
         int dx = (int)(lx % 8), dy = (int)(y % 8);
         uint32_t want = 0;
         if (dx == dy)
            continue; /* on the diagonal */
         if (cell >= first_cell && cell < first_cell + cells)
            want = 2 * (cell - first_cell) + (dx > dy ? 0 : 1) + 1;
         checked++;
         if (px[y * W + x] != want && bad++ < 10)
            fprintf(stderr, "%s: pixel (%u, %u): %u, want %u\n", name, x, y, px[y * W + x], want);
      }
   printf("%s: %u pixels checked, %u wrong\n", name, checked, bad);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s PRIMID_VERT PRIMID_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   /* PrimitiveId in a fragment shader needs the Geometry capability */
   VkPhysicalDeviceFeatures feat = {.geometryShader = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &feat, 0, NULL);
   struct gpu g;
   memset(&g, 0, sizeof(g));
   g.vs = agx_vk_shader(&c, argv[1]);
   g.fs = agx_vk_shader(&c, argv[2]);
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &g.layout));
   make_image(&g);
   make_pipeline(&g);
   unsigned bad = 0;
   render(&g, 16 * 6, 0);
   bad += check(&g, 0, 16, "16 cells");
   render(&g, 10 * 6, 6);
   bad += check(&g, 1, 10, "cells 1-10 (firstVertex 6)");
   agx_vk_buffer_free(&c, &g.out);
   vkDestroyPipeline(c.dev, g.pipeline, NULL);
   agx_vk_image_free(&c, &g.img);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
