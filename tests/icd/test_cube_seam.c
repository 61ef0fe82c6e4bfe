/*
 * Seamless cube-map filtering (Vulkan "Cube Map Edge Handling"): a 4x4 cube
 * map in R32_SFLOAT whose texel (i, j) of face f holds 100 f + 4 j + i is
 * sampled with linear filtering (textureLod, level 0) in directions that
 * land exactly on a face edge, half-way between texel rows, so the 2x2
 * footprint takes two texels of each face, with weights 1/2:
 *  - +Z's right edge (s = 1) meets +X's left column (i = 0);
 *  - +Z's left edge meets -X's right column;
 *  - +X's top edge (t = 0) meets +Y's right column read along j;
 * and in directions at texel centres of a face (no seam: the texel). With
 * VK_EXT_non_seamless_cube_map (a second run, agx-vk always) the edge
 * probes read only their own face (clamped: its edge texel). The
 * expected values follow from the cube layout of the spec's major-axis
 * table (written out per case here), not from the driver's code.
 *
 * test_cube_seam CUBE_SEAM_SPV [--validation] [--reference]
 */
#include <math.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define N 4

static float
texel(unsigned face, unsigned i, unsigned j)
{
   return (float)(100 * face + 4 * j + i);
}

struct probe {
   float dir[3];
   float expect;
   float expect_non_seamless; /* VK_EXT_non_seamless_cube_map: clamped to the face */
   const char *what;
};

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   const char *spv = NULL;
   for (int i = 1; i < argc; i++)
      if (argv[i][0] != '-')
         spv = argv[i];
   CHECK(spv);
   /* VK_EXT_non_seamless_cube_map, when offered: the same probes with
    * each face filtered alone (clamp to edge within the face) */
   bool non_seamless = agx_vk_ctx_has_extension(&c, "VK_EXT_non_seamless_cube_map");
   VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT nsf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT,
      .nonSeamlessCubeMap = VK_TRUE};
   const char *ext = "VK_EXT_non_seamless_cube_map";
   CHECK(non_seamless || c.reference); /* agx-vk offers it */
   agx_vk_ctx_device(&c, non_seamless ? &nsf : NULL, non_seamless ? 1 : 0, &ext);

   /* Row j's centre on a Z face: t = (j + 0.5) / N, tc = 2t - 1 = -y. */
   struct probe probes[16];
   unsigned n = 0;
   for (unsigned j = 0; j < N; j++) {
      float y = -(2.0f * ((float)j + 0.5f) / N - 1.0f);
      /* +Z (face 4): sc = x, at x = z = 1 z wins the tie: s = 1 -> texels
       * i = 3 of +Z and the next one, +X's (face 0) column sc = -z = -1,
       * i = 0, the same row (both faces have tc = -y) */
      probes[n++] = (struct probe){{1, y, 1},
                                   0.5f * (texel(4, 3, j) + texel(0, 0, j)),
                                   texel(4, 3, j),
                                   "+Z|+X"};
      /* +Z's left edge (x = -1): -X (face 1, sc = z = 1) column i = 3 */
      probes[n++] = (struct probe){{-1, y, 1},
                                   0.5f * (texel(4, 0, j) + texel(1, 3, j)),
                                   texel(4, 0, j),
                                   "+Z|-X"};
   }
   /* +X (face 0) top edge: tc = -y = -1 (y = 1), sc = -z; the tie x = y
    * goes to y (face 2, +Y: sc = x = 1 -> i = 3, tc = z). Footprint at
    * +Y's right edge between rows: rows j of +Y whose tc = z, columns 3
    * of +Y and the next: +X's top row (j = 0), column sc = -z. Take z at
    * the centre of +Y's row k: tc = z = 2 (k + 0.5) / N - 1; on +X that is
    * sc = -z -> column N - 1 - k. */
   for (unsigned k = 0; k < N; k++) {
      float z = 2.0f * ((float)k + 0.5f) / N - 1.0f;
      probes[n++] = (struct probe){{1, 1, z},
                                   0.5f * (texel(2, 3, k) + texel(0, N - 1 - k, 0)),
                                   texel(2, 3, k),
                                   "+Y|+X"};
   }
   /* texel centres inside faces: no seam */
   probes[n++] = (struct probe){{1, -0.25f, -0.25f}, texel(0, 2, 2), texel(0, 2, 2), "+X centre"};
   probes[n++] = (struct probe){{0.25f, -0.75f, -1}, texel(5, 1, 3), texel(5, 1, 3), "-Z centre"};
   probes[n++] = (struct probe){{-0.75f, 0.25f, 1}, texel(4, 0, 1), texel(4, 0, 1), "+Z centre"};
   probes[n++] = (struct probe){{0.25f, 1, 0.75f}, texel(2, 2, 3), texel(2, 2, 3), "+Y centre"};
   CHECK(n == 16);

   struct agx_vk_image img;
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R32_SFLOAT,
                                                   .width = N,
                                                   .height = N,
                                                   .layers = 6,
                                                   .flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT,
                                                   .view_type = VK_IMAGE_VIEW_TYPE_CUBE,
                                                   .usage = VK_IMAGE_USAGE_SAMPLED_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT},
                       &img);
   VkImage image = img.image;
   struct agx_vk_buffer up = agx_vk_buffer(&c, 6 * N * N * 4);
   float *t = up.ptr;
   for (unsigned f = 0; f < 6; f++)
      for (unsigned j = 0; j < N; j++)
         for (unsigned i = 0; i < N; i++)
            t[(f * N + j) * N + i] = texel(f, i, j);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                             .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                             .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                             .newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                             .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                             .image = image,
                             .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 6}};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                        NULL, 0, NULL, 1, &b);
   VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 6},
                          .imageExtent = {N, N, 1}};
   vkCmdCopyBufferToImage(cb, up.buf, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
   b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   b.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
   b.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
   b.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0,
                        0, NULL, 0, NULL, 1, &b);
   VK_OK(agx_vk_submit_wait(&c, cb));

   VkImageView view = img.view;
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_LINEAR,
                              .minFilter = VK_FILTER_LINEAR,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE};
   VkSampler smp;
   VK_OK(vkCreateSampler(c.dev, &sci, NULL, &smp));

   struct agx_vk_buffer dirs = agx_vk_buffer(&c, 16 * 16), out = agx_vk_buffer(&c, 16 * 16);
   float *d = dirs.ptr;
   for (unsigned i = 0; i < n; i++)
      memcpy(d + 4 * i, probes[i].dir, 12);
   VkDescriptorSetLayoutBinding lb[3] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 3,
                                          .pBindings = lb};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(c.dev, &dci, NULL, &dsl));
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 1, &dsl, 0, 0);
   VkShaderModule module = agx_vk_shader(&c, spv);
   VkPipeline p = agx_vk_compute_pipeline(&c, layout, module, NULL, 0, NULL);
   VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2},
                                 {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 2,
                                     .pPoolSizes = ps};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(c.dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(c.dev, &ai, &set));
   VkDescriptorBufferInfo bi[2] = {{dirs.buf, 0, VK_WHOLE_SIZE}, {out.buf, 0, VK_WHOLE_SIZE}};
   VkDescriptorImageInfo ii = {smp, view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
   VkWriteDescriptorSet w[2] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 0,
                                 .descriptorCount = 2,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 .pBufferInfo = bi},
                                {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 2,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                 .pImageInfo = &ii}};
   vkUpdateDescriptorSets(c.dev, 2, w, 0, NULL);
   sci.flags = VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT;
   VkSampler smp_ns = VK_NULL_HANDLE;
   if (non_seamless)
      VK_OK(vkCreateSampler(c.dev, &sci, NULL, &smp_ns));
   unsigned bad = 0;
   for (unsigned pass = 0; pass < (non_seamless ? 2u : 1u); pass++) {
      if (pass == 1) {
         ii.sampler = smp_ns;
         vkUpdateDescriptorSets(c.dev, 1, &w[1], 0, NULL);
      }
      cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
      vkCmdDispatch(cb, 1, 1, 1);
      VkMemoryBarrier hb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                            .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                            .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
      vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                           1, &hb, 0, NULL, 0, NULL);
      VK_OK(agx_vk_submit_wait(&c, cb));

      const float *o = out.ptr;
      for (unsigned i = 0; i < n; i++) {
         /* 8-bit sub-texel weights: 1/2 is exact */
         float want = pass ? probes[i].expect_non_seamless : probes[i].expect;
         bool ok = fabsf(o[4 * i] - want) <= 1e-3f * fabsf(want) + 1e-3f;
         printf("%s %-10s dir (%5.2f %5.2f %5.2f): %8.3f, expected %8.3f %s\n",
                pass ? "non-seamless" : "seamless", probes[i].what, probes[i].dir[0],
                probes[i].dir[1], probes[i].dir[2], o[4 * i], want, ok ? "ok" : "FAIL");
         bad += !ok;
      }
   }
   CHECK(bad == 0);
   if (smp_ns)
      vkDestroySampler(c.dev, smp_ns, NULL);
   vkDestroyPipeline(c.dev, p, NULL);
   vkDestroyShaderModule(c.dev, module, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyDescriptorPool(c.dev, pool, NULL);
   vkDestroyDescriptorSetLayout(c.dev, dsl, NULL);
   vkDestroySampler(c.dev, smp, NULL);
   agx_vk_image_free(&c, &img);
   agx_vk_buffer_free(&c, &up);
   agx_vk_buffer_free(&c, &dirs);
   agx_vk_buffer_free(&c, &out);
   return agx_vk_ctx_finish(&c);
}
