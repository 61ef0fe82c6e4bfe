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
 * test_inherited_queries DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 32
#define LAYERS 1

struct rect {
   int x0, y0, x1, y1;
   uint8_t col[4];
};

enum op_kind { DRAW, CLEAR };
struct op {
   enum op_kind kind;
   struct rect r;
   int layer;
};

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

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   struct agx_vk_set set;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, out;
   struct agx_vk_image img;
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   agx_vk_set_create(
      c, 1, &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT},
      &g->set);
   g->layout = agx_vk_pipeline_layout(c, 1, &g->set.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   /* six vertices (two triangles) per op, clip position then colour */
   g->vb = agx_vk_buffer(c, NOPS * 6 * 32);
   float *v = (float *)g->vb.map;
   for (unsigned i = 0; i < NOPS; i++) {
      const struct rect *r = &ops[i].r;
      float x0 = r->x0 * 2.0f / W - 1, x1 = r->x1 * 2.0f / W - 1;
      float y0 = r->y0 * 2.0f / H - 1, y1 = r->y1 * 2.0f / H - 1;
      float xy[6][2] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y0}, {x1, y1}, {x0, y1}};
      for (int k = 0; k < 6; k++) {
         float *o = v + (6 * i + k) * 8;
         o[0] = xy[k][0], o[1] = xy[k][1], o[2] = 0.5f, o[3] = 1.0f;
         for (int ch = 0; ch < 4; ch++)
            o[4 + ch] = r->col[ch] / 255.0f;
      }
   }
   agx_vk_set_buffer(c, &g->set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
   g->out = agx_vk_buffer_usage(c, LAYERS * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = LAYERS,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT},
                       &g->img);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_image_free(g->c, &g->img);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   agx_vk_set_free(g->c, &g->set);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
}

/* A single-sample pipeline for dynamic rendering (rp == NULL) or subpass 0 of rp. */
static VkPipeline
pipeline(struct gpu *g, VkRenderPass rp)
{
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&p, W, H);
   p.ci.renderPass = rp;
   return agx_vk_gfx_create(g->c, &p);
}

static void
record_draw(struct gpu *g, VkCommandBuffer cb, VkPipeline p, unsigned i)
{
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set.set, 0,
                           NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   vkCmdDraw(cb, 6, 1, 6 * i, 0);
}

/* A secondary drawing op i, continuing the pass, with occlusionQueryEnable (flags). */
static VkCommandBuffer
secondary(struct gpu *g, VkPipeline p, VkRenderPass rp, unsigned i, VkQueryControlFlags flags)
{
   struct agx_vk_ctx *c = g->c;
   VkFormat color = VK_FORMAT_R8G8B8A8_UNORM;
   VkCommandBufferInheritanceRenderingInfo iri = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &color,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkCommandBufferInheritanceInfo inh = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                         .pNext = rp ? NULL : &iri,
                                         .renderPass = rp,
                                         .occlusionQueryEnable = VK_TRUE,
                                         .queryFlags = flags};
   VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                     .commandPool = c->pool,
                                     .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                     .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(c->dev, &ai, &cb));
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                                  .pInheritanceInfo = &inh};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   record_draw(g, cb, p, i);
   VK_OK(vkEndCommandBuffer(cb));
   return cb;
}

static unsigned
run(struct gpu *g, const char *name, bool render_pass)
{
   struct agx_vk_ctx *c = g->c;
   VkImageView view = g->img.view;
   VkRenderPass rp = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (render_pass) {
      VkAttachmentDescription ad = {.format = VK_FORMAT_R8G8B8A8_UNORM,
                                    .samples = VK_SAMPLE_COUNT_1_BIT,
                                    .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                    .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                    .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                    .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
                                    .finalLayout = VK_IMAGE_LAYOUT_GENERAL};
      VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_GENERAL};
      VkSubpassDescription sp = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                 .colorAttachmentCount = 1,
                                 .pColorAttachments = &ref};
      VkRenderPassCreateInfo rci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                    .attachmentCount = 1,
                                    .pAttachments = &ad,
                                    .subpassCount = 1,
                                    .pSubpasses = &sp};
      VK_OK(vkCreateRenderPass(c->dev, &rci, NULL, &rp));
      VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                     .renderPass = rp,
                                     .attachmentCount = 1,
                                     .pAttachments = &view,
                                     .width = W,
                                     .height = H,
                                     .layers = 1};
      VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   }
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_OCCLUSION,
                                .queryCount = 4};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(c->dev, &qci, NULL, &qp));
   VkPipeline p = pipeline(g, rp);
   VkCommandBuffer s[4] = {
      secondary(g, p, rp, 0, VK_QUERY_CONTROL_PRECISE_BIT),
      secondary(g, p, rp, 1, VK_QUERY_CONTROL_PRECISE_BIT),
      secondary(g, p, rp, 2, 0),
      secondary(g, p, rp, 3, 0),
   };
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qp, 0, 4);
   agx_vk_barrier(cb, g->img.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0},
                  AGX_VK_ALL_WRITE);
   VkClearColorValue cc;
   for (int ch = 0; ch < 4; ch++)
      cc.float32[ch] = clear_col[ch] / 255.0f;
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(cb, g->img.image, VK_IMAGE_LAYOUT_GENERAL, &cc, 1, &range);
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
   agx_vk_copy_to_buffer(cb, &g->img, VK_IMAGE_LAYOUT_GENERAL, 0, 0, g->out.buf, 0);
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
   unsigned px = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const uint8_t *want = clear_col;
         for (unsigned i = 0; i < NOPS; i++)
            if (x >= ops[i].r.x0 && x < ops[i].r.x1 && y >= ops[i].r.y0 && y < ops[i].r.y1)
               want = ops[i].r.col;
         const uint8_t *got = g->out.map + (y * W + x) * 4;
         if (memcmp(got, want, 4) && px++ < 4)
            fprintf(stderr, "%s: pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n", name, x, y,
                    got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
      }
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
   gpu_init(&g, &c, argv + 1);
   unsigned bad = 0;
   bad += run(&g, "dynamic rendering", false);
   bad += run(&g, "render pass", true);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u failures\n", bad);
      return 1;
   }
   return rc;
}
