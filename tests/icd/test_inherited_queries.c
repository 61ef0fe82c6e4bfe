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

#include "agx_vk_ctx.h"

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
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct agx_vk_buffer vb, out;
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->dsl));
   VkPushConstantRange pcr = {VK_SHADER_STAGE_VERTEX_BIT, 0, 16};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &g->dsl,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &pcr};
   VK_OK(vkCreatePipelineLayout(c->dev, &lci, NULL, &g->layout));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &g->pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = g->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &g->dsl};
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &g->set));
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
   VkDescriptorBufferInfo bi = {g->vb.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = g->set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c->dev, 1, &wr, 0, NULL);
   g->out = agx_vk_buffer_usage(c, LAYERS * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R8G8B8A8_UNORM,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = LAYERS,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                     VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                     VK_IMAGE_USAGE_TRANSFER_DST_BIT};
   VK_OK(vkCreateImage(c->dev, &ici, NULL, &g->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, g->image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c->dev, &mai, NULL, &g->mem));
   VK_OK(vkBindImageMemory(c->dev, g->image, g->mem, 0));
}

static VkImageView
make_view(struct gpu *g, unsigned layers)
{
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = g->image,
                                .viewType =
                                   layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers}};
   VkImageView v;
   VK_OK(vkCreateImageView(g->c->dev, &vci, NULL, &v));
   return v;
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   vkDestroyImage(d, g->image, NULL);
   vkFreeMemory(d, g->mem, NULL);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->dsl, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
}

/* A single-sample pipeline for dynamic rendering (rp == NULL) or subpass 0 of rp. */
static VkPipeline
pipeline(struct gpu *g, VkRenderPass rp)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = g->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = g->fs,
       .pName = "main"},
   };
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkViewport vp = {0, 0, W, H, 0, 1};
   VkRect2D sc = {{0, 0}, {W, H}};
   VkPipelineViewportStateCreateInfo vps = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &vp,
      .scissorCount = 1,
      .pScissors = &sc};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkFormat color = VK_FORMAT_R8G8B8A8_UNORM;
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &color};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = rp ? NULL : &ri,
                                      .stageCount = 2,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vps,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pColorBlendState = &cb,
                                      .layout = g->layout,
                                      .renderPass = rp};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(g->c->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static void
record_draw(struct gpu *g, VkCommandBuffer cb, VkPipeline p, unsigned i)
{
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
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
   VkImageView view = make_view(g, 1);
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
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
                              .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                              .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = g->image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          .dstAccessMask =
                             VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT};
   VkDependencyInfo dm = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   VkClearColorValue cc;
   for (int ch = 0; ch < 4; ch++)
      cc.float32[ch] = clear_col[ch] / 255.0f;
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(cb, g->image, VK_IMAGE_LAYOUT_GENERAL, &cc, 1, &range);
   vkCmdPipelineBarrier2(cb, &dm);
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
         VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                         .imageView = view,
                                         .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                         .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
                                         .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
         VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                               .flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT,
                               .renderArea = {{0, 0}, {W, H}},
                               .layerCount = 1,
                               .colorAttachmentCount = 1,
                               .pColorAttachments = &ca};
         vkCmdBeginRendering(cb, &ri);
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
      vkCmdPipelineBarrier2(cb, &dm);
   }
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, g->image, VK_IMAGE_LAYOUT_GENERAL, g->out.buf, 1, &r);
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
   vkDestroyImageView(c->dev, view, NULL);
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
