/*
 * Multisampled storage images through the loader (shaderStorageImageMultisample,
 * storageImageSampleCounts 1|2|4 on agx-vk): at 4 and 2 samples,
 *  - a compute shader (ms_storage_write.comp) writes a distinct value to
 *    every sample of layer 0 of a W x H x 2-layer R32_UINT image (2D MS
 *    array view) and of an R8G8B8A8_UNORM image (2D MS view); on agx-vk a
 *    second dispatch then stores only outside them (samples past the count,
 *    x past the width, y past the height on layer 1, layer 2), which must
 *    change nothing (agx-vk drops such stores, as Honeykrisp does; Vulkan
 *    leaves them undefined without robustImageAccess, so not on lavapipe);
 *  - a fragment shader of a single-sampled pass writes every sample of its
 *    pixel of layer 1 of the R32_UINT image through a 2D MS view of layer 1
 *    (the view's base layer in the PBE's address);
 *  - imageAtomicAdd adds (s + 1) << 20 to sample s of every pixel of both
 *    layers, its returned values recorded (agx-vk: atomics on samples past
 *    the count return 0 and change nothing);
 *  - every sample is read back with imageLoad (storage views) and texelFetch
 *    (sampled views of the same images), imageSamples / textureSamples /
 *    imageSize recorded, and the RGBA8 image is resolved with
 *    vkCmdResolveImage (every sample's bytes differ by 4 s, so the average
 *    is a whole byte).
 * Everything is compared with values computed here (the formulas of
 * shaders/ms_storage.glsl); also the limits, the feature and
 * vkGetPhysicalDeviceImageFormatProperties' sample counts for STORAGE usage.
 * W x H = 70 x 36 spans several of the images' tiles in both directions
 * (tiles of 32 x 32 or 64 x 32 pixels for 16- and 8-byte elements).
 *
 * Assumes: lavapipe may lack 2-sample images (that run is then skipped
 * there); the resolve of UNORM averages (Vulkan: an implementation-defined
 * average, exact here because the mean is a representable byte).
 *
 * test_ms_storage WRITE_COMP_SPV ATOMIC_COMP_SPV READ_COMP_SPV VERT_SPV FRAG_SPV
 *                 [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 70
#define H 36
#define LAYERS 2
#define OUT_HEADER 16 /* words of queries before the per-sample records */

enum { SPV_WRITE, SPV_ATOMIC, SPV_READ, SPV_VERT, SPV_FRAG, SPV_COUNT };

struct push {
   uint32_t ns, mode, w, h;
};

/* The values of shaders/ms_storage.glsl. */
static uint32_t
want_u(uint32_t x, uint32_t y, uint32_t l, uint32_t s)
{
   return 0x1000000u * (l + 1) + (y * W + x) * 4 + s;
}

static void
want_f(uint32_t x, uint32_t y, uint32_t s, uint8_t b[4])
{
   b[0] = (uint8_t)((3 * x) % 240 + 4 * s);
   b[1] = (uint8_t)((5 * y) % 240 + 4 * s);
   b[2] = (uint8_t)((x + y) % 240 + 4 * s);
   b[3] = (uint8_t)(40 + 4 * s);
}

static uint32_t
pack4(const uint8_t b[4])
{
   return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static const VkImageUsageFlags usage =
   VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;

/* Whether `format` (2D, optimal, STORAGE | SAMPLED | TRANSFER_SRC) offers
 * `ns` samples. */
static bool
offers(struct agx_vk_ctx *c, VkFormat format, unsigned ns)
{
   VkImageFormatProperties ip;
   VkResult r = vkGetPhysicalDeviceImageFormatProperties(c->pdev, format, VK_IMAGE_TYPE_2D,
                                                         VK_IMAGE_TILING_OPTIMAL, usage, 0, &ip);
   return r == VK_SUCCESS && (ip.sampleCounts & ns);
}

/* The limit and the image format properties: agx-vk offers exactly 1, 2
 * and 4 samples for storage images. */
static unsigned
check_limits(struct agx_vk_ctx *c)
{
   VkPhysicalDeviceProperties p;
   vkGetPhysicalDeviceProperties(c->pdev, &p);
   unsigned bad = 0;
   VkSampleCountFlags need = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT;
   if (!c->reference)
      need |= VK_SAMPLE_COUNT_2_BIT;
   VkSampleCountFlags got = p.limits.storageImageSampleCounts;
   if ((got & need) != need || (!c->reference && got != need)) {
      fprintf(stderr, "storageImageSampleCounts 0x%x, want 0x%x\n", got, need);
      bad++;
   }
   const VkFormat f[2] = {VK_FORMAT_R32_UINT, VK_FORMAT_R8G8B8A8_UNORM};
   for (unsigned i = 0; i < 2; i++)
      for (unsigned ns = 2; ns <= 4; ns *= 2)
         if ((need & ns) && !offers(c, f[i], ns)) {
            fprintf(stderr, "format %d: no %u-sample storage images\n", (int)f[i], ns);
            bad++;
         }
   return bad;
}

struct scene {
   struct agx_vk_set cs, fs;
   VkPipelineLayout clayout, glayout;
   VkShaderModule mod[SPV_COUNT];
   VkPipeline write, atomic, read, gfx;
   VkSampler smp;
};

static void
scene_create(struct agx_vk_ctx *c, const char *const *paths, unsigned ns, struct scene *sc)
{
   const VkShaderStageFlags cst = VK_SHADER_STAGE_COMPUTE_BIT;
   const struct agx_vk_binding cb[6] = {{VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, cst},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, cst},
                                        {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cst},
                                        {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, cst},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, cst},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, cst}};
   agx_vk_set_create(c, 6, cb, &sc->cs);
   agx_vk_set_create(
      c, 1,
      &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_SHADER_STAGE_FRAGMENT_BIT},
      &sc->fs);
   sc->clayout = agx_vk_pipeline_layout(c, 1, &sc->cs.layout, cst, sizeof(struct push));
   sc->glayout = agx_vk_pipeline_layout(c, 1, &sc->fs.layout, VK_SHADER_STAGE_FRAGMENT_BIT,
                                        sizeof(struct push));
   for (unsigned i = 0; i < SPV_COUNT; i++)
      sc->mod[i] = agx_vk_shader(c, paths[i]);
   sc->write = agx_vk_compute_pipeline(c, sc->clayout, sc->mod[SPV_WRITE], NULL, 0, NULL);
   sc->atomic = agx_vk_compute_pipeline(c, sc->clayout, sc->mod[SPV_ATOMIC], NULL, 0, NULL);
   sc->read = agx_vk_compute_pipeline(c, sc->clayout, sc->mod[SPV_READ], NULL, 0, NULL);
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, sc->glayout, sc->mod[SPV_VERT], sc->mod[SPV_FRAG],
                       VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&g, W, H);
   sc->gfx = agx_vk_gfx_create(c, &g);
   VK_OK(vkCreateSampler(c->dev,
                         &(VkSamplerCreateInfo){.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                                                .magFilter = VK_FILTER_NEAREST,
                                                .minFilter = VK_FILTER_NEAREST},
                         NULL, &sc->smp));
   (void)ns;
}

static void
scene_free(struct agx_vk_ctx *c, struct scene *sc)
{
   VkPipeline p[4] = {sc->write, sc->atomic, sc->read, sc->gfx};
   for (unsigned i = 0; i < 4; i++)
      vkDestroyPipeline(c->dev, p[i], NULL);
   for (unsigned i = 0; i < SPV_COUNT; i++)
      vkDestroyShaderModule(c->dev, sc->mod[i], NULL);
   vkDestroyPipelineLayout(c->dev, sc->clayout, NULL);
   vkDestroyPipelineLayout(c->dev, sc->glayout, NULL);
   vkDestroySampler(c->dev, sc->smp, NULL);
   agx_vk_set_free(c, &sc->cs);
   agx_vk_set_free(c, &sc->fs);
}

/* Compares the recorded queries, samples, atomic results and the resolve;
 * returns the number of mismatches. */
static unsigned
check(unsigned ns, bool oob, const uint32_t *out, const uint32_t *old, const uint8_t *res)
{
   unsigned bad = 0;
   const uint32_t hdr[9] = {ns, ns, ns, ns, W, H, LAYERS, W, H};
   for (unsigned k = 0; k < 9; k++)
      if (out[k] != hdr[k]) {
         fprintf(stderr, "%ux: query word %u = %u, want %u (samples x4, size u, size f)\n", ns, k,
                 out[k], hdr[k]);
         bad++;
      }
   unsigned mism = 0;
   for (uint32_t l = 0; l < LAYERS; l++)
      for (uint32_t y = 0; y < H; y++)
         for (uint32_t x = 0; x < W; x++)
            for (uint32_t s = 0; s < 4; s++) {
               uint32_t i = ((l * H + y) * W + x) * 4 + s;
               if (s >= ns) {
                  if (oob && old[i] != 0 && mism++ < 12)
                     fprintf(stderr, "%ux: atomic on sample %u of (%u, %u, %u) returned 0x%x\n", ns,
                             s, x, y, l, old[i]);
                  continue;
               }
               uint32_t u = want_u(x, y, l, s), fu = u + ((s + 1) << 20);
               const uint32_t *e = out + OUT_HEADER + 4 * i;
               uint8_t fb[4];
               want_f(x, y, s, fb);
               uint32_t ff = l == 0 ? pack4(fb) : 0;
               if (old[i] != u || e[0] != fu || e[1] != fu || e[2] != ff || e[3] != ff) {
                  if (mism++ < 12)
                     fprintf(stderr,
                             "%ux: (%u, %u) layer %u sample %u: atomic returned 0x%x (want 0x%x), "
                             "imageLoad 0x%x texelFetch 0x%x (want 0x%x), rgba8 imageLoad "
                             "0x%08x texelFetch 0x%08x (want 0x%08x)\n",
                             ns, x, y, l, s, old[i], u, e[0], e[1], fu, e[2], e[3], ff);
               }
            }
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x++) {
         uint8_t b0[4];
         want_f(x, y, 0, b0);
         const uint8_t *r = res + 4 * (y * W + x);
         for (unsigned k = 0; k < 4; k++) {
            uint8_t want = (uint8_t)(b0[k] + 2 * (ns - 1)); /* mean of b + 4 s, s < ns */
            if (r[k] != want && mism++ < 12)
               fprintf(stderr, "%ux: resolve (%u, %u) channel %u = %u, want %u\n", ns, x, y, k,
                       r[k], want);
         }
      }
   printf("%ux: %u samples x 2 layers written (compute, fragment), added to atomically, read "
          "with imageLoad and texelFetch, resolved: %u mismatches%s\n",
          ns, W * H * ns, mism, oob ? "; out-of-range stores and atomics dropped" : "");
   return bad + mism;
}

static unsigned
run(struct agx_vk_ctx *c, const char *const *paths, unsigned ns)
{
   struct scene sc;
   scene_create(c, paths, ns, &sc);
   struct agx_vk_image u, f, res, rt;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R32_UINT,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = LAYERS,
                                                   .samples = (VkSampleCountFlagBits)ns,
                                                   .usage = usage},
                       &u);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .samples = (VkSampleCountFlagBits)ns,
                                                   .usage = usage},
                       &f);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                                   .no_view = true},
                       &res);
   agx_vk_color_target(c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &rt);
   VkImageView u1 =
      agx_vk_image_view(c, u.image, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R32_UINT,
                        (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1, 1});

   const uint32_t samples = W * H * LAYERS * 4;
   struct agx_vk_buffer out = agx_vk_buffer(c, 4 * (OUT_HEADER + 4 * samples));
   struct agx_vk_buffer old = agx_vk_buffer(c, 4 * samples);
   struct agx_vk_buffer rb = agx_vk_buffer(c, 4 * W * H);
   const VkImageLayout gen = VK_IMAGE_LAYOUT_GENERAL;
   agx_vk_set_image(c, &sc.cs, 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_NULL_HANDLE, u.view, gen);
   agx_vk_set_image(c, &sc.cs, 1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_NULL_HANDLE, f.view, gen);
   agx_vk_set_image(c, &sc.cs, 2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, sc.smp, u.view, gen);
   agx_vk_set_image(c, &sc.cs, 3, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, sc.smp, f.view, gen);
   agx_vk_set_buffer(c, &sc.cs, 4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buf);
   agx_vk_set_buffer(c, &sc.cs, 5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, old.buf);
   agx_vk_set_image(c, &sc.fs, 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_NULL_HANDLE, u1, gen);

   bool oob = !c->reference;
   struct push pc = {ns, 0, W, H};
   const VkShaderStageFlags cst = VK_SHADER_STAGE_COMPUTE_BIT;
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, u.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED, gen,
                  AGX_VK_NONE, AGX_VK_ALL_RW);
   agx_vk_barrier(cb, f.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED, gen,
                  AGX_VK_NONE, AGX_VK_ALL_RW);
   agx_vk_barrier(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_NONE, AGX_VK_ALL_RW);
   /* compute writes (then, on agx-vk, the out-of-range ones) */
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, sc.write);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, sc.clayout, 0, 1, &sc.cs.set, 0,
                           NULL);
   vkCmdPushConstants(cb, sc.clayout, cst, 0, sizeof(pc), &pc);
   vkCmdDispatch(cb, W, H, 1);
   if (oob) {
      agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
      pc.mode = 1;
      vkCmdPushConstants(cb, sc.clayout, cst, 0, sizeof(pc), &pc);
      vkCmdDispatch(cb, W, H, 1);
   }
   /* fragment writes of layer 1 */
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   agx_vk_begin_color_pass(cb, &rt, &(VkClearColorValue){0});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, sc.gfx);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, sc.glayout, 0, 1, &sc.fs.set, 0,
                           NULL);
   vkCmdPushConstants(cb, sc.glayout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc), &pc);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   /* atomics, then the reads */
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, sc.atomic);
   vkCmdPushConstants(cb, sc.clayout, cst, 0, sizeof(pc), &pc);
   vkCmdDispatch(cb, W, H, LAYERS);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, sc.read);
   vkCmdDispatch(cb, W, H, LAYERS);
   /* the resolve of the RGBA8 image */
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   vkCmdResolveImage(cb, f.image, gen, res.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                     &(VkImageResolve){.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                       .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                       .extent = {W, H, 1}});
   agx_vk_readback(cb, &res, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_ALL_WRITE, &rb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = check(ns, oob, out.ptr, old.ptr, rb.map);

   vkDestroyImageView(c->dev, u1, NULL);
   agx_vk_buffer_free(c, &out);
   agx_vk_buffer_free(c, &old);
   agx_vk_buffer_free(c, &rb);
   agx_vk_image_free(c, &u);
   agx_vk_image_free(c, &f);
   agx_vk_image_free(c, &res);
   agx_vk_image_free(c, &rt);
   scene_free(c, &sc);
   return bad;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   const char *paths[SPV_COUNT];
   unsigned np = 0;
   for (int i = 1; i < argc && np < SPV_COUNT; i++)
      if (argv[i][0] != '-')
         paths[np++] = argv[i];
   CHECK(np == SPV_COUNT);
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   if (!have.shaderStorageImageMultisample || !have.fragmentStoresAndAtomics) {
      fprintf(stderr, "no shaderStorageImageMultisample / fragmentStoresAndAtomics\n");
      if (c.reference) {
         printf("skipped: the device has no multisampled storage images\n");
         return 77;
      }
      return 1;
   }
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13,
                              &(VkPhysicalDeviceFeatures){.shaderStorageImageMultisample = VK_TRUE,
                                                          .fragmentStoresAndAtomics = VK_TRUE},
                              0, NULL);
   unsigned bad = check_limits(&c);
   bad += run(&c, paths, 4);
   /* 2 samples where the device offers them (agx-vk must) */
   if (offers(&c, VK_FORMAT_R32_UINT, 2) && offers(&c, VK_FORMAT_R8G8B8A8_UNORM, 2))
      bad += run(&c, paths, 2);
   else if (!c.reference)
      bad++;
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
