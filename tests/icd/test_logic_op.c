/*
 * The 16 logic ops (Vulkan "Logical Operations") through the loader: for
 * each VkLogicOp, one full-framebuffer draw into three attachments cleared
 * to known values: R8G8B8A8_UNORM (location 0), R32_UINT (location 1) and
 * R32G32B32A32_SFLOAT (location 2), with push-constant sources. Blending
 * (ONE / ONE, ADD) is enabled on the unorm and float attachments (integer
 * formats cannot blend) and must be ignored
 * because logicOpEnable disables blending of all attachments; the float
 * attachment takes no logic op and must hold the source unmodified. Every
 * pixel is compared with a CPU model of the 16 ops written here (unorm
 * sources are exact multiples of 1/255, so the integer value is exact).
 * A second scene does the same into R8G8B8A8_SNORM and the unorm formats
 * a tilebuffer may hold as values rather than bits (R5G6B5, A1R5G5B5:
 * f16 per component; A2B10G10R10: packed, here with alpha write-masked),
 * where the op works on the bits of each component (Vulkan: normalised
 * values converted to fixed point, snorm in two's complement); the texels
 * are read back raw and each component compared with the model.
 *
 * test_logic_op LOGIC_OP_VERT_SPV LOGIC_OP_FRAG_SPV LOGIC_OP_NORM_FRAG_SPV [--validation]
 *               [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"
#include "logic_op_model.h"

#define W 8
#define H 8
#define NATT 3

static const VkFormat formats[NATT] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R32_UINT,
                                       VK_FORMAT_R32G32B32A32_SFLOAT};
static const uint32_t texel_bytes[NATT] = {4, 4, 16};

static const uint8_t src8[4] = {0xA5, 0x3C, 0xF0, 0x0F}, dst8[4] = {0x5A, 0xC3, 0x33, 0x81};
static const uint32_t src32 = 0xA5A5F00Fu, dst32 = 0x5AC3FF81u;
static const float srcf[4] = {0.25f, 0.5f, 0.75f, 1.0f}, dstf[4] = {1.0f, 2.0f, 3.0f, 4.0f};

struct push {
   float unorm[4];
   uint32_t u[4];
   float f[4];
};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs, fs_norm;
   VkPipelineLayout layout; /* push constants: struct push, or 4 vec4 (the normalised scene) */
   struct agx_vk_image img[NATT], norm_img[4];
   struct agx_vk_buffer out[NATT], norm_out[4];
};

static VkPipeline
pipeline(struct gpu *g, VkLogicOp op)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs, formats[0]);
   b.cb.logicOpEnable = VK_TRUE;
   b.cb.logicOp = op;
   b.cb.attachmentCount = NATT;
   b.ri.colorAttachmentCount = NATT;
   for (int i = 0; i < NATT; i++) {
      b.color_formats[i] = formats[i];
      b.att[i] = (VkPipelineColorBlendAttachmentState){
         .blendEnable = formats[i] != VK_FORMAT_R32_UINT, /* integer: not blendable */
         .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
         .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
         .colorBlendOp = VK_BLEND_OP_ADD,
         .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
         .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
         .alphaBlendOp = VK_BLEND_OP_ADD,
         .colorWriteMask = 0xF,
      };
   }
   return agx_vk_gfx_create(g->c, &b);
}

/* Compares every pixel of the three attachments with the model. */
static unsigned
check(struct gpu *g, VkLogicOp op)
{
   unsigned bad = 0;
   const uint8_t *u8 = (const uint8_t *)g->out[0].map;
   const uint32_t *u32 = (const uint32_t *)g->out[1].map;
   const float *f = (const float *)g->out[2].map;
   for (int p = 0; p < W * H; p++) {
      for (int c = 0; c < 4; c++) {
         uint8_t want = (uint8_t)logic_op_model(op, src8[c], dst8[c]);
         if (u8[4 * p + c] != want && bad++ < 4)
            fprintf(stderr, "op %d: unorm pixel %d c%d = 0x%02x, want 0x%02x\n", (int)op, p, c,
                    u8[4 * p + c], want);
         if (f[4 * p + c] != srcf[c] && bad++ < 4)
            fprintf(stderr, "op %d: float pixel %d c%d = %g, want %g (unmodified source)\n",
                    (int)op, p, c, f[4 * p + c], srcf[c]);
      }
      uint32_t want = logic_op_model(op, src32, dst32);
      if (u32[p] != want && bad++ < 4)
         fprintf(stderr, "op %d: uint pixel %d = 0x%08x, want 0x%08x\n", (int)op, p, u32[p], want);
   }
   return bad;
}

static unsigned
run(struct gpu *g, VkLogicOp op)
{
   struct agx_vk_ctx *c = g->c;
   VkPipeline p = pipeline(g, op);
   VkClearColorValue clear[NATT];
   memset(clear, 0, sizeof(clear));
   for (int k = 0; k < 4; k++) {
      clear[0].float32[k] = dst8[k] / 255.0f;
      clear[2].float32[k] = dstf[k];
   }
   clear[1].uint32[0] = dst32;
   VkRenderingAttachmentInfo ca[NATT];
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   for (int i = 0; i < NATT; i++) {
      agx_vk_barrier(cb, g->img[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_COLOR_RW);
      ca[i] = agx_vk_color_attachment(g->img[i].view, &clear[i]);
   }
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = NATT, .colors = ca});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   struct push pc;
   for (int k = 0; k < 4; k++) {
      pc.unorm[k] = src8[k] / 255.0f;
      pc.u[k] = src32;
      pc.f[k] = srcf[k];
   }
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc), &pc);
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   for (int i = 0; i < NATT; i++)
      agx_vk_readback(cb, &g->img[i], VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_COLOR_WRITE,
                      &g->out[i]);
   VK_OK(agx_vk_submit_wait(c, cb));
   vkDestroyPipeline(c->dev, p, NULL);
   unsigned bad = check(g, op);
   printf("logic op %2d: %u mismatches\n", (int)op, bad);
   return bad;
}

/* --- The normalised scene -------------------------------------------------- */

#define NNORM 4

/* An attachment of the normalised scene: component c occupies `bits[c]`
 * bits from bit `shift[c]` of the little-endian texel; source and
 * destination as the components' codes (snorm: two's complement). */
struct norm_att {
   VkFormat format;
   uint32_t bytes, comps;
   bool snorm;
   uint8_t bits[4], shift[4];
   VkColorComponentFlags write_mask;
   uint32_t src[4], dst[4];
};

static const struct norm_att norm_atts[NNORM] = {
   {VK_FORMAT_R8G8B8A8_SNORM,
    4,
    4,
    true,
    {8, 8, 8, 8},
    {0, 8, 16, 24},
    0xF,
    {0x81, 0x25, 0x7F, 0xC0},
    {0x5A, 0xE2, 0x01, 0x9C}},
   {VK_FORMAT_R5G6B5_UNORM_PACK16,
    2,
    3,
    false,
    {5, 6, 5},
    {11, 5, 0},
    0xF,
    {0x15, 0x2A, 0x0B},
    {0x0E, 0x33, 0x1C}},
   {VK_FORMAT_A1R5G5B5_UNORM_PACK16,
    2,
    4,
    false,
    {5, 5, 5, 1},
    {10, 5, 0, 15},
    0xF,
    {0x1B, 0x04, 0x11, 1},
    {0x0D, 0x1E, 0x07, 0}},
   {VK_FORMAT_A2B10G10R10_UNORM_PACK32,
    4,
    4,
    false,
    {10, 10, 10, 2},
    {0, 10, 20, 30},
    0x7,
    {0x2A5, 0x15A, 0x3C3, 2},
    {0x1F0, 0x30F, 0x0AA, 1}},
};

/* A component's code as the normalised value it stands for. */
static float
code_value(const struct norm_att *a, unsigned c, uint32_t code)
{
   uint32_t max = (1u << a->bits[c]) - 1;
   if (!a->snorm)
      return (float)code / (float)max;
   int32_t v = (int32_t)(code << (32 - a->bits[c])) >> (32 - a->bits[c]); /* sign-extend */
   return (float)v / (float)(max >> 1);
}

static VkPipeline
norm_pipeline(struct gpu *g, VkLogicOp op)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, g->layout, g->vs, g->fs_norm, norm_atts[0].format);
   b.cb.logicOpEnable = VK_TRUE;
   b.cb.logicOp = op;
   b.cb.attachmentCount = NNORM;
   b.ri.colorAttachmentCount = NNORM;
   for (int i = 0; i < NNORM; i++) {
      b.color_formats[i] = norm_atts[i].format;
      b.att[i] = (VkPipelineColorBlendAttachmentState){
         .blendEnable = VK_TRUE, /* ignored: logicOpEnable */
         .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
         .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
         .colorBlendOp = VK_BLEND_OP_ADD,
         .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
         .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
         .alphaBlendOp = VK_BLEND_OP_ADD,
         .colorWriteMask = norm_atts[i].write_mask,
      };
   }
   return agx_vk_gfx_create(g->c, &b);
}

static unsigned
norm_check(struct gpu *g, VkLogicOp op)
{
   unsigned bad = 0;
   for (int i = 0; i < NNORM; i++) {
      const struct norm_att *a = &norm_atts[i];
      for (int p = 0; p < W * H; p++) {
         uint32_t texel = 0;
         memcpy(&texel, g->norm_out[i].map + (size_t)p * a->bytes, a->bytes);
         for (unsigned c = 0; c < a->comps; c++) {
            uint32_t m = (1u << a->bits[c]) - 1;
            uint32_t got = (texel >> a->shift[c]) & m;
            uint32_t want = (a->write_mask & (1u << c))
                               ? logic_op_model(op, a->src[c], a->dst[c]) & m
                               : a->dst[c];
            /* snorm: the most negative code and the next both read as -1.0; a
             * result of the former may come out as the latter (agx-vk's
             * end-of-tile store passes s8norm through values in the
             * simulator; the hardware's choice is unknown) */
            uint32_t sign = 1u << (a->bits[c] - 1);
            bool minus_one = a->snorm && want == sign && got == sign + 1;
            if (got != want && !minus_one && bad++ < 4)
               fprintf(stderr, "op %d: format %d pixel %d c%u = 0x%x, want 0x%x\n", (int)op,
                       (int)a->format, p, c, got, want);
         }
      }
   }
   return bad;
}

static unsigned
norm_run(struct gpu *g, VkLogicOp op)
{
   struct agx_vk_ctx *c = g->c;
   VkPipeline p = norm_pipeline(g, op);
   VkClearColorValue clear[NNORM];
   VkRenderingAttachmentInfo ca[NNORM];
   float pc[NNORM][4];
   memset(clear, 0, sizeof(clear));
   memset(pc, 0, sizeof(pc));
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   for (int i = 0; i < NNORM; i++) {
      const struct norm_att *a = &norm_atts[i];
      for (unsigned k = 0; k < a->comps; k++) {
         clear[i].float32[k] = code_value(a, k, a->dst[k]);
         pc[i][k] = code_value(a, k, a->src[k]);
      }
      agx_vk_barrier(cb, g->norm_img[i].image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                     VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, AGX_VK_ALL_RW, AGX_VK_COLOR_RW);
      ca[i] = agx_vk_color_attachment(g->norm_img[i].view, &clear[i]);
   }
   agx_vk_begin_rendering(
      cb, &(struct agx_vk_rendering){.width = W, .height = H, .color_count = NNORM, .colors = ca});
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc), pc);
   agx_vk_viewport_scissor(cb, W, H);
   vkCmdDraw(cb, 3, 1, 0, 0);
   vkCmdEndRendering(cb);
   for (int i = 0; i < NNORM; i++)
      agx_vk_readback(cb, &g->norm_img[i], VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                      AGX_VK_COLOR_WRITE, &g->norm_out[i]);
   VK_OK(agx_vk_submit_wait(c, cb));
   vkDestroyPipeline(c->dev, p, NULL);
   unsigned bad = norm_check(g, op);
   printf("logic op %2d (snorm, f16-held and packed unorm): %u mismatches\n", (int)op, bad);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr,
              "usage: %s LOGIC_OP_VERT_SPV LOGIC_OP_FRAG_SPV LOGIC_OP_NORM_FRAG_SPV [--validation] "
              "[--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceFeatures have, want = {0};
   vkGetPhysicalDeviceFeatures(c.pdev, &have);
   if (!have.logicOp || !have.independentBlend) {
      fprintf(stderr, "logicOp / independentBlend not offered\n");
      agx_vk_ctx_finish(&c);
      return 1;
   }
   want.logicOp = want.independentBlend = VK_TRUE;
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &want, 0, NULL);
   struct gpu g = {.c = &c};
   g.vs = agx_vk_shader(&c, argv[1]);
   g.fs = agx_vk_shader(&c, argv[2]);
   g.fs_norm = agx_vk_shader(&c, argv[3]);
   g.layout = agx_vk_pipeline_layout(&c, 0, NULL, VK_SHADER_STAGE_FRAGMENT_BIT, 64);
   for (int i = 0; i < NATT; i++) {
      agx_vk_color_target(&c, formats[i], W, H, &g.img[i]);
      g.out[i] = agx_vk_buffer_usage(&c, W * H * texel_bytes[i], VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   }
   unsigned bad = 0;
   for (int i = 0; i < NNORM; i++) {
      agx_vk_color_target(&c, norm_atts[i].format, W, H, &g.norm_img[i]);
      g.norm_out[i] =
         agx_vk_buffer_usage(&c, W * H * norm_atts[i].bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   }
   for (int op = VK_LOGIC_OP_CLEAR; op <= VK_LOGIC_OP_SET; op++)
      bad += run(&g, (VkLogicOp)op);
   for (int op = VK_LOGIC_OP_CLEAR; op <= VK_LOGIC_OP_SET; op++)
      bad += norm_run(&g, (VkLogicOp)op);
   for (int i = 0; i < NATT; i++) {
      agx_vk_image_free(&c, &g.img[i]);
      agx_vk_buffer_free(&c, &g.out[i]);
   }
   for (int i = 0; i < NNORM; i++) {
      agx_vk_image_free(&c, &g.norm_img[i]);
      agx_vk_buffer_free(&c, &g.norm_out[i]);
   }
   vkDestroyPipelineLayout(c.dev, g.layout, NULL);
   vkDestroyShaderModule(c.dev, g.vs, NULL);
   vkDestroyShaderModule(c.dev, g.fs, NULL);
   vkDestroyShaderModule(c.dev, g.fs_norm, NULL);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
