/*
 * textureGrad on cube maps and cube arrays (explicit gradients, OpImageSampleExplicitLod with
 * Grad): shaders/cube_grad.comp and, drawn over a 16 x 3 target, shaders/cube_grad.frag sample
 * a 32 x 32 R32_SFLOAT cube array of 2 cubes and 6 levels whose texels of cube c, face f,
 * level l all hold 1000 c + 100 f + l, with nearest filtering inside a level and linear
 * filtering between levels: a sample returns 1000 c + 100 f + lambda, lambda the LOD clamped to
 * [0, 5]. 48 probes (8 per face, directions of lengths 1 to 2 off the face centre) each carry
 * their own gradients: tangent to the face, along the major axis only (the LOD then comes
 * from the quotient rule alone), arbitrary, and dominated by ddy; they span LODs below 0 to
 * above 5. Each is sampled through a cube view, a cube-array view (cube k & 1) and a sampler
 * with mipLodBias 0.75.
 *
 * The CPU reference takes the face from the major axis (Vulkan's cube face table) and the
 * derivatives of the face coordinates by central differences of the projection along each
 * gradient (independent of the quotient-rule formula the driver uses). On agx-vk the result
 * must match the isotropic LOD log2(max(|d(u,v)/dx|, |d(u,v)/dy|)) within 0.02 (fp16 LOD,
 * 8-bit mip blend); on lavapipe it must lie within Vulkan's bounds for the scale factor
 * (max(|du|, |dv|) <= f <= sqrt(2) (|du| + |dv|), "Scale Factor Operation") plus 0.06.
 *
 * test_cube_grad COMP.spv VERT.spv FRAG.spv [--validation] [--reference]
 */
#include <math.h>
#include <string.h>

#include "agx_vk_gfx.h"

static struct agx_vk_ctx C;

#define SIZE 32
#define LEVELS 6
#define CUBES 2
#define PER_FACE 8
#define NPROBES (6 * PER_FACE)
#define FB_W 16
#define FB_H (NPROBES / FB_W)
#define BIAS 0.75

struct probe {
   float dir[4], ddx[4], ddy[4];
};

static struct probe probes[NPROBES];

static double
unit(uint32_t seed)
{
   return (double)(agx_vk_hash(seed) & 0xFFFFFF) / (double)0xFFFFFF;
}

/* Vulkan's major-axis face (+X 0, -X 1, +Y 2, -Y 3, +Z 4, -Z 5; ties never occur here). */
static int
face_of(const double d[3])
{
   double ax = fabs(d[0]), ay = fabs(d[1]), az = fabs(d[2]);
   if (az >= ax && az >= ay)
      return d[2] >= 0 ? 4 : 5;
   if (ay >= ax)
      return d[1] >= 0 ? 2 : 3;
   return d[0] >= 0 ? 0 : 1;
}

/* Face coordinates (s, t) of direction d on face f (the spec's sc, tc, rc table). */
static void
face_st(const double d[3], int f, double st[2])
{
   static const int sc_axis[6] = {2, 2, 0, 0, 0, 0}, tc_axis[6] = {1, 1, 2, 2, 1, 1};
   static const double sc_sign[6] = {-1, 1, 1, 1, 1, -1}, tc_sign[6] = {-1, -1, 1, -1, -1, -1};
   double ma = fabs(d[f / 2]);
   st[0] = 0.5 * (sc_sign[f] * d[sc_axis[f]] / ma + 1.0);
   st[1] = 0.5 * (tc_sign[f] * d[tc_axis[f]] / ma + 1.0);
}

static void
make_probes(void)
{
   for (int f = 0; f < 6; f++)
      for (int k = 0; k < PER_FACE; k++) {
         struct probe *p = &probes[f * PER_FACE + k];
         uint32_t seed = (uint32_t)(f * PER_FACE + k) * 16u;
         double m = 1.0 + 0.5 * (k % 3), d[3];
         int major = f / 2;
         for (int a = 0; a < 3; a++)
            d[a] = a == major ? (f & 1 ? -m : m) : m * (1.5 * unit(seed + (uint32_t)a) - 0.75);
         /* gradient length: LOD about 6 - 8 u on the 32-texel face */
         double g = m * exp2(2.0 - 8.0 * unit(seed + 3));
         double gx[3], gy[3];
         for (int a = 0; a < 3; a++) {
            gx[a] = g * (2.0 * unit(seed + 4 + (uint32_t)a) - 1.0);
            gy[a] = g * (2.0 * unit(seed + 7 + (uint32_t)a) - 1.0);
         }
         switch (k % 4) {
         case 0: /* tangent to the face, ddy smaller */
            gx[major] = gy[major] = 0;
            for (int a = 0; a < 3; a++)
               gy[a] *= 0.25;
            break;
         case 1: /* along the major axis only: the quotient rule's term alone */
            for (int a = 0; a < 3; a++)
               if (a != major)
                  gx[a] = gy[a] = 0;
            gx[major] *= 4.0;
            break;
         case 2: /* arbitrary */
            break;
         default: /* ddy dominates */
            for (int a = 0; a < 3; a++)
               gx[a] *= 0.125;
            break;
         }
         for (int a = 0; a < 3; a++) {
            p->dir[a] = (float)d[a];
            p->ddx[a] = (float)gx[a];
            p->ddy[a] = (float)gy[a];
         }
         p->dir[3] = (float)(k & 1); /* the cube of the array view */
      }
}

/* The LOD of probe p: exact isotropic value and Vulkan's bounds; the face. */
struct lod {
   double exact, lo, hi;
   int face;
};

static struct lod
probe_lod(const struct probe *p)
{
   double d[3] = {p->dir[0], p->dir[1], p->dir[2]};
   struct lod r = {.face = face_of(d)};
   double rho[2], maxabs[2], sum[2];
   for (int k = 0; k < 2; k++) {
      const float *g = k ? p->ddy : p->ddx;
      double glen = sqrt((double)g[0] * g[0] + (double)g[1] * g[1] + (double)g[2] * g[2]);
      double h = glen > 0 ? 1e-4 / glen : 0, plus[3], minus[3], sp[2], sm[2], dd[2] = {0, 0};
      if (h > 0) {
         for (int a = 0; a < 3; a++) {
            plus[a] = d[a] + h * g[a];
            minus[a] = d[a] - h * g[a];
         }
         face_st(plus, r.face, sp);
         face_st(minus, r.face, sm);
         for (int i = 0; i < 2; i++)
            dd[i] = SIZE * (sp[i] - sm[i]) / (2 * h);
      }
      rho[k] = sqrt(dd[0] * dd[0] + dd[1] * dd[1]);
      maxabs[k] = fmax(fabs(dd[0]), fabs(dd[1]));
      sum[k] = sqrt(2.0) * (fabs(dd[0]) + fabs(dd[1]));
   }
   r.exact = log2(fmax(rho[0], rho[1]));
   r.lo = log2(fmax(maxabs[0], maxabs[1]));
   r.hi = log2(fmax(sum[0], sum[1]));
   return r;
}

static double
clamp_lod(double l)
{
   return l < 0 ? 0 : l > LEVELS - 1 ? LEVELS - 1 : l;
}

/* Component `comp` of the results (vec4 per probe) against the reference; the count of
 * mismatches. */
static unsigned
check(const char *what, const float *out, unsigned stride)
{
   unsigned bad = 0, levels_seen = 0;
   double worst = 0;
   for (int i = 0; i < NPROBES; i++) {
      struct lod l = probe_lod(&probes[i]);
      for (int comp = 0; comp < 3; comp++) {
         double base = 100.0 * l.face + (comp == 1 ? 1000.0 * probes[i].dir[3] : 0);
         double bias = comp == 2 ? BIAS : 0, got = out[i * stride + (unsigned)comp];
         bool ok;
         double want = base + clamp_lod(l.exact + bias);
         if (C.reference)
            ok = got >= base + clamp_lod(l.lo + bias) - 0.06 &&
                 got <= base + clamp_lod(l.hi + bias) + 0.06;
         else
            ok = fabs(got - want) <= 0.02;
         worst = fmax(worst, fabs(got - want));
         if (comp == 0 && l.exact > 0.5 && l.exact < LEVELS - 1.5)
            levels_seen |= 1u << (int)l.exact;
         if (!ok && bad++ < 16)
            fprintf(stderr,
                    "%s probe %d (%s) face %d dir (%.3f %.3f %.3f): %.4f, expected %.4f "
                    "(LOD %.3f, bounds %.3f..%.3f)\n",
                    what, i,
                    comp == 0   ? "cube"
                    : comp == 1 ? "array"
                                : "biased",
                    l.face, (double)probes[i].dir[0], (double)probes[i].dir[1],
                    (double)probes[i].dir[2], got, want, l.exact + bias, l.lo + bias, l.hi + bias);
      }
   }
   /* the probes must exercise several levels, not just the clamps */
   CHECK(__builtin_popcount(levels_seen) >= 4);
   printf("%s: %u mismatches of %d samples, largest distance from the isotropic LOD %.4f\n", what,
          bad, 3 * NPROBES, worst);
   return bad;
}

static struct agx_vk_image
make_texture(void)
{
   struct agx_vk_image t;
   agx_vk_image_create(&C,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R32_SFLOAT,
                                                   .width = SIZE,
                                                   .height = SIZE,
                                                   .layers = 6 * CUBES,
                                                   .levels = LEVELS,
                                                   .flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT,
                                                   .view_type = VK_IMAGE_VIEW_TYPE_CUBE_ARRAY,
                                                   .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                                            VK_IMAGE_USAGE_SAMPLED_BIT},
                       &t);
   size_t total = 0;
   for (int l = 0; l < LEVELS; l++)
      total += (size_t)(SIZE >> l) * (SIZE >> l) * 6 * CUBES * 4;
   struct agx_vk_buffer up = agx_vk_buffer(&C, total);
   VkBufferImageCopy regions[LEVELS];
   float *v = up.ptr;
   size_t off = 0;
   for (uint32_t l = 0; l < LEVELS; l++) {
      uint32_t n = SIZE >> l;
      regions[l] =
         (VkBufferImageCopy){.bufferOffset = off * 4,
                             .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 6 * CUBES},
                             .imageExtent = {n, n, 1}};
      for (uint32_t layer = 0; layer < 6 * CUBES; layer++)
         for (uint32_t i = 0; i < n * n; i++)
            v[off++] = (float)(1000 * (layer / 6) + 100 * (layer % 6) + l);
   }
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, t.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_NONE, AGX_VK_COPY_WRITE);
   vkCmdCopyBufferToImage(cb, up.buf, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, LEVELS,
                          regions);
   agx_vk_barrier(cb, t.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, AGX_VK_COPY_WRITE,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT |
                                            VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                                         VK_ACCESS_2_SHADER_SAMPLED_READ_BIT});
   VK_OK(agx_vk_submit_wait(&C, cb));
   agx_vk_buffer_free(&C, &up);
   return t;
}

static unsigned
run_compute(const char *spv, VkPipelineLayout layout, VkDescriptorSet set,
            const struct agx_vk_buffer *out)
{
   VkShaderModule module = agx_vk_shader(&C, spv);
   VkPipeline p = agx_vk_compute_pipeline(&C, layout, module, NULL, 0, NULL);
   uint32_t count = NPROBES;
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4,
                      &count);
   vkCmdDispatch(cb, 1, 1, 1);
   agx_vk_memory_barrier(cb, AGX_VK_COMPUTE_WRITE, AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(&C, cb));
   vkDestroyPipeline(C.dev, p, NULL);
   vkDestroyShaderModule(C.dev, module, NULL);
   return check("compute", out->ptr, 4);
}

static unsigned
run_fragment(const char *vs_spv, const char *fs_spv, VkPipelineLayout layout, VkDescriptorSet set)
{
   VkShaderModule vs = agx_vk_shader(&C, vs_spv), fs = agx_vk_shader(&C, fs_spv);
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, fs, VK_FORMAT_R32G32B32A32_SFLOAT);
   agx_vk_gfx_fixed_viewport(&g, FB_W, FB_H);
   VkPipeline p = agx_vk_gfx_create(&C, &g);
   struct agx_vk_image rt;
   agx_vk_color_target(&C, VK_FORMAT_R32G32B32A32_SFLOAT, FB_W, FB_H, &rt);
   struct agx_vk_buffer out =
      agx_vk_buffer_usage(&C, FB_W * FB_H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   uint32_t count = NPROBES;
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearColorValue clear = {.float32 = {-5, -5, -5, -5}};
   agx_vk_begin_color_pass(cb, &rt, &clear);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, NULL);
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4,
                      &count);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &rt, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&C, cb));
   unsigned bad = check("fragment", out.ptr, 4);
   agx_vk_buffer_free(&C, &out);
   agx_vk_image_free(&C, &rt);
   vkDestroyPipeline(C.dev, p, NULL);
   vkDestroyShaderModule(C.dev, vs, NULL);
   vkDestroyShaderModule(C.dev, fs, NULL);
   return bad;
}

int
main(int argc, char **argv)
{
   const char *spv[3];
   unsigned nspv = 0;
   for (int i = 1; i < argc; i++)
      if (argv[i][0] != '-' && nspv < 3)
         spv[nspv++] = argv[i];
   CHECK(nspv == 3);
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(C.pdev, &have);
   CHECK(have.imageCubeArray);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&C, &f13, &(VkPhysicalDeviceFeatures){.imageCubeArray = VK_TRUE}, 0,
                              NULL);
   make_probes();
   struct agx_vk_image tex = make_texture();
   VkImageView cube_view =
      agx_vk_image_view(&C, tex.image, VK_IMAGE_VIEW_TYPE_CUBE, VK_FORMAT_R32_SFLOAT,
                        (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0, LEVELS, 0, 6});
   VkSamplerCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                              .magFilter = VK_FILTER_NEAREST,
                              .minFilter = VK_FILTER_NEAREST,
                              .mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR,
                              .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                              .maxLod = VK_LOD_CLAMP_NONE};
   VkSampler samp, biased;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &samp));
   sci.mipLodBias = (float)BIAS;
   VK_OK(vkCreateSampler(C.dev, &sci, NULL, &biased));

   VkShaderStageFlags stages = VK_SHADER_STAGE_COMPUTE_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   struct agx_vk_binding b[5] = {
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, stages},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, stages},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, stages},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, stages},
      {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, stages},
   };
   struct agx_vk_set ds;
   agx_vk_set_create(&C, 5, b, &ds);
   VkPipelineLayout layout = agx_vk_pipeline_layout(&C, 1, &ds.layout, stages, 4);
   struct agx_vk_buffer in = agx_vk_buffer(&C, sizeof(probes)),
                        out = agx_vk_buffer(&C, NPROBES * 16);
   memcpy(in.ptr, probes, sizeof(probes));
   agx_vk_set_buffer(&C, &ds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, in.buf);
   agx_vk_set_buffer(&C, &ds, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buf);
   VkImageLayout ro = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
   agx_vk_set_image(&C, &ds, 2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samp, cube_view, ro);
   agx_vk_set_image(&C, &ds, 3, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, samp, tex.view, ro);
   agx_vk_set_image(&C, &ds, 4, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, biased, cube_view, ro);

   unsigned bad = run_compute(spv[0], layout, ds.set, &out);
   bad += run_fragment(spv[1], spv[2], layout, ds.set);
   CHECK(bad == 0);

   agx_vk_buffer_free(&C, &in);
   agx_vk_buffer_free(&C, &out);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   agx_vk_set_free(&C, &ds);
   vkDestroySampler(C.dev, samp, NULL);
   vkDestroySampler(C.dev, biased, NULL);
   vkDestroyImageView(C.dev, cube_view, NULL);
   agx_vk_image_free(&C, &tex);
   return agx_vk_ctx_finish(&C);
}
