/*
 * Draw features DXVK and vkd3d-proton require (issue 19 item 5), through the
 * loader: fullDrawIndexUint32, shaderDrawParameters, multiDrawIndirect and
 * drawIndirectFirstInstance. Every draw paints 8 x 8 pixel cells of a
 * 64 x 64 R8G8B8A8_UNORM attachment (draw_features.vert: cell = InstanceIndex,
 * colour = the draw parameters the vertex shader saw), so the CPU reference
 * needs no rasteriser: it paints cell firstInstance + i of every instance i
 * with (top index byte, BaseVertex, BaseInstance, DrawIndex) x 8 / 255, later
 * draws over earlier ones.
 *
 * Scenes: direct draws with several first vertices / vertex offsets /
 * first instances (BaseVertex, BaseInstance; the draw cache must not reuse
 * a root between draws that differ only in these), 32-bit index values
 * 0xFFFFFFF8..0xFFFFFFFF without restart, multi-draw indirect (DrawIndex =
 * record number, firstInstance from the record, a stride larger than the
 * record, a zero-count record), indexed multi-draw indirect, and a direct
 * draw after an indirect one (DrawIndex back to 0).
 *
 * Runs on agx-vk, under validation and on lavapipe (--reference).
 *
 * test_draw_features DRAW_FEATURES_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 64
#define MAX_OPS 4
#define MAX_RECORDS 4
/* Index buffer: [0, 6) = 0..5, [8, 14) = the 32-bit values below. */
#define BIG_FIRST 8u

enum op_kind { DRAW, DRAW_INDEXED, DRAW_INDIRECT, DRAW_INDEXED_INDIRECT };

/* A direct draw's parameters or one indirect record (the same fields as
 * VkDrawIndexedIndirectCommand; non-indexed ones leave vertex_offset 0). */
struct params {
   uint32_t count, instances, first;
   int32_t vertex_offset;
   uint32_t first_instance;
};

struct op {
   enum op_kind kind;
   struct params p[MAX_RECORDS]; /* direct draws: p[0] */
   uint32_t records, stride;     /* indirect: drawCount, stride in bytes */
};

struct scene {
   const char *name;
   struct op ops[MAX_OPS];
   uint32_t nops;
};

static const uint32_t big_indices[6] = {0xFFFFFFF8u, 0xFFFFFFF9u, 0xFFFFFFFAu,
                                        0xFFFFFFFFu, 0xFFFFFFF9u, 0xFFFFFFFAu};

static void
paint(uint8_t *img, const struct params *p, bool indexed, uint32_t draw_index)
{
   if (!p->count)
      return;
   uint32_t hi = indexed && p->first == BIG_FIRST ? 31 : 0;
   uint32_t bv = indexed ? (uint32_t)p->vertex_offset : p->first;
   uint8_t col[4] = {(uint8_t)(hi * 8), (uint8_t)(bv * 8), (uint8_t)(p->first_instance * 8),
                     (uint8_t)(draw_index * 8)};
   for (uint32_t i = 0; i < p->instances; i++) {
      uint32_t cell = p->first_instance + i;
      for (uint32_t y = 8 * (cell / 8); y < 8 * (cell / 8) + 8; y++)
         for (uint32_t x = 8 * (cell % 8); x < 8 * (cell % 8) + 8; x++)
            memcpy(&img[4 * (y * W + x)], col, 4);
   }
}

/* The clear colour: 51 (0.2) is no multiple of 8, 255 none below 256, so
 * no draw's colour equals it. */
static const float clear[4] = {0.2f, 0.2f, 0.2f, 1.0f};
static const uint8_t clear8[4] = {51, 51, 51, 255};

static void
reference(const struct scene *s, uint8_t *img)
{
   for (int i = 0; i < W * H; i++)
      memcpy(&img[4 * i], clear8, 4);
   for (uint32_t o = 0; o < s->nops; o++) {
      const struct op *op = &s->ops[o];
      bool indexed = op->kind == DRAW_INDEXED || op->kind == DRAW_INDEXED_INDIRECT;
      bool indirect = op->kind == DRAW_INDIRECT || op->kind == DRAW_INDEXED_INDIRECT;
      for (uint32_t r = 0; r < (indirect ? op->records : 1); r++)
         paint(img, &op->p[r], indexed, indirect ? r : 0);
   }
}

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   struct agx_vk_buffer ib, indirect, out;
   struct agx_vk_image image;
};

static VkPipeline
make_pipeline(struct gpu *g)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   return agx_vk_gfx_create(g->c, &b);
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   g->layout = agx_vk_pipeline_layout(c, 0, NULL, 0, 0);
   g->pipeline = make_pipeline(g);
   g->ib = agx_vk_buffer_usage(c, 64 * 4, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   uint32_t *idx = g->ib.ptr;
   for (uint32_t i = 0; i < 6; i++)
      idx[i] = i;
   memcpy(idx + BIG_FIRST, big_indices, sizeof(big_indices));
   g->indirect = agx_vk_buffer_usage(c, 4096, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   g->out = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_color_target(c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &g->image);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_image_free(g->c, &g->image);
   agx_vk_buffer_free(g->c, &g->ib);
   agx_vk_buffer_free(g->c, &g->indirect);
   agx_vk_buffer_free(g->c, &g->out);
   vkDestroyPipeline(d, g->pipeline, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
}

/* Writes an indirect op's records at `offset` of the indirect buffer. */
static void
write_records(struct gpu *g, const struct op *op, uint32_t offset)
{
   for (uint32_t r = 0; r < op->records; r++) {
      const struct params *p = &op->p[r];
      uint32_t *w = (uint32_t *)(g->indirect.map + offset + r * op->stride);
      if (op->kind == DRAW_INDEXED_INDIRECT) {
         uint32_t rec[5] = {p->count, p->instances, p->first, (uint32_t)p->vertex_offset,
                            p->first_instance};
         memcpy(w, rec, sizeof(rec));
      } else {
         uint32_t rec[4] = {p->count, p->instances, p->first, p->first_instance};
         memcpy(w, rec, sizeof(rec));
      }
   }
}

static void
record_ops(struct gpu *g, VkCommandBuffer cb, const struct scene *s)
{
   uint32_t offset = 0;
   for (uint32_t o = 0; o < s->nops; o++) {
      const struct op *op = &s->ops[o];
      const struct params *p = &op->p[0];
      switch (op->kind) {
      case DRAW:
         vkCmdDraw(cb, p->count, p->instances, p->first, p->first_instance);
         break;
      case DRAW_INDEXED:
         vkCmdDrawIndexed(cb, p->count, p->instances, p->first, p->vertex_offset,
                          p->first_instance);
         break;
      case DRAW_INDIRECT:
      case DRAW_INDEXED_INDIRECT:
         write_records(g, op, offset);
         if (op->kind == DRAW_INDIRECT)
            vkCmdDrawIndirect(cb, g->indirect.buf, offset, op->records, op->stride);
         else
            vkCmdDrawIndexedIndirect(cb, g->indirect.buf, offset, op->records, op->stride);
         offset += 512;
         break;
      }
   }
}

static void
render(struct gpu *g, const struct scene *s, uint8_t *img)
{
   struct agx_vk_ctx *c = g->c;
   memset(g->out.ptr, 0xAB, W * H * 4);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearColorValue cv;
   memcpy(cv.float32, clear, sizeof(clear));
   agx_vk_begin_color_pass(cb, &g->image, &cv);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->pipeline);
   vkCmdBindIndexBuffer(cb, g->ib.buf, 0, VK_INDEX_TYPE_UINT32);
   record_ops(g, cb, s);
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &g->image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                   &g->out);
   VK_OK(agx_vk_submit_wait(c, cb));
   memcpy(img, g->out.ptr, W * H * 4);
}

static unsigned
check_scene(struct gpu *g, const struct scene *s)
{
   static uint8_t got[W * H * 4], want[W * H * 4];
   render(g, s, got);
   reference(s, want);
   unsigned bad = 0, covered = 0;
   for (int i = 0; i < W * H; i++) {
      bool diff = false;
      for (int c = 0; c < 4; c++)
         diff |= abs((int)got[4 * i + c] - (int)want[4 * i + c]) > 1;
      covered += memcmp(&want[4 * i], clear8, 4) != 0;
      if (diff && bad++ < 5)
         fprintf(stderr, "  %s: pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n", s->name, i % W,
                 i / W, got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3], want[4 * i],
                 want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
   }
   printf("%s %s: %u pixels differ (%u covered)\n", bad ? "FAIL" : "ok", s->name, bad, covered);
   return bad ? 1 : 0;
}

static bool
has_features(struct agx_vk_ctx *c)
{
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceFeatures2 f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                  .pNext = &f11};
   vkGetPhysicalDeviceFeatures2(c->pdev, &f);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(c->pdev, &props);
   bool ok = f.features.fullDrawIndexUint32 && f.features.multiDrawIndirect &&
             f.features.drawIndirectFirstInstance && f11.shaderDrawParameters &&
             props.limits.maxDrawIndexedIndexValue == UINT32_MAX &&
             props.limits.maxDrawIndirectCount >= 65535;
   if (!ok)
      fprintf(stderr, "draw features or limits not advertised\n");
   return ok;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr,
              "usage: %s DRAW_FEATURES_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   if (!has_features(&c))
      return 1;
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .shaderDrawParameters = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.fullDrawIndexUint32 = VK_TRUE,
                                   .multiDrawIndirect = VK_TRUE,
                                   .drawIndirectFirstInstance = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   unsigned bad = 0;

   /* BaseVertex / BaseInstance of direct draws: draws differing only in
    * them (the draw cache must write new roots). */
   struct scene direct = {.name = "draw_parameters",
                          .ops = {{DRAW, {{6, 2, 0, 0, 0}}},
                                  {DRAW, {{6, 1, 5, 0, 2}}},
                                  {DRAW_INDEXED, {{6, 3, 0, 7, 8}}},
                                  {DRAW_INDEXED, {{6, 1, 0, 3, 12}}}},
                          .nops = 4};
   bad += check_scene(&g, &direct);

   /* 32-bit index values (0xFFFFFFFF is an index: restart is off). */
   struct scene big = {
      .name = "index_uint32",
      .ops = {{DRAW_INDEXED, {{6, 2, BIG_FIRST, 0, 17}}}, {DRAW_INDEXED, {{6, 1, 0, 0, 20}}}},
      .nops = 2};
   bad += check_scene(&g, &big);

   /* Multi-draw indirect: DrawIndex = record number, firstInstance from the
    * record, 20-byte stride, a record with no vertices. */
   struct scene mdi = {
      .name = "multi_draw_indirect",
      .ops = {{DRAW_INDIRECT,
               {{6, 2, 0, 0, 1}, {6, 1, 3, 0, 9}, {0, 4, 0, 0, 24}, {6, 3, 1, 0, 26}},
               4,
               20}},
      .nops = 1};
   bad += check_scene(&g, &mdi);

   /* Indexed multi-draw indirect (big indices in one record), then a
    * direct draw: DrawIndex back to 0. */
   struct scene mdi_indexed = {
      .name = "multi_draw_indexed_indirect",
      .ops = {{DRAW_INDEXED_INDIRECT,
               {{6, 1, 0, 2, 3}, {6, 2, BIG_FIRST, 0, 30}, {6, 1, 0, 4, 21}},
               3,
               24},
              {DRAW, {{6, 1, 2, 0, 25}}}},
      .nops = 2};
   bad += check_scene(&g, &mdi_indexed);

   gpu_finish(&g);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
