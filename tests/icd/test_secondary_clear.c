/*
 * vkCmdClearAttachments recorded in secondary command buffers that continue a render pass
 * (issue 20 items 3 and 6) through the loader, compared with a CPU model that paints the
 * same rectangles in recording order (edges on pixel boundaries, so coverage is exact):
 * the primary clears the R8G8B8A8 attachment (loadOp CLEAR), draws a rectangle, executes a
 * secondary that draws, clears two rectangles (two colours, one call each) and draws again,
 * then executes a second secondary that only clears, and draws once more itself. Run with
 * dynamic rendering (inheritance rendering info) and with a VkRenderPass subpass
 * (VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS, inheritance of the render pass with and
 * without the framebuffer), and once with a two-layer attachment whose clear rectangle names
 * layer 1 only.
 * test_secondary_clear DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 64
#define H 32
#define LAYERS 2

struct rect {
   int x0, y0, x1, y1;
   uint8_t col[4];
};

/* The layer a clear op clears on an attachment of `layers` layers (-1: every layer; a layer
 * past the last one: the last). */
static int
clear_layer(int layer, unsigned layers)
{
   return layer < 0 ? -1 : layer < (int)layers ? layer : (int)layers - 1;
}

/* Recording order: what the primary and the secondaries do. */
enum op_kind { DRAW, CLEAR };
struct op {
   enum op_kind kind;
   struct rect r;
   int layer; /* CLEAR: the layer cleared (-1: every layer) */
};

/* primary: draw 0; secondary A: draw 1, clear 2, clear 3, draw 4; secondary B: clear 5;
 * primary: draw 6 */
static const struct op ops[] = {
   {DRAW, {4, 4, 40, 20, {255, 0, 0, 255}}, -1},   {DRAW, {20, 10, 60, 28, {0, 255, 0, 255}}, -1},
   {CLEAR, {8, 8, 30, 16, {10, 20, 30, 40}}, -1},  {CLEAR, {36, 2, 50, 12, {200, 100, 50, 25}}, 1},
   {DRAW, {26, 14, 44, 30, {0, 0, 255, 255}}, -1}, {CLEAR, {0, 24, 16, 32, {90, 90, 90, 90}}, -1},
   {DRAW, {46, 0, 64, 6, {255, 255, 0, 255}}, -1},
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))
static const uint8_t clear_col[4] = {16, 32, 48, 64};

static void
model(uint8_t out[LAYERS][H][W][4], unsigned layers)
{
   for (unsigned l = 0; l < layers; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            memcpy(out[l][y][x], clear_col, 4);
   for (unsigned i = 0; i < NOPS; i++) {
      const struct rect *r = &ops[i].r;
      for (unsigned l = 0; l < layers; l++) {
         /* draws reach layer 0 only (no layered rendering); clears their layer */
         int cl = clear_layer(ops[i].layer, layers);
         if (ops[i].kind == DRAW ? l != 0 : cl >= 0 && (unsigned)cl != l)
            continue;
         for (int y = r->y0; y < r->y1; y++)
            for (int x = r->x0; x < r->x1; x++)
               memcpy(out[l][y][x], r->col, 4);
      }
   }
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
                                     VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
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

/* Records op i (a draw or a vkCmdClearAttachments) into cb. */
static void
record_op(struct gpu *g, VkCommandBuffer cb, VkPipeline p, unsigned i, unsigned layers)
{
   const struct op *o = &ops[i];
   if (o->kind == DRAW) {
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0,
                              NULL);
      float push[4] = {0};
      vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
      vkCmdDraw(cb, 6, 1, 6 * i, 0);
      return;
   }
   VkClearAttachment a = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0};
   for (int ch = 0; ch < 4; ch++)
      a.clearValue.color.float32[ch] = o->r.col[ch] / 255.0f;
   VkClearRect cr = {
      {{o->r.x0, o->r.y0}, {(uint32_t)(o->r.x1 - o->r.x0), (uint32_t)(o->r.y1 - o->r.y0)}},
      o->layer >= 0 ? (uint32_t)clear_layer(o->layer, layers) : 0,
      o->layer >= 0 ? 1 : layers};
   vkCmdClearAttachments(cb, 1, &a, 1, &cr);
}

/* Secondary recording ops [first, last] continuing the pass (rp: the subpass, else dynamic
 * rendering inheritance). */
static VkCommandBuffer
secondary(struct gpu *g, VkPipeline p, VkRenderPass rp, VkFramebuffer fb, unsigned first,
          unsigned last, unsigned layers)
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
                                         .framebuffer = fb};
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
   for (unsigned i = first; i <= last; i++)
      record_op(g, cb, p, i, layers);
   VK_OK(vkEndCommandBuffer(cb));
   return cb;
}

static unsigned
compare(struct gpu *g, const char *name, unsigned layers)
{
   static uint8_t want[LAYERS][H][W][4];
   model(want, layers);
   const uint8_t *got = g->out.map;
   unsigned bad = 0;
   for (unsigned l = 0; l < layers; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const uint8_t *v = got + ((l * H + y) * W + x) * 4;
            if (memcmp(v, want[l][y][x], 4) && bad++ < 8)
               fprintf(stderr, "%s: layer %u pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n",
                       name, l, x, y, v[0], v[1], v[2], v[3], want[l][y][x][0], want[l][y][x][1],
                       want[l][y][x][2], want[l][y][x][3]);
         }
   printf("%s: %u mismatches\n", name, bad);
   return bad;
}

/* mode 0: dynamic rendering; 1: render pass, framebuffer inherited; 2: render pass, no
 * framebuffer in the inheritance. */
static unsigned
run(struct gpu *g, const char *name, int mode, unsigned layers)
{
   struct agx_vk_ctx *c = g->c;
   VkImageView view = make_view(g, layers);
   VkRenderPass rp = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (mode) {
      VkAttachmentDescription ad = {.format = VK_FORMAT_R8G8B8A8_UNORM,
                                    .samples = VK_SAMPLE_COUNT_1_BIT,
                                    .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                    .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                    .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                    .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
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
                                     .layers = layers};
      VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   }
   VkPipeline p = pipeline(g, rp);
   VkCommandBuffer s1 = secondary(g, p, rp, mode == 1 ? fb : VK_NULL_HANDLE, 1, 4, layers);
   VkCommandBuffer s2 = secondary(g, p, rp, mode == 1 ? fb : VK_NULL_HANDLE, 5, 5, layers);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
                              .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                              .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = g->image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
   VkCommandBuffer s0, s3;
   VkClearValue cv;
   for (int ch = 0; ch < 4; ch++)
      cv.color.float32[ch] = clear_col[ch] / 255.0f;
   if (mode) {
      VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                   .renderPass = rp,
                                   .framebuffer = fb,
                                   .renderArea = {{0, 0}, {W, H}},
                                   .clearValueCount = 1,
                                   .pClearValues = &cv};
      /* the primary's own draws go into secondaries too: a subpass with SECONDARY contents
       * takes nothing else */
      s0 = secondary(g, p, rp, VK_NULL_HANDLE, 0, 0, layers);
      s3 = secondary(g, p, rp, VK_NULL_HANDLE, 6, 6, layers);
      vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
      VkCommandBuffer all[4] = {s0, s1, s2, s3};
      vkCmdExecuteCommands(cb, 4, all);
      vkCmdEndRenderPass(cb);
   } else {
      VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                      .imageView = view,
                                      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                      .clearValue = cv};
      VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {W, H}},
                            .layerCount = layers,
                            .colorAttachmentCount = 1,
                            .pColorAttachments = &ca};
      /* inline draws, then secondaries: the rendering contents flag */
      ri.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT;
      vkCmdBeginRendering(cb, &ri);
      s0 = secondary(g, p, VK_NULL_HANDLE, VK_NULL_HANDLE, 0, 0, layers);
      s3 = secondary(g, p, VK_NULL_HANDLE, VK_NULL_HANDLE, 6, 6, layers);
      VkCommandBuffer all[4] = {s0, s1, s2, s3};
      vkCmdExecuteCommands(cb, 4, all);
      vkCmdEndRendering(cb);
   }
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          .dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT};
   VkDependencyInfo dm = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &dm);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, layers},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, g->image, VK_IMAGE_LAYOUT_GENERAL, g->out.buf, 1, &r);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = compare(g, name, layers);
   VkCommandBuffer secs[4] = {s0, s1, s2, s3};
   vkFreeCommandBuffers(c->dev, c->pool, 4, secs);
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
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   unsigned bad = 0;
   bad += run(&g, "dynamic rendering", 0, 1);
   bad += run(&g, "render pass, framebuffer inherited", 1, 1);
   bad += run(&g, "render pass, no framebuffer inherited", 2, 1);
   bad += run(&g, "dynamic rendering, two layers", 0, LAYERS);
   bad += run(&g, "render pass, two layers", 1, LAYERS);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u mismatches\n", bad);
      return 1;
   }
   return rc;
}
