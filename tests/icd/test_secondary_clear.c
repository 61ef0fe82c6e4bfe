/*
 * vkCmdClearAttachments recorded in secondary command buffers that continue a render pass
 * (issue 20 items 3 and 6) through the loader, compared with a CPU model that paints the
 * same rectangles in recording order (edges on pixel boundaries, so coverage is exact):
 * the primary clears the R8G8B8A8 attachment (loadOp CLEAR), draws a rectangle, executes a
 * secondary that draws, clears two rectangles (two colours, one call each) and draws again,
 * then executes a second secondary that only clears, and draws once more itself. Run with
 * dynamic rendering (inheritance rendering info) and with a VkRenderPass subpass
 * (VK_SUBPASS_CONTENTS_SECONDARY_COMMAND_BUFFERS, inheritance of the render pass with and
 * without the framebuffer), and once with a two-layer attachment whose clear rectangle names
 * layer 1 only. Ops, secondaries, the CPU model and readback are secondary_scene.h's (shared
 * with test_secondary_layered).
 * test_secondary_clear DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#define W 64
#define H 32
#define LAYERS 2

#include "secondary_scene.h"

/* primary: draw 0; secondary A: draw 1, clear 2, clear 3 (layer 1, or the last layer on one
 * layer), draw 4; secondary B: clear 5; primary: draw 6 */
static const struct op ops[] = {
   {DRAW, {4, 4, 40, 20, {255, 0, 0, 255}}, -1},   {DRAW, {20, 10, 60, 28, {0, 255, 0, 255}}, -1},
   {CLEAR, {8, 8, 30, 16, {10, 20, 30, 40}}, -1},  {CLEAR, {36, 2, 50, 12, {200, 100, 50, 25}}, 1},
   {DRAW, {26, 14, 44, 30, {0, 0, 255, 255}}, -1}, {CLEAR, {0, 24, 16, 32, {90, 90, 90, 90}}, -1},
   {DRAW, {46, 0, 64, 6, {255, 255, 0, 255}}, -1},
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))
static const uint8_t clear_col[4] = {16, 32, 48, 64};

/* mode 0: dynamic rendering; 1: render pass, framebuffer inherited; 2: render pass, no
 * framebuffer in the inheritance. `img` has LAYERS layers; the pass sees `layers`. */
static unsigned
run(struct gpu *g, const struct agx_vk_image *img, const char *name, int mode, unsigned layers)
{
   struct agx_vk_ctx *c = g->c;
   VkImageView view = agx_vk_image_view(
      c, img->image, layers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D, SCENE_FORMAT,
      (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers});
   VkRenderPass rp = mode ? scene_render_pass(g, false) : VK_NULL_HANDLE;
   VkFramebuffer fb = rp ? agx_vk_framebuffer(c, rp, 1, &view, W, H, layers) : VK_NULL_HANDLE;
   VkPipeline p = scene_pipeline(g, rp);
   VkFramebuffer inherited = mode == 1 ? fb : VK_NULL_HANDLE;
   VkCommandBuffer secs[4];
   /* the primary's own draws go into secondaries too: a subpass with SECONDARY contents
    * takes nothing else */
   secs[0] = scene_secondary(g, p, rp, VK_NULL_HANDLE, 0, 0, layers);
   secs[1] = scene_secondary(g, p, rp, inherited, 1, 4, layers);
   secs[2] = scene_secondary(g, p, rp, inherited, 5, 5, layers);
   secs[3] = scene_secondary(g, p, rp, VK_NULL_HANDLE, 6, 6, layers);
   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   scene_begin(g, cb, img->image, rp, fb, view, layers);
   vkCmdExecuteCommands(cb, 4, secs);
   scene_end(g, cb, img->image, rp, layers, false);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = scene_compare(g, name, layers);
   vkFreeCommandBuffers(c->dev, c->pool, 4, secs);
   vkDestroyPipeline(c->dev, p, NULL);
   if (fb)
      vkDestroyFramebuffer(c->dev, fb, NULL);
   if (rp)
      vkDestroyRenderPass(c->dev, rp, NULL);
   vkDestroyImageView(c->dev, view, NULL);
   return bad;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   scene_device(&c, argc, argv);
   struct gpu g;
   gpu_init(&g, &c, argv + 1, ops, NOPS, clear_col);
   struct agx_vk_image img;
   agx_vk_image_create(&c,
                       &(struct agx_vk_image_desc){.format = SCENE_FORMAT,
                                                   .width = W,
                                                   .height = H,
                                                   .layers = LAYERS,
                                                   .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                                   .no_view = true},
                       &img);
   unsigned bad = 0;
   bad += run(&g, &img, "dynamic rendering", 0, 1);
   bad += run(&g, &img, "render pass, framebuffer inherited", 1, 1);
   bad += run(&g, &img, "render pass, no framebuffer inherited", 2, 1);
   bad += run(&g, &img, "dynamic rendering, two layers", 0, LAYERS);
   bad += run(&g, &img, "render pass, two layers", 1, LAYERS);
   agx_vk_image_free(&c, &img);
   return scene_finish(&g, bad);
}
