/*
 * inheritedQueries through the loader (issue 20 item 5): occlusion queries active across
 * vkCmdExecuteCommands, counted by draws of secondaries begun with occlusionQueryEnable,
 * compared with the pixel counts of the pixel-aligned rectangles drawn (single sample, no
 * depth test, so a precise query counts every covered pixel of every draw):
 *  - query 2 (PRECISE) around two secondaries (rectangles A and B): |A| + |B|;
 *  - query 0 (not precise) around a secondary drawing C: non-zero;
 *  - a secondary recorded with occlusionQueryEnable executed with no query active (D): it
 *    draws (its pixels are checked) and no query changes; query 1 stays unavailable;
 * with dynamic rendering (the primary's rendering contents in secondaries) and with a
 * VkRenderPass subpass of SECONDARY_COMMAND_BUFFERS contents.
 * (lavapipe does not offer inheritedQueries: the reference run is skipped, exit 77.)
 * The draws, the pipeline and the CPU model of the image are secondary_scene.h's.
 * test_inherited_queries DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#define W 64
#define H 32
#define LAYERS 1

#include "secondary_scene.h"

/* A, B, C, D */
static const struct op ops[] = {
   {DRAW, {4, 4, 20, 12, {255, 0, 0, 255}}, -1},
   {DRAW, {10, 8, 40, 30, {0, 255, 0, 255}}, -1},
   {DRAW, {44, 2, 60, 10, {0, 0, 255, 255}}, -1},
   {DRAW, {50, 20, 62, 31, {255, 255, 0, 255}}, -1},
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))
static const uint8_t clear_col[4] = {16, 32, 48, 64};

static int
area(unsigned i)
{
   return (ops[i].r.x1 - ops[i].r.x0) * (ops[i].r.y1 - ops[i].r.y0);
}

/* A secondary drawing op i, continuing the pass, with occlusionQueryEnable (flags). */
static VkCommandBuffer
secondary(struct gpu *g, VkPipeline p, VkRenderPass rp, unsigned i, VkQueryControlFlags flags)
{
   VkFormat color = SCENE_FORMAT;
   VkCommandBuffer cb =
      agx_vk_begin_secondary(g->c, VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                             &(struct agx_vk_inheritance){.render_pass = rp,
                                                          .color_count = 1,
                                                          .colors = &color,
                                                          .occlusion_query = true,
                                                          .query_flags = flags});
   record_op(g, cb, p, i, 1);
   VK_OK(vkEndCommandBuffer(cb));
   return cb;
}

static unsigned
run(struct gpu *g, const struct agx_vk_image *img, const char *name, bool render_pass)
{
   struct agx_vk_ctx *c = g->c;
   VkImageView view = img->view;
   VkRenderPass rp = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (render_pass) {
      rp = agx_vk_color_render_pass(c, SCENE_FORMAT, VK_ATTACHMENT_LOAD_OP_LOAD,
                                    VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_GENERAL, NULL);
      fb = agx_vk_framebuffer(c, rp, 1, &view, W, H, 1);
   }
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_OCCLUSION,
                                .queryCount = 4};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(c->dev, &qci, NULL, &qp));
   VkPipeline p = scene_pipeline(g, rp);
   VkCommandBuffer s[4] = {
      secondary(g, p, rp, 0, VK_QUERY_CONTROL_PRECISE_BIT),
      secondary(g, p, rp, 1, VK_QUERY_CONTROL_PRECISE_BIT),
      secondary(g, p, rp, 2, 0),
      secondary(g, p, rp, 3, 0),
   };
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qp, 0, 4);
   agx_vk_barrier(
      cb, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
      (struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0}, AGX_VK_ALL_WRITE);
   VkClearColorValue cc;
   for (int ch = 0; ch < 4; ch++)
      cc.float32[ch] = clear_col[ch] / 255.0f;
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(cb, img->image, VK_IMAGE_LAYOUT_GENERAL, &cc, 1, &range);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   /* three passes loading the image: queries are begun outside a pass whose contents are
    * secondaries (Vulkan), and stay active across it */
   for (int pass = 0; pass < 3; pass++) {
      if (pass == 0)
         vkCmdBeginQuery(cb, qp, 2, VK_QUERY_CONTROL_PRECISE_BIT);
      if (pass == 1)
         vkCmdBeginQuery(cb, qp, 0, 0);
      if (render_pass) {
         VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                      .renderPass = rp,
                                      .framebuffer = fb,
                                      .renderArea = {{0, 0}, {W, H}}};
         vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
      } else {
         VkRenderingAttachmentInfo ca = agx_vk_color_attachment(view, NULL);
         ca.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
         agx_vk_begin_rendering(cb,
                                &(struct agx_vk_rendering){
                                   .width = W,
                                   .height = H,
                                   .color_count = 1,
                                   .colors = &ca,
                                   .flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT});
      }
      if (pass == 0)
         vkCmdExecuteCommands(cb, 2, s);
      else
         vkCmdExecuteCommands(cb, 1, &s[pass + 1]);
      if (render_pass)
         vkCmdEndRenderPass(cb);
      else
         vkCmdEndRendering(cb);
      if (pass < 2)
         vkCmdEndQuery(cb, qp, pass == 0 ? 2 : 0);
      agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   }
   agx_vk_copy_to_buffer(cb, img, VK_IMAGE_LAYOUT_GENERAL, 0, 0, g->out.buf, 0);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0;
   uint64_t q[4][2];
   memset(q, 0xAB, sizeof(q));
   VkResult qr =
      vkGetQueryPoolResults(c->dev, qp, 0, 4, sizeof(q), q, 16,
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   if (qr != VK_SUCCESS && qr != VK_NOT_READY) {
      fprintf(stderr, "%s: vkGetQueryPoolResults returned %d\n", name, qr);
      bad++;
   }
   uint64_t want2 = (uint64_t)(area(0) + area(1));
   if (q[2][0] != want2 || q[2][1] != 1) {
      fprintf(stderr, "%s: precise query over two secondaries = %llu (available %llu), want %llu\n",
              name, (unsigned long long)q[2][0], (unsigned long long)q[2][1],
              (unsigned long long)want2);
      bad++;
   }
   if (q[0][0] == 0 || q[0][0] > (uint64_t)area(2) || q[0][1] != 1) {
      fprintf(stderr, "%s: non-precise query = %llu (available %llu), want 1..%d\n", name,
              (unsigned long long)q[0][0], (unsigned long long)q[0][1], area(2));
      bad++;
   }
   if (q[1][1] != 0 || q[3][1] != 0) {
      fprintf(stderr, "%s: queries 1 and 3 (never begun) are available\n", name);
      bad++;
   }
   /* the image: every rectangle drawn in order */
   unsigned px = scene_compare(g, name, 1);
   bad += px;
   printf("%s: precise %llu (want %llu), non-precise %llu, %u wrong pixels, %u failures\n", name,
          (unsigned long long)q[2][0], (unsigned long long)want2, (unsigned long long)q[0][0], px,
          bad);
   vkFreeCommandBuffers(c->dev, c->pool, 4, s);
   vkDestroyQueryPool(c->dev, qp, NULL);
   vkDestroyPipeline(c->dev, p, NULL);
   if (fb)
      vkDestroyFramebuffer(c->dev, fb, NULL);
   if (rp)
      vkDestroyRenderPass(c->dev, rp, NULL);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   if (!have.inheritedQueries || !have.occlusionQueryPrecise) {
      /* agx-vk offers both; lavapipe (the reference run) does not offer inheritedQueries */
      fprintf(stderr, "inheritedQueries / occlusionQueryPrecise not offered\n");
      return c.reference ? 77 : 1;
   }
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures want = {.inheritedQueries = VK_TRUE, .occlusionQueryPrecise = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1, ops, NOPS, clear_col);
   struct agx_vk_image img;
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = SCENE_FORMAT,
                                                   .width = W,
                                                   .height = H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT},
                       &img);
   unsigned bad = 0;
   bad += run(&g, &img, "dynamic rendering", false);
   bad += run(&g, &img, "render pass", true);
   agx_vk_image_free(&c, &img);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u failures\n", bad);
      return 1;
   }
   return rc;
}
