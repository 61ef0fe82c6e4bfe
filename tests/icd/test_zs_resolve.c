/*
 * Depth/stencil resolve attachment of a render pass with stencil resolve
 * mode NONE (dEQP-VK.renderpasses.renderpass2.depth_stencil_resolve.
 * image_2d_49_13.samples_4.d32_sfloat_s8_uint_separate_layouts.
 * depth_zero_stencil_none_testing_stencil_samplemask): the resolve
 * attachment is a used attachment of the subpass, so its CLEAR load op
 * applies to its render area even where no resolve writes it.
 * A 49x13 D32_SFLOAT_S8_UINT resolve image is first filled with depth 0.75
 * and stencil 0x77 by vkCmdClearDepthStencilImage; a render pass over the
 * area (10,5)+(20,8) clears a 4-sample D32_SFLOAT_S8_UINT attachment to
 * depth 0.25 / stencil 9 and the resolve attachment (load op CLEAR) to
 * depth 0.5 / stencil 5, with depth resolve SAMPLE_ZERO and stencil
 * resolve NONE, and nothing drawn. The CPU model: inside the area depth
 * 0.25 (resolved) and stencil 5 (the load op), outside 0.75 and 0x77.
 * "Compatibility" resolves (dEQP-VK.renderpasses.renderpass2.
 * depth_stencil_resolve.*.compatibility_*): a 4-sample D32_SFLOAT_S8_UINT
 * attachment resolved into an S8_UINT or a D32_SFLOAT attachment, which
 * resolves only the aspect the resolve attachment has (the other aspect's
 * mode is ignored). The multisampled attachment is cleared to depth 0.75 /
 * stencil 9, then a pixel-aligned rectangle (rp_rect.vert, no fragment
 * shader) at depth 0.25 writes stencil 200 (REPLACE) with the pipeline
 * sample mask 0x5, so samples 0 and 2 hold (0.25, 200) and samples 1 and
 * 3 (0.75, 9) inside it. The CPU model: SAMPLE_ZERO gives the sample 0
 * value, MIN and MAX the smaller and larger one; outside the rectangle
 * every sample holds the clear value; outside the render area the resolve
 * image keeps its vkCmdClearDepthStencilImage value.
 * The same program runs on lavapipe (--reference) and under validation;
 * modes (and mode pairs without independentResolve) the device does not
 * report are skipped.
 *
 * test_zs_resolve RECT_VERT [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 49
#define H 13
static const VkRect2D area = {{10, 5}, {20, 8}};

static bool
inside(int x, int y)
{
   return x >= area.offset.x && x < area.offset.x + (int)area.extent.width && y >= area.offset.y &&
          y < area.offset.y + (int)area.extent.height;
}

/* A one-subpass pass: a 4-sample D32_SFLOAT_S8_UINT attachment (cleared,
 * not stored) resolved into a 1-sample attachment of resolve_format (its
 * aspects, loaded with resolve_load, stored) with zmode / smode, and the
 * resolve made visible to a copy after the pass. */
static VkRenderPass
resolve_render_pass(struct agx_vk_ctx *c, VkFormat resolve_format, VkAttachmentLoadOp resolve_load,
                    VkResolveModeFlagBits zmode, VkResolveModeFlagBits smode)
{
   VkAttachmentDescription2 att[2] = {
      {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
       .format = VK_FORMAT_D32_SFLOAT_S8_UINT,
       .samples = VK_SAMPLE_COUNT_4_BIT,
       .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
       .storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
       .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
       .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
       .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
       .finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL},
      {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2,
       .format = resolve_format,
       .samples = VK_SAMPLE_COUNT_1_BIT,
       .loadOp = resolve_load,
       .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
       .stencilLoadOp = resolve_load,
       .stencilStoreOp = VK_ATTACHMENT_STORE_OP_STORE,
       .initialLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
       .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL},
   };
   VkAttachmentReference2 ms = {.sType = VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2,
                                .attachment = 0,
                                .layout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                                .aspectMask =
                                   VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT};
   VkAttachmentReference2 ss = ms;
   ss.attachment = 1;
   if (resolve_format == VK_FORMAT_S8_UINT)
      ss.aspectMask = VK_IMAGE_ASPECT_STENCIL_BIT;
   else if (resolve_format != VK_FORMAT_D32_SFLOAT_S8_UINT)
      ss.aspectMask = VK_IMAGE_ASPECT_DEPTH_BIT;
   VkSubpassDescriptionDepthStencilResolve dr = {
      .sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE,
      .depthResolveMode = zmode,
      .stencilResolveMode = smode,
      .pDepthStencilResolveAttachment = &ss};
   VkSubpassDescription2 sp = {.sType = VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2,
                               .pNext = &dr,
                               .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                               .pDepthStencilAttachment = &ms};
   /* the resolve (a colour attachment write, Vulkan spec) before the copy */
   VkMemoryBarrier2 mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                          .srcStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                          .srcAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                          .dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
                          .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT};
   VkSubpassDependency2 dep = {.sType = VK_STRUCTURE_TYPE_SUBPASS_DEPENDENCY_2,
                               .pNext = &mb,
                               .srcSubpass = 0,
                               .dstSubpass = VK_SUBPASS_EXTERNAL};
   VkRenderPassCreateInfo2 ci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2,
                                 .attachmentCount = 2,
                                 .pAttachments = att,
                                 .subpassCount = 1,
                                 .pSubpasses = &sp,
                                 .dependencyCount = 1,
                                 .pDependencies = &dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass2(c->dev, &ci, NULL, &rp));
   return rp;
}

/* The first scene's pass: depth SAMPLE_ZERO, stencil not resolved, the
 * resolve attachment cleared by its load op. */
static VkRenderPass
render_pass(struct agx_vk_ctx *c)
{
   return resolve_render_pass(c, VK_FORMAT_D32_SFLOAT_S8_UINT, VK_ATTACHMENT_LOAD_OP_CLEAR,
                              VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_NONE);
}

static unsigned
scene(struct agx_vk_ctx *c)
{
   const VkFormat f = VK_FORMAT_D32_SFLOAT_S8_UINT;
   const VkImageAspectFlags all = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   struct agx_vk_image msi, res;
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){.format = f,
                                  .width = W,
                                  .height = H,
                                  .samples = VK_SAMPLE_COUNT_4_BIT,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                  .aspect = all},
      &msi);
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){.format = f,
                                  .width = W,
                                  .height = H,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                  .aspect = all},
      &res);
   VkRenderPass rp = render_pass(c);
   VkImageView views[2] = {msi.view, res.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 2,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   VkImageSubresourceRange range = {all, 0, 1, 0, 1};
   agx_vk_barrier(cb, res.image, all, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_NONE, AGX_VK_CLEAR_WRITE);
   VkClearDepthStencilValue before = {0.75f, 0x77};
   vkCmdClearDepthStencilImage(cb, res.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &before, 1,
                               &range);
   agx_vk_barrier(cb, res.image, all, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, AGX_VK_CLEAR_WRITE,
                  AGX_VK_DEPTH_RW);
   VkClearValue clears[2];
   clears[0].depthStencil = (VkClearDepthStencilValue){0.25f, 9};
   clears[1].depthStencil = (VkClearDepthStencilValue){0.5f, 5};
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = area,
                                .clearValueCount = 2,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdEndRenderPass(cb);
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, W * H * 5, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_copy_to_buffer(cb, &res, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_ASPECT_DEPTH_BIT,
                         0, out.buf, 0);
   agx_vk_copy_to_buffer(cb, &res, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         VK_IMAGE_ASPECT_STENCIL_BIT, 0, out.buf, W * H * 4);
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = 0;
   const float *dz = (const float *)out.map;
   const uint8_t *st = (const uint8_t *)out.map + W * H * 4;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool in = inside(x, y);
         float want_d = in ? 0.25f : 0.75f;
         unsigned want_s = in ? 5 : 0x77;
         float d = dz[y * W + x];
         unsigned s = st[y * W + x];
         if ((fabsf(d - want_d) > 1e-6f || s != want_s) && bad++ < 5)
            fprintf(stderr, "(%d, %d): depth %g stencil 0x%x, want %g 0x%x\n", x, y, d, s, want_d,
                    want_s);
      }
   if (bad)
      fprintf(stderr, "%u of %d resolve texels differ\n", bad, W * H);
   else
      printf("depth SAMPLE_ZERO + stencil NONE resolve, partial area: ok\n");
   agx_vk_buffer_free(c, &out);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   agx_vk_image_free(c, &msi);
   agx_vk_image_free(c, &res);
   return bad;
}

/* ---- compatibility resolves: D32_SFLOAT_S8_UINT into S8_UINT / D32_SFLOAT -------------- */

struct compat {
   VkFormat resolve_format;
   VkResolveModeFlagBits zmode, smode;
};

static const struct compat compat_scenes[] = {
   /* the dEQP case: the depth mode has no depth aspect to resolve */
   {VK_FORMAT_S8_UINT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_MIN_BIT},
   {VK_FORMAT_S8_UINT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_MAX_BIT},
   {VK_FORMAT_S8_UINT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT},
   {VK_FORMAT_S8_UINT, VK_RESOLVE_MODE_MIN_BIT, VK_RESOLVE_MODE_MIN_BIT},
   /* and the stencil mode none to resolve */
   {VK_FORMAT_D32_SFLOAT, VK_RESOLVE_MODE_MAX_BIT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT},
   {VK_FORMAT_D32_SFLOAT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT, VK_RESOLVE_MODE_SAMPLE_ZERO_BIT},
   {VK_FORMAT_D32_SFLOAT, VK_RESOLVE_MODE_MAX_BIT, VK_RESOLVE_MODE_MAX_BIT},
};

/* the drawn rectangle in pixels [x0, x1) x [y0, y1), the render area and the values */
static const int rect_px[4] = {6, 3, 27, 11};
static const VkRect2D compat_area = {{4, 2}, {40, 10}};
#define MS_Z 0.75f
#define MS_S 9u
#define TRI_Z 0.25f
#define TRI_S 200u
#define OUT_Z 0.125f
#define OUT_S 0x33u

struct rect_push {
   float rect[4];
   float colour[4];
   float depth;
};

static const char *
mode_str(VkResolveModeFlagBits m)
{
   return m == VK_RESOLVE_MODE_SAMPLE_ZERO_BIT ? "SAMPLE_ZERO"
          : m == VK_RESOLVE_MODE_MIN_BIT       ? "MIN"
          : m == VK_RESOLVE_MODE_MAX_BIT       ? "MAX"
                                               : "?";
}

/* The model's value of a pixel covered on samples 0 and 2 by `drawn`, elsewhere `clear`. */
static double
model_resolve(VkResolveModeFlagBits m, double drawn, double clear)
{
   if (m == VK_RESOLVE_MODE_MIN_BIT)
      return drawn < clear ? drawn : clear;
   if (m == VK_RESOLVE_MODE_MAX_BIT)
      return drawn > clear ? drawn : clear;
   return drawn; /* SAMPLE_ZERO: sample 0 is covered */
}

static bool
in_compat_area(int x, int y)
{
   return x >= compat_area.offset.x && x < compat_area.offset.x + (int)compat_area.extent.width &&
          y >= compat_area.offset.y && y < compat_area.offset.y + (int)compat_area.extent.height;
}

/* Whether the device takes the scene: its modes, their pair, the resolve format. */
static bool
compat_supported(struct agx_vk_ctx *c, const VkPhysicalDeviceDepthStencilResolveProperties *dsr,
                 const struct compat *k)
{
   VkFormatProperties fp;
   vkGetPhysicalDeviceFormatProperties(c->pdev, k->resolve_format, &fp);
   if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT))
      return false;
   if (!(dsr->supportedDepthResolveModes & k->zmode) ||
       !(dsr->supportedStencilResolveModes & k->smode))
      return false;
   return dsr->independentResolve || k->zmode == k->smode;
}

static VkRenderPass
compat_render_pass(struct agx_vk_ctx *c, const struct compat *k)
{
   return resolve_render_pass(c, k->resolve_format, VK_ATTACHMENT_LOAD_OP_DONT_CARE, k->zmode,
                              k->smode);
}

/* Depth LESS with writes, stencil ALWAYS / REPLACE TRI_S, 4 samples, mask 0x5, no FS. */
static VkPipeline
compat_pipeline(struct agx_vk_ctx *c, VkPipelineLayout layout, VkShaderModule vs, VkRenderPass rp)
{
   static const VkSampleMask mask = 0x5;
   struct agx_vk_gfx g;
   agx_vk_gfx_defaults(&g, layout, vs, VK_NULL_HANDLE, VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&g, W, H);
   g.ms.rasterizationSamples = VK_SAMPLE_COUNT_4_BIT;
   g.ms.pSampleMask = &mask;
   VkStencilOpState so = {.failOp = VK_STENCIL_OP_KEEP,
                          .passOp = VK_STENCIL_OP_REPLACE,
                          .depthFailOp = VK_STENCIL_OP_KEEP,
                          .compareOp = VK_COMPARE_OP_ALWAYS,
                          .compareMask = 0xFF,
                          .writeMask = 0xFF,
                          .reference = TRI_S};
   g.ds.depthTestEnable = VK_TRUE;
   g.ds.depthWriteEnable = VK_TRUE;
   g.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   g.ds.stencilTestEnable = VK_TRUE;
   g.ds.front = so;
   g.ds.back = so;
   g.ci.renderPass = rp;
   return agx_vk_gfx_create(c, &g);
}

/* Records the pass: the resolve image cleared to (OUT_Z, OUT_S), then the rectangle. */
static void
compat_record(VkCommandBuffer cb, const struct agx_vk_image *res, VkImageAspectFlags aspect,
              VkRenderPass rp, VkFramebuffer fb, VkPipeline pipe, VkPipelineLayout layout)
{
   VkImageSubresourceRange range = {aspect, 0, 1, 0, 1};
   agx_vk_barrier(cb, res->image, aspect, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, AGX_VK_NONE, AGX_VK_CLEAR_WRITE);
   VkClearDepthStencilValue before = {OUT_Z, OUT_S};
   vkCmdClearDepthStencilImage(cb, res->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &before, 1,
                               &range);
   agx_vk_barrier(cb, res->image, aspect, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, AGX_VK_CLEAR_WRITE,
                  AGX_VK_DEPTH_RW);
   VkClearValue clears[2];
   clears[0].depthStencil = (VkClearDepthStencilValue){MS_Z, MS_S};
   clears[1].depthStencil = (VkClearDepthStencilValue){0.0f, 0};
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = compat_area,
                                .clearValueCount = 2,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   struct rect_push pc = {.rect = {rect_px[0] * 2.0f / W - 1.0f, rect_px[1] * 2.0f / H - 1.0f,
                                   rect_px[2] * 2.0f / W - 1.0f, rect_px[3] * 2.0f / H - 1.0f},
                          .depth = TRI_Z};
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(pc), &pc);
   vkCmdDraw(cb, 6, 1, 0, 0);
   vkCmdEndRenderPass(cb);
}

/* Compares the read-back aspect with the model; returns the mismatches. */
static unsigned
compat_check(const struct compat *k, const void *data)
{
   bool stencil = k->resolve_format == VK_FORMAT_S8_UINT;
   VkResolveModeFlagBits m = stencil ? k->smode : k->zmode;
   unsigned bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         bool drawn = x >= rect_px[0] && x < rect_px[2] && y >= rect_px[1] && y < rect_px[3];
         double want, got;
         if (stencil) {
            want = !in_compat_area(x, y) ? OUT_S : drawn ? model_resolve(m, TRI_S, MS_S) : MS_S;
            got = ((const uint8_t *)data)[y * W + x];
         } else {
            want = !in_compat_area(x, y) ? OUT_Z : drawn ? model_resolve(m, TRI_Z, MS_Z) : MS_Z;
            got = ((const float *)data)[y * W + x];
         }
         if (fabs(got - want) > 1e-6 && bad++ < 5)
            fprintf(stderr, "(%d, %d): %g, want %g\n", x, y, got, want);
      }
   return bad;
}

static unsigned
compat_scene(struct agx_vk_ctx *c, const VkPhysicalDeviceDepthStencilResolveProperties *dsr,
             VkShaderModule vs, const struct compat *k)
{
   bool stencil = k->resolve_format == VK_FORMAT_S8_UINT;
   const char *name = stencil ? "S8_UINT" : "D32_SFLOAT";
   if (!compat_supported(c, dsr, k)) {
      printf("D32_SFLOAT_S8_UINT -> %s, depth %s stencil %s: not supported, skipped\n", name,
             mode_str(k->zmode), mode_str(k->smode));
      return 0;
   }
   VkImageAspectFlags aspect = stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
   struct agx_vk_image msi, res;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){
                          .format = VK_FORMAT_D32_SFLOAT_S8_UINT,
                          .width = W,
                          .height = H,
                          .samples = VK_SAMPLE_COUNT_4_BIT,
                          .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                          .aspect = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT},
                       &msi);
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){.format = k->resolve_format,
                                  .width = W,
                                  .height = H,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                           VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                  .aspect = aspect},
      &res);
   VkRenderPass rp = compat_render_pass(c, k);
   VkPipelineLayout layout =
      agx_vk_pipeline_layout(c, 0, NULL, VK_SHADER_STAGE_VERTEX_BIT, sizeof(struct rect_push));
   VkPipeline pipe = compat_pipeline(c, layout, vs, rp);
   VkImageView views[2] = {msi.view, res.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 2,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   compat_record(cb, &res, aspect, rp, fb, pipe, layout);
   struct agx_vk_buffer out = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   agx_vk_copy_to_buffer(cb, &res, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, aspect, 0, out.buf, 0);
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = compat_check(k, out.map);
   printf("D32_SFLOAT_S8_UINT -> %s, depth %s stencil %s: %s (%u texels differ)\n", name,
          mode_str(k->zmode), mode_str(k->smode), bad ? "FAIL" : "ok", bad);
   agx_vk_buffer_free(c, &out);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyPipeline(c->dev, pipe, NULL);
   vkDestroyPipelineLayout(c->dev, layout, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   agx_vk_image_free(c, &msi);
   agx_vk_image_free(c, &res);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s RECT_VERT [--validation] [--reference]\n", argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   VkPhysicalDeviceDepthStencilResolveProperties dsr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_STENCIL_RESOLVE_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &dsr};
   vkGetPhysicalDeviceProperties2(c.pdev, &p2);
   unsigned bad = 0;
   if (!dsr.independentResolveNone)
      printf("independentResolveNone not supported: skipped\n");
   else
      bad = scene(&c);
   VkShaderModule vs = agx_vk_shader(&c, argv[1]);
   for (unsigned i = 0; i < sizeof(compat_scenes) / sizeof(compat_scenes[0]); i++)
      bad += compat_scene(&c, &dsr, vs, &compat_scenes[i]);
   vkDestroyShaderModule(c.dev, vs, NULL);
   int status = agx_vk_ctx_finish(&c);
   return bad ? 1 : status;
}
