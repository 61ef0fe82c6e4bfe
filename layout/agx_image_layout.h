/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Image memory layouts, shared by the driver (C) and the image copy kernels (OpenCL C).
 *
 * Assumes the hardware's layouts as Mesa's ail describes them (src/asahi/layout/layout.c,
 * tiling.c, layout.h; the same facts as shared/reference/hardware.md):
 * - Linear (Layout Linear): 2D, one level, one layer; texel (x, y) at y * stride + x * bytes,
 *   the row stride rounded up to 16 bytes.
 * - GPU tiled (Layout GPU, uncompressed, one sample): "large" tiles of one 16 KiB page
 *   (128x128, 128x64, 64x64, 64x32, 32x32 texels for 1, 2, 4, 8, 16 bytes per texel; 32x16 and
 *   16x16 for the 32- and 64-byte elements of multisampled images, whose element is every sample
 *   of a pixel: Mesa ail_get_max_tile_size, src/asahi/layout/layout.c), Morton
 *   order inside a tile (x bit i at bit 2i, y bit i at bit 2i+1), tiles row-major with
 *   ceil(level width / tile width) tiles per row. Levels that are at least one large tile in
 *   both directions use large tiles and take (tiles of level 0 >> 2l) plus padding
 *   columns/rows/corner; from the first smaller level (the "POT tail", level pot) a level
 *   takes next_pow2(w) x next_pow2(h) texels of level pot, halved per level, in square tiles
 *   of next_pow2(min(level width, level height)). Every level starts 128-byte aligned; the
 *   layer stride is the end of the last level (layers not page aligned). A 3D slice z is
 *   layer z (each slice holds every level).
 * - Block-compressed formats (4x4 blocks: BC1-BC7, ETC2/EAC; ASTC's 4x4 ... 12x12 blocks, whose
 *   width and height differ; GPU tiled only): elements are blocks and
 *   ail's exceptions apply (layout.c): the POT tail starts at the first level below one large
 *   tile in blocks (minifying in pixels), its allocation rounds the level-0 size in blocks to
 *   a power of two and then minifies, its tile comes from that rounded size; large-tile levels
 *   whose x tile count was rounded pad the row stride by one block, which can add a tile to
 *   each row. Offsets, extents and strides of the copy kernels are then in blocks.
 * - A mipmapped image (more than one level) lays out the full chain, log2(max(w, h, d)) + 1
 *   levels, whatever its level count: the hardware's descriptors only say "mipmapped", so
 *   the layer stride is always that of the full chain (the simulator models the same).
 */
#ifndef AGX_IMAGE_LAYOUT_H
#define AGX_IMAGE_LAYOUT_H

#include "agx_cl_shim.h"

#define AGX_IMAGE_PAGE 16384u
#define AGX_IMAGE_CACHELINE 128u
#define AGX_IMAGE_LINEAR_STRIDE_ALIGN 16u
#define AGX_IMAGE_MAX_LEVELS 15u /* log2(16384) + 1 */

/* One level of one image as the copy kernels address it. */
struct agx_image_surface {
   uint64_t base;         /* address of this level in layer 0 */
   uint64_t layer_stride; /* bytes between layers / 3D slices */
   uint32_t tiled;        /* 1: GPU tiled, 0: linear */
   uint32_t bytes;        /* per texel */
   uint32_t row_stride;   /* linear: bytes per row; tiled: tiles per row */
   uint32_t tile_log2;    /* tiled: log2 tile width in bits 0-7, height in bits 8-15 */
};

AGX_STATIC_ASSERT(sizeof(struct agx_image_surface) == 32, "surface layout");

/* Bits 0..15 of v spread to the even bits. */
static inline uint32_t
agx_image_space_bits(uint32_t v)
{
   v &= 0xFFFFu;
   v = (v | (v << 8)) & 0x00FF00FFu;
   v = (v | (v << 4)) & 0x0F0F0F0Fu;
   v = (v | (v << 2)) & 0x33333333u;
   v = (v | (v << 1)) & 0x55555555u;
   return v;
}

/* The same from the surface's fields: kernels pass them one by one (a struct copied into a
 * call becomes a memory copy their compiler does not take, a pointer to it a generic pointer
 * to private memory). */
static inline uint64_t
agx_image_texel_offset_f(uint32_t tiled, uint32_t bytes, uint32_t row_stride, uint32_t tile_log2,
                         uint64_t layer_stride, uint32_t x, uint32_t y, uint32_t z)
{
   uint64_t off = (uint64_t)z * layer_stride;
   if (!tiled)
      return off + (uint64_t)y * row_stride + (uint64_t)x * bytes;
   uint32_t twl = tile_log2 & 0xFFu, thl = (tile_log2 >> 8) & 0xFFu;
   uint32_t tw = 1u << twl, th = 1u << thl;
   uint64_t tile = (uint64_t)(y >> thl) * row_stride + (x >> twl);
   uint32_t inner = agx_image_space_bits(x & (tw - 1)) | (agx_image_space_bits(y & (th - 1)) << 1);
   return off + ((tile << (twl + thl)) + inner) * bytes;
}

#define AGX_IMAGE_TEXEL_OFFSET(s, x, y, z)                                                         \
   agx_image_texel_offset_f((s).tiled, (s).bytes, (s).row_stride, (s).tile_log2, (s).layer_stride, \
                            (x), (y), (z))

#ifndef __OPENCL_C_VERSION__
#include <stdbool.h>

/* Byte offset of texel (x, y) of slice/layer z from the surface's base. */
static inline uint64_t
agx_image_texel_offset(const struct agx_image_surface *s, uint32_t x, uint32_t y, uint32_t z)
{
   return AGX_IMAGE_TEXEL_OFFSET(*s, x, y, z);
}

/* The whole layout of an image (host side). */
struct agx_image_layout {
   uint32_t width, height; /* level 0, texels */
   uint32_t layers;        /* array layers, or the 3D depth */
   uint32_t levels;        /* levels laid out (the full chain when mipmapped) */
   uint32_t bytes;         /* per texel (per block for block formats) */
   uint32_t block;         /* texels per block horizontally: 1, or 4..12 for block formats */
   uint32_t block_h;       /* texels per block vertically (equal to block except ASTC) */
   uint32_t tiled;
   uint32_t linear_stride; /* linear: row stride in bytes */
   uint64_t layer_stride;
   uint64_t size; /* bytes of the whole image */
   uint64_t level_offset[AGX_IMAGE_MAX_LEVELS];
   uint8_t tile_w_log2[AGX_IMAGE_MAX_LEVELS], tile_h_log2[AGX_IMAGE_MAX_LEVELS];
   uint32_t tiles_per_row[AGX_IMAGE_MAX_LEVELS]; /* tiled: ceil(ail stride_el / tile width) */
};

static inline uint32_t
agx_image_minify(uint32_t v, unsigned l)
{
   v >>= l;
   return v ? v : 1;
}

static inline unsigned
agx_image_log2_ceil(uint32_t v)
{
   unsigned l = 0;
   while ((1u << l) < v)
      l++;
   return l;
}

static inline uint64_t
agx_image_align(uint64_t v, uint64_t a)
{
   return (v + a - 1) & ~(a - 1);
}

/* Large tile (one page) dimensions, log2, for an element size (a power of two <= 64). */
static inline void
agx_image_large_tile(unsigned bytes, unsigned *wl, unsigned *hl)
{
   unsigned b = agx_image_log2_ceil(bytes); /* 0..6 */
   /* 14 address bits per page minus the texel's: width takes the odd half */
   unsigned texel_bits = 14 - b;
   *hl = texel_bits / 2;
   *wl = texel_bits - *hl;
}

static inline uint32_t
agx_image_blocks(uint32_t px, uint32_t block)
{
   return (px + block - 1) / block;
}

/* Lays out an image of `bw` x `bh` texel elements of `bytes` each (1 x 1: plain texels;
 * block formats 4..12 each way, as ail takes util_format_get_blockwidth/height): levels = the
 * image's level count, depth > 1 only for 3D. Returns false for sizes the hardware layouts do
 * not cover (0 sizes, elements above 64 bytes, non power-of-two ones, linear images that are
 * not 2D single level/layer or are block-compressed). */
static inline bool
agx_image_layout_init_blocks(struct agx_image_layout *l, bool tiled, unsigned bytes, unsigned bw,
                             unsigned bh, uint32_t width, uint32_t height, uint32_t depth,
                             uint32_t layers, uint32_t levels)
{
   for (unsigned i = 0; i < sizeof(*l); i++)
      ((uint8_t *)l)[i] = 0;
   bool compressed = bw > 1 || bh > 1;
   if (!width || !height || !depth || !layers || !levels || bytes == 0 || bytes > 64 ||
       (depth > 1 && layers > 1) || bw == 0 || bw > 12 || bh == 0 || bh > 12 ||
       (compressed && !tiled))
      return false;
   l->width = width;
   l->height = height;
   l->layers = depth > 1 ? depth : layers;
   l->bytes = bytes;
   l->block = bw;
   l->block_h = bh;
   l->tiled = tiled;
   if (!tiled) {
      if (depth > 1 || layers > 1 || levels > 1)
         return false;
      l->levels = 1;
      l->linear_stride =
         (uint32_t)agx_image_align((uint64_t)width * bytes, AGX_IMAGE_LINEAR_STRIDE_ALIGN);
      l->layer_stride = agx_image_align((uint64_t)l->linear_stride * height, AGX_IMAGE_CACHELINE);
      l->size = l->layer_stride;
      return true;
   }
   if (bytes & (bytes - 1))
      return false; /* 3-byte and 6-byte texels have no tile shape */
   uint32_t major = width > height ? width : height;
   if (depth > major)
      major = depth;
   unsigned full = 1;
   while ((major >> full) > 0)
      full++;
   if (levels > full)
      return false;
   l->levels = levels > 1 ? full : 1;

   uint32_t w = agx_image_blocks(width, bw), h = agx_image_blocks(height, bh);
   unsigned twl, thl;
   agx_image_large_tile(bytes, &twl, &thl);
   uint32_t tw = 1u << twl, th = 1u << thl;
   uint32_t stx = (w + tw - 1) >> twl, sty = (h + th - 1) >> thl;
   unsigned pot = 0;
   while (pot < l->levels && agx_image_blocks(agx_image_minify(w * bw, pot), bw) >= tw &&
          agx_image_blocks(agx_image_minify(h * bh, pot), bh) >= th)
      pot++;

   uint64_t offset = 0;
   unsigned lv = 0;
   for (; lv < pot; lv++) {
      uint32_t low = (1u << lv) - 1;
      uint64_t tiles = ((uint64_t)stx * sty) >> (2 * lv);
      bool pad_x = (stx & low) != 0, pad_y = (sty & low) != 0;
      tiles += (pad_x ? sty >> lv : 0) + (pad_y ? stx >> lv : 0) + (pad_x && pad_y ? 1 : 0);
      l->level_offset[lv] = offset;
      l->tile_w_log2[lv] = (uint8_t)twl;
      l->tile_h_log2[lv] = (uint8_t)thl;
      uint32_t stride_el =
         agx_image_blocks(agx_image_minify(width, lv), bw) + (compressed && pad_x ? 1 : 0);
      l->tiles_per_row[lv] = (stride_el + tw - 1) >> twl;
      offset = agx_image_align(offset + tiles * AGX_IMAGE_PAGE, AGX_IMAGE_CACHELINE);
   }
   uint32_t pw, ph;
   if (compressed) {
      pw = agx_image_minify(1u << agx_image_log2_ceil(w), pot);
      ph = agx_image_minify(1u << agx_image_log2_ceil(h), pot);
   } else {
      pw = 1u << agx_image_log2_ceil(agx_image_minify(w, pot));
      ph = 1u << agx_image_log2_ceil(agx_image_minify(h, pot));
   }
   for (; lv < l->levels; lv++) {
      unsigned t;
      if (compressed) {
         t = agx_image_log2_ceil(pw < ph ? pw : ph);
      } else {
         uint32_t lw = agx_image_minify(width, lv), lh = agx_image_minify(height, lv);
         t = agx_image_log2_ceil(lw < lh ? lw : lh);
      }
      l->level_offset[lv] = offset;
      l->tile_w_log2[lv] = l->tile_h_log2[lv] = (uint8_t)t;
      l->tiles_per_row[lv] =
         (agx_image_blocks(agx_image_minify(width, lv), bw) + (1u << t) - 1) >> t;
      offset = agx_image_align(offset + (uint64_t)pw * ph * bytes, AGX_IMAGE_CACHELINE);
      pw = agx_image_minify(pw, 1);
      ph = agx_image_minify(ph, 1);
   }
   l->layer_stride = offset;
   l->size = offset * l->layers;
   return true;
}

/* Square blocks (block 1: plain texels; 4: BC1-BC7, ETC2/EAC). */
static inline bool
agx_image_layout_init_block(struct agx_image_layout *l, bool tiled, unsigned bytes, unsigned block,
                            uint32_t width, uint32_t height, uint32_t depth, uint32_t layers,
                            uint32_t levels)
{
   return agx_image_layout_init_blocks(l, tiled, bytes, block, block, width, height, depth, layers,
                                       levels);
}

/* The same for plain texels. */
static inline bool
agx_image_layout_init(struct agx_image_layout *l, bool tiled, unsigned bytes, uint32_t width,
                      uint32_t height, uint32_t depth, uint32_t layers, uint32_t levels)
{
   return agx_image_layout_init_block(l, tiled, bytes, 1, width, height, depth, layers, levels);
}

/* The surface of one level (base address of the image given). */
static inline struct agx_image_surface
agx_image_layout_surface(const struct agx_image_layout *l, uint64_t address, unsigned level)
{
   struct agx_image_surface s;
   s.base = address + l->level_offset[level];
   s.layer_stride = l->layer_stride;
   s.tiled = l->tiled;
   s.bytes = l->bytes;
   if (l->tiled) {
      s.row_stride = l->tiles_per_row[level];
      s.tile_log2 = l->tile_w_log2[level] | ((uint32_t)l->tile_h_log2[level] << 8);
   } else {
      s.row_stride = l->linear_stride;
      s.tile_log2 = 0;
   }
   return s;
}
#endif

#endif
