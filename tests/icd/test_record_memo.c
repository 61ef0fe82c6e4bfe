/*
 * What agx-vk's recording shortcuts (issue 19's recording speed) must not
 * change, through the loader: results of commands whose state returns to,
 * or differs only slightly from, the state of earlier commands.
 *
 * Compute: dispatches changing push constants in each push chunk of the
 * root uniforms (offsets 0, 100, 224: the driver uploads only changed
 * chunks and points at the earlier ones), partial vkCmdPushConstants
 * updates, the workgroup count, and a descriptor set switched away and
 * back; every dispatch writes (push values, set tag, workgroup count) to
 * its own slot, compared with a CPU model of the state in effect.
 *
 * Graphics (64x32 R8G8B8A8_UNORM, 16x16 cells): set 0 is read by the
 * vertex stage only (the quad drawn), set 1 by the fragment stage only
 * (its colour): binding one must not leave the other stage with stale
 * data (the driver rebuilds the root uniforms of the stages a set layout
 * names). Row 0 switches set 0, then set 1, then both. Row 1 toggles the
 * dynamic colour blend enable (additive blending) on, off, on, off with a
 * new colour between (the driver memoizes the output epilog of the last
 * blend states). Every pixel is compared with a CPU reference.
 *
 * test_record_memo DRAW_VERT MEMO_TINT_FRAG MEMO_CHUNKS_COMP [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 32
#define PUSH_WORDS 57 /* memo_chunks.comp: slot at word 0, mid at 25, last at 56 */
#define SLOTS 9

static struct agx_vk_ctx c;
static unsigned bad;

/* --- Compute ------------------------------------------------------------- */

struct model {
   uint32_t push[PUSH_WORDS];
   uint32_t tag, groups;
};

static void
run_compute(const char *spv)
{
   struct agx_vk_buffer out = agx_vk_buffer(&c, SLOTS * 16);
   struct agx_vk_buffer tags = agx_vk_buffer(&c, 512);
   memset(out.ptr, 0xCD, SLOTS * 16);
   ((uint32_t *)tags.ptr)[0] = 0xA0;
   ((uint32_t *)tags.ptr)[64] = 0xB0; /* at 256: minStorageBufferOffsetAlignment */
   const struct agx_vk_binding sb = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                     VK_SHADER_STAGE_COMPUTE_BIT};
   struct agx_vk_set out_set, tag_set[2];
   agx_vk_set_create(&c, 1, &sb, &out_set);
   agx_vk_set_buffer(&c, &out_set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buf);
   for (int i = 0; i < 2; i++) {
      agx_vk_set_create(&c, 1, &sb, &tag_set[i]);
      VkDescriptorBufferInfo bi = {tags.buf, 256 * (VkDeviceSize)i, 4};
      VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                .dstSet = tag_set[i].set,
                                .descriptorCount = 1,
                                .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                .pBufferInfo = &bi};
      vkUpdateDescriptorSets(c.dev, 1, &w, 0, NULL);
   }
   const VkDescriptorSetLayout sls[2] = {out_set.layout, tag_set[0].layout};
   VkPipelineLayout layout =
      agx_vk_pipeline_layout(&c, 2, sls, VK_SHADER_STAGE_COMPUTE_BIT, PUSH_WORDS * 4);
   VkShaderModule module = agx_vk_shader(&c, spv);
   VkPipeline pipe = agx_vk_compute_pipeline(&c, layout, module, NULL, 0, NULL);

   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   const VkDescriptorSet first[2] = {out_set.set, tag_set[0].set};
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 2, first, 0, NULL);
   struct model m = {.tag = 0xA0, .groups = 1};
   m.push[25] = 10;
   m.push[56] = 20;
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(m.push), m.push);
   struct model want[SLOTS];
   for (uint32_t s = 0; s < SLOTS; s++) {
      /* each step changes one thing (and the slot, chunk 1) */
      m.push[0] = s;
      switch (s) {
      case 2:
         m.push[25] = 11;
         break; /* chunk 1 */
      case 3:
         m.push[56] = 21;
         break; /* chunk 2 */
      case 4:
         m.groups = 2;
         break; /* the grid (chunk 2) */
      case 5:
         m.tag = 0xB0;
         vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 1, 1, &tag_set[1].set,
                                 0, NULL);
         break;
      case 6: /* back to the values of slot 1's dispatch but the slot */
         m.tag = 0xA0;
         m.groups = 1;
         m.push[25] = 10;
         m.push[56] = 20;
         vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 1, 1, &tag_set[0].set,
                                 0, NULL);
         break;
      case 7:
         m.push[25] = 12;
         break;
      default:
         break;
      }
      if (s == 7 || s == 8) {
         /* partial updates: the slot word, and (7) the mid word alone */
         vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &m.push[0]);
         if (s == 7)
            vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 100, 4, &m.push[25]);
      } else {
         vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(m.push), m.push);
      }
      vkCmdDispatch(cb, m.groups, 1, 1);
      want[s] = m;
   }
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          .srcAccessMask = VK_ACCESS_2_SHADER_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
                          .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT};
   VkDependencyInfo di = {.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                          .memoryBarrierCount = 1,
                          .pMemoryBarriers = &mb};
   vkCmdPipelineBarrier2(cb, &di);
   VK_OK(agx_vk_submit_wait(&c, cb));

   const uint32_t *o = out.ptr;
   for (uint32_t s = 0; s < SLOTS; s++) {
      const uint32_t e[4] = {want[s].push[25], want[s].push[56], want[s].tag, want[s].groups};
      if (memcmp(o + 4 * s, e, sizeof(e))) {
         bad++;
         printf("dispatch %u: %u %u 0x%x %u, expected %u %u 0x%x %u\n", s, o[4 * s], o[4 * s + 1],
                o[4 * s + 2], o[4 * s + 3], e[0], e[1], e[2], e[3]);
      }
   }
   printf("compute: %u dispatches checked\n", SLOTS);

   vkDestroyPipeline(c.dev, pipe, NULL);
   vkDestroyShaderModule(c.dev, module, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   agx_vk_set_free(&c, &out_set);
   agx_vk_set_free(&c, &tag_set[0]);
   agx_vk_set_free(&c, &tag_set[1]);
   agx_vk_buffer_free(&c, &out);
   agx_vk_buffer_free(&c, &tags);
}

/* --- Graphics ------------------------------------------------------------ */

/* Quads (two triangles, position and colour per vertex: draw.vert) in the
 * first cell: the whole cell of row 0, its top half, the cell of row 1.
 * Instance k moves them k cells right (push offset 0.5 in x). */
enum quad { QUAD_FULL, QUAD_TOP, QUAD_ROW1, QUADS };
static const float quad_y[QUADS][2] = {{-1.0f, 0.0f}, {-1.0f, -0.5f}, {0.0f, 1.0f}};

enum tint { RED, GREEN, BLUE, TINTS };
static const float tint_rgba[TINTS][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
static const uint8_t clear_rgba[4] = {0, 0, 128, 255};

/* The CPU reference: cell k of row `row` covered over rows [y0, y1) of it
 * by tint t, blended additively (clamped) with the clear colour or not. */
static void
paint(uint8_t *ref, int row, int k, int y0, int y1, enum tint t, bool blend)
{
   for (int y = row * 16 + y0; y < row * 16 + y1; y++)
      for (int x = 16 * k; x < 16 * k + 16; x++)
         for (int ch = 0; ch < 4; ch++) {
            int v = (int)(tint_rgba[t][ch] * 255.0f) + (blend ? clear_rgba[ch] : 0);
            ref[4 * (y * W + x) + ch] = (uint8_t)(v > 255 ? 255 : v);
         }
}

static void
run_graphics(const char *vert, const char *frag, PFN_vkCmdSetColorBlendEnableEXT set_blend)
{
   /* vertex data: QUADS x 6 vertices x (position, colour) */
   struct agx_vk_buffer verts = agx_vk_buffer(&c, QUADS * 256);
   struct agx_vk_buffer tints = agx_vk_buffer(&c, TINTS * 256);
   for (int q = 0; q < QUADS; q++) {
      const float x0 = -1.0f, x1 = -0.5f, y0 = quad_y[q][0], y1 = quad_y[q][1];
      const float corner[6][2] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y0}, {x1, y1}, {x0, y1}};
      float *v = (float *)(verts.map + 256 * q);
      for (int i = 0; i < 6; i++) {
         const float d[8] = {corner[i][0], corner[i][1], 0, 1, 0.5f, 0.5f, 0.5f, 1};
         memcpy(v + 8 * i, d, sizeof(d));
      }
   }
   for (int t = 0; t < TINTS; t++)
      memcpy(tints.map + 256 * t, tint_rgba[t], 16);
   const struct agx_vk_binding vb = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT};
   const struct agx_vk_binding tb = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                     VK_SHADER_STAGE_FRAGMENT_BIT};
   struct agx_vk_set quad_set[QUADS], tint_set[TINTS];
   for (int i = 0; i < QUADS; i++) {
      agx_vk_set_create(&c, 1, &vb, &quad_set[i]);
      VkDescriptorBufferInfo bi = {verts.buf, 256 * (VkDeviceSize)i, 256};
      VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                .dstSet = quad_set[i].set,
                                .descriptorCount = 1,
                                .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                .pBufferInfo = &bi};
      vkUpdateDescriptorSets(c.dev, 1, &w, 0, NULL);
   }
   for (int i = 0; i < TINTS; i++) {
      agx_vk_set_create(&c, 1, &tb, &tint_set[i]);
      VkDescriptorBufferInfo bi = {tints.buf, 256 * (VkDeviceSize)i, 16};
      VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                .dstSet = tint_set[i].set,
                                .descriptorCount = 1,
                                .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                .pBufferInfo = &bi};
      vkUpdateDescriptorSets(c.dev, 1, &w, 0, NULL);
   }
   const VkDescriptorSetLayout sls[2] = {quad_set[0].layout, tint_set[0].layout};
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 2, sls, VK_SHADER_STAGE_VERTEX_BIT, 16);
   VkShaderModule vs = agx_vk_shader(&c, vert), fs = agx_vk_shader(&c, frag);
   struct agx_vk_gfx pb;
   agx_vk_gfx_defaults(&pb, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&pb, W, H);
   VkPipeline plain = agx_vk_gfx_create(&c, &pb);
   /* additive blending, its enable dynamic */
   pb.att[0].srcColorBlendFactor = pb.att[0].dstColorBlendFactor = VK_BLEND_FACTOR_ONE;
   pb.att[0].srcAlphaBlendFactor = pb.att[0].dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
   pb.dynamic[pb.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT;
   VkPipeline blend = agx_vk_gfx_create(&c, &pb);

   struct agx_vk_image img;
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &img);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   memset(out.ptr, 0xCD, W * H * 4);
   uint8_t ref[W * H * 4];
   for (int i = 0; i < W * H; i++)
      memcpy(ref + 4 * i, clear_rgba, 4);

   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkClearColorValue clear = {.float32 = {0, 0, 128.0f / 255.0f, 1}};
   agx_vk_begin_color_pass(cb, &img, &clear);
   const float push[4] = {0.5f, 0, 0, 0};
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   const VkPipelineBindPoint gfx = VK_PIPELINE_BIND_POINT_GRAPHICS;
   vkCmdBindPipeline(cb, gfx, plain);
   /* row 0 */
   const VkDescriptorSet full_red[2] = {quad_set[QUAD_FULL].set, tint_set[RED].set};
   vkCmdBindDescriptorSets(cb, gfx, layout, 0, 2, full_red, 0, NULL);
   vkCmdDraw(cb, 6, 1, 0, 0);
   paint(ref, 0, 0, 0, 16, RED, false);
   vkCmdBindDescriptorSets(cb, gfx, layout, 0, 1, &quad_set[QUAD_TOP].set, 0, NULL);
   vkCmdDraw(cb, 6, 1, 0, 1);
   paint(ref, 0, 1, 0, 8, RED, false);
   vkCmdBindDescriptorSets(cb, gfx, layout, 1, 1, &tint_set[GREEN].set, 0, NULL);
   vkCmdDraw(cb, 6, 1, 0, 2);
   paint(ref, 0, 2, 0, 8, GREEN, false);
   const VkDescriptorSet full_blue[2] = {quad_set[QUAD_FULL].set, tint_set[BLUE].set};
   vkCmdBindDescriptorSets(cb, gfx, layout, 0, 2, full_blue, 0, NULL);
   vkCmdDraw(cb, 6, 1, 0, 3);
   paint(ref, 0, 3, 0, 16, BLUE, false);
   if (set_blend) {
      /* row 1: blending on, off, on, off; red, then green */
      vkCmdBindPipeline(cb, gfx, blend);
      const VkDescriptorSet row1_red[2] = {quad_set[QUAD_ROW1].set, tint_set[RED].set};
      vkCmdBindDescriptorSets(cb, gfx, layout, 0, 2, row1_red, 0, NULL);
      for (int k = 0; k < 4; k++) {
         VkBool32 on = !(k & 1);
         set_blend(cb, 0, 1, &on);
         if (k == 2)
            vkCmdBindDescriptorSets(cb, gfx, layout, 1, 1, &tint_set[GREEN].set, 0, NULL);
         vkCmdDraw(cb, 6, 1, 0, (uint32_t)k);
         paint(ref, 1, k, 0, 16, k < 2 ? RED : GREEN, on);
      }
   }
   vkCmdEndRendering(cb);
   agx_vk_readback(cb, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VK_OK(agx_vk_submit_wait(&c, cb));

   unsigned wrong = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const uint8_t *g = out.map + 4 * (y * W + x), *e = ref + 4 * (y * W + x);
         bool ok = true;
         for (int ch = 0; ch < 4; ch++)
            ok &= g[ch] + 1 >= e[ch] && g[ch] <= e[ch] + 1;
         if (!ok && wrong++ < 8)
            printf("pixel (%d, %d): %u %u %u %u, expected %u %u %u %u\n", x, y, g[0], g[1], g[2],
                   g[3], e[0], e[1], e[2], e[3]);
      }
   printf("graphics: %d pixels, %u mismatches%s\n", W * H, wrong,
          set_blend ? "" : " (no dynamic blend enable: row 1 not drawn)");
   bad += wrong;

   vkDestroyPipeline(c.dev, plain, NULL);
   vkDestroyPipeline(c.dev, blend, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   for (int i = 0; i < QUADS; i++)
      agx_vk_set_free(&c, &quad_set[i]);
   for (int i = 0; i < TINTS; i++)
      agx_vk_set_free(&c, &tint_set[i]);
   agx_vk_image_free(&c, &img);
   agx_vk_buffer_free(&c, &verts);
   agx_vk_buffer_free(&c, &tints);
   agx_vk_buffer_free(&c, &out);
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr,
              "usage: %s DRAW_VERT MEMO_TINT_FRAG MEMO_CHUNKS_COMP [--validation] "
              "[--reference]\n",
              argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   const char *ext = VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME;
   VkPhysicalDeviceExtendedDynamicState3FeaturesEXT e3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
   bool has_e3 = agx_vk_ctx_has_extension(&c, ext);
   if (has_e3) {
      VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                      .pNext = &e3};
      vkGetPhysicalDeviceFeatures2(c.pdev, &f2);
      has_e3 = e3.extendedDynamicState3ColorBlendEnable;
   }
   /* agx-vk offers it (the blend row is part of the check there) */
   if (!c.reference)
      CHECK(has_e3);
   e3 = (VkPhysicalDeviceExtendedDynamicState3FeaturesEXT){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
      .extendedDynamicState3ColorBlendEnable = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = has_e3 ? &e3 : NULL,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, has_e3 ? 1 : 0, &ext);
   PFN_vkCmdSetColorBlendEnableEXT set_blend =
      has_e3 ? (PFN_vkCmdSetColorBlendEnableEXT)vkGetDeviceProcAddr(c.dev,
                                                                    "vkCmdSetColorBlendEnableEXT")
             : NULL;
   run_compute(argv[3]);
   run_graphics(argv[1], argv[2], set_blend);
   int ret = agx_vk_ctx_finish(&c);
   printf("%u failures\n", bad);
   return bad || ret ? 1 : 0;
}
