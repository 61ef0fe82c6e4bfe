/*
 * Clears drawn inside the render command of a pass: vkCmdClearAttachments and load-op clears
 * of a partial render area become rectangle draws of a driver pipeline (agxv_clear_draw.c),
 * as Honeykrisp does with vk_meta (graphics.md §9; Mesa src/asahi/vulkan/hk_cmd_clear.c,
 * src/vulkan/runtime/vk_meta_clear.c), instead of ending the render command, clearing in
 * memory and resuming it (agxv_rendering_split).
 *
 * Assumes: the pass in progress is cmd->rendering (a primary's or a secondary's continuing
 * one); its subpass's tilebuffer view (sub_tib), sample count, depth/stencil presence and view
 * mask decide the pipeline, which is compiled once per key and kept on the device.
 */
#ifndef AGXV_CLEAR_DRAW_H
#define AGXV_CLEAR_DRAW_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct agxv_cmd_buffer;
struct agxv_device;
struct agxv_rendering_state;

/* What one clear draws: per colour attachment of the subpass (bit j of color_mask) its value,
 * depth and/or stencil, over rectangles with their layers (relative to the pass). */
struct agxv_clear_draw {
   uint32_t color_mask;
   VkClearColorValue color[8];
   bool depth, stencil;
   float depth_value;
   uint32_t stencil_value;
   const VkClearRect *rects;
   uint32_t rect_count;
};

/* Draws the clear in the render command being recorded; the application's bound pipeline,
 * push constants and dynamic state are restored afterwards. False (nothing recorded) when a
 * draw cannot do it (the caller falls back to the split). Errors go to the command buffer. */
bool agxv_clear_draw(struct agxv_cmd_buffer *cmd, const struct agxv_clear_draw *c);

/* Whether the pass in progress takes clear draws (false: a render target spills the
 * tilebuffer, eMRT, which the output epilog does not store yet; the split path clears
 * those). */
bool agxv_clear_draw_possible(const struct agxv_rendering_state *rs);

/* The device's clear pipelines (vkDestroyDevice). */
void agxv_clear_draw_finish(struct agxv_device *device);

/* Clear pipelines compiled so far on the device (tests). */
uint32_t agxv_clear_draw_pipeline_count(struct agxv_device *device);

#endif
