/*
 * Rendering without attachments (issue 20 item 2: framebufferNoAttachmentsSampleCounts 1|4)
 * through the loader: a triangle drawn in a pass with no colour, depth or stencil attachment,
 * at 1 and 4 samples (the pipeline's rasterizationSamples decides the pass's sample count),
 * whose fragment shader counts its invocations with atomics in a storage buffer, per pixel
 * (shaders/noattach_pixel.frag) or per sample index (shaders/noattach_sample.frag, SampleId:
 * one invocation per covered sample). Passes: dynamic rendering (no attachments, render area
 * W x H), a VkRenderPass subpass without attachments (a framebuffer of none), and the same
 * subpass continued by a secondary command buffer (the primary takes the secondary's count).
 * CPU model, from the Vulkan specification: a sample is covered when its location is strictly
 * inside the triangle (1 sample: the pixel centre; 4: the standard locations (0.375, 0.125),
 * (0.875, 0.375), (0.125, 0.625), (0.625, 0.875)); samples within 1/64 pixel of an edge are
 * not checked. Per pixel without sample shading: one invocation per pixel with a covered sample
 * on agx-vk (the reference run accepts up to one per covered sample).
 * test_noattach DRAW_VERT_SPV NOATTACH_PIXEL_FRAG_SPV NOATTACH_SAMPLE_FRAG_SPV
 *               [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64 /* the shaders' row length */
#define H 32

static const double pos4[4][2] = {{0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};
static const double pos1[1][2] = {{0.5, 0.5}};

/* the triangle in pixels */
static const double tx[3] = {3.3, 60.7, 17.2}, ty[3] = {2.1, 9.4, 30.6};

/* -1 outside, 1 inside, 0 within 1/64 pixel of an edge */
static int
inside(double px, double py)
{
   double area = (tx[1] - tx[0]) * (ty[2] - ty[0]) - (ty[1] - ty[0]) * (tx[2] - tx[0]);
   int sign = area > 0 ? 1 : -1, res = 1;
   for (int e = 0; e < 3; e++) {
      int a = e, b = (e + 1) % 3;
      double ex = tx[b] - tx[a], ey = ty[b] - ty[a];
      double f = sign * (ex * (py - ty[a]) - ey * (px - tx[a])) / sqrt(ex * ex + ey * ey);
      if (f < -1.0 / 64)
         return -1;
      if (f < 1.0 / 64)
         res = 0;
   }
   return res;
}

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs_pixel, fs_sample;
   struct agx_vk_set set;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, out;
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs_pixel = agx_vk_shader(c, spv[1]);
   g->fs_sample = agx_vk_shader(c, spv[2]);
   const struct agx_vk_binding b[2] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_FRAGMENT_BIT}};
   agx_vk_set_create(c, 2, b, &g->set);
   g->layout = agx_vk_pipeline_layout(c, 1, &g->set.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   g->vb = agx_vk_buffer(c, 3 * 8 * sizeof(float));
   g->out = agx_vk_buffer(c, (1 + W * H * 4) * sizeof(uint32_t));
   float *v = g->vb.ptr;
   for (int k = 0; k < 3; k++) {
      float *o = v + 8 * k;
      o[0] = (float)(tx[k] * 2.0 / W - 1.0), o[1] = (float)(ty[k] * 2.0 / H - 1.0);
      o[2] = 0.5f, o[3] = 1.0f;
      o[4] = o[5] = o[6] = o[7] = 1.0f;
   }
   agx_vk_set_buffer(c, &g->set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
   agx_vk_set_buffer(c, &g->set, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->out.buf);
}

static void
gpu_finish(struct gpu *g)
{
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_set_free(g->c, &g->set);
   vkDestroyPipelineLayout(g->c->dev, g->layout, NULL);
   vkDestroyShaderModule(g->c->dev, g->vs, NULL);
   vkDestroyShaderModule(g->c->dev, g->fs_pixel, NULL);
   vkDestroyShaderModule(g->c->dev, g->fs_sample, NULL);
}

enum pass_kind { DYNAMIC, RENDER_PASS, SECONDARY };

struct scene {
   const char *name;
   enum pass_kind pass;
   VkSampleCountFlagBits samples;
   bool per_sample; /* noattach_sample.frag, else noattach_pixel.frag */
};

static VkRenderPass
empty_render_pass(struct gpu *g)
{
   VkSubpassDescription sp = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS};
   VkRenderPassCreateInfo rci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                 .subpassCount = 1,
                                 .pSubpasses = &sp};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(g->c->dev, &rci, NULL, &rp));
   return rp;
}

static void
record_draw(struct gpu *g, VkCommandBuffer cb, VkPipeline p)
{
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set.set, 0,
                           NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   vkCmdDraw(cb, 3, 1, 0, 0);
}

/* Draws the triangle in the scene's pass; the counters land in g->out. */
static void
render(struct gpu *g, const struct scene *s)
{
   struct agx_vk_ctx *c = g->c;
   VkRenderPass rp = s->pass != DYNAMIC ? empty_render_pass(g) : VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (rp) {
      VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                     .renderPass = rp,
                                     .width = W,
                                     .height = H,
                                     .layers = 1};
      VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   }
   struct agx_vk_gfx pg;
   agx_vk_gfx_defaults(&pg, g->layout, g->vs, s->per_sample ? g->fs_sample : g->fs_pixel,
                       VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&pg, W, H);
   pg.ms.rasterizationSamples = s->samples;
   pg.ci.renderPass = rp;
   VkPipeline p = agx_vk_gfx_create(c, &pg);

   VkCommandBuffer sec = VK_NULL_HANDLE;
   if (s->pass == SECONDARY) {
      VkCommandBufferInheritanceInfo inh = {.sType =
                                               VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                            .renderPass = rp};
      VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = c->pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                        .commandBufferCount = 1};
      VK_OK(vkAllocateCommandBuffers(c->dev, &ai, &sec));
      VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                     .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                                     .pInheritanceInfo = &inh};
      VK_OK(vkBeginCommandBuffer(sec, &bi));
      record_draw(g, sec, p);
      VK_OK(vkEndCommandBuffer(sec));
   }

   memset(g->out.map, 0, g->out.size);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   if (rp) {
      VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                   .renderPass = rp,
                                   .framebuffer = fb,
                                   .renderArea = {{0, 0}, {W, H}}};
      vkCmdBeginRenderPass(cb, &rbi,
                           sec ? VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS
                               : VK_SUBPASS_CONTENTS_INLINE);
      if (sec)
         vkCmdExecuteCommands(cb, 1, &sec);
      else
         record_draw(g, cb, p);
      vkCmdEndRenderPass(cb);
   } else {
      agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W, .height = H});
      record_draw(g, cb, p);
      vkCmdEndRendering(cb);
   }
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(c, cb));
   if (sec)
      vkFreeCommandBuffers(c->dev, c->pool, 1, &sec);
   vkDestroyPipeline(c->dev, p, NULL);
   if (fb)
      vkDestroyFramebuffer(c->dev, fb, NULL);
   if (rp)
      vkDestroyRenderPass(c->dev, rp, NULL);
}

#define BAD(...)                       \
   do {                                \
      if (bad++ < 10)                  \
         fprintf(stderr, __VA_ARGS__); \
   } while (0)

static unsigned
check(struct gpu *g, const struct scene *s)
{
   render(g, s);
   const uint32_t *o = g->out.ptr;
   const uint32_t *per = o + 1;
   unsigned n = s->samples == VK_SAMPLE_COUNT_4_BIT ? 4 : 1;
   const double(*pos)[2] = n == 4 ? pos4 : pos1;
   unsigned bad = 0, sum = 0, covered = 0;
   for (unsigned i = 0; i < W * H * (s->per_sample ? 4u : 1u); i++)
      sum += per[i];
   if (sum != o[0])
      BAD("%s: total %u, the counters add up to %u\n", s->name, o[0], sum);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int in[4], cov = 0, amb = 0;
         for (unsigned k = 0; k < n; k++) {
            in[k] = inside(x + pos[k][0], y + pos[k][1]);
            cov += in[k] > 0, amb += in[k] == 0;
         }
         covered += (unsigned)cov;
         if (s->per_sample) {
            /* one invocation per covered sample; none for sample indices past the count */
            for (unsigned k = 0; k < 4; k++) {
               uint32_t got = per[(y * W + x) * 4 + k];
               int want = k < n ? (in[k] > 0 ? 1 : in[k] < 0 ? 0 : -1) : 0;
               if (want >= 0 && got != (uint32_t)want)
                  BAD("%s: (%d, %d) sample %u shaded %u times, want %d\n", s->name, x, y, k, got,
                      want);
            }
         } else if (!amb) {
            uint32_t got = per[y * W + x];
            unsigned lo = cov ? 1 : 0, hi = g->c->reference ? (unsigned)cov : lo;
            if (got < lo || got > hi)
               BAD("%s: (%d, %d) shaded %u times, want %u..%u (%d of %u samples covered)\n",
                   s->name, x, y, got, lo, hi, cov, n);
         }
      }
   if (!covered)
      BAD("%s: the scene covers nothing\n", s->name);
   printf("%s: %u mismatches (%u invocations, %u covered samples)\n", s->name, bad, o[0], covered);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr,
              "usage: %s DRAW_VERT_SPV NOATTACH_PIXEL_FRAG_SPV NOATTACH_SAMPLE_FRAG_SPV "
              "[--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.pdev, &props);
   CHECK(props.limits.framebufferNoAttachmentsSampleCounts & VK_SAMPLE_COUNT_1_BIT);
   CHECK(props.limits.framebufferNoAttachmentsSampleCounts & VK_SAMPLE_COUNT_4_BIT);
   VkPhysicalDeviceFeatures f10 = {.fragmentStoresAndAtomics = VK_TRUE,
                                   .sampleRateShading = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   static const struct scene scenes[] = {
      {"dynamic rendering, 1 sample, per pixel", DYNAMIC, VK_SAMPLE_COUNT_1_BIT, false},
      {"dynamic rendering, 4 samples, per pixel", DYNAMIC, VK_SAMPLE_COUNT_4_BIT, false},
      {"dynamic rendering, 4 samples, SampleId", DYNAMIC, VK_SAMPLE_COUNT_4_BIT, true},
      {"dynamic rendering, 1 sample, SampleId", DYNAMIC, VK_SAMPLE_COUNT_1_BIT, true},
      {"render pass, 4 samples, SampleId", RENDER_PASS, VK_SAMPLE_COUNT_4_BIT, true},
      {"render pass, 1 sample, per pixel", RENDER_PASS, VK_SAMPLE_COUNT_1_BIT, false},
      {"render pass, secondary, 4 samples, SampleId", SECONDARY, VK_SAMPLE_COUNT_4_BIT, true},
      {"render pass, secondary, 4 samples, per pixel", SECONDARY, VK_SAMPLE_COUNT_4_BIT, false},
   };
   unsigned bad = 0;
   for (unsigned i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++)
      bad += check(&g, &scenes[i]);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u mismatches\n", bad);
      return 1;
   }
   return rc;
}
