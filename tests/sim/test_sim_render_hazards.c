/*
 * Hazard checks of the render path (issue 17 item 8), each firing on a
 * deliberately broken stream, in addition to those of test_sim_render.c
 * test_hazards (st_tile without wait_pix, tilebuffer access past
 * sample_size_B, a varying the vertex shader did not write, st_var past
 * the record, sample_mask after st_tile, an endless fragment shader, a
 * malformed command):
 * - ld_tile without an earlier wait_pix 0x8 (pixel ordering);
 * - a fragment shader reading a device_load result before `wait`;
 * - a coefficient register the draw's CF bindings do not bind;
 * - the ZLS depth buffer addressed outside its allocation (store and load);
 * - the end-of-tile program's attachment (PBE) outside its allocation.
 * Every fault ends the command with -EIO on its fence, the message names
 * the cause (and, for shader faults, the program counter and the
 * disassembled instruction), and the queue keeps working afterwards.
 *
 * Assumes: the harness of sim_render_util.h; the data BO is DATA_SIZE bytes
 * at DATA_VA with nothing mapped right after it.
 */
#include <errno.h>
#include <stdlib.h>

#include "sim_render_util.h"

#define W 64
#define H 64
#define STRIDE (W * 4)

static void
triangle(struct env *e)
{
   const double x[3] = {1, 40, 1}, y[3] = {1, 1, 40};
   for (unsigned k = 0; k < 3; k++) {
      float v[8] = {clip_of(x[k], W), clip_of(y[k], H), 0.5f, 1, 0, 0, 0, 0};
      put_vertex(e, k, v);
   }
}

/* Submit, expect -EIO with every needle in the GPU error message, then an
 * empty frame on the same queue must still render. */
static void
expect_fault(struct env *e, struct frame *f, const char *what, const char *const *needles)
{
   int status = frame_submit(f);
   char msg[512] = "";
   agx_sim_test_gpu_errors(e->sim, msg, sizeof(msg));
   bool ok = status == -EIO;
   for (unsigned i = 0; needles[i]; i++) {
      if (!strstr(msg, needles[i])) {
         fprintf(stderr, "%s: \"%s\" missing\n", what, needles[i]);
         ok = false;
      }
   }
   printf("%s: status %d, \"%s\"\n", what, status, msg);
   CHECK(ok);
   struct frame g;
   frame_init(&g, e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   CHECK(frame_submit(&g) == 1);
}

/* A frame with an R32 target and one triangle drawn by the fragment shader
 * `fs_src` (uniforms: u0_u1 = DATA_VA when `uniforms`). */
static void
draw_with(struct env *e, struct frame *f, const char *fs_src, bool uniforms, bool early)
{
   put_rt_r32(e, W, H);
   /* uniforms before the frame: the VDM stream grows in the same control
    * BO from frame_init on */
   uint64_t uva = 0;
   if (uniforms) {
      uint32_t u[2] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
      uva = env_upload(e, u, 8);
   }
   frame_init(f, e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   uint32_t fs = put_word_list(e, env_asm(e, fs_src), uniforms ? 4 : 0, uva, false, true, early);
   struct draw_state d;
   draw_state_default(&d, f, fs);
   triangle(e);
   frame_draw(f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
}

static void
test_shader_hazards(void)
{
   {
      struct env e;
      env_init(&e);
      struct frame f;
      draw_with(&e, &f,
                "wait_pix 4, 0\n"
                "ld_tile r1, i32, 0, x, 0, 255, 0\n"
                "stop\n",
                false, true);
      const char *n[] = {"ld_tile without an earlier wait_pix 0x8", "at pc 0x", "ld_tile ", NULL};
      expect_fault(&e, &f, "ld_tile without wait_pix", n);
      env_fini(&e);
   }
   {
      struct env e;
      env_init(&e);
      struct frame f;
      draw_with(&e, &f,
                "mov_imm r2, 0, 0b0\n"
                "device_load 0, i32, x, r1, u0_u1, r2, unsigned\n"
                "wait_pix 12, 0\n"
                "st_tile r1, i32, 0, x, 0, 255, 0\n"
                "stop\n",
                true, true);
      const char *n[] = {"before `wait` for its load", "at pc 0x", "st_tile ", NULL};
      expect_fault(&e, &f, "fragment shader reading a load before wait", n);
      env_fini(&e);
   }
   {
      /* cf3 is read, the draw binds no coefficient register at all */
      struct env e;
      env_init(&e);
      struct frame f;
      draw_with(&e, &f,
                "iter r2, cf3, center, 0b0, 0, 0, 0, 0, 0\n"
                "wait_pix 12, 0\n"
                "st_tile r2, i32, 0, x, 0, 255, 0\n"
                "stop\n",
                false, true);
      const char *n[] = {"cf3", "at pc 0x", "iter ", NULL};
      expect_fault(&e, &f, "unbound coefficient register", n);
      env_fini(&e);
   }
}

/* ZLS: a 64x64 Z32 depth buffer (16 KiB) placed 8 KiB before the end of
 * the data BO: its second half is outside the allocation. */
static void
test_zls_outside(void)
{
   for (unsigned load = 0; load < 2; load++) {
      struct env e;
      env_init(&e);
      struct frame f;
      draw_with(&e, &f, SIM_FS_ONE, false, true);
      uint64_t zc = 0;
      agx_pack(&zc, ZLS_CONTROL, cfg) {
         cfg.z_store = !load;
         cfg.z_load = load;
         cfg.z_format = AGX_ZLS_FORMAT_32F;
      }
      f.zls_ctrl = zc;
      f.zls_w = W, f.zls_h = H;
      f.depth_base = DATA_VA + DATA_SIZE - 8192;
      f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
      const char *n[] = {load ? "ZLS depth load" : "ZLS depth store",
                         load ? "unmapped read fault at 0x1200400000"
                              : "unmapped write fault at 0x1200400000",
                         NULL};
      expect_fault(&e, &f, load ? "ZLS load outside its buffer" : "ZLS store outside its buffer",
                   n);
      env_fini(&e);
   }
}

/* The end-of-tile program stores through a PBE whose 64x64 R32 image
 * (16 KiB) starts 4 KiB before the end of the data BO. */
static void
test_attachment_outside(void)
{
   struct env e;
   env_init(&e);
   struct frame f;
   draw_with(&e, &f, SIM_FS_ONE, false, true);
   uint32_t w[6];
   agx_pack(w, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_UINT;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = W;
      cfg.height = H;
      cfg.buffer = DATA_VA + DATA_SIZE - 4096;
      cfg.stride = STRIDE - 4;
   }
   memcpy(e.data + PBE_OFF, w, 24);
   f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   const char *n[] = {"unmapped", "0x12004", "image_write_block", NULL};
   expect_fault(&e, &f, "attachment outside its allocation", n);
   env_fini(&e);
}

int
main(void)
{
   test_shader_hazards();
   test_zls_outside();
   test_attachment_outside();
   return SIM_TEST_RESULT();
}
