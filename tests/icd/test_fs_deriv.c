/*
 * Fragment-shader derivatives through the driver: implicit-LOD sampling and dFdx/dFdy/fwidth,
 * helper lanes of partly covered quads included, and a vertex shader whose positions come
 * from a constant array indexed by gl_VertexIndex and whose flat output is read from a local
 * array indexed dynamically (the per-thread stack and the render command's helper program).
 *
 * One triangle (screen (0, 0), (66, 64), (0, 64) in a 64x64 target: a diagonal edge that
 * never passes through a pixel centre) is drawn twice:
 *  - shaders/deriv_mip.frag samples a 64x64 texture whose 7 levels are flat, distinct colours,
 *    at coordinates f(p) = 2^(6p/64) / (6 ln 2) of the pixel position (nearest filtering and
 *    mip selection, bias 0 and 1 from a push constant). The CPU reference takes Vulkan's LOD
 *    from the differences of f across each 2x2 quad (lambda = log2(64 max(du/dx, dv/dy)) +
 *    bias, level ceil(lambda + 0.5) - 1 clamped to [0, 6]); a level within a quarter LOD of
 *    the reference's is accepted (Vulkan's LOD precision), and on agx-vk at least 90 % must
 *    match exactly. At least 5 levels must appear.
 *  - shaders/deriv_grad.frag writes dFdx / dFdy / fwidth / fine derivatives of known
 *    polynomials of gl_FragCoord, and the vertex shader's tag, one per draw to an R32 float
 *    target; the reference evaluates the same differences across the quad.
 * Pixels outside the triangle must keep the clear colour.
 *
 * test_fs_deriv VS.spv MIP.spv GRAD.spv [--validation] [--reference]
 */
#include <math.h>
#include <string.h>

#include "agx_vk_ctx.h"

static struct agx_vk_ctx C;

#define W 64
#define H 64
#define SIZE 64
#define LEVELS 7

struct push {
   float bias, scale;
   int32_t shift, comp; /* comp: the component deriv_grad.frag writes */
};

static const uint8_t level_colour[LEVELS][4] = {
   {0, 255, 50, 255},   {40, 225, 200, 255},  {80, 195, 50, 255}, {120, 165, 200, 255},
   {160, 135, 50, 255}, {200, 105, 200, 255}, {240, 75, 50, 255},
};

/* Inside the triangle (0, 0), (66, 64), (0, 64): above the diagonal y = 64 x / 66. */
static bool
covered(int x, int y)
{
   return (y + 0.5) * 66.0 > (x + 0.5) * 64.0;
}

static double
f(double p)
{
   return exp2(p * 6.0 / 64.0) / (6.0 * log(2.0));
}

/* The first pixel centre of the quad holding coordinate p. */
static double
quad0(int p)
{
   return (double)(p & ~1) + 0.5;
}

static int
level_of(double lambda)
{
   if (lambda <= 0)
      return 0;
   int d = (int)ceil(lambda + 0.5) - 1;
   return d < 0 ? 0 : d > LEVELS - 1 ? LEVELS - 1 : d;
}

static VkPipeline
make_pipeline(VkPipelineLayout layout, VkShaderModule vs, VkShaderModule fs, VkFormat format)
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
   VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
   VkViewport viewport = {0, 0, W, H, 0, 1};
   VkRect2D scissor = {{0, 0}, {W, H}};
   VkPipelineViewportStateCreateInfo vp = {.sType =
                                              VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                           .viewportCount = 1,
                                           .pViewports = &viewport,
                                           .scissorCount = 1,
                                           .pScissors = &scissor};
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
   VkPipeline p;
   VK_OK(vkCreateGraphicsPipelines(C.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   return p;
}

static void
barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from, VkImageLayout to,
        VkPipelineStageFlags2 src_stage, VkAccessFlags2 src, VkPipelineStageFlags2 dst_stage,
        VkAccessFlags2 dst, uint32_t levels)
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
                              .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1}};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .imageMemoryBarrierCount = 1,
                          .pImageMemoryBarriers = &b};
   vkCmdPipelineBarrier2(cb, &di);
}

struct image {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

static struct image
make_image(VkFormat format, uint32_t size, uint32_t levels, VkImageUsageFlags usage)
{
   struct image im;
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = format,
                           .extent = {size, size, 1},
                           .mipLevels = levels,
                           .arrayLayers = 1,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = usage};
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &im.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, im.image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &ai, NULL, &im.mem));
   VK_OK(vkBindImageMemory(C.dev, im.image, im.mem, 0));
   VkImageViewCreateInfo vi = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                               .image = im.image,
                               .viewType = VK_IMAGE_VIEW_TYPE_2D,
                               .format = format,
                               .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1}};
   VK_OK(vkCreateImageView(C.dev, &vi, NULL, &im.view));
   return im;
}

static void
free_image(struct image *im)
{
   vkDestroyImageView(C.dev, im->view, NULL);
   vkDestroyImage(C.dev, im->image, NULL);
   vkFreeMemory(C.dev, im->mem, NULL);
}

/* The texture: level l filled with level_colour[l]. */
static struct image
make_texture(void)
{
   struct image t = make_image(VK_FORMAT_R8G8B8A8_UNORM, SIZE, LEVELS,
                               VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT);
   struct agx_vk_buffer up = agx_vk_buffer(&C, SIZE * SIZE * 4 * 2);
   VkBufferImageCopy regions[LEVELS];
   size_t off = 0;
   for (uint32_t l = 0; l < LEVELS; l++) {
      uint32_t n = SIZE >> l;
      regions[l] = (VkBufferImageCopy){.bufferOffset = off,
                                       .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1},
                                       .imageExtent = {n, n, 1}};
      for (uint32_t i = 0; i < n * n; i++, off += 4)
         memcpy(up.map + off, level_colour[l], 4);
   }
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, t.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_PIPELINE_STAGE_2_NONE, 0, VK_PIPELINE_STAGE_2_COPY_BIT,
           VK_ACCESS_2_TRANSFER_WRITE_BIT, LEVELS);
   vkCmdCopyBufferToImage(cb, up.buf, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, LEVELS,
                          regions);
   barrier(cb, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
           VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT,
           VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
           VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, LEVELS);
   VK_OK(agx_vk_submit_wait(&C, cb));
   agx_vk_buffer_free(&C, &up);
   return t;
}

/* Draws the triangle with `pipe` into a fresh target of `format` cleared to `clear` and
 * copies it to `out`. */
static void
draw(VkPipeline pipe, VkPipelineLayout layout, VkDescriptorSet set, VkFormat format,
     const float clear[4], const struct push *push, struct agx_vk_buffer *out)
{
   struct image rt = make_image(
      format, W, 1, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, rt.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
           VK_PIPELINE_STAGE_2_NONE, 0, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
           VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, 1);
   VkRenderingAttachmentInfo att = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                    .imageView = rt.view,
                                    .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                    .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(att.clearValue.color.float32, clear, 16);
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &att};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                      sizeof(*push), push);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   barrier(cb, rt.image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
           VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
           VK_ACCESS_2_TRANSFER_READ_BIT, 1);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                               .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, rt.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, out->buf, 1, &region);
   VK_OK(agx_vk_submit_wait(&C, cb));
   free_image(&rt);
}

/* The level whose colour a texel has, or -1. */
static int
level_from_colour(const uint8_t *p)
{
   for (int l = 0; l < LEVELS; l++) {
      bool same = true;
      for (int c = 0; c < 4; c++)
         same &= abs((int)p[c] - (int)level_colour[l][c]) <= 1;
      if (same)
         return l;
   }
   return -1;
}

static unsigned
check_mip(const uint8_t *img, float bias)
{
   unsigned bad = 0, exact = 0, inside = 0, seen = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         const uint8_t *p = img + 4 * (y * W + x);
         if (!covered(x, y)) {
            /* the clear colour (0.1, 0.2, 0.3, 0.4) */
            static const uint8_t cc[4] = {26, 51, 77, 102};
            bool ok = true;
            for (int c = 0; c < 4; c++)
               ok &= abs((int)p[c] - cc[c]) <= 1;
            if (!ok && bad++ < 8)
               fprintf(stderr, "bias %g: pixel (%d, %d) outside the triangle changed\n", bias, x,
                       y);
            continue;
         }
         inside++;
         double x0 = quad0(x), y0 = quad0(y);
         double du = f(x0 + 1) - f(x0), dv = f(y0 + 1) - f(y0);
         double lambda = log2(SIZE * (du > dv ? du : dv)) + bias;
         int want = level_of(lambda), lo = level_of(lambda - 0.25), hi = level_of(lambda + 0.25);
         int got = level_from_colour(p);
         if (got >= 0)
            seen |= 1u << got;
         exact += got == want;
         if ((got < lo || got > hi) && bad++ < 8)
            fprintf(stderr, "bias %g: pixel (%d, %d) level %d, want %d (LOD %.3f)\n", bias, x, y,
                    got, want, lambda);
      }
   }
   unsigned levels = (unsigned)__builtin_popcount(seen);
   printf("bias %g: %u of %u pixels at the exact level, %u levels, %u mismatches\n", bias, exact,
          inside, levels, bad);
   if (levels < 5)
      bad++;
   if (!C.reference && exact * 10 < inside * 9)
      bad++;
   return bad;
}

static bool
close_to(float got, double want)
{
   return fabs(got - want) <= 1e-3 * (fabs(want) > 1 ? fabs(want) : 1);
}

static unsigned
check_grad(const float *img, unsigned c, float tag)
{
   unsigned bad = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         float got = img[y * W + x];
         double want[4] = {-7, -7, -7, -7};
         if (covered(x, y)) {
            double x0 = quad0(x), px = x + 0.5, py = y + 0.5;
            double dx = 0.01 * ((x0 + 1) * (x0 + 1) - x0 * x0);
            want[0] = dx;
            want[1] = 3.0 + 100.0 * (fabs(dx) + 3.0);
            want[2] = py + 1000.0 * px; /* fine: the pixel's own row and column */
            want[3] = tag;
         }
         if (!close_to(got, want[c]) && bad++ < 8)
            fprintf(stderr, "component %u, pixel (%d, %d): %g, want %g\n", c, x, y, got, want[c]);
      }
   }
   printf("derivatives, component %u: %u mismatches\n", c, bad);
   return bad;
}

int
main(int argc, char **argv)
{
   CHECK(argc >= 4);
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device(&C, &f13, 0, NULL);

   struct image tex = make_texture();
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_NEAREST,
                              .minFilter = VK_FILTER_NEAREST,
                              .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
                              .maxLod = VK_LOD_CLAMP_NONE};
   VkSampler samp;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &samp));
   VkDescriptorSetLayoutBinding lb = {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                      VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &lb};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &dci, NULL, &dsl));
   VkPushConstantRange pr = {VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                             sizeof(struct push)};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &dsl,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &pr};
   VkPipelineLayout layout;
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &layout));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo sai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = pool,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &sai, &set));
   VkDescriptorImageInfo ii = {samp, tex.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                              .pImageInfo = &ii};
   vkUpdateDescriptorSets(C.dev, 1, &wr, 0, NULL);

   VkShaderModule vs = agx_vk_shader(&C, argv[1]), mip = agx_vk_shader(&C, argv[2]),
                  grad = agx_vk_shader(&C, argv[3]);
   VkPipeline mip_pipe = make_pipeline(layout, vs, mip, VK_FORMAT_R8G8B8A8_UNORM);
   VkPipeline grad_pipe = make_pipeline(layout, vs, grad, VK_FORMAT_R32_SFLOAT);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&C, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);

   unsigned bad = 0;
   const float clear8[4] = {0.1f, 0.2f, 0.3f, 0.4f}, clear32[4] = {-7, -7, -7, -7};
   for (int b = 0; b < 2; b++) {
      struct push pc = {.bias = (float)b, .scale = 0.5f, .shift = 2};
      draw(mip_pipe, layout, set, VK_FORMAT_R8G8B8A8_UNORM, clear8, &pc, &out);
      bad += check_mip(out.map, pc.bias);
   }
   /* tag = t[(0 + shift) % 3] of the provoking vertex, t[i] = (i + 1) scale */
   for (unsigned comp = 0; comp < 4; comp++) {
      struct push pc = {.bias = 0, .scale = 0.5f, .shift = 2, .comp = (int32_t)comp};
      draw(grad_pipe, layout, set, VK_FORMAT_R32_SFLOAT, clear32, &pc, &out);
      bad += check_grad(out.ptr, comp, 1.5f);
   }
   CHECK(bad == 0);

   agx_vk_buffer_free(&C, &out);
   vkDestroyPipeline(C.dev, mip_pipe, NULL);
   vkDestroyPipeline(C.dev, grad_pipe, NULL);
   vkDestroyShaderModule(C.dev, vs, NULL);
   vkDestroyShaderModule(C.dev, mip, NULL);
   vkDestroyShaderModule(C.dev, grad, NULL);
   vkDestroyDescriptorPool(C.dev, pool, NULL);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, dsl, NULL);
   vkDestroySampler(C.dev, samp, NULL);
   free_image(&tex);
   return agx_vk_ctx_finish(&C);
}
