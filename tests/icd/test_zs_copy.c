/*
 * vkCmdCopyImage between D32_SFLOAT_S8_UINT images through the loader (the
 * CTS low_resolution_z.cross_renderpass.copy_image_invalidates scene): a
 * transfer image cleared with vkCmdClearDepthStencilImage is copied into a
 * depth/stencil attachment whose previous rendering stored other values,
 * by regions naming DEPTH|STENCIL together (one region, both aspects), the
 * STENCIL aspect alone and the DEPTH aspect alone, each into its own
 * rectangle and layer. Both aspects of every texel of both layers are read
 * back (vkCmdCopyImageToBuffer per aspect) and compared with the values a
 * CPU model of the copies puts there: the copied aspects take the source's
 * clear value inside their rectangle, everything else keeps what the
 * rendering stored.
 *
 * lavapipe (--reference) copies both aspects of its packed D32S8 texels
 * for a single-aspect region, so reference runs leave those regions out.
 *
 * Assumes D32_SFLOAT_S8_UINT supports optimal-tiled depth/stencil
 * attachments and transfers (Vulkan requires it or D24_UNORM_S8_UINT;
 * lavapipe and agx-vk have it).
 *
 * test_zs_copy [--validation] [--reference]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_vk_gfx.h"

#define W 40
#define H 24
#define LAYERS 2
#define FMT VK_FORMAT_D32_SFLOAT_S8_UINT
#define ZS (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)

static const float src_depth = 0.8f, dst_depth = 0.3f;
static const uint8_t src_stencil = 0x5A, dst_stencil = 0x11;

/* One copy region: aspects, destination layer, source and destination
 * offsets, extent. */
struct region {
   VkImageAspectFlags aspect;
   uint32_t layer;
   int sx, sy, dx, dy, w, h;
};

static const struct region regions[] = {
   {ZS, 0, 0, 0, 0, 0, W, H},                            /* the CTS case: the whole layer */
   {ZS, 1, 3, 2, 5, 4, 17, 9},                           /* both aspects, a sub-rectangle */
   {VK_IMAGE_ASPECT_STENCIL_BIT, 1, 0, 0, 24, 14, 9, 7}, /* stencil alone */
   {VK_IMAGE_ASPECT_DEPTH_BIT, 1, 1, 1, 2, 16, 12, 6},   /* depth alone */
};
#define NREG (sizeof(regions) / sizeof(regions[0]))

/* Whether region r is copied in this run (see above for lavapipe). */
static bool
used(unsigned r, bool reference)
{
   return !reference || regions[r].aspect == ZS;
}

/* Whether (x, y) of `layer` takes the source's value of one aspect. */
static bool
copied(uint32_t layer, int x, int y, VkImageAspectFlags aspect, bool reference)
{
   for (unsigned r = 0; r < NREG; r++) {
      const struct region *g = &regions[r];
      if (used(r, reference) && g->layer == layer && (g->aspect & aspect) && x >= g->dx &&
          x < g->dx + g->w && y >= g->dy && y < g->dy + g->h)
         return true;
   }
   return false;
}

static unsigned
check(const struct agx_vk_buffer *depth, const struct agx_vk_buffer *stencil, bool reference)
{
   unsigned bad = 0;
   const float *z = (const float *)depth->ptr;
   const uint8_t *s = stencil->map;
   for (uint32_t l = 0; l < LAYERS; l++)
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            size_t i = ((size_t)l * H + y) * W + x;
            float wz =
               copied(l, x, y, VK_IMAGE_ASPECT_DEPTH_BIT, reference) ? src_depth : dst_depth;
            uint8_t ws =
               copied(l, x, y, VK_IMAGE_ASPECT_STENCIL_BIT, reference) ? src_stencil : dst_stencil;
            if (z[i] != wz && bad++ < 8)
               fprintf(stderr, "layer %u (%d,%d): depth %g, want %g\n", l, x, y, z[i], wz);
            if (s[i] != ws && bad++ < 8)
               fprintf(stderr, "layer %u (%d,%d): stencil 0x%02x, want 0x%02x\n", l, x, y, s[i],
                       ws);
         }
   return bad;
}

/* Stores dst_depth / dst_stencil into every layer of the attachment by a
 * cleared and stored rendering (no draws), leaving it in GENERAL. */
static void
render_clear(VkCommandBuffer cb, const struct agx_vk_image *att)
{
   agx_vk_barrier(cb, att->image, ZS, VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, AGX_VK_NONE, AGX_VK_DEPTH_RW);
   VkClearDepthStencilValue cv = {dst_depth, dst_stencil};
   VkRenderingAttachmentInfo zs =
      agx_vk_depth_attachment(att->view, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, &cv);
   agx_vk_begin_rendering(cb, &(struct agx_vk_rendering){.width = W,
                                                         .height = H,
                                                         .layers = LAYERS,
                                                         .depth = &zs,
                                                         .stencil = &zs});
   vkCmdEndRendering(cb);
   agx_vk_barrier(cb, att->image, ZS, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                  VK_IMAGE_LAYOUT_GENERAL, AGX_VK_DEPTH_WRITE, AGX_VK_ALL_RW);
}

static unsigned
run(struct agx_vk_ctx *c)
{
   struct agx_vk_image att, src;
   agx_vk_image_create(c,
                       &(struct agx_vk_image_desc){
                          .format = FMT,
                          .width = W,
                          .height = H,
                          .layers = LAYERS,
                          .usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT |
                                   VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                   VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                          .aspect = ZS,
                       },
                       &att);
   agx_vk_image_create(
      c,
      &(struct agx_vk_image_desc){
         .format = FMT,
         .width = W,
         .height = H,
         .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
         .aspect = ZS,
         .no_view = true,
      },
      &src);
   struct agx_vk_buffer depth =
      agx_vk_buffer_usage(c, (VkDeviceSize)W * H * LAYERS * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   struct agx_vk_buffer stencil =
      agx_vk_buffer_usage(c, (VkDeviceSize)W * H * LAYERS, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
   memset(depth.map, 0xEE, depth.size);
   memset(stencil.map, 0xEE, stencil.size);

   VkCommandBuffer cb = agx_vk_begin(c, VK_COMMAND_BUFFER_LEVEL_PRIMARY);
   render_clear(cb, &att);
   agx_vk_barrier(cb, src.image, ZS, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL,
                  AGX_VK_NONE, AGX_VK_CLEAR_WRITE);
   VkClearDepthStencilValue sv = {src_depth, src_stencil};
   VkImageSubresourceRange all = {ZS, 0, 1, 0, 1};
   vkCmdClearDepthStencilImage(cb, src.image, VK_IMAGE_LAYOUT_GENERAL, &sv, 1, &all);
   agx_vk_memory_barrier(cb, AGX_VK_ALL_RW, AGX_VK_ALL_RW);
   for (unsigned r = 0; r < NREG; r++) {
      const struct region *g = &regions[r];
      if (!used(r, c->reference))
         continue;
      VkImageCopy ic = {
         .srcSubresource = {g->aspect, 0, 0, 1},
         .srcOffset = {g->sx, g->sy, 0},
         .dstSubresource = {g->aspect, 0, g->layer, 1},
         .dstOffset = {g->dx, g->dy, 0},
         .extent = {(uint32_t)g->w, (uint32_t)g->h, 1},
      };
      vkCmdCopyImage(cb, src.image, VK_IMAGE_LAYOUT_GENERAL, att.image, VK_IMAGE_LAYOUT_GENERAL, 1,
                     &ic);
   }
   agx_vk_memory_barrier(cb, AGX_VK_COPY_WRITE, AGX_VK_COPY_READ);
   for (uint32_t l = 0; l < LAYERS; l++) {
      agx_vk_copy_to_buffer(cb, &att, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_ASPECT_DEPTH_BIT, l,
                            depth.buf, (VkDeviceSize)l * W * H * 4);
      agx_vk_copy_to_buffer(cb, &att, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_ASPECT_STENCIL_BIT, l,
                            stencil.buf, (VkDeviceSize)l * W * H);
   }
   agx_vk_host_barrier(cb);
   VK_OK(agx_vk_submit_wait(c, cb));

   unsigned bad = check(&depth, &stencil, c->reference);
   printf("D32_SFLOAT_S8_UINT copies (%u regions, %u layers): %u mismatches\n", (unsigned)NREG,
          LAYERS, bad);
   agx_vk_buffer_free(c, &depth);
   agx_vk_buffer_free(c, &stencil);
   agx_vk_image_free(c, &att);
   agx_vk_image_free(c, &src);
   return bad;
}

int
main(int argc, char **argv)
{
   struct agx_vk_ctx c;
   agx_vk_ctx_instance(&c, argc, argv);
   VkPhysicalDeviceVulkan13Features f13 = {.sType =
                                              VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                           .synchronization2 = VK_TRUE,
                                           .dynamicRendering = VK_TRUE};
   agx_vk_ctx_device(&c, &f13, 0, NULL);
   unsigned bad = run(&c);
   int rc = agx_vk_ctx_finish(&c);
   return bad || rc ? 1 : 0;
}
