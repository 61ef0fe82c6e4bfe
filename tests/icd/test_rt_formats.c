/*
 * Colour attachment formats (issue 19 item 1): every format the driver
 * offers COLOR_ATTACHMENT for is cleared, drawn to, loaded, blended (when
 * it offers COLOR_ATTACHMENT_BLEND), write-masked and cleared with
 * vkCmdClearAttachments, then read back with vkCmdCopyImageToBuffer and
 * compared with a CPU model of Vulkan's conversions written here: fixed-point
 * conversion with clamping (spec "Fixed-Point Data Conversions"), sRGB
 * encoding of the colour components, 16-bit / 11-bit / 10-bit floats, and
 * the blend equation on clamped inputs ("Blend Operations").
 *
 * Scene on an 8x4 image, per format:
 *   pass 1: loadOp CLEAR to C0, then C1 drawn into columns 2..5;
 *   pass 2: loadOp LOAD, C2 drawn into columns 4..7 (blended with
 *           SRC_ALPHA / ONE_MINUS_SRC_ALPHA for blendable formats, write
 *           mask R|G|A; integer formats: no blending, write mask R|A), then
 *           vkCmdClearAttachments of row 3 to C3.
 * Tolerances: one unit in the last place of the stored component for
 * normalised formats (two after blending), the format's precision for
 * floats; integers exact.
 *
 * Usage: test_rt_formats VERT_SPV FRAG_F_SPV FRAG_I_SPV FRAG_U_SPV [--validation] [--reference]
 * On agx-vk every format of the list must be offered; on the reference
 * driver formats it does not offer are skipped.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "agx_vk_gfx.h"
#include "agxv_vk_newer.h"

#define W 8
#define H 4

enum kind { UNORM, SNORM, UINT, SINT, SFLOAT, UFLOAT, SRGB };

/* A component: bit offset and width in the texel (little-endian), 0 bits = absent. */
struct comp {
   uint8_t off, bits;
};

struct fmt {
   VkFormat vk;
   const char *name;
   enum kind kind;
   uint8_t bytes;
   struct comp c[4]; /* R, G, B, A */
};

#define C8x4(a, b, c_, d)      \
   {                           \
      {a, 8}, {b, 8}, {c_, 8}, \
      {                        \
         d, 8                  \
      }                        \
   }
static const struct fmt formats[] = {
   {VK_FORMAT_R8_UNORM, "R8_UNORM", UNORM, 1, {{0, 8}}},
   {VK_FORMAT_R8_SNORM, "R8_SNORM", SNORM, 1, {{0, 8}}},
   {VK_FORMAT_R8_UINT, "R8_UINT", UINT, 1, {{0, 8}}},
   {VK_FORMAT_R8_SINT, "R8_SINT", SINT, 1, {{0, 8}}},
   {VK_FORMAT_R8_SRGB, "R8_SRGB", SRGB, 1, {{0, 8}}},
   {VK_FORMAT_R8G8_UNORM, "R8G8_UNORM", UNORM, 2, {{0, 8}, {8, 8}}},
   {VK_FORMAT_R8G8_SNORM, "R8G8_SNORM", SNORM, 2, {{0, 8}, {8, 8}}},
   {VK_FORMAT_R8G8_UINT, "R8G8_UINT", UINT, 2, {{0, 8}, {8, 8}}},
   {VK_FORMAT_R8G8_SINT, "R8G8_SINT", SINT, 2, {{0, 8}, {8, 8}}},
   {VK_FORMAT_R8G8_SRGB, "R8G8_SRGB", SRGB, 2, {{0, 8}, {8, 8}}},
   {VK_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", UNORM, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_R8G8B8A8_SNORM, "R8G8B8A8_SNORM", SNORM, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_R8G8B8A8_UINT, "R8G8B8A8_UINT", UINT, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_R8G8B8A8_SINT, "R8G8B8A8_SINT", SINT, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_R8G8B8A8_SRGB, "R8G8B8A8_SRGB", SRGB, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8_UNORM", UNORM, 4, C8x4(16, 8, 0, 24)},
   {VK_FORMAT_B8G8R8A8_SNORM, "B8G8R8A8_SNORM", SNORM, 4, C8x4(16, 8, 0, 24)},
   {VK_FORMAT_B8G8R8A8_UINT, "B8G8R8A8_UINT", UINT, 4, C8x4(16, 8, 0, 24)},
   {VK_FORMAT_B8G8R8A8_SINT, "B8G8R8A8_SINT", SINT, 4, C8x4(16, 8, 0, 24)},
   {VK_FORMAT_B8G8R8A8_SRGB, "B8G8R8A8_SRGB", SRGB, 4, C8x4(16, 8, 0, 24)},
   {VK_FORMAT_A8B8G8R8_UNORM_PACK32, "A8B8G8R8_UNORM_PACK32", UNORM, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_A8B8G8R8_SNORM_PACK32, "A8B8G8R8_SNORM_PACK32", SNORM, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_A8B8G8R8_UINT_PACK32, "A8B8G8R8_UINT_PACK32", UINT, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_A8B8G8R8_SINT_PACK32, "A8B8G8R8_SINT_PACK32", SINT, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_A8B8G8R8_SRGB_PACK32, "A8B8G8R8_SRGB_PACK32", SRGB, 4, C8x4(0, 8, 16, 24)},
   {VK_FORMAT_R5G6B5_UNORM_PACK16, "R5G6B5_UNORM_PACK16", UNORM, 2, {{11, 5}, {5, 6}, {0, 5}}},
   {VK_FORMAT_B5G6R5_UNORM_PACK16, "B5G6R5_UNORM_PACK16", UNORM, 2, {{0, 5}, {5, 6}, {11, 5}}},
   {VK_FORMAT_R4G4B4A4_UNORM_PACK16,
    "R4G4B4A4_UNORM_PACK16",
    UNORM,
    2,
    {{12, 4}, {8, 4}, {4, 4}, {0, 4}}},
   {VK_FORMAT_B4G4R4A4_UNORM_PACK16,
    "B4G4R4A4_UNORM_PACK16",
    UNORM,
    2,
    {{4, 4}, {8, 4}, {12, 4}, {0, 4}}},
   {VK_FORMAT_A4R4G4B4_UNORM_PACK16,
    "A4R4G4B4_UNORM_PACK16",
    UNORM,
    2,
    {{8, 4}, {4, 4}, {0, 4}, {12, 4}}},
   {VK_FORMAT_A4B4G4R4_UNORM_PACK16,
    "A4B4G4R4_UNORM_PACK16",
    UNORM,
    2,
    {{0, 4}, {4, 4}, {8, 4}, {12, 4}}},
   {VK_FORMAT_A1R5G5B5_UNORM_PACK16,
    "A1R5G5B5_UNORM_PACK16",
    UNORM,
    2,
    {{10, 5}, {5, 5}, {0, 5}, {15, 1}}},
   /* VK_KHR_maintenance5 (include/agxv_vk_newer.h) */
   {VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR,
    "A1B5G5R5_UNORM_PACK16_KHR",
    UNORM,
    2,
    {{0, 5}, {5, 5}, {10, 5}, {15, 1}}},
   {VK_FORMAT_A2B10G10R10_UNORM_PACK32,
    "A2B10G10R10_UNORM_PACK32",
    UNORM,
    4,
    {{0, 10}, {10, 10}, {20, 10}, {30, 2}}},
   {VK_FORMAT_A2B10G10R10_UINT_PACK32,
    "A2B10G10R10_UINT_PACK32",
    UINT,
    4,
    {{0, 10}, {10, 10}, {20, 10}, {30, 2}}},
   {VK_FORMAT_A2R10G10B10_UNORM_PACK32,
    "A2R10G10B10_UNORM_PACK32",
    UNORM,
    4,
    {{20, 10}, {10, 10}, {0, 10}, {30, 2}}},
   {VK_FORMAT_A2R10G10B10_UINT_PACK32,
    "A2R10G10B10_UINT_PACK32",
    UINT,
    4,
    {{20, 10}, {10, 10}, {0, 10}, {30, 2}}},
   {VK_FORMAT_B10G11R11_UFLOAT_PACK32,
    "B10G11R11_UFLOAT_PACK32",
    UFLOAT,
    4,
    {{0, 11}, {11, 11}, {22, 10}}},
   {VK_FORMAT_R16_UNORM, "R16_UNORM", UNORM, 2, {{0, 16}}},
   {VK_FORMAT_R16_SNORM, "R16_SNORM", SNORM, 2, {{0, 16}}},
   {VK_FORMAT_R16_UINT, "R16_UINT", UINT, 2, {{0, 16}}},
   {VK_FORMAT_R16_SINT, "R16_SINT", SINT, 2, {{0, 16}}},
   {VK_FORMAT_R16_SFLOAT, "R16_SFLOAT", SFLOAT, 2, {{0, 16}}},
   {VK_FORMAT_R16G16_UNORM, "R16G16_UNORM", UNORM, 4, {{0, 16}, {16, 16}}},
   {VK_FORMAT_R16G16_SNORM, "R16G16_SNORM", SNORM, 4, {{0, 16}, {16, 16}}},
   {VK_FORMAT_R16G16_UINT, "R16G16_UINT", UINT, 4, {{0, 16}, {16, 16}}},
   {VK_FORMAT_R16G16_SINT, "R16G16_SINT", SINT, 4, {{0, 16}, {16, 16}}},
   {VK_FORMAT_R16G16_SFLOAT, "R16G16_SFLOAT", SFLOAT, 4, {{0, 16}, {16, 16}}},
   {VK_FORMAT_R16G16B16A16_UNORM,
    "R16G16B16A16_UNORM",
    UNORM,
    8,
    {{0, 16}, {16, 16}, {32, 16}, {48, 16}}},
   {VK_FORMAT_R16G16B16A16_SNORM,
    "R16G16B16A16_SNORM",
    SNORM,
    8,
    {{0, 16}, {16, 16}, {32, 16}, {48, 16}}},
   {VK_FORMAT_R16G16B16A16_UINT,
    "R16G16B16A16_UINT",
    UINT,
    8,
    {{0, 16}, {16, 16}, {32, 16}, {48, 16}}},
   {VK_FORMAT_R16G16B16A16_SINT,
    "R16G16B16A16_SINT",
    SINT,
    8,
    {{0, 16}, {16, 16}, {32, 16}, {48, 16}}},
   {VK_FORMAT_R16G16B16A16_SFLOAT,
    "R16G16B16A16_SFLOAT",
    SFLOAT,
    8,
    {{0, 16}, {16, 16}, {32, 16}, {48, 16}}},
   {VK_FORMAT_R32_UINT, "R32_UINT", UINT, 4, {{0, 32}}},
   {VK_FORMAT_R32_SINT, "R32_SINT", SINT, 4, {{0, 32}}},
   {VK_FORMAT_R32_SFLOAT, "R32_SFLOAT", SFLOAT, 4, {{0, 32}}},
   {VK_FORMAT_R32G32_UINT, "R32G32_UINT", UINT, 8, {{0, 32}, {32, 32}}},
   {VK_FORMAT_R32G32_SINT, "R32G32_SINT", SINT, 8, {{0, 32}, {32, 32}}},
   {VK_FORMAT_R32G32_SFLOAT, "R32G32_SFLOAT", SFLOAT, 8, {{0, 32}, {32, 32}}},
   {VK_FORMAT_R32G32B32A32_UINT,
    "R32G32B32A32_UINT",
    UINT,
    16,
    {{0, 32}, {32, 32}, {64, 32}, {96, 32}}},
   {VK_FORMAT_R32G32B32A32_SINT,
    "R32G32B32A32_SINT",
    SINT,
    16,
    {{0, 32}, {32, 32}, {64, 32}, {96, 32}}},
   {VK_FORMAT_R32G32B32A32_SFLOAT,
    "R32G32B32A32_SFLOAT",
    SFLOAT,
    16,
    {{0, 32}, {32, 32}, {64, 32}, {96, 32}}},
};
#define NUM_FORMATS (sizeof(formats) / sizeof(formats[0]))

/* The values: floats for UNORM/SNORM/SRGB/float formats (negative and
 * above-one components test clamping), integers in range of the narrowest
 * component (A2 in 10:10:10:2 takes 0..3). */
static const float fC[4][4] = {
   {0.2f, 0.4f, 0.6f, 0.8f},    /* C0: clear */
   {-0.5f, 1.5f, 0.125f, 0.6f}, /* C1: pass 1 draw */
   {1.0f, 0.0f, 0.25f, 0.5f},   /* C2: pass 2 draw (alpha 0.5 blends half-half) */
   {0.6f, 0.3f, 0.9f, 0.1f},    /* C3: vkCmdClearAttachments */
};
static const uint32_t uC[4][4] = {{5, 100, 27, 1}, {200, 7, 0, 3}, {9, 9, 9, 2}, {17, 250, 128, 0}};
static const int32_t iC[4][4] = {
   {-5, 100, -27, 1}, {-100, 7, 0, -1}, {9, -9, 9, -2}, {17, -128, 127, 0}};

static bool
is_int(enum kind k)
{
   return k == UINT || k == SINT;
}

/* --- CPU model of the stored values -------------------------------------- */

static double
clampd(double v, double lo, double hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

static double
srgb_encode(double l)
{
   l = clampd(l, 0, 1);
   return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055;
}

static double
srgb_decode(double s)
{
   return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
}

static double
half_to_double(uint32_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   double v = e == 0 ? ldexp(m, -24) : e == 31 ? INFINITY : ldexp(1024 + m, e - 25);
   return h & 0x8000 ? -v : v;
}

/* Unsigned small float: `mbits` mantissa bits, 5 exponent bits, no sign. */
static double
ufloat_to_double(uint32_t v, unsigned mbits)
{
   unsigned e = v >> mbits, m = v & ((1u << mbits) - 1);
   if (e == 0)
      return ldexp(m, -14 - (int)mbits);
   return ldexp((double)((1u << mbits) + m), (int)e - 15 - (int)mbits);
}

static uint64_t
get_bits(const uint8_t *texel, unsigned off, unsigned bits)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bits; i++) {
      unsigned b = off + i;
      v |= (uint64_t)((texel[b / 8] >> (b % 8)) & 1) << i;
   }
   return v;
}

/* Stored component c of a texel as a number (floats/normalised: the value
 * it stands for, sRGB: the encoded value in [0,1]; integers: the integer). */
static double
decode(const struct fmt *f, const uint8_t *texel, unsigned c)
{
   const struct comp *cp = &f->c[c];
   uint64_t v = get_bits(texel, cp->off, cp->bits);
   double max = (double)((1ull << cp->bits) - 1);
   switch (f->kind) {
   case UNORM:
   case SRGB:
      return (double)v / max;
   case SNORM: {
      int64_t s = (int64_t)(v << (64 - cp->bits)) >> (64 - cp->bits);
      double half = (double)((1ull << (cp->bits - 1)) - 1);
      return clampd((double)s / half, -1, 1);
   }
   case UINT:
      return (double)v;
   case SINT:
      return (double)((int64_t)(v << (64 - cp->bits)) >> (64 - cp->bits));
   case SFLOAT:
      if (cp->bits == 16)
         return half_to_double((uint32_t)v);
      else {
         uint32_t u = (uint32_t)v;
         float fl;
         memcpy(&fl, &u, 4);
         return fl;
      }
   case UFLOAT:
      return ufloat_to_double((uint32_t)v, cp->bits - 5);
   }
   return 0;
}

/* The stored value (in decode()'s terms) of a fragment output v. */
static double
store_model(const struct fmt *f, unsigned c, double v)
{
   unsigned bits = f->c[c].bits;
   switch (f->kind) {
   case UNORM: {
      double max = (double)((1ull << bits) - 1);
      return round(clampd(v, 0, 1) * max) / max;
   }
   case SNORM: {
      double max = (double)((1ull << (bits - 1)) - 1);
      return round(clampd(v, -1, 1) * max) / max;
   }
   case SRGB:
      /* alpha is linear */
      return c == 3 ? round(clampd(v, 0, 1) * 255) / 255 : round(srgb_encode(v) * 255) / 255;
   case UFLOAT:
      return v < 0 ? 0 : v;
   default:
      return v;
   }
}

/* Allowed difference between the stored and the modelled value. */
static double
tolerance(const struct fmt *f, unsigned c, double expect, unsigned ulps)
{
   unsigned bits = f->c[c].bits;
   switch (f->kind) {
   case UNORM:
   case SRGB:
      return ulps / (double)((1ull << bits) - 1) + 1e-9;
   case SNORM:
      return ulps / (double)((1ull << (bits - 1)) - 1) + 1e-9;
   case SFLOAT:
      return fabs(expect) * (bits == 16 ? ulps * 0x1p-10 : 0x1p-20) + 1e-6;
   case UFLOAT:
      return fabs(expect) * ulps * ldexp(1, -(int)(bits - 5)) + 1e-4;
   default:
      return 0;
   }
}

/* The value the blend unit sees for a stored destination (sRGB: linear). */
static double
blend_dst(const struct fmt *f, unsigned c, double stored)
{
   return f->kind == SRGB && c < 3 ? srgb_decode(stored) : stored;
}

/* The source as the blend unit sees it: clamped for normalised formats. */
static double
blend_src(const struct fmt *f, double v)
{
   if (f->kind == UNORM || f->kind == SRGB)
      return clampd(v, 0, 1);
   if (f->kind == SNORM)
      return clampd(v, -1, 1);
   return v;
}

/* --- Vulkan objects ------------------------------------------------------- */

struct gfx {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs[3];
   VkPipelineLayout layout;
};

static VkPipeline
pipeline(struct gfx *g, const struct fmt *f, bool blend, VkColorComponentFlags mask)
{
   unsigned k = f->kind == SINT ? 1 : f->kind == UINT ? 2 : 0;
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, g->vs, g->fs[k], f->vk);
   p.att[0] = (VkPipelineColorBlendAttachmentState){
      .blendEnable = blend,
      .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
      .dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
      .colorBlendOp = VK_BLEND_OP_ADD,
      .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
      .dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO,
      .alphaBlendOp = VK_BLEND_OP_ADD,
      .colorWriteMask = mask};
   return agx_vk_gfx_create(g->c, &p);
}

/* The four values of row `i` in the format's kind: push-constant words and clear value. */
static void
value(const struct fmt *f, unsigned i, uint32_t push[4], VkClearColorValue *cv)
{
   for (unsigned c = 0; c < 4; c++) {
      if (f->kind == UINT) {
         push[c] = uC[i][c];
         cv->uint32[c] = uC[i][c];
      } else if (f->kind == SINT) {
         push[c] = (uint32_t)iC[i][c];
         cv->int32[c] = iC[i][c];
      } else {
         memcpy(&push[c], &fC[i][c], 4);
         cv->float32[c] = fC[i][c];
      }
   }
}

static double
input(const struct fmt *f, unsigned i, unsigned c)
{
   return f->kind == UINT ? uC[i][c] : f->kind == SINT ? iC[i][c] : fC[i][c];
}

static void
draw(VkCommandBuffer cb, struct gfx *g, VkPipeline p, const struct fmt *f, unsigned i, int x0,
     int x1)
{
   uint32_t push[4];
   VkClearColorValue cv;
   value(f, i, push, &cv);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   VkViewport v = {0, 0, W, H, 0, 1};
   VkRect2D s = {{x0, 0}, {(uint32_t)(x1 - x0), H}};
   vkCmdSetViewport(cb, 0, 1, &v);
   vkCmdSetScissor(cb, 0, 1, &s);
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16, push);
   vkCmdDraw(cb, 3, 1, 0, 0);
}

/* Renders the scene into a new image of format f; returns mismatching components. */
static unsigned
run_format(struct gfx *g, const struct fmt *f, bool blendable)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image img;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = f->vk,
                                                   .width = W,
                                                   .height = H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &img);
   struct agx_vk_buffer out = agx_vk_buffer(c, (VkDeviceSize)W * H * f->bytes);

   bool blend = blendable && !is_int(f->kind);
   VkColorComponentFlags mask2 =
      is_int(f->kind)
         ? VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT
         : VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_A_BIT;
   VkPipeline p1 = pipeline(g, f, false, 0xF), p2 = pipeline(g, f, blend, mask2);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, img.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
   uint32_t push[4];
   VkClearColorValue c0, c3;
   value(f, 0, push, &c0);
   value(f, 3, push, &c3);
   VkRenderingAttachmentInfo a = agx_vk_color_attachment(img.view, &c0);
   struct agx_vk_rendering r = {.width = W, .height = H, .color_count = 1, .colors = &a};
   agx_vk_begin_rendering(cb, &r);
   draw(cb, g, p1, f, 1, 2, 6);
   vkCmdEndRendering(cb);
   agx_vk_barrier(cb, img.image, VK_IMAGE_ASPECT_COLOR_BIT,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, AGX_VK_COLOR_RW);
   a = agx_vk_color_attachment(img.view, NULL);
   agx_vk_begin_rendering(cb, &r);
   draw(cb, g, p2, f, 2, 4, 8);
   VkClearAttachment ca = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT,
                           .colorAttachment = 0,
                           .clearValue.color = c3};
   VkClearRect cr = {.rect = {{0, 3}, {W, 1}}, .baseArrayLayer = 0, .layerCount = 1};
   vkCmdClearAttachments(cb, 1, &ca, 1, &cr);
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         const uint8_t *texel = out.map + (y * W + x) * f->bytes;
         for (unsigned ch = 0; ch < 4; ch++) {
            if (!f->c[ch].bits)
               continue;
            double expect, tol;
            if (y == 3) {
               expect = store_model(f, ch, input(f, 3, ch));
               tol = tolerance(f, ch, expect, 1);
            } else {
               unsigned base = x >= 2 && x < 6 ? 1 : 0;
               expect = store_model(f, ch, input(f, base, ch));
               tol = tolerance(f, ch, expect, 1);
               bool written = x >= 4 && (mask2 >> ch) & 1;
               if (written && !blend) {
                  expect = store_model(f, ch, input(f, 2, ch));
               } else if (written) {
                  double src = blend_src(f, input(f, 2, ch));
                  double dst = blend_dst(f, ch, expect);
                  double a = clampd(input(f, 2, 3), 0, 1);
                  double r = ch == 3 ? src : src * a + dst * (1 - a);
                  expect = store_model(f, ch, r);
                  tol = tolerance(f, ch, expect, 2);
               }
            }
            double got = decode(f, texel, ch);
            if (!(fabs(got - expect) <= tol)) {
               if (bad < 4)
                  fprintf(stderr,
                          "%s: pixel (%u,%u) component %u: got %.6g, expected %.6g (+-%.3g)\n",
                          f->name, x, y, ch, got, expect, tol);
               bad++;
            }
         }
      }
   }
   vkDestroyPipeline(c->dev, p1, NULL);
   vkDestroyPipeline(c->dev, p2, NULL);
   agx_vk_image_free(c, &img);
   agx_vk_buffer_free(c, &out);
   return bad;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   const char *paths[4];
   unsigned np = 0;
   for (int i = 1; i < argc && np < 4; i++)
      if (argv[i][0] != '-')
         paths[np++] = argv[i];
   CHECK(np == 4);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .dynamicRendering = VK_TRUE,
                                           .synchronization2 = VK_TRUE};
   /* A1B5G5R5 is a VK_KHR_maintenance5 format: valid only with the
    * extension enabled, and unknown to the 1.3.239 validation layer */
   const char *m5[] = {VK_KHR_MAINTENANCE_5_EXTENSION_NAME};
   bool with_m5 = agx_vk_ctx_has_extension(&c, m5[0]) && !c.validation;
   agx_vk_ctx_device(&c, &f13, with_m5 ? 1 : 0, m5);
   struct gfx g = {.c = &c};
   g.vs = agx_vk_shader(&c, paths[0]);
   for (unsigned k = 0; k < 3; k++)
      g.fs[k] = agx_vk_shader(&c, paths[1 + k]);
   g.layout = agx_vk_pipeline_layout(&c, 0, NULL, VK_SHADER_STAGE_FRAGMENT_BIT, 16);

   unsigned failed = 0, tested = 0;
   for (unsigned i = 0; i < NUM_FORMATS; i++) {
      const struct fmt *f = &formats[i];
      if (f->vk == VK_FORMAT_A1B5G5R5_UNORM_PACK16_KHR && !with_m5) {
         printf("%-26s skipped (%s)\n", f->name,
                c.validation ? "the validation layer predates VK_KHR_maintenance5"
                             : "no VK_KHR_maintenance5");
         continue;
      }
      VkFormatProperties3 p3 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
      VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3};
      vkGetPhysicalDeviceFormatProperties2(c.pdev, f->vk, &p2);
      VkFormatFeatureFlags2 feat = p3.optimalTilingFeatures;
      bool color = feat & VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BIT;
      bool blend = feat & VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT;
      if (!color) {
         /* agx-vk must render to every format of the list */
         if (!c.reference) {
            fprintf(stderr, "%s: no COLOR_ATTACHMENT\n", f->name);
            failed++;
         } else
            printf("%-26s not offered (skipped)\n", f->name);
         continue;
      }
      if (!c.reference && !is_int(f->kind) && !blend) {
         fprintf(stderr, "%s: no COLOR_ATTACHMENT_BLEND\n", f->name);
         failed++;
      }
      unsigned bad = run_format(&g, f, blend);
      printf("%-26s %s%s\n", f->name, bad ? "FAIL" : "ok", blend ? " (blended)" : "");
      failed += bad != 0;
      tested++;
   }
   printf("%u formats rendered, %u failed\n", tested, failed);
   CHECK(failed == 0);

   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   for (unsigned k = 0; k < 3; k++)
      vkDestroyShaderModule(c.dev, g.fs[k], NULL);
   return agx_vk_ctx_finish(&c);
}
