/*
 * Static and dynamic graphics state through the loader.
 *
 * Rebinding a pipeline restores its static state: a pipeline with a static
 * scissor and static blend constants (dynamic viewport) is bound, the
 * scissor and blend constants are set to other values with vkCmdSet*, the
 * same pipeline is bound again, the viewport set, and a draw made
 * (dEQP-VK.dynamic_state.*.general_state.double_static_bind). The draw
 * must use the pipeline's values: shaders/share.vert covers the left half
 * of a 64x64 R8G8B8A8_UNORM attachment, shaders/share_red.frag writes
 * (1, 0, 0, 1), blended as src x CONSTANT_COLOR + dst x ZERO, so the CPU
 * reference is the blend constants in the left half (one unorm step of
 * tolerance) and the clear colour in the right half.
 *
 * test_dyn_state SHARE_VERT SHARE_RED_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 64

static struct agx_vk_ctx c;
static struct agx_vk_image img;
static struct agx_vk_buffer out;
static VkShaderModule vs, fs;
static VkPipelineLayout layout;

static const VkClearColorValue clear = {.float32 = {0.0f, 0.0f, 0.5f, 1.0f}};

/* Compares the readback with `want` in the left half (x < W / 2) and the
 * clear colour in the right half; returns the wrong pixels. */
static unsigned
check(const char *name, const float want[4])
{
   unsigned bad = 0;
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x++) {
         const float *ref = x < W / 2 ? want : clear.float32;
         const uint8_t *px = out.map + 4 * (y * W + x);
         for (int ch = 0; ch < 4; ch++) {
            if (fabsf(px[ch] - ref[ch] * 255.0f) <= 1.0f)
               continue;
            if (bad < 8)
               printf("  %s: pixel (%u, %u) = (%u, %u, %u, %u), want (%.0f, %.0f, %.0f, %.0f)\n",
                      name, x, y, px[0], px[1], px[2], px[3], ref[0] * 255, ref[1] * 255,
                      ref[2] * 255, ref[3] * 255);
            bad++;
            break;
         }
      }
   printf("%s: %u wrong pixels\n", name, bad);
   return bad;
}

/* Bind, vkCmdSetScissor + vkCmdSetBlendConstants to other values, bind the
 * same pipeline again, draw: the static scissor (whole attachment) and
 * blend constants are in effect. */
static unsigned
test_double_static_bind(void)
{
   static const float constants[4] = {0.6f, 0.2f, 0.8f, 0.4f};
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   g.dyn.dynamicStateCount = 1;
   g.dynamic[0] = VK_DYNAMIC_STATE_VIEWPORT;
   /* a static viewport the draw must not use, the static scissor it must */
   g.viewports[0] = (VkViewport){0, 0, 1, 1, 0, 1};
   g.scissors[0] = (VkRect2D){{0, 0}, {W, H}};
   g.att[0].blendEnable = VK_TRUE;
   g.att[0].srcColorBlendFactor = VK_BLEND_FACTOR_CONSTANT_COLOR;
   g.att[0].dstColorBlendFactor = VK_BLEND_FACTOR_ZERO;
   g.att[0].colorBlendOp = VK_BLEND_OP_ADD;
   g.att[0].srcAlphaBlendFactor = VK_BLEND_FACTOR_CONSTANT_ALPHA;
   g.att[0].dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
   g.att[0].alphaBlendOp = VK_BLEND_OP_ADD;
   memcpy(g.cb.blendConstants, constants, sizeof(constants));
   VkPipeline p = agx_vk_gfx_create(&c, &g);

   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_color_pass(cb, &img, &clear);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   const VkRect2D small = {{0, 0}, {8, 8}};
   vkCmdSetScissor(cb, 0, 1, &small);
   static const float other[4] = {1.0f, 1.0f, 1.0f, 1.0f};
   vkCmdSetBlendConstants(cb, other);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   const VkViewport full = {0, 0, W, H, 0, 1};
   vkCmdSetViewport(cb, 0, 1, &full);
   vkCmdDraw(cb, 6, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cb));
   vkDestroyPipeline(c.dev, p, NULL);
   /* red x constant, alpha x constant alpha */
   const float want[4] = {constants[0], 0.0f, 0.0f, constants[3]};
   return check("double static bind", want);
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s SHARE_VERT SHARE_RED_FRAG [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   vs = agx_vk_shader(&c, argv[1]);
   fs = agx_vk_shader(&c, argv[2]);
   layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &img);
   out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);

   unsigned bad = test_double_static_bind();

   agx_vk_buffer_free(&c, &out);
   agx_vk_image_free(&c, &img);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
