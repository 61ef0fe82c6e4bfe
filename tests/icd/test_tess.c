/*
 * Tessellation through the loader (issue 23, part 2): draws with a vertex,
 * control, evaluation and fragment shader into a 64 x 64 R8G8B8A8_UNORM
 * attachment, compared with references computed here:
 *  - coverage: a quad patch over a pixel-aligned rectangle and a triangle
 *    patch, each domain and spacing, coloured with TessCoord: every pixel
 *    inside is covered once (no cracks) with the colour of its
 *    barycentric / bilinear coordinates (triangle pixels within a pixel of
 *    an edge are not checked);
 *  - point counts: point mode, additive blending of 1/255 per point: the
 *    red channel's sum is the number of domain points, from the counting
 *    rules of the Vulkan tessellation chapter (levels rounded per spacing,
 *    concentric rings) for quads, triangles and isolines, every spacing;
 *  - isolines: lines at v = j / lines on pixel-centre rows, none at v = 1;
 *  - patch constants: the control shader's patch output, computed by
 *    invocation 0 from the other invocations' outputs after a barrier,
 *    with PrimitiveId, for two patches (direct, indexed, indexed-indirect);
 *  - winding: back-face culling of ccw / cw domains;
 *  - vkCmdDrawIndirect;
 *  - a geometry shader after tessellation (tess_gs.geom, one per
 *    tessellated primitive type, read from SPV_DIR): coverage, isolines,
 *    patch constants (direct, indexed-indirect) and point counts again
 *    through a pass-through GS (same references), and, in point mode, a
 *    second point for every third GS input primitive by gl_PrimitiveIDIn
 *    (its green sum: ceil(points / 3)); with gl_PointSize written by the
 *    evaluation shader (1, every point-mode variant) and the geometry
 *    shader (its input's, or twice it where the point size range allows),
 *    every point covers 2 x 2 pixels (shaderTessellationAndGeometryPointSize).
 *  - the draws from secondary command buffers continuing the rendering
 *    (with and without the GS; executed twice in one render: double counts).
 * Runs on agx-vk, under validation and on lavapipe (--reference).
 *
 * test_tess SPV_DIR TESS_VERT_SPV TESS_TESC_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 64

enum { QUAD, TRI, ISO };
enum { EQUAL, ODD, EVEN };
enum { CCW, POINTS, CW };
static const char *dom_name[3] = {"quad", "tri", "iso"};
static const char *sp_name[3] = {"equal", "odd", "even"};
static const char *var_name[3] = {"", "_pts", "_cw"};

struct push {
   float outer[4];
   float inner[2];
   float tag;
   int32_t mode; /* 0 TessCoord, 1 patch constant, 2 count */
};

struct scene {
   const char *name;
   int dom, sp, var;
   const float (*v)[4]; /* clip positions */
   uint32_t nv;
   uint32_t patch; /* control points */
   const uint32_t *idx;
   uint32_t nidx;
   struct push pc;
   bool cull_back;
   int indirect; /* 0 direct, 1 indirect */
};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, tcs, fs, tes[3][3][3];
   VkShaderModule gs[4]; /* tess_gs.geom: triangles, lines, points in; points of size 2 */
   bool with_gs;         /* scenes add the geometry shader */
   bool psize;           /* ... the one doubling gl_PointSize (gs[3]) */
   int secondary;        /* draws from a secondary, executed this many times (0: none) */
   struct agx_vk_set ds;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, ib, out, ind;
   struct agx_vk_image image;
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **paths)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   for (int d = 0; d < 3; d++)
      for (int s = 0; s < 3; s++)
         for (int v = 0; v < 3; v++) {
            char path[4096];
            snprintf(path, sizeof(path), "%s/tess_%s_%s%s.tese.spv", paths[0], dom_name[d],
                     sp_name[s], var_name[v]);
            g->tes[d][s][v] = agx_vk_shader(c, path);
         }
   static const char *gs_name[4] = {"tri", "line", "point", "point2"};
   for (int i = 0; i < 4; i++) {
      char path[4096];
      snprintf(path, sizeof(path), "%s/tess_gs_%s.geom.spv", paths[0], gs_name[i]);
      g->gs[i] = agx_vk_shader(c, path);
   }
   g->vs = agx_vk_shader(c, paths[1]);
   g->tcs = agx_vk_shader(c, paths[2]);
   g->fs = agx_vk_shader(c, paths[3]);
   agx_vk_set_create(
      c, 1, &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT},
      &g->ds);
   g->layout = agx_vk_pipeline_layout(c, 1, &g->ds.layout,
                                      VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
                                         VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
                                      sizeof(struct push));
   g->vb = agx_vk_buffer(c, 4096);
   g->ib = agx_vk_buffer_usage(c, 256, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   g->ind = agx_vk_buffer_usage(c, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   g->out = agx_vk_buffer(c, W * H * 4);
   agx_vk_set_buffer(c, &g->ds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
   agx_vk_color_target(c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &g->image);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_image_free(g->c, &g->image);
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->ib);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_buffer_free(g->c, &g->ind);
   agx_vk_set_free(g->c, &g->ds);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->tcs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
   for (int i = 0; i < 27; i++)
      vkDestroyShaderModule(d, (&g->tes[0][0][0])[i], NULL);
   for (int i = 0; i < 4; i++)
      vkDestroyShaderModule(d, g->gs[i], NULL);
}

static VkPipeline
pipeline(struct gpu *g, const struct scene *s)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_stage(&b, AGX_VK_TCS, g->tcs);
   agx_vk_gfx_stage(&b, AGX_VK_TES, g->tes[s->dom][s->sp][s->var]);
   /* the geometry shader taking the tessellated primitives */
   if (g->with_gs)
      agx_vk_gfx_stage(&b, AGX_VK_GS,
                       g->gs[g->psize           ? 3
                             : s->var == POINTS ? 2
                             : s->dom == ISO    ? 1
                                                : 0]);
   b.ia.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
   b.ts.patchControlPoints = s->patch;
   b.rs.cullMode = s->cull_back ? VK_CULL_MODE_BACK_BIT : VK_CULL_MODE_NONE;
   /* counting: additive blending of the red channel */
   if (s->pc.mode == 2)
      b.att[0] = (VkPipelineColorBlendAttachmentState){.blendEnable = VK_TRUE,
                                                       .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
                                                       .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
                                                       .colorBlendOp = VK_BLEND_OP_ADD,
                                                       .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                                       .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                                       .alphaBlendOp = VK_BLEND_OP_ADD,
                                                       .colorWriteMask = 0xF};
   return agx_vk_gfx_create(g->c, &b);
}

/* The state and the draw of scene s into cb (a primary inside the
 * rendering, or a secondary continuing it). */
static void
record_draw(struct gpu *g, VkCommandBuffer cb, const struct scene *s, VkPipeline p)
{
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   vkCmdPushConstants(cb, g->layout,
                      VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
                         VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
                      0, sizeof(s->pc), &s->pc);
   vkCmdBindIndexBuffer(cb, g->ib.buf, 0, VK_INDEX_TYPE_UINT32);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   uint32_t count = s->nidx ? s->nidx : s->nv;
   if (s->indirect && s->nidx) {
      const uint32_t r[5] = {count, 1, 0, 0, 0};
      memcpy(g->ind.ptr, r, sizeof(r));
      vkCmdDrawIndexedIndirect(cb, g->ind.buf, 0, 1, 20);
   } else if (s->indirect) {
      const uint32_t r[4] = {count, 1, 0, 0};
      memcpy(g->ind.ptr, r, sizeof(r));
      vkCmdDrawIndirect(cb, g->ind.buf, 0, 1, 16);
   } else if (s->nidx) {
      vkCmdDrawIndexed(cb, count, 1, 0, 0, 0);
   } else {
      vkCmdDraw(cb, count, 1, 0, 0);
   }
}

static void
render(struct gpu *g, const struct scene *s, uint8_t *img)
{
   struct agx_vk_ctx *c = g->c;
   memcpy(g->vb.ptr, s->v, s->nv * 16);
   if (s->nidx)
      memcpy(g->ib.ptr, s->idx, s->nidx * 4);
   memset(g->out.ptr, 0xAB, W * H * 4);
   VkPipeline p = pipeline(g, s);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY), sec = VK_NULL_HANDLE;
   agx_vk_barrier(cb, g->image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, 0}, AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(g->image.view, &(VkClearColorValue){0});
   struct agx_vk_rendering ri = {.width = W, .height = H, .color_count = 1, .colors = &att};
   if (g->secondary) {
      /* the draw from a secondary continuing the rendering, executed
       * g->secondary times (the geometry heap shared by both) */
      VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
      VkCommandBufferInheritanceRenderingInfo inr = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
         .colorAttachmentCount = 1,
         .pColorAttachmentFormats = &format,
         .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
      VkCommandBufferInheritanceInfo inh = {.sType =
                                               VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                            .pNext = &inr};
      VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = c->pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                        .commandBufferCount = 1};
      VK_OK(vkAllocateCommandBuffers(c->dev, &ai, &sec));
      VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                     .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT |
                                              VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT,
                                     .pInheritanceInfo = &inh};
      VK_OK(vkBeginCommandBuffer(sec, &bi));
      record_draw(g, sec, s, p);
      VK_OK(vkEndCommandBuffer(sec));
      ri.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT;
      agx_vk_begin_rendering(cb, &ri);
      for (int i = 0; i < g->secondary; i++)
         vkCmdExecuteCommands(cb, 1, &sec);
   } else {
      agx_vk_begin_rendering(cb, &ri);
      record_draw(g, cb, s, p);
   }
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &g->image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                   &g->out);
   VK_OK(agx_vk_submit_wait(c, cb));
   if (sec)
      vkFreeCommandBuffers(c->dev, c->pool, 1, &sec);
   vkDestroyPipeline(c->dev, p, NULL);
   memcpy(img, g->out.ptr, W * H * 4);
}

/* ---- references ---------------------------------------------------------------------- */

/* The expected image: a colour per pixel, or "not checked". */
struct want {
   uint8_t rgba[W * H][4];
   bool check[W * H];
};

static uint8_t
unorm8(double x)
{
   return (uint8_t)lround((x < 0 ? 0 : x > 1 ? 1 : x) * 255.0);
}

static void
want_clear(struct want *w)
{
   memset(w->rgba, 0, sizeof(w->rgba));
   for (int i = 0; i < W * H; i++)
      w->check[i] = true;
}

static void
want_px(struct want *w, int x, int y, double r, double g, double b, double a)
{
   uint8_t *p = w->rgba[y * W + x];
   p[0] = unorm8(r), p[1] = unorm8(g), p[2] = unorm8(b), p[3] = unorm8(a);
   w->check[y * W + x] = true;
}

static unsigned
compare(const char *name, const uint8_t *got, const struct want *w, int tol)
{
   unsigned bad = 0, covered = 0;
   for (int i = 0; i < W * H; i++) {
      if (!w->check[i])
         continue;
      bool diff = false;
      for (int c = 0; c < 4; c++)
         diff |= abs((int)got[4 * i + c] - (int)w->rgba[i][c]) > tol;
      covered += w->rgba[i][3] != 0;
      if (diff && bad++ < 5)
         fprintf(stderr, "  %s: pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n", name, i % W,
                 i / W, got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], w->rgba[i][0],
                 w->rgba[i][1], w->rgba[i][2], w->rgba[i][3]);
   }
   printf("%s %s: %u pixels differ (%u covered)\n", bad ? "FAIL" : "ok", name, bad, covered);
   return bad ? 1 : 0;
}

/* pixel coordinates -> clip space */
#define P(x, y)                                                        \
   {                                                                   \
      (float)(x) / 32.0f - 1.0f, (float)(y) / 32.0f - 1.0f, 0.0f, 1.0f \
   }

/* Segments of an edge at level L (Vulkan: clamped per spacing, rounded up
 * to an integer / odd / even count). */
static int
segments(float l, int sp)
{
   float lo = sp == EVEN ? 2.0f : 1.0f, hi = sp == ODD ? 63.0f : 64.0f;
   l = l < lo ? lo : l > hi ? hi : l;
   int n = (int)ceilf(l);
   if (sp == ODD && n % 2 == 0)
      n++;
   if (sp == EVEN && n % 2)
      n++;
   return n;
}

/* Domain points of a patch whose levels are all l (isolines: outer[0]
 * lines, integer spacing; outer[1] segments): concentric rings of n, n - 2,
 * ... segments per side, down to a point or an innermost ring. */
static unsigned
expected_points(int dom, int sp, const struct push *pc)
{
   if (dom == ISO)
      return (unsigned)(segments(pc->outer[0], EQUAL) * (segments(pc->outer[1], sp) + 1));
   int n = segments(pc->outer[0], sp);
   if (dom == QUAD)
      return (unsigned)((n + 1) * (n + 1));
   return n % 2 ? (unsigned)(3 * ((n + 1) / 2) * ((n + 1) / 2))
                : (unsigned)(3 * (n / 2) * (n / 2 + 1) + 1);
}

/* ---- scenes --------------------------------------------------------------------------- */

static const float quad_v[4][4] = {P(8, 8), P(56, 8), P(56, 40), P(8, 40)};
static const float tri_v[3][4] = {P(8, 8), P(56, 8), P(8, 56)};

static unsigned
check_coverage(struct gpu *g, int dom, int sp, float level, int indirect)
{
   static uint8_t got[W * H * 4];
   static struct want w;
   char name[64];
   snprintf(name, sizeof(name), "coverage_%s_%s_%.1f%s", dom_name[dom], sp_name[sp], level,
            indirect ? "_indirect" : "");
   if (g->with_gs)
      strcat(name, "_gs");
   if (g->secondary)
      strcat(name, g->secondary > 1 ? "_sec2" : "_sec");
   struct scene s = {.dom = dom,
                     .sp = sp,
                     .var = CCW,
                     .v = dom == QUAD ? quad_v : tri_v,
                     .nv = dom == QUAD ? 4 : 3,
                     .patch = dom == QUAD ? 4 : 3,
                     .pc = {{level, level, level, level}, {level, level}, 0, 0},
                     .indirect = indirect};
   render(g, &s, got);
   want_clear(&w);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         double cx = x + 0.5, cy = y + 0.5;
         if (dom == QUAD) {
            if (x >= 8 && x < 56 && y >= 8 && y < 40)
               want_px(&w, x, y, (cx - 8) / 48, (cy - 8) / 32, 0, 1);
            continue;
         }
         /* p = u A + v B + w C with A (8, 8), B (56, 8), C (8, 56) */
         double v = (cx - 8) / 48, ww = (cy - 8) / 48, u = 1 - v - ww;
         double m = fmin(u, fmin(v, ww)), margin = 1.0 / 48;
         if (m > margin)
            want_px(&w, x, y, u, v, ww, 1);
         else if (m > -margin)
            w.check[y * W + x] = false;
      }
   return compare(name, got, &w, 3);
}

static unsigned
check_points(struct gpu *g, int dom, int sp, float level)
{
   static uint8_t got[W * H * 4];
   char name[64];
   snprintf(name, sizeof(name), "points_%s_%s_%.1f", dom_name[dom], sp_name[sp], level);
   if (g->with_gs)
      strcat(name, g->psize ? "_gs_psize" : "_gs");
   if (g->secondary)
      strcat(name, g->secondary > 1 ? "_sec2" : "_sec");
   static const float big_quad[4][4] = {P(4, 4), P(60, 4), P(60, 60), P(4, 60)};
   static const float big_tri[3][4] = {P(4, 4), P(60, 4), P(4, 60)};
   struct scene s = {.dom = dom,
                     .sp = sp,
                     .var = POINTS,
                     .v = dom == TRI ? big_tri : big_quad,
                     .nv = dom == TRI ? 3 : 4,
                     .patch = dom == TRI ? 3 : 4,
                     .pc = {{level, level, level, level}, {level, level}, 0, 2}};
   render(g, &s, got);
   unsigned sum = 0, green = 0;
   for (int i = 0; i < W * H; i++)
      sum += got[4 * i], green += got[4 * i + 1];
   unsigned want = expected_points(dom, sp, &s.pc);
   /* the geometry shader's second points: input primitives 0, 3, 6, ... */
   unsigned want_green = g->with_gs ? (want + 2) / 3 : 0;
   if (g->psize) /* 2 x 2 pixels each */
      want *= 4, want_green *= 4;
   if (g->secondary > 1) /* the secondary executed that many times */
      want *= (unsigned)g->secondary, want_green *= (unsigned)g->secondary;
   bool ok = sum == want && green == want_green;
   printf("%s %s: %u points (%u second), want %u (%u)\n", ok ? "ok" : "FAIL", name, sum, green,
          want, want_green);
   return !ok;
}

/* Isolines: 4 lines of 6 segments on pixel-centre rows 8, 16, 24, 32
 * (v = 0, 1/4, 2/4, 3/4; none at v = 1, row 40), coloured with the patch
 * constant (tag 1, PrimitiveId 0, dx 1.5 clip units). */
static unsigned
check_isolines(struct gpu *g, int sp)
{
   static uint8_t got[W * H * 4];
   static struct want w;
   char name[64];
   snprintf(name, sizeof(name), "isolines_%s", sp_name[sp]);
   if (g->with_gs)
      strcat(name, "_gs");
   if (g->secondary)
      strcat(name, g->secondary > 1 ? "_sec2" : "_sec");
   static const float v[4][4] = {P(8, 8.5), P(56, 8.5), P(56, 40.5), P(8, 40.5)};
   struct scene s = {.dom = ISO,
                     .sp = sp,
                     .var = CCW,
                     .v = v,
                     .nv = 4,
                     .patch = 4,
                     .pc = {{4, 6, 1, 1}, {1, 1}, 1.0f, 1}};
   render(g, &s, got);
   want_clear(&w);
   for (int i = 0; i < W * H; i++)
      w.check[i] = false;
   for (int x = 10; x < 54; x++) {
      for (int row = 8; row <= 40; row += 4) {
         if (row % 8 == 0 && row < 40)
            want_px(&w, x, row, 1, 0, 0.5 + 1.5 / 4, 1);
         else
            want_px(&w, x, row, 0, 0, 0, 0);
      }
   }
   return compare(name, got, &w, 1);
}

/* Two quad patches, coloured with their patch constants: (tag, PrimitiveId
 * / 4, 0.5 + width / 4, 1); indexed draws swap them. */
static unsigned
check_patch_constants(struct gpu *g, bool indexed, int indirect)
{
   static uint8_t got[W * H * 4];
   static struct want w;
   char name[64];
   snprintf(name, sizeof(name), "patch_constants%s%s", indexed ? "_indexed" : "",
            indirect ? "_indirect" : "");
   if (g->with_gs)
      strcat(name, "_gs");
   if (g->secondary)
      strcat(name, g->secondary > 1 ? "_sec2" : "_sec");
   static const float v[8][4] = {P(4, 8),  P(28, 8), P(28, 56), P(4, 56),
                                 P(36, 8), P(60, 8), P(60, 56), P(36, 56)};
   static const uint32_t idx[8] = {4, 5, 6, 7, 0, 1, 2, 3};
   struct scene s = {.dom = QUAD,
                     .sp = EVEN,
                     .var = CCW,
                     .v = v,
                     .nv = 8,
                     .patch = 4,
                     .idx = indexed ? idx : NULL,
                     .nidx = indexed ? 8 : 0,
                     .pc = {{2, 3, 2, 3}, {2, 2}, 0.5f, 1},
                     .indirect = indirect};
   render(g, &s, got);
   want_clear(&w);
   for (int y = 8; y < 56; y++)
      for (int x = 4; x < 60; x++) {
         int patch = x < 28 ? 0 : x >= 36 ? 1 : -1;
         if (patch < 0)
            continue;
         int prim = indexed ? 1 - patch : patch;
         want_px(&w, x, y, 0.5, prim * 0.25, 0.5 + 0.75 / 4, 1);
      }
   return compare(name, got, &w, 1);
}

/* Back-face culling (front = counter-clockwise): a quad patch whose
 * domain maps u to x and v to y keeps its triangles with ccw ordering and
 * loses them with cw (the domain's upper-left origin matches framebuffer
 * coordinates, Vulkan's tessellation chapter). */
static unsigned
check_winding(struct gpu *g, int var)
{
   static uint8_t got[W * H * 4];
   static struct want w;
   char name[64];
   snprintf(name, sizeof(name), "winding_%s", var == CW ? "cw" : "ccw");
   if (g->with_gs)
      strcat(name, "_gs");
   if (g->secondary)
      strcat(name, g->secondary > 1 ? "_sec2" : "_sec");
   struct scene s = {.dom = QUAD,
                     .sp = EQUAL,
                     .var = var,
                     .v = quad_v,
                     .nv = 4,
                     .patch = 4,
                     .pc = {{3, 3, 3, 3}, {3, 3}, 1.0f, 1},
                     .cull_back = true};
   render(g, &s, got);
   want_clear(&w);
   if (var == CCW)
      for (int y = 8; y < 40; y++)
         for (int x = 8; x < 56; x++)
            want_px(&w, x, y, 1, 0, 0.5 + 1.5 / 4, 1);
   return compare(name, got, &w, 1);
}

int
main(int argc, char **argv)
{
   if (argc < 5) {
      fprintf(stderr,
              "usage: %s SPV_DIR TESS_VERT_SPV TESS_TESC_SPV DRAW_FRAG_SPV [--validation] "
              "[--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures supported;
   vkGetPhysicalDeviceFeatures(c.pdev, &supported);
   if (!supported.tessellationShader) {
      fprintf(stderr, "tessellationShader not advertised\n");
      return 1;
   }
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   if (!supported.geometryShader) {
      fprintf(stderr, "geometryShader not advertised\n");
      return 1;
   }
   if (!supported.shaderTessellationAndGeometryPointSize) {
      fprintf(stderr, "shaderTessellationAndGeometryPointSize not advertised\n");
      return 1;
   }
   VkPhysicalDeviceFeatures f10 = {.tessellationShader = VK_TRUE,
                                   .geometryShader = VK_TRUE,
                                   .shaderTessellationAndGeometryPointSize = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   unsigned bad = 0;
   for (int sp = EQUAL; sp <= EVEN; sp++) {
      bad += check_coverage(&g, QUAD, sp, 3.4f, 0);
      bad += check_coverage(&g, TRI, sp, 3.4f, 0);
   }
   bad += check_coverage(&g, QUAD, ODD, 7.0f, 0);
   bad += check_coverage(&g, QUAD, EQUAL, 2.0f, 1);
   for (int dom = QUAD; dom <= ISO; dom++)
      for (int sp = EQUAL; sp <= EVEN; sp++)
         bad += check_points(&g, dom, sp, 3.4f);
   bad += check_points(&g, TRI, EQUAL, 5.0f);
   bad += check_points(&g, QUAD, EVEN, 6.5f);
   bad += check_isolines(&g, EQUAL);
   bad += check_isolines(&g, ODD);
   bad += check_patch_constants(&g, false, 0);
   bad += check_patch_constants(&g, true, 0);
   bad += check_patch_constants(&g, true, 1);
   bad += check_winding(&g, CCW);
   bad += check_winding(&g, CW);
   /* a geometry shader after tessellation */
   g.with_gs = true;
   bad += check_coverage(&g, QUAD, EQUAL, 3.4f, 0);
   bad += check_coverage(&g, TRI, ODD, 3.4f, 0);
   bad += check_coverage(&g, QUAD, EVEN, 2.0f, 1);
   bad += check_points(&g, QUAD, EQUAL, 3.4f);
   bad += check_points(&g, TRI, EVEN, 5.0f);
   bad += check_points(&g, ISO, ODD, 3.4f);
   bad += check_isolines(&g, EQUAL);
   bad += check_patch_constants(&g, false, 0);
   bad += check_patch_constants(&g, true, 1);
   /* 2-pixel points where the device's point size range has them (agx-vk:
    * 1 only, without largePoints) */
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c.pdev, &props);
   g.psize = true;
   if (props.limits.pointSizeRange[1] >= 2.0f)
      bad += check_points(&g, QUAD, EQUAL, 3.4f);
   else
      printf("skip points_quad_equal_3.4_gs_psize: point size range up to %.1f\n",
             props.limits.pointSizeRange[1]);
   /* draws recorded in secondaries continuing the rendering (twice: both
    * executions' heap allocations live in one render) */
   g.psize = false;
   g.secondary = 1;
   bad += check_coverage(&g, QUAD, EQUAL, 3.4f, 0);
   bad += check_patch_constants(&g, true, 1);
   g.secondary = 2;
   bad += check_points(&g, TRI, EVEN, 5.0f);
   g.with_gs = false;
   bad += check_points(&g, QUAD, ODD, 3.4f);
   g.secondary = 1;
   bad += check_coverage(&g, TRI, ODD, 3.4f, 0);
   gpu_finish(&g);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
