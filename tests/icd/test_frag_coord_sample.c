/*
 * FragCoord with per-sample shading (sampleShadingEnable, minSampleShading
 * 1.0; the shader itself reads no sample built-in): a triangle whose
 * corners have depths 0.1, 0.9 and 0.5 on a 4-sample 64x32 image; the
 * fragment shader (shaders/fcz.frag) records per (pixel, sample) its
 * invocations and FragCoord. Checked against a CPU model written from the
 * Vulkan specification: one invocation per covered sample (strictly inside
 * the triangle; samples within 1/64 pixel of an edge are not checked), at
 * the standard 4-sample locations (0.375, 0.125), (0.875, 0.375),
 * (0.125, 0.625), (0.625, 0.875) ("FragCoord": with sample shading the
 * fragment is at its sample), FragCoord.z the depth plane at that sample
 * (viewport depth [0, 1], w = 1; 1e-4 tolerance, while neighbouring
 * samples differ by ~4e-3).
 *
 * test_frag_coord_sample FCZ_VERT FCZ_FRAG [--validation] [--reference]
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

/* the triangle of shaders/fcz.vert in framebuffer coordinates */
static const double clip[3][3] = {{-0.9, -0.8, 0.1}, {0.85, -0.95, 0.9}, {-0.2, 0.9, 0.5}};

struct rec {
   uint32_t count;
   float x, y, z;
};

static struct agx_vk_ctx c;

static void
vertex(unsigned i, double *x, double *y, double *z)
{
   *x = (clip[i][0] + 1.0) * W / 2;
   *y = (clip[i][1] + 1.0) * H / 2;
   *z = clip[i][2];
}

/* -1 outside, 1 inside, 0 within 1/64 pixel of an edge */
static int
inside(double px, double py)
{
   double x[3], y[3], z[3];
   for (unsigned i = 0; i < 3; i++)
      vertex(i, &x[i], &y[i], &z[i]);
   double area = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
   int sign = area > 0 ? 1 : -1, res = 1;
   for (int e = 0; e < 3; e++) {
      int a = e, b = (e + 1) % 3;
      double ex = x[b] - x[a], ey = y[b] - y[a];
      double f = sign * (ex * (py - y[a]) - ey * (px - x[a])) / sqrt(ex * ex + ey * ey);
      if (f < -1.0 / 64)
         return -1;
      if (f < 1.0 / 64)
         res = 0;
   }
   return res;
}

/* the depth plane at (px, py) (barycentric, linear in the framebuffer) */
static double
depth(double px, double py)
{
   double x[3], y[3], z[3];
   for (unsigned i = 0; i < 3; i++)
      vertex(i, &x[i], &y[i], &z[i]);
   double d = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
   double l1 = ((px - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (py - y[0])) / d;
   double l2 = ((x[1] - x[0]) * (py - y[0]) - (px - x[0]) * (y[1] - y[0])) / d;
   return (1 - l1 - l2) * z[0] + l1 * z[1] + l2 * z[2];
}

struct gpu {
   VkShaderModule vs, fs;
   struct agx_vk_set set;
   VkPipelineLayout layout;
   struct agx_vk_buffer out;
   struct agx_vk_image ms;
   VkPipeline pipeline;
};

static void
make_pipeline(struct gpu *g)
{
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&p, W, H);
   p.ms.rasterizationSamples = VK_SAMPLE_COUNT_4_BIT;
   p.ms.sampleShadingEnable = VK_TRUE;
   p.ms.minSampleShading = 1.0f;
   g->pipeline = agx_vk_gfx_create(&c, &p);
}

static void
gpu_init(struct gpu *g, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->vs = agx_vk_shader(&c, spv[0]);
   g->fs = agx_vk_shader(&c, spv[1]);
   agx_vk_set_create(
      &c, 1,
      &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_FRAGMENT_BIT},
      &g->set);
   g->layout = agx_vk_pipeline_layout(&c, 1, &g->set.layout, 0, 0);
   g->out = agx_vk_buffer(&c, W * H * S * sizeof(struct rec));
   agx_vk_set_buffer(&c, &g->set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->out.buf);
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .samples = VK_SAMPLE_COUNT_4_BIT,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                       &g->ms);
   make_pipeline(g);
}

static void
render(struct gpu *g)
{
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_color_pass(cb, &g->ms, &(VkClearColorValue){0});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set.set, 0,
                           NULL);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb,
                         (struct agx_vk_access){VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                                                VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT},
                         AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(&c, cb));
}

/* Mismatches with the model; *covered counts the samples checked. */
static unsigned
check(const struct gpu *g, unsigned *covered, double *max_step)
{
   const struct rec *r = (const struct rec *)g->out.map;
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         for (unsigned s = 0; s < S; s++) {
            double sx = x + sample_pos[s][0], sy = y + sample_pos[s][1];
            int in = inside(sx, sy);
            const struct rec *q = &r[(y * W + x) * S + s];
            if (in == 0)
               continue;
            if (in < 0) {
               if (q->count && bad++ < 10)
                  fprintf(stderr, "pixel (%u, %u) sample %u: shaded %u times, outside\n", x, y, s,
                          q->count);
               continue;
            }
            (*covered)++;
            double z = depth(sx, sy);
            if (s)
               *max_step =
                  fmax(*max_step, fabs(z - depth(x + sample_pos[0][0], y + sample_pos[0][1])));
            if (q->count != 1 || fabs(q->x - sx) > 1e-4 || fabs(q->y - sy) > 1e-4 ||
                fabs(q->z - z) > 1e-4) {
               if (bad++ < 10)
                  fprintf(stderr,
                          "pixel (%u, %u) sample %u: count %u FragCoord (%.5f, %.5f, %.6f), "
                          "want 1 (%.5f, %.5f, %.6f)\n",
                          x, y, s, q->count, q->x, q->y, q->z, sx, sy, z);
            }
         }
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s FCZ_VERT FCZ_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.sampleRateShading = VK_TRUE,
                                    .fragmentStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &feat, 0, NULL);
   struct gpu g;
   gpu_init(&g, argv + 1);
   render(&g);
   unsigned covered = 0;
   double max_step = 0;
   unsigned bad = check(&g, &covered, &max_step);
   printf("%u samples covered, %u mismatches; depth differs by up to %.4f between samples of a "
          "pixel\n",
          covered, bad, max_step);
   /* the scene must be able to tell the sample's depth from the centre's */
   CHECK(covered > 1000 && max_step > 1e-3);
   agx_vk_buffer_free(&c, &g.out);
   vkDestroyPipeline(c.dev, g.pipeline, NULL);
   agx_vk_image_free(&c, &g.ms);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   agx_vk_set_free(&c, &g.set);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
