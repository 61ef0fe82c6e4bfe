/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Argument struct of the blit kernel (agx_image_blit.cl, vkCmdBlitImage), shared by the
 * driver (C) and the kernel (OpenCL C), passed as push constants like agx_image_copy.h's.
 * Assumes: texels of both surfaces are decoded/encoded in software from a small format
 * description (channels least significant first, no channel straddling a 32-bit word: the
 * packed formats fit in 32 bits, the others have 8/16/32-bit channels); block-compressed
 * sources (BC1-BC7) are described by their kind (`bc`) and decoded by agx_blit_bc.h, never
 * written.
 */
#ifndef AGX_IMAGE_BLIT_H
#define AGX_IMAGE_BLIT_H

#include "agx_image_layout.h"

#define AGX_IMAGE_BLIT_GROUP_SIZE 64

/* How a format's channels hold numbers, ordered so the kernel tests them with >= (equality
 * chains become an OpSwitch, see agx_image_copy.cl). */
#define AGX_BLIT_UINT 0u
#define AGX_BLIT_SINT 1u
#define AGX_BLIT_UNORM 2u
#define AGX_BLIT_SNORM 3u
#define AGX_BLIT_FLOAT 4u  /* 16- or 32-bit IEEE channels */
#define AGX_BLIT_UFLOAT 5u /* unsigned 11/10-bit floats (B10G11R11), 5-bit exponent */
#define AGX_BLIT_RGB9E5 6u /* shared exponent (E5B9G9R9), decode only */

/* Memory channel m (least significant first): ch[m] = bits | component << 8 (component
 * 0..3 = R, G, B, A of the result), bits 0 = no such channel. Components no channel
 * holds read as 0, 0, 0, 1. */
struct agx_blit_format {
   uint32_t ch[4];
   uint32_t type;  /* AGX_BLIT_* */
   uint32_t srgb;  /* R, G, B are sRGB encoded */
   uint32_t bytes; /* per texel, per block for block-compressed sources */
   uint32_t bc;    /* AGX_BLIT_BC*: a block-compressed source; 0: none */
};

/* Block-compressed source kinds (agx_blit_bc.h, ETC2/EAC: agx_blit_etc2.h, ASTC:
 * agx_blit_astc.h), ordered for >= tests, with flags and the block's width and height.
 * Their `type` is UNORM (sRGB with `srgb`), SNORM or FLOAT, `ch` unused. */
#define AGX_BLIT_BC1 1u
#define AGX_BLIT_BC2 2u
#define AGX_BLIT_BC3 3u
#define AGX_BLIT_BC4 4u
#define AGX_BLIT_BC5 5u
#define AGX_BLIT_BC6H 6u
#define AGX_BLIT_BC7 7u
#define AGX_BLIT_ETC2_RGB8 8u   /* agx_blit_etc2.h */
#define AGX_BLIT_ETC2_RGB8A1 9u /* punch-through alpha */
#define AGX_BLIT_ETC2_RGBA8 10u /* EAC alpha block, then an RGB8 block */
#define AGX_BLIT_EAC_R11 11u
#define AGX_BLIT_EAC_RG11 12u
#define AGX_BLIT_ASTC 13u /* agx_blit_astc.h: LDR, any block size */
#define AGX_BLIT_BC_KIND 0xFu
#define AGX_BLIT_BC_SIGNED 0x10u /* BC4/BC5/EAC snorm, BC6H signed float */
#define AGX_BLIT_BC_OPAQUE 0x20u /* BC1 RGB formats: alpha 1 */
#define AGX_BLIT_BC_SRGB 0x40u   /* ASTC sRGB formats: 8-bit decoding */
#define AGX_BLIT_BC_BW_SHIFT 8u  /* block width in texels, bits 8-11 */
#define AGX_BLIT_BC_BH_SHIFT 12u /* block height in texels, bits 12-15 */

#define AGX_BLIT_NEAREST 0u
#define AGX_BLIT_LINEAR 1u    /* bilinear in x, y */
#define AGX_BLIT_LINEAR_3D 2u /* trilinear in x, y, z (3D sources) */

/* Fills a width x height x depth box of dst (at dst_x/y/z) with texels sampled from src:
 * the texel at box position (x, y, z) samples src at (u0 + x du, v0 + y dv, w0 + z dw) in
 * texel units (centres at .5), clamped to the edge [0, src_w/h/d) (Vulkan's blit rule). */
struct agx_image_blit_args {
   struct agx_image_surface src;
   struct agx_image_surface dst;
   struct agx_blit_format sf, df;
   float u0, v0, w0;
   float du, dv, dw;
   uint32_t dst_x, dst_y, dst_z;
   uint32_t width, height, depth;
   uint32_t src_w, src_h, src_d;
   uint32_t filter; /* AGX_BLIT_NEAREST, _LINEAR, _LINEAR_3D */
};

AGX_STATIC_ASSERT(sizeof(struct agx_blit_format) == 32, "blit format layout");
AGX_STATIC_ASSERT(sizeof(struct agx_image_blit_args) == 192, "blit args layout");

#endif
