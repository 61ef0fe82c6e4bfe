/*
 * Geometry shaders through the loader (issue 23, first slice): draws with a
 * vertex, geometry and fragment shader into a 64 x 64 R8G8B8A8_UNORM
 * attachment, compared with CPU-painted rectangles. Every geometry shader
 * here emits axis-aligned squares or rectangles whose edges lie on pixel
 * boundaries, in one colour each, so the reference needs no rasteriser:
 * pixel (x, y) is covered when x0 <= x < x1 and y0 <= y < y1, later
 * primitives over earlier ones (draw order), colours within one unorm step.
 *
 * Scenes: points -> squares (gs_quad.geom: PrimitiveId in blue, two
 * instances moved by a push constant, and an indexed draw), a
 * data-dependent amplification (gs_amp.geom: triangles in, three
 * invocations, 0..3 squares per invocation as separate strips, counts from
 * an input varying), lines -> rectangles (gs_line.geom: a line list and a
 * line strip), triangle strip and fan input (Vulkan vertex order), point
 * output (gs_points.geom), triangles with adjacency as lists, strips and
 * indexed strips with restarts (gs_adj.geom; gl_PrimitiveID to the fragment
 * shader, gs_primid.frag), primitive restart in an indexed strip (direct
 * and indirect), layered output (gs_layer.geom: gl_Layer on a two-layer
 * attachment, both layers compared), two geometry-shader draws in one render pass, a plain draw
 * between two geometry-shader draws (state restored after each), the
 * squares of the first scene drawn without a geometry shader (the cost
 * baseline of the report), and vertex attributes fetched by the software
 * vertex shader (vbo.vert).
 *
 * Vertex data: a storage buffer read with gl_VertexIndex (draw.vert), the
 * colour interpolated by draw.frag. Runs on agx-vk, under validation and on lavapipe (--reference).
 *
 * test_gs DRAW_VERT_SPV DRAW_FRAG_SPV GS_QUAD_SPV GS_AMP_SPV GS_LINE_SPV
 *         VBO_VERT_SPV GS_POINTS_SPV GS_ADJ_SPV GS_LAYER_SPV GS_PRIMID_FRAG_SPV
 *         [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 64
#define MAX_RECTS 256
#define LAYERS 2 /* the attachment's layers (layered scenes render to both) */

/* A vertex of draw.vert: clip position, colour. */
struct vtx {
   float pos[4];
   float col[4];
};

/* pixel coordinates -> clip space */
#define V(px, py, r, g, b, a)                                               \
   {                                                                        \
      {(float)(px) / 32.0f - 1.0f, (float)(py) / 32.0f - 1.0f, 0.5f, 1.0f}, \
      {                                                                     \
         r, g, b, a                                                         \
      }                                                                     \
   }

/* GS_NONE: a plain VS + FS pipeline drawing a triangle list. GS_ADJ draws
 * with gs_primid.frag, the others with draw.frag. */
enum gs_kind { GS_QUAD, GS_AMP, GS_LINE, GS_POINTS, GS_ADJ, GS_LAYER, GS_NONE };

#define RESTART 0xFFFFFFFFu

struct draw {
   enum gs_kind gs;
   VkPrimitiveTopology topology;
   uint32_t first, count; /* vertices, or indices when indexed */
   uint32_t instances;
   bool indexed;
   bool attribs;  /* vbo.vert: position and colour from vertex attributes */
   bool indirect; /* vkCmdDraw(Indexed)Indirect with the same parameters */
   bool restart;  /* primitive restart enabled (RESTART in the indices) */
};

struct scene {
   const char *name;
   const struct vtx *v;
   uint32_t nv;
   const uint32_t *idx;
   uint32_t nidx;
   struct draw draws[3];
   uint32_t ndraws;
   bool layered; /* a two-layer attachment (layer 1 compared too) */
};

struct rect {
   int x0, y0, x1, y1;
   float col[4];
   int layer;
};

/* The instance offset of draw.vert (push constant), in clip units. */
static const float inst_offset[4] = {0.0f, 20.0f / 32.0f, 0.0f, 0.0f};

static int
px(float clip)
{
   return (int)lround((clip + 1.0) * 32.0);
}

/* Vertices per input primitive of a topology. */
static uint32_t
topology_verts(VkPrimitiveTopology t)
{
   switch (t) {
   case VK_PRIMITIVE_TOPOLOGY_POINT_LIST:
      return 1;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
      return 2;
   case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY:
   case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return 4;
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY:
   case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      return 6;
   default:
      return 3;
   }
}

/* Vertex v (geometry shader input order) of primitive i of n in a triangle
 * strip with adjacency, from the segment's start: the Vulkan specification's
 * table ("Triangle Strips With Adjacency", first vertex provoking), cases
 * only / first / middle / last, even and odd. */
static uint32_t
strip_adj_vertex(uint32_t i, uint32_t n, uint32_t v)
{
   static const int only[6] = {0, 1, 2, 5, 4, 3}, first[6] = {0, 1, 2, 6, 4, 3};
   static const int even[6] = {0, -2, 2, 6, 4, 3}, odd[6] = {0, 3, 4, 6, 2, -2};
   const int *t = n == 1 ? only : i == 0 ? first : i % 2 ? odd : even;
   int o = t[v];
   if (i > 0 && i + 1 == n && v == 3)
      o = 5; /* the last primitive's far neighbour */
   return (uint32_t)((int)(2 * i) + o);
}

/* The input primitives of one instance of a draw: prims[k][v] = the vertex
 * (index into s->v) of vertex v of primitive k, in Vulkan's vertex orders;
 * with restart on, each run of indices between restarts is its own strip. */
static uint32_t
input_prims(const struct scene *s, const struct draw *d, uint32_t prims[][6], uint32_t max)
{
   VkPrimitiveTopology t = d->topology;
   uint32_t per = topology_verts(t), n = 0, start = 0;
   for (uint32_t pos = 0; pos <= d->count; pos++) {
      if (pos < d->count && !(d->restart && s->idx[d->first + pos] == RESTART))
         continue;
      uint32_t len = pos - start, np;
      switch (t) {
      case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP:
         np = len >= 2 ? len - 1 : 0;
         break;
      case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
         np = len >= 4 ? len - 3 : 0;
         break;
      case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP:
      case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN:
         np = len >= 3 ? len - 2 : 0;
         break;
      case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
         np = len >= 6 ? (len - 4) / 2 : 0;
         break;
      default:
         np = len / per;
      }
      for (uint32_t i = 0; i < np && n < max; i++, n++)
         for (uint32_t v = 0; v < per; v++) {
            uint32_t k;
            if (t == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP) /* i, i+1+i%2, i+2-i%2 */
               k = i + (v == 0 ? 0 : v == 1 ? 1 + i % 2 : 2 - i % 2);
            else if (t == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN) /* i+1, i+2, 0 */
               k = v == 2 ? 0 : i + v + 1;
            else if (t == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY)
               k = strip_adj_vertex(i, np, v);
            else if (t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP ||
                     t == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY)
               k = i + v;
            else
               k = i * per + v;
            uint32_t at = start + k;
            prims[n][v] = d->indexed ? s->idx[d->first + at] : d->first + at;
         }
      start = pos + 1;
   }
   return n;
}

/* The rectangles a draw's geometry shader emits, in order. */
static unsigned
expected(const struct scene *s, const struct draw *d, struct rect *r, unsigned n)
{
   for (uint32_t inst = 0; inst < d->instances; inst++) {
      float dy = inst_offset[1] * (float)inst;
      uint32_t prim_v[64][6];
      uint32_t prims = input_prims(s, d, prim_v, 64);
      for (uint32_t p = 0; p < prims; p++) {
         const struct vtx *pv[6];
         for (uint32_t k = 0; k < topology_verts(d->topology); k++)
            pv[k] = &s->v[prim_v[p][k]];
         int x = px(pv[0]->pos[0]), y = px(pv[0]->pos[1] + dy);
         if (d->gs == GS_NONE) {
            /* the triangle's bounding box: the scenes pair triangles into
             * pixel-aligned rectangles of one colour */
            int x1 = x, y1 = y;
            for (int k = 1; k < 3; k++) {
               int xk = px(pv[k]->pos[0]), yk = px(pv[k]->pos[1] + dy);
               x = xk < x ? xk : x, x1 = xk > x1 ? xk : x1;
               y = yk < y ? yk : y, y1 = yk > y1 ? yk : y1;
            }
            r[n] = (struct rect){x, y, x1, y1, {0}};
            memcpy(r[n++].col, pv[0]->col, 16);
         } else if (d->gs == GS_POINTS) {
            for (int k = 0; k < 3; k++)
               r[n++] = (struct rect){x + 2 * k,
                                      y,
                                      x + 2 * k + 1,
                                      y + 1,
                                      {pv[0]->col[0], (float)k / 4.0f, 0.0f, 1.0f}};
         } else if (d->gs == GS_QUAD) {
            r[n++] = (struct rect){x - 4,
                                   y - 4,
                                   x + 4,
                                   y + 4,
                                   {pv[0]->col[0], pv[0]->col[1], (float)p / 8.0f, 1.0f}};
         } else if (d->gs == GS_ADJ) {
            for (int k = 0; k < 6; k++) {
               int xk = px(pv[k]->pos[0]), yk = px(pv[k]->pos[1] + dy);
               r[n++] = (struct rect){
                  xk,
                  yk,
                  xk + 2,
                  yk + 2,
                  {pv[k]->col[0], (float)(k + 1) / 8.0f, (float)(p + 1) / 16.0f, 1.0f}};
            }
         } else if (d->gs == GS_LAYER) {
            r[n++] = (struct rect){x - 4,
                                   y - 4,
                                   x + 4,
                                   y + 4,
                                   {pv[0]->col[0], pv[0]->col[1], (float)p / 8.0f, 1.0f},
                                   (int)(p % 2)};
         } else if (d->gs == GS_LINE) {
            int x1 = px(pv[1]->pos[0]);
            r[n] = (struct rect){x, y - 2, x1, y + 2, {0}};
            memcpy(r[n++].col, pv[1]->col, 16);
         } else {
            int cnt = (int)(pv[0]->col[3] * 4.0f + 0.5f);
            for (int j = 0; j < 3; j++) {
               if (j >= cnt)
                  continue;
               struct rect q = {x + 10 * j,
                                y,
                                x + 10 * j + 8,
                                y + 8,
                                {pv[0]->col[0], (float)(j + 1) / 4.0f, pv[2]->col[0], 1.0f}};
               r[n++] = q;
               if (cnt == 3) {
                  q.y0 += 10, q.y1 += 10;
                  r[n++] = q;
               }
            }
         }
      }
   }
   return n;
}

static uint8_t
unorm8(double v)
{
   v = v < 0 ? 0 : v > 1 ? 1 : v;
   return (uint8_t)floor(v * 255.0 + 0.5);
}

static const float clear[4] = {0.0f, 0.0f, 0.0f, 1.0f};

/* Layer `layer` of the scene (only layered scenes draw on layer 1). */
static void
reference(const struct scene *s, uint8_t *img, int layer)
{
   for (int i = 0; i < W * H; i++)
      for (int c = 0; c < 4; c++)
         img[4 * i + c] = unorm8(clear[c]);
   struct rect r[MAX_RECTS];
   unsigned n = 0;
   for (uint32_t d = 0; d < s->ndraws; d++)
      n = expected(s, &s->draws[d], r, n);
   for (unsigned k = 0; k < n; k++)
      for (int y = r[k].layer != layer ? H : r[k].y0 < 0 ? 0 : r[k].y0; y < r[k].y1 && y < H; y++)
         for (int x = r[k].x0 < 0 ? 0 : r[k].x0; x < r[k].x1 && x < W; x++)
            for (int c = 0; c < 4; c++)
               img[4 * (y * W + x) + c] = unorm8(r[k].col[c]);
}

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, vs_vbo, fs, fs_primid, gs[GS_NONE];
   struct agx_vk_set ds;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, ib, out, attr, ind;
   struct agx_vk_image image; /* its view: both layers */
   VkImageView view;          /* layer 0 */
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   for (int i = 0; i < 3; i++)
      g->gs[i] = agx_vk_shader(c, spv[2 + i]);
   g->vs_vbo = agx_vk_shader(c, spv[5]);
   g->gs[GS_POINTS] = agx_vk_shader(c, spv[6]);
   g->gs[GS_ADJ] = agx_vk_shader(c, spv[7]);
   g->gs[GS_LAYER] = agx_vk_shader(c, spv[8]);
   g->fs_primid = agx_vk_shader(c, spv[9]);
   agx_vk_set_create(
      c, 1, &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT},
      &g->ds);
   g->layout = agx_vk_pipeline_layout(c, 1, &g->ds.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   g->vb = agx_vk_buffer(c, 4096);
   g->ib = agx_vk_buffer_usage(c, 1024, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   g->out = agx_vk_buffer_usage(c, LAYERS * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   g->attr = agx_vk_buffer_usage(c, 1024, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
   g->ind = agx_vk_buffer_usage(c, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   agx_vk_set_buffer(c, &g->ds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = LAYERS,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &g->image);
   g->view = agx_vk_image_view(c, g->image.image, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                               (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1});
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   vkDestroyImageView(d, g->view, NULL);
   agx_vk_image_free(g->c, &g->image);
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->ib);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_buffer_free(g->c, &g->attr);
   agx_vk_buffer_free(g->c, &g->ind);
   vkDestroyShaderModule(d, g->vs_vbo, NULL);
   agx_vk_set_free(g->c, &g->ds);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
   vkDestroyShaderModule(d, g->fs_primid, NULL);
   for (int i = 0; i < GS_NONE; i++)
      vkDestroyShaderModule(d, g->gs[i], NULL);
}

static VkPipeline
pipeline(struct gpu *g, const struct draw *dr)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, dr->attribs ? g->vs_vbo : g->vs,
                       dr->gs == GS_ADJ ? g->fs_primid : g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_stage(&b, AGX_VK_GS, dr->gs == GS_NONE ? VK_NULL_HANDLE : g->gs[dr->gs]);
   /* vbo.vert: position RG32_SFLOAT at 0, colour RGBA8_UNORM at 8 */
   VkVertexInputBindingDescription vb = {0, 12, VK_VERTEX_INPUT_RATE_VERTEX};
   VkVertexInputAttributeDescription va[2] = {{0, 0, VK_FORMAT_R32G32_SFLOAT, 0},
                                              {1, 0, VK_FORMAT_R8G8B8A8_UNORM, 8}};
   b.vi.vertexBindingDescriptionCount = dr->attribs ? 1 : 0;
   b.vi.pVertexBindingDescriptions = &vb;
   b.vi.vertexAttributeDescriptionCount = dr->attribs ? 2 : 0;
   b.vi.pVertexAttributeDescriptions = va;
   b.ia.topology = dr->topology;
   b.ia.primitiveRestartEnable = dr->restart;
   return agx_vk_gfx_create(g->c, &b);
}

static void
render(struct gpu *g, const struct scene *s, uint8_t *img)
{
   struct agx_vk_ctx *c = g->c;
   memcpy(g->vb.ptr, s->v, s->nv * sizeof(struct vtx));
   if (s->nidx)
      memcpy(g->ib.ptr, s->idx, s->nidx * 4);
   memset(g->out.ptr, 0xAB, LAYERS * W * H * 4);
   /* the same vertices as attributes: x, y floats, RGBA8 unorm colour */
   for (uint32_t i = 0; i < s->nv && i < 1024 / 12; i++) {
      memcpy(g->attr.map + 12 * i, s->v[i].pos, 8);
      for (int k = 0; k < 4; k++)
         g->attr.map[12 * i + 8 + k] = unorm8(s->v[i].col[k]);
   }
   VkPipeline p[3];
   for (uint32_t d = 0; d < s->ndraws; d++)
      p[d] = pipeline(g, &s->draws[d]);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, g->image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_COPY_BIT, 0}, AGX_VK_COLOR_WRITE);
   VkClearColorValue cv;
   memcpy(cv.float32, clear, 16);
   VkRenderingAttachmentInfo att =
      agx_vk_color_attachment(s->layered ? g->image.view : g->view, &cv);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .layers = s->layered ? LAYERS : 1,
                                                         .color_count = 1,
                                                         .colors = &att});
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->ds.set, 0,
                           NULL);
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, inst_offset);
   vkCmdBindIndexBuffer(cb, g->ib.buf, 0, VK_INDEX_TYPE_UINT32);
   VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cb, 0, 1, &g->attr.buf, &zero);
   for (uint32_t d = 0; d < s->ndraws; d++) {
      const struct draw *dr = &s->draws[d];
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p[d]);
      uint32_t *rec = (uint32_t *)(g->ind.map + 32 * d);
      if (dr->indirect && dr->indexed) {
         const uint32_t r[5] = {dr->count, dr->instances, dr->first, 0, 0};
         memcpy(rec, r, sizeof(r));
         vkCmdDrawIndexedIndirect(cb, g->ind.buf, 32 * d, 1, 20);
      } else if (dr->indirect) {
         const uint32_t r[4] = {dr->count, dr->instances, dr->first, 0};
         memcpy(rec, r, sizeof(r));
         vkCmdDrawIndirect(cb, g->ind.buf, 32 * d, 1, 16);
      } else if (dr->indexed)
         vkCmdDrawIndexed(cb, dr->count, dr->instances, dr->first, 0, 0);
      else
         vkCmdDraw(cb, dr->count, dr->instances, dr->first, 0);
   }
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &g->image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                   &g->out);
   VK_OK(agx_vk_submit_wait(c, cb));
   for (uint32_t d = 0; d < s->ndraws; d++)
      vkDestroyPipeline(c->dev, p[d], NULL);
   memcpy(img, g->out.ptr, LAYERS * W * H * 4);
}

static unsigned
check_scene(struct gpu *g, const struct scene *s)
{
   static uint8_t all[LAYERS * W * H * 4], want[W * H * 4];
   render(g, s, all);
   unsigned bad = 0, covered = 0;
   for (int layer = 0; layer < (s->layered ? LAYERS : 1); layer++) {
      const uint8_t *got = all + layer * W * H * 4;
      reference(s, want, layer);
      for (int i = 0; i < W * H; i++) {
         bool diff = false;
         for (int c = 0; c < 4; c++)
            diff |= abs((int)got[4 * i + c] - (int)want[4 * i + c]) > 1;
         covered += memcmp(&want[4 * i], &want[0], 4) != 0 || i == 0;
         if (diff && bad++ < 5)
            fprintf(stderr, "  %s: layer %d pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n",
                    s->name, layer, i % W, i / W, got[4 * i], got[4 * i + 1], got[4 * i + 2],
                    got[4 * i + 3], want[4 * i], want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
      }
   }
   printf("%s %s: %u pixels differ (%u covered)\n", bad ? "FAIL" : "ok", s->name, bad, covered);
   return bad ? 1 : 0;
}

int
main(int argc, char **argv)
{
   if (argc < 11) {
      fprintf(stderr,
              "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV GS_QUAD_SPV GS_AMP_SPV GS_LINE_SPV "
              "VBO_VERT_SPV GS_POINTS_SPV GS_ADJ_SPV GS_LAYER_SPV GS_PRIMID_FRAG_SPV "
              "[--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures supported;
   vkGetPhysicalDeviceFeatures(c.pdev, &supported);
   if (!supported.geometryShader) {
      fprintf(stderr, "geometryShader not advertised\n");
      return 1;
   }
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.geometryShader = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   unsigned bad = 0;

   /* Points: squares around pixel-aligned centres; two instances (the
    * second 20 pixels lower); an indexed draw of three of them. */
   const struct vtx points[6] = {
      V(6, 6, 0.125, 1, 0, 0),   V(18, 6, 0.25, 0.75, 0, 0), V(30, 6, 0.375, 0.5, 0, 0),
      V(42, 6, 0.5, 0.25, 0, 0), V(54, 6, 0.625, 0, 0, 0),   V(30, 50, 1, 1, 0, 0),
   };
   const uint32_t point_idx[3] = {4, 2, 5};
   struct scene quads = {.name = "points_to_quads",
                         .v = points,
                         .nv = 6,
                         .draws = {{GS_QUAD, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, 0, 5, 2, false}},
                         .ndraws = 1};
   bad += check_scene(&g, &quads);
   struct scene quads_idx = {.name = "points_indexed",
                             .v = points,
                             .nv = 6,
                             .idx = point_idx,
                             .nidx = 3,
                             .draws = {{GS_QUAD, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, 0, 3, 1, true}},
                             .ndraws = 1};
   bad += check_scene(&g, &quads_idx);

   /* Amplification: per triangle, count n = 4 x alpha of vertex 0 */
   const struct vtx tris[12] = {
      V(2, 2, 0.25, 0, 0, 0.5),   V(9, 9, 0, 0, 0, 0), V(5, 9, 0.5, 0, 0, 0),  /* n = 2 */
      V(40, 40, 1, 0, 0, 0),      V(9, 9, 0, 0, 0, 0), V(5, 9, 0.5, 0, 0, 0),  /* n = 0 */
      V(2, 22, 0.75, 0, 0, 0.75), V(9, 9, 0, 0, 0, 0), V(5, 9, 0.25, 0, 0, 0), /* n = 3 */
      V(40, 44, 0.5, 0, 0, 0.25), V(9, 9, 0, 0, 0, 0), V(5, 9, 1, 0, 0, 0),    /* n = 1 */
   };
   struct scene amp = {.name = "amplification",
                       .v = tris,
                       .nv = 12,
                       .draws = {{GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, 0, 12, 1, false}},
                       .ndraws = 1};
   bad += check_scene(&g, &amp);

   /* Lines: a list of two, and a strip of three vertices (two lines). */
   const struct vtx lines[7] = {
      V(4, 10, 1, 0, 0, 1),        V(36, 10, 0, 1, 0, 1), V(10, 30, 1, 1, 0, 1),
      V(60, 30, 0, 0, 1, 1),       V(4, 50, 1, 0, 1, 1),  V(30, 50, 0, 1, 1, 1),
      V(60, 50, 0.5, 0.5, 0.5, 1),
   };
   struct scene line_list = {.name = "line_list",
                             .v = lines,
                             .nv = 7,
                             .draws = {{GS_LINE, VK_PRIMITIVE_TOPOLOGY_LINE_LIST, 0, 4, 1, false}},
                             .ndraws = 1};
   bad += check_scene(&g, &line_list);
   struct scene line_strip = {
      .name = "line_strip",
      .v = lines,
      .nv = 7,
      .draws = {{GS_LINE, VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, 4, 3, 1, false}},
      .ndraws = 1};
   bad += check_scene(&g, &line_strip);

   /* Two geometry-shader draws in one render pass (one pre-graphics stream). */
   struct vtx both[12 + 7];
   memcpy(both, tris, sizeof(tris));
   memcpy(both + 12, lines, sizeof(lines));
   struct scene two = {.name = "two_draws",
                       .v = both,
                       .nv = 19,
                       .draws = {{GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, 0, 12, 1, false},
                                 {GS_LINE, VK_PRIMITIVE_TOPOLOGY_LINE_LIST, 12, 4, 1, false}},
                       .ndraws = 2};
   bad += check_scene(&g, &two);

   /* A plain triangle-list draw (two triangles: a rectangle) between two
    * geometry-shader draws in one pass. */
   struct vtx mixed[12 + 6];
   memcpy(mixed, tris, sizeof(tris));
   const struct vtx rectangle[6] = {
      V(20, 48, 0, 0.5, 1, 1), V(60, 48, 0, 0.5, 1, 1), V(20, 60, 0, 0.5, 1, 1),
      V(60, 48, 0, 0.5, 1, 1), V(60, 60, 0, 0.5, 1, 1), V(20, 60, 0, 0.5, 1, 1),
   };
   memcpy(mixed + 12, rectangle, sizeof(rectangle));
   struct scene mix = {.name = "gs_plain_gs",
                       .v = mixed,
                       .nv = 18,
                       .draws = {{GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, 0, 6, 1, false},
                                 {GS_NONE, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, 12, 6, 1, false},
                                 {GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, 6, 6, 1, false}},
                       .ndraws = 3};
   bad += check_scene(&g, &mix);

   /* The squares of points_to_quads' first instance drawn without a
    * geometry shader (a triangle list of 6 vertices per square). */
   struct vtx plain[30];
   for (int i = 0; i < 5; i++) {
      const struct vtx *pt = &points[i];
      int x = px(pt->pos[0]), y = px(pt->pos[1]);
      const int corner[6][2] = {{-4, -4}, {4, -4}, {-4, 4}, {4, -4}, {4, 4}, {-4, 4}};
      for (int k = 0; k < 6; k++)
         plain[6 * i + k] = (struct vtx)V(x + corner[k][0], y + corner[k][1], pt->col[0],
                                          pt->col[1], (float)i / 8.0f, 1);
   }
   struct scene plain_quads = {
      .name = "plain_quads",
      .v = plain,
      .nv = 30,
      .draws = {{GS_NONE, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, 0, 30, 1, false}},
      .ndraws = 1};
   bad += check_scene(&g, &plain_quads);

   /* Vertex attributes (vbo.vert) before a geometry shader, two instances. */
   struct scene attribs = {
      .name = "vertex_attributes",
      .v = points,
      .nv = 6,
      .draws = {{GS_QUAD, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, 1, 5, 1, false, true}},
      .ndraws = 1};
   bad += check_scene(&g, &attribs);

   /* Triangle strip and fan input (Vulkan's vertex order per primitive):
    * gs_amp reads vertices 0 and 2 of each. */
   const struct vtx fan[6] = {
      V(30, 50, 0.75, 0, 0, 0), V(2, 2, 0.25, 0, 0, 0.25), V(2, 22, 0.5, 0, 0, 0.5),
      V(40, 30, 1, 0, 0, 0.75), V(40, 44, 0.125, 0, 0, 0), V(50, 2, 0.625, 0, 0, 0.25),
   };
   struct scene strip = {.name = "triangle_strip_input",
                         .v = fan,
                         .nv = 6,
                         .draws = {{GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, 0, 6, 1, false}},
                         .ndraws = 1};
   bad += check_scene(&g, &strip);
   struct scene fans = {.name = "triangle_fan_input",
                        .v = fan,
                        .nv = 6,
                        .draws = {{GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, 0, 6, 1, false}},
                        .ndraws = 1};
   bad += check_scene(&g, &fans);

   /* Point output (no strips, no restarts), two instances. */
   struct scene pts = {.name = "points_output",
                       .v = points,
                       .nv = 6,
                       .draws = {{GS_POINTS, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, 0, 6, 2, false}},
                       .ndraws = 1};
   bad += check_scene(&g, &pts);

   /* Indirect draws: set up on the GPU from the records, buffers from the
    * geometry heap (two draws in one pass: one heap reset, two
    * allocations). */
   struct scene ind = {
      .name = "indirect",
      .v = tris,
      .nv = 12,
      .draws = {{GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, 0, 12, 1, false, false, true}},
      .ndraws = 1};
   bad += check_scene(&g, &ind);
   struct scene ind2 = {
      .name = "indexed_indirect_and_indirect",
      .v = both,
      .nv = 19,
      .idx = point_idx,
      .nidx = 3,
      .draws = {{GS_QUAD, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, 0, 3, 2, true, false, true},
                {GS_LINE, VK_PRIMITIVE_TOPOLOGY_LINE_LIST, 12, 4, 1, false, false, true}},
      .ndraws = 2};
   bad += check_scene(&g, &ind2);

   /* Triangles with adjacency (gs_adj: a small square per input vertex,
    * PrimitiveId + 1 to the fragment shader): a list of two, a strip of 14
    * vertices (five primitives: first, middle even and odd, last), the same
    * strip indexed with a restart (a strip of two and an only primitive). */
   struct vtx adjv[14];
   for (int i = 0; i < 14; i++)
      adjv[i] = (struct vtx)V(4 + 8 * (i % 7), 8 + 20 * (i / 7), (float)(i + 1) / 16.0f, 0, 0, 1);
   struct scene adj_list = {
      .name = "triangle_list_adjacency",
      .v = adjv,
      .nv = 14,
      .draws = {{GS_ADJ, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY, 1, 12, 1, false}},
      .ndraws = 1};
   bad += check_scene(&g, &adj_list);
   struct scene adj_strip = {
      .name = "triangle_strip_adjacency",
      .v = adjv,
      .nv = 14,
      .draws = {{GS_ADJ, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, 0, 14, 1, false}},
      .ndraws = 1};
   bad += check_scene(&g, &adj_strip);
   const uint32_t adj_idx[16] = {13, 1, 2, 3, 4, 5, 6, 7, RESTART, 8, 0, 10, 11, 12, 9, RESTART};
   struct scene adj_restart = {
      .name = "triangle_strip_adjacency_restart",
      .v = adjv,
      .nv = 14,
      .idx = adj_idx,
      .nidx = 16,
      .draws = {{GS_ADJ, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, 0, 16, 1, true, false,
                 false, true}},
      .ndraws = 1};
   bad += check_scene(&g, &adj_restart);

   /* Primitive restart in an indexed triangle strip (gs_amp): segments of
    * 4, 4, 0 and 3 indices; directly and indirectly, two instances. */
   const uint32_t strip_idx[14] = {0, 1, 2, 3, RESTART, 2, 3, 4, 5, RESTART, RESTART, 1, 0, 4};
   struct scene restart = {
      .name = "triangle_strip_restart",
      .v = fan,
      .nv = 6,
      .idx = strip_idx,
      .nidx = 14,
      .draws = {{GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, 0, 14, 2, true, false, false, true}},
      .ndraws = 1};
   bad += check_scene(&g, &restart);
   struct scene restart_ind = {
      .name = "triangle_strip_restart_indirect",
      .v = fan,
      .nv = 6,
      .idx = strip_idx,
      .nidx = 14,
      .draws = {{GS_AMP, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, 2, 12, 1, true, false, true, true}},
      .ndraws = 1};
   bad += check_scene(&g, &restart_ind);

   /* Layered output: point p on layer p % 2 of a two-layer attachment. */
   struct scene layered = {.name = "layered",
                           .v = points,
                           .nv = 6,
                           .draws = {{GS_LAYER, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, 0, 6, 1, false}},
                           .ndraws = 1,
                           .layered = true};
   bad += check_scene(&g, &layered);

   gpu_finish(&g);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
