/*
 * vkCmdBlitImage(2) (agxv_cmd_blit.c): the blit kernel's description of a format, which
 * also decides the BLIT_SRC / BLIT_DST format features (agxv_format.c).
 */
#ifndef AGXV_BLIT_H
#define AGXV_BLIT_H

#include <stdbool.h>

#include <vulkan/vulkan_core.h>

#include "agx_image_blit.h"

/* The kernel's description of a colour (or depth/stencil plane) format; false if the
 * kernel cannot read it (block-compressed and depth/stencil formats themselves: their
 * planes are described by agxv_zs_plane_format's colour formats). `dst`: the kernel must
 * also write it (RGB9E5 is read only). */
bool agxv_blit_format(VkFormat format, bool dst, struct agx_blit_format *out);

#endif
