/*
 * Transform feedback and DrawIndex on the GPU-sized emulated paths (issue
 * 23), through the loader, against CPU-computed captures. xfb_drawid.vert
 * writes, per vertex, a = (vertex index, instance index, DrawIndex, 5).
 *  1. a geometry shader (xfb_drawid_points.geom: each point out as it came,
 *     captured) drawn by one vkCmdDrawIndirect of three records (record d:
 *     2 vertices from 4d, firstInstance d): the GS path's indirect draw
 *     with its capture sized on the GPU; the six records byte for byte in
 *     draw order (DrawIndex d, not 0), and the stream query (6 written, 6
 *     needed);
 *  2. tessellation then a geometry shader (xfb_drawid.tesc/.tese: one
 *     control point per patch, isolines of one segment; the GS passes each
 *     segment on, captured) drawn by one vkCmdDrawIndirect of two records
 *     (record d: 2 patches from vertex 10d): the 8 captured records, sorted
 *     (Vulkan leaves the order inside a patch to the implementation),
 *     against the CPU's (10d + k, 0, d, u) for u = 0, 1, and the stream
 *     query (4 written, 4 needed);
 *  3. the pipeline of case 2 drawn directly (vkCmdDraw of 3 patches from
 *     vertex 7, after 2 recorded ones: appended through the counter);
 *  4. no GS: the vertex shader's capture (xfb_drawid_capture.vert) of one
 *     vkCmdDrawIndexedIndirect of two records (triangle strips of 4
 *     indices from 4d, vertexOffset 100d, two instances from 3 + d), sized
 *     on the GPU: 24 records byte for byte in Vulkan's strip order, the
 *     stream query (8 written, 8 needed).
 * Runs on agx-vk, under validation and on lavapipe (--reference).
 *
 * test_xfb_paths VERT_SPV POINTS_GEOM_SPV LINES_GEOM_SPV TESC_SPV TESE_SPV CAPTURE_VERT_SPV
 *                [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

static unsigned failures;

#define CHECK_EQ(what, got, want)                                             \
   do {                                                                       \
      if ((uint64_t)(got) != (uint64_t)(want)) {                              \
         printf("%s: %llu, expected %llu\n", what, (unsigned long long)(got), \
                (unsigned long long)(want));                                  \
         failures++;                                                          \
      }                                                                       \
   } while (0)

/* Compares `words` words; prints the first mismatches. */
static void
compare(const char *what, const uint32_t *got, const uint32_t *want, uint32_t words)
{
   unsigned bad = 0;
   for (uint32_t i = 0; i < words; i++)
      if (got[i] != want[i] && bad++ < 8)
         printf("%s: word %u: 0x%08x, expected 0x%08x\n", what, i, got[i], want[i]);
   printf("%s: %u words, %u mismatches\n", what, words, bad);
   failures += bad;
}

static int
cmp_rec(const void *a, const void *b)
{
   return memcmp(a, b, 16);
}

/* One captured record (4 floats). */
static void
record(uint32_t *out, float x, float y, float z, float w)
{
   const float f[4] = {x, y, z, w};
   memcpy(out, f, 16);
}

struct ctx {
   struct agx_vk_ctx c;
   VkPipelineLayout layout;
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind_xfb;
   PFN_vkCmdBeginTransformFeedbackEXT begin_xfb;
   PFN_vkCmdEndTransformFeedbackEXT end_xfb;
   PFN_vkCmdBeginQueryIndexedEXT begin_qi;
   PFN_vkCmdEndQueryIndexedEXT end_qi;
};

/* A pipeline of the stages with a module in mod[], rasterizer discard, no attachments. */
static VkPipeline
make_pipeline(struct ctx *x, VkPrimitiveTopology topo, const VkShaderModule mod[AGX_VK_STAGES])
{
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, x->layout, mod[AGX_VK_VS], VK_NULL_HANDLE, VK_FORMAT_UNDEFINED);
   for (unsigned s = AGX_VK_TCS; s < AGX_VK_FS; s++)
      agx_vk_gfx_stage(&g, s, mod[s]);
   agx_vk_gfx_fixed_viewport(&g, 16, 16);
   g.ia.topology = topo;
   g.ts.patchControlPoints = 1;
   g.rs.rasterizerDiscardEnable = VK_TRUE;
   return agx_vk_gfx_create(&x->c, &g);
}

/* Transform feedback writes and counters -> host reads. */
static void
xfb_barrier(VkCommandBuffer cmd)
{
   agx_vk_memory_barrier(
      cmd,
      (struct agx_vk_access){VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT,
                             VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT |
                                VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT},
      AGX_VK_HOST_READ);
}

/* An empty render (rasterizer discard: no attachments needed). */
static void
begin_pass(VkCommandBuffer cmd)
{
   agx_vk_begin_rendering(cmd, &(struct agx_vk_rendering){.width = 16, .height = 16});
}

/* The stream query's two values (written, needed). */
static void
check_query(struct ctx *x, VkQueryPool qp, const char *what, uint64_t written, uint64_t needed)
{
   uint64_t q[2] = {0};
   VK_OK(vkGetQueryPoolResults(x->c.dev, qp, 0, 1, sizeof(q), q, sizeof(q),
                               VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   printf("%s: stream query written %llu, needed %llu\n", what, (unsigned long long)q[0],
          (unsigned long long)q[1]);
   CHECK_EQ("primitives written", q[0], written);
   CHECK_EQ("primitives needed", q[1], needed);
}

int
main(int argc, char **argv)
{
   if (argc < 7) {
      fprintf(stderr,
              "usage: %s VERT_SPV POINTS_GEOM_SPV LINES_GEOM_SPV TESC_SPV TESE_SPV "
              "CAPTURE_VERT_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   static struct ctx x;
   struct agx_vk_ctx *c = &x.c;
   agx_vk_ctx_instance(c, argc, argv);
   if (!agx_vk_ctx_has_extension(c, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME)) {
      printf("VK_EXT_transform_feedback is not supported\n");
      return 1;
   }
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(c->pdev, &have);
   if (!have.geometryShader || !have.tessellationShader || !have.multiDrawIndirect) {
      printf("geometryShader %u, tessellationShader %u, multiDrawIndirect %u: all needed\n",
             have.geometryShader, have.tessellationShader, have.multiDrawIndirect);
      return 1;
   }
   VkPhysicalDeviceFeatures want = {.geometryShader = VK_TRUE,
                                    .tessellationShader = VK_TRUE,
                                    .multiDrawIndirect = VK_TRUE};
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xf = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE};
   VkPhysicalDeviceVulkan11Features f11 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
                                           .pNext = &xf,
                                           .shaderDrawParameters = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f11,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   const char *exts[] = {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME};
   agx_vk_ctx_device_features(c, &f13, &want, 1, exts);
   x.bind_xfb = (PFN_vkCmdBindTransformFeedbackBuffersEXT)vkGetDeviceProcAddr(
      c->dev, "vkCmdBindTransformFeedbackBuffersEXT");
   x.begin_xfb = (PFN_vkCmdBeginTransformFeedbackEXT)vkGetDeviceProcAddr(
      c->dev, "vkCmdBeginTransformFeedbackEXT");
   x.end_xfb =
      (PFN_vkCmdEndTransformFeedbackEXT)vkGetDeviceProcAddr(c->dev, "vkCmdEndTransformFeedbackEXT");
   x.begin_qi =
      (PFN_vkCmdBeginQueryIndexedEXT)vkGetDeviceProcAddr(c->dev, "vkCmdBeginQueryIndexedEXT");
   x.end_qi = (PFN_vkCmdEndQueryIndexedEXT)vkGetDeviceProcAddr(c->dev, "vkCmdEndQueryIndexedEXT");
   if (!x.bind_xfb || !x.begin_xfb || !x.end_xfb || !x.begin_qi || !x.end_qi) {
      printf("transform feedback entry points missing\n");
      return 1;
   }
   x.layout = agx_vk_pipeline_layout(c, 0, NULL, 0, 0);
   VkShaderModule m[6];
   for (unsigned k = 0; k < 6; k++)
      m[k] = agx_vk_shader(c, argv[1 + k]);
   VkPipeline gs_pipe =
      make_pipeline(&x, VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
                    (VkShaderModule[AGX_VK_STAGES]){[AGX_VK_VS] = m[0], [AGX_VK_GS] = m[1]});
   VkPipeline tg_pipe = make_pipeline(&x, VK_PRIMITIVE_TOPOLOGY_PATCH_LIST,
                                      (VkShaderModule[AGX_VK_STAGES]){[AGX_VK_VS] = m[0],
                                                                      [AGX_VK_TCS] = m[3],
                                                                      [AGX_VK_TES] = m[4],
                                                                      [AGX_VK_GS] = m[2]});
   VkPipeline vs_pipe = make_pipeline(&x, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
                                      (VkShaderModule[AGX_VK_STAGES]){[AGX_VK_VS] = m[5]});

   struct agx_vk_buffer xb = agx_vk_buffer_usage(c, 4096,
                                                 VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT |
                                                    VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   struct agx_vk_buffer cnt =
      agx_vk_buffer_usage(c, 64, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT);
   struct agx_vk_buffer ind = agx_vk_buffer_usage(c, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   struct agx_vk_buffer ib = agx_vk_buffer_usage(c, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   VkQueryPoolCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                .queryType = VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT,
                                .queryCount = 1};
   VkQueryPool qp;
   VK_OK(vkCreateQueryPool(c->dev, &qci, NULL, &qp));
   static uint32_t want_words[1024];

   /* 1. GS, one multi-draw indirect call of three records. */
   {
      memset(xb.ptr, 0xA5, 4096);
      memset(want_words, 0xA5, sizeof(want_words));
      uint32_t *rec = ind.ptr;
      for (uint32_t d = 0; d < 3; d++) {
         const uint32_t r[4] = {2, 1, 4 * d, d}; /* count, instances, first, firstInstance */
         memcpy(rec + 4 * d, r, sizeof(r));
      }
      VkCommandBuffer cmd = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      vkCmdResetQueryPool(cmd, qp, 0, 1);
      begin_pass(cmd);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, gs_pipe);
      VkDeviceSize off = 0;
      x.bind_xfb(cmd, 0, 1, &xb.buf, &off, NULL);
      x.begin_xfb(cmd, 0, 0, NULL, NULL);
      x.begin_qi(cmd, qp, 0, 0, 0);
      vkCmdDrawIndirect(cmd, ind.buf, 0, 3, 16);
      x.end_qi(cmd, qp, 0, 0);
      x.end_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(c, cmd));
      uint32_t slot = 0;
      for (uint32_t d = 0; d < 3; d++)
         for (uint32_t k = 0; k < 2; k++)
            record(want_words + 4 * slot++, (float)(4 * d + k), (float)d, (float)d, 5.0f);
      compare("GS multi-draw indirect", xb.ptr, want_words, 4 * slot + 4);
      check_query(&x, qp, "GS multi-draw indirect", 6, 6);
   }

   /* 2 and 3. Tessellation then GS: indirect (two records), then direct,
    * appended through the counter. */
   {
      memset(xb.ptr, 0xA5, 4096);
      memset(cnt.ptr, 0, 64);
      uint32_t *rec = ind.ptr;
      for (uint32_t d = 0; d < 2; d++) {
         const uint32_t r[4] = {2, 1, 10 * d, 0};
         memcpy(rec + 4 * d, r, sizeof(r));
      }
      VkCommandBuffer cmd = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      vkCmdResetQueryPool(cmd, qp, 0, 1);
      begin_pass(cmd);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, tg_pipe);
      VkDeviceSize off = 0, coff = 0;
      x.bind_xfb(cmd, 0, 1, &xb.buf, &off, NULL);
      x.begin_xfb(cmd, 0, 0, NULL, NULL);
      x.begin_qi(cmd, qp, 0, 0, 0);
      vkCmdDrawIndirect(cmd, ind.buf, 0, 2, 16);
      x.end_qi(cmd, qp, 0, 0);
      x.end_xfb(cmd, 0, 1, &cnt.buf, &coff);
      x.begin_xfb(cmd, 0, 1, &cnt.buf, &coff);
      vkCmdDraw(cmd, 3, 1, 7, 0);
      x.end_xfb(cmd, 0, 1, &cnt.buf, &coff);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(c, cmd));
      /* indirect: records 0..7, then the direct draw's 6 */
      uint32_t *got = xb.ptr;
      static uint32_t sorted[4 * 14];
      memcpy(sorted, got, 16 * 8);
      qsort(sorted, 8, 16, cmp_rec);
      memset(want_words, 0xA5, sizeof(want_words));
      uint32_t n = 0;
      for (uint32_t d = 0; d < 2; d++)
         for (uint32_t k = 0; k < 2; k++)
            for (uint32_t u = 0; u < 2; u++)
               record(want_words + 4 * n++, (float)(10 * d + k), 0.0f, (float)d, (float)u);
      qsort(want_words, n, 16, cmp_rec);
      compare("tessellation + GS multi-draw indirect (sorted)", sorted, want_words, 4 * n);
      check_query(&x, qp, "tessellation + GS multi-draw indirect", 4, 4);
      memcpy(sorted, got + 4 * 8, 16 * 6);
      qsort(sorted, 6, 16, cmp_rec);
      n = 0;
      for (uint32_t k = 0; k < 3; k++)
         for (uint32_t u = 0; u < 2; u++)
            record(want_words + 4 * n++, (float)(7 + k), 0.0f, 0.0f, (float)u);
      qsort(want_words, n, 16, cmp_rec);
      compare("tessellation + GS direct (sorted)", sorted, want_words, 4 * n);
      CHECK_EQ("sentinel after the captures", got[4 * 14], 0xA5A5A5A5u);
      CHECK_EQ("counter (bytes)", *(const uint32_t *)cnt.ptr, 16 * 14);
   }

   /* 4. The vertex shader's capture, one indexed multi-draw indirect call. */
   {
      memset(xb.ptr, 0xA5, 4096);
      memset(want_words, 0xA5, sizeof(want_words));
      uint32_t *idx = ib.ptr;
      for (uint32_t j = 0; j < 8; j++)
         idx[j] = 3 * j;
      uint32_t *rec = ind.ptr;
      for (uint32_t d = 0; d < 2; d++) {
         /* indexCount, instanceCount, firstIndex, vertexOffset, firstInstance */
         const uint32_t r[5] = {4, 2, 4 * d, 100 * d, 3 + d};
         memcpy(rec + 5 * d, r, sizeof(r));
      }
      VkCommandBuffer cmd = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
      vkCmdResetQueryPool(cmd, qp, 0, 1);
      begin_pass(cmd);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, vs_pipe);
      vkCmdBindIndexBuffer(cmd, ib.buf, 0, VK_INDEX_TYPE_UINT32);
      VkDeviceSize off = 0;
      x.bind_xfb(cmd, 0, 1, &xb.buf, &off, NULL);
      x.begin_xfb(cmd, 0, 0, NULL, NULL);
      x.begin_qi(cmd, qp, 0, 0, 0);
      vkCmdDrawIndexedIndirect(cmd, ind.buf, 0, 2, 20);
      x.end_qi(cmd, qp, 0, 0);
      x.end_xfb(cmd, 0, 0, NULL, NULL);
      vkCmdEndRendering(cmd);
      xfb_barrier(cmd);
      VK_OK(agx_vk_submit_wait(c, cmd));
      /* strips: triangle p is (p, p + 1, p + 2), odd ones (p, p + 2, p + 1) */
      const uint32_t strip[6] = {0, 1, 2, 1, 3, 2};
      uint32_t slot = 0;
      for (uint32_t d = 0; d < 2; d++)
         for (uint32_t inst = 0; inst < 2; inst++)
            for (uint32_t k = 0; k < 6; k++) {
               uint32_t v = 3 * (4 * d + strip[k]) + 100 * d;
               record(want_words + 4 * slot++, (float)v, (float)(3 + d + inst), (float)d, 5.0f);
            }
      compare("vertex shader indexed multi-draw indirect", xb.ptr, want_words, 4 * slot + 4);
      check_query(&x, qp, "vertex shader indexed multi-draw indirect", 8, 8);
   }

   vkDestroyQueryPool(c->dev, qp, NULL);
   agx_vk_buffer_free(c, &ib);
   vkDestroyPipeline(c->dev, vs_pipe, NULL);
   agx_vk_buffer_free(c, &xb);
   agx_vk_buffer_free(c, &cnt);
   agx_vk_buffer_free(c, &ind);
   vkDestroyPipeline(c->dev, gs_pipe, NULL);
   vkDestroyPipeline(c->dev, tg_pipe, NULL);
   for (unsigned k = 0; k < 6; k++)
      vkDestroyShaderModule(c->dev, m[k], NULL);
   vkDestroyPipelineLayout(c->dev, x.layout, NULL);
   int ret = agx_vk_ctx_finish(c);
   printf("test_xfb_paths: %u failures\n", failures);
   return failures || ret ? 1 : 0;
}
