/*
 * vkCmdBlitImage(2) through the loader against a CPU model of Vulkan's blit written here
 * (source coordinate of each destination texel centre, nearest = floor, linear = weights of
 * the 2x2 (3D: 2x2x2) texels around it, clamp to the edge of the source level, sRGB decoded
 * before filtering and encoded after, unorm codes rounded to nearest):
 *  - scaling up and down, flips (reversed destination and source offsets), sub-regions with
 *    the rest of the destination untouched, nearest and linear;
 *  - conversions: RGBA8 -> BGRA8 sRGB, RGBA16F -> RGBA8 (clamped), R5G6B5 -> RGBA8,
 *    RGBA8_UINT -> R16_UINT;
 *  - mip levels and array layers (two regions), 3D images (trilinear, flipped slices);
 *  - depth (D32, D16) and the stencil aspect of D32_S8, nearest, same format;
 *  - the BLIT_SRC/BLIT_DST (and SAMPLED_IMAGE_FILTER_LINEAR) features each case needs.
 * Scales are chosen so no nearest sample falls on a texel edge (a tie Vulkan leaves open).
 * Tolerances: exact for nearest blits between formats of one kind, one code (float16:
 * 2^-10 relative) when filtering or converting; linear filtering also allows the weights'
 * quantization Vulkan permits (subTexelPrecisionBits: up to 2^-bits of the spread of the
 * texels filtered; lavapipe uses it).
 *
 * test_blit [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

enum kind { UN, SRGB, FL, UI };

/* A format (or a depth/stencil aspect) as the test decodes it: memory channels least
 * significant first, each holding result component comp[m]. */
struct tfmt {
   VkFormat vk;
   VkImageAspectFlags aspect;
   unsigned bytes, n, bits[4], comp[4];
   enum kind kind;
};

static const struct tfmt RGBA8 = {
   VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 4, 4, {8, 8, 8, 8}, {0, 1, 2, 3}, UN};
static const struct tfmt BGRA8_SRGB = {
   VK_FORMAT_B8G8R8A8_SRGB, VK_IMAGE_ASPECT_COLOR_BIT, 4, 4, {8, 8, 8, 8}, {2, 1, 0, 3}, SRGB};
static const struct tfmt RGBA16F = {VK_FORMAT_R16G16B16A16_SFLOAT,
                                    VK_IMAGE_ASPECT_COLOR_BIT,
                                    8,
                                    4,
                                    {16, 16, 16, 16},
                                    {0, 1, 2, 3},
                                    FL};
static const struct tfmt R5G6B5 = {
   VK_FORMAT_R5G6B5_UNORM_PACK16, VK_IMAGE_ASPECT_COLOR_BIT, 2, 3, {5, 6, 5}, {2, 1, 0}, UN};
static const struct tfmt R32F = {
   VK_FORMAT_R32_SFLOAT, VK_IMAGE_ASPECT_COLOR_BIT, 4, 1, {32}, {0}, FL};
static const struct tfmt RGBA8UI = {
   VK_FORMAT_R8G8B8A8_UINT, VK_IMAGE_ASPECT_COLOR_BIT, 4, 4, {8, 8, 8, 8}, {0, 1, 2, 3}, UI};
static const struct tfmt R16UI = {
   VK_FORMAT_R16_UINT, VK_IMAGE_ASPECT_COLOR_BIT, 2, 1, {16}, {0}, UI};
static const struct tfmt D32 = {
   VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT, 4, 1, {32}, {0}, FL};
static const struct tfmt D16 = {
   VK_FORMAT_D16_UNORM, VK_IMAGE_ASPECT_DEPTH_BIT, 2, 1, {16}, {0}, UN};
static const struct tfmt S8 = {
   VK_FORMAT_D32_SFLOAT_S8_UINT, VK_IMAGE_ASPECT_STENCIL_BIT, 1, 1, {8}, {0}, UI};

struct dims {
   VkImageType type;
   uint32_t w, h, d, layers, levels;
};

struct blit_case {
   const char *name;
   const struct tfmt *sf, *df;
   struct dims sd, dd;
   VkFilter filter;
   double tol; /* codes (float formats: units of 2^-10 relative) */
   unsigned regions;
   VkImageBlit r[2];
};

static uint32_t
minify(uint32_t v, unsigned l)
{
   return v >> l ? v >> l : 1;
}

static uint32_t
level_z(const struct dims *d, unsigned l)
{
   return d->type == VK_IMAGE_TYPE_3D ? minify(d->d, l) : d->layers;
}

static uint64_t
level_bytes(const struct dims *d, const struct tfmt *f, unsigned l)
{
   return (uint64_t)minify(d->w, l) * minify(d->h, l) * level_z(d, l) * f->bytes;
}

static double
half_to_double(uint32_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   double v = e ? ldexp(1.0 + m / 1024.0, e - 15) : ldexp(m / 1024.0, -14);
   return (h & 0x8000) ? -v : v;
}

static uint32_t
double_to_half(double v) /* exact for the values the test makes (multiples of 1/64 in range) */
{
   uint32_t s = v < 0 ? 0x8000 : 0;
   v = fabs(v);
   if (v == 0)
      return s;
   int e;
   double m = frexp(v, &e); /* v = m 2^e, m in [0.5, 1) */
   return s | (uint32_t)(e - 1 + 15) << 10 | ((uint32_t)lround(m * 2048) & 1023);
}

static double
srgb_decode(double s)
{
   return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
}

static double
srgb_encode(double l)
{
   return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055;
}

static uint64_t
texel_bits(const uint8_t *p, unsigned bytes)
{
   uint64_t v = 0;
   memcpy(&v, p, bytes < 8 ? bytes : 8);
   return v;
}

/* Raw bits of memory channel m of the texel at p. */
static uint32_t
channel_raw(const struct tfmt *f, const uint8_t *p, unsigned m)
{
   unsigned shift = 0; /* the test's formats have at most 64 bits per texel */
   for (unsigned i = 0; i < m; i++)
      shift += f->bits[i];
   return (uint32_t)((texel_bits(p, f->bytes) >> shift) & ((1ull << f->bits[m]) - 1));
}

/* The texel's components as numbers (sRGB decoded). */
static void
decode(const struct tfmt *f, const uint8_t *p, double out[4])
{
   out[0] = out[1] = out[2] = 0, out[3] = 1;
   for (unsigned m = 0; m < f->n; m++) {
      uint32_t raw = channel_raw(f, p, m);
      double v;
      if (f->kind == FL) {
         float x;
         memcpy(&x, &raw, 4);
         v = f->bits[m] == 16 ? half_to_double(raw) : x;
      } else if (f->kind == UI) {
         v = raw;
      } else {
         v = raw / (double)((1u << f->bits[m]) - 1);
         if (f->kind == SRGB && f->comp[m] < 3)
            v = srgb_decode(v);
      }
      out[f->comp[m]] = v;
   }
}

/* A random texel of f (at most 64 bits; float channels: multiples of 1/64 in [-2, 2]; depth in [0, 1]). */
static void
random_texel(const struct tfmt *f, uint8_t *p, uint32_t seed)
{
   uint64_t bits = 0;
   unsigned shift = 0;
   for (unsigned m = 0; m < f->n; m++) {
      uint32_t h = agx_vk_hash(seed * 4 + m + 1), raw;
      if (f->kind == FL) {
         double v = f->aspect == VK_IMAGE_ASPECT_DEPTH_BIT ? (h % 4097) / 4096.0
                                                           : ((int)(h % 257) - 128) / 64.0;
         if (f->bits[m] == 16) {
            raw = double_to_half(v);
         } else {
            float x = (float)v;
            memcpy(&raw, &x, 4);
         }
      } else {
         raw = f->bits[m] == 32 ? h : h & ((1u << f->bits[m]) - 1);
      }
      bits |= (uint64_t)raw << shift;
      shift += f->bits[m];
   }
   memcpy(p, &bits, f->bytes);
}

/* Source coordinate of destination texel centre `x` on one axis. */
static double
src_coord(int32_t s0, int32_t s1, int32_t d0, int32_t d1, uint32_t x)
{
   return s0 + (x + 0.5 - d0) * (double)(s1 - s0) / (double)(d1 - d0);
}

static uint32_t
clampi(long v, uint32_t n)
{
   return v < 0 ? 0 : (uint32_t)v >= n ? n - 1 : (uint32_t)v;
}

/* Axis ranges of a subresource: 3D images their offsets, others their layers. */
static void
zr(const struct dims *d, const VkImageSubresourceLayers *s, const VkOffset3D o[2], int32_t *z0,
   int32_t *z1)
{
   if (d->type == VK_IMAGE_TYPE_3D) {
      *z0 = o[0].z, *z1 = o[1].z;
   } else {
      *z0 = (int32_t)s->baseArrayLayer, *z1 = (int32_t)(s->baseArrayLayer + s->layerCount);
   }
}

/* 2^-subTexelPrecisionBits of the device. */
static double subtexel;

/* Expected components of destination texel (x, y, z) of region r, and how far the texels
 * filtered spread per component (max - min). */
static void
expected(const struct blit_case *k, const VkImageBlit *r, const uint8_t *src_level, uint32_t x,
         uint32_t y, uint32_t z, double out[4], double spread[4])
{
   double lo[4] = {INFINITY, INFINITY, INFINITY, INFINITY},
          hi[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
   unsigned l = r->srcSubresource.mipLevel;
   uint32_t w = minify(k->sd.w, l), h = minify(k->sd.h, l), dz = level_z(&k->sd, l);
   int32_t sz0, sz1, dz0, dz1;
   zr(&k->sd, &r->srcSubresource, r->srcOffsets, &sz0, &sz1);
   zr(&k->dd, &r->dstSubresource, r->dstOffsets, &dz0, &dz1);
   double u =
      src_coord(r->srcOffsets[0].x, r->srcOffsets[1].x, r->dstOffsets[0].x, r->dstOffsets[1].x, x);
   double v =
      src_coord(r->srcOffsets[0].y, r->srcOffsets[1].y, r->dstOffsets[0].y, r->dstOffsets[1].y, y);
   double t = src_coord(sz0, sz1, dz0, dz1, z);
   bool lin = k->filter == VK_FILTER_LINEAR, lin_z = lin && k->sd.type == VK_IMAGE_TYPE_3D;
   double fu = lin ? floor(u - 0.5) : floor(u), fv = lin ? floor(v - 0.5) : floor(v);
   double ft = lin_z ? floor(t - 0.5) : floor(t);
   double au = lin ? u - 0.5 - fu : 0, av = lin ? v - 0.5 - fv : 0, at = lin_z ? t - 0.5 - ft : 0;
   out[0] = out[1] = out[2] = out[3] = 0;
   for (unsigned c = 0; c < 8; c++) {
      double wt = (c & 1 ? au : 1 - au) * (c & 2 ? av : 1 - av) * (c & 4 ? at : 1 - at);
      if (wt == 0)
         continue;
      uint32_t sx = clampi((long)fu + (c & 1), w), sy = clampi((long)fv + (c >> 1 & 1), h);
      uint32_t sz = clampi((long)ft + (c >> 2 & 1), dz);
      double texel[4];
      decode(k->sf, src_level + (((uint64_t)sz * h + sy) * w + sx) * k->sf->bytes, texel);
      for (unsigned i = 0; i < 4; i++) {
         out[i] += wt * texel[i];
         lo[i] = fmin(lo[i], texel[i]), hi[i] = fmax(hi[i], texel[i]);
      }
   }
   for (unsigned i = 0; i < 4; i++)
      spread[i] = hi[i] - lo[i];
}

/* A unorm/sRGB component value as a (real) code of a `max`-code channel. */
static double
code_of(double v, double max, bool srgb)
{
   v = fmin(fmax(v, 0.0), 1.0);
   return (srgb ? srgb_encode(v) : v) * max;
}

/* Whether the destination texel at p holds `e` within the case's tolerance. */
static bool
matches(const struct blit_case *k, const uint8_t *p, const double e[4], const double spread[4])
{
   const struct tfmt *f = k->df;
   for (unsigned m = 0; m < f->n; m++) {
      uint32_t raw = channel_raw(f, p, m);
      unsigned c = f->comp[m];
      double max = f->bits[m] >= 32 ? 4294967295.0 : (double)((1ull << f->bits[m]) - 1);
      if (f->kind == UI) {
         if (raw != (uint32_t)fmin(e[c], max))
            return false;
      } else if (f->kind == FL) {
         double a;
         float x;
         memcpy(&x, &raw, 4);
         a = f->bits[m] == 16 ? half_to_double(raw) : x;
         double tol = k->tol * ldexp(fmax(fabs(e[c]), 1.0 / 64), -10) + spread[c] * subtexel;
         if (fabs(a - e[c]) > tol)
            return false;
      } else {
         bool srgb = f->kind == SRGB && c < 3;
         double d = spread[c] * subtexel;
         if (raw < code_of(e[c] - d, max, srgb) - k->tol ||
             raw > code_of(e[c] + d, max, srgb) + k->tol)
            return false;
      }
   }
   return true;
}

struct image {
   VkImage image;
   VkDeviceMemory mem;
};

static struct image
make_image(struct agx_vk_ctx *c, const struct tfmt *f, const struct dims *d)
{
   struct image m;
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = d->type,
                           .format = f->vk,
                           .extent = {d->w, d->h, d->d},
                           .mipLevels = d->levels,
                           .arrayLayers = d->layers,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage =
                              VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT};
   VK_OK(vkCreateImage(c->dev, &ci, NULL, &m.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, m.image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c->dev, &ai, NULL, &m.mem));
   VK_OK(vkBindImageMemory(c->dev, m.image, m.mem, 0));
   return m;
}

static VkImageAspectFlags
all_aspects(const struct tfmt *f)
{
   if (f->vk == VK_FORMAT_D32_SFLOAT_S8_UINT)
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   return f->aspect;
}

static void
to_general(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspects)
{
   VkImageMemoryBarrier ib = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {aspects, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                        NULL, 0, NULL, 1, &ib);
}

static void
barrier(VkCommandBuffer cb)
{
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask =
                            VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
}

/* Regions copying every level of an image (one aspect) from/to a tight buffer. */
static uint64_t
level_regions(const struct tfmt *f, const struct dims *d, VkBufferImageCopy *r)
{
   uint64_t off = 0;
   bool is3d = d->type == VK_IMAGE_TYPE_3D;
   for (unsigned l = 0; l < d->levels; l++) {
      r[l] = (VkBufferImageCopy){
         .bufferOffset = off,
         .imageSubresource = {f->aspect, l, 0, is3d ? 1 : d->layers},
         .imageExtent = {minify(d->w, l), minify(d->h, l), is3d ? minify(d->d, l) : 1}};
      off += level_bytes(d, f, l);
   }
   return off;
}

static bool
features_ok(struct agx_vk_ctx *c, const struct blit_case *k)
{
   VkFormatProperties sp, dp;
   vkGetPhysicalDeviceFormatProperties(c->pdev, k->sf->vk, &sp);
   vkGetPhysicalDeviceFormatProperties(c->pdev, k->df->vk, &dp);
   VkFormatFeatureFlags need = VK_FORMAT_FEATURE_BLIT_SRC_BIT;
   if (k->filter == VK_FILTER_LINEAR)
      need |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
   return (sp.optimalTilingFeatures & need) == need &&
          (dp.optimalTilingFeatures & VK_FORMAT_FEATURE_BLIT_DST_BIT);
}

static unsigned
run_case(struct agx_vk_ctx *c, const struct blit_case *k, unsigned seed)
{
   if (!features_ok(c, k)) {
      if (c->reference) {
         printf("  %s: skipped (format features missing on this driver)\n", k->name);
         return 0;
      }
      fprintf(stderr, "%s: BLIT_SRC/BLIT_DST/FILTER_LINEAR not advertised\n", k->name);
      return 1;
   }
   struct image si = make_image(c, k->sf, &k->sd), di = make_image(c, k->df, &k->dd);
   VkBufferImageCopy sr[8], dr[8];
   uint64_t sbytes = level_regions(k->sf, &k->sd, sr), dbytes = level_regions(k->df, &k->dd, dr);
   struct agx_vk_buffer sb = agx_vk_buffer(c, sbytes), db = agx_vk_buffer(c, dbytes),
                        out = agx_vk_buffer(c, dbytes);
   for (uint64_t i = 0; i < sbytes / k->sf->bytes; i++)
      random_texel(k->sf, sb.map + i * k->sf->bytes, seed * 7919 + (uint32_t)i);
   for (uint64_t i = 0; i < dbytes / k->df->bytes; i++)
      random_texel(k->df, db.map + i * k->df->bytes, seed * 104729 + (uint32_t)i + 99);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, si.image, all_aspects(k->sf));
   to_general(cb, di.image, all_aspects(k->df));
   vkCmdCopyBufferToImage(cb, sb.buf, si.image, VK_IMAGE_LAYOUT_GENERAL, k->sd.levels, sr);
   vkCmdCopyBufferToImage(cb, db.buf, di.image, VK_IMAGE_LAYOUT_GENERAL, k->dd.levels, dr);
   barrier(cb);
   if (seed & 1) {
      vkCmdBlitImage(cb, si.image, VK_IMAGE_LAYOUT_GENERAL, di.image, VK_IMAGE_LAYOUT_GENERAL,
                     k->regions, k->r, k->filter);
   } else { /* the *2 entry point */
      VkImageBlit2 r2[2];
      for (unsigned i = 0; i < k->regions; i++)
         r2[i] = (VkImageBlit2){.sType = VK_STRUCTURE_TYPE_IMAGE_BLIT_2,
                                .srcSubresource = k->r[i].srcSubresource,
                                .srcOffsets = {k->r[i].srcOffsets[0], k->r[i].srcOffsets[1]},
                                .dstSubresource = k->r[i].dstSubresource,
                                .dstOffsets = {k->r[i].dstOffsets[0], k->r[i].dstOffsets[1]}};
      VkBlitImageInfo2 info = {.sType = VK_STRUCTURE_TYPE_BLIT_IMAGE_INFO_2,
                               .srcImage = si.image,
                               .srcImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                               .dstImage = di.image,
                               .dstImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                               .regionCount = k->regions,
                               .pRegions = r2,
                               .filter = k->filter};
      vkCmdBlitImage2(cb, &info);
   }
   barrier(cb);
   vkCmdCopyImageToBuffer(cb, di.image, VK_IMAGE_LAYOUT_GENERAL, out.buf, k->dd.levels, dr);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = 0, checked = 0;
   for (unsigned l = 0; l < k->dd.levels; l++) {
      uint32_t w = minify(k->dd.w, l), h = minify(k->dd.h, l), zn = level_z(&k->dd, l);
      uint64_t base = dr[l].bufferOffset;
      for (uint32_t z = 0; z < zn; z++)
         for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
               uint64_t at = base + (((uint64_t)z * h + y) * w + x) * k->df->bytes;
               const VkImageBlit *hit = NULL;
               for (unsigned i = 0; i < k->regions; i++) {
                  const VkImageBlit *r = &k->r[i];
                  int32_t z0, z1;
                  zr(&k->dd, &r->dstSubresource, r->dstOffsets, &z0, &z1);
                  if (r->dstSubresource.mipLevel == l &&
                      (int32_t)x >= (r->dstOffsets[0].x < r->dstOffsets[1].x
                                        ? r->dstOffsets[0].x
                                        : r->dstOffsets[1].x) &&
                      (int32_t)x < (r->dstOffsets[0].x > r->dstOffsets[1].x ? r->dstOffsets[0].x
                                                                            : r->dstOffsets[1].x) &&
                      (int32_t)y >= (r->dstOffsets[0].y < r->dstOffsets[1].y
                                        ? r->dstOffsets[0].y
                                        : r->dstOffsets[1].y) &&
                      (int32_t)y < (r->dstOffsets[0].y > r->dstOffsets[1].y ? r->dstOffsets[0].y
                                                                            : r->dstOffsets[1].y) &&
                      (int32_t)z >= (z0 < z1 ? z0 : z1) && (int32_t)z < (z0 > z1 ? z0 : z1))
                     hit = r;
               }
               bool ok;
               double e[4] = {0}, spread[4] = {0};
               if (hit) {
                  uint64_t sbase = sr[hit->srcSubresource.mipLevel].bufferOffset;
                  expected(k, hit, sb.map + sbase, x, y, z, e, spread);
                  ok = matches(k, out.map + at, e, spread);
                  checked++;
               } else {
                  ok = !memcmp(out.map + at, db.map + at, k->df->bytes);
               }
               if (!ok && bad++ < 4) {
                  fprintf(stderr, "%s: level %u texel (%u,%u,%u) %s: got 0x%llx", k->name, l, x, y,
                          z, hit ? "blitted" : "outside the regions",
                          (unsigned long long)texel_bits(out.map + at, k->df->bytes));
                  if (hit)
                     fprintf(stderr, ", expected %g %g %g %g", e[0], e[1], e[2], e[3]);
                  fprintf(stderr, "\n");
               }
            }
   }
   printf("  %s: %u blitted texels checked, %u wrong\n", k->name, checked, bad);
   agx_vk_buffer_free(c, &sb);
   agx_vk_buffer_free(c, &db);
   agx_vk_buffer_free(c, &out);
   vkDestroyImage(c->dev, si.image, NULL);
   vkFreeMemory(c->dev, si.mem, NULL);
   vkDestroyImage(c->dev, di.image, NULL);
   vkFreeMemory(c->dev, di.mem, NULL);
   return bad ? 1 : 0;
}

#define COLOR(level, layer, count)                   \
   {                                                 \
      VK_IMAGE_ASPECT_COLOR_BIT, level, layer, count \
   }
#define D2(w, h)                      \
   {                                  \
      VK_IMAGE_TYPE_2D, w, h, 1, 1, 1 \
   }

static const struct blit_case cases[] = {
   {"nearest_up_flip_x",
    &RGBA8,
    &RGBA8,
    D2(12, 6),
    D2(24, 14),
    VK_FILTER_NEAREST,
    0.5,
    1,
    {{COLOR(0, 0, 1), {{0, 0, 0}, {12, 6, 1}}, COLOR(0, 0, 1), {{22, 2, 0}, {2, 12, 1}}}}},
   {"linear_down_subregion",
    &RGBA8,
    &RGBA8,
    D2(16, 16),
    D2(24, 14),
    VK_FILTER_LINEAR,
    1.0,
    1,
    {{COLOR(0, 0, 1), {{1, 2, 0}, {15, 14, 1}}, COLOR(0, 0, 1), {{3, 1, 0}, {10, 6, 1}}}}},
   {"linear_to_srgb_flip_src_y",
    &RGBA8,
    &BGRA8_SRGB,
    D2(10, 10),
    D2(13, 7),
    VK_FILTER_LINEAR,
    1.0,
    1,
    {{COLOR(0, 0, 1), {{0, 10, 0}, {10, 0, 1}}, COLOR(0, 0, 1), {{0, 0, 0}, {13, 7, 1}}}}},
   {"half_to_unorm",
    &RGBA16F,
    &RGBA8,
    D2(8, 8),
    D2(8, 8),
    VK_FILTER_NEAREST,
    0.5,
    1,
    {{COLOR(0, 0, 1), {{0, 0, 0}, {8, 8, 1}}, COLOR(0, 0, 1), {{0, 0, 0}, {8, 8, 1}}}}},
   {"r5g6b5_to_rgba8_linear",
    &R5G6B5,
    &RGBA8,
    D2(9, 5),
    D2(17, 11),
    VK_FILTER_LINEAR,
    1.0,
    1,
    {{COLOR(0, 0, 1), {{0, 0, 0}, {9, 5, 1}}, COLOR(0, 0, 1), {{0, 0, 0}, {17, 11, 1}}}}},
   {"uint_flip_xy",
    &RGBA8UI,
    &R16UI,
    D2(12, 6),
    D2(20, 10),
    VK_FILTER_NEAREST,
    0,
    1,
    {{COLOR(0, 0, 1), {{0, 0, 0}, {12, 6, 1}}, COLOR(0, 0, 1), {{20, 10, 0}, {0, 0, 1}}}}},
   {"levels_layers",
    &RGBA16F,
    &RGBA16F,
    {VK_IMAGE_TYPE_2D, 16, 16, 1, 2, 2},
    {VK_IMAGE_TYPE_2D, 8, 8, 1, 3, 2},
    VK_FILTER_LINEAR,
    2.0,
    2,
    {{COLOR(1, 0, 2), {{0, 0, 0}, {8, 8, 1}}, COLOR(1, 1, 2), {{0, 0, 0}, {4, 4, 1}}},
     {COLOR(0, 1, 1), {{0, 0, 0}, {16, 16, 1}}, COLOR(0, 0, 1), {{0, 0, 0}, {8, 8, 1}}}}},
   {"3d_trilinear",
    &R32F,
    &R32F,
    {VK_IMAGE_TYPE_3D, 8, 8, 4, 1, 1},
    {VK_IMAGE_TYPE_3D, 6, 6, 8, 1, 1},
    VK_FILTER_LINEAR,
    0.01,
    1,
    {{COLOR(0, 0, 1), {{0, 0, 0}, {8, 8, 4}}, COLOR(0, 0, 1), {{0, 0, 0}, {6, 6, 8}}}}},
   {"3d_nearest_flip_z",
    &RGBA8,
    &RGBA8,
    {VK_IMAGE_TYPE_3D, 4, 4, 4, 1, 1},
    {VK_IMAGE_TYPE_3D, 4, 4, 8, 1, 1},
    VK_FILTER_NEAREST,
    0.5,
    1,
    {{COLOR(0, 0, 1), {{0, 0, 0}, {4, 4, 4}}, COLOR(0, 0, 1), {{0, 0, 8}, {4, 4, 0}}}}},
   {"depth32_flip_x",
    &D32,
    &D32,
    D2(12, 6),
    D2(20, 10),
    VK_FILTER_NEAREST,
    0,
    1,
    {{{VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
      {{0, 0, 0}, {12, 6, 1}},
      {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
      {{20, 0, 0}, {0, 10, 1}}}}},
   {"depth16_down",
    &D16,
    &D16,
    D2(9, 6),
    D2(4, 4),
    VK_FILTER_NEAREST,
    0.5,
    1,
    {{{VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
      {{0, 0, 0}, {9, 6, 1}},
      {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
      {{0, 0, 0}, {4, 4, 1}}}}},
   {"stencil_up",
    &S8,
    &S8,
    D2(12, 6),
    D2(20, 10),
    VK_FILTER_NEAREST,
    0,
    1,
    {{{VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0, 1},
      {{0, 0, 0}, {12, 6, 1}},
      {VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0, 1},
      {{0, 0, 0}, {20, 10, 1}}}}},
};

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c = {0};
   agx_vk_ctx_instance(&c, argc, argv);
   agx_vk_ctx_device(&c, NULL, 0, NULL);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.pdev, &props);
   subtexel = ldexp(1.0, -(int)props.limits.subTexelPrecisionBits);
   unsigned failed = 0, n = sizeof(cases) / sizeof(cases[0]);
   for (unsigned i = 0; i < n; i++)
      failed += run_case(&c, &cases[i], i + 1);
   printf("blit: %u of %u cases passed\n", n - failed, n);
   int rc = agx_vk_ctx_finish(&c);
   return failed || rc ? 1 : 0;
}
