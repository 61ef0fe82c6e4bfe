/*
 * Input attachments read from the tilebuffer (issues 18 and 20) through the
 * loader: two-subpass render passes whose subpasses the driver records as
 * one render command (icd/agxv_render_pass_merge.c), every pixel read back
 * and compared with a CPU model of the rectangles drawn (edges on pixel
 * boundaries, so coverage is exact):
 *  - "merged": subpass 0 draws depth-tested rectangles into an RGBA8 unorm
 *    and an RG16 sint attachment and a D32 depth attachment; subpass 1,
 *    depth-tested against that depth (LESS, no write), reads both colour
 *    attachments with subpassLoad and writes a function of them into an
 *    RGBA32 float attachment (sign extension of the sint values, the
 *    missing components (0, 0, 0, 1));
 *  - "split": the same with a dependency whose access (SHADER_READ) needs
 *    the attachments in memory: two render commands, input attachments
 *    read as textures, the same pixels;
 *  - "merged, no depth in subpass 1": subpass 1 without the depth
 *    attachment (still merged: the render command keeps subpass 0's), its
 *    pipeline with a dynamic depth test enabled (compare op NEVER): no
 *    depth test happens (Vulkan: no depth attachment, no test), the whole
 *    quad is written;
 *  - "ms4": 4 samples, subpass 0 shaded per sample writes a red per
 *    sample; subpass 1 shaded per pixel reads each sample explicitly
 *    (subpassLoad(ms, k)); resolved (average) into a single-sample image;
 *  - "ms4 per sample": subpass 1 shaded per sample reads its own sample,
 *    the mirrored one and a constant one;
 *  - "layers": a two-layer framebuffer, a geometry shader drawing on both
 *    layers, the input attachment (each layer cleared to its own colour,
 *    loadOp LOAD) read at the fragment's layer: as a texture (one subpass)
 *    and from the tilebuffer (an empty subpass 0 rendering it, merged).
 *  - "dynamic index": three merged subpasses; 0 and 1 draw rectangles into
 *    two RGBA8 attachments, 2 reads an array of three input attachments
 *    (those two, in the tilebuffer, and one only in memory) at a
 *    dynamically uniform index (one per column of quads) and at a
 *    non-uniform one ((x + y) % 3); the attachments' memory before the
 *    pass holds other colours, so a stale texture read shows. Not a row
 *    of `scenes[]` (three subpasses and dependencies, one arrayed binding):
 *    scene_dynamic_index() builds it itself.
 * Every scene is a row of `scenes[]` (its attachments, subpasses, dependency, input
 * attachments, pipelines, copies out and expected render commands) built and recorded by
 * run_scene(); each row names its own draws and checks. A new scene is a new row.
 * Before each submission the test prints "expect-render-commands N" on
 * stderr; check_render_commands.py runs it with AGX_DEBUG=submit and
 * checks that the driver's SUBMIT has N render commands (1 merged, 2
 * split). The same program runs on lavapipe (--reference) and under
 * validation.
 *
 * test_subpass_tile RECT_VERT WRITE_FRAG READ_FRAG MS_WRITE_FRAG MS_READ_FRAG MS_READ_PS_FRAG
 *                   LAYER_GEOM READ_LAYER_FRAG READ_DYN_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 64
#define PLANE ((VkDeviceSize)W * H) /* texels of one image */
#define MAX_ATTS 4
#define MAX_COPIES 4

struct push {
   float rect[4];
   float colour[4];
   int32_t ival[4];
   float depth;
};

struct rect {
   int x0, y0, x1, y1;
};

/* The shaders, in the order of the command line. */
enum shader {
   SH_NONE,
   SH_RECT_VERT,
   SH_WRITE_FRAG,
   SH_READ_FRAG,
   SH_MS_WRITE_FRAG,
   SH_MS_READ_FRAG,
   SH_MS_READ_PS_FRAG,
   SH_LAYER_GEOM,
   SH_READ_LAYER_FRAG,
   SH_READ_DYN_FRAG,
   SH_COUNT
};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule mod[SH_COUNT];
   struct agx_vk_buffer out;
};

/* ---- scene descriptions ------------------------------------------------------- */

/* An attachment: its image (layers: the scene's) and its load/store ops. */
struct st_att {
   VkFormat format;
   VkSampleCountFlagBits samples; /* 0: one */
   VkImageUsageFlags usage;
   VkImageAspectFlags aspect; /* 0: colour */
   VkAttachmentLoadOp load;
   VkAttachmentStoreOp store;
};

/* Attachment references: ATT(i) is attachment i, 0 none. */
#define ATT(i) ((i) + 1)

/* A subpass (every reference in GENERAL layout). */
struct st_subpass {
   uint32_t input_count, inputs[2];
   uint32_t color_count, colors[2];
   uint32_t resolve, depth; /* ATT(i) or 0 */
};

/* The pipeline a subpass draws with (fs SH_NONE: it draws nothing). */
struct st_pipe {
   enum shader fs, gs;
   uint32_t colors;
   VkSampleCountFlagBits samples; /* 0: one */
   bool depth;                    /* depth test LESS, writing in subpass 0 only */
   bool dynamic_depth;            /* depth test enable and compare op dynamic */
   bool set;                      /* the input-attachment set bound */
};

/* A copy of one layer of an attachment to the output buffer. */
struct st_copy {
   uint32_t att, layer;
   VkDeviceSize offset; /* bytes */
};

struct st_run;

struct st_scene {
   const char *name;
   uint32_t layers; /* of the images and the framebuffer (0: one) */
   uint32_t att_count;
   struct st_att att[MAX_ATTS];
   uint32_t subpass_count;
   struct st_subpass sub[2];
   uint32_t dependency_count;
   VkSubpassDependency dep;
   uint32_t input_count; /* set bindings: input attachments of these attachments */
   uint32_t inputs[2];
   struct st_pipe pipe[2]; /* of each subpass */
   uint32_t copy_count;
   struct st_copy copy[MAX_COPIES];
   unsigned render_commands; /* expected in the submission */
   /* the render pass's clear values (NULL: zero) */
   void (*clears)(VkClearValue *v);
   /* recorded before the render pass (NULL: nothing) */
   void (*before)(const struct st_run *r, VkCommandBuffer cb);
   /* subpass i's draws, its pipeline (and set) bound */
   void (*draw)(const struct st_run *r, VkCommandBuffer cb, uint32_t subpass);
   /* the output buffer against the CPU model: prints and returns the failures */
   unsigned (*check)(const struct st_run *r);
};

/* What run_scene made for a scene. */
struct st_run {
   struct gpu *g;
   const struct st_scene *s;
   struct agx_vk_image img[MAX_ATTS];
   VkRenderPass rp;
   VkFramebuffer fb;
   struct agx_vk_set set;
   VkPipelineLayout layout[2]; /* without, with the set */
   VkPipeline pipe[2];
};

/* ---- building blocks ----------------------------------------------------------- */

static float
unorm8(uint8_t v)
{
   return (float)(v / 255.0);
}

static void
draw_rect(VkCommandBuffer cb, VkPipelineLayout layout, struct rect r, const float colour[4],
          const int32_t ival[2], float depth)
{
   struct push p = {
      .rect = {r.x0 * 2.0f / W - 1.0f, r.y0 * 2.0f / H - 1.0f, r.x1 * 2.0f / W - 1.0f,
               r.y1 * 2.0f / H - 1.0f},
      .depth = depth,
   };
   memcpy(p.colour, colour, sizeof(p.colour));
   if (ival) {
      p.ival[0] = ival[0];
      p.ival[1] = ival[1];
   }
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                      sizeof(p), &p);
   vkCmdDraw(cb, 6, 1, 0, 0);
}

/* The layout subpass i's pipeline uses. */
static VkPipelineLayout
layout_of(const struct st_run *r, uint32_t subpass)
{
   return r->layout[r->s->pipe[subpass].set];
}

static bool
inside(struct rect r, int x, int y)
{
   return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
}

static void
expect_render_commands(unsigned n)
{
   fprintf(stderr, "expect-render-commands %u\n", n);
   fflush(stderr);
}

/* ---- "merged" / "split" / "merged, no depth in subpass 1" ------------------------ */

/* rectangles in draw order with their colour, integers, depth; the reader's quad */
static const uint8_t tile_k[3][4] = {{255, 128, 0, 64}, {3, 250, 77, 255}, {90, 10, 200, 128}};
static const int32_t tile_iv[3][2] = {{-300, 1234}, {32767, -32768}, {-1, 5}};
static const float tile_kd[3] = {0.25f, 0.75f, 0.5f};
static const struct rect tile_r[3] = {{4, 4, 40, 36}, {24, 16, 60, 56}, {0, 40, 20, 64}};
static const struct rect tile_quad = {2, 2, 62, 62};
static const uint8_t tile_clear_a[4] = {10, 20, 30, 255};
static const int32_t tile_clear_s[2] = {-7, 9};
static const float tile_clear_c[4] = {0.5f, -1.0f, 2.0f, 3.0f};

static void
tile_clears(VkClearValue *v)
{
   for (int i = 0; i < 4; i++)
      v[0].color.float32[i] = unorm8(tile_clear_a[i]);
   v[1].color.int32[0] = tile_clear_s[0];
   v[1].color.int32[1] = tile_clear_s[1];
   v[2].depthStencil = (VkClearDepthStencilValue){1.0f, 0};
   memcpy(v[3].color.float32, tile_clear_c, sizeof(tile_clear_c));
}

static void
tile_draw(const struct st_run *r, VkCommandBuffer cb, uint32_t subpass)
{
   if (subpass == 0) {
      for (int i = 0; i < 3; i++) {
         float col[4];
         for (int j = 0; j < 4; j++)
            col[j] = unorm8(tile_k[i][j]);
         draw_rect(cb, layout_of(r, 0), tile_r[i], col, tile_iv[i], tile_kd[i]);
      }
      return;
   }
   if (r->s->pipe[1].dynamic_depth) {
      /* a test that would reject everything, were there a depth attachment */
      vkCmdSetDepthTestEnable(cb, VK_TRUE);
      vkCmdSetDepthCompareOp(cb, VK_COMPARE_OP_NEVER);
   }
   draw_rect(cb, layout_of(r, 1), tile_quad, tile_clear_c, NULL, 0.5f);
}

/* CPU model: depth-tested rectangles, then the reader where its depth passes (everywhere
 * in its quad without a depth attachment in subpass 1). */
static unsigned
tile_check(const struct st_run *r)
{
   const char *name = r->s->name;
   bool nodepth = !r->s->sub[1].depth;
   static uint8_t ra[W * H][4];
   static int32_t rs[W * H][2];
   static float rd[W * H];
   for (int p = 0; p < W * H; p++) {
      memcpy(ra[p], tile_clear_a, 4);
      rs[p][0] = tile_clear_s[0], rs[p][1] = tile_clear_s[1];
      rd[p] = 1.0f;
   }
   for (int i = 0; i < 3; i++)
      for (int y = tile_r[i].y0; y < tile_r[i].y1; y++)
         for (int x = tile_r[i].x0; x < tile_r[i].x1; x++) {
            int p = y * W + x;
            if (!(tile_kd[i] < rd[p]))
               continue;
            memcpy(ra[p], tile_k[i], 4);
            rs[p][0] = tile_iv[i][0], rs[p][1] = tile_iv[i][1];
            rd[p] = tile_kd[i];
         }
   unsigned bad = 0;
   const uint8_t *ga = r->g->out.map;
   const int16_t *gs = (const int16_t *)(r->g->out.map + 4 * PLANE);
   const float *gc = (const float *)(r->g->out.map + 8 * PLANE);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int p = y * W + x;
         float want[4];
         memcpy(want, tile_clear_c, sizeof(want));
         if (inside(tile_quad, x, y) && (nodepth || 0.5f < rd[p])) {
            float a[4];
            for (int j = 0; j < 4; j++)
               a[j] = unorm8(ra[p][j]);
            /* (s.x, s.y, 0, 1): RG16 sint's missing components */
            want[0] = a[0] + a[1];
            want[1] = a[2] * 2.0f - a[3];
            want[2] = (float)rs[p][0];
            want[3] = (float)rs[p][1] * 0.5f + 1.0f;
         }
         bool ok =
            !memcmp(ga + 4 * p, ra[p], 4) && gs[2 * p] == rs[p][0] && gs[2 * p + 1] == rs[p][1];
         for (int j = 0; j < 4; j++)
            ok &= fabsf(gc[4 * p + j] - want[j]) <= 1e-5f * fmaxf(1.0f, fabsf(want[j]));
         if (!ok && bad++ < 5)
            fprintf(stderr,
                    "%s: pixel (%d, %d): A %u %u %u %u S %d %d C %g %g %g %g, want A %u %u %u %u "
                    "S %d %d C %g %g %g %g\n",
                    name, x, y, ga[4 * p], ga[4 * p + 1], ga[4 * p + 2], ga[4 * p + 3], gs[2 * p],
                    gs[2 * p + 1], gc[4 * p], gc[4 * p + 1], gc[4 * p + 2], gc[4 * p + 3], ra[p][0],
                    ra[p][1], ra[p][2], ra[p][3], rs[p][0], rs[p][1], want[0], want[1], want[2],
                    want[3]);
      }
   printf("%s: subpassLoad of RGBA8 unorm and RG16 sint, depth-tested: %s\n", name,
          bad ? "FAIL" : "ok");
   return bad;
}

/* ---- "ms4" / "ms4 per sample": 4 samples, explicit samples ----------------------- */

/* the background, then a square of another green */
static const uint8_t ms_green[2] = {100, 200};
static const struct rect ms_r[2] = {{0, 0, W, H}, {16, 16, 48, 48}};

static void
ms_draw(const struct st_run *r, VkCommandBuffer cb, uint32_t subpass)
{
   if (subpass == 0) {
      for (int i = 0; i < 2; i++) {
         const float col[4] = {0.0f, unorm8(ms_green[i]), unorm8(50), 1.0f};
         draw_rect(cb, layout_of(r, 0), ms_r[i], col, NULL, 0.5f);
      }
      return;
   }
   const float none[4] = {0};
   draw_rect(cb, layout_of(r, 1), ms_r[0], none, NULL, 0.5f);
}

/* sample s of subpass 0 has red 20 + 60 s; every sample of subpass 1 the same value (per
 * pixel) or values averaging as below (per sample: own + mirrored average to 110, sample 2
 * is 140) */
static unsigned
ms_check(const struct st_run *r)
{
   const char *name = r->s->name;
   bool per_sample = r->s->pipe[1].fs == SH_MS_READ_PS_FRAG;
   unsigned bad = 0;
   const uint8_t *gr = r->g->out.map;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int p = y * W + x;
         bool inner = inside(ms_r[1], x, y);
         uint8_t want[4] = {20, 80, 140, 200};
         if (per_sample) {
            want[0] = want[1] = 110;
            want[2] = 140;
            want[3] = ms_green[inner];
         }
         if (memcmp(gr + 4 * p, want, 4) && bad++ < 5)
            fprintf(stderr, "%s: pixel (%d, %d): %u %u %u %u, want %u %u %u %u\n", name, x, y,
                    gr[4 * p], gr[4 * p + 1], gr[4 * p + 2], gr[4 * p + 3], want[0], want[1],
                    want[2], want[3]);
      }
   printf("%s: subpassLoad of a 4-sample attachment at explicit samples, resolved: %s\n", name,
          bad ? "FAIL" : "ok");
   return bad;
}

/* ---- "layers" / "layers merged": input attachments of a layered framebuffer ------ */

/* each layer of the input its own colour before the pass; the reader's quad */
static const uint8_t layers_pat[2][4] = {{200, 100, 50, 255}, {7, 77, 177, 33}};
static const struct rect layers_quad = {8, 4, 56, 60};

static void
layers_before(const struct st_run *r, VkCommandBuffer cb)
{
   for (uint32_t l = 0; l < 2; l++) {
      VkClearColorValue v;
      for (int j = 0; j < 4; j++)
         v.float32[j] = unorm8(layers_pat[l][j]);
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, l, 1};
      vkCmdClearColorImage(cb, r->img[0].image, VK_IMAGE_LAYOUT_GENERAL, &v, 1, &range);
   }
   agx_vk_memory_barrier(cb, AGX_VK_CLEAR_WRITE, AGX_VK_ALL_RW);
}

static void
layers_draw(const struct st_run *r, VkCommandBuffer cb, uint32_t subpass)
{
   const float none[4] = {0};
   draw_rect(cb, layout_of(r, subpass), layers_quad, none, NULL, 0.5f);
}

/* lavapipe reads layer 0 of the view on every layer (its nir_lower_input_attachments runs
 * without use_layer_id_sysval); anv, nvk, panvk, dozen and Honeykrisp read the fragment's
 * layer, as agx-vk does: layer 1 is checked on agx-vk only */
static unsigned
layers_check(const struct st_run *r)
{
   const char *name = r->s->name;
   unsigned bad = 0;
   for (uint32_t l = 0; l < (r->g->c->reference ? 1u : 2u); l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const uint8_t *got = r->g->out.map + l * 4 * PLANE + 4 * (y * W + x);
            uint8_t want[4] = {0, 0, 0, 0};
            if (inside(layers_quad, x, y))
               for (int j = 0; j < 4; j++)
                  want[j] = layers_pat[l][3 - j];
            if (memcmp(got, want, 4) && bad++ < 5)
               fprintf(stderr, "%s: layer %u pixel (%d, %d): %u %u %u %u, want %u %u %u %u\n", name,
                       l, x, y, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
         }
   printf("%s: subpassLoad at the fragment's layer: %s\n", name, bad ? "FAIL" : "ok");
   return bad;
}

/* ---- the scenes ------------------------------------------------------------------ */

#define USE_ATT_IN                                                              \
   (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT | \
    VK_IMAGE_USAGE_TRANSFER_SRC_BIT)
#define USE_ATT_SRC (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT)
#define LOAD_CLEAR VK_ATTACHMENT_LOAD_OP_CLEAR
#define STORE VK_ATTACHMENT_STORE_OP_STORE
#define DONT_STORE VK_ATTACHMENT_STORE_OP_DONT_CARE

/* The input attachments and the depth test of subpass 1 after subpass 0's writes, at the
 * same pixel; "split" also reads the attachments as shader resources (`extra`
 * SHADER_READ), which needs them in memory. */
#define TILE_DEP(extra)                                                                       \
   {                                                                                          \
      .srcSubpass = 0, .dstSubpass = 1,                                                       \
      .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |                         \
                      VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,                              \
      .dstStageMask =                                                                         \
         VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT,  \
      .srcAccessMask =                                                                        \
         VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, \
      .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT |                                  \
                       VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT | (extra),                 \
      .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT                                          \
   }

/* Colour writes of subpass 0 before subpass 1's input attachment reads, per pixel. */
#define COLOR_DEP                                                    \
   {                                                                 \
      .srcSubpass = 0, .dstSubpass = 1,                              \
      .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, \
      .dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,         \
      .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,         \
      .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,          \
      .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT                 \
   }

/* subpass 0 writes A (RGBA8 unorm) and S (RG16 sint) depth-tested against D (D32); subpass
 * 1 reads A and S and writes C (RGBA32 float); A, S, C copied out. The rows add subpass 1's
 * depth attachment, the dependency and subpass 1's pipeline. */
#define TILE_COMMON                                                                                \
   .att_count = 4,                                                                                 \
   .att = {{VK_FORMAT_R8G8B8A8_UNORM, 0, USE_ATT_IN, 0, LOAD_CLEAR, STORE},                        \
           {VK_FORMAT_R16G16_SINT, 0, USE_ATT_IN, 0, LOAD_CLEAR, STORE},                           \
           {VK_FORMAT_D32_SFLOAT, 0, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,                  \
            VK_IMAGE_ASPECT_DEPTH_BIT, LOAD_CLEAR, DONT_STORE},                                    \
           {VK_FORMAT_R32G32B32A32_SFLOAT, 0, USE_ATT_SRC, 0, LOAD_CLEAR, STORE}},                 \
   .subpass_count = 2, .dependency_count = 1, .input_count = 2, .inputs = {0, 1}, .copy_count = 3, \
   .copy = {{0, 0, 0}, {1, 0, 4 * PLANE}, {3, 0, 8 * PLANE}}, .clears = tile_clears,               \
   .draw = tile_draw, .check = tile_check
#define TILE_SUB0                                         \
   {                                                      \
      .color_count = 2, .colors = {0, 1}, .depth = ATT(2) \
   }
#define TILE_SUB1 .input_count = 2, .inputs = {0, 1}, .color_count = 1, .colors = {3}
#define TILE_PIPE0                                    \
   {                                                  \
      .fs = SH_WRITE_FRAG, .colors = 2, .depth = true \
   }
#define TILE_PIPE1 .fs = SH_READ_FRAG, .colors = 1, .set = true

/* subpass 0 shades per sample, writing A (4 samples); subpass 1 reads A's samples, writes C
 * (4 samples) resolved into R; R copied out. The rows add subpass 1's shader. */
#define MS_COMMON                                                                                  \
   .att_count = 3,                                                                                 \
   .att = {{VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_4_BIT,                                       \
            VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT, 0,          \
            LOAD_CLEAR, DONT_STORE},                                                               \
           {VK_FORMAT_R8G8B8A8_UNORM, VK_SAMPLE_COUNT_4_BIT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,  \
            0, LOAD_CLEAR, DONT_STORE},                                                            \
           {VK_FORMAT_R8G8B8A8_UNORM, 0, USE_ATT_SRC, 0, VK_ATTACHMENT_LOAD_OP_DONT_CARE, STORE}}, \
   .subpass_count = 2,                                                                             \
   .sub = {{.color_count = 1, .colors = {0}},                                                      \
           {.input_count = 1, .inputs = {0}, .color_count = 1, .colors = {1}, .resolve = ATT(2)}}, \
   .dependency_count = 1, .dep = COLOR_DEP, .input_count = 1, .inputs = {0}, .copy_count = 1,      \
   .copy = {{2, 0, 0}}, .render_commands = 1, .draw = ms_draw, .check = ms_check
#define MS_PIPE0                                                            \
   {                                                                        \
      .fs = SH_MS_WRITE_FRAG, .colors = 1, .samples = VK_SAMPLE_COUNT_4_BIT \
   }
#define MS_PIPE1 .colors = 1, .samples = VK_SAMPLE_COUNT_4_BIT, .set = true

/* two layers: A (each layer cleared to its own colour, loaded) read at the fragment's layer
 * (a geometry shader draws on both) into B; both layers of B copied out. The rows add the
 * subpasses: the reader alone, or behind an empty subpass 0 rendering A. */
#define LAYERS_COMMON                                                                        \
   .layers = 2, .att_count = 2,                                                              \
   .att = {{VK_FORMAT_R8G8B8A8_UNORM, 0,                                                     \
            VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |      \
               VK_IMAGE_USAGE_TRANSFER_DST_BIT,                                              \
            0, VK_ATTACHMENT_LOAD_OP_LOAD, STORE},                                           \
           {VK_FORMAT_R8G8B8A8_UNORM, 0, USE_ATT_SRC, 0, LOAD_CLEAR, STORE}},                \
   .input_count = 1, .inputs = {0}, .copy_count = 2, .copy = {{1, 0, 0}, {1, 1, 4 * PLANE}}, \
   .render_commands = 1, .before = layers_before, .draw = layers_draw, .check = layers_check
#define LAYERS_READ_SUB                                                  \
   {                                                                     \
      .input_count = 1, .inputs = {0}, .color_count = 1, .colors = { 1 } \
   }
#define LAYERS_READ_PIPE                                                      \
   {                                                                          \
      .fs = SH_READ_LAYER_FRAG, .gs = SH_LAYER_GEOM, .colors = 1, .set = true \
   }

static const struct st_scene scenes[] = {
   {.name = "merged",
    TILE_COMMON,
    .sub = {TILE_SUB0, {TILE_SUB1, .depth = ATT(2)}},
    .dep = TILE_DEP(0),
    .pipe = {TILE_PIPE0, {TILE_PIPE1, .depth = true}},
    .render_commands = 1},
   /* the dependency's SHADER_READ needs the attachments in memory: two render commands */
   {.name = "split",
    TILE_COMMON,
    .sub = {TILE_SUB0, {TILE_SUB1, .depth = ATT(2)}},
    .dep = TILE_DEP(VK_ACCESS_SHADER_READ_BIT),
    .pipe = {TILE_PIPE0, {TILE_PIPE1, .depth = true}},
    .render_commands = 2},
   /* subpass 1 without the depth attachment (still merged: the render command keeps subpass
    * 0's), its pipeline with a dynamic depth test that would reject everything */
   {.name = "merged, no depth in subpass 1",
    TILE_COMMON,
    .sub = {TILE_SUB0, {TILE_SUB1}},
    .dep = TILE_DEP(0),
    .pipe = {TILE_PIPE0, {TILE_PIPE1, .dynamic_depth = true}},
    .render_commands = 1},
   /* subpass 1 shaded per pixel reads each sample explicitly */
   {.name = "ms4", MS_COMMON, .pipe = {MS_PIPE0, {.fs = SH_MS_READ_FRAG, MS_PIPE1}}},
   /* subpass 1 shaded per sample reads its own sample, the mirrored one and a constant one */
   {.name = "ms4 per sample", MS_COMMON, .pipe = {MS_PIPE0, {.fs = SH_MS_READ_PS_FRAG, MS_PIPE1}}},
   /* the input attachment read as a texture (one subpass) */
   {.name = "layers",
    LAYERS_COMMON,
    .subpass_count = 1,
    .sub = {LAYERS_READ_SUB},
    .pipe = {LAYERS_READ_PIPE}},
   /* from the tilebuffer: an empty subpass 0 renders it, merged */
   {.name = "layers merged",
    LAYERS_COMMON,
    .subpass_count = 2,
    .sub = {{.color_count = 1, .colors = {0}}, LAYERS_READ_SUB},
    .dependency_count = 1,
    .dep = COLOR_DEP,
    .pipe = {{.fs = SH_NONE}, LAYERS_READ_PIPE}},
};
#define NSCENES (sizeof(scenes) / sizeof(scenes[0]))

/* ---- building and running a scene --------------------------------------------- */

static VkRenderPass
make_render_pass(struct agx_vk_ctx *c, const struct st_scene *s)
{
   VkAttachmentDescription atts[MAX_ATTS];
   for (uint32_t i = 0; i < s->att_count; i++) {
      const struct st_att *a = &s->att[i];
      atts[i] = (VkAttachmentDescription){
         .format = a->format,
         .samples = a->samples ? a->samples : VK_SAMPLE_COUNT_1_BIT,
         .loadOp = a->load,
         .storeOp = a->store,
         .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
         .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
         .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
         .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
      };
   }
   const VkImageLayout gen = VK_IMAGE_LAYOUT_GENERAL;
   VkAttachmentReference in[2][2], col[2][2], res[2], depth[2];
   VkSubpassDescription sub[2];
   for (uint32_t i = 0; i < s->subpass_count; i++) {
      const struct st_subpass *d = &s->sub[i];
      for (uint32_t j = 0; j < d->input_count; j++)
         in[i][j] = (VkAttachmentReference){d->inputs[j], gen};
      for (uint32_t j = 0; j < d->color_count; j++)
         col[i][j] = (VkAttachmentReference){d->colors[j], gen};
      res[i] = (VkAttachmentReference){d->resolve - 1, gen};
      depth[i] = (VkAttachmentReference){d->depth - 1, gen};
      sub[i] = (VkSubpassDescription){
         .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
         .inputAttachmentCount = d->input_count,
         .pInputAttachments = d->input_count ? in[i] : NULL,
         .colorAttachmentCount = d->color_count,
         .pColorAttachments = col[i],
         .pResolveAttachments = d->resolve ? &res[i] : NULL,
         .pDepthStencilAttachment = d->depth ? &depth[i] : NULL,
      };
   }
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = s->att_count,
                                  .pAttachments = atts,
                                  .subpassCount = s->subpass_count,
                                  .pSubpasses = sub,
                                  .dependencyCount = s->dependency_count,
                                  .pDependencies = &s->dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   return rp;
}

static VkPipeline
make_pipeline(const struct st_run *r, uint32_t subpass)
{
   const struct st_pipe *d = &r->s->pipe[subpass];
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout_of(r, subpass), r->g->mod[SH_RECT_VERT], r->g->mod[d->fs],
                       VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   if (d->gs)
      agx_vk_gfx_stage(&b, AGX_VK_GS, r->g->mod[d->gs]);
   b.ci.renderPass = r->rp;
   b.ci.subpass = subpass;
   b.cb.attachmentCount = d->colors;
   for (uint32_t i = 0; i < d->colors; i++)
      b.att[i] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = 0xF};
   b.ms.rasterizationSamples = d->samples ? d->samples : VK_SAMPLE_COUNT_1_BIT;
   if (d->depth) {
      b.ds.depthTestEnable = VK_TRUE;
      b.ds.depthWriteEnable = subpass == 0;
      b.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   }
   if (d->dynamic_depth) {
      b.dynamic[b.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE;
      b.dynamic[b.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_DEPTH_COMPARE_OP;
   }
   return agx_vk_gfx_create(r->g->c, &b);
}

/* Images, render pass, framebuffer, input-attachment set, layouts and pipelines of s. */
static void
build(struct gpu *g, const struct st_scene *s, struct st_run *r)
{
   struct agx_vk_ctx *c = g->c;
   memset(r, 0, sizeof(*r));
   r->g = g;
   r->s = s;
   VkImageView views[MAX_ATTS];
   for (uint32_t i = 0; i < s->att_count; i++) {
      const struct st_att *a = &s->att[i];
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){a->format, W, H, .layers = s->layers,
                                                      .samples = a->samples, .usage = a->usage,
                                                      .aspect = a->aspect},
                          &r->img[i]);
      views[i] = r->img[i].view;
   }
   r->rp = make_render_pass(c, s);
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = r->rp,
                                  .attachmentCount = s->att_count,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = s->layers ? s->layers : 1};
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &r->fb));
   struct agx_vk_binding bind[2];
   for (uint32_t i = 0; i < s->input_count; i++)
      bind[i] =
         (struct agx_vk_binding){VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_SHADER_STAGE_FRAGMENT_BIT};
   agx_vk_set_create(c, s->input_count, bind, &r->set);
   for (uint32_t i = 0; i < s->input_count; i++)
      agx_vk_set_image(c, &r->set, i, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_NULL_HANDLE,
                       r->img[s->inputs[i]].view, VK_IMAGE_LAYOUT_GENERAL);
   const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   r->layout[0] = agx_vk_pipeline_layout(c, 0, NULL, stages, sizeof(struct push));
   r->layout[1] = agx_vk_pipeline_layout(c, 1, &r->set.layout, stages, sizeof(struct push));
   for (uint32_t i = 0; i < s->subpass_count; i++)
      if (s->pipe[i].fs)
         r->pipe[i] = make_pipeline(r, i);
}

static void
destroy(struct st_run *r)
{
   struct agx_vk_ctx *c = r->g->c;
   for (uint32_t i = 0; i < 2; i++) {
      if (r->pipe[i])
         vkDestroyPipeline(c->dev, r->pipe[i], NULL);
      vkDestroyPipelineLayout(c->dev, r->layout[i], NULL);
   }
   agx_vk_set_free(c, &r->set);
   vkDestroyFramebuffer(c->dev, r->fb, NULL);
   vkDestroyRenderPass(c->dev, r->rp, NULL);
   for (uint32_t i = 0; i < r->s->att_count; i++)
      agx_vk_image_free(c, &r->img[i]);
}

/* Builds scene s, records it (every attachment to GENERAL, `before`, the render pass with
 * each subpass's pipeline, set and draws, the copies out), submits it and checks it. */
static unsigned
run_scene(struct gpu *g, const struct st_scene *s)
{
   struct st_run r;
   build(g, s, &r);
   VkClearValue clears[MAX_ATTS];
   memset(clears, 0, sizeof(clears));
   if (s->clears)
      s->clears(clears);
   VkCommandBuffer cb = agx_vk_begin(g->c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   for (uint32_t i = 0; i < s->att_count; i++)
      agx_vk_barrier(cb, r.img[i].image, r.img[i].aspect, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_GENERAL, AGX_VK_NONE, AGX_VK_ALL_RW);
   if (s->before)
      s->before(&r, cb);
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = r.rp,
                                .framebuffer = r.fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = s->att_count,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   for (uint32_t i = 0; i < s->subpass_count; i++) {
      if (i)
         vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
      if (!r.pipe[i])
         continue; /* draws nothing */
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, r.pipe[i]);
      if (s->pipe[i].set)
         vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, r.layout[1], 0, 1, &r.set.set,
                                 0, NULL);
      s->draw(&r, cb, i);
   }
   vkCmdEndRenderPass(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   for (uint32_t i = 0; i < s->copy_count; i++)
      agx_vk_copy_to_buffer(cb, &r.img[s->copy[i].att], VK_IMAGE_LAYOUT_GENERAL, 0,
                            s->copy[i].layer, g->out.buf, s->copy[i].offset);
   agx_vk_host_barrier(cb);
   expect_render_commands(s->render_commands);
   VK_OK(agx_vk_submit_wait(g->c, cb));
   unsigned bad = s->check(&r);
   destroy(&r);
   return bad;
}

/* ---- "dynamic index": an input attachment array indexed at run time --------- */

/* A single-sample attachment in GENERAL layout throughout. */
static VkAttachmentDescription
dyn_attachment(VkFormat format, VkAttachmentLoadOp load, VkAttachmentStoreOp store)
{
   return (VkAttachmentDescription){
      .format = format,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = load,
      .storeOp = store,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
      .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
}

/* Subpass `subpass`'s pipeline: the rectangle VS, `fs`, `colors` attachments written. */
static VkPipeline
dyn_pipeline(struct gpu *g, VkPipelineLayout layout, VkShaderModule fs, VkRenderPass rp,
             uint32_t subpass, uint32_t colors)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, g->mod[SH_RECT_VERT], fs, VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   b.ci.renderPass = rp;
   b.ci.subpass = subpass;
   b.cb.attachmentCount = colors;
   for (uint32_t i = 0; i < colors; i++)
      b.att[i] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = 0xF};
   return agx_vk_gfx_create(g->c, &b);
}

static void
to_general(VkCommandBuffer cb, const struct agx_vk_image *img)
{
   agx_vk_barrier(cb, img->image, img->aspect, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
                  AGX_VK_NONE, AGX_VK_ALL_RW);
}

static unsigned
scene_dynamic_index(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   const char *name = "dynamic index";
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   const VkImageUsageFlags att_in = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                    VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   /* A, B: drawn by subpasses 0 and 1 (tilebuffer); T: input only (memory); S: the integer
    * output of st_write.frag; C: subpass 2's result */
   struct agx_vk_image A, B, T, S, C;
   agx_vk_image_create(c, &(struct agx_vk_image_desc){rgba, W, H, .usage = att_in}, &A);
   agx_vk_image_create(c, &(struct agx_vk_image_desc){rgba, W, H, .usage = att_in}, &B);
   agx_vk_image_create(c, &(struct agx_vk_image_desc){rgba, W, H, .usage = att_in}, &T);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){VK_FORMAT_R16G16_SINT, W, H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                       &S);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){VK_FORMAT_R32G32B32A32_SFLOAT, W, H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &C);
   VkAttachmentDescription atts[5] = {
      dyn_attachment(rgba, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
      dyn_attachment(rgba, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
      dyn_attachment(rgba, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE),
      dyn_attachment(VK_FORMAT_R16G16_SINT, VK_ATTACHMENT_LOAD_OP_CLEAR,
                     VK_ATTACHMENT_STORE_OP_DONT_CARE),
      dyn_attachment(C.format, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
   };
   const VkImageLayout gen = VK_IMAGE_LAYOUT_GENERAL;
   VkAttachmentReference out0[2] = {{0, gen}, {3, gen}}, out1[2] = {{1, gen}, {3, gen}},
                         in2[3] = {{0, gen}, {2, gen}, {1, gen}}, out2 = {4, gen};
   VkSubpassDescription sub[3] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 2,
       .pColorAttachments = out0},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 2,
       .pColorAttachments = out1},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .inputAttachmentCount = 3,
       .pInputAttachments = in2,
       .colorAttachmentCount = 1,
       .pColorAttachments = &out2},
   };
   VkSubpassDependency deps[3];
   for (uint32_t i = 0; i < 3; i++) {
      bool to2 = i > 0;
      deps[i] = (VkSubpassDependency){
         .srcSubpass = i == 2 ? 1 : 0,
         .dstSubpass = to2 ? 2 : 1,
         .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .dstStageMask = to2 ? VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT
                             : VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
         .dstAccessMask =
            to2 ? VK_ACCESS_INPUT_ATTACHMENT_READ_BIT : VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
         .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
      };
   }
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 5,
                                  .pAttachments = atts,
                                  .subpassCount = 3,
                                  .pSubpasses = sub,
                                  .dependencyCount = 3,
                                  .pDependencies = deps};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkImageView views[5] = {A.view, B.view, T.view, S.view, C.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 5,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   /* one binding of three input attachments: elements A, T, B */
   VkDescriptorSetLayoutBinding lb = {0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 3,
                                      VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &lb};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &dsl));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 3};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &set));
   VkDescriptorImageInfo ii[3] = {{VK_NULL_HANDLE, A.view, gen},
                                  {VK_NULL_HANDLE, T.view, gen},
                                  {VK_NULL_HANDLE, B.view, gen}};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .descriptorCount = 3,
                             .descriptorType = VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT,
                             .pImageInfo = ii};
   vkUpdateDescriptorSets(c->dev, 1, &w, 0, NULL);
   const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   VkPipelineLayout l0 = agx_vk_pipeline_layout(c, 0, NULL, stages, sizeof(struct push));
   VkPipelineLayout l2 = agx_vk_pipeline_layout(c, 1, &dsl, stages, sizeof(struct push));
   VkPipeline p0 = dyn_pipeline(g, l0, g->mod[SH_WRITE_FRAG], rp, 0, 2);
   VkPipeline p1 = dyn_pipeline(g, l0, g->mod[SH_WRITE_FRAG], rp, 1, 2);
   VkPipeline p2 = dyn_pipeline(g, l2, g->mod[SH_READ_DYN_FRAG], rp, 2, 1);

   /* memory before the pass: A, B stale colours (the pass clears them), T its content */
   const uint8_t stale[4] = {1, 2, 3, 4}, t_col[4] = {60, 160, 20, 220};
   const uint8_t clear_ab[2][4] = {{10, 20, 30, 255}, {250, 240, 230, 0}};
   const uint8_t k[2][2][4] = {{{255, 128, 0, 64}, {3, 250, 77, 255}},
                               {{90, 10, 200, 128}, {0, 0, 255, 17}}};
   const struct rect r[2][2] = {{{4, 4, 40, 36}, {24, 16, 60, 56}},
                                {{0, 30, 30, 64}, {10, 0, 50, 20}}};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   struct agx_vk_image *mem[3] = {&A, &B, &T};
   for (int i = 0; i < 3; i++) {
      to_general(cb, mem[i]);
      VkClearColorValue v;
      for (int j = 0; j < 4; j++)
         v.float32[j] = unorm8(i == 2 ? t_col[j] : stale[j]);
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
      vkCmdClearColorImage(cb, mem[i]->image, gen, &v, 1, &range);
   }
   to_general(cb, &S);
   to_general(cb, &C);
   agx_vk_memory_barrier(cb, AGX_VK_CLEAR_WRITE, AGX_VK_ALL_RW);
   VkClearValue clears[5];
   memset(clears, 0, sizeof(clears));
   for (int i = 0; i < 2; i++)
      for (int j = 0; j < 4; j++)
         clears[i].color.float32[j] = unorm8(clear_ab[i][j]);
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = 5,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   for (int s = 0; s < 2; s++) {
      if (s)
         vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, s ? p1 : p0);
      for (int i = 0; i < 2; i++) {
         float col[4];
         for (int j = 0; j < 4; j++)
            col[j] = unorm8(k[s][i][j]);
         draw_rect(cb, l0, r[s][i], col, NULL, 0.5f);
      }
   }
   vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p2);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, l2, 0, 1, &set, 0, NULL);
   /* columns of rows 0-47 read elements 0, 1, 2; rows 48-63 element (x + y) % 3 */
   const struct rect cols[4] = {{0, 0, 21, 48}, {21, 0, 42, 48}, {42, 0, W, 48}, {0, 48, W, H}};
   for (int i = 0; i < 4; i++) {
      struct push p = {
         .rect = {cols[i].x0 * 2.0f / W - 1.0f, cols[i].y0 * 2.0f / H - 1.0f,
                  cols[i].x1 * 2.0f / W - 1.0f, cols[i].y1 * 2.0f / H - 1.0f},
         .ival = {0, 0, i < 3 ? i : 0, i == 3},
         .depth = 0.5f,
      };
      vkCmdPushConstants(cb, l2, stages, 0, sizeof(p), &p);
      vkCmdDraw(cb, 6, 1, 0, 0);
   }
   vkCmdEndRenderPass(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, &C, gen, 0, 0, g->out.buf, 0);
   agx_vk_host_barrier(cb);
   expect_render_commands(1);
   VK_OK(agx_vk_submit_wait(c, cb));

   /* CPU model: the last rectangle covering a pixel, else the clear colour */
   unsigned bad = 0;
   const float *gc = (const float *)g->out.map;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int e = y >= 48 ? (x + y) % 3 : x < 21 ? 0 : x < 42 ? 1 : 2;
         const uint8_t *src = t_col;
         if (e != 1) {
            int s = e == 2; /* element 2 is B, drawn by subpass 1 */
            src = clear_ab[s];
            for (int i = 0; i < 2; i++)
               if (x >= r[s][i].x0 && x < r[s][i].x1 && y >= r[s][i].y0 && y < r[s][i].y1)
                  src = k[s][i];
         }
         const float *got = gc + 4 * (y * W + x);
         bool ok = true;
         for (int j = 0; j < 4; j++)
            ok &= fabsf(got[j] - unorm8(src[j])) <= 1e-5f;
         if (!ok && bad++ < 5)
            fprintf(stderr, "%s: pixel (%d, %d) element %d: %g %g %g %g, want %u %u %u %u / 255\n",
                    name, x, y, e, got[0], got[1], got[2], got[3], src[0], src[1], src[2], src[3]);
      }
   printf("%s: subpassLoad of an input attachment array at dynamic and non-uniform indices: %s\n",
          name, bad ? "FAIL" : "ok");
   vkDestroyPipeline(c->dev, p0, NULL);
   vkDestroyPipeline(c->dev, p1, NULL);
   vkDestroyPipeline(c->dev, p2, NULL);
   vkDestroyPipelineLayout(c->dev, l0, NULL);
   vkDestroyPipelineLayout(c->dev, l2, NULL);
   vkDestroyDescriptorPool(c->dev, pool, NULL);
   vkDestroyDescriptorSetLayout(c->dev, dsl, NULL);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   struct agx_vk_image *all[5] = {&A, &B, &T, &S, &C};
   for (int i = 0; i < 5; i++)
      agx_vk_image_free(c, all[i]);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < SH_COUNT) {
      fprintf(stderr,
              "usage: %s RECT_VERT WRITE_FRAG READ_FRAG MS_WRITE_FRAG MS_READ_FRAG "
              "MS_READ_PS_FRAG LAYER_GEOM READ_LAYER_FRAG READ_DYN_FRAG [--validation] "
              "[--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   /* "dynamic index" needs input attachment arrays indexed at run time (agx-vk offers
    * them; lavapipe of Mesa 22.3 does not: the scene is skipped there) */
   VkPhysicalDeviceVulkan12Features have12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                     .pNext = &have12};
   vkGetPhysicalDeviceFeatures2(c.pdev, &have);
   bool dyn_index = have12.shaderInputAttachmentArrayDynamicIndexing &&
                    have12.shaderInputAttachmentArrayNonUniformIndexing;
   CHECK(dyn_index || c.reference);
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .shaderInputAttachmentArrayDynamicIndexing = dyn_index,
      .shaderInputAttachmentArrayNonUniformIndexing = dyn_index};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.sampleRateShading = VK_TRUE, .geometryShader = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g = {.c = &c};
   for (int i = SH_RECT_VERT; i < SH_COUNT; i++)
      g.mod[i] = agx_vk_shader(&c, argv[i]);
   g.out = agx_vk_buffer(&c, 24 * W * H);
   unsigned bad = 0;
   for (unsigned i = 0; i < NSCENES; i++)
      bad += run_scene(&g, &scenes[i]);
   if (dyn_index)
      bad += scene_dynamic_index(&g);
   else
      printf("dynamic index: skipped (no shaderInputAttachmentArray*Indexing)\n");
   agx_vk_buffer_free(&c, &g.out);
   for (int i = SH_RECT_VERT; i < SH_COUNT; i++)
      vkDestroyShaderModule(c.dev, g.mod[i], NULL);
   int status = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u pixels differ\n", bad);
      return 1;
   }
   return status;
}
