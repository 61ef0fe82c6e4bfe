/*
 * vkCmdDrawIndirectCount / vkCmdDrawIndexedIndirectCount (core 1.2
 * drawIndirectCount) through the loader. Each scene renders up to seven
 * rectangles into a 64x16 R8G8B8A8_UNORM attachment (draw_count.vert:
 * rectangle r = gl_VertexIndex / 6, colour from BaseVertex, BaseInstance,
 * the instance and DrawID) and compares every pixel with the rectangles the
 * Vulkan specification implies: record i of a call is drawn, with DrawIndex
 * i, exactly when i < min(count, maxDrawCount). Scenes: count below the
 * maximum, count above it (clamped), count 0 followed by a direct draw,
 * indexed records with a non-zero count offset and strides 20 and 28 (two
 * calls in one pass), padded stride 32 with garbage between records, the
 * count written by a previous compute dispatch (with the barrier Vulkan
 * requires: --no-barrier leaves it out, which the validation run's
 * synchronization validation reports), the same draws through a
 * pass-through geometry shader (also alternating with the plain pipeline
 * in one pass), and draws recorded in secondary command
 * buffers (continuing the primary's pass, and recording a whole pass).
 * Runs on lavapipe (--reference) and under the validation layer with
 * synchronization validation.
 *
 * test_draw_count VERT_SPV FRAG_SPV GEOM_SPV COMP_SPV PAD_VERT_SPV PAD_FRAG_SPV
 *                 [--validation] [--reference] [--no-barrier]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 64
#define H 16
#define MAX_RECORDS 8

/* One vkCmdDraw(Indexed)IndirectCount: its records (rectangle, instances,
 * base instance), where they go and what the count says. */
struct call {
   bool indexed;
   uint32_t offset, stride, count_offset, max, count;
   uint32_t n;                 /* records written */
   uint32_t rect[MAX_RECORDS]; /* rectangle of record i (1..7) */
   uint32_t inst[MAX_RECORDS]; /* instances (0 = 1) */
   uint32_t base_instance[MAX_RECORDS];
};

struct scene {
   const char *name;
   struct call calls[3];
   uint32_t n_calls;
   bool dispatch_count;  /* calls[0].count comes from a compute dispatch */
   uint32_t direct_rect; /* a vkCmdDraw of this rectangle after the calls (0: none) */
   bool gs;
   uint32_t gs_calls;  /* bit k: call k with the geometry-shader pipeline, the rest without */
   uint32_t pad_calls; /* bit k: call k with the other varying layout (draw_count_pad.vert) */
   /* the draws recorded in a secondary command buffer: 1 continuing the
    * primary's pass (RENDER_PASS_CONTINUE), 2 recording the whole pass */
   int secondary;
};

struct expect {
   bool drawn;
   uint8_t rgba[4];
};

static struct agx_vk_ctx c;
static bool no_barrier;

/* Writes the scene's records and counts into the buffers; counts written by
 * a dispatch get a stale value the draw must not see. */
static void
fill_buffers(const struct scene *s, uint8_t *ind, uint8_t *cnt)
{
   memset(ind, 0xAB, 4096);
   memset(cnt, 0, 256);
   for (uint32_t k = 0; k < s->n_calls; k++) {
      const struct call *cl = &s->calls[k];
      for (uint32_t i = 0; i < cl->n; i++) {
         uint8_t *p = ind + cl->offset + i * cl->stride;
         uint32_t inst = cl->inst[i] ? cl->inst[i] : 1;
         if (cl->indexed) {
            VkDrawIndexedIndirectCommand r = {6, inst, 0, (int32_t)(6 * cl->rect[i]),
                                              cl->base_instance[i]};
            memcpy(p, &r, sizeof(r));
         } else {
            VkDrawIndirectCommand r = {6, inst, 6 * cl->rect[i], cl->base_instance[i]};
            memcpy(p, &r, sizeof(r));
         }
      }
      uint32_t v = s->dispatch_count && k == 0 ? 5 : cl->count;
      memcpy(cnt + cl->count_offset, &v, 4);
   }
}

/* The rectangles the specification implies. */
static void
expected(const struct scene *s, struct expect e[8])
{
   memset(e, 0, 8 * sizeof(*e));
   for (uint32_t k = 0; k < s->n_calls; k++) {
      const struct call *cl = &s->calls[k];
      uint32_t live = cl->count < cl->max ? cl->count : cl->max;
      for (uint32_t i = 0; i < live && i < cl->n; i++) {
         uint32_t r = cl->rect[i], inst = cl->inst[i] ? cl->inst[i] : 1;
         e[r].drawn = true;
         e[r].rgba[0] = (uint8_t)(6 * r);
         e[r].rgba[1] = (uint8_t)(cl->base_instance[i] + 16 * (inst - 1));
         e[r].rgba[2] = s->gs || (s->gs_calls >> k & 1) ? 0 : (uint8_t)(64 * i);
         e[r].rgba[3] = 255;
      }
   }
   if (s->direct_rect) {
      uint32_t r = s->direct_rect;
      e[r] = (struct expect){true, {(uint8_t)(6 * r), 0, 0, 255}};
   }
}

static VkPipeline
make_pipeline(VkPipelineLayout layout, VkShaderModule vs, VkShaderModule fs, VkShaderModule gs)
{
   VkBool32 use_draw_id = gs == VK_NULL_HANDLE;
   VkSpecializationMapEntry me = {0, 0, sizeof(VkBool32)};
   VkSpecializationInfo spec = {1, &me, sizeof(use_draw_id), &use_draw_id};
   VkPipelineShaderStageCreateInfo stages[3] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs,
       .pName = "main",
       .pSpecializationInfo = &spec},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = fs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_GEOMETRY_BIT,
       .module = gs,
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
   VkGraphicsPipelineCreateInfo gci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                       .pNext = &ri,
                                       .stageCount = gs ? 3 : 2,
                                       .pStages = stages,
                                       .pVertexInputState = &vi,
                                       .pInputAssemblyState = &ia,
                                       .pViewportState = &vps,
                                       .pRasterizationState = &rs,
                                       .pMultisampleState = &ms,
                                       .pColorBlendState = &cb,
                                       .layout = layout};
   VkPipeline pipe;
   VK_OK(vkCreateGraphicsPipelines(c.dev, VK_NULL_HANDLE, 1, &gci, NULL, &pipe));
   return pipe;
}

struct objects {
   VkImage image;
   VkImageView view;
   VkPipeline pipe, gs_pipe, pad_pipe;
   struct agx_vk_pipeline comp;
   struct agx_vk_buffer ib, ind, cnt, out;
};

static void
image_barrier(VkCommandBuffer cmd, VkImage image, VkPipelineStageFlags2 src, VkAccessFlags2 sa,
              VkPipelineStageFlags2 dst, VkAccessFlags2 da, VkImageLayout from, VkImageLayout to)
{
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = src,
                              .srcAccessMask = sa,
                              .dstStageMask = dst,
                              .dstAccessMask = da,
                              .oldLayout = from,
                              .newLayout = to,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .imageMemoryBarrierCount = 1,
                           .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cmd, &dep);
}

static void
memory_barrier(VkCommandBuffer cmd, VkPipelineStageFlags2 src, VkAccessFlags2 sa,
               VkPipelineStageFlags2 dst, VkAccessFlags2 da)
{
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = src,
                          .srcAccessMask = sa,
                          .dstStageMask = dst,
                          .dstAccessMask = da};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .memoryBarrierCount = 1,
                           .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cmd, &dep);
}

/* Records, runs and checks one scene; returns its mismatching pixels. */
static unsigned
run_scene(struct objects *o, const struct scene *s)
{
   fill_buffers(s, o->ind.ptr, o->cnt.ptr);
   memset(o->out.ptr, 0xCD, W * H * 4);
   VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   if (s->dispatch_count) {
      const struct call *cl = &s->calls[0];
      uint32_t push[2] = {cl->count, cl->count_offset / 4};
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, o->comp.pipeline);
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, o->comp.layout, 0, 1,
                              &o->comp.set, 0, NULL);
      vkCmdPushConstants(cmd, o->comp.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, push);
      vkCmdDispatch(cmd, 1, 1, 1);
      if (!no_barrier)
         memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                        VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                        VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
   }
   image_barrier(cmd, o->image, VK_PIPELINE_STAGE_2_NONE, 0,
                 VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   VkCommandBufferInheritanceRenderingInfo inh_r = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &format,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkCommandBufferInheritanceInfo inh = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                         .pNext = s->secondary == 1 ? &inh_r : NULL};
   VkCommandBuffer sec = VK_NULL_HANDLE;
   if (s->secondary) {
      VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = c.pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                         .commandBufferCount = 1};
      VK_OK(vkAllocateCommandBuffers(c.dev, &cai, &sec));
      VkCommandBufferBeginInfo bi = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
         .flags = s->secondary == 1 ? VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT : 0,
         .pInheritanceInfo = &inh};
      VK_OK(vkBeginCommandBuffer(sec, &bi));
   }
   VkRenderingAttachmentInfo catt = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                     .imageView = o->view,
                                     .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                     .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                     .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                     .clearValue.color.float32 = {0, 0, 0, 1}};
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {W, H}},
                            .layerCount = 1,
                            .colorAttachmentCount = 1,
                            .pColorAttachments = &catt};
   if (s->secondary == 1)
      rinfo.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT;
   if (s->secondary != 2)
      vkCmdBeginRendering(cmd, &rinfo);
   VkCommandBuffer dcb = s->secondary ? sec : cmd;
   if (s->secondary == 2)
      vkCmdBeginRendering(dcb, &rinfo);
   vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, s->gs ? o->gs_pipe : o->pipe);
   vkCmdBindIndexBuffer(dcb, o->ib.buf, 0, VK_INDEX_TYPE_UINT32);
   for (uint32_t k = 0; k < s->n_calls; k++) {
      const struct call *cl = &s->calls[k];
      if (s->gs_calls || s->pad_calls)
         vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS,
                           s->gs_calls >> k & 1    ? o->gs_pipe
                           : s->pad_calls >> k & 1 ? o->pad_pipe
                                                   : o->pipe);
      if (cl->indexed)
         vkCmdDrawIndexedIndirectCount(dcb, o->ind.buf, cl->offset, o->cnt.buf, cl->count_offset,
                                       cl->max, cl->stride);
      else
         vkCmdDrawIndirectCount(dcb, o->ind.buf, cl->offset, o->cnt.buf, cl->count_offset, cl->max,
                                cl->stride);
   }
   if (s->direct_rect) {
      if (s->gs_calls || s->pad_calls)
         vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, o->pipe);
      vkCmdDraw(dcb, 6, 1, 6 * s->direct_rect, 0);
   }
   if (s->secondary == 2)
      vkCmdEndRendering(dcb);
   if (s->secondary) {
      VK_OK(vkEndCommandBuffer(sec));
      vkCmdExecuteCommands(cmd, 1, &sec);
   }
   if (s->secondary != 2)
      vkCmdEndRendering(cmd);
   image_barrier(cmd, o->image, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                 VK_ACCESS_2_TRANSFER_READ_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cmd, o->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, o->out.buf, 1, &r);
   memory_barrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
   VK_OK(agx_vk_submit_wait(&c, cmd));
   if (sec)
      vkFreeCommandBuffers(c.dev, c.pool, 1, &sec);

   struct expect e[8];
   expected(s, e);
   unsigned bad = 0, shown = 0, drawn = 0;
   const uint8_t *px = o->out.ptr;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int rr = x / 8;
         bool in = x % 8 >= 1 && x % 8 <= 6 && y >= 1 && y <= 14 && e[rr].drawn;
         uint8_t want[4] = {0, 0, 0, 255};
         if (in)
            memcpy(want, e[rr].rgba, 4);
         const uint8_t *g = px + 4 * (y * W + x);
         if (memcmp(g, want, 4)) {
            bad++;
            if (shown++ < 6)
               printf("%s: pixel (%d, %d): %u %u %u %u, expected %u %u %u %u\n", s->name, x, y,
                      g[0], g[1], g[2], g[3], want[0], want[1], want[2], want[3]);
         }
      }
   for (int rr = 0; rr < 8; rr++)
      drawn += e[rr].drawn;
   printf("%s: %u rectangles expected, %u mismatching pixels\n", s->name, drawn, bad);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 7) {
      fprintf(stderr,
              "usage: %s VERT_SPV FRAG_SPV GEOM_SPV COMP_SPV PAD_VERT_SPV PAD_FRAG_SPV "
              "[--validation] [--reference] "
              "[--no-barrier]\n",
              argv[0]);
      return 2;
   }
   bool validation = false;
   for (int i = 7; i < argc; i++) {
      no_barrier |= strcmp(argv[i], "--no-barrier") == 0;
      validation |= strcmp(argv[i], "--validation") == 0;
   }
   /* Synchronization validation reports a missing barrier between the
    * dispatch writing the count and the draw reading it (--no-barrier). */
   if (validation)
      setenv("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT", 1);
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &f11};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f12};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   if (!f12.drawIndirectCount || !f11.shaderDrawParameters || !f2.features.multiDrawIndirect) {
      printf("drawIndirectCount, shaderDrawParameters or multiDrawIndirect is not supported\n");
      return 1;
   }
   bool has_gs = f2.features.geometryShader;
   f11 = (VkPhysicalDeviceVulkan11Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .shaderDrawParameters = VK_TRUE};
   f12 = (VkPhysicalDeviceVulkan12Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &f11,
      .drawIndirectCount = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.multiDrawIndirect = VK_TRUE, .geometryShader = has_gs};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);

   struct objects o = {0};
   o.ib = agx_vk_buffer_usage(&c, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   o.ind = agx_vk_buffer_usage(&c, 4096, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   o.cnt = agx_vk_buffer_usage(
      &c, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
   o.out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   uint32_t *idx = o.ib.ptr;
   for (uint32_t i = 0; i < 6; i++)
      idx[i] = i;

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
   VK_OK(vkCreateImage(c.dev, &ici, NULL, &o.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c.dev, o.image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(&c, req.memoryTypeBits, 0)};
   VkDeviceMemory mem;
   VK_OK(vkAllocateMemory(c.dev, &mai, NULL, &mem));
   VK_OK(vkBindImageMemory(c.dev, o.image, mem, 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = o.image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(c.dev, &vci, NULL, &o.view));

   VkShaderModule vs = agx_vk_shader(&c, argv[1]), fs = agx_vk_shader(&c, argv[2]);
   VkShaderModule gs = has_gs ? agx_vk_shader(&c, argv[3]) : VK_NULL_HANDLE;
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &layout));
   o.pipe = make_pipeline(layout, vs, fs, VK_NULL_HANDLE);
   if (has_gs)
      o.gs_pipe = make_pipeline(layout, vs, fs, gs);
   VkShaderModule pad_vs = agx_vk_shader(&c, argv[5]), pad_fs = agx_vk_shader(&c, argv[6]);
   o.pad_pipe = make_pipeline(layout, pad_vs, pad_fs, VK_NULL_HANDLE);
   agx_vk_pipeline(&c, &o.comp,
                   &(struct agx_vk_pipeline_desc){.spv = argv[4], .buffers = 1, .push_size = 8});
   agx_vk_pipeline_bind(&c, &o.comp, &o.cnt.buf);

   const struct scene scenes[] = {
      {.name = "count 3 of max 5",
       .calls = {{.stride = 16,
                  .max = 5,
                  .count = 3,
                  .n = 5,
                  .rect = {1, 2, 3, 4, 5},
                  .base_instance = {1, 2, 3, 4, 5}}},
       .n_calls = 1},
      {.name = "count 100 clamped to max 3",
       .calls = {{.offset = 32,
                  .stride = 16,
                  .count_offset = 4,
                  .max = 3,
                  .count = 100,
                  .n = 4,
                  .rect = {7, 6, 5, 4},
                  .inst = {1, 2, 1, 1},
                  .base_instance = {0, 3, 9, 1}}},
       .n_calls = 1},
      {.name = "count 0, then a direct draw",
       .calls = {{.stride = 16,
                  .max = 4,
                  .count = 0,
                  .n = 4,
                  .rect = {1, 2, 3, 4},
                  .base_instance = {1, 1, 1, 1}}},
       .n_calls = 1,
       .direct_rect = 6},
      {.name = "indexed strides 20 and 28, two calls",
       .calls = {{.indexed = true,
                  .offset = 4,
                  .stride = 20,
                  .count_offset = 8,
                  .max = 4,
                  .count = 2,
                  .n = 4,
                  .rect = {1, 2, 3, 4},
                  .base_instance = {5, 6, 7, 8}},
                 {.indexed = true,
                  .offset = 512,
                  .stride = 28,
                  .count_offset = 12,
                  .max = 2,
                  .count = 2,
                  .n = 2,
                  .rect = {5, 6},
                  .inst = {2, 1},
                  .base_instance = {2, 4}}},
       .n_calls = 2},
      {.name = "padded stride 32, count = max",
       .calls = {{.offset = 64,
                  .stride = 32,
                  .max = 4,
                  .count = 4,
                  .n = 4,
                  .rect = {2, 4, 6, 7},
                  .base_instance = {10, 20, 30, 40}}},
       .n_calls = 1},
      {.name = "count 2 written by a dispatch",
       .calls = {{.stride = 16,
                  .count_offset = 16,
                  .max = 5,
                  .count = 2,
                  .n = 5,
                  .rect = {1, 2, 3, 4, 5},
                  .base_instance = {3, 4, 5, 6, 7}}},
       .n_calls = 1,
       .dispatch_count = true},
      {.name = "geometry shader, count 2 of max 3, indexed count 1 of max 2",
       .calls = {{.stride = 16,
                  .max = 3,
                  .count = 2,
                  .n = 3,
                  .rect = {1, 2, 3},
                  .base_instance = {1, 2, 3}},
                 {.indexed = true,
                  .offset = 256,
                  .stride = 20,
                  .count_offset = 4,
                  .max = 2,
                  .count = 1,
                  .n = 2,
                  .rect = {5, 6},
                  .inst = {2, 1},
                  .base_instance = {8, 9}}},
       .n_calls = 2,
       .gs = true},
      {.name = "pipelines with and without a geometry shader in turn",
       .calls =
          {{.stride = 16, .max = 2, .count = 2, .n = 2, .rect = {1, 2}, .base_instance = {1, 2}},
           {.offset = 256,
            .stride = 16,
            .max = 2,
            .count = 2,
            .n = 2,
            .rect = {3, 4},
            .base_instance = {3, 4}}},
       .n_calls = 2,
       .direct_rect = 6,
       .gs_calls = 2},
      {.name = "pipelines with two varying layouts in turn",
       .calls =
          {{.stride = 16, .max = 2, .count = 1, .n = 2, .rect = {1, 2}, .base_instance = {1, 2}},
           {.offset = 256,
            .count_offset = 4,
            .stride = 16,
            .max = 2,
            .count = 2,
            .n = 2,
            .rect = {3, 4},
            .base_instance = {3, 4}},
           {.offset = 512,
            .count_offset = 8,
            .stride = 16,
            .max = 1,
            .count = 1,
            .n = 1,
            .rect = {5},
            .base_instance = {5}}},
       .n_calls = 3,
       .direct_rect = 6,
       .pad_calls = 2},
      {.name = "secondary continuing the pass, count 2 of max 4 and indexed count 9 of max 2",
       .calls = {{.stride = 16,
                  .max = 4,
                  .count = 2,
                  .n = 4,
                  .rect = {1, 2, 3, 4},
                  .base_instance = {1, 2, 3, 4}},
                 {.indexed = true,
                  .offset = 256,
                  .stride = 20,
                  .count_offset = 4,
                  .max = 2,
                  .count = 9,
                  .n = 2,
                  .rect = {5, 6},
                  .inst = {1, 2},
                  .base_instance = {8, 9}}},
       .n_calls = 2,
       .direct_rect = 7,
       .secondary = 1},
      {.name = "secondary recording the pass, count 1 of max 3",
       .calls = {{.offset = 128,
                  .stride = 24,
                  .max = 3,
                  .count = 1,
                  .n = 3,
                  .rect = {3, 2, 1},
                  .base_instance = {6, 5, 4}}},
       .n_calls = 1,
       .secondary = 2},
   };
   unsigned bad = 0, run = 0;
   for (unsigned i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
      if ((scenes[i].gs || scenes[i].gs_calls) && !has_gs)
         continue;
      if (no_barrier && !scenes[i].dispatch_count)
         continue;
      bad += run_scene(&o, &scenes[i]);
      run++;
   }
   printf("draw indirect count: %u scenes, %u mismatching pixels\n", run, bad);

   vkDestroyPipeline(c.dev, o.pipe, NULL);
   vkDestroyPipeline(c.dev, o.pad_pipe, NULL);
   vkDestroyShaderModule(c.dev, pad_vs, NULL);
   vkDestroyShaderModule(c.dev, pad_fs, NULL);
   if (o.gs_pipe)
      vkDestroyPipeline(c.dev, o.gs_pipe, NULL);
   agx_vk_pipeline_free(&c, &o.comp);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   if (gs)
      vkDestroyShaderModule(c.dev, gs, NULL);
   vkDestroyImageView(c.dev, o.view, NULL);
   vkDestroyImage(c.dev, o.image, NULL);
   vkFreeMemory(c.dev, mem, NULL);
   agx_vk_buffer_free(&c, &o.ib);
   agx_vk_buffer_free(&c, &o.ind);
   agx_vk_buffer_free(&c, &o.cnt);
   agx_vk_buffer_free(&c, &o.out);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
