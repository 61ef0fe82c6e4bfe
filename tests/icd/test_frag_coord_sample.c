/*
 * FragCoord with per-sample shading (sampleShadingEnable, minSampleShading
 * 1.0; the shader itself reads no sample built-in): a triangle whose
 * corners have depths 0.1, 0.9 and 0.5 on a 4-sample 64x32 image; the
 * fragment shader (shaders/fcz.frag) records per (pixel, sample) its
 * invocations and FragCoord. Checked against a CPU model written from the
 * Vulkan specification: one invocation per covered sample (strictly inside
 * the triangle; samples within 1/64 pixel of an edge are not checked), at
 * the standard 4-sample locations (0.375, 0.125), (0.875, 0.375),
 * (0.125, 0.625), (0.625, 0.875) ("FragCoord": with sample shading the
 * fragment is at its sample), FragCoord.z the depth plane at that sample
 * (viewport depth [0, 1], w = 1; 1e-4 tolerance, while neighbouring
 * samples differ by ~4e-3).
 *
 * test_frag_coord_sample FCZ_VERT FCZ_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 64
#define H 32
#define S 4

static const double sample_pos[S][2] = {
   {0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};

/* the triangle of shaders/fcz.vert in framebuffer coordinates */
static const double clip[3][3] = {{-0.9, -0.8, 0.1}, {0.85, -0.95, 0.9}, {-0.2, 0.9, 0.5}};

struct rec {
   uint32_t count;
   float x, y, z;
};

static struct agx_vk_ctx c;

static void
vertex(unsigned i, double *x, double *y, double *z)
{
   *x = (clip[i][0] + 1.0) * W / 2;
   *y = (clip[i][1] + 1.0) * H / 2;
   *z = clip[i][2];
}

/* -1 outside, 1 inside, 0 within 1/64 pixel of an edge */
static int
inside(double px, double py)
{
   double x[3], y[3], z[3];
   for (unsigned i = 0; i < 3; i++)
      vertex(i, &x[i], &y[i], &z[i]);
   double area = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
   int sign = area > 0 ? 1 : -1, res = 1;
   for (int e = 0; e < 3; e++) {
      int a = e, b = (e + 1) % 3;
      double ex = x[b] - x[a], ey = y[b] - y[a];
      double f = sign * (ex * (py - y[a]) - ey * (px - x[a])) / sqrt(ex * ex + ey * ey);
      if (f < -1.0 / 64)
         return -1;
      if (f < 1.0 / 64)
         res = 0;
   }
   return res;
}

/* the depth plane at (px, py) (barycentric, linear in the framebuffer) */
static double
depth(double px, double py)
{
   double x[3], y[3], z[3];
   for (unsigned i = 0; i < 3; i++)
      vertex(i, &x[i], &y[i], &z[i]);
   double d = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
   double l1 = ((px - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (py - y[0])) / d;
   double l2 = ((x[1] - x[0]) * (py - y[0]) - (px - x[0]) * (y[1] - y[0])) / d;
   return (1 - l1 - l2) * z[0] + l1 * z[1] + l2 * z[2];
}

struct gpu {
   VkShaderModule vs, fs;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct agx_vk_buffer out;
   VkImage ms;
   VkDeviceMemory ms_mem;
   VkImageView ms_view;
   VkPipeline pipeline;
};

static void
make_image(struct gpu *g)
{
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = VK_FORMAT_R8G8B8A8_UNORM,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_4_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT};
   VK_OK(vkCreateImage(c.dev, &ici, NULL, &g->ms));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c.dev, g->ms, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(&c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c.dev, &mai, NULL, &g->ms_mem));
   VK_OK(vkBindImageMemory(c.dev, g->ms, g->ms_mem, 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = g->ms,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_R8G8B8A8_UNORM,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(c.dev, &vci, NULL, &g->ms_view));
}

static void
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
       .pName = "main"}};
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkViewport vpv = {0, 0, W, H, 0, 1};
   VkRect2D sc = {{0, 0}, {W, H}};
   VkPipelineViewportStateCreateInfo vp = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                           .viewportCount = 1,
                                           .pViewports = &vpv,
                                           .scissorCount = 1,
                                           .pScissors = &sc};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_4_BIT,
      .sampleShadingEnable = VK_TRUE,
      .minSampleShading = 1.0f};
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
                                      .pViewportState = &vp,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pColorBlendState = &cb,
                                      .layout = g->layout};
   VK_OK(vkCreateGraphicsPipelines(c.dev, VK_NULL_HANDLE, 1, &ci, NULL, &g->pipeline));
}

static void
gpu_init(struct gpu *g, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->vs = agx_vk_shader(&c, spv[0]);
   g->fs = agx_vk_shader(&c, spv[1]);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c.dev, &dci, NULL, &g->dsl));
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &g->dsl};
   VK_OK(vkCreatePipelineLayout(c.dev, &lci, NULL, &g->layout));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VK_OK(vkCreateDescriptorPool(c.dev, &pci, NULL, &g->pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = g->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &g->dsl};
   VK_OK(vkAllocateDescriptorSets(c.dev, &ai, &g->set));
   g->out = agx_vk_buffer(&c, W * H * S * sizeof(struct rec));
   VkDescriptorBufferInfo bi = {g->out.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = g->set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c.dev, 1, &wr, 0, NULL);
   make_image(g);
   make_pipeline(g);
}

static void
render(struct gpu *g)
{
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageMemoryBarrier2 ib = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                               .dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                               .dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                               .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                               .newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                               .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                               .image = g->ms,
                               .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &ib};
   vkCmdPipelineBarrier2(cb, &di);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = g->ms_view,
                                   .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingInfo rinfo = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                            .renderArea = {{0, 0}, {W, H}},
                            .layerCount = 1,
                            .colorAttachmentCount = 1,
                            .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &rinfo);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                          .srcAccessMask = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo di2 = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .memoryBarrierCount = 1,
                           .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di2);
   VK_OK(agx_vk_submit_wait(&c, cb));
}

/* Mismatches with the model; *covered counts the samples checked. */
static unsigned
check(const struct gpu *g, unsigned *covered, double *max_step)
{
   const struct rec *r = (const struct rec *)g->out.map;
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         for (unsigned s = 0; s < S; s++) {
            double sx = x + sample_pos[s][0], sy = y + sample_pos[s][1];
            int in = inside(sx, sy);
            const struct rec *q = &r[(y * W + x) * S + s];
            if (in == 0)
               continue;
            if (in < 0) {
               if (q->count && bad++ < 10)
                  fprintf(stderr, "pixel (%u, %u) sample %u: shaded %u times, outside\n", x, y, s,
                          q->count);
               continue;
            }
            (*covered)++;
            double z = depth(sx, sy);
            if (s)
               *max_step =
                  fmax(*max_step, fabs(z - depth(x + sample_pos[0][0], y + sample_pos[0][1])));
            if (q->count != 1 || fabs(q->x - sx) > 1e-4 || fabs(q->y - sy) > 1e-4 ||
                fabs(q->z - z) > 1e-4) {
               if (bad++ < 10)
                  fprintf(stderr,
                          "pixel (%u, %u) sample %u: count %u FragCoord (%.5f, %.5f, %.6f), "
                          "want 1 (%.5f, %.5f, %.6f)\n",
                          x, y, s, q->count, q->x, q->y, q->z, sx, sy, z);
            }
         }
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s FCZ_VERT FCZ_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.sampleRateShading = VK_TRUE,
                                    .fragmentStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &feat, 0, NULL);
   struct gpu g;
   gpu_init(&g, argv + 1);
   render(&g);
   unsigned covered = 0;
   double max_step = 0;
   unsigned bad = check(&g, &covered, &max_step);
   printf("%u samples covered, %u mismatches; depth differs by up to %.4f between samples of a "
          "pixel\n",
          covered, bad, max_step);
   /* the scene must be able to tell the sample's depth from the centre's */
   CHECK(covered > 1000 && max_step > 1e-3);
   agx_vk_buffer_free(&c, &g.out);
   vkDestroyPipeline(c.dev, g.pipeline, NULL);
   vkDestroyImageView(c.dev, g.ms_view, NULL);
   vkDestroyImage(c.dev, g.ms, NULL);
   vkFreeMemory(c.dev, g.ms_mem, NULL);
   vkDestroyDescriptorPool(c.dev, g.pool, NULL);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyDescriptorSetLayout(c.dev, g.dsl, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
