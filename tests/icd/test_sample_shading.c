/*
 * Per-sample shading through the loader (sampleRateShading, issue 20 item
 * 2): a triangle on a 4-sample R8G8B8A8 image, checked against a CPU model
 * written here from the Vulkan specification: the standard 4-sample
 * locations (0.375, 0.125), (0.875, 0.375), (0.125, 0.625), (0.625,
 * 0.875); a sample is covered when it is strictly inside the triangle
 * (samples within 1/64 pixel of an edge are not checked); an attribute is
 * interpolated linearly in the framebuffer (w = 1).
 * Scenes:
 * - "SampleId": shaders/sample_shading.frag (SampleId and a Sample input)
 *   records per (pixel, sample) the invocations (exactly one per covered
 *   sample, none for others), SampleMaskIn (the sample's bit),
 *   SamplePosition, the input at the sample, interpolateAtSample of
 *   sample 3 - SampleId, interpolateAtOffset (+0.25, -0.125), and
 *   interpolateAtCentroid (pixels with every sample covered: the centre;
 *   partly covered ones: a value the input takes inside the triangle);
 *   each sample's colour red = 32 + 64 SampleId, so fully covered pixels
 *   resolve (AVERAGE) to 128;
 * - "minSampleShading 1.0": shaders/count.frag with sampleShadingEnable:
 *   one invocation per covered sample;
 * - "minSampleShading 0.25" and "no sample shading": one per covered
 *   pixel on agx-vk (Vulkan allows more: the reference run accepts up to
 *   one per sample);
 * - "static SamplePosition" / "static SampleId": shaders/static_sample_
 *   {pos,id}.frag name the built-in without loading it, with sample
 *   shading off in the pipeline: Vulkan's static-use rule still makes them
 *   run per sample, so each pixel is shaded once per covered sample (the
 *   pixels recorded by the invocations), and the resolved red is the
 *   covered fraction of the pixel (each sample written by its own
 *   invocation only).
 *
 * test_sample_shading DRAW_VERT_SPV SAMPLE_SHADING_FRAG_SPV COUNT_FRAG_SPV
 *                     STATIC_POS_FRAG_SPV STATIC_ID_FRAG_SPV
 *                     [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 32
#define S 4

static const double sample_pos[S][2] = {
   {0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};

struct tri {
   double x[3], y[3];
   float r[3]; /* the attribute (colour.x) at each vertex */
};

/* -1 outside, 1 inside, 0 within 1/64 pixel of an edge */
static int
inside(const struct tri *t, double px, double py)
{
   double area =
      (t->x[1] - t->x[0]) * (t->y[2] - t->y[0]) - (t->y[1] - t->y[0]) * (t->x[2] - t->x[0]);
   int sign = area > 0 ? 1 : -1, res = 1;
   for (int e = 0; e < 3; e++) {
      int a = e, b = (e + 1) % 3;
      double ex = t->x[b] - t->x[a], ey = t->y[b] - t->y[a];
      double f = sign * (ex * (py - t->y[a]) - ey * (px - t->x[a])) / sqrt(ex * ex + ey * ey);
      if (f < -1.0 / 64)
         return -1;
      if (f < 1.0 / 64)
         res = 0;
   }
   return res;
}

/* the attribute at (px, py), barycentric (linear in the framebuffer) */
static double
attr(const struct tri *t, double px, double py)
{
   double d = (t->x[1] - t->x[0]) * (t->y[2] - t->y[0]) - (t->x[2] - t->x[0]) * (t->y[1] - t->y[0]);
   double l1 = ((px - t->x[0]) * (t->y[2] - t->y[0]) - (t->x[2] - t->x[0]) * (py - t->y[0])) / d;
   double l2 = ((t->x[1] - t->x[0]) * (py - t->y[0]) - (px - t->x[0]) * (t->y[1] - t->y[0])) / d;
   return (1 - l1 - l2) * t->r[0] + l1 * t->r[1] + l2 * t->r[2];
}

struct rec {
   uint32_t count, mask_in;
   float pos[2];
   float at_self, at_other, at_offset, at_centroid;
};

/* ---- Vulkan ------------------------------------------------------------- */

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs_sample, fs_count, fs_static[2];
   struct agx_vk_set ds;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, out, pixels;
   struct agx_vk_image ms, res;
   VkQueryPool stats; /* fragment-shader invocations (pipelineStatisticsQuery), or null */
};

static void
make_image(struct agx_vk_ctx *c, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
           struct agx_vk_image *img)
{
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .samples = samples,
                                                   .usage = usage},
                       img);
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs_sample = agx_vk_shader(c, spv[1]);
   g->fs_count = agx_vk_shader(c, spv[2]);
   g->fs_static[0] = agx_vk_shader(c, spv[3]);
   g->fs_static[1] = agx_vk_shader(c, spv[4]);
   const struct agx_vk_binding b[2] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_FRAGMENT_BIT}};
   agx_vk_set_create(c, 2, b, &g->ds);
   g->layout = agx_vk_pipeline_layout(c, 1, &g->ds.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   g->vb = agx_vk_buffer(c, 3 * 8 * sizeof(float));
   g->out = agx_vk_buffer(c, W * H * S * sizeof(struct rec));
   g->pixels = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   make_image(c, VK_SAMPLE_COUNT_4_BIT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &g->ms);
   make_image(c, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &g->res);
   agx_vk_set_buffer(c, &g->ds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
   agx_vk_set_buffer(c, &g->ds, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->out.buf);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_buffer_free(g->c, &g->pixels);
   agx_vk_image_free(g->c, &g->ms);
   agx_vk_image_free(g->c, &g->res);
   agx_vk_set_free(g->c, &g->ds);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs_sample, NULL);
   vkDestroyShaderModule(d, g->fs_count, NULL);
   vkDestroyShaderModule(d, g->fs_static[0], NULL);
   vkDestroyShaderModule(d, g->fs_static[1], NULL);
}

static VkPipeline
pipeline(struct gpu *g, VkShaderModule fs, bool sample_shading, float min_sample_shading)
{
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, g->vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&p, W, H);
   p.ms.rasterizationSamples = VK_SAMPLE_COUNT_4_BIT;
   p.ms.sampleShadingEnable = sample_shading;
   p.ms.minSampleShading = min_sample_shading;
   return agx_vk_gfx_create(g->c, &p);
}

static void
to_general(VkCommandBuffer cb, const struct agx_vk_image *img)
{
   agx_vk_barrier(cb, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
}

/* Draws t with pipeline p (resolved into g->res, copied to g->pixels). */
static void
render(struct gpu *g, VkPipeline p, const struct tri *t)
{
   struct agx_vk_ctx *c = g->c;
   float *v = g->vb.ptr;
   for (int k = 0; k < 3; k++) {
      float *o = v + 8 * k;
      o[0] = (float)(t->x[k] * 2.0 / W - 1.0);
      o[1] = (float)(t->y[k] * 2.0 / H - 1.0);
      o[2] = 0.5f, o[3] = 1.0f;
      o[4] = t->r[k], o[5] = 0.0f, o[6] = 0.0f, o[7] = 1.0f;
   }
   memset(g->out.map, 0, g->out.size);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   if (g->stats)
      vkCmdResetQueryPool(cb, g->stats, 0, 1);
   to_general(cb, &g->ms);
   to_general(cb, &g->res);
   VkRenderingAttachmentInfo ca = agx_vk_color_attachment(g->ms.view, &(VkClearColorValue){0});
   ca.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
   ca.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
   ca.resolveImageView = g->res.view;
   ca.resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL;
   ca.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = 1, .colors = &ca});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   if (g->stats)
      vkCmdBeginQuery(cb, g->stats, 0, 0);
   vkCmdDraw(cb, 3, 1, 0, 0);
   if (g->stats)
      vkCmdEndQuery(cb, g->stats, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_READ);
   agx_vk_copy_to_buffer(cb, &g->res, VK_IMAGE_LAYOUT_GENERAL, 0, 0, g->pixels.buf, 0);
   VK_OK(agx_vk_submit_wait(c, cb));
}

static bool
near(double got, double want)
{
   return fabs(got - want) <= 2e-3;
}

static unsigned
run_sample_id(struct gpu *g, const struct tri *t)
{
   VkPipeline p = pipeline(g, g->fs_sample, false, 0.0f);
   render(g, p, t);
   const struct rec *r = g->out.ptr;
   const uint8_t *px = g->pixels.map;
   unsigned bad = 0, shaded = 0, full = 0, partial = 0;
#define BAD(...)                       \
   do {                                \
      if (bad++ < 12)                  \
         fprintf(stderr, __VA_ARGS__); \
   } while (0)
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         int cov = 0, amb = 0;
         for (int s = 0; s < S; s++) {
            int in = inside(t, x + sample_pos[s][0], y + sample_pos[s][1]);
            cov += in > 0, amb += in == 0;
            const struct rec *e = &r[(y * W + x) * S + s];
            if (in == 0)
               continue;
            if (in < 0) {
               if (e->count)
                  BAD("SampleId: (%d, %d) sample %d not covered but shaded %u times\n", x, y, s,
                      e->count);
               continue;
            }
            shaded++;
            int o = S - 1 - s;
            double want_self = attr(t, x + sample_pos[s][0], y + sample_pos[s][1]);
            double want_other = attr(t, x + sample_pos[o][0], y + sample_pos[o][1]);
            double want_off = attr(t, x + 0.75, y + 0.375);
            if (e->count != 1 || e->mask_in != (1u << s) || e->pos[0] != (float)sample_pos[s][0] ||
                e->pos[1] != (float)sample_pos[s][1] || !near(e->at_self, want_self) ||
                !near(e->at_other, want_other) || !near(e->at_offset, want_off))
               BAD("SampleId: (%d, %d) sample %d: count %u mask_in 0x%x pos (%g, %g) at sample "
                   "%g / %g (want %g / %g) at offset %g (want %g)\n",
                   x, y, s, e->count, e->mask_in, e->pos[0], e->pos[1], e->at_self, e->at_other,
                   want_self, want_other, e->at_offset, want_off);
         }
         if (amb)
            continue;
         if (cov == S) {
            full++;
            double want_c = attr(t, x + 0.5, y + 0.5);
            for (int s = 0; s < S; s++) {
               const struct rec *e = &r[(y * W + x) * S + s];
               if (!near(e->at_centroid, want_c))
                  BAD("SampleId: (%d, %d) sample %d: centroid %g, want %g\n", x, y, s,
                      e->at_centroid, want_c);
            }
            int red = px[4 * (y * W + x)];
            if (red < 127 || red > 129)
               BAD("SampleId: (%d, %d) resolved red %d, want 128 (32 + 64 SampleId averaged)\n", x,
                   y, red);
         } else if (cov) {
            partial++;
            /* centroid: a location of the pixel inside the triangle (the
             * attribute's range over a 16 x 16 grid of such locations) */
            double lo = 1e9, hi = -1e9;
            for (int j = 0; j <= 16; j++)
               for (int k = 0; k <= 16; k++)
                  if (inside(t, x + k / 16.0, y + j / 16.0) >= 0) {
                     double a = attr(t, x + k / 16.0, y + j / 16.0);
                     lo = a < lo ? a : lo, hi = a > hi ? a : hi;
                  }
            for (int s = 0; s < S; s++) {
               const struct rec *e = &r[(y * W + x) * S + s];
               if (inside(t, x + sample_pos[s][0], y + sample_pos[s][1]) > 0 &&
                   (e->at_centroid < lo - 1e-4 || e->at_centroid > hi + 1e-4))
                  BAD("SampleId: (%d, %d) sample %d: centroid %g outside the covered part's "
                      "range [%g, %g]\n",
                      x, y, s, e->at_centroid, lo, hi);
            }
         }
      }
   }
   if (!partial || !full) {
      BAD("SampleId: the scene lacks partly (%u) or fully (%u) covered pixels\n", partial, full);
   }
   printf("SampleId: %u mismatches (%u samples shaded, %u full and %u partial pixels)\n", bad,
          shaded, full, partial);
   vkDestroyPipeline(g->c->dev, p, NULL);
   return bad;
}

/* invocations of count.frag with the given sample shading; per_sample:
 * what agx-vk does (one per covered sample, else per covered pixel) */
static unsigned
run_count(struct gpu *g, const struct tri *t, const char *name, bool enable, float min,
          bool per_sample)
{
   VkPipeline p = pipeline(g, g->fs_count, enable, min);
   render(g, p, t);
   unsigned samples_lo = 0, samples_hi = 0, pixels_lo = 0, pixels_hi = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int cov = 0, amb = 0;
         for (int s = 0; s < S; s++) {
            int in = inside(t, x + sample_pos[s][0], y + sample_pos[s][1]);
            cov += in > 0, amb += in == 0;
         }
         samples_lo += (unsigned)cov, samples_hi += (unsigned)(cov + amb);
         pixels_lo += cov > 0, pixels_hi += cov + amb > 0;
      }
   uint32_t got = *(const uint32_t *)g->out.map;
   unsigned lo = per_sample ? samples_lo : pixels_lo, hi = per_sample ? samples_hi : pixels_hi;
   /* the reference driver may shade more often than minSampleShading asks */
   if (g->c->reference && !per_sample)
      hi = samples_hi;
   unsigned bad = got < lo || got > hi;
   printf("%s: %u invocations, want %u..%u (covered samples %u..%u, pixels %u..%u)\n", name, got,
          lo, hi, samples_lo, samples_hi, pixels_lo, pixels_hi);
   /* the pipeline-statistics query of the same draw: at least the
    * invocations the shader recorded, at most one per sample of every
    * touched pixel (agx-vk's per-sample loop runs the body for each of the
    * pixel's samples; Vulkan allows such additional invocations); without
    * a per-sample loop agx-vk counts exactly the recorded ones. The
    * reference driver (lavapipe) counts per pixel: only non-zero. */
   if (g->stats) {
      uint64_t q = 0;
      VK_OK(vkGetQueryPoolResults(g->c->dev, g->stats, 0, 1, sizeof(q), &q, sizeof(q),
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
      bool ok = g->c->reference ? q > 0
                : per_sample    ? q >= got && q <= (uint64_t)S * pixels_hi
                                : q == got;
      printf("%s: fragment-shader invocations query %llu %s\n", name, (unsigned long long)q,
             ok ? "ok" : "FAIL");
      bad += !ok;
   }
   vkDestroyPipeline(g->c->dev, p, NULL);
   return bad;
}

/* static_sample_{pos,id}.frag without sample shading in the pipeline: one
 * invocation per covered sample of every pixel (its pixel recorded), and
 * the resolved red the pixel's covered fraction. */
static unsigned
run_static(struct gpu *g, const struct tri *t, const char *name, VkShaderModule fs)
{
   VkPipeline p = pipeline(g, fs, false, 0.0f);
   render(g, p, t);
   const uint32_t *o = g->out.ptr;
   uint32_t got = o[0];
   static unsigned per_pixel[W * H];
   memset(per_pixel, 0, sizeof(per_pixel));
   unsigned bad = 0, want = 0, checked = 0;
   const uint8_t *px = g->pixels.map;
   if (got > W * H * S) {
      printf("%s: %u invocations, more than the samples of the image\n", name, got);
      vkDestroyPipeline(g->c->dev, p, NULL);
      return 1;
   }
   for (uint32_t i = 0; i < got; i++) {
      int32_t x = (int32_t)o[2 + 2 * i], y = (int32_t)o[3 + 2 * i];
      if (x < 0 || x >= W || y < 0 || y >= H) {
         BAD("%s: invocation %u at pixel (%d, %d) outside the image\n", name, i, x, y);
         continue;
      }
      per_pixel[y * W + x]++;
   }
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int cov = 0, amb = 0;
         for (int s = 0; s < S; s++) {
            int in = inside(t, x + sample_pos[s][0], y + sample_pos[s][1]);
            cov += in > 0, amb += in == 0;
         }
         want += (unsigned)cov;
         if (amb)
            continue;
         checked++;
         if (per_pixel[y * W + x] != (unsigned)cov)
            BAD("%s: (%d, %d) shaded %u times, want %d (covered samples)\n", name, x, y,
                per_pixel[y * W + x], cov);
         int red = px[4 * (y * W + x)], want_red = (255 * cov + 2) / 4;
         if (red < want_red - 1 || red > want_red + 1)
            BAD("%s: (%d, %d) resolved red %d, want %d (%d of %d samples)\n", name, x, y, red,
                want_red, cov, S);
      }
   printf("%s: %u invocations (covered samples about %u), %u mismatches over %u pixels\n", name,
          got, want, bad, checked);
   vkDestroyPipeline(g->c->dev, p, NULL);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 6) {
      fprintf(stderr,
              "usage: %s DRAW_VERT_SPV SAMPLE_SHADING_FRAG_SPV COUNT_FRAG_SPV "
              "STATIC_POS_FRAG_SPV STATIC_ID_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   if (!have.sampleRateShading || !have.fragmentStoresAndAtomics) {
      fprintf(stderr, "sampleRateShading / fragmentStoresAndAtomics are not advertised\n");
      return 1;
   }
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures want = {.sampleRateShading = VK_TRUE,
                                    .fragmentStoresAndAtomics = VK_TRUE,
                                    .pipelineStatisticsQuery = have.pipelineStatisticsQuery};
   CHECK(have.pipelineStatisticsQuery || c.reference); /* agx-vk offers it */
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   g.stats = VK_NULL_HANDLE;
   if (have.pipelineStatisticsQuery) {
      VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                   .queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS,
                                   .queryCount = 1,
                                   .pipelineStatistics =
                                      VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT};
      VK_OK(vkCreateQueryPool(c.dev, &qci, NULL, &g.stats));
   }
   struct tri t = {{3.25, 60.75, 17.125}, {2.375, 9.625, 29.875}, {0.0f, 1.0f, 0.5f}};
   unsigned bad = run_sample_id(&g, &t);
   bad += run_count(&g, &t, "minSampleShading 1.0", true, 1.0f, true);
   bad += run_count(&g, &t, "minSampleShading 0.25", true, 0.25f, false);
   bad += run_count(&g, &t, "no sample shading", false, 0.0f, false);
   bad += run_static(&g, &t, "static SamplePosition", g.fs_static[0]);
   bad += run_static(&g, &t, "static SampleId", g.fs_static[1]);
   if (g.stats)
      vkDestroyQueryPool(c.dev, g.stats, NULL);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
