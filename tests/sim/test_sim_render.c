/*
 * Render commands through the full UAPI path: hand-assembled vertex,
 * fragment, background and end-of-tile programs, VDM/PPP state built with
 * the GenXML packers, results compared with CPU references written here
 * independently of the simulator:
 * - coverage: every pixel counts the triangles covering its centre (the FS
 *   increments an i32 tile value); reference = the top-left rule derived
 *   from the triangle's interior side, on window positions snapped to 1/256
 *   pixel; fans and strips sharing edges, slivers, tiles crossed, indexed
 *   draws with primitive restart, empty-tile skipping;
 * - interpolation: perspective-correct (iterproj), linear (iter) and flat
 *   (ldcf) varyings against a barycentric reference;
 * - depth: compare functions and write disable against a truth table;
 * - hazards: st_tile without wait_pix, reading a varying the vertex shader
 *   did not write, a malformed render command.
 *
 * Assumes the simulator's documented choices (sim/README.md "Render path"):
 * pixel centres at +0.5, 8 sub-pixel bits, IMR-style depth.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "sim_render_util.h"

#define W 64
#define H 64
#define STRIDE (W * 4)

/* ---- CPU reference rasteriser ------------------------------------------- */

struct rv {
   int64_t x, y; /* 1/256 pixel */
};

static int64_t
orient(struct rv a, struct rv b, struct rv c)
{
   return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

/* Whether edge a->b is a top or left edge of a triangle whose third vertex
 * is c: top = horizontal with the interior below (larger y, y points
 * down); left = the interior lies at larger x than the edge. */
static bool
top_left(struct rv a, struct rv b, struct rv c)
{
   if (a.y == b.y)
      return c.y > a.y;
   /* x of the edge at c's y, compared with c.x (exact rational test) */
   __int128 lhs = (__int128)(c.x - a.x) * (b.y - a.y);
   __int128 rhs = (__int128)(b.x - a.x) * (c.y - a.y);
   return (b.y - a.y) > 0 ? lhs > rhs : lhs < rhs;
}

static bool
ref_covers(const struct rv v[3], int64_t px, int64_t py)
{
   struct rv p = {px, py};
   int64_t area = orient(v[0], v[1], v[2]);
   if (area == 0)
      return false;
   for (unsigned e = 0; e < 3; e++) {
      struct rv a = v[e], b = v[(e + 1) % 3], c = v[(e + 2) % 3];
      int64_t d = orient(a, b, p);
      if (area < 0)
         d = -d;
      if (d < 0 || (d == 0 && !top_left(a, b, c)))
         return false;
   }
   return true;
}

static void
vertex_at(struct env *e, unsigned i, double x, double y, float z)
{
   float v[8] = {clip_of(x, W), clip_of(y, H), z, 1.0f, 0, 0, 0, 0};
   put_vertex(e, i, v);
}

/* ---- coverage ------------------------------------------------------------- */

struct tri {
   double x[3], y[3];
};

static void
ref_count(const struct tri *t, unsigned n, uint32_t *count)
{
   memset(count, 0, sizeof(uint32_t) * W * H);
   for (unsigned i = 0; i < n; i++) {
      struct rv v[3];
      for (unsigned k = 0; k < 3; k++) {
         v[k].x = llround(t[i].x[k] * 256.0);
         v[k].y = llround(t[i].y[k] * 256.0);
      }
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            count[y * W + x] += ref_covers(v, x * 256 + 128, y * 256 + 128);
   }
}

static void
test_coverage(void)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   memset(e.data + RT_OFF, 0xAA, STRIDE * H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
   struct draw_state d;
   draw_state_default(&d, &f, fs);

   /* a fan of 8 triangles around a pixel centre; edges through pixel
    * centres; crosses the four tiles of the top-left 64x64 area */
   struct tri t[32];
   unsigned n = 0;
   const double cx = 32.5, cy = 32.5;
   const double ring[8][2] = {{52.5, 32.5}, {46.5, 46.5}, {32.5, 52.5}, {18.5, 46.5},
                              {12.5, 32.5}, {18.5, 18.5}, {32.5, 12.5}, {46.5, 18.5}};
   for (unsigned i = 0; i < 8; i++) {
      struct tri *q = &t[n++];
      q->x[0] = cx, q->y[0] = cy;
      q->x[1] = ring[i][0], q->y[1] = ring[i][1];
      q->x[2] = ring[(i + 1) % 8][0], q->y[2] = ring[(i + 1) % 8][1];
   }
   /* slivers and odd shapes (both windings) */
   const struct tri extra[] = {
      {{2.5, 60.25, 2.5}, {56.0, 57.0, 56.5}},        /* thin horizontal sliver */
      {{1.0, 1.75, 9.0}, {2.0, 30.0, 3.0}},           /* steep sliver */
      {{40.0, 63.9, 63.0}, {2.0, 2.0, 2.4}},          /* horizontal top edge at y=2 */
      {{58.5, 58.5, 63.5}, {20.5, 28.5, 24.5}},       /* vertical left edge on centres */
      {{10.3, 10.3, 10.3}, {40.0, 45.0, 50.0}},       /* degenerate: no coverage */
      {{20.5, 25.5, 30.5}, {60.5, 60.5, 63.7}},       /* top edge on centres */
      {{0.123, 5.777, 3.0390625}, {8.0, 9.5, 14.01}}, /* off-grid positions (snapped) */
   };
   for (unsigned i = 0; i < sizeof(extra) / sizeof(extra[0]); i++)
      t[n++] = extra[i];
   for (unsigned i = 0; i < n; i++)
      for (unsigned k = 0; k < 3; k++)
         vertex_at(&e, 3 * i + k, t[i].x[k], t[i].y[k], 0.5f);
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3 * n, 0, false, 0, false, 0, 1);
   int st = frame_submit(&f);
   CHECK(st == 1);

   uint32_t ref[W * H];
   ref_count(t, n, ref);
   unsigned bad = 0, covered = 0, doubles = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         uint32_t got = rt32(&e, STRIDE, 4, x, y, 0);
         covered += ref[y * W + x] != 0;
         doubles += ref[y * W + x] > 1;
         if (got != ref[y * W + x] && bad++ < 8)
            fprintf(stderr, "coverage (%u, %u): got %u, reference %u\n", x, y, got, ref[y * W + x]);
      }
   }
   printf("coverage: %u triangles, %u covered pixels, %u pixels covered twice, %u mismatches\n", n,
          covered, doubles, bad);
   CHECK(bad == 0);
   CHECK(covered > 900);
   /* the fan tiles its octagon: no pixel centre counted twice there */
   for (unsigned y = 13; y < 52; y++)
      for (unsigned x = 13; x < 52; x++)
         CHECK(ref[y * W + x] <= 1);
   env_fini(&e);
}

/* Indexed strip with primitive restart, and the empty-tile rule. */
static void
test_strip_restart_empty_tiles(void)
{
   for (unsigned pass = 0; pass < 2; pass++) {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      memset(e.data + RT_OFF, 0xAA, STRIDE * H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      f.flags = pass ? DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES : 0;
      uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      /* vertices: a strip of 4 in the top-left tile, then (after restart)
       * a strip of 3 in the bottom-left tile; base vertex 100 */
      const double v[7][2] = {{2.5, 2.5},  {2.5, 20.5}, {20.5, 2.5}, {20.5, 20.5},
                              {4.0, 40.0}, {4.0, 60.0}, {28.0, 50.0}};
      for (unsigned i = 0; i < 7; i++)
         vertex_at(&e, 100 + i, v[i][0], v[i][1], 0.5f);
      uint16_t idx[8] = {0, 1, 2, 3, 0xFFFF, 4, 5, 6};
      memcpy(e.data + IB_OFF, idx, sizeof(idx));
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLE_STRIP, 8, 100, true, 1, true, 0xFFFF, 1);
      CHECK(frame_submit(&f) == 1);
      /* reference: strip triangles (0,1,2), (2,1,3) in Vulkan order, then (4,5,6) */
      struct tri t[3] = {{{2.5, 2.5, 20.5}, {2.5, 20.5, 2.5}},
                         {{20.5, 2.5, 20.5}, {2.5, 20.5, 20.5}},
                         {{4.0, 4.0, 28.0}, {40.0, 60.0, 50.0}}};
      uint32_t ref[W * H];
      ref_count(t, 3, ref);
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            uint32_t want = ref[y * W + x];
            /* the right-hand tiles are touched by no triangle: skipped
             * unless PROCESS_EMPTY_TILES, then cleared to 0 by BG */
            if (x >= 32 && !pass)
               want = 0xAAAAAAAAu;
            if (rt32(&e, STRIDE, 4, x, y, 0) != want)
               bad++;
         }
      }
      printf("strip/restart/empty tiles (flag %u): %u mismatches\n", pass, bad);
      CHECK(bad == 0);
      env_fini(&e);
   }
}

/* ---- interpolation ---------------------------------------------------------- */

/* perspective varying 0, linear varying 1, flat varying 2 (ldcf C), 1/w */
static const char *FS_INTERP = "iterproj r4, cf1, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
                               "iter r5, cf2, center, 0b0, 0, 0, 0, 0, 0\n"
                               "TODO.ldcf r8_r9_r10, cf3\n"
                               "iter r7, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
                               "iadd r6, r10, 0\n"
                               "wait_pix 12, 0\n"
                               "st_tile r4_r5_r6_r7, i32, 0, xyzw, 0, 255, 0\n"
                               "stop\n";

/* Two-component tile accesses (a two-register tuple) with a non-contiguous
 * mask: xz stored, read back, yw written from them (7, 8, 9, 10). */
static const char *FS_MASK2 = "mov_imm r4, 7, 0b0\n"
                              "mov_imm r5, 9, 0b0\n"
                              "wait_pix 12, 0\n"
                              "st_tile r4_r5, i32, 0, xz, 0, 255, 0\n"
                              "ld_tile r6_r7, i32, 0, xz, 0, 255, 0\n"
                              "iadd r6, r6, 1\n"
                              "iadd r7, r7, 1\n"
                              "st_tile r6_r7, i32, 0, yw, 0, 255, 0\n"
                              "stop\n";

static void
test_tile_mask2(void)
{
   struct env e;
   env_init(&e);
   const uint32_t stride = W * 16;
   struct rt_desc rt = {AGX_CHANNELS_R32G32B32A32, AGX_TEXTURE_TYPE_UINT, W, H, stride};
   put_rt(&e, &rt);
   struct frame f;
   frame_init(&f, &e, W, H, 16, SIM_BG_ZERO4, SIM_EOT_IMAGE);
   uint32_t fs = put_fs_text(&e, FS_MASK2);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   /* one triangle covering the frame */
   const float v[3][8] = {{-1, -1, 0, 1}, {3, -1, 0, 1}, {-1, 3, 0, 1}};
   for (unsigned i = 0; i < 3; i++)
      put_vertex(&e, i, v[i]);
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         for (unsigned c = 0; c < 4; c++)
            bad += rt32(&e, stride, 16, x, y, c) != 7 + c;
   printf("two-register tile accesses: %u wrong words\n", bad);
   CHECK(bad == 0);
   env_fini(&e);
}

/* rgb10a2 tiles: one packed word, written by the background program,
 * round-tripped through registers by the fragment shader (ld_tile then
 * st_tile xyzw) and stored by the end-of-tile program to an R10G10B10A2
 * image; a partial mask on the packed format is an error. */
static const char *BG_RGB10A2 = "mov_imm r1, 1056964608, 0b0\n" /* 0.5 */
                                "mov_imm r2, 1065353216, 0b0\n" /* 1.0 */
                                "mov_imm r3, 3204448256, 0b0\n" /* -0.5: clamps to 0 */
                                "mov_imm r4, 1051372203, 0b0\n" /* 1/3 */
                                "st_tile r1_r2_r3_r4, rgb10a2, 0, xyzw, 0, 255, 0\n"
                                "stop\n";
static const char *EOT_RGB10A2 = "mov_imm r2, 0, 0b0\n"
                                 "image_write_block r2l, r4_r5, 0, ts0, tex_2d, rte, rgb10a2, 0, "
                                 "0, 0\n"
                                 "stop\n";
static const char *FS_RGB10A2 = "wait_pix 12, 0\n"
                                "ld_tile r4_r5_r6_r7, rgb10a2, 0, xyzw, 0, 255, 0\n"
                                "st_tile r4_r5_r6_r7, rgb10a2, 0, xyzw, 0, 255, 0\n"
                                "stop\n";
static const char *FS_RGB10A2_MASKED = "mov_imm r4, 0, 0b0\n"
                                       "mov_imm r5, 0, 0b0\n"
                                       "mov_imm r6, 0, 0b0\n"
                                       "wait_pix 12, 0\n"
                                       "st_tile r4_r5_r6, rgb10a2, 0, xyz, 0, 255, 0\n"
                                       "stop\n";

static void
test_rgb10a2(void)
{
   for (unsigned masked = 0; masked < 2; masked++) {
      struct env e;
      env_init(&e);
      const uint32_t stride = W * 4;
      struct rt_desc rt = {AGX_CHANNELS_R10G10B10A2, AGX_TEXTURE_TYPE_UNORM, W, H, stride};
      put_rt(&e, &rt);
      struct frame f;
      frame_init(&f, &e, W, H, 8, BG_RGB10A2, EOT_RGB10A2);
      uint32_t fs = put_word_list(&e, env_asm(&e, masked ? FS_RGB10A2_MASKED : FS_RGB10A2), 0, 0,
                                  false, true, true);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      const float v[3][8] = {{-1, -1, 0, 1}, {3, -1, 0, 1}, {-1, 3, 0, 1}};
      for (unsigned i = 0; i < 3; i++)
         put_vertex(&e, i, v[i]);
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      int st = frame_submit(&f);
      if (masked) {
         CHECK(st != 1); /* packed formats cannot be component-masked */
      } else {
         CHECK(st == 1);
         /* 0.5 -> 512 (511.5 to even), 1.0 -> 1023, -0.5 -> 0, 1/3 -> 1 */
         const uint32_t want = 512u | 1023u << 10 | 1u << 30;
         unsigned bad = 0;
         for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++)
               bad += rt32(&e, stride, 4, x, y, 0) != want;
         printf("rgb10a2 tiles: %u wrong pixels\n", bad);
         CHECK(bad == 0);
      }
      env_fini(&e);
   }
}

static void
bind(struct draw_state *d, unsigned slot, unsigned cf, enum agx_shade_model m)
{
   struct AGX_CF_BINDING *b = &d->bind[d->nbind++];
   memset(b, 0, sizeof(*b));
   b->components = 1;
   b->shade_model = m;
   b->source = AGX_COEFFICIENT_SOURCE_VARYING;
   b->base_slot = slot;
   b->base_coefficient_register = cf;
}

static float
fbits(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static void
test_interpolation(void)
{
   struct env e;
   env_init(&e);
   const uint32_t stride = W * 16;
   struct rt_desc rt = {AGX_CHANNELS_R32G32B32A32, AGX_TEXTURE_TYPE_FLOAT, W, H, stride};
   put_rt(&e, &rt);
   struct frame f;
   frame_init(&f, &e, W, H, 16, SIM_BG_ZERO4, SIM_EOT_IMAGE);
   uint32_t fs = put_fs_text(&e, FS_INTERP);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   bind(&d, 0, 0, AGX_SHADE_MODEL_LINEAR);      /* W: 1/w */
   bind(&d, 1, 1, AGX_SHADE_MODEL_PERSPECTIVE); /* UVS word 4 */
   bind(&d, 2, 2, AGX_SHADE_MODEL_LINEAR);      /* UVS word 5 */
   bind(&d, 3, 3, AGX_SHADE_MODEL_FLAT_VERTEX_0);
   d.slots32 = 5;
   d.cf_count = 4;
   /* window positions (exact in 1/256) and clip w */
   const double px[3] = {3.25, 60.75, 20.125}, py[3] = {5.5, 12.875, 61.375};
   const float wv[3] = {1.0f, 2.0f, 4.0f};
   const float attr[3][3] = {{10.0f, -3.0f, 7.0f}, {50.0f, 9.0f, 8.0f}, {-20.0f, 1.5f, 9.0f}};
   for (unsigned i = 0; i < 3; i++) {
      float v[8] = {clip_of(px[i], W) * wv[i],
                    clip_of(py[i], H) * wv[i],
                    0.25f * wv[i],
                    wv[i],
                    attr[i][0],
                    attr[i][1],
                    attr[i][2],
                    0};
      put_vertex(&e, i, v);
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);

   struct rv v[3];
   for (unsigned k = 0; k < 3; k++)
      v[k].x = llround(px[k] * 256), v[k].y = llround(py[k] * 256);
   double area = (px[1] - px[0]) * (py[2] - py[0]) - (px[2] - px[0]) * (py[1] - py[0]);
   unsigned bad = 0, inside = 0;
   double worst = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         float got[4];
         for (unsigned c = 0; c < 4; c++)
            got[c] = fbits(rt32(&e, stride, 16, x, y, c));
         if (!ref_covers(v, x * 256 + 128, y * 256 + 128)) {
            bad += got[0] != 0 || got[1] != 0 || got[2] != 0 || got[3] != 0;
            continue;
         }
         inside++;
         double cx = x + 0.5, cy = y + 0.5, l[3];
         l[0] = ((px[1] - cx) * (py[2] - cy) - (px[2] - cx) * (py[1] - cy)) / area;
         l[1] = ((px[2] - cx) * (py[0] - cy) - (px[0] - cx) * (py[2] - cy)) / area;
         l[2] = 1.0 - l[0] - l[1];
         double num = 0, den = 0, lin = 0;
         for (unsigned k = 0; k < 3; k++) {
            num += l[k] * attr[k][0] / wv[k];
            den += l[k] / wv[k];
            lin += l[k] * attr[k][1];
         }
         double want[4] = {num / den, lin, attr[0][2], den};
         for (unsigned c = 0; c < 4; c++) {
            double err = fabs(got[c] - want[c]);
            double tol = 1e-4 * (1.0 + fabs(want[c]));
            if (err > worst)
               worst = err;
            if (err > tol && bad++ < 8)
               fprintf(stderr, "interp (%u,%u) c%u: got %.7g want %.7g\n", x, y, c, got[c],
                       want[c]);
         }
      }
   }
   printf("interpolation: %u pixels inside, worst error %.3g, %u mismatches\n", inside, worst, bad);
   CHECK(inside > 1000);
   CHECK(bad == 0);
   env_fini(&e);
}

/* ---- depth ------------------------------------------------------------------ */

static const char *FS_FLAT_EARLY = "TODO.ldcf r8_r9_r10, cf0\n"
                                   "wait_pix 12, 0\n"
                                   "st_tile r10, i32, 0, x, 0, 255, 0\n"
                                   "stop\n";
/* forced tests in the shader (punch-through): sample_mask all, all live */
static const char *FS_FLAT_LATE = "TODO.ldcf r8_r9_r10, cf0\n"
                                  "wait_pix 1, 0\n"
                                  "sample_mask 255, 255\n"
                                  "wait_pix 12, 0\n"
                                  "st_tile r10, i32, 0, x, 0, 255, 0\n"
                                  "stop\n";

static bool
ref_cmp(unsigned func, float a, float b)
{
   switch (func) {
   case AGX_ZS_FUNC_NEVER:
      return false;
   case AGX_ZS_FUNC_LESS:
      return a < b;
   case AGX_ZS_FUNC_EQUAL:
      return a == b;
   case AGX_ZS_FUNC_LEQUAL:
      return a <= b;
   case AGX_ZS_FUNC_GREATER:
      return a > b;
   case AGX_ZS_FUNC_NOT_EQUAL:
      return a != b;
   case AGX_ZS_FUNC_GEQUAL:
      return a >= b;
   default:
      return true;
   }
}

static void
test_depth(void)
{
   unsigned bad_total = 0, cases = 0;
   for (unsigned late = 0; late < 2; late++) {
      for (unsigned func = 0; func < 8; func++) {
         for (unsigned wdis = 0; wdis < 2; wdis++) {
            struct env e;
            env_init(&e);
            put_rt_r32(&e, W, H);
            struct frame f;
            frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
            float clear = 0.5f;
            memcpy(&f.bgobjdepth, &clear, 4);
            uint32_t fs = put_word_list(&e, env_asm(&e, late ? FS_FLAT_LATE : FS_FLAT_EARLY), 0, 0,
                                        false, true, !late);
            struct draw_state d;
            draw_state_default(&d, &f, fs);
            bind(&d, 1, 0, AGX_SHADE_MODEL_FLAT_VERTEX_0);
            d.slots32 = 5, d.cf_count = 1;
            d.depth_func = func;
            d.depth_write_disable = wdis;
            /* three full-screen triangles at z 0.3, 0.6, 0.5 with values 1, 2, 3 */
            const float z[3] = {0.3f, 0.6f, 0.5f};
            for (unsigned t = 0; t < 3; t++) {
               const float cx[3] = {-1, 3, -1}, cy[3] = {-1, -1, 3};
               for (unsigned k = 0; k < 3; k++) {
                  float v[8] = {cx[k], cy[k], z[t], 1, (float)(t + 1), 0, 0, 0};
                  put_vertex(&e, 3 * t + k, v);
               }
               frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 3 * t, false, 0, false, 0, 1);
            }
            CHECK(frame_submit(&f) == 1);
            float depth = clear, want = 0;
            for (unsigned t = 0; t < 3; t++) {
               if (ref_cmp(func, z[t], depth)) {
                  want = (float)(t + 1);
                  if (!wdis)
                     depth = z[t];
               }
            }
            uint32_t wbits;
            memcpy(&wbits, &want, 4);
            if (want == 0)
               wbits = 0;
            unsigned bad = 0;
            for (unsigned y = 0; y < H; y++)
               for (unsigned x = 0; x < W; x++)
                  bad += rt32(&e, STRIDE, 4, x, y, 0) != wbits;
            if (bad)
               fprintf(stderr, "depth func %u write-disable %u late %u: %u pixels differ\n", func,
                       wdis, late, bad);
            bad_total += bad;
            cases++;
            env_fini(&e);
         }
      }
   }
   printf("depth: %u cases (8 functions x write on/off x early/late), %u mismatches\n", cases,
          bad_total);
   CHECK(bad_total == 0);
}

/* ---- ZLS: depth store then load --------------------------------------------- */

/* Z32F 64x64 single-sample: one 64x64 GPU tile (ail: 4-byte elements use
 * 64x64 tiles), texels in Morton order (sim_render_util.h morton). */

#define ZBUF_OFF 0x200000u

static void
test_zls(void)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   float junk = -7.0f;
   for (unsigned i = 0; i < W * H; i++)
      memcpy(e.data + ZBUF_OFF + 4 * i, &junk, 4);
   uint32_t fs_early = 0;
   struct draw_state d;
   struct tri t = {{2.5, 60.5, 10.5}, {3.5, 20.5, 58.5}};
   for (unsigned pass = 0; pass < 2; pass++) {
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      fs_early = put_fs_text(&e, FS_FLAT_EARLY);
      float one = 1.0f;
      memcpy(&f.bgobjdepth, &one, 4);
      uint64_t zc = 0;
      agx_pack(&zc, ZLS_CONTROL, cfg) {
         cfg.z_store = true;
         cfg.z_load = pass == 1;
         cfg.z_format = AGX_ZLS_FORMAT_32F;
      }
      f.zls_ctrl = zc;
      f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
      draw_state_default(&d, &f, fs_early);
      bind(&d, 1, 0, AGX_SHADE_MODEL_FLAT_VERTEX_0);
      d.slots32 = 5, d.cf_count = 1;
      d.depth_func = AGX_ZS_FUNC_LESS;
      d.depth_write_disable = false;
      if (pass == 0) {
         for (unsigned k = 0; k < 3; k++) {
            float v[8] = {clip_of(t.x[k], W), clip_of(t.y[k], H), 0.25f, 1, 1.0f, 0, 0, 0};
            put_vertex(&e, k, v);
         }
      } else {
         const float cx[3] = {-1, 3, -1}, cy[3] = {-1, -1, 3};
         for (unsigned k = 0; k < 3; k++) {
            float v[8] = {cx[k], cy[k], 0.5f, 1, 2.0f, 0, 0, 0};
            put_vertex(&e, k, v);
         }
      }
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      f.zls_w = W, f.zls_h = H;
      CHECK(frame_submit(&f) == 1);
   }
   uint32_t ref[W * H];
   ref_count(&t, 1, ref);
   unsigned bad_z = 0, bad_c = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         bool in = ref[y * W + x] != 0;
         float z;
         memcpy(&z, e.data + ZBUF_OFF + 4 * morton(x, y), 4);
         /* pass 0 stored 0.25 inside / 1.0 outside; pass 1 (LESS, 0.5)
          * replaced the 1.0 texels and kept 0.25 */
         bad_z += z != (in ? 0.25f : 0.5f);
         float want = in ? 0.0f : 2.0f;
         uint32_t wb;
         memcpy(&wb, &want, 4);
         bad_c += rt32(&e, STRIDE, 4, x, y, 0) != (in ? 0u : wb);
      }
   }
   printf("zls: depth store/load round trip, %u depth and %u colour mismatches\n", bad_z, bad_c);
   CHECK(bad_z == 0 && bad_c == 0);
   env_fini(&e);
}

/* ---- stencil ---------------------------------------------------------------- */

static uint8_t
ref_sop(enum agx_stencil_op op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case AGX_STENCIL_OP_KEEP:
      return s;
   case AGX_STENCIL_OP_ZERO:
      return 0;
   case AGX_STENCIL_OP_REPLACE:
      return ref;
   case AGX_STENCIL_OP_INCR_SAT:
      return s < 255 ? s + 1 : 255;
   case AGX_STENCIL_OP_DECR_SAT:
      return s > 0 ? s - 1 : 0;
   case AGX_STENCIL_OP_INVERT:
      return ~s;
   case AGX_STENCIL_OP_INCR_WRAP:
      return s + 1;
   default:
      return s - 1;
   }
}

/* Three full-screen draws with stencil on; each op of the truth table is
 * exercised as the pass, depth-fail or stencil-fail op; the stencil plane
 * is stored through ZLS (S8, one 128x128 GPU tile at 1 byte/element ->
 * Morton order within the 64x64 image) and compared. */
static void
test_stencil(void)
{
   unsigned bad_total = 0, cases = 0;
   for (unsigned op = 0; op < 8; op++) {
      for (unsigned which = 0; which < 3; which++) {
         struct env e;
         env_init(&e);
         put_rt_r32(&e, W, H);
         struct frame f;
         frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
         float half = 0.5f;
         memcpy(&f.bgobjdepth, &half, 4);
         f.bgobjvals = 0x300 | 200; /* stencil clear 200 (Mesa's 0x300 bits) */
         uint64_t zc = 0;
         agx_pack(&zc, ZLS_CONTROL, cfg) {
            cfg.s_store = true;
            cfg.z_format = AGX_ZLS_FORMAT_32F;
         }
         f.zls_ctrl = zc;
         f.zls_w = W, f.zls_h = H;
         uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
         struct draw_state d;
         draw_state_default(&d, &f, fs);
         d.stencil = true;
         d.stencil_ref = 77, d.read_mask = 0xF0, d.write_mask = 0x7F;
         /* which: 0 = stencil passes + depth passes, 1 = depth fails,
          * 2 = stencil fails */
         d.stencil_compare = which == 2 ? AGX_ZS_FUNC_LESS : AGX_ZS_FUNC_GEQUAL;
         d.depth_func = which == 1 ? AGX_ZS_FUNC_NEVER : AGX_ZS_FUNC_ALWAYS;
         d.sfail = d.zfail = d.zpass = AGX_STENCIL_OP_KEEP;
         if (which == 0)
            d.zpass = op;
         else if (which == 1)
            d.zfail = op;
         else
            d.sfail = op;
         const float cx[3] = {-1, 3, -1}, cy[3] = {-1, -1, 3};
         for (unsigned k = 0; k < 3; k++) {
            float v[8] = {cx[k], cy[k], 0.25f, 1, 0, 0, 0, 0};
            put_vertex(&e, k, v);
         }
         for (unsigned rep = 0; rep < 2; rep++)
            frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
         CHECK(frame_submit(&f) == 1);
         /* reference: (ref & rm) CMP (s & rm); new = (s & ~wm) | (op(s) & wm) */
         uint8_t st = 200;
         unsigned count = 0;
         for (unsigned rep = 0; rep < 2; rep++) {
            unsigned a = d.stencil_ref & d.read_mask, b = st & d.read_mask;
            bool spass = d.stencil_compare == AGX_ZS_FUNC_LESS ? a < b : a >= b;
            bool zpass = which != 1;
            enum agx_stencil_op o = !spass ? d.sfail : !zpass ? d.zfail : d.zpass;
            uint8_t nv = ref_sop(o, st, d.stencil_ref);
            st = (uint8_t)((st & ~d.write_mask) | (nv & d.write_mask));
            count += spass && zpass;
         }
         unsigned bad = 0;
         for (unsigned y = 0; y < H; y++) {
            for (unsigned x = 0; x < W; x++) {
               uint8_t got = e.data[0x204000u + morton(x, y)];
               bad += got != st;
               bad += rt32(&e, STRIDE, 4, x, y, 0) != count;
            }
         }
         if (bad)
            fprintf(stderr, "stencil op %u as %s: %u mismatches (want %u)\n", op,
                    which == 0   ? "pass"
                    : which == 1 ? "depth-fail"
                                 : "stencil-fail",
                    bad, st);
         bad_total += bad;
         cases++;
         env_fini(&e);
      }
   }
   printf("stencil: %u cases (8 ops x pass/depth-fail/stencil-fail, masks, ZLS S8 store), "
          "%u mismatches\n",
          cases, bad_total);
   CHECK(bad_total == 0);
}

/* ---- 4x MSAA: per-sample coverage and a multisampled EOT store -------------- */

static void
test_msaa(void)
{
   struct env e;
   env_init(&e);
   /* 64x64 R32 Uint, 4 samples, GPU-tiled: 16-byte elements use 32x32
    * tiles (ail), row-major tiles, Morton order inside, samples contiguous */
   put_rt_ms4_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.samples = 4;
   f.msctl = 0xEAA26E26; /* Vulkan's standard 4-sample positions */
   uint32_t fs = put_fs_text(&e, SIM_FS_ONE);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   const struct tri t[3] = {
      {{2.3, 61.7, 20.1}, {3.9, 17.2, 60.6}},
      {{40.0, 63.0, 63.0}, {40.0, 40.5, 63.0}},
      {{0.5, 5.5, 0.5}, {40.5, 50.5, 60.5}},
   };
   for (unsigned i = 0; i < 3; i++)
      for (unsigned k = 0; k < 3; k++)
         vertex_at(&e, 3 * i + k, t[i].x[k], t[i].y[k], 0.5f);
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 9, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   const unsigned sp[4][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}}; /* 1/16 pixel */
   unsigned bad = 0, partial = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         unsigned n = 0;
         for (unsigned s = 0; s < 4; s++) {
            uint32_t want = 0;
            for (unsigned i = 0; i < 3; i++) {
               struct rv v[3];
               for (unsigned k = 0; k < 3; k++)
                  v[k].x = llround(t[i].x[k] * 256), v[k].y = llround(t[i].y[k] * 256);
               if (ref_covers(v, x * 256 + sp[s][0] * 16, y * 256 + sp[s][1] * 16))
                  want = 1;
            }
            n += want;
            bad += ms4_r32_sample(&e, W, x, y, s) != want;
         }
         partial += n > 0 && n < 4;
      }
   }
   printf("msaa 4x: %u partially covered pixels, %u sample mismatches\n", partial, bad);
   CHECK(bad == 0);
   CHECK(partial > 100);
   env_fini(&e);
}

/* ---- layered rendering ----------------------------------------------------- */

/* EOT for a layered pass: the layer (SR 2) is the array coordinate. The
 * assembler's text form of image_write_block's array coordinates is not
 * settled, so the instruction is given as bytes (disassembles as
 * "image_write_block r2l, r4l..., 0, ts0, tex_2d_array, rte, i32, 0, 0, 0":
 * tile offset r2l, coordinates from r4l = layer, Mesa's array layout). */
static uint32_t
eot_layered(struct env *e)
{
   uint32_t off = env_asm(e, "get_sr r4, sr2\n"
                             "mov_imm r5, 0, 0b0\n"
                             "mov_imm r6, 0, 0b0\n"
                             "mov_imm r2, 0, 0b0\n");
   static const uint8_t iwb[12] = {0xb1, 0x88, 0x08, 0x80, 0x00, 0x03,
                                   0x00, 0x00, 0x01, 0x00, 0x88, 0x00}; /* + stop */
   memcpy(e->code + e->code_used, iwb, sizeof(iwb));
   e->code_used += sizeof(iwb);
   return off;
}

static void
test_layers(void)
{
   struct env e;
   env_init(&e);
   const uint32_t layer_bytes = STRIDE * H;
   uint32_t w[6];
   agx_pack(w, PBE, cfg) {
      cfg.dimension = AGX_TEXTURE_DIMENSION_2D_ARRAY;
      cfg.layout = AGX_LAYOUT_LINEAR;
      cfg.channels = AGX_CHANNELS_R32;
      cfg.type = AGX_TEXTURE_TYPE_UINT;
      cfg.swizzle_r = AGX_CHANNEL_R;
      cfg.swizzle_g = AGX_CHANNEL_G;
      cfg.swizzle_b = AGX_CHANNEL_B;
      cfg.swizzle_a = AGX_CHANNEL_A;
      cfg.width = W;
      cfg.height = H;
      cfg.buffer = RT_VA;
      cfg.stride = STRIDE - 4;
      cfg.extended = true;
      cfg.depth_linear = 3;
      cfg.layer_stride_linear = layer_bytes - 0x80;
   }
   memcpy(e.data + PBE_OFF, w, 24);
   memset(e.data + RT_OFF, 0xAA, 3 * layer_bytes);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.eot = put_word_list(&e, eot_layered(&e), 0, 0, true, false, false);
   f.layers = 3;
   uint32_t fs = put_fs_text(&e, SIM_FS_ONE);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   d.layer_output = true; /* UVS word 7 = layer */
   const struct tri t[2] = {{{2.5, 30.0, 5.0}, {2.5, 6.0, 28.0}},
                            {{40.0, 62.0, 60.0}, {36.0, 40.0, 63.0}}};
   const uint32_t layer_of[2] = {2, 0};
   for (unsigned i = 0; i < 2; i++) {
      for (unsigned k = 0; k < 3; k++) {
         float v[8] = {clip_of(t[i].x[k], W), clip_of(t[i].y[k], H), 0.5f, 1, 0, 0, 0, 0};
         memcpy(&v[7], &layer_of[i], 4);
         put_vertex(&e, 3 * i + k, v);
      }
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 6, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   unsigned bad = 0;
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            /* tiles a layer's triangle touches are cleared by BG, others
             * (and layer 1) are skipped (no PROCESS_EMPTY_TILES) */
            uint32_t want = 0xAAAAAAAAu;
            for (unsigned i = 0; i < 2; i++) {
               if (layer_of[i] != l)
                  continue;
               struct rv v[3];
               for (unsigned k = 0; k < 3; k++)
                  v[k].x = llround(t[i].x[k] * 256), v[k].y = llround(t[i].y[k] * 256);
               bool tile_hit = false;
               for (unsigned yy = (y / 32) * 32; yy < (y / 32) * 32 + 32 && !tile_hit; yy++)
                  for (unsigned xx = (x / 32) * 32; xx < (x / 32) * 32 + 32; xx++)
                     tile_hit |= ref_covers(v, xx * 256 + 128, yy * 256 + 128);
               if (tile_hit)
                  want = ref_covers(v, x * 256 + 128, y * 256 + 128);
            }
            uint32_t got;
            memcpy(&got, e.data + RT_OFF + l * layer_bytes + y * STRIDE + 4 * x, 4);
            bad += got != want;
         }
      }
   }
   printf("layers: 2 triangles to layers 2 and 0 of 3, %u mismatches\n", bad);
   CHECK(bad == 0);
   env_fini(&e);
}

/* ---- points ------------------------------------------------------------------ */

static void
test_points(void)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   d.point_size = true; /* UVS word 7 */
   /* centre (window) and size; a 4-pixel point centred on a pixel corner,
    * an odd size centred on a pixel centre, a size-1 point, a 6.5 point
    * straddling the tile boundary at 32 */
   const double pts[4][3] = {{10.0, 10.0, 4.0},
                             {20.5, 40.5, 3.0},
                             {50.5, 5.5, 1.0},
                             {32.25, 31.75, 6.5}};
   for (unsigned i = 0; i < 4; i++) {
      float v[8] = {clip_of(pts[i][0], W), clip_of(pts[i][1], H), 0.5f, 1, 0, 0, 0,
                    (float)pts[i][2]};
      put_vertex(&e, i, v);
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_POINTS, 4, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   unsigned bad = 0, lit = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         uint32_t want = 0;
         for (unsigned i = 0; i < 4; i++) {
            double h = pts[i][2] / 2, cx = x + 0.5, cy = y + 0.5;
            want += cx >= pts[i][0] - h && cx < pts[i][0] + h && cy >= pts[i][1] - h &&
                    cy < pts[i][1] + h;
         }
         lit += want != 0;
         bad += rt32(&e, STRIDE, 4, x, y, 0) != want;
      }
   }
   printf("points: 4 points (sizes 1-6.5), %u pixels lit, %u mismatches\n", lit, bad);
   CHECK(bad == 0);
   CHECK(lit == 16 + 9 + 1 + 6 * 7); /* the 6.5 point covers 6 x 7 centres */
   env_fini(&e);
}

/* ---- clipping: w <= 0 and near/far planes ------------------------------------ */

/* Reference by homogeneous rasterisation (no clipping): the triangle point
 * seen at NDC (X, Y) has barycentrics lambda = u / sum(u) with
 * u = M^-1 (X, Y, 1), M's columns (x_i, y_i, w_i); it is visible when every
 * lambda_i >= 0, w > 0 and 0 <= z/w <= 1. Perspective-correct attributes
 * are then sum(lambda_i a_i). Pixels within a margin of an edge or of the
 * near/far planes are not compared (clipped vertices snap to 1/256). */
static bool
ref_homogeneous(const float v[3][4], double X, double Y, double lam[3], double *margin)
{
   double m[3][3] = {{v[0][0], v[1][0], v[2][0]},
                     {v[0][1], v[1][1], v[2][1]},
                     {v[0][3], v[1][3], v[2][3]}};
   double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
   double rhs[3] = {X, Y, 1}, u[3];
   for (unsigned c = 0; c < 3; c++) {
      double t[3][3];
      memcpy(t, m, sizeof(t));
      for (unsigned r = 0; r < 3; r++)
         t[r][c] = rhs[r];
      u[c] = (t[0][0] * (t[1][1] * t[2][2] - t[1][2] * t[2][1]) -
              t[0][1] * (t[1][0] * t[2][2] - t[1][2] * t[2][0]) +
              t[0][2] * (t[1][0] * t[2][1] - t[1][1] * t[2][0])) /
             det;
   }
   double su = u[0] + u[1] + u[2];
   double w = 0, z = 0;
   *margin = 1e9;
   for (unsigned i = 0; i < 3; i++) {
      lam[i] = u[i] / su;
      w += lam[i] * v[i][3];
      z += lam[i] * v[i][2];
      *margin = fmin(*margin, fabs(lam[i]));
   }
   double zn = z / w;
   *margin = fmin(*margin, fmin(fabs(zn), fabs(1 - zn)));
   bool in = lam[0] >= 0 && lam[1] >= 0 && lam[2] >= 0 && w > 0 && zn >= 0 && zn <= 1;
   return in;
}

static void
test_clipping(void)
{
   struct env e;
   env_init(&e);
   const uint32_t stride = W * 16;
   struct rt_desc rt = {AGX_CHANNELS_R32G32B32A32, AGX_TEXTURE_TYPE_FLOAT, W, H, stride};
   put_rt(&e, &rt);
   struct frame f;
   frame_init(&f, &e, W, H, 16, SIM_BG_ZERO4, SIM_EOT_IMAGE);
   uint32_t fs = put_fs_text(&e, FS_INTERP);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   bind(&d, 0, 0, AGX_SHADE_MODEL_LINEAR);
   bind(&d, 1, 1, AGX_SHADE_MODEL_PERSPECTIVE);
   bind(&d, 2, 2, AGX_SHADE_MODEL_LINEAR);
   bind(&d, 3, 3, AGX_SHADE_MODEL_FLAT_VERTEX_0);
   d.slots32 = 5, d.cf_count = 4;
   /* triangle 1: one vertex behind the eye (w < 0); triangle 2: crosses the
    * near plane (z < 0) and the far plane (z > w) */
   const float tv[2][3][4] = {
      {{-0.6f, -0.5f, 0.2f, 1.0f}, {0.9f, -0.2f, 0.5f, 1.5f}, {0.3f, 0.8f, -0.5f, -0.7f}},
      {{-0.9f, 0.1f, -0.6f, 1.0f}, {0.8f, 0.4f, 2.5f, 2.0f}, {-0.2f, 0.95f, 0.5f, 1.0f}},
   };
   const float ta[2][3] = {{5.0f, 25.0f, -10.0f}, {1.0f, 2.0f, 40.0f}};
   for (unsigned t = 0; t < 2; t++)
      for (unsigned k = 0; k < 3; k++) {
         float v[8] = {tv[t][k][0], tv[t][k][1], tv[t][k][2], tv[t][k][3], ta[t][k], 0, 0, 0};
         put_vertex(&e, 3 * t + k, v);
      }
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 6, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   unsigned bad = 0, compared = 0, inside = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         double X = (x + 0.5 - W / 2.0) / (W / 2.0), Y = (y + 0.5 - H / 2.0) / (H / 2.0);
         float got = fbits(rt32(&e, stride, 16, x, y, 0));
         bool any_in = false, near_edge = false;
         double want = 0;
         for (unsigned t = 0; t < 2; t++) {
            double lam[3], margin;
            bool in = ref_homogeneous(tv[t], X, Y, lam, &margin);
            if (margin < 0.02)
               near_edge = true;
            if (in) {
               any_in = true;
               want = lam[0] * ta[t][0] + lam[1] * ta[t][1] + lam[2] * ta[t][2];
            }
         }
         if (near_edge)
            continue;
         compared++;
         inside += any_in;
         bool ok = any_in ? fabs(got - want) <= 1e-3 * (1 + fabs(want)) : got == 0;
         if (!ok && bad++ < 6)
            fprintf(stderr, "clip (%u,%u): got %g want %s%g\n", x, y, got, any_in ? "" : "nothing ",
                    want);
      }
   }
   printf("clipping: %u pixels compared (%u inside), %u mismatches\n", compared, inside, bad);
   CHECK(bad == 0);
   CHECK(inside > 300);
   env_fini(&e);
}

/* ---- depth bias ---------------------------------------------------------------- */

/* Two full-screen triangles at z = 0.5 with LESS: the second passes only
 * when its bias pulls it in front. Reference: Vulkan's float formula
 * o = m * slope + r * constant, r = 2^(e - 23) (e: exponent of 0.5 = -1),
 * m = 0 (flat), clamped. Also a sloped second triangle (z from 0.5 to
 * 0.75 across 64 pixels: m = 0.25 / 64) with slope scale -2 and constant 0:
 * o = -2m lets pixels whose z + o < 0.5 pass. */
static void
test_depth_bias(void)
{
   struct {
      float constant, slope, clamp;
      bool sloped;
   } cases[] = {
      {0, 0, 0, false},          {-1, 0, 0, false},    {1, 0, 0, false},
      {-1000, 0, -1e-9f, false}, {-1000, 0, 0, false}, {0, -2, 0, true},
   };
   unsigned bad_total = 0;
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      float one = 1.0f;
      memcpy(&f.bgobjdepth, &one, 4);
      uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
      float db[3] = {cases[c].constant, cases[c].slope, cases[c].clamp};
      memcpy(e.data + DBIAS_OFF + 12 * 5, db, 12);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      d.depth_func = AGX_ZS_FUNC_LESS;
      d.depth_write_disable = false;
      const float cx[3] = {-1, 3, -1}, cy[3] = {-1, -1, 3};
      for (unsigned t = 0; t < 2; t++) {
         for (unsigned k = 0; k < 3; k++) {
            /* sloped: z = 0.5 + 0.25 * (x_window / 64) along x */
            float z = 0.5f;
            if (t == 1 && cases[c].sloped)
               z = 0.5f + 0.25f * ((cx[k] + 1) / 2);
            float v[8] = {cx[k], cy[k], z, 1, 0, 0, 0, 0};
            put_vertex(&e, 3 * t + k, v);
         }
         d.depth_bias = t == 1, d.depth_bias_index = 5;
         frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 3 * t, false, 0, false, 0, 1);
      }
      CHECK(frame_submit(&f) == 1);
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            double z = 0.5, m = 0;
            if (cases[c].sloped) {
               m = 0.25 / 64;
               z = 0.5 + m * (x + 0.5);
            }
            double o = m * cases[c].slope + ldexp(1.0, -1 - 23) * cases[c].constant;
            if (cases[c].clamp > 0)
               o = fmin(o, cases[c].clamp);
            else if (cases[c].clamp < 0)
               o = fmax(o, cases[c].clamp);
            bool pass2 = (float)(z + o) < 0.5f;
            bad += rt32(&e, STRIDE, 4, x, y, 0) != (pass2 ? 2u : 1u);
         }
      }
      if (bad)
         fprintf(stderr, "depth bias case %u: %u mismatches\n", c, bad);
      bad_total += bad;
      env_fini(&e);
   }
   printf("depth bias: 6 cases (constant +-, clamp, slope), %u mismatches\n", bad_total);
   CHECK(bad_total == 0);
}

/* ---- partial renders ----------------------------------------------------------- */

/* Partial BG: reload the count the partial EOT stored (texture_load of the
 * render target at the pixel, Mesa's txf) into the tile. */
static const char *BG_RELOAD = "get_sr r2, sr80\n"
                               "get_sr r3, sr81\n"
                               "texture_load 0, 0b0000, 0b0, none, x, 0b00, r1, None, ts1, ss0, "
                               "tex_2d, r2_r3, auto_lod, 0\n"
                               "wait 0\n"
                               "st_tile r1, i32, 0, x, 0, 255, 0\n"
                               "stop\n";

static void
test_partial(void)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   /* Texture of the render target next to its PBE (ts1), txf sampler (ss0) */
   uint32_t tw[6];
   agx_pack(tw, TEXTURE, cfg) {
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
      cfg.address = RT_VA;
      cfg.stride = STRIDE - 16;
   }
   memcpy(e.data + PBE_OFF + 24, tw, 24);
   uint32_t sw[4] = {0};
   agx_pack(sw, SAMPLER, cfg) {
      cfg.magnify = AGX_FILTER_NEAREST;
      cfg.minify = AGX_FILTER_NEAREST;
      cfg.wrap_s = cfg.wrap_t = cfg.wrap_r = AGX_WRAP_CLAMP_TO_EDGE;
      cfg.mip_filter = AGX_MIP_FILTER_NEAREST;
   }
   memcpy(e.data + PBE_OFF + 64, sw, 16);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   float one = 1.0f;
   memcpy(&f.bgobjdepth, &one, 4);
   f.zls_w = W, f.zls_h = H; /* depth buffer: partial renders keep depth */
   /* depth is cleared, so every tile must be processed (as Honeykrisp sets
    * it): a tile skipped by one partial render would load stale depth */
   f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   /* partial BG word list: Texture word (ts0-1), Sampler word, program */
   e.code_used = (e.code_used + 63) & ~63u;
   uint32_t code = env_asm(&e, BG_RELOAD);
   e.code_used = (e.code_used + 63) & ~63u;
   uint32_t pbg = e.code_used, off = pbg, w[2];
   agx_pack(w, USC_TEXTURE, cfg) {
      cfg.start = 0, cfg.count = 2, cfg.buffer = DATA_VA + PBE_OFF;
   }
   env_put(&e, &off, w, 8);
   agx_pack(w, USC_SAMPLER, cfg) {
      cfg.start = 0, cfg.count = 1, cfg.buffer = DATA_VA + PBE_OFF + 64;
   }
   env_put(&e, &off, w, 8);
   agx_pack(w, USC_SHADER, cfg) {
      cfg.code = code;
   }
   env_put(&e, &off, w, 6);
   agx_pack(w, USC_REGISTERS, cfg) {
      cfg.register_count = 256;
   }
   env_put(&e, &off, w, 4);
   agx_pack(w, USC_NO_PRESHADER, cfg)
      ;
   env_put(&e, &off, w, 2);
   e.code_used = off;
   f.partial_bg = pbg;
   uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   d.depth_func = AGX_ZS_FUNC_LESS;
   d.depth_write_disable = false;
   /* 12 triangles: a fan of 8 and 4 overlapping slivers; LESS at equal z
    * keeps the first triangle of each pixel, also across partial renders */
   struct tri t[12];
   const double ring[8][2] = {{52.5, 32.5}, {46.5, 46.5}, {32.5, 52.5}, {18.5, 46.5},
                              {12.5, 32.5}, {18.5, 18.5}, {32.5, 12.5}, {46.5, 18.5}};
   for (unsigned i = 0; i < 8; i++) {
      t[i].x[0] = 32.5, t[i].y[0] = 32.5;
      t[i].x[1] = ring[i][0], t[i].y[1] = ring[i][1];
      t[i].x[2] = ring[(i + 1) % 8][0], t[i].y[2] = ring[(i + 1) % 8][1];
   }
   const struct tri extra[4] = {{{2.5, 60.25, 2.5}, {30.0, 33.0, 34.5}},
                                {{1.0, 61.75, 9.0}, {2.0, 40.0, 3.0}},
                                {{20.0, 40.0, 30.0}, {0.5, 0.5, 63.0}},
                                {{60.0, 62.0, 5.0}, {1.0, 60.0, 61.0}}};
   for (unsigned i = 0; i < 4; i++)
      t[8 + i] = extra[i];
   for (unsigned i = 0; i < 12; i++)
      for (unsigned k = 0; k < 3; k++)
         vertex_at(&e, 3 * i + k, t[i].x[k], t[i].y[k], 0.5f);
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 36, 0, false, 0, false, 0, 1);
   setenv("AGX_SIM_PARTIAL_PRIMS", "3", 1);
   CHECK(frame_submit(&f) == 1);
   unsetenv("AGX_SIM_PARTIAL_PRIMS");
   uint32_t ref[W * H];
   ref_count(t, 12, ref);
   unsigned bad = 0, multi = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         multi += ref[y * W + x] > 1;
         bad += rt32(&e, STRIDE, 4, x, y, 0) != (ref[y * W + x] ? 1u : 0u);
      }
   }
   printf("partial renders (every 3 of 12 triangles): %u pixels covered more than once, %u "
          "mismatches\n",
          multi, bad);
   CHECK(bad == 0);
   CHECK(multi > 50);
   env_fini(&e);
}

/* ---- lines ---------------------------------------------------------------------- */

static void
test_lines(void)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   d.line_width_field = 15; /* 1.0 in 4:4 fixed point, minus 1 */
   /* two separate lines (x-major and y-major), then a 3-vertex strip */
   const int pts[7][2] = {{2, 3}, {59, 28}, {40, 2}, {50, 61}, {5, 60}, {30, 45}, {45, 62}};
   for (unsigned i = 0; i < 7; i++)
      vertex_at(&e, i, pts[i][0] + 0.5, pts[i][1] + 0.5, 0.5f);
   frame_draw(&f, &d, AGX_PRIMITIVE_LINES, 4, 0, false, 0, false, 0, 1);
   frame_draw(&f, &d, AGX_PRIMITIVE_LINE_STRIP, 3, 4, false, 0, false, 0, 1);
   /* ties: a horizontal and a vertical line on pixel edges (dEQP depth
    * compare_ops line_list) light the row above / the column to the left
    * (endpoints perturbed by (-e, -e^2)) */
   const double edge_pts[4][2] = {{2, 12}, {20, 12}, {30, 5}, {30, 15}};
   for (unsigned i = 0; i < 4; i++)
      vertex_at(&e, 7 + i, edge_pts[i][0], edge_pts[i][1], 0.5f);
   frame_draw(&f, &d, AGX_PRIMITIVE_LINES, 4, 7, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   uint32_t ref[W * H];
   memset(ref, 0, sizeof(ref));
   ref_line(ref, W, 2, 3, 59, 28);
   ref_line(ref, W, 40, 2, 50, 61);
   ref_line(ref, W, 5, 60, 30, 45);
   ref_line(ref, W, 30, 45, 45, 62);
   for (int x = 2; x < 20; x++)
      ref[11 * W + x]++;
   for (int y = 5; y < 15; y++)
      ref[y * W + 29]++;
   unsigned bad = 0, lit = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         lit += ref[y * W + x] != 0;
         if (rt32(&e, STRIDE, 4, x, y, 0) != ref[y * W + x] && bad++ < 6)
            fprintf(stderr, "line (%u,%u): got %u want %u\n", x, y, rt32(&e, STRIDE, 4, x, y, 0),
                    ref[y * W + x]);
      }
   printf("lines: 6 segments (lists + strip), %u pixels lit, %u mismatches\n", lit, bad);
   CHECK(bad == 0);
   CHECK(lit == 57 + 59 + 25 + 17 - 1 + 18 + 10);
   env_fini(&e);
}

/* ---- instancing and indirect draws -------------------------------------------- */

/* Like VS_SRC, plus clip x += 0.5 * r6 (the instance index from 0):
 * instance i lands 16 pixels to the right of instance i - 1. */
#define VS_INSTANCED                                                \
   "imadd r3, r5, 8, 0\n"                                           \
   "device_load 0, i32, xyzw, r8_r9_r10_r11, u0_u1, r3, unsigned\n" \
   "convert u32_to_f, r16, r6, rte\n"                               \
   "mov_imm r17, 1056964608, 0b0\n"                                 \
   "wait 0\n"                                                       \
   "fmadd32 r8, r16, r17, r8\n"                                     \
   "st_var 0, r8, 0\n"                                              \
   "st_var 0, r9, 1\n"                                              \
   "st_var 0, r10, 2\n"                                             \
   "st_var 0, r11, 3\n"                                             \
   "st_var 0, r8, 4\n"                                              \
   "st_var 0, r8, 5\n"                                              \
   "st_var 0, r8, 6\n"                                              \
   "st_var_final 0, r8, 7\n"                                        \
   "stop\n"

static void
test_instanced_indirect(void)
{
   for (unsigned mode = 0; mode < 3; mode++) {
      /* 0: direct instanced; 1: indirect; 2: indexed indirect (U32) */
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
      /* the vertex-buffer address for u0_u1 (outside the control BO, where
       * the VDM stream is being written) */
      uint32_t u[2] = {(uint32_t)VB_VA, (uint32_t)(VB_VA >> 32)};
      memcpy(e.data + IB_OFF + 0x200, u, 8);
      f.vs = put_word_list(&e, env_asm(&e, VS_INSTANCED), 4, IB_VA + 0x200, false, false, false);
      uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      /* the triangle sits at vertices 10..12; vertices 0..9 are far away */
      for (unsigned i = 0; i < 10; i++)
         vertex_at(&e, i, -100.0, -100.0, 0.5f);
      struct tri base = {{2.5, 14.0, 3.0}, {5.5, 20.0, 40.0}};
      for (unsigned k = 0; k < 3; k++)
         vertex_at(&e, 10 + k, base.x[k], base.y[k], 0.5f);
      if (mode == 0) {
         frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 10, false, 0, false, 0, 3);
      } else if (mode == 1) {
         /* VkDrawIndirectCommand: vertexCount, instanceCount, firstVertex,
          * firstInstance (not added to r6) */
         uint32_t rec[4] = {3, 3, 10, 7};
         memcpy(e.data + IB_OFF + 0x100, rec, 16);
         f.indirect = IB_VA + 0x100;
         frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 0, 0, false, 0, false, 0, 0);
      } else {
         /* VkDrawIndexedIndirectCommand: indexCount, instanceCount,
          * firstIndex, vertexOffset, firstInstance; indices 4, 5, 6 at
          * first index 2, vertex offset 6 -> vertices 10..12 */
         uint32_t idx[5] = {99, 99, 4, 5, 6};
         memcpy(e.data + IB_OFF, idx, sizeof(idx));
         uint32_t rec[5] = {3, 3, 2, 6, 0};
         memcpy(e.data + IB_OFF + 0x100, rec, 20);
         f.indirect = IB_VA + 0x100;
         frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 0, 0, true, 2, false, 0, 0);
      }
      CHECK(frame_submit(&f) == 1);
      struct tri t[3];
      for (unsigned i = 0; i < 3; i++) {
         t[i] = base;
         for (unsigned k = 0; k < 3; k++)
            t[i].x[k] += 16.0 * i;
      }
      uint32_t ref[W * H];
      ref_count(t, 3, ref);
      unsigned bad = 0, lit = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            lit += ref[y * W + x] != 0;
            bad += rt32(&e, STRIDE, 4, x, y, 0) != ref[y * W + x];
         }
      printf("instances (%s): 3 instances, %u pixels lit, %u mismatches\n",
             mode == 0   ? "direct"
             : mode == 1 ? "indirect"
                         : "indexed indirect",
             lit, bad);
      CHECK(bad == 0 && lit > 300);
      env_fini(&e);
   }
}

/* ---- VDM calls: Stream Link with return and Barrier with Returns -------------- */

static void
test_vdm_call(void)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   struct tri t = {{3.5, 60.0, 20.0}, {4.0, 30.0, 61.0}};
   for (unsigned k = 0; k < 3; k++)
      vertex_at(&e, k, t.x[k], t.y[k], 0.5f);
   /* main: call S twice, terminate; S: draw, Barrier with Returns */
   uint64_t here = cdm_here(&f.s);
   uint64_t sub = here + 8 + 8 + 32;
   uint32_t w[8] = {0};
   for (unsigned i = 0; i < 2; i++) {
      agx_pack(w, VDM_STREAM_LINK, cfg) {
         cfg.target_hi = (uint32_t)(sub >> 32);
         cfg.target_lo = (uint32_t)sub;
         cfg.with_return = true;
      }
      cdm_put(&f.s, w, 8);
   }
   memset(w, 0, sizeof(w));
   agx_pack(w, VDM_STREAM_TERMINATE, cfg)
      ;
   cdm_put(&f.s, w, 32);
   CHECK(cdm_here(&f.s) == sub);
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
   agx_pack(w, VDM_BARRIER, cfg) {
      cfg.returns = true;
   }
   cdm_put(&f.s, w, 4);
   CHECK(frame_submit(&f) == 1);
   uint32_t ref[W * H];
   ref_count(&t, 1, ref);
   unsigned bad = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         bad += rt32(&e, STRIDE, 4, x, y, 0) != 2 * ref[y * W + x];
   printf("vdm call/return: a sub-stream called twice, %u mismatches\n", bad);
   CHECK(bad == 0);
   env_fini(&e);
}

/* ---- discard through sample_mask ----------------------------------------------- */

/* Even columns are killed (live = 0), odd ones depth-tested (live = all):
 * sample_mask with a register live mask, after the wait Mesa emits. */
static const char *FS_DISCARD_EVEN = "get_sr r2, sr80\n"
                                     "and r3, r2, 1\n"
                                     "imadd r3, r3, 255, 0\n"
                                     "wait_pix 1, 0\n"
                                     "sample_mask 255, r3l\n"
                                     "wait_pix 12, 0\n"
                                     "ld_tile r1, i32, 0, x, 0, 255, 0\n"
                                     "iadd r1, r1, 1\n"
                                     "st_tile r1, i32, 0, x, 0, 255, 0\n"
                                     "stop\n";

static void
test_discard(void)
{
   unsigned bad = 0;
   for (unsigned second = 0; second < 2; second++) {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      float one = 1.0f;
      memcpy(&f.bgobjdepth, &one, 4);
      uint32_t fsd = put_word_list(&e, env_asm(&e, FS_DISCARD_EVEN), 0, 0, false, true, false);
      uint32_t fsc = put_fs_text(&e, SIM_FS_COUNT);
      struct draw_state d;
      draw_state_default(&d, &f, fsd);
      d.depth_func = AGX_ZS_FUNC_LESS;
      d.depth_write_disable = false;
      struct tri t = {{2.5, 62.0, 10.0}, {3.5, 20.0, 60.5}};
      for (unsigned k = 0; k < 3; k++)
         vertex_at(&e, k, t.x[k], t.y[k], 0.5f);
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      if (second) {
         /* killed samples wrote no depth: the second draw passes there */
         d.fs = fsc;
         frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      }
      CHECK(frame_submit(&f) == 1);
      uint32_t ref[W * H];
      ref_count(&t, 1, ref);
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            uint32_t want = ref[y * W + x] && (second || (x & 1));
            bad += rt32(&e, STRIDE, 4, x, y, 0) != want;
         }
      env_fini(&e);
   }
   printf("discard: sample_mask kills even columns (and writes no depth there), %u mismatches\n",
          bad);
   CHECK(bad == 0);
}

/* ---- a first triangle as a Vulkan driver draws it: RGBA8 (and sRGB) -------- */

static double
ref_linear_to_srgb(double l)
{
   l = fmin(fmax(l, 0.0), 1.0);
   return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
}

/* BG clears to the uniform colour u4-u7, the FS interpolates a colour
 * (noperspective) into 16-bit registers and stores it as u8norm (srgba8
 * for sRGB), the EOT block-stores through an RGBA8 Unorm PBE. */
static void
test_rgba8(void)
{
   for (unsigned srgb = 0; srgb < 2; srgb++) {
      struct env e;
      env_init(&e);
      struct rt_desc rt = {AGX_CHANNELS_R8G8B8A8, AGX_TEXTURE_TYPE_UNORM, W, H, STRIDE};
      put_rt(&e, &rt);
      /* sRGB: the tile holds srgba8 and, as Mesa does, the EOT's PBE uses
       * the linear RGBA8 format so the encoded bytes go to memory as-is */
      const char *fmt = srgb ? "srgba8" : "u8norm";
      char bg[256], eot[256], fsrc[512];
      snprintf(bg, sizeof(bg),
               "iadd r4, u4, 0\niadd r5, u5, 0\niadd r6, u6, 0\niadd r7, u7, 0\n"
               "st_tile r4_r5_r6_r7, %s, 0, xyzw, 0, 255, 0\nstop\n",
               fmt);
      snprintf(eot, sizeof(eot),
               "mov_imm r2, 0, 0b0\n"
               "image_write_block r2l, r4_r5, 0, ts0, tex_2d, rte, %s, 0, 0, 0\nstop\n",
               fmt);
      snprintf(fsrc, sizeof(fsrc),
               "iter r4l_r4h_r5l_r5h, cf1, center, 0b0, 0, 0, 0, 0, 0\n"
               "wait_pix 12, 0\n"
               "st_tile r4l_r4h_r5l_r5h, %s, 0, xyzw, 0, 255, 0\nstop\n",
               fmt);
      struct frame f;
      frame_init(&f, &e, W, H, 8, bg, eot);
      const float clear[8] = {0, 0, 0, 0, 0.25f, 0.5f, 0.75f, 1.0f};
      memcpy(e.data + IB_OFF + 0x300, clear, sizeof(clear));
      f.bg = put_word_list(&e, env_asm(&e, bg), 16, IB_VA + 0x300, false, true, false);
      uint32_t fs = put_fs_text(&e, fsrc);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      bind(&d, 0, 0, AGX_SHADE_MODEL_LINEAR);
      bind(&d, 1, 1, AGX_SHADE_MODEL_LINEAR);
      d.bind[1].components = 4;
      d.slots32 = 5, d.cf_count = 5;
      const double px[3] = {4.5, 60.25, 12.0}, py[3] = {6.0, 20.5, 59.75};
      const float col[3][4] = {{1, 0, 0, 1}, {0, 1, 0, 0.5f}, {0, 0, 1, 0}};
      for (unsigned k = 0; k < 3; k++) {
         float v[8] = {clip_of(px[k], W), clip_of(py[k], H), 0.5f,      1,
                       col[k][0],         col[k][1],         col[k][2], col[k][3]};
         put_vertex(&e, k, v);
      }
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      CHECK(frame_submit(&f) == 1);
      struct rv v[3];
      for (unsigned k = 0; k < 3; k++)
         v[k].x = llround(px[k] * 256), v[k].y = llround(py[k] * 256);
      double area = (px[1] - px[0]) * (py[2] - py[0]) - (px[2] - px[0]) * (py[1] - py[0]);
      unsigned bad = 0, inside = 0, worst = 0;
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            double c[4];
            if (ref_covers(v, x * 256 + 128, y * 256 + 128)) {
               inside++;
               double cx = x + 0.5, cy = y + 0.5, l[3];
               l[0] = ((px[1] - cx) * (py[2] - cy) - (px[2] - cx) * (py[1] - cy)) / area;
               l[1] = ((px[2] - cx) * (py[0] - cy) - (px[0] - cx) * (py[2] - cy)) / area;
               l[2] = 1.0 - l[0] - l[1];
               for (unsigned ch = 0; ch < 4; ch++)
                  c[ch] = l[0] * col[0][ch] + l[1] * col[1][ch] + l[2] * col[2][ch];
            } else {
               for (unsigned ch = 0; ch < 4; ch++)
                  c[ch] = clear[4 + ch];
            }
            for (unsigned ch = 0; ch < 4; ch++) {
               double lin = fmin(fmax(c[ch], 0.0), 1.0);
               double enc = srgb && ch < 3 ? ref_linear_to_srgb(lin) : lin;
               int want = (int)lround(enc * 255.0);
               int got = e.data[RT_OFF + y * STRIDE + 4 * x + ch];
               unsigned diff = (unsigned)abs(got - want);
               worst = diff > worst ? diff : worst;
               bad += diff > 1;
            }
         }
      }
      printf("rgba8%s first triangle: %u pixels inside, worst difference %u LSB, %u channels off "
             "by more than 1\n",
             srgb ? " sRGB" : "", inside, worst, bad);
      CHECK(bad == 0 && inside > 1000);
      env_fini(&e);
   }
}

/* ---- clip distances ---------------------------------------------------------- */

/* One triangle whose clip distance (UVS word 7) is d = x_ndc + 0.2 - y_ndc/2
 * at each vertex: the part where the interpolated distance is negative is
 * clipped. Reference: ref_covers and d(pixel) >= 0 (w = 1, so d is linear in
 * screen space), skipping pixels within 0.02 of d = 0. */
static void
test_clip_distance(void)
{
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   d.clip0 = true;
   struct tri t = {{2.5, 61.5, 20.0}, {3.0, 25.0, 62.0}};
   for (unsigned k = 0; k < 3; k++) {
      float x = clip_of(t.x[k], W), y = clip_of(t.y[k], H);
      float v[8] = {x, y, 0.5f, 1, 0, 0, 0, x + 0.2f - y / 2};
      put_vertex(&e, k, v);
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   struct rv v[3];
   for (unsigned k = 0; k < 3; k++)
      v[k].x = llround(t.x[k] * 256), v[k].y = llround(t.y[k] * 256);
   unsigned bad = 0, in = 0, cut = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         double X = (x + 0.5 - W / 2.0) / (W / 2.0), Y = (y + 0.5 - H / 2.0) / (H / 2.0);
         double dist = X + 0.2 - Y / 2;
         if (fabs(dist) < 0.02)
            continue;
         bool cov = ref_covers(v, x * 256 + 128, y * 256 + 128);
         uint32_t want = cov && dist >= 0;
         in += want;
         cut += cov && dist < 0;
         bad += rt32(&e, STRIDE, 4, x, y, 0) != want;
      }
   }
   printf("clip distance: %u pixels kept, %u clipped away, %u mismatches\n", in, cut, bad);
   CHECK(bad == 0 && in > 300 && cut > 300);
   env_fini(&e);
}

/* ---- point coordinates ---------------------------------------------------------- */

static void
test_point_coord(void)
{
   struct env e;
   env_init(&e);
   const uint32_t stride = W * 16;
   struct rt_desc rt = {AGX_CHANNELS_R32G32B32A32, AGX_TEXTURE_TYPE_FLOAT, W, H, stride};
   put_rt(&e, &rt);
   struct frame f;
   frame_init(&f, &e, W, H, 16, SIM_BG_ZERO4, SIM_EOT_IMAGE);
   uint32_t fs = put_word_list(&e,
                               env_asm(&e, "iter r4_r5, cf1, center, 0b0, 0, 0, 0, 0, 0\n"
                                           "mov_imm r6, 1065353216, 0b0\n"
                                           "mov_imm r7, 0, 0b0\n"
                                           "wait_pix 12, 0\n"
                                           "st_tile r4_r5_r6_r7, i32, 0, xyzw, 0, 255, 0\n"
                                           "stop\n"),
                               0, 0, false, true, true);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   d.point_size = true;
   bind(&d, 0, 0, AGX_SHADE_MODEL_LINEAR);
   bind(&d, 0, 1, AGX_SHADE_MODEL_LINEAR);
   d.bind[1].components = 2;
   d.bind[1].source = AGX_COEFFICIENT_SOURCE_POINT_COORD;
   d.slots32 = 4, d.cf_count = 3;
   const double pts[2][3] = {{20.0, 20.0, 8.0}, {45.5, 40.5, 5.0}};
   for (unsigned i = 0; i < 2; i++) {
      float v[8] = {clip_of(pts[i][0], W), clip_of(pts[i][1], H), 0.5f, 1, 0, 0, 0,
                    (float)pts[i][2]};
      put_vertex(&e, i, v);
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_POINTS, 2, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   unsigned bad = 0, lit = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         double want[2] = {0, 0};
         bool in = false;
         for (unsigned i = 0; i < 2; i++) {
            double s = pts[i][2], l = pts[i][0] - s / 2, t = pts[i][1] - s / 2;
            double cx = x + 0.5, cy = y + 0.5;
            if (cx >= l && cx < l + s && cy >= t && cy < t + s) {
               in = true;
               want[0] = (cx - l) / s, want[1] = (cy - t) / s;
            }
         }
         lit += in;
         float got[3];
         for (unsigned c = 0; c < 3; c++)
            got[c] = fbits(rt32(&e, stride, 16, x, y, c));
         bool ok =
            in ? fabs(got[0] - want[0]) < 1e-5 && fabs(got[1] - want[1]) < 1e-5 && got[2] == 1.0f
               : got[2] == 0.0f;
         bad += !ok;
      }
   }
   printf("point coord: 2 points, %u pixels, %u mismatches\n", lit, bad);
   CHECK(bad == 0 && lit == 64 + 25);
   env_fini(&e);
}

static double vk_area(const struct tri *t);

/* ---- provoking vertex and strip/fan winding --------------------------------- */

static void
test_provoking(void)
{
   unsigned bad = 0, checked = 0;
   for (unsigned cfg = 0; cfg < 4; cfg++) {
      bool fan = cfg >= 2, last = cfg & 1;
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      uint32_t fs = put_fs_text(&e, FS_FLAT_EARLY);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      /* Mesa's mapping (graphics.md 2.4): FIRST -> vertex 0 (fans: 1),
       * LAST -> vertex 2 */
      enum agx_shade_model m = last  ? AGX_SHADE_MODEL_FLAT_VERTEX_2
                               : fan ? AGX_SHADE_MODEL_FLAT_VERTEX_1
                                     : AGX_SHADE_MODEL_FLAT_VERTEX_0;
      bind(&d, 1, 0, m);
      d.slots32 = 5, d.cf_count = 1;
      d.cull_back = true; /* every triangle of a strip/fan must face front */
      double px[6], py[6];
      if (fan) {
         /* centre, then points on a counter-clockwise (on screen) arc */
         px[0] = 32, py[0] = 32;
         const double a[5][2] = {{60, 32}, {52, 8}, {32, 3}, {10, 10}, {4, 32}};
         for (unsigned i = 0; i < 5; i++)
            px[i + 1] = a[i][0], py[i + 1] = a[i][1];
      } else {
         for (unsigned i = 0; i < 6; i++)
            px[i] = 4 + 11 * i, py[i] = i % 2 ? 50 : 10;
      }
      for (unsigned i = 0; i < 6; i++) {
         float v[8] = {clip_of(px[i], W), clip_of(py[i], H), 0.5f, 1, (float)(i + 1), 0, 0, 0};
         put_vertex(&e, i, v);
      }
      /* front = counter-clockwise: the first triangle's facing decides */
      struct tri t0 = {{px[fan ? 1 : 0], px[fan ? 2 : 1], px[fan ? 0 : 2]},
                       {py[fan ? 1 : 0], py[fan ? 2 : 1], py[fan ? 0 : 2]}};
      d.ccw = vk_area(&t0) > 0;
      frame_draw(&f, &d, fan ? AGX_PRIMITIVE_TRIANGLE_FAN : AGX_PRIMITIVE_TRIANGLE_STRIP, 6, 0,
                 false, 0, false, 0, 1);
      CHECK(frame_submit(&f) == 1);
      for (unsigned i = 0; i < 4; i++) {
         /* Vulkan's vertices of triangle i and its provoking vertex */
         unsigned a = fan ? i + 1 : i, b = fan ? i + 2 : i + 1, c = fan ? 0 : i + 2;
         unsigned prov = fan ? (last ? i + 2 : i + 1) : (last ? i + 2 : i);
         unsigned x = (unsigned)((px[a] + px[b] + px[c]) / 3);
         unsigned y = (unsigned)((py[a] + py[b] + py[c]) / 3);
         float want = (float)(prov + 1);
         uint32_t wb;
         memcpy(&wb, &want, 4);
         uint32_t got = rt32(&e, STRIDE, 4, x, y, 0);
         if (got != wb) {
            bad++;
            fprintf(stderr, "%s %s triangle %u: got %g want %g\n", fan ? "fan" : "strip",
                    last ? "last" : "first", i, fbits(got), want);
         }
         checked++;
      }
      env_fini(&e);
   }
   printf("provoking vertex: %u strip/fan triangles (first/last), %u mismatches\n", checked, bad);
   CHECK(bad == 0);
}

/* ---- culling, scissor, occlusion counting, utile sizes, odd frame size ---- */

static double
vk_area(const struct tri *t)
{
   /* Vulkan: a = -1/2 sum(x_i y_{i+1} - x_{i+1} y_i), framebuffer space */
   double a = 0;
   for (unsigned i = 0; i < 3; i++) {
      unsigned j = (i + 1) % 3;
      a += t->x[i] * t->y[j] - t->x[j] * t->y[i];
   }
   return -a / 2;
}

static void
test_raster_state(void)
{
   const uint32_t fw = 72, fh = 40, stride = 72 * 4;
   const unsigned utiles[2][2] = {{16, 16}, {32, 16}};
   for (unsigned u = 0; u < 2; u++) {
      struct env e;
      env_init(&e);
      struct rt_desc rt = {AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, fw, fh, stride};
      put_rt(&e, &rt);
      struct frame f;
      frame_init(&f, &e, fw, fh, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      f.utile_w = utiles[u][0], f.utile_h = utiles[u][1];
      f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
      uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
      /* scissor 2: x [10, 50), y [5, 30) */
      uint32_t sc[4];
      agx_pack(sc, SCISSOR, cfg) {
         cfg.min_x = 10, cfg.max_x = 50, cfg.min_y = 5, cfg.max_y = 30;
         cfg.min_z = 0.0f, cfg.max_z = 1.0f;
      }
      memcpy(e.data + SCISSOR_OFF + 2 * 16, sc, 16);
      memset(e.data + OQ_OFF, 0, 64);
      const struct tri tris[3] = {
         {{3.5, 40.25, 6.75}, {2.5, 4.0, 37.5}},   /* one winding */
         {{70.5, 33.25, 66.75}, {2.5, 4.0, 37.5}}, /* the other winding */
         {{0.0, 72.0, 36.0}, {0.0, 0.0, 40.0}},    /* big, scissored and counted */
      };
      struct draw_state d;
      for (unsigned i = 0; i < 3; i++) {
         draw_state_default(&d, &f, fs);
         d.vp[0] = fw / 2.0f, d.vp[1] = fw / 2.0f, d.vp[2] = fh / 2.0f, d.vp[3] = fh / 2.0f;
         d.cull_back = i < 2;
         if (i == 2) {
            d.scissor = true, d.scissor_index = 2;
            d.visibility = AGX_VISIBILITY_MODE_COUNTING, d.oq_index = 3;
         }
         for (unsigned k = 0; k < 3; k++) {
            float v[8] = {
               clip_of(tris[i].x[k], fw), clip_of(tris[i].y[k], fh), 0.5f, 1, 0, 0, 0, 0};
            put_vertex(&e, 3 * i + k, v);
         }
         frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 3 * i, false, 0, false, 0, 1);
      }
      CHECK(frame_submit(&f) == 1);
      /* reference: front = counter-clockwise (a > 0); back faces culled */
      unsigned bad = 0, culled = 0;
      uint64_t visible = 0;
      for (unsigned y = 0; y < fh; y++) {
         for (unsigned x = 0; x < fw; x++) {
            uint32_t want = 0;
            for (unsigned i = 0; i < 3; i++) {
               struct rv v[3];
               for (unsigned k = 0; k < 3; k++)
                  v[k].x = llround(tris[i].x[k] * 256), v[k].y = llround(tris[i].y[k] * 256);
               if (!ref_covers(v, x * 256 + 128, y * 256 + 128))
                  continue;
               if (i < 2 && vk_area(&tris[i]) < 0) {
                  culled++;
                  continue;
               }
               if (i == 2 && (x < 10 || x >= 50 || y < 5 || y >= 30))
                  continue;
               want++;
               visible += i == 2;
            }
            bad += rt32(&e, stride, 4, x, y, 0) != want;
         }
      }
      uint64_t oq;
      memcpy(&oq, e.data + OQ_OFF + 3 * 8, 8);
      printf("raster state (utile %ux%u, %ux%u frame): %u culled samples, occlusion %llu "
             "(reference %llu), %u mismatches\n",
             utiles[u][0], utiles[u][1], fw, fh, culled, (unsigned long long)oq,
             (unsigned long long)visible, bad);
      CHECK(bad == 0);
      CHECK(culled > 100);
      CHECK(oq == visible && visible > 500);
      env_fini(&e);
   }
}

/* ---- hazards and malformed commands ---------------------------------------- */

static void
expect_fault(struct env *e, int status, const char *needle, const char *what)
{
   char msg[512] = "";
   agx_sim_test_gpu_errors(e->sim, msg, sizeof(msg));
   bool ok = status == -EIO && strstr(msg, needle) != NULL;
   printf("%s: status %d, \"%s\"\n", what, status, msg);
   CHECK(ok);
}

static void
test_hazards(void)
{
   /* st_tile without wait_pix */
   {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      uint32_t fs = put_word_list(&e,
                                  env_asm(&e, "mov_imm r1, 7, 0b0\n"
                                              "st_tile r1, i32, 0, x, 0, 255, 0\n"
                                              "stop\n"),
                                  0, 0, false, true, true);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      vertex_at(&e, 0, 1, 1, 0.5f);
      vertex_at(&e, 1, 30, 1, 0.5f);
      vertex_at(&e, 2, 1, 30, 0.5f);
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      expect_fault(&e, frame_submit(&f), "without an earlier wait_pix", "st_tile without wait_pix");
      env_fini(&e);
   }
   /* st_tile past sample_size_B (offset 8 of an 8-byte sample) */
   {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      uint32_t fs = put_word_list(&e,
                                  env_asm(&e, "mov_imm r1, 7, 0b0\n"
                                              "wait_pix 12, 0\n"
                                              "st_tile r1, i32, 0, x, 8, 255, 0\n"
                                              "stop\n"),
                                  0, 0, false, true, true);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      vertex_at(&e, 0, 1, 1, 0.5f);
      vertex_at(&e, 1, 30, 1, 0.5f);
      vertex_at(&e, 2, 1, 30, 0.5f);
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      expect_fault(&e, frame_submit(&f), "past sample_size_B 8 (lane",
                   "st_tile past sample_size_B");
      env_fini(&e);
   }
   /* FS reads a varying slot the vertex shader did not write (slot 5 =
    * UVS word 8, the record has 8 words) */
   {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      uint32_t fs = put_fs_text(&e, FS_FLAT_EARLY);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      bind(&d, 5, 0, AGX_SHADE_MODEL_FLAT_VERTEX_0);
      d.slots32 = 6, d.cf_count = 1;
      vertex_at(&e, 0, 1, 1, 0.5f);
      vertex_at(&e, 1, 30, 1, 0.5f);
      vertex_at(&e, 2, 1, 30, 0.5f);
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      expect_fault(&e, frame_submit(&f), "did not write", "varying not written by the VS");
      env_fini(&e);
   }
   /* the vertex shader writes past its record (Vertex Outputs = 6 words) */
   {
      struct env e;
      env_init(&e);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      d.varyings = 2;
      vertex_at(&e, 0, 1, 1, 0.5f);
      vertex_at(&e, 1, 30, 1, 0.5f);
      vertex_at(&e, 2, 1, 30, 0.5f);
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      expect_fault(&e, frame_submit(&f), "past the vertex output record", "st_var past record");
      env_fini(&e);
   }
   /* sample_mask after st_tile (rule 1 of graphics.md 4.4) */
   {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      uint32_t fs = put_word_list(&e,
                                  env_asm(&e, "mov_imm r1, 7, 0b0\n"
                                              "wait_pix 12, 0\n"
                                              "st_tile r1, i32, 0, x, 0, 255, 0\n"
                                              "wait_pix 1, 0\n"
                                              "sample_mask 255, 255\n"
                                              "stop\n"),
                                  0, 0, false, true, false);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      vertex_at(&e, 0, 1, 1, 0.5f);
      vertex_at(&e, 1, 30, 1, 0.5f);
      vertex_at(&e, 2, 1, 30, 0.5f);
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      expect_fault(&e, frame_submit(&f), "after st_tile", "sample_mask after st_tile");
      env_fini(&e);
   }
   /* zs_emit in a shader run with Early-z testing: its samples were tested
    * before it ran (graphics.md 4.4 rule 2; Mesa agx_linker.c never sets
    * Early-z with sample_mask / zs_emit) */
   {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      uint32_t fs = put_word_list(&e,
                                  env_asm(&e, "mov_imm r2, 0x3e800000, 0b0\n"
                                              "wait_pix 1, 0\n"
                                              "zs_emit 255, r2l_r2h, 0\n"
                                              "mov_imm r1, 7, 0b0\n"
                                              "wait_pix 12, 0\n"
                                              "st_tile r1, i32, 0, x, 0, 255, 0\n"
                                              "stop\n"),
                                  0, 0, false, true, true);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      vertex_at(&e, 0, 1, 1, 0.5f);
      vertex_at(&e, 1, 30, 1, 0.5f);
      vertex_at(&e, 2, 1, 30, 0.5f);
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      expect_fault(&e, frame_submit(&f), "Early-z testing", "zs_emit with Early-z testing");
      env_fini(&e);
   }
   /* a fragment shader that never ends: the instruction budget covers the
    * whole command, the fence carries -ETIMEDOUT */
   {
      struct env e;
      env_init(&e);
      put_rt_r32(&e, W, H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      uint32_t fs = put_word_list(&e, env_asm(&e, "spin:\njmp_exec_any @spin\nstop\n"), 0, 0, false,
                                  true, true);
      struct draw_state d;
      draw_state_default(&d, &f, fs);
      const float cx[3] = {-1, 3, -1}, cy[3] = {-1, -1, 3};
      for (unsigned k = 0; k < 3; k++) {
         float v[8] = {cx[k], cy[k], 0.5f, 1, 0, 0, 0, 0};
         put_vertex(&e, k, v);
      }
      frame_draw(&f, &d, AGX_PRIMITIVE_TRIANGLES, 3, 0, false, 0, false, 0, 1);
      setenv("AGX_SIM_BUDGET", "200000", 1);
      int st = frame_submit(&f);
      unsetenv("AGX_SIM_BUDGET");
      char msg[512] = "";
      agx_sim_test_gpu_errors(e.sim, msg, sizeof(msg));
      printf("endless fragment shader: status %d, \"%s\"\n", st, msg);
      CHECK(st == -ETIMEDOUT && strstr(msg, "budget"));
      env_fini(&e);
   }
   /* malformed render command: sample_size_B not a multiple of 8 */
   {
      struct env e;
      env_init(&e);
      struct frame f;
      frame_init(&f, &e, W, H, 12, SIM_BG_ZERO, SIM_EOT_IMAGE);
      expect_fault(&e, frame_submit(&f), "sample_size_B", "malformed render command");
      /* the queue keeps working after the fault: an empty frame renders */
      struct frame g;
      frame_init(&g, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
      CHECK(frame_submit(&g) == 1);
      env_fini(&e);
   }
}

int
main(void)
{
   test_coverage();
   test_strip_restart_empty_tiles();
   test_interpolation();
   test_tile_mask2();
   test_rgb10a2();
   test_depth();
   test_zls();
   test_stencil();
   test_msaa();
   test_layers();
   test_provoking();
   test_points();
   test_clipping();
   test_depth_bias();
   test_partial();
   test_lines();
   test_instanced_indirect();
   test_vdm_call();
   test_discard();
   test_rgba8();
   test_clip_distance();
   test_point_coord();
   test_raster_state();
   test_hazards();
   return SIM_TEST_RESULT();
}
