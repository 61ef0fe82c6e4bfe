/*
 * Multisampled sampled images through the loader (sampledImage*SampleCounts
 * 1|4): a full-screen triangle with per-sample shading (ms_fetch_write.frag,
 * gl_SampleID) writes a distinct value to every sample of a 4-sample R32_UINT
 * and a 4-sample R8G8B8A8_UNORM image and (gl_FragDepth, depth test ALWAYS)
 * of the depth of a 4-sample D32_SFLOAT_S8_UINT image whose stencil is
 * cleared to 0x5A; a compute shader (ms_fetch.comp) then reads every sample
 * of every pixel with texelFetch (usampler2DMS, sampler2DMS, the colour
 * images through 2D MS array views at layer 0, the depth and stencil
 * aspects) and records textureSamples. Checked against the values computed
 * here: uint 0x10000 + (y * 16 + x) * 4 + s, unorm bytes (16 x + s,
 * 32 y + 8 s, 60 s, 255), depth ((y * 16 + x) * 4 + s) / 1024, stencil 0x5A;
 * textureSamples 4. Also checks the limits and
 * vkGetPhysicalDeviceImageFormatProperties offer 4 samples for SAMPLED usage.
 * The scene runs again with 2-sample images (values of samples 0 and 1 of
 * the same formula, textureSamples 2) where the device offers 2 samples:
 * agx-vk must (sampled image counts exactly 1|2|4); lavapipe does not.
 *
 * Assumes: per-sample shading runs one invocation per covered sample with
 * gl_FragCoord inside its pixel (Vulkan); the triangle covers every sample.
 *
 * test_ms_fetch DRAW_VERT_SPV MS_FETCH_WRITE_FRAG_SPV MS_FETCH_COMP_SPV
 *               [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 16
#define H 8
#define S 4
#define ZS VK_FORMAT_D32_SFLOAT_S8_UINT
#define STENCIL 0x5Au

static const VkFormat formats[2] = {VK_FORMAT_R32_UINT, VK_FORMAT_R8G8B8A8_UNORM};

static uint32_t
want_uint(uint32_t x, uint32_t y, uint32_t s)
{
   return 0x10000u + (y * W + x) * S + s;
}

static uint32_t
want_unorm(uint32_t x, uint32_t y, uint32_t s)
{
   return (x * 16 + s) | (y * 32 + s * 8) << 8 | (s * 60) << 16 | 255u << 24;
}

static unsigned
check_limits(struct agx_vk_ctx *c)
{
   VkPhysicalDeviceProperties p;
   vkGetPhysicalDeviceProperties(c->pdev, &p);
   const VkPhysicalDeviceLimits *l = &p.limits;
   unsigned bad = 0;
   VkSampleCountFlags need = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT;
   if (!c->reference) /* agx-vk: 1, 2 and 4 exactly */
      need |= VK_SAMPLE_COUNT_2_BIT;
   if ((l->sampledImageColorSampleCounts & need) != need ||
       (l->sampledImageDepthSampleCounts & need) != need ||
       (l->sampledImageStencilSampleCounts & need) != need ||
       (!c->reference && l->sampledImageColorSampleCounts != need) ||
       !(l->sampledImageIntegerSampleCounts & VK_SAMPLE_COUNT_1_BIT)) {
      fprintf(stderr, "sampled image sample counts 0x%x 0x%x 0x%x 0x%x lack 0x%x\n",
              l->sampledImageColorSampleCounts, l->sampledImageIntegerSampleCounts,
              l->sampledImageDepthSampleCounts, l->sampledImageStencilSampleCounts, need);
      bad++;
   }
   for (unsigned i = 0; i < 2; i++) {
      VkImageFormatProperties ip;
      VkResult r = vkGetPhysicalDeviceImageFormatProperties(
         c->pdev, formats[i], VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
         VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &ip);
      if (r != VK_SUCCESS || !(ip.sampleCounts & VK_SAMPLE_COUNT_4_BIT)) {
         fprintf(stderr, "format %d sampled + attachment: result %d, sample counts 0x%x\n",
                 (int)formats[i], (int)r, r == VK_SUCCESS ? ip.sampleCounts : 0);
         bad++;
      }
   }
   return bad;
}

/* Whether the device offers 2-sample sampled R32_UINT, R8G8B8A8_UNORM
 * and D32_SFLOAT_S8_UINT images (agx-vk must: its counts are 1, 2, 4). */
static bool
two_samples(struct agx_vk_ctx *c)
{
   const VkFormat f[3] = {formats[0], formats[1], ZS};
   for (unsigned i = 0; i < 3; i++) {
      VkImageFormatProperties ip;
      VkImageUsageFlags u =
         VK_IMAGE_USAGE_SAMPLED_BIT | (i < 2 ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                                             : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
      VkResult r = vkGetPhysicalDeviceImageFormatProperties(c->pdev, f[i], VK_IMAGE_TYPE_2D,
                                                            VK_IMAGE_TILING_OPTIMAL, u, 0, &ip);
      if (r != VK_SUCCESS || !(ip.sampleCounts & VK_SAMPLE_COUNT_2_BIT)) {
         if (!c->reference)
            fprintf(stderr, "format %d: no 2-sample sampled images\n", (int)f[i]);
         return false;
      }
   }
   return true;
}

/* The scene at ns samples (2 or 4): draw, fetch every sample, compare;
 * returns the number of mismatches. */
static unsigned
run(struct agx_vk_ctx *c, const char *const *paths, unsigned ns)
{
   unsigned bad = 0;
   /* two ns-sample images, with 2D and 2D MS array views */
   struct agx_vk_image img[2];
   VkImageView arr[2];
   for (unsigned i = 0; i < 2; i++) {
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){.format = formats[i],
                                                      .width = W,
                                                      .height = H,
                                                      .samples = (VkSampleCountFlagBits)ns,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                               VK_IMAGE_USAGE_SAMPLED_BIT},
                          &img[i]);
      arr[i] = agx_vk_image_view(c, img[i].image, VK_IMAGE_VIEW_TYPE_2D_ARRAY, formats[i],
                                 (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1});
   }

   /* an ns-sample depth/stencil image, with a view of each aspect */
   struct agx_vk_image zs;
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){
         .format = ZS,
         .width = W,
         .height = H,
         .samples = (VkSampleCountFlagBits)ns,
         .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
         .aspect = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
      &zs);
   VkImageView zv[2];
   for (unsigned i = 0; i < 2; i++)
      zv[i] = agx_vk_image_view(
         c, zs.image, VK_IMAGE_VIEW_TYPE_2D, ZS,
         (VkImageSubresourceRange){i ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT, 0,
                                   1, 0, 1});

   /* the draw: a full-screen triangle (draw.vert reads positions from binding 0) */
   struct agx_vk_set gds;
   agx_vk_set_create(
      c, 1, &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT},
      &gds);
   VkPipelineLayout glayout =
      agx_vk_pipeline_layout(c, 1, &gds.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   struct agx_vk_buffer vb = agx_vk_buffer(c, 3 * 8 * sizeof(float));
   static const float tri[3][2] = {{-1.0f, -1.0f}, {3.0f, -1.0f}, {-1.0f, 3.0f}};
   float *v = vb.ptr;
   for (int k = 0; k < 3; k++) {
      float *o = v + 8 * k;
      o[0] = tri[k][0], o[1] = tri[k][1], o[2] = 0.5f, o[3] = 1.0f;
      o[4] = o[5] = o[6] = o[7] = 1.0f;
   }
   agx_vk_set_buffer(c, &gds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, vb.buf);
   VkShaderModule vs = agx_vk_shader(c, paths[0]), fs = agx_vk_shader(c, paths[1]);
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, glayout, vs, fs, formats[0]);
   agx_vk_gfx_fixed_viewport(&p, W, H);
   p.color_formats[1] = formats[1];
   p.ri.colorAttachmentCount = 2;
   p.att[1] = p.att[0];
   p.cb.attachmentCount = 2;
   p.ms.rasterizationSamples = (VkSampleCountFlagBits)ns;
   p.ri.depthAttachmentFormat = ZS;
   p.ri.stencilAttachmentFormat = ZS;
   p.ds.depthTestEnable = VK_TRUE;
   p.ds.depthWriteEnable = VK_TRUE;
   p.ds.depthCompareOp = VK_COMPARE_OP_ALWAYS;
   VkPipeline gp = agx_vk_gfx_create(c, &p);

   /* the fetch */
   struct agx_vk_set cds;
   const struct agx_vk_binding cb_bind[7] = {
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT}};
   agx_vk_set_create(c, 7, cb_bind, &cds);
   VkSampler smp;
   VK_OK(vkCreateSampler(c->dev,
                         &(VkSamplerCreateInfo){.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                                                .magFilter = VK_FILTER_NEAREST,
                                                .minFilter = VK_FILTER_NEAREST},
                         NULL, &smp));
   for (unsigned i = 0; i < 2; i++) {
      agx_vk_set_image(c, &cds, i, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, smp, img[i].view,
                       VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
      agx_vk_set_image(c, &cds, 2 + i, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, smp, arr[i],
                       VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
   }
   for (unsigned i = 0; i < 2; i++)
      agx_vk_set_image(c, &cds, 4 + i, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, smp, zv[i],
                       VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
   struct agx_vk_buffer out = agx_vk_buffer(c, 32 + W * H * S * 32);
   memset(out.map, 0xAB, out.size);
   agx_vk_set_buffer(c, &cds, 6, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buf);
   VkPipelineLayout clayout = agx_vk_pipeline_layout(c, 1, &cds.layout, 0, 0);
   VkShaderModule cs = agx_vk_shader(c, paths[2]);
   VkPipeline cp = agx_vk_compute_pipeline(c, clayout, cs, NULL, 0, NULL);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkRenderingAttachmentInfo ca[2];
   for (unsigned i = 0; i < 2; i++) {
      agx_vk_barrier(cb, img[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
      ca[i] = agx_vk_color_attachment(img[i].view, &(VkClearColorValue){0});
   }
   const VkImageAspectFlags zs_aspects = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   agx_vk_barrier(cb, zs.image, zs_aspects, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_DEPTH_RW);
   VkRenderingAttachmentInfo za =
      agx_vk_depth_attachment(zs.view, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                              &(VkClearDepthStencilValue){1.0f, STENCIL});
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 2,
                                                         .colors = ca,
                                                         .depth = &za,
                                                         .stencil = &za});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, gp);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, glayout, 0, 1, &gds.set, 0, NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, glayout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   for (unsigned i = 0; i < 2; i++)
      agx_vk_barrier(
         cb, img[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
         VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, AGX_VK_COLOR_WRITE, AGX_VK_COMPUTE_SAMPLED);
   agx_vk_barrier(cb, zs.image, zs_aspects, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, AGX_VK_DEPTH_WRITE,
                  AGX_VK_COMPUTE_SAMPLED);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, cp);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, clayout, 0, 1, &cds.set, 0, NULL);
   vkCmdDispatch(cb, W, H, 1);
   agx_vk_memory_barrier(cb, AGX_VK_COMPUTE_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(c, cb));

   const uint32_t *r = out.ptr;
   for (unsigned k = 0; k < 6; k++)
      if (r[k] != ns) {
         fprintf(stderr, "%ux: textureSamples of binding %u = %u, want %u\n", ns, k, r[k], ns);
         bad++;
      }
   unsigned mism = 0;
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x++)
         for (uint32_t s = 0; s < ns; s++) {
            const uint32_t *e = r + 8 + 8 * ((y * W + x) * S + s);
            uint32_t wu = want_uint(x, y, s), wf = want_unorm(x, y, s);
            float depth, want_depth = (float)((y * W + x) * S + s) / 1024.0f;
            memcpy(&depth, &e[4], 4);
            if (depth != want_depth || e[5] != STENCIL) {
               if (mism++ < 12)
                  fprintf(stderr, "(%u, %u) sample %u: depth %g stencil 0x%x (want %g 0x%x)\n", x,
                          y, s, depth, e[5], want_depth, STENCIL);
            }
            if (e[0] != wu || e[1] != wf || e[2] != wu || e[3] != wf) {
               if (mism++ < 12)
                  fprintf(stderr,
                          "(%u, %u) sample %u: uint 0x%x / array 0x%x (want 0x%x), unorm "
                          "0x%08x / array 0x%08x (want 0x%08x)\n",
                          x, y, s, e[0], e[2], wu, e[1], e[3], wf);
            }
         }
   printf("%ux: texelFetch of %u samples x 6 views: %u mismatches; textureSamples checked\n", ns,
          W * H * ns, mism);
   bad += mism;

   vkDestroyPipeline(c->dev, cp, NULL);
   vkDestroyPipeline(c->dev, gp, NULL);
   vkDestroyShaderModule(c->dev, cs, NULL);
   vkDestroyShaderModule(c->dev, vs, NULL);
   vkDestroyShaderModule(c->dev, fs, NULL);
   vkDestroyPipelineLayout(c->dev, clayout, NULL);
   vkDestroyPipelineLayout(c->dev, glayout, NULL);
   vkDestroySampler(c->dev, smp, NULL);
   agx_vk_set_free(c, &cds);
   agx_vk_set_free(c, &gds);
   agx_vk_buffer_free(c, &out);
   agx_vk_buffer_free(c, &vb);
   agx_vk_image_free(c, &zs);
   for (unsigned i = 0; i < 2; i++) {
      vkDestroyImageView(c->dev, zv[i], NULL);
      vkDestroyImageView(c->dev, arr[i], NULL);
      agx_vk_image_free(c, &img[i]);
   }
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
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &(VkPhysicalDeviceFeatures){.sampleRateShading = VK_TRUE},
                              0, NULL);
   unsigned bad = check_limits(&c);

   bad += run(&c, paths, 4);
   /* 2 samples where the device offers them (not lavapipe) */
   if (two_samples(&c))
      bad += run(&c, paths, 2);
   else if (!c.reference)
      bad++;
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
