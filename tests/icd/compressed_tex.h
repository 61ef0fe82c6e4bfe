/*
 * The Vulkan side shared by the block-compressed texture tests (test_bc.c, test_etc2.c):
 * images of a compressed format created, uploaded and viewed, the compute pipeline that
 * fetches and samples them (bc_fetch.comp), and the CPU texel lookup the tests compare with.
 * It is a test template, not a module: the including file defines `C` (struct agx_vk_ctx),
 * `spv_dir`, and, through its reference header (bc_ref.h, etc2_gen.h or astc_gen.h),
 * `struct fmt`, block_bytes() and decode_texel() before including it; formats whose blocks
 * are not 4x4 (ASTC) also define CT_BLOCK_W(f) and CT_BLOCK_H(f).
 */
#ifndef COMPRESSED_TEX_H
#define COMPRESSED_TEX_H

#ifndef CT_BLOCK_W
#define CT_BLOCK_W(f) 4u
#define CT_BLOCK_H(f) 4u
#endif

struct img {
   VkImage image;
   VkDeviceMemory mem;
   VkFormat format;
   uint32_t w, h, levels, layers;
};

static struct img
make_image(VkFormat format, uint32_t w, uint32_t h, uint32_t levels, uint32_t layers)
{
   struct img m = {.format = format, .w = w, .h = h, .levels = levels, .layers = layers};
   VkImageCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                           .imageType = VK_IMAGE_TYPE_2D,
                           .format = format,
                           .extent = {w, h, 1},
                           .mipLevels = levels,
                           .arrayLayers = layers,
                           .samples = VK_SAMPLE_COUNT_1_BIT,
                           .tiling = VK_IMAGE_TILING_OPTIMAL,
                           .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT};
   VK_OK(vkCreateImage(C.dev, &ci, NULL, &m.image));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(C.dev, m.image, &req);
   VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .allocationSize = req.size,
                              .memoryTypeIndex = agx_vk_memory_type(&C, req.memoryTypeBits, 0)};
   VK_OK(vkAllocateMemory(C.dev, &ai, NULL, &m.mem));
   VK_OK(vkBindImageMemory(C.dev, m.image, m.mem, 0));
   return m;
}

static void
free_image(struct img *m)
{
   vkDestroyImage(C.dev, m->image, NULL);
   vkFreeMemory(C.dev, m->mem, NULL);
}

static uint32_t
minify(uint32_t v, unsigned l)
{
   return v >> l ? v >> l : 1;
}

static uint32_t
nblocks(uint32_t px)
{
   return (px + 3) / 4;
}

/* Blocks across / down px texels. */
static uint32_t
nblocks_x(const struct fmt *f, uint32_t px)
{
   (void)f;
   return (px + CT_BLOCK_W(f) - 1) / CT_BLOCK_W(f);
}

static uint32_t
nblocks_y(const struct fmt *f, uint32_t px)
{
   (void)f;
   return (px + CT_BLOCK_H(f) - 1) / CT_BLOCK_H(f);
}

/* Bytes of one level (all layers) packed in blocks. */
static size_t
level_bytes(const struct fmt *f, const struct img *m, unsigned l)
{
   return (size_t)nblocks_x(f, minify(m->w, l)) * nblocks_y(f, minify(m->h, l)) * m->layers *
          block_bytes(f);
}

/* A barrier making everything before visible to everything after (layout GENERAL). */
static void
barrier(VkCommandBuffer cb, VkImage image, VkImageLayout from)
{
   VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
      .oldLayout = from,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0,
                           VK_REMAINING_ARRAY_LAYERS}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        0, 0, NULL, 0, NULL, 1, &b);
}

static VkBufferImageCopy
level_region(const struct img *m, unsigned l)
{
   return (VkBufferImageCopy){.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, m->layers},
                              .imageExtent = {minify(m->w, l), minify(m->h, l), 1}};
}

/* Fills every level with generated blocks (data[l] keeps them) and checks the copy back. */
static void
upload(const struct fmt *f, struct img *m, uint32_t seed, uint8_t **data)
{
   struct agx_vk_buffer buf[16], back[16];
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, m->image, VK_IMAGE_LAYOUT_UNDEFINED);
   for (unsigned l = 0; l < m->levels; l++) {
      size_t size = level_bytes(f, m, l);
      buf[l] = agx_vk_buffer(&C, size);
      back[l] = agx_vk_buffer(&C, size);
      for (size_t n = 0; n < size / block_bytes(f); n++)
         make_block(f, seed + l, (unsigned)n, buf[l].map + n * block_bytes(f));
      data[l] = malloc(size);
      memcpy(data[l], buf[l].map, size);
      VkBufferImageCopy r = level_region(m, l);
      vkCmdCopyBufferToImage(cb, buf[l].buf, m->image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   }
   barrier(cb, m->image, VK_IMAGE_LAYOUT_GENERAL);
   for (unsigned l = 0; l < m->levels; l++) {
      VkBufferImageCopy r = level_region(m, l);
      vkCmdCopyImageToBuffer(cb, m->image, VK_IMAGE_LAYOUT_GENERAL, back[l].buf, 1, &r);
   }
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));
   for (unsigned l = 0; l < m->levels; l++) {
      if (memcmp(back[l].map, data[l], level_bytes(f, m, l))) {
         fprintf(stderr, "%s %ux%u level %u: image -> buffer copy differs from the upload\n",
                 f->name, m->w, m->h, l);
         exit(1);
      }
      agx_vk_buffer_free(&C, &buf[l]);
      agx_vk_buffer_free(&C, &back[l]);
   }
}

struct pipe {
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkSampler nearest, linear;
};

static struct pipe
make_pipe(void)
{
   struct pipe p;
   VkDescriptorSetLayoutBinding b[3] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 3,
                                          .pBindings = b};
   VK_OK(vkCreateDescriptorSetLayout(C.dev, &dci, NULL, &p.dsl));
   VkPushConstantRange pr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 8};
   VkPipelineLayoutCreateInfo lci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                     .setLayoutCount = 1,
                                     .pSetLayouts = &p.dsl,
                                     .pushConstantRangeCount = 1,
                                     .pPushConstantRanges = &pr};
   VK_OK(vkCreatePipelineLayout(C.dev, &lci, NULL, &p.layout));
   char path[512];
   snprintf(path, sizeof(path), "%s/bc_fetch.spv", spv_dir);
   VkShaderModule mod = agx_vk_shader(&C, path);
   p.pipeline = agx_vk_compute_pipeline(&C, p.layout, mod, NULL, 0, NULL);
   vkDestroyShaderModule(C.dev, mod, NULL);
   VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 64},
                                   {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 128}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
                                     .maxSets = 64,
                                     .poolSizeCount = 2,
                                     .pPoolSizes = sizes};
   VK_OK(vkCreateDescriptorPool(C.dev, &pci, NULL, &p.pool));
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_NEAREST,
                              .minFilter = VK_FILTER_NEAREST,
                              .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .maxLod = 16.0f};
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &p.nearest));
   sci.magFilter = sci.minFilter = VK_FILTER_LINEAR;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &p.linear));
   return p;
}

static void
free_pipe(struct pipe *p)
{
   vkDestroySampler(C.dev, p->nearest, NULL);
   vkDestroySampler(C.dev, p->linear, NULL);
   vkDestroyDescriptorPool(C.dev, p->pool, NULL);
   vkDestroyPipeline(C.dev, p->pipeline, NULL);
   vkDestroyPipelineLayout(C.dev, p->layout, NULL);
   vkDestroyDescriptorSetLayout(C.dev, p->dsl, NULL);
}

/* Texel (x, y) of layer z of a level from the uploaded blocks. */
static void
expect_texel(const struct fmt *f, const struct img *m, const uint8_t *data, unsigned l, int x,
             int y, unsigned z, float v[4])
{
   uint32_t w = minify(m->w, l), h = minify(m->h, l);
   x = x < 0 ? 0 : x >= (int)w ? (int)w - 1 : x;
   y = y < 0 ? 0 : y >= (int)h ? (int)h - 1 : y;
   unsigned bw = CT_BLOCK_W(f), bh = CT_BLOCK_H(f);
   size_t n = ((size_t)z * nblocks_y(f, h) + (unsigned)y / bh) * nblocks_x(f, w) + (unsigned)x / bw;
   decode_texel(f, data + n * block_bytes(f), (unsigned)y % bh * bw + (unsigned)x % bw, v);
}

#endif
