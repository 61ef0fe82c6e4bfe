/*
 * Depth attachments read by the next subpass as depth-only input
 * attachments (issue 20; dEQP-VK.renderpasses.renderpass2.*.
 * subpass_dependencies.late_fragment_tests): a render pass of three
 * subpasses, each with its own depth attachment (a depth-only view of
 * D16_UNORM, D32_SFLOAT or D32_SFLOAT_S8_UINT, cleared to 1.0 and, with
 * stencil, to 200), subpass 0 drawing two rectangles at depths 0.5 and
 * 0.25 (LESS_OR_EQUAL), subpasses 1 and 2 covering everything with
 * gl_FragDepth = input - 0.125 (LESS_OR_EQUAL, stencil test ALWAYS/KEEP).
 * The last attachment's depth (and stencil) is read back and compared with
 * the CPU model: 1.0 - 0.25 outside the rectangles, 0.5 - 0.25 and
 * 0.25 - 0.25 inside, stencil 200 everywhere.
 * This path was right already: dEQP's failure there came from edge
 * coverage (subPixelPrecisionBits, see test_subpixel); this test keeps
 * the depth-only input attachment path of combined formats covered.
 * The same program runs on lavapipe (--reference) and under validation.
 *
 * test_zs_input RECT_VERT INPUT_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 32
#define H 32
#define SUBPASSES 3
#define STEP 0.125f

struct push {
   float rect[4];
   float colour[4];
   float depth;
};

struct rect {
   int x0, y0, x1, y1;
};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout0, layout1;
};

static bool
has_stencil(VkFormat f)
{
   return f == VK_FORMAT_D32_SFLOAT_S8_UINT;
}

static VkPipeline
pipeline(struct gpu *g, VkRenderPass rp, uint32_t subpass)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, subpass ? g->layout1 : g->layout0, g->vs,
                       subpass ? g->fs : VK_NULL_HANDLE, VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   b.cb.attachmentCount = 0;
   b.ds.depthTestEnable = VK_TRUE;
   b.ds.depthWriteEnable = VK_TRUE;
   b.ds.depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
   b.ds.stencilTestEnable = VK_TRUE;
   VkStencilOpState so = {
      VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_COMPARE_OP_ALWAYS, 0xFF, 0, 0};
   b.ds.front = b.ds.back = so;
   b.ri.colorAttachmentCount = 0;
   b.ci.renderPass = rp;
   b.ci.subpass = subpass;
   return agx_vk_gfx_create(g->c, &b);
}

static void
draw_rect(VkCommandBuffer cb, VkPipelineLayout layout, struct rect r, float depth)
{
   struct push p = {
      .rect = {2.0f * r.x0 / W - 1, 2.0f * r.y0 / H - 1, 2.0f * r.x1 / W - 1, 2.0f * r.y1 / H - 1},
      .depth = depth};
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                      sizeof(p), &p);
   vkCmdDraw(cb, 6, 1, 0, 0);
}

static bool
inside(struct rect r, int x, int y)
{
   return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
}

/* The depth of a D16_UNORM or float texel read back. */
static float
texel_depth(VkFormat f, const void *data, int i)
{
   if (f == VK_FORMAT_D16_UNORM)
      return ((const uint16_t *)data)[i] / 65535.0f;
   return ((const float *)data)[i];
}

static unsigned
scene(struct gpu *g, VkFormat format)
{
   struct agx_vk_ctx *c = g->c;
   bool stencil = has_stencil(format);
   VkImageAspectFlags all = VK_IMAGE_ASPECT_DEPTH_BIT | (stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
   struct agx_vk_image img[SUBPASSES];
   VkImageView views[SUBPASSES];
   VkAttachmentDescription2 atts[SUBPASSES];
   VkAttachmentReference2 zref[SUBPASSES], iref[SUBPASSES];
   VkSubpassDescription2 sub[SUBPASSES];
   VkSubpassDependency2 deps[SUBPASSES];
   for (int i = 0; i < SUBPASSES; i++) {
      agx_vk_image_create(
         c,
         &(struct agx_vk_image_desc){.format = format,
                                     .width = W,
                                     .height = H,
                                     .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                              VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
                                              VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                     .aspect = all,
                                     .no_view = true},
         &img[i]);
      /* the attachment: a depth-only view, as dEQP makes it */
      views[i] =
         agx_vk_image_view(c, img[i].image, VK_IMAGE_VIEW_TYPE_2D, format,
                           (VkImageSubresourceRange){VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1});
      bool last = i == SUBPASSES - 1;
      atts[i] = (VkAttachmentDescription2){
         .sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
         .format = format,
         .samples = VK_SAMPLE_COUNT_1_BIT,
         .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = last ? VK_ATTACHMENT_STORE_OP_STORE : VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
         .stencilStoreOp = last ? VK_ATTACHMENT_STORE_OP_STORE : VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL};
      zref[i] =
         (VkAttachmentReference2){.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,
                                  .attachment = (uint32_t)i,
                                  .layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
      iref[i] = (VkAttachmentReference2){.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,
                                         .attachment = (uint32_t)i - 1,
                                         .layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
                                         .aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT};
      sub[i] = (VkSubpassDescription2){.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
                                       .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                       .inputAttachmentCount = i ? 1 : 0,
                                       .pInputAttachments = i ? &iref[i] : NULL,
                                       .pDepthStencilAttachment = &zref[i]};
      deps[i] = (VkSubpassDependency2){
         .sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
         .srcSubpass = i ? (uint32_t)i - 1 : (uint32_t)SUBPASSES - 1,
         .dstSubpass = i ? (uint32_t)i : VK_SUBPASS_EXTERNAL,
         .srcStageMask = VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
         .dstStageMask =
            i ? VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT
              : VK_PIPELINE_STAGE_TRANSFER_BIT,
         .srcAccessMask = VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
         .dstAccessMask = i ? VK_ACCESS_INPUT_ATTACHMENT_READ_BIT : VK_ACCESS_TRANSFER_READ_BIT,
         .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT};
   }
   VkRenderPassCreateInfo2 rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
                                   .attachmentCount = SUBPASSES,
                                   .pAttachments = atts,
                                   .subpassCount = SUBPASSES,
                                   .pSubpasses = sub,
                                   .dependencyCount = SUBPASSES,
                                   .pDependencies = deps};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass2(c->dev, &rpci, NULL, &rp));
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = SUBPASSES,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   VkPipeline pipes[SUBPASSES];
   struct agx_vk_set sets[SUBPASSES];
   for (uint32_t i = 0; i < SUBPASSES; i++) {
      pipes[i] = pipeline(g, rp, i);
      if (!i)
         continue;
      agx_vk_set_create(c, 1,
                        &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT,
                                                 VK_SHADER_STAGE_FRAGMENT_BIT},
                        &sets[i]);
      agx_vk_set_image(c, &sets[i], 0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_NULL_HANDLE,
                       views[i - 1], VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL);
   }

   const struct rect full = {0, 0, W, H}, r1 = {4, 4, 20, 24}, r2 = {12, 16, 28, 30};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearValue clears[SUBPASSES];
   for (int i = 0; i < SUBPASSES; i++)
      clears[i].depthStencil = (VkClearDepthStencilValue){1.0f, 200};
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = SUBPASSES,
                                .pClearValues = clears};
   /* the stencil aspects (outside the depth-only views) go to the final
    * layout before the pass, as dEQP does (here with the depth aspects:
    * separate depth/stencil layouts are not enabled) */
   for (int i = 0; stencil && i < SUBPASSES; i++)
      agx_vk_barrier(cb, img[i].image, all, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL, AGX_VK_NONE, AGX_VK_DEPTH_RW);
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[0]);
   draw_rect(cb, g->layout0, r1, 0.5f);
   draw_rect(cb, g->layout0, r2, 0.25f);
   for (uint32_t i = 1; i < SUBPASSES; i++) {
      vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipes[i]);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout1, 0, 1, &sets[i].set,
                              0, NULL);
      draw_rect(cb, g->layout1, full, STEP);
   }
   vkCmdEndRenderPass(cb);

   const struct agx_vk_image *zl = &img[SUBPASSES - 1];
   uint32_t dbytes = format == VK_FORMAT_D16_UNORM ? 2 : 4;
   struct agx_vk_buffer out =
      agx_vk_buffer_usage(c, W * H * (dbytes + 1), VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_barrier(cb, zl->image, all, VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
                  VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, AGX_VK_DEPTH_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, zl, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_ASPECT_DEPTH_BIT, 0,
                         out.buf, 0);
   if (stencil)
      agx_vk_copy_to_buffer(cb, zl, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                            VK_IMAGE_ASPECT_STENCIL_BIT, 0, out.buf, W * H * dbytes);
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));

   /* The model: subpass 0's depth, less STEP per later subpass. */
   float tol = format == VK_FORMAT_D16_UNORM ? 2.0f / 65535.0f : 1e-6f;
   unsigned bad = 0;
   const uint8_t *st = (const uint8_t *)out.map + W * H * dbytes;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         float want = inside(r2, x, y) ? 0.25f : inside(r1, x, y) ? 0.5f : 1.0f;
         want -= STEP * (SUBPASSES - 1);
         float got = texel_depth(format, out.map, y * W + x);
         bool ok = fabsf(got - want) <= tol && (!stencil || st[y * W + x] == 200);
         if (!ok && bad++ < 5)
            fprintf(stderr, "format %d: (%d, %d) depth %g stencil %u, want %g stencil 200\n",
                    format, x, y, got, stencil ? st[y * W + x] : 200, want);
      }
   if (bad)
      fprintf(stderr, "format %d: %u of %d texels differ\n", format, bad, W * H);
   else
      printf("format %d: depth through %d subpasses: ok\n", format, SUBPASSES);

   agx_vk_buffer_free(c, &out);
   for (uint32_t i = 0; i < SUBPASSES; i++) {
      vkDestroyPipeline(c->dev, pipes[i], NULL);
      if (i)
         agx_vk_set_free(c, &sets[i]);
      vkDestroyImageView(c->dev, views[i], NULL);
      agx_vk_image_free(c, &img[i]);
   }
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   return bad ? 1 : 0;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s RECT_VERT INPUT_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   struct gpu g = {.c = &c};
   g.vs = agx_vk_shader(&c, argv[1]);
   g.fs = agx_vk_shader(&c, argv[2]);
   const VkShaderStageFlags push_stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   struct agx_vk_set probe;
   agx_vk_set_create(
      &c, 1,
      &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_SHADER_STAGE_FRAGMENT_BIT},
      &probe);
   g.layout0 = agx_vk_pipeline_layout(&c, 0, NULL, push_stages, sizeof(struct push));
   g.layout1 = agx_vk_pipeline_layout(&c, 1, &probe.layout, push_stages, sizeof(struct push));
   unsigned bad = 0;
   const VkFormat formats[3] = {VK_FORMAT_D16_UNORM, VK_FORMAT_D32_SFLOAT,
                                VK_FORMAT_D32_SFLOAT_S8_UINT};
   for (int i = 0; i < 3; i++)
      bad += scene(&g, formats[i]);
   vkDestroyPipelineLayout(c.dev, g.layout0, NULL);
   vkDestroyPipelineLayout(c.dev, g.layout1, NULL);
   agx_vk_set_free(&c, &probe);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   int status = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u formats failed\n", bad);
      return 1;
   }
   return status;
}
