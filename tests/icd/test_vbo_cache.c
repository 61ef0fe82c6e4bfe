/*
 * The device's vertex-fetch prolog cache (icd/agxv_vbo.c), through the
 * driver's own entry points: pipelines with the same vertex input state
 * reuse one prolog (device->vbo_prolog_builds does not move), another
 * stride builds a second; a VS reading a location the state does not
 * describe is refused with an error; the VkFormat -> prolog format table
 * covers every prolog format (46 VkFormats: A8B8G8R8_*_PACK32 share
 * R8G8B8A8's entries).
 *
 * test_vbo_cache VBO_VERT_SPV DRAW_FRAG_SPV
 */
#include <string.h>

#include "agx_internal_test.h"
#include "agx_vbo_prolog.h"
#include "agxv_vbo.h"

static VkShaderModule
module(VkDevice dev, const char *path)
{
   FILE *f = fopen(path, "rb");
   CHECK(f);
   uint32_t *words = malloc(1 << 20);
   size_t size = fread(words, 1, 1 << 20, f);
   fclose(f);
   CHECK(size > 20 && size % 4 == 0);
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = words};
   VkShaderModule m;
   CHECK(agxv_CreateShaderModule(dev, &ci, NULL, &m) == VK_SUCCESS);
   free(words);
   return m;
}

/* A pipeline drawing vbo.vert with positions of `stride` bytes, colours in
 * binding 1 (nattr 1: colour location undescribed). */
static VkResult
make(VkDevice dev, VkShaderModule vs, VkShaderModule fs, VkPipelineLayout layout, uint32_t stride,
     uint32_t nattr, VkPipeline *p)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = fs,
       .pName = "main"},
   };
   VkVertexInputBindingDescription b[2] = {{0, stride, VK_VERTEX_INPUT_RATE_VERTEX},
                                           {1, 4, VK_VERTEX_INPUT_RATE_VERTEX}};
   VkVertexInputAttributeDescription a[2] = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 0},
                                             {1, 1, VK_FORMAT_R8G8B8A8_UNORM, 0}};
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 2,
      .pVertexBindingDescriptions = b,
      .vertexAttributeDescriptionCount = nattr,
      .pVertexAttributeDescriptions = a};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkViewport vpv = {0, 0, 64, 64, 0, 1};
   VkRect2D sc = {{0, 0}, {64, 64}};
   VkPipelineViewportStateCreateInfo vp = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                           .viewportCount = 1,
                                           .pViewports = &vpv,
                                           .scissorCount = 1,
                                           .pScissors = &sc};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
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
                                      .layout = layout};
   return agxv_CreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &ci, NULL, p);
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s VBO_VERT_SPV DRAW_FRAG_SPV\n", argv[0]);
      return 2;
   }
   /* the format table: every prolog format, each from one VkFormat except
    * R8G8B8A8's six, which A8B8G8R8_*_PACK32 share (the same bytes) */
   unsigned n = 0, distinct = 0;
   bool seen[AGX_VBO_NUM_FORMATS] = {false};
   for (int f = VK_FORMAT_UNDEFINED; f <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; f++) {
      unsigned v = agxv_vbo_format((VkFormat)f);
      CHECK(v < AGX_VBO_NUM_FORMATS);
      if (v) {
         distinct += !seen[v];
         seen[v] = true;
         n++;
      }
   }
   CHECK(distinct == AGX_VBO_NUM_FORMATS - 1);
   CHECK(n == AGX_VBO_NUM_FORMATS - 1 + 6);
   CHECK(agxv_vbo_format(VK_FORMAT_A8B8G8R8_SNORM_PACK32) ==
         agxv_vbo_format(VK_FORMAT_R8G8B8A8_SNORM));
   CHECK(agxv_vbo_format(VK_FORMAT_A2B10G10R10_UNORM_PACK32) !=
         agxv_vbo_format(VK_FORMAT_R8G8B8A8_UNORM));
   CHECK(!agxv_vbo_format(VK_FORMAT_A2R10G10B10_UNORM_PACK32));

   struct agx_test_device T = agx_test_device_create();
   VkShaderModule vs = module(T.vk, argv[1]), fs = module(T.vk, argv[2]);
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   VkPipelineLayout layout;
   CHECK(agxv_CreatePipelineLayout(T.vk, &lci, NULL, &layout) == VK_SUCCESS);
   VkPipeline p[4];
   CHECK(T.dev->vbo_prolog_builds == 0);
   CHECK(make(T.vk, vs, fs, layout, 8, 2, &p[0]) == VK_SUCCESS);
   CHECK(T.dev->vbo_prolog_builds == 1);
   CHECK(make(T.vk, vs, fs, layout, 8, 2, &p[1]) == VK_SUCCESS);
   CHECK(T.dev->vbo_prolog_builds == 1); /* the same key: cached */
   CHECK(make(T.vk, vs, fs, layout, 16, 2, &p[2]) == VK_SUCCESS);
   CHECK(T.dev->vbo_prolog_builds == 2); /* another stride: another prolog */
   CHECK(make(T.vk, vs, fs, layout, 8, 1, &p[3]) == VK_ERROR_UNKNOWN && !p[3]);
   CHECK(T.dev->vbo_prolog_builds == 2);
   for (int i = 0; i < 3; i++)
      agxv_DestroyPipeline(T.vk, p[i], NULL);
   agxv_DestroyPipelineLayout(T.vk, layout, NULL);
   agxv_DestroyShaderModule(T.vk, vs, NULL);
   agxv_DestroyShaderModule(T.vk, fs, NULL);
   agx_test_device_destroy(&T);
   printf("ok: %u formats, 2 prologs for 3 pipelines, undescribed location refused\n", n);
   return 0;
}
