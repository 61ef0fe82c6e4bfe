/*
 * Logic ops and early tests with a SampleMask output on render targets that
 * spill the tilebuffer (eMRT: agx-vk renders them straight to memory;
 * layout/agx_tilebuffer.c spills past 64 bytes per sample, or when a 16x16
 * utile passes 32767 bytes) through the loader, against CPU models.
 *
 * "logic ops": six single-sampled 8 x 8 attachments, four
 * R32G32B32A32_SFLOAT (cleared to 0, not written: they fill the 64 bytes)
 * then R8G8B8A8_SNORM (location 4) and A2B10G10R10_UNORM_PACK32
 * (location 5), which spill. Their texels are filled with raw codes by
 * vkCmdCopyBufferToImage (loadOp LOAD), including the snorm code 0x80
 * (-128, which reads as -1.0 like 0x81), then one full-framebuffer draw per
 * VkLogicOp writes push-constant sources that are exact codes. Vulkan
 * ("Logical Operations"): the source is converted to the format's bits
 * (snorm two's complement), the op works on the bits of each component and
 * the result bits are written, so INVERT of 0x7F gives 0x80 and the
 * masked-out snorm component keeps its 0x80. Every texel byte / field is
 * compared exactly with the model; the snorm attachment's write mask is
 * R|B|A, that of the float attachments 0. Then once more without the logic
 * op: the snorm attachment blended ONE / ONE (ADD), the packed one plainly
 * written: sums of the values (-128 reads as -1), clamped to [-1, 1], the
 * masked component still 0x80.
 *
 * "early tests + SampleMask": two 4-sample R32G32B32A32_SFLOAT attachments
 * (the second spills: 32 bytes per sample at 4 samples pass the 16x16
 * utile's 32767 bytes) and D32_SFLOAT, as test_early_sample_mask: draw 1
 * (EarlyFragmentTests, pipeline sample mask 0x7, SampleMask output 0x3,
 * red, depth 0.5) then draw 2 (late tests, LESS, green, depth 0.75): per
 * sample red, red, clear, green in both attachments, resolved in the pass
 * (AVERAGE) to (0.5, 0.25, 0, 0.75) exactly.
 *
 * test_emrt_logic LOGIC_OP_VERT_SPV EMRT_LOGIC_FRAG_SPV EMRT_EARLY_FRAG_SPV
 *                 EMRT_LATE_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <string.h>

#include "agx_vk_gfx.h"
#include "logic_op_model.h"

#define W 8
#define H 8
#define NATT 6

static const VkFormat formats[NATT] = {
   VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT,
   VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT,
   VK_FORMAT_R8G8B8A8_SNORM,      VK_FORMAT_A2B10G10R10_UNORM_PACK32};

/* R8G8B8A8_SNORM: destination and source codes (two's complement bytes) */
static const uint8_t snorm_dst[4] = {0x7F, 0x80, 0x35, 0xE0};
static const uint8_t snorm_src[4] = {0x81, 0x55, 0xC0, 0x01};
static const uint32_t snorm_mask = 0xD; /* R | B | A */
/* A2B10G10R10: R, G, B (10 bits), A (2 bits) */
static const uint32_t pk_bits[4] = {10, 10, 10, 2};
static const uint32_t pk_dst[4] = {0x2A5, 0x15A, 0x3FF, 0x2};
static const uint32_t pk_src[4] = {0x0F0, 0x3C3, 0x001, 0x1};

static uint32_t
pack_pk(const uint32_t *v)
{
   return v[0] | v[1] << 10 | v[2] << 20 | v[3] << 30;
}

struct logic_gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   VkPipelineLayout layout;
   struct agx_vk_image img[NATT];
   struct agx_vk_buffer init, out;
};

/* The scene without a logic op (blending on the snorm attachment). */
#define BLEND_SCENE ((VkLogicOp)-1)

/* The blend scene's snorm code: the sum of the values, clamped. */
static uint8_t
model_blend(uint8_t s, uint8_t d)
{
   int v = (int8_t)s + ((int8_t)d < -127 ? -127 : (int8_t)d);
   return (uint8_t)(v > 127 ? 127 : v < -127 ? -127 : v);
}

static VkPipeline
logic_pipeline(struct logic_gpu *g, VkLogicOp op)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, formats[0]);
   b.cb.logicOpEnable = op != BLEND_SCENE;
   b.cb.logicOp = op == BLEND_SCENE ? VK_LOGIC_OP_COPY : op;
   b.cb.attachmentCount = NATT;
   b.ri.colorAttachmentCount = NATT;
   for (int i = 0; i < NATT; i++) {
      b.color_formats[i] = formats[i];
      /* 0-3 not written (write mask 0), 4 masked */
      b.att[i] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = i < 4    ? 0
                                                                         : i == 4 ? snorm_mask
                                                                                  : 0xF};
   }
   if (op == BLEND_SCENE)
      b.att[4] = (VkPipelineColorBlendAttachmentState){.blendEnable = VK_TRUE,
                                                       .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
                                                       .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
                                                       .colorBlendOp = VK_BLEND_OP_ADD,
                                                       .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                                       .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
                                                       .alphaBlendOp = VK_BLEND_OP_ADD,
                                                       .colorWriteMask = snorm_mask};
   return agx_vk_gfx_create(g->c, &b);
}

static unsigned
logic_check(struct logic_gpu *g, VkLogicOp op)
{
   unsigned bad = 0;
   const uint8_t *sn = g->out.map;
   const uint32_t *pk = (const uint32_t *)(g->out.map + W * H * 4);
   for (int p = 0; p < W * H; p++) {
      for (int c = 0; c < 4; c++) {
         uint8_t want = !(snorm_mask & (1u << c)) ? snorm_dst[c]
                        : op == BLEND_SCENE
                           ? model_blend(snorm_src[c], snorm_dst[c])
                           : (uint8_t)logic_op_model(op, snorm_src[c], snorm_dst[c]);
         if (sn[4 * p + c] != want && bad++ < 4)
            fprintf(stderr, "op %d: snorm texel %d c%d = 0x%02x, want 0x%02x\n", (int)op, p, c,
                    sn[4 * p + c], want);
      }
      uint32_t want[4];
      for (int c = 0; c < 4; c++)
         want[c] = op == BLEND_SCENE
                      ? pk_src[c]
                      : logic_op_model(op, pk_src[c], pk_dst[c]) & ((1u << pk_bits[c]) - 1);
      if (pk[p] != pack_pk(want) && bad++ < 4)
         fprintf(stderr, "op %d: a2b10g10r10 texel %d = 0x%08x, want 0x%08x\n", (int)op, p, pk[p],
                 pack_pk(want));
   }
   return bad;
}

static void
copy_in(VkCommandBuffer cb, const struct agx_vk_image *img, VkBuffer buf, VkDeviceSize offset)
{
   agx_vk_barrier(cb, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_COPY_WRITE);
   VkBufferImageCopy r = {.bufferOffset = offset,
                          .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                          .imageExtent = {W, H, 1}};
   vkCmdCopyBufferToImage(cb, buf, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
   agx_vk_barrier(cb, img->image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COPY_WRITE, AGX_VK_COLOR_RW);
}

static unsigned
logic_run(struct logic_gpu *g, VkLogicOp op)
{
   struct agx_vk_ctx *c = g->c;
   VkPipeline p = logic_pipeline(g, op);
   memset(g->out.map, 0xCD, 2 * W * H * 4);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   copy_in(cb, &g->img[4], g->init.buf, 0);
   copy_in(cb, &g->img[5], g->init.buf, W * H * 4);
   VkRenderingAttachmentInfo ca[NATT];
   VkClearColorValue zero = {{0, 0, 0, 0}};
   for (int i = 0; i < NATT; i++) {
      if (i < 4)
         agx_vk_barrier(cb, g->img[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                        VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_COLOR_RW);
      ca[i] = agx_vk_color_attachment(g->img[i].view, i < 4 ? &zero : NULL);
   }
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = NATT, .colors = ca});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   float pc[8];
   for (int k = 0; k < 4; k++) {
      pc[k] = (float)(int8_t)snorm_src[k] / 127.0f;
      pc[4 + k] = (float)pk_src[k] / (float)((1u << pk_bits[k]) - 1);
   }
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc), pc);
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   for (int i = 4; i < NATT; i++) {
      agx_vk_barrier(cb, g->img[i].image, VK_IMAGE_ASPECT_COLOR_BIT,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                     AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
      agx_vk_copy_to_buffer(cb, &g->img[i], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, g->out.buf,
                            (VkDeviceSize)(i - 4) * W * H * 4);
   }
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));
   vkDestroyPipeline(c->dev, p, NULL);
   unsigned bad = logic_check(g, op);
   if (op == BLEND_SCENE)
      printf("blending / plain writes on spilled targets: %u mismatches\n", bad);
   else
      printf("logic op %2d on spilled targets: %u mismatches\n", (int)op, bad);
   return bad;
}

static unsigned
scene_logic(struct agx_vk_ctx *c, VkShaderModule vs, VkShaderModule fs)
{
   struct logic_gpu g = {.c = c, .vs = vs, .fs = fs};
   g.layout = agx_vk_pipeline_layout(c, 0, NULL, VK_SHADER_STAGE_FRAGMENT_BIT, 8 * sizeof(float));
   for (int i = 0; i < NATT; i++)
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){.format = formats[i],
                                                      .width = W,
                                                      .height = H,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                               VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                               VK_IMAGE_USAGE_TRANSFER_DST_BIT},
                          &g.img[i]);
   g.init = agx_vk_buffer_usage(c, 2 * W * H * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
   g.out = agx_vk_buffer_usage(c, 2 * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   uint32_t *pk = (uint32_t *)(g.init.map + W * H * 4);
   for (int p = 0; p < W * H; p++) {
      memcpy(g.init.map + 4 * p, snorm_dst, 4);
      pk[p] = pack_pk(pk_dst);
   }
   unsigned bad = 0;
   for (int op = VK_LOGIC_OP_CLEAR; op <= VK_LOGIC_OP_SET; op++)
      bad += logic_run(&g, (VkLogicOp)op);
   bad += logic_run(&g, BLEND_SCENE);
   for (int i = 0; i < NATT; i++)
      agx_vk_image_free(c, &g.img[i]);
   agx_vk_buffer_free(c, &g.init);
   agx_vk_buffer_free(c, &g.out);
   vkDestroyPipelineLayout(c->dev, g.layout, NULL);
   return bad;
}

/* --- early tests + SampleMask ------------------------------------------- */

static VkPipeline
early_pipeline(struct agx_vk_ctx *c, VkPipelineLayout layout, VkShaderModule vs, VkShaderModule fs,
               const VkSampleMask *mask)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, vs, fs, VK_FORMAT_R32G32B32A32_SFLOAT);
   b.cb.attachmentCount = 2;
   b.ri.colorAttachmentCount = 2;
   b.color_formats[1] = VK_FORMAT_R32G32B32A32_SFLOAT;
   b.att[1] = b.att[0];
   b.ms.rasterizationSamples = VK_SAMPLE_COUNT_4_BIT;
   b.ms.pSampleMask = mask;
   b.ds.depthTestEnable = VK_TRUE;
   b.ds.depthWriteEnable = VK_TRUE;
   b.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   b.ri.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT;
   return agx_vk_gfx_create(c, &b);
}

/* The viewport with depth range [zmin, 1]: z 0.5 lands at zmin + (1 - zmin) / 2. */
static void
viewport(VkCommandBuffer cb, float zmin)
{
   VkViewport vp = {0, 0, W, H, zmin, 1.0f};
   VkRect2D sc = {{0, 0}, {W, H}};
   vkCmdSetViewport(cb, 0, 1, &vp);
   vkCmdSetScissor(cb, 0, 1, &sc);
}

static unsigned
scene_early(struct agx_vk_ctx *c, VkShaderModule vs, VkShaderModule fs_early,
            VkShaderModule fs_late)
{
   VkPipelineLayout layout = agx_vk_pipeline_layout(c, 0, NULL, 0, 0);
   const VkSampleMask mask = 0x7;
   VkPipeline p1 = early_pipeline(c, layout, vs, fs_early, &mask);
   VkPipeline p2 = early_pipeline(c, layout, vs, fs_late, NULL);
   struct agx_vk_image ms[2], res[2], zs;
   for (int i = 0; i < 2; i++) {
      agx_vk_image_create(c,
                          &(struct agx_vk_image_desc){.format = VK_FORMAT_R32G32B32A32_SFLOAT,
                                                      .width = W,
                                                      .height = H,
                                                      .samples = VK_SAMPLE_COUNT_4_BIT,
                                                      .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                          &ms[i]);
      agx_vk_color_target(c, VK_FORMAT_R32G32B32A32_SFLOAT, W, H, &res[i]);
   }
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){
                          .format = VK_FORMAT_D32_SFLOAT,
                          .width = W,
                          .height = H,
                          .samples = VK_SAMPLE_COUNT_4_BIT,
                          .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                          .aspect = VK_IMAGE_ASPECT_DEPTH_BIT,
                       },
                       &zs);
   struct agx_vk_buffer out =
      agx_vk_buffer_usage(c, 2 * W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   memset(out.map, 0xCD, 2 * W * H * 16);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkRenderingAttachmentInfo ca[2];
   VkClearColorValue black = {{0, 0, 0, 0}};
   for (int i = 0; i < 2; i++) {
      agx_vk_barrier(cb, ms[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_RW);
      agx_vk_barrier(cb, res[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_COLOR_RW);
      ca[i] = agx_vk_color_attachment(ms[i].view, &black);
      ca[i].resolveMode = VK_RESOLVE_MODE_AVERAGE_BIT;
      ca[i].resolveImageView = res[i].view;
      ca[i].resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
   }
   agx_vk_barrier(cb, zs.image, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_DEPTH_RW);
   VkClearDepthStencilValue far = {1.0f, 0};
   VkRenderingAttachmentInfo za =
      agx_vk_depth_attachment(zs.view, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, &far);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .color_count = 2,
                                                         .colors = ca,
                                                         .depth = &za});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p1);
   viewport(cb, 0.0f); /* depth 0.5 */
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p2);
   viewport(cb, 0.5f); /* depth 0.75 */
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   for (int i = 0; i < 2; i++) {
      agx_vk_barrier(cb, res[i].image, VK_IMAGE_ASPECT_COLOR_BIT,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                     AGX_VK_COLOR_WRITE, AGX_VK_COPY_READ);
      agx_vk_copy_to_buffer(cb, &res[i], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, 0, 0, out.buf,
                            (VkDeviceSize)i * W * H * 16);
   }
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));

   /* red, red, clear, green per sample, averaged */
   static const float want[4] = {0.5f, 0.25f, 0.0f, 0.75f};
   unsigned bad = 0;
   const float *f = (const float *)out.map;
   for (int i = 0; i < 2; i++)
      for (int p = 0; p < W * H; p++)
         for (int k = 0; k < 4; k++) {
            float v = f[(i * W * H + p) * 4 + k];
            if (v != want[k] && bad++ < 8)
               fprintf(stderr, "early: attachment %d pixel %d c%d = %g, want %g\n", i, p, k, v,
                       want[k]);
         }
   printf("early tests + SampleMask, spilled attachment 1: %u mismatches\n", bad);
   vkDestroyPipeline(c->dev, p1, NULL);
   vkDestroyPipeline(c->dev, p2, NULL);
   vkDestroyPipelineLayout(c->dev, layout, NULL);
   for (int i = 0; i < 2; i++) {
      agx_vk_image_free(c, &ms[i]);
      agx_vk_image_free(c, &res[i]);
   }
   agx_vk_image_free(c, &zs);
   agx_vk_buffer_free(c, &out);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 5) {
      fprintf(stderr,
              "usage: %s LOGIC_OP_VERT_SPV EMRT_LOGIC_FRAG_SPV EMRT_EARLY_FRAG_SPV "
              "EMRT_LATE_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures supported;
   vkGetPhysicalDeviceFeatures(c.pdev, &supported);
   if (!supported.logicOp || !supported.independentBlend) {
      fprintf(stderr, "logicOp or independentBlend not advertised\n");
      return 1;
   }
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.logicOp = VK_TRUE, .independentBlend = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   VkShaderModule vs = agx_vk_shader(&c, argv[1]), fs_logic = agx_vk_shader(&c, argv[2]),
                  fs_early = agx_vk_shader(&c, argv[3]), fs_late = agx_vk_shader(&c, argv[4]);
   unsigned bad = scene_logic(&c, vs, fs_logic);
   bad += scene_early(&c, vs, fs_early, fs_late);
   VkShaderModule mods[] = {vs, fs_logic, fs_early, fs_late};
   for (unsigned i = 0; i < 4; i++)
      vkDestroyShaderModule(c.dev, mods[i], NULL);
   int ret = agx_vk_ctx_finish(&c);
   return bad || ret ? 1 : 0;
}
