/*
 * Render passes, framebuffers and clears through the loader (issue 20),
 * every result read back and compared with a CPU model of the rectangles
 * drawn (edges on pixel boundaries, so coverage is exact):
 *  - "ops": a two-subpass render pass with attachments cleared (loadOp
 *    CLEAR), loaded (LOAD, first used in subpass 1), fully drawn
 *    (DONT_CARE), kept through subpass 1 by a preserve reference, and a
 *    D32 depth attachment (storeOp DONT_CARE) whose depth from subpass 0
 *    rejects fragments of subpass 1; vkCmdClearAttachments of a colour
 *    rectangle and a depth rectangle inside subpass 1; run with a
 *    framebuffer of views and with an imageless one
 *    (VkRenderPassAttachmentBeginInfo);
 *  - "input": subpass 1 reads subpass 0's output as an input attachment
 *    (subpassLoad) and writes it swizzled into another attachment;
 *  - "feedback": one subpass reading its colour attachment as an input
 *    attachment after a self-dependency barrier (the pass is split there),
 *    also with the draws and the barrier in a secondary (RENDER_PASS_CONTINUE:
 *    the split happens where the primary executes it);
 *  - "partial": dynamic rendering with loadOp CLEAR on a render area
 *    smaller than the images (colour and depth): outside untouched;
 *  - "layers": vkCmdClearAttachments inside dynamic rendering (loadOp
 *    CLEAR) on a two-layer attachment, rectangles with baseArrayLayer /
 *    layerCount;
 *  - "fold": vkCmdClearAttachments of all of colour and depth before the
 *    first draw (a load-op clear), then of depth after a draw (a split);
 *  - "stencil": vkCmdClearAttachments of stencil rectangles (and of depth
 *    only, keeping stencil) on D32_SFLOAT_S8_UINT, then a stencil-tested
 *    draw;
 *  - "clear_ds": vkCmdClearDepthStencilImage on a D32 image of 2 levels x 2
 *    layers, whole and per-subresource ranges;
 *  - "resolve": a render pass with a 4-sample attachment and a resolve
 *    attachment is created (multisampling landed; test_msaa renders and
 *    checks the resolve).
 * The same program runs on lavapipe (--reference) and under validation.
 *
 * test_render_pass RECT_VERT RECT_FRAG INPUT_FRAG [--validation] [--reference]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 64
#define H 64
#define U8(r, g, b, a)                                       \
   {                                                         \
      (r) / 255.0f, (g) / 255.0f, (b) / 255.0f, (a) / 255.0f \
   }

struct push {
   float rect[4];
   float colour[4];
   float depth;
};

struct img {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
   VkFormat format;
   uint32_t layers, levels;
};

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs, fs_input;
   VkPipelineLayout layout, input_layout;
   VkDescriptorSetLayout input_dsl;
   VkDescriptorPool pool;
   struct agx_vk_buffer out;
};

static VkImageAspectFlags
aspect_of(const struct img *r)
{
   if (r->format == VK_FORMAT_D32_SFLOAT_S8_UINT)
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   return r->format == VK_FORMAT_D32_SFLOAT ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
}

static struct img
make_image(struct agx_vk_ctx *c, VkFormat format, uint32_t layers, uint32_t levels,
           VkImageUsageFlags usage)
{
   struct img r = {.format = format, .layers = layers, .levels = levels};
   struct agx_vk_image im;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){.format = format,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = layers,
                                                   .levels = levels,
                                                   .usage = usage |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                   .aspect = aspect_of(&r),
                                                   .no_view = true},
                       &im);
   r.image = im.image;
   r.mem = im.mem;
   /* the view: level 0 only */
   r.view = agx_vk_image_view(c, r.image,
                              layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
                              format, (VkImageSubresourceRange){aspect_of(&r), 0, 1, 0, layers});
   return r;
}

static void
free_image(struct agx_vk_ctx *c, struct img *r)
{
   agx_vk_image_free(c, &(struct agx_vk_image){.image = r->image, .mem = r->mem, .view = r->view});
}

/* Everything before -> everything after (the tests are about results, not
 * about overlap). */
static void
full_barrier(VkCommandBuffer cb)
{
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_ALL_RW);
}

/* UNDEFINED -> GENERAL for every subresource (the images stay GENERAL). */
static void
to_general(VkCommandBuffer cb, const struct img *r)
{
   agx_vk_barrier(
      cb, r->image, aspect_of(r), VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
      (struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, 0},
      (struct agx_vk_access){VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT});
}

static void
fill_color(VkCommandBuffer cb, const struct img *r, const float v[4])
{
   VkClearColorValue cv;
   memcpy(cv.float32, v, 16);
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, r->levels, 0, r->layers};
   vkCmdClearColorImage(cb, r->image, VK_IMAGE_LAYOUT_GENERAL, &cv, 1, &range);
}

static void
fill_depth(VkCommandBuffer cb, const struct img *r, float d, uint32_t level, uint32_t levels,
           uint32_t layer, uint32_t layers)
{
   VkClearDepthStencilValue v = {d, 0};
   VkImageSubresourceRange range = {VK_IMAGE_ASPECT_DEPTH_BIT, level, levels, layer, layers};
   vkCmdClearDepthStencilImage(cb, r->image, VK_IMAGE_LAYOUT_GENERAL, &v, 1, &range);
}

/* Copies (level, layer) of the image into g->out at offset 0 (tightly packed). */
static void
read_back(struct gpu *g, VkCommandBuffer cb, const struct img *r, uint32_t level, uint32_t layer)
{
   full_barrier(cb);
   VkBufferImageCopy region = {.imageSubresource = {aspect_of(r), level, layer, 1},
                               .imageExtent = {W >> level, H >> level, 1}};
   vkCmdCopyImageToBuffer(cb, r->image, VK_IMAGE_LAYOUT_GENERAL, g->out.buf, 1, &region);
   full_barrier(cb);
}

/* ---- CPU model -------------------------------------------------------------- */

static uint32_t
pack8(const float v[4])
{
   uint32_t p = 0;
   for (int k = 0; k < 4; k++) {
      float f = v[k] < 0 ? 0 : v[k] > 1 ? 1 : v[k];
      p |= (uint32_t)lrintf(f * 255.0f) << (8 * k);
   }
   return p;
}

/* Pixel rectangle [x0, x1) x [y0, y1). */
struct rect {
   int x0, y0, x1, y1;
};

static bool
inside(struct rect r, int x, int y)
{
   return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
}

static void
ref_fill(uint32_t *img, struct rect r, uint32_t v)
{
   for (int y = r.y0; y < r.y1; y++)
      for (int x = r.x0; x < r.x1; x++)
         img[y * W + x] = v;
}

static unsigned
compare32(const char *name, const void *got_v, const uint32_t *want, int w, int h)
{
   const uint32_t *got = got_v;
   unsigned bad = 0;
   for (int i = 0; i < w * h; i++) {
      if (got[i] != want[i]) {
         if (bad < 5)
            fprintf(stderr, "%s: pixel (%d, %d) = 0x%08x, want 0x%08x\n", name, i % w, i / w,
                    got[i], want[i]);
         bad++;
      }
   }
   if (bad)
      fprintf(stderr, "%s: %u of %d pixels differ\n", name, bad, w * h);
   else
      printf("%s: ok\n", name);
   return bad ? 1 : 0;
}

static unsigned
compare_depth(const char *name, const void *got_v, const float *want, int w, int h)
{
   const float *got = got_v;
   unsigned bad = 0;
   for (int i = 0; i < w * h; i++) {
      if (fabsf(got[i] - want[i]) > 1e-6f) {
         if (bad < 5)
            fprintf(stderr, "%s: depth (%d, %d) = %g, want %g\n", name, i % w, i / w, got[i],
                    want[i]);
         bad++;
      }
   }
   if (bad)
      fprintf(stderr, "%s: %u of %d depths differ\n", name, bad, w * h);
   else
      printf("%s: ok\n", name);
   return bad ? 1 : 0;
}

/* ---- pipelines and draws ---------------------------------------------------- */

struct pipe_desc {
   VkRenderPass pass;
   uint32_t subpass;
   uint32_t color_count;        /* dynamic rendering: formats below */
   const VkFormat *formats;     /* dynamic rendering */
   VkFormat depth_format;       /* dynamic rendering */
   const uint32_t *write_masks; /* per attachment */
   bool depth;                  /* test LESS and write */
   VkFormat stencil_format;     /* dynamic rendering */
   bool stencil_equal;          /* stencil test EQUAL reference 5, keep */
   bool input;                  /* rp_input.frag */
};

static VkPipeline
pipeline(struct gpu *g, const struct pipe_desc *d)
{
   struct agx_vk_gfx b;
   agx_vk_gfx_defaults(&b, d->input ? g->input_layout : g->layout, g->vs,
                       d->input ? g->fs_input : g->fs, VK_FORMAT_UNDEFINED);
   agx_vk_gfx_fixed_viewport(&b, W, H);
   for (uint32_t i = 0; i < d->color_count; i++) {
      b.att[i].colorWriteMask = d->write_masks ? d->write_masks[i] : 0xF;
      b.color_formats[i] = d->formats ? d->formats[i] : VK_FORMAT_UNDEFINED;
   }
   b.cb.attachmentCount = d->color_count;
   b.ds.depthTestEnable = d->depth;
   b.ds.depthWriteEnable = d->depth;
   b.ds.depthCompareOp = VK_COMPARE_OP_LESS;
   b.ds.stencilTestEnable = d->stencil_equal;
   VkStencilOpState so = {
      VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_STENCIL_OP_KEEP, VK_COMPARE_OP_EQUAL, 0xFF, 0, 5};
   b.ds.front = b.ds.back = so;
   b.ri.colorAttachmentCount = d->color_count;
   b.ri.depthAttachmentFormat = d->depth_format;
   b.ri.stencilAttachmentFormat = d->stencil_format;
   b.ci.renderPass = d->pass;
   b.ci.subpass = d->subpass;
   return agx_vk_gfx_create(g->c, &b);
}

/* Draws pixel rectangle r in `colour` at `depth`. */
static void
draw_rect(struct gpu *g, VkCommandBuffer cb, VkPipelineLayout layout, struct rect r,
          const float colour[4], float depth)
{
   struct push p = {
      .rect = {2.0f * r.x0 / W - 1, 2.0f * r.y0 / H - 1, 2.0f * r.x1 / W - 1, 2.0f * r.y1 / H - 1},
      .depth = depth};
   memcpy(p.colour, colour, 16);
   vkCmdPushConstants(cb, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                      sizeof(p), &p);
   vkCmdDraw(cb, 6, 1, 0, 0);
}

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   g->fs_input = agx_vk_shader(c, spv[2]);
   const VkShaderStageFlags push_stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
   g->layout = agx_vk_pipeline_layout(c, 0, NULL, push_stages, sizeof(struct push));
   VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 1,
                                     VK_SHADER_STAGE_FRAGMENT_BIT, NULL};
   VkDescriptorSetLayoutCreateInfo dci = {.sType =
                                             VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                          .bindingCount = 1,
                                          .pBindings = &b};
   VK_OK(vkCreateDescriptorSetLayout(c->dev, &dci, NULL, &g->input_dsl));
   g->input_layout = agx_vk_pipeline_layout(c, 1, &g->input_dsl, push_stages, sizeof(struct push));
   VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT, 1};
   VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                     .maxSets = 1,
                                     .poolSizeCount = 1,
                                     .pPoolSizes = &ps};
   VK_OK(vkCreateDescriptorPool(c->dev, &pci, NULL, &g->pool));
   g->out = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

static void
gpu_finish(struct gpu *g)
{
   VkDevice d = g->c->dev;
   agx_vk_buffer_free(g->c, &g->out);
   vkDestroyDescriptorPool(d, g->pool, NULL);
   vkDestroyPipelineLayout(d, g->input_layout, NULL);
   vkDestroyDescriptorSetLayout(d, g->input_dsl, NULL);
   vkDestroyPipelineLayout(d, g->layout, NULL);
   vkDestroyShaderModule(d, g->vs, NULL);
   vkDestroyShaderModule(d, g->fs, NULL);
   vkDestroyShaderModule(d, g->fs_input, NULL);
}

/* ---- "ops": two subpasses, load/store combinations, clears inside ------------ */

static const VkSubpassDependency deps[3] = {
   {VK_SUBPASS_EXTERNAL, 0, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
    VK_ACCESS_MEMORY_WRITE_BIT, VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
   {0, 1, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
    VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
    VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
       VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
       VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
    VK_DEPENDENCY_BY_REGION_BIT},
   {1, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
    VK_ACCESS_MEMORY_WRITE_BIT, VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
};

static VkAttachmentDescription
attachment(VkFormat format, VkAttachmentLoadOp load, VkAttachmentStoreOp store)
{
   return (VkAttachmentDescription){.format = format,
                                    .samples = VK_SAMPLE_COUNT_1_BIT,
                                    .loadOp = load,
                                    .storeOp = store,
                                    .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                    .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                    .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
                                    .finalLayout = VK_IMAGE_LAYOUT_GENERAL};
}

static unsigned
scene_ops(struct gpu *g, bool imageless)
{
   struct agx_vk_ctx *c = g->c;
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   VkImageUsageFlags cu = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   struct img A = make_image(c, rgba, 1, 1, cu), B = make_image(c, rgba, 1, 1, cu),
              C = make_image(c, rgba, 1, 1, cu),
              Z = make_image(c, VK_FORMAT_D32_SFLOAT, 1, 1,
                             VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
   /* A: CLEAR/STORE in both subpasses; B: LOAD/STORE, subpass 1 only;
    * C: DONT_CARE/STORE, drawn fully in subpass 0, preserved in 1;
    * Z: CLEAR/DONT_CARE depth of both subpasses. */
   VkAttachmentDescription atts[4] = {
      attachment(rgba, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(rgba, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(rgba, VK_ATTACHMENT_LOAD_OP_DONT_CARE, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(VK_FORMAT_D32_SFLOAT, VK_ATTACHMENT_LOAD_OP_CLEAR,
                 VK_ATTACHMENT_STORE_OP_DONT_CARE),
   };
   VkAttachmentReference s0c[2] = {{0, VK_IMAGE_LAYOUT_GENERAL}, {2, VK_IMAGE_LAYOUT_GENERAL}};
   VkAttachmentReference s1c[2] = {{0, VK_IMAGE_LAYOUT_GENERAL}, {1, VK_IMAGE_LAYOUT_GENERAL}};
   VkAttachmentReference zr = {3, VK_IMAGE_LAYOUT_GENERAL};
   uint32_t preserve = 2;
   VkSubpassDescription sub[2] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 2,
       .pColorAttachments = s0c,
       .pDepthStencilAttachment = &zr},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 2,
       .pColorAttachments = s1c,
       .pDepthStencilAttachment = &zr,
       .preserveAttachmentCount = 1,
       .pPreserveAttachments = &preserve},
   };
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 4,
                                  .pAttachments = atts,
                                  .subpassCount = 2,
                                  .pSubpasses = sub,
                                  .dependencyCount = 3,
                                  .pDependencies = deps};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkExtent2D gran;
   vkGetRenderAreaGranularity(c->dev, rp, &gran);
   CHECK(gran.width >= 1 && gran.height >= 1);

   VkImageView views[4] = {A.view, B.view, C.view, Z.view};
   VkFramebufferAttachmentImageInfo fai[4];
   VkFormat fmt[4] = {rgba, rgba, rgba, VK_FORMAT_D32_SFLOAT};
   struct img *imgs[4] = {&A, &B, &C, &Z};
   for (int i = 0; i < 4; i++) {
      fai[i] = (VkFramebufferAttachmentImageInfo){
         .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENT_IMAGE_INFO,
         .usage = (i == 3 ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT : cu) |
                  VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
         .width = W,
         .height = H,
         .layerCount = 1,
         .viewFormatCount = 1,
         .pViewFormats = &fmt[i]};
   }
   VkFramebufferAttachmentsCreateInfo fac = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENTS_CREATE_INFO,
      .attachmentImageInfoCount = 4,
      .pAttachmentImageInfos = fai};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .pNext = imageless ? &fac : NULL,
                                  .flags = imageless ? VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT : 0,
                                  .renderPass = rp,
                                  .attachmentCount = 4,
                                  .pAttachments = imageless ? NULL : views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));

   uint32_t mask_c[2] = {0, 0xF}, mask_ac[2] = {0xF, 0xF};
   struct pipe_desc pd = {.pass = rp, .subpass = 0, .color_count = 2, .depth = true};
   pd.write_masks = mask_c;
   VkPipeline p_c = pipeline(g, &pd);
   pd.write_masks = mask_ac;
   VkPipeline p_ac = pipeline(g, &pd);
   pd.subpass = 1;
   VkPipeline p_s1 = pipeline(g, &pd);

   const float clear_a[4] = U8(10, 20, 30, 255), pat_a[4] = U8(200, 0, 0, 255),
               pat_b[4] = U8(0, 200, 0, 255), pat_c[4] = U8(0, 0, 200, 255),
               k0[4] = U8(255, 255, 0, 255), k1[4] = U8(0, 255, 255, 255),
               k2[4] = U8(255, 0, 255, 128), c2[4] = U8(40, 80, 120, 160);
   struct rect all = {0, 0, W, H}, r1 = {8, 8, 40, 40}, r2 = {32, 4, 60, 20}, r3 = {24, 24, 56, 56},
               r4 = {40, 40, 64, 64};

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   for (int i = 0; i < 4; i++)
      to_general(cb, imgs[i]);
   fill_color(cb, &A, pat_a);
   fill_color(cb, &B, pat_b);
   fill_color(cb, &C, pat_c);
   fill_depth(cb, &Z, 0.0f, 0, 1, 0, 1); /* would reject everything if loaded */
   full_barrier(cb);
   VkClearValue clears[4] = {0};
   memcpy(clears[0].color.float32, clear_a, 16);
   clears[3].depthStencil.depth = 1.0f;
   VkRenderPassAttachmentBeginInfo abi = {.sType =
                                             VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO,
                                          .attachmentCount = 4,
                                          .pAttachments = views};
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .pNext = imageless ? &abi : NULL,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = 4,
                                .pClearValues = clears};
   vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p_c);
   draw_rect(g, cb, g->layout, all, k0, 0.9f);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p_ac);
   draw_rect(g, cb, g->layout, r1, k1, 0.5f);
   vkCmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
   VkClearAttachment ca[2] = {{VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = {.float32 = {0}}}},
                              {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {.depthStencil = {0.6f, 0}}}};
   memcpy(ca[0].clearValue.color.float32, c2, 16);
   VkClearRect cr0 = {{{r2.x0, r2.y0}, {r2.x1 - r2.x0, r2.y1 - r2.y0}}, 0, 1};
   VkClearRect cr1 = {{{r4.x0, r4.y0}, {r4.x1 - r4.x0, r4.y1 - r4.y0}}, 0, 1};
   vkCmdClearAttachments(cb, 1, &ca[0], 1, &cr0);
   vkCmdClearAttachments(cb, 1, &ca[1], 1, &cr1);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p_s1);
   draw_rect(g, cb, g->layout, r3, k2, 0.7f);
   vkCmdEndRenderPass(cb);

   uint32_t *got[3];
   for (int i = 0; i < 3; i++)
      got[i] = malloc(W * H * 4);
   struct agx_vk_buffer outs[3] = {
      agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT),
      agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT),
      agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT)};
   full_barrier(cb);
   for (int i = 0; i < 3; i++) {
      VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                                  .imageExtent = {W, H, 1}};
      vkCmdCopyImageToBuffer(cb, imgs[i]->image, VK_IMAGE_LAYOUT_GENERAL, outs[i].buf, 1, &region);
   }
   full_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));
   for (int i = 0; i < 3; i++)
      memcpy(got[i], outs[i].map, W * H * 4);

   /* The model. */
   uint32_t want[3][W * H];
   ref_fill(want[0], all, pack8(clear_a));
   ref_fill(want[0], r1, pack8(k1));
   ref_fill(want[0], r2, pack8(c2));
   ref_fill(want[1], all, pack8(pat_b));
   ref_fill(want[2], all, pack8(k0));
   ref_fill(want[2], r1, pack8(k1));
   for (int y = r3.y0; y < r3.y1; y++)
      for (int x = r3.x0; x < r3.x1; x++) {
         /* depth there: 0.5 in r1, 0.6 in r4 (cleared), 0.9 elsewhere */
         if (inside(r1, x, y) || inside(r4, x, y))
            continue;
         want[0][y * W + x] = want[1][y * W + x] = pack8(k2);
      }
   unsigned bad = 0;
   const char *names[2][3] = {{"ops: A (clear, two subpasses, clear rect)", "ops: B (load)",
                               "ops: C (don't care, preserved)"},
                              {"ops imageless: A", "ops imageless: B", "ops imageless: C"}};
   for (int i = 0; i < 3; i++) {
      bad += compare32(names[imageless][i], got[i], want[i], W, H);
      free(got[i]);
      agx_vk_buffer_free(c, &outs[i]);
   }
   vkDestroyPipeline(c->dev, p_c, NULL);
   vkDestroyPipeline(c->dev, p_ac, NULL);
   vkDestroyPipeline(c->dev, p_s1, NULL);
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   for (int i = 0; i < 4; i++)
      free_image(c, imgs[i]);
   return bad;
}

/* ---- "input": subpass 1 reads subpass 0's output ------------------------------ */

static unsigned
scene_input(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   struct img A = make_image(c, rgba, 1, 1,
                             VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT),
              B = make_image(c, rgba, 1, 1, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
   VkAttachmentDescription atts[2] = {
      attachment(rgba, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
      attachment(rgba, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE),
   };
   VkAttachmentReference a_out = {0, VK_IMAGE_LAYOUT_GENERAL}, a_in = {0, VK_IMAGE_LAYOUT_GENERAL},
                         b_out = {1, VK_IMAGE_LAYOUT_GENERAL};
   VkSubpassDescription sub[2] = {
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .colorAttachmentCount = 1,
       .pColorAttachments = &a_out},
      {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
       .inputAttachmentCount = 1,
       .pInputAttachments = &a_in,
       .colorAttachmentCount = 1,
       .pColorAttachments = &b_out},
   };
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 2,
                                  .pAttachments = atts,
                                  .subpassCount = 2,
                                  .pSubpasses = sub,
                                  .dependencyCount = 3,
                                  .pDependencies = deps};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkImageView views[2] = {A.view, B.view};
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 2,
                                  .pAttachments = views,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   struct pipe_desc pd = {.pass = rp, .subpass = 0, .color_count = 1};
   VkPipeline p0 = pipeline(g, &pd);
   pd.subpass = 1;
   pd.input = true;
   VkPipeline p1 = pipeline(g, &pd);
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = g->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &g->input_dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &set));
   VkDescriptorImageInfo ii = {VK_NULL_HANDLE, A.view, VK_IMAGE_LAYOUT_GENERAL};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT,
                              .pImageInfo = &ii};
   vkUpdateDescriptorSets(c->dev, 1, &wr, 0, NULL);

   const float clear_a[4] = U8(16, 32, 64, 255), clear_b[4] = U8(1, 2, 3, 4),
               k0[4] = U8(255, 128, 0, 64), k1[4] = U8(0, 64, 255, 192),
               scale[4] = U8(255, 255, 255, 255);
   struct rect r0 = {4, 4, 36, 36}, r1 = {28, 20, 60, 52}, r2 = {8, 16, 48, 60};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   to_general(cb, &B);
   full_barrier(cb);
   VkClearValue clears[2];
   memcpy(clears[0].color.float32, clear_a, 16);
   memcpy(clears[1].color.float32, clear_b, 16);
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = 2,
                                .pClearValues = clears};
   VkSubpassBeginInfo sbi = {.sType = VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO,
                             .contents = VK_SUBPASS_CONTENTS_INLINE};
   VkSubpassEndInfo sei = {.sType = VK_STRUCTURE_TYPE_SUBPASS_END_INFO};
   vkCmdBeginRenderPass2(cb, &rbi, &sbi);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p0);
   draw_rect(g, cb, g->layout, r0, k0, 0.5f);
   draw_rect(g, cb, g->layout, r1, k1, 0.5f);
   vkCmdNextSubpass2(cb, &sbi, &sei);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p1);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->input_layout, 0, 1, &set, 0,
                           NULL);
   draw_rect(g, cb, g->input_layout, r2, scale, 0.5f);
   vkCmdEndRenderPass2(cb, &sei);
   read_back(g, cb, &B, 0, 0);
   VK_OK(agx_vk_submit_wait(c, cb));

   uint32_t a[W * H], want[W * H];
   ref_fill(a, (struct rect){0, 0, W, H}, pack8(clear_a));
   ref_fill(a, r0, pack8(k0));
   ref_fill(a, r1, pack8(k1));
   ref_fill(want, (struct rect){0, 0, W, H}, pack8(clear_b));
   for (int y = r2.y0; y < r2.y1; y++)
      for (int x = r2.x0; x < r2.x1; x++) {
         uint32_t v = a[y * W + x]; /* abgr: channels reversed (scale 1.0) */
         want[y * W + x] = (v >> 24) | ((v >> 8) & 0xFF00) | ((v << 8) & 0xFF0000) | (v << 24);
      }
   unsigned bad = compare32("input: subpassLoad of subpass 0's output", g->out.map, want, W, H);
   vkDestroyPipeline(c->dev, p0, NULL);
   vkDestroyPipeline(c->dev, p1, NULL);
   VK_OK(vkResetDescriptorPool(c->dev, g->pool, 0));
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   free_image(c, &A);
   free_image(c, &B);
   return bad;
}

/* ---- "feedback": an attachment read as input in the subpass rendering it ---- */

static unsigned
scene_feedback(struct gpu *g, bool secondary)
{
   struct agx_vk_ctx *c = g->c;
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   struct img A = make_image(
      c, rgba, 1, 1, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT);
   VkAttachmentDescription att =
      attachment(rgba, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE);
   VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_GENERAL};
   VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                               .inputAttachmentCount = 1,
                               .pInputAttachments = &ref,
                               .colorAttachmentCount = 1,
                               .pColorAttachments = &ref};
   VkSubpassDependency sdeps[3] = {
      deps[0],
      {0, 0, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
       VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_ACCESS_INPUT_ATTACHMENT_READ_BIT,
       VK_DEPENDENCY_BY_REGION_BIT},
      deps[2],
   };
   sdeps[2].srcSubpass = 0;
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 1,
                                  .pAttachments = &att,
                                  .subpassCount = 1,
                                  .pSubpasses = &sub,
                                  .dependencyCount = 3,
                                  .pDependencies = sdeps};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(c->dev, &rpci, NULL, &rp));
   VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                  .renderPass = rp,
                                  .attachmentCount = 1,
                                  .pAttachments = &A.view,
                                  .width = W,
                                  .height = H,
                                  .layers = 1};
   VkFramebuffer fb;
   VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   struct pipe_desc pd = {.pass = rp, .subpass = 0, .color_count = 1};
   VkPipeline p0 = pipeline(g, &pd);
   pd.input = true;
   VkPipeline p1 = pipeline(g, &pd);
   VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                     .descriptorPool = g->pool,
                                     .descriptorSetCount = 1,
                                     .pSetLayouts = &g->input_dsl};
   VkDescriptorSet set;
   VK_OK(vkAllocateDescriptorSets(c->dev, &ai, &set));
   VkDescriptorImageInfo ii = {VK_NULL_HANDLE, A.view, VK_IMAGE_LAYOUT_GENERAL};
   VkWriteDescriptorSet wr = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                              .dstSet = set,
                              .descriptorCount = 1,
                              .descriptorType = VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT,
                              .pImageInfo = &ii};
   vkUpdateDescriptorSets(c->dev, 1, &wr, 0, NULL);

   const float pat[4] = U8(99, 98, 97, 96), clear_a[4] = U8(16, 32, 64, 255),
               k0[4] = U8(255, 128, 0, 64), scale[4] = U8(255, 255, 255, 255);
   struct rect r0 = {4, 4, 36, 36}, r2 = {20, 16, 60, 60};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   fill_color(cb, &A, pat); /* what a read of memory without the barrier would see */
   full_barrier(cb);
   VkClearValue clear;
   memcpy(clear.color.float32, clear_a, 16);
   VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                .renderPass = rp,
                                .framebuffer = fb,
                                .renderArea = {{0, 0}, {W, H}},
                                .clearValueCount = 1,
                                .pClearValues = &clear};
   vkCmdBeginRenderPass(cb, &rbi,
                        secondary ? VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS
                                  : VK_SUBPASS_CONTENTS_INLINE);
   /* "secondary": the draws and the barrier in a secondary continuing the
    * subpass (the primary's render command is split where it runs) */
   VkCommandBuffer dcb = cb;
   if (secondary) {
      VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = c->pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                         .commandBufferCount = 1};
      VK_OK(vkAllocateCommandBuffers(c->dev, &cai, &dcb));
      VkCommandBufferInheritanceInfo inh = {.sType =
                                               VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                            .renderPass = rp,
                                            .subpass = 0,
                                            .framebuffer = fb};
      VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                     .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                                     .pInheritanceInfo = &inh};
      VK_OK(vkBeginCommandBuffer(dcb, &bi));
   }
   vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, p0);
   draw_rect(g, dcb, g->layout, r0, k0, 0.5f);
   VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                         .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
                         .dstAccessMask = VK_ACCESS_INPUT_ATTACHMENT_READ_BIT};
   vkCmdPipelineBarrier(dcb, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                        VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_DEPENDENCY_BY_REGION_BIT, 1, &mb,
                        0, NULL, 0, NULL);
   vkCmdBindPipeline(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, p1);
   vkCmdBindDescriptorSets(dcb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->input_layout, 0, 1, &set, 0,
                           NULL);
   draw_rect(g, dcb, g->input_layout, r2, scale, 0.5f);
   if (secondary) {
      VK_OK(vkEndCommandBuffer(dcb));
      vkCmdExecuteCommands(cb, 1, &dcb);
   }
   vkCmdEndRenderPass(cb);
   read_back(g, cb, &A, 0, 0);
   VK_OK(agx_vk_submit_wait(c, cb));

   uint32_t before[W * H], want[W * H];
   ref_fill(before, (struct rect){0, 0, W, H}, pack8(clear_a));
   ref_fill(before, r0, pack8(k0));
   memcpy(want, before, sizeof(want));
   for (int y = r2.y0; y < r2.y1; y++)
      for (int x = r2.x0; x < r2.x1; x++) {
         uint32_t v = before[y * W + x]; /* abgr */
         want[y * W + x] = (v >> 24) | ((v >> 8) & 0xFF00) | ((v << 8) & 0xFF0000) | (v << 24);
      }
   unsigned bad =
      compare32(secondary ? "feedback: the same in a secondary"
                          : "feedback: input = colour attachment, barrier between draws",
                g->out.map, want, W, H);
   if (secondary)
      vkFreeCommandBuffers(c->dev, c->pool, 1, &dcb);
   vkDestroyPipeline(c->dev, p0, NULL);
   vkDestroyPipeline(c->dev, p1, NULL);
   VK_OK(vkResetDescriptorPool(c->dev, g->pool, 0));
   vkDestroyFramebuffer(c->dev, fb, NULL);
   vkDestroyRenderPass(c->dev, rp, NULL);
   free_image(c, &A);
   return bad;
}

/* ---- "partial": load-op clears of a partial render area ---------------------- */

static unsigned
scene_partial(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   struct img A = make_image(c, rgba, 1, 1, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT),
              Z = make_image(c, VK_FORMAT_D32_SFLOAT, 1, 1,
                             VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
   struct pipe_desc pd = {.color_count = 1,
                          .formats = &rgba,
                          .depth_format = VK_FORMAT_D32_SFLOAT,
                          .depth = true};
   VkPipeline p = pipeline(g, &pd);
   const float pat[4] = U8(90, 91, 92, 93), clear[4] = U8(200, 100, 50, 255),
               k[4] = U8(7, 8, 9, 10);
   struct rect area = {16, 8, 48, 40}, r = {20, 12, 30, 36};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   to_general(cb, &Z);
   fill_color(cb, &A, pat);
   fill_depth(cb, &Z, 0.25f, 0, 1, 0, 1);
   full_barrier(cb);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = A.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(ca.clearValue.color.float32, clear, 16);
   VkRenderingAttachmentInfo za = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = Z.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                   .clearValue = {.depthStencil = {0.75f, 0}}};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{area.x0, area.y0}, {area.x1 - area.x0, area.y1 - area.y0}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca,
                         .pDepthAttachment = &za};
   vkCmdBeginRendering(cb, &ri);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   draw_rect(g, cb, g->layout, r, k, 0.5f);
   vkCmdEndRendering(cb);
   struct agx_vk_buffer zout = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   read_back(g, cb, &A, 0, 0);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1},
                               .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, Z.image, VK_IMAGE_LAYOUT_GENERAL, zout.buf, 1, &region);
   full_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));

   uint32_t want[W * H];
   float wantz[W * H];
   ref_fill(want, (struct rect){0, 0, W, H}, pack8(pat));
   ref_fill(want, area, pack8(clear));
   ref_fill(want, r, pack8(k));
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         wantz[y * W + x] = inside(r, x, y) ? 0.5f : inside(area, x, y) ? 0.75f : 0.25f;
   unsigned bad = compare32("partial: colour CLEAR in a partial area", g->out.map, want, W, H);
   bad += compare_depth("partial: depth CLEAR in a partial area", zout.map, wantz, W, H);
   agx_vk_buffer_free(c, &zout);
   vkDestroyPipeline(c->dev, p, NULL);
   free_image(c, &A);
   free_image(c, &Z);
   return bad;
}

/* ---- "fold": vkCmdClearAttachments of everything before the first draw ------- */

static unsigned
scene_fold(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   struct img A = make_image(c, rgba, 1, 1, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT),
              Z = make_image(c, VK_FORMAT_D32_SFLOAT, 1, 1,
                             VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
   struct pipe_desc pd = {.color_count = 1,
                          .formats = &rgba,
                          .depth_format = VK_FORMAT_D32_SFLOAT,
                          .depth = true};
   VkPipeline p = pipeline(g, &pd);
   const float pat[4] = U8(1, 2, 3, 4), cf[4] = U8(60, 70, 80, 90), k[4] = U8(200, 10, 20, 30),
               k2[4] = U8(5, 250, 5, 250);
   struct rect r = {10, 20, 50, 40}, r2 = {30, 0, 40, 64};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   to_general(cb, &Z);
   fill_color(cb, &A, pat);
   fill_depth(cb, &Z, 0.0f, 0, 1, 0, 1); /* rejects every draw unless cleared */
   full_barrier(cb);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = A.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_LOAD,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingAttachmentInfo za = ca;
   za.imageView = Z.view;
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca,
                         .pDepthAttachment = &za};
   vkCmdBeginRendering(cb, &ri);
   VkClearAttachment clears[2] = {{VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = {.float32 = {0}}}},
                                  {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {.depthStencil = {1.0f, 0}}}};
   memcpy(clears[0].clearValue.color.float32, cf, 16);
   VkClearRect all = {{{0, 0}, {W, H}}, 0, 1};
   vkCmdClearAttachments(cb, 2, clears, 1, &all);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   draw_rect(g, cb, g->layout, r, k, 0.5f);
   /* after a draw the same clear of depth only splits the pass */
   vkCmdClearAttachments(cb, 1, &clears[1], 1, &all);
   draw_rect(g, cb, g->layout, r2, k2, 0.75f);
   vkCmdEndRendering(cb);
   read_back(g, cb, &A, 0, 0);
   VK_OK(agx_vk_submit_wait(c, cb));
   uint32_t want[W * H];
   ref_fill(want, (struct rect){0, 0, W, H}, pack8(cf));
   ref_fill(want, r, pack8(k));
   ref_fill(want, r2, pack8(k2)); /* depth 1.0 again everywhere: passes */
   unsigned bad =
      compare32("fold: clear of everything before the first draw", g->out.map, want, W, H);
   vkDestroyPipeline(c->dev, p, NULL);
   free_image(c, &A);
   free_image(c, &Z);
   return bad;
}

/* ---- "stencil": vkCmdClearAttachments of stencil rectangles ------------------ */

static unsigned
scene_stencil(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM, zs = VK_FORMAT_D32_SFLOAT_S8_UINT;
   struct img A = make_image(c, rgba, 1, 1, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT),
              Z = make_image(c, zs, 1, 1, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
   struct pipe_desc pd = {.color_count = 1,
                          .formats = &rgba,
                          .depth_format = zs,
                          .stencil_format = zs,
                          .stencil_equal = true};
   VkPipeline p = pipeline(g, &pd);
   const float ca_v[4] = U8(9, 19, 29, 39), k[4] = U8(240, 230, 220, 210);
   struct rect r1 = {6, 10, 30, 50}, r2 = {40, 0, 64, 24}, all = {0, 0, W, H};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   to_general(cb, &Z);
   full_barrier(cb);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = A.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(ca.clearValue.color.float32, ca_v, 16);
   VkRenderingAttachmentInfo za = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = Z.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                   .clearValue = {.depthStencil = {1.0f, 0}}};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca,
                         .pDepthAttachment = &za,
                         .pStencilAttachment = &za};
   vkCmdBeginRendering(cb, &ri);
   /* stencil 5 in r1 and r2, then (depth only) 7 would not touch stencil */
   VkClearAttachment st = {VK_IMAGE_ASPECT_STENCIL_BIT, 0, {.depthStencil = {0.0f, 5}}};
   VkClearRect rects[2] = {{{{r1.x0, r1.y0}, {r1.x1 - r1.x0, r1.y1 - r1.y0}}, 0, 1},
                           {{{r2.x0, r2.y0}, {r2.x1 - r2.x0, r2.y1 - r2.y0}}, 0, 1}};
   vkCmdClearAttachments(cb, 1, &st, 2, rects);
   VkClearAttachment dz = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {.depthStencil = {0.25f, 7}}};
   vkCmdClearAttachments(cb, 1, &dz, 1, &rects[1]);
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
   draw_rect(g, cb, g->layout, all, k, 0.5f); /* passes where stencil == 5 */
   vkCmdEndRendering(cb);
   read_back(g, cb, &A, 0, 0);
   VK_OK(agx_vk_submit_wait(c, cb));
   uint32_t want[W * H];
   ref_fill(want, all, pack8(ca_v));
   ref_fill(want, r1, pack8(k));
   ref_fill(want, r2, pack8(k));
   unsigned bad = compare32("stencil: clear rects, stencil test EQUAL", g->out.map, want, W, H);
   vkDestroyPipeline(c->dev, p, NULL);
   free_image(c, &A);
   free_image(c, &Z);
   return bad;
}

/* ---- "layers": vkCmdClearAttachments on two layers --------------------------- */

static unsigned
scene_layers(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   const VkFormat rgba = VK_FORMAT_R8G8B8A8_UNORM;
   struct img A = make_image(c, rgba, 2, 1, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
   const float pat[4] = U8(11, 22, 33, 44), cl[4] = U8(5, 6, 7, 8), v0[4] = U8(250, 0, 0, 255),
               v1[4] = U8(0, 250, 0, 255);
   struct rect r0 = {4, 4, 20, 60}, r1 = {16, 30, 60, 50}, r2 = {40, 0, 64, 10};
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &A);
   fill_color(cb, &A, pat);
   full_barrier(cb);
   VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                   .imageView = A.view,
                                   .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                   .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                   .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   memcpy(ca.clearValue.color.float32, cl, 16);
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {W, H}},
                         .layerCount = 2,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &ca};
   vkCmdBeginRendering(cb, &ri);
   VkClearAttachment att[2] = {{VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = {.float32 = {0}}}},
                               {VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = {.float32 = {0}}}}};
   memcpy(att[0].clearValue.color.float32, v0, 16);
   memcpy(att[1].clearValue.color.float32, v1, 16);
   /* v0: r0 on both layers, r1 on layer 1; then v1: r2 on layer 0. */
   VkClearRect rects[2] = {{{{r0.x0, r0.y0}, {r0.x1 - r0.x0, r0.y1 - r0.y0}}, 0, 2},
                           {{{r1.x0, r1.y0}, {r1.x1 - r1.x0, r1.y1 - r1.y0}}, 1, 1}};
   vkCmdClearAttachments(cb, 1, &att[0], 2, rects);
   VkClearRect rect2 = {{{r2.x0, r2.y0}, {r2.x1 - r2.x0, r2.y1 - r2.y0}}, 0, 1};
   vkCmdClearAttachments(cb, 1, &att[1], 1, &rect2);
   vkCmdEndRendering(cb);
   struct agx_vk_buffer out1 = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   read_back(g, cb, &A, 0, 0);
   VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 1},
                               .imageExtent = {W, H, 1}};
   vkCmdCopyImageToBuffer(cb, A.image, VK_IMAGE_LAYOUT_GENERAL, out1.buf, 1, &region);
   full_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));
   uint32_t want0[W * H], want1[W * H];
   /* loadOp CLEAR once: the render command resumed after each
    * vkCmdClearAttachments loads (the pattern is gone everywhere) */
   ref_fill(want0, (struct rect){0, 0, W, H}, pack8(cl));
   ref_fill(want1, (struct rect){0, 0, W, H}, pack8(cl));
   ref_fill(want0, r0, pack8(v0));
   ref_fill(want1, r0, pack8(v0));
   ref_fill(want1, r1, pack8(v0));
   ref_fill(want0, r2, pack8(v1));
   unsigned bad = compare32("layers: clear rects, layer 0", g->out.map, want0, W, H);
   bad += compare32("layers: clear rects, layer 1", out1.map, want1, W, H);
   agx_vk_buffer_free(c, &out1);
   free_image(c, &A);
   return bad;
}

/* ---- "clear_ds": vkCmdClearDepthStencilImage ---------------------------------- */

static unsigned
scene_clear_ds(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   struct img Z =
      make_image(c, VK_FORMAT_D32_SFLOAT, 2, 2, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   to_general(cb, &Z);
   fill_depth(cb, &Z, 0.25f, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS);
   full_barrier(cb);
   fill_depth(cb, &Z, 0.75f, 1, 1, 1, 1);                       /* level 1, layer 1 */
   fill_depth(cb, &Z, 1.0f, 0, 1, 1, 1);                        /* level 0, layer 1 */
   const float want_of[2][2] = {{0.25f, 1.0f}, {0.25f, 0.75f}}; /* [level][layer] */
   struct agx_vk_buffer outs[4];
   for (int i = 0; i < 4; i++) {
      outs[i] = agx_vk_buffer_usage(c, W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
      full_barrier(cb);
      uint32_t level = i / 2, layer = i % 2;
      VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, level, layer, 1},
                                  .imageExtent = {W >> level, H >> level, 1}};
      vkCmdCopyImageToBuffer(cb, Z.image, VK_IMAGE_LAYOUT_GENERAL, outs[i].buf, 1, &region);
   }
   full_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = 0;
   for (int i = 0; i < 4; i++) {
      uint32_t level = i / 2, layer = i % 2, w = W >> level, h = H >> level;
      float want[W * H];
      for (uint32_t k = 0; k < w * h; k++)
         want[k] = want_of[level][layer];
      char name[64];
      snprintf(name, sizeof(name), "clear_ds: level %u layer %u", level, layer);
      bad += compare_depth(name, outs[i].map, want, (int)w, (int)h);
      agx_vk_buffer_free(c, &outs[i]);
   }
   free_image(c, &Z);
   return bad;
}

/* ---- a resolve attachment (rendered by test_msaa) ------------------------------ */

static unsigned
scene_resolve(struct gpu *g)
{
   struct agx_vk_ctx *c = g->c;
   VkAttachmentDescription atts[2] = {
      attachment(VK_FORMAT_R8G8B8A8_UNORM, VK_ATTACHMENT_LOAD_OP_CLEAR,
                 VK_ATTACHMENT_STORE_OP_DONT_CARE),
      attachment(VK_FORMAT_R8G8B8A8_UNORM, VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                 VK_ATTACHMENT_STORE_OP_STORE),
   };
   atts[0].samples = VK_SAMPLE_COUNT_4_BIT;
   VkAttachmentReference col = {0, VK_IMAGE_LAYOUT_GENERAL}, res = {1, VK_IMAGE_LAYOUT_GENERAL};
   VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                               .colorAttachmentCount = 1,
                               .pColorAttachments = &col,
                               .pResolveAttachments = &res};
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 2,
                                  .pAttachments = atts,
                                  .subpassCount = 1,
                                  .pSubpasses = &sub};
   VkRenderPass rp = VK_NULL_HANDLE;
   VkResult r = vkCreateRenderPass(c->dev, &rpci, NULL, &rp);
   if (r != VK_SUCCESS) {
      fprintf(stderr, "resolve: a render pass with a resolve attachment failed (%d)\n", r);
      return 1;
   }
   vkDestroyRenderPass(c->dev, rp, NULL);
   printf("resolve: render pass with a resolve attachment: ok\n");
   return 0;
}

int
main(int argc, char **argv)
{
   if (argc < 4) {
      fprintf(stderr, "usage: %s RECT_VERT RECT_FRAG INPUT_FRAG [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   /* rp_rect.frag writes location 1 also where a subpass has one attachment. */
   agx_vk_ctx_allow(&c, "UNASSIGNED-CoreValidation-Shader-InterfaceTypeMismatch");
   agx_vk_ctx_allow(&c, "UNASSIGNED-CoreValidation-Shader-OutputNotConsumed");
   VkPhysicalDeviceVulkan12Features f12 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                           .imagelessFramebuffer = VK_TRUE};
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .pNext = &f12,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   /* independentBlend: per-attachment write masks. */
   VkPhysicalDeviceFeatures f10 = {.independentBlend = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, &f10, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   unsigned bad = 0;
   bad += scene_ops(&g, false);
   bad += scene_ops(&g, true);
   bad += scene_input(&g);
   bad += scene_feedback(&g, false);
   bad += scene_feedback(&g, true);
   bad += scene_partial(&g);
   bad += scene_layers(&g);
   bad += scene_fold(&g);
   bad += scene_stencil(&g);
   bad += scene_clear_ds(&g);
   bad += scene_resolve(&g);
   gpu_finish(&g);
   int status = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u checks failed\n", bad);
      return 1;
   }
   return status;
}
