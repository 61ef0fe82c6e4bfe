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

/* ---- interpolation ---------------------------------------------------------- */

static const char *BG_ZERO4 = "mov_imm r1, 0, 0b0\n"
                              "mov_imm r2, 0, 0b0\n"
                              "mov_imm r3, 0, 0b0\n"
                              "mov_imm r4, 0, 0b0\n"
                              "st_tile r1_r2_r3_r4, i32, 0, xyzw, 0, 255, 0\n"
                              "stop\n";
static const char *EOT_RGBA32 = "mov_imm r2, 0, 0b0\n"
                                "image_write_block r2l, r4_r5, 0, ts0, tex_2d, rte, i32, 0, 0, 0\n"
                                "stop\n";
/* perspective varying 0, linear varying 1, flat varying 2 (ldcf C), 1/w */
static const char *FS_INTERP = "iterproj r4, cf1, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
                               "iter r5, cf2, center, 0b0, 0, 0, 0, 0, 0\n"
                               "TODO.ldcf r8_r9_r10, cf3\n"
                               "iter r7, cf0, center, 0b0, 0, 0, 0, 0, 0\n"
                               "iadd r6, r10, 0\n"
                               "wait_pix 12, 0\n"
                               "st_tile r4_r5_r6_r7, i32, 0, xyzw, 0, 255, 0\n"
                               "stop\n";

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
   frame_init(&f, &e, W, H, 16, BG_ZERO4, EOT_RGBA32);
   uint32_t fs = put_word_list(&e, env_asm(&e, FS_INTERP), 0, 0, false, true, true);
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
            struct rt_desc rt = {AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, W, H, STRIDE};
            put_rt(&e, &rt);
            struct frame f;
            frame_init(&f, &e, W, H, 8, BG_COUNT, EOT_R32);
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
 * 64x64 tiles), texels in Morton order (x bits even, y bits odd). */
static uint32_t
morton(uint32_t x, uint32_t y)
{
   uint32_t m = 0;
   for (unsigned b = 0; b < 6; b++)
      m |= ((x >> b) & 1u) << (2 * b) | ((y >> b) & 1u) << (2 * b + 1);
   return m;
}

#define ZBUF_OFF 0x200000u

static void
test_zls(void)
{
   struct env e;
   env_init(&e);
   struct rt_desc rt = {AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, W, H, STRIDE};
   put_rt(&e, &rt);
   float junk = -7.0f;
   for (unsigned i = 0; i < W * H; i++)
      memcpy(e.data + ZBUF_OFF + 4 * i, &junk, 4);
   uint32_t fs_early = 0;
   struct draw_state d;
   struct tri t = {{2.5, 60.5, 10.5}, {3.5, 20.5, 58.5}};
   for (unsigned pass = 0; pass < 2; pass++) {
      struct frame f;
      frame_init(&f, &e, W, H, 8, BG_COUNT, EOT_R32);
      fs_early = put_word_list(&e, env_asm(&e, FS_FLAT_EARLY), 0, 0, false, true, true);
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
      frame_init(&f, &e, fw, fh, 8, BG_COUNT, EOT_R32);
      f.utile_w = utiles[u][0], f.utile_h = utiles[u][1];
      f.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
      uint32_t fs = put_word_list(&e, env_asm(&e, FS_COUNT), 0, 0, false, true, true);
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
      struct rt_desc rt = {AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, W, H, STRIDE};
      put_rt(&e, &rt);
      struct frame f;
      frame_init(&f, &e, W, H, 8, BG_COUNT, EOT_R32);
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
   /* FS reads a varying slot the vertex shader did not write (slot 5 =
    * UVS word 8, the record has 8 words) */
   {
      struct env e;
      env_init(&e);
      struct rt_desc rt = {AGX_CHANNELS_R32, AGX_TEXTURE_TYPE_UINT, W, H, STRIDE};
      put_rt(&e, &rt);
      struct frame f;
      frame_init(&f, &e, W, H, 8, BG_COUNT, EOT_R32);
      uint32_t fs = put_word_list(&e, env_asm(&e, FS_FLAT_EARLY), 0, 0, false, true, true);
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
      frame_init(&f, &e, W, H, 8, BG_COUNT, EOT_R32);
      uint32_t fs = put_word_list(&e, env_asm(&e, FS_COUNT), 0, 0, false, true, true);
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
   /* malformed render command: sample_size_B not a multiple of 8 */
   {
      struct env e;
      env_init(&e);
      struct frame f;
      frame_init(&f, &e, W, H, 12, BG_COUNT, EOT_R32);
      expect_fault(&e, frame_submit(&f), "sample_size_B", "malformed render command");
      /* the queue keeps working after the fault: an empty frame renders */
      struct frame g;
      frame_init(&g, &e, W, H, 8, BG_COUNT, EOT_R32);
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
   test_depth();
   test_zls();
   test_raster_state();
   test_hazards();
   return SIM_TEST_RESULT();
}
