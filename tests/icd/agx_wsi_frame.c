/* Frames for the window-system tests: recording and the CPU reference
 * (see agx_wsi_frame.h). */
#include "agx_wsi_frame.h"

struct rect {
   uint32_t x, y, w, h;
};

/* The two rectangles of frame `frame` (they move from frame to frame; the
 * first stays in the top half, the second in the bottom rows, so they never
 * overlap in images of 32x32 or more, as copy regions must not). */
static void
frame_rects(VkExtent2D e, uint32_t frame, struct rect r[2])
{
   r[0] = (struct rect){(frame * 5) % (e.width - 16), 2 + frame % (e.height / 2 - 12), 16, 10};
   r[1] = (struct rect){e.width - 20, e.height - 12 - frame % 4, 20, 12};
}

static uint32_t
clear_word(uint32_t frame)
{
   uint32_t r = (37 * frame + 11) & 255, g = (91 * frame + 200) & 255, b = (13 * frame + 7) & 255;
   return 0xff000000u | r << 16 | g << 8 | b;
}

static uint32_t
pattern_word(uint32_t frame, uint32_t rect, uint32_t u, uint32_t v)
{
   return 0xff000000u | (agx_vk_hash(frame << 20 | rect << 16 | v << 8 | u) & 0xffffff);
}

void
agx_wsi_frame_record(VkCommandBuffer cb, VkImage image, VkExtent2D extent, uint32_t frame,
                     struct agx_vk_buffer *staging, VkImageLayout final_layout)
{
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   VkImageMemoryBarrier to_dst = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = 0,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = range,
   };
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                        NULL, 0, NULL, 1, &to_dst);
   uint32_t w = clear_word(frame);
   VkClearColorValue color = {
      .float32 = {((w >> 16) & 255) / 255.0f, ((w >> 8) & 255) / 255.0f, (w & 255) / 255.0f, 1.0f}};
   vkCmdClearColorImage(cb, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &color, 1, &range);
   VkMemoryBarrier clear_done = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
   };
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                        &clear_done, 0, NULL, 0, NULL);

   struct rect r[2];
   frame_rects(extent, frame, r);
   uint32_t *words = staging->ptr;
   VkBufferImageCopy copies[2];
   uint32_t offset = 0;
   for (uint32_t i = 0; i < 2; i++) {
      for (uint32_t v = 0; v < r[i].h; v++) {
         for (uint32_t u = 0; u < r[i].w; u++)
            words[offset + v * r[i].w + u] = pattern_word(frame, i, u, v);
      }
      copies[i] = (VkBufferImageCopy){
         .bufferOffset = offset * 4,
         .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
         .imageOffset = {(int32_t)r[i].x, (int32_t)r[i].y, 0},
         .imageExtent = {r[i].w, r[i].h, 1},
      };
      offset += r[i].w * r[i].h;
   }
   vkCmdCopyBufferToImage(cb, staging->buf, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 2, copies);

   VkImageMemoryBarrier to_final = to_dst;
   to_final.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   to_final.dstAccessMask =
      final_layout == VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL ? VK_ACCESS_TRANSFER_READ_BIT : 0;
   to_final.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
   to_final.newLayout = final_layout;
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        final_layout == VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL
                           ? VK_PIPELINE_STAGE_TRANSFER_BIT
                           : VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                        0, 0, NULL, 0, NULL, 1, &to_final);
}

uint32_t
agx_wsi_frame_pixel(VkExtent2D extent, uint32_t frame, uint32_t x, uint32_t y)
{
   struct rect r[2];
   frame_rects(extent, frame, r);
   for (int i = 0; i < 2; i++) {
      if (x >= r[i].x && x < r[i].x + r[i].w && y >= r[i].y && y < r[i].y + r[i].h)
         return pattern_word(frame, (uint32_t)i, x - r[i].x, y - r[i].y);
   }
   return clear_word(frame);
}

uint32_t
agx_wsi_frame_compare(const void *pixels, uint32_t stride, VkExtent2D extent, uint32_t frame,
                      uint32_t mask, bool verbose)
{
   uint32_t bad = 0;
   for (uint32_t y = 0; y < extent.height; y++) {
      const uint32_t *row = (const uint32_t *)((const uint8_t *)pixels + (size_t)y * stride);
      for (uint32_t x = 0; x < extent.width; x++) {
         uint32_t want = agx_wsi_frame_pixel(extent, frame, x, y);
         if ((row[x] & mask) != (want & mask)) {
            if (verbose && bad < 5)
               fprintf(stderr, "frame %u pixel (%u, %u): 0x%08x, expected 0x%08x\n", frame, x, y,
                       row[x] & mask, want & mask);
            bad++;
         }
      }
   }
   return bad;
}
