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
 *   E: 16 x (draw, clear of colour and depth strips), D3D translation layers' pattern;
 *   F: load-op clears of a partial render area (colour, depth; two layers), also drawn;
 *   G: a 4-sample pass of four RGBA32F attachments that spill the tilebuffer (eMRT): the
 *      clear draw writes the spilled one through the output epilog.
 * Every scene is a row of `scenes[]` (its attachments, load ops, clears before the pass,
 * render area, inline or secondary recording) built, recorded, submitted and read back by
 * run_scene(); each row names its own draws and clears (record) and its CPU model (check).
 * A new scene is a new row.
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

/* ---- scenes as rows ------------------------------------------------------------------------ */

struct ci_run;

/* A scene: its attachments, what is recorded around the pass, its draws and its checks. */
struct ci_scene {
   const char *name;
   uint32_t layers;               /* of every image (0: one) */
   uint32_t view_mask;            /* of the rendering and the pipelines (multiview) */
   VkSampleCountFlagBits samples; /* 0: one; more: the colours resolved (AVERAGE) and read there */
   VkFormat format;               /* of the colour attachments */
   uint32_t color_count;
   uint32_t written;              /* colour attachments the pipelines write (0: all) */
   VkImageUsageFlags color_usage; /* of the colour images besides COLOR_ATTACHMENT */
   bool zs;                       /* a ZS attachment, depth and stencil */
   bool depth_only;               /* ... attached as the depth attachment only */
   VkImageUsageFlags zs_usage;    /* of the ZS image besides DEPTH_STENCIL_ATTACHMENT */
   bool read_zs;                  /* every layer of depth and stencil copied out too */
   const float *load[4];          /* each colour's load-op clear colour (NULL: LOAD) */
   float load_depth;              /* the depth load-op clear (stencil 0) */
   const float *pre_color;        /* every colour image cleared to it before the pass */
   float pre_depth;               /* the ZS image cleared to it before the pass (0: not) */
   struct rect area;              /* the render area and the draws' scissor (empty: all) */
   bool secondary;                /* the draws recorded in a secondary continuing the pass */
   bool stencil_pipe;             /* also the stencil-testing pipeline (r->sten) */
   bool timed;                    /* the submission's wall time printed */
   /* the draws and clears inside the pass, r->draw bound, viewport and scissor set */
   void (*record)(const struct ci_run *r, VkCommandBuffer cb);
   /* the CPU model against the output buffer: prints and returns the mismatches */
   unsigned (*check)(struct ci_run *r);
};

/* What run_scene made for a scene. Output buffer: colour attachment i layer l at
 * (i * layers + l) * plane bytes, then (read_zs) every layer's depth, then its stencil. */
struct ci_run {
   struct gpu *g;
   const struct ci_scene *s;
   uint32_t layers;
   struct agx_vk_image col[4], res[4], zs;
   VkPipeline draw, sten;
   struct agx_vk_buffer out;
   size_t plane; /* bytes of one layer of one colour attachment */
   struct model m;
};

static uint32_t
or_one(uint32_t v)
{
   return v ? v : 1;
}

/* ---- Vulkan side -------------------------------------------------------------------------- */

/* The scene's pipeline (depth LESS, writing unless stencil_test: stencil EQUAL 5, no writes). */
static VkPipeline
pipeline(const struct ci_run *r, bool stencil_test)
{
   const struct ci_scene *s = r->s;
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, r->g->layout, r->g->vs, r->g->fs, s->format);
   p.ri.colorAttachmentCount = s->color_count;
   p.cb.attachmentCount = s->color_count;
   for (uint32_t i = 1; i < s->color_count; i++) {
      p.color_formats[i] = s->format;
      p.att[i] = p.att[0];
   }
   for (uint32_t i = 0; i < s->color_count && s->written; i++)
      if (!(s->written & (1u << i)))
         p.att[i].colorWriteMask = 0;
   p.ri.viewMask = s->view_mask;
   p.ms.rasterizationSamples = or_one(s->samples);
   if (s->zs) {
      p.ri.depthAttachmentFormat = ZS;
      p.ri.stencilAttachmentFormat = ZS;
      p.ds.depthTestEnable = VK_TRUE;
      p.ds.depthWriteEnable = !stencil_test;
      p.ds.depthCompareOp = VK_COMPARE_OP_LESS;
      p.ds.stencilTestEnable = stencil_test;
      VkStencilOpState st = {VK_STENCIL_OP_KEEP,
                             VK_STENCIL_OP_KEEP,
                             VK_STENCIL_OP_KEEP,
                             VK_COMPARE_OP_EQUAL,
                             0xFF,
                             0,
                             5};
      p.ds.front = p.ds.back = st;
   }
   return agx_vk_gfx_create(r->g->c, &p);
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

/* ---- running a row ------------------------------------------------------------------------- */

/* Images and pipelines of r->s. */
static void
build(struct ci_run *r)
{
   const struct ci_scene *s = r->s;
   struct agx_vk_ctx *c = r->g->c;
   for (uint32_t i = 0; i < s->color_count; i++) {
      agx_vk_image_create(
         c,
         &(struct agx_vk_image_desc){.format = s->format,
                                     .width = W,
                                     .height = H,
                                     .layers = r->layers,
                                     .samples = or_one(s->samples),
                                     .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | s->color_usage},
         &r->col[i]);
      if (s->samples > 1)
         agx_vk_image_create(
            c,
            &(struct agx_vk_image_desc){.format = s->format,
                                        .width = W,
                                        .height = H,
                                        .layers = r->layers,
                                        .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                 VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
            &r->res[i]);
   }
   if (s->zs)
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){
                             .format = ZS,
                             .width = W,
                             .height = H,
                             .layers = r->layers,
                             .samples = or_one(s->samples),
                             .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | s->zs_usage,
                             .aspect = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
                          &r->zs);
   r->draw = pipeline(r, false);
   if (s->stencil_pipe)
      r->sten = pipeline(r, true);
   r->plane = (size_t)W * H * (s->format == RGBA ? 4 : 16);
   size_t zs_bytes = s->read_zs ? (size_t)W * H * 5 * r->layers : 0;
   r->out = agx_vk_buffer_usage(c, s->color_count * r->layers * r->plane + zs_bytes,
                                VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

static void
destroy(struct ci_run *r)
{
   struct agx_vk_ctx *c = r->g->c;
   agx_vk_buffer_free(c, &r->out);
   vkDestroyPipeline(c->dev, r->draw, NULL);
   if (r->sten)
      vkDestroyPipeline(c->dev, r->sten, NULL);
   for (uint32_t i = 0; i < r->s->color_count; i++) {
      agx_vk_image_free(c, &r->col[i]);
      if (r->s->samples > 1)
         agx_vk_image_free(c, &r->res[i]);
   }
   if (r->s->zs)
      agx_vk_image_free(c, &r->zs);
}

/* Every image to GENERAL, then the clears before the pass (pre_color, pre_depth). */
static void
before_pass(const struct ci_run *r, VkCommandBuffer cb)
{
   const struct ci_scene *s = r->s;
   for (uint32_t i = 0; i < s->color_count; i++) {
      to_general(cb, &r->col[i]);
      if (s->samples > 1)
         to_general(cb, &r->res[i]);
   }
   if (s->zs)
      to_general(cb, &r->zs);
   if (s->pre_color) {
      VkClearColorValue pre;
      memcpy(pre.float32, s->pre_color, 16);
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, r->layers};
      for (uint32_t i = 0; i < s->color_count; i++)
         vkCmdClearColorImage(cb, r->col[i].image, VK_IMAGE_LAYOUT_GENERAL, &pre, 1, &range);
   }
   if (s->pre_depth) {
      VkClearDepthStencilValue zpre = {s->pre_depth, 0};
      VkImageSubresourceRange zrange = {VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT, 0,
                                        1, 0, r->layers};
      vkCmdClearDepthStencilImage(cb, r->zs.image, VK_IMAGE_LAYOUT_GENERAL, &zpre, 1, &zrange);
   }
   if (s->pre_color || s->pre_depth)
      agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
}

/* vkCmdBeginRendering with the scene's attachments, load ops and render area. */
static void
begin_pass(const struct ci_run *r, VkCommandBuffer cb, VkRect2D area)
{
   const struct ci_scene *s = r->s;
   VkClearValue cv[5];
   VkRenderingAttachmentInfo ca[4], za;
   for (uint32_t i = 0; i < s->color_count; i++) {
      if (s->load[i])
         memcpy(cv[i].color.float32, s->load[i], 16);
      ca[i] = att_info(r->col[i].view, s->load[i] ? &cv[i] : NULL);
      if (s->samples > 1) {
         ca[i].resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
         ca[i].resolveImageView = r->res[i].view;
         ca[i].resolveImageLayout = VK_IMAGE_LAYOUT_GENERAL;
      }
   }
   cv[4].depthStencil = (VkClearDepthStencilValue){s->load_depth, 0};
   if (s->zs)
      za = att_info(r->zs.view, &cv[4]);
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .flags =
                            s->secondary ? VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT : 0,
                         .renderArea = area,
                         .layerCount = s->view_mask ? 1 : r->layers,
                         .viewMask = s->view_mask,
                         .colorAttachmentCount = s->color_count,
                         .pColorAttachments = ca,
                         .pDepthAttachment = s->zs ? &za : NULL,
                         .pStencilAttachment = s->zs && !s->depth_only ? &za : NULL};
   vkCmdBeginRendering(cb, &ri);
}

/* A secondary continuing the pass of r->s, begun. */
static VkCommandBuffer
begin_secondary(const struct ci_run *r)
{
   const struct ci_scene *s = r->s;
   struct agx_vk_ctx *c = r->g->c;
   VkFormat fmts[4] = {s->format, s->format, s->format, s->format};
   VkCommandBufferInheritanceRenderingInfo iri = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .viewMask = s->view_mask,
      .colorAttachmentCount = s->color_count,
      .pColorAttachmentFormats = fmts,
      .depthAttachmentFormat = s->zs ? ZS : VK_FORMAT_UNDEFINED,
      .stencilAttachmentFormat = s->zs && !s->depth_only ? ZS : VK_FORMAT_UNDEFINED,
      .rasterizationSamples = or_one(s->samples)};
   VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                     .commandPool = c->pool,
                                     .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                     .commandBufferCount = 1};
   VkCommandBuffer sc;
   VK_OK(vkAllocateCommandBuffers(c->dev, &ai, &sc));
   VkCommandBufferInheritanceInfo inh = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                         .pNext = &iri};
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                                  .pInheritanceInfo = &inh};
   VK_OK(vkBeginCommandBuffer(sc, &bi));
   return sc;
}

/* Copies every layer of every colour attachment (resolved if multisampled) and, with
 * read_zs, of depth and stencil into r->out. */
static void
copy_out(const struct ci_run *r, VkCommandBuffer cb)
{
   const struct ci_scene *s = r->s;
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   for (uint32_t l = 0; l < r->layers; l++) {
      for (uint32_t i = 0; i < s->color_count; i++)
         agx_vk_copy_to_buffer(cb, s->samples > 1 ? &r->res[i] : &r->col[i],
                               VK_IMAGE_LAYOUT_GENERAL, 0, l, r->out.buf,
                               (i * r->layers + l) * r->plane);
      if (!s->read_zs)
         continue;
      size_t zs_base = s->color_count * r->layers * r->plane, dsize = (size_t)W * H * 4;
      agx_vk_copy_to_buffer(cb, &r->zs, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_ASPECT_DEPTH_BIT, l,
                            r->out.buf, zs_base + l * dsize);
      agx_vk_copy_to_buffer(cb, &r->zs, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_ASPECT_STENCIL_BIT, l,
                            r->out.buf, zs_base + r->layers * dsize + l * (size_t)W * H);
   }
   agx_vk_host_barrier(cb);
}

/* Builds scene s, records it (the clears before, the pass with the scene's draws, inline or
 * from a secondary, the copies out), submits it as one render command and checks it. */
static unsigned
run_scene(struct gpu *g, const struct ci_scene *s)
{
   static struct ci_run r;
   memset(&r, 0, sizeof(r));
   r.g = g;
   r.s = s;
   r.layers = or_one(s->layers);
   build(&r);
   VkRect2D area = {{0, 0}, {W, H}};
   if (s->area.x1 > s->area.x0)
      area = (VkRect2D){{s->area.x0, s->area.y0},
                        {(uint32_t)(s->area.x1 - s->area.x0), (uint32_t)(s->area.y1 - s->area.y0)}};
   VkCommandBuffer cb = agx_vk_begin(g->c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   before_pass(&r, cb);
   begin_pass(&r, cb, area);
   VkCommandBuffer sc = s->secondary ? begin_secondary(&r) : cb;
   agx_vk_viewport_scissor(sc, W, H);
   if (s->area.x1 > s->area.x0)
      vkCmdSetScissor(sc, 0, 1, &area); /* draws stay inside the render area */
   vkCmdBindPipeline(sc, VK_PIPELINE_BIND_POINT_GRAPHICS, r.draw);
   s->record(&r, sc);
   if (s->secondary) {
      VK_OK(vkEndCommandBuffer(sc));
      vkCmdExecuteCommands(cb, 1, &sc);
   }
   vkCmdEndRendering(cb);
   copy_out(&r, cb);
   fprintf(stderr, "expect-render-commands 1\n");
   struct timespec t0, t1;
   clock_gettime(CLOCK_MONOTONIC, &t0);
   VK_OK(agx_vk_submit_wait(g->c, cb));
   clock_gettime(CLOCK_MONOTONIC, &t1);
   if (s->timed)
      printf("%s: %.1f ms from submit to idle\n", s->name,
             (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
   unsigned bad = s->check(&r);
   if (s->secondary)
      vkFreeCommandBuffers(g->c->dev, g->c->pool, 1, &sc);
   destroy(&r);
   return bad;
}

/* The two RGBA8 colour attachments (all layers) against r->m. */
static unsigned
check_colours(const struct ci_run *r)
{
   unsigned bad = 0;
   for (int i = 0; i < 2; i++) {
      char what[64];
      snprintf(what, sizeof(what), "%s: colour %d", r->s->name, i);
      bad += compare(what, r->out.map + i * r->layers * r->plane, r->m.col[i], 4,
                     (size_t)W * H * r->layers);
   }
   return bad;
}

/* ---- the scenes ---------------------------------------------------------------------------- */

/* Scenes A (three layers), B (4 samples) and C (from a secondary): draws around a clear of
 * colour attachment 1 over every layer, a depth/stencil clear (and with three layers one of
 * layers 1-2 and a clear of both colours on layer 2), then a stencil-tested draw. */
static void
record_abc(const struct ci_run *r, VkCommandBuffer cb)
{
   struct gpu *g = r->g;
   bool layered = r->layers > 1;
   push_rect(g, cb, r1, k1, 0.5f);
   vkCmdDraw(cb, 6, 1, 0, 0);
   push_rect(g, cb, r2, k2, 0.4f); /* used by the draw after the clear */
   VkClearAttachment a1 = ccolor(1, v1);
   VkClearRect ra_all = crect(ra, 0, r->layers);
   vkCmdClearAttachments(cb, 1, &a1, 1, &ra_all);
   vkCmdDraw(cb, 6, 1, 0, 0); /* pipeline, push constants, viewport of before the clear */
   VkClearAttachment azs = {VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT,
                            0,
                            {.depthStencil = {0.2f, 5}}};
   VkClearRect zr[2] = {crect(rb, 0, 1), crect(rc, 1, 2)};
   vkCmdClearAttachments(cb, 1, &azs, layered ? 2 : 1, zr);
   if (layered) {
      VkClearAttachment both[2] = {ccolor(0, v0b), ccolor(1, v1b)};
      VkClearRect rd2 = crect(rd, 2, 1);
      vkCmdClearAttachments(cb, 2, both, 1, &rd2);
   }
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, r->sten);
   push_rect(g, cb, r3, k3, 0.1f);
   vkCmdDraw(cb, 6, 1, 0, 0);
}

static unsigned
check_abc(struct ci_run *r)
{
   struct model *m = &r->m;
   bool layered = r->layers > 1;
   for (uint32_t l = 0; l < r->layers; l++) {
      m_color(m, 0, l, all, c0);
      m_color(m, 1, l, all, c1);
      m_zs(m, l, all, 1.0f, 0);
   }
   m_draw(m, r1, k1, 0.5f, -1, true);
   for (uint32_t l = 0; l < r->layers; l++)
      m_color(m, 1, l, ra, v1);
   m_draw(m, r2, k2, 0.4f, -1, true);
   m_zs(m, 0, rb, 0.2f, 5);
   if (layered) {
      m_zs(m, 1, rc, 0.2f, 5);
      m_zs(m, 2, rc, 0.2f, 5);
      m_color(m, 0, 2, rd, v0b);
      m_color(m, 1, 2, rd, v1b);
   }
   m_draw(m, r3, k3, 0.1f, 5, false);
   unsigned bad = check_colours(r);
   if (r->s->read_zs) {
      const uint8_t *zs = r->out.map + 2 * r->layers * r->plane;
      size_t n = (size_t)W * H * r->layers;
      bad += compare("A: depth", zs, m->depth, 4, n);
      bad += compare("A: stencil", zs + 4 * n, m->stencil, 1, n);
   }
   return bad;
}

/* Scene D: multiview, view mask 0b101 over three layers; a draw of view 0/2 first, then a
 * clear of a rectangle (every view of the mask), then another draw. Layer 1 (outside the
 * mask) keeps c1 from a clear before the pass. */
static void
record_d(const struct ci_run *r, VkCommandBuffer cb)
{
   push_rect(r->g, cb, r1, k1, 0.5f);
   vkCmdDraw(cb, 6, 1, 0, 0);
   push_rect(r->g, cb, r2, k2, 0.4f);
   VkClearAttachment a0 = ccolor(0, v1);
   VkClearRect rr = crect(ra, 0, 1);
   vkCmdClearAttachments(cb, 1, &a0, 1, &rr);
   vkCmdDraw(cb, 6, 1, 0, 0);
}

static unsigned
check_d(struct ci_run *r)
{
   struct model *m = &r->m;
   for (uint32_t l = 0; l < r->layers; l++) {
      uint32_t v = l == 1 ? pack8(c1) : pack8(c0);
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            m->col[0][l][y][x] = m->col[1][l][y][x] = v;
      if (l == 1)
         continue;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            if (inside(r1, x, y))
               m->col[0][l][y][x] = m->col[1][l][y][x] = pack8(k1);
            if (inside(ra, x, y))
               m->col[0][l][y][x] = pack8(v1);
            /* r2 at 0.4 passes LESS over 1.0 and r1's 0.5 */
            if (inside(r2, x, y))
               m->col[0][l][y][x] = m->col[1][l][y][x] = pack8(k2);
         }
   }
   return check_colours(r);
}

/* Scene E, the pattern of D3D translation layers: DXVK_PAIRS times (draw, clear of a
 * rectangle) in one pass, still one render command; the submission's wall time is printed
 * (not checked: a measurement of the simulated render, see the report of wip/inclear).
 * Pair i: a draw nearer each time (passes LESS), then a clear of a strip of attachment
 * i & 1 and of depth back to 1.0 there. */
#define DXVK_PAIRS 16

static void
dxvk_pair(int i, struct rect *d, struct rect *strip, float *depth, const float **colour)
{
   *d = (struct rect){i, i, i + 12, i + 12};
   *strip = (struct rect){0, 2 * i, W, 2 * i + 1};
   *depth = 0.9f - 0.05f * (float)i;
   *colour = i & 1 ? k1 : k2;
}

static void
record_e(const struct ci_run *r, VkCommandBuffer cb)
{
   for (int i = 0; i < DXVK_PAIRS; i++) {
      struct rect d, s;
      float depth;
      const float *k;
      dxvk_pair(i, &d, &s, &depth, &k);
      push_rect(r->g, cb, d, k, depth);
      vkCmdDraw(cb, 6, 1, 0, 0);
      VkClearAttachment a[2] = {ccolor(i & 1, v1),
                                {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {.depthStencil = {1.0f, 0}}}};
      VkClearRect cr = crect(s, 0, 1);
      vkCmdClearAttachments(cb, 2, a, 1, &cr);
   }
}

static unsigned
check_e(struct ci_run *r)
{
   struct model *m = &r->m;
   m_color(m, 0, 0, all, c0);
   m_color(m, 1, 0, all, c0);
   m_zs(m, 0, all, 1.0f, 0);
   for (int i = 0; i < DXVK_PAIRS; i++) {
      struct rect d, s;
      float depth;
      const float *k;
      dxvk_pair(i, &d, &s, &depth, &k);
      m_draw(m, d, k, depth, -1, true);
      m_color(m, i & 1, 0, s, v1);
      for (int x = 0; x < W; x++)
         m->depth[0][2 * i][x] = 1.0f;
   }
   return check_colours(r);
}

/* Scene F: load-op clears of a partial render area (colour and depth, two layers) are a
 * draw inside the render command too: pixels outside the area keep what they held (c1 from
 * vkCmdClearColorImage, depth 0.6 from vkCmdClearDepthStencilImage), inside the colour is c0
 * and the depth 0.3, which a draw at 0.45 (LESS) fails inside the area and passes outside. */
static const struct rect f_in = {16, 8, 24, 16}; /* drawn at 0.2: passes */

static void
record_f(const struct ci_run *r, VkCommandBuffer cb)
{
   push_rect(r->g, cb, r1, k1, 0.45f); /* fails against the cleared 0.3 */
   vkCmdDraw(cb, 6, 1, 0, 0);
   push_rect(r->g, cb, f_in, k2, 0.2f);
   vkCmdDraw(cb, 6, 1, 0, 0);
}

static unsigned
check_f(struct ci_run *r)
{
   for (uint32_t l = 0; l < r->layers; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            bool in = inside(r->s->area, x, y), drawn = l == 0 && inside(f_in, x, y);
            r->m.col[0][l][y][x] = pack8(drawn ? k2 : in ? c0 : c1);
            r->m.col[1][l][y][x] = pack8(drawn ? k2 : c1);
         }
   return check_colours(r);
}

/* Scene G: four 4-sample RGBA32F attachments, which spill the tilebuffer (eMRT, agxv_emrt.h):
 * a draw to attachments 0-1, a clear of attachments 1 and 3 (3 spilled), another draw; one
 * render command, every attachment resolved and compared. */
static const float *const g_init[4] = {c0, c1, k3, c0};

static void
record_g(const struct ci_run *r, VkCommandBuffer cb)
{
   push_rect(r->g, cb, r1, k1, 0.5f);
   vkCmdDraw(cb, 6, 1, 0, 0);
   VkClearAttachment a[2] = {ccolor(1, v1), ccolor(3, v0b)};
   VkClearRect cr = crect(ra, 0, 1);
   vkCmdClearAttachments(cb, 2, a, 1, &cr);
   push_rect(r->g, cb, r2, k2, 0.4f);
   vkCmdDraw(cb, 6, 1, 0, 0);
}

static unsigned
check_g(struct ci_run *r)
{
   static float want[4][H][W][4];
   for (int i = 0; i < 4; i++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const float *v = g_init[i];
            if (i < 2 && inside(r1, x, y))
               v = k1;
            if (i == 1 && inside(ra, x, y))
               v = v1;
            if (i == 3 && inside(ra, x, y))
               v = v0b;
            if (i < 2 && inside(r2, x, y))
               v = k2;
            memcpy(want[i][y][x], v, 16);
         }
   unsigned bad = 0;
   for (int i = 0; i < 4; i++) {
      char what[64];
      snprintf(what, sizeof(what), "%s, attachment %d", r->s->name, i);
      bad += compare(what, r->out.map + i * r->plane, want[i], 16, (size_t)W * H);
   }
   return bad;
}

#define SRC VK_IMAGE_USAGE_TRANSFER_SRC_BIT
#define DST VK_IMAGE_USAGE_TRANSFER_DST_BIT
/* two RGBA8 colour attachments and ZS */
#define TWO_RGBA_ZS .format = RGBA, .color_count = 2, .zs = true

static const struct ci_scene scenes[] = {
   {.name = "A",
    TWO_RGBA_ZS,
    .load_depth = 1.0f,
    .layers = LAYERS,
    .color_usage = SRC,
    .zs_usage = SRC,
    .read_zs = true,
    .load = {c0, c1},
    .stencil_pipe = true,
    .record = record_abc,
    .check = check_abc},
   {.name = "B: 4 samples",
    TWO_RGBA_ZS,
    .load_depth = 1.0f,
    .samples = VK_SAMPLE_COUNT_4_BIT,
    .color_usage = SRC,
    .load = {c0, c1},
    .stencil_pipe = true,
    .record = record_abc,
    .check = check_abc},
   {.name = "C: secondary",
    TWO_RGBA_ZS,
    .load_depth = 1.0f,
    .color_usage = SRC,
    .load = {c0, c1},
    .secondary = true,
    .stencil_pipe = true,
    .record = record_abc,
    .check = check_abc},
   {.name = "D: multiview",
    TWO_RGBA_ZS,
    .load_depth = 1.0f,
    .layers = LAYERS,
    .view_mask = 0x5,
    .color_usage = SRC | DST,
    .load = {c0, c0},
    .pre_color = c1,
    .record = record_d,
    .check = check_d},
   {.name = "E: 16 x (draw, clear) in one pass",
    TWO_RGBA_ZS,
    .load_depth = 1.0f,
    .color_usage = SRC,
    .load = {c0, c0},
    .timed = true,
    .record = record_e,
    .check = check_e},
   {.name = "F: partial area",
    TWO_RGBA_ZS,
    .layers = 2,
    .color_usage = SRC | DST,
    .depth_only = true,
    .zs_usage = DST,
    .load = {c0, NULL},
    .load_depth = 0.3f,
    .pre_color = c1,
    .pre_depth = 0.6f,
    .area = {8, 4, 24, 20},
    .record = record_f,
    .check = check_f},
   {.name = "G: spilled (eMRT) pass",
    .format = VK_FORMAT_R32G32B32A32_SFLOAT,
    .color_count = 4,
    .written = 0x3,
    .samples = VK_SAMPLE_COUNT_4_BIT,
    .load = {c0, c1, k3, c0},
    .record = record_g,
    .check = check_g},
};
#define NSCENES (sizeof(scenes) / sizeof(scenes[0]))

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
   VkPhysicalDeviceFeatures f10 = {.independentBlend = VK_TRUE}; /* scene G's write masks */
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g = {.c = &c};
   g.vs = agx_vk_shader(&c, argv[1]);
   g.fs = agx_vk_shader(&c, argv[2]);
   g.layout = agx_vk_pipeline_layout(
      &c, 0, NULL, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, sizeof(struct push));
   unsigned bad = 0;
   for (size_t i = 0; i < NSCENES; i++)
      bad += run_scene(&g, &scenes[i]);
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
