/*
 * Layered multisampled render passes through the loader (issue 20 items 1-2: multiview and
 * layered rendering into 4-sample images): a 3-layer 4-sample R8G8B8A8_UNORM image whose
 * layers are cleared to different colours (vkCmdClearColorImage), then a dynamic rendering
 * of all layers (or a view mask 0b101) that loads the attachment (loadOp LOAD: the
 * background program's per-sample loads from the 2D MS array view) and stores it (the
 * end-of-tile block stores of each layer), with a vkCmdClearAttachments rectangle inside
 * (which splits the pass: a store then a load of every layer), each layer resolved with
 * vkCmdResolveImage and compared with the CPU model (every sample equal, so exact).
 * Variants: loadOp CLEAR (stores only) and a multiview pass.
 * test_layered_ms [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 40
#define H 24
#define LAYERS 3

static const uint8_t layer_col[LAYERS][4] = {
   {255, 0, 0, 255}, {0, 128, 255, 64}, {32, 200, 96, 160}};
static const uint8_t load_clear[4] = {10, 20, 30, 40}; /* loadOp CLEAR value */
static const uint8_t rect_col[4] = {250, 240, 5, 128};
static const VkRect2D rect = {{6, 4}, {20, 12}};

static VkClearColorValue
color_of(const uint8_t c[4])
{
   VkClearColorValue v;
   for (int k = 0; k < 4; k++)
      v.float32[k] = c[k] / 255.0f;
   return v;
}

struct image {
   VkImage image;
   VkDeviceMemory mem;
};

static void
make_image(struct agx_vk_ctx *c, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
           struct image *img)
{
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R8G8B8A8_UNORM,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = LAYERS,
                            .samples = samples,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = usage};
   VK_OK(vkCreateImage(c->dev, &ici, NULL, &img->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, img->image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c->dev, &mai, NULL, &img->mem));
   VK_OK(vkBindImageMemory(c->dev, img->image, img->mem, 0));
}

static void
barrier(VkCommandBuffer cb, VkImage image, bool undefined)
{
   VkImageMemoryBarrier2 b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
      .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
      .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
      .dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
      .oldLayout = undefined ? VK_IMAGE_LAYOUT_UNDEFINED : VK_IMAGE_LAYOUT_GENERAL,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
}

/* view_mask 0: layerCount LAYERS; else multiview. clear_rect: a vkCmdClearAttachments inside. */
static unsigned
run(struct agx_vk_ctx *c, const char *name, VkAttachmentLoadOp load, uint32_t view_mask,
    bool clear_rect)
{
   struct image ms, res;
   make_image(c, VK_SAMPLE_COUNT_4_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              &ms);
   make_image(c, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &res);
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = ms.image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS}};
   VkImageView view;
   VK_OK(vkCreateImageView(c->dev, &vci, NULL, &view));
   struct agx_vk_buffer out =
      agx_vk_buffer_usage(c, LAYERS * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, ms.image, true);
   barrier(cb, res.image, true);
   for (uint32_t l = 0; l < LAYERS; l++) {
      VkClearColorValue v = color_of(layer_col[l]);
      VkImageSubresourceRange r = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, l, 1};
      vkCmdClearColorImage(cb, ms.image, VK_IMAGE_LAYOUT_GENERAL, &v, 1, &r);
   }
   barrier(cb, ms.image, false);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = load,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                   .clearValue = {.color = color_of(load_clear)}};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = view_mask ? 1 : LAYERS,
                         .viewMask = view_mask,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &ri);
   if (clear_rect) {
      VkClearAttachment a = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT,
                             .colorAttachment = 0,
                             .clearValue = {.color = color_of(rect_col)}};
      /* layer 1 only (multiview: the rectangle clears every view's layer) */
      VkClearRect cr = {rect, view_mask ? 0 : 1, 1};
      vkCmdClearAttachments(cb, 1, &a, 1, &cr);
   }
   vkCmdEndRendering(cb);
   barrier(cb, ms.image, false);
   VkImageResolve rr = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, LAYERS},
                        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, LAYERS},
                        .extent = {W, H, 1}};
   vkCmdResolveImage(cb, ms.image, VK_IMAGE_LAYOUT_GENERAL, res.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                     &rr);
   barrier(cb, res.image, false);
   VkBufferImageCopy bc = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, LAYERS},
                           .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, res.image, VK_IMAGE_LAYOUT_GENERAL, out.buf, 1, &bc);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0;
   for (uint32_t l = 0; l < LAYERS; l++) {
      bool in_pass = !view_mask || (view_mask & (1u << l));
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const uint8_t *want = layer_col[l];
            if (in_pass && load == VK_ATTACHMENT_LOAD_OP_CLEAR)
               want = load_clear;
            bool inside = x >= rect.offset.x && y >= rect.offset.y &&
                          x < rect.offset.x + (int)rect.extent.width &&
                          y < rect.offset.y + (int)rect.extent.height;
            if (clear_rect && in_pass && inside && (view_mask || l == 1))
               want = rect_col;
            const uint8_t *got = out.map + ((l * H + y) * W + x) * 4;
            if (memcmp(got, want, 4) && bad++ < 8)
               fprintf(stderr, "%s: layer %u pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n",
                       name, l, x, y, got[0], got[1], got[2], got[3], want[0], want[1], want[2],
                       want[3]);
         }
   }
   printf("%s: %u mismatches\n", name, bad);
   agx_vk_buffer_free(c, &out);
   vkDestroyImageView(c->dev, view, NULL);
   vkDestroyImage(c->dev, ms.image, NULL);
   vkFreeMemory(c->dev, ms.mem, NULL);
   vkDestroyImage(c->dev, res.image, NULL);
   vkFreeMemory(c->dev, res.mem, NULL);
   return bad;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .multiview = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   unsigned bad = 0;
   bad += run(&c, "layered, loadOp CLEAR", VK_ATTACHMENT_LOAD_OP_CLEAR, 0, false);
   bad += run(&c, "layered, loadOp LOAD", VK_ATTACHMENT_LOAD_OP_LOAD, 0, false);
   bad +=
      run(&c, "layered, loadOp LOAD, vkCmdClearAttachments", VK_ATTACHMENT_LOAD_OP_LOAD, 0, true);
   bad += run(&c, "multiview 0b101, loadOp CLEAR", VK_ATTACHMENT_LOAD_OP_CLEAR, 5, false);
   bad += run(&c, "multiview 0b101, loadOp LOAD, vkCmdClearAttachments", VK_ATTACHMENT_LOAD_OP_LOAD,
              5, true);
   int rc = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u mismatches\n", bad);
      return 1;
   }
   return rc;
}
