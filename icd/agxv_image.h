/* VkImage: format, shape and memory layout (agx_image_layout.h) of an image,
 * and where it is bound. */
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
   struct agx_image_layout layout;
   uint64_t va; /* 0 until bound */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_image, VkImage, VK_OBJECT_TYPE_IMAGE)

/* Alignment of image memory: one page for tiled images (tiles are pages),
 * a cache line for linear ones. */
#define AGXV_IMAGE_ALIGN_TILED AGX_IMAGE_PAGE
#define AGXV_IMAGE_ALIGN_LINEAR AGX_IMAGE_CACHELINE

/* Fills an image from its create info (no allocation); VK_SUCCESS or the
 * error vkCreateImage returns for it. */
VkResult agxv_image_init(struct agxv_image *image, const VkImageCreateInfo *info);

#endif
