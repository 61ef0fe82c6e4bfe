/*
 * Render throughput benchmark (issue 17 item 10; not a test): fragment
 * throughput of a flat-colour full-screen quad (two triangles, RGBA8 unorm,
 * BG clear + EOT store included) and vertex throughput of a draw whose
 * triangles are all zero-area (vertex shader + assembly, no fragments),
 * through the full submit path.
 *
 * Assumes: the render path runs on one host thread (tiles are processed in
 * order on the queue's worker), so the figures are per host core. The data
 * BO of the test harness holds a 512x512 target; `frames` frames give the
 * pixel count. Usage: agx-sim-render-bench [frames] (default 4).
 * Figures on the 2-core build machine (issue 17 item 10, Dec 2026): before
 * the fast paths 5.3 Mpixels/s and 3.6 Mvertices/s; after them 8.4 and 4.8
 * (codec, rounding, 64-bit edge functions, format table); 12.6 after the
 * u8norm st_tile and RGBA8 block-store fast paths (process CPU seconds).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sim_render_util.h"

#define SIZE 512

/* Process CPU time: the simulator runs the render on its queue worker
 * thread, so CPU seconds of the whole process measure the work per core
 * even on a machine loaded by other jobs (wall time does not). */
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
static const char *FS = "mov_imm r4, 1065353216, 0b0\n"
                        "mov_imm r5, 1056964608, 0b0\n"
                        "mov_imm r6, 0, 0b0\n"
                        "mov_imm r7, 1065353216, 0b0\n"
                        "wait_pix 12, 0\n"
                        "st_tile r4_r5_r6_r7, u8norm, 0, xyzw, 0, 255, 0\n"
                        "stop\n";

static double
run(unsigned frames, unsigned verts, bool degenerate)
{
   double t = 0;
   for (unsigned i = 0; i < frames; i++) {
      struct env e;
      env_init(&e);
      struct rt_desc rt = {AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM, SIZE, SIZE, SIZE * 4};
      put_rt(&e, &rt);
      struct frame f;
      frame_init(&f, &e, SIZE, SIZE, 8, BG, EOT);
      uint32_t fs = put_word_list(&e, env_asm(&e, FS), 0, 0, false, true, true);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      const float q[6][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-1, 1}};
      for (unsigned k = 0; k < verts; k++) {
         float v[8] = {
            degenerate ? 0.0f : q[k % 6][0], degenerate ? 0.0f : q[k % 6][1], 0.5f, 1, 0, 0, 0, 0};
         put_vertex(&e, k, v);
      }
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, verts, 0, false, 0, false, 0, 1);
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
   double t = run(frames, 6, false);
   double px = (double)frames * SIZE * SIZE;
   printf("fragments: %u frames of %ux%u flat-colour quad: %.2f CPU s, %.2f Mpixels/s per core\n",
          frames, SIZE, SIZE, t, px / t / 1e6);
   /* 6144 vertices fit the 64 KiB vertex area of the harness' data BO */
   unsigned nv = 6144;
   t = run(frames, nv, true);
   printf(
      "vertices: %u frames of %u vertices (zero-area triangles): %.3f CPU s, %.2f Mvertices/s\n",
      frames, nv, t, (double)frames * nv / t / 1e6);
   return 0;
}
