/*
 * Sampling depth/stencil images (SAMPLED_IMAGE on depth/stencil formats,
 * Vulkan's required format features; shadow maps in D3D games): a 16x16
 * D16_UNORM, D32_SFLOAT and D32_SFLOAT_S8_UINT image is filled through
 * vkCmdCopyBufferToImage (depth aspect, and stencil aspect where present),
 * then a compute shader reads the depth aspect with texelFetch, textureLod,
 * and sampler2DShadow (compare LESS) with nearest filtering at texel centres
 * and linear filtering at the corners between four texels (each weight
 * 1/4, clamp to edge); another reads the stencil aspect as a usampler2D.
 * Compared with a CPU model: D16 values as stored (round(d x 65535) /
 * 65535), compare results per Vulkan "Depth Compare Operation" (pass when
 * D_ref < D_tex), the linear result their average.
 *
 * Every layer of a 3-layer image is also read through a 2D array view.
 *
 * test_depth_sample DEPTH_SAMPLE_SPV STENCIL_SAMPLE_SPV DEPTH_ARRAY_SPV
 *                   [--validation] [--reference]
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define N 16
#define LAYERS 3

struct zs_format {
   VkFormat vk;
   const char *name;
   unsigned depth_bytes; /* 2: unorm16, 4: float */
   bool stencil;
};

static const struct zs_format formats[] = {
   {VK_FORMAT_D16_UNORM, "D16_UNORM", 2, false},
   {VK_FORMAT_D32_SFLOAT, "D32_SFLOAT", 4, false},
   {VK_FORMAT_D32_SFLOAT_S8_UINT, "D32_SFLOAT_S8_UINT", 4, true},
};

/* The depth the test writes at texel (x, y), as the format stores it. */
static double
depth_at(const struct zs_format *f, unsigned x, unsigned y)
{
   double d = (double)((x * 7 + y * 13) % 32) / 31.0;
   if (f->depth_bytes == 2)
      return round(d * 65535.0) / 65535.0;
   return (float)d;
}

/* Layer l holds layer 0's values shifted by 5 l texels in x. */
static double
depth_layer(const struct zs_format *f, unsigned x, unsigned y, unsigned l)
{
   return depth_at(f, (x + 5 * l) % N, y);
}

static uint8_t
stencil_at(unsigned x, unsigned y)
{
   return (uint8_t)(x * 16 + y * 3 + 1);
}

struct ctx {
   struct agx_vk_ctx *c;
   VkShaderModule depth_cs, stencil_cs, array_cs;
   VkSampler near, shadow_near, shadow_lin;
};

static VkSampler
sampler(struct agx_vk_ctx *c, VkFilter filter, bool compare)
{
   VkSamplerCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                             .magFilter = filter,
                             .minFilter = filter,
                             .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                             .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                             .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                             .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                             .compareEnable = compare,
                             .compareOp = VK_COMPARE_OP_LESS,
                             .maxLod = 0.0f};
   VkSampler s;
   VK_OK(vkCreateSampler(c->dev, &ci, NULL, &s));
   return s;
}

static VkImageView
aspect_view(struct agx_vk_ctx *c, VkImage image, VkFormat format, VkImageAspectFlags aspect,
            bool array)
{
   return agx_vk_image_view(c, image, array ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
                            format, (VkImageSubresourceRange){aspect, 0, 1, 0, array ? LAYERS : 1});
}

/* Runs `module` with the storage buffer `out` at binding 0 and the
 * combined image samplers (views[i], samplers[i]) at bindings 1.. */
static void
run(struct ctx *x, VkShaderModule module, VkBuffer out, unsigned n, const VkImageView *views,
    const VkSampler *samplers, float ref, unsigned invocations)
{
   struct agx_vk_ctx *c = x->c;
   VkDescriptorSetLayoutBinding b[4] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   for (unsigned i = 0; i < n; i++)
      b[1 + i] = (VkDescriptorSetLayoutBinding){1 + i, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                                VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1 + n,
                                          .pBindings = b};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &dsl));
   VkPipelineLayout layout = agx_vk_pipeline_layout(c, 1, &dsl, VK_SHADER_STAGE_COMPUTE_BIT, 4);
   VkPipeline p = agx_vk_compute_pipeline(c, layout, module, NULL, 0, NULL);
   VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1},
                                 {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 3}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 2,
                                     .pPoolSizes = ps};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &set));
   VkDescriptorBufferInfo bi = {out, 0, VK_WHOLE_SIZE};
   VkDescriptorImageInfo ii[3];
   VkWriteDescriptorSet w[4] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                 .dstSet = set,
                                 .dstBinding = 0,
                                 .descriptorCount = 1,
                                 .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                 .pBufferInfo = &bi}};
   for (unsigned i = 0; i < n; i++) {
      ii[i] = (VkDescriptorImageInfo){samplers[i], views[i],
                                      VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL};
      w[1 + i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                        .dstSet = set,
                                        .dstBinding = 1 + i,
                                        .descriptorCount = 1,
                                        .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                        .pImageInfo = &ii[i]};
   }
   vkUpdateDescriptorSets(c->dev, 1 + n, w, 0, NULL);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &ref);
   vkCmdDispatch(cb, invocations / 64, 1, 1);
   agx_vk_memory_barrier(cb, AGX_VK_COMPUTE_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(c, cb));
   vkDestroyPipeline(c->dev, p, NULL);
   vkDestroyPipelineLayout(c->dev, layout, NULL);
   vkDestroyDescriptorPool(c->dev, pool, NULL);
   vkDestroyDescriptorSetLayout(c->dev, dsl, NULL);
}

static unsigned
check_depth(const struct zs_format *f, const float *v, float ref, bool linear)
{
   unsigned bad = 0;
   for (unsigned y = 0; y < N; y++) {
      for (unsigned x = 0; x < N; x++) {
         const float *o = v + 4 * (y * N + x);
         double d = depth_at(f, x, y);
         double pass = ref < d ? 1.0 : 0.0;
         double lin = 0;
         for (unsigned k = 0; k < 4; k++) {
            unsigned xx = x + (k & 1), yy = y + (k >> 1);
            xx = xx < N ? xx : N - 1;
            yy = yy < N ? yy : N - 1;
            lin += (ref < depth_at(f, xx, yy) ? 1.0 : 0.0) / 4;
         }
         double tol = f->depth_bytes == 2 ? 1e-6 : 0;
         if (fabs(o[0] - d) > tol || o[1] != pass || (linear && fabs(o[2] - lin) > 1.0 / 256) ||
             fabs(o[3] - d) > tol) {
            if (bad < 4)
               fprintf(stderr,
                       "%s (%u,%u): fetch %.6f nearest %.3f linear %.3f lod %.6f, expected %.6f "
                       "%.3f %.3f %.6f\n",
                       f->name, x, y, o[0], o[1], o[2], o[3], d, pass, lin, d);
            bad++;
         }
      }
   }
   return bad;
}

static unsigned
run_format(struct ctx *x, const struct zs_format *f, bool linear)
{
   struct agx_vk_ctx *c = x->c;
   struct agx_vk_image img;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){
                          .format = f->vk,
                          .width = N,
                          .height = N,
                          .layers = LAYERS,
                          .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                          .no_view = true},
                       &img);
   VkImage image = img.image;

   /* the texels: depth layers then (at byte 4096) stencil of layer 0 */
   struct agx_vk_buffer up = agx_vk_buffer(c, 8192);
   for (unsigned l = 0; l < LAYERS; l++) {
      for (unsigned y = 0; y < N; y++) {
         for (unsigned xx = 0; xx < N; xx++) {
            double d = depth_layer(f, xx, y, l);
            unsigned i = (l * N + y) * N + xx;
            if (f->depth_bytes == 2) {
               uint16_t u = (uint16_t)lround(d * 65535.0);
               memcpy(up.map + 2 * i, &u, 2);
            } else {
               float fl = (float)d;
               memcpy(up.map + 4 * i, &fl, 4);
            }
            if (l == 0)
               up.map[4096 + y * N + xx] = stencil_at(xx, y);
         }
      }
   }
   VkImageAspectFlags aspects =
      VK_IMAGE_ASPECT_DEPTH_BIT | (f->stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, image, aspects, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_NONE, AGX_VK_COPY_WRITE);
   VkBufferImageCopy r[2] = {
      {.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, LAYERS}, .imageExtent = {N, N, 1}},
      {.bufferOffset = 4096,
       .imageSubresource = {VK_IMAGE_ASPECT_STENCIL_BIT, 0, 0, 1},
       .imageExtent = {N, N, 1}}};
   vkCmdCopyBufferToImage(cb, up.buf, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                          f->stencil ? 2 : 1, r);
   agx_vk_barrier(cb, image, aspects, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL, AGX_VK_COPY_WRITE,
                  AGX_VK_COMPUTE_SAMPLED);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = 0;
   struct agx_vk_buffer out = agx_vk_buffer(c, LAYERS * N * N * 16);
   VkImageView dv = aspect_view(c, image, f->vk, VK_IMAGE_ASPECT_DEPTH_BIT, false);
   VkImageView views[3] = {dv, dv, dv};
   /* without linear filtering of the format: the nearest one, not checked */
   VkSampler samplers[3] = {x->near, x->shadow_near, linear ? x->shadow_lin : x->shadow_near};
   const float refs[2] = {15.5f / 31.0f, 3.5f / 31.0f};
   for (unsigned k = 0; k < 2; k++) {
      run(x, x->depth_cs, out.buf, 3, views, samplers, refs[k], N * N);
      bad += check_depth(f, out.ptr, refs[k], linear);
   }
   vkDestroyImageView(c->dev, dv, NULL);
   /* every layer through a 2D array view (the planes' layers are page
    * aligned: the texture descriptor must say so) */
   VkImageView av = aspect_view(c, image, f->vk, VK_IMAGE_ASPECT_DEPTH_BIT, true);
   run(x, x->array_cs, out.buf, 1, &av, &x->near, 0, LAYERS * N * N);
   for (unsigned i = 0; i < LAYERS * N * N; i++) {
      double d = depth_layer(f, i % N, (i / N) % N, i / (N * N));
      float got = ((const float *)out.ptr)[4 * i];
      if (fabs(got - d) > 1e-6) {
         if (bad < 4)
            fprintf(stderr, "%s layer %u (%u,%u): %.6f, expected %.6f\n", f->name, i / (N * N),
                    i % N, (i / N) % N, got, d);
         bad++;
      }
   }
   vkDestroyImageView(c->dev, av, NULL);
   if (f->stencil) {
      VkImageView sv = aspect_view(c, image, f->vk, VK_IMAGE_ASPECT_STENCIL_BIT, false);
      memset(out.map, 0xAB, N * N * 16);
      run(x, x->stencil_cs, out.buf, 1, &sv, &x->near, 0, N * N);
      const uint32_t *o = out.ptr;
      for (unsigned i = 0; i < N * N; i++) {
         if (o[4 * i] != stencil_at(i % N, i / N)) {
            if (bad < 4)
               fprintf(stderr, "%s stencil (%u,%u): %u, expected %u\n", f->name, i % N, i / N,
                       o[4 * i], stencil_at(i % N, i / N));
            bad++;
         }
      }
      vkDestroyImageView(c->dev, sv, NULL);
   }
   agx_vk_buffer_free(c, &out);
   agx_vk_buffer_free(c, &up);
   agx_vk_image_free(c, &img);
   return bad;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   const char *paths[3];
   unsigned np = 0;
   for (int i = 1; i < argc && np < 3; i++)
      if (argv[i][0] != '-')
         paths[np++] = argv[i];
   CHECK(np == 3);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE};
   agx_vk_ctx_device(&c, &f13, 0, NULL);
   struct ctx x = {.c = &c};
   x.depth_cs = agx_vk_shader(&c, paths[0]);
   x.stencil_cs = agx_vk_shader(&c, paths[1]);
   x.array_cs = agx_vk_shader(&c, paths[2]);
   x.near = sampler(&c, VK_FILTER_NEAREST, false);
   x.shadow_near = sampler(&c, VK_FILTER_NEAREST, true);
   x.shadow_lin = sampler(&c, VK_FILTER_LINEAR, true);

   unsigned failed = 0;
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      const struct zs_format *f = &formats[i];
      VkFormatProperties3 p3 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
      VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2, .pNext = &p3};
      vkGetPhysicalDeviceFormatProperties2(c.pdev, f->vk, &p2);
      /* agx-vk also filters them linearly (the reference may not) */
      VkFormatFeatureFlags2 need =
         VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_BIT |
         VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_DEPTH_COMPARISON_BIT |
         VK_FORMAT_FEATURE_2_DEPTH_STENCIL_ATTACHMENT_BIT |
         (c.reference ? 0 : VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT);
      if ((p3.optimalTilingFeatures & need) != need) {
         if (c.reference) {
            printf("%-20s not offered (skipped)\n", f->name);
            continue;
         }
         fprintf(stderr, "%s: features 0x%llx lack 0x%llx\n", f->name,
                 (unsigned long long)p3.optimalTilingFeatures,
                 (unsigned long long)(need & ~p3.optimalTilingFeatures));
         failed++;
         continue;
      }
      bool linear = p3.optimalTilingFeatures & VK_FORMAT_FEATURE_2_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
      unsigned bad = run_format(&x, f, linear);
      printf("%-20s %s%s\n", f->name, bad ? "FAIL" : "ok", linear ? "" : " (no linear filtering)");
      failed += bad != 0;
   }
   CHECK(failed == 0);
   vkDestroySampler(c.dev, x.near, NULL);
   vkDestroySampler(c.dev, x.shadow_near, NULL);
   vkDestroySampler(c.dev, x.shadow_lin, NULL);
   vkDestroyShaderModule(c.dev, x.depth_cs, NULL);
   vkDestroyShaderModule(c.dev, x.stencil_cs, NULL);
   vkDestroyShaderModule(c.dev, x.array_cs, NULL);
   return agx_vk_ctx_finish(&c);
}
