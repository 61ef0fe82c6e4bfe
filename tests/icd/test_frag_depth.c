/*
 * Fragment shaders writing FragDepth, with depth tests (issue 18 item 3:
 * FragDepth and its depth-replacing modes): every draw is a triangle
 * covering the whole W x H target at window depth z, its shader writing
 * one depth left of x = W / 2 and another right of it (or FragCoord.z),
 * and a colour; the D32_SFLOAT depth is cleared to 0.5 and the colour to
 * 0. Colour and depth are read back and compared with a CPU model written
 * here from the Vulkan specification ("Depth Test": the test uses the
 * depth the shader wrote, which the depth write then stores; "Depth
 * Replacing": DepthLess / DepthGreater / DepthUnchanged only promise how
 * the written depth relates to the interpolated one, they change nothing
 * the test sees). Scenes:
 * - "any": no layout, LESS, z 0.8 written as 0.2 (passes) / 0.9 (fails):
 *   an early test with the interpolated 0.8 would reject both halves;
 * - "less": DepthLess, LESS, z 0.7 written as 0.3 / 0.6: the left half
 *   passes although its interpolated depth fails (dEQP-VK.renderpasses.
 *   *.low_resolution_z.fragment_shader.depth_less_override_with_less_
 *   compare);
 * - "greater": DepthGreater, GREATER, z 0.3 written as 0.7 / 0.4;
 * - "unchanged": DepthUnchanged writing FragCoord.z, LESS, z 0.3 (every
 *   pixel passes, depth 0.3), then the same draw again in another colour
 *   (fails everywhere: 0.3 < 0.3 is false): each sample is tested once per
 *   draw, with the written depth.
 *
 * test_frag_depth FRAG_DEPTH_VERT ANY_FRAG LESS_FRAG GREATER_FRAG UNCHANGED_FRAG
 *                 [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 32
#define H 16

/* the push constants of shaders/frag_depth.vert and .frag */
struct push {
   float z, left, right, pad;
   float colour[4];
};

struct scene {
   const char *name;
   unsigned fs; /* argv index - 2: any, less, greater, unchanged */
   VkCompareOp op;
   unsigned draws;
   struct push pc[2];
};

static struct agx_vk_ctx c;

struct gpu {
   VkShaderModule vs, fs[4];
   VkPipelineLayout layout;
   struct agx_vk_image colour, depth;
   struct agx_vk_buffer cout, zout;
};

static VkPipeline
make_pipeline(struct gpu *g, const struct scene *s)
{
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, g->vs, g->fs[s->fs], VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&p, W, H);
   p.ds.depthTestEnable = VK_TRUE;
   p.ds.depthWriteEnable = VK_TRUE;
   p.ds.depthCompareOp = s->op;
   p.ri.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT;
   return agx_vk_gfx_create(&c, &p);
}

static void
render(struct gpu *g, const struct scene *s, VkPipeline pipe)
{
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, g->colour.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
   agx_vk_barrier(cb, g->depth.image, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_DEPTH_RW);
   VkRenderingAttachmentInfo ca = agx_vk_color_attachment(g->colour.view, &(VkClearColorValue){0});
   VkRenderingAttachmentInfo za =
      agx_vk_depth_attachment(g->depth.view, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                              &(VkClearDepthStencilValue){0.5f, 0});
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 1,
                                                         .colors = &ca,
                                                         .depth = &za});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   for (unsigned d = 0; d < s->draws; d++) {
      vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                         0, sizeof(struct push), &s->pc[d]);
      vkCmdDraw(cb, 3, 1, 0, 0);
   }
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &g->colour, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                   &g->cout);
   agx_vk_readback(cb, &g->depth, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, AGX_VK_DEPTH_WRITE,
                   &g->zout);
   VK_OK(agx_vk_submit_wait(&c, cb));
}

static bool
compare(VkCompareOp op, float a, float b)
{
   switch (op) {
   case VK_COMPARE_OP_LESS:
      return a < b;
   case VK_COMPARE_OP_GREATER:
      return a > b;
   default:
      return false;
   }
}

static uint8_t
unorm8(float f)
{
   return (uint8_t)lrintf(f * 255.0f);
}

/* The CPU model: per pixel, each draw's written depth tested against the
 * stored one, colour and depth written on a pass. */
static unsigned
check(const struct gpu *g, const struct scene *s)
{
   const uint8_t *px = g->cout.map;
   const float *zs = g->zout.ptr;
   unsigned bad = 0, passed = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         float z = 0.5f, col[4] = {0, 0, 0, 0};
         for (unsigned d = 0; d < s->draws; d++) {
            const struct push *pc = &s->pc[d];
            float written = s->fs == 3 ? pc->z : x + 0.5f < W / 2 ? pc->left : pc->right;
            if (!compare(s->op, written, z))
               continue;
            passed++;
            z = written;
            memcpy(col, pc->colour, sizeof(col));
         }
         const uint8_t *p = px + 4 * (y * W + x);
         bool ok = fabsf(zs[y * W + x] - z) <= 1e-6f;
         for (unsigned k = 0; k < 4; k++)
            ok &= p[k] == unorm8(col[k]);
         if (!ok && bad++ < 8)
            fprintf(stderr, "%s: (%u, %u): colour %u %u %u %u depth %g, want %u %u %u %u, %g\n",
                    s->name, x, y, p[0], p[1], p[2], p[3], zs[y * W + x], unorm8(col[0]),
                    unorm8(col[1]), unorm8(col[2]), unorm8(col[3]), z);
      }
   printf("%s: %u of %u pixels wrong (%u passing fragments)\n", s->name, bad, W * H, passed);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 6) {
      fprintf(stderr,
              "usage: %s FRAG_DEPTH_VERT ANY_FRAG LESS_FRAG GREATER_FRAG UNCHANGED_FRAG "
              "[--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   struct gpu g;
   memset(&g, 0, sizeof(g));
   g.vs = agx_vk_shader(&c, argv[1]);
   for (unsigned i = 0; i < 4; i++)
      g.fs[i] = agx_vk_shader(&c, argv[2 + i]);
   g.layout = agx_vk_pipeline_layout(
      &c, 0, NULL, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, sizeof(struct push));
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &g.colour);
   agx_vk_image_create(
      &c,
      &(struct agx_vk_image_desc){.format = VK_FORMAT_D32_SFLOAT,
                                  .width = W,
                                  .height = H,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                  .aspect = VK_IMAGE_ASPECT_DEPTH_BIT},
      &g.depth);
   g.cout = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   g.zout = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   const struct scene scenes[] = {
      {"any", 0, VK_COMPARE_OP_LESS, 1, {{0.8f, 0.2f, 0.9f, 0, {1, 0, 0, 1}}}},
      {"less", 1, VK_COMPARE_OP_LESS, 1, {{0.7f, 0.3f, 0.6f, 0, {0, 1, 0, 1}}}},
      {"greater", 2, VK_COMPARE_OP_GREATER, 1, {{0.3f, 0.7f, 0.4f, 0, {0, 0, 1, 1}}}},
      {"unchanged",
       3,
       VK_COMPARE_OP_LESS,
       2,
       {{0.3f, 0, 0, 0, {1, 1, 0, 1}}, {0.3f, 0, 0, 0, {0, 1, 1, 1}}}},
   };
   unsigned bad = 0;
   for (unsigned i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
      VkPipeline p = make_pipeline(&g, &scenes[i]);
      render(&g, &scenes[i], p);
      bad += check(&g, &scenes[i]);
      vkDestroyPipeline(c.dev, p, NULL);
   }
   agx_vk_buffer_free(&c, &g.cout);
   agx_vk_buffer_free(&c, &g.zout);
   agx_vk_image_free(&c, &g.colour);
   agx_vk_image_free(&c, &g.depth);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   for (unsigned i = 0; i < 4; i++)
      vkDestroyShaderModule(c.dev, g.fs[i], NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
