/*
 * Render targets that spill the tilebuffer (Honeykrisp's eMRT, issues 18/20) through the
 * loader: colour attachments whose tilebuffer place would pass 64 bytes per sample or a
 * 16x16 utile are rendered straight to memory by agx-vk. Two scenes of two overlapping
 * triangles (the second drawn over the first's slanted edges), every value compared with a
 * CPU model written here:
 *  - "4 x RGBA32F, 4 samples": four R32G32B32A32_SFLOAT 4-sample attachments (the last three
 *    spill): 0 cleared, resolved in the pass; 1 cleared, resolved in the pass, store DONT_CARE;
 *    2 cleared, blended SRC_ALPHA / ONE_MINUS_SRC_ALPHA (alpha ONE / ZERO), stored; 3 loaded
 *    (vkCmdClearColorImage before the pass), write mask R|B, stored; 2 and 3 resolved with
 *    vkCmdResolveImage (AVERAGE). Blending reads each covered sample's own destination and the
 *    second triangle must land on the first (ordering of overlapping fragments).
 *  - "8 x RGBA32F, 1 sample": eight single-sampled R32G32B32A32_SFLOAT attachments (128 bytes
 *    per pixel: the last four spill), 5 blended, 6 loaded, 7 write mask G|A, all read back.
 *  - both again with two-layer attachments and view mask 0b11 (multiview: every draw for each
 *    layer; each layer compared with the model), when the device has the multiview feature.
 *  - "... in a secondary": the draws recorded in a secondary command buffer that continues the
 *    pass (dynamic-rendering inheritance, RENDER_PASS_CONTINUE, no SIMULTANEOUS_USE), executed
 *    by the primary that began it; "... + clear" also clears every attachment over CLEAR_RECT
 *    to CLEAR_VALUE (vkCmdClearAttachments) in that secondary before the draws; "... executed
 *    twice" first executes the secondary in another primary's pass over scratch attachments
 *    (submitted and waited for), then in the checked pass (the secondary must draw to the
 *    attachments of the primary executing it last).
 *  - "... SIMULTANEOUS_USE secondary in two primaries": a VkRenderPass of the eight
 *    attachments (all loaded), the draws in a SIMULTANEOUS_USE secondary inheriting the pass
 *    and its framebuffer, executed once by one primary and twice by another, both submitted
 *    together: the model draws the triangles three times.
 * The model: the fragment shader's output i is (rgb (i + 1) + i / 8, a) of the triangle's
 * colour (emrt.frag); the standard 4-sample locations (0.375, 0.125), (0.875, 0.375),
 * (0.125, 0.625), (0.625, 0.875), or the pixel centre; a sample is covered when strictly
 * inside (pixels with a sample on an edge are skipped); blending in double, compared within
 * 1e-5 x max(1, |value|). Each scene must hold pixels whose covered samples had different
 * destinations (counted and required).
 *
 * test_emrt DRAW_VERT_SPV EMRT_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_pass.h"

#define W 64
#define H 32
#define MAX_S 4
#define RTS 8

static const double sample_pos4[4][2] = {
   {0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};
static const double sample_pos1[1][2] = {{0.5, 0.5}};

/* the in-pass clear of the "+ clear" scenes: pixels x 36..55, y 4..19, every component and
 * sample (clears ignore write masks) */
static const VkRect2D CLEAR_RECT = {{36, 4}, {20, 16}};
static const float CLEAR_VALUE[4] = {0.5f, -0.25f, 2.0f, 0.75f};

/* Where a scene records its draws. */
enum where { IN_PRIMARY, IN_SECONDARY, IN_SECONDARY_CLEAR, IN_SECONDARY_TWICE };

struct vtx {
   float pos[4];
   float col[4];
};

struct tri {
   double x[3], y[3]; /* pixels, multiples of 1/256 */
   float col[4];
};

/* What a scene does with each attachment. */
struct rt_desc {
   bool blend;        /* SRC_ALPHA / ONE_MINUS_SRC_ALPHA, alpha ONE / ZERO */
   bool load;         /* loadOp LOAD of a vkCmdClearColorImage value, else CLEAR */
   uint32_t mask;     /* colour write mask */
   bool resolve_pass; /* resolved by the pass (else stored, then vkCmdResolveImage) */
   bool dont_care;    /* storeOp DONT_CARE (with resolve_pass) */
   float init[4];     /* clear value */
};

/* -1 outside, 1 inside, 0 on an edge */
static int
inside(const struct tri *t, double px, double py)
{
   double area =
      (t->x[1] - t->x[0]) * (t->y[2] - t->y[0]) - (t->y[1] - t->y[0]) * (t->x[2] - t->x[0]);
   int sign = area > 0 ? 1 : -1, res = 1;
   for (int e = 0; e < 3; e++) {
      int a = e, b = (e + 1) % 3;
      double f = (t->x[b] - t->x[a]) * (py - t->y[a]) - (t->y[b] - t->y[a]) * (px - t->x[a]);
      f *= sign;
      if (f < 0)
         return -1;
      if (f == 0)
         res = 0;
   }
   return res;
}

static struct tri
make_tri(double x0, double y0, double x1, double y1, double x2, double y2, const float col[4])
{
   struct tri t = {.x = {x0, x1, x2}, .y = {y0, y1, y2}};
   for (int k = 0; k < 3; k++) {
      t.x[k] = nearbyint(t.x[k] * 256.0) / 256.0;
      t.y[k] = nearbyint(t.y[k] * 256.0) / 256.0;
   }
   memcpy(t.col, col, 16);
   return t;
}

/* emrt.frag's output i for colour col */
static void
shade(int i, const float col[4], double out[4])
{
   for (int c = 0; c < 3; c++)
      out[c] = (double)col[c] * (i + 1) + i * 0.125;
   out[3] = col[3];
}

struct model {
   double v[RTS][W * H][MAX_S][4];
   bool amb[W * H];
   bool mixed[W * H];
};

static void
model_draw(struct model *m, int samples, int rts, const struct rt_desc *d, const struct tri *t)
{
   const double(*pos)[2] = samples == 4 ? sample_pos4 : sample_pos1;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int p = y * W + x, first = -1;
         double first_dst[4];
         for (int s = 0; s < samples; s++) {
            int in = inside(t, x + pos[s][0], y + pos[s][1]);
            if (in == 0)
               m->amb[p] = true;
            if (in <= 0)
               continue;
            if (first < 0) {
               first = s;
               memcpy(first_dst, m->v[0][p][s], sizeof(first_dst));
            } else if (memcmp(m->v[0][p][s], first_dst, sizeof(first_dst))) {
               m->mixed[p] = true;
            }
            for (int i = 0; i < rts; i++) {
               double src[4], *dst = m->v[i][p][s];
               shade(i, t->col, src);
               for (int c = 0; c < 4; c++) {
                  if (!(d[i].mask & (1u << c)))
                     continue;
                  if (d[i].blend && c < 3)
                     dst[c] = src[c] * src[3] + dst[c] * (1.0 - src[3]);
                  else
                     dst[c] = src[c];
               }
            }
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
   g->out =
      agx_vk_buffer_usage(c, (VkDeviceSize)2 * RTS * W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
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

static void
upload(struct gpu *g, const struct tri *t)
{
   struct vtx *v = (struct vtx *)g->vb.map;
   for (int i = 0; i < 2; i++)
      for (int k = 0; k < 3; k++) {
         struct vtx *o = &v[3 * i + k];
         o->pos[0] = (float)(t[i].x[k] * 2.0 / W - 1.0);
         o->pos[1] = (float)(t[i].y[k] * 2.0 / H - 1.0);
         o->pos[2] = 0.5f;
         o->pos[3] = 1.0f;
         memcpy(o->col, t[i].col, 16);
      }
}

static VkPipeline
pipeline(struct gpu *g, int samples, int rts, uint32_t layers, const struct rt_desc *d)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_R32G32B32A32_SFLOAT);
   b.ri.viewMask = layers > 1 ? (1u << layers) - 1 : 0;
   b.ms.rasterizationSamples = (VkSampleCountFlagBits)samples;
   b.cb.attachmentCount = (uint32_t)rts;
   b.ri.colorAttachmentCount = (uint32_t)rts;
   for (int i = 0; i < rts; i++) {
      b.color_formats[i] = VK_FORMAT_R32G32B32A32_SFLOAT;
      b.att[i] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = d[i].mask};
      if (d[i].blend) {
         b.att[i].blendEnable = VK_TRUE;
         b.att[i].srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
         b.att[i].dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
         b.att[i].colorBlendOp = VK_BLEND_OP_ADD;
         b.att[i].srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
         b.att[i].dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
         b.att[i].alphaBlendOp = VK_BLEND_OP_ADD;
      }
   }
   return agx_vk_gfx_create(g->c, &b);
}

static void
make_image(struct agx_vk_ctx *c, int samples, uint32_t layers, struct agx_vk_image *img)
{
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R32G32B32A32_SFLOAT,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = layers,
                                                   .samples = (VkSampleCountFlagBits)samples,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                   .aspect = VK_IMAGE_ASPECT_COLOR_BIT},
                       img);
}

static bool
close_to(float got, double want)
{
   return fabs(got - want) <= 1e-5 * fmax(1.0, fabs(want));
}

/* Executes `sec` in a pass like `ri` over scratch attachments of another primary, submitted
 * and waited for. */
static void
execute_elsewhere(struct gpu *g, int samples, int rts, uint32_t layers, const VkRenderingInfo *ri,
                  VkCommandBuffer sec)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image scr[RTS];
   VkRenderingAttachmentInfo ca[RTS];
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   for (int i = 0; i < rts; i++) {
      make_image(c, samples, layers, &scr[i]);
      agx_vk_barrier(cb, scr[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
      ca[i] = (VkRenderingAttachmentInfo){.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                          .imageView = scr[i].view,
                                          .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                          .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                          .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   }
   VkRenderingInfo r = *ri;
   r.pColorAttachments = ca;
   vkCmdBeginRendering(cb, &r);
   vkCmdExecuteCommands(cb, 1, &sec);
   vkCmdEndRendering(cb);
   VK_OK(agx_vk_submit_wait(c, cb));
   for (int i = 0; i < rts; i++)
      agx_vk_image_free(c, &scr[i]);
}

/* Renders the two triangles into `rts` attachments of `samples` samples as d[] says, reads
 * every attachment back (resolved with samples) and compares with the model. */
static unsigned
run(struct gpu *g, const char *name, int samples, int rts, uint32_t layers, const struct rt_desc *d,
    const struct tri *t, enum where where)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image img[RTS], res[RTS];
   memset(res, 0, sizeof(res));
   VkPipeline p = pipeline(g, samples, rts, layers, d);
   upload(g, t);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkRenderingAttachmentInfo ca[RTS];
   for (int i = 0; i < rts; i++) {
      make_image(c, samples, layers, &img[i]);
      agx_vk_barrier(cb, img[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
      if (samples > 1) {
         make_image(c, 1, layers, &res[i]);
         agx_vk_barrier(cb, res[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                        VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
      }
      VkClearColorValue v;
      memcpy(v.float32, d[i].init, 16);
      if (d[i].load) {
         VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers};
         vkCmdClearColorImage(cb, img[i].image, VK_IMAGE_LAYOUT_GENERAL, &v, 1, &range);
      }
      bool in_pass = samples > 1 && d[i].resolve_pass;
      ca[i] = (VkRenderingAttachmentInfo){
         .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
         .imageView = img[i].view,
         .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
         .resolveMode = in_pass ? VK_RESOLVE_MODE_AVERAGE_BIT : VK_RESOLVE_MODE_NONE,
         .resolveImageView = in_pass ? res[i].view : VK_NULL_HANDLE,
         .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
         .loadOp = d[i].load ? VK_ATTACHMENT_LOAD_OP_LOAD : VK_ATTACHMENT_LOAD_OP_CLEAR,
         .storeOp = in_pass && d[i].dont_care ? VK_ATTACHMENT_STORE_OP_DONT_CARE
                                              : VK_ATTACHMENT_STORE_OP_STORE,
         .clearValue = {.color = v}};
   }
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .viewMask = layers > 1 ? (1u << layers) - 1 : 0,
                         .colorAttachmentCount = (uint32_t)rts,
                         .pColorAttachments = ca};
   VkCommandBuffer sec = VK_NULL_HANDLE, dcb = cb;
   if (where != IN_PRIMARY) {
      ri.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT;
      VkFormat formats[RTS];
      for (int i = 0; i < rts; i++)
         formats[i] = VK_FORMAT_R32G32B32A32_SFLOAT;
      sec = agx_vk_begin_secondary(
         g->c, VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
         &(struct agx_vk_inheritance){.color_count = (uint32_t)rts,
                                      .colors = formats,
                                      .samples = (VkSampleCountFlagBits)samples,
                                      .view_mask = ri.viewMask});
      dcb = sec;
   }
   vkCmdBeginRendering(cb, &ri);
   if (where == IN_SECONDARY_CLEAR) {
      VkClearAttachment ka[RTS];
      for (int i = 0; i < rts; i++) {
         ka[i] = (VkClearAttachment){.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT,
                                     .colorAttachment = (uint32_t)i};
         memcpy(ka[i].clearValue.color.float32, CLEAR_VALUE, 16);
      }
      VkClearRect kr = {CLEAR_RECT, 0, 1};
      vkCmdClearAttachments(dcb, (uint32_t)rts, ka, 1, &kr);
   }
   vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   float push[4] = {0};
   vkCmdPushConstants(dcb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   agx_vk_viewport_scissor(dcb, W, H);
   vkCmdDraw(dcb, 6, 1, 0, 0);
   if (sec) {
      VK_OK(vkEndCommandBuffer(sec));
      if (where == IN_SECONDARY_TWICE)
         execute_elsewhere(g, samples, rts, layers, &ri, sec);
      vkCmdExecuteCommands(cb, 1, &sec);
   }
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   for (int i = 0; i < rts; i++) {
      if (samples > 1 && !d[i].resolve_pass) {
         VkImageResolve rr = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, layers},
                              .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, layers},
                              .extent = {W, H, 1}};
         vkCmdResolveImage(cb, img[i].image, VK_IMAGE_LAYOUT_GENERAL, res[i].image,
                           VK_IMAGE_LAYOUT_GENERAL, 1, &rr);
      }
   }
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_READ);
   for (uint32_t l = 0; l < layers; l++)
      for (int i = 0; i < rts; i++)
         agx_vk_copy_to_buffer(cb, samples > 1 ? &res[i] : &img[i], VK_IMAGE_LAYOUT_GENERAL, 0, l,
                               g->out.buf, ((VkDeviceSize)l * RTS + i) * W * H * 16);
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));
   if (sec)
      vkFreeCommandBuffers(c->dev, c->pool, 1, &sec);

   static struct model m;
   memset(&m, 0, sizeof(m));
   for (int i = 0; i < rts; i++)
      for (int px = 0; px < W * H; px++)
         for (int s = 0; s < samples; s++)
            for (int k = 0; k < 4; k++)
               m.v[i][px][s][k] = d[i].init[k];
   if (where == IN_SECONDARY_CLEAR)
      for (int i = 0; i < rts; i++)
         for (int y = CLEAR_RECT.offset.y; y < CLEAR_RECT.offset.y + (int)CLEAR_RECT.extent.height;
              y++)
            for (int x = CLEAR_RECT.offset.x;
                 x < CLEAR_RECT.offset.x + (int)CLEAR_RECT.extent.width; x++)
               for (int s = 0; s < samples; s++)
                  for (int k = 0; k < 4; k++)
                     m.v[i][y * W + x][s][k] = CLEAR_VALUE[k];
   model_draw(&m, samples, rts, d, &t[0]);
   memset(m.mixed, 0, sizeof(m.mixed)); /* the first triangle drew over the clear */
   model_draw(&m, samples, rts, d, &t[1]);
   const float *got = (const float *)g->out.map;
   unsigned bad = 0, mixed = 0, checked = 0, covered = 0;
   for (uint32_t l = 0; l < layers; l++)
      for (int px = 0; px < W * H; px++) {
         if (m.amb[px])
            continue;
         checked++;
         mixed += m.mixed[px];
         for (int i = 0; i < rts; i++)
            for (int k = 0; k < 4; k++) {
               double sum = 0;
               for (int s = 0; s < samples; s++)
                  sum += m.v[i][px][s][k];
               double want = sum / samples;
               float v = got[((size_t)l * RTS + i) * W * H * 4 + 4 * px + k];
               if (i == 0 && k == 0 && want != d[0].init[0])
                  covered++;
               if (!close_to(v, want) && bad++ < 12)
                  fprintf(stderr,
                          "%s: layer %u attachment %d pixel (%d, %d) c%d = %.7g, want %.7g%s\n",
                          name, l, i, px % W, px / W, k, v, want,
                          m.mixed[px] ? " (samples of different destinations)" : "");
            }
      }
   if ((samples > 1 && mixed < 4) || covered < 100) {
      fprintf(stderr, "%s: only %u pixels with samples of different destinations, %u covered\n",
              name, mixed, covered);
      bad++;
   }
   printf("%s: %u mismatches (%u pixels checked, %u covered, %u with samples of different "
          "destinations)\n",
          name, bad, checked, covered, mixed);
   vkDestroyPipeline(c->dev, p, NULL);
   for (int i = 0; i < rts; i++) {
      agx_vk_image_free(c, &img[i]);
      if (samples > 1)
         agx_vk_image_free(c, &res[i]);
   }
   return bad;
}

/* ---- a SIMULTANEOUS_USE secondary in two primaries ---------------------------------------- */

/* A render pass of `rts` single-sampled RGBA32F attachments, loaded and stored in GENERAL,
 * ordered after earlier attachment writes and copies and before later ones. */
static VkRenderPass
sim_render_pass(struct agx_vk_ctx *c, int rts)
{
   VkAttachmentDescription att[RTS];
   VkAttachmentReference ref[RTS];
   for (int i = 0; i < rts; i++) {
      att[i] = (VkAttachmentDescription){.format = VK_FORMAT_R32G32B32A32_SFLOAT,
                                         .samples = VK_SAMPLE_COUNT_1_BIT,
                                         .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
                                         .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                         .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
                                         .finalLayout = VK_IMAGE_LAYOUT_GENERAL};
      ref[i] = (VkAttachmentReference){(uint32_t)i, VK_IMAGE_LAYOUT_GENERAL};
   }
   VkSubpassDescription sp = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                              .colorAttachmentCount = (uint32_t)rts,
                              .pColorAttachments = ref};
   /* the outside: attachment writes and copies; the subpass: its attachments */
   const VkPipelineStageFlags out_stages =
      VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
   const VkPipelineStageFlags in_stages = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
   const VkAccessFlags out_access = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT |
                                    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                                    VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
   const VkAccessFlags in_access =
      VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
   VkSubpassDependency dep[2] = {
      {VK_SUBPASS_EXTERNAL, 0, out_stages, in_stages, out_access, in_access, 0},
      {0, VK_SUBPASS_EXTERNAL, in_stages, out_stages, in_access, out_access, 0},
   };
   VkRenderPassCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                .attachmentCount = (uint32_t)rts,
                                .pAttachments = att,
                                .subpassCount = 1,
                                .pSubpasses = &sp,
                                .dependencyCount = 2,
                                .pDependencies = dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &ci, NULL, &rp));
   return rp;
}

/* emrt.frag into the pass's attachments, blending and write masks as d[] says. */
static VkPipeline
sim_pipeline(struct gpu *g, int rts, const struct rt_desc *d, VkRenderPass rp)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_UNDEFINED);
   b.cb.attachmentCount = (uint32_t)rts;
   for (int i = 0; i < rts; i++) {
      b.att[i] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = d[i].mask};
      if (d[i].blend) {
         b.att[i].blendEnable = VK_TRUE;
         b.att[i].srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA;
         b.att[i].dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
         b.att[i].srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
         b.att[i].dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
      }
   }
   b.ci.renderPass = rp;
   return agx_vk_gfx_create(g->c, &b);
}

/* Primary `cb` runs the pass over fb, executing `sec` `times` times. */
static void
sim_execute(VkCommandBuffer cb, VkRenderPass rp, VkFramebuffer fb, VkCommandBuffer sec,
            uint32_t times)
{
   VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                               .renderPass = rp,
                               .framebuffer = fb,
                               .renderArea = {{0, 0}, {W, H}}};
   vkCmdBeginRenderPass(cb, &bi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
   VkCommandBuffer secs[2] = {sec, sec};
   vkCmdExecuteCommands(cb, times, secs);
   vkCmdEndRenderPass(cb);
}

/* "SIMULTANEOUS_USE secondary": the two triangles recorded once in a SIMULTANEOUS_USE
 * secondary continuing a VkRenderPass (inheritance with the framebuffer, whose last
 * attachments spill), executed once by primary A and twice by primary B, both submitted
 * together; every attachment is loaded (A clears them with vkCmdClearColorImage first), so
 * the model draws the triangles three times over the clear values (the blended attachment
 * tells the executions apart). */
static unsigned
run_simultaneous(struct gpu *g, int rts, const struct rt_desc *d, const struct tri *t)
{
   struct agx_vk_ctx *c = g->c;
   const char *name = "8 x RGBA32F, 1 sample, SIMULTANEOUS_USE secondary in two primaries";
   struct agx_vk_image img[RTS];
   VkImageView views[RTS];
   VkRenderPass rp = sim_render_pass(c, rts);
   VkPipeline p = sim_pipeline(g, rts, d, rp);
   upload(g, t);
   VkCommandBuffer a = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   for (int i = 0; i < rts; i++) {
      make_image(c, 1, 1, &img[i]);
      views[i] = img[i].view;
      agx_vk_barrier(a, img[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_GENERAL, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
      VkClearColorValue v;
      memcpy(v.float32, d[i].init, 16);
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
      vkCmdClearColorImage(a, img[i].image, VK_IMAGE_LAYOUT_GENERAL, &v, 1, &range);
   }
   VkFramebuffer fb = agx_vk_framebuffer(c, rp, (uint32_t)rts, views, W, H, 1);
   VkCommandBuffer sec = agx_vk_begin_secondary(
      c,
      VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT |
         VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT,
      &(struct agx_vk_inheritance){.render_pass = rp, .subpass = 0, .framebuffer = fb});
   vkCmdBindPipeline(sec, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(sec, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   float push[4] = {0};
   vkCmdPushConstants(sec, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   agx_vk_viewport_scissor(sec, W, H);
   vkCmdDraw(sec, 6, 1, 0, 0);
   VK_OK(vkEndCommandBuffer(sec));
   sim_execute(a, rp, fb, sec, 1);
   VK_OK(vkEndCommandBuffer(a));
   VkCommandBuffer b = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   sim_execute(b, rp, fb, sec, 2);
   agx_vk_memory_barrier(b, AGX_VK_ALL_WRITE, AGX_VK_ALL_READ);
   for (int i = 0; i < rts; i++)
      agx_vk_copy_to_buffer(b, &img[i], VK_IMAGE_LAYOUT_GENERAL, 0, 0, g->out.buf,
                            (VkDeviceSize)i * W * H * 16);
   agx_vk_host_barrier(b);
   VK_OK(vkEndCommandBuffer(b));
   VkCommandBuffer both[2] = {a, b};
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 2,
                      .pCommandBuffers = both};
   VK_OK(vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE));
   VK_OK(vkQueueWaitIdle(c->queue));

   static struct model m;
   memset(&m, 0, sizeof(m));
   for (int i = 0; i < rts; i++)
      for (int px = 0; px < W * H; px++)
         memcpy(m.v[i][px][0], (double[4]){d[i].init[0], d[i].init[1], d[i].init[2], d[i].init[3]},
                sizeof(m.v[i][px][0]));
   for (int rep = 0; rep < 3; rep++) {
      model_draw(&m, 1, rts, d, &t[0]);
      model_draw(&m, 1, rts, d, &t[1]);
   }
   const float *got = (const float *)g->out.map;
   unsigned bad = 0, checked = 0;
   for (int px = 0; px < W * H; px++) {
      if (m.amb[px])
         continue;
      checked++;
      for (int i = 0; i < rts; i++)
         for (int k = 0; k < 4; k++) {
            double want = m.v[i][px][0][k];
            float v = got[(size_t)i * W * H * 4 + 4 * px + k];
            if (!close_to(v, want) && bad++ < 12)
               fprintf(stderr, "%s: attachment %d pixel (%d, %d) c%d = %.7g, want %.7g\n", name, i,
                       px % W, px / W, k, v, want);
         }
   }
   printf("%s: %u mismatches (%u pixels checked)\n", name, bad, checked);
   VkCommandBuffer cbs[3] = {a, b, sec};
   vkFreeCommandBuffers(c->dev, c->pool, 3, cbs);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyPipeline(c->dev, p, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   for (int i = 0; i < rts; i++)
      agx_vk_image_free(c, &img[i]);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s DRAW_VERT_SPV EMRT_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceFeatures2 have2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                      .pNext = &f11};
   vkGetPhysicalDeviceFeatures2(c.pdev, &have2);
   bool multiview = f11.multiview;
   VkPhysicalDeviceVulkan11Features want11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .multiview = multiview};
   f13.pNext = &want11;
   VkPhysicalDeviceFeatures have = have2.features, want = {0};
   if (!have.independentBlend) {
      printf("skipped: no independentBlend\n");
      return agx_vk_ctx_finish(&c) ? 1 : 0;
   }
   want.independentBlend = VK_TRUE;
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.pdev, &props);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   static const float red[4] = {1.0f, 0.5f, 0.25f, 0.5f}, green[4] = {0.0f, 1.0f, 0.75f, 0.25f};
   /* the second triangle's area holds the first one's slanted edges */
   struct tri t[2] = {make_tri(3.3, 2.1, 60.7, 9.4, 17.2, 29.8, red),
                      make_tri(5.6, 27.3, 30.1, 1.7, 58.9, 24.45, green)};
   struct rt_desc d4[4] = {
      {.mask = 0xF, .resolve_pass = true, .init = {0.1f, 0.2f, 0.3f, 0.4f}},
      {.mask = 0xF, .resolve_pass = true, .dont_care = true, .init = {-1.0f, 2.0f, 0.5f, 8.0f}},
      {.mask = 0xF, .blend = true, .init = {0.25f, 0.75f, 0.125f, 1.0f}},
      {.mask = 0x5, .load = true, .init = {3.0f, -4.0f, 5.5f, 0.0625f}},
   };
   unsigned bad = 0;
   if (props.limits.framebufferColorSampleCounts & VK_SAMPLE_COUNT_4_BIT) {
      bad += run(&g, "4 x RGBA32F, 4 samples", 4, 4, 1, d4, t, IN_PRIMARY);
      bad += run(&g, "4 x RGBA32F, 4 samples, in a secondary", 4, 4, 1, d4, t, IN_SECONDARY);
      bad += run(&g, "4 x RGBA32F, 4 samples, in a secondary + clear", 4, 4, 1, d4, t,
                 IN_SECONDARY_CLEAR);
      bad += run(&g, "4 x RGBA32F, 4 samples, in a secondary executed twice", 4, 4, 1, d4, t,
                 IN_SECONDARY_TWICE);
      if (multiview)
         bad += run(&g, "4 x RGBA32F, 4 samples, 2 views", 4, 4, 2, d4, t, IN_PRIMARY);
   } else
      printf("4 x RGBA32F, 4 samples: skipped (no 4-sample colour attachments)\n");
   struct rt_desc d8[RTS];
   for (int i = 0; i < RTS; i++)
      d8[i] = (struct rt_desc){.mask = 0xF,
                               .init = {0.0625f * i, 1.0f - 0.125f * i, (float)i, -0.5f * i}};
   d8[5].blend = true;
   d8[6].load = true;
   d8[7].mask = 0xA;
   if (props.limits.maxColorAttachments >= RTS) {
      bad += run(&g, "8 x RGBA32F, 1 sample", 1, RTS, 1, d8, t, IN_PRIMARY);
      bad += run(&g, "8 x RGBA32F, 1 sample, in a secondary", 1, RTS, 1, d8, t, IN_SECONDARY);
      bad += run(&g, "8 x RGBA32F, 1 sample, in a secondary + clear", 1, RTS, 1, d8, t,
                 IN_SECONDARY_CLEAR);
      bad += run(&g, "8 x RGBA32F, 1 sample, in a secondary executed twice", 1, RTS, 1, d8, t,
                 IN_SECONDARY_TWICE);
      bad += run_simultaneous(&g, RTS, d8, t);
      if (multiview) {
         bad += run(&g, "8 x RGBA32F, 1 sample, 2 views", 1, RTS, 2, d8, t, IN_PRIMARY);
         bad += run(&g, "8 x RGBA32F, 1 sample, 2 views, in a secondary + clear", 1, RTS, 2, d8, t,
                    IN_SECONDARY_CLEAR);
      }
   } else
      printf("8 x RGBA32F, 1 sample: skipped (%u colour attachments)\n",
             props.limits.maxColorAttachments);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
