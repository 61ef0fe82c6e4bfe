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
 * VK_EXT_extended_dynamic_state and VK_EXT_extended_dynamic_state2 (core in
 * Vulkan 1.3, offered by name): both extensions and their features are
 * enabled, every EXT-suffixed command resolves through vkGetDeviceProcAddr,
 * and a draw is recorded only through the EXT names: viewport and scissor
 * with count (the scissor the top 32 rows), triangle lists, clockwise front
 * faces, culling back faces (share.vert's triangles are clockwise: drawn),
 * then culling front faces, then rasterizer discard (both draw nothing).
 * Reference: red in the top-left 32x32 quadrant, the clear colour
 * elsewhere.
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

/* Compares the readback with `want` in the columns below x1 of the rows
 * below y1 and the clear colour elsewhere; returns the wrong pixels. */
static unsigned
check_rect(const char *name, const float want[4], uint32_t x1, uint32_t y1)
{
   unsigned bad = 0;
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x++) {
         const float *ref = x < x1 && y < y1 ? want : clear.float32;
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
   return check_rect("double static bind", want, W / 2, H);
}

static const char *const eds_exts[] = {"VK_EXT_extended_dynamic_state",
                                       "VK_EXT_extended_dynamic_state2"};

/* Every command of the two extensions, by its EXT name. */
static const char *const eds_commands[] = {
   "vkCmdSetCullModeEXT",
   "vkCmdSetFrontFaceEXT",
   "vkCmdSetPrimitiveTopologyEXT",
   "vkCmdSetViewportWithCountEXT",
   "vkCmdSetScissorWithCountEXT",
   "vkCmdBindVertexBuffers2EXT",
   "vkCmdSetDepthTestEnableEXT",
   "vkCmdSetDepthWriteEnableEXT",
   "vkCmdSetDepthCompareOpEXT",
   "vkCmdSetDepthBoundsTestEnableEXT",
   "vkCmdSetStencilTestEnableEXT",
   "vkCmdSetStencilOpEXT",
   "vkCmdSetPatchControlPointsEXT",
   "vkCmdSetRasterizerDiscardEnableEXT",
   "vkCmdSetDepthBiasEnableEXT",
   "vkCmdSetLogicOpEXT",
   "vkCmdSetPrimitiveRestartEnableEXT",
};

#define GET(name) ((PFN_##name)vkGetDeviceProcAddr(c.dev, #name))

/* The extensions' commands resolve; a draw recorded through them. */
static unsigned
test_eds_ext(void)
{
   unsigned bad = 0;
   for (unsigned i = 0; i < sizeof(eds_commands) / sizeof(eds_commands[0]); i++) {
      if (vkGetDeviceProcAddr(c.dev, eds_commands[i]))
         continue;
      printf("  %s does not resolve\n", eds_commands[i]);
      bad++;
   }
   PFN_vkCmdSetCullModeEXT set_cull = GET(vkCmdSetCullModeEXT);
   PFN_vkCmdSetFrontFaceEXT set_front = GET(vkCmdSetFrontFaceEXT);
   PFN_vkCmdSetPrimitiveTopologyEXT set_topology = GET(vkCmdSetPrimitiveTopologyEXT);
   PFN_vkCmdSetViewportWithCountEXT set_viewports = GET(vkCmdSetViewportWithCountEXT);
   PFN_vkCmdSetScissorWithCountEXT set_scissors = GET(vkCmdSetScissorWithCountEXT);
   PFN_vkCmdSetRasterizerDiscardEnableEXT set_discard = GET(vkCmdSetRasterizerDiscardEnableEXT);
   if (bad || !set_cull || !set_front || !set_topology || !set_viewports || !set_scissors ||
       !set_discard) {
      printf("extended dynamic state: %u commands do not resolve\n", bad);
      return bad + 1;
   }

   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   g.vp.viewportCount = 0;
   g.vp.scissorCount = 0;
   static const VkDynamicState dyn[] = {
      VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT, VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT,
      VK_DYNAMIC_STATE_CULL_MODE,           VK_DYNAMIC_STATE_FRONT_FACE,
      VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY,  VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE,
   };
   g.dyn.dynamicStateCount = sizeof(dyn) / sizeof(dyn[0]);
   memcpy(g.dynamic, dyn, sizeof(dyn));
   VkPipeline p = agx_vk_gfx_create(&c, &g);

   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_color_pass(cb, &img, &clear);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   const VkViewport full = {0, 0, W, H, 0, 1};
   set_viewports(cb, 1, &full);
   const VkRect2D top = {{0, 0}, {W, H / 2}};
   set_scissors(cb, 1, &top);
   set_topology(cb, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
   set_front(cb, VK_FRONT_FACE_CLOCKWISE);
   set_cull(cb, VK_CULL_MODE_BACK_BIT);
   set_discard(cb, VK_FALSE);
   vkCmdDraw(cb, 6, 1, 0, 0); /* front faces: drawn in the top rows */
   const VkRect2D all = {{0, 0}, {W, H}};
   set_scissors(cb, 1, &all);
   set_cull(cb, VK_CULL_MODE_FRONT_BIT);
   vkCmdDraw(cb, 6, 1, 0, 0); /* culled */
   set_cull(cb, VK_CULL_MODE_NONE);
   set_discard(cb, VK_TRUE);
   vkCmdDraw(cb, 6, 1, 0, 0); /* discarded */
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cb));
   vkDestroyPipeline(c.dev, p, NULL);
   static const float red[4] = {1.0f, 0.0f, 0.0f, 1.0f};
   return check_rect("extended dynamic state (EXT names)", red, W / 2, H / 2);
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
   /* both extensions and their features (the optional EDS2 ones left off) */
   bool has_eds =
      agx_vk_ctx_has_extension(&c, eds_exts[0]) && agx_vk_ctx_has_extension(&c, eds_exts[1]);
   VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT};
   VkPhysicalDeviceExtendedDynamicStateFeaturesEXT eds = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT,
      .pNext = &eds2};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &eds};
   if (has_eds)
      vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   unsigned bad = 0;
   if (!has_eds || !eds.extendedDynamicState || !eds2.extendedDynamicState2) {
      printf("%s: extensions %d, extendedDynamicState %u, extendedDynamicState2 %u\n",
             c.reference ? "skip" : "FAIL", has_eds, eds.extendedDynamicState,
             eds2.extendedDynamicState2);
      bad += !c.reference;
      has_eds = false;
   }
   eds2.extendedDynamicState2LogicOp = VK_FALSE;
   eds2.extendedDynamicState2PatchControlPoints = VK_FALSE;
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = has_eds ? &eds : NULL,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, has_eds ? 2 : 0, eds_exts);
   vs = agx_vk_shader(&c, argv[1]);
   fs = agx_vk_shader(&c, argv[2]);
   layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &img);
   out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);

   bad += test_double_static_bind();
   if (has_eds)
      bad += test_eds_ext();

   agx_vk_buffer_free(&c, &out);
   agx_vk_image_free(&c, &img);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
