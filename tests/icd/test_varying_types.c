/*
 * Varyings of the other types through the loader (issue 18 item 1):
 * shaders/vtypes.vert passes, per triangle t of two covering a 16x16
 * image, flat 64-bit integers (uint64_t, i64vec2), an output block with a
 * float array, a flat ivec2 and a noperspective vec2, a float array and a
 * struct, each the same at the triangle's three vertices; shaders/vtypes.frag
 * stores what it receives per pixel. Compared with the values computed
 * here by the shader's formulas (64-bit and integer values exact, floats
 * within 1e-6 relative: the interpolation of a constant); pixels on the
 * shared diagonal are not checked.
 *
 * test_varying_types VTYPES_VERT VTYPES_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 16
#define H 16
#define WORDS 20 /* per pixel record */

static struct agx_vk_ctx c;

struct gpu {
   VkShaderModule vs, fs;
   struct agx_vk_set set;
   VkPipelineLayout layout;
   struct agx_vk_buffer out;
   struct agx_vk_image target;
   VkPipeline pipeline;
};

static void
gpu_init(struct gpu *g, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->vs = agx_vk_shader(&c, spv[0]);
   g->fs = agx_vk_shader(&c, spv[1]);
   agx_vk_set_create(
      &c, 1,
      &(struct agx_vk_binding){VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_FRAGMENT_BIT},
      &g->set);
   g->layout = agx_vk_pipeline_layout(&c, 1, &g->set.layout, 0, 0);
   g->out = agx_vk_buffer(&c, W * H * WORDS * 4);
   agx_vk_set_buffer(&c, &g->set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->out.buf);
   agx_vk_color_target(&c, VK_FORMAT_R8G8B8A8_UNORM, W, H, &g->target);
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&p, W, H);
   g->pipeline = agx_vk_gfx_create(&c, &p);
}

static void
render(struct gpu *g)
{
   VkCommandBuffer cb = agx_vk_begin(&c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_begin_color_pass(cb, &g->target, &(VkClearColorValue){0});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->pipeline);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set.set, 0,
                           NULL);
   vkCmdDraw(cb, 6, 1, 0, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb,
                         (struct agx_vk_access){VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                                                VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT},
                         AGX_VK_HOST_READ);
   VK_OK(agx_vk_submit_wait(&c, cb));
}

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* The record triangle t's fragments store (the shaders' formulas). */
static void
expected(unsigned t, uint32_t *w, bool *is_float)
{
   uint64_t u64 = 0x0123456789ABCDEFull ^ ((uint64_t)(t + 1) * 0x1111111100000001ull);
   int64_t i64[2] = {-5000000000ll * (int64_t)(t + 1), 7000000000ll + (int64_t)t};
   memset(is_float, 0, WORDS);
   w[0] = (uint32_t)u64, w[1] = (uint32_t)(u64 >> 32);
   for (unsigned k = 0; k < 2; k++)
      w[2 + 2 * k] = (uint32_t)(uint64_t)i64[k], w[3 + 2 * k] = (uint32_t)((uint64_t)i64[k] >> 32);
   for (unsigned k = 0; k < 3; k++)
      w[6 + k] = fbits(0.25f * (float)(k + 1) + (float)t);
   w[9] = (uint32_t)(-(int32_t)t - 7), w[10] = (uint32_t)((int32_t)t * 1000 + 3);
   w[11] = fbits(1.5f * (float)(t + 1)), w[12] = fbits(-2.5f * (float)(t + 1));
   w[13] = fbits(10.0f + (float)t), w[14] = fbits(-20.0f - (float)t);
   w[15] = fbits(0.5f + (float)t);
   for (unsigned k = 0; k < 3; k++)
      w[16 + k] = fbits((float)(k + 1) * (float)(t + 2));
   w[19] = 1;
   for (unsigned k = 6; k < 19; k++)
      is_float[k] = k != 9 && k != 10;
}

static unsigned
check(const struct gpu *g, unsigned *checked)
{
   const uint32_t *r = (const uint32_t *)g->out.map;
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         if (x + y == W - 1)
            continue; /* on the shared edge */
         unsigned t = x + y < W - 1 ? 0 : 1;
         uint32_t want[WORDS];
         bool is_float[WORDS];
         expected(t, want, is_float);
         const uint32_t *got = r + (y * W + x) * WORDS;
         (*checked)++;
         for (unsigned k = 0; k < WORDS; k++) {
            float gf, wf;
            memcpy(&gf, &got[k], 4);
            memcpy(&wf, &want[k], 4);
            bool ok = is_float[k] ? fabsf(gf - wf) <= 1e-6f * fabsf(wf) : got[k] == want[k];
            if (!ok && bad++ < 10)
               fprintf(stderr, "pixel (%u, %u) word %u: 0x%08x, want 0x%08x\n", x, y, k, got[k],
                       want[k]);
         }
      }
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s VTYPES_VERT VTYPES_FRAG [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures feat = {.shaderInt64 = VK_TRUE, .fragmentStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &feat, 0, NULL);
   struct gpu g;
   gpu_init(&g, argv + 1);
   render(&g);
   unsigned checked = 0;
   unsigned bad = check(&g, &checked);
   printf("%u pixels checked, %u wrong words\n", checked, bad);
   CHECK(checked == W * H - W);
   agx_vk_buffer_free(&c, &g.out);
   vkDestroyPipeline(c.dev, g.pipeline, NULL);
   agx_vk_image_free(&c, &g.target);
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   agx_vk_set_free(&c, &g.set);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad ? 1 : rc;
}
