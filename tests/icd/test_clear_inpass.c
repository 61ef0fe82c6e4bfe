/*
 * vkCmdClearAttachments between draws of one pass (issue 20 items 3-4): the clears are draws
 * inside the render command (agxv_clear_draw.h), so each scene must stay ONE render command
 * (before each submission the test prints "expect-render-commands N"; check_render_commands.py
 * compares it with the driver's AGX_DEBUG=submit line), and the pixels must match a CPU
 * painter of the same rectangles (edges on pixel boundaries, so coverage is exact):
 *   A: two RGBA8 colour attachments and D32S8, three layers: a clear of attachment 1 only
 *      (attachment 0 untouched) over every layer, draws before and after it that rely on the
 *      bound pipeline, push constants and viewport surviving the clear, depth + stencil
 *      clears of layer 0 and of layers 1-2, a clear of both colours on layer 2, and a draw
 *      testing the cleared depth (LESS) and stencil (EQUAL); every layer of every aspect read
 *      back;
 *   B: the same kind of sequence in a 4-sample pass (colour resolved, depth/stencil checked
 *      through a stencil- and depth-tested draw);
 *   C: the clear recorded in a secondary continuing the pass, between its draws;
 *   D: a multiview pass (view mask 0b101 over three layers): layers 0 and 2 cleared, layer 1
 *      kept;
 *   E: 16 x (draw, clear of colour and depth strips), D3D translation layers' pattern.
 * test_clear_inpass RP_RECT_VERT_SPV RP_RECT_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_test.h"
#include "agx_vk_gfx.h"

#define W 32
#define H 32
#define LAYERS 3
#define ZS VK_FORMAT_D32_SFLOAT_S8_UINT
#define RGBA VK_FORMAT_R8G8B8A8_UNORM

struct rect {
   int x0, y0, x1, y1;
};

/* rp_rect.vert / rp_rect.frag push constants */
struct push {
   float rect[4];
   float colour[4];
   float depth;
};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
};

/* ---- CPU model -------------------------------------------------------------------------- */

struct model {
   uint32_t col[2][LAYERS][H][W];
   float depth[LAYERS][H][W];
   uint8_t stencil[LAYERS][H][W];
};

static uint32_t
pack8(const float c[4])
{
   uint32_t v = 0;
   for (int i = 0; i < 4; i++)
      v |= (uint32_t)(c[i] * 255.0f + 0.5f) << (8 * i);
   return v;
}

static bool
inside(struct rect r, int x, int y)
{
   return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
}

static void
m_color(struct model *m, int att, int layer, struct rect r, const float c[4])
{
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         if (inside(r, x, y))
            m->col[att][layer][y][x] = pack8(c);
}

static void
m_zs(struct model *m, int layer, struct rect r, float d, uint8_t s)
{
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         if (inside(r, x, y)) {
            m->depth[layer][y][x] = d;
            m->stencil[layer][y][x] = s;
         }
}

/* A draw on layer 0 of both attachments: depth LESS with writes; with `stencil_ref` >= 0
 * also the stencil test EQUAL that reference (no stencil writes). */
static void
m_draw(struct model *m, struct rect r, const float c[4], float d, int stencil_ref, bool zwrite)
{
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         if (!inside(r, x, y) || !(d < m->depth[0][y][x]))
            continue;
         if (stencil_ref >= 0 && m->stencil[0][y][x] != stencil_ref)
            continue;
         m->col[0][0][y][x] = m->col[1][0][y][x] = pack8(c);
         if (zwrite)
            m->depth[0][y][x] = d;
      }
}

/* ---- Vulkan side -------------------------------------------------------------------------- */

static VkPipeline
pipeline(struct gpu *g, VkSampleCountFlagBits samples, bool stencil_test, uint32_t view_mask)
{
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, g->vs, g->fs, RGBA);
   p.ri.colorAttachmentCount = 2;
   p.color_formats[1] = RGBA;
   p.ri.depthAttachmentFormat = ZS;
   p.ri.stencilAttachmentFormat = ZS;
   p.ri.viewMask = view_mask;
   p.cb.attachmentCount = 2;
   p.att[1] = p.att[0];
   p.ms.rasterizationSamples = samples;
   p.ds.depthTestEnable = VK_TRUE;
   p.ds.depthWriteEnable = !stencil_test;
   p.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   p.ds.stencilTestEnable = stencil_test;
   VkStencilOpState s = {
      VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_COMPARE_OP_EQUAL, 0xFF, 0, 5};
   p.ds.front = p.ds.back = s;
   return agx_vk_gfx_create(g->c, &p);
}

static void
push_rect(struct gpu *g, VkCommandBuffer cb, struct rect r, const float c[4], float d)
{
   struct push p = {
      .rect = {2.0f * r.x0 / W - 1, 2.0f * r.y0 / H - 1, 2.0f * r.x1 / W - 1, 2.0f * r.y1 / H - 1},
      .depth = d};
   memcpy(p.colour, c, 16);
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                      sizeof(p), &p);
}

static VkClearRect
crect(struct rect r, uint32_t layer, uint32_t count)
{
   return (VkClearRect){{{r.x0, r.y0}, {(uint32_t)(r.x1 - r.x0), (uint32_t)(r.y1 - r.y0)}},
                        layer,
                        count};
}

static VkClearAttachment
ccolor(uint32_t att, const float c[4])
{
   VkClearAttachment a = {VK_IMAGE_ASPECT_COLOR_BIT, att, {.color = {.float32 = {0}}}};
   memcpy(a.clearValue.color.float32, c, 16);
   return a;
}

static VkRenderingAttachmentInfo
att_info(VkImageView view, const VkClearValue *clear)
{
   return (VkRenderingAttachmentInfo){.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                      .imageView = view,
                                      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                      .loadOp = clear ? VK_ATTACHMENT_LOAD_OP_CLEAR
                                                      : VK_ATTACHMENT_LOAD_OP_LOAD,
                                      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                      .clearValue = clear ? *clear : (VkClearValue){{{0}}}};
}

static void
to_general(VkCommandBuffer cb, const struct agx_vk_image *img)
{
   agx_vk_barrier(cb, img->image, img->aspect, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
                  AGX_VK_NONE, AGX_VK_ALL_RW);
}

static unsigned
compare(const char *what, const void *got, const void *want, size_t elem, size_t n)
{
   unsigned bad = 0;
   for (size_t i = 0; i < n; i++) {
      if (!memcmp((const uint8_t *)got + i * elem, (const uint8_t *)want + i * elem, elem))
         continue;
      if (bad++ < 4) {
         uint32_t g = 0, w = 0;
         memcpy(&g, (const uint8_t *)got + i * elem, elem);
         memcpy(&w, (const uint8_t *)want + i * elem, elem);
         fprintf(stderr, "%s: layer %zu pixel (%zu, %zu) = 0x%08x, want 0x%08x\n", what,
                 i / (W * H), i % W, (i / W) % H, g, w);
      }
   }
   printf("%s: %s\n", what, bad ? "MISMATCH" : "ok");
   return bad;
}

static const float c0[4] = {0.2f, 0.4f, 0.6f, 1.0f}, c1[4] = {1.0f, 0.0f, 0.0f, 1.0f},
                   k1[4] = {0.0f, 1.0f, 0.0f, 1.0f}, k2[4] = {0.0f, 0.0f, 1.0f, 1.0f},
                   k3[4] = {1.0f, 1.0f, 0.0f, 1.0f}, v1[4] = {0.6f, 0.2f, 0.8f, 0.4f},
                   v0b[4] = {0.4f, 0.4f, 0.4f, 0.4f}, v1b[4] = {0.8f, 0.6f, 0.2f, 1.0f};
static const struct rect all = {0, 0, W, H}, r1 = {2, 2, 20, 20}, r2 = {12, 4, 30, 16},
                         ra = {8, 0, 24, 28}, rb = {0, 10, 16, 26}, rc = {18, 18, 32, 32},
                         rd = {4, 4, 28, 12}, r3 = {0, 0, 32, 24};

/* Scene A: three layers, 1 sample, everything read back. */
static unsigned
scene_a(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image col[2], zs;
   for (int i = 0; i < 2; i++)
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){.format = RGBA,
                                                      .width = W,
                                                      .height = H,
                                                      .layers = LAYERS,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                               VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                          &col[i]);
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){
         .format = ZS,
         .width = W,
         .height = H,
         .layers = LAYERS,
         .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
         .aspect = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
      &zs);
   VkPipeline p_draw = pipeline(g, VK_SAMPLE_COUNT_1_BIT, false, 0);
   VkPipeline p_sten = pipeline(g, VK_SAMPLE_COUNT_1_BIT, true, 0);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &col[0]);
   to_general(cb, &col[1]);
   to_general(cb, &zs);
   VkClearValue cv[3] = {{.color = {{c0[0], c0[1], c0[2], c0[3]}}},
                         {.color = {{c1[0], c1[1], c1[2], c1[3]}}},
                         {.depthStencil = {1.0f, 0}}};
   VkRenderingAttachmentInfo ca[2] = {att_info(col[0].view, &cv[0]), att_info(col[1].view, &cv[1])};
   VkRenderingAttachmentInfo za = att_info(zs.view, &cv[2]);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .layers = LAYERS,
                                                         .color_count = 2,
                                                         .colors = ca,
                                                         .depth = &za,
                                                         .stencil = &za});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p_draw);
   push_rect(g, cb, r1, k1, 0.5f);
   vkCmdDraw(cb, 6, 1, 0, 0);
   push_rect(g, cb, r2, k2, 0.4f); /* used by the draw after the clear */
   VkClearAttachment a1 = ccolor(1, v1);
   VkClearRect ra_all = crect(ra, 0, LAYERS);
   vkCmdClearAttachments(cb, 1, &a1, 1, &ra_all);
   vkCmdDraw(cb, 6, 1, 0, 0); /* pipeline, push constants, viewport of before the clear */
   VkClearAttachment azs = {VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
                            0,
                            {.depthStencil = {0.2f, 5}}};
   VkClearRect zr[2] = {crect(rb, 0, 1), crect(rc, 1, 2)};
   vkCmdClearAttachments(cb, 1, &azs, 2, zr);
   VkClearAttachment both[2] = {ccolor(0, v0b), ccolor(1, v1b)};
   VkClearRect rd2 = crect(rd, 2, 1);
   vkCmdClearAttachments(cb, 2, both, 1, &rd2);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p_sten);
   push_rect(g, cb, r3, k3, 0.1f);
   vkCmdDraw(cb, 6, 1, 0, 0);
   vkCmdEndRendering(cb);

   size_t csize = (size_t)W * H * 4 * LAYERS, dsize = (size_t)W * H * 4, ssize = (size_t)W * H;
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, 2 * csize + LAYERS * (dsize + ssize),
                                                  VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   for (int l = 0; l < LAYERS; l++) {
      for (int i = 0; i < 2; i++)
         agx_vk_copy_to_buffer(cb, &col[i], VK_IMAGE_LAYOUT_GENERAL, 0, l, out.buf,
                               i * csize + l * (size_t)W * H * 4);
      agx_vk_copy_to_buffer(cb, &zs, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_ASPECT_DEPTH_BIT, l, out.buf,
                            2 * csize + l * dsize);
      agx_vk_copy_to_buffer(cb, &zs, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_ASPECT_STENCIL_BIT, l,
                            out.buf, 2 * csize + LAYERS * dsize + l * ssize);
   }
   agx_vk_host_barrier(cb);
   fprintf(stderr, "expect-render-commands 1\n");
   VK_OK(agx_vk_submit_wait(c, cb));

   static struct model m;
   for (int l = 0; l < LAYERS; l++) {
      m_color(&m, 0, l, all, c0);
      m_color(&m, 1, l, all, c1);
      m_zs(&m, l, all, 1.0f, 0);
   }
   m_draw(&m, r1, k1, 0.5f, -1, true);
   for (int l = 0; l < LAYERS; l++)
      m_color(&m, 1, l, ra, v1);
   m_draw(&m, r2, k2, 0.4f, -1, true);
   m_zs(&m, 0, rb, 0.2f, 5);
   m_zs(&m, 1, rc, 0.2f, 5);
   m_zs(&m, 2, rc, 0.2f, 5);
   m_color(&m, 0, 2, rd, v0b);
   m_color(&m, 1, 2, rd, v1b);
   m_draw(&m, r3, k3, 0.1f, 5, false);
   unsigned bad = compare("A: colour 0", out.map, m.col[0], 4, (size_t)W * H * LAYERS);
   bad += compare("A: colour 1", out.map + csize, m.col[1], 4, (size_t)W * H * LAYERS);
   bad += compare("A: depth", out.map + 2 * csize, m.depth, 4, (size_t)W * H * LAYERS);
   bad += compare("A: stencil", out.map + 2 * csize + LAYERS * dsize, m.stencil, 1,
                  (size_t)W * H * LAYERS);
   agx_vk_buffer_free(c, &out);
   vkDestroyPipeline(c->dev, p_draw, NULL);
   vkDestroyPipeline(c->dev, p_sten, NULL);
   agx_vk_image_free(c, &col[0]);
   agx_vk_image_free(c, &col[1]);
   agx_vk_image_free(c, &zs);
   return bad;
}

/* Scene B (4 samples, resolved) and C (the same sequence from a secondary). */
static unsigned
scene_bc(struct gpu *g, VkSampleCountFlagBits samples, bool secondary, const char *name)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image col[2], res[2], zs;
   for (int i = 0; i < 2; i++) {
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){.format = RGBA,
                                                      .width = W,
                                                      .height = H,
                                                      .samples = samples,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                               VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                          &col[i]);
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){.format = RGBA,
                                                      .width = W,
                                                      .height = H,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                               VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                          &res[i]);
   }
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){
                          .format = ZS,
                          .width = W,
                          .height = H,
                          .samples = samples,
                          .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                          .aspect = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
                       &zs);
   VkPipeline p_draw = pipeline(g, samples, false, 0);
   VkPipeline p_sten = pipeline(g, samples, true, 0);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   for (int i = 0; i < 2; i++) {
      to_general(cb, &col[i]);
      to_general(cb, &res[i]);
   }
   to_general(cb, &zs);
   VkClearValue cv[3] = {{.color = {{c0[0], c0[1], c0[2], c0[3]}}},
                         {.color = {{c1[0], c1[1], c1[2], c1[3]}}},
                         {.depthStencil = {1.0f, 0}}};
   VkRenderingAttachmentInfo ca[2] = {att_info(col[0].view, &cv[0]), att_info(col[1].view, &cv[1])};
   for (int i = 0; samples > 1 && i < 2; i++) {
      ca[i].resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
      ca[i].resolveImageView = res[i].view;
      ca[i].resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL;
   }
   VkRenderingAttachmentInfo za = att_info(zs.view, &cv[2]);
   VkFormat fmts[2] = {RGBA, RGBA};
   VkCommandBufferInheritanceRenderingInfo iri = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .colorAttachmentCount = 2,
      .pColorAttachmentFormats = fmts,
      .depthAttachmentFormat = ZS,
      .stencilAttachmentFormat = ZS,
      .rasterizationSamples = samples};
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){
             .width = W,
             .height = H,
             .color_count = 2,
             .colors = ca,
             .depth = &za,
             .stencil = &za,
             .flags = secondary ? VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT : 0});
   VkCommandBuffer sc = cb;
   if (secondary) {
      VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = c->pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                        .commandBufferCount = 1};
      VK_OK(vkAllocateCommandBuffers(c->dev, &ai, &sc));
      VkCommandBufferInheritanceInfo inh = {.sType =
                                               VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                            .pNext = &iri};
      VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                     .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                                     .pInheritanceInfo = &inh};
      VK_OK(vkBeginCommandBuffer(sc, &bi));
   }
   agx_vk_viewport_scissor(sc, W, H);
   vkCmdBindPipeline(sc, VK_PIPELINE_BIND_POINT_GRAPHICS, p_draw);
   push_rect(g, sc, r1, k1, 0.5f);
   vkCmdDraw(sc, 6, 1, 0, 0);
   push_rect(g, sc, r2, k2, 0.4f);
   VkClearAttachment a1 = ccolor(1, v1);
   VkClearRect ra1 = crect(ra, 0, 1);
   vkCmdClearAttachments(sc, 1, &a1, 1, &ra1);
   vkCmdDraw(sc, 6, 1, 0, 0);
   VkClearAttachment azs = {VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
                            0,
                            {.depthStencil = {0.2f, 5}}};
   VkClearRect zr = crect(rb, 0, 1);
   vkCmdClearAttachments(sc, 1, &azs, 1, &zr);
   vkCmdBindPipeline(sc, VK_PIPELINE_BIND_POINT_GRAPHICS, p_sten);
   push_rect(g, sc, r3, k3, 0.1f);
   vkCmdDraw(sc, 6, 1, 0, 0);
   if (secondary) {
      VK_OK(vkEndCommandBuffer(sc));
      vkCmdExecuteCommands(cb, 1, &sc);
   }
   vkCmdEndRendering(cb);
   size_t csize = (size_t)W * H * 4;
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, 2 * csize, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   for (int i = 0; i < 2; i++)
      agx_vk_copy_to_buffer(cb, samples > 1 ? &res[i] : &col[i], VK_IMAGE_LAYOUT_GENERAL, 0, 0,
                            out.buf, i * csize);
   agx_vk_host_barrier(cb);
   fprintf(stderr, "expect-render-commands 1\n");
   VK_OK(agx_vk_submit_wait(c, cb));

   static struct model m;
   m_color(&m, 0, 0, all, c0);
   m_color(&m, 1, 0, all, c1);
   m_zs(&m, 0, all, 1.0f, 0);
   m_draw(&m, r1, k1, 0.5f, -1, true);
   m_color(&m, 1, 0, ra, v1);
   m_draw(&m, r2, k2, 0.4f, -1, true);
   m_zs(&m, 0, rb, 0.2f, 5);
   m_draw(&m, r3, k3, 0.1f, 5, false);
   char what[64];
   snprintf(what, sizeof(what), "%s: colour 0", name);
   unsigned bad = compare(what, out.map, m.col[0][0], 4, (size_t)W * H);
   snprintf(what, sizeof(what), "%s: colour 1", name);
   bad += compare(what, out.map + csize, m.col[1][0], 4, (size_t)W * H);
   agx_vk_buffer_free(c, &out);
   if (secondary)
      vkFreeCommandBuffers(c->dev, c->pool, 1, &sc);
   vkDestroyPipeline(c->dev, p_draw, NULL);
   vkDestroyPipeline(c->dev, p_sten, NULL);
   for (int i = 0; i < 2; i++) {
      agx_vk_image_free(c, &col[i]);
      agx_vk_image_free(c, &res[i]);
   }
   agx_vk_image_free(c, &zs);
   return bad;
}

/* Scene D: multiview, view mask 0b101 over three layers; a draw of view 0/2 first, then a
 * clear of a rectangle (every view of the mask), then another draw. */
static unsigned
scene_d(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image col[2], zs;
   for (int i = 0; i < 2; i++)
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){.format = RGBA,
                                                      .width = W,
                                                      .height = H,
                                                      .layers = LAYERS,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                               VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                               VK_IMAGE_USAGE_TRANSFER_DST_BIT},
                          &col[i]);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){
                          .format = ZS,
                          .width = W,
                          .height = H,
                          .layers = LAYERS,
                          .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                          .aspect = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
                       &zs);
   VkPipeline p_draw = pipeline(g, VK_SAMPLE_COUNT_1_BIT, false, 0x5);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &col[0]);
   to_general(cb, &col[1]);
   to_general(cb, &zs);
   /* layer 1 (outside the mask) gets c1 first, by a pass of its own */
   VkClearColorValue pre = {{c1[0], c1[1], c1[2], c1[3]}};
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS};
   vkCmdClearColorImage(cb, col[0].image, VK_IMAGE_LAYOUT_GENERAL, &pre, 1, &range);
   vkCmdClearColorImage(cb, col[1].image, VK_IMAGE_LAYOUT_GENERAL, &pre, 1, &range);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   VkClearValue cv[2] = {{.color = {{c0[0], c0[1], c0[2], c0[3]}}}, {.depthStencil = {1.0f, 0}}};
   VkRenderingAttachmentInfo ca[2] = {att_info(col[0].view, &cv[0]), att_info(col[1].view, &cv[0])};
   VkRenderingAttachmentInfo za = att_info(zs.view, &cv[1]);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 2,
                                                         .colors = ca,
                                                         .depth = &za,
                                                         .stencil = &za,
                                                         .view_mask = 0x5});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p_draw);
   push_rect(g, cb, r1, k1, 0.5f);
   vkCmdDraw(cb, 6, 1, 0, 0);
   push_rect(g, cb, r2, k2, 0.4f);
   VkClearAttachment a0 = ccolor(0, v1);
   VkClearRect rr = crect(ra, 0, 1);
   vkCmdClearAttachments(cb, 1, &a0, 1, &rr);
   vkCmdDraw(cb, 6, 1, 0, 0);
   vkCmdEndRendering(cb);
   size_t csize = (size_t)W * H * 4 * LAYERS;
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, 2 * csize, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   for (int l = 0; l < LAYERS; l++)
      for (int i = 0; i < 2; i++)
         agx_vk_copy_to_buffer(cb, &col[i], VK_IMAGE_LAYOUT_GENERAL, 0, l, out.buf,
                               i * csize + l * (size_t)W * H * 4);
   agx_vk_host_barrier(cb);
   fprintf(stderr, "expect-render-commands 1\n");
   VK_OK(agx_vk_submit_wait(c, cb));

   static struct model m;
   for (int l = 0; l < LAYERS; l++) {
      uint32_t v = l == 1 ? pack8(c1) : pack8(c0);
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            m.col[0][l][y][x] = m.col[1][l][y][x] = v;
      if (l == 1)
         continue;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            if (inside(r1, x, y))
               m.col[0][l][y][x] = m.col[1][l][y][x] = pack8(k1);
            if (inside(ra, x, y))
               m.col[0][l][y][x] = pack8(v1);
            /* r2 at 0.4 passes LESS over 1.0 and r1's 0.5 */
            if (inside(r2, x, y))
               m.col[0][l][y][x] = m.col[1][l][y][x] = pack8(k2);
         }
   }
   unsigned bad = compare("D: multiview colour 0", out.map, m.col[0], 4, (size_t)W * H * LAYERS);
   bad += compare("D: multiview colour 1", out.map + csize, m.col[1], 4, (size_t)W * H * LAYERS);
   agx_vk_buffer_free(c, &out);
   vkDestroyPipeline(c->dev, p_draw, NULL);
   agx_vk_image_free(c, &col[0]);
   agx_vk_image_free(c, &col[1]);
   agx_vk_image_free(c, &zs);
   return bad;
}

/* Scene E, the pattern of D3D translation layers: DXVK_PAIRS times (draw, clear of a
 * rectangle) in one pass, still one render command; the submission's wall time is printed
 * (not checked: a measurement of the simulated render, see the report of wip/inclear). */
#define DXVK_PAIRS 16
static unsigned
scene_e(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image col[2], zs;
   for (int i = 0; i < 2; i++)
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){.format = RGBA,
                                                      .width = W,
                                                      .height = H,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                               VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                          &col[i]);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){
                          .format = ZS,
                          .width = W,
                          .height = H,
                          .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                          .aspect = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
                       &zs);
   VkPipeline p_draw = pipeline(g, VK_SAMPLE_COUNT_1_BIT, false, 0);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &col[0]);
   to_general(cb, &col[1]);
   to_general(cb, &zs);
   VkClearValue cv[2] = {{.color = {{c0[0], c0[1], c0[2], c0[3]}}}, {.depthStencil = {1.0f, 0}}};
   VkRenderingAttachmentInfo ca[2] = {att_info(col[0].view, &cv[0]), att_info(col[1].view, &cv[0])};
   VkRenderingAttachmentInfo za = att_info(zs.view, &cv[1]);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 2,
                                                         .colors = ca,
                                                         .depth = &za,
                                                         .stencil = &za});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p_draw);
   static struct model m;
   m_color(&m, 0, 0, all, c0);
   m_color(&m, 1, 0, all, c0);
   m_zs(&m, 0, all, 1.0f, 0);
   for (int i = 0; i < DXVK_PAIRS; i++) {
      /* a draw nearer each time (passes LESS), then a clear of a strip of attachment i & 1
       * and of depth back to 1.0 there */
      struct rect d = {i, i, i + 12, i + 12}, s = {0, 2 * i, W, 2 * i + 1};
      float depth = 0.9f - 0.05f * (float)i;
      push_rect(g, cb, d, i & 1 ? k1 : k2, depth);
      vkCmdDraw(cb, 6, 1, 0, 0);
      m_draw(&m, d, i & 1 ? k1 : k2, depth, -1, true);
      VkClearAttachment a[2] = {ccolor(i & 1, v1),
                                {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {.depthStencil = {1.0f, 0}}}};
      VkClearRect r = crect(s, 0, 1);
      vkCmdClearAttachments(cb, 2, a, 1, &r);
      m_color(&m, i & 1, 0, s, v1);
      for (int x = 0; x < W; x++)
         m.depth[0][2 * i][x] = 1.0f;
   }
   vkCmdEndRendering(cb);
   size_t csize = (size_t)W * H * 4;
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, 2 * csize, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   for (int i = 0; i < 2; i++)
      agx_vk_copy_to_buffer(cb, &col[i], VK_IMAGE_LAYOUT_GENERAL, 0, 0, out.buf, i * csize);
   agx_vk_host_barrier(cb);
   fprintf(stderr, "expect-render-commands 1\n");
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   VK_OK(agx_vk_submit_wait(c, cb));
   clock_gettime(CLOCK_MONOTONIC, &t1);
   printf("E: %d x (draw, clear) in one pass: %.1f ms from submit to idle\n", DXVK_PAIRS,
          (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
   unsigned bad = compare("E: colour 0", out.map, m.col[0][0], 4, (size_t)W * H);
   bad += compare("E: colour 1", out.map + csize, m.col[1][0], 4, (size_t)W * H);
   agx_vk_buffer_free(c, &out);
   vkDestroyPipeline(c->dev, p_draw, NULL);
   agx_vk_image_free(c, &col[0]);
   agx_vk_image_free(c, &col[1]);
   agx_vk_image_free(c, &zs);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s RP_RECT_VERT_SPV RP_RECT_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .multiview = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   struct gpu g = {.c = &c};
   g.vs = agx_vk_shader(&c, argv[1]);
   g.fs = agx_vk_shader(&c, argv[2]);
   g.layout = agx_vk_pipeline_layout(
      &c, 0, NULL, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, sizeof(struct push));
   unsigned bad = scene_a(&g);
   bad += scene_bc(&g, VK_SAMPLE_COUNT_4_BIT, false, "B: 4 samples");
   bad += scene_bc(&g, VK_SAMPLE_COUNT_1_BIT, true, "C: secondary");
   bad += scene_d(&g);
   bad += scene_e(&g);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u mismatches\n", bad);
      return 1;
   }
   return rc;
}
