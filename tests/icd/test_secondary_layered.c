/*
 * Secondary command buffers continuing a layered render pass (issue 20 items 3 and 6) through
 * the loader, the shape of dEQP-VK.geometry.layered.*.secondary_cmd_buffer: a secondary
 * recorded with RENDER_PASS_CONTINUE clears a rectangle on the upper half of the layers
 * (vkCmdClearAttachments with baseArrayLayer/layerCount), draws, records a pipeline barrier
 * inside the pass (the subpass's self-dependency), clears another rectangle on the lower half
 * of the layers and draws again. Attachments: a 2D-array image of LAYERS layers and a 3D image
 * of LAYERS slices seen through a 2D-array view (2D_ARRAY_COMPATIBLE); the pass is a
 * VkRenderPass (framebuffer inherited or not) or dynamic rendering (no barrier there: a
 * barrier inside dynamic rendering needs VK_KHR_dynamic_rendering_local_read).
 * A CPU model paints the same rectangles in recording order (edges on pixel boundaries, so
 * coverage is exact; draws reach layer 0 only, no layered rendering).
 * test_secondary_layered DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 48
#define H 32
#define LAYERS 4

struct rect {
   int x0, y0, x1, y1;
   uint8_t col[4];
};

enum op_kind { DRAW, CLEAR, BARRIER };
struct op {
   enum op_kind kind;
   struct rect r;
   unsigned first_layer, layer_count; /* CLEAR */
};

/* everything the secondary records, in order */
static const struct op ops[] = {
   {CLEAR, {24, 0, 48, 16, {128, 64, 0, 255}}, LAYERS / 2, LAYERS / 2},
   {DRAW, {4, 4, 30, 20, {255, 0, 0, 255}}, 0, 0},
   {BARRIER, {0}, 0, 0},
   {CLEAR, {24, 16, 48, 32, {10, 200, 30, 40}}, 0, LAYERS / 2},
   {DRAW, {20, 12, 40, 28, {0, 0, 255, 255}}, 0, 0},
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))
static const uint8_t clear_col[4] = {16, 32, 48, 64};

static void
model(uint8_t out[LAYERS][H][W][4])
{
   for (unsigned l = 0; l < LAYERS; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            memcpy(out[l][y][x], clear_col, 4);
   for (unsigned i = 0; i < NOPS; i++) {
      const struct op *o = &ops[i];
      for (unsigned l = 0; l < LAYERS && o->kind != BARRIER; l++) {
         bool hit =
            o->kind == DRAW ? l == 0 : l >= o->first_layer && l < o->first_layer + o->layer_count;
         for (int y = o->r.y0; hit && y < o->r.y1; y++)
            for (int x = o->r.x0; x < o->r.x1; x++)
               memcpy(out[l][y][x], o->r.col, 4);
      }
   }
}

struct gpu {
   struct agx_vk_ctx *c;
   VkShaderModule vs, fs;
   struct agx_vk_set set;
   VkPipelineLayout layout;
   struct agx_vk_buffer vb, out;
};

static void
gpu_init(struct gpu *g, struct agx_vk_ctx *c, char **spv)
{
   memset(g, 0, sizeof(*g));
   g->c = c;
   g->vs = agx_vk_shader(c, spv[0]);
   g->fs = agx_vk_shader(c, spv[1]);
   const struct agx_vk_binding b = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_VERTEX_BIT};
   agx_vk_set_create(c, 1, &b, &g->set);
   g->layout = agx_vk_pipeline_layout(c, 1, &g->set.layout, VK_SHADER_STAGE_VERTEX_BIT, 16);
   /* six vertices (two triangles) per op, clip position then colour */
   g->vb = agx_vk_buffer(c, NOPS * 6 * 32);
   float *v = (float *)g->vb.map;
   for (unsigned i = 0; i < NOPS; i++) {
      const struct rect *r = &ops[i].r;
      float x0 = r->x0 * 2.0f / W - 1, x1 = r->x1 * 2.0f / W - 1;
      float y0 = r->y0 * 2.0f / H - 1, y1 = r->y1 * 2.0f / H - 1;
      float xy[6][2] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y0}, {x1, y1}, {x0, y1}};
      for (int k = 0; k < 6; k++) {
         float *o = v + (6 * i + k) * 8;
         o[0] = xy[k][0], o[1] = xy[k][1], o[2] = 0.5f, o[3] = 1.0f;
         for (int ch = 0; ch < 4; ch++)
            o[4 + ch] = r->col[ch] / 255.0f;
      }
   }
   agx_vk_set_buffer(c, &g->set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, g->vb.buf);
   g->out = agx_vk_buffer_usage(c, LAYERS * W * H * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

static void
gpu_finish(struct gpu *g)
{
   agx_vk_buffer_free(g->c, &g->vb);
   agx_vk_buffer_free(g->c, &g->out);
   agx_vk_set_free(g->c, &g->set);
   vkDestroyPipelineLayout(g->c->dev, g->layout, NULL);
   vkDestroyShaderModule(g->c->dev, g->vs, NULL);
   vkDestroyShaderModule(g->c->dev, g->fs, NULL);
}

/* The colour attachment: a 2D array of LAYERS layers, or a 3D image of LAYERS slices, with a
 * 2D-array view of every layer / slice. */
static void
make_image(struct gpu *g, bool three_d, struct agx_vk_image *img)
{
   agx_vk_image_create(
      g->c,
      &(struct agx_vk_image_desc){
         .format = VK_FORMAT_R8G8B8A8_UNORM,
         .width = W,
         .height = H,
         .depth = three_d ? LAYERS : 1,
         .layers = three_d ? 1 : LAYERS,
         .three_d = three_d,
         .flags = three_d ? VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT : 0,
         .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
         .no_view = true,
      },
      img);
   img->view =
      agx_vk_image_view(g->c, img->image, VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_FORMAT_R8G8B8A8_UNORM,
                        (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS});
}

/* A render pass whose subpass has the self-dependency the secondary's barrier names. */
static VkRenderPass
make_render_pass(struct gpu *g)
{
   VkAttachmentDescription ad = {.format = VK_FORMAT_R8G8B8A8_UNORM,
                                 .samples = VK_SAMPLE_COUNT_1_BIT,
                                 .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                 .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                 .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                 .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                 .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                 .finalLayout = VK_IMAGE_LAYOUT_GENERAL};
   VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_GENERAL};
   VkSubpassDescription sp = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                              .colorAttachmentCount = 1,
                              .pColorAttachments = &ref};
   VkSubpassDependency dep = {.srcSubpass = 0,
                              .dstSubpass = 0,
                              .srcStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                              .dstStageMask = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                              .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_SHADER_READ_BIT,
                              .dependencyFlags = VK_DEPENDENCY_BY_REGION_BIT};
   VkRenderPassCreateInfo rci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                 .attachmentCount = 1,
                                 .pAttachments = &ad,
                                 .subpassCount = 1,
                                 .pSubpasses = &sp,
                                 .dependencyCount = 1,
                                 .pDependencies = &dep};
   VkRenderPass rp;
   VK_OK(vkCreateRenderPass(g->c->dev, &rci, NULL, &rp));
   return rp;
}

static void
record_op(struct gpu *g, VkCommandBuffer cb, VkPipeline p, unsigned i)
{
   const struct op *o = &ops[i];
   if (o->kind == DRAW) {
      vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
      vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, g->layout, 0, 1, &g->set.set, 0,
                              NULL);
      float push[4] = {0};
      vkCmdPushConstants(cb, g->layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, push);
      vkCmdDraw(cb, 6, 1, 6 * i, 0);
   } else if (o->kind == BARRIER) {
      VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                            .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                            .dstAccessMask = VK_ACCESS_SHADER_READ_BIT};
      vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT,
                           VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, VK_DEPENDENCY_BY_REGION_BIT, 1,
                           &mb, 0, NULL, 0, NULL);
   } else {
      VkClearAttachment a = {.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT, .colorAttachment = 0};
      for (int ch = 0; ch < 4; ch++)
         a.clearValue.color.float32[ch] = o->r.col[ch] / 255.0f;
      VkClearRect cr = {
         {{o->r.x0, o->r.y0}, {(uint32_t)(o->r.x1 - o->r.x0), (uint32_t)(o->r.y1 - o->r.y0)}},
         o->first_layer,
         o->layer_count};
      vkCmdClearAttachments(cb, 1, &a, 1, &cr);
   }
}

/* The secondary: every op (barriers only in a VkRenderPass, rp != NULL). */
static VkCommandBuffer
secondary(struct gpu *g, VkPipeline p, VkRenderPass rp, VkFramebuffer fb)
{
   struct agx_vk_ctx *c = g->c;
   VkFormat color = VK_FORMAT_R8G8B8A8_UNORM;
   VkCommandBufferInheritanceRenderingInfo iri = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO,
      .colorAttachmentCount = 1,
      .pColorAttachmentFormats = &color,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
   VkCommandBufferInheritanceInfo inh = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO,
                                         .pNext = rp ? NULL : &iri,
                                         .renderPass = rp,
                                         .framebuffer = fb};
   VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                     .commandPool = c->pool,
                                     .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
                                     .commandBufferCount = 1};
   VkCommandBuffer cb;
   VK_OK(vkAllocateCommandBuffers(c->dev, &ai, &cb));
   VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                  .flags = VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT,
                                  .pInheritanceInfo = &inh};
   VK_OK(vkBeginCommandBuffer(cb, &bi));
   for (unsigned i = 0; i < NOPS; i++)
      if (ops[i].kind != BARRIER || rp)
         record_op(g, cb, p, i);
   VK_OK(vkEndCommandBuffer(cb));
   return cb;
}

static unsigned
compare(struct gpu *g, const char *name)
{
   static uint8_t want[LAYERS][H][W][4];
   model(want);
   const uint8_t *got = g->out.map;
   unsigned bad = 0;
   for (unsigned l = 0; l < LAYERS; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const uint8_t *v = got + ((l * H + y) * W + x) * 4;
            if (memcmp(v, want[l][y][x], 4) && bad++ < 8)
               fprintf(stderr, "%s: layer %u pixel (%d, %d) = %u %u %u %u, want %u %u %u %u\n",
                       name, l, x, y, v[0], v[1], v[2], v[3], want[l][y][x][0], want[l][y][x][1],
                       want[l][y][x][2], want[l][y][x][3]);
         }
   printf("%s: %u mismatches\n", name, bad);
   return bad;
}

/* mode 0: dynamic rendering; 1: render pass, framebuffer inherited; 2: render pass, none
 * in the inheritance. */
static unsigned
run(struct gpu *g, const char *name, int mode, bool three_d)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image img;
   make_image(g, three_d, &img);
   VkRenderPass rp = mode ? make_render_pass(g) : VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   if (rp) {
      VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                     .renderPass = rp,
                                     .attachmentCount = 1,
                                     .pAttachments = &img.view,
                                     .width = W,
                                     .height = H,
                                     .layers = LAYERS};
      VK_OK(vkCreateFramebuffer(c->dev, &fci, NULL, &fb));
   }
   struct agx_vk_gfx pg;
   agx_vk_gfx_defaults(&pg, g->layout, g->vs, g->fs, VK_FORMAT_R8G8B8A8_UNORM);
   agx_vk_gfx_fixed_viewport(&pg, W, H);
   pg.ci.renderPass = rp;
   VkPipeline p = agx_vk_gfx_create(c, &pg);
   VkCommandBuffer sec = secondary(g, p, rp, mode == 1 ? fb : VK_NULL_HANDLE);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   agx_vk_barrier(cb, img.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_GENERAL, AGX_VK_NONE, AGX_VK_ALL_RW);
   VkClearValue cv;
   for (int ch = 0; ch < 4; ch++)
      cv.color.float32[ch] = clear_col[ch] / 255.0f;
   if (rp) {
      VkRenderPassBeginInfo rbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                   .renderPass = rp,
                                   .framebuffer = fb,
                                   .renderArea = {{0, 0}, {W, H}},
                                   .clearValueCount = 1,
                                   .pClearValues = &cv};
      vkCmdBeginRenderPass(cb, &rbi, VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS);
      vkCmdExecuteCommands(cb, 1, &sec);
      vkCmdEndRenderPass(cb);
   } else {
      VkRenderingAttachmentInfo ca = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                      .imageView = img.view,
                                      .imageLayout = VK_IMAGE_LAYOUT_GENERAL,
                                      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                      .clearValue = cv};
      agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){
                                    .width = W,
                                    .height = H,
                                    .layers = LAYERS,
                                    .color_count = 1,
                                    .colors = &ca,
                                    .flags = VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT});
      vkCmdExecuteCommands(cb, 1, &sec);
      vkCmdEndRendering(cb);
   }
   agx_vk_memory_barrier(cb, AGX_VK_ALL_WRITE, AGX_VK_COPY_READ);
   /* layer after layer (slice after slice) into the buffer */
   VkBufferImageCopy r = {
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, three_d ? 1 : LAYERS},
      .imageExtent = {W, H, three_d ? LAYERS : 1}};
   vkCmdCopyImageToBuffer(cb, img.image, VK_IMAGE_LAYOUT_GENERAL, g->out.buf, 1, &r);
   agx_vk_host_barrier(cb);
   memset(g->out.map, 0, g->out.size);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = compare(g, name);
   vkFreeCommandBuffers(c->dev, c->pool, 1, &sec);
   vkDestroyPipeline(c->dev, p, NULL);
   if (fb)
      vkDestroyFramebuffer(c->dev, fb, NULL);
   if (rp)
      vkDestroyRenderPass(c->dev, rp, NULL);
   agx_vk_image_free(c, &img);
   return bad;
}

int
main(int argc, char **argv)
{
   if (argc < 3) {
      fprintf(stderr, "usage: %s DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]\n",
              argv[0]);
      return 2;
   }
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device_features(&c, &f13, NULL, 0, NULL);
   struct gpu g;
   gpu_init(&g, &c, argv + 1);
   unsigned bad = 0;
   bad += run(&g, "render pass, 2D array, framebuffer inherited", 1, false);
   bad += run(&g, "render pass, 2D array, no framebuffer inherited", 2, false);
   bad += run(&g, "render pass, 3D slices, framebuffer inherited", 1, true);
   bad += run(&g, "render pass, 3D slices, no framebuffer inherited", 2, true);
   bad += run(&g, "dynamic rendering, 2D array", 0, false);
   bad += run(&g, "dynamic rendering, 3D slices", 0, true);
   gpu_finish(&g);
   int rc = agx_vk_ctx_finish(&c);
   if (bad) {
      fprintf(stderr, "%u mismatches\n", bad);
      return 1;
   }
   return rc;
}
