/* VkImage: format, shape and memory layout (agx_image_layout.h) of an image,
 * and where it is bound. Depth/stencil formats (D16_UNORM, D32_SFLOAT,
 * S8_UINT, D32_SFLOAT_S8_UINT) are GPU tiled only and keep depth and
 * stencil in separate planes (graphics.md §6): `layout` is the depth plane
 * or the only plane; D32_SFLOAT_S8_UINT adds an S8 plane at stencil_offset. */
#ifndef AGXV_IMAGE_H
#define AGXV_IMAGE_H

#include <stdbool.h>

#include "agx_image_layout.h"
#include "agxv_object.h"

struct agxv_image {
   struct agxv_object base;
   VkImageType type;
   VkFormat format;
   VkImageTiling tiling;
   VkImageUsageFlags usage;
   VkImageCreateFlags flags;
   VkExtent3D extent;
   uint32_t mip_levels;
   uint32_t array_layers;
   uint32_t samples; /* 1, 2 or 4; the layouts' element is every sample of a texel (ail) */
   struct agx_image_layout layout;
   bool separate_stencil; /* D32_SFLOAT_S8_UINT: stencil_layout is the S8 plane */
   struct agx_image_layout stencil_layout;
   uint64_t stencil_offset; /* from the image's start, page aligned */
   uint64_t va;             /* 0 until bound */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_image, VkImage, VK_OBJECT_TYPE_IMAGE)

/* Alignment of image memory: one page for tiled images (tiles are pages),
 * a cache line for linear ones. */
#define AGXV_IMAGE_ALIGN_TILED AGX_IMAGE_PAGE
#define AGXV_IMAGE_ALIGN_LINEAR AGX_IMAGE_CACHELINE

/* Fills an image from its create info (no allocation); VK_SUCCESS or the
 * error vkCreateImage returns for it. */
VkResult agxv_image_init(struct agxv_image *image, const VkImageCreateInfo *info);

/* Bytes per texel of the depth and stencil planes of a depth/stencil format
 * (0: that aspect is absent); false for other formats. */
bool agxv_zs_format_planes(VkFormat format, unsigned *depth_bytes, unsigned *stencil_bytes);

/* The colour format a depth/stencil plane is laid out and read as
 * (graphics.md §6: depth as R32F / R16 UNORM, stencil as R8 UINT):
 * D16_UNORM -> R16_UNORM, D32_SFLOAT (and the depth of D32_SFLOAT_S8_UINT)
 * -> R32_SFLOAT, S8_UINT (and the stencil of D32_SFLOAT_S8_UINT) ->
 * R8_UINT. `format` itself for other formats; UNDEFINED for an aspect the
 * format does not have. */
VkFormat agxv_zs_plane_format(VkFormat format, VkImageAspectFlagBits aspect);

/* The plane holding an aspect (COLOR, DEPTH or STENCIL) and its offset from
 * the image's start; NULL if the image has no such aspect. */
const struct agx_image_layout *agxv_image_plane(const struct agxv_image *image,
                                                VkImageAspectFlagBits aspect, uint64_t *offset);

/* Bytes of memory the image needs (every plane). */
uint64_t agxv_image_size(const struct agxv_image *image);

#endif
