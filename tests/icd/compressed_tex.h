/*
 * The Vulkan side shared by the block-compressed texture tests (test_bc.c, test_etc2.c,
 * test_astc.c):
 * images of a compressed format created, uploaded and viewed, the compute pipeline that
 * fetches and samples them (bc_fetch.comp), and the CPU texel lookup the tests compare with.
 * It is a test template, not a module: the including file defines `C` (struct agx_vk_ctx),
 * `spv_dir`, and, through its reference header (bc_ref.h, etc2_gen.h or astc_gen.h),
 * `struct fmt`, block_bytes() and decode_texel() before including it; formats whose blocks
 * are not 4x4 (ASTC) also define CT_BLOCK_W(f) and CT_BLOCK_H(f).
 * With COMPRESSED_TEX_CHECKS defined it also holds the checks test_bc, test_etc2 and
 * test_astc share: every level read by texelFetch and textureLod (nearest, linear)
 * compared with the CPU lookup (check_level, sample_image) and a block-aligned
 * vkCmdCopyImage between two images (image_copy); the including file then also defines
 * `failures` (unsigned, counted up per mismatch) before including it and tolerance()
 * (declared below) after it.
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

#ifdef COMPRESSED_TEX_CHECKS

/* How far component `ref` may be off (filtered: a linear read); the test's. */
static float tolerance(const struct fmt *f, float ref, bool filtered);

/* spread: per component, the largest difference between the filtered texels (weights
 * are 8-bit fractions in the simulator, an approximation the hardware makes in some form:
 * Vulkan's minimum subTexelPrecisionBits is 4; both sides of a texel centre give 0.5 only
 * up to float rounding of the coordinate) */
static void
compare(const struct fmt *f, const struct img *m, unsigned l, int x, int y, unsigned z,
        const char *what, const float *got, const float *want, const float *spread)
{
   for (int c = 0; c < 4; c++) {
      float tol = tolerance(f, want[c], spread != NULL);
      if (spread)
         tol += spread[c] * 2.0f / 256.0f;
      if (fabsf(got[c] - want[c]) <= tol)
         continue;
      if (failures++ < 40)
         fprintf(stderr, "%s %ux%u level %u layer %u (%d, %d) %s: component %d = %g, expected %g\n",
                 f->name, m->w, m->h, l, z, x, y, what, c, got[c], want[c]);
   }
}

/* Reads level l (every texel, or one per block) and checks the three reads. */
static void
check_level(struct pipe *p, const struct fmt *f, struct img *m, VkImageView view, uint8_t *data,
            unsigned l, bool sparse)
{
   uint32_t w = minify(m->w, l), h = minify(m->h, l);
   uint32_t n = sparse ? nblocks(w) * nblocks(h) * m->layers : w * h * m->layers;
   struct agx_vk_buffer out = agx_vk_buffer(&C, (VkDeviceSize)n * 48);
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = p->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &p->dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(C.dev, &ai, &set));
   VkDescriptorBufferInfo bi = {out.buf, 0, VK_WHOLE_SIZE};
   VkDescriptorImageInfo ii[2] = {{p->nearest, view, VK_IMAGE_LAYOUT_GENERAL},
                                  {p->linear, view, VK_IMAGE_LAYOUT_GENERAL}};
   VkWriteDescriptorSet wr[3] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 0,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &bi},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 1,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                  .pImageInfo = &ii[0]},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = set,
                                  .dstBinding = 2,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                  .pImageInfo = &ii[1]}};
   vkUpdateDescriptorSets(C.dev, 3, wr, 0, NULL);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, 1, &set, 0, NULL);
   int32_t push[2] = {(int32_t)l, sparse};
   vkCmdPushConstants(cb, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, push);
   vkCmdDispatch(cb, (n + 63) / 64, 1, 1);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));
   const float *o = out.ptr;
   for (uint32_t i = 0; i < n; i++) {
      int x, y;
      unsigned z;
      if (sparse) {
         uint32_t nbx = nblocks(w), nby = nblocks(h);
         int bx = (int)(i % nbx), by = (int)((i / nbx) % nby);
         z = i / (nbx * nby);
         x = bx * 4 + (bx + by) % 4;
         y = by * 4 + (3 * bx + by) % 4;
         x = x < (int)w ? x : (int)w - 1;
         y = y < (int)h ? y : (int)h - 1;
      } else {
         x = (int)(i % w), y = (int)((i / w) % h), z = i / (w * h);
      }
      float want[4], lin[4] = {0, 0, 0, 0};
      expect_texel(f, m, data, l, x, y, z, want);
      compare(f, m, l, x, y, z, "texelFetch", o + 12 * i, want, NULL);
      compare(f, m, l, x, y, z, "textureLod nearest", o + 12 * i + 4, want, NULL);
      float lo[4] = {INFINITY, INFINITY, INFINITY, INFINITY},
            hi[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
      for (int dy = 0; dy < 2; dy++)
         for (int dx = 0; dx < 2; dx++) {
            float t[4];
            expect_texel(f, m, data, l, x + dx, y + dy, z, t);
            for (int c = 0; c < 4; c++) {
               lin[c] += t[c] / 4.0f;
               lo[c] = fminf(lo[c], t[c]);
               hi[c] = fmaxf(hi[c], t[c]);
            }
         }
      float spread[4];
      for (int c = 0; c < 4; c++)
         spread[c] = hi[c] - lo[c];
      compare(f, m, l, x, y, z, "textureLod linear", o + 12 * i + 8, lin, spread);
   }
   VK_OK(vkFreeDescriptorSets(C.dev, p->pool, 1, &set));
   agx_vk_buffer_free(&C, &out);
}

static VkImageView
make_view(const struct img *m)
{
   VkImageViewCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = m->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
      .format = m->format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, m->levels, 0, m->layers}};
   VkImageView v;
   VK_OK(vkCreateImageView(C.dev, &ci, NULL, &v));
   return v;
}

/* One image of format f: upload, copy back, read every level. */
static void
sample_image(struct pipe *p, const struct fmt *f, uint32_t w, uint32_t h, uint32_t levels,
             uint32_t layers, unsigned first_level, bool sparse)
{
   struct img m = make_image(f->vk, w, h, levels, layers);
   uint8_t *data[16];
   upload(f, &m, (uint32_t)f->vk * 977u + w, data);
   VkImageView view = make_view(&m);
   for (unsigned l = first_level; l < levels; l++)
      check_level(p, f, &m, view, data[l], l, sparse);
   vkDestroyImageView(C.dev, view, NULL);
   for (unsigned l = 0; l < levels; l++)
      free(data[l]);
   free_image(&m);
}

/* vkCmdCopyImage of a block-aligned region (blocks (1..2, 1) of layer 1, level 0) into
 * another image at block (1, 0); everything else of the destination keeps its upload. */
static void
image_copy(const struct fmt *f)
{
   unsigned bw = CT_BLOCK_W(f), bh = CT_BLOCK_H(f);
   struct img a = make_image(f->vk, 4 * bw + 2, 2 * bh + 2, 1, 2),
              b = make_image(f->vk, 3 * bw, 2 * bh, 1, 1);
   uint8_t *da[1], *db[1];
   upload(f, &a, 11, da);
   upload(f, &b, 23, db);
   unsigned bb = block_bytes(f), abx = 5; /* a is 5x3 blocks per layer, b 3x2 */
   struct agx_vk_buffer out = agx_vk_buffer(&C, level_bytes(f, &b, 0));
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageCopy r = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1},
                    .srcOffset = {(int32_t)bw, (int32_t)bh, 0},
                    .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                    .dstOffset = {(int32_t)bw, 0, 0},
                    .extent = {2 * bw, bh, 1}};
   vkCmdCopyImage(cb, a.image, VK_IMAGE_LAYOUT_GENERAL, b.image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   barrier(cb, b.image, VK_IMAGE_LAYOUT_GENERAL);
   VkBufferImageCopy br = level_region(&b, 0);
   vkCmdCopyImageToBuffer(cb, b.image, VK_IMAGE_LAYOUT_GENERAL, out.buf, 1, &br);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb,
                        0, NULL, 0, NULL);
   VK_OK(agx_vk_submit_wait(&C, cb));
   for (unsigned by = 0; by < 2; by++)
      for (unsigned bx = 0; bx < 3; bx++) {
         const uint8_t *want = db[0] + (by * 3 + bx) * bb;
         if (by == 0 && bx >= 1)
            want = da[0] + ((1 * 3 + 1) * abx + bx) * bb; /* layer 1, block row 1, column bx */
         if (memcmp(out.map + (by * 3 + bx) * bb, want, bb)) {
            fprintf(stderr, "%s: vkCmdCopyImage block (%u, %u) wrong\n", f->name, bx, by);
            failures++;
         }
      }
   agx_vk_buffer_free(&C, &out);
   free(da[0]);
   free(db[0]);
   free_image(&a);
   free_image(&b);
}

#endif /* COMPRESSED_TEX_CHECKS */

#endif
