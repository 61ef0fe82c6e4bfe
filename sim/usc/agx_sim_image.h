/*
 * Images as the texture unit and the PBE see them: a Texture or PBE
 * descriptor (genxml agx_texture.xml) turned into a format, a size and a
 * texel-address function.
 *
 * Assumes: descriptors are unpacked with the generated agx_pack.h; only
 * what the public references document is modelled (see agx_sim_image.c
 * for the layout formulas); anything else is reported as "not modelled" so
 * the caller can raise a GPU fault.
 */
#ifndef AGX_SIM_IMAGE_H
#define AGX_SIM_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "agx_sim_texel_format.h"

#define AGX_SIM_IMAGE_MAX_LEVELS 16

struct agx_sim_image {
   struct agx_sim_texel_format fmt;
   unsigned layout;        /* genxml Layout */
   unsigned dim;           /* descriptor Dimension */
   uint32_t width, height; /* level 0, texels */
   uint32_t layers;        /* array layers (2D/1D arrays) or depth (3D) */
   uint32_t samples;       /* 1, or 2 / 4 for multisampled textures */
   uint64_t address;       /* level 0, layer 0 */
   /* Linear */
   uint64_t stride; /* bytes per row */
   /* Linear arrays and GPU tiling */
   uint64_t layer_stride;
   /* GPU tiling: per level offset and tile size (elements) */
   unsigned levels; /* levels allocated (full chain when mipmapped) */
   uint64_t level_offset[AGX_SIM_IMAGE_MAX_LEVELS];
   uint32_t tile_w[AGX_SIM_IMAGE_MAX_LEVELS], tile_h[AGX_SIM_IMAGE_MAX_LEVELS];
   /* tiles per row of each level (from ail's stride in elements, padded for blocks) */
   uint32_t tiles_per_row[AGX_SIM_IMAGE_MAX_LEVELS];
   /* Texture only: the view's levels; PBE: the level written */
   unsigned first_level, last_level;
   bool srgb;
   unsigned srgb_mask; /* memory channels decoded/encoded as sRGB */
   uint8_t swizzle[4]; /* Texture: genxml Channel per result component;
                              PBE: source component per memory channel */
};

/* Descriptor (24 bytes) -> image; false with a reason in err when the
 * descriptor is invalid or uses something not modelled. */
bool agx_sim_image_from_texture(const uint8_t desc[24], struct agx_sim_image *img, char *err,
                                unsigned err_size);
bool agx_sim_image_from_pbe(const uint8_t desc[24], struct agx_sim_image *img, char *err,
                            unsigned err_size);

static inline uint32_t
agx_sim_minify(uint32_t v, unsigned level)
{
   v >>= level;
   return v ? v : 1;
}

/* Byte address of sample `sample` of texel (x, y) of layer/slice z at
 * `level` (for block formats: of the block holding the texel); the caller
 * has checked the coordinates against the image. */
uint64_t agx_sim_image_texel_address(const struct agx_sim_image *img, unsigned level, uint32_t x,
                                     uint32_t y, uint32_t z, uint32_t sample);

/* A single-level GPU-tiled (ail) surface of `bytes` per sample, e.g. a ZLS
 * depth or stencil plane; layer_stride 0 = the page-aligned default. */
void agx_sim_image_tiled_surface(struct agx_sim_image *img, uint64_t address, uint32_t width,
                                 uint32_t height, unsigned bytes, unsigned samples,
                                 uint64_t layer_stride);

/* Morton interleave: bit i of v goes to bit 2i (exposed for tests). */
uint32_t agx_sim_space_bits(uint32_t v);

#endif
