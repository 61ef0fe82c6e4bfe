/*
 * Blending and logic ops into a 4-sample attachment through the loader: two
 * overlapping triangles drawn with blending (SRC_ALPHA / ONE_MINUS_SRC_ALPHA)
 * or the logic op XOR into a cleared 4-sample R8G8B8A8_UNORM image, so the
 * second triangle's edge pixels cover samples whose destinations differ
 * (the first triangle's edge runs under it). The destination must be read
 * per sample (Vulkan "Multisampling": blending and logic ops act on each
 * covered sample's own value). The image is AVERAGE-resolved in the pass
 * and compared with a CPU model written here: the standard 4-sample
 * locations ((0.375, 0.125), (0.875, 0.375), (0.125, 0.625), (0.625,
 * 0.875)), a sample covered when strictly inside the triangle (pixels with
 * a sample on an edge are skipped), blending in real numbers and rounding
 * to unorm8 per sample; +-1.5 units of 1/255 on the average of the four.
 * The scene must hold pixels whose covered samples had different
 * destinations (counted and required).
 *
 * test_ms_blend DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"
#include "ms_tri.h"

#define W 64
#define H 32
#define S 4

static const uint8_t clear_col[4] = {16, 64, 200, 255};

struct vtx {
   float pos[4];
   float col[4];
};

struct tri {
   double x[3], y[3]; /* pixels, multiples of 1/256 */
   uint8_t col[4];
};

enum mode { BLEND, LOGIC_XOR };

static struct tri
make_tri(double x0, double y0, double x1, double y1, double x2, double y2, const uint8_t col[4])
{
   struct tri t = {.x = {x0, x1, x2}, .y = {y0, y1, y2}};
   ms_tri_snap(t.x, t.y);
   memcpy(t.col, col, 4);
   return t;
}

struct model {
   uint8_t col[W * H][S][4];
   bool amb[W * H];
   bool mixed[W * H]; /* a triangle covered samples of different destinations */
};

/* One sample's new value: blend (rgb SRC_ALPHA / ONE_MINUS_SRC_ALPHA, alpha
 * ONE / ZERO) or XOR. */
static void
model_sample(enum mode mode, const uint8_t src[4], uint8_t dst[4])
{
   double a = src[3] / 255.0;
   for (int c = 0; c < 4; c++) {
      if (mode == LOGIC_XOR) {
         dst[c] ^= src[c];
         continue;
      }
      double v = c == 3 ? src[3] / 255.0 : src[c] / 255.0 * a + dst[c] / 255.0 * (1.0 - a);
      dst[c] = (uint8_t)nearbyint(fmin(fmax(v, 0.0), 1.0) * 255.0);
   }
}

static void
model_draw(struct model *m, enum mode mode, const struct tri *t)
{
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int p = y * W + x, first = -1;
         uint8_t first_dst[4];
         for (int s = 0; s < S; s++) {
            int in = ms_tri_inside(t->x, t->y, x + ms_sample_pos4[s][0], y + ms_sample_pos4[s][1]);
            if (in == 0)
               m->amb[p] = true;
            if (in <= 0)
               continue;
            if (first < 0) {
               first = s;
               memcpy(first_dst, m->col[p][s], 4);
            } else if (memcmp(m->col[p][s], first_dst, 4)) {
               m->mixed[p] = true;
            }
            model_sample(mode, t->col, m->col[p][s]);
         }
      }
}

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   struct agx_vk_set ds;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, out;
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   agx_vk_set_create(
      c, 1, &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT},
      &g->ds);
   g->layout = agx_vk_pipeline_layout(c, 1, &g->ds.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   g->vb = agx_vk_buffer(c, 6 * sizeof(struct vtx));
   g->out = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_set_buffer(c, &g->ds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
}

static void
gpu_finish(struct gpu *g)
{
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_set_free(g->c, &g->ds);
   vkDestroyPipelineLayout(g->c->dev, g->layout, NULL);
   vkDestroyShaderModule(g->c->dev, g->vs, NULL);
   vkDestroyShaderModule(g->c->dev, g->fs, NULL);
}

static VkPipeline
pipeline(struct gpu *g, enum mode mode)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   b.ms.rasterizationSamples = VK_SAMPLE_COUNT_4_BIT;
   if (mode == LOGIC_XOR) {
      b.cb.logicOpEnable = VK_TRUE;
      b.cb.logicOp = VK_LOGIC_OP_XOR;
   } else {
      b.att[0].blendEnable = VK_TRUE;
      b.att[0].srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
      b.att[0].dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
      b.att[0].colorBlendOp = VK_BLEND_OP_ADD;
      b.att[0].srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
      b.att[0].dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
      b.att[0].alphaBlendOp = VK_BLEND_OP_ADD;
   }
   return agx_vk_gfx_create(g->c, &b);
}

static void
upload(struct gpu *g, const struct tri *t, int n)
{
   struct vtx *v = (struct vtx *)g->vb.map;
   for (int i = 0; i < n; i++)
      for (int k = 0; k < 3; k++) {
         struct vtx *o = &v[3 * i + k];
         o->pos[0] = (float)(t[i].x[k] * 2.0 / W - 1.0);
         o->pos[1] = (float)(t[i].y[k] * 2.0 / H - 1.0);
         o->pos[2] = 0.5f;
         o->pos[3] = 1.0f;
         for (int c = 0; c < 4; c++)
            o->col[c] = t[i].col[c] / 255.0f;
      }
}

static void
make_image(struct agx_vk_ctx *c, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
           struct agx_vk_image *img)
{
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .samples = samples,
                                                   .usage = usage,
                                                   .aspect = VK_IMAGE_ASPECT_COLOR_BIT},
                       img);
}

/* Draws the two triangles into a cleared 4-sample image, resolves and compares. */
static unsigned
run(struct gpu *g, const char *name, enum mode mode, const struct tri *t)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image ms, res;
   make_image(c, VK_SAMPLE_COUNT_4_BIT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &ms);
   make_image(c, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &res);
   VkPipeline p = pipeline(g, mode);
   upload(g, t, 2);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   agx_vk_barrier(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   VkClearValue cv;
   for (int k = 0; k < 4; k++)
      cv.color.float32[k] = clear_col[k] / 255.0f;
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = ms.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT,
                                   .resolveImageView = res.view,
                                   .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                   .clearValue = cv};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdDraw(cb, 6, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_READ);
   agx_vk_copy_to_buffer(cb, &res, VK_IMAGE_LAYOUT_GENERAL, 0, 0, g->out.buf, 0);
   VK_OK(agx_vk_submit_wait(c, cb));

   static struct model m;
   memset(&m, 0, sizeof(m));
   for (int p2 = 0; p2 < W * H; p2++)
      for (int s = 0; s < S; s++)
         memcpy(m.col[p2][s], clear_col, 4);
   model_draw(&m, mode, &t[0]);
   memset(m.mixed, 0, sizeof(m.mixed)); /* the first triangle drew over the clear */
   model_draw(&m, mode, &t[1]);
   const uint8_t *got = (const uint8_t *)g->out.map;
   unsigned bad = 0, mixed = 0, checked = 0;
   for (int px = 0; px < W * H; px++) {
      if (m.amb[px])
         continue;
      checked++;
      mixed += m.mixed[px];
      for (int k = 0; k < 4; k++) {
         int sum = 0;
         for (int s = 0; s < S; s++)
            sum += m.col[px][s][k];
         double want = sum / (double)S;
         if (fabs(got[4 * px + k] - want) > 1.5 && bad++ < 8)
            fprintf(stderr, "%s: pixel (%d, %d) c%d = %u, want %.2f%s\n", name, px % W, px / W, k,
                    got[4 * px + k], want,
                    m.mixed[px] ? " (samples of different destinations)" : "");
      }
   }
   if (mixed < 4) {
      fprintf(stderr, "%s: only %u pixels with samples of different destinations\n", name, mixed);
      bad++;
   }
   printf("%s: %u mismatches (%u pixels checked, %u with samples of different destinations)\n",
          name, bad, checked, mixed);
   vkDestroyPipeline(c->dev, p, NULL);
   agx_vk_image_free(c, &ms);
   agx_vk_image_free(c, &res);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures have, want = {0};
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   want.logicOp = have.logicOp;
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   static const uint8_t red[4] = {255, 32, 0, 128}, green[4] = {0, 240, 64, 160};
   static const uint8_t x1[4] = {0xA5, 0x3C, 0xF0, 0x0F}, x2[4] = {0x5A, 0xFF, 0x33, 0x81};
   /* the second triangle's area holds the first one's slanted edges */
   struct tri blend[2] = {make_tri(3.3, 2.1, 60.7, 9.4, 17.2, 29.8, red),
                          make_tri(5.6, 27.3, 30.1, 1.7, 58.9, 24.45, green)};
   unsigned bad = run(&g, "blend SRC_ALPHA/ONE_MINUS_SRC_ALPHA", BLEND, blend);
   if (have.logicOp) {
      struct tri xr[2] = {blend[0], blend[1]};
      memcpy(xr[0].col, x1, 4);
      memcpy(xr[1].col, x2, 4);
      bad += run(&g, "logic op XOR", LOGIC_XOR, xr);
   } else {
      printf("logic op XOR: skipped (no logicOp feature)\n");
   }
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
