/*
 * Input attachments read from the tilebuffer (issues 18 and 20) through the
 * loader: two-subpass render passes whose subpasses the driver records as
 * one render command (icd/agxv_render_pass_merge.c), every pixel read back
 * and compared with a CPU model of the rectangles drawn (edges on pixel
 * boundaries, so coverage is exact):
 *  - "merged": subpass 0 draws depth-tested rectangles into an RGBA8 unorm
 *    and an RG16 sint attachment and a D32 depth attachment; subpass 1,
 *    depth-tested against that depth (LESS, no write), reads both colour
 *    attachments with subpassLoad and writes a function of them into an
 *    RGBA32 float attachment (sign extension of the sint values, the
 *    missing components (0, 0, 0, 1));
 *  - "split": the same with a dependency whose access (SHADER_READ) needs
 *    the attachments in memory: two render commands, input attachments
 *    read as textures, the same pixels;
 *  - "merged, no depth in subpass 1": subpass 1 without the depth
 *    attachment (still merged: the render command keeps subpass 0's), its
 *    pipeline with a dynamic depth test enabled (compare op NEVER): no
 *    depth test happens (Vulkan: no depth attachment, no test), the whole
 *    quad is written;
 *  - "ms4": 4 samples, subpass 0 shaded per sample writes a red per
 *    sample; subpass 1 shaded per pixel reads each sample explicitly
 *    (subpassLoad(ms, k)); resolved (average) into a single-sample image;
 *  - "ms4 per sample": subpass 1 shaded per sample reads its own sample,
 *    the mirrored one and a constant one;
 *  - "layers": a two-layer framebuffer, a geometry shader drawing on both
 *    layers, the input attachment (each layer cleared to its own colour,
 *    loadOp LOAD) read at the fragment's layer: as a texture (one subpass)
 *    and from the tilebuffer (an empty subpass 0 rendering it, merged).
 *  - "dynamic index": three merged subpasses; 0 and 1 draw rectangles into
 *    two RGBA8 attachments, 2 reads an array of three input attachments
 *    (those two, in the tilebuffer, and one only in memory) at a
 *    dynamically uniform index (one per column of quads) and at a
 *    non-uniform one ((x + y) % 3); the attachments' memory before the
 *    pass holds other colours, so a stale texture read shows.
 * Before each submission the test prints "expect-render-commands N" on
 * stderr; check_render_commands.py runs it with AGX_DEBUG=submit and
 * checks that the driver's SUBMIT has N render commands (1 merged, 2
 * split). The same program runs on lavapipe (--reference) and under
 * validation.
 *
 * test_subpass_tile RECT_VERT WRITE_FRAG READ_FRAG MS_WRITE_FRAG MS_READ_FRAG MS_READ_PS_FRAG
 *                   LAYER_GEOM READ_LAYER_FRAG READ_DYN_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 64

struct push {
   float rect[4];
   float colour[4];
   int32_t ival[4];
   float depth;
};

struct rect {
   int x0, y0, x1, y1;
};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, write_fs, read_fs, ms_write_fs, ms_read_fs, ms_read_ps_fs, layer_gs,
      read_layer_fs, read_dyn_fs;
   struct agx_vk_buffer out;
};

static void
to_general(VkCommandBuffer cb, const struct agx_vk_image *img)
{
   agx_vk_barrier(cb, img->image, img->aspect, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
                  AGX_VK_NONE, AGX_VK_ALL_RW);
}

static void
draw_rect(VkCommandBuffer cb, VkPipelineLayout layout, struct rect r, const float colour[4],
          const int32_t ival[2], float depth)
{
   struct push p = {
      .rect = {r.x0 * 2.0f / W - 1.0f, r.y0 * 2.0f / H - 1.0f, r.x1 * 2.0f / W - 1.0f,
               r.y1 * 2.0f / H - 1.0f},
      .depth = depth,
   };
   memcpy(p.colour, colour, sizeof(p.colour));
   if (ival) {
      p.ival[0] = ival[0];
      p.ival[1] = ival[1];
   }
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                      sizeof(p), &p);
   vkCmdDraw(cb, 6, 1, 0, 0);
}

static VkAttachmentDescription
attachment(VkFormat format, VkSampleCountFlagBits samples, VkAttachmentLoadOp load,
           VkAttachmentStoreOp store)
{
   return (VkAttachmentDescription){
      .format = format,
      .samples = samples,
      .loadOp = load,
      .storeOp = store,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
      .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
}

static VkPipeline
pipeline(struct gpu *g, VkPipelineLayout layout, VkShaderModule fs, VkRenderPass rp,
         uint32_t subpass, uint32_t colors, VkSampleCountFlagBits samples, bool depth)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, layout, g->vs, fs, VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   b.ci.renderPass = rp;
   b.ci.subpass = subpass;
   b.cb.attachmentCount = colors;
   for (uint32_t i = 0; i < colors; i++)
      b.att[i] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = 0xF};
   b.ms.rasterizationSamples = samples;
   if (depth) {
      b.ds.depthTestEnable = VK_TRUE;
      b.ds.depthWriteEnable = subpass == 0;
      b.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   }
   return agx_vk_gfx_create(g->c, &b);
}

static void
expect_render_commands(unsigned n)
{
   fprintf(stderr, "expect-render-commands %u\n", n);
   fflush(stderr);
}

/* ---- "merged" / "split" ------------------------------------------------------ */

static float
unorm8(uint8_t v)
{
   return (float)(v / 255.0);
}

static unsigned
scene_tile(struct gpu *g, bool split, bool nodepth)
{
   struct agx_vk_ctx *c = g->c;
   const char *name = split ? "split" : nodepth ? "merged, no depth in subpass 1" : "merged";
   const VkImageUsageFlags att_in = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                    VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
   struct agx_vk_image A, S, D, C;
   agx_vk_image_create(
      c, &(struct agx_vk_image_desc){VK_FORMAT_R8G8B8A8_UNORM, W, H, .usage = att_in}, &A);
   agx_vk_image_create(c, &(struct agx_vk_image_desc){VK_FORMAT_R16G16_SINT, W, H, .usage = att_in},
                       &S);
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){VK_FORMAT_D32_SFLOAT, W, H,
                                  .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                  .aspect = VK_IMAGE_ASPECT_DEPTH_BIT},
      &D);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){VK_FORMAT_R32G32B32A32_SFLOAT, W, H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &C);
   const VkSampleCountFlagBits one = VK_SAMPLE_COUNT_1_BIT;
   VkAttachmentDescription atts[4] = {
      attachment(A.format, one, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(S.format, one, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(D.format, one, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE),
      attachment(C.format, one, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
   };
   const VkImageLayout gen = VK_IMAGE_LAYOUT_GENERAL;
   VkAttachmentReference out0[2] = {{0, gen}, {1, gen}}, in1[2] = {{0, gen}, {1, gen}},
                         out1 = {3, gen}, depth = {2, gen};
   VkSubpassDescription sub[2] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 2,
       .pColorAttachments = out0,
       .pDepthStencilAttachment = &depth},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .inputAttachmentCount = 2,
       .pInputAttachments = in1,
       .colorAttachmentCount = 1,
       .pColorAttachments = &out1,
       .pDepthStencilAttachment = nodepth ? NULL : &depth},
   };
   /* the input attachments and the depth test of subpass 1 after subpass
    * 0's writes, at the same pixel; "split" also reads the attachments as
    * shader resources, which needs them in memory */
   VkSubpassDependency dep = {
      .srcSubpass = 0,
      .dstSubpass = 1,
      .srcStageMask =
         VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
      .dstStageMask =
         VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT | VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT,
      .srcAccessMask =
         VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT |
                       VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                       (split ? VK_ACCESS_SHADER_READ_BIT : 0),
      .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
   };
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 4,
                                  .pAttachments = atts,
                                  .subpassCount = 2,
                                  .pSubpasses = sub,
                                  .dependencyCount = 1,
                                  .pDependencies = &dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkImageView views[4] = {A.view, S.view, D.view, C.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 4,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   const struct agx_vk_binding bind[2] = {
      {VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_SHADER_STAGE_FRAGMENT_BIT},
      {VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_SHADER_STAGE_FRAGMENT_BIT},
   };
   struct agx_vk_set set;
   agx_vk_set_create(c, 2, bind, &set);
   agx_vk_set_image(c, &set, 0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_NULL_HANDLE, A.view, gen);
   agx_vk_set_image(c, &set, 1, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_NULL_HANDLE, S.view, gen);
   const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   VkPipelineLayout l0 = agx_vk_pipeline_layout(c, 0, NULL, stages, sizeof(struct push));
   VkPipelineLayout l1 = agx_vk_pipeline_layout(c, 1, &set.layout, stages, sizeof(struct push));
   VkPipeline p0 = pipeline(g, l0, g->write_fs, rp, 0, 2, one, true);
   VkPipeline p1;
   if (nodepth) {
      struct agx_vk_gfx b;
      agx_vk_gfx_defaults(&b, l1, g->vs, g->read_fs, VK_FORMAT_UNDEFINED);
      agx_vk_gfx_fixed_viewport(&b, W, H);
      b.ci.renderPass = rp;
      b.ci.subpass = 1;
      b.cb.attachmentCount = 1;
      b.att[0] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = 0xF};
      b.dynamic[b.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE;
      b.dynamic[b.dyn.dynamicStateCount++] = VK_DYNAMIC_STATE_DEPTH_COMPARE_OP;
      p1 = agx_vk_gfx_create(c, &b);
   } else {
      p1 = pipeline(g, l1, g->read_fs, rp, 1, 1, one, true);
   }

   /* the scene: rectangles in draw order with their colour, integers, depth */
   const uint8_t k[3][4] = {{255, 128, 0, 64}, {3, 250, 77, 255}, {90, 10, 200, 128}};
   const int32_t iv[3][2] = {{-300, 1234}, {32767, -32768}, {-1, 5}};
   const float kd[3] = {0.25f, 0.75f, 0.5f};
   const struct rect r[3] = {{4, 4, 40, 36}, {24, 16, 60, 56}, {0, 40, 20, 64}};
   const struct rect quad = {2, 2, 62, 62};
   const uint8_t clear_a[4] = {10, 20, 30, 255};
   const int32_t clear_s[2] = {-7, 9};
   const float clear_c[4] = {0.5f, -1.0f, 2.0f, 3.0f};
   VkClearValue clears[4];
   for (int i = 0; i < 4; i++)
      clears[0].color.float32[i] = unorm8(clear_a[i]);
   memset(&clears[1], 0, sizeof(clears[1]));
   clears[1].color.int32[0] = clear_s[0];
   clears[1].color.int32[1] = clear_s[1];
   clears[2].depthStencil = (VkClearDepthStencilValue){1.0f, 0};
   memcpy(clears[3].color.float32, clear_c, sizeof(clear_c));

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   to_general(cb, &S);
   to_general(cb, &D);
   to_general(cb, &C);
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = 4,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p0);
   for (int i = 0; i < 3; i++) {
      float col[4];
      for (int j = 0; j < 4; j++)
         col[j] = unorm8(k[i][j]);
      draw_rect(cb, l0, r[i], col, iv[i], kd[i]);
   }
   vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p1);
   if (nodepth) {
      /* a test that would reject everything, were there a depth attachment */
      vkCmdSetDepthTestEnable(cb, VK_TRUE);
      vkCmdSetDepthCompareOp(cb, VK_COMPARE_OP_NEVER);
   }
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, l1, 0, 1, &set.set, 0, NULL);
   draw_rect(cb, l1, quad, clear_c, NULL, 0.5f);
   vkCmdEndRenderPass(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   const VkDeviceSize plane = (VkDeviceSize)W * H;
   agx_vk_copy_to_buffer(cb, &A, gen, 0, 0, g->out.buf, 0);
   agx_vk_copy_to_buffer(cb, &S, gen, 0, 0, g->out.buf, 4 * plane);
   agx_vk_copy_to_buffer(cb, &C, gen, 0, 0, g->out.buf, 8 * plane);
   agx_vk_host_barrier(cb);
   expect_render_commands(split ? 2 : 1);
   VK_OK(agx_vk_submit_wait(c, cb));

   /* CPU model: depth-tested rectangles, then the reader where its depth passes */
   static uint8_t ra[W * H][4];
   static int32_t rs[W * H][2];
   static float rd[W * H];
   for (int p = 0; p < W * H; p++) {
      memcpy(ra[p], clear_a, 4);
      rs[p][0] = clear_s[0], rs[p][1] = clear_s[1];
      rd[p] = 1.0f;
   }
   for (int i = 0; i < 3; i++)
      for (int y = r[i].y0; y < r[i].y1; y++)
         for (int x = r[i].x0; x < r[i].x1; x++) {
            int p = y * W + x;
            if (!(kd[i] < rd[p]))
               continue;
            memcpy(ra[p], k[i], 4);
            rs[p][0] = iv[i][0], rs[p][1] = iv[i][1];
            rd[p] = kd[i];
         }
   unsigned bad = 0;
   const uint8_t *ga = g->out.map;
   const int16_t *gs = (const int16_t *)(g->out.map + 4 * plane);
   const float *gc = (const float *)(g->out.map + 8 * plane);
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int p = y * W + x;
         float want[4];
         memcpy(want, clear_c, sizeof(want));
         if (x >= quad.x0 && x < quad.x1 && y >= quad.y0 && y < quad.y1 &&
             (nodepth || 0.5f < rd[p])) {
            float a[4];
            for (int j = 0; j < 4; j++)
               a[j] = unorm8(ra[p][j]);
            /* (s.x, s.y, 0, 1): RG16 sint's missing components */
            want[0] = a[0] + a[1];
            want[1] = a[2] * 2.0f - a[3];
            want[2] = (float)rs[p][0];
            want[3] = (float)rs[p][1] * 0.5f + 1.0f;
         }
         bool ok =
            !memcmp(ga + 4 * p, ra[p], 4) && gs[2 * p] == rs[p][0] && gs[2 * p + 1] == rs[p][1];
         for (int j = 0; j < 4; j++)
            ok &= fabsf(gc[4 * p + j] - want[j]) <= 1e-5f * fmaxf(1.0f, fabsf(want[j]));
         if (!ok && bad++ < 5)
            fprintf(stderr,
                    "%s: pixel (%d, %d): A %u %u %u %u S %d %d C %g %g %g %g, want A %u %u %u %u "
                    "S %d %d C %g %g %g %g\n",
                    name, x, y, ga[4 * p], ga[4 * p + 1], ga[4 * p + 2], ga[4 * p + 3], gs[2 * p],
                    gs[2 * p + 1], gc[4 * p], gc[4 * p + 1], gc[4 * p + 2], gc[4 * p + 3], ra[p][0],
                    ra[p][1], ra[p][2], ra[p][3], rs[p][0], rs[p][1], want[0], want[1], want[2],
                    want[3]);
      }
   printf("%s: subpassLoad of RGBA8 unorm and RG16 sint, depth-tested: %s\n", name,
          bad ? "FAIL" : "ok");
   vkDestroyPipeline(c->dev, p0, NULL);
   vkDestroyPipeline(c->dev, p1, NULL);
   vkDestroyPipelineLayout(c->dev, l0, NULL);
   vkDestroyPipelineLayout(c->dev, l1, NULL);
   agx_vk_set_free(c, &set);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   agx_vk_image_free(c, &A);
   agx_vk_image_free(c, &S);
   agx_vk_image_free(c, &D);
   agx_vk_image_free(c, &C);
   return bad;
}

/* ---- "ms4": 4 samples, explicit samples ------------------------------------ */

static unsigned
scene_ms(struct gpu *g, bool per_sample)
{
   struct agx_vk_ctx *c = g->c;
   const char *name = per_sample ? "ms4 per sample" : "ms4";
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   const VkSampleCountFlagBits four = VK_SAMPLE_COUNT_4_BIT;
   struct agx_vk_image A, C, R;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){rgba, W, H, .samples = four,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT},
                       &A);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){rgba, W, H, .samples = four,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                       &C);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){rgba, W, H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &R);
   VkAttachmentDescription atts[3] = {
      attachment(rgba, four, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE),
      attachment(rgba, four, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE),
      attachment(rgba, VK_SAMPLE_COUNT_1_BIT, VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                 VK_ATTACHMENT_STORE_OP_STORE),
   };
   const VkImageLayout gen = VK_IMAGE_LAYOUT_GENERAL;
   VkAttachmentReference a_ref = {0, gen}, c_ref = {1, gen}, r_ref = {2, gen};
   VkSubpassDescription sub[2] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 1,
       .pColorAttachments = &a_ref},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .inputAttachmentCount = 1,
       .pInputAttachments = &a_ref,
       .colorAttachmentCount = 1,
       .pColorAttachments = &c_ref,
       .pResolveAttachments = &r_ref},
   };
   VkSubpassDependency dep = {
      .srcSubpass = 0,
      .dstSubpass = 1,
      .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
      .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
      .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
   };
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 3,
                                  .pAttachments = atts,
                                  .subpassCount = 2,
                                  .pSubpasses = sub,
                                  .dependencyCount = 1,
                                  .pDependencies = &dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkImageView views[3] = {A.view, C.view, R.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 3,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   const struct agx_vk_binding bind = {VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT,
                                       VK_SHADER_STAGE_FRAGMENT_BIT};
   struct agx_vk_set set;
   agx_vk_set_create(c, 1, &bind, &set);
   agx_vk_set_image(c, &set, 0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_NULL_HANDLE, A.view, gen);
   const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   VkPipelineLayout l0 = agx_vk_pipeline_layout(c, 0, NULL, stages, sizeof(struct push));
   VkPipelineLayout l1 = agx_vk_pipeline_layout(c, 1, &set.layout, stages, sizeof(struct push));
   VkPipeline p0 = pipeline(g, l0, g->ms_write_fs, rp, 0, 1, four, false);
   VkPipeline p1 =
      pipeline(g, l1, per_sample ? g->ms_read_ps_fs : g->ms_read_fs, rp, 1, 1, four, false);

   /* the background, then a square of another green */
   const uint8_t green[2] = {100, 200};
   const struct rect r[2] = {{0, 0, W, H}, {16, 16, 48, 48}};
   VkClearValue clears[3];
   memset(clears, 0, sizeof(clears));
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   to_general(cb, &C);
   to_general(cb, &R);
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = 3,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p0);
   for (int i = 0; i < 2; i++) {
      const float col[4] = {0.0f, unorm8(green[i]), unorm8(50), 1.0f};
      draw_rect(cb, l0, r[i], col, NULL, 0.5f);
   }
   vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p1);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, l1, 0, 1, &set.set, 0, NULL);
   const float none[4] = {0};
   draw_rect(cb, l1, r[0], none, NULL, 0.5f);
   vkCmdEndRenderPass(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, &R, gen, 0, 0, g->out.buf, 0);
   agx_vk_host_barrier(cb);
   expect_render_commands(1);
   VK_OK(agx_vk_submit_wait(c, cb));

   /* sample s of subpass 0 has red 20 + 60 s; every sample of subpass 1
    * the same value (per pixel) or values averaging as below (per sample:
    * own + mirrored average to 110, sample 2 is 140) */
   unsigned bad = 0;
   const uint8_t *gr = g->out.map;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int p = y * W + x;
         bool inner = x >= r[1].x0 && x < r[1].x1 && y >= r[1].y0 && y < r[1].y1;
         uint8_t want[4] = {20, 80, 140, 200};
         if (per_sample) {
            want[0] = want[1] = 110;
            want[2] = 140;
            want[3] = green[inner];
         }
         if (memcmp(gr + 4 * p, want, 4) && bad++ < 5)
            fprintf(stderr, "%s: pixel (%d, %d): %u %u %u %u, want %u %u %u %u\n", name, x, y,
                    gr[4 * p], gr[4 * p + 1], gr[4 * p + 2], gr[4 * p + 3], want[0], want[1],
                    want[2], want[3]);
      }
   printf("%s: subpassLoad of a 4-sample attachment at explicit samples, resolved: %s\n", name,
          bad ? "FAIL" : "ok");
   vkDestroyPipeline(c->dev, p0, NULL);
   vkDestroyPipeline(c->dev, p1, NULL);
   vkDestroyPipelineLayout(c->dev, l0, NULL);
   vkDestroyPipelineLayout(c->dev, l1, NULL);
   agx_vk_set_free(c, &set);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   agx_vk_image_free(c, &A);
   agx_vk_image_free(c, &C);
   agx_vk_image_free(c, &R);
   return bad;
}

/* ---- "layers": input attachments of a layered framebuffer ------------------- */

static unsigned
scene_layers(struct gpu *g, bool merged)
{
   struct agx_vk_ctx *c = g->c;
   const char *name = merged ? "layers merged" : "layers";
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   struct agx_vk_image A, B;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){rgba, W, H, .layers = 2,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT},
                       &A);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){rgba, W, H, .layers = 2,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &B);
   const VkSampleCountFlagBits one = VK_SAMPLE_COUNT_1_BIT;
   VkAttachmentDescription atts[2] = {
      attachment(rgba, one, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(rgba, one, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
   };
   const VkImageLayout gen = VK_IMAGE_LAYOUT_GENERAL;
   VkAttachmentReference a_ref = {0, gen}, b_ref = {1, gen};
   VkSubpassDescription sub[2] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 1,
       .pColorAttachments = &a_ref},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .inputAttachmentCount = 1,
       .pInputAttachments = &a_ref,
       .colorAttachmentCount = 1,
       .pColorAttachments = &b_ref},
   };
   VkSubpassDependency dep = {
      .srcSubpass = 0,
      .dstSubpass = 1,
      .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
      .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
      .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
   };
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 2,
                                  .pAttachments = atts,
                                  .subpassCount = merged ? 2 : 1,
                                  .pSubpasses = merged ? sub : sub + 1,
                                  .dependencyCount = merged ? 1 : 0,
                                  .pDependencies = &dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkImageView views[2] = {A.view, B.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 2,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 2};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   const struct agx_vk_binding bind = {VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT,
                                       VK_SHADER_STAGE_FRAGMENT_BIT};
   struct agx_vk_set set;
   agx_vk_set_create(c, 1, &bind, &set);
   agx_vk_set_image(c, &set, 0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, VK_NULL_HANDLE, A.view, gen);
   const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   VkPipelineLayout l1 = agx_vk_pipeline_layout(c, 1, &set.layout, stages, sizeof(struct push));
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, l1, g->vs, g->read_layer_fs, VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   agx_vk_gfx_stage(&b, AGX_VK_GS, g->layer_gs);
   b.ci.renderPass = rp;
   b.ci.subpass = merged ? 1 : 0;
   b.cb.attachmentCount = 1;
   b.att[0] = (VkPipelineColorBlendAttachmentState){.colorWriteMask = 0xF};
   VkPipeline p1 = agx_vk_gfx_create(c, &b);

   /* each layer of A its own colour before the pass */
   const uint8_t pat[2][4] = {{200, 100, 50, 255}, {7, 77, 177, 33}};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   to_general(cb, &B);
   for (uint32_t l = 0; l < 2; l++) {
      VkClearColorValue v;
      for (int j = 0; j < 4; j++)
         v.float32[j] = unorm8(pat[l][j]);
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, l, 1};
      vkCmdClearColorImage(cb, A.image, gen, &v, 1, &range);
   }
   agx_vk_memory_barrier(cb, AGX_VK_CLEAR_WRITE, AGX_VK_ALL_RW);
   VkClearValue clears[2];
   memset(clears, 0, sizeof(clears));
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = 2,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   if (merged)
      vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE); /* subpass 0 draws nothing */
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p1);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, l1, 0, 1, &set.set, 0, NULL);
   const struct rect quad = {8, 4, 56, 60};
   const float none[4] = {0};
   draw_rect(cb, l1, quad, none, NULL, 0.5f);
   vkCmdEndRenderPass(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   const VkDeviceSize plane = (VkDeviceSize)W * H * 4;
   for (uint32_t l = 0; l < 2; l++)
      agx_vk_copy_to_buffer(cb, &B, gen, 0, l, g->out.buf, l * plane);
   agx_vk_host_barrier(cb);
   expect_render_commands(1);
   VK_OK(agx_vk_submit_wait(c, cb));

   /* lavapipe reads layer 0 of the view on every layer (its
    * nir_lower_input_attachments runs without use_layer_id_sysval); anv,
    * nvk, panvk, dozen and Honeykrisp read the fragment's layer, as agx-vk
    * does: layer 1 is checked on agx-vk only */
   unsigned bad = 0;
   for (uint32_t l = 0; l < (c->reference ? 1u : 2u); l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const uint8_t *got = g->out.map + l * plane + 4 * (y * W + x);
            uint8_t want[4] = {0, 0, 0, 0};
            if (x >= quad.x0 && x < quad.x1 && y >= quad.y0 && y < quad.y1)
               for (int j = 0; j < 4; j++)
                  want[j] = pat[l][3 - j];
            if (memcmp(got, want, 4) && bad++ < 5)
               fprintf(stderr, "%s: layer %u pixel (%d, %d): %u %u %u %u, want %u %u %u %u\n", name,
                       l, x, y, got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3]);
         }
   printf("%s: subpassLoad at the fragment's layer: %s\n", name, bad ? "FAIL" : "ok");
   vkDestroyPipeline(c->dev, p1, NULL);
   vkDestroyPipelineLayout(c->dev, l1, NULL);
   agx_vk_set_free(c, &set);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   agx_vk_image_free(c, &A);
   agx_vk_image_free(c, &B);
   return bad;
}

/* ---- "dynamic index": an input attachment array indexed at run time --------- */

static unsigned
scene_dynamic_index(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   const char *name = "dynamic index";
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   const VkImageUsageFlags att_in = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                    VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   /* A, B: drawn by subpasses 0 and 1 (tilebuffer); T: input only (memory); S: the integer
    * output of st_write.frag; C: subpass 2's result */
   struct agx_vk_image A, B, T, S, C;
   agx_vk_image_create(c, &(struct agx_vk_image_desc){rgba, W, H, .usage = att_in}, &A);
   agx_vk_image_create(c, &(struct agx_vk_image_desc){rgba, W, H, .usage = att_in}, &B);
   agx_vk_image_create(c, &(struct agx_vk_image_desc){rgba, W, H, .usage = att_in}, &T);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){VK_FORMAT_R16G16_SINT, W, H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT},
                       &S);
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){VK_FORMAT_R32G32B32A32_SFLOAT, W, H,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT},
                       &C);
   const VkSampleCountFlagBits one = VK_SAMPLE_COUNT_1_BIT;
   VkAttachmentDescription atts[5] = {
      attachment(rgba, one, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(rgba, one, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(rgba, one, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(VK_FORMAT_R16G16_SINT, one, VK_ATTACHMENT_LOAD_OP_CLEAR,
                 VK_ATTACHMENT_STORE_OP_DONT_CARE),
      attachment(C.format, one, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
   };
   const VkImageLayout gen = VK_IMAGE_LAYOUT_GENERAL;
   VkAttachmentReference out0[2] = {{0, gen}, {3, gen}}, out1[2] = {{1, gen}, {3, gen}},
                         in2[3] = {{0, gen}, {2, gen}, {1, gen}}, out2 = {4, gen};
   VkSubpassDescription sub[3] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 2,
       .pColorAttachments = out0},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 2,
       .pColorAttachments = out1},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .inputAttachmentCount = 3,
       .pInputAttachments = in2,
       .colorAttachmentCount = 1,
       .pColorAttachments = &out2},
   };
   VkSubpassDependency deps[3];
   for (uint32_t i = 0; i < 3; i++) {
      bool to2 = i > 0;
      deps[i] = (VkSubpassDependency){
         .srcSubpass = i == 2 ? 1 : 0,
         .dstSubpass = to2 ? 2 : 1,
         .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .dstStageMask = to2 ? VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT
                             : VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
         .dstAccessMask =
            to2 ? VK_ACCESS_INPUT_ATTACHMENT_READ_BIT : VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
         .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT,
      };
   }
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 5,
                                  .pAttachments = atts,
                                  .subpassCount = 3,
                                  .pSubpasses = sub,
                                  .dependencyCount = 3,
                                  .pDependencies = deps};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkImageView views[5] = {A.view, B.view, T.view, S.view, C.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 5,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   /* one binding of three input attachments: elements A, T, B */
   VkDescriptorSetLayoutBinding lb = {0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 3,
                                      VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &lb};
   VkDescriptorSetLayout dsl;
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &dsl));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 3};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VkDescriptorPool pool;
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &pool));
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &set));
   VkDescriptorImageInfo ii[3] = {{VK_NULL_HANDLE, A.view, gen},
                                  {VK_NULL_HANDLE, T.view, gen},
                                  {VK_NULL_HANDLE, B.view, gen}};
   VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = set,
                             .descriptorCount = 3,
                             .descriptorType = VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT,
                             .pImageInfo = ii};
   vkUpdateDescriptorSets(c->dev, 1, &w, 0, NULL);
   const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   VkPipelineLayout l0 = agx_vk_pipeline_layout(c, 0, NULL, stages, sizeof(struct push));
   VkPipelineLayout l2 = agx_vk_pipeline_layout(c, 1, &dsl, stages, sizeof(struct push));
   VkPipeline p0 = pipeline(g, l0, g->write_fs, rp, 0, 2, one, false);
   VkPipeline p1 = pipeline(g, l0, g->write_fs, rp, 1, 2, one, false);
   VkPipeline p2 = pipeline(g, l2, g->read_dyn_fs, rp, 2, 1, one, false);

   /* memory before the pass: A, B stale colours (the pass clears them), T its content */
   const uint8_t stale[4] = {1, 2, 3, 4}, t_col[4] = {60, 160, 20, 220};
   const uint8_t clear_ab[2][4] = {{10, 20, 30, 255}, {250, 240, 230, 0}};
   const uint8_t k[2][2][4] = {{{255, 128, 0, 64}, {3, 250, 77, 255}},
                               {{90, 10, 200, 128}, {0, 0, 255, 17}}};
   const struct rect r[2][2] = {{{4, 4, 40, 36}, {24, 16, 60, 56}},
                                {{0, 30, 30, 64}, {10, 0, 50, 20}}};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   struct agx_vk_image *mem[3] = {&A, &B, &T};
   for (int i = 0; i < 3; i++) {
      to_general(cb, mem[i]);
      VkClearColorValue v;
      for (int j = 0; j < 4; j++)
         v.float32[j] = unorm8(i == 2 ? t_col[j] : stale[j]);
      VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
      vkCmdClearColorImage(cb, mem[i]->image, gen, &v, 1, &range);
   }
   to_general(cb, &S);
   to_general(cb, &C);
   agx_vk_memory_barrier(cb, AGX_VK_CLEAR_WRITE, AGX_VK_ALL_RW);
   VkClearValue clears[5];
   memset(clears, 0, sizeof(clears));
   for (int i = 0; i < 2; i++)
      for (int j = 0; j < 4; j++)
         clears[i].color.float32[j] = unorm8(clear_ab[i][j]);
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = 5,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   for (int s = 0; s < 2; s++) {
      if (s)
         vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, s ? p1 : p0);
      for (int i = 0; i < 2; i++) {
         float col[4];
         for (int j = 0; j < 4; j++)
            col[j] = unorm8(k[s][i][j]);
         draw_rect(cb, l0, r[s][i], col, NULL, 0.5f);
      }
   }
   vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p2);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, l2, 0, 1, &set, 0, NULL);
   /* columns of rows 0-47 read elements 0, 1, 2; rows 48-63 element (x + y) % 3 */
   const struct rect cols[4] = {{0, 0, 21, 48}, {21, 0, 42, 48}, {42, 0, W, 48}, {0, 48, W, H}};
   for (int i = 0; i < 4; i++) {
      struct push p = {
         .rect = {cols[i].x0 * 2.0f / W - 1.0f, cols[i].y0 * 2.0f / H - 1.0f,
                  cols[i].x1 * 2.0f / W - 1.0f, cols[i].y1 * 2.0f / H - 1.0f},
         .ival = {0, 0, i < 3 ? i : 0, i == 3},
         .depth = 0.5f,
      };
      vkCmdPushConstants(cb, l2, stages, 0, sizeof(p), &p);
      vkCmdDraw(cb, 6, 1, 0, 0);
   }
   vkCmdEndRenderPass(cb);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   agx_vk_copy_to_buffer(cb, &C, gen, 0, 0, g->out.buf, 0);
   agx_vk_host_barrier(cb);
   expect_render_commands(1);
   VK_OK(agx_vk_submit_wait(c, cb));

   /* CPU model: the last rectangle covering a pixel, else the clear colour */
   unsigned bad = 0;
   const float *gc = (const float *)g->out.map;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         int e = y >= 48 ? (x + y) % 3 : x < 21 ? 0 : x < 42 ? 1 : 2;
         const uint8_t *src = t_col;
         if (e != 1) {
            int s = e == 2; /* element 2 is B, drawn by subpass 1 */
            src = clear_ab[s];
            for (int i = 0; i < 2; i++)
               if (x >= r[s][i].x0 && x < r[s][i].x1 && y >= r[s][i].y0 && y < r[s][i].y1)
                  src = k[s][i];
         }
         const float *got = gc + 4 * (y * W + x);
         bool ok = true;
         for (int j = 0; j < 4; j++)
            ok &= fabsf(got[j] - unorm8(src[j])) <= 1e-5f;
         if (!ok && bad++ < 5)
            fprintf(stderr, "%s: pixel (%d, %d) element %d: %g %g %g %g, want %u %u %u %u / 255\n",
                    name, x, y, e, got[0], got[1], got[2], got[3], src[0], src[1], src[2], src[3]);
      }
   printf("%s: subpassLoad of an input attachment array at dynamic and non-uniform indices: %s\n",
          name, bad ? "FAIL" : "ok");
   vkDestroyPipeline(c->dev, p0, NULL);
   vkDestroyPipeline(c->dev, p1, NULL);
   vkDestroyPipeline(c->dev, p2, NULL);
   vkDestroyPipelineLayout(c->dev, l0, NULL);
   vkDestroyPipelineLayout(c->dev, l2, NULL);
   vkDestroyDescriptorPool(c->dev, pool, NULL);
   vkDestroyDescriptorSetLayout(c->dev, dsl, NULL);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   struct agx_vk_image *all[5] = {&A, &B, &T, &S, &C};
   for (int i = 0; i < 5; i++)
      agx_vk_image_free(c, all[i]);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 10) {
      fprintf(stderr,
              "usage: %s RECT_VERT WRITE_FRAG READ_FRAG MS_WRITE_FRAG MS_READ_FRAG "
              "MS_READ_PS_FRAG LAYER_GEOM READ_LAYER_FRAG READ_DYN_FRAG [--validation] "
              "[--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   /* "dynamic index" needs input attachment arrays indexed at run time (agx-vk offers
    * them; lavapipe of Mesa 22.3 does not: the scene is skipped there) */
   VkPhysicalDeviceVulkan12Features have12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
   VkPhysicalDeviceFeatures2 have = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                     .pNext = &have12};
   vkGetPhysicalDeviceFeatures2(c.pdev, &have);
   bool dyn_index = have12.shaderInputAttachmentArrayDynamicIndexing &&
                    have12.shaderInputAttachmentArrayNonUniformIndexing;
   CHECK(dyn_index || c.reference);
   VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .shaderInputAttachmentArrayDynamicIndexing = dyn_index,
      .shaderInputAttachmentArrayNonUniformIndexing = dyn_index};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   VkPhysicalDeviceFeatures f10 = {.sampleRateShading = VK_TRUE, .geometryShader = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g = {.c = &c};
   g.vs = agx_vk_shader(&c, argv[1]);
   g.write_fs = agx_vk_shader(&c, argv[2]);
   g.read_fs = agx_vk_shader(&c, argv[3]);
   g.ms_write_fs = agx_vk_shader(&c, argv[4]);
   g.ms_read_fs = agx_vk_shader(&c, argv[5]);
   g.ms_read_ps_fs = agx_vk_shader(&c, argv[6]);
   g.layer_gs = agx_vk_shader(&c, argv[7]);
   g.read_layer_fs = agx_vk_shader(&c, argv[8]);
   g.read_dyn_fs = agx_vk_shader(&c, argv[9]);
   g.out = agx_vk_buffer(&c, 24 * W * H);
   unsigned bad = 0;
   bad += scene_tile(&g, false, false);
   bad += scene_tile(&g, true, false);
   bad += scene_tile(&g, false, true);
   bad += scene_ms(&g, false);
   bad += scene_ms(&g, true);
   bad += scene_layers(&g, false);
   bad += scene_layers(&g, true);
   if (dyn_index)
      bad += scene_dynamic_index(&g);
   else
      printf("dynamic index: skipped (no shaderInputAttachmentArray*Indexing)\n");
   agx_vk_buffer_free(&c, &g.out);
   VkShaderModule mods[9] = {g.vs,          g.write_fs,      g.read_fs,
                             g.ms_write_fs, g.ms_read_fs,    g.ms_read_ps_fs,
                             g.layer_gs,    g.read_layer_fs, g.read_dyn_fs};
   for (int i = 0; i < 9; i++)
      vkDestroyShaderModule(c.dev, mods[i], NULL);
   int status = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u pixels differ\n", bad);
      return 1;
   }
   return status;
}
