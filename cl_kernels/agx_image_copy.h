/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Argument structs of the image transfer kernels (agx_image_copy.cl), shared by the driver
 * (C) and the kernels (OpenCL C), passed as push constants like agx_transfer.h's.
 * Assumes: a buffer side of a copy is a linear surface (row stride = bufferRowLength
 * texels, layer stride = rows x bufferImageHeight); texel sizes are 1, 2, 4, 8 or 16 bytes
 * and every texel address is aligned to its size (Vulkan's bufferOffset rule).
 */
#ifndef AGX_IMAGE_COPY_H
#define AGX_IMAGE_COPY_H

#include "agx_image_layout.h"

#define AGX_IMAGE_GROUP_SIZE 64

/* Copies a width x height x depth box of texels from src (at src_x/y/z) to dst (at
 * dst_x/y/z); one invocation per texel, x fastest. */
struct agx_image_copy_args {
   struct agx_image_surface src;
   struct agx_image_surface dst;
   uint32_t src_x, src_y, src_z;
   uint32_t dst_x, dst_y, dst_z;
   uint32_t width, height, depth;
   uint32_t bytes; /* per texel */
};

/* Writes the texel `value` (`bytes` <= 16, packed as in memory) over a box of dst, `repeat`
 * times side by side per element (the samples of a multisampled texel, which are contiguous;
 * 0 counts as 1). */
struct agx_image_clear_args {
   struct agx_image_surface dst;
   uint32_t value[4];
   uint32_t x, y, z;
   uint32_t width, height, depth;
   uint32_t bytes;
   uint32_t repeat;
};

/* Resolves a box of a multisampled image (src: element = every sample of a texel, sample s
 * at byte s x bytes) into a single-sampled one: per texel the average of the samples per
 * unit of the mode (unorm bytes, unorm 16-bit words, fp32 words; rounded to nearest), or
 * sample 0 (SAMPLE_ZERO, integer formats), or the smallest / largest sample (MIN / MAX,
 * depth and stencil resolves: the texel is one unit of `bytes`, a byte or a 16-bit word
 * compared as unsigned integers (S8, D16 unorm), four bytes as an fp32 (D32 float)). */
#define AGX_RESOLVE_SAMPLE0 0u
#define AGX_RESOLVE_UNORM8 1u
#define AGX_RESOLVE_UNORM16 2u
#define AGX_RESOLVE_FLOAT32 3u
#define AGX_RESOLVE_MIN 4u
#define AGX_RESOLVE_MAX 5u
struct agx_image_resolve_args {
   struct agx_image_surface src;
   struct agx_image_surface dst;
   uint32_t src_x, src_y, src_z;
   uint32_t dst_x, dst_y, dst_z;
   uint32_t width, height, depth;
   uint32_t bytes; /* per sample */
   uint32_t samples;
   uint32_t mode; /* AGX_RESOLVE_* */
};

AGX_STATIC_ASSERT(sizeof(struct agx_image_copy_args) == 104, "copy args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_image_resolve_args) == 112, "resolve args layout");
AGX_STATIC_ASSERT(sizeof(struct agx_image_clear_args) == 80, "clear args layout");

#endif
