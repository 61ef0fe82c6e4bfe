/*
 * Sub-pixel precision (issue 20; dEQP's reference rasteriser snaps vertices
 * to the subPixelPrecisionBits the device reports, e.g. in
 * renderpass2 subpass_dependencies.late_fragment_tests): rectangles whose
 * vertical edges lie 1/64 pixel right of pixel centres, drawn as two
 * triangles; the CPU model snaps every vertex to 2^-bits pixel (bits from
 * VkPhysicalDeviceLimits, round to nearest) and covers a pixel whose
 * centre is inside, a centre exactly on the left or top edge included and
 * on the right or bottom edge excluded (Vulkan's top-left rule). With 4
 * bits the edges snap onto the centres (column x0 in, x1 out); with 8 they
 * stay right of them (x0 out, x1 in). The same program runs on lavapipe
 * (--reference) and under validation.
 * Fractional viewports (viewportSubPixelBits, 8 on agx-vk): a viewport of
 * origin (4.375, 2.625) and size 20.5 x 24.75 (multiples of 1/256) covered
 * by the whole clip square, and a rectangle inside it whose edges fall 1/64
 * pixel right of / below pixel centres through that viewport's transform:
 * the CPU reference maps the rectangle through the viewport in double
 * precision, snaps to the sub-pixel grid and applies the same rule (the
 * clip square covers the pixels whose centres lie in the viewport). Row 2
 * (centre 2.5) is outside, column 24 (centre 24.5 < 24.875) inside.
 *
 * test_subpixel RECT_VERT RECT_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 32
#define H 32

struct push {
   float rect[4];
   float colour[4];
   float depth;
};

/* v snapped to the 2^-bits grid, round to nearest. */
static double
snap(double v, uint32_t bits)
{
   double scale = (double)(1u << bits);
   return floor(v * scale + 0.5) / scale;
}

/* The fractional-viewport scene (see the header) into img, read back into
 * out; returns the wrong pixels. */
static unsigned
fractional_viewport(struct agx_vk_ctx *c, VkShaderModule vs, VkShaderModule fs,
                    VkPipelineLayout layout, struct agx_vk_image *img, struct agx_vk_buffer *out,
                    uint32_t bits)
{
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c->pdev, &props);
   printf("viewportSubPixelBits %u\n", props.limits.viewportSubPixelBits);
   if (!c->reference)
      CHECK(props.limits.viewportSubPixelBits == 8);
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM); /* dynamic viewport */
   VkPipeline pipe = agx_vk_gfx_create(c, &b);
   const VkViewport vp = {4.375f, 2.625f, 20.5f, 24.75f, 0.0f, 1.0f};
   const double off = 1.0 / 64.0;
   /* window-space inner rectangle, and the clip square */
   const double inner[4] = {8.5 + off, 6.5 + off, 19.5 + off, 21.5 + off};
   double ndc[2][4] = {{-1, -1, 1, 1}};
   for (int k = 0; k < 4; k++)
      ndc[1][k] = k % 2 ? 2.0 * (inner[k] - vp.y) / vp.height - 1.0
                        : 2.0 * (inner[k] - vp.x) / vp.width - 1.0;
   const float colours[2][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}};
   memset(out->ptr, 0xAB, W * H * 4);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearColorValue black = {{0, 0, 0, 0}};
   agx_vk_begin_color_pass(cb, img, &black);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdSetViewport(cb, 0, 1, &vp);
   const VkRect2D sc = {{0, 0}, {W, H}};
   vkCmdSetScissor(cb, 0, 1, &sc);
   for (int i = 0; i < 2; i++) {
      struct push p = {.depth = 0.0f};
      memcpy(p.colour, colours[i], sizeof(p.colour));
      for (int k = 0; k < 4; k++)
         p.rect[k] = (float)ndc[i][k];
      vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                         sizeof(p), &p);
      vkCmdDraw(cb, 6, 1, 0, 0);
   }
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, out);
   VK_OK(agx_vk_submit_wait(c, cb));
   vkDestroyPipeline(c->dev, pipe, NULL);
   unsigned bad = 0;
   const uint32_t *got = (const uint32_t *)out->map;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         double cx = x + 0.5, cy = y + 0.5;
         uint32_t want = 0;
         for (int i = 0; i < 2; i++) {
            /* the rectangle through the viewport transform, snapped */
            double wx0 = vp.x + (ndc[i][0] + 1) * 0.5 * vp.width;
            double wy0 = vp.y + (ndc[i][1] + 1) * 0.5 * vp.height;
            double wx1 = vp.x + (ndc[i][2] + 1) * 0.5 * vp.width;
            double wy1 = vp.y + (ndc[i][3] + 1) * 0.5 * vp.height;
            if (cx >= snap(wx0, bits) && cx < snap(wx1, bits) && cy >= snap(wy0, bits) &&
                cy < snap(wy1, bits))
               want = i ? 0xff00ff00u : 0xff0000ffu;
         }
         if (got[y * W + x] != want && bad++ < 5)
            fprintf(stderr, "fractional viewport: (%d, %d) = 0x%08x, want 0x%08x\n", x, y,
                    got[y * W + x], want);
      }
   if (bad)
      fprintf(stderr, "fractional viewport: %u of %d pixels differ\n", bad, W * H);
   else
      printf("fractional viewport origin and size: ok\n");
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s RECT_VERT RECT_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   /* rp_rect.frag writes location 1 too */
   agx_vk_ctx_allow(&c, "UNASSIGNED-CoreValidation-Shader-OutputNotConsumed");
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.pdev, &props);
   uint32_t bits = props.limits.subPixelPrecisionBits;
   CHECK(bits >= 4 && bits <= 16);

   VkShaderModule vs = agx_vk_shader(&c, argv[1]), fs = agx_vk_shader(&c, argv[2]);
   VkPipelineLayout layout = agx_vk_pipeline_layout(
      &c, 0, NULL, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, sizeof(struct push));
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   VkPipeline pipe = agx_vk_gfx_create(&c, &b);
   struct agx_vk_image img;
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &img);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);

   /* window-space rectangles: x edges 1/64 right of a centre, y edges on
    * pixel corners and 1/64 below a centre */
   const double off = 1.0 / 64.0;
   const double rects[2][4] = {{2.5 + off, 2.0, 13.5 + off, 30.5 + off},
                               {17.5 + off, 3.5 + off, 29.5 + off, 28.0}};
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearColorValue black = {{0, 0, 0, 0}};
   agx_vk_begin_color_pass(cb, &img, &black);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   for (int i = 0; i < 2; i++) {
      struct push p = {.colour = {1, 1, 1, 1}};
      for (int k = 0; k < 4; k++)
         p.rect[k] = (float)(2.0 * rects[i][k] / (k % 2 ? H : W) - 1.0);
      vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                         sizeof(p), &p);
      vkCmdDraw(cb, 6, 1, 0, 0);
   }
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cb));

   unsigned bad = 0;
   const uint32_t *got = (const uint32_t *)out.map;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = false;
         for (int i = 0; i < 2; i++) {
            double cx = x + 0.5, cy = y + 0.5;
            in |= cx >= snap(rects[i][0], bits) && cx < snap(rects[i][2], bits) &&
                  cy >= snap(rects[i][1], bits) && cy < snap(rects[i][3], bits);
         }
         uint32_t want = in ? 0xffffffffu : 0;
         if (got[y * W + x] != want && bad++ < 5)
            fprintf(stderr, "(%d, %d) = 0x%08x, want 0x%08x (%u sub-pixel bits)\n", x, y,
                    got[y * W + x], want, bits);
      }
   if (bad)
      fprintf(stderr, "%u of %d pixels differ\n", bad, W * H);
   else
      printf("rectangles off the pixel centres, %u sub-pixel bits: ok\n", bits);

   bad += fractional_viewport(&c, vs, fs, layout, &img, &out, bits);

   agx_vk_buffer_free(&c, &out);
   agx_vk_image_free(&c, &img);
   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   int status = agx_vk_ctx_finish(&c);
   return bad ? 1 : status;
}
