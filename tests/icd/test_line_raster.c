/*
 * VK_EXT_line_rasterization (Bresenham lines only) and the dynamic line
 * rasterization mode of VK_EXT_extended_dynamic_state3 through the loader.
 *
 * agx-vk must offer bresenhamLines and nothing else (no rectangular, smooth
 * or stippled lines: what the hardware draws, as Honeykrisp's
 * hk_physical_device.c), lineSubPixelPrecisionBits 8 and
 * extendedDynamicState3LineRasterizationMode.
 * Scenes (vbo.vert + draw.frag, red lines on transparent black, 64x64
 * R8G8B8A8_UNORM): three lines between pixel centres with odd major lengths
 * (no ties) drawn towards larger major coordinates, which Vulkan's
 * Bresenham rule ("Bresenham Line Segment Rasterization") draws as the
 * pixels of Bresenham's algorithm from the first vertex's pixel up to, not
 * including, the last one's (CPU reference written here):
 * - one sample, mode BRESENHAM in the pipeline: exactly those pixels;
 * - 4 samples resolved (average), mode BRESENHAM: exactly those pixels,
 *   each with every sample covered (red 255), none partly covered;
 * - 4 samples, mode DEFAULT: partly covered pixels (the non-strict
 *   parallelogram; at least the half-covered line ends);
 * - 4 samples, the mode dynamic: vkCmdSetLineRasterizationModeEXT
 *   BRESENHAM for the first draw, DEFAULT for the second (the same lines
 *   moved down by 24 rows), in one render pass: rows 0-33 (the first
 *   draw's only) as BRESENHAM above, partly covered pixels in rows 34-63.
 * The same program runs on lavapipe (--reference) and under validation.
 *
 * test_line_raster VBO_VERT DRAW_FRAG [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"
#include "agx_vk_gfx.h"

#define W 64
#define H 64

static struct agx_vk_ctx c;
static VkPipelineLayout layout;
static VkShaderModule vs, fs;
static struct agx_vk_buffer out;
static PFN_vkCmdSetLineRasterizationModeEXT set_line_mode;

struct vtx {
   float x, y;
   uint8_t rgba[4];
};

/* Lines between pixel centres (pixel coordinates), odd major lengths,
 * drawn towards larger major coordinates (the end pixel of a line drawn
 * the other way depends on the implementation's rule: its first or last
 * pixel), apart from each other (no pixel shared). */
static const int LINES[3][4] = {{5, 10, 58, 21}, {2, 14, 4, 45}, {5, 27, 60, 40}};

/* Adds the pixels of Bresenham's algorithm from (x0, y0) to (x1, y1), the
 * last one excluded, to want[] (dy moved down by `down` rows). Odd major
 * lengths: k * minor / major never ends in exactly one half. */
static void
ref_line(uint8_t *want, const int *l, int down)
{
   int x0 = l[0], y0 = l[1] + down, dx = l[2] - l[0], dy = l[3] - l[1];
   int adx = abs(dx), ady = abs(dy);
   bool xmajor = adx >= ady;
   int n = xmajor ? adx : ady;
   for (int k = 0; k < n; k++) {
      int x, y;
      if (xmajor) {
         x = x0 + (dx > 0 ? k : -k);
         y = y0 + (int)((2 * (long)k * dy + (dy >= 0 ? adx : -adx)) / (2 * adx));
      } else {
         y = y0 + (dy > 0 ? k : -k);
         x = x0 + (int)((2 * (long)k * dx + (dx >= 0 ? ady : -ady)) / (2 * ady));
      }
      want[y * W + x] = 1;
   }
}

static float
nx(float px)
{
   return px / (W / 2) - 1.0f;
}

/* The pipeline: line list, `samples`, a static `mode` or a dynamic one. */
static VkPipeline
pipeline(VkSampleCountFlagBits samples, VkLineRasterizationModeEXT mode, bool dynamic)
{
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&g, W, H);
   VkVertexInputBindingDescription bind = {0, sizeof(struct vtx), VK_VERTEX_INPUT_RATE_VERTEX};
   VkVertexInputAttributeDescription attr[2] = {
      {0, 0, VK_FORMAT_R32G32_SFLOAT, 0},
      {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 8},
   };
   g.vi.vertexBindingDescriptionCount = 1;
   g.vi.pVertexBindingDescriptions = &bind;
   g.vi.vertexAttributeDescriptionCount = 2;
   g.vi.pVertexAttributeDescriptions = attr;
   g.ia.topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
   g.ms.rasterizationSamples = samples;
   VkPipelineRasterizationLineStateCreateInfoEXT line = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT,
      .lineRasterizationMode = mode};
   g.rs.pNext = &line;
   if (dynamic)
      g.dynamic[g.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT;
   return agx_vk_gfx_create(&c, &g);
}

/* Renders: with `samples` > 1 into a multisampled image resolved
 * (average) into the read-back one. draws: 1, or 2 with a dynamic mode
 * (BRESENHAM, then DEFAULT for the lines moved down by 24 rows). */
static void
render(VkSampleCountFlagBits samples, VkLineRasterizationModeEXT mode, unsigned draws)
{
   struct vtx v[2 * 3 * 2];
   for (unsigned d = 0; d < 2; d++)
      for (unsigned i = 0; i < 3; i++)
         for (unsigned k = 0; k < 2; k++)
            v[6 * d + 2 * i + k] = (struct vtx){nx(LINES[i][2 * k] + 0.5f),
                                                nx(LINES[i][2 * k + 1] + 24 * d + 0.5f),
                                                {255, 0, 0, 255}};
   struct agx_vk_buffer vb = agx_vk_buffer_usage(&c, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
   memcpy(vb.map, v, sizeof(v));
   struct agx_vk_image target, ms = {0};
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &target);
   if (samples > 1)
      agx_vk_image_create(&c,
                          &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                      .width = W,
                                                      .height = H,
                                                      .samples = samples,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                          &ms);
   VkPipeline p = pipeline(samples, mode, draws == 2);
   memset(out.ptr, 0xAB, W * H * 4);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   const VkClearColorValue black = {{0, 0, 0, 0}};
   agx_vk_barrier(cb, target.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo att;
   if (samples > 1) {
      agx_vk_barrier(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
      att = agx_vk_color_attachment(ms.view, &black);
      att.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
      att.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
      att.resolveImageView = target.view;
      att.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   } else {
      att = agx_vk_color_attachment(target.view, &black);
   }
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = 1, .colors = &att});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cb, 0, 1, &vb.buf, &zero);
   if (draws == 2) {
      set_line_mode(cb, VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT);
      vkCmdDraw(cb, 6, 1, 0, 0);
      set_line_mode(cb, VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT);
      vkCmdDraw(cb, 6, 1, 6, 0);
   } else {
      vkCmdDraw(cb, 6, 1, 0, 0);
   }
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &target, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cb));
   vkDestroyPipeline(c.dev, p, NULL);
   agx_vk_image_free(&c, &target);
   if (samples > 1)
      agx_vk_image_free(&c, &ms);
   agx_vk_buffer_free(&c, &vb);
}

/* Compares rows [y0, y1) of the read-back image: exact = every pixel of
 * want[] full red and every other black; otherwise counts the partly
 * covered pixels (red strictly between 0 and 255). Returns mismatches. */
static unsigned
check(const char *name, const uint8_t *want, int y0, int y1, bool exact, unsigned *partial)
{
   const uint8_t *got = out.ptr;
   unsigned bad = 0, lit = 0;
   *partial = 0;
   for (int i = y0 * W; i < y1 * W; i++) {
      const uint8_t *g = got + 4 * i;
      *partial += g[0] > 0 && g[0] < 255;
      lit += g[0] == 255;
      if (!exact)
         continue;
      bool ok = want[i] ? g[0] == 255 && g[1] == 0 && g[3] == 255 : g[0] == 0 && g[3] == 0;
      if (!ok && bad++ < 4)
         printf("  %s: pixel (%d,%d) got %u %u %u %u want %s\n", name, i % W, i / W, g[0], g[1],
                g[2], g[3], want[i] ? "red" : "black");
   }
   printf("%s: %u full pixels, %u partly covered, %u mismatches\n", name, lit, *partial, bad);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s VBO_VERT DRAW_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   if (!agx_vk_ctx_has_extension(&c, "VK_EXT_line_rasterization")) {
      CHECK(c.reference);
      printf("no VK_EXT_line_rasterization: skipped\n");
      return 77;
   }
   VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
   VkPhysicalDeviceLineRasterizationFeaturesEXT lf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT,
      .pNext = &eds3};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &lf};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   VkPhysicalDeviceLineRasterizationPropertiesEXT lp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &lp};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   bool dyn_mode = agx_vk_ctx_has_extension(&c, "VK_EXT_extended_dynamic_state3") &&
                   eds3.extendedDynamicState3LineRasterizationMode;
   printf("lines: rectangular %u bresenham %u smooth %u stippled %u %u %u, sub-pixel bits %u, "
          "dynamic mode %u\n",
          lf.rectangularLines, lf.bresenhamLines, lf.smoothLines, lf.stippledRectangularLines,
          lf.stippledBresenhamLines, lf.stippledSmoothLines, lp.lineSubPixelPrecisionBits,
          dyn_mode);
   CHECK(lf.bresenhamLines);
   if (!c.reference) {
      CHECK(!lf.rectangularLines && !lf.smoothLines && !lf.stippledRectangularLines &&
            !lf.stippledBresenhamLines && !lf.stippledSmoothLines);
      CHECK(lp.lineSubPixelPrecisionBits == 8 && dyn_mode);
   }

   VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3_on = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
      .extendedDynamicState3LineRasterizationMode = VK_TRUE};
   VkPhysicalDeviceLineRasterizationFeaturesEXT lf_on = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT,
      .pNext = dyn_mode ? &eds3_on : NULL,
      .bresenhamLines = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &lf_on,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   const char *exts[2] = {"VK_EXT_line_rasterization", "VK_EXT_extended_dynamic_state3"};
   agx_vk_ctx_device_features(&c, &f13, NULL, dyn_mode ? 2 : 1, exts);
   set_line_mode = (PFN_vkCmdSetLineRasterizationModeEXT)vkGetDeviceProcAddr(
      c.dev, "vkCmdSetLineRasterizationModeEXT");
   CHECK(!dyn_mode || set_line_mode);
   vs = agx_vk_shader(&c, argv[1]);
   fs = agx_vk_shader(&c, argv[2]);
   layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);

   static uint8_t want[W * H], want2[W * H];
   for (unsigned i = 0; i < 3; i++)
      ref_line(want, LINES[i], 0);
   unsigned npix = 0;
   for (unsigned i = 0; i < W * H; i++)
      npix += want[i];
   CHECK(npix == 53 + 31 + 55);
   unsigned fails = 0, partial;

   render(VK_SAMPLE_COUNT_1_BIT, VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT, 1);
   fails += check("1 sample, Bresenham", want, 0, H, true, &partial);
   render(VK_SAMPLE_COUNT_4_BIT, VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT, 1);
   fails += check("4 samples, Bresenham", want, 0, H, true, &partial);
   render(VK_SAMPLE_COUNT_4_BIT, VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT, 1);
   check("4 samples, default", want, 0, H, false, &partial);
   fails += partial < 6;
   if (dyn_mode) {
      /* the Bresenham draw (rows < 34 hold only its pixels: the second
       * draw's lines start at rows 34, 38 and 51) and the default one */
      render(VK_SAMPLE_COUNT_4_BIT, VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT, 2);
      memcpy(want2, want, sizeof(want2));
      fails += check("4 samples, dynamic Bresenham (rows 0-33)", want2, 0, 34, true, &partial);
      check("4 samples, dynamic default (rows 34-63)", want2, 34, H, false, &partial);
      fails += partial < 6;
   } else {
      printf("no dynamic line rasterization mode: skipped\n");
   }

   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   agx_vk_buffer_free(&c, &out);
   int rc = agx_vk_ctx_finish(&c);
   printf("%u failures (mismatching pixels, scenes without partly covered ones)\n", fails);
   return rc || fails ? 1 : 0;
}
