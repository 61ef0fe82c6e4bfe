/*
 * Texture / PBE descriptors -> images, and texel addresses.
 *
 * Assumes (shared/reference/hardware.md sections 12-13, graphics.md
 * section 7, Mesa hk_buffer_view.c and src/asahi/layout):
 * - Linear (Layout 0): texel (x, y, layer z) is at
 *   Address + z * layer_stride + y * stride + x * bytes_per_texel.
 *   Texture: stride = unpacked Stride + 16 (the field holds stride - 16,
 *   shr 4). PBE: stride = Stride field + 4 (the field holds stride - 4,
 *   unshifted). The genxml Stride fields overlap Page-aligned layers /
 *   Extended (Texture bits 126-127, PBE bit 124), which a linear array
 *   sets, so only Texture bits 110-125 and PBE bits 104-123 are taken as
 *   stride (enough for 16384 x 16 bytes); a PBE stride that is not a multiple of 16 is refused as an
 *   invalid descriptor (ail strides are 16-byte multiples, so a driver
 *   that forgot the -4 is caught). Linear 2D arrays need Extended: layers =
 *   Depth (linear), layer_stride = Layer stride (linear) + 128 (the field
 *   holds layer_stride - 0x80, shr 7). Linear images have one level.
 * - GPU (Layout 2, "GPU tiled", ail_initialize_gpu_tiled, uncompressed,
 *   one sample): large tiles of one 16 KiB page (128x128, 128x64, 64x64,
 *   64x32, 32x32 elements for 1, 2, 4, 8, 16 bytes); inside a tile Morton
 *   order with x bit i at bit 2i and y bit i at bit 2i+1; tiles row-major,
 *   ceil(level width / tile width) per row. Levels while the level is at
 *   least one large tile in both directions use large tiles and take
 *   (tiles >> 2l) plus padding columns/rows/corner; from the first smaller
 *   level ("POT tail") a level takes next_pow2(w) x next_pow2(h) elements
 *   (minified from level pot's rounded size) with square tiles of
 *   next_pow2(min(w, h) of that level). Every level starts 128-byte
 *   aligned; the layer stride is the end of the last level, rounded to 16
 *   KiB when "Page-aligned layers" is set. A 3D slice z is layer z.
 *   Multisampled textures (2D MS, 2D MS array; Samples 0 = 2, 1 = 4): the
 *   element is all samples of a pixel (bytes x samples, tiles chosen for
 *   that size), sample s at byte s x bytes of the element (ail).
 * - Mipmapped images always allocate the full chain, log2(max(w, h[, d]))
 *   + 1 levels (ail_make_miptree). Texture: the chain is taken as full when
 *   "Unk mipmapped" is set or Last level > 0 (Mesa sets the bit exactly
 *   when the image has more than one level; treating it as "full chain
 *   present" is an assumption). PBE: full when Levels > 1 or its Unk
 *   mipmapped is set (hk_image_view.c sets Levels = image mip count and
 *   the bit exactly then).
 * - Texture Width/Height are level-0 sizes, Depth = layers (arrays),
 *   depth (3D) or cubes (cube maps: 6 faces as consecutive layers); PBE
 *   Width/Height are level-0 sizes, Level is the level written, Layers the
 *   layer count (or 3D depth).
 * - sRGB: Texture decodes memory channels 0-2 (alpha linear); for
 *   2-channel formats channel 1 only with "sRGB 2-channel" (assumption: the
 *   bit is what makes G a colour channel). The PBE encodes every colour
 *   channel (0-2, both channels of 2-channel formats).
 * - Block-compressed formats (BC1-BC7, ETC2/EAC 4x4, ASTC W x H blocks): elements are blocks;
 *   ail's exceptions (layout.c): the POT tail starts where a level in blocks
 *   is below one large tile, its size rounds to a power of two before
 *   minifying and its tile comes from that rounded size; large-tile levels
 *   whose x tile count was rounded pad the row stride by one block (so the
 *   tiles per row can grow). Only GPU tiling (not linear).
 * Not modelled (refused): layouts Twiddled (1) and Interchange (3),
 * compression (Compressed 1, Compression), sparse/counter Modes, cube and
 * multisampled PBEs (hk stores multisampled images through a linear
 * buffer-like PBE and cubes as 2D arrays), linear 3D, cube, multisampled
 * or mipmapped images.
 */
#include <stdio.h>
#include <string.h>

#include "agx_pack.h"
#include "agx_sim_image.h"

#define PAGE 16384u
#define CACHELINE 128u

static uint64_t
align_up(uint64_t v, uint64_t a)
{
   return (v + a - 1) & ~(a - 1);
}

static uint32_t
next_pow2(uint32_t v)
{
   uint32_t p = 1;
   while (p < v)
      p <<= 1;
   return p;
}

static unsigned
log2_floor(uint32_t v)
{
   return 31u - (unsigned)__builtin_clz(v);
}

uint32_t
agx_sim_space_bits(uint32_t v)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 16; i++)
      r |= ((v >> i) & 1u) << (2 * i);
   return r;
}

/* Large tile (one 16 KiB page) for an element size. */
static void
max_tile(unsigned bytes, uint32_t *tw, uint32_t *th)
{
   switch (bytes) {
   case 1:
      *tw = 128, *th = 128;
      break;
   case 2:
      *tw = 128, *th = 64;
      break;
   case 4:
      *tw = 64, *th = 64;
      break;
   case 8:
      *tw = 64, *th = 32;
      break;
   case 16:
      *tw = 32, *th = 32;
      break;
   case 32:
      *tw = 32, *th = 16;
      break;
   default:
      *tw = 16, *th = 16;
      break; /* 64 */
   }
}

static uint32_t
blocks(uint32_t px, unsigned block)
{
   return (px + block - 1) / block;
}

static void
gpu_tiled_levels(struct agx_sim_image *img, bool page_aligned)
{
   unsigned bpp = img->fmt.bytes * img->samples; /* element: all samples, or a block */
   unsigned bk = img->fmt.block > 1 ? img->fmt.block : 1;
   unsigned bkh = img->fmt.block_h > 1 ? img->fmt.block_h : 1;
   bool compressed = bk > 1 || bkh > 1;
   uint32_t tw, th;
   max_tile(bpp, &tw, &th);
   uint32_t w = blocks(img->width, bk), h = blocks(img->height, bkh);
   uint32_t stx = (w + tw - 1) / tw, sty = (h + th - 1) / th;
   uint32_t sarea = stx * sty;

   /* the POT tail begins at the first level below one large tile (minified in pixels) */
   unsigned pot_level = 0;
   for (uint32_t pw = w * bk, ph = h * bkh; blocks(pw, bk) >= tw && blocks(ph, bkh) >= th;
        pot_level++) {
      pw = agx_sim_minify(pw, 1);
      ph = agx_sim_minify(ph, 1);
   }

   uint64_t offset = 0;
   unsigned l = 0;
   for (; l < pot_level && l < img->levels; l++) {
      uint32_t low = (1u << l) - 1;
      uint64_t tiles = sarea >> (2 * l);
      bool pad_left = stx & low, pad_bottom = sty & low;
      if (pad_left)
         tiles += sty >> l;
      if (pad_bottom)
         tiles += stx >> l;
      if (pad_left && pad_bottom)
         tiles += 1;
      img->level_offset[l] = offset;
      offset = align_up(offset + (uint64_t)bpp * tiles * tw * th, CACHELINE);
      img->tile_w[l] = tw;
      img->tile_h[l] = th;
      /* ail: block-compressed levels pad the stride by one block when the x tile count
       * was rounded (layout.c, "Compressed textures pad the stride") */
      uint32_t stride_el = blocks(agx_sim_minify(img->width, l), bk) + (compressed && pad_left);
      img->tiles_per_row[l] = (stride_el + tw - 1) / tw;
   }
   /* ail: compressed formats round to a power of two, then minify; others the reverse */
   uint32_t potw = compressed ? agx_sim_minify(next_pow2(w), pot_level)
                              : next_pow2(agx_sim_minify(w, pot_level));
   uint32_t poth = compressed ? agx_sim_minify(next_pow2(h), pot_level)
                              : next_pow2(agx_sim_minify(h, pot_level));
   for (; l < img->levels; l++) {
      img->level_offset[l] = offset;
      offset = align_up(offset + (uint64_t)bpp * potw * poth, CACHELINE);
      /* tile: from the true level size, or for compressed formats the rounded one */
      uint32_t t = compressed ? next_pow2(potw < poth ? potw : poth)
                              : next_pow2(agx_sim_minify(w < h ? w : h, l));
      img->tile_w[l] = img->tile_h[l] = t;
      img->tiles_per_row[l] = (blocks(agx_sim_minify(img->width, l), bk) + t - 1) / t;
      potw = agx_sim_minify(potw, 1);
      poth = agx_sim_minify(poth, 1);
   }
   img->layer_stride = page_aligned ? align_up(offset, PAGE) : offset;
}

static bool
check_dim(unsigned dim, bool texture, char *err, unsigned err_size)
{
   switch (dim) {
   case AGX_TEXTURE_DIMENSION_CUBE:
   case AGX_TEXTURE_DIMENSION_CUBE_ARRAY:
   case AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED:
   case AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED:
      if (texture)
         return true;
      break;
   case AGX_TEXTURE_DIMENSION_1D:
   case AGX_TEXTURE_DIMENSION_1D_ARRAY:
   case AGX_TEXTURE_DIMENSION_2D:
   case AGX_TEXTURE_DIMENSION_2D_ARRAY:
   case AGX_TEXTURE_DIMENSION_3D:
      return true;
   default:
      break;
   }
   const char *name = agx_texture_dimension_as_str((enum agx_texture_dimension)dim);
   snprintf(err, err_size, "image dimension %s (not modelled)", name ? name : "unknown");
   return false;
}

static bool
is_array(unsigned dim)
{
   return dim == AGX_TEXTURE_DIMENSION_1D_ARRAY || dim == AGX_TEXTURE_DIMENSION_2D_ARRAY ||
          dim == AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED;
}

static bool
is_ms(unsigned dim)
{
   return dim == AGX_TEXTURE_DIMENSION_2D_MULTISAMPLED ||
          dim == AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED;
}

static bool
check_layout(unsigned layout, char *err, unsigned err_size)
{
   if (layout == AGX_LAYOUT_LINEAR || layout == AGX_LAYOUT_GPU)
      return true;
   snprintf(err, err_size, "image layout %s (not modelled)",
            layout == AGX_LAYOUT_TWIDDLED ? "Twiddled" : "Interchange");
   return false;
}

static unsigned
full_chain_levels(const struct agx_sim_image *img)
{
   uint32_t major = img->width > img->height ? img->width : img->height;
   if (img->dim == AGX_TEXTURE_DIMENSION_3D && img->layers > major)
      major = img->layers;
   return log2_floor(major) + 1;
}

/* Linear arrays through the Extended words (shared by Texture and PBE). */
static void
linear_layers(struct agx_sim_image *img, bool extended, uint32_t depth_linear,
              uint64_t layer_stride_linear)
{
   img->layers = 1;
   img->layer_stride = 0;
   if (extended && is_array(img->dim)) {
      img->layers = depth_linear;
      img->layer_stride = layer_stride_linear + 0x80;
   }
}

bool
agx_sim_image_from_texture(const uint8_t desc[24], struct agx_sim_image *img, char *err,
                           unsigned err_size)
{
   struct AGX_TEXTURE t;
   memset(img, 0, sizeof(*img));
   if (!AGX_TEXTURE_unpack(NULL, desc, &t)) {
      snprintf(err, err_size, "invalid Texture descriptor (reserved bit set)");
      return false;
   }
   if (!agx_sim_texel_format_get(t.channels, t.type, &img->fmt, err, err_size) ||
       !check_layout(t.layout, err, err_size) || !check_dim(t.dimension, true, err, err_size))
      return false;
   if (t.compressed_1 || t.compression || t.mode != AGX_IMAGE_MODE_NORMAL) {
      snprintf(err, err_size, "compressed or sparse texture (not modelled)");
      return false;
   }
   img->layout = t.layout;
   img->dim = t.dimension;
   img->samples = is_ms(t.dimension) ? (t.samples == AGX_SAMPLE_COUNT_2 ? 2 : 4) : 1;
   img->width = t.width;
   img->height = t.height;
   img->address = t.address;
   img->first_level = t.first_level;
   img->last_level = t.last_level;
   img->srgb = t.srgb;
   const enum agx_channel sw[4] = {t.swizzle_r, t.swizzle_g, t.swizzle_b, t.swizzle_a};
   for (unsigned c = 0; c < 4; c++) {
      if (sw[c] > AGX_CHANNEL_0) {
         snprintf(err, err_size, "invalid Texture swizzle %u", sw[c]);
         return false;
      }
      img->swizzle[c] = (uint8_t)sw[c];
   }
   if (t.srgb) {
      unsigned nch = img->fmt.nch;
      img->srgb_mask = nch >= 3 ? 7u : (nch == 2 && t.srgb_2_channel) ? 3u : 1u;
   }
   if (t.first_level > t.last_level) {
      snprintf(err, err_size, "Texture First level %u > Last level %u", t.first_level,
               t.last_level);
      return false;
   }

   if (t.layout == AGX_LAYOUT_LINEAR) {
      if (t.dimension == AGX_TEXTURE_DIMENSION_3D || t.last_level > 0 || img->samples > 1 ||
          img->fmt.block > 1 || t.dimension == AGX_TEXTURE_DIMENSION_CUBE ||
          t.dimension == AGX_TEXTURE_DIMENSION_CUBE_ARRAY) {
         snprintf(err, err_size,
                  "linear 3D, cube, mipmapped, multisampled or block-compressed "
                  "texture (not modelled)");
         return false;
      }
      /* bits 126/127 (Page-aligned layers, Extended) end the field */
      img->stride = (((uint64_t)t.stride >> 4) & 0xFFFF) * 16 + 16;
      img->levels = 1;
      linear_layers(img, t.extended, t.depth_linear, t.layer_stride_linear);
      return true;
   }

   img->layers = (is_array(t.dimension) || t.dimension == AGX_TEXTURE_DIMENSION_3D) ? t.depth : 1;
   if (t.dimension == AGX_TEXTURE_DIMENSION_CUBE || t.dimension == AGX_TEXTURE_DIMENSION_CUBE_ARRAY)
      img->layers = 6 * t.depth; /* Depth counts cubes */
   img->levels = (t.unk_mipmapped || t.last_level > 0) ? full_chain_levels(img) : 1;
   if (t.last_level >= img->levels) {
      snprintf(err, err_size, "Texture Last level %u beyond the %u levels of a %ux%u image",
               t.last_level, img->levels, t.width, t.height);
      return false;
   }
   gpu_tiled_levels(img, t.page_aligned_layers);
   return true;
}

bool
agx_sim_image_from_pbe(const uint8_t desc[24], struct agx_sim_image *img, char *err,
                       unsigned err_size)
{
   struct AGX_PBE p;
   memset(img, 0, sizeof(*img));
   if (!AGX_PBE_unpack(NULL, desc, &p)) {
      snprintf(err, err_size, "invalid PBE descriptor (reserved bit set)");
      return false;
   }
   if (!agx_sim_texel_format_get(p.channels, p.type, &img->fmt, err, err_size) ||
       !check_layout(p.layout, err, err_size) ||
       !(is_ms(p.dimension) || check_dim(p.dimension, false, err, err_size)))
      return false;
   if (img->fmt.block > 1) {
      snprintf(err, err_size, "PBE with a block-compressed Channels value (not modelled)");
      return false;
   }
   if (p.compressed_1 || p.mode != AGX_IMAGE_MODE_NORMAL) {
      snprintf(err, err_size, "compressed or sparse PBE (not modelled)");
      return false;
   }
   if (p.rotate_90 || p.flip_vertical) {
      snprintf(err, err_size, "PBE Rotate 90 / Flip vertical (not modelled)");
      return false;
   }
   img->layout = p.layout;
   img->dim = p.dimension;
   /* multisampled PBEs are written by image_write_block (end-of-tile
    * programs); image_write refuses them at decode */
   img->samples = is_ms(p.dimension) ? (p.samples == AGX_SAMPLE_COUNT_2 ? 2 : 4) : 1;
   img->width = p.width;
   img->height = p.height;
   img->address = p.buffer;
   img->srgb = p.srgb;
   const enum agx_channel sw[4] = {p.swizzle_r, p.swizzle_g, p.swizzle_b, p.swizzle_a};
   for (unsigned c = 0; c < 4; c++)
      img->swizzle[c] = (uint8_t)sw[c];
   if (p.srgb)
      img->srgb_mask = img->fmt.nch >= 3 ? 7u : (1u << img->fmt.nch) - 1;

   if (p.layout == AGX_LAYOUT_LINEAR) {
      if (p.dimension == AGX_TEXTURE_DIMENSION_3D || p.level > 0 || img->samples > 1) {
         snprintf(err, err_size, "linear 3D, mipmapped or multisampled PBE (not modelled)");
         return false;
      }
      /* bit 124 (Page-aligned layers) ends the field */
      img->stride = (uint64_t)(p.stride & 0xFFFFF) + 4;
      if (img->stride % 16) {
         snprintf(err, err_size,
                  "PBE linear Stride field 0x%x: stride %llu bytes is not a "
                  "multiple of 16 (the field holds stride - 4)",
                  p.stride, (unsigned long long)img->stride);
         return false;
      }
      img->levels = 1;
      linear_layers(img, p.extended, p.depth_linear, p.layer_stride_linear);
      return true;
   }

   img->layers = p.layers;
   img->levels = (p.levels > 1 || p.unk_mipmapped) ? full_chain_levels(img) : 1;
   if (p.level >= img->levels) {
      snprintf(err, err_size, "PBE Level %u beyond the %u levels of a %ux%u image", p.level,
               img->levels, p.width, p.height);
      return false;
   }
   img->first_level = img->last_level = p.level;
   gpu_tiled_levels(img, p.page_aligned_layers);
   return true;
}

void
agx_sim_image_tiled_surface(struct agx_sim_image *img, uint64_t address, uint32_t width,
                            uint32_t height, unsigned bytes, unsigned samples,
                            uint64_t layer_stride)
{
   memset(img, 0, sizeof(*img));
   img->fmt.bytes = bytes;
   img->fmt.nch = 1;
   img->fmt.block = img->fmt.block_h = 1;
   img->layout = AGX_LAYOUT_GPU;
   img->dim =
      samples > 1 ? AGX_TEXTURE_DIMENSION_2D_ARRAY_MULTISAMPLED : AGX_TEXTURE_DIMENSION_2D_ARRAY;
   img->width = width;
   img->height = height;
   img->samples = samples;
   img->layers = 1;
   img->levels = 1;
   img->address = address;
   gpu_tiled_levels(img, true);
   if (layer_stride)
      img->layer_stride = layer_stride;
}

uint64_t
agx_sim_image_texel_address(const struct agx_sim_image *img, unsigned level, uint32_t x, uint32_t y,
                            uint32_t z, uint32_t sample)
{
   uint64_t bpp = img->fmt.bytes;
   uint64_t base = img->address + (uint64_t)z * img->layer_stride;
   if (img->fmt.block > 1) { /* elements are blocks */
      x /= img->fmt.block;
      y /= img->fmt.block_h;
   }
   if (img->layout == AGX_LAYOUT_LINEAR)
      return base + (uint64_t)y * img->stride + x * bpp;
   /* samples of a pixel are contiguous inside its element */
   base += sample * bpp;
   bpp *= img->samples;
   uint32_t tw = img->tile_w[level], th = img->tile_h[level];
   uint64_t tiles_per_row = img->tiles_per_row[level];
   uint64_t tile = (uint64_t)(y / th) * tiles_per_row + x / tw;
   uint64_t inner = agx_sim_space_bits(x % tw) | (agx_sim_space_bits(y % th) << 1);
   return base + img->level_offset[level] + (tile * tw * th + inner) * bpp;
}
