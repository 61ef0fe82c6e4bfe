/*
 * The scene shared by the secondary-command-buffer tests (test_secondary_clear.c,
 * test_secondary_layered.c): a list of ops (draws of rectangles, vkCmdClearAttachments of
 * rectangles on a range of layers, barriers inside the pass) recorded into secondaries that
 * continue a VkRenderPass subpass or dynamic rendering of one R8G8B8A8 attachment cleared to
 * `clear_col`, read back layer after layer and compared with a CPU model that paints the same
 * rectangles in recording order (edges on pixel boundaries, so coverage is exact; draws reach
 * layer 0 only, no layered rendering).
 *
 * It is a test template, not a module: the including file defines W, H (the attachment) and
 * LAYERS (the most layers it renders) before including it; its op table and the choreography
 * (which ops go into which secondary, what is executed) stay in the test. Draws use
 * draw.vert/draw.frag (clip position and colour per vertex from a storage buffer, six
 * vertices per op). Assumes synchronization2 and dynamicRendering on the device. Its functions
 * are static inline: a test uses the parts it needs.
 */
#ifndef SECONDARY_SCENE_H
#define SECONDARY_SCENE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_pass.h"

#define SCENE_FORMAT VK_FORMAT_R8G8B8A8_UNORM

struct rect {
   int x0, y0, x1, y1;
   uint8_t col[4];
};

enum op_kind { DRAW, CLEAR, BARRIER };

struct op {
   enum op_kind kind;
   struct rect r;
   int layer;            /* CLEAR: the first layer cleared (-1: every layer) */
   unsigned layer_count; /* CLEAR from `layer`: how many (0: one) */
};

/* The layers clear op o clears on an attachment of `layers` layers: every layer, or from
 * o->layer (a layer past the last one: the last) on. */
static inline void
op_clear_range(const struct op *o, unsigned layers, unsigned *first, unsigned *count)
{
   if (o->layer < 0) {
      *first = 0, *count = layers;
      return;
   }
   *first = (unsigned)o->layer < layers ? (unsigned)o->layer : layers - 1;
   *count = o->layer_count ? o->layer_count : 1;
}

/* Everything the scene records with. */
struct gpu {
   struct agx_vk_ctx *c;
   const struct op *ops;
   unsigned nops;
   const uint8_t *clear_col;
   VkShaderModule vs, fs;
   struct agx_vk_set set;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, out;
};

/* The CPU model: what `layers` layers hold after every op. */
static inline void
scene_model(const struct gpu *g, uint8_t out[LAYERS][H][W][4], unsigned layers)
{
   for (unsigned l = 0; l < layers; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            memcpy(out[l][y][x], g->clear_col, 4);
   for (unsigned i = 0; i < g->nops; i++) {
      const struct op *o = &g->ops[i];
      unsigned first = 0, count = 1; /* draws: layer 0 */
      if (o->kind == BARRIER)
         continue;
      if (o->kind == CLEAR)
         op_clear_range(o, layers, &first, &count);
      for (unsigned l = first; l < first + count && l < layers; l++)
         for (int y = o->r.y0; y < o->r.y1; y++)
            for (int x = o->r.x0; x < o->r.x1; x++)
               memcpy(out[l][y][x], o->r.col, 4);
   }
}

/* Shaders (spv: vertex, fragment), the set and layout, the vertex data of every op. */
static inline void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv, const struct op *ops, unsigned nops,
         const uint8_t *clear_col)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->ops = ops;
   g->nops = nops;
   g->clear_col = clear_col;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   const struct agx_vk_binding b = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT};
   agx_vk_set_create(c, 1, &b, &g->set);
   g->layout = agx_vk_pipeline_layout(c, 1, &g->set.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   /* six vertices (two triangles) per op, clip position then colour */
   g->vb = agx_vk_buffer(c, nops * 6 * 32);
   float *v = (float *)g->vb.map;
   for (unsigned i = 0; i < nops; i++) {
      const struct rect *r = &ops[i].r;
      float x0 = r->x0 * 2.0f / W - 1, x1 = r->x1 * 2.0f / W - 1;
      float y0 = r->y0 * 2.0f / H - 1, y1 = r->y1 * 2.0f / H - 1;
      float xy[6][2] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y0}, {x1, y1}, {x0, y1}};
      for (int k = 0; k < 6; k++) {
         float *o = v + (6 * i + k) * 8;
         o[0] = xy[k][0], o[1] = xy[k][1], o[2] = 0.5f, o[3] = 1.0f;
         for (int ch = 0; ch < 4; ch++)
            o[4 + ch] = r->col[ch] / 255.0f;
      }
   }
   agx_vk_set_buffer(c, &g->set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
   g->out = agx_vk_buffer_usage(c, LAYERS * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

static inline void
gpu_finish(struct gpu *g)
{
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_set_free(g->c, &g->set);
   vkDestroyPipelineLayout(g->c->dev, g->layout, NULL);
   vkDestroyShaderModule(g->c->dev, g->vs, NULL);
   vkDestroyShaderModule(g->c->dev, g->fs, NULL);
}

/* A single-sample pipeline for dynamic rendering (rp == NULL) or subpass 0 of rp. */
static inline VkPipeline
scene_pipeline(struct gpu *g, VkRenderPass rp)
{
   struct agx_vk_gfx pg;
   agx_vk_gfx_defaults(&pg, g->layout, g->vs, g->fs, SCENE_FORMAT);
   agx_vk_gfx_fixed_viewport(&pg, W, H);
   pg.ci.renderPass = rp;
   return agx_vk_gfx_create(g->c, &pg);
}

/* Records op i (a draw, a barrier or a vkCmdClearAttachments) into cb. */
static inline void
record_op(struct gpu *g, VkCommandBuffer cb, VkPipeline p, unsigned i, unsigned layers)
{
   const struct op *o = &g->ops[i];
   if (o->kind == DRAW) {
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set.set, 0,
                              NULL);
      float push[4] = {0};
      vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
      vkCmdDraw(cb, 6, 1, 6 * i, 0);
   } else if (o->kind == BARRIER) {
      VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                            .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                            .dstAccessMask = VK_ACCESS_SHADER_READ_BIT};
      vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                           VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_DEPENDENCY_BY_REGION_BIT, 1,
                           &mb, 0, NULL, 0, NULL);
   } else {
      VkClearAttachment a = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0};
      for (int ch = 0; ch < 4; ch++)
         a.clearValue.color.float32[ch] = o->r.col[ch] / 255.0f;
      unsigned first, count;
      op_clear_range(o, layers, &first, &count);
      VkClearRect cr = {
         {{o->r.x0, o->r.y0}, {(uint32_t)(o->r.x1 - o->r.x0), (uint32_t)(o->r.y1 - o->r.y0)}},
         first,
         count};
      vkCmdClearAttachments(cb, 1, &a, 1, &cr);
   }
}

/* The self-dependency of the subpass that the BARRIER ops name. */
static const VkSubpassDependency scene_self_dep = {
   .srcSubpass = 0,
   .dstSubpass = 0,
   .srcStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
   .dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
   .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
   .dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
   .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT};

/* The render pass (cleared on load, GENERAL), with the self-dependency when `self_dep`. */
static inline VkRenderPass
scene_render_pass(struct gpu *g, bool self_dep)
{
   return agx_vk_color_render_pass(g->c, SCENE_FORMAT, VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
                                   self_dep ? &scene_self_dep : NULL);
}

/* A secondary recording ops [first, last] continuing the pass (rp: the subpass, with fb or
 * without a framebuffer; else dynamic rendering). BARRIER ops only in a render pass: a
 * barrier inside dynamic rendering needs VK_KHR_dynamic_rendering_local_read. */
static inline VkCommandBuffer
scene_secondary(struct gpu *g, VkPipeline p, VkRenderPass rp, VkFramebuffer fb, unsigned first,
                unsigned last, unsigned layers)
{
   VkFormat color = SCENE_FORMAT;
   VkCommandBuffer cb =
      agx_vk_begin_secondary(g->c, VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                             &(struct agx_vk_inheritance){.render_pass = rp,
                                                          .framebuffer = fb,
                                                          .color_count = 1,
                                                          .colors = &color});
   for (unsigned i = first; i <= last; i++)
      if (g->ops[i].kind != BARRIER || rp)
         record_op(g, cb, p, i, layers);
   VK_OK(vkEndCommandBuffer(cb));
   return cb;
}

/* The primary's start: `image` to GENERAL, then the pass (rp and fb, or dynamic rendering of
 * `view` with `layers` layers) begun with secondary contents, cleared to clear_col. */
static inline void
scene_begin(struct gpu *g, VkCommandBuffer cb, VkImage image, VkRenderPass rp, VkFramebuffer fb,
            VkImageView view, unsigned layers)
{
   agx_vk_barrier(cb, image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL, AGX_VK_NONE, AGX_VK_ALL_RW);
   VkClearValue cv;
   for (int ch = 0; ch < 4; ch++)
      cv.color.float32[ch] = g->clear_col[ch] / 255.0f;
   if (rp) {
      VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                   .renderPass = rp,
                                   .framebuffer = fb,
                                   .renderArea = {{0, 0}, {W, H}},
                                   .clearValueCount = 1,
                                   .pClearValues = &cv};
      vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
      return;
   }
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                   .clearValue = cv};
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W,
                                     .height = H,
                                     .layers = layers,
                                     .color_count = 1,
                                     .colors = &ca,
                                     .flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT});
}

/* The primary's end: the pass ended, `layers` layers (or 3D slices) of `image` copied layer
 * after layer into g->out (cleared first) and made visible to the host. */
static inline void
scene_end(struct gpu *g, VkCommandBuffer cb, VkImage image, VkRenderPass rp, unsigned layers,
          bool three_d)
{
   if (rp)
      vkCmdEndRenderPass(cb);
   else
      vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   VkBufferImageCopy r = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, three_d ? 1 : layers},
      .imageExtent = {W, H, three_d ? layers : 1}};
   vkCmdCopyImageToBuffer(cb, image, VK_IMAGE_LAYOUT_GENERAL, g->out.buf, 1, &r);
   agx_vk_host_barrier(cb);
   memset(g->out.map, 0, g->out.size);
}

/* The read-back layers against the model: prints and returns the mismatches. */
static inline unsigned
scene_compare(struct gpu *g, const char *name, unsigned layers)
{
   static uint8_t want[LAYERS][H][W][4];
   scene_model(g, want, layers);
   const uint8_t *got = g->out.map;
   unsigned bad = 0;
   for (unsigned l = 0; l < layers; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const uint8_t *v = got + ((l * H + y) * W + x) * 4;
            if (memcmp(v, want[l][y][x], 4) && bad++ < 8)
               fprintf(stderr, "%s: layer %u pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n",
                       name, l, x, y, v[0], v[1], v[2], v[3], want[l][y][x][0], want[l][y][x][1],
                       want[l][y][x][2], want[l][y][x][3]);
         }
   printf("%s: %u mismatches\n", name, bad);
   return bad;
}

/* main's start: the usage check, the instance and a device with synchronization2 and
 * dynamicRendering. */
static inline void
scene_device(struct agx_vk_ctx *c, int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      exit(2);
   }
   agx_vk_ctx_instance(c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(c, &f13, NULL, 0, NULL);
}

/* main's end: the context finished, 1 on mismatches. */
static inline int
scene_finish(struct gpu *g, unsigned bad)
{
   struct agx_vk_ctx *c = g->c;
   gpu_finish(g);
   int rc = agx_vk_ctx_finish(c);
   if (bad) {
      fprintf(stderr, "%u mismatches\n", bad);
      return 1;
   }
   return rc;
}

#endif
