/*
 * Transform feedback (VK_EXT_transform_feedback) through the loader, checked
 * byte for byte against CPU-computed captures (issue 23 part 3). The vertex
 * shader xfb.vert writes, per vertex v of instance i, exact small floats:
 * buffer 0 (stride 32): gl_Position, a; buffer 1 (stride 20): b at 4, c at
 * 16 (bytes 0..3 of each vertex untouched). Cases:
 *  1. a triangle list (firstVertex 3, two instances, firstInstance 1) into
 *     buffer 0 at offset 0 and buffer 1 at offset 8 (sizes given);
 *  2. pause/resume through counter buffers: a triangle strip in one render
 *     pass, an indexed line strip (vertexOffset 2) and a triangle fan in a
 *     second one, appended after the first; the counters hold the bytes;
 *  3. overflow: buffer 1 bound with room for 2 of 4 triangles, under a
 *     transform feedback stream query: written 2, needed 4, only whole
 *     primitives written, both offsets advanced by 2 primitives;
 *  4. vkCmdDrawIndirectByteCountEXT with the counter of case 2 (point list,
 *     counterOffset 32 (total - 10), stride 32: 10 vertices, three
 *     instances from 2): vertex v of instance i lights pixel (v, i), so the
 *     lit pixels count the vertices drawn.
 *  5. geometry shader outputs (xfb.geom, when geometryShader is offered): strips of data-dependent length from
 *     two invocations per point, decomposed into triangles in Vulkan's strip
 *     order, both buffers, and the stream query (written = needed = 11);
 *  6. adjacency topologies without a geometry shader (geometryShader
 *     needed): a triangle strip with adjacency (10 vertices, 3 triangles)
 *     and a line list with adjacency (8 vertices, 2 lines, firstVertex 20,
 *     resumed through both counters) capture only their primitives' own
 *     vertices;
 *  7. evaluation shader outputs without a geometry shader (xfb_tess.*,
 *     when tessellationShader is offered): two quad patches, every level 4,
 *     point mode; the 50 records, sorted (Vulkan leaves the point order to
 *     the implementation), against the CPU's domain points; then the same
 *     patches as isolines (xfb_tess_iso.tese, 4 lines of 4 segments each):
 *     the 32 segments, each with its two records in order, sorted, against
 *     the CPU's.
 * Runs on agx-vk, under validation and on lavapipe (--reference).
 *
 * test_xfb XFB_VERT_SPV DRAW_FRAG_SPV XFB_GEOM_SPV XFB_TESS_VERT_SPV XFB_TESS_TESC_SPV
 *          XFB_TESS_TESE_SPV XFB_TESS_ISO_TESE_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 16
#define H 16
#define SENTINEL 0xA5A5A5A5u

static unsigned failures;

#define CHECK_EQ(what, got, want)                                             \
   do {                                                                       \
      if ((uint64_t)(got) != (uint64_t)(want)) {                              \
         printf("%s: %llu, expected %llu\n", what, (unsigned long long)(got), \
                (unsigned long long)(want));                                  \
         failures++;                                                          \
      }                                                                       \
   } while (0)

/* The words xfb.vert captures for vertex index v, instance i. */
static void
vertex_words(uint32_t v, uint32_t i, float b0[8], float b1[5])
{
   float fv = (float)v, fi = (float)i;
   float w0[8] = {(fv + 0.5f) / 8.0f - 1.0f,
                  (fi + 0.5f) / 8.0f - 1.0f,
                  0.0f,
                  1.0f,
                  fv,
                  fi,
                  fv * 10.0f + fi,
                  7.0f};
   memcpy(b0, w0, sizeof(w0));
   float w1[5] = {0, fv + 100.0f, fi + 200.0f, 3.5f, fv * 3.0f + fi};
   memcpy(b1, w1, sizeof(w1));
}

/* Expected buffers: captured vertex `slot` (from the buffer start) is
 * (v, i). */
struct expect {
   uint32_t b0[1024], b1[1024]; /* words */
};

static void
expect_vertex(struct expect *e, uint32_t b1_base, uint32_t slot, uint32_t v, uint32_t i)
{
   float w0[8], w1[5];
   vertex_words(v, i, w0, w1);
   memcpy(&e->b0[slot * 8], w0, sizeof(w0));
   memcpy(&e->b1[b1_base / 4 + slot * 5 + 1], &w1[1], 4 * sizeof(float));
}

static void
compare(const char *what, const uint32_t *got, const uint32_t *want, uint32_t words)
{
   unsigned bad = 0;
   for (uint32_t k = 0; k < words; k++)
      if (got[k] != want[k] && bad++ < 6)
         printf("%s: word %u = 0x%08x, expected 0x%08x\n", what, k, got[k], want[k]);
   printf("%s: %u words, %u mismatches\n", what, words, bad);
   failures += bad;
}

struct gfx {
   VkPipeline pipe[4]; /* by topology: triangle list, strip, fan, line strip; points below */
   VkPipeline points;
   VkPipeline geom;   /* xfb.geom over points (VK_NULL_HANDLE without geometryShader) */
   VkPipeline adj[2]; /* no GS: triangle strip / line list with adjacency (geometryShader) */
   VkShaderModule gs;
   VkShaderModule tess[4]; /* vertex, control, evaluation (points, isolines) */
   VkPipeline tess_pipe, iso_pipe;
   VkPipelineLayout layout;
   VkShaderModule vs, fs;
   struct agx_vk_image image;
};

/* Orders captured records (4 floats) by their words. */
static int
cmp_rec(const void *a, const void *b)
{
   return memcmp(a, b, 16);
}

/* Orders captured segments (two records) by their words. */
static int
cmp_seg(const void *a, const void *b)
{
   return memcmp(a, b, 32);
}

static VkPipeline
make_pipeline(struct agx_vk_ctx *c, struct gfx *g, VkPrimitiveTopology topo, bool discard,
              bool geom)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   if (geom)
      agx_vk_gfx_stage(&b, AGX_VK_GS, g->gs);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   b.ia.topology = topo;
   b.rs.rasterizerDiscardEnable = discard;
   return agx_vk_gfx_create(c, &b);
}

/* The tessellation pipeline: vertex, control, evaluation (captured), no
 * fragment shader, rasterizer discard. */
static VkPipeline
make_tess_pipeline(struct agx_vk_ctx *c, struct gfx *g, VkShaderModule tese)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->tess[0], VK_NULL_HANDLE, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_stage(&b, AGX_VK_TCS, g->tess[1]);
   agx_vk_gfx_stage(&b, AGX_VK_TES, tese);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   b.ia.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
   b.ts.patchControlPoints = 1;
   b.rs.rasterizerDiscardEnable = VK_TRUE;
   return agx_vk_gfx_create(c, &b);
}

static void
image_barrier(VkCommandBuffer cmd, const struct agx_vk_image *img, VkImageLayout from,
              VkImageLayout to)
{
   agx_vk_barrier(cmd, img->image, VK_IMAGE_ASPECT_COLOR_BIT, from, to, AGX_VK_ALL_WRITE,
                  AGX_VK_ALL_RW);
}

/* Transform feedback writes and counters -> later reads (indirect, copies,
 * host). */
static void
xfb_barrier(VkCommandBuffer cmd)
{
   VkMemoryBarrier2 mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
      .srcStageMask = VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT,
      .srcAccessMask = VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
                       VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT,
      .dstStageMask = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT |
                      VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT | VK_PIPELINE_STAGE_2_HOST_BIT,
      .dstAccessMask = VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT |
                       VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT |
                       VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo dep = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                           .memoryBarrierCount = 1,
                           .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cmd, &dep);
}

static void
begin_pass(VkCommandBuffer cmd, struct gfx *g, VkAttachmentLoadOp load)
{
   VkRenderingAttachmentInfo catt =
      agx_vk_color_attachment(g->image.view, &(VkClearColorValue){.float32 = {0, 0, 0, 0}});
   catt.loadOp = load;
   agx_vk_begin_rendering(
      cmd, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = 1, .colors = &catt});
}

int
main(int argc, char **argv)
{
   if (argc < 8) {
      fprintf(
         stderr,
         "usage: %s XFB_VERT_SPV DRAW_FRAG_SPV XFB_GEOM_SPV XFB_TESS_VERT_SPV "
         "XFB_TESS_TESC_SPV XFB_TESS_TESE_SPV XFB_TESS_ISO_TESE_SPV [--validation] [--reference]\n",
         argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   if (!agx_vk_ctx_has_extension(&c, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME)) {
      printf("VK_EXT_transform_feedback is not supported\n");
      return 1;
   }
   VkPhysicalDeviceTransformFeedbackPropertiesEXT xp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &xp};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   if (xp.maxTransformFeedbackBuffers < 2 || !xp.transformFeedbackQueries ||
       !xp.transformFeedbackDraw || xp.maxTransformFeedbackBufferDataStride < 32) {
      printf("transform feedback properties: %u buffers, queries %u, draw %u\n",
             xp.maxTransformFeedbackBuffers, xp.transformFeedbackQueries, xp.transformFeedbackDraw);
      return 1;
   }
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   VkPhysicalDeviceFeatures want = {.geometryShader = have.geometryShader,
                                    .tessellationShader = have.tessellationShader};
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &xf,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   const char *exts[] = {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME};
   agx_vk_ctx_device_features(&c, &f13, &want, 1, exts);
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb =
      (PFN_vkCmdBindTransformFeedbackBuffersEXT)vkGetDeviceProcAddr(
         c.dev, "vkCmdBindTransformFeedbackBuffersEXT");
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb =
      (PFN_vkCmdBeginTransformFeedbackEXT)vkGetDeviceProcAddr(c.dev,
                                                              "vkCmdBeginTransformFeedbackEXT");
   PFN_vkCmdEndTransformFeedbackEXT end_xfb =
      (PFN_vkCmdEndTransformFeedbackEXT)vkGetDeviceProcAddr(c.dev, "vkCmdEndTransformFeedbackEXT");
   PFN_vkCmdDrawIndirectByteCountEXT draw_bc =
      (PFN_vkCmdDrawIndirectByteCountEXT)vkGetDeviceProcAddr(c.dev,
                                                             "vkCmdDrawIndirectByteCountEXT");
   PFN_vkCmdBeginQueryIndexedEXT begin_qi =
      (PFN_vkCmdBeginQueryIndexedEXT)vkGetDeviceProcAddr(c.dev, "vkCmdBeginQueryIndexedEXT");
   PFN_vkCmdEndQueryIndexedEXT end_qi =
      (PFN_vkCmdEndQueryIndexedEXT)vkGetDeviceProcAddr(c.dev, "vkCmdEndQueryIndexedEXT");
   if (!bind_xfb || !begin_xfb || !end_xfb || !draw_bc || !begin_qi || !end_qi) {
      printf("transform feedback entry points missing\n");
      return 1;
   }

   struct gfx g = {0};
   g.vs = agx_vk_shader(&c, argv[1]);
   g.fs = agx_vk_shader(&c, argv[2]);
   g.layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   const VkPrimitiveTopology topo[4] = {
      VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
      VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN, VK_PRIMITIVE_TOPOLOGY_LINE_STRIP};
   for (unsigned k = 0; k < 4; k++)
      g.pipe[k] = make_pipeline(&c, &g, topo[k], true, false);
   g.points = make_pipeline(&c, &g, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, false, false);
   if (have.geometryShader) {
      g.gs = agx_vk_shader(&c, argv[3]);
      g.geom = make_pipeline(&c, &g, VK_PRIMITIVE_TOPOLOGY_POINT_LIST, true, true);
      g.adj[0] =
         make_pipeline(&c, &g, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY, true, false);
      g.adj[1] = make_pipeline(&c, &g, VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY, true, false);
   } else {
      printf("geometryShader not offered: geometry shader capture not checked\n");
   }
   if (have.tessellationShader) {
      for (unsigned k = 0; k < 4; k++)
         g.tess[k] = agx_vk_shader(&c, argv[4 + k]);
      g.tess_pipe = make_tess_pipeline(&c, &g, g.tess[2]);
      g.iso_pipe = make_tess_pipeline(&c, &g, g.tess[3]);
   } else {
      printf("tessellationShader not offered: evaluation shader capture not checked\n");
   }
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &g.image);

   const VkBufferUsageFlags xusage =
      VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
   const VkBufferUsageFlags cusage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT |
                                     VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
   struct agx_vk_buffer x0 = agx_vk_buffer_usage(&c, 4096, xusage);
   struct agx_vk_buffer x1 = agx_vk_buffer_usage(&c, 4096, xusage);
   struct agx_vk_buffer cnt = agx_vk_buffer_usage(&c, 64, cusage);
   struct agx_vk_buffer ib = agx_vk_buffer_usage(&c, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   static struct expect e;
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT,
                                .queryCount = 2};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(c.dev, &qci, NULL, &qp));

   /* 1. A triangle list, two instances, two buffers at offsets. */
   {
      memset(x0.ptr, 0xA5, 4096);
      memset(x1.ptr, 0xA5, 4096);
      memset(&e, 0xA5, sizeof(e));
      VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      image_barrier(cmd, &g.image, VK_IMAGE_LAYOUT_UNDEFINED,
                    VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_CLEAR);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.pipe[0]);
      VkBuffer bufs[2] = {x0.buf, x1.buf};
      VkDeviceSize offs[2] = {0, 8}, sizes[2] = {VK_WHOLE_SIZE, 1000};
      bind_xfb(cmd, 0, 2, bufs, offs, sizes);
      begin_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdDraw(cmd, 6, 2, 3, 1);
      end_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(&c, cmd));
      uint32_t slot = 0;
      for (uint32_t i = 1; i <= 2; i++)
         for (uint32_t v = 3; v < 9; v++)
            expect_vertex(&e, 8, slot++, v, i);
      compare("triangle list: buffer 0", x0.ptr, e.b0, 1024);
      compare("triangle list: buffer 1", x1.ptr, e.b1, 1024);
   }

   /* 2. Pause/resume across render passes through counter buffers. */
   uint32_t total = 0;
   {
      memset(x0.ptr, 0xA5, 4096);
      memset(x1.ptr, 0xA5, 4096);
      memset(cnt.ptr, 0xA5, 64);
      memset(&e, 0xA5, sizeof(e));
      uint32_t *idx = ib.ptr;
      idx[0] = 5, idx[1] = 1, idx[2] = 4, idx[3] = 0; /* + vertexOffset 2 */
      VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_CLEAR);
      VkBuffer bufs[2] = {x0.buf, x1.buf};
      VkDeviceSize offs[2] = {0, 0};
      bind_xfb(cmd, 0, 2, bufs, offs, NULL);
      VkBuffer cbufs[2] = {cnt.buf, cnt.buf};
      VkDeviceSize coffs[2] = {0, 16};
      /* a counter buffer of VK_NULL_HANDLE: start at 0 */
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.pipe[1]);
      begin_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdDraw(cmd, 5, 1, 0, 0); /* strip: 3 triangles */
      end_xfb(cmd, 0, 2, cbufs, coffs);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_LOAD);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.pipe[3]);
      begin_xfb(cmd, 0, 2, cbufs, coffs);
      vkCmdBindIndexBuffer(cmd, ib.buf, 0, VK_INDEX_TYPE_UINT32);
      vkCmdDrawIndexed(cmd, 4, 1, 0, 2, 0); /* line strip: 3 lines */
      end_xfb(cmd, 0, 2, cbufs, coffs);
      /* paused inside the pass, resumed from the counters */
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.pipe[2]);
      begin_xfb(cmd, 0, 2, cbufs, coffs);
      vkCmdDraw(cmd, 5, 1, 10, 0); /* fan: 3 triangles */
      end_xfb(cmd, 0, 2, cbufs, coffs);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(&c, cmd));
      uint32_t slot = 0;
      /* strip: (i, i+1, i+2) even, (i, i+2, i+1) odd (Vulkan's vertex order) */
      const uint32_t strip[9] = {0, 1, 2, 1, 3, 2, 2, 3, 4};
      for (unsigned k = 0; k < 9; k++)
         expect_vertex(&e, 0, slot++, strip[k], 0);
      const uint32_t lines[6] = {7, 3, 3, 6, 6, 2};
      for (unsigned k = 0; k < 6; k++)
         expect_vertex(&e, 0, slot++, lines[k], 0);
      /* fan: (i+1, i+2, 0) from firstVertex 10 */
      const uint32_t fan[9] = {11, 12, 10, 12, 13, 10, 13, 14, 10};
      for (unsigned k = 0; k < 9; k++)
         expect_vertex(&e, 0, slot++, fan[k], 0);
      total = slot;
      compare("pause/resume: buffer 0", x0.ptr, e.b0, 1024);
      compare("pause/resume: buffer 1", x1.ptr, e.b1, 1024);
      const uint32_t *cv = cnt.ptr;
      CHECK_EQ("counter 0 (bytes)", cv[0], 32 * total);
      CHECK_EQ("counter 1 (bytes)", cv[4], 20 * total);
      printf("pause/resume: %u vertices, counters %u %u\n", total, cv[0], cv[4]);
   }

   /* 3. Overflow under a stream query: room for 2 of 4 triangles in buffer 1. */
   {
      memset(x0.ptr, 0xA5, 4096);
      memset(x1.ptr, 0xA5, 4096);
      memset(&e, 0xA5, sizeof(e));
      VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      vkCmdResetQueryPool(cmd, qp, 0, 2);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_CLEAR);
      VkBuffer bufs[2] = {x0.buf, x1.buf};
      VkDeviceSize offs[2] = {64, 0}, sizes[2] = {VK_WHOLE_SIZE, 20 * 6 + 19};
      bind_xfb(cmd, 0, 2, bufs, offs, sizes);
      VkBuffer cbufs[2] = {cnt.buf, cnt.buf};
      VkDeviceSize coffs[2] = {32, 48};
      begin_qi(cmd, qp, 0, 0, 0);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.pipe[0]);
      begin_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdDraw(cmd, 12, 1, 0, 0);
      end_xfb(cmd, 0, 2, cbufs, coffs);
      end_qi(cmd, qp, 0, 0);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(&c, cmd));
      for (uint32_t v = 0; v < 6; v++)
         expect_vertex(&e, 0, v + 2, v, 0); /* buffer 0 from byte 64 = vertex slot 2 */
      /* expect_vertex put buffer 1's words at slot + 2: move them to slot */
      memset(e.b1, 0xA5, sizeof(e.b1));
      for (uint32_t v = 0; v < 6; v++) {
         float w0[8], w1[5];
         vertex_words(v, 0, w0, w1);
         memcpy(&e.b1[v * 5 + 1], &w1[1], 16);
      }
      compare("overflow: buffer 0", x0.ptr, e.b0, 1024);
      compare("overflow: buffer 1", x1.ptr, e.b1, 1024);
      const uint32_t *cv = cnt.ptr;
      CHECK_EQ("overflow: counter 0", cv[8], 32 * 6); /* from the bound offset */
      CHECK_EQ("overflow: counter 1", cv[12], 20 * 6);
      uint64_t q[2] = {0, 0};
      VK_OK(vkGetQueryPoolResults(c.dev, qp, 0, 1, sizeof(q), q, sizeof(q),
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
      CHECK_EQ("stream query: primitives written", q[0], 2);
      CHECK_EQ("stream query: primitives needed", q[1], 4);
      printf("stream query: written %llu, needed %llu\n", (unsigned long long)q[0],
             (unsigned long long)q[1]);
   }

   /* 4. Draw from the counter of case 2: 10 vertices, three instances
    * (firstInstance 2): pixel (v, i) lit for v < 10, 2 <= i < 5. */
   {
      /* Vulkan: vertexCount = (counter - counterOffset) / vertexStride.
       * Debian 12's lavapipe ignores counterOffset (seen with this test), so
       * the reference run draws a counter of 10 vertices at offset 0. */
      uint32_t *cv = cnt.ptr;
      uint32_t counter_offset = c.reference ? 0 : 32 * (total - 10);
      cv[0] = c.reference ? 32 * 10 : 32 * total;
      VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_CLEAR);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.points);
      draw_bc(cmd, 3, 2, cnt.buf, 0, counter_offset, 32);
      vkCmdEndRendering(cmd);
      image_barrier(cmd, &g.image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                    VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
      agx_vk_copy_to_buffer(cmd, &g.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, out.buf, 0);
      image_barrier(cmd, &g.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                    VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(&c, cmd));
      uint32_t n = 10; /* (32 * total - 32 * (total - 10)) / 32 */
      unsigned bad = 0, lit = 0;
      const uint32_t *px = out.ptr;
      for (uint32_t y = 0; y < H; y++)
         for (uint32_t x = 0; x < W; x++) {
            bool want = x < n && y >= 2 && y < 5;
            bool got = px[y * W + x] != 0;
            lit += got;
            if (want != got && bad++ < 6)
               printf("byte count draw: pixel (%u, %u) = 0x%08x\n", x, y, px[y * W + x]);
         }
      printf("byte count draw: %u vertices x 3 instances, %u pixels lit, %u mismatches\n", n, lit,
             bad);
      failures += bad;
   }

   /* 5. Geometry shader outputs: points v = 5, 6, 7 (primitive ids 0..2). */
   if (g.geom) {
      memset(x0.ptr, 0xA5, 4096);
      memset(x1.ptr, 0xA5, 4096);
      memset(&e, 0xA5, sizeof(e));
      VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      vkCmdResetQueryPool(cmd, qp, 1, 1);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_CLEAR);
      VkBuffer bufs[2] = {x0.buf, x1.buf};
      VkDeviceSize offs[2] = {0, 0};
      bind_xfb(cmd, 0, 2, bufs, offs, NULL);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.geom);
      begin_qi(cmd, qp, 1, 0, 0);
      begin_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdDraw(cmd, 3, 1, 5, 0);
      end_xfb(cmd, 0, 0, NULL, NULL);
      end_qi(cmd, qp, 1, 0);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(&c, cmd));
      uint32_t slot = 0;
      for (uint32_t p = 0; p < 3; p++)
         for (uint32_t inv = 0; inv < 2; inv++)
            for (uint32_t strip = 0; strip < (inv == 0 ? 2u : 1u); strip++) {
               uint32_t n = strip ? 3 : 3 + (p & 1), k0 = strip ? 10 : 0;
               for (uint32_t t = 0; t + 2 < n; t++)
                  for (uint32_t j = 0; j < 3; j++) {
                     /* triangle t of the strip: (t, t+1, t+2), odd t (t, t+2, t+1) */
                     uint32_t k = t + ((t & 1) && j ? 3 - j : j);
                     float kk = (float)(k0 + k), fv = (float)(5 + p), fi = (float)inv;
                     float w0[8] = {kk * 0.125f, fi * 0.25f, 0, 1, fv, fi, kk, (float)p};
                     float w1[4] = {kk + 100.0f, fv, fi, kk * 2.0f + fi};
                     memcpy(&e.b0[slot * 8], w0, sizeof(w0));
                     memcpy(&e.b1[slot * 5 + 1], w1, sizeof(w1));
                     slot++;
                  }
            }
      compare("geometry shader: buffer 0", x0.ptr, e.b0, 1024);
      compare("geometry shader: buffer 1", x1.ptr, e.b1, 1024);
      uint64_t q[2] = {0, 0};
      VK_OK(vkGetQueryPoolResults(c.dev, qp, 1, 1, sizeof(q), q, sizeof(q),
                                  VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
      CHECK_EQ("geometry shader: vertices captured", slot, 33);
      CHECK_EQ("geometry shader query: written", q[0], 11);
      CHECK_EQ("geometry shader query: needed", q[1], 11);
      printf("geometry shader: %u vertices, query written %llu needed %llu\n", slot,
             (unsigned long long)q[0], (unsigned long long)q[1]);
   }

   /* 6. Adjacency topologies, vertex shader outputs. */
   if (g.geom) {
      memset(x0.ptr, 0xA5, 4096);
      memset(x1.ptr, 0xA5, 4096);
      memset(&e, 0xA5, sizeof(e));
      VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_CLEAR);
      VkBuffer bufs[2] = {x0.buf, x1.buf};
      VkDeviceSize offs[2] = {0, 0};
      bind_xfb(cmd, 0, 2, bufs, offs, NULL);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.adj[0]);
      begin_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdDraw(cmd, 10, 1, 0, 0);
      VkBuffer cbufs[2] = {cnt.buf, cnt.buf};
      VkDeviceSize coffs[2] = {0, 16};
      end_xfb(cmd, 0, 2, cbufs, coffs);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.adj[1]);
      begin_xfb(cmd, 0, 2, cbufs, coffs);
      vkCmdDraw(cmd, 8, 1, 20, 0);
      end_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(&c, cmd));
      /* Vulkan: strip with adjacency triangle i = (2i, 2i+2, 2i+4), odd i
       * (2i, 2i+4, 2i+2) (lavapipe agrees); line list with adjacency line
       * i = (4i+1, 4i+2) */
      const uint32_t want[13] = {0, 2, 4, 2, 6, 4, 4, 6, 8, 21, 22, 25, 26};
      for (uint32_t k = 0; k < 13; k++)
         expect_vertex(&e, 0, k, want[k], 0);
      compare("adjacency: buffer 0", x0.ptr, e.b0, 1024);
      compare("adjacency: buffer 1", x1.ptr, e.b1, 1024);
   }

   /* 7. Evaluation shader outputs (no geometry shader): two quad patches,
    * every level 4, point mode. Vulkan leaves the order of the domain
    * points to the implementation, so the 2 x 25 captured records are
    * compared sorted with the CPU's set: (4u, 4v, patch vertex, 7) for
    * u, v in {0, 1/4, ..., 1} (equal spacing with integer levels: the
    * points of every edge and of the inner grid coincide). */
   if (g.tess_pipe) {
      memset(x0.ptr, 0xA5, 4096);
      memset(cnt.ptr, 0xA5, 64);
      VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_CLEAR);
      VkBuffer bufs[1] = {x0.buf};
      VkDeviceSize offs[1] = {32};
      bind_xfb(cmd, 0, 1, bufs, offs, NULL);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.tess_pipe);
      begin_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdDraw(cmd, 2, 1, 3, 0); /* patches of vertex 3 and 4 */
      VkBuffer cbufs[1] = {cnt.buf};
      VkDeviceSize coffs[1] = {0};
      end_xfb(cmd, 0, 1, cbufs, coffs);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(&c, cmd));
      static float want[50][4], got[50][4];
      uint32_t n = 0;
      for (uint32_t p = 3; p <= 4; p++)
         for (uint32_t i = 0; i <= 4; i++)
            for (uint32_t j = 0; j <= 4; j++, n++) {
               want[n][0] = (float)i, want[n][1] = (float)j;
               want[n][2] = (float)p, want[n][3] = 7.0f;
            }
      memcpy(got, (const uint8_t *)x0.ptr + 32, sizeof(got));
      qsort(want, 50, sizeof(want[0]), cmp_rec);
      qsort(got, 50, sizeof(got[0]), cmp_rec);
      compare("evaluation shader: sorted records", (const uint32_t *)got, (const uint32_t *)want,
              200);
      const uint32_t *x = x0.ptr;
      CHECK_EQ("evaluation shader: word before the bound offset", x[7], SENTINEL);
      CHECK_EQ("evaluation shader: word after the captures", x[8 + 200], SENTINEL);
      CHECK_EQ("evaluation shader: counter (bytes from the bound offset)",
               *(const uint32_t *)cnt.ptr, 800);
      printf("evaluation shader: 50 points of 2 quad patches compared\n");
   }

   /* 8. The same patches as isolines (line lists): 4 lines (v = 0 .. 3/4)
    * of 4 segments per patch. Each captured segment's two records are put
    * in order (Vulkan does not fix a segment's direction), then the
    * segments are sorted and compared with the CPU's. */
   if (g.iso_pipe) {
      memset(x0.ptr, 0xA5, 4096);
      VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      begin_pass(cmd, &g, VK_ATTACHMENT_LOAD_OP_CLEAR);
      VkBuffer bufs[1] = {x0.buf};
      VkDeviceSize offs[1] = {0};
      bind_xfb(cmd, 0, 1, bufs, offs, NULL);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, g.iso_pipe);
      begin_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdDraw(cmd, 2, 1, 3, 0);
      end_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(&c, cmd));
      static float want[32][2][4], got[32][2][4];
      uint32_t n = 0;
      for (uint32_t p = 3; p <= 4; p++)
         for (uint32_t i = 0; i < 4; i++)
            for (uint32_t j = 0; j < 4; j++, n++)
               for (uint32_t k = 0; k < 2; k++) {
                  want[n][k][0] = (float)(j + k), want[n][k][1] = (float)i;
                  want[n][k][2] = (float)p, want[n][k][3] = 9.0f;
               }
      memcpy(got, x0.ptr, sizeof(got));
      for (uint32_t s = 0; s < 32; s++) {
         qsort(got[s], 2, sizeof(got[s][0]), cmp_rec);
         qsort(want[s], 2, sizeof(want[s][0]), cmp_rec);
      }
      qsort(want, 32, sizeof(want[0]), cmp_seg);
      qsort(got, 32, sizeof(got[0]), cmp_seg);
      compare("isolines: sorted segments", (const uint32_t *)got, (const uint32_t *)want, 256);
      CHECK_EQ("isolines: word after the captures", ((const uint32_t *)x0.ptr)[256], SENTINEL);
      printf("isolines: 32 segments of 2 patches compared\n");
   }

   vkDestroyQueryPool(c.dev, qp, NULL);
   for (unsigned k = 0; k < 4; k++)
      vkDestroyPipeline(c.dev, g.pipe[k], NULL);
   vkDestroyPipeline(c.dev, g.points, NULL);
   if (g.geom) {
      vkDestroyPipeline(c.dev, g.geom, NULL);
      vkDestroyPipeline(c.dev, g.adj[0], NULL);
      vkDestroyPipeline(c.dev, g.adj[1], NULL);
      vkDestroyShaderModule(c.dev, g.gs, NULL);
   }
   if (g.tess_pipe) {
      vkDestroyPipeline(c.dev, g.tess_pipe, NULL);
      vkDestroyPipeline(c.dev, g.iso_pipe, NULL);
      for (unsigned k = 0; k < 4; k++)
         vkDestroyShaderModule(c.dev, g.tess[k], NULL);
   }
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   agx_vk_image_free(&c, &g.image);
   agx_vk_buffer_free(&c, &x0);
   agx_vk_buffer_free(&c, &x1);
   agx_vk_buffer_free(&c, &cnt);
   agx_vk_buffer_free(&c, &ib);
   agx_vk_buffer_free(&c, &out);
   int ret = agx_vk_ctx_finish(&c);
   printf("test_xfb: %u failures\n", failures);
   return failures || ret ? 1 : 0;
}
