/*
 * vkCmdDrawIndirectCount / vkCmdDrawIndexedIndirectCount (core 1.2
 * drawIndirectCount) through the loader. Each scene renders up to seven
 * rectangles into a 64x16 R8G8B8A8_UNORM attachment (draw_count.vert:
 * rectangle r = gl_VertexIndex / 6, colour from BaseVertex, BaseInstance,
 * the instance and DrawID) and compares every pixel with the rectangles the
 * Vulkan specification implies: record i of a call is drawn, with DrawIndex
 * i, exactly when i < min(count, maxDrawCount). Scenes: count below the
 * maximum, count above it (clamped), count 0 followed by a direct draw,
 * indexed records with a non-zero count offset and strides 20 and 28 (two
 * calls in one pass), padded stride 32 with garbage between records, the
 * count written by a previous compute dispatch (with the barrier Vulkan
 * requires: --no-barrier leaves it out, which the validation run's
 * synchronization validation reports), the same draws through a
 * pass-through geometry shader (also alternating with the plain pipeline
 * in one pass), and draws recorded in secondary command
 * buffers (continuing the primary's pass, and recording a whole pass).
 * Runs on lavapipe (--reference) and under the validation layer with
 * synchronization validation.
 *
 * test_draw_count VERT_SPV FRAG_SPV GEOM_SPV COMP_SPV PAD_VERT_SPV PAD_FRAG_SPV
 *                 [--validation] [--reference] [--no-barrier]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 16
#define MAX_RECORDS 8

/* One vkCmdDraw(Indexed)IndirectCount: its records (rectangle, instances,
 * base instance), where they go and what the count says. */
struct call {
   bool indexed;
   uint32_t offset, stride, count_offset, max, count;
   uint32_t n;                 /* records written */
   uint32_t rect[MAX_RECORDS]; /* rectangle of record i (1..7) */
   uint32_t inst[MAX_RECORDS]; /* instances (0 = 1) */
   uint32_t base_instance[MAX_RECORDS];
};

struct scene {
   const char *name;
   struct call calls[3];
   uint32_t n_calls;
   bool dispatch_count;  /* calls[0].count comes from a compute dispatch */
   uint32_t direct_rect; /* a vkCmdDraw of this rectangle after the calls (0: none) */
   bool gs;
   uint32_t gs_calls;  /* bit k: call k with the geometry-shader pipeline, the rest without */
   uint32_t pad_calls; /* bit k: call k with the other varying layout (draw_count_pad.vert) */
   /* the draws recorded in a secondary command buffer: 1 continuing the
    * primary's pass (RENDER_PASS_CONTINUE), 2 recording the whole pass */
   int secondary;
};

struct expect {
   bool drawn;
   uint8_t rgba[4];
};

static struct agx_vk_ctx c;
static bool no_barrier;

/* Writes the scene's records and counts into the buffers; counts written by
 * a dispatch get a stale value the draw must not see. */
static void
fill_buffers(const struct scene *s, uint8_t *ind, uint8_t *cnt)
{
   memset(ind, 0xAB, 4096);
   memset(cnt, 0, 256);
   for (uint32_t k = 0; k < s->n_calls; k++) {
      const struct call *cl = &s->calls[k];
      for (uint32_t i = 0; i < cl->n; i++) {
         uint8_t *p = ind + cl->offset + i * cl->stride;
         uint32_t inst = cl->inst[i] ? cl->inst[i] : 1;
         if (cl->indexed) {
            VkDrawIndexedIndirectCommand r = {6, inst, 0, (int32_t)(6 * cl->rect[i]),
                                              cl->base_instance[i]};
            memcpy(p, &r, sizeof(r));
         } else {
            VkDrawIndirectCommand r = {6, inst, 6 * cl->rect[i], cl->base_instance[i]};
            memcpy(p, &r, sizeof(r));
         }
      }
      uint32_t v = s->dispatch_count && k == 0 ? 5 : cl->count;
      memcpy(cnt + cl->count_offset, &v, 4);
   }
}

/* The rectangles the specification implies. */
static void
expected(const struct scene *s, struct expect e[8])
{
   memset(e, 0, 8 * sizeof(*e));
   for (uint32_t k = 0; k < s->n_calls; k++) {
      const struct call *cl = &s->calls[k];
      uint32_t live = cl->count < cl->max ? cl->count : cl->max;
      for (uint32_t i = 0; i < live && i < cl->n; i++) {
         uint32_t r = cl->rect[i], inst = cl->inst[i] ? cl->inst[i] : 1;
         e[r].drawn = true;
         e[r].rgba[0] = (uint8_t)(6 * r);
         e[r].rgba[1] = (uint8_t)(cl->base_instance[i] + 16 * (inst - 1));
         e[r].rgba[2] = s->gs || (s->gs_calls >> k & 1) ? 0 : (uint8_t)(64 * i);
         e[r].rgba[3] = 255;
      }
   }
   if (s->direct_rect) {
      uint32_t r = s->direct_rect;
      e[r] = (struct expect){true, {(uint8_t)(6 * r), 0, 0, 255}};
   }
}

static VkPipeline
make_pipeline(VkPipelineLayout layout, VkShaderModule vs, VkShaderModule fs, VkShaderModule gs)
{
   VkBool32 use_draw_id = gs == VK_NULL_HANDLE;
   VkSpecializationMapEntry me = {0, 0, sizeof(VkBool32)};
   VkSpecializationInfo spec = {1, &me, sizeof(use_draw_id), &use_draw_id};
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   b.stage[AGX_VK_VS].pSpecializationInfo = &spec;
   agx_vk_gfx_stage(&b, AGX_VK_GS, gs);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   return agx_vk_gfx_create(&c, &b);
}

struct objects {
   struct agx_vk_image image;
   VkPipeline pipe, gs_pipe, pad_pipe;
   struct agx_vk_pipeline comp;
   struct agx_vk_buffer ib, ind, cnt, out;
};

/* Records, runs and checks one scene; returns its mismatching pixels. */
static unsigned
run_scene(struct objects *o, const struct scene *s)
{
   fill_buffers(s, o->ind.ptr, o->cnt.ptr);
   memset(o->out.ptr, 0xCD, W * H * 4);
   VkCommandBuffer cmd = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   if (s->dispatch_count) {
      const struct call *cl = &s->calls[0];
      uint32_t push[2] = {cl->count, cl->count_offset / 4};
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, o->comp.pipeline);
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, o->comp.layout, 0, 1,
                              &o->comp.set, 0, NULL);
      vkCmdPushConstants(cmd, o->comp.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, push);
      vkCmdDispatch(cmd, 1, 1, 1);
      if (!no_barrier)
         agx_vk_memory_barrier(cmd,
                               (struct agx_vk_access){VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                                                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT},
                               (struct agx_vk_access){VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT,
                                                      VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT});
   }
   agx_vk_barrier(cmd, o->image.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_WRITE);
   VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
   VkCommandBufferInheritanceRenderingInfo inh_r = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &format,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkCommandBufferInheritanceInfo inh = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                         .pNext = s->secondary == 1 ? &inh_r : NULL};
   VkCommandBuffer sec = VK_NULL_HANDLE;
   if (s->secondary) {
      VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = c.pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                         .commandBufferCount = 1};
      VK_OK(vkAllocateCommandBuffers(c.dev, &cai, &sec));
      VkCommandBufferBeginInfo bi = {
         .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
         .flags = s->secondary == 1 ? VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT : 0,
         .pInheritanceInfo = &inh};
      VK_OK(vkBeginCommandBuffer(sec, &bi));
   }
   VkRenderingAttachmentInfo catt =
      agx_vk_color_attachment(o->image.view, &(VkClearColorValue){.float32 = {0, 0, 0, 1}});
   struct agx_vk_rendering rinfo = {.width = W, .height = H, .color_count = 1, .colors = &catt};
   if (s->secondary == 1)
      rinfo.flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT;
   if (s->secondary != 2)
      agx_vk_begin_rendering(cmd, &rinfo);
   VkCommandBuffer dcb = s->secondary ? sec : cmd;
   if (s->secondary == 2)
      agx_vk_begin_rendering(dcb, &rinfo);
   vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, s->gs ? o->gs_pipe : o->pipe);
   vkCmdBindIndexBuffer(dcb, o->ib.buf, 0, VK_INDEX_TYPE_UINT32);
   for (uint32_t k = 0; k < s->n_calls; k++) {
      const struct call *cl = &s->calls[k];
      if (s->gs_calls || s->pad_calls)
         vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS,
                           s->gs_calls >> k & 1    ? o->gs_pipe
                           : s->pad_calls >> k & 1 ? o->pad_pipe
                                                   : o->pipe);
      if (cl->indexed)
         vkCmdDrawIndexedIndirectCount(dcb, o->ind.buf, cl->offset, o->cnt.buf, cl->count_offset,
                                       cl->max, cl->stride);
      else
         vkCmdDrawIndirectCount(dcb, o->ind.buf, cl->offset, o->cnt.buf, cl->count_offset, cl->max,
                                cl->stride);
   }
   if (s->direct_rect) {
      if (s->gs_calls || s->pad_calls)
         vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, o->pipe);
      vkCmdDraw(dcb, 6, 1, 6 * s->direct_rect, 0);
   }
   if (s->secondary == 2)
      vkCmdEndRendering(dcb);
   if (s->secondary) {
      VK_OK(vkEndCommandBuffer(sec));
      vkCmdExecuteCommands(cmd, 1, &sec);
   }
   if (s->secondary != 2)
      vkCmdEndRendering(cmd);
   agx_vk_readback(cmd, &o->image, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                   &o->out);
   VK_OK(agx_vk_submit_wait(&c, cmd));
   if (sec)
      vkFreeCommandBuffers(c.dev, c.pool, 1, &sec);

   struct expect e[8];
   expected(s, e);
   unsigned bad = 0, shown = 0, drawn = 0;
   const uint8_t *px = o->out.ptr;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int rr = x / 8;
         bool in = x % 8 >= 1 && x % 8 <= 6 && y >= 1 && y <= 14 && e[rr].drawn;
         uint8_t want[4] = {0, 0, 0, 255};
         if (in)
            memcpy(want, e[rr].rgba, 4);
         const uint8_t *g = px + 4 * (y * W + x);
         if (memcmp(g, want, 4)) {
            bad++;
            if (shown++ < 6)
               printf("%s: pixel (%d, %d): %u %u %u %u, expected %u %u %u %u\n", s->name, x, y,
                      g[0], g[1], g[2], g[3], want[0], want[1], want[2], want[3]);
         }
      }
   for (int rr = 0; rr < 8; rr++)
      drawn += e[rr].drawn;
   printf("%s: %u rectangles expected, %u mismatching pixels\n", s->name, drawn, bad);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 7) {
      fprintf(stderr,
              "usage: %s VERT_SPV FRAG_SPV GEOM_SPV COMP_SPV PAD_VERT_SPV PAD_FRAG_SPV "
              "[--validation] [--reference] "
              "[--no-barrier]\n",
              argv[0]);
      return 2;
   }
   bool validation = false;
   for (int i = 7; i < argc; i++) {
      no_barrier |= strcmp(argv[i], "--no-barrier") == 0;
      validation |= strcmp(argv[i], "--validation") == 0;
   }
   /* Synchronization validation reports a missing barrier between the
    * dispatch writing the count and the draw reading it (--no-barrier). */
   if (validation)
      setenv("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT", 1);
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .pNext = &f11};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f12};
   vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
   if (!f12.drawIndirectCount || !f11.shaderDrawParameters || !f2.features.multiDrawIndirect) {
      printf("drawIndirectCount, shaderDrawParameters or multiDrawIndirect is not supported\n");
      return 1;
   }
   bool has_gs = f2.features.geometryShader;
   f11 = (VkPhysicalDeviceVulkan11Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .shaderDrawParameters = VK_TRUE};
   f12 = (VkPhysicalDeviceVulkan12Features){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .pNext = &f11,
      .drawIndirectCount = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.multiDrawIndirect = VK_TRUE, .geometryShader = has_gs};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);

   struct objects o = {0};
   o.ib = agx_vk_buffer_usage(&c, 64, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
   o.ind = agx_vk_buffer_usage(&c, 4096, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
   o.cnt = agx_vk_buffer_usage(
      &c, 256, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
   o.out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   uint32_t *idx = o.ib.ptr;
   for (uint32_t i = 0; i < 6; i++)
      idx[i] = i;

   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = VK_FORMAT_R8G8B8A8_UNORM,
                                                   .width = W,
                                                   .height = H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &o.image);

   VkShaderModule vs = agx_vk_shader(&c, argv[1]), fs = agx_vk_shader(&c, argv[2]);
   VkShaderModule gs = has_gs ? agx_vk_shader(&c, argv[3]) : VK_NULL_HANDLE;
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 0, NULL, 0, 0);
   o.pipe = make_pipeline(layout, vs, fs, VK_NULL_HANDLE);
   if (has_gs)
      o.gs_pipe = make_pipeline(layout, vs, fs, gs);
   VkShaderModule pad_vs = agx_vk_shader(&c, argv[5]), pad_fs = agx_vk_shader(&c, argv[6]);
   o.pad_pipe = make_pipeline(layout, pad_vs, pad_fs, VK_NULL_HANDLE);
   agx_vk_pipeline(&c, &o.comp,
                   &(struct agx_vk_pipeline_desc){.spv = argv[4], .buffers = 1, .push_size = 8});
   agx_vk_pipeline_bind(&c, &o.comp, &o.cnt.buf);

   const struct scene scenes[] = {
      {.name = "count 3 of max 5",
       .calls = {{.stride = 16,
                  .max = 5,
                  .count = 3,
                  .n = 5,
                  .rect = {1, 2, 3, 4, 5},
                  .base_instance = {1, 2, 3, 4, 5}}},
       .n_calls = 1},
      {.name = "count 100 clamped to max 3",
       .calls = {{.offset = 32,
                  .stride = 16,
                  .count_offset = 4,
                  .max = 3,
                  .count = 100,
                  .n = 4,
                  .rect = {7, 6, 5, 4},
                  .inst = {1, 2, 1, 1},
                  .base_instance = {0, 3, 9, 1}}},
       .n_calls = 1},
      {.name = "count 0, then a direct draw",
       .calls = {{.stride = 16,
                  .max = 4,
                  .count = 0,
                  .n = 4,
                  .rect = {1, 2, 3, 4},
                  .base_instance = {1, 1, 1, 1}}},
       .n_calls = 1,
       .direct_rect = 6},
      {.name = "indexed strides 20 and 28, two calls",
       .calls = {{.indexed = true,
                  .offset = 4,
                  .stride = 20,
                  .count_offset = 8,
                  .max = 4,
                  .count = 2,
                  .n = 4,
                  .rect = {1, 2, 3, 4},
                  .base_instance = {5, 6, 7, 8}},
                 {.indexed = true,
                  .offset = 512,
                  .stride = 28,
                  .count_offset = 12,
                  .max = 2,
                  .count = 2,
                  .n = 2,
                  .rect = {5, 6},
                  .inst = {2, 1},
                  .base_instance = {2, 4}}},
       .n_calls = 2},
      {.name = "padded stride 32, count = max",
       .calls = {{.offset = 64,
                  .stride = 32,
                  .max = 4,
                  .count = 4,
                  .n = 4,
                  .rect = {2, 4, 6, 7},
                  .base_instance = {10, 20, 30, 40}}},
       .n_calls = 1},
      {.name = "count 2 written by a dispatch",
       .calls = {{.stride = 16,
                  .count_offset = 16,
                  .max = 5,
                  .count = 2,
                  .n = 5,
                  .rect = {1, 2, 3, 4, 5},
                  .base_instance = {3, 4, 5, 6, 7}}},
       .n_calls = 1,
       .dispatch_count = true},
      {.name = "geometry shader, count 2 of max 3, indexed count 1 of max 2",
       .calls = {{.stride = 16,
                  .max = 3,
                  .count = 2,
                  .n = 3,
                  .rect = {1, 2, 3},
                  .base_instance = {1, 2, 3}},
                 {.indexed = true,
                  .offset = 256,
                  .stride = 20,
                  .count_offset = 4,
                  .max = 2,
                  .count = 1,
                  .n = 2,
                  .rect = {5, 6},
                  .inst = {2, 1},
                  .base_instance = {8, 9}}},
       .n_calls = 2,
       .gs = true},
      {.name = "pipelines with and without a geometry shader in turn",
       .calls =
          {{.stride = 16, .max = 2, .count = 2, .n = 2, .rect = {1, 2}, .base_instance = {1, 2}},
           {.offset = 256,
            .stride = 16,
            .max = 2,
            .count = 2,
            .n = 2,
            .rect = {3, 4},
            .base_instance = {3, 4}}},
       .n_calls = 2,
       .direct_rect = 6,
       .gs_calls = 2},
      {.name = "pipelines with two varying layouts in turn",
       .calls =
          {{.stride = 16, .max = 2, .count = 1, .n = 2, .rect = {1, 2}, .base_instance = {1, 2}},
           {.offset = 256,
            .count_offset = 4,
            .stride = 16,
            .max = 2,
            .count = 2,
            .n = 2,
            .rect = {3, 4},
            .base_instance = {3, 4}},
           {.offset = 512,
            .count_offset = 8,
            .stride = 16,
            .max = 1,
            .count = 1,
            .n = 1,
            .rect = {5},
            .base_instance = {5}}},
       .n_calls = 3,
       .direct_rect = 6,
       .pad_calls = 2},
      {.name = "secondary continuing the pass, count 2 of max 4 and indexed count 9 of max 2",
       .calls = {{.stride = 16,
                  .max = 4,
                  .count = 2,
                  .n = 4,
                  .rect = {1, 2, 3, 4},
                  .base_instance = {1, 2, 3, 4}},
                 {.indexed = true,
                  .offset = 256,
                  .stride = 20,
                  .count_offset = 4,
                  .max = 2,
                  .count = 9,
                  .n = 2,
                  .rect = {5, 6},
                  .inst = {1, 2},
                  .base_instance = {8, 9}}},
       .n_calls = 2,
       .direct_rect = 7,
       .secondary = 1},
      {.name = "secondary recording the pass, count 1 of max 3",
       .calls = {{.offset = 128,
                  .stride = 24,
                  .max = 3,
                  .count = 1,
                  .n = 3,
                  .rect = {3, 2, 1},
                  .base_instance = {6, 5, 4}}},
       .n_calls = 1,
       .secondary = 2},
   };
   unsigned bad = 0, run = 0;
   for (unsigned i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
      if ((scenes[i].gs || scenes[i].gs_calls) && !has_gs)
         continue;
      if (no_barrier && !scenes[i].dispatch_count)
         continue;
      bad += run_scene(&o, &scenes[i]);
      run++;
   }
   printf("draw indirect count: %u scenes, %u mismatching pixels\n", run, bad);

   vkDestroyPipeline(c.dev, o.pipe, NULL);
   vkDestroyPipeline(c.dev, o.pad_pipe, NULL);
   vkDestroyShaderModule(c.dev, pad_vs, NULL);
   vkDestroyShaderModule(c.dev, pad_fs, NULL);
   if (o.gs_pipe)
      vkDestroyPipeline(c.dev, o.gs_pipe, NULL);
   agx_vk_pipeline_free(&c, &o.comp);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   if (gs)
      vkDestroyShaderModule(c.dev, gs, NULL);
   agx_vk_image_free(&c, &o.image);
   agx_vk_buffer_free(&c, &o.ib);
   agx_vk_buffer_free(&c, &o.ind);
   agx_vk_buffer_free(&c, &o.cnt);
   agx_vk_buffer_free(&c, &o.out);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
