/*
 * Clears of multisampled images and depth/stencil resolve modes through the loader (issue 20
 * items 1-3), every value compared with a CPU model written here:
 *  - "wide clears": a 4-sample R32G32B32A32_SFLOAT image (64-byte texel elements) cleared
 *    with vkCmdClearColorImage to A, then a dynamic rendering with loadOp CLEAR to B on a
 *    render area smaller than the image and a vkCmdClearAttachments rectangle C inside it,
 *    the image resolved (vkCmdResolveImage, AVERAGE): outside the area A, the rectangle C,
 *    the rest of the area B, exactly (every sample equal, so the average is the value: a
 *    sample left unwritten shows);
 *  - "zs resolve": a 4-sample depth/stencil image (D32_SFLOAT_S8_UINT or D16_UNORM) cleared
 *    with vkCmdClearDepthStencilImage to depth 0.75 / stencil 3, then a dynamic rendering that
 *    loads it and draws a triangle at depth 0.25 writing stencil 7 (REPLACE), the depth and
 *    stencil resolved by the pass with a pair of VK_KHR_depth_stencil_resolve modes
 *    (SAMPLE_ZERO, MIN, MAX, depth AVERAGE, NONE) into a single-sampled image read back per
 *    aspect. The model: the standard 4-sample locations (0.375, 0.125), (0.875, 0.375),
 *    (0.125, 0.625), (0.625, 0.875); a sample is covered when strictly inside the triangle;
 *    pixels with a sample within 1/64 pixel of an edge are not checked. D16 codes +-1
 *    (Vulkan's unorm rounding), D32 averages within 1e-6.
 *  - "colour resolves": vkCmdResolveImage (AVERAGE) of the same triangle (colour B) over a
 *    clear (colour A) in R8G8B8A8_SNORM, R16G16_SNORM, R16_SFLOAT, R16G16B16A16_SFLOAT,
 *    R5G6B5_UNORM_PACK16 and A2B10G10R10_UNORM_PACK32: each component of a pixel with k of
 *    4 samples covered is (k B + (4 - k) A) / 4 in the format's codes (+-1 code; fp16
 *    within 1e-3).
 * On the reference run (lavapipe) modes the device does not advertise are skipped, and a
 * depth AVERAGE may be any value between the smallest and largest sample (lavapipe's D16
 * AVERAGE returns one sample's depth); agx-vk must offer every mode used here, exact.
 *  - "push-constant sample mask": gl_SampleMask[0] from a push constant (masks 0x5, 0xE) on
 *    4-sample RGBA8, resolved in the pass: (j B + (4 - j) A) / 4 for j covered samples in
 *    the mask (+-1 LSB); the same with the mask ANDed with gl_SampleMaskIn in a loop whose
 *    counter indexes both built-in arrays (sample_mask_loop.frag; same reference).
 * test_ms_clear_resolve DRAW_VERT_SPV DRAW_FRAG_SPV SAMPLE_MASK_PUSH_FRAG_SPV
 *                       SAMPLE_MASK_LOOP_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"

#define W 32
#define H 16
#define S 4

static const double sample_pos[S][2] = {
   {0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};

/* The triangle (framebuffer pixels) of the zs scene. */
static const double tri_x[3] = {2.3, 29.7, 9.1}, tri_y[3] = {1.2, 5.4, 14.6};
#define TRI_Z 0.25f
#define CLEAR_Z 0.75f
#define CLEAR_S 3u
#define TRI_S 7u

/* 1 inside, -1 outside, 0 within 1/64 pixel of an edge. */
static int
inside(double px, double py)
{
   double area =
      (tri_x[1] - tri_x[0]) * (tri_y[2] - tri_y[0]) - (tri_y[1] - tri_y[0]) * (tri_x[2] - tri_x[0]);
   int res = 1;
   for (int e = 0; e < 3; e++) {
      int a = e, b = (e + 1) % 3;
      double f = (tri_x[b] - tri_x[a]) * (py - tri_y[a]) - (tri_y[b] - tri_y[a]) * (px - tri_x[a]);
      double len = hypot(tri_x[b] - tri_x[a], tri_y[b] - tri_y[a]);
      f = (area > 0 ? f : -f) / len; /* signed distance */
      if (f < -1.0 / 64)
         return -1;
      if (f < 1.0 / 64)
         res = 0;
   }
   return res;
}

struct image {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

static VkImageAspectFlags
aspects_of(VkFormat f)
{
   if (f == VK_FORMAT_D32_SFLOAT_S8_UINT)
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   if (f == VK_FORMAT_D16_UNORM)
      return VK_IMAGE_ASPECT_DEPTH_BIT;
   return VK_IMAGE_ASPECT_COLOR_BIT;
}

static void
make_image(struct agx_vk_ctx *c, VkFormat format, VkSampleCountFlagBits samples,
           VkImageUsageFlags usage, struct image *img)
{
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = format,
                            .extent = {W, H, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = samples,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = usage};
   VK_OK(vkCreateImage(c->dev, &ici, NULL, &img->image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, img->image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size,
                               .memoryTypeIndex = agx_vk_memory_type(c, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(c->dev, &mai, NULL, &img->mem));
   VK_OK(vkBindImageMemory(c->dev, img->image, img->mem, 0));
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = img->image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = format,
                                .subresourceRange = {aspects_of(format), 0, 1, 0, 1}};
   VK_OK(vkCreateImageView(c->dev, &vci, NULL, &img->view));
}

static void
free_image(struct agx_vk_ctx *c, struct image *img)
{
   vkDestroyImageView(c->dev, img->view, NULL);
   vkDestroyImage(c->dev, img->image, NULL);
   vkFreeMemory(c->dev, img->mem, NULL);
}

/* UNDEFINED -> GENERAL with a full barrier. */
static void
to_general(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspects)
{
   VkImageMemoryBarrier2 b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                              .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                              .dstAccessMask =
                                 VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
                              .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                              .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                              .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                              .image = image,
                              .subresourceRange = {aspects, 0, 1, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
}

/* Every write before, every access after. */
static void
full_barrier(VkCommandBuffer cb)
{
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          .srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                          .dstAccessMask =
                             VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di);
}

static void
copy_aspect(VkCommandBuffer cb, VkImage image, VkImageAspectFlagBits aspect, VkBuffer buf,
            VkDeviceSize offset)
{
   VkBufferImageCopy r = {.bufferOffset = offset,
                          .imageSubresource = {aspect, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, image, VK_IMAGE_LAYOUT_GENERAL, buf, 1, &r);
}

/* ---- wide clears ------------------------------------------------------------------------ */

static bool
in_rect(VkRect2D r, int x, int y)
{
   return x >= r.offset.x && y >= r.offset.y && x < r.offset.x + (int)r.extent.width &&
          y < r.offset.y + (int)r.extent.height;
}

static unsigned
run_wide_clears(struct agx_vk_ctx *c)
{
   const VkFormat f = VK_FORMAT_R32G32B32A32_SFLOAT;
   static const float A[4] = {0.25f, 0.5f, 0.75f, 1.0f}, B[4] = {-2.0f, 3.5f, 100.0f, 0.125f},
                      C[4] = {7.0f, -1.0f, 0.5f, 2.0f};
   const VkRect2D area = {{8, 4}, {16, 8}}, rect = {{10, 6}, {4, 3}};
   struct image ms, res;
   make_image(c, f, VK_SAMPLE_COUNT_4_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              &ms);
   make_image(c, f, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              &res);
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT);
   to_general(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT);
   VkClearColorValue a;
   memcpy(a.float32, A, 16);
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(cb, ms.image, VK_IMAGE_LAYOUT_GENERAL, &a, 1, &range);
   full_barrier(cb);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = ms.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(ca.clearValue.color.float32, B, 16);
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = area,
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &ri);
   VkClearAttachment clr = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0};
   memcpy(clr.clearValue.color.float32, C, 16);
   VkClearRect cr = {rect, 0, 1};
   vkCmdClearAttachments(cb, 1, &clr, 1, &cr);
   vkCmdEndRendering(cb);
   full_barrier(cb);
   VkImageResolve rr = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .extent = {W, H, 1}};
   vkCmdResolveImage(cb, ms.image, VK_IMAGE_LAYOUT_GENERAL, res.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                     &rr);
   full_barrier(cb);
   copy_aspect(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT, out.buf, 0);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0;
   const float *got = (const float *)out.map;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const float *want = in_rect(rect, x, y) ? C : in_rect(area, x, y) ? B : A;
         for (int k = 0; k < 4; k++) {
            float v = got[4 * (y * W + x) + k];
            if (v != want[k] && bad++ < 8)
               fprintf(stderr, "wide clears: pixel (%d, %d) c%d = %g, want %g\n", x, y, k, v,
                       want[k]);
         }
      }
   printf("wide clears (4 x R32G32B32A32_SFLOAT): %u mismatches\n", bad);
   agx_vk_buffer_free(c, &out);
   free_image(c, &ms);
   free_image(c, &res);
   return bad;
}

/* ---- depth/stencil resolves ------------------------------------------------------------- */

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs, fs_mask, fs_mask_loop;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct agx_vk_buffer vb;
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   g->fs_mask = agx_vk_shader(c, spv[2]);
   g->fs_mask_loop = agx_vk_shader(c, spv[3]);
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                     VK_SHADER_STAGE_VERTEX_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->dsl));
   VkPushConstantRange pcr[2] = {{VK_SHADER_STAGE_VERTEX_BIT, 0, 16},
                                 {VK_SHADER_STAGE_FRAGMENT_BIT, 16, 4}};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &g->dsl,
                                     .pushConstantRangeCount = 2,
                                     .pPushConstantRanges = pcr};
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
   /* three vertices: clip position, colour */
   g->vb = agx_vk_buffer(c, 3 * 32);
   float *v = (float *)g->vb.map;
   for (int k = 0; k < 3; k++) {
      float p[8] = {(float)(tri_x[k] * 2.0 / W - 1.0),
                    (float)(tri_y[k] * 2.0 / H - 1.0),
                    TRI_Z,
                    1.0f,
                    1.0f,
                    0.5f,
                    0.25f,
                    1.0f};
      memcpy(v + 8 * k, p, sizeof(p));
   }
   VkDescriptorBufferInfo bi = {g->vb.buf, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = g->set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              .pBufferInfo = &bi};
   vkUpdateDescriptorSets(c->dev, 1, &wr, 0, NULL);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_buffer_free(g->c, &g->vb);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->dsl, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
   vkDestroyShaderModule(d, g->fs_mask, NULL);
   vkDestroyShaderModule(d, g->fs_mask_loop, NULL);
}

/* 4 samples, one colour attachment, depth LESS with writes (zs not UNDEFINED), stencil
 * ALWAYS / REPLACE with reference TRI_S (when the format has stencil). */
/* The fragment shader of the next zs_pipeline: draw.frag, or sample_mask_push.frag (1),
 * sample_mask_loop.frag (2). */
static int use_mask_fs;

static VkPipeline
zs_pipeline(struct gpu *g, VkFormat zs, VkFormat color)
{
   VkPipelineShaderStageCreateInfo stages[2] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = g->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = use_mask_fs == 2 ? g->fs_mask_loop
                 : use_mask_fs    ? g->fs_mask
                                  : g->fs,
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
      .rasterizationSamples = VK_SAMPLE_COUNT_4_BIT};
   bool stencil = zs == VK_FORMAT_D32_SFLOAT_S8_UINT;
   VkStencilOpState so = {.failOp = VK_STENCIL_OP_KEEP,
                          .passOp = VK_STENCIL_OP_REPLACE,
                          .depthFailOp = VK_STENCIL_OP_KEEP,
                          .compareOp = VK_COMPARE_OP_ALWAYS,
                          .compareMask = 0xFF,
                          .writeMask = 0xFF,
                          .reference = TRI_S};
   VkPipelineDepthStencilStateCreateInfo zss = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
      .depthTestEnable = zs != VK_FORMAT_UNDEFINED,
      .depthWriteEnable = zs != VK_FORMAT_UNDEFINED,
      .depthCompareOp = VK_COMPARE_OP_LESS,
      .stencilTestEnable = stencil,
      .front = so,
      .back = so};
   VkPipelineColorBlendAttachmentState att = {.colorWriteMask = 0xF};
   VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att};
   VkPipelineRenderingCreateInfo ri = {.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
                                       .colorAttachmentCount = 1,
                                       .pColorAttachmentFormats = &color,
                                       .depthAttachmentFormat = zs,
                                       .stencilAttachmentFormat =
                                          stencil ? zs : VK_FORMAT_UNDEFINED};
   VkGraphicsPipelineCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                      .pNext = &ri,
                                      .stageCount = 2,
                                      .pStages = stages,
                                      .pVertexInputState = &vi,
                                      .pInputAssemblyState = &ia,
                                      .pViewportState = &vps,
                                      .pRasterizationState = &rs,
                                      .pMultisampleState = &ms,
                                      .pDepthStencilState = &zss,
                                      .pColorBlendState = &cb,
                                      .layout = g->layout};
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(g->c->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

/* The model's resolved depth (0..1) and stencil of pixel (x, y); false if ambiguous. */
static bool
model_pixel(int x, int y, VkResolveModeFlagBits zmode, VkResolveModeFlagBits smode, double *z,
            uint32_t *s)
{
   double zs[S];
   uint32_t ss[S];
   for (int k = 0; k < S; k++) {
      int in = inside(x + sample_pos[k][0], y + sample_pos[k][1]);
      if (in == 0)
         return false;
      zs[k] = in > 0 ? TRI_Z : CLEAR_Z;
      ss[k] = in > 0 ? TRI_S : CLEAR_S;
   }
   double zmin = zs[0], zmax = zs[0], zsum = 0;
   uint32_t smin = ss[0], smax = ss[0];
   for (int k = 0; k < S; k++) {
      zmin = fmin(zmin, zs[k]);
      zmax = fmax(zmax, zs[k]);
      zsum += zs[k];
      smin = ss[k] < smin ? ss[k] : smin;
      smax = ss[k] > smax ? ss[k] : smax;
   }
   *z = zmode == VK_RESOLVE_MODE_MIN_BIT       ? zmin
        : zmode == VK_RESOLVE_MODE_MAX_BIT     ? zmax
        : zmode == VK_RESOLVE_MODE_AVERAGE_BIT ? zsum / S
                                               : zs[0];
   *s = smode == VK_RESOLVE_MODE_MIN_BIT ? smin : smode == VK_RESOLVE_MODE_MAX_BIT ? smax : ss[0];
   return true;
}

static const char *
mode_name(VkResolveModeFlagBits m)
{
   switch (m) {
   case VK_RESOLVE_MODE_SAMPLE_ZERO_BIT:
      return "SAMPLE_ZERO";
   case VK_RESOLVE_MODE_AVERAGE_BIT:
      return "AVERAGE";
   case VK_RESOLVE_MODE_MIN_BIT:
      return "MIN";
   case VK_RESOLVE_MODE_MAX_BIT:
      return "MAX";
   default:
      return "NONE";
   }
}

static unsigned
run_zs_resolve(struct gpu *g, VkFormat f, VkResolveModeFlagBits zmode, VkResolveModeFlagBits smode)
{
   struct agx_vk_ctx *c = g->c;
   bool stencil = f == VK_FORMAT_D32_SFLOAT_S8_UINT;
   const char *fname = stencil ? "D32_SFLOAT_S8_UINT" : "D16_UNORM";
   struct image col, zs, zres;
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_4_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &col);
   make_image(c, f, VK_SAMPLE_COUNT_4_BIT,
              VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, &zs);
   make_image(c, f, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              &zres);
   VkPipeline p = zs_pipeline(g, f, VK_FORMAT_R8G8B8A8_UNORM);
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, W * H * 8, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   memset(out.map, 0xEE, W * H * 8);
   VkImageAspectFlags asp = aspects_of(f);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, col.image, VK_IMAGE_ASPECT_COLOR_BIT);
   to_general(cb, zs.image, asp);
   to_general(cb, zres.image, asp);
   /* the resolve target starts as a value no mode gives */
   VkClearDepthStencilValue zero = {0.0f, 0}, init = {CLEAR_Z, CLEAR_S};
   VkImageSubresourceRange range = {asp, 0, 1, 0, 1};
   vkCmdClearDepthStencilImage(cb, zres.image, VK_IMAGE_LAYOUT_GENERAL, &zero, 1, &range);
   vkCmdClearDepthStencilImage(cb, zs.image, VK_IMAGE_LAYOUT_GENERAL, &init, 1, &range);
   full_barrier(cb);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = col.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE};
   VkRenderingAttachmentInfo za = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = zs.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .resolveMode = zmode,
                                   .resolveImageView = zmode ? zres.view : VK_NULL_HANDLE,
                                   .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingAttachmentInfo sa = za;
   sa.resolveMode = smode;
   sa.resolveImageView = smode ? zres.view : VK_NULL_HANDLE;
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca,
                         .pDepthAttachment = &za,
                         .pStencilAttachment = stencil ? &sa : NULL};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   full_barrier(cb);
   copy_aspect(cb, zres.image, VK_IMAGE_ASPECT_DEPTH_BIT, out.buf, 0);
   if (stencil)
      copy_aspect(cb, zres.image, VK_IMAGE_ASPECT_STENCIL_BIT, out.buf, W * H * 4);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0, checked = 0, partial = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         double z;
         uint32_t s;
         if (!model_pixel(x, y, zmode ? zmode : VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, smode, &z, &s))
            continue;
         checked++;
         int n = 0;
         for (int k = 0; k < S; k++)
            n += inside(x + sample_pos[k][0], y + sample_pos[k][1]) > 0;
         partial += n > 0 && n < S;
         int i = y * W + x;
         if (zmode) {
            double got, tol;
            if (stencil) {
               got = ((const float *)out.map)[i];
               tol = 1e-6;
            } else {
               got = ((const uint16_t *)out.map)[i] / 65535.0;
               tol = 1.01 / 65535.0;
            }
            bool ok = fabs(got - z) <= tol;
            if (c->reference && zmode == VK_RESOLVE_MODE_AVERAGE_BIT)
               ok = got >= TRI_Z - tol && got <= CLEAR_Z + tol;
            if (!ok && bad++ < 8)
               fprintf(stderr, "%s depth %s: pixel (%d, %d) = %.6f, want %.6f\n", fname,
                       mode_name(zmode), x, y, got, z);
         }
         if (stencil && smode) {
            uint32_t got = out.map[W * H * 4 + i];
            if (got != s && bad++ < 8)
               fprintf(stderr, "%s stencil %s: pixel (%d, %d) = %u, want %u\n", fname,
                       mode_name(smode), x, y, got, s);
         }
      }
   if (partial < 4) {
      fprintf(stderr, "%s: the scene has %u partly covered pixels\n", fname, partial);
      bad++;
   }
   printf("%s resolve depth %s stencil %s: %u mismatches (%u pixels, %u partly covered)\n", fname,
          mode_name(zmode), stencil ? mode_name(smode) : "-", bad, checked, partial);
   vkDestroyPipeline(c->dev, p, NULL);
   agx_vk_buffer_free(c, &out);
   free_image(c, &col);
   free_image(c, &zs);
   free_image(c, &zres);
   return bad;
}

/* ---- colour resolves of snorm, fp16 and packed formats ------------------------------------ */

enum comp_kind { UNORM, SNORM, FLOAT16 };
struct res_format {
   VkFormat f;
   const char *name;
   unsigned bytes, ncomp;
   unsigned off[4], width[4]; /* bits of components R, G, B, A in the texel (little endian) */
   enum comp_kind kind;
};

static const struct res_format res_formats[] = {
   {VK_FORMAT_R8G8B8A8_SNORM, "R8G8B8A8_SNORM", 4, 4, {0, 8, 16, 24}, {8, 8, 8, 8}, SNORM},
   {VK_FORMAT_R16G16_SNORM, "R16G16_SNORM", 4, 2, {0, 16}, {16, 16}, SNORM},
   {VK_FORMAT_R16_SFLOAT, "R16_SFLOAT", 2, 1, {0}, {16}, FLOAT16},
   {VK_FORMAT_R16G16B16A16_SFLOAT,
    "R16G16B16A16_SFLOAT",
    8,
    4,
    {0, 16, 32, 48},
    {16, 16, 16, 16},
    FLOAT16},
   {VK_FORMAT_R5G6B5_UNORM_PACK16, "R5G6B5_UNORM_PACK16", 2, 3, {11, 5, 0}, {5, 6, 5}, UNORM},
   {VK_FORMAT_A2B10G10R10_UNORM_PACK32,
    "A2B10G10R10_UNORM_PACK32",
    4,
    4,
    {0, 10, 20, 30},
    {10, 10, 10, 2},
    UNORM},
};

/* clear colour and the triangle's (gpu_init's vertex colour) */
static const float res_clear[4] = {0.25f, -0.5f, 0.75f, 0.5f};
static const float res_tri[4] = {1.0f, 0.5f, 0.25f, 1.0f};

static double
half_to_double(uint32_t h)
{
   int e = (h >> 10) & 31, m = h & 1023;
   double v = e ? ldexp(1.0 + m / 1024.0, e - 15) : ldexp(m / 1024.0, -14);
   return (h & 0x8000) ? -v : v;
}

/* A component's stored value: the code (unorm, snorm) or the float (fp16) of v. */
static double
quantise(const struct res_format *rf, unsigned c, double v)
{
   if (rf->kind == FLOAT16)
      return v; /* the values used are exact in fp16 */
   double max = rf->kind == SNORM ? (1 << (rf->width[c] - 1)) - 1 : (1 << rf->width[c]) - 1;
   double lo = rf->kind == SNORM ? -1.0 : 0.0;
   return nearbyint(fmin(fmax(v, lo), 1.0) * max);
}

static double
read_comp(const struct res_format *rf, const uint8_t *texel, unsigned c)
{
   uint64_t bits = 0;
   memcpy(&bits, texel, rf->bytes);
   uint64_t raw = (bits >> rf->off[c]) & ((1ull << rf->width[c]) - 1);
   if (rf->kind == FLOAT16)
      return half_to_double((uint32_t)raw);
   if (rf->kind == SNORM) {
      int64_t v = (int64_t)(raw << (64 - rf->width[c])) >> (64 - rf->width[c]);
      double lo = -(double)((1 << (rf->width[c] - 1)) - 1);
      return v < lo ? lo : (double)v;
   }
   return (double)raw;
}

static unsigned
run_color_resolve(struct gpu *g, const struct res_format *rf)
{
   struct agx_vk_ctx *c = g->c;
   VkImageFormatProperties ifp;
   if (vkGetPhysicalDeviceImageFormatProperties(
          c->pdev, rf->f, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
          VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, 0,
          &ifp) != VK_SUCCESS ||
       !(ifp.sampleCounts & VK_SAMPLE_COUNT_4_BIT)) {
      printf("%s: no 4-sample colour attachments, skipped\n", rf->name);
      return c->reference ? 0 : 1; /* agx-vk offers every format listed */
   }
   struct image ms, res;
   make_image(c, rf->f, VK_SAMPLE_COUNT_4_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &ms);
   make_image(c, rf->f, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              &res);
   VkPipeline p = zs_pipeline(g, VK_FORMAT_UNDEFINED, rf->f);
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, W * H * 8, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT);
   to_general(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = ms.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(ca.clearValue.color.float32, res_clear, 16);
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   full_barrier(cb);
   VkImageResolve rr = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .extent = {W, H, 1}};
   vkCmdResolveImage(cb, ms.image, VK_IMAGE_LAYOUT_GENERAL, res.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                     &rr);
   full_barrier(cb);
   copy_aspect(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT, out.buf, 0);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0, partial = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int k = 0, amb = 0;
         for (int sm = 0; sm < S; sm++) {
            int in = inside(x + sample_pos[sm][0], y + sample_pos[sm][1]);
            amb |= in == 0;
            k += in > 0;
         }
         if (amb)
            continue;
         partial += k > 0 && k < S;
         for (unsigned ch = 0; ch < rf->ncomp; ch++) {
            double want =
               (k * quantise(rf, ch, res_tri[ch]) + (S - k) * quantise(rf, ch, res_clear[ch])) / S;
            double got = read_comp(rf, out.map + (y * W + x) * rf->bytes, ch);
            double tol = rf->kind == FLOAT16 ? 1e-3 : 1.0;
            if (fabs(got - want) > tol && bad++ < 8)
               fprintf(stderr, "%s resolve: pixel (%d, %d) c%u = %g, want %g (%d samples)\n",
                       rf->name, x, y, ch, got, want, k);
         }
      }
   if (partial < 4) {
      fprintf(stderr, "%s: the scene has %u partly covered pixels\n", rf->name, partial);
      bad++;
   }
   printf("%s vkCmdResolveImage: %u mismatches (%u partly covered pixels)\n", rf->name, bad,
          partial);
   vkDestroyPipeline(c->dev, p, NULL);
   agx_vk_buffer_free(c, &out);
   free_image(c, &ms);
   free_image(c, &res);
   return bad;
}

/* gl_SampleMask from a push constant (sample_mask_push.frag; with loop, ANDed with
 * gl_SampleMaskIn by sample_mask_loop.frag) on 4-sample RGBA8: a pixel with k covered
 * samples, j of them in the mask, resolves to (j B + (4 - j) A) / 4. */
static unsigned
run_push_mask(struct gpu *g, uint32_t mask, bool loop)
{
   struct agx_vk_ctx *c = g->c;
   struct image ms, res;
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_4_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &ms);
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &res);
   use_mask_fs = loop ? 2 : 1;
   VkPipeline p = zs_pipeline(g, VK_FORMAT_UNDEFINED, VK_FORMAT_R8G8B8A8_UNORM);
   use_mask_fs = 0;
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT);
   to_general(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT);
   static const float clear[4] = {0.0f, 0.0f, 1.0f, 0.0f};
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = ms.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT,
                                   .resolveImageView = res.view,
                                   .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE};
   memcpy(ca.clearValue.color.float32, clear, 16);
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 16, 4, &mask);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   full_barrier(cb);
   copy_aspect(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT, out.buf, 0);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0, full = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int j = 0, amb = 0;
         for (int sm = 0; sm < S; sm++) {
            int in = inside(x + sample_pos[sm][0], y + sample_pos[sm][1]);
            amb |= in == 0;
            j += in > 0 && (mask >> sm & 1);
         }
         if (amb)
            continue;
         full += j == __builtin_popcount(mask & 15);
         for (unsigned ch = 0; ch < 4; ch++) {
            double want = (j * 255.0 * res_tri[ch] + (S - j) * 255.0 * clear[ch]) / S;
            double got = out.map[(y * W + x) * 4 + ch];
            if (fabs(got - want) > 1.0 && bad++ < 8)
               fprintf(stderr, "push sample mask 0x%x: pixel (%d, %d) c%u = %g, want %g\n", mask, x,
                       y, ch, got, want);
         }
      }
   printf("push-constant sample mask 0x%x%s: %u mismatches (%u pixels with every masked sample "
          "covered)\n",
          mask, loop ? " (loop, & SampleMaskIn)" : "", bad, full);
   if (!full)
      bad++;
   vkDestroyPipeline(c->dev, p, NULL);
   agx_vk_buffer_free(c, &out);
   free_image(c, &ms);
   free_image(c, &res);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 5) {
      fprintf(stderr,
              "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV SAMPLE_MASK_PUSH_FRAG_SPV "
              "SAMPLE_MASK_LOOP_FRAG_SPV [--validation] [--reference]\n",
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
   VkPhysicalDeviceVulkan12Properties p12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &p12};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   unsigned bad = 0;
   const VkResolveModeFlags zwant = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT | VK_RESOLVE_MODE_AVERAGE_BIT |
                                    VK_RESOLVE_MODE_MIN_BIT | VK_RESOLVE_MODE_MAX_BIT,
                            swant = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT | VK_RESOLVE_MODE_MIN_BIT |
                                    VK_RESOLVE_MODE_MAX_BIT;
   if (!c.reference && ((p12.supportedDepthResolveModes & zwant) != zwant ||
                        (p12.supportedStencilResolveModes & swant) != swant ||
                        !p12.independentResolve || !p12.independentResolveNone)) {
      fprintf(stderr, "depth/stencil resolve modes 0x%x / 0x%x, independent %u/%u\n",
              p12.supportedDepthResolveModes, p12.supportedStencilResolveModes,
              p12.independentResolve, p12.independentResolveNone);
      bad++;
   }
   bad += run_wide_clears(&c);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   static const VkResolveModeFlagBits pairs[][2] = {
      {VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT},
      {VK_RESOLVE_MODE_MIN_BIT, VK_RESOLVE_MODE_MAX_BIT},
      {VK_RESOLVE_MODE_MAX_BIT, VK_RESOLVE_MODE_MIN_BIT},
      {VK_RESOLVE_MODE_AVERAGE_BIT, VK_RESOLVE_MODE_NONE},
      {VK_RESOLVE_MODE_NONE, VK_RESOLVE_MODE_MAX_BIT},
   };
   for (unsigned i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
      VkResolveModeFlagBits zm = pairs[i][0], sm = pairs[i][1];
      /* Vulkan: different modes need independentResolve, or independentResolveNone when
       * one of them is NONE */
      bool supported =
         (!zm || (p12.supportedDepthResolveModes & zm)) &&
         (!sm || (p12.supportedStencilResolveModes & sm)) &&
         (zm == sm || p12.independentResolve || (p12.independentResolveNone && (!zm || !sm)));
      if (supported)
         bad += run_zs_resolve(&g, VK_FORMAT_D32_SFLOAT_S8_UINT, zm, sm);
      if (zm && (p12.supportedDepthResolveModes & zm))
         bad += run_zs_resolve(&g, VK_FORMAT_D16_UNORM, zm, VK_RESOLVE_MODE_NONE);
   }
   for (unsigned i = 0; i < sizeof(res_formats) / sizeof(res_formats[0]); i++)
      bad += run_color_resolve(&g, &res_formats[i]);
   bad += run_push_mask(&g, 0x5, false);
   bad += run_push_mask(&g, 0xE, false);
   bad += run_push_mask(&g, 0xA, true);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u mismatches\n", bad);
      return 1;
   }
   return rc;
}
