/*
 * Varyings of the other types through the loader (issue 18 item 1):
 * shaders/vtypes.vert passes, per triangle t of two covering a 16x16
 * image, flat 64-bit integers (uint64_t, i64vec2), an output block with a
 * float array, a flat ivec2 and a noperspective vec2, a float array and a
 * struct, each the same at the triangle's three vertices; shaders/vtypes.frag
 * stores what it receives per pixel. Compared with the values computed
 * here by the shader's formulas (64-bit and integer values exact, floats
 * within 1e-6 relative: the interpolation of a constant); pixels on the
 * shared diagonal are not checked.
 *
 * test_varying_types VTYPES_VERT VTYPES_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 16
#define H 16
#define WORDS 20 /* per pixel record */

static struct agx_vk_ctx c;

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
                            .samples = VK_SAMPLE_COUNT_1_BIT,
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
   g->out = agx_vk_buffer(&c, W * H * WORDS * 4);
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
   vkCmdDraw(cb, 6, 1, 0, 0);
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

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* The record triangle t's fragments store (the shaders' formulas). */
static void
expected(unsigned t, uint32_t *w, bool *is_float)
{
   uint64_t u64 = 0x0123456789ABCDEFull ^ ((uint64_t)(t + 1) * 0x1111111100000001ull);
   int64_t i64[2] = {-5000000000ll * (int64_t)(t + 1), 7000000000ll + (int64_t)t};
   memset(is_float, 0, WORDS);
   w[0] = (uint32_t)u64, w[1] = (uint32_t)(u64 >> 32);
   for (unsigned k = 0; k < 2; k++)
      w[2 + 2 * k] = (uint32_t)(uint64_t)i64[k], w[3 + 2 * k] = (uint32_t)((uint64_t)i64[k] >> 32);
   for (unsigned k = 0; k < 3; k++)
      w[6 + k] = fbits(0.25f * (float)(k + 1) + (float)t);
   w[9] = (uint32_t)(-(int32_t)t - 7), w[10] = (uint32_t)((int32_t)t * 1000 + 3);
   w[11] = fbits(1.5f * (float)(t + 1)), w[12] = fbits(-2.5f * (float)(t + 1));
   w[13] = fbits(10.0f + (float)t), w[14] = fbits(-20.0f - (float)t);
   w[15] = fbits(0.5f + (float)t);
   for (unsigned k = 0; k < 3; k++)
      w[16 + k] = fbits((float)(k + 1) * (float)(t + 2));
   w[19] = 1;
   for (unsigned k = 6; k < 19; k++)
      is_float[k] = k != 9 && k != 10;
}

static unsigned
check(const struct gpu *g, unsigned *checked)
{
   const uint32_t *r = (const uint32_t *)g->out.map;
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         if (x + y == W - 1)
            continue; /* on the shared edge */
         unsigned t = x + y < W - 1 ? 0 : 1;
         uint32_t want[WORDS];
         bool is_float[WORDS];
         expected(t, want, is_float);
         const uint32_t *got = r + (y * W + x) * WORDS;
         (*checked)++;
         for (unsigned k = 0; k < WORDS; k++) {
            float gf, wf;
            memcpy(&gf, &got[k], 4);
            memcpy(&wf, &want[k], 4);
            bool ok = is_float[k] ? fabsf(gf - wf) <= 1e-6f * fabsf(wf) : got[k] == want[k];
            if (!ok && bad++ < 10)
               fprintf(stderr, "pixel (%u, %u) word %u: 0x%08x, want 0x%08x\n", x, y, k, got[k],
                       want[k]);
         }
      }
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s VTYPES_VERT VTYPES_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.shaderInt64 = VK_TRUE, .fragmentStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &feat, 0, NULL);
   struct gpu g;
   gpu_init(&g, argv + 1);
   render(&g);
   unsigned checked = 0;
   unsigned bad = check(&g, &checked);
   printf("%u pixels checked, %u wrong words\n", checked, bad);
   CHECK(checked == W * H - W);
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
