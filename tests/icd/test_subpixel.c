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

   agx_vk_buffer_free(&c, &out);
   agx_vk_image_free(&c, &img);
   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   int status = agx_vk_ctx_finish(&c);
   return bad ? 1 : status;
}
