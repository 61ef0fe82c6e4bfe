/*
 * Render commands for dynamic rendering (icd/agxv_render.h): the fields of
 * struct drm_asahi_cmd_render checked one by one for colour-only, D16,
 * D32_S8 (separate planes, layered), multiview, attachmentless and partial
 * render areas, with ZLS Control / ISP ZLS pixels / PPP control unpacked by
 * the genxml unpackers; the background/end-of-tile choices per load/store
 * op; bad descriptions rejected without touching the command.
 * Assumes: nothing but the functions under test.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_pack.h"
#include "agx_tilebuffer.h"
#include "agxv_render.h"

#define CHECK(c)                                                               \
   do {                                                                        \
      if (!(c)) {                                                              \
         fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
         exit(1);                                                              \
      }                                                                        \
   } while (0)

static uint32_t
bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static struct AGX_ZLS_CONTROL
zls(uint64_t packed)
{
   struct AGX_ZLS_CONTROL z;
   CHECK(AGX_ZLS_CONTROL_unpack(stderr, (const uint8_t *)&packed, &z));
   return z;
}

static struct agxv_render_attachment
att(uint32_t w, uint32_t h, uint32_t samples, VkAttachmentLoadOp load, VkAttachmentStoreOp store)
{
   return (struct agxv_render_attachment){.present = true,
                                          .width = w,
                                          .height = h,
                                          .samples = samples,
                                          .load_op = load,
                                          .store_op = store};
}

static const struct agxv_render_tib tib1 = {32, 32, 1, 8};

static void
test_color_only(void)
{
   struct agxv_render_desc d = {.area = {{0, 0}, {64, 32}}, .layer_count = 1, .color_count = 1};
   d.color[0] = att(64, 32, 1, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE);
   struct drm_asahi_cmd_render cmd;
   memset(&cmd, 0, sizeof(cmd));
   cmd.flags = DRM_ASAHI_RENDER_VERTEX_SCRATCH | DRM_ASAHI_RENDER_DBIAS_IS_INT;
   cmd.vdm_ctrl_stream_base = 0x1234; /* the caller's: untouched */
   struct agxv_render_out out;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.width_px == 64 && cmd.height_px == 32 && cmd.layers == 1);
   CHECK(cmd.utile_width_px == 32 && cmd.utile_height_px == 32 && cmd.samples == 1 &&
         cmd.sample_size_B == 8);
   CHECK(cmd.ppp_multisamplectl == 0x88 && cmd.ppp_ctrl == 0x202);
   struct AGX_CR_PPP_CONTROL ppp;
   CHECK(AGX_CR_PPP_CONTROL_unpack(stderr, (const uint8_t *)&cmd.ppp_ctrl, &ppp));
   CHECK(ppp.enable_w_clamp && ppp.fixed_point_format == 1 && !ppp.opengl);
   CHECK(cmd.flags == (DRM_ASAHI_RENDER_VERTEX_SCRATCH | DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES));
   CHECK(cmd.zls_ctrl == 0 && out.zls_ctrl_partial == 0);
   CHECK(cmd.depth.base == 0 && cmd.stencil.base == 0);
   CHECK(cmd.isp_bgobjdepth == 0 && cmd.isp_bgobjvals == 0x300);
   struct AGX_CR_ISP_ZLS_PIXELS px;
   CHECK(AGX_CR_ISP_ZLS_PIXELS_unpack(stderr, (const uint8_t *)&cmd.isp_zls_pixels, &px));
   CHECK(px.x == 64 && px.y == 32 && cmd.isp_zls_pixels == ((31u << 15) | 63u));
   CHECK(cmd.isp_merge_upper_x == bits(1.732051f / 64.0f) &&
         cmd.isp_merge_upper_y == bits(1.732051f / 32.0f));
   CHECK(cmd.vdm_ctrl_stream_base == 0x1234);
   CHECK(!out.incomplete_render_area);
   CHECK(agxv_render_bg_op(&d.color[0], false, false) == AGXV_BG_CLEAR);
   CHECK(agxv_render_bg_op(&d.color[0], true, false) == AGXV_BG_LOAD);
   CHECK(agxv_render_eot_store(&d.color[0], false));

   /* A partial render area: no fast clear, loads instead, no empty tiles. */
   d.area = (VkRect2D){{8, 0}, {56, 32}};
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_SUCCESS);
   CHECK(out.incomplete_render_area && cmd.width_px == 64);
   CHECK(!(cmd.flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES));
   CHECK(agxv_render_bg_op(&d.color[0], false, true) == AGXV_BG_LOAD);
   d.area = (VkRect2D){{0, 0}, {64, 31}};
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_SUCCESS && out.incomplete_render_area);

   /* Cleared but not stored: nothing to show in empty tiles. */
   d.area = (VkRect2D){{0, 0}, {64, 32}};
   d.color[0].store_op = VK_ATTACHMENT_STORE_OP_DONT_CARE;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_SUCCESS);
   CHECK(!(cmd.flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES));
   CHECK(!agxv_render_eot_store(&d.color[0], false) && agxv_render_eot_store(&d.color[0], true));
   CHECK(agxv_render_bg_op(&d.color[0], false, false) == AGXV_BG_CLEAR);
   /* ... unless a resolve follows (the multisampled image is stored). */
   d.color[0].resolve_mode = VK_RESOLVE_MODE_AVERAGE_BIT;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES);

   /* Load/store op NONE and DONT_CARE (VK_KHR_load_store_op_none). */
   struct agxv_render_attachment a =
      att(8, 8, 1, VK_ATTACHMENT_LOAD_OP_DONT_CARE, VK_ATTACHMENT_STORE_OP_NONE);
   CHECK(agxv_render_bg_op(&a, false, false) == AGXV_BG_LOAD); /* hk's workaround */
   CHECK(!agxv_render_eot_store(&a, false));
   a.load_op = VK_ATTACHMENT_LOAD_OP_NONE_EXT;
   a.store_op = VK_ATTACHMENT_STORE_OP_STORE;
   CHECK(agxv_render_bg_op(&a, false, false) == AGXV_BG_NONE);
   a.present = false;
   CHECK(agxv_render_bg_op(&a, true, true) == AGXV_BG_NONE && !agxv_render_eot_store(&a, true));
}

static void
test_d16(void)
{
   struct agxv_render_desc d = {.area = {{0, 0}, {40, 20}}, .layer_count = 1, .color_count = 1};
   d.color[0] = att(40, 20, 4, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE);
   d.depth = att(40, 20, 4, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE);
   d.depth_format = VK_FORMAT_D16_UNORM;
   d.depth_plane = (struct agxv_render_zs_plane){.base = 0x1000080000ull, .layer_stride = 8192};
   d.clear_depth = 0.5f;
   struct agxv_render_tib tib = {32, 16, 4, 8};
   struct drm_asahi_cmd_render cmd;
   memset(&cmd, 0, sizeof(cmd));
   struct agxv_render_out out;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.samples == 4 && cmd.ppp_multisamplectl == 0xeaa26e26);
   CHECK(cmd.utile_width_px == 32 && cmd.utile_height_px == 16);
   CHECK(cmd.flags == (DRM_ASAHI_RENDER_DBIAS_IS_INT | DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES));
   CHECK(cmd.isp_bgobjdepth == 32768); /* round(0.5 * 65535), ties to even */
   CHECK(cmd.isp_bgobjvals == 0x300);  /* no stencil: clear value not applied */
   CHECK(cmd.depth.base == 0x1000080000ull && cmd.depth.stride == 1);
   CHECK(cmd.depth.comp_base == 0 && cmd.depth.comp_stride == 0 && cmd.stencil.base == 0);
   struct AGX_ZLS_CONTROL z = zls(cmd.zls_ctrl);
   CHECK(z.z_store && !z.z_load && z.z_format == AGX_ZLS_FORMAT_16);
   CHECK(!z.s_store && !z.s_load && !z.z_load_compress && !z.z_store_compress);
   CHECK(z.z_load_tiling == AGX_ZLS_TILING_GPU);
   struct AGX_ZLS_CONTROL zp = zls(out.zls_ctrl_partial);
   CHECK(zp.z_store && zp.z_load && zp.z_format == AGX_ZLS_FORMAT_16 && !zp.s_load);
   struct AGX_CR_ISP_ZLS_PIXELS px;
   CHECK(AGX_CR_ISP_ZLS_PIXELS_unpack(stderr, (const uint8_t *)&cmd.isp_zls_pixels, &px));
   CHECK(px.x == 40 && px.y == 20);
   /* Clear values in unorm16: clamped, 1.0 is 0xFFFF. */
   d.clear_depth = 1.0f;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS && cmd.isp_bgobjdepth == 0xFFFF);
   d.clear_depth = -3.0f;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS && cmd.isp_bgobjdepth == 0);
   d.clear_depth = 0.25f;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS && cmd.isp_bgobjdepth == 16384);
   /* Depth loaded: no longer a fast clear; the colour is loaded too. */
   d.depth.load_op = VK_ATTACHMENT_LOAD_OP_LOAD;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.flags == DRM_ASAHI_RENDER_DBIAS_IS_INT && zls(cmd.zls_ctrl).z_load);
   /* loadOp NONE keeps the contents: loaded (stored with STORE). */
   d.depth.load_op = VK_ATTACHMENT_LOAD_OP_NONE_EXT;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS);
   z = zls(cmd.zls_ctrl);
   CHECK(z.z_load && z.z_store);
   /* storeOp NONE: not stored (the memory keeps what it had). */
   d.depth.store_op = VK_ATTACHMENT_STORE_OP_NONE;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS);
   z = zls(cmd.zls_ctrl);
   CHECK(z.z_load && !z.z_store);
   /* DONT_CARE: neither loaded nor stored; partial renders still load and store. */
   d.depth.load_op = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
   d.depth.store_op = VK_ATTACHMENT_STORE_OP_DONT_CARE;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS);
   z = zls(cmd.zls_ctrl);
   CHECK(!z.z_load && !z.z_store);
   zp = zls(out.zls_ctrl_partial);
   CHECK(zp.z_load && zp.z_store);
}

static void
test_d32s8_layered(void)
{
   /* Three layers of a 100x50 D32_S8 view, separate planes, page-aligned
    * layers (3 pages for depth, 1 for stencil). */
   struct agxv_render_desc d = {.area = {{0, 0}, {100, 50}}, .layer_count = 3};
   d.depth = att(100, 50, 1, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_DONT_CARE);
   d.stencil = att(100, 50, 1, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE);
   d.depth_format = d.stencil_format = VK_FORMAT_D32_SFLOAT_S8_UINT;
   d.depth_plane = (struct agxv_render_zs_plane){.base = 0x20000000, .layer_stride = 3 * 16384};
   d.stencil_plane = (struct agxv_render_zs_plane){.base = 0x20024000, .layer_stride = 16384};
   d.clear_depth = 0.75f;
   d.clear_stencil = 0x1AB;                     /* only 8 bits exist */
   struct agxv_render_tib tib = {16, 16, 0, 0}; /* attachmentless tilebuffer: 1 sample */
   struct drm_asahi_cmd_render cmd;
   memset(&cmd, 0, sizeof(cmd));
   struct agxv_render_out out;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.width_px == 100 && cmd.height_px == 50 && cmd.layers == 3 && cmd.samples == 1);
   CHECK(cmd.flags == DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES); /* stencil cleared + stored */
   CHECK(cmd.isp_bgobjdepth == bits(0.75f) && cmd.isp_bgobjvals == 0x3AB);
   CHECK(cmd.depth.base == 0x20000000 && cmd.depth.stride == ((2u << 14) | 1));
   CHECK(cmd.stencil.base == 0x20024000 && cmd.stencil.stride == 1);
   struct AGX_ZLS_CONTROL z = zls(cmd.zls_ctrl);
   CHECK(z.z_load && !z.z_store && z.z_format == AGX_ZLS_FORMAT_32F); /* DONT_CARE */
   CHECK(!z.s_load && z.s_store);
   z = zls(out.zls_ctrl_partial);
   CHECK(z.z_load && z.z_store && z.s_load && z.s_store);
   /* Stencil only (S8_UINT view). */
   d.depth.present = false;
   d.stencil_format = VK_FORMAT_S8_UINT;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_SUCCESS);
   z = zls(cmd.zls_ctrl);
   CHECK(!z.z_store && !z.z_load && z.s_store && cmd.depth.base == 0 && cmd.isp_bgobjdepth == 0);
   /* Layers must be whole pages apart. */
   d.stencil_plane.layer_stride = 16384 + 128;
   CHECK(agxv_render_build(&d, &tib, &cmd, &out) == VK_ERROR_UNKNOWN);
}

static void
test_views_and_attachmentless(void)
{
   struct agxv_render_desc d = {.area = {{0, 0}, {32, 32}}, .view_mask = 0x5, .color_count = 1};
   d.color[0] = att(32, 32, 1, VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE);
   struct drm_asahi_cmd_render cmd;
   memset(&cmd, 0, sizeof(cmd));
   struct agxv_render_out out;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.layers == 3 && out.incomplete_render_area); /* view 1 not rendered */
   CHECK(!(cmd.flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES));
   d.view_mask = 0x3;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.layers == 2 && !out.incomplete_render_area);

   /* No attachments: the render area sizes the framebuffer. */
   struct agxv_render_desc none = {.area = {{10, 4}, {90, 56}}, .layer_count = 2};
   CHECK(agxv_render_build(&none, &tib1, &cmd, &out) == VK_SUCCESS);
   CHECK(cmd.width_px == 100 && cmd.height_px == 60 && cmd.layers == 2);
   CHECK(out.incomplete_render_area && cmd.zls_ctrl == 0 && cmd.flags == 0);
   struct AGX_CR_ISP_ZLS_PIXELS px;
   CHECK(AGX_CR_ISP_ZLS_PIXELS_unpack(stderr, (const uint8_t *)&cmd.isp_zls_pixels, &px));
   CHECK(px.x == 100 && px.y == 60);
   /* vkd3d-proton's massive framebuffer. */
   none.area = (VkRect2D){{0, 0}, {16384, 16384}};
   none.layer_count = 2048;
   CHECK(agxv_render_build(&none, &tib1, &cmd, &out) == VK_SUCCESS && cmd.layers == 32);
   /* The 2-sample pattern. */
   CHECK(agxv_render_sample_positions(2) == 0x44cc && agxv_render_sample_positions(1) == 0x88);
}

static void
test_bad_input(void)
{
   struct drm_asahi_cmd_render cmd, before;
   memset(&cmd, 0xAB, sizeof(cmd));
   before = cmd;
   struct agxv_render_out out;
   struct agxv_render_desc d = {.area = {{0, 0}, {16, 16}}, .layer_count = 1, .color_count = 2};
   d.color[0] = att(16, 16, 1, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE);
   d.color[1] = att(16, 16, 2, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE);
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_ERROR_UNKNOWN); /* samples differ */
   d.color_count = 1;
   struct agxv_render_tib tib4 = {32, 32, 4, 8};
   CHECK(agxv_render_build(&d, &tib4, &cmd, &out) == VK_ERROR_UNKNOWN); /* tilebuffer differs */
   struct agxv_render_tib bad_tile = {8, 32, 1, 8};
   CHECK(agxv_render_build(&d, &bad_tile, &cmd, &out) == VK_ERROR_UNKNOWN);
   struct agxv_render_tib bad_size = {32, 32, 1, 12};
   CHECK(agxv_render_build(&d, &bad_size, &cmd, &out) == VK_ERROR_UNKNOWN);
   d.color[0].width = 0;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_ERROR_UNKNOWN);
   d.color[0].width = 16;
   d.color_count = 9;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_ERROR_UNKNOWN);
   d.color_count = 1;
   d.depth = att(16, 16, 1, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE);
   d.depth_format = VK_FORMAT_R8_UNORM;
   d.depth_plane.base = 0x4000;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_ERROR_UNKNOWN);
   d.depth_format = VK_FORMAT_D32_SFLOAT;
   d.depth_plane.base = 0;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_ERROR_UNKNOWN); /* unbound plane */
   d.depth.present = false;
   d.area.extent.width = 16385;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_ERROR_UNKNOWN);
   d.area.extent.width = 16;
   d.layer_count = 0;
   CHECK(agxv_render_build(&d, &tib1, &cmd, &out) == VK_ERROR_UNKNOWN);
   CHECK(memcmp(&cmd, &before, sizeof(cmd)) == 0);
}

/* The compiler's tilebuffer layout feeds the render command directly. */
static void
test_tilebuffer_layout(void)
{
   enum agx_tib_format formats[2] = {AGX_TIB_RGBA8_UNORM, AGX_TIB_RGBA32_FLOAT};
   struct agx_tilebuffer_layout l;
   CHECK(agx_tilebuffer_layout(&l, formats, 2, 2));
   struct agxv_render_tib tib = agxv_render_tib_from_layout(&l);
   CHECK(tib.utile_width_px == l.tile_w && tib.utile_height_px == l.tile_h);
   CHECK(tib.samples == 2 && tib.sample_size_B == l.sample_size_B && tib.sample_size_B % 8 == 0);
   struct agxv_render_desc d = {.area = {{0, 0}, {50, 40}}, .layer_count = 1, .color_count = 2};
   d.color[0] = att(50, 40, 2, VK_ATTACHMENT_LOAD_OP_LOAD, VK_ATTACHMENT_STORE_OP_STORE);
   d.color[1] = d.color[0];
   struct drm_asahi_cmd_render cmd;
   memset(&cmd, 0, sizeof(cmd));
   CHECK(agxv_render_build(&d, &tib, &cmd, NULL) == VK_SUCCESS);
   CHECK(cmd.samples == 2 && cmd.ppp_multisamplectl == 0x44cc);
   CHECK(cmd.sample_size_B == l.sample_size_B && cmd.utile_width_px == l.tile_w &&
         cmd.utile_height_px == l.tile_h);
   /* sample_size x samples x utile fits the 32 KiB tilebuffer (graphics.md §5.2). */
   CHECK((unsigned)cmd.sample_size_B * cmd.samples * cmd.utile_width_px * cmd.utile_height_px <=
         32767);
}

int
main(void)
{
   test_tilebuffer_layout();
   test_color_only();
   test_d16();
   test_d32s8_layered();
   test_views_and_attachmentless();
   test_bad_input();
   printf("render: OK\n");
   return 0;
}
