/*
 * VK_EXT_extended_dynamic_state3 depth clip enable and rasterization
 * samples through the loader.
 *
 * Depth clip (one sample, 64x64 R8G8B8A8_UNORM + D32_SFLOAT cleared to 0.6,
 * depth test LESS, viewport depth range [0, 0.5]): quads at one NDC depth
 * each (1.5, 1.1, -0.5 or 0.5) per 16x16 cell, drawn with depth clip and
 * depth clamp set between the draws of one pipeline with both dynamic: a
 * clipped quad leaves the background; an unclipped one passes the depth
 * test only if its depth, clamped to [0, 0.5] with depth clamp, is below
 * 0.6 (1.1 gives 0.55 unclamped, 1.5 gives 0.75 unclamped: failed). Then a
 * pipeline without VkPipelineRasterizationDepthClipStateCreateInfoEXT and
 * dynamic depth clamp (clipping = !clamp, VK_EXT_depth_clip_enable), one
 * with a static depthClipEnable TRUE (clips even with clamp), and the first
 * pipeline bound again.
 *
 * Rasterization samples: one pipeline with dynamic rasterization samples,
 * sample mask and alpha to coverage draws into a 1-sample pass and a
 * 4-sample pass (resolved, AVERAGE): full quads, alpha-0 quads with alpha
 * to coverage (nothing), a slanted triangle (coverage of its pixels at the
 * pixel centre, or at the 4 standard sample locations, against a CPU edge
 * test), a sample mask of 0 (1 sample) or 0x3, and alpha to coverage of
 * alpha 1 under a mask of 0x1; then a pipeline with only the sample count
 * dynamic and a static pSampleMask of 0x3 draws a quad in each pass, and
 * one with only the sample count dynamic and a fragment shader reading
 * SampleId (red 32 + 64 SampleId: a per-sample loop at 4 samples, compiled
 * with the pipeline) another, and that shader with the sample mask dynamic
 * too (its loop for mask 0x3 compiled by the draw) another.
 *
 * On agx-vk (not --reference) the output epilogs the driver links at draw
 * time are counted (AGX_DEBUG=shaders prints `agx: fs epilog variant`):
 * one per distinct (pipeline, state, pass sample count) not compiled with
 * the pipeline (a loop compiled by a draw prints `agx: fs epilog variant
 * (per-sample loop) compiled`), 12, and none when the same commands are
 * recorded again.
 *
 * test_eds3_raster EDS3_VERT DRAW_FRAG SAMPLE_ID_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_debug.h"
#include "agx_vk_gfx.h"

#define W 64
#define H 64
#define CELL 16

static struct agx_vk_ctx c;
static unsigned bad;
static const uint8_t clear_rgba[4] = {0, 0, 128, 255};

#define GET(name) ((PFN_##name)vkGetDeviceProcAddr(c.dev, #name))

/* --- counting the driver's linked epilogs (agx-vk only) ---------------------- */

static struct agx_vk_capture capture;
/* the line the driver prints for each counted event (AGX_DEBUG=shaders) */
static const char counted_line[] = "agx: fs epilog variant";

/* --- geometry -------------------------------------------------------------------- */

struct vertex {
   float pos[3];
   uint8_t rgba[4];
};

/* Pixel coordinates to NDC. */
static void
put(struct vertex *v, float x, float y, float z, const uint8_t *rgba)
{
   v->pos[0] = x / (W / 2) - 1.0f;
   v->pos[1] = y / (H / 2) - 1.0f;
   v->pos[2] = z;
   memcpy(v->rgba, rgba, 4);
}

/* Cell i's quad (2 pixels in from its edges) at depth z: 6 vertices. */
static void
quad(unsigned i, float z, const uint8_t *rgba, struct vertex *v)
{
   float x0 = (float)(i % 4 * CELL + 2), y0 = (float)(i / 4 * CELL + 2);
   float x1 = x0 + CELL - 4, y1 = y0 + CELL - 4;
   float xs[6] = {x0, x1, x0, x1, x1, x0}, ys[6] = {y0, y0, y1, y0, y1, y1};
   for (int k = 0; k < 6; k++)
      put(&v[k], xs[k], ys[k], z, rgba);
}

/* The slanted triangle of cell i (vertices on the 1/16-pixel grid, in
 * pixels from the cell's corner), then a degenerate one. */
static const float tri[3][2] = {{1.3125f, 2.0625f}, {14.1875f, 5.6875f}, {4.5625f, 13.9375f}};

static void
triangle(unsigned i, const uint8_t *rgba, struct vertex *v)
{
   float x0 = (float)(i % 4 * CELL), y0 = (float)(i / 4 * CELL);
   for (int k = 0; k < 3; k++)
      put(&v[k], x0 + tri[k][0], y0 + tri[k][1], 0.5f, rgba);
   for (int k = 3; k < 6; k++)
      put(&v[k], x0, y0, 0.5f, rgba);
}

/* Edge function of the triangle's edge a->b at (x, y) (cell-relative). */
static double
edge(int a, int b, double x, double y)
{
   return (tri[b][0] - tri[a][0]) * (y - tri[a][1]) - (tri[b][1] - tri[a][1]) * (x - tri[a][0]);
}

/* Standard sample locations (Vulkan "Multisampling"). */
static const double loc1[1][2] = {{0.5, 0.5}};
static const double loc4[4][2] = {{0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};

/* How many of pixel (lx, ly)'s samples the triangle covers; -1 when one
 * lies on an edge (not compared). */
static int
tri_covered(int lx, int ly, unsigned samples)
{
   const double(*loc)[2] = samples == 4 ? loc4 : loc1;
   int n = 0;
   for (unsigned s = 0; s < samples; s++) {
      double x = lx + loc[s][0], y = ly + loc[s][1];
      double e0 = edge(0, 1, x, y), e1 = edge(1, 2, x, y), e2 = edge(2, 0, x, y);
      if (fabs(e0) < 1e-6 || fabs(e1) < 1e-6 || fabs(e2) < 1e-6)
         return -1;
      n += (e0 > 0 && e1 > 0 && e2 > 0) || (e0 < 0 && e1 < 0 && e2 < 0);
   }
   return n;
}

/* --- comparison ----------------------------------------------------------------- */

/* Cell i: `covered` of `samples` samples of every quad pixel carry rgba,
 * or (triangle) the CPU edge test decides per pixel. */
struct want {
   bool triangle;
   unsigned covered; /* of the pass's samples, for a quad */
   uint8_t rgba[4];
};

static void
compare(const char *scene, const uint8_t *img, unsigned i, const struct want *w, unsigned samples)
{
   unsigned wrong = 0;
   for (int ly = 0; ly < CELL; ly++)
      for (int lx = 0; lx < CELL; lx++) {
         int x = (int)(i % 4 * CELL) + lx, y = (int)(i / 4 * CELL) + ly;
         int n;
         if (w->triangle) {
            n = tri_covered(lx, ly, samples);
            if (n < 0)
               continue;
         } else {
            bool in = lx >= 2 && ly >= 2 && lx < CELL - 2 && ly < CELL - 2;
            n = in ? (int)w->covered : 0;
         }
         const uint8_t *px = img + 4 * (y * W + x);
         for (int k = 0; k < 4; k++) {
            float ref = (w->rgba[k] * n + clear_rgba[k] * ((int)samples - n)) / (float)samples;
            if (fabsf((float)px[k] - ref) > 1.0f) {
               if (wrong++ < 3)
                  printf("  %s cell %u: pixel (%d,%d) got %u %u %u %u (%d of %u samples covered)\n",
                         scene, i, x, y, px[0], px[1], px[2], px[3], n, samples);
               break;
            }
         }
      }
   if (wrong) {
      printf("  %s cell %u: %u pixels wrong\n", scene, i, wrong);
      bad++;
   }
}

/* --- scene 1: depth clip ------------------------------------------------------ */

/* One draw: pipeline (0 both dynamic, 1 no clip struct, 2 static clip on),
 * NDC depth, depth clip (-1: not set), depth clamp, whether drawn. */
struct clip_cell {
   unsigned pipeline;
   float z;
   int clip, clamp;
   bool drawn;
};

static const struct clip_cell clip_cells[] = {
   {0, 1.5f, 1, 0, false},  /* 0 clipped */
   {0, 1.5f, 0, 1, true},   /* 1 clamped to 0.5 */
   {0, 1.5f, 1, 1, false},  /* 2 clipped although clamped */
   {0, 1.1f, 0, 0, true},   /* 3 not clipped: 0.55 */
   {0, 1.1f, 1, 0, false},  /* 4 clipped */
   {0, 1.5f, 0, 0, false},  /* 5 not clipped, not clamped: 0.75 fails */
   {0, -0.5f, 0, 1, true},  /* 6 clamped to 0 */
   {0, -0.5f, 1, 1, false}, /* 7 clipped */
   {0, 0.5f, 1, 0, true},   /* 8 inside: 0.25 */
   {1, 1.1f, -1, 1, true},  /* 9 no clip struct, clamp: not clipped */
   {1, 1.1f, -1, 0, false}, /* 10 no clip struct, no clamp: clipped */
   {2, 1.1f, -1, 1, false}, /* 11 static depthClipEnable: clipped */
   {0, 1.1f, 0, 1, true},   /* 12 the first pipeline again: clamped */
};
#define CLIP_CELLS (sizeof(clip_cells) / sizeof(clip_cells[0]))

static const uint8_t clip_rgba[4] = {200, 40, 60, 255};

static VkPipeline
clip_pipeline(VkShaderModule vs, VkShaderModule fs, VkPipelineLayout layout, unsigned kind)
{
   static const VkVertexInputBindingDescription bind = {0, sizeof(struct vertex),
                                                        VK_VERTEX_INPUT_RATE_VERTEX};
   static const VkVertexInputAttributeDescription attrs[2] = {
      {0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0},
      {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 12},
   };
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   g.vi.vertexBindingDescriptionCount = 1;
   g.vi.pVertexBindingDescriptions = &bind;
   g.vi.vertexAttributeDescriptionCount = 2;
   g.vi.pVertexAttributeDescriptions = attrs;
   g.ds.depthTestEnable = VK_TRUE;
   g.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   g.ri.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT;
   g.dynamic[g.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_DEPTH_CLAMP_ENABLE_EXT;
   if (kind == 0)
      g.dynamic[g.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT;
   VkPipelineRasterizationDepthClipStateCreateInfoEXT clip = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT,
      .depthClipEnable = VK_TRUE};
   if (kind == 2)
      g.rs.pNext = &clip;
   return agx_vk_gfx_create(&c, &g);
}

static void
record_clip(VkCommandBuffer cb, const VkPipeline *p, const struct agx_vk_buffer *vb,
            const struct agx_vk_image *t, const struct agx_vk_image *depth)
{
   const VkClearColorValue cv = {.float32 = {0.0f, 0.0f, 128.0f / 255.0f, 1.0f}};
   const VkClearDepthStencilValue dv = {0.6f, 0};
   agx_vk_barrier(cb, t->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, 0},
                  AGX_VK_COLOR_WRITE);
   agx_vk_barrier(cb, depth->image, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, 0}, AGX_VK_DEPTH_RW);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(t->view, &cv);
   VkRenderingAttachmentInfo datt =
      agx_vk_depth_attachment(depth->view, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, &dv);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 1,
                                                         .colors = &att,
                                                         .depth = &datt});
   VkDeviceSize off = 0;
   vkCmdBindVertexBuffers(cb, 0, 1, &vb->buf, &off);
   unsigned bound = ~0u;
   for (unsigned i = 0; i < CLIP_CELLS; i++) {
      const struct clip_cell *cl = &clip_cells[i];
      if (cl->pipeline != bound) {
         vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p[cl->pipeline]);
         agx_vk_viewport_scissor(cb, W, H);
         const VkViewport v = {0, 0, W, H, 0.0f, 0.5f};
         vkCmdSetViewport(cb, 0, 1, &v);
         bound = cl->pipeline;
      }
      if (cl->clip >= 0)
         GET(vkCmdSetDepthClipEnableEXT)(cb, (VkBool32)cl->clip);
      GET(vkCmdSetDepthClampEnableEXT)(cb, (VkBool32)cl->clamp);
      vkCmdDraw(cb, 6, 1, 6 * i, 0);
   }
   vkCmdEndRendering(cb);
}

/* --- scene 2: rasterization samples ------------------------------------------ */

/* One draw: a quad or the triangle, its alpha, sample mask, alpha to
 * coverage, the samples covered in a quad pixel, and the pipeline (0; 1:
 * only the sample count dynamic, a static pSampleMask of 0x3; 2: only the
 * sample count dynamic, the per-sample fragment shader; 3: that shader
 * with the sample count and the sample mask dynamic). */
struct ms_cell {
   bool triangle;
   uint8_t alpha;
   VkSampleMask mask;
   bool a2c;
   unsigned covered;
   unsigned pipeline;
};

static const struct ms_cell ms1_cells[] = {
   {false, 255, 0xF, false, 1},    /* 0 full */
   {false, 0, 0xF, true, 0},       /* 1 alpha to coverage of 0 */
   {true, 255, 0xF, false, 0},     /* 2 triangle at pixel centres */
   {false, 255, 0x0, false, 0},    /* 3 sample mask 0 */
   {false, 255, 0x1, true, 1},     /* 4 alpha to coverage of 1, mask 0x1 */
   {false, 255, 0, false, 1, 1},   /* 5 static mask 0x3 */
   {false, 255, 0, false, 1, 2},   /* 6 SampleId 0: red 32 */
   {false, 255, 0xF, false, 1, 3}, /* 7 SampleId 0: red 32 */
};
static const struct ms_cell ms4_cells[] = {
   {false, 255, 0xF, false, 4},    /* 0 full */
   {false, 0, 0xF, true, 0},       /* 1 alpha to coverage of 0 */
   {true, 255, 0xF, false, 0},     /* 2 triangle at 4 samples */
   {false, 255, 0x3, false, 2},    /* 3 sample mask 0x3 */
   {false, 255, 0x1, true, 1},     /* 4 alpha to coverage of 1, mask 0x1 */
   {false, 255, 0, false, 2, 1},   /* 5 static mask 0x3 */
   {false, 255, 0, false, 4, 2},   /* 6 SampleId 0..3: red 128 resolved */
   {false, 255, 0x3, false, 2, 3}, /* 7 SampleId 0, 1 (mask 0x3): red 64 at each */
};
#define MS_CELLS (sizeof(ms1_cells) / sizeof(ms1_cells[0]))

static const uint8_t ms_rgb[3] = {30, 180, 90};

static VkPipeline
ms_pipeline(VkShaderModule vs, VkShaderModule fs, VkPipelineLayout layout, unsigned kind)
{
   static const VkVertexInputBindingDescription bind = {0, sizeof(struct vertex),
                                                        VK_VERTEX_INPUT_RATE_VERTEX};
   static const VkVertexInputAttributeDescription attrs[2] = {
      {0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0},
      {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 12},
   };
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   g.vi.vertexBindingDescriptionCount = 1;
   g.vi.pVertexBindingDescriptions = &bind;
   g.vi.vertexAttributeDescriptionCount = 2;
   g.vi.pVertexAttributeDescriptions = attrs;
   g.dynamic[g.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT;
   static const VkSampleMask mask = 0x3;
   if (kind == 1) {
      g.ms.pSampleMask = &mask;
   } else if (kind == 3) {
      g.dynamic[g.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_SAMPLE_MASK_EXT;
   } else if (kind == 0) {
      g.dynamic[g.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_SAMPLE_MASK_EXT;
      g.dynamic[g.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_ALPHA_TO_COVERAGE_ENABLE_EXT;
   }
   /* ignored (dynamic): a value the passes do not use */
   g.ms.rasterizationSamples = VK_SAMPLE_COUNT_2_BIT;
   return agx_vk_gfx_create(&c, &g);
}

/* Records one pass of `samples` samples into t (through msi, resolved, for
 * 4), drawing the cells whose vertices start at first. */
static void
record_ms(VkCommandBuffer cb, const VkPipeline *p, const struct agx_vk_buffer *vb, unsigned samples,
          unsigned first, const struct agx_vk_image *t, const struct agx_vk_image *msi)
{
   const VkClearColorValue cv = {.float32 = {0.0f, 0.0f, 128.0f / 255.0f, 1.0f}};
   agx_vk_barrier(cb, t->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, 0},
                  AGX_VK_COLOR_WRITE);
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(t->view, &cv);
   if (msi) {
      agx_vk_barrier(cb, msi->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                     (struct agx_vk_access){VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, 0},
                     AGX_VK_COLOR_WRITE);
      att = agx_vk_color_attachment(msi->view, &cv);
      att.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
      att.resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
      att.resolveImageView = t->view;
      att.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   }
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = 1, .colors = &att});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p[0]);
   agx_vk_viewport_scissor(cb, W, H);
   VkDeviceSize off = 0;
   vkCmdBindVertexBuffers(cb, 0, 1, &vb->buf, &off);
   GET(vkCmdSetRasterizationSamplesEXT)(cb, (VkSampleCountFlagBits)samples);
   const struct ms_cell *cells = samples == 4 ? ms4_cells : ms1_cells;
   for (unsigned i = 0; i < MS_CELLS; i++) {
      if (cells[i].pipeline)
         vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p[cells[i].pipeline]);
      if (cells[i].pipeline == 3)
         GET(vkCmdSetSampleMaskEXT)(cb, VK_SAMPLE_COUNT_4_BIT, &cells[i].mask);
      if (!cells[i].pipeline) {
         GET(vkCmdSetSampleMaskEXT)(cb, VK_SAMPLE_COUNT_4_BIT, &cells[i].mask);
         GET(vkCmdSetAlphaToCoverageEnableEXT)(cb, cells[i].a2c);
      }
      vkCmdDraw(cb, 6, 1, 6 * (first + i), 0);
   }
   vkCmdEndRendering(cb);
}

static void
ms_vertices(const struct ms_cell *cells, struct vertex *v)
{
   for (unsigned i = 0; i < MS_CELLS; i++) {
      uint8_t rgba[4] = {ms_rgb[0], ms_rgb[1], ms_rgb[2], cells[i].alpha};
      if (cells[i].triangle)
         triangle(i, rgba, v + 6 * i);
      else
         quad(i, 0.5f, rgba, v + 6 * i);
   }
}

static void
compare_ms(const char *scene, const uint8_t *img, const struct ms_cell *cells, unsigned samples)
{
   for (unsigned i = 0; i < MS_CELLS; i++) {
      struct want w = {.triangle = cells[i].triangle, .covered = cells[i].covered};
      memcpy(w.rgba, ms_rgb, 3);
      /* the per-sample shader: red 32 + 64 SampleId, averaged over the
       * covered samples (lavapipe runs it once per pixel, SampleId 0, with
       * a dynamic sample count: not compared there) */
      if (cells[i].pipeline >= 2 && c.reference && samples > 1)
         continue;
      if (cells[i].pipeline == 2)
         w.rgba[0] = samples == 4 ? 128 : 32;
      if (cells[i].pipeline == 3)
         w.rgba[0] = samples == 4 ? 64 : 32;
      /* a covered sample carries the draw's alpha */
      w.rgba[3] = cells[i].alpha;
      compare(scene, img, i, &w, samples);
   }
}

/* --- the run ------------------------------------------------------------------ */

static void
run(const char *vs_path, const char *fs_path, const char *sample_id_path)
{
   VkShaderModule vs = agx_vk_shader(&c, vs_path), fs = agx_vk_shader(&c, fs_path);
   VkShaderModule fs_id = agx_vk_shader(&c, sample_id_path);
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   VkPipeline pc[3];
   for (unsigned k = 0; k < 3; k++)
      pc[k] = clip_pipeline(vs, fs, layout, k);
   VkPipeline pm[4] = {ms_pipeline(vs, fs, layout, 0), ms_pipeline(vs, fs, layout, 1),
                       ms_pipeline(vs, fs_id, layout, 2), ms_pipeline(vs, fs_id, layout, 3)};

   /* vertices: the clip cells, then the 1-sample and the 4-sample cells */
   unsigned total = CLIP_CELLS + 2 * MS_CELLS;
   struct agx_vk_buffer vb =
      agx_vk_buffer_usage(&c, sizeof(struct vertex) * 6 * total, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
   struct vertex *v = vb.ptr;
   for (unsigned i = 0; i < CLIP_CELLS; i++)
      quad(i, clip_cells[i].z, clip_rgba, v + 6 * i);
   ms_vertices(ms1_cells, v + 6 * CLIP_CELLS);
   ms_vertices(ms4_cells, v + 6 * (CLIP_CELLS + MS_CELLS));

   struct agx_vk_image tc, t1, t4, depth, msi;
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &tc);
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &t1);
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &t4);
   agx_vk_image_create(
      &c,
      &(struct agx_vk_image_desc){.format = VK_FORMAT_D32_SFLOAT,
                                  .width = W,
                                  .height = H,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                  .aspect = VK_IMAGE_ASPECT_DEPTH_BIT},
      &depth);
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .samples = VK_SAMPLE_COUNT_4_BIT,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                       &msi);
   struct agx_vk_buffer out[3];
   for (unsigned k = 0; k < 3; k++)
      out[k] = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   for (int pass = 0; pass < 2; pass++) {
      for (unsigned k = 0; k < 3; k++)
         memset(out[k].ptr, 0xAB, W * H * 4);
      VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      agx_vk_capture_begin(&capture, c.reference);
      record_clip(cb, pc, &vb, &tc, &depth);
      record_ms(cb, pm, &vb, 1, CLIP_CELLS, &t1, NULL);
      record_ms(cb, pm, &vb, 4, CLIP_CELLS + MS_CELLS, &t4, &msi);
      unsigned linked = agx_vk_capture_end(&capture, counted_line);
      agx_vk_readback(cb, &tc, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                      &out[0]);
      agx_vk_readback(cb, &t1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                      &out[1]);
      agx_vk_readback(cb, &t4, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                      &out[2]);
      VK_OK(agx_vk_submit_wait(&c, cb));
      /* 1 sample: full (also the triangle's), alpha to coverage (also
       * with mask 0x1: the same key), mask 0; 4 samples: full, alpha to
       * coverage, 0x3, alpha to coverage with 0x1; the second pipeline:
       * one per sample count; the third: one sample (its 4-sample loop
       * was compiled with the pipeline); the fourth: one sample, and its
       * 4-sample loop of mask 0x3 compiled at the draw */
      unsigned want = pass ? 0 : 12;
      if (!c.reference && linked != want) {
         printf("  recording %d: %u epilogs linked, want %u\n", pass, linked, want);
         bad++;
      }
      for (unsigned i = 0; i < CLIP_CELLS; i++) {
         struct want w = {.covered = clip_cells[i].drawn};
         memcpy(w.rgba, clip_rgba, 4);
         compare("depth clip", out[0].map, i, &w, 1);
      }
      compare_ms("1 sample", out[1].map, ms1_cells, 1);
      compare_ms("4 samples", out[2].map, ms4_cells, 4);
   }
   for (unsigned k = 0; k < 3; k++)
      agx_vk_buffer_free(&c, &out[k]);
   agx_vk_buffer_free(&c, &vb);
   agx_vk_image_free(&c, &tc);
   agx_vk_image_free(&c, &t1);
   agx_vk_image_free(&c, &t4);
   agx_vk_image_free(&c, &depth);
   agx_vk_image_free(&c, &msi);
   for (unsigned k = 0; k < 3; k++)
      vkDestroyPipeline(c.dev, pc[k], NULL);
   for (unsigned k = 0; k < 4; k++)
      vkDestroyPipeline(c.dev, pm[k], NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   vkDestroyShaderModule(c.dev, fs_id, NULL);
}

int
main(int argc, char **argv)
{
   const char *paths[3];
   int np = 0;
   for (int i = 1; i < argc; i++)
      if (argv[i][0] != '-' && np < 3)
         paths[np++] = argv[i];
   if (np != 3) {
      fprintf(stderr, "usage: test_eds3_raster EDS3_VERT DRAW_FRAG SAMPLE_ID_FRAG [--validation] "
                      "[--reference]\n");
      return 2;
   }
   agx_vk_debug_add("shaders");
   agx_vk_ctx_instance(&c, argc, argv);
   /* The installed layer (1.3.239) compares the attachments' sample count
    * with the pipeline's static rasterizationSamples even when it is
    * dynamic; the specification compares the current value
    * (VUID-vkCmdDraw-multisampledRenderToSingleSampled-07285). */
   static const char *const predates[] = {"VUID-vkCmdDraw-colorAttachmentCount-06188", NULL};
   c.layer_predates = predates;
   const char *exts[2] = {"VK_EXT_extended_dynamic_state3", "VK_EXT_depth_clip_enable"};
   if (!agx_vk_ctx_has_extension(&c, exts[0]) || !agx_vk_ctx_has_extension(&c, exts[1])) {
      printf("VK_EXT_extended_dynamic_state3 / VK_EXT_depth_clip_enable not offered\n");
      agx_vk_ctx_finish(&c);
      return c.reference ? 77 : 1;
   }
   VkPhysicalDeviceExtendedDynamicState3FeaturesEXT e3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
   VkPhysicalDeviceDepthClipEnableFeaturesEXT dc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT,
      .pNext = &e3};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &dc};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   printf("depth clip enable %u, rasterization samples %u, depthClipEnable %u\n",
          e3.extendedDynamicState3DepthClipEnable, e3.extendedDynamicState3RasterizationSamples,
          dc.depthClipEnable);
   bool all = e3.extendedDynamicState3DepthClipEnable &&
              e3.extendedDynamicState3RasterizationSamples &&
              e3.extendedDynamicState3DepthClampEnable && e3.extendedDynamicState3SampleMask &&
              e3.extendedDynamicState3AlphaToCoverageEnable && dc.depthClipEnable &&
              f2.features.depthClamp && f2.features.sampleRateShading;
   if (!all) {
      printf("a feature the test needs is not offered\n");
      agx_vk_ctx_finish(&c);
      return c.reference ? 77 : 1;
   }
   e3 = (VkPhysicalDeviceExtendedDynamicState3FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
      .extendedDynamicState3DepthClampEnable = VK_TRUE,
      .extendedDynamicState3SampleMask = VK_TRUE,
      .extendedDynamicState3AlphaToCoverageEnable = VK_TRUE,
      .extendedDynamicState3DepthClipEnable = VK_TRUE,
      .extendedDynamicState3RasterizationSamples = VK_TRUE};
   dc = (VkPhysicalDeviceDepthClipEnableFeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT,
      .pNext = &e3,
      .depthClipEnable = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &dc,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.depthClamp = VK_TRUE, .sampleRateShading = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 2, exts);
   run(paths[0], paths[1], paths[2]);
   int ret = agx_vk_ctx_finish(&c);
   printf("%u failures\n", bad);
   return bad || ret ? 1 : 0;
}
