/*
 * Lines and points through the full render-command path (issue 17 items 4
 * and 5), checked against CPU references written here from the Vulkan
 * specification, independently of the simulator:
 * - multisampled lines: without Cull "Primitive MSAA" each sample is
 *   tested against Vulkan's non-strict parallelogram (edges of length 1
 *   along the minor axis centred on the endpoints, edges parallel to the
 *   segment; reference: exact integer geometry at the 1/256 snapped
 *   endpoints, coordinates chosen so that no sample lies on an edge);
 *   with Primitive MSAA (Honeykrisp's Bresenham lines) whole pixels of
 *   Bresenham's algorithm are produced with every sample covered;
 * - line clipping: a segment crossing the z = 0 plane keeps the part
 *   inside when Cull "Depth clip" is set (clipped endpoint at the plane,
 *   reference: Bresenham from the intersection), is kept whole with depth
 *   clamp, and is cut by a clip distance the same way; a segment entirely
 *   behind a plane is dropped;
 * - points are discarded by an enabled clip distance < 0 and kept
 *   otherwise;
 * - single-sampled line endpoints and segments on diamond boundaries
 *   follow Direct3D 11's half-open diamond (x-major: bottom corner and
 *   lower edges in, top/left/right corners and upper edges out; y-major:
 *   the right corner in too) without endpoint perturbation: the expected
 *   pixel of every segment is listed in the test, worked out by hand from
 *   that rule (Microsoft "Rasterization Rules", Direct3D 11).
 *
 * Assumes the simulator's documented choices (sim/README.md "Render path"):
 * pixel centres at +0.5, 8 sub-pixel bits, single-sampled lines by the
 * diamond-exit rule with D3D11's half-open diamond (agx_sim_raster.c), the
 * multisampled line model of agx_sim_prim.c line_segment().
 */
#include <math.h>
#include <stdlib.h>

#include "sim_render_util.h"

#define W 64
#define H 64
#define STRIDE (W * 4)

/* Vulkan's standard 4-sample positions in 1/16 pixel (ppp_multisamplectl
 * 0xEAA26E26) */
static const unsigned SP[4][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}};

static void
put_at(struct env *e, unsigned i, double x, double y, float z, float dist)
{
   float v[8] = {clip_of(x, W), clip_of(y, H), z, 1.0f, 0, 0, 0, dist};
   put_vertex(e, i, v);
}

/* ---- references ---------------------------------------------------------- */

/* Whether sample point (sx, sy) (1/256 pixel) lies inside the parallelogram
 * of segment a -> b (1/256 pixel); *tie is set when it lies on an edge. */
static bool
ref_parallelogram(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t sx, int64_t sy, bool *tie)
{
   bool xmajor = llabs(bx - ax) >= llabs(by - ay);
   if (!xmajor) { /* swap the axes */
      int64_t t;
      t = ax, ax = ay, ay = t;
      t = bx, bx = by, by = t;
      t = sx, sx = sy, sy = t;
   }
   if (ax > bx) {
      int64_t t;
      t = ax, ax = bx, bx = t;
      t = ay, ay = by, by = t;
   }
   int64_t dx = bx - ax, dy = by - ay; /* dx > 0 */
   if (sx == ax || sx == bx)
      *tie = true;
   if (sx < ax || sx > bx)
      return false;
   /* minor-axis distance from the segment at sx, times dx */
   int64_t off = sy * dx - (ay * dx + (sx - ax) * dy);
   if (llabs(off) == 128 * dx)
      *tie = true;
   return llabs(off) < 128 * dx;
}

/* ---- multisampled lines ------------------------------------------------------ */

static void
test_msaa_lines(bool primitive_msaa)
{
   struct env e;
   env_init(&e);
   put_rt_ms4_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   f.samples = 4;
   f.msctl = 0xEAA26E26;
   uint32_t fs = put_fs_text(&e, SIM_FS_ONE);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   d.line_width_field = 15;
   d.primitive_msaa = primitive_msaa;
   /* default lines: off-grid endpoints (no sample on an edge); Bresenham
    * lines: pixel centres with odd major lengths (no diamond ties) */
   static const double off_grid[3][4] = {{3.3, 5.7, 58.9, 20.2},
                                         {40.2, 2.6, 50.7, 61.1},
                                         {60.1, 40.3, 4.6, 57.9}};
   static const int centres[3][4] = {{2, 5, 59, 20}, {40, 2, 51, 61}, {60, 40, 5, 57}};
   for (unsigned i = 0; i < 3; i++) {
      for (unsigned k = 0; k < 2; k++) {
         double x = primitive_msaa ? centres[i][2 * k] + 0.5 : off_grid[i][2 * k];
         double y = primitive_msaa ? centres[i][2 * k + 1] + 0.5 : off_grid[i][2 * k + 1];
         put_at(&e, 2 * i + k, x, y, 0.5f, 0);
      }
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_LINES, 6, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);

   uint32_t pix[W * H];
   memset(pix, 0, sizeof(pix));
   if (primitive_msaa)
      for (unsigned i = 0; i < 3; i++)
         ref_line(pix, W, centres[i][0], centres[i][1], centres[i][2], centres[i][3]);
   unsigned bad = 0, partial = 0, covered = 0, ties = 0;
   for (unsigned y = 0; y < H; y++) {
      for (unsigned x = 0; x < W; x++) {
         unsigned n = 0;
         for (unsigned s = 0; s < 4; s++) {
            uint32_t want = 0;
            if (primitive_msaa) {
               want = pix[y * W + x] != 0;
            } else {
               for (unsigned i = 0; i < 3; i++) {
                  bool tie = false;
                  int64_t ax = llround(off_grid[i][0] * 256), ay = llround(off_grid[i][1] * 256);
                  int64_t bx = llround(off_grid[i][2] * 256), by = llround(off_grid[i][3] * 256);
                  if (ref_parallelogram(ax, ay, bx, by, x * 256 + SP[s][0] * 16,
                                        y * 256 + SP[s][1] * 16, &tie))
                     want = 1;
                  ties += tie;
               }
            }
            n += want;
            uint32_t got = ms4_r32_sample(&e, W, x, y, s);
            if (got != want && bad++ < 6)
               fprintf(stderr, "%s line (%u,%u) sample %u: got %u want %u\n",
                       primitive_msaa ? "Bresenham" : "default", x, y, s, got, want);
         }
         partial += n > 0 && n < 4;
         covered += n;
      }
   }
   printf("4x MSAA %s lines: %u samples covered, %u partial pixels, %u mismatches\n",
          primitive_msaa ? "Bresenham (Primitive MSAA)" : "default", covered, partial, bad);
   CHECK(bad == 0 && ties == 0);
   unsigned npix = 0;
   for (unsigned i = 0; i < W * H; i++)
      npix += pix[i] != 0;
   if (primitive_msaa)
      CHECK(partial == 0 && covered == 4 * npix && npix > 160);
   else
      CHECK(partial > 50 && covered > 4 * 150);
   env_fini(&e);
}

/* ---- line clipping --------------------------------------------------------------- */

/* A horizontal line along row 10 from window x = 0.5 to 63.5 whose z goes
 * from z0 to z1, and a vertical one along column 20 from y = 30.5 to 63.5
 * whose clip distance goes from d0 to d1 (z 0.5). Returns the mismatches
 * against: the row's pixels from the clipped start (x of z = 0) or all of
 * them, the column's pixels from the clipped start (y of d = 0). */
static unsigned
run_clip(bool depth_clamp, float z0, float z1, float d0, float d1, unsigned *lit)
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
   d.line_width_field = 15;
   d.depth_clamp = depth_clamp;
   d.clip0 = true; /* UVS word 7 */
   put_at(&e, 0, 0.5, 10.5, z0, 1);
   put_at(&e, 1, 63.5, 10.5, z1, 1);
   put_at(&e, 2, 20.5, 30.5, 0.5f, d0);
   put_at(&e, 3, 20.5, 63.5, 0.5f, d1);
   frame_draw(&f, &d, AGX_PRIMITIVE_LINES, 4, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);

   uint32_t ref[W * H];
   memset(ref, 0, sizeof(ref));
   /* row: z(x) = z0 + (x - 0.5) / 63 (z1 - z0) */
   for (int x = 0; x < 63; x++) {
      double t0 = z0 < 0 && !depth_clamp ? -z0 / (z1 - z0) : 0; /* start of the kept part */
      double t1 = z1 > 1 && !depth_clamp ? (1 - z0) / (z1 - z0) : 1;
      double xs = 0.5 + 63 * t0, xe = 0.5 + 63 * t1;
      if (t0 >= t1)
         continue;
      /* diamond-exit along a row through pixel centres: a pixel is produced
       * when the segment enters its diamond (|x - centre| < 1/2) and does
       * not end inside it */
      double c = x + 0.5;
      bool crosses = xs < c + 0.5 && xe > c - 0.5;
      bool ends_inside = fabs(xe - c) < 0.5;
      ref[10 * W + x] += crosses && !ends_inside;
   }
   /* column: d(y) = d0 + (y - 30.5) / 33 (d1 - d0), kept where d >= 0 */
   if (d0 >= 0 || d1 >= 0) {
      double t0 = d0 < 0 ? -d0 / (d1 - d0) : 0, t1 = d1 < 0 ? -d0 / (d1 - d0) : 1;
      double ys = 30.5 + 33 * t0, ye = 30.5 + 33 * t1;
      for (int y = 30; y < 64; y++) {
         double c = y + 0.5;
         bool crosses = ys < c + 0.5 && ye > c - 0.5;
         bool ends_inside = fabs(ye - c) < 0.5;
         ref[y * W + 20] += crosses && !ends_inside;
      }
   }
   unsigned bad = 0;
   *lit = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t got = rt32(&e, STRIDE, 4, x, y, 0);
         *lit += got != 0;
         if (got != ref[y * W + x] && bad++ < 6)
            fprintf(stderr, "clipped line (%u,%u): got %u want %u\n", x, y, got, ref[y * W + x]);
      }
   env_fini(&e);
   return bad;
}

static void
test_line_clipping(void)
{
   unsigned lit;
   /* near plane crossed at x = 0.5 + 63 * 0.3 = 19.4, clip distance zero
    * at y = 30.5 + 33 * 0.25 = 38.75 */
   unsigned bad = run_clip(false, -0.3f, 0.7f, -0.25f, 0.75f, &lit);
   printf("line clipping (depth clip, clip distance): %u pixels, %u mismatches\n", lit, bad);
   CHECK(bad == 0 && lit == (63 - 19) + (63 - 38));
   /* far plane: z from 0.2 to 1.2 crosses 1 at t = 0.8 (x = 50.9, ending
    * inside pixel 50's diamond); the distance from 0.5 to -0.6 crosses 0 at
    * y = 30.5 + 33 * 0.5 / 1.1 = 45.5 */
   bad = run_clip(false, 0.2f, 1.2f, 0.5f, -0.6f, &lit);
   printf("line clipping (far plane, clip distance at the end): %u pixels, %u mismatches\n", lit,
          bad);
   CHECK(bad == 0 && lit == 50 + 15);
   /* depth clamp: nothing clipped by depth */
   bad = run_clip(true, -0.3f, 0.7f, 0.25f, 0.75f, &lit);
   printf("line clipping (depth clamp): %u pixels, %u mismatches\n", lit, bad);
   CHECK(bad == 0 && lit == 63 + 33);
   /* entirely behind the near plane / a clip distance: dropped */
   bad = run_clip(false, -0.6f, -0.1f, -1.0f, -0.5f, &lit);
   printf("line clipping (outside): %u pixels, %u mismatches\n", lit, bad);
   CHECK(bad == 0 && lit == 0);
}

/* ---- endpoints and segments on diamond boundaries ---------------------------------- */

/* One segment (window coordinates, first -> second vertex) and the pixels
 * it must light, derived by hand from the rule above. */
struct endpoint_case {
   double x0, y0, x1, y1;
   unsigned n;
   int px[16][2];
};

static const struct endpoint_case endpoint_cases[] = {
   /* the dEQP-VK topology_line strip: x-major segments ending exactly on a
    * right corner (excluded), the second one at the image's right edge;
    * each pixel lit once */
   {32,
    5.5,
    48,
    5.5,
    16,
    {{32, 5},
     {33, 5},
     {34, 5},
     {35, 5},
     {36, 5},
     {37, 5},
     {38, 5},
     {39, 5},
     {40, 5},
     {41, 5},
     {42, 5},
     {43, 5},
     {44, 5},
     {45, 5},
     {46, 5},
     {47, 5}}},
   {48,
    5.5,
    64,
    5.5,
    16,
    {{48, 5},
     {49, 5},
     {50, 5},
     {51, 5},
     {52, 5},
     {53, 5},
     {54, 5},
     {55, 5},
     {56, 5},
     {57, 5},
     {58, 5},
     {59, 5},
     {60, 5},
     {61, 5},
     {62, 5},
     {63, 5}}},
   /* half-pixel segments from a pixel centre: to the right corner
    * (excluded: exits, lit), from it back to the centre (ends inside: none),
    * down to the bottom corner (included: ends inside, none), up to the top
    * corner (excluded: lit) */
   {10.5, 20.5, 11.0, 20.5, 1, {{10, 20}}},
   {11.0, 22.5, 10.5, 22.5, 0, {{0}}},
   {15.5, 20.5, 15.5, 21.0, 0, {{0}}},
   {17.5, 20.5, 17.5, 20.0, 1, {{17, 20}}},
   /* vertical through centres, downwards: starts on the bottom corner of
    * row 29 (included), ends on that of row 33 (inside: not lit) */
   {5.5, 30.0, 5.5, 34.0, 4, {{5, 29}, {5, 30}, {5, 31}, {5, 32}}},
   /* the same upwards: starts on row 34's top corner (excluded), ends on
    * row 30's (excluded: lit) */
   {7.5, 34.0, 7.5, 30.0, 4, {{7, 30}, {7, 31}, {7, 32}, {7, 33}}},
   /* vertical on a pixel edge: the column on the left (y-major right
    * corners included, left corners excluded) */
   {12.0, 40.5, 12.0, 44.5, 4, {{11, 40}, {11, 41}, {11, 42}, {11, 43}}},
   /* horizontal on a pixel edge: the row above (bottom corners included) */
   {20.5, 50.0, 24.5, 50.0, 4, {{20, 49}, {21, 49}, {22, 49}, {23, 49}}},
   /* diagonal (x-major, |slope| = 1) through centres */
   {30.5, 10.5, 34.5, 14.5, 4, {{30, 10}, {31, 11}, {32, 12}, {33, 13}}},
   /* diagonal along diamond edges: lower-left edges in, upper-right out */
   {40.0, 20.5, 44.0, 24.5, 4, {{40, 20}, {41, 21}, {42, 22}, {43, 23}}},
   /* y-major slope 2 through right/left corner pairs: the left pixel */
   {50.5, 40.5, 52.5, 44.5, 4, {{50, 40}, {50, 41}, {51, 42}, {51, 43}}},
   /* x-major slope 1/2 through bottom/top corner pairs: the upper pixel */
   {50.5, 50.5, 54.5, 52.5, 4, {{50, 50}, {51, 50}, {52, 51}, {53, 51}}},
};

static void
test_line_endpoints(void)
{
   const unsigned nc = sizeof(endpoint_cases) / sizeof(endpoint_cases[0]);
   struct env e;
   env_init(&e);
   put_rt_r32(&e, W, H);
   struct frame f;
   frame_init(&f, &e, W, H, 8, SIM_BG_ZERO, SIM_EOT_IMAGE);
   f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
   uint32_t fs = put_fs_text(&e, SIM_FS_COUNT);
   struct draw_state d;
   draw_state_default(&d, &f, fs);
   d.line_width_field = 15;
   uint32_t ref[W * H];
   memset(ref, 0, sizeof(ref));
   unsigned want_lit = 0;
   for (unsigned i = 0; i < nc; i++) {
      const struct endpoint_case *c = &endpoint_cases[i];
      put_at(&e, 2 * i, c->x0, c->y0, 0.5f, 0);
      put_at(&e, 2 * i + 1, c->x1, c->y1, 0.5f, 0);
      for (unsigned k = 0; k < c->n; k++)
         ref[c->px[k][1] * W + c->px[k][0]]++;
      want_lit += c->n;
   }
   frame_draw(&f, &d, AGX_PRIMITIVE_LINES, 2 * nc, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   unsigned bad = 0, lit = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t got = rt32(&e, STRIDE, 4, x, y, 0);
         lit += got != 0;
         if (got != ref[y * W + x] && bad++ < 8)
            fprintf(stderr, "line endpoints (%u,%u): got %u want %u\n", x, y, got, ref[y * W + x]);
      }
   printf("line endpoints on diamond boundaries: %u segments, %u pixels, %u mismatches\n", nc, lit,
          bad);
   CHECK(bad == 0 && lit == want_lit && want_lit == 66);
   env_fini(&e);
}

/* ---- points and clip distances ------------------------------------------------------ */

static void
test_point_clip_distance(void)
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
   const float dist[4] = {0.5f, -0.01f, 0.0f, -3.0f};
   for (unsigned i = 0; i < 4; i++)
      put_at(&e, i, 10.5 + 12 * i, 20.5, 0.5f, dist[i]);
   frame_draw(&f, &d, AGX_PRIMITIVE_POINTS, 4, 0, false, 0, false, 0, 1);
   CHECK(frame_submit(&f) == 1);
   unsigned bad = 0, lit = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         uint32_t want = 0;
         for (unsigned i = 0; i < 4; i++)
            want += y == 20 && x == 10 + 12 * i && dist[i] >= 0;
         uint32_t got = rt32(&e, STRIDE, 4, x, y, 0);
         lit += got != 0;
         bad += got != want;
      }
   printf("points with clip distances: %u pixels, %u mismatches\n", lit, bad);
   CHECK(bad == 0 && lit == 2);
   env_fini(&e);
}

int
main(void)
{
   test_msaa_lines(false);
   test_msaa_lines(true);
   test_line_clipping();
   test_line_endpoints();
   test_point_clip_distance();
   return SIM_TEST_RESULT();
}
