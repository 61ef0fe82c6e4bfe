/*
 * Pipelines whose last pre-rasterization stage does not write gl_Position
 * (dEQP-VK.pipeline.*.no_position.*), through the loader: the position is
 * undefined in Vulkan, but the draw must run and every stage must run
 * (each counts its invocations with a storage-buffer atomic, as the dEQP
 * cases do). Scenes: a vertex shader alone (shaders/nopos.vert, two
 * triangles), and vertex + tessellation control + evaluation shaders
 * (nopos.tesc copies the unwritten positions, nopos.tese writes none; one
 * patch of three vertices, every level 1). The counts are at least the
 * invocations Vulkan requires: 6 vertices; 3 vertices, 3 control
 * invocations, 3 domain points.
 *
 * On agx-vk (not --reference) the attachment must also keep its clear
 * colour: the driver writes position (0, 0, 0, 0) for a stage that writes
 * none (compiler/ir/agx_pass_lower_vs_outputs.c), a degenerate primitive.
 *
 * test_no_position NOPOS_VERT NOPOS_TESC NOPOS_TESE FRAG [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 32
#define H 32

static struct agx_vk_ctx c;
static const VkClearColorValue clear = {.float32 = {0.0f, 0.0f, 1.0f, 1.0f}};

/* Draws `vertices` with modules vs (tcs, tes: VK_NULL_HANDLE for none) and
 * checks the counters against want[3]; returns the failures. */
static unsigned
scene(const char *name, VkShaderModule vs, VkShaderModule tcs, VkShaderModule tes,
      VkShaderModule fs, uint32_t vertices, const uint32_t want[3])
{
   struct agx_vk_set set;
   agx_vk_set_create(&c, 1,
                     &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                              VK_SHADER_STAGE_VERTEX_BIT |
                                                 VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
                                                 VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT},
                     &set);
   struct agx_vk_buffer counters = agx_vk_buffer_usage(&c, 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
   memset(counters.ptr, 0, 16);
   agx_vk_set_buffer(&c, &set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, counters.buf);
   VkPipelineLayout layout = agx_vk_pipeline_layout(&c, 1, &set.layout, 0, 0);
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&g, W, H);
   agx_vk_gfx_stage(&g, AGX_VK_TCS, tcs);
   agx_vk_gfx_stage(&g, AGX_VK_TES, tes);
   if (tcs) {
      g.ia.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
      g.ts.patchControlPoints = 3;
   }
   VkPipeline p = agx_vk_gfx_create(&c, &g);

   struct agx_vk_image img;
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &img);
   struct agx_vk_buffer out = agx_vk_buffer_usage(&c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_color_pass(cb, &img, &clear);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set.set, 0, NULL);
   vkCmdDraw(cb, vertices, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_HOST_READ);
   agx_vk_readback(cb, &img, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE, &out);
   VkResult r = agx_vk_submit_wait(&c, cb);
   unsigned bad = r != VK_SUCCESS;
   const uint32_t *got = counters.ptr;
   for (int i = 0; i < 3; i++)
      bad += got[i] < want[i];
   unsigned drawn = 0;
   for (uint32_t i = 0; !c.reference && i < W * H; i++)
      drawn += memcmp(out.map + 4 * i, (const uint8_t[4]){0, 0, 255, 255}, 4) != 0;
   bad += drawn != 0;
   printf("%s %s: submit %d, invocations vertex %u, control %u, evaluation %u (want at least %u, "
          "%u, %u), %u pixels drawn\n",
          bad ? "FAIL" : "ok", name, r, got[0], got[1], got[2], want[0], want[1], want[2], drawn);
   vkDestroyPipeline(c.dev, p, NULL);
   vkDestroyPipelineLayout(c.dev, layout, NULL);
   agx_vk_image_free(&c, &img);
   agx_vk_buffer_free(&c, &out);
   agx_vk_buffer_free(&c, &counters);
   agx_vk_set_free(&c, &set);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 5) {
      fprintf(stderr,
              "usage: %s NOPOS_VERT NOPOS_TESC NOPOS_TESE FRAG [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.tessellationShader = VK_TRUE,
                                   .vertexPipelineStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   VkShaderModule vs = agx_vk_shader(&c, argv[1]);
   VkShaderModule tcs = agx_vk_shader(&c, argv[2]);
   VkShaderModule tes = agx_vk_shader(&c, argv[3]);
   VkShaderModule fs = agx_vk_shader(&c, argv[4]);
   unsigned bad = 0;
   bad += scene("vertex shader", vs, VK_NULL_HANDLE, VK_NULL_HANDLE, fs, 6,
                (const uint32_t[3]){6, 0, 0});
   bad += scene("tessellation", vs, tcs, tes, fs, 3, (const uint32_t[3]){3, 3, 3});
   vkDestroyShaderModule(c.dev, vs, NULL);
   vkDestroyShaderModule(c.dev, tcs, NULL);
   vkDestroyShaderModule(c.dev, tes, NULL);
   vkDestroyShaderModule(c.dev, fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
