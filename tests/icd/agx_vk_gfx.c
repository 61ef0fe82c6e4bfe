/*
 * Graphics scaffolding of the loader tests (see agx_vk_gfx.h): images,
 * barriers, dynamic rendering, the graphics pipeline builder, readback.
 * Plain Vulkan 1.3 calls on the caller's objects; every failed call is a
 * failed check (VK_OK), as in agx_vk_ctx.c.
 */
#include "agx_vk_gfx.h"

/* --- Images ------------------------------------------------------------- */

static uint32_t
or_one(uint32_t v)
{
   return v ? v : 1;
}

VkImageView
agx_vk_image_view(struct agx_vk_ctx *c, VkImage image, VkImageViewType type, VkFormat format,
                  VkImageSubresourceRange range)
{
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = image,
                                .viewType = type,
                                .format = format,
                                .subresourceRange = range};
   VkImageView view;
   VK_OK(vkCreateImageView(c->dev, &vci, NULL, &view));
   return view;
}

static VkImageViewType
default_view_type(const struct agx_vk_image_desc *d)
{
   if (d->view_type)
      return d->view_type;
   if (d->three_d)
      return VK_IMAGE_VIEW_TYPE_3D;
   return or_one(d->layers) > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
}

void
agx_vk_image_create(struct agx_vk_ctx *c, const struct agx_vk_image_desc *d,
                    struct agx_vk_image *img)
{
   VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .flags = d->flags,
      .imageType = d->three_d ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D,
      .format = d->format,
      .extent = {d->width, d->height, or_one(d->depth)},
      .mipLevels = or_one(d->levels),
      .arrayLayers = or_one(d->layers),
      .samples = d->samples ? d->samples : VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = d->usage,
   };
   memset(img, 0, sizeof(*img));
   img->format = d->format;
   img->width = d->width;
   img->height = d->height;
   img->layers = or_one(d->layers);
   img->aspect = d->aspect ? d->aspect : VK_IMAGE_ASPECT_COLOR_BIT;
   VK_OK(vkCreateImage(c->dev, &ici, NULL, &img->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, img->image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c->dev, &mai, NULL, &img->mem));
   VK_OK(vkBindImageMemory(c->dev, img->image, img->mem, 0));
   if (!d->no_view) {
      VkImageViewType type = default_view_type(d);
      bool all_layers = type == VK_IMAGE_VIEW_TYPE_1D_ARRAY ||
                        type == VK_IMAGE_VIEW_TYPE_2D_ARRAY || type == VK_IMAGE_VIEW_TYPE_CUBE ||
                        type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
      img->view = agx_vk_image_view(c, img->image, type, d->format,
                                    (VkImageSubresourceRange){img->aspect, 0, or_one(d->levels), 0,
                                                              all_layers ? img->layers : 1});
   }
}

void
agx_vk_color_target(struct agx_vk_ctx *c, VkFormat format, uint32_t w, uint32_t h,
                    struct agx_vk_image *img)
{
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = format,
                                                   .width = w,
                                                   .height = h,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       img);
}

void
agx_vk_image_free(struct agx_vk_ctx *c, struct agx_vk_image *img)
{
   if (img->view)
      vkDestroyImageView(c->dev, img->view, NULL);
   if (img->image)
      vkDestroyImage(c->dev, img->image, NULL);
   if (img->mem)
      vkFreeMemory(c->dev, img->mem, NULL);
   memset(img, 0, sizeof(*img));
}

/* --- Barriers ------------------------------------------------------------ */

void
agx_vk_barrier_range(VkCommandBuffer cb, VkImage image, VkImageSubresourceRange range,
                     VkImageLayout from, VkImageLayout to, struct agx_vk_access src,
                     struct agx_vk_access dst)
{
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = src.stage,
                              .srcAccessMask = src.access,
                              .dstStageMask = dst.stage,
                              .dstAccessMask = dst.access,
                              .oldLayout = from,
                              .newLayout = to,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = range};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
}

void
agx_vk_barrier(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspect, VkImageLayout from,
               VkImageLayout to, struct agx_vk_access src, struct agx_vk_access dst)
{
   agx_vk_barrier_range(
      cb, image,
      (VkImageSubresourceRange){aspect, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS},
      from, to, src, dst);
}

void
agx_vk_memory_barrier(VkCommandBuffer cb, struct agx_vk_access src, struct agx_vk_access dst)
{
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = src.stage,
                          .srcAccessMask = src.access,
                          .dstStageMask = dst.stage,
                          .dstAccessMask = dst.access};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di);
}

void
agx_vk_host_barrier(VkCommandBuffer cb)
{
   agx_vk_memory_barrier(cb, AGX_VK_COPY_WRITE, AGX_VK_HOST_READ);
}

/* --- Dynamic rendering ---------------------------------------------------- */

VkRenderingAttachmentInfo
agx_vk_color_attachment(VkImageView view, const VkClearColorValue *clear)
{
   VkRenderingAttachmentInfo a = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                  .imageView = view,
                                  .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                  .loadOp = clear ? VK_ATTACHMENT_LOAD_OP_CLEAR
                                                  : VK_ATTACHMENT_LOAD_OP_LOAD,
                                  .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   if (clear)
      a.clearValue.color = *clear;
   return a;
}

VkRenderingAttachmentInfo
agx_vk_depth_attachment(VkImageView view, VkImageLayout layout,
                        const VkClearDepthStencilValue *clear)
{
   VkRenderingAttachmentInfo a = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                  .imageView = view,
                                  .imageLayout = layout,
                                  .loadOp = clear ? VK_ATTACHMENT_LOAD_OP_CLEAR
                                                  : VK_ATTACHMENT_LOAD_OP_LOAD,
                                  .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   if (clear)
      a.clearValue.depthStencil = *clear;
   return a;
}

void
agx_vk_begin_rendering(VkCommandBuffer cb, const struct agx_vk_rendering *r)
{
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .flags = r->flags,
                         .renderArea = {{0, 0}, {r->width, r->height}},
                         .layerCount = or_one(r->layers),
                         .viewMask = r->view_mask,
                         .colorAttachmentCount = r->color_count,
                         .pColorAttachments = r->colors,
                         .pDepthAttachment = r->depth,
                         .pStencilAttachment = r->stencil};
   vkCmdBeginRendering(cb, &ri);
}

void
agx_vk_begin_color_pass(VkCommandBuffer cb, const struct agx_vk_image *img,
                        const VkClearColorValue *clear)
{
   agx_vk_barrier(cb, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo a = agx_vk_color_attachment(img->view, clear);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = img->width,
                                                         .height = img->height,
                                                         .color_count = 1,
                                                         .colors = &a});
}

void
agx_vk_viewport_scissor(VkCommandBuffer cb, uint32_t w, uint32_t h)
{
   VkViewport v = {0, 0, (float)w, (float)h, 0, 1};
   VkRect2D s = {{0, 0}, {w, h}};
   vkCmdSetViewport(cb, 0, 1, &v);
   vkCmdSetScissor(cb, 0, 1, &s);
}

/* --- Graphics pipelines ---------------------------------------------------- */

static const VkShaderStageFlagBits stage_bits[AGX_VK_STAGES] = {
   VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
   VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, VK_SHADER_STAGE_GEOMETRY_BIT,
   VK_SHADER_STAGE_FRAGMENT_BIT};

void
agx_vk_gfx_stage(struct agx_vk_gfx *g, enum agx_vk_stage stage, VkShaderModule module)
{
   g->stage[stage] = (VkPipelineShaderStageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
      .stage = stage_bits[stage],
      .module = module,
      .pName = "main"};
}

void
agx_vk_gfx_defaults(struct agx_vk_gfx *g, VkPipelineLayout layout, VkShaderModule vs,
                    VkShaderModule fs, VkFormat color)
{
   memset(g, 0, sizeof(*g));
   agx_vk_gfx_stage(g, AGX_VK_VS, vs);
   agx_vk_gfx_stage(g, AGX_VK_FS, fs);
   g->vi.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO;
   g->ia.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO;
   g->ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   g->ts.sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO;
   g->vp.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO;
   g->vp.viewportCount = 1;
   g->vp.scissorCount = 1;
   g->rs.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO;
   g->rs.polygonMode = VK_POLYGON_MODE_FILL;
   g->rs.cullMode = VK_CULL_MODE_NONE;
   g->rs.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   g->rs.lineWidth = 1.0f;
   g->ms.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO;
   g->ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
   g->ds.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO;
   for (unsigned i = 0; i < AGX_VK_MAX_COLORS; i++)
      g->att[i].colorWriteMask = 0xF;
   g->cb.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO;
   g->dynamic[0] = VK_DYNAMIC_STATE_VIEWPORT;
   g->dynamic[1] = VK_DYNAMIC_STATE_SCISSOR;
   g->dyn.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO;
   g->dyn.dynamicStateCount = 2;
   g->ri.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO;
   if (color != VK_FORMAT_UNDEFINED) {
      g->color_formats[0] = color;
      g->ri.colorAttachmentCount = 1;
      g->cb.attachmentCount = 1;
   }
   g->ci.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO;
   g->ci.layout = layout;
}

void
agx_vk_gfx_fixed_viewport(struct agx_vk_gfx *g, uint32_t w, uint32_t h)
{
   g->viewports[0] = (VkViewport){0, 0, (float)w, (float)h, 0, 1};
   g->scissors[0] = (VkRect2D){{0, 0}, {w, h}};
   uint32_t n = 0;
   for (uint32_t i = 0; i < g->dyn.dynamicStateCount; i++)
      if (g->dynamic[i] != VK_DYNAMIC_STATE_VIEWPORT && g->dynamic[i] != VK_DYNAMIC_STATE_SCISSOR)
         g->dynamic[n++] = g->dynamic[i];
   g->dyn.dynamicStateCount = n;
}

/* Points the create info at the states and the stages that have modules. */
static void
link(struct agx_vk_gfx *g, VkPipelineShaderStageCreateInfo *stages)
{
   uint32_t n = 0;
   for (unsigned s = 0; s < AGX_VK_STAGES; s++)
      if (g->stage[s].module)
         stages[n++] = g->stage[s];
   bool tess = g->stage[AGX_VK_TCS].module || g->stage[AGX_VK_TES].module;
   CHECK(g->cb.attachmentCount <= AGX_VK_MAX_COLORS);
   CHECK(g->ri.colorAttachmentCount <= AGX_VK_MAX_COLORS);
   CHECK(g->dyn.dynamicStateCount <= AGX_VK_MAX_DYNAMIC);
   CHECK(g->vp.viewportCount <= AGX_VK_MAX_VIEWPORTS);
   CHECK(g->vp.scissorCount <= AGX_VK_MAX_VIEWPORTS);
   g->vp.pViewports = g->viewports; /* ignored where they are dynamic */
   g->vp.pScissors = g->scissors;
   g->cb.pAttachments = g->att;
   g->dyn.pDynamicStates = g->dynamic;
   g->ri.pColorAttachmentFormats = g->color_formats;
   g->ci.stageCount = n;
   g->ci.pStages = stages;
   g->ci.pVertexInputState = &g->vi;
   g->ci.pInputAssemblyState = &g->ia;
   g->ci.pTessellationState = tess ? &g->ts : NULL;
   g->ci.pViewportState = &g->vp;
   g->ci.pRasterizationState = &g->rs;
   g->ci.pMultisampleState = &g->ms;
   g->ci.pDepthStencilState = &g->ds;
   g->ci.pColorBlendState = &g->cb;
   g->ci.pDynamicState = g->dyn.dynamicStateCount ? &g->dyn : NULL;
   g->ci.pNext = g->ci.renderPass ? NULL : &g->ri;
}

VkResult
agx_vk_gfx_try_create(struct agx_vk_ctx *c, struct agx_vk_gfx *g, VkPipeline *p)
{
   VkPipelineShaderStageCreateInfo stages[AGX_VK_STAGES];
   link(g, stages);
   return vkCreateGraphicsPipelines(c->dev, VK_NULL_HANDLE, 1, &g->ci, NULL, p);
}

VkPipeline
agx_vk_gfx_create(struct agx_vk_ctx *c, struct agx_vk_gfx *g)
{
   VkPipeline p;
   VK_OK(agx_vk_gfx_try_create(c, g, &p));
   return p;
}

VkPipelineLayout
agx_vk_pipeline_layout(struct agx_vk_ctx *c, uint32_t set_count, const VkDescriptorSetLayout *sets,
                       VkShaderStageFlags push_stages, uint32_t push_size)
{
   VkPushConstantRange pr = {push_stages, 0, push_size};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = set_count,
                                     .pSetLayouts = sets,
                                     .pushConstantRangeCount = push_size ? 1 : 0,
                                     .pPushConstantRanges = &pr};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(c->dev, &lci, NULL, &layout));
   return layout;
}

/* --- Descriptor sets ------------------------------------------------------ */

#define AGX_VK_MAX_BINDINGS 16

void
agx_vk_set_create(struct agx_vk_ctx *c, uint32_t count, const struct agx_vk_binding *b,
                  struct agx_vk_set *s)
{
   CHECK(count > 0 && count <= AGX_VK_MAX_BINDINGS);
   VkDescriptorSetLayoutBinding lb[AGX_VK_MAX_BINDINGS];
   VkDescriptorPoolSize ps[AGX_VK_MAX_BINDINGS];
   for (uint32_t i = 0; i < count; i++) {
      lb[i] = (VkDescriptorSetLayoutBinding){i, b[i].type, 1, b[i].stages, NULL};
      ps[i] = (VkDescriptorPoolSize){b[i].type, 1};
   }
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = count,
                                          .pBindings = lb};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &s->layout));
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = count,
                                     .pPoolSizes = ps};
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &s->pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = s->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &s->layout};
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &s->set));
}

void
agx_vk_set_buffer(struct agx_vk_ctx *c, const struct agx_vk_set *s, uint32_t binding,
                  VkDescriptorType type, VkBuffer buf)
{
   VkDescriptorBufferInfo bi = {buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = s->set,
                             .dstBinding = binding,
                             .descriptorCount = 1,
                             .descriptorType = type,
                             .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c->dev, 1, &w, 0, NULL);
}

void
agx_vk_set_image(struct agx_vk_ctx *c, const struct agx_vk_set *s, uint32_t binding,
                 VkDescriptorType type, VkSampler sampler, VkImageView view, VkImageLayout layout)
{
   VkDescriptorImageInfo ii = {sampler, view, layout};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = s->set,
                             .dstBinding = binding,
                             .descriptorCount = 1,
                             .descriptorType = type,
                             .pImageInfo = &ii};
   vkUpdateDescriptorSets(c->dev, 1, &w, 0, NULL);
}

void
agx_vk_set_free(struct agx_vk_ctx *c, struct agx_vk_set *s)
{
   vkDestroyDescriptorPool(c->dev, s->pool, NULL);
   vkDestroyDescriptorSetLayout(c->dev, s->layout, NULL);
   memset(s, 0, sizeof(*s));
}

/* --- Vertex-stage store tests --------------------------------------------- */

void
agx_vk_vs_store_create(struct agx_vk_ctx *c, const char *vs_path, VkDeviceSize out_size,
                       VkDeviceSize vb_size, struct agx_vk_vs_store *o)
{
   memset(o, 0, sizeof(*o));
   o->vs = agx_vk_shader(c, vs_path);
   struct agx_vk_binding b = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT};
   agx_vk_set_create(c, 1, &b, &o->set);
   o->layout = agx_vk_pipeline_layout(c, 1, &o->set.layout, VK_SHADER_STAGE_VERTEX_BIT, 4);
   o->out = agx_vk_buffer(c, out_size);
   agx_vk_set_buffer(c, &o->set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, o->out.buf);
   for (unsigned k = 0; k < 2; k++)
      o->vb[k] = agx_vk_buffer_usage(c, vb_size, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
}

void
agx_vk_vs_store_free(struct agx_vk_ctx *c, struct agx_vk_vs_store *o)
{
   for (unsigned k = 0; k < 2; k++)
      agx_vk_buffer_free(c, &o->vb[k]);
   agx_vk_buffer_free(c, &o->out);
   vkDestroyPipelineLayout(c->dev, o->layout, NULL);
   agx_vk_set_free(c, &o->set);
   vkDestroyShaderModule(c->dev, o->vs, NULL);
}

/* --- Readback --------------------------------------------------------------- */

void
agx_vk_copy_to_buffer(VkCommandBuffer cb, const struct agx_vk_image *img, VkImageLayout layout,
                      VkImageAspectFlags aspect, uint32_t layer, VkBuffer buf, VkDeviceSize offset)
{
   VkBufferImageCopy bic = {.bufferOffset = offset,
                            .imageSubresource = {aspect ? aspect : img->aspect, 0, layer, 1},
                            .imageExtent = {img->width, img->height, 1}};
   vkCmdCopyImageToBuffer(cb, img->image, layout, buf, 1, &bic);
}

void
agx_vk_readback(VkCommandBuffer cb, const struct agx_vk_image *img, VkImageLayout from,
                struct agx_vk_access src, const struct agx_vk_buffer *out)
{
   agx_vk_barrier(cb, img->image, img->aspect, from, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, src,
                  AGX_VK_COPY_READ);
   VkBufferImageCopy bic = {.imageSubresource = {img->aspect, 0, 0, img->layers},
                            .imageExtent = {img->width, img->height, 1}};
   vkCmdCopyImageToBuffer(cb, img->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out->buf, 1, &bic);
   agx_vk_host_barrier(cb);
}
