/*
 * Pipeline-statistics queries (issue 20 item 5, issue 23 item 4) through the loader: a pool
 * counting all eleven statistics, one query per scenario, every value compared with counts
 * the test computes from its own draws and dispatches:
 *   plain, instanced, indexed, restart (strips), indirect and indexed-indirect draws,
 *   restart triangle strips with adjacency drawn indexed-indirect (adjacent vertices counted),
 *   line strips and points, a query spanning two render passes, a primary's query over a
 *   secondary's draws (inherited statistics), a secondary's own query, a geometry shader
 *   (points to squares: invocations, emitted primitives), direct, based and indirect
 *   dispatches; then the result paths: vkGetQueryPoolResults 32/64-bit with availability,
 *   PARTIAL on a query that was only reset, vkCmdCopyQueryPoolResults.
 * Fragment-shader invocations are exact for pixel-aligned rectangles (one per covered pixel,
 * single sample, no depth test). On agx every value is exact (the driver counts every
 * primitive as reaching the clipper and one vertex-shader invocation per assembled vertex);
 * on the reference run (lavapipe) the implementation-dependent ones (vertex-shader and
 * clipper counts, fragment-shader invocations) are checked against Vulkan's bounds.
 *
 * Tessellation (when tessellationShader is advertised): two
 * quad patches at integer levels 2 give 9 domain points and 8 triangles each.
 *
 * test_stats DRAW_VERT_SPV DRAW_FRAG_SPV GS_QUAD_SPV FILL_COMP_SPV TESS_VERT_SPV TESS_TESC_SPV
 *            TESS_QUAD_EQUAL_TESE_SPV [--validation] [--reference]
 */
#include "agx_vk_gfx.h"

#define W 64
#define H 64
#define NSTATS 11
#define RESTART 0xFFFFFFFFu
#define ANY UINT64_MAX      /* a value the scenario does not fix (checked only for > 0) */
#define UNCHECKED (ANY - 1) /* a value the scenario does not check */

enum {
   IA_VERTS,
   IA_PRIMS,
   VS_INV,
   GS_INV,
   GS_PRIMS,
   CLIP_INV,
   CLIP_PRIMS,
   FS_INV,
   TCS_PATCHES,
   TES_INV,
   CS_INV,
};
static const char *const names[NSTATS] = {"ia_vertices",     "ia_primitives",  "vs_invocations",
                                          "gs_invocations",  "gs_primitives",  "clip_invocations",
                                          "clip_primitives", "fs_invocations", "tcs_patches",
                                          "tes_invocations", "cs_invocations"};

struct vtx {
   float pos[4];
   float col[4];
};

static struct vtx
V(int px, int py) {
   struct vtx v = {{(float)px / 32.0f - 1.0f, (float)py / 32.0f - 1.0f, 0.5f, 1.0f},
                   {1.0f, 0.5f, 0.25f, 1.0f}};
   return v;
}

static struct agx_vk_ctx C;
static VkShaderModule vs, fs, gs, cs, tvs, tcs, tes;
static struct agx_vk_set ds;
static VkPipelineLayout layout;
static struct agx_vk_buffer vb, ib, ind, res;
static struct agx_vk_image image;
static VkQueryPool qpool;
static bool has_gs, has_tess, has_inherited;

/* Vertices: rectangle A (6 list vertices, 16 x 8 pixels at 4, 4), rectangle B (6, 10 x 6
 * at 30, 40), then the same as strips (4 + 4 vertices), then five points, a line strip. */
#define A_FIRST 0
#define B_FIRST 6
#define STRIP_FIRST 12
#define POINT_FIRST 20
#define LINE_FIRST 25
#define NVERTS 29
#define AREA_A (16 * 8)
#define AREA_B (10 * 6)

static void
rect_list(struct vtx *v, int x, int y, int w, int h)
{
   v[0] = V(x, y), v[1] = V(x + w, y), v[2] = V(x, y + h);
   v[3] = V(x + w, y), v[4] = V(x + w, y + h), v[5] = V(x, y + h);
}

static void
rect_strip(struct vtx *v, int x, int y, int w, int h)
{
   v[0] = V(x, y), v[1] = V(x + w, y), v[2] = V(x, y + h), v[3] = V(x + w, y + h);
}

static void
fill_vertices(void)
{
   struct vtx *v = vb.ptr;
   rect_list(v + A_FIRST, 4, 4, 16, 8);
   rect_list(v + B_FIRST, 30, 40, 10, 6);
   rect_strip(v + STRIP_FIRST, 4, 4, 16, 8);
   rect_strip(v + STRIP_FIRST + 4, 30, 40, 10, 6);
   for (int i = 0; i < 5; i++)
      v[POINT_FIRST + i] = V(8 + 12 * i, 20);
   v[LINE_FIRST + 0] = V(2, 60), v[LINE_FIRST + 1] = V(30, 60);
   v[LINE_FIRST + 2] = V(30, 50), v[LINE_FIRST + 3] = V(60, 50);
}

static VkPipeline
gfx_pipeline(VkPrimitiveTopology topology, bool restart, bool geom)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   if (geom)
      agx_vk_gfx_stage(&b, AGX_VK_GS, gs);
   b.ia.topology = topology;
   b.ia.primitiveRestartEnable = restart;
   return agx_vk_gfx_create(&C, &b);
}

static void
setup(char **spv)
{
   vs = agx_vk_shader(&C, spv[0]);
   fs = agx_vk_shader(&C, spv[1]);
   gs = agx_vk_shader(&C, spv[2]);
   cs = agx_vk_shader(&C, spv[3]);
   tvs = agx_vk_shader(&C, spv[4]);
   tcs = agx_vk_shader(&C, spv[5]);
   tes = agx_vk_shader(&C, spv[6]);
   agx_vk_set_create(
      &C, 1,
      &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                               VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_COMPUTE_BIT},
      &ds);
   layout = agx_vk_pipeline_layout(&C, 1, &ds.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   vb = agx_vk_buffer(&C, 64 * 1024); /* vertices, then the compute shader's output */
   ib = agx_vk_buffer_usage(&C, 1024, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   ind = agx_vk_buffer_usage(&C, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   res = agx_vk_buffer_usage(&C, 1024, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_set_buffer(&C, &ds, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, vb.buf);
   agx_vk_image_create(&C,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                       &image);
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS,
                                .queryCount = 16,
                                .pipelineStatistics = (1u << NSTATS) - 1};
   VK_OK(vkCreateQueryPool(C.dev, &qci, NULL, &qpool));
   fill_vertices();
}

static void
teardown(void)
{
   vkDestroyQueryPool(C.dev, qpool, NULL);
   agx_vk_image_free(&C, &image);
   agx_vk_buffer_free(&C, &vb);
   agx_vk_buffer_free(&C, &ib);
   agx_vk_buffer_free(&C, &ind);
   agx_vk_buffer_free(&C, &res);
   agx_vk_set_free(&C, &ds);
   vkDestroyPipelineLayout(C.dev, layout, NULL);
   vkDestroyShaderModule(C.dev, vs, NULL);
   vkDestroyShaderModule(C.dev, fs, NULL);
   vkDestroyShaderModule(C.dev, gs, NULL);
   vkDestroyShaderModule(C.dev, cs, NULL);
   vkDestroyShaderModule(C.dev, tvs, NULL);
   vkDestroyShaderModule(C.dev, tcs, NULL);
   vkDestroyShaderModule(C.dev, tes, NULL);
}

static void
image_to_attachment(VkCommandBuffer cb)
{
   agx_vk_barrier(cb, image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                  (struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0},
                  AGX_VK_COLOR_WRITE);
}

static void
begin_pass(VkCommandBuffer cb, VkRenderingFlags flags)
{
   VkRenderingAttachmentInfo att = agx_vk_color_attachment(image.view, &(VkClearColorValue){0});
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 1,
                                                         .colors = &att,
                                                         .flags = flags});
}

static void
gfx_state(VkCommandBuffer cb, VkPipeline p)
{
   static const float zero[4] = {0, 0, 0, 0};
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &ds.set, 0, NULL);
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, zero);
   vkCmdBindIndexBuffer(cb, ib.buf, 0, VK_INDEX_TYPE_UINT32);
}

/* Results of query q (64-bit, WAIT) against `want`; strict: every value exact. */
static unsigned
check(const char *name, uint32_t q, const uint64_t *want, bool strict)
{
   uint64_t got[NSTATS];
   VkResult r = vkGetQueryPoolResults(C.dev, qpool, q, 1, sizeof(got), got, sizeof(got),
                                      VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
   if (r != VK_SUCCESS) {
      printf("FAIL %s: vkGetQueryPoolResults %d\n", name, r);
      return 1;
   }
   unsigned bad = 0;
   for (int i = 0; i < NSTATS; i++) {
      bool ok;
      if (want[i] == UNCHECKED) {
         ok = true;
      } else if (want[i] == ANY) {
         ok = got[i] > 0;
      } else if (strict) {
         ok = got[i] == want[i];
      } else if (i == VS_INV) {
         /* vertex reuse may shade fewer; never more than assembled */
         ok = got[i] <= want[IA_VERTS] && (want[i] == 0) == (got[i] == 0);
      } else if (i == CLIP_INV || i == CLIP_PRIMS || i == FS_INV || i == TES_INV) {
         ok = (want[i] == 0) == (got[i] == 0) && (i != FS_INV || got[i] >= want[i]);
      } else {
         ok = got[i] == want[i];
      }
      if (!ok && bad++ < 11)
         printf("  %s: %s = %llu, want %llu\n", name, names[i], (unsigned long long)got[i],
                (unsigned long long)want[i]);
   }
   printf("%s %s\n", bad ? "FAIL" : "ok", name);
   return bad ? 1 : 0;
}

static void
expect(uint64_t *w, uint64_t ia_verts, uint64_t ia_prims, uint64_t fs_inv)
{
   memset(w, 0, NSTATS * sizeof(*w));
   w[IA_VERTS] = w[VS_INV] = ia_verts;
   w[IA_PRIMS] = w[CLIP_INV] = w[CLIP_PRIMS] = ia_prims;
   w[FS_INV] = fs_inv;
}

/* The render-pass scenarios, recorded in one command buffer, one query each. */
static unsigned
draws(void)
{
   VkPipeline list = gfx_pipeline(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false, false);
   VkPipeline strip = gfx_pipeline(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, true, false);
   VkPipeline lines = gfx_pipeline(VK_PRIMITIVE_TOPOLOGY_LINE_STRIP, false, false);
   uint32_t *idx = ib.ptr;
   /* strips of A and B with a restart between them */
   const uint32_t strip_idx[9] = {STRIP_FIRST,     STRIP_FIRST + 1, STRIP_FIRST + 2,
                                  STRIP_FIRST + 3, RESTART,         STRIP_FIRST + 4,
                                  STRIP_FIRST + 5, STRIP_FIRST + 6, STRIP_FIRST + 7};
   memcpy(idx, strip_idx, sizeof(strip_idx));
   /* B as an indexed list at 16 */
   for (int i = 0; i < 6; i++)
      idx[16 + i] = B_FIRST + i;
   uint32_t *rec = ind.ptr;
   const uint32_t draw_rec[4] = {6, 3, A_FIRST, 0}; /* A three times */
   const uint32_t idx_rec[5] = {6, 2, 16, 0, 0};    /* B twice */
   memcpy(rec, draw_rec, sizeof(draw_rec));
   memcpy(rec + 8, idx_rec, sizeof(idx_rec));
   /* the strips of q2 with adjacency: every vertex twice (the copy is the
    * adjacent vertex), restart between them, at 32, drawn indexed-indirect */
   for (int i = 0; i < 8; i++) {
      idx[32 + 2 * i + (i >= 4)] = STRIP_FIRST + i;
      idx[32 + 2 * i + 1 + (i >= 4)] = STRIP_FIRST + i;
   }
   idx[32 + 8] = RESTART;
   const uint32_t adj_rec[5] = {17, 1, 32, 0, 0};
   memcpy(rec + 32, adj_rec, sizeof(adj_rec));
   VkPipeline adj =
      has_gs ? gfx_pipeline(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, true, false)
             : VK_NULL_HANDLE;

   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qpool, 0, 16);
   image_to_attachment(cb);
   begin_pass(cb, 0);
   gfx_state(cb, list);
   /* q0: A and B as lists, two instances */
   vkCmdBeginQuery(cb, qpool, 0, 0);
   vkCmdDraw(cb, 12, 2, A_FIRST, 0);
   vkCmdEndQuery(cb, qpool, 0);
   /* q1: indirect A x3, indexed-indirect B x2 */
   vkCmdBeginQuery(cb, qpool, 1, 0);
   vkCmdDrawIndirect(cb, ind.buf, 0, 1, 16);
   vkCmdDrawIndexedIndirect(cb, ind.buf, 32, 1, 20);
   vkCmdEndQuery(cb, qpool, 1);
   /* q2: restart strips (8 vertices, 2 + 2 triangles) */
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, strip);
   vkCmdBeginQuery(cb, qpool, 2, 0);
   vkCmdDrawIndexed(cb, 9, 1, 0, 0, 0);
   vkCmdEndQuery(cb, qpool, 2);
   /* q3: a line strip of four vertices (points need a PointSize draw.vert does not write;
    * the geometry scenario draws points) */
   vkCmdBeginQuery(cb, qpool, 3, 0);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, lines);
   vkCmdDraw(cb, 4, 1, LINE_FIRST, 0);
   vkCmdEndQuery(cb, qpool, 3);
   /* q12: triangle strips with adjacency (adjacency topologies need the
    * geometryShader feature), restart, indexed-indirect: 16 vertices
    * assembled, (8 - 4) / 2 triangles per strip, q2's pixels */
   if (adj) {
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, adj);
      vkCmdBeginQuery(cb, qpool, 12, 0);
      vkCmdDrawIndexedIndirect(cb, ind.buf, 128, 1, 20);
      vkCmdEndQuery(cb, qpool, 12);
   }
   vkCmdEndRendering(cb);
   /* q4: begun outside, over two render passes: A, then B indexed */
   vkCmdBeginQuery(cb, qpool, 4, 0);
   begin_pass(cb, 0);
   gfx_state(cb, list);
   vkCmdDraw(cb, 6, 1, A_FIRST, 0);
   vkCmdEndRendering(cb);
   begin_pass(cb, 0);
   gfx_state(cb, list);
   vkCmdDrawIndexed(cb, 6, 1, 16, 0, 0);
   vkCmdEndRendering(cb);
   vkCmdEndQuery(cb, qpool, 4);
   VK_OK(agx_vk_submit_wait(&C, cb));

   uint64_t w[NSTATS];
   unsigned bad = 0;
   bool strict = !C.reference;
   expect(w, 24, 8, 2 * (AREA_A + AREA_B));
   bad += check("list_instanced", 0, w, strict);
   expect(w, 18 + 12, 6 + 4, 3 * AREA_A + 2 * AREA_B);
   bad += check("indirect", 1, w, strict);
   expect(w, 8, 4, AREA_A + AREA_B);
   bad += check("restart_strips", 2, w, strict);
   expect(w, 4, 3, ANY);
   bad += check("line_strip", 3, w, strict);
   expect(w, 12, 4, AREA_A + AREA_B);
   bad += check("two_passes", 4, w, strict);
   if (adj) {
      expect(w, 16, 4, AREA_A + AREA_B);
      bad += check("strips_with_adjacency", 12, w, strict);
      vkDestroyPipeline(C.dev, adj, NULL);
   }
   vkDestroyPipeline(C.dev, list, NULL);
   vkDestroyPipeline(C.dev, strip, NULL);
   vkDestroyPipeline(C.dev, lines, NULL);
   return bad;
}

/* A secondary continuing the pass: drawing A, with its own query (own) or for the
 * primary's (inherited statistics). */
static VkCommandBuffer
secondary(VkPipeline p, bool own)
{
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = C.pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(C.dev, &cai, &cb));
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   VkCommandBufferInheritanceRenderingInfo rinh = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &format,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkCommandBufferInheritanceInfo inh = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                         .pNext = &rinh,
                                         .pipelineStatistics = (1u << NSTATS) - 1};
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT |
                                           VK_COMMAND_BUFFER_USAGE_SIMULTANEOUS_USE_BIT,
                                  .pInheritanceInfo = &inh};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   gfx_state(cb, p);
   if (own)
      vkCmdBeginQuery(cb, qpool, 6, 0);
   vkCmdDraw(cb, 6, 1, A_FIRST, 0);
   if (own)
      vkCmdEndQuery(cb, qpool, 6);
   VK_OK(vkEndCommandBuffer(cb));
   return cb;
}

static unsigned
secondaries(void)
{
   VkPipeline list = gfx_pipeline(VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false, false);
   VkCommandBuffer inherited = secondary(list, false), own = secondary(list, true);
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qpool, 5, 2);
   image_to_attachment(cb);
   /* q5: the primary's query over the secondary's A, executed twice (Vulkan needs
    * inheritedQueries for a query active across vkCmdExecuteCommands); q6: the other
    * secondary's own query */
   if (has_inherited) {
      vkCmdBeginQuery(cb, qpool, 5, 0);
      begin_pass(cb, VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT);
      vkCmdExecuteCommands(cb, 1, &inherited);
      vkCmdExecuteCommands(cb, 1, &inherited);
      vkCmdEndRendering(cb);
      vkCmdEndQuery(cb, qpool, 5);
   }
   begin_pass(cb, VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT);
   vkCmdExecuteCommands(cb, 1, &own);
   vkCmdEndRendering(cb);
   VK_OK(agx_vk_submit_wait(&C, cb));
   vkFreeCommandBuffers(C.dev, C.pool, 1, &inherited);
   vkFreeCommandBuffers(C.dev, C.pool, 1, &own);
   vkDestroyPipeline(C.dev, list, NULL);
   uint64_t w[NSTATS];
   unsigned bad = 0;
   expect(w, 12, 4, 2 * AREA_A);
   if (has_inherited)
      bad += check("secondary_inherited", 5, w, !C.reference);
   else
      printf("note: inheritedQueries not advertised, no secondary_inherited scenario\n");
   expect(w, 6, 2, AREA_A);
   bad += check("secondary_own_query", 6, w, !C.reference);
   return bad;
}

/* q7: gs_quad turns each point into an 8 x 8 square (a strip of two triangles): three
 * points, then the same three through an indirect draw. */
static unsigned
geometry(void)
{
   VkPipeline p = gfx_pipeline(VK_PRIMITIVE_TOPOLOGY_POINT_LIST, false, true);
   uint32_t *rec = ind.ptr;
   const uint32_t draw_rec[4] = {3, 1, POINT_FIRST + 1, 0};
   memcpy(rec + 16, draw_rec, sizeof(draw_rec));
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qpool, 7, 1);
   image_to_attachment(cb);
   begin_pass(cb, 0);
   gfx_state(cb, p);
   vkCmdBeginQuery(cb, qpool, 7, 0);
   vkCmdDraw(cb, 3, 1, POINT_FIRST, 0);
   vkCmdDrawIndirect(cb, ind.buf, 64, 1, 16);
   vkCmdEndQuery(cb, qpool, 7);
   vkCmdEndRendering(cb);
   VK_OK(agx_vk_submit_wait(&C, cb));
   vkDestroyPipeline(C.dev, p, NULL);
   uint64_t w[NSTATS];
   expect(w, 6, 6, 6 * 64);
   w[GS_INV] = 6;
   w[GS_PRIMS] = w[CLIP_INV] = w[CLIP_PRIMS] = 12;
   return check("geometry_points_to_squares", 7, w, !C.reference);
}

/* q11: tess.vert, tess.tesc (4 output vertices, levels from push constants), the quad
 * domain at equal spacing: two patches of 4 control points, all levels 2: 3 x 3 domain
 * points and 2 x 2 x 2 triangles per patch. */
static unsigned
tessellation(void)
{
   VkPipelineLayout tlayout = agx_vk_pipeline_layout(
      &C, 1, &ds.layout,
      VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT | VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, 32);
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, tlayout, tvs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_stage(&b, AGX_VK_TCS, tcs);
   agx_vk_gfx_stage(&b, AGX_VK_TES, tes);
   b.ia.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
   b.ts.patchControlPoints = 4;
   VkPipeline p = agx_vk_gfx_create(&C, &b);
   /* outer 2, 2, 2, 2, inner 2, 2, tag, mode 0 */
   const float push[8] = {2, 2, 2, 2, 2, 2, 0, 0};
   VkCommandBuffer c = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(c, qpool, 11, 1);
   image_to_attachment(c);
   begin_pass(c, 0);
   vkCmdBindPipeline(c, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   agx_vk_viewport_scissor(c, W, H);
   vkCmdBindDescriptorSets(c, VK_PIPELINE_BIND_POINT_GRAPHICS, tlayout, 0, 1, &ds.set, 0, NULL);
   vkCmdPushConstants(c, tlayout,
                      VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
                         VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
                      0, 32, push);
   vkCmdBeginQuery(c, qpool, 11, 0);
   vkCmdDraw(c, 8, 1, 0, 0);
   vkCmdEndQuery(c, qpool, 11);
   vkCmdEndRendering(c);
   VK_OK(agx_vk_submit_wait(&C, c));
   vkDestroyPipeline(C.dev, p, NULL);
   vkDestroyPipelineLayout(C.dev, tlayout, NULL);
   uint64_t w[NSTATS];
   expect(w, 8, 2, UNCHECKED);
   w[TCS_PATCHES] = 2;
   w[TES_INV] = 2 * 9;
   w[CLIP_INV] = w[CLIP_PRIMS] = 2 * 8;
   return check("tessellation_quads", 11, w, !C.reference);
}

/* q8: fill.comp (64 invocations per workgroup): 3 x 1 x 1 groups, a based dispatch of
 * 1 x 2 x 1, an indirect one of 2 x 2 x 1. */
static unsigned
compute(void)
{
   VkComputePipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .flags = VK_PIPELINE_CREATE_DISPATCH_BASE_BIT,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = cs,
                .pName = "main"},
      .layout = layout};
   VkPipeline p;
   VK_OK(vkCreateComputePipelines(C.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p));
   uint32_t *rec = ind.ptr;
   const uint32_t groups[3] = {2, 2, 1};
   memcpy(rec + 24, groups, sizeof(groups));
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qpool, 8, 1);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &ds.set, 0, NULL);
   vkCmdBeginQuery(cb, qpool, 8, 0);
   vkCmdDispatch(cb, 3, 1, 1);
   vkCmdDispatchBase(cb, 1, 0, 0, 1, 2, 1);
   vkCmdDispatchIndirect(cb, ind.buf, 96);
   vkCmdEndQuery(cb, qpool, 8);
   VK_OK(agx_vk_submit_wait(&C, cb));
   uint64_t w[NSTATS] = {0};
   w[CS_INV] = 64 * (3 + 2 + 4);
   unsigned bad = check("compute", 8, w, true);

   /* q10: a secondary (outside a render pass) resets, begins and ends its own query around
    * a 5 x 1 x 1 dispatch and copies the results itself (64-bit, availability) */
   VkCommandBuffer sec = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_SECONDARY);
   vkCmdResetQueryPool(sec, qpool, 10, 1);
   vkCmdBindPipeline(sec, VK_PIPELINE_BIND_POINT_COMPUTE, p);
   vkCmdBindDescriptorSets(sec, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &ds.set, 0, NULL);
   vkCmdBeginQuery(sec, qpool, 10, 0);
   vkCmdDispatch(sec, 5, 1, 1);
   vkCmdEndQuery(sec, qpool, 10);
   vkCmdCopyQueryPoolResults(sec, qpool, 10, 1, res.buf, 512, 8 * (NSTATS + 1),
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT |
                                VK_QUERY_RESULT_WAIT_BIT);
   VK_OK(vkEndCommandBuffer(sec));
   memset(res.map + 512, 0xa5, 8 * (NSTATS + 1));
   cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdExecuteCommands(cb, 1, &sec);
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(&C, cb));
   vkFreeCommandBuffers(C.dev, C.pool, 1, &sec);
   vkDestroyPipeline(C.dev, p, NULL);
   const uint64_t *copied = (const uint64_t *)(res.map + 512);
   bool ok = copied[CS_INV] == 5 * 64 && copied[NSTATS] == 1;
   for (int i = 0; i < NSTATS; i++)
      ok &= i == CS_INV || copied[i] == 0;
   printf("%s compute_secondary_own_query_copy (cs_invocations %llu, availability %llu)\n",
          ok ? "ok" : "FAIL", (unsigned long long)copied[CS_INV],
          (unsigned long long)copied[NSTATS]);
   return bad + !ok;
}

/* The result paths on q0 (available) and q9 (reset, never begun). */
static unsigned
results(void)
{
   unsigned bad = 0;
   uint64_t want0[NSTATS];
   VK_OK(vkGetQueryPoolResults(C.dev, qpool, 0, 1, sizeof(want0), want0, sizeof(want0),
                               VK_QUERY_RESULT_64_BIT));
   /* 32-bit with availability: 11 values then 1 */
   uint32_t r32[2 * (NSTATS + 1)];
   memset(r32, 0xa5, sizeof(r32));
   VkResult r = vkGetQueryPoolResults(C.dev, qpool, 0, 1, sizeof(r32), r32, sizeof(r32),
                                      VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   bool ok = r == VK_SUCCESS && r32[NSTATS] == 1 && r32[NSTATS + 1] == 0xa5a5a5a5u;
   /* (lavapipe's fragment-shader count of a finished query still changes between reads) */
   for (int i = 0; i < NSTATS; i++)
      ok &= r32[i] == (uint32_t)want0[i] || (C.reference && i == FS_INV);
   /* a query only reset: not ready, PARTIAL values are at most the final ones (0 here) */
   VkCommandBuffer cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdResetQueryPool(cb, qpool, 9, 1);
   VK_OK(agx_vk_submit_wait(&C, cb));
   uint64_t r64[NSTATS + 1];
   memset(r64, 0xa5, sizeof(r64));
   r = vkGetQueryPoolResults(C.dev, qpool, 9, 1, sizeof(r64), r64, sizeof(r64),
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT |
                                VK_QUERY_RESULT_PARTIAL_BIT);
   /* (lavapipe reports VK_SUCCESS with PARTIAL) */
   ok &= (r == VK_NOT_READY || (C.reference && r == VK_SUCCESS)) && r64[NSTATS] == 0;
   for (int i = 0; i < NSTATS; i++)
      ok &= r64[i] == 0 || C.reference; /* (a query never begun has no final value) */
   if (!ok)
      printf("  r %d avail32 %u after %x, partial avail %llu v0 %llu\n", r, r32[NSTATS],
             r32[NSTATS + 1], (unsigned long long)r64[NSTATS], (unsigned long long)r64[0]);
   printf("%s get_results_32bit_availability_partial\n", ok ? "ok" : "FAIL");
   bad += !ok;
   /* vkCmdCopyQueryPoolResults of q0 and q9: 64-bit with availability, and 32-bit */
   memset(res.ptr, 0xa5, 1024);
   cb = agx_vk_begin(&C, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdCopyQueryPoolResults(cb, qpool, 0, 1, res.buf, 0, 8 * (NSTATS + 1),
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT |
                                VK_QUERY_RESULT_WAIT_BIT);
   vkCmdCopyQueryPoolResults(cb, qpool, 9, 1, res.buf, 128, 8 * (NSTATS + 1),
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   vkCmdCopyQueryPoolResults(cb, qpool, 0, 1, res.buf, 256, 4 * NSTATS, 0);
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(&C, cb));
   const uint64_t *c64 = res.ptr;
   const uint32_t *c32 = (const uint32_t *)(res.map + 256);
   ok = c64[NSTATS] == 1 && c64[16 + NSTATS] == 0;
   for (int i = 0; i < NSTATS; i++) {
      ok &= (c64[i] == want0[i] && c32[i] == (uint32_t)want0[i]) || (C.reference && i == FS_INV);
      /* unavailable, no PARTIAL: untouched on agx (Vulkan leaves the copy undefined) */
      ok &= C.reference || c64[16 + i] == 0xa5a5a5a5a5a5a5a5ull;
   }
   ok &= c32[NSTATS] == 0xa5a5a5a5u;
   if (!ok)
      printf("  copy: avail %llu / %llu, v0 %llu / %llu, unavailable v0 %llx, 32-bit next %x\n",
             (unsigned long long)c64[NSTATS], (unsigned long long)c64[16 + NSTATS],
             (unsigned long long)c64[0], (unsigned long long)want0[0], (unsigned long long)c64[16],
             c32[NSTATS]);
   printf("%s copy_results\n", ok ? "ok" : "FAIL");
   bad += !ok;
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 8) {
      fprintf(stderr,
              "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV GS_QUAD_SPV FILL_COMP_SPV TESS_VERT_SPV "
              "TESS_TESC_SPV TESS_QUAD_EQUAL_TESE_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&C, argc, argv);
   VkPhysicalDeviceFeatures supported;
   vkGetPhysicalDeviceFeatures(C.pdev, &supported);
   if (!supported.pipelineStatisticsQuery)
      fprintf(stderr, "note: pipelineStatisticsQuery not advertised\n");
   has_gs = supported.geometryShader;
   has_tess = supported.tessellationShader;
   has_inherited = supported.inheritedQueries;
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE,
                                           .maintenance4 = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.geometryShader = has_gs,
                                   .tessellationShader = has_tess,
                                   .inheritedQueries = has_inherited,
                                   .pipelineStatisticsQuery = supported.pipelineStatisticsQuery};
   agx_vk_ctx_device_features(&C, &f13, &f10, 0, NULL);
   setup(argv + 1);
   unsigned bad = draws();
   bad += secondaries();
   if (has_gs)
      bad += geometry();
   if (has_tess)
      bad += tessellation();
   else
      printf("note: tessellationShader not advertised, no tessellation scenario\n");
   bad += compute();
   bad += results();
   teardown();
   int status = agx_vk_ctx_finish(&C);
   return bad ? 1 : status;
}
