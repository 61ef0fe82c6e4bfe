/*
 * Draw features DXVK and vkd3d-proton require (issue 19 item 5), through the
 * loader: fullDrawIndexUint32, shaderDrawParameters, multiDrawIndirect and
 * drawIndirectFirstInstance. Every draw paints 8 x 8 pixel cells of a
 * 64 x 64 R8G8B8A8_UNORM attachment (draw_features.vert: cell = InstanceIndex,
 * colour = the draw parameters the vertex shader saw), so the CPU reference
 * needs no rasteriser: it paints cell firstInstance + i of every instance i
 * with (top index byte, BaseVertex, BaseInstance, DrawIndex) x 8 / 255, later
 * draws over earlier ones.
 *
 * Scenes: direct draws with several first vertices / vertex offsets /
 * first instances (BaseVertex, BaseInstance; the draw cache must not reuse
 * a root between draws that differ only in these), 32-bit index values
 * 0xFFFFFFF8..0xFFFFFFFF without restart, multi-draw indirect (DrawIndex =
 * record number, firstInstance from the record, a stride larger than the
 * record, a zero-count record), indexed multi-draw indirect, and a direct
 * draw after an indirect one (DrawIndex back to 0).
 *
 * Runs on agx-vk, under validation and on lavapipe (--reference).
 *
 * test_draw_features DRAW_FEATURES_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 64
#define H 64
#define MAX_OPS 4
#define MAX_RECORDS 4
/* Index buffer: [0, 6) = 0..5, [8, 14) = the 32-bit values below. */
#define BIG_FIRST 8u

enum op_kind { DRAW, DRAW_INDEXED, DRAW_INDIRECT, DRAW_INDEXED_INDIRECT };

/* A direct draw's parameters or one indirect record (the same fields as
 * VkDrawIndexedIndirectCommand; non-indexed ones leave vertex_offset 0). */
struct params {
   uint32_t count, instances, first;
   int32_t vertex_offset;
   uint32_t first_instance;
};

struct op {
   enum op_kind kind;
   struct params p[MAX_RECORDS]; /* direct draws: p[0] */
   uint32_t records, stride;     /* indirect: drawCount, stride in bytes */
};

struct scene {
   const char *name;
   struct op ops[MAX_OPS];
   uint32_t nops;
};

static const uint32_t big_indices[6] = {0xFFFFFFF8u, 0xFFFFFFF9u, 0xFFFFFFFAu,
                                        0xFFFFFFFFu, 0xFFFFFFF9u, 0xFFFFFFFAu};

static void
paint(uint8_t *img, const struct params *p, bool indexed, uint32_t draw_index)
{
   if (!p->count)
      return;
   uint32_t hi = indexed && p->first == BIG_FIRST ? 31 : 0;
   uint32_t bv = indexed ? (uint32_t)p->vertex_offset : p->first;
   uint8_t col[4] = {(uint8_t)(hi * 8), (uint8_t)(bv * 8), (uint8_t)(p->first_instance * 8),
                     (uint8_t)(draw_index * 8)};
   for (uint32_t i = 0; i < p->instances; i++) {
      uint32_t cell = p->first_instance + i;
      for (uint32_t y = 8 * (cell / 8); y < 8 * (cell / 8) + 8; y++)
         for (uint32_t x = 8 * (cell % 8); x < 8 * (cell % 8) + 8; x++)
            memcpy(&img[4 * (y * W + x)], col, 4);
   }
}

/* The clear colour: 51 (0.2) is no multiple of 8, 255 none below 256, so
 * no draw's colour equals it. */
static const float clear[4] = {0.2f, 0.2f, 0.2f, 1.0f};
static const uint8_t clear8[4] = {51, 51, 51, 255};

static void
reference(const struct scene *s, uint8_t *img)
{
   for (int i = 0; i < W * H; i++)
      memcpy(&img[4 * i], clear8, 4);
   for (uint32_t o = 0; o < s->nops; o++) {
      const struct op *op = &s->ops[o];
      bool indexed = op->kind == DRAW_INDEXED || op->kind == DRAW_INDEXED_INDIRECT;
      bool indirect = op->kind == DRAW_INDIRECT || op->kind == DRAW_INDEXED_INDIRECT;
      for (uint32_t r = 0; r < (indirect ? op->records : 1); r++)
         paint(img, &op->p[r], indexed, indirect ? r : 0);
   }
}

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   struct agx_vk_buffer ib, indirect, out;
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

static VkPipeline
make_pipeline(struct gpu *g)
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
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &format};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 2,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vps,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pColorBlendState = &cb,
                                      .layout = g->layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(g->c->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   VK_OK(vkCreatePipelineLayout(c->dev, &lci, NULL, &g->layout));
   g->pipeline = make_pipeline(g);
   g->ib = agx_vk_buffer_usage(c, 64 * 4, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   uint32_t *idx = g->ib.ptr;
   for (uint32_t i = 0; i < 6; i++)
      idx[i] = i;
   memcpy(idx + BIG_FIRST, big_indices, sizeof(big_indices));
   g->indirect = agx_vk_buffer_usage(c, 4096, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   g->out = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R8G8B8A8_UNORM,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
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
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = g->image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(c->dev, &vci, NULL, &g->view));
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   vkDestroyImageView(d, g->view, NULL);
   vkDestroyImage(d, g->image, NULL);
   vkFreeMemory(d, g->mem, NULL);
   agx_vk_buffer_free(g->c, &g->ib);
   agx_vk_buffer_free(g->c, &g->indirect);
   agx_vk_buffer_free(g->c, &g->out);
   vkDestroyPipeline(d, g->pipeline, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
}

static void
image_barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from, VkImageLayout to,
              VkPipelineStageFlags2 src_stage, VkAccessFlags2 src, VkPipelineStageFlags2 dst_stage,
              VkAccessFlags2 dst)
{
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = src_stage,
                              .srcAccessMask = src,
                              .dstStageMask = dst_stage,
                              .dstAccessMask = dst,
                              .oldLayout = from,
                              .newLayout = to,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
}

/* Writes an indirect op's records at `offset` of the indirect buffer. */
static void
write_records(struct gpu *g, const struct op *op, uint32_t offset)
{
   for (uint32_t r = 0; r < op->records; r++) {
      const struct params *p = &op->p[r];
      uint32_t *w = (uint32_t *)(g->indirect.map + offset + r * op->stride);
      if (op->kind == DRAW_INDEXED_INDIRECT) {
         uint32_t rec[5] = {p->count, p->instances, p->first, (uint32_t)p->vertex_offset,
                            p->first_instance};
         memcpy(w, rec, sizeof(rec));
      } else {
         uint32_t rec[4] = {p->count, p->instances, p->first, p->first_instance};
         memcpy(w, rec, sizeof(rec));
      }
   }
}

static void
record_ops(struct gpu *g, VkCommandBuffer cb, const struct scene *s)
{
   uint32_t offset = 0;
   for (uint32_t o = 0; o < s->nops; o++) {
      const struct op *op = &s->ops[o];
      const struct params *p = &op->p[0];
      switch (op->kind) {
      case DRAW:
         vkCmdDraw(cb, p->count, p->instances, p->first, p->first_instance);
         break;
      case DRAW_INDEXED:
         vkCmdDrawIndexed(cb, p->count, p->instances, p->first, p->vertex_offset,
                          p->first_instance);
         break;
      case DRAW_INDIRECT:
      case DRAW_INDEXED_INDIRECT:
         write_records(g, op, offset);
         if (op->kind == DRAW_INDIRECT)
            vkCmdDrawIndirect(cb, g->indirect.buf, offset, op->records, op->stride);
         else
            vkCmdDrawIndexedIndirect(cb, g->indirect.buf, offset, op->records, op->stride);
         offset += 512;
         break;
      }
   }
}

static void
render(struct gpu *g, const struct scene *s, uint8_t *img)
{
   struct agx_vk_ctx *c = g->c;
   memset(g->out.ptr, 0xAB, W * H * 4);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   image_barrier(cb, g->image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 VK_PIPELINE_STAGE_2_COPY_BIT, 0, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
   VkRenderingAttachmentInfo att = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                    .imageView = g->view,
                                    .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                    .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(att.clearValue.color.float32, clear, sizeof(clear));
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &att};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->pipeline);
   vkCmdBindIndexBuffer(cb, g->ib.buf, 0, VK_INDEX_TYPE_UINT32);
   record_ops(g, cb, s);
   vkCmdEndRendering(cb);
   image_barrier(
      cb, g->image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
      VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
      VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                               .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, g->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, g->out.buf, 1,
                          &region);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di);
   VK_OK(agx_vk_submit_wait(c, cb));
   memcpy(img, g->out.ptr, W * H * 4);
}

static unsigned
check_scene(struct gpu *g, const struct scene *s)
{
   static uint8_t got[W * H * 4], want[W * H * 4];
   render(g, s, got);
   reference(s, want);
   unsigned bad = 0, covered = 0;
   for (int i = 0; i < W * H; i++) {
      bool diff = false;
      for (int c = 0; c < 4; c++)
         diff |= abs((int)got[4 * i + c] - (int)want[4 * i + c]) > 1;
      covered += memcmp(&want[4 * i], clear8, 4) != 0;
      if (diff && bad++ < 5)
         fprintf(stderr, "  %s: pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n", s->name, i % W,
                 i / W, got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], want[4 * i],
                 want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
   }
   printf("%s %s: %u pixels differ (%u covered)\n", bad ? "FAIL" : "ok", s->name, bad, covered);
   return bad ? 1 : 0;
}

static bool
has_features(struct agx_vk_ctx *c)
{
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceFeatures2 f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                  .pNext = &f11};
   vkGetPhysicalDeviceFeatures2(c->pdev, &f);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c->pdev, &props);
   bool ok = f.features.fullDrawIndexUint32 && f.features.multiDrawIndirect &&
             f.features.drawIndirectFirstInstance && f11.shaderDrawParameters &&
             props.limits.maxDrawIndexedIndexValue == UINT32_MAX &&
             props.limits.maxDrawIndirectCount >= 65535;
   if (!ok)
      fprintf(stderr, "draw features or limits not advertised\n");
   return ok;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr,
              "usage: %s DRAW_FEATURES_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   if (!has_features(&c))
      return 1;
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .shaderDrawParameters = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.fullDrawIndexUint32 = VK_TRUE,
                                   .multiDrawIndirect = VK_TRUE,
                                   .drawIndirectFirstInstance = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   unsigned bad = 0;

   /* BaseVertex / BaseInstance of direct draws: draws differing only in
    * them (the draw cache must write new roots). */
   struct scene direct = {.name = "draw_parameters",
                          .ops = {{DRAW, {{6, 2, 0, 0, 0}}},
                                  {DRAW, {{6, 1, 5, 0, 2}}},
                                  {DRAW_INDEXED, {{6, 3, 0, 7, 8}}},
                                  {DRAW_INDEXED, {{6, 1, 0, 3, 12}}}},
                          .nops = 4};
   bad += check_scene(&g, &direct);

   /* 32-bit index values (0xFFFFFFFF is an index: restart is off). */
   struct scene big = {
      .name = "index_uint32",
      .ops = {{DRAW_INDEXED, {{6, 2, BIG_FIRST, 0, 17}}}, {DRAW_INDEXED, {{6, 1, 0, 0, 20}}}},
      .nops = 2};
   bad += check_scene(&g, &big);

   /* Multi-draw indirect: DrawIndex = record number, firstInstance from the
    * record, 20-byte stride, a record with no vertices. */
   struct scene mdi = {
      .name = "multi_draw_indirect",
      .ops = {{DRAW_INDIRECT,
               {{6, 2, 0, 0, 1}, {6, 1, 3, 0, 9}, {0, 4, 0, 0, 24}, {6, 3, 1, 0, 26}},
               4,
               20}},
      .nops = 1};
   bad += check_scene(&g, &mdi);

   /* Indexed multi-draw indirect (big indices in one record), then a
    * direct draw: DrawIndex back to 0. */
   struct scene mdi_indexed = {
      .name = "multi_draw_indexed_indirect",
      .ops = {{DRAW_INDEXED_INDIRECT,
               {{6, 1, 0, 2, 3}, {6, 2, BIG_FIRST, 0, 30}, {6, 1, 0, 4, 21}},
               3,
               24},
              {DRAW, {{6, 1, 2, 0, 25}}}},
      .nops = 2};
   bad += check_scene(&g, &mdi_indexed);

   gpu_finish(&g);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
