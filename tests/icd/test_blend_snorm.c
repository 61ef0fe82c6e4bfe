/*
 * Blending into signed-normalised attachments through the loader: scenes
 * of four overlapping rectangles (scissored full-framebuffer triangles,
 * laid out as the CTS pipeline.blend tests lay out their quads, so the
 * pixels see every prefix of the draw order), each drawn with its own
 * pipeline: blend factors including constant colours and dual-source SRC1
 * factors, SUB / REVERSE_SUBTRACT / MIN / MAX, a write mask per draw,
 * sources and the second source from push constants (dual.frag style
 * shader, blend_dual_push.frag). The attachment is R8G8_SNORM (no blue and
 * alpha: destination alpha reads 1.0) or R8G8B8A8_SNORM.
 * Every pixel is compared with a CPU model of Vulkan's blending
 * ("Blending") as the CTS and hardware define it for snorm: the source,
 * second source, destination and constants are clamped to [-1, 1], the
 * blend factors are not (1 - x reaches 2; the specification's text clamps
 * factors too, but the CTS reference rasterizer, rrFragmentOperations.cpp,
 * lavapipe and Mesa's nir_lower_blend.c clamp only the colours); MIN and
 * MAX ignore the factors; SRC_ALPHA_SATURATE is (f, f, f, 1) with f =
 * min(As, 1 - Ad); the result is clamped and stored as round(x * 127) (two
 * codes of tolerance: lavapipe blends 8-bit formats in fixed point; the
 * CTS allows four).
 *
 * test_blend_snorm LOGIC_OP_VERT_SPV BLEND_DUAL_PUSH_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 8
#define H 8
#define QUADS 4

struct push {
   float s0[4], s1[4];
};

/* One scene: the format, the blend state and sources of each draw. */
struct scene {
   const char *name;
   VkFormat format;
   uint32_t comps;
   VkPipelineColorBlendAttachmentState state[QUADS];
   struct push src[QUADS];
   float constants[4];
   float clear[4];
};

#define BF(x) VK_BLEND_FACTOR_##x
#define BO(x) VK_BLEND_OP_##x
#define STATE(cs, cd, co, as, ad, ao, mask)                                                 \
   {                                                                                        \
      .blendEnable = VK_TRUE, .srcColorBlendFactor = BF(cs), .dstColorBlendFactor = BF(cd), \
      .colorBlendOp = BO(co), .srcAlphaBlendFactor = BF(as), .dstAlphaBlendFactor = BF(ad), \
      .alphaBlendOp = BO(ao), .colorWriteMask = (mask)                                      \
   }
#define RG (VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT)
#define GB (VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT)
#define BA (VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT)
#define RGBA 0xF

/* Sources of the CTS dual-source scenes on a two-component snorm format
 * (createOverlappingQuadsDualSource, then each red and green x as 2x - 1,
 * the test's "adjust vertex colors"): colours of the four quads, the same
 * second colour for all. */
#define CTS_SOURCES                                                                   \
   {                                                                                  \
      {{1, -1, 0, 1}, {-1, 0, 0.5f, 0.5f}}, {{-1, 1, 0, 0.25f}, {-1, 0, 0.5f, 0.5f}}, \
         {{-1, -1, 1, 0.25f}, {-1, 0, 0.5f, 0.5f}},                                   \
      {                                                                               \
         {1, -1, 1, 0.75f},                                                           \
         {                                                                            \
            -1, 0, 0.5f, 0.5f                                                         \
         }                                                                            \
      }                                                                               \
   }

static const struct scene scenes[] = {
   {
      /* dEQP-VK.pipeline.*.blend.dual_source.format.r8g8_snorm.*.states.
       * color_cc_1msc_sub_alpha_z_1mcc_min-color_1msc_s1c_add_alpha_1mda_1mdc_sub-
       * color_ca_sas_rsub_alpha_cc_s1c_max-color_s1c_s1c_rsub_alpha_da_1ms1a_rsub */
      "cts r8g8_snorm",
      VK_FORMAT_R8G8_SNORM,
      2,
      {STATE(CONSTANT_COLOR, ONE_MINUS_SRC_COLOR, SUBTRACT, ZERO, ONE_MINUS_CONSTANT_COLOR, MIN,
             RG),
       STATE(ONE_MINUS_SRC_COLOR, SRC1_COLOR, ADD, ONE_MINUS_DST_ALPHA, ONE_MINUS_DST_COLOR,
             SUBTRACT, GB),
       STATE(CONSTANT_ALPHA, SRC_ALPHA_SATURATE, REVERSE_SUBTRACT, CONSTANT_COLOR, SRC1_COLOR, MAX,
             BA),
       STATE(SRC1_COLOR, SRC1_COLOR, REVERSE_SUBTRACT, DST_ALPHA, ONE_MINUS_SRC1_ALPHA,
             REVERSE_SUBTRACT, RGBA)},
      CTS_SOURCES,
      {0.1f, 0.2f, 0.3f, 0.4f},
      {-0.22f, 0.16f, 0.0f, 1.0f}, /* the CTS default clear colour for snorm */
   },
   {
      /* negative sources and destinations: factors 1 - x reach 2 and clamp */
      "negative rgba8_snorm",
      VK_FORMAT_R8G8B8A8_SNORM,
      4,
      {STATE(ONE_MINUS_SRC_COLOR, ONE_MINUS_DST_COLOR, ADD, ONE_MINUS_SRC1_ALPHA, ONE, SUBTRACT,
             RGBA),
       STATE(SRC_ALPHA_SATURATE, SRC1_COLOR, REVERSE_SUBTRACT, ONE_MINUS_CONSTANT_ALPHA, DST_ALPHA,
             MIN, RGBA),
       STATE(ONE, ONE, MAX, SRC1_ALPHA, ONE_MINUS_SRC_ALPHA, ADD, RG),
       STATE(CONSTANT_COLOR, ONE_MINUS_SRC1_COLOR, SUBTRACT, ONE_MINUS_DST_ALPHA, SRC_ALPHA,
             REVERSE_SUBTRACT, RGBA)},
      {{{-0.5f, 0.25f, -1.0f, -0.75f}, {-0.25f, 0.5f, 0.75f, -0.5f}},
       {{0.75f, -0.25f, 0.5f, -0.5f}, {0.5f, -1.0f, 0.25f, 0.75f}},
       {{-0.75f, 0.5f, -0.25f, 0.25f}, {-0.5f, 0.25f, -0.75f, 0.5f}},
       {{0.25f, -0.75f, 0.75f, 0.5f}, {-1.0f, 0.75f, -0.5f, -0.25f}}},
      {-0.5f, 0.25f, 0.75f, -0.25f},
      {-0.375f, 0.625f, -0.875f, -0.125f},
   },
};
#define NSCENES (sizeof(scenes) / sizeof(scenes[0]))

/* Scissor rectangle of draw q: the CTS quads' layout on W x H. */
static VkRect2D
quad_rect(unsigned q)
{
   static const int x0[QUADS] = {3, 0, 0, 3}, y0[QUADS] = {3, 3, 0, 0};
   return (VkRect2D){{x0[q], y0[q]}, {5, 5}};
}

/* --- CPU model (Vulkan "Blending") --------------------------------------- */

static float
clamp1(float x)
{
   return x < -1.0f ? -1.0f : x > 1.0f ? 1.0f : x;
}

/* factor f for component c (3 = alpha), not clamped (see above) */
static float
model_factor(VkBlendFactor f, unsigned c, const float *s, const float *s1, const float *d,
             const float *k)
{
   float x;
   switch (f) {
   case VK_BLEND_FACTOR_ZERO:
      x = 0;
      break;
   case VK_BLEND_FACTOR_ONE:
      x = 1;
      break;
   case VK_BLEND_FACTOR_SRC_COLOR:
      x = s[c];
      break;
   case VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR:
      x = 1 - s[c];
      break;
   case VK_BLEND_FACTOR_DST_COLOR:
      x = d[c];
      break;
   case VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR:
      x = 1 - d[c];
      break;
   case VK_BLEND_FACTOR_SRC_ALPHA:
      x = s[3];
      break;
   case VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA:
      x = 1 - s[3];
      break;
   case VK_BLEND_FACTOR_DST_ALPHA:
      x = d[3];
      break;
   case VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA:
      x = 1 - d[3];
      break;
   case VK_BLEND_FACTOR_CONSTANT_COLOR:
      x = k[c];
      break;
   case VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR:
      x = 1 - k[c];
      break;
   case VK_BLEND_FACTOR_CONSTANT_ALPHA:
      x = k[3];
      break;
   case VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA:
      x = 1 - k[3];
      break;
   case VK_BLEND_FACTOR_SRC_ALPHA_SATURATE:
      x = c == 3 ? 1 : fminf(s[3], 1 - d[3]);
      break;
   case VK_BLEND_FACTOR_SRC1_COLOR:
      x = s1[c];
      break;
   case VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR:
      x = 1 - s1[c];
      break;
   case VK_BLEND_FACTOR_SRC1_ALPHA:
      x = s1[3];
      break;
   case VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA:
      x = 1 - s1[3];
      break;
   default:
      x = NAN;
   }
   return x;
}

static float
snorm8(float x)
{
   return roundf(clamp1(x) * 127.0f) / 127.0f;
}

/* Blends source `p` into destination d[] (values of the attachment's codes;
 * missing components read 0, alpha 1) with state st. */
static void
model_blend(const VkPipelineColorBlendAttachmentState *st, const struct push *p, const float *kin,
            unsigned comps, float *d)
{
   float s[4], s1[4], k[4], r[4];
   for (unsigned c = 0; c < 4; c++) {
      s[c] = clamp1(p->s0[c]);
      s1[c] = clamp1(p->s1[c]);
      k[c] = clamp1(kin[c]);
   }
   for (unsigned c = 0; c < 4; c++) {
      bool a = c == 3;
      VkBlendOp op = a ? st->alphaBlendOp : st->colorBlendOp;
      VkBlendFactor sf = a ? st->srcAlphaBlendFactor : st->srcColorBlendFactor;
      VkBlendFactor df = a ? st->dstAlphaBlendFactor : st->dstColorBlendFactor;
      float ts = s[c] * model_factor(sf, c, s, s1, d, k);
      float td = d[c] * model_factor(df, c, s, s1, d, k);
      switch (op) {
      case VK_BLEND_OP_ADD:
         r[c] = ts + td;
         break;
      case VK_BLEND_OP_SUBTRACT:
         r[c] = ts - td;
         break;
      case VK_BLEND_OP_REVERSE_SUBTRACT:
         r[c] = td - ts;
         break;
      case VK_BLEND_OP_MIN:
         r[c] = fminf(s[c], d[c]);
         break;
      default:
         r[c] = fmaxf(s[c], d[c]);
      }
   }
   for (unsigned c = 0; c < comps; c++)
      if (st->colorWriteMask & (1u << c))
         d[c] = snorm8(r[c]);
}

/* The expected value of every pixel: the clear colour, then each draw
 * covering the pixel in order. */
static void
model_scene(const struct scene *sc, float (*want)[4])
{
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         float *d = want[y * W + x];
         for (unsigned c = 0; c < 4; c++)
            d[c] = c < sc->comps ? snorm8(sc->clear[c]) : (c == 3 ? 1.0f : 0.0f);
         for (unsigned q = 0; q < QUADS; q++) {
            VkRect2D r = quad_rect(q);
            if (x >= r.offset.x && x < r.offset.x + (int)r.extent.width && y >= r.offset.y &&
                y < r.offset.y + (int)r.extent.height)
               model_blend(&sc->state[q], &sc->src[q], sc->constants, sc->comps, d);
         }
      }
}

/* --- Rendering ---------------------------------------------------------- */

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
};

static VkPipeline
pipeline(struct gpu *g, const struct scene *sc, unsigned q)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, sc->format);
   b.att[0] = sc->state[q];
   memcpy(b.cb.blendConstants, sc->constants, sizeof(sc->constants));
   return agx_vk_gfx_create(g->c, &b);
}

static unsigned
run(struct gpu *g, const struct scene *sc)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image img;
   agx_vk_color_target(c, sc->format, W, H, &img);
   struct agx_vk_buffer out =
      agx_vk_buffer_usage(c, W * H * sc->comps, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkPipeline p[QUADS];
   for (unsigned q = 0; q < QUADS; q++)
      p[q] = pipeline(g, sc, q);
   VkClearColorValue clear;
   memcpy(clear.float32, sc->clear, sizeof(sc->clear));
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_color_pass(cb, &img, &clear);
   agx_vk_viewport_scissor(cb, W, H);
   for (unsigned q = 0; q < QUADS; q++) {
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p[q]);
      VkRect2D r = quad_rect(q);
      vkCmdSetScissor(cb, 0, 1, &r);
      vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(struct push),
                         &sc->src[q]);
      vkCmdDraw(cb, 3, 1, 0, 0);
   }
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(c, cb));

   float want[W * H][4];
   model_scene(sc, want);
   unsigned bad = 0;
   const int8_t *got = (const int8_t *)out.map;
   for (int i = 0; i < W * H; i++)
      for (unsigned ch = 0; ch < sc->comps; ch++) {
         int w = (int)roundf(want[i][ch] * 127.0f), v = got[i * sc->comps + ch];
         if (v == -128)
            v = -127; /* both codes are -1.0 */
         if (abs(v - w) > 2 && bad++ < 8)
            fprintf(stderr, "%s: pixel (%d,%d) c%u = %d/127, want %d/127\n", sc->name, i % W, i / W,
                    ch, v, w);
      }
   printf("%s: %u mismatches\n", sc->name, bad);
   for (unsigned q = 0; q < QUADS; q++)
      vkDestroyPipeline(c->dev, p[q], NULL);
   agx_vk_buffer_free(c, &out);
   agx_vk_image_free(c, &img);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr,
              "usage: %s LOGIC_OP_VERT_SPV BLEND_DUAL_PUSH_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures have, want = {0};
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   if (!have.dualSrcBlend) {
      fprintf(stderr, "dualSrcBlend not offered\n");
      agx_vk_ctx_finish(&c);
      return 1;
   }
   want.dualSrcBlend = VK_TRUE;
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);
   struct gpu g = {.c = &c};
   g.vs = agx_vk_shader(&c, argv[1]);
   g.fs = agx_vk_shader(&c, argv[2]);
   g.layout =
      agx_vk_pipeline_layout(&c, 0, NULL, VK_SHADER_STAGE_FRAGMENT_BIT, sizeof(struct push));
   unsigned bad = 0;
   for (unsigned i = 0; i < NSCENES; i++)
      bad += run(&g, &scenes[i]);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
