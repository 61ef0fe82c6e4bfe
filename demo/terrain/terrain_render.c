/*
 * The terrain frame on the GPU (see terrain_render.h). Shaders are compiled to SPIR-V at build
 * time and embedded (terrain_*_spv arrays from glslangValidator --vn).
 * Assumes: sampler 0 (nearest, clamp) serves the height map's texelFetch; sampler 1 (trilinear,
 * clamp) the colour and normal maps.
 */
#include "terrain_render.h"

#include <stdio.h>
#include <string.h>

#include "patch_vert_spv.h"
#include "sky_frag_spv.h"
#include "sky_vert_spv.h"
#include "terrain_frag_spv.h"
#include "terrain_tesc_spv.h"
#include "terrain_tese_spv.h"
#include "terrain_vert_spv.h"

#define COLOUR_FORMAT VK_FORMAT_R8G8B8A8_UNORM
#define DEPTH_FORMAT VK_FORMAT_D32_SFLOAT

static VkShaderModule
module(struct terrain_vk *vk, const uint32_t *code, size_t size)
{
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = code};
   VkShaderModule m = VK_NULL_HANDLE;
   VKCHECK(vkCreateShaderModule(vk->dev, &ci, NULL, &m));
   return m;
}
#define MODULE(vk, name) module(vk, name, sizeof(name))

static bool
upload_scene(struct terrain_render *r, struct terrain_vk *vk, const struct terrain_scene *s)
{
   const VkImageUsageFlags u = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   const uint32_t hs = TERRAIN_HEIGHT_RES;
   const uint64_t zero = 0;
   return terrain_image_create(vk, VK_FORMAT_R32_SFLOAT, hs, hs, 1, u, VK_IMAGE_ASPECT_COLOR_BIT,
                               &r->heights) &&
          terrain_image_upload(vk, &r->heights, s->heights, sizeof(float) * hs * hs, 1, &hs,
                               &zero) &&
          terrain_image_create(vk, COLOUR_FORMAT, TERRAIN_MAP_RES, TERRAIN_MAP_RES,
                               s->colour.levels, u, VK_IMAGE_ASPECT_COLOR_BIT, &r->colour) &&
          terrain_image_upload(vk, &r->colour, s->colour.data, s->colour.bytes, s->colour.levels,
                               s->colour.size, s->colour.offset) &&
          terrain_image_create(vk, COLOUR_FORMAT, TERRAIN_MAP_RES, TERRAIN_MAP_RES,
                               s->normal.levels, u, VK_IMAGE_ASPECT_COLOR_BIT, &r->normal) &&
          terrain_image_upload(vk, &r->normal, s->normal.data, s->normal.bytes, s->normal.levels,
                               s->normal.size, s->normal.offset);
}

static bool
upload_mesh(struct terrain_render *r, struct terrain_vk *vk, const struct terrain_mesh *m)
{
   VkDeviceSize vbytes = sizeof(float) * 2 * m->num_vertices;
   if (!terrain_buffer_create(vk, vbytes, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &r->vertices))
      return false;
   memcpy(r->vertices.map, m->xz, vbytes);
   r->draw_count = m->num_vertices;
   if (r->tess)
      return true;
   VkDeviceSize ibytes = sizeof(uint32_t) * m->num_indices;
   if (!terrain_buffer_create(vk, ibytes, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &r->indices))
      return false;
   memcpy(r->indices.map, m->indices, ibytes);
   r->draw_count = m->num_indices;
   return true;
}

static bool
make_descriptors(struct terrain_render *r, struct terrain_vk *vk, const struct terrain_scene *s)
{
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_NEAREST,
                              .minFilter = VK_FILTER_NEAREST,
                              .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .maxLod = VK_LOD_CLAMP_NONE};
   if (!VKCHECK(vkCreateSampler(vk->dev, &sci, NULL, &r->nearest)))
      return false;
   sci.magFilter = sci.minFilter = VK_FILTER_LINEAR;
   sci.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
   if (!VKCHECK(vkCreateSampler(vk->dev, &sci, NULL, &r->linear)))
      return false;

   VkShaderStageFlags all = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   if (r->tess)
      all |= VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT | VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
   VkDescriptorSetLayoutBinding b[4] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, all, NULL},
      {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, all, NULL},
      {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL},
      {3, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL},
   };
   VkDescriptorSetLayoutCreateInfo lci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 4,
                                          .pBindings = b};
   VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1},
                                    {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 3}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 2,
                                     .pPoolSizes = sizes};
   if (!VKCHECK(vkCreateDescriptorSetLayout(vk->dev, &lci, NULL, &r->set_layout)) ||
       !VKCHECK(vkCreateDescriptorPool(vk->dev, &pci, NULL, &r->desc_pool)))
      return false;
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = r->desc_pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &r->set_layout};
   if (!VKCHECK(vkAllocateDescriptorSets(vk->dev, &ai, &r->set)) ||
       !terrain_buffer_create(vk, sizeof(s->u), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &r->uniforms))
      return false;
   memcpy(r->uniforms.map, &s->u, sizeof(s->u));

   VkDescriptorBufferInfo ub = {r->uniforms.buf, 0, sizeof(s->u)};
   const VkImageLayout ro = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
   VkDescriptorImageInfo img[3] = {{r->nearest, r->heights.view, ro},
                                   {r->linear, r->colour.view, ro},
                                   {r->linear, r->normal.view, ro}};
   VkWriteDescriptorSet w[4];
   for (uint32_t i = 0; i < 4; i++) {
      w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                    .dstSet = r->set,
                                    .dstBinding = i,
                                    .descriptorCount = 1,
                                    .descriptorType = b[i].descriptorType};
      if (i == 0)
         w[i].pBufferInfo = &ub;
      else
         w[i].pImageInfo = &img[i - 1];
   }
   vkUpdateDescriptorSets(vk->dev, 4, w, 0, NULL);
   VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      .setLayoutCount = 1,
                                      .pSetLayouts = &r->set_layout};
   return VKCHECK(vkCreatePipelineLayout(vk->dev, &plci, NULL, &r->layout));
}

/* One graphics pipeline: `n` stages, with or without the (x, z) vertex input, depth on or off. */
static VkPipeline
make_pipeline(struct terrain_render *r, struct terrain_vk *vk,
              const VkPipelineShaderStageCreateInfo *stages, uint32_t n, bool terrain)
{
   VkVertexInputBindingDescription vb = {0, 2 * sizeof(float), VK_VERTEX_INPUT_RATE_VERTEX};
   VkVertexInputAttributeDescription va = {0, 0, VK_FORMAT_R32G32_SFLOAT, 0};
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = terrain,
      .pVertexBindingDescriptions = &vb,
      .vertexAttributeDescriptionCount = terrain,
      .pVertexAttributeDescriptions = &va};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = terrain && r->tess ? VK_PRIMITIVE_TOPOLOGY_PATCH_LIST
                                     : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkPipelineTessellationStateCreateInfo ts = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
      .patchControlPoints = 4};
   VkPipelineViewportStateCreateInfo vp = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                           .viewportCount = 1,
                                           .scissorCount = 1};
   VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = terrain && r->geometry_only,
      .polygonMode = VK_POLYGON_MODE_FILL,
      .cullMode = VK_CULL_MODE_NONE,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .lineWidth = 1.0f};
   VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = terrain,
      .depthWriteEnable = terrain,
      .depthCompareOp = VK_COMPARE_OP_LESS};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xf};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkDynamicState dyn[2] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
   VkPipelineDynamicStateCreateInfo dy = {.sType =
                                             VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
                                          .dynamicStateCount = 2,
                                          .pDynamicStates = dyn};
   VkFormat cf = COLOUR_FORMAT;
   VkPipelineRenderingCreateInfo rci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                        .colorAttachmentCount = 1,
                                        .pColorAttachmentFormats = &cf,
                                        .depthAttachmentFormat = DEPTH_FORMAT};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &rci,
                                      .stageCount = n,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pTessellationState = terrain && r->tess ? &ts : NULL,
                                      .pViewportState = &vp,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pDepthStencilState = &ds,
                                      .pColorBlendState = &cb,
                                      .pDynamicState = &dy,
                                      .layout = r->layout};
   VkPipeline p = VK_NULL_HANDLE;
   VKCHECK(vkCreateGraphicsPipelines(vk->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static VkPipelineShaderStageCreateInfo
stage(VkShaderStageFlagBits s, VkShaderModule m)
{
   return (VkPipelineShaderStageCreateInfo){.sType =
                                               VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                            .stage = s,
                                            .module = m,
                                            .pName = "main"};
}

static bool
make_pipelines(struct terrain_render *r, struct terrain_vk *vk)
{
   /* the tessellation modules only when the feature is on (their capability needs it) */
   VkShaderModule m[7] = {MODULE(vk, sky_vert_spv), MODULE(vk, sky_frag_spv),
                          MODULE(vk, terrain_frag_spv)};
   if (r->tess) {
      m[3] = MODULE(vk, patch_vert_spv);
      m[4] = MODULE(vk, terrain_tesc_spv);
      m[5] = MODULE(vk, terrain_tese_spv);
   } else {
      m[3] = MODULE(vk, terrain_vert_spv);
   }
   bool ok = m[0] && m[1] && m[2] && m[3] && (!r->tess || (m[4] && m[5]));
   if (ok) {
      VkPipelineShaderStageCreateInfo sky[2] = {stage(VK_SHADER_STAGE_VERTEX_BIT, m[0]),
                                                stage(VK_SHADER_STAGE_FRAGMENT_BIT, m[1])};
      VkPipelineShaderStageCreateInfo ter[4] = {
         stage(VK_SHADER_STAGE_VERTEX_BIT, m[3]),
         stage(VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, m[4]),
         stage(VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, m[5]),
         stage(VK_SHADER_STAGE_FRAGMENT_BIT, m[2])};
      if (!r->tess)
         ter[1] = ter[3];
      r->sky = make_pipeline(r, vk, sky, 2, false);
      r->terrain = make_pipeline(r, vk, ter, r->tess ? 4 : 2, true);
      ok = r->sky && r->terrain;
   }
   for (int i = 0; i < 7; i++)
      if (m[i])
         vkDestroyShaderModule(vk->dev, m[i], NULL);
   return ok;
}

bool
terrain_render_init(struct terrain_render *r, struct terrain_vk *vk, const struct terrain_scene *s,
                    const struct terrain_mesh *m, uint32_t width, uint32_t height, bool tess,
                    bool geometry_only)
{
   memset(r, 0, sizeof(*r));
   r->width = width, r->height = height, r->tess = tess, r->geometry_only = geometry_only;
   const VkImageUsageFlags cu =
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
   return upload_scene(r, vk, s) && upload_mesh(r, vk, m) && make_descriptors(r, vk, s) &&
          make_pipelines(r, vk) &&
          terrain_image_create(vk, COLOUR_FORMAT, width, height, 1, cu, VK_IMAGE_ASPECT_COLOR_BIT,
                               &r->target) &&
          terrain_image_create(vk, DEPTH_FORMAT, width, height, 1,
                               VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                               VK_IMAGE_ASPECT_DEPTH_BIT, &r->depth) &&
          terrain_buffer_create(vk, (VkDeviceSize)width * height * 4,
                                VK_BUFFER_USAGE_TRANSFER_DST_BIT, &r->readback);
}

static void
record_draws(struct terrain_render *r, VkCommandBuffer cmd)
{
   VkViewport vp = {0, 0, (float)r->width, (float)r->height, 0, 1};
   VkRect2D sc = {{0, 0}, {r->width, r->height}};
   vkCmdSetViewport(cmd, 0, 1, &vp);
   vkCmdSetScissor(cmd, 0, 1, &sc);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 0, 1, &r->set, 0, NULL);
   if (!r->geometry_only) {
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->sky);
      vkCmdDraw(cmd, 3, 1, 0, 0);
   }
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->terrain);
   VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cmd, 0, 1, &r->vertices.buf, &zero);
   if (r->tess) {
      vkCmdDraw(cmd, r->draw_count, 1, 0, 0);
   } else {
      vkCmdBindIndexBuffer(cmd, r->indices.buf, 0, VK_INDEX_TYPE_UINT32);
      vkCmdDrawIndexed(cmd, r->draw_count, 1, 0, 0, 0);
   }
}

bool
terrain_render_frame(struct terrain_render *r, struct terrain_vk *vk)
{
   VkCommandBuffer cmd = terrain_cmd_begin(vk);
   if (!cmd)
      return false;
   terrain_image_barrier(cmd, r->target.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                         VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, 0,
                         VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                         VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT);
   terrain_image_barrier(
      cmd, r->depth.image, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
      VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, 0, VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
      VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = r->target.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingAttachmentInfo da = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = r->depth.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                   .clearValue = {.depthStencil = {1.0f, 0}}};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {r->width, r->height}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca,
                         .pDepthAttachment = &da};
   vkCmdBeginRendering(cmd, &ri);
   record_draws(r, cmd);
   vkCmdEndRendering(cmd);
   return terrain_cmd_submit(vk, cmd);
}

bool
terrain_render_readback(struct terrain_render *r, struct terrain_vk *vk)
{
   VkCommandBuffer cmd = terrain_cmd_begin(vk);
   if (!cmd)
      return false;
   terrain_image_barrier(cmd, r->target.image, VK_IMAGE_ASPECT_COLOR_BIT,
                         VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                         VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                         VK_ACCESS_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                               .imageExtent = {r->width, r->height, 1}};
   vkCmdCopyImageToBuffer(cmd, r->target.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                          r->readback.buf, 1, &region);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
   return terrain_cmd_submit(vk, cmd);
}

void
terrain_render_finish(struct terrain_render *r, struct terrain_vk *vk)
{
   if (!vk->dev)
      return;
   vkDeviceWaitIdle(vk->dev);
   if (r->sky)
      vkDestroyPipeline(vk->dev, r->sky, NULL);
   if (r->terrain)
      vkDestroyPipeline(vk->dev, r->terrain, NULL);
   if (r->layout)
      vkDestroyPipelineLayout(vk->dev, r->layout, NULL);
   if (r->desc_pool)
      vkDestroyDescriptorPool(vk->dev, r->desc_pool, NULL);
   if (r->set_layout)
      vkDestroyDescriptorSetLayout(vk->dev, r->set_layout, NULL);
   if (r->nearest)
      vkDestroySampler(vk->dev, r->nearest, NULL);
   if (r->linear)
      vkDestroySampler(vk->dev, r->linear, NULL);
   struct terrain_image *imgs[5] = {&r->heights, &r->colour, &r->normal, &r->target, &r->depth};
   for (int i = 0; i < 5; i++)
      terrain_image_destroy(vk, imgs[i]);
   struct terrain_buffer *bufs[4] = {&r->uniforms, &r->vertices, &r->indices, &r->readback};
   for (int i = 0; i < 4; i++)
      terrain_buffer_destroy(vk, bufs[i]);
   memset(r, 0, sizeof(*r));
}
