/*
 * Fragment shader stores and atomics through the loader
 * (fragmentStoresAndAtomics, issue 19 item 5 / issue 20): a triangle whose
 * fragment shader (shaders/fs_store.frag) counts its invocations with a
 * buffer atomic and an image atomic and writes a pattern to a storage
 * buffer and a storage image, compared with a CPU model written here:
 * a pixel runs the shader when its centre is strictly inside the triangle
 * (pixels whose centre lies within 1/64 pixel of an edge may go either
 * way and are not checked); pixels with (x + y) % 5 == 0 discard, pixels
 * with (x + 2y) % 7 == 0 demote, neither writes; helper invocations of the
 * 2x2 quads write nothing; both counters equal the pixels written.
 * Scenes:
 * - "stores": no depth test;
 * - "late tests": a depth-tested opaque rectangle (x < 24, z 0.2) drawn
 *   first, then the triangle (z 0.6, LESS): without early_fragment_tests
 *   the hidden fragments still write (Vulkan: the shader runs before the
 *   tests), and the colour image shows the rectangle where it hides them;
 * - "late tests, no discard": the same with the discards specialised away
 *   (a shader that runs its tests late only because it writes memory);
 * - "early tests": the same with shaders/fs_store_early.frag
 *   (early_fragment_tests, discarding (x + y) % 5 == 0 after the tests):
 *   hidden and discarded fragments write nothing.
 *
 * test_fs_stores DRAW_VERT_SPV DRAW_FRAG_SPV FS_STORE_SPV FS_STORE_EARLY_SPV
 *                [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 32
#define IMG_H (H + 1) /* row H: the image atomic's counter at (0, H) */
#define IMG_INIT 0xDEADu

struct tri {
   double x[3], y[3];
   float z;
};

/* -1 outside, 1 inside, 0 within 1/64 pixel of an edge */
static int
inside(const struct tri *t, double px, double py)
{
   double area =
      (t->x[1] - t->x[0]) * (t->y[2] - t->y[0]) - (t->y[1] - t->y[0]) * (t->x[2] - t->x[0]);
   int sign = area > 0 ? 1 : -1, res = 1;
   for (int e = 0; e < 3; e++) {
      int a = e, b = (e + 1) % 3;
      double ex = t->x[b] - t->x[a], ey = t->y[b] - t->y[a];
      double f = sign * (ex * (py - t->y[a]) - ey * (px - t->x[a])) / sqrt(ex * ex + ey * ey);
      if (f < -1.0 / 64)
         return -1;
      if (f < 1.0 / 64)
         res = 0;
   }
   return res;
}

static uint32_t
buf_pattern(int x, int y)
{
   return (uint32_t)(x * 7 + y * 13 + 1);
}

static uint32_t
img_pattern(int x, int y)
{
   return (uint32_t)(x ^ (y * 3)) + 5u;
}

/* ---- Vulkan ------------------------------------------------------------- */

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs_plain, fs_store, fs_early;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout layout;
   VkDescriptorPool pool;
   VkDescriptorSet set;
   struct agx_vk_buffer vb, out, img_out;
   struct agx_vk_image img, colour, depth;
};

static void
make_image(struct agx_vk_ctx *c, VkFormat format, uint32_t h, VkImageUsageFlags usage,
           VkImageAspectFlags aspect, struct agx_vk_image *img)
{
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = format,
                                                   .width = W,
                                                   .height = h,
                                                   .usage = usage,
                                                   .aspect = aspect},
                       img);
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs_plain = agx_vk_shader(c, spv[1]);
   g->fs_store = agx_vk_shader(c, spv[2]);
   g->fs_early = agx_vk_shader(c, spv[3]);
   VkDescriptorSetLayoutBinding b[3] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL}};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 3,
                                          .pBindings = b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->dsl));
   g->layout = agx_vk_pipeline_layout(c, 1, &g->dsl, VK_SHADER_STAGE_VERTEX_BIT, 16);
   VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2},
                                 {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1}};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 2,
                                     .pPoolSizes = ps};
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &g->pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = g->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &g->dsl};
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &g->set));
   g->vb = agx_vk_buffer(c, 16 * 2 * 4 * sizeof(float));
   g->out = agx_vk_buffer(c, 16 + W * H * 4);
   g->img_out = agx_vk_buffer_usage(c, W * IMG_H * 4 + W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   make_image(c, VK_FORMAT_R32_UINT, IMG_H,
              VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                 VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
              VK_IMAGE_ASPECT_COLOR_BIT, &g->img);
   make_image(c, VK_FORMAT_R8G8B8A8_UNORM, H,
              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
              VK_IMAGE_ASPECT_COLOR_BIT, &g->colour);
   make_image(c, VK_FORMAT_D32_SFLOAT, H, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
              VK_IMAGE_ASPECT_DEPTH_BIT, &g->depth);
   VkDescriptorBufferInfo bi[2] = {{g->vb.buf, 0, VK_WHOLE_SIZE}, {g->out.buf, 0, VK_WHOLE_SIZE}};
   VkDescriptorImageInfo ii = {VK_NULL_HANDLE, g->img.view, VK_IMAGE_LAYOUT_GENERAL};
   VkWriteDescriptorSet wr[3] = {{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = g->set,
                                  .dstBinding = 0,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &bi[0]},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = g->set,
                                  .dstBinding = 1,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &bi[1]},
                                 {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstSet = g->set,
                                  .dstBinding = 2,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
                                  .pImageInfo = &ii}};
   vkUpdateDescriptorSets(c->dev, 3, wr, 0, NULL);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_buffer_free(g->c, &g->img_out);
   agx_vk_image_free(g->c, &g->img);
   agx_vk_image_free(g->c, &g->colour);
   agx_vk_image_free(g->c, &g->depth);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->dsl, NULL);
   VkShaderModule mods[4] = {g->vs, g->fs_plain, g->fs_store, g->fs_early};
   for (int i = 0; i < 4; i++)
      vkDestroyShaderModule(d, mods[i], NULL);
}

static VkPipeline
pipeline(struct gpu *g, VkShaderModule fs, bool depth, bool kill)
{
   VkBool32 kill_value = kill;
   VkSpecializationMapEntry entry = {0, 0, sizeof(VkBool32)};
   VkSpecializationInfo spec = {1, &entry, sizeof(kill_value), &kill_value};
   struct agx_vk_gfx p;
   agx_vk_gfx_defaults(&p, g->layout, g->vs, fs, VK_FORMAT_R8G8B8A8_UNORM);
   p.stage[AGX_VK_FS].pSpecializationInfo = fs == g->fs_store ? &spec : NULL;
   agx_vk_gfx_fixed_viewport(&p, W, H);
   p.ds.depthTestEnable = depth;
   p.ds.depthWriteEnable = depth;
   p.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   p.ri.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT;
   return agx_vk_gfx_create(g->c, &p);
}

static void
put_vertex(float *v, double x, double y, float z)
{
   v[0] = (float)(x * 2.0 / W - 1.0);
   v[1] = (float)(y * 2.0 / H - 1.0);
   v[2] = z;
   v[3] = 1.0f;
   v[4] = 0.25f, v[5] = 0.5f, v[6] = 0.75f, v[7] = 1.0f;
}

static void
to_general(VkCommandBuffer cb, const struct agx_vk_image *img)
{
   agx_vk_barrier(cb, img->image, img->aspect, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
                  AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
}

enum scene { STORES, LATE, LATE_NO_KILL, EARLY };

/* Runs a scene and compares buffer, image and counters with the model. */
static unsigned
run_scene(struct gpu *g, enum scene sc, const struct tri *t)
{
   static const char *names[] = {"stores", "late tests", "late tests, no discard", "early tests"};
   const char *name = names[sc];
   struct agx_vk_ctx *c = g->c;
   bool occluder = sc != STORES;
   bool kill = sc == STORES || sc == LATE;
   VkPipeline plain = pipeline(g, g->fs_plain, true, false);
   VkPipeline store = pipeline(g, sc == EARLY ? g->fs_early : g->fs_store, occluder, kill);
   /* triangles 0-1: the rectangle x < 24 at z 0.2; 2: the triangle */
   float *v = g->vb.ptr;
   const double rx[6] = {0, 24, 0, 24, 24, 0}, ry[6] = {0, 0, H, 0, H, H};
   for (int i = 0; i < 6; i++)
      put_vertex(v + 8 * i, rx[i], ry[i], 0.2f);
   for (int k = 0; k < 3; k++)
      put_vertex(v + 8 * (6 + k), t->x[k], t->y[k], t->z);
   memset(g->out.map, 0, g->out.size);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &g->img);
   to_general(cb, &g->colour);
   to_general(cb, &g->depth);
   VkClearColorValue init = {.uint32 = {IMG_INIT, 0, 0, 0}};
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   vkCmdClearColorImage(cb, g->img.image, VK_IMAGE_LAYOUT_GENERAL, &init, 1, &range);
   VkClearColorValue zero = {.uint32 = {0, 0, 0, 0}};
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   VkRenderingAttachmentInfo ca = agx_vk_color_attachment(g->colour.view, &zero);
   ca.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
   VkRenderingAttachmentInfo za = agx_vk_depth_attachment(g->depth.view, VK_IMAGE_LAYOUT_GENERAL,
                                                          &(VkClearDepthStencilValue){1.0f, 0});
   za.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 1,
                                                         .colors = &ca,
                                                         .depth = &za});
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set, 0, NULL);
   float push[4] = {0};
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
   if (occluder) {
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, plain);
      vkCmdDraw(cb, 6, 1, 0, 0);
   }
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, store);
   vkCmdDraw(cb, 3, 1, 6, 0);
   vkCmdEndRendering(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
   agx_vk_copy_to_buffer(cb, &g->img, VK_IMAGE_LAYOUT_GENERAL, 0, 0, g->img_out.buf, 0);
   agx_vk_copy_to_buffer(cb, &g->colour, VK_IMAGE_LAYOUT_GENERAL, 0, 0, g->img_out.buf,
                         W * IMG_H * 4);
   VK_OK(agx_vk_submit_wait(c, cb));

   const uint32_t *ob = g->out.ptr, *img = g->img_out.ptr;
   const uint8_t *col = g->img_out.map + W * IMG_H * 4;
   unsigned bad = 0, sure = 0, maybe = 0, written = 0, hidden_written = 0;
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         int in = inside(t, x + 0.5, y + 0.5);
         bool killed = (x + y) % 5 == 0 || (x + 2 * y) % 7 == 0;
         if (sc == EARLY)
            killed = (x + y) % 5 == 0;
         else if (!kill)
            killed = false;
         bool hidden = occluder && x < 24;
         bool runs = !killed && !(sc == EARLY && hidden);
         uint32_t b = ob[4 + y * W + x], i = img[y * W + x];
         bool wrote = b == buf_pattern(x, y);
         written += wrote;
         if (in == 0) {
            maybe += runs;
            continue;
         }
         bool want = in > 0 && runs;
         sure += want;
         hidden_written += want && hidden;
         uint32_t want_b = want ? buf_pattern(x, y) : 0,
                  want_i = want ? img_pattern(x, y) : IMG_INIT;
         if (b != want_b || i != want_i) {
            if (bad++ < 8)
               fprintf(stderr,
                       "%s: pixel (%d, %d): buffer %u image %u, want %u %u (covered %d, "
                       "discarded %d, hidden %d)\n",
                       name, x, y, b, i, want_b, want_i, in > 0, killed, hidden);
         }
         /* the colour: the rectangle's (0.25 x 255) where it hides */
         if (in > 0 && hidden && col[4 * (y * W + x)] != 64) {
            if (bad++ < 8)
               fprintf(stderr, "%s: pixel (%d, %d) colour %u, want the rectangle's 64\n", name, x,
                       y, col[4 * (y * W + x)]);
         }
      }
   }
   uint32_t count = ob[0], icount = img[H * W] - IMG_INIT; /* cleared to IMG_INIT */
   if (count != written || icount != written || written < sure || written > sure + maybe) {
      fprintf(stderr, "%s: buffer counter %u, image counter %u, %u pixels written, want %u..%u\n",
              name, count, icount, written, sure, sure + maybe);
      bad++;
   }
   if ((sc == LATE || sc == LATE_NO_KILL) && !hidden_written) {
      fprintf(stderr, "%s: no hidden fragment in the scene\n", name);
      bad++;
   }
   printf("%s: %u mismatches (%u invocations wrote, %u sure + %u on edges, %u hidden ones)\n", name,
          bad, written, sure, maybe, hidden_written);
   vkDestroyPipeline(c->dev, plain, NULL);
   vkDestroyPipeline(c->dev, store, NULL);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 5) {
      fprintf(stderr,
              "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV FS_STORE_SPV FS_STORE_EARLY_SPV "
              "[--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures have;
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   if (!have.fragmentStoresAndAtomics) {
      fprintf(stderr, "fragmentStoresAndAtomics is not advertised\n");
      return 1;
   }
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE,
                                           .shaderDemoteToHelperInvocation = VK_TRUE};
   VkPhysicalDeviceFeatures want = {.fragmentStoresAndAtomics = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   struct tri t = {{3.25, 60.75, 17.125}, {2.375, 9.625, 29.875}, 0.6f};
   unsigned bad = run_scene(&g, STORES, &t);
   bad += run_scene(&g, LATE, &t);
   bad += run_scene(&g, LATE_NO_KILL, &t);
   bad += run_scene(&g, EARLY, &t);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
