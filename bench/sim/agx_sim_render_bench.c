/*
 * Render throughput benchmark (issue 17 item 10; not a test), through the
 * full submit path:
 * - fragments: a full-screen quad (two triangles) on a 1024x1024 RGBA8
 *   unorm target, BG clear + EOT store included, with a one-colour fragment
 *   shader ("flat") and with one that samples a 256x256 GPU-tiled RGBA8
 *   texture bilinearly at an interpolated coordinate (implicit LOD, quad
 *   derivatives; "textured");
 * - vertices: a draw whose triangles are all zero-area (vertex shader +
 *   assembly, no fragments): 4,096 vertices x 8 instances per frame.
 *
 * Assumes: the render path runs on one host thread (tiles are processed in
 * order on the queue's worker), so the figures are per host core. Times
 * are process CPU seconds, so other jobs on the machine do not skew them.
 * The target and the texture live in BOs of their own next to the test
 * harness' ones (sim_render_util.h). The texture's contents are arbitrary
 * bytes (only the cost of sampling matters).
 * Usage: agx-sim-render-bench [frames] (default 4).
 * History (2-core build host, Dec 2026; 512x512 flat quad until the
 * textured case was added): 5.3 Mpixels/s and 3.6 Mvertices/s before the
 * codec/rasteriser fast paths, 8.4 and 4.8 after them, 12.6 after the
 * u8norm st_tile and RGBA8 block-store fast paths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sim_render_util.h"

#define SIZE 1024
#define BIG_RT_VA 0x1400000000ull /* the 1024x1024 target (its own BO) */
#define TEX_OFF 0x200000u         /* the texture, in the data BO */
#define TEX_SIZE 256
#define TEXDESC_OFF 0x3C000u /* texture descriptor (ts0 of the FS), sampler at +64 */

static double
cpu_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const char *BG = "mov_imm r4, 0, 0b0\n"
                        "mov_imm r5, 0, 0b0\n"
                        "mov_imm r6, 0, 0b0\n"
                        "mov_imm r7, 1065353216, 0b0\n"
                        "st_tile r4_r5_r6_r7, u8norm, 0, xyzw, 0, 255, 0\n"
                        "stop\n";
static const char *EOT = "mov_imm r2, 0, 0b0\n"
                         "image_write_block r2l, r4_r5, 0, ts0, tex_2d, rte, u8norm, 0, 0, 0\n"
                         "stop\n";
static const char *FS_FLAT = "mov_imm r4, 1065353216, 0b0\n"
                             "mov_imm r5, 1056964608, 0b0\n"
                             "mov_imm r6, 0, 0b0\n"
                             "mov_imm r7, 1065353216, 0b0\n"
                             "wait_pix 12, 0\n"
                             "st_tile r4_r5_r6_r7, u8norm, 0, xyzw, 0, 255, 0\n"
                             "stop\n";
/* (u, v) = UVS words 4, 5 (cf1, cf2), sampled from ts0 with ss0 */
static const char *FS_TEX = "iter r8_r9, cf1, center, 0b0, 0, 0, 0, 0, 0\n"
                            "texture_sample 0, 0b1100, 0b1, none, xyzw, 0b00, r4_r5_r6_r7, None, "
                            "ts0, ss0, tex_2d, r8_r9, auto_lod, 0\n"
                            "wait 1\n"
                            "wait_pix 12, 0\n"
                            "st_tile r4_r5_r6_r7, u8norm, 0, xyzw, 0, 255, 0\n"
                            "stop\n";

/* PBE of the 1024x1024 linear target (ts0 of the EOT program). */
static void
put_big_rt(struct env *e)
{
   uint32_t w[6];
   agx_pack(w, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = AGX_CHANNELS_R8G8B8A8;
      cfg.type = AGX_TEXTURE_TYPE_UNORM;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = SIZE;
      cfg.height = SIZE;
      cfg.buffer = BIG_RT_VA;
      cfg.stride = SIZE * 4 - 4;
   }
   memcpy(e->data + PBE_OFF, w, 24);
}

/* Texture (GPU-tiled RGBA8, one level) and bilinear repeat sampler. */
static void
put_texture(struct env *e)
{
   uint32_t w[6];
   agx_pack(w, TEXTURE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D;
      cfg.layout = AGX_LAYOUT_GPU;
      cfg.channels = AGX_CHANNELS_R8G8B8A8;
      cfg.type = AGX_TEXTURE_TYPE_UNORM;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = TEX_SIZE;
      cfg.height = TEX_SIZE;
      cfg.address = DATA_VA + TEX_OFF;
      cfg.depth = 1;
   }
   memcpy(e->data + TEXDESC_OFF, w, 24);
   uint32_t s[2];
   agx_pack(s, SAMPLER, cfg) {
      cfg.magnify = AGX_FILTER_LINEAR;
      cfg.minify = AGX_FILTER_LINEAR;
      cfg.mip_filter = AGX_MIP_FILTER_NONE;
      cfg.wrap_s = cfg.wrap_t = cfg.wrap_r = AGX_WRAP_REPEAT;
      cfg.maximum_lod = 15;
   }
   memcpy(e->data + TEXDESC_OFF + 64, s, 8);
   uint32_t x = 12345;
   for (unsigned i = 0; i < TEX_SIZE * TEX_SIZE * 4; i++) {
      x = x * 1103515245u + 12345u;
      e->data[TEX_OFF + i] = (uint8_t)(x >> 16);
   }
}

/* FS word list; the textured one loads ts0 and ss0. */
static uint32_t
fs_words(struct env *e, uint32_t code, bool textured)
{
   e->code_used = (e->code_used + 63) & ~63u;
   uint32_t start = e->code_used, off = start, w[4];
   if (textured) {
      agx_pack(w, USC_TEXTURE, cfg) {
         cfg.start = 0, cfg.count = 1, cfg.buffer = DATA_VA + TEXDESC_OFF;
      }
      env_put(e, &off, w, 8);
      agx_pack(w, USC_SAMPLER, cfg) {
         cfg.start = 0, cfg.count = 1, cfg.buffer = DATA_VA + TEXDESC_OFF + 64;
      }
      env_put(e, &off, w, 8);
   }
   agx_pack(w, USC_SHADER, cfg) {
      cfg.code = code;
   }
   env_put(e, &off, w, 6);
   agx_pack(w, USC_REGISTERS, cfg) {
      cfg.register_count = 256;
   }
   env_put(e, &off, w, 4);
   agx_pack(w, USC_FRAGMENT_PROPERTIES, cfg) {
      cfg.early_z_testing = true;
      cfg.unk_4 = 2;
   }
   env_put(e, &off, w, 4);
   agx_pack(w, USC_NO_PRESHADER, cfg)
      ;
   env_put(e, &off, w, 2);
   e->code_used = off;
   return start;
}

/* CPU seconds of `frames` full-screen quads. */
static double
run_frag(unsigned frames, bool textured)
{
   double t = 0;
   for (unsigned i = 0; i < frames; i++) {
      struct env e;
      env_init(&e);
      env_bo(&e, BIG_RT_VA, (uint64_t)SIZE * SIZE * 4, DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE);
      put_big_rt(&e);
      if (textured)
         put_texture(&e);
      struct frame f;
      frame_init(&f, &e, SIZE, SIZE, 8, BG, EOT);
      uint32_t fs = fs_words(&e, env_asm(&e, textured ? FS_TEX : FS_FLAT), textured);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      if (textured) {
         struct AGX_CF_BINDING *b = &d.bind[d.nbind++];
         memset(b, 0, sizeof(*b));
         b->components = 2;
         b->shade_model = AGX_SHADE_MODEL_PERSPECTIVE;
         b->source = AGX_COEFFICIENT_SOURCE_VARYING;
         b->base_slot = 1; /* UVS words 4, 5 */
         b->base_coefficient_register = 1;
         b = &d.bind[d.nbind++];
         memset(b, 0, sizeof(*b));
         b->components = 1;
         b->shade_model = AGX_SHADE_MODEL_LINEAR;
         b->source = AGX_COEFFICIENT_SOURCE_VARYING;
         b->base_slot = 0; /* W */
         b->base_coefficient_register = 0;
         d.slots32 = 5, d.cf_count = 3;
      }
      const float q[6][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-1, 1}};
      for (unsigned k = 0; k < 6; k++) {
         /* texture coordinates 0..4: the texture repeats 4 times */
         float v[8] = {q[k][0], q[k][1], 0.5f, 1, 2 * (q[k][0] + 1), 2 * (q[k][1] + 1), 0, 0};
         put_vertex(&e, k, v);
      }
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 6, 0, false, 0, false, 0, 1);
      double t0 = cpu_s();
      int st = frame_submit(&f);
      t += cpu_s() - t0;
      if (st != 1) {
         char msg[512];
         agx_sim_test_gpu_errors(e.sim, msg, sizeof(msg));
         fprintf(stderr, "render failed: %d (%s)\n", st, msg);
         exit(1);
      }
      env_fini(&e);
   }
   return t;
}

/* 4096 vertices x 32 bytes fill the harness' vertex area (VB_OFF..IB_OFF) */
#define NV 4096
#define INSTANCES 8

static double
run_vert(unsigned frames)
{
   double t = 0;
   for (unsigned i = 0; i < frames; i++) {
      struct env e;
      env_init(&e);
      struct rt_desc rt = {AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM, 64, 64, 64 * 4};
      put_rt(&e, &rt);
      struct frame f;
      frame_init(&f, &e, 64, 64, 8, BG, EOT);
      uint32_t fs = fs_words(&e, env_asm(&e, FS_FLAT), false);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      for (unsigned k = 0; k < NV; k++) {
         float v[8] = {0, 0, 0.5f, 1, 0, 0, 0, 0};
         put_vertex(&e, k, v);
      }
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, NV, 0, false, 0, false, 0, INSTANCES);
      double t0 = cpu_s();
      int st = frame_submit(&f);
      t += cpu_s() - t0;
      if (st != 1) {
         fprintf(stderr, "render failed: %d\n", st);
         exit(1);
      }
      env_fini(&e);
   }
   return t;
}

int
main(int argc, char **argv)
{
   (void)sim_test_failures;
   unsigned frames = argc > 1 ? (unsigned)atoi(argv[1]) : 4;
   if (!frames)
      frames = 1;
   double px = (double)frames * SIZE * SIZE;
   double t = run_frag(frames, false);
   printf("fragments, flat: %u frames of %ux%u: %.2f CPU s, %.2f Mpixels/s per core\n", frames,
          SIZE, SIZE, t, px / t / 1e6);
   t = run_frag(frames, true);
   printf("fragments, textured: %u frames of %ux%u: %.2f CPU s, %.2f Mpixels/s per core\n", frames,
          SIZE, SIZE, t, px / t / 1e6);
   t = run_vert(frames);
   double nv = (double)frames * NV * INSTANCES;
   printf("vertices: %u frames of %u vertices x %u instances (zero-area triangles): %.3f CPU s, "
          "%.2f Mvertices/s per core\n",
          frames, NV, INSTANCES, t, nv / t / 1e6);
   return 0;
}
