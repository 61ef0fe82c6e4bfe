/*
 * Frames for the window-system tests (test_wsi_headless.c, test_wsi_x11.c):
 * each frame clears a B8G8R8A8_UNORM swapchain image to a colour of its
 * own and copies two sub-rectangles of a per-frame pattern into it from a
 * host buffer (the driver has no draws yet), and a CPU reference says what
 * every pixel must be, independently of the driver.
 */
#ifndef AGX_WSI_FRAME_H
#define AGX_WSI_FRAME_H

#include "agx_vk_ctx.h"

/* Bytes of pattern one frame copies (the staging buffer needs this much). */
#define AGX_WSI_PATTERN_BYTES (2 * 20 * 12 * 4)

/* Records into `cb` frame number `frame` of an image of `extent`: layout
 * UNDEFINED -> TRANSFER_DST, clear, the two copies from `staging` (whose
 * mapping the call fills), then -> `final_layout`. */
void agx_wsi_frame_record(VkCommandBuffer cb, VkImage image, VkExtent2D extent, uint32_t frame,
                          struct agx_vk_buffer *staging, VkImageLayout final_layout);

/* The pixel the frame has at (x, y), as a little-endian B8G8R8A8 word
 * (0xAARRGGBB). */
uint32_t agx_wsi_frame_pixel(VkExtent2D extent, uint32_t frame, uint32_t x, uint32_t y);

/* Compares `pixels` (rows `stride` bytes apart) with the frame, on the
 * bits of `mask`; prints the first mismatches and returns their count. */
uint32_t agx_wsi_frame_compare(const void *pixels, uint32_t stride, VkExtent2D extent,
                               uint32_t frame, uint32_t mask, bool verbose);

#endif
