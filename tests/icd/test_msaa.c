/*
 * Multisampling through the loader (issue 20 item 2): 4-sample
 * R8G8B8A8_UNORM colour (and D32_SFLOAT depth) rendered and resolved to a
 * single-sampled image, compared with a CPU model written here from the
 * Vulkan specification: the standard 4-sample locations ("Multisampling",
 * (0.375, 0.125), (0.875, 0.375), (0.125, 0.625), (0.625, 0.875)), a sample
 * covered when it is strictly inside the triangle (samples exactly on an
 * edge are avoided: such pixels may take either coverage), the AVERAGE
 * resolve of unorm values (+-1 LSB).
 * Scenes:
 * - "dynamic": one triangle, resolveImageView of vkCmdBeginRendering;
 * - "depth": two overlapping triangles, the nearer drawn second but at a
 *   larger z in part, depth LESS against a 4-sample D32 attachment, per
 *   sample; the depth attachment resolved with SAMPLE_ZERO (Vulkan 1.2's
 *   required depth resolve) into a single-sampled D32 image: each pixel
 *   exactly sample 0's depth of the model;
 * - "render pass": the triangle in a VkRenderPass with a resolve attachment;
 * - secondaries: the depth scene with each triangle drawn by its own secondary
 *   continuing the primary's dynamic rendering (inheritance rendering info:
 *   formats, 4 samples), the same with the whole rendering recorded in one
 *   secondary, and the render-pass scene drawn by a secondary inheriting the
 *   subpass (VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
 * - suspend/resume: the depth scene's first triangle drawn in a rendering
 *   suspended (VK_RENDERING_SUSPENDING_BIT) at the end of one primary, the
 *   second in its resumption (RESUMING, load ops CLEAR not applied) in another
 *   primary of the same submission, resolved at the end: the resumed part
 *   loads every sample of the colour (multisampled background load) and depth;
 * - "resolve image": the multisampled image stored, then vkCmdResolveImage;
 * - the depth, suspend/resume and resolve-image scenes again in
 *   R32G32B32A32_SFLOAT (64-byte multisampled image elements), compared
 *   within one 1/255 unit;
 * - "clear image": vkCmdClearColorImage of a 4-sample image (every sample),
 *   then vkCmdResolveImage: every pixel the clear colour.
 * Each checks that edge pixels of 1, 2 and 3 covered samples exist.
 * The first scenes run again at 2 samples (Vulkan's standard 2-sample
 * locations (0.75, 0.75), (0.25, 0.25); edge pixels of 1 covered sample).
 * - coverage: a full-framebuffer triangle with pSampleMask (samples
 *   outside it neither written nor counted by a precise occlusion query),
 *   alphaToCoverage (samples written = round(alpha x 4) on agx-vk; the
 *   reference is only held to Vulkan's alpha 0 -> none, 1 -> all and
 *   monotonicity) and alphaToOne (when the device has the feature).
 *
 * test_msaa DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
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

/* Vulkan's standard 2-sample locations (the 4-sample ones: ms_tri.h) */
static const double sample_pos2[2][2] = {{0.75, 0.75}, {0.25, 0.25}};

/* The sample count of the scenes being run (4, or 2 for the 2x pass of
 * main) and its standard locations. */
static int ns = 4;
static const double (*sample_pos)[2] = ms_sample_pos4;

struct vtx {
   float pos[4];
   float col[4];
};

struct tri {
   double x[3], y[3]; /* framebuffer pixels, multiples of 1/256 */
   float z;
   uint8_t col[4];
};

static const uint8_t clear_col[4] = {16, 64, 200, 255};

/* The model: per sample colour (and whether ambiguous), per pixel range. */
struct model {
   uint8_t col[W * H][S][4];
   float z[W * H][S];
   bool amb[W * H];
   int cov[W * H]; /* samples covered by any triangle */
};

static void
model_init(struct model *m)
{
   for (int p = 0; p < W * H; p++) {
      for (int s = 0; s < ns; s++) {
         memcpy(m->col[p][s], clear_col, 4);
         m->z[p][s] = 1.0f;
      }
      m->amb[p] = false;
      m->cov[p] = 0;
   }
}

static void
model_draw(struct model *m, const struct tri *t, bool depth)
{
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int p = y * W + x;
         for (int s = 0; s < ns; s++) {
            int in = ms_tri_inside(t->x, t->y, x + sample_pos[s][0], y + sample_pos[s][1]);
            if (in == 0)
               m->amb[p] = true;
            if (in <= 0 || (depth && !(t->z < m->z[p][s])))
               continue;
            memcpy(m->col[p][s], t->col, 4);
            m->z[p][s] = t->z;
         }
      }
   for (int p = 0; p < W * H; p++) {
      m->cov[p] = 0;
      for (int s = 0; s < ns; s++)
         m->cov[p] += memcmp(m->col[p][s], clear_col, 4) != 0;
   }
}

/* Colour format of run_dynamic's images and pipelines: R8G8B8A8_UNORM, or
 * R32G32B32A32_SFLOAT (4 samples x 16 bytes: 64-byte image elements). */
static VkFormat scene_format = VK_FORMAT_R8G8B8A8_UNORM;

/* Component c of pixel p of the resolved image, in 1/255 units. */
static double
got_value(const void *got, int p, int c)
{
   if (scene_format == VK_FORMAT_R32G32B32A32_SFLOAT)
      return ((const float *)got)[4 * p + c] * 255.0;
   return ((const uint8_t *)got)[4 * p + c];
}

/* Compares the resolved image with the model; checks edge pixels exist. */
static unsigned
compare(const char *name, const struct model *m, const void *got)
{
   unsigned bad = 0, amb = 0, partial[S + 1] = {0};
   for (int p = 0; p < W * H; p++) {
      if (m->amb[p]) {
         amb++;
         continue;
      }
      partial[m->cov[p]]++;
      for (int c = 0; c < 4; c++) {
         int sum = 0;
         for (int s = 0; s < ns; s++)
            sum += m->col[p][s][c];
         double want = sum / (double)ns;
         double v = got_value(got, p, c);
         if (fabs(v - want) > 1.0) {
            if (bad++ < 8)
               fprintf(stderr, "%s: pixel (%d, %d) c%d = %.2f, want %.2f (%d samples covered)\n",
                       name, p % W, p / W, c, v, want, m->cov[p]);
         }
      }
   }
   if (!partial[1] || (ns == 4 && (!partial[2] || !partial[3]))) {
      fprintf(stderr, "%s: the scene lacks edge pixels (%u/%u/%u)\n", name, partial[1], partial[2],
              partial[3]);
      bad++;
   }
   printf("%s: %u mismatches (edge pixels 1/2/3 samples: %u/%u/%u, %u ambiguous, %u full)\n", name,
          bad, partial[1], ns > 2 ? partial[2] : 0, ns > 3 ? partial[3] : 0, amb, partial[ns]);
   return bad;
}

/* ---- Vulkan ------------------------------------------------------------- */

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   struct agx_vk_set ds;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, out;
};

static void
make_image(struct agx_vk_ctx *c, VkFormat format, VkSampleCountFlagBits samples,
           VkImageUsageFlags usage, struct agx_vk_image *img)
{
   bool depth = format == VK_FORMAT_D32_SFLOAT;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = format,
                                                   .width = W,
                                                   .height = H,
                                                   .samples = samples,
                                                   .usage = usage,
                                                   .aspect = depth ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                                   : VK_IMAGE_ASPECT_COLOR_BIT},
                       img);
}

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
   g->vb = agx_vk_buffer(c, 16 * sizeof(struct vtx));
   g->out = agx_vk_buffer_usage(c, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_set_buffer(c, &g->ds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_set_free(g->c, &g->ds);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
}

/* Multisample state of the next pipeline() (the coverage scenes): pSampleMask
 * (all ones = none), alphaToCoverageEnable, alphaToOneEnable. */
static VkSampleMask ms_mask = ~0u;
static VkBool32 ms_a2c, ms_a2o;

/* An ns-sample pipeline: dynamic rendering (rp == NULL) with or without
 * depth, or subpass 0 of rp. */
static VkPipeline
pipeline(struct gpu *g, bool depth, VkRenderPass rp)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, scene_format);
   b.ms.rasterizationSamples = (VkSampleCountFlagBits)ns;
   b.ms.pSampleMask = ms_mask == ~0u ? NULL : &ms_mask;
   b.ms.alphaToCoverageEnable = ms_a2c;
   b.ms.alphaToOneEnable = ms_a2o;
   b.ds.depthTestEnable = depth;
   b.ds.depthWriteEnable = depth;
   b.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   b.ri.depthAttachmentFormat = depth ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_UNDEFINED;
   b.ci.renderPass = rp;
   return agx_vk_gfx_create(g->c, &b);
}

static void
barrier(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspects)
{
   agx_vk_barrier(cb, image, aspects, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
                  AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
}

/* Everything before the copy, then the copy of the resolved image. */
static void
copy_out(struct gpu *g, VkCommandBuffer cb, const struct agx_vk_image *img)
{
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_READ);
   agx_vk_copy_to_buffer(cb, img, VK_IMAGE_LAYOUT_GENERAL, 0, 0, g->out.buf, 0);
}

static void
upload_tris(struct gpu *g, const struct tri *t, int n)
{
   struct vtx *v = (struct vtx *)g->vb.map;
   for (int i = 0; i < n; i++)
      for (int k = 0; k < 3; k++) {
         struct vtx *o = &v[3 * i + k];
         o->pos[0] = (float)(t[i].x[k] * 2.0 / W - 1.0);
         o->pos[1] = (float)(t[i].y[k] * 2.0 / H - 1.0);
         o->pos[2] = t[i].z;
         o->pos[3] = 1.0f;
         for (int c = 0; c < 4; c++)
            o->col[c] = t[i].col[c] / 255.0f;
      }
}

static void
draw(struct gpu *g, VkCommandBuffer cb, VkPipeline p, int n)
{
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdDraw(cb, 3 * n, 1, 0, 0);
}

/* Triangles [first, first + count) of the vertex buffer. */
static void
draw_range(struct gpu *g, VkCommandBuffer cb, VkPipeline p, int first, int count)
{
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdDraw(cb, 3 * count, 1, 3 * first, 0);
}

/* A secondary begun with `flags` and inheritance `inh` (its pNext chain included). */
static VkCommandBuffer
begin_secondary(struct agx_vk_ctx *c, VkCommandBufferUsageFlags flags,
                const VkCommandBufferInheritanceInfo *inh)
{
   VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                     .commandPool = c->pool,
                                     .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                     .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(c->dev, &ai, &cb));
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = flags,
                                  .pInheritanceInfo = inh};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   return cb;
}

static VkClearValue
clear_value(void)
{
   VkClearValue v;
   for (int c = 0; c < 4; c++)
      v.color.float32[c] = clear_col[c] / 255.0f;
   return v;
}

/* How a scene's draws are recorded (SUSPEND_RESUME: the first triangle in a
 * rendering suspended at the end of one primary, the rest in its resumption
 * in a second primary of the same vkQueueSubmit). */
enum rec { INLINE, SECONDARY_PER_TRI, SECONDARY_WHOLE, SUSPEND_RESUME };

/* Ends a and b and submits them in one VkSubmitInfo, in that order. */
static VkResult
submit_two_wait(struct agx_vk_ctx *c, VkCommandBuffer a, VkCommandBuffer b)
{
   VK_OK(vkEndCommandBuffer(a));
   VK_OK(vkEndCommandBuffer(b));
   VkCommandBuffer cbs[2] = {a, b};
   VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                      .commandBufferCount = 2,
                      .pCommandBuffers = cbs};
   VkResult r = vkQueueSubmit(c->queue, 1, &si, VK_NULL_HANDLE);
   if (r == VK_SUCCESS)
      r = vkQueueWaitIdle(c->queue);
   vkFreeCommandBuffers(c->dev, c->pool, 2, cbs);
   return r;
}

/* Dynamic rendering into a 4-sample image, resolved by the pass
 * (resolve_in_pass) or stored and resolved with vkCmdResolveImage. */
static unsigned
run_dynamic(struct gpu *g, const char *name, const struct tri *t, int n, bool depth,
            bool resolve_in_pass, enum rec rec)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image ms, zs, res, zres;
   make_image(c, scene_format, (VkSampleCountFlagBits)ns,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &ms);
   /* with depth and a resolve in the pass: the depth resolved too (SAMPLE_ZERO) */
   bool zresolve = depth && resolve_in_pass;
   if (depth)
      make_image(c, VK_FORMAT_D32_SFLOAT, (VkSampleCountFlagBits)ns,
                 VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, &zs);
   if (zresolve)
      make_image(c, VK_FORMAT_D32_SFLOAT, VK_SAMPLE_COUNT_1_BIT,
                 VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                 &zres);
   make_image(c, scene_format, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              &res);
   VkPipeline p = pipeline(g, depth, VK_NULL_HANDLE);
   upload_tris(g, t, n);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT);
   barrier(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT);
   if (depth)
      barrier(cb, zs.image, VK_IMAGE_ASPECT_DEPTH_BIT);
   if (zresolve)
      barrier(cb, zres.image, VK_IMAGE_ASPECT_DEPTH_BIT);
   VkRenderingAttachmentInfo ca = {
      .sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
      .imageView = ms.view,
      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .resolveMode = resolve_in_pass ? VK_RESOLVE_MODE_AVERAGE_BIT : VK_RESOLVE_MODE_NONE,
      .resolveImageView = resolve_in_pass ? res.view : VK_NULL_HANDLE,
      .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = resolve_in_pass ? VK_ATTACHMENT_STORE_OP_DONT_CARE : VK_ATTACHMENT_STORE_OP_STORE,
      .clearValue = clear_value()};
   VkRenderingAttachmentInfo za = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = depth ? zs.view : VK_NULL_HANDLE,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                   .resolveMode = zresolve ? VK_RESOLVE_MODE_SAMPLE_ZERO_BIT
                                                           : VK_RESOLVE_MODE_NONE,
                                   .resolveImageView = zresolve ? zres.view : VK_NULL_HANDLE,
                                   .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .clearValue = {.depthStencil = {1.0f, 0}}};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca,
                         .pDepthAttachment = depth ? &za : NULL};
   VkCommandBuffer sec[4], first = VK_NULL_HANDLE;
   if (rec == SUSPEND_RESUME) {
      /* the resumed part's load ops (CLEAR) are not applied: the first
       * triangle's samples, stored by the suspended part, are loaded back */
      ri.flags = VK_RENDERING_SUSPENDING_BIT;
      vkCmdBeginRendering(cb, &ri);
      draw_range(g, cb, p, 0, 1);
      vkCmdEndRendering(cb);
      first = cb;
      cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      ri.flags = VK_RENDERING_RESUMING_BIT;
      vkCmdBeginRendering(cb, &ri);
      draw_range(g, cb, p, 1, n - 1);
      vkCmdEndRendering(cb);
   } else if (rec == INLINE) {
      vkCmdBeginRendering(cb, &ri);
      draw(g, cb, p, n);
      vkCmdEndRendering(cb);
   } else if (rec == SECONDARY_PER_TRI) {
      /* each triangle from its own secondary continuing the primary's rendering */
      VkFormat color = scene_format;
      VkCommandBufferInheritanceRenderingInfo inr = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
         .colorAttachmentCount = 1,
         .pColorAttachmentFormats = &color,
         .depthAttachmentFormat = depth ? VK_FORMAT_D32_SFLOAT : VK_FORMAT_UNDEFINED,
         .rasterizationSamples = (VkSampleCountFlagBits)ns};
      VkCommandBufferInheritanceInfo inh = {.sType =
                                               VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                            .pNext = &inr};
      for (int i = 0; i < n; i++) {
         sec[i] = begin_secondary(c, VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT, &inh);
         draw_range(g, sec[i], p, i, 1);
         VK_OK(vkEndCommandBuffer(sec[i]));
      }
      ri.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT;
      vkCmdBeginRendering(cb, &ri);
      vkCmdExecuteCommands(cb, (uint32_t)n, sec);
      vkCmdEndRendering(cb);
   } else {
      /* the whole rendering recorded in one secondary */
      VkCommandBufferInheritanceInfo inh = {.sType =
                                               VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO};
      sec[0] = begin_secondary(c, 0, &inh);
      vkCmdBeginRendering(sec[0], &ri);
      draw(g, sec[0], p, n);
      vkCmdEndRendering(sec[0]);
      VK_OK(vkEndCommandBuffer(sec[0]));
      vkCmdExecuteCommands(cb, 1, sec);
   }
   if (!resolve_in_pass) {
      agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_READ);
      VkImageResolve r = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .extent = {W, H, 1}};
      vkCmdResolveImage(cb, ms.image, VK_IMAGE_LAYOUT_GENERAL, res.image, VK_IMAGE_LAYOUT_GENERAL,
                        1, &r);
   }
   copy_out(g, cb, &res);
   struct agx_vk_buffer zout = {0};
   if (zresolve) {
      zout = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
      VkBufferImageCopy r = {.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
                             .imageExtent = {W, H, 1}};
      vkCmdCopyImageToBuffer(cb, zres.image, VK_IMAGE_LAYOUT_GENERAL, zout.buf, 1, &r);
   }
   VK_OK(first ? submit_two_wait(c, first, cb) : agx_vk_submit_wait(c, cb));
   static struct model m;
   model_init(&m);
   for (int i = 0; i < n; i++)
      model_draw(&m, &t[i], depth);
   unsigned bad = compare(name, &m, g->out.map);
   if (rec == SECONDARY_PER_TRI || rec == SECONDARY_WHOLE)
      vkFreeCommandBuffers(c->dev, c->pool, rec == SECONDARY_WHOLE ? 1 : (uint32_t)n, sec);
   if (zresolve) {
      /* SAMPLE_ZERO: exactly sample 0's depth (the triangles' z or the clear) */
      unsigned zbad = 0, nonclear = 0;
      const float *z = (const float *)zout.map;
      for (int p = 0; p < W * H; p++) {
         if (m.amb[p])
            continue;
         nonclear += m.z[p][0] != 1.0f;
         if (z[p] != m.z[p][0] && zbad++ < 4)
            fprintf(stderr, "%s: resolved depth of pixel (%d,%d) %g, sample 0 has %g\n", name,
                    p % W, p / W, z[p], m.z[p][0]);
      }
      if (!nonclear)
         zbad++;
      printf("%s: depth resolve (SAMPLE_ZERO): %u pixels of a triangle's depth, %u wrong\n", name,
             nonclear, zbad);
      bad += zbad;
      agx_vk_buffer_free(c, &zout);
      agx_vk_image_free(c, &zres);
   }
   vkDestroyPipeline(c->dev, p, NULL);
   agx_vk_image_free(c, &ms);
   agx_vk_image_free(c, &res);
   if (depth)
      agx_vk_image_free(c, &zs);
   return bad;
}

/* The same triangle in a render pass: attachment 0 the 4-sample colour
 * (CLEAR, DONT_CARE), attachment 1 its resolve attachment. */
static unsigned
run_render_pass(struct gpu *g, const struct tri *t, bool secondary)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image ms, res;
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, (VkSampleCountFlagBits)ns,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &ms);
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &res);
   VkAttachmentDescription atts[2] = {
      {.format = VK_FORMAT_R8G8B8A8_UNORM,
       .samples = (VkSampleCountFlagBits)ns,
       .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
       .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
       .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
       .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
       .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
       .finalLayout = VK_IMAGE_LAYOUT_GENERAL},
      {.format = VK_FORMAT_R8G8B8A8_UNORM,
       .samples = VK_SAMPLE_COUNT_1_BIT,
       .loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
       .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
       .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
       .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
       .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
       .finalLayout = VK_IMAGE_LAYOUT_GENERAL},
   };
   VkAttachmentReference cref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   VkAttachmentReference rref = {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
   VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                               .colorAttachmentCount = 1,
                               .pColorAttachments = &cref,
                               .pResolveAttachments = &rref};
   VkSubpassDependency dep = {.srcSubpass = 0,
                              .dstSubpass = VK_SUBPASS_EXTERNAL,
                              .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
                              .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 2,
                                  .pAttachments = atts,
                                  .subpassCount = 1,
                                  .pSubpasses = &sub,
                                  .dependencyCount = 1,
                                  .pDependencies = &dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkImageView views[2] = {ms.view, res.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 2,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   VkPipeline p = pipeline(g, false, rp);
   upload_tris(g, t, 1);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearValue cv[2] = {clear_value(), clear_value()};
   VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                               .renderPass = rp,
                               .framebuffer = fb,
                               .renderArea = {{0, 0}, {W, H}},
                               .clearValueCount = 2,
                               .pClearValues = cv};
   VkCommandBuffer sec = VK_NULL_HANDLE;
   if (secondary) {
      VkCommandBufferInheritanceInfo inh = {.sType =
                                               VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                            .renderPass = rp,
                                            .subpass = 0,
                                            .framebuffer = fb};
      sec = begin_secondary(c, VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT, &inh);
      draw(g, sec, p, 1);
      VK_OK(vkEndCommandBuffer(sec));
      vkCmdBeginRenderPass(cb, &bi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
      vkCmdExecuteCommands(cb, 1, &sec);
   } else {
      vkCmdBeginRenderPass(cb, &bi, VK_SUBPASS_CONTENTS_INLINE);
      draw(g, cb, p, 1);
   }
   vkCmdEndRenderPass(cb);
   copy_out(g, cb, &res);
   VK_OK(agx_vk_submit_wait(c, cb));
   static struct model m;
   model_init(&m);
   model_draw(&m, t, false);
   unsigned bad = compare(secondary ? "render pass, secondary inheriting the subpass"
                                    : "render pass resolve attachment",
                          &m, g->out.map);
   if (sec)
      vkFreeCommandBuffers(c->dev, c->pool, 1, &sec);
   vkDestroyPipeline(c->dev, p, NULL);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   agx_vk_image_free(c, &ms);
   agx_vk_image_free(c, &res);
   return bad;
}

/* vkCmdClearColorImage of a 4-sample image, resolved: every pixel exact. */
static unsigned
run_clear_image(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image ms, res;
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, (VkSampleCountFlagBits)ns,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              &ms);
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                 VK_IMAGE_USAGE_TRANSFER_DST_BIT,
              &res);
   static const uint8_t want[4] = {10, 100, 170, 240};
   VkClearColorValue v;
   for (int k = 0; k < 4; k++)
      v.float32[k] = want[k] / 255.0f;
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT);
   barrier(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT);
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(cb, ms.image, VK_IMAGE_LAYOUT_GENERAL, &v, 1, &range);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_READ);
   VkImageResolve r = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                       .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                       .extent = {W, H, 1}};
   vkCmdResolveImage(cb, ms.image, VK_IMAGE_LAYOUT_GENERAL, res.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                     &r);
   copy_out(g, cb, &res);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0;
   for (int p = 0; p < W * H; p++)
      for (int k = 0; k < 4; k++)
         if (g->out.map[4 * p + k] != want[k] && bad++ < 8)
            fprintf(stderr, "clear image: pixel %d c%d = %u, want %u\n", p, k,
                    g->out.map[4 * p + k], want[k]);
   printf("clear image: %u mismatches\n", bad);
   agx_vk_image_free(c, &ms);
   agx_vk_image_free(c, &res);
   return bad;
}

/* Vertex coordinates on the 1/256 grid (both rasterisers' subpixel grid). */
static struct tri
make_tri(double x0, double y0, double x1, double y1, double x2, double y2, float z,
         const uint8_t col[4])
{
   struct tri t = {.x = {x0, x1, x2}, .y = {y0, y1, y2}, .z = z};
   ms_tri_snap(t.x, t.y);
   memcpy(t.col, col, 4);
   return t;
}

/* Coverage scenes: one triangle covering the whole framebuffer (every
 * sample of every pixel, no edge inside) of colour `col`, drawn with the
 * multisample state ms_* into a cleared 4-sample image, AVERAGE-resolved,
 * inside a precise occlusion query. The resolved red is 16 + k x 239 / 4
 * for k samples written (clear red 16, triangle red 255): *k is that k
 * (-1 if some pixel is off the k grid by more than 2 LSB or pixels
 * differ); *alpha the resolved alpha of pixel 0; *query the query result. */
static void
run_coverage(struct gpu *g, const uint8_t col[4], int *k, int *alpha, uint64_t *query)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image ms, res;
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, (VkSampleCountFlagBits)ns,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &ms);
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_1_BIT,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &res);
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_OCCLUSION,
                                .queryCount = 1};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(c->dev, &qci, NULL, &qp));
   VkPipeline p = pipeline(g, false, VK_NULL_HANDLE);
   struct tri t = make_tri(-1, -1, 2 * W + 2, -1, -1, 2 * H + 2, 0.5f, col);
   upload_tris(g, &t, 1);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   barrier(cb, ms.image, VK_IMAGE_ASPECT_COLOR_BIT);
   barrier(cb, res.image, VK_IMAGE_ASPECT_COLOR_BIT);
   vkCmdResetQueryPool(cb, qp, 0, 1);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = ms.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT,
                                   .resolveImageView = res.view,
                                   .resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                   .clearValue = clear_value()};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBeginQuery(cb, qp, 0, VK_QUERY_CONTROL_PRECISE_BIT);
   draw(g, cb, p, 1);
   vkCmdEndQuery(cb, qp, 0);
   vkCmdEndRendering(cb);
   copy_out(g, cb, &res);
   VK_OK(agx_vk_submit_wait(c, cb));
   *query = 0;
   VK_OK(vkGetQueryPoolResults(c->dev, qp, 0, 1, 8, query, 8,
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   const uint8_t *px = g->out.map;
   int k0 = (int)lround((px[0] - clear_col[0]) * 4.0 / (col[0] - clear_col[0]));
   *k = k0;
   *alpha = px[3];
   for (int i = 0; i < W * H; i++) {
      double want = clear_col[0] + k0 * (col[0] - clear_col[0]) / 4.0;
      if (fabs(px[4 * i] - want) > 2.0 || px[4 * i + 3] != px[3])
         *k = -1;
   }
   vkDestroyQueryPool(c->dev, qp, NULL);
   vkDestroyPipeline(c->dev, p, NULL);
   agx_vk_image_free(c, &ms);
   agx_vk_image_free(c, &res);
}

static unsigned
bits(unsigned m)
{
   unsigned n = 0;
   for (; m; m &= m - 1)
      n++;
   return n;
}

/* pSampleMask: samples outside the mask are neither written nor counted
 * (k = popcount(mask & 0xF), query = W x H x k); alpha to coverage (the
 * alpha of the colour, k(alpha) samples: agx-vk's mapping round(alpha x 4),
 * agx_pass_lower_coverage.c; the reference only Vulkan's fixed points:
 * alpha 0 -> 0, alpha 1 -> 4, monotonic); alpha to one (resolved alpha 255). */
static unsigned
run_coverage_scenes(struct gpu *g, bool alpha_to_one)
{
   static const uint8_t red[4] = {255, 0, 0, 255};
   unsigned bad = 0;
   const VkSampleMask masks[] = {0x5, 0x7, 0x8, 0x0, 0xF1};
   for (unsigned i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
      int k, a;
      uint64_t q;
      ms_mask = masks[i];
      run_coverage(g, red, &k, &a, &q);
      int want = (int)bits(masks[i] & 0xF);
      bool ok = k == want && q == (uint64_t)W * H * (uint64_t)want;
      printf("sample mask 0x%x: %d samples written (want %d), query %llu (want %d)%s\n", masks[i],
             k, want, (unsigned long long)q, W * H * want, ok ? "" : "  WRONG");
      bad += !ok;
   }
   ms_mask = ~0u;
   ms_a2c = VK_TRUE;
   static const uint8_t alphas[] = {0, 32, 63, 64, 100, 128, 191, 192, 250, 255};
   int prev = 0;
   for (unsigned i = 0; i < sizeof(alphas); i++) {
      uint8_t col[4] = {255, 0, 0, alphas[i]};
      int k, a;
      uint64_t q;
      run_coverage(g, col, &k, &a, &q);
      int want = (int)lrintf(alphas[i] / 255.0f * 4.0f);
      bool ok = k >= prev && q == (uint64_t)W * H * (uint64_t)(k < 0 ? 0 : k);
      if (alphas[i] == 0 || alphas[i] == 255 || !g->c->reference)
         ok = ok && k == want;
      printf("alpha to coverage, alpha %u/255: %d samples (agx-vk: %d), query %llu%s\n", alphas[i],
             k, want, (unsigned long long)q, ok ? "" : "  WRONG");
      bad += !ok;
      prev = k;
   }
   ms_a2c = VK_FALSE;
   if (alpha_to_one) {
      static const uint8_t half[4] = {255, 0, 0, 128};
      int k, a;
      uint64_t q;
      ms_a2o = VK_TRUE;
      run_coverage(g, half, &k, &a, &q);
      ms_a2o = VK_FALSE;
      bool ok = k == 4 && a == 255;
      printf("alpha to one: %d samples, resolved alpha %d (want 4, 255)%s\n", k, a,
             ok ? "" : "  WRONG");
      bad += !ok;
   }
   return bad;
}

/* Whether the device offers n-sample R8G8B8A8_UNORM colour and D32_SFLOAT
 * depth attachments and images. */
static bool
have_samples(struct agx_vk_ctx *c, VkSampleCountFlagBits n)
{
   VkPhysicalDeviceProperties pp;
   vkGetPhysicalDeviceProperties(c->pdev, &pp);
   if (!(pp.limits.framebufferColorSampleCounts & n) ||
       !(pp.limits.framebufferDepthSampleCounts & n))
      return false;
   const VkFormat f[2] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_D32_SFLOAT};
   const VkImageUsageFlags u[2] = {VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                                   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT};
   for (int i = 0; i < 2; i++) {
      VkImageFormatProperties ip;
      VkResult r = vkGetPhysicalDeviceImageFormatProperties(c->pdev, f[i], VK_IMAGE_TYPE_2D,
                                                            VK_IMAGE_TILING_OPTIMAL, u[i], 0, &ip);
      if (r != VK_SUCCESS || !(ip.sampleCounts & n))
         return false;
   }
   return true;
}

/* Sample counts: 4 everywhere (Vulkan requires it); 2 on agx-vk (the
 * reference, lavapipe, offers only 1 and 4: its 2x scenes are skipped).
 * agx-vk advertises exactly the counts these scenes prove: 1, 2 and 4. */
static unsigned
check_support(struct agx_vk_ctx *c, bool *two)
{
   VkPhysicalDeviceProperties pp;
   vkGetPhysicalDeviceProperties(c->pdev, &pp);
   unsigned bad = 0;
   const VkSampleCountFlags all =
      VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_2_BIT | VK_SAMPLE_COUNT_4_BIT;
   *two = have_samples(c, VK_SAMPLE_COUNT_2_BIT);
   if (!have_samples(c, VK_SAMPLE_COUNT_4_BIT)) {
      fprintf(stderr, "no 4-sample attachments or images\n");
      bad++;
   }
   if (!c->reference && (!*two || pp.limits.framebufferColorSampleCounts != all ||
                         pp.limits.framebufferDepthSampleCounts != all)) {
      fprintf(stderr, "framebuffer sample counts 0x%x/0x%x (2x images %s), want 0x7\n",
              pp.limits.framebufferColorSampleCounts, pp.limits.framebufferDepthSampleCounts,
              *two ? "offered" : "refused");
      bad++;
   }
   printf("sample counts: %s%s\n", bad ? "missing" : "ok",
          *two ? "" : " (no 2x: 2x scenes skipped)");
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
   VkPhysicalDeviceFeatures have, want = {.occlusionQueryPrecise = VK_TRUE};
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   want.alphaToOne = have.alphaToOne;
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);
   bool two_samples;
   unsigned bad = check_support(&c, &two_samples);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   static const uint8_t orange[4] = {255, 128, 0, 255}, green[4] = {32, 224, 96, 128};
   struct tri one = make_tri(3.3, 2.1, 60.7, 9.4, 17.2, 29.8, 0.5f, orange);
   bad += run_dynamic(&g, "dynamic rendering resolve", &one, 1, false, true, INLINE);
   /* the far triangle drawn second: hidden where the near one covers */
   struct tri two[2] = {make_tri(5.6, 27.3, 30.1, 1.7, 58.9, 24.45, 0.25f, green), one};
   two[1].z = 0.75f;
   bad += run_dynamic(&g, "depth-tested scene", two, 2, true, true, INLINE);
   bad += run_dynamic(&g, "depth-tested scene, a secondary per triangle", two, 2, true, true,
                      SECONDARY_PER_TRI);
   bad += run_dynamic(&g, "depth-tested scene, rendering in a secondary", two, 2, true, true,
                      SECONDARY_WHOLE);
   bad += run_dynamic(&g, "depth-tested scene, suspended and resumed in another command buffer",
                      two, 2, true, true, SUSPEND_RESUME);
   bad += run_dynamic(&g, "vkCmdResolveImage", &one, 1, false, false, INLINE);
   /* 64-byte image elements (4 x 16 bytes; Mesa ail's 16x16 tiles) */
   scene_format = VK_FORMAT_R32G32B32A32_SFLOAT;
   bad += run_dynamic(&g, "R32G32B32A32_SFLOAT depth-tested scene", two, 2, true, true, INLINE);
   bad += run_dynamic(&g, "R32G32B32A32_SFLOAT suspended and resumed", two, 2, true, true,
                      SUSPEND_RESUME);
   bad += run_dynamic(&g, "R32G32B32A32_SFLOAT vkCmdResolveImage", &one, 1, false, false, INLINE);
   scene_format = VK_FORMAT_R8G8B8A8_UNORM;
   bad += run_render_pass(&g, &one, false);
   bad += run_render_pass(&g, &one, true);
   bad += run_clear_image(&g);
   bad += run_coverage_scenes(&g, have.alphaToOne);
   /* 2 samples at the standard 2-sample locations: resolve attachments,
    * depth, render pass, vkCmdResolveImage and a cleared image */
   ns = 2;
   sample_pos = sample_pos2;
   if (!two_samples)
      goto done;
   bad += run_dynamic(&g, "2x dynamic rendering resolve", &one, 1, false, true, INLINE);
   bad += run_dynamic(&g, "2x depth-tested scene", two, 2, true, true, INLINE);
   bad += run_dynamic(&g, "2x depth-tested scene, suspended and resumed in another command buffer",
                      two, 2, true, true, SUSPEND_RESUME);
   bad += run_dynamic(&g, "2x vkCmdResolveImage", &one, 1, false, false, INLINE);
   scene_format = VK_FORMAT_R32G32B32A32_SFLOAT;
   bad += run_dynamic(&g, "2x R32G32B32A32_SFLOAT depth-tested scene", two, 2, true, true, INLINE);
   scene_format = VK_FORMAT_R8G8B8A8_UNORM;
   bad += run_render_pass(&g, &one, false);
   bad += run_clear_image(&g);
done:
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
