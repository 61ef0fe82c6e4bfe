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
 * Ops, secondaries, the CPU model and readback are secondary_scene.h's (shared with
 * test_secondary_clear).
 * test_secondary_layered DRAW_VERT_SPV DRAW_FRAG_SPV [--validation] [--reference]
 */
#define W 48
#define H 32
#define LAYERS 4

#include "secondary_scene.h"

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

/* The colour attachment: a 2D array of LAYERS layers, or a 3D image of LAYERS slices, with a
 * 2D-array view of every layer / slice. */
static void
make_image(struct gpu *g, bool three_d, struct agx_vk_image *img)
{
   agx_vk_image_create(
      g->c,
      &(struct agx_vk_image_desc){
         .format = SCENE_FORMAT,
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
      agx_vk_image_view(g->c, img->image, VK_IMAGE_VIEW_TYPE_2D_ARRAY, SCENE_FORMAT,
                        (VkImageSubresourceRange){VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, LAYERS});
}

/* mode 0: dynamic rendering; 1: render pass, framebuffer inherited; 2: render pass, none
 * in the inheritance. */
static unsigned
run(struct gpu *g, const char *name, int mode, bool three_d)
{
   struct agx_vk_ctx *c = g->c;
   struct agx_vk_image img;
   make_image(g, three_d, &img);
   /* the subpass has the self-dependency the secondary's barrier names */
   VkRenderPass rp = mode ? scene_render_pass(g, true) : VK_NULL_HANDLE;
   VkFramebuffer fb = rp ? agx_vk_framebuffer(c, rp, 1, &img.view, W, H, LAYERS) : VK_NULL_HANDLE;
   VkPipeline p = scene_pipeline(g, rp);
   VkCommandBuffer sec =
      scene_secondary(g, p, rp, mode == 1 ? fb : VK_NULL_HANDLE, 0, NOPS - 1, LAYERS);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   scene_begin(g, cb, img.image, rp, fb, img.view, LAYERS);
   vkCmdExecuteCommands(cb, 1, &sec);
   /* layer after layer (slice after slice) into the buffer */
   scene_end(g, cb, img.image, rp, LAYERS, three_d);
   VK_OK(agx_vk_submit_wait(c, cb));
   unsigned bad = scene_compare(g, name, LAYERS);
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
   struct agx_vk_ctx c;
   scene_device(&c, argc, argv);
   struct gpu g;
   gpu_init(&g, &c, argv + 1, ops, NOPS, clear_col);
   unsigned bad = 0;
   bad += run(&g, "render pass, 2D array, framebuffer inherited", 1, false);
   bad += run(&g, "render pass, 2D array, no framebuffer inherited", 2, false);
   bad += run(&g, "render pass, 3D slices, framebuffer inherited", 1, true);
   bad += run(&g, "render pass, 3D slices, no framebuffer inherited", 2, true);
   bad += run(&g, "dynamic rendering, 2D array", 0, false);
   bad += run(&g, "dynamic rendering, 3D slices", 0, true);
   return scene_finish(&g, bad);
}
