/*
 * Multisample colour resolves (agxv_resolve.c): the end of a pass's
 * resolve attachments (dynamic rendering, render-pass subpasses) and
 * vkCmdResolveImage(2), run as the resolve kernel (cl_kernels
 * agx_image_resolve) after the render command.
 * Assumes: valid usage (same format, sizes inside both images).
 */
#pragma once
#include <vulkan/vulkan_core.h>

struct agxv_cmd_buffer;
struct agxv_image_view;

/* Resolves `area` of every layer of src into dst (views of one level). */
void agxv_resolve_views(struct agxv_cmd_buffer *cmd, const struct agxv_image_view *src,
                        const struct agxv_image_view *dst, VkResolveModeFlagBits mode,
                        VkRect2D area, uint32_t layers);
