/* VkImageView: the view's 48-byte image descriptor (compiler/ir/agx_abi.h):
 * Texture at +0 (sampled, storage, combined), PBE at +24 (storage). */
#ifndef AGXV_IMAGE_VIEW_H
#define AGXV_IMAGE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "agxv_image.h"
#include "agxv_object.h"

#include "agx_abi.h"

#define AGXV_IMAGE_DESC_SIZE AGX_ABI_IMAGE_DESC_SIZE
#define AGXV_IMAGE_DESC_TEXTURE AGX_ABI_IMAGE_TEXTURE
#define AGXV_IMAGE_DESC_PBE AGX_ABI_IMAGE_PBE

struct agxv_image_view {
   struct agxv_object base;
   struct agxv_image *image;
   VkImageViewType type;
   VkFormat format;
   VkImageAspectFlags aspects; /* subresourceRange.aspectMask */
   uint32_t base_level, levels, base_layer, layers;
   /* sampled / combined; its PBE is the end-of-tile store's */
   uint32_t desc[AGXV_IMAGE_DESC_SIZE / 4];
   /* storage: cubes as 2D arrays; multisampled images with the buffer-like
    * PBE of shader stores (agx_abi.h), which spilled render targets
    * also write through (agxv_emrt.c) */
   uint32_t storage_desc[AGXV_IMAGE_DESC_SIZE / 4];
   /* input attachments: 1D/2D views as arrays of their layers, read at the
    * fragment's layer (Honeykrisp's HK_DESC_USAGE_INPUT, hk_image_view.c;
    * compiler subpass_coords) */
   uint32_t input_desc[AGXV_IMAGE_DESC_SIZE / 4];
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_image_view, VkImageView, VK_OBJECT_TYPE_IMAGE_VIEW)

/* What a view selects of an image (layers = VK_REMAINING_* resolved). */
struct agxv_view_range {
   VkImageViewType type;
   VkFormat format;
   VkComponentMapping components;
   uint32_t base_level, levels, base_layer, layers;
   float min_lod; /* VkImageViewMinLodCreateInfoEXT::minLod (0: none) */
   /* Depth/stencil formats: the aspect whose plane the descriptors read
    * (DEPTH, else STENCIL when only STENCIL is selected; 0 = DEPTH if the
    * format has it); ignored for colour formats. */
   VkImageAspectFlags aspects;
};

/* The one plane aspect (COLOR, DEPTH or STENCIL) descriptors of a view
 * with `aspects` of an image of `format` read. */
VkImageAspectFlagBits agxv_view_plane_aspect(VkFormat format, VkImageAspectFlags aspects);

/* Packs the Texture and PBE descriptors of a view of a bound image at
 * `va` into desc[12], for a storage or a sampled descriptor. False if the
 * format is not in the table. Depth/stencil views describe one plane as
 * its colour format (agxv_zs_plane_format). */
bool agxv_pack_image_view(const struct agxv_image *image, uint64_t va,
                          const struct agxv_view_range *r, bool storage, uint32_t *desc);

#endif
