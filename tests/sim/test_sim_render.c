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
#include <math.h>

#include "sim_render_util.h"

#define W 64
#define H 64
#define STRIDE (W * 4)

static const char *BG_COUNT = "mov_imm r1, 0, 0b0\n"
                              "st_tile r1, i32, 0, x, 0, 255, 0\n"
                              "stop\n";
static const char *EOT_R32 = "mov_imm r2, 0, 0b0\n"
                             "image_write_block r2l, r4_r5, 0, ts0, tex_2d, rte, i32, 0, 0, 0\n"
                             "stop\n";
static const char *FS_COUNT = "wait_pix 12, 0\n"
                              "ld_tile r1, i32, 0, x, 0, 255, 0\n"
                              "iadd r1, r1, 1\n"
                              "st_tile r1, i32, 0, x, 0, 255, 0\n"
                              "stop\n";

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

/* window position (pixels) -> clip x or y for the default viewport */
static float
clip_of(double win, double size)
{
   return (float)((win - size / 2) / (size / 2));
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
   struct rt_desc rt = {AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, W, H, STRIDE};
   put_rt(&e, &rt);
   memset(e.data + RT_OFF, 0xAA, STRIDE * H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, BG_COUNT, EOT_R32);
   uint32_t fs = put_word_list(&e, env_asm(&e, FS_COUNT), 0, 0, false, true, true);
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
      struct rt_desc rt = {AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, W, H, STRIDE};
      put_rt(&e, &rt);
      memset(e.data + RT_OFF, 0xAA, STRIDE * H);
      struct frame f;
      frame_init(&f, &e, W, H, 8, BG_COUNT, EOT_R32);
      f.flags = pass ? DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES : 0;
      uint32_t fs = put_word_list(&e, env_asm(&e, FS_COUNT), 0, 0, false, true, true);
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

int
main(void)
{
   test_coverage();
   test_strip_restart_empty_tiles();
   return SIM_TEST_RESULT();
}
