/*
 * Render passes recorded through the driver's entry points (no loader):
 *  - the background/end-of-tile programs are built once per key and cached
 *    on the device: passes with the same attachment formats and ops reuse
 *    them (no new "tile program" BO), a load instead of a clear adds one BG
 *    program, a store mask change one EOT program;
 *  - each pass becomes one VDM stream whose render command carries the
 *    framebuffer, the tilebuffer's utile and sample size, BG/EOT word
 *    lists (partial = main) and no scissor array without draws;
 *  - bad input gets an error, not a crash: a colour format the tilebuffer
 *    does not take, a draw outside a render pass, a draw without a
 *    pipeline, vkCmdClearAttachments outside a pass, vkCmdNextSubpass
 *    without a render pass (vkEndCommandBuffer reports VK_ERROR_UNKNOWN),
 *    render passes with 9 colour attachments or 4 samples;
 *  - vkCmdClearAttachments splits a pass into render, compute (the clear
 *    kernel), render commands, except a clear of everything before any
 *    draw, which becomes a load-op clear of the one render command.
 */
#include <string.h>

#include "agx_internal_test.h"
#include "agxv_bo.h"
#include "agxv_clear_draw.h"
#include "agxv_cmd_buffer.h"

static unsigned
count_tile_bos(struct agxv_device *dev)
{
   unsigned n = 0;
   pthread_mutex_lock(&dev->va_mutex);
   for (struct agxv_bo *bo = dev->bos; bo; bo = bo->next)
      n += strcmp(bo->label, "tile program") == 0;
   pthread_mutex_unlock(&dev->va_mutex);
   return n;
}

struct target {
   VkImage image;
   VkDeviceMemory mem;
   VkImageView view;
};

static struct target
make_target(struct agx_test_device *t, VkFormat format, VkImageUsageFlags usage)
{
   struct target r;
   VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                            .imageType = VK_IMAGE_TYPE_2D,
                            .format = format,
                            .extent = {40, 24, 1},
                            .mipLevels = 1,
                            .arrayLayers = 1,
                            .samples = VK_SAMPLE_COUNT_1_BIT,
                            .tiling = VK_IMAGE_TILING_OPTIMAL,
                            .usage = usage};
   CHECK(agxv_CreateImage(t->vk, &ici, NULL, &r.image) == VK_SUCCESS);
   VkMemoryRequirements req;
   agxv_GetImageMemoryRequirements(t->vk, r.image, &req);
   VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                               .allocationSize = req.size};
   CHECK(agxv_AllocateMemory(t->vk, &mai, NULL, &r.mem) == VK_SUCCESS);
   CHECK(agxv_BindImageMemory(t->vk, r.image, r.mem, 0) == VK_SUCCESS);
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = r.image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = format,
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   CHECK(agxv_CreateImageView(t->vk, &vci, NULL, &r.view) == VK_SUCCESS);
   return r;
}

static void
free_target(struct agx_test_device *t, struct target *r)
{
   agxv_DestroyImageView(t->vk, r->view, NULL);
   agxv_DestroyImage(t->vk, r->image, NULL);
   agxv_FreeMemory(t->vk, r->mem, NULL);
}

static void
pass(VkCommandBuffer cb, VkImageView view, VkAttachmentLoadOp load, VkAttachmentStoreOp store)
{
   VkRenderingAttachmentInfo att = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                    .imageView = view,
                                    .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                    .loadOp = load,
                                    .storeOp = store};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {40, 24}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &att};
   agxv_CmdBeginRendering(cb, &ri);
   agxv_CmdEndRendering(cb);
}

int
main(void)
{
   struct agx_test_device t = agx_test_device_create();
   VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   VkCommandPool pool;
   CHECK(agxv_CreateCommandPool(t.vk, &pci, NULL, &pool) == VK_SUCCESS);
   VkCommandBufferAllocateInfo cai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                      .commandPool = pool,
                                      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                      .commandBufferCount = 1};
   VkCommandBuffer cb;
   CHECK(agxv_AllocateCommandBuffers(t.vk, &cai, &cb) == VK_SUCCESS);
   struct agxv_cmd_buffer *cmd = agxv_cmd_buffer_from_handle(cb);
   struct target rt = make_target(&t, VK_FORMAT_R8G8B8A8_UNORM,
                                  VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT);
   VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};

   /* The cache: clear+store (BG clear, EOT store), again (nothing new),
    * load+store (one new BG), clear+don't care (one new EOT: no stores). */
   CHECK(count_tile_bos(t.dev) == 0);
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   pass(cb, rt.view, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE);
   CHECK(count_tile_bos(t.dev) == 2);
   pass(cb, rt.view, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE);
   CHECK(count_tile_bos(t.dev) == 2);
   pass(cb, rt.view, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE);
   CHECK(count_tile_bos(t.dev) == 3);
   pass(cb, rt.view, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE);
   CHECK(count_tile_bos(t.dev) == 4);
   pass(cb, rt.view, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE);
   CHECK(count_tile_bos(t.dev) == 4);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);

   /* One render command per pass. */
   CHECK(cmd->stream_count == 5);
   for (unsigned i = 0; i < 5; i++) {
      const struct agxv_cmd_stream *s = &cmd->streams[i];
      const struct drm_asahi_cmd_render *r = &s->render.cmd;
      CHECK(s->type == AGXV_CS_VDM);
      CHECK(r->width_px == 40 && r->height_px == 24 && r->layers == 1 && r->samples == 1);
      /* RGBA8 unorm: 4 bytes per sample, rounded to 8 (graphics.md 5.2) */
      CHECK(r->sample_size_B == 8 && r->utile_width_px == 32 && r->utile_height_px == 32);
      CHECK((r->bg.usc & 7) == 4 && (r->eot.usc & 7) == 4 && r->bg.usc != r->eot.usc);
      CHECK(r->partial_bg.usc == r->bg.usc && r->partial_eot.usc == r->eot.usc);
      CHECK(r->isp_scissor_base == 0); /* no draws, no scissors */
   }
   /* Each pass has its own BG word list (its clear values), even when it
    * shares the program. */
   CHECK(cmd->streams[0].render.cmd.bg.usc != cmd->streams[1].render.cmd.bg.usc);

   /* Bad input: errors at vkEndCommandBuffer, no crash. */
   struct target bad = make_target(&t, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_USAGE_SAMPLED_BIT);
   agxv_DestroyImageView(t.vk, bad.view, NULL);
   VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                .image = bad.image,
                                .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                .format = VK_FORMAT_A2B10G10R10_SINT_PACK32, /* not renderable */
                                .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
   CHECK(agxv_CreateImageView(t.vk, &vci, NULL, &bad.view) == VK_SUCCESS);
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   pass(cb, bad.view, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE);
   CHECK(agxv_EndCommandBuffer(cb) == VK_ERROR_UNKNOWN);
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_CmdDraw(cb, 3, 1, 0, 0);
   CHECK(agxv_EndCommandBuffer(cb) == VK_ERROR_UNKNOWN);
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   VkRenderingAttachmentInfo att = {.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO,
                                    .imageView = rt.view,
                                    .imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                    .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                    .storeOp = VK_ATTACHMENT_STORE_OP_STORE};
   VkRenderingInfo ri = {.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
                         .renderArea = {{0, 0}, {40, 24}},
                         .layerCount = 1,
                         .colorAttachmentCount = 1,
                         .pColorAttachments = &att};
   agxv_CmdBeginRendering(cb, &ri);
   agxv_CmdDraw(cb, 3, 1, 0, 0); /* no pipeline bound */
   agxv_CmdEndRendering(cb);
   CHECK(agxv_EndCommandBuffer(cb) == VK_ERROR_UNKNOWN);
   CHECK(count_tile_bos(t.dev) == 4);

   /* vkCmdClearAttachments after the pass began drawing is a draw inside the render command
    * (agxv_clear_draw.h): one render command, no compute; its pipeline is compiled once per
    * key and kept on the device. */
   uint32_t clear_pipelines = agxv_clear_draw_pipeline_count(t.dev);
   for (int round = 0; round < 2; round++) {
      CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
      att.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
      agxv_CmdBeginRendering(cb, &ri);
      VkClearAttachment ca = {VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = {.float32 = {1, 0, 0, 1}}}};
      VkClearRect rect = {{{2, 2}, {8, 8}}, 0, 1};
      agxv_CmdClearAttachments(cb, 1, &ca, 1, &rect);
      agxv_CmdEndRendering(cb);
      CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);
      CHECK(cmd->stream_count == 1);
      CHECK(cmd->streams[0].type == AGXV_CS_VDM);
      CHECK(cmd->streams[0].render.cmd.width_px == 40);
      /* the clear's scissor: one ISP Scissor entry */
      CHECK(cmd->streams[0].render.cmd.isp_scissor_base != 0);
      CHECK(agxv_clear_draw_pipeline_count(t.dev) == clear_pipelines + 1);
   }
   VkClearAttachment ca = {VK_IMAGE_ASPECT_COLOR_BIT, 0, {.color = {.float32 = {1, 0, 0, 1}}}};
   VkClearRect rect = {{{2, 2}, {8, 8}}, 0, 1};
   /* Before any draw, a clear of everything becomes a load-op clear: one
    * render command, processing empty tiles (a stored clear). */
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   att.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
   agxv_CmdBeginRendering(cb, &ri);
   CHECK(!(cmd->open.render.cmd.flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES));
   VkClearRect all = {{{0, 0}, {40, 24}}, 0, 1};
   agxv_CmdClearAttachments(cb, 1, &ca, 1, &all);
   agxv_CmdEndRendering(cb);
   CHECK(agxv_EndCommandBuffer(cb) == VK_SUCCESS);
   CHECK(cmd->stream_count == 1);
   CHECK(cmd->streams[0].render.cmd.flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES);
   /* ... and outside a pass it is an error, as are subpass commands
    * without a render pass. */
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_CmdClearAttachments(cb, 1, &ca, 1, &rect);
   CHECK(agxv_EndCommandBuffer(cb) == VK_ERROR_UNKNOWN);
   CHECK(agxv_BeginCommandBuffer(cb, &begin) == VK_SUCCESS);
   agxv_CmdNextSubpass(cb, VK_SUBPASS_CONTENTS_INLINE);
   agxv_CmdEndRenderPass(cb);
   CHECK(agxv_EndCommandBuffer(cb) == VK_ERROR_UNKNOWN);
   /* Render passes the driver cannot run are refused at creation. */
   VkAttachmentDescription ad = {.format = VK_FORMAT_R8G8B8A8_UNORM,
                                 .samples = VK_SAMPLE_COUNT_1_BIT,
                                 .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                 .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                 .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
                                 .finalLayout = VK_IMAGE_LAYOUT_GENERAL};
   VkAttachmentReference refs[9];
   for (unsigned i = 0; i < 9; i++)
      refs[i] = (VkAttachmentReference){0, VK_IMAGE_LAYOUT_GENERAL};
   VkSubpassDescription sd = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                              .colorAttachmentCount = 9,
                              .pColorAttachments = refs};
   VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                  .attachmentCount = 1,
                                  .pAttachments = &ad,
                                  .subpassCount = 1,
                                  .pSubpasses = &sd};
   VkRenderPass rp;
   CHECK(agxv_CreateRenderPass(t.vk, &rpci, NULL, &rp) == VK_ERROR_UNKNOWN);
   sd.colorAttachmentCount = 1;
   ad.samples = VK_SAMPLE_COUNT_8_BIT; /* 1, 2 or 4 samples */
   CHECK(agxv_CreateRenderPass(t.vk, &rpci, NULL, &rp) == VK_ERROR_UNKNOWN);
   ad.samples = VK_SAMPLE_COUNT_1_BIT;
   CHECK(agxv_CreateRenderPass(t.vk, &rpci, NULL, &rp) == VK_SUCCESS);
   agxv_DestroyRenderPass(t.vk, rp, NULL);

   free_target(&t, &bad);
   free_target(&t, &rt);
   agxv_DestroyCommandPool(t.vk, pool, NULL);
   agx_test_device_destroy(&t);
   printf("ok\n");
   return 0;
}
