/*
 * Adjacency topologies without a geometry shader (icd/agxv_cmd_draw_adjacency.c)
 * through the loader. Vulkan ("Primitive Topologies") passes adjacent
 * vertices to a geometry shader only; without one the primitives are drawn
 * with their other vertices: triangle i of a list with adjacency is
 * (6i, 6i+2, 6i+4), of a strip with adjacency (2i, 2i+2, 2i+4) (odd i:
 * (2i+2, 2i, 2i+4)); line i of a list with adjacency is (4i+1, 4i+2), of a
 * strip with adjacency (i+1, i+2).
 *
 * Each scene draws vbo.vert + draw.frag into a 64x64 R8G8B8A8_UNORM image
 * cleared to transparent black. The vertices that form the primitives are
 * red; the adjacent ones are green and lie far away (screen corners, off
 * screen), so any primitive built from them paints pixels the reference
 * wants black. Triangles cover axis-aligned rectangles with corners on pixel
 * corners (exact coverage): every pixel is compared (one unorm step). Lines
 * are horizontal through pixel centres: the pixels strictly inside their
 * span must be red, everything more than one pixel away from them black
 * (the end pixels depend on the line rasterization rules).
 * Scenes: triangle list (2 rectangles = 4 triangles, firstVertex 3), triangle
 * strip (8 and 9 vertices: 2 triangles; 5 vertices: none), line list (3
 * lines), line strip (firstVertex 2), an indexed line strip (vertexOffset 1);
 * drawn directly, through indirect records (two records with
 * multiDrawIndirect) and through indirect-count draws whose uncounted record
 * would draw adjacent vertices; indexed lists (8/16/32-bit indices,
 * vertexOffset); triangle and line strips with adjacency split by primitive
 * restart (leading restarts, a segment too short for a primitive), direct,
 * indexed-indirect and indexed-indirect count (the GPU-built index lists of
 * cl_kernels/agx_adjacency.cl).
 * The same program runs on lavapipe (--reference) and under validation.
 *
 * test_adjacency VBO_VERT DRAW_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_ctx.h"
#include "agx_vk_gfx.h"

#define W 64
#define H 64

static struct agx_vk_ctx c;
static struct agx_vk_image target;
static VkPipelineLayout layout;
static VkShaderModule vs, fs;
static struct agx_vk_buffer out;

struct vtx {
   float x, y;
   uint8_t rgba[4];
};

/* What a pixel must hold: 0 black, 1 red, 2 either. */
static uint8_t want[W * H];

static VkShaderModule
module(const char *path)
{
   size_t size;
   uint32_t *words = agx_vk_read_spv(path, &size);
   VkShaderModuleCreateInfo ci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = size,
                                  .pCode = words};
   VkShaderModule m;
   VK_OK(vkCreateShaderModule(c.dev, &ci, NULL, &m));
   free(words);
   return m;
}

/* The builder's defaults (one R8G8B8A8_UNORM target, no culling, line
 * width 1) with a static viewport, the vertex layout of struct vtx, the
 * topology and primitive restart of the scene. */
static VkPipeline
pipeline(VkPrimitiveTopology topology, bool restart)
{
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&g, W, H);
   VkVertexInputBindingDescription bind = {0, sizeof(struct vtx), VK_VERTEX_INPUT_RATE_VERTEX};
   VkVertexInputAttributeDescription attr[2] = {
      {0, 0, VK_FORMAT_R32G32_SFLOAT, 0},
      {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 8},
   };
   g.vi.vertexBindingDescriptionCount = 1;
   g.vi.pVertexBindingDescriptions = &bind;
   g.vi.vertexAttributeDescriptionCount = 2;
   g.vi.pVertexAttributeDescriptions = attr;
   g.ia.topology = topology;
   g.ia.primitiveRestartEnable = restart;
   return agx_vk_gfx_create(&c, &g);
}

/* How a scene's draw is recorded. */
enum mode {
   DIRECT,        /* vkCmdDraw / vkCmdDrawIndexed */
   INDIRECT,      /* vkCmdDraw(Indexed)Indirect */
   INDIRECT_COUNT /* vkCmdDraw(Indexed)IndirectCount */
};

#define RESTART 0xFFFFFFFFu /* in ix[]: the restart index of the index type */

struct scene {
   const char *name;
   VkPrimitiveTopology topology;
   const struct vtx *v;
   uint32_t nv;        /* vertices in the buffer */
   uint32_t first;     /* firstVertex (non-indexed) */
   uint32_t count;     /* vertices (or indices) drawn */
   const uint32_t *ix; /* indexed when set */
   int32_t vertex_offset;
   enum mode mode;
   bool u16;     /* 16-bit indices (else 32-bit) */
   bool restart; /* primitive restart enable */
   /* indirect: 0 one record; else two, the first drawing `split`
    * vertices (indices), the second the rest (multiDrawIndirect) */
   uint32_t split;
};

/* A VkDrawIndirectCommand or VkDrawIndexedIndirectCommand (5 words,
 * records 24 bytes apart) of `count` vertices/indices from `first`. */
static void
record(const struct scene *s, uint32_t *r, uint32_t count, uint32_t first)
{
   if (s->ix) {
      const uint32_t w[5] = {count, 1, first, (uint32_t)s->vertex_offset, 0};
      memcpy(r, w, sizeof(w));
   } else {
      const uint32_t w[5] = {count, 1, s->first + first, 0, 0};
      memcpy(r, w, sizeof(w));
   }
}

/* The draw of a scene: direct, or records in an indirect buffer (with
 * INDIRECT_COUNT one more record after the counted ones: the first one
 * shifted by a vertex, which would draw adjacent vertices). Lavapipe
 * (Mesa 22.3.6) draws the restart-split strips of
 * vkCmdDrawIndexedIndirectCount wrongly (the same draws pass through
 * vkCmdDrawIndexed(Indirect); restart apparently not honoured there): the
 * reference run skips those scenes. */
static void
record_draw(VkCommandBuffer cb, const struct scene *s, struct agx_vk_buffer *ind,
            struct agx_vk_buffer *cnt)
{
   if (s->mode == DIRECT) {
      if (s->ix)
         vkCmdDrawIndexed(cb, s->count, 1, 0, s->vertex_offset, 0);
      else
         vkCmdDraw(cb, s->count, 1, s->first, 0);
      return;
   }
   const uint32_t stride = 24;
   uint32_t draws = s->split ? 2 : 1;
   *ind = agx_vk_buffer_usage(&c, 4 * stride, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   memset(ind->map, 0xEE, 4 * stride);
   uint32_t *r = ind->ptr;
   if (s->split) {
      record(s, r, s->split, 0);
      record(s, r + stride / 4, s->count - s->split, s->split);
   } else {
      record(s, r, s->count, 0);
   }
   if (s->mode == INDIRECT) {
      if (s->ix)
         vkCmdDrawIndexedIndirect(cb, ind->buf, 0, draws, stride);
      else
         vkCmdDrawIndirect(cb, ind->buf, 0, draws, stride);
      return;
   }
   /* uncounted: every vertex one later (firstVertex or vertexOffset + 1) */
   record(s, r + draws * stride / 4, s->split ? s->split : s->count, 0);
   r[draws * stride / 4 + (s->ix ? 3 : 2)]++;
   *cnt = agx_vk_buffer_usage(&c, 16, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   memcpy((uint8_t *)cnt->map + 4, &draws, 4);
   if (s->ix)
      vkCmdDrawIndexedIndirectCount(cb, ind->buf, 0, cnt->buf, 4, draws + 1, stride);
   else
      vkCmdDrawIndirectCount(cb, ind->buf, 0, cnt->buf, 4, draws + 1, stride);
}

/* Draws a scene and compares it with want[]. */
static unsigned
run(const struct scene *s)
{
   if (c.reference && s->restart && s->mode == INDIRECT_COUNT) {
      printf("skip %s (lavapipe: restart in indirect-count draws)\n", s->name);
      return 0;
   }
   struct agx_vk_buffer vb =
      agx_vk_buffer_usage(&c, s->nv * sizeof(struct vtx), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
   memcpy(vb.map, s->v, s->nv * sizeof(struct vtx));
   struct agx_vk_buffer ib = {0}, ind = {0}, cnt = {0};
   memset(out.ptr, 0xAB, W * H * 4);
   VkPipeline p = pipeline(s->topology, s->restart);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   const VkClearColorValue black = {{0, 0, 0, 0}};
   agx_vk_begin_color_pass(cb, &target, &black);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cb, 0, 1, &vb.buf, &zero);
   if (s->ix) {
      unsigned size = s->u16 ? 2 : 4;
      ib = agx_vk_buffer_usage(&c, size * s->count, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
      for (uint32_t i = 0; i < s->count; i++) {
         if (s->u16) {
            uint16_t x = (uint16_t)s->ix[i];
            memcpy((uint8_t *)ib.map + 2 * i, &x, 2);
         } else {
            memcpy((uint8_t *)ib.map + 4 * i, &s->ix[i], 4);
         }
      }
      vkCmdBindIndexBuffer(cb, ib.buf, 0, s->u16 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32);
   }
   record_draw(cb, s, &ind, &cnt);
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &target, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cb));
   vkDestroyPipeline(c.dev, p, NULL);
   if (s->ix)
      agx_vk_buffer_free(&c, &ib);
   if (s->mode != DIRECT)
      agx_vk_buffer_free(&c, &ind);
   if (s->mode == INDIRECT_COUNT)
      agx_vk_buffer_free(&c, &cnt);
   agx_vk_buffer_free(&c, &vb);

   const uint8_t *got = out.ptr;
   unsigned bad = 0, red = 0;
   for (int i = 0; i < W * H; i++) {
      const uint8_t *g = got + 4 * i;
      bool is_red = g[0] >= 254 && g[1] <= 1 && g[2] <= 1 && g[3] >= 254;
      bool is_black = g[0] <= 1 && g[1] <= 1 && g[2] <= 1 && g[3] <= 1;
      bool ok = want[i] == 2 || (want[i] == 1 ? is_red : is_black);
      red += want[i] == 1;
      if (!ok && bad++ < 4)
         printf("  %s: pixel (%d,%d) got %u %u %u %u want %s\n", s->name, i % W, i / W, g[0], g[1],
                g[2], g[3], want[i] == 1 ? "red" : "black");
   }
   printf("%s %s: %u of %d pixels differ (%u must be red)\n", bad ? "FAIL" : "ok", s->name, bad,
          W * H, red);
   return bad ? 1 : 0;
}

/* Clip-space coordinate of a pixel position. */
static float
nx(float px)
{
   return px / (W / 2) - 1.0f;
}

static struct vtx
red(float px, float py)
{
   return (struct vtx){nx(px), nx(py), {255, 0, 0, 255}};
}

/* An adjacent vertex: green, far away (k picks one of four). */
static struct vtx
far(int k)
{
   static const float p[4][2] = {{-3, -3}, {3, -3}, {3, 3}, {-3, 3}};
   return (struct vtx){p[k & 3][0], p[k & 3][1], {0, 255, 0, 255}};
}

static void
want_rect(int x0, int y0, int x1, int y1, uint8_t v)
{
   for (int y = y0; y < y1; y++)
      for (int x = x0; x < x1; x++)
         if (x >= 0 && y >= 0 && x < W && y < H)
            want[y * W + x] = v;
}

/* A horizontal line through the centres of row `row` from pixel x0's centre
 * to pixel x1's: pixels x0+1..x1-1 red, a one-pixel margin either. */
static void
want_line(int x0, int x1, int row)
{
   want_rect(x0 - 1, row - 1, x1 + 2, row + 2, 2);
   want_rect(x0 + 1, row, x1, row + 1, 1);
}

/* Two triangles (t0, t1) covering a rectangle, vertex order of a list. */
static void
rect_tris(int x0, int y0, int x1, int y1, struct vtx t[6])
{
   t[0] = red(x0, y0), t[1] = red(x1, y0), t[2] = red(x0, y1);
   t[3] = red(x1, y0), t[4] = red(x1, y1), t[5] = red(x0, y1);
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s VBO_VERT DRAW_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .drawIndirectCount = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   /* adjacency topologies need the geometryShader feature (VUID-
    * VkPipelineInputAssemblyStateCreateInfo-topology-00429), even unused */
   VkPhysicalDeviceFeatures f10 = {.geometryShader = VK_TRUE, .multiDrawIndirect = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   vs = module(argv[1]);
   fs = module(argv[2]);
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &target);
   layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   unsigned fails = 0;

   /* triangle list with adjacency: 4 triangles, 3 junk vertices first */
   {
      struct vtx v[3 + 24];
      for (int i = 0; i < 3; i++)
         v[i] = far(i);
      struct vtx t[12];
      rect_tris(4, 4, 20, 12, t);
      rect_tris(30, 40, 50, 60, t + 6);
      for (int k = 0; k < 12; k++) {
         v[3 + 2 * k] = t[k];
         v[3 + 2 * k + 1] = far(k);
      }
      memset(want, 0, sizeof(want));
      want_rect(4, 4, 20, 12, 1);
      want_rect(30, 40, 50, 60, 1);
      struct scene s = {"triangle list with adjacency",
                        VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY,
                        v,
                        27,
                        3,
                        24,
                        NULL,
                        0};
      fails += run(&s);
      /* the same through indirect records; the indexed forms read index k + 1
       * with vertexOffset 2 (vertex k + 3) */
      struct scene si = s;
      si.name = "triangle list with adjacency, indirect (two records)";
      si.mode = INDIRECT;
      si.split = 12;
      fails += run(&si);
      si.name = "triangle list with adjacency, indirect count (1 of 2 records)";
      si.mode = INDIRECT_COUNT;
      si.split = 0;
      fails += run(&si);
      uint32_t ix[24];
      for (uint32_t k = 0; k < 24; k++)
         ix[k] = k + 1;
      struct scene sx = s;
      sx.name = "indexed triangle list with adjacency (16-bit)";
      sx.ix = ix;
      sx.vertex_offset = 2;
      sx.u16 = true;
      fails += run(&sx);
      sx.name = "indexed triangle list with adjacency, indexed-indirect (two records)";
      sx.mode = INDIRECT;
      sx.split = 12;
      fails += run(&sx);
      sx.name = "indexed triangle list with adjacency (32-bit), indexed-indirect count";
      sx.mode = INDIRECT_COUNT;
      sx.split = 0;
      sx.u16 = false;
      fails += run(&sx);
   }
   /* triangle strip with adjacency: strip v0 v2 v4 v6 = 2 triangles */
   {
      struct vtx v[10];
      const struct vtx strip[5] = {red(10, 20), red(40, 20), red(10, 50), red(40, 50), red(10, 63)};
      for (int k = 0; k < 5; k++) {
         v[2 * k] = strip[k];
         v[2 * k + 1] = far(k);
      }
      memset(want, 0, sizeof(want));
      want_rect(10, 20, 40, 50, 1);
      struct scene s8 = {"triangle strip with adjacency (8 vertices)",
                         VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY,
                         v,
                         10,
                         0,
                         8,
                         NULL,
                         0};
      fails += run(&s8);
      /* a ninth vertex completes no triangle */
      struct scene s9 = s8;
      s9.name = "triangle strip with adjacency (9 vertices)";
      s9.count = 9;
      fails += run(&s9);
      /* five vertices: no triangle at all */
      memset(want, 0, sizeof(want));
      struct scene s5 = s8;
      s5.name = "triangle strip with adjacency (5 vertices)";
      s5.count = 5;
      fails += run(&s5);
   }
   /* triangle strips with adjacency split by primitive restart: two leading
    * restarts, two 8-vertex strips (a rectangle each), a 3-vertex one (no
    * triangle; its vertices would paint) */
   {
      struct vtx v[19];
      const struct vtx a[4] = {red(4, 4), red(24, 4), red(4, 20), red(24, 20)};
      const struct vtx b[4] = {red(30, 30), red(60, 30), red(30, 44), red(60, 44)};
      for (int k = 0; k < 4; k++) {
         v[2 * k] = a[k];
         v[2 * k + 1] = far(k);
         v[8 + 2 * k] = b[k];
         v[8 + 2 * k + 1] = far(k + 1);
      }
      v[16] = red(0, 60), v[17] = red(60, 60), v[18] = red(30, 0);
      const uint32_t ix[23] = {RESTART, RESTART, 0,  1,  2,  3,  4,  5,       6,  7,  RESTART, 8,
                               9,       10,      11, 12, 13, 14, 15, RESTART, 16, 17, 18};
      memset(want, 0, sizeof(want));
      want_rect(4, 4, 24, 20, 1);
      want_rect(30, 30, 60, 44, 1);
      struct scene s = {.name = "triangle strips with adjacency, restart (32-bit)",
                        .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY,
                        .v = v,
                        .nv = 19,
                        .count = 23,
                        .ix = ix,
                        .restart = true};
      fails += run(&s);
      s.name = "triangle strips with adjacency, restart (16-bit), indexed-indirect";
      s.u16 = true;
      s.mode = INDIRECT;
      fails += run(&s);
      s.name = "triangle strips with adjacency, restart (32-bit), indexed-indirect count";
      s.u16 = false;
      s.mode = INDIRECT_COUNT;
      fails += run(&s);
   }
   /* line list with adjacency: 3 lines (4i+1, 4i+2) */
   {
      struct vtx v[12];
      memset(want, 0, sizeof(want));
      for (int i = 0; i < 3; i++) {
         int row = 10 + 15 * i, x0 = 8 + i, x1 = 50 - 2 * i;
         v[4 * i] = far(i);
         v[4 * i + 1] = red(x0 + 0.5f, row + 0.5f);
         v[4 * i + 2] = red(x1 + 0.5f, row + 0.5f);
         v[4 * i + 3] = far(i + 1);
         want_line(x0, x1, row);
      }
      struct scene s = {"line list with adjacency",
                        VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY,
                        v,
                        12,
                        0,
                        12,
                        NULL,
                        0};
      fails += run(&s);
      s.name = "line list with adjacency, indirect (two records)";
      s.mode = INDIRECT;
      s.split = 4;
      fails += run(&s);
      s.name = "line list with adjacency, indirect count (2 of 3 records)";
      s.mode = INDIRECT_COUNT;
      fails += run(&s);
   }
   /* line strip with adjacency: lines (i+1, i+2), firstVertex 2; the strip
    * runs right along one row, then back along another */
   {
      struct vtx v[2 + 5];
      v[0] = far(0), v[1] = far(1);
      v[2] = far(2);            /* adjacent to the first line */
      v[3] = red(6.5f, 30.5f);  /* line 0: 3 -> 4 */
      v[4] = red(56.5f, 30.5f); /* line 1: 4 -> 5 (vertical) */
      v[5] = red(56.5f, 44.5f);
      v[6] = far(3); /* adjacent to the last line */
      memset(want, 0, sizeof(want));
      want_line(6, 56, 30);
      /* the vertical segment: column 56, rows 31..43 red, margins either */
      want_rect(55, 29, 58, 46, 2);
      want_rect(56, 32, 57, 44, 1);
      struct scene s = {"line strip with adjacency",
                        VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY,
                        v,
                        7,
                        2,
                        5,
                        NULL,
                        0};
      fails += run(&s);
      /* the same through indices (vertexOffset 1: indices one lower) */
      const uint32_t ix[5] = {1, 2, 3, 4, 5};
      struct scene si = {"indexed line strip with adjacency",
                         VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY,
                         v,
                         7,
                         0,
                         5,
                         ix,
                         1};
      fails += run(&si);
      struct scene sd = s;
      sd.name = "line strip with adjacency, indirect";
      sd.mode = INDIRECT;
      fails += run(&sd);
      si.name = "indexed line strip with adjacency, indexed-indirect";
      si.mode = INDIRECT;
      fails += run(&si);
   }
   /* line strips with adjacency split by primitive restart: the strip above,
    * a one-line strip, a 3-vertex strip (no line; its vertices would paint) */
   {
      struct vtx v[14];
      v[0] = far(0), v[1] = far(1), v[2] = far(2);
      v[3] = red(6.5f, 30.5f);
      v[4] = red(56.5f, 30.5f);
      v[5] = red(56.5f, 44.5f);
      v[6] = far(3);
      v[7] = far(0);
      v[8] = red(8.5f, 55.5f);
      v[9] = red(40.5f, 55.5f);
      v[10] = far(1);
      v[11] = red(2.5f, 2.5f), v[12] = red(60.5f, 2.5f), v[13] = red(60.5f, 16.5f);
      const uint32_t ix[14] = {2, 3, 4, 5, 6, RESTART, 7, 8, 9, 10, RESTART, 11, 12, 13};
      memset(want, 0, sizeof(want));
      want_line(6, 56, 30);
      want_rect(55, 29, 58, 46, 2);
      want_rect(56, 32, 57, 44, 1);
      want_line(8, 40, 55);
      struct scene s = {.name = "line strips with adjacency, restart (16-bit)",
                        .topology = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY,
                        .v = v,
                        .nv = 14,
                        .count = 14,
                        .ix = ix,
                        .u16 = true,
                        .restart = true};
      fails += run(&s);
      s.name = "line strips with adjacency, restart (16-bit), indexed-indirect";
      s.mode = INDIRECT;
      fails += run(&s);
      s.name = "line strips with adjacency, restart (32-bit), indexed-indirect count";
      s.u16 = false;
      s.mode = INDIRECT_COUNT;
      fails += run(&s);
   }

   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   agx_vk_image_free(&c, &target);
   agx_vk_buffer_free(&c, &out);
   return agx_vk_ctx_finish(&c) || fails ? 1 : 0;
}
