/*
 * Multiview through the loader (Vulkan 1.1 `multiview`): draws with a view
 * mask into a 4-layer 32 x 32 R8G8B8A8_UNORM attachment, every layer
 * compared with a CPU reference. mv.vert places one pixel-aligned rectangle
 * per view (gl_ViewIndex: position and red), mv.frag adds blue from its own
 * gl_ViewIndex, so a view drawn to the wrong layer, a view drawn twice or
 * missing, or a stage reading another view's index shows up as wrong
 * pixels. Before each pass every layer is filled with MARK
 * (vkCmdClearColorImage); layers outside the view mask must keep it.
 *
 * Scenes: dynamic rendering with viewMask 0b11 and 0b101 (a mask with a
 * hole), loadOp LOAD, the draw in a secondary command buffer inheriting the
 * view mask, vkCmdClearAttachments inside a multiview pass (each view's
 * layer cleared), a render pass with VkRenderPassMultiviewCreateInfo
 * (view mask 0b110, a correlation mask; two subpasses 0b1 then 0b110:
 * the clear load op applies to each view in the first subpass using it),
 * and queries in a pass with two
 * views: an occlusion query (the two queries' results add up to both
 * views' samples, both available) and a timestamp (both queries
 * available). On agx-vk the first query holds the count and the second 0
 * (agxv_multiview.h); other drivers may distribute it (--reference).
 *
 * Input attachments: a second subpass reads the first's output through a
 * 2D-array input attachment (mv_input.frag swizzles it): each view must
 * read its own layer.
 *
 * VK_PIPELINE_CREATE_VIEW_INDEX_FROM_DEVICE_INDEX_BIT (Vulkan 1.1, one
 * device per group: gl_ViewIndex reads device index 0, each view is still
 * drawn to its own layer): on a monolithic pipeline, and with
 * VK_EXT_graphics_pipeline_library on the pre-rasterization library only
 * or the fragment library only, linked fast and with link-time
 * optimisation (dEQP-VK.pipeline.pipeline_library...view_index_from_device_index_*):
 * the stages of a flagged part see view 0 (rectangle and red of view 0, or
 * blue 1/8), the others their view. Not on the reference run: lavapipe
 * (Mesa 22-24) ignores the flag, its shaders read the view (it fails the
 * dEQP cases above the same way).
 *
 * test_multiview MV_VERT_SPV MV_FRAG_SPV MV_INPUT_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 32
#define H 32
#define LAYERS 4
#define FMT VK_FORMAT_R8G8B8A8_UNORM

static const float MARK[4] = {0.2f, 0.4f, 0.6f, 0.8f};
static const float CLEAR[4] = {0.0f, 0.25f, 0.75f, 1.0f};
static const float RECT_CLEAR[4] = {1.0f, 0.0f, 1.0f, 1.0f};

struct scene {
   const char *name;
   uint32_t mask;
   bool load;        /* loadOp LOAD (else CLEAR) */
   bool secondary;   /* the draw in a secondary command buffer */
   bool clear_rect;  /* vkCmdClearAttachments of RECT after the draw */
   bool render_pass; /* VkRenderPass + VkRenderPassMultiviewCreateInfo */
   uint32_t mask2;   /* render passes: a second subpass with this view mask, drawn too */
   bool input;       /* a second subpass reads the first's layer of its view (input attachment) */
   bool queries;     /* occlusion query around the draw, timestamp after it */
   /* VIEW_INDEX_FROM_DEVICE_INDEX on the vertex (bit 0) / fragment (bit 1)
    * stage's pipeline part; gpl: 0 monolithic (then both bits), 1 two
    * libraries linked fast, 2 with link-time optimisation */
   uint32_t device_index;
   int gpl;
};

/* vkCmdClearAttachments rectangle */
static const VkRect2D RECT = {{2, 20}, {10, 8}};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
   struct agx_vk_image a; /* its view: 2D array, all layers */
   struct agx_vk_buffer out, qout;
   VkQueryPool occlusion, timestamps;
   /* input-attachment scene: mv_input.frag, a second 4-layer image B */
   VkShaderModule fs_input;
   struct agx_vk_set ds;
   VkPipelineLayout input_layout;
   struct agx_vk_image b;
   bool precise; /* occlusionQueryPrecise: sample counts (else any non-zero value) */
   bool gpl;     /* VK_EXT_graphics_pipeline_library enabled */
   /* the libraries of the last linked pipeline: kept while it is used (the
    * validation layer of Debian 12, 1.3.239, reads their shader stages at
    * draws and crashes when they are gone) */
   VkPipeline libs[2];
};

static uint8_t
unorm8(float v)
{
   return (uint8_t)(v * 255.0f + 0.5f);
}

static void
put(uint8_t *px, const float c[4])
{
   for (int k = 0; k < 4; k++)
      px[k] = unorm8(c[k]);
}

/* The rectangle of view v (mv.vert), clipped to the attachment. */
static void
view_rect(int v, int *x0, int *y0, int *x1, int *y1)
{
   *x0 = 4 + 6 * v;
   *y0 = 2 + 4 * v;
   *x1 = *x0 + 16 > W ? W : *x0 + 16;
   *y1 = *y0 + 12 > H ? H : *y0 + 12;
}

/* Layer `layer` after the scene. */
static void
reference(const struct scene *s, int layer, uint8_t *img)
{
   bool drawn = ((s->mask | s->mask2) >> layer) & 1;
   for (int i = 0; i < W * H; i++)
      put(img + 4 * i, drawn && !s->load ? CLEAR : MARK);
   if (!drawn)
      return;
   int x0, y0, x1, y1;
   /* the views the vertex and fragment stages read (device index 0) */
   int vs_view = (s->device_index & 1) ? 0 : layer;
   int fs_view = (s->device_index & 2) ? 0 : layer;
   view_rect(vs_view, &x0, &y0, &x1, &y1);
   float col[4] = {(float)(vs_view + 1) / 4.0f, 0.5f, (float)fs_view / 4.0f + 0.125f, 1.0f};
   if (s->input) { /* mv_input.frag: the first subpass's colour of this view, BGRA */
      float r = col[0];
      col[0] = col[2];
      col[2] = r;
   }
   for (int y = y0; y < y1; y++)
      for (int x = x0; x < x1; x++)
         put(img + 4 * (y * W + x), col);
   if (s->clear_rect)
      for (int y = RECT.offset.y; y < RECT.offset.y + (int)RECT.extent.height; y++)
         for (int x = RECT.offset.x; x < RECT.offset.x + (int)RECT.extent.width; x++)
            put(img + 4 * (y * W + x), RECT_CLEAR);
}

/* A 4-layer W x H attachment (also an input attachment) and its 2D-array view. */
static void
make_image(struct agx_vk_ctx *c, struct agx_vk_image *img)
{
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = FMT,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = LAYERS,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT},
                       img);
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   g->layout = agx_vk_pipeline_layout(c, 0, NULL, 0, 0);
   make_image(c, &g->a);
   make_image(c, &g->b);
   g->fs_input = agx_vk_shader(c, spv[2]);
   agx_vk_set_create(
      c, 1,
      &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_SHADER_STAGE_FRAGMENT_BIT},
      &g->ds);
   g->input_layout = agx_vk_pipeline_layout(c, 1, &g->ds.layout, 0, 0);
   /* the first image's 2D-array view: subpassLoad reads the view's layer */
   agx_vk_set_image(c, &g->ds, 0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_NULL_HANDLE, g->a.view,
                    VK_IMAGE_LAYOUT_GENERAL);
   g->out = agx_vk_buffer_usage(c, LAYERS * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_OCCLUSION,
                                .queryCount = 2};
   VK_OK(vkCreateQueryPool(c->dev, &qci, NULL, &g->occlusion));
   qci.queryType = VK_QUERY_TYPE_TIMESTAMP;
   VK_OK(vkCreateQueryPool(c->dev, &qci, NULL, &g->timestamps));
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   vkDestroyQueryPool(d, g->occlusion, NULL);
   vkDestroyQueryPool(d, g->timestamps, NULL);
   agx_vk_image_free(g->c, &g->a);
   agx_vk_image_free(g->c, &g->b);
   agx_vk_set_free(g->c, &g->ds);
   vkDestroyPipelineLayout(d, g->input_layout, NULL);
   vkDestroyShaderModule(d, g->fs_input, NULL);
   agx_vk_buffer_free(g->c, &g->out);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
}

/* The pipeline of mv.vert + mv.frag for view mask `mask` (dynamic
 * rendering) or for subpass `subpass` of `rp`. */
static VkPipeline
pipeline(struct gpu *g, uint32_t mask, VkRenderPass rp, uint32_t subpass, bool input)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, input ? g->input_layout : g->layout, g->vs, input ? g->fs_input : g->fs,
                       FMT);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   b.ri.viewMask = mask;
   b.ci.renderPass = rp;
   b.ci.subpass = subpass;
   return agx_vk_gfx_create(g->c, &b);
}

/* The pipeline of a scene with device_index bits (dynamic rendering):
 * monolithic with VIEW_INDEX_FROM_DEVICE_INDEX, or two libraries (vertex
 * input + pre-rasterization with mv.vert; fragment shader + output with
 * mv.frag) with the flag on the parts of the scene's bits, linked. */
static VkPipeline
device_index_pipeline(struct gpu *g, const struct scene *s)
{
   const VkPipelineCreateFlags flag = VK_PIPELINE_CREATE_VIEW_INDEX_FROM_DEVICE_INDEX_BIT;
   if (!s->gpl) {
      struct agx_vk_gfx b;
      agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, FMT);
      agx_vk_gfx_fixed_viewport(&b, W, H);
      b.ri.viewMask = s->mask;
      b.ci.flags = flag;
      return agx_vk_gfx_create(g->c, &b);
   }
   /* each library holds only its parts' state (as test_gpl) */
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
   VkPipelineDepthStencilStateCreateInfo ds = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   const VkFormat fmt = FMT;
   VkPipelineRenderingCreateInfo ri[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO, .viewMask = s->mask},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
       .viewMask = s->mask,
       .colorAttachmentCount = 1,
       .pColorAttachmentFormats = &fmt}};
   VkGraphicsPipelineLibraryCreateInfoEXT li[2] = {
      {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT,
       .pNext = &ri[0],
       .flags = VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT |
                VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT},
      {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT,
       .pNext = &ri[1],
       .flags = VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT |
                VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT}};
   VkPipeline libs[2];
   for (int i = 0; i < 2; i++) {
      VkGraphicsPipelineCreateInfo ci = {
         .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
         .pNext = &li[i],
         .flags =
            VK_PIPELINE_CREATE_LIBRARY_BIT_KHR |
            (s->gpl == 2 ? VK_PIPELINE_CREATE_RETAIN_LINK_TIME_OPTIMIZATION_INFO_BIT_EXT : 0) |
            ((s->device_index >> i) & 1 ? flag : 0),
         .stageCount = 1,
         .pStages = &stages[i],
         .layout = g->layout};
      if (i == 0) {
         ci.pVertexInputState = &vi;
         ci.pInputAssemblyState = &ia;
         ci.pViewportState = &vp;
         ci.pRasterizationState = &rs;
      } else {
         ci.pMultisampleState = &ms;
         ci.pDepthStencilState = &ds;
         ci.pColorBlendState = &cb;
      }
      VK_OK(vkCreateGraphicsPipelines(g->c->dev, VK_NULL_HANDLE, 1, &ci, NULL, &libs[i]));
   }
   VkPipelineLibraryCreateInfoKHR link = {.sType =
                                             VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR,
                                          .libraryCount = 2,
                                          .pLibraries = libs};
   VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .pNext = &link,
      .flags = s->gpl == 2 ? VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT : 0,
      .layout = g->layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(g->c->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   for (int i = 0; i < 2; i++)
      g->libs[i] = libs[i]; /* destroyed after the draw (render) */
   return p;
}

/* A render pass of one subpass with view mask `mask` (correlated), or two
 * (the second with mask2: the load op clears the views it adds, Vulkan's
 * per-view first use), loading or clearing the attachment, and its
 * framebuffer over the 4-layer view. */
/* Two subpasses with the scene's view mask: the first draws into A (the
 * first image), the second reads A as an input attachment (GENERAL in both)
 * and draws into B (the second image). */
static void
input_render_pass(struct gpu *g, const struct scene *s, VkRenderPass *rp, VkFramebuffer *fb)
{
   VkAttachmentDescription ad = {.format = FMT,
                                 .samples = VK_SAMPLE_COUNT_1_BIT,
                                 .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                 .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                 .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                 .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                 .initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                 .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   VkAttachmentDescription ads[2] = {ad, ad};
   VkAttachmentReference a_out = {0, VK_IMAGE_LAYOUT_GENERAL}, a_in = {0, VK_IMAGE_LAYOUT_GENERAL},
                         b_out = {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   VkSubpassDescription sds[2] = {{.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                   .colorAttachmentCount = 1,
                                   .pColorAttachments = &a_out},
                                  {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                   .inputAttachmentCount = 1,
                                   .pInputAttachments = &a_in,
                                   .colorAttachmentCount = 1,
                                   .pColorAttachments = &b_out}};
   VkSubpassDependency dep = {.srcSubpass = 0,
                              .dstSubpass = 1,
                              .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                              .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
                              .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT};
   uint32_t masks[2] = {s->mask, s->mask};
   VkRenderPassMultiviewCreateInfo mv = {.sType =
                                            VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO,
                                         .subpassCount = 2,
                                         .pViewMasks = masks};
   VkRenderPassCreateInfo rci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                 .pNext = &mv,
                                 .attachmentCount = 2,
                                 .pAttachments = ads,
                                 .subpassCount = 2,
                                 .pSubpasses = sds,
                                 .dependencyCount = 1,
                                 .pDependencies = &dep};
   VK_OK(vkCreateRenderPass(g->c->dev, &rci, NULL, rp));
   VkImageView views[2] = {g->a.view, g->b.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = *rp,
                                  .attachmentCount = 2,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VK_OK(vkCreateFramebuffer(g->c->dev, &fci, NULL, fb));
}

static void
render_pass(struct gpu *g, const struct scene *s, VkRenderPass *rp, VkFramebuffer *fb)
{
   if (s->input) {
      input_render_pass(g, s, rp, fb);
      return;
   }
   VkAttachmentDescription ad = {.format = FMT,
                                 .samples = VK_SAMPLE_COUNT_1_BIT,
                                 .loadOp = s->load ? VK_ATTACHMENT_LOAD_OP_LOAD
                                                   : VK_ATTACHMENT_LOAD_OP_CLEAR,
                                 .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                 .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                 .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                 .initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                 .finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   VkSubpassDescription sd = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                              .colorAttachmentCount = 1,
                              .pColorAttachments = &ref};
   uint32_t masks[2] = {s->mask, s->mask2}, correlation = s->mask;
   VkSubpassDescription sds[2] = {sd, sd};
   VkSubpassDependency dep = {.srcSubpass = 0,
                              .dstSubpass = 1,
                              .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                              .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                                               VK_ACCESS_COLOR_ATTACHMENT_READ_BIT};
   VkRenderPassMultiviewCreateInfo mv = {.sType =
                                            VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO,
                                         .subpassCount = s->mask2 ? 2 : 1,
                                         .pViewMasks = masks,
                                         .correlationMaskCount = 1,
                                         .pCorrelationMasks = &correlation};
   VkRenderPassCreateInfo rci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                 .pNext = &mv,
                                 .attachmentCount = 1,
                                 .pAttachments = &ad,
                                 .subpassCount = s->mask2 ? 2 : 1,
                                 .pSubpasses = sds,
                                 .dependencyCount = s->mask2 ? 1 : 0,
                                 .pDependencies = &dep};
   VK_OK(vkCreateRenderPass(g->c->dev, &rci, NULL, rp));
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = *rp,
                                  .attachmentCount = 1,
                                  .pAttachments = &g->a.view,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VK_OK(vkCreateFramebuffer(g->c->dev, &fci, NULL, fb));
}

/* The scene's commands inside the pass (primary or secondary). */
static void
draw_commands(struct gpu *g, const struct scene *s, VkCommandBuffer cb, VkPipeline p)
{
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   if (s->queries)
      vkCmdBeginQuery(cb, g->occlusion, 0, g->precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
   vkCmdDraw(cb, 6, 1, 0, 0);
   if (s->queries) {
      vkCmdEndQuery(cb, g->occlusion, 0);
      vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, g->timestamps, 0);
   }
   if (s->clear_rect) {
      /* multiview: layer 0, count 1 = the layer of every view */
      VkClearAttachment ca = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0};
      memcpy(ca.clearValue.color.float32, RECT_CLEAR, 16);
      VkClearRect cr = {RECT, 0, 1};
      vkCmdClearAttachments(cb, 1, &ca, 1, &cr);
   }
}

static VkCommandBuffer
secondary(struct gpu *g, const struct scene *s, VkPipeline p)
{
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = g->c->pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(g->c->dev, &cai, &cb));
   VkFormat format = FMT;
   VkCommandBufferInheritanceRenderingInfo ri = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .viewMask = s->mask,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &format,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkCommandBufferInheritanceInfo inh = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                         .pNext = &ri};
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                                  .pInheritanceInfo = &inh};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   draw_commands(g, s, cb, p);
   VK_OK(vkEndCommandBuffer(cb));
   return cb;
}

static void
render(struct gpu *g, const struct scene *s, uint8_t *img)
{
   struct agx_vk_ctx *c = g->c;
   memset(g->out.ptr, 0xAB, LAYERS * W * H * 4);
   VkRenderPass rp = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (s->render_pass)
      render_pass(g, s, &rp, &fb);
   VkPipeline p =
      s->device_index ? device_index_pipeline(g, s) : pipeline(g, s->mask, rp, 0, false);
   VkPipeline p2 = s->mask2 || s->input
                      ? pipeline(g, s->input ? s->mask : s->mask2, rp, 1, s->input)
                      : VK_NULL_HANDLE;
   VkCommandBuffer sec = s->secondary ? secondary(g, s, p) : VK_NULL_HANDLE;
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   if (s->queries) {
      vkCmdResetQueryPool(cb, g->occlusion, 0, 2);
      vkCmdResetQueryPool(cb, g->timestamps, 0, 2);
   }
   VkClearColorValue mark;
   memcpy(mark.float32, MARK, 16);
   VkImageSubresourceRange all = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS};
   const VkImage images[2] = {g->a.image, g->b.image};
   for (int i = 0; i < 2; i++) {
      agx_vk_barrier(cb, images[i], VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_NONE, AGX_VK_CLEAR_WRITE);
      vkCmdClearColorImage(cb, images[i], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &mark, 1, &all);
      agx_vk_barrier(cb, images[i], VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_CLEAR_WRITE, AGX_VK_COLOR_RW);
   }
   VkClearValue clear[2];
   memcpy(clear[0].color.float32, CLEAR, 16);
   clear[1] = clear[0];
   if (s->render_pass) {
      VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                   .renderPass = rp,
                                   .framebuffer = fb,
                                   .renderArea = {{0, 0}, {W, H}},
                                   .clearValueCount = 2,
                                   .pClearValues = clear};
      vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
      draw_commands(g, s, cb, p);
      if (s->mask2) {
         vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
         draw_commands(g, s, cb, p2);
      }
      if (s->input) {
         vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
         vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->input_layout, 0, 1,
                                 &g->ds.set, 0, NULL);
         draw_commands(g, s, cb, p2);
      }
      vkCmdEndRenderPass(cb);
   } else {
      VkRenderingAttachmentInfo att =
         agx_vk_color_attachment(g->a.view, s->load ? NULL : &clear[0].color);
      agx_vk_begin_rendering(
         cb, &(struct agx_vk_rendering){
                .width = W,
                .height = H,
                .color_count = 1,
                .colors = &att,
                .view_mask = s->mask,
                .flags = s->secondary ? VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT : 0});
      if (s->secondary)
         vkCmdExecuteCommands(cb, 1, &sec);
      else
         draw_commands(g, s, cb, p);
      vkCmdEndRendering(cb);
   }
   /* the input scene's output: B; all layers by one region */
   agx_vk_readback(cb, s->input ? &g->b : &g->a, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                   AGX_VK_COLOR_WRITE, &g->out);
   VK_OK(agx_vk_submit_wait(c, cb));
   if (sec)
      vkFreeCommandBuffers(c->dev, c->pool, 1, &sec);
   vkDestroyPipeline(c->dev, p, NULL);
   for (int i = 0; i < 2; i++) {
      vkDestroyPipeline(c->dev, g->libs[i], NULL);
      g->libs[i] = VK_NULL_HANDLE;
   }
   if (p2)
      vkDestroyPipeline(c->dev, p2, NULL);
   if (rp) {
      vkDestroyFramebuffer(c->dev, fb, NULL);
      vkDestroyRenderPass(c->dev, rp, NULL);
   }
   memcpy(img, g->out.ptr, LAYERS * W * H * 4);
}

/* Samples the views of the mask cover (each view's rectangle, clipped). */
static uint64_t
covered_samples(uint32_t mask)
{
   uint64_t n = 0;
   for (int v = 0; v < LAYERS; v++) {
      if (!((mask >> v) & 1))
         continue;
      int x0, y0, x1, y1;
      view_rect(v, &x0, &y0, &x1, &y1);
      n += (uint64_t)(x1 - x0) * (uint64_t)(y1 - y0);
   }
   return n;
}

/* The two queries of a two-view pass: results (value, availability). */
static unsigned
check_queries(struct gpu *g, const struct scene *s)
{
   uint64_t occ[4] = {0}, ts[4] = {0};
   VkQueryResultFlags f = VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT;
   /* VK_NOT_READY if one is not available (checked below) */
   VkResult r0 = vkGetQueryPoolResults(g->c->dev, g->occlusion, 0, 2, sizeof(occ), occ, 16, f);
   VkResult r1 = vkGetQueryPoolResults(g->c->dev, g->timestamps, 0, 2, sizeof(ts), ts, 16, f);
   CHECK((r0 == VK_SUCCESS || r0 == VK_NOT_READY) && (r1 == VK_SUCCESS || r1 == VK_NOT_READY));
   uint64_t want = covered_samples(s->mask);
   unsigned bad = 0;
   bool counted = g->precise ? occ[0] + occ[2] == want : occ[0] + occ[2] != 0;
   /* The second query is "used" too (spec, vkCmdBeginQuery: N consecutive
    * queries) and so made available by agx-vk and Honeykrisp; lavapipe
    * leaves it unavailable (its sum still counts), so --reference checks
    * only the first. */
   bool second = g->c->reference || (occ[3] && ts[3]);
   if (!counted || !occ[1] || !second) {
      fprintf(stderr, "  %s: occlusion %llu + %llu (available %llu %llu), want %llu in total\n",
              s->name, (unsigned long long)occ[0], (unsigned long long)occ[2],
              (unsigned long long)occ[1], (unsigned long long)occ[3], (unsigned long long)want);
      bad++;
   }
   if (!ts[1] || !ts[0] || !second) {
      fprintf(stderr, "  %s: timestamps %llu %llu (available %llu %llu)\n", s->name,
              (unsigned long long)ts[0], (unsigned long long)ts[2], (unsigned long long)ts[1],
              (unsigned long long)ts[3]);
      bad++;
   }
   /* agx-vk: the first query holds everything, the second reads 0 */
   if (!g->c->reference && ((g->precise && occ[0] != want) || occ[2] != 0 || ts[2] != 0)) {
      fprintf(stderr, "  %s: agx-vk puts the results in the first query: %llu %llu, ts %llu\n",
              s->name, (unsigned long long)occ[0], (unsigned long long)occ[2],
              (unsigned long long)ts[2]);
      bad++;
   }
   printf("%s %s queries: occlusion %llu + %llu of %llu samples\n", bad ? "FAIL" : "ok", s->name,
          (unsigned long long)occ[0], (unsigned long long)occ[2], (unsigned long long)want);
   return bad;
}

static unsigned
check_scene(struct gpu *g, const struct scene *s)
{
   static uint8_t got[LAYERS * W * H * 4], want[W * H * 4];
   render(g, s, got);
   unsigned bad = 0;
   for (int layer = 0; layer < LAYERS; layer++) {
      reference(s, layer, want);
      const uint8_t *l = got + layer * W * H * 4;
      for (int i = 0; i < W * H; i++) {
         bool diff = false;
         for (int k = 0; k < 4; k++)
            diff |= abs((int)l[4 * i + k] - (int)want[4 * i + k]) > 1;
         if (diff && bad++ < 5)
            fprintf(stderr, "  %s: layer %d pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n",
                    s->name, layer, i % W, i / W, l[4 * i], l[4 * i + 1], l[4 * i + 2],
                    l[4 * i + 3], want[4 * i], want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
      }
   }
   printf("%s %s (mask 0x%x): %u pixels differ\n", bad ? "FAIL" : "ok", s->name, s->mask, bad);
   unsigned q = s->queries ? check_queries(g, s) : 0;
   return (bad ? 1 : 0) + q;
}

/* Bad input (agx-vk only: invalid usage): a view mask past the attachment's
 * 4 layers is refused (vkEndCommandBuffer reports it), nothing is stored. */
static unsigned
check_bad_mask(struct gpu *g)
{
   VkCommandBuffer cb = agx_vk_begin(g->c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(g->a.view, NULL);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 1,
                                                         .colors = &att,
                                                         .view_mask = 0x30});
   vkCmdEndRendering(cb);
   VkResult r = vkEndCommandBuffer(cb);
   vkFreeCommandBuffers(g->c->dev, g->c->pool, 1, &cb);
   printf("%s bad_view_mask: vkEndCommandBuffer %d\n", r == VK_ERROR_UNKNOWN ? "ok" : "FAIL", r);
   return r == VK_ERROR_UNKNOWN ? 0 : 1;
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr,
              "usage: %s MV_VERT_SPV MV_FRAG_SPV MV_INPUT_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Features s11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceFeatures2 s2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &s11};
   vkGetPhysicalDeviceFeatures2(c.pdev, &s2);
   VkPhysicalDeviceVulkan11Properties p11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p11};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   /* Vulkan 1.1 requires multiview and at least 6 views, 2^27 - 1 instances */
   if (!s11.multiview || p11.maxMultiviewViewCount < 6 ||
       p11.maxMultiviewInstanceIndex < (1u << 27) - 1 ||
       !agx_vk_ctx_has_extension(&c, "VK_KHR_multiview")) {
      fprintf(stderr, "multiview %u, %u views, instance index %u, VK_KHR_multiview %d\n",
              s11.multiview, p11.maxMultiviewViewCount, p11.maxMultiviewInstanceIndex,
              agx_vk_ctx_has_extension(&c, "VK_KHR_multiview"));
      return 1;
   }
   VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT gpl = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT};
   VkPhysicalDeviceFeatures2 gf = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &gpl};
   bool has_gpl = agx_vk_ctx_has_extension(&c, "VK_EXT_graphics_pipeline_library") &&
                  agx_vk_ctx_has_extension(&c, "VK_KHR_pipeline_library");
   if (has_gpl)
      vkGetPhysicalDeviceFeatures2(c.pdev, &gf);
   has_gpl &= gpl.graphicsPipelineLibrary == VK_TRUE;
   gpl.pNext = NULL;
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = has_gpl ? &gpl : NULL,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .pNext = &f13,
                                           .multiview = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.occlusionQueryPrecise = s2.features.occlusionQueryPrecise};
   static const char *const gpl_exts[] = {"VK_KHR_pipeline_library",
                                          "VK_EXT_graphics_pipeline_library"};
   agx_vk_ctx_device_features(&c, &f11, &f10, has_gpl ? 2 : 0, gpl_exts);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   g.gpl = has_gpl;
   g.precise = f10.occlusionQueryPrecise;
   const struct scene scenes[] = {
      {.name = "two_views", .mask = 0x3},
      {.name = "mask_with_hole", .mask = 0x5},
      {.name = "load", .mask = 0x6, .load = true},
      {.name = "secondary", .mask = 0x3, .secondary = true},
      {.name = "clear_attachments", .mask = 0x5, .clear_rect = true},
      {.name = "render_pass", .mask = 0x6, .render_pass = true},
      {.name = "render_pass_clear_rect", .mask = 0x9, .render_pass = true, .clear_rect = true},
      {.name = "subpass_views_first_use", .mask = 0x1, .mask2 = 0x6, .render_pass = true},
      {.name = "queries", .mask = 0x5, .queries = true},
      {.name = "input_attachment", .mask = 0xA, .render_pass = true, .input = true},
      {.name = "view_index_from_device_index", .mask = 0x7, .device_index = 3},
      {.name = "gpl_device_index_pre", .mask = 0x7, .device_index = 1, .gpl = 1},
      {.name = "gpl_device_index_fs", .mask = 0x7, .device_index = 2, .gpl = 1},
      {.name = "gpl_device_index_pre_lto", .mask = 0x7, .device_index = 1, .gpl = 2},
      {.name = "gpl_device_index_fs_lto", .mask = 0x7, .device_index = 2, .gpl = 2},
   };
   unsigned bad = 0;
   for (unsigned i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
      if (scenes[i].device_index && c.reference) {
         printf("skip %s: lavapipe ignores VIEW_INDEX_FROM_DEVICE_INDEX\n", scenes[i].name);
         continue;
      }
      if (scenes[i].gpl && !g.gpl) {
         /* agx-vk offers the extension: only another driver may lack it */
         printf("%s %s: no VK_EXT_graphics_pipeline_library\n", c.reference ? "skip" : "FAIL",
                scenes[i].name);
         bad += !c.reference;
         continue;
      }
      bad += check_scene(&g, &scenes[i]);
   }
   if (!c.validation && !c.reference)
      bad += check_bad_mask(&g);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
