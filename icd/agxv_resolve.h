/*
 * Multisample colour and depth/stencil resolves (agxv_resolve.c): the end of a pass's
 * resolve attachments (dynamic rendering, render-pass subpasses) and
 * vkCmdResolveImage(2), run as the resolve kernel (cl_kernels
 * agx_image_resolve) after the render command.
 * Assumes: valid usage (same format, sizes inside both images).
 */
#pragma once
#include <stdbool.h>
#include <vulkan/vulkan_core.h>

struct agxv_cmd_buffer;
struct agxv_image_view;

/* Resolves `area` of layers [first_layer, first_layer + layers) of the views
 * src into dst (views of one level; multiview passes resolve the layer of
 * each view). */
void agxv_resolve_views(struct agxv_cmd_buffer *cmd, const struct agxv_image_view *src,
                        const struct agxv_image_view *dst, VkResolveModeFlagBits mode,
                        VkRect2D area, uint32_t first_layer, uint32_t layers);

/* Resolve of one aspect (DEPTH or STENCIL) of a depth/stencil view with `mode` (SAMPLE_ZERO,
 * MIN, MAX; AVERAGE for depth): `area` of the layers of src's plane into dst's plane. */
void agxv_resolve_zs_views(struct agxv_cmd_buffer *cmd, const struct agxv_image_view *src,
                           const struct agxv_image_view *dst, VkImageAspectFlagBits aspect,
                           VkResolveModeFlagBits mode, VkRect2D area, uint32_t first_layer,
                           uint32_t layers);

/* Whether agxv_resolve_zs_views takes `mode` for the aspect (the advertised
 * supportedDepthResolveModes / supportedStencilResolveModes). */
bool agxv_resolve_zs_mode_supported(VkResolveModeFlagBits mode, VkImageAspectFlagBits aspect);
