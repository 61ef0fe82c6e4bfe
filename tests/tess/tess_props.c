/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Properties of the host tessellator that must hold for every patch, checked over a sweep:
 *  - COUNT mode agrees with what WRITE mode produces, and every index is in range;
 *  - invariance: the points on an edge depend only on that edge's level and spacing, and are
 *    symmetric (x and 1 - x), so neighbouring patches (quad or triangle, either orientation)
 *    produce identical edge vertices;
 *  - watertightness: triangle areas (exact, in 16.16 units) sum to the domain area with no
 *    triangle of the wrong winding, and every directed edge is matched by its reverse except
 *    on the domain boundary, which is covered exactly once;
 *  - point mode lists each domain point once, the same points as triangle mode;
 *  - WRITE through the heap: aligned, disjoint allocations with the same output, index
 *    strides, overflow and bad arguments reported in the result.
 * Assumes: the host build of cl_kernels/tessellator.cl (idep_agx_tess_host).
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_tess_host.h"

static int failures;

#define EXPECT(cond, ...)                                              \
   do {                                                                \
      if (!(cond)) {                                                   \
         if (failures++ < 30) {                                        \
            fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                              \
            fprintf(stderr, "\n");                                     \
         }                                                             \
      }                                                                \
   } while (0)

static const char *const domain_names[] = {"tri", "quad", "isoline"};
static const char *const spacing_names[] = {"equal", "fractional_even", "fractional_odd"};

static uint32_t rng_state = 0x9e3779b9u;

static uint32_t
rng(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 17;
   rng_state ^= rng_state << 5;
   return rng_state;
}

static float
random_level(void)
{
   return 0.5f + (float)(rng() % 66000) / 1000.0f;
}

struct patch {
   struct agx_tess_point *p;
   uint32_t *idx, np, ni;
};

static struct patch
tessellate(uint32_t domain, uint32_t spacing, uint32_t flags, struct agx_tess_levels lv)
{
   struct patch t;
   struct agx_tess_config cfg = {domain, spacing, flags, 0};
   if (!agx_tess_host_patch(cfg, lv, &t.p, &t.np, &t.idx, &t.ni)) {
      fprintf(stderr, "agx_tess_host_patch failed\n");
      exit(1);
   }
   return t;
}

static void
patch_free(struct patch *t)
{
   free(t->p);
   free(t->idx);
}

static const char *
describe(uint32_t domain, uint32_t spacing, struct agx_tess_levels lv)
{
   static char buf[160];
   snprintf(buf, sizeof(buf), "%s %s outer %g,%g,%g,%g inner %g,%g", domain_names[domain],
            spacing_names[spacing], lv.outer[0], lv.outer[1], lv.outer[2], lv.outer[3], lv.inner[0],
            lv.inner[1]);
   return buf;
}

/* ---- edges ------------------------------------------------------------------------------ */

static int
cmp_u32(const void *a, const void *b)
{
   uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
   return x < y ? -1 : x > y;
}

/* Reference subdivision of an edge with this level: the u positions of a one-line isoline,
 * whose line detail uses the same 1D rules as triangle and quad edges. */
static uint32_t
edge_reference(uint32_t spacing, float level, uint32_t *out)
{
   struct agx_tess_levels lv = {{1, level, 0, 0}, {0, 0}, {0, 0}};
   struct patch t = tessellate(AGX_TESS_DOMAIN_ISOLINE, spacing, 0, lv);
   uint32_t n = 0;
   for (uint32_t i = 0; i < t.np; ++i)
      if (t.p[i].v == 0)
         out[n++] = t.p[i].u;
   patch_free(&t);
   qsort(out, n, sizeof(*out), cmp_u32);
   return n;
}

static void
check_edge_symmetry(void)
{
   uint32_t pos[AGX_TESS_MAX_LEVEL + 2];
   int checked = 0, coinciding = 0;
   for (uint32_t s = 0; s < 3; ++s) {
      for (int k = 0; k < 64 * 8 + 300; ++k) {
         float l = k < 64 * 8 ? (float)(k + 1) / 8.0f : random_level();
         uint32_t n = edge_reference(s, l, pos);
         /* symmetric, so a neighbour walking the shared edge the other way sees the same points */
         for (uint32_t i = 0; i < n; ++i)
            EXPECT(pos[i] + pos[n - 1 - i] == AGX_TESS_FIXED_ONE, "%s level %g: edge not symmetric",
                   spacing_names[s], l);
         EXPECT(n >= 2 && pos[0] == 0 && pos[n - 1] == AGX_TESS_FIXED_ONE,
                "%s level %g: edge misses its ends", spacing_names[s], l);
         bool repeats = false;
         for (uint32_t i = 1; i < n; ++i)
            repeats |= pos[i] == pos[i - 1];
         /* only fractional levels can place two points at the same 16.16 location */
         EXPECT(!repeats || s != AGX_TESS_SPACING_EQUAL, "%s level %g: repeated edge point",
                spacing_names[s], l);
         coinciding += repeats;
         ++checked;
      }
   }
   printf(
      "edges: %d subdivisions are symmetric (x, 1 - x); %d fractional ones have two points at the "
      "same 16.16 location\n",
      checked, coinciding);
}

/* ---- watertightness --------------------------------------------------------------------- */

static int
cmp_point(const void *a, const void *b)
{
   const struct agx_tess_point *p = a, *q = b;
   if (p->u != q->u)
      return p->u < q->u ? -1 : 1;
   return p->v < q->v ? -1 : p->v > q->v;
}

/* Drops repeats from a sorted array; returns the new length. */
static uint32_t
unique(uint32_t *x, uint32_t n)
{
   uint32_t m = 0;
   for (uint32_t i = 0; i < n; ++i)
      if (m == 0 || x[m - 1] != x[i])
         x[m++] = x[i];
   return m;
}

static int64_t
area2(struct agx_tess_point a, struct agx_tess_point b, struct agx_tess_point c)
{
   return ((int64_t)b.u - a.u) * ((int64_t)c.v - a.v) - ((int64_t)b.v - a.v) * ((int64_t)c.u - a.u);
}

/* The domain side (edge number as in the levels) holding segment a-b, or -1. */
static int
boundary_side(uint32_t domain, struct agx_tess_point a, struct agx_tess_point b)
{
   const uint32_t one = AGX_TESS_FIXED_ONE;
   if (a.u == 0 && b.u == 0)
      return 0;
   if (a.v == 0 && b.v == 0)
      return 1;
   if (domain == AGX_TESS_DOMAIN_QUAD) {
      if (a.u == one && b.u == one)
         return 2;
      if (a.v == one && b.v == one)
         return 3;
      return -1;
   }
   return a.u + a.v == one && b.u + b.v == one ? 2 : -1;
}

static uint32_t
along_side(uint32_t domain, int side, struct agx_tess_point p)
{
   return (domain == AGX_TESS_DOMAIN_QUAD ? (side & 1) : side != 0) ? p.u : p.v;
}

static int
cmp_u64(const void *a, const void *b)
{
   uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
   return x < y ? -1 : x > y;
}

static bool
has_edge(const uint64_t *edges, uint32_t n, uint32_t a, uint32_t b)
{
   uint64_t key = (uint64_t)a << 32 | b;
   return bsearch(&key, edges, n, sizeof(*edges), cmp_u64) != NULL;
}

static void
check_surface(uint32_t d, uint32_t s, struct agx_tess_levels lv, uint32_t flags,
              int64_t degenerate[3])
{
   struct patch t = tessellate(d, s, flags, lv);
   const char *what = describe(d, s, lv);
   uint32_t np, ni;
   struct agx_tess_config cfg = {d, s, flags, 0};
   agx_tess_count(cfg, lv, &np, &ni);
   EXPECT(np == t.np && ni == t.ni, "%s: counts", what);
   if (t.np == 0) {
      patch_free(&t);
      return;
   }
   EXPECT(t.ni % 3 == 0, "%s: index count %u", what, t.ni);
   for (uint32_t i = 0; i < t.ni; ++i)
      EXPECT(t.idx[i] < t.np, "%s: index %u out of range", what, t.idx[i]);
   bool ccw = flags & AGX_TESS_FLAG_CCW;
   int64_t sum = 0;
   uint32_t nt = t.ni / 3;
   uint64_t *edges = malloc(sizeof(*edges) * t.ni);
   char *used = calloc(t.np, 1);
   for (uint32_t i = 0; i < nt; ++i) {
      uint32_t a = t.idx[3 * i], b = t.idx[3 * i + 1], c = t.idx[3 * i + 2];
      int64_t ar = area2(t.p[a], t.p[b], t.p[c]);
      if (ccw)
         ar = -ar;
      EXPECT(ar >= 0, "%s: triangle %u winds the wrong way", what, i);
      EXPECT(a != b && b != c && a != c, "%s: triangle %u repeats an index", what, i);
      /* only coinciding fractional locations (see check_points) give zero-area triangles */
      EXPECT(ar > 0 || s != AGX_TESS_SPACING_EQUAL, "%s: zero-area triangle %u", what, i);
      degenerate[s] += ar == 0;
      sum += ar;
      edges[3 * i] = (uint64_t)a << 32 | b;
      edges[3 * i + 1] = (uint64_t)b << 32 | c;
      edges[3 * i + 2] = (uint64_t)c << 32 | a;
      used[a] = used[b] = used[c] = 1;
   }
   const int64_t one2 = (int64_t)1 << 32;
   EXPECT(sum == (d == AGX_TESS_DOMAIN_QUAD ? 2 * one2 : one2), "%s: area %.9f", what,
          (double)sum / (double)one2 / 2.0);
   for (uint32_t i = 0; i < t.np; ++i)
      EXPECT(used[i], "%s: point %u is in no triangle", what, i);
   qsort(edges, t.ni, sizeof(*edges), cmp_u64);
   /* Unmatched directed edges are the mesh boundary: it must lie on the domain sides and, per
    * side, be exactly the subdivision of that side's level (the same for every patch with that
    * level, whatever the domain or its other levels: neighbours share identical vertices). */
   uint32_t side_pos[4][2 * AGX_TESS_MAX_LEVEL + 4], side_n[4] = {0}, side_edges[4] = {0};
   for (uint32_t i = 0; i < t.ni; ++i) {
      uint32_t a = (uint32_t)(edges[i] >> 32), b = (uint32_t)edges[i];
      EXPECT(i == 0 || edges[i] != edges[i - 1], "%s: edge %u-%u used twice in one direction", what,
             a, b);
      if (has_edge(edges, t.ni, b, a))
         continue;
      int side = boundary_side(d, t.p[a], t.p[b]);
      EXPECT(side >= 0, "%s: open edge %u-%u inside the domain (crack)", what, a, b);
      /* zero-length edges (coinciding fixed-point locations) cover nothing */
      if (side < 0 || cmp_point(&t.p[a], &t.p[b]) == 0 ||
          side_n[side] + 2 > 2 * AGX_TESS_MAX_LEVEL + 4)
         continue;
      side_edges[side]++;
      side_pos[side][side_n[side]++] = along_side(d, side, t.p[a]);
      side_pos[side][side_n[side]++] = along_side(d, side, t.p[b]);
   }
   for (int e = 0; e < (d == AGX_TESS_DOMAIN_QUAD ? 4 : 3); ++e) {
      uint32_t ref[AGX_TESS_MAX_LEVEL + 2], nref = unique(ref, edge_reference(s, lv.outer[e], ref));
      qsort(side_pos[e], side_n[e], sizeof(uint32_t), cmp_u32);
      uint32_t n = unique(side_pos[e], side_n[e]);
      EXPECT(
         side_edges[e] == nref - 1 && n == nref && memcmp(side_pos[e], ref, n * 4) == 0,
         "%s: side %d boundary (%u edges, %u points) is not the level's subdivision (%u points)",
         what, e, side_edges[e], n, nref);
   }
   free(edges);
   free(used);
   patch_free(&t);
}

/* ---- point mode ------------------------------------------------------------------------- */

static void
check_points(uint32_t d, uint32_t s, struct agx_tess_levels lv, uint32_t *with_duplicates)
{
   struct patch t = tessellate(d, s, AGX_TESS_FLAG_POINTS, lv);
   struct patch prims = tessellate(d, s, 0, lv);
   const char *what = describe(d, s, lv);
   EXPECT(t.ni == t.np, "%s: %u point primitives for %u points", what, t.ni, t.np);
   for (uint32_t i = 0; i < t.ni && i < t.np; ++i)
      EXPECT(t.idx[i] == i, "%s: point primitive %u is %u", what, i, t.idx[i]);
   EXPECT(t.np == prims.np && memcmp(t.p, prims.p, sizeof(*t.p) * t.np) == 0,
          "%s: point mode and primitive mode have different points", what);
   qsort(t.p, t.np, sizeof(*t.p), cmp_point);
   bool dup = false;
   for (uint32_t i = 1; i < t.np; ++i)
      dup |= cmp_point(&t.p[i - 1], &t.p[i]) == 0;
   *with_duplicates += dup;
   /* Equal spacing never repeats a position. Fractional levels can: fractional odd just above
    * one collapses the first inner ring onto the outer one, and barely-split segments can round
    * to one 16.16 location. The D3D11 tessellator (and lavapipe) emit the same points. */
   EXPECT(!dup || s != AGX_TESS_SPACING_EQUAL, "%s: repeated point in point mode", what);
   patch_free(&t);
   patch_free(&prims);
}

/* ---- heap / WRITE mode ------------------------------------------------------------------ */

static void
check_heap(void)
{
   enum { N = 300 };
   static struct agx_tess_levels lv[N];
   static struct agx_tess_result res[N], counts[N];
   for (int i = 0; i < N; ++i)
      for (int k = 0; k < 4; ++k)
         lv[i] = (struct agx_tess_levels){
            {random_level(), random_level(), random_level(), random_level()},
            {random_level(), random_level()},
            {0, 0}};
   lv[7].outer[1] = -1.0f; /* culled */
   for (uint32_t d = 0; d < 3; ++d) {
      struct agx_tess_config cfg = {d, AGX_TESS_SPACING_FRACTIONAL_ODD, 0, 0};
      agx_tess_host_count(cfg, lv, counts, N);
      uint64_t need = 0;
      for (int i = 0; i < N; ++i)
         need += ((counts[i].num_points * 8u + 15u) & ~15u) +
                 ((counts[i].num_indices * 4u + 15u) & ~15u);
      uint8_t *mem = malloc(need + 64);
      memset(mem, 0xab, need + 64);
      struct agx_tess_heap heap = {(uint64_t)(uintptr_t)mem, 0, (uint32_t)need};
      agx_tess_host_write(cfg, lv, res, &heap, N, 8192);
      uint32_t end = 0;
      for (int i = 0; i < N; ++i) {
         EXPECT(res[i].status == AGX_TESS_OK, "patch %d status %u", i, res[i].status);
         EXPECT(res[i].num_points == counts[i].num_points &&
                   res[i].num_indices == counts[i].num_indices,
                "patch %d: WRITE and COUNT disagree", i);
         if (res[i].num_points == 0)
            continue;
         EXPECT(res[i].points_offset % 16 == 0 && res[i].indices_offset % 16 == 0,
                "patch %d misaligned", i);
         EXPECT(res[i].points_offset >= end, "patch %d overlaps the previous one", i);
         end = res[i].indices_offset + res[i].num_indices * 4;
         struct patch t = tessellate(d, cfg.spacing, 0, lv[i]);
         EXPECT(memcmp(mem + res[i].points_offset, t.p, t.np * 8) == 0, "patch %d points differ",
                i);
         const uint32_t *idx = (const uint32_t *)(mem + res[i].indices_offset);
         for (uint32_t k = 0; k < t.ni; ++k)
            EXPECT(idx[k] == t.idx[k] + (uint32_t)i * 8192, "patch %d index %u", i, k);
         patch_free(&t);
      }
      EXPECT(res[7].num_points == 0 && res[7].num_indices == 0, "culled patch produced output");
      EXPECT(heap.used <= need, "heap used %u of %llu", heap.used, (unsigned long long)need);
      EXPECT(mem[need] == 0xab, "write past the heap");

      /* a heap that holds about half: later patches fail cleanly, nothing written past it */
      memset(mem, 0xab, need + 64);
      heap = (struct agx_tess_heap){(uint64_t)(uintptr_t)mem, 0, (uint32_t)(need / 2)};
      agx_tess_host_write(cfg, lv, res, &heap, N, 0);
      int ok = 0, full = 0;
      for (int i = 0; i < N; ++i) {
         ok += res[i].status == AGX_TESS_OK;
         full += res[i].status == AGX_TESS_NO_SPACE;
         if (res[i].status == AGX_TESS_NO_SPACE)
            EXPECT(res[i].num_points == 0 && res[i].num_indices == 0, "failed patch %d has counts",
                   i);
      }
      EXPECT(full > 0 && ok + full == N, "overflow: %d ok, %d out of space", ok, full);
      for (uint64_t k = need / 2; k < need + 64; ++k)
         EXPECT(mem[k] == 0xab, "byte %llu past the heap was written", (unsigned long long)k);
      free(mem);
   }
   struct agx_tess_config bad = {7, 0, 0, 0};
   struct agx_tess_heap heap = {0, 0, 0};
   agx_tess_host_write(bad, lv, res, &heap, 1, 0);
   EXPECT(res[0].status == AGX_TESS_BAD_ARGS && res[0].num_points == 0, "bad domain accepted");
   bad = (struct agx_tess_config){0, 9, 0, 0};
   uint32_t np = 1, ni = 1;
   EXPECT(agx_tess_count(bad, lv[0], &np, &ni) == AGX_TESS_BAD_ARGS && np == 0 && ni == 0,
          "bad spacing accepted");
   printf(
      "heap: WRITE mode through the heap matches direct output; overflow and bad arguments reported\n");
}

/* ---- known values ----------------------------------------------------------------------- */

static void
check_known(void)
{
   /* Triangle counts of uniform equal-spacing patches: tri L -> L^2 (L even) structure gives
    * 6 * sum of ring sizes; these values are the lavapipe counts (see tess_golden). */
   struct {
      uint32_t d, s;
      float l;
      uint32_t points, prims;
   } cases[] = {
      {AGX_TESS_DOMAIN_QUAD, AGX_TESS_SPACING_EQUAL, 1, 4, 2},
      {AGX_TESS_DOMAIN_QUAD, AGX_TESS_SPACING_EQUAL, 2, 9, 8},
      {AGX_TESS_DOMAIN_QUAD, AGX_TESS_SPACING_EQUAL, 64, 65 * 65, 2 * 64 * 64},
      {AGX_TESS_DOMAIN_TRI, AGX_TESS_SPACING_EQUAL, 1, 3, 1},
      {AGX_TESS_DOMAIN_TRI, AGX_TESS_SPACING_EQUAL, 2, 7, 6},
      {AGX_TESS_DOMAIN_TRI, AGX_TESS_SPACING_EQUAL, 3, 12, 13},
      {AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_SPACING_EQUAL, 4, 20, 16},
      {AGX_TESS_DOMAIN_QUAD, AGX_TESS_SPACING_FRACTIONAL_EVEN, 1, 9, 8},
      {AGX_TESS_DOMAIN_QUAD, AGX_TESS_SPACING_FRACTIONAL_ODD, 63.5f, 64 * 64, 2 * 63 * 63},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); ++i) {
      float l = cases[i].l;
      struct agx_tess_levels lv = {{l, l, l, l}, {l, l}, {0, 0}};
      struct agx_tess_config cfg = {cases[i].d, cases[i].s, 0, 0};
      uint32_t np, ni;
      agx_tess_count(cfg, lv, &np, &ni);
      uint32_t per = cases[i].d == AGX_TESS_DOMAIN_ISOLINE ? 2 : 3;
      EXPECT(np == cases[i].points && ni / per == cases[i].prims,
             "%s: %u points %u prims, want %u %u", describe(cases[i].d, cases[i].s, lv), np,
             ni / per, cases[i].points, cases[i].prims);
   }
   /* 1/3 is 0x5555 in 16.16 (0.333328), not the float 1/3 */
   struct agx_tess_levels lv = {{1, 3, 1, 1}, {1, 1}, {0, 0}};
   struct patch t = tessellate(AGX_TESS_DOMAIN_ISOLINE, AGX_TESS_SPACING_EQUAL, 0, lv);
   EXPECT(t.np == 4 && t.p[1].u == 0x5555 && t.p[2].u == 0xaaab, "isoline thirds: %u points", t.np);
   patch_free(&t);
}

int
main(void)
{
   static const float uniform[] = {1,     1.0f + 1.0f / 65536.0f,
                                   1.25f, 1.5f,
                                   2,     2.5f,
                                   3,     3.75f,
                                   4,     5.5f,
                                   7,     8,
                                   10.1f, 16,
                                   17.5f, 31,
                                   32.9f, 47,
                                   63,    63.5f,
                                   64,    80,
                                   NAN};
   int64_t degenerate[3] = {0, 0, 0};
   uint32_t dups = 0, surfaces = 0, pm_cases = 0;

   check_known();
   check_edge_symmetry();

   for (uint32_t d = 0; d < 3; ++d) {
      for (uint32_t s = 0; s < 3; ++s) {
         for (int iter = 0; iter < 700; ++iter) {
            struct agx_tess_levels lv;
            if (iter < (int)(sizeof(uniform) / sizeof(uniform[0]))) {
               float l = uniform[iter];
               lv = (struct agx_tess_levels){{l, l, l, l}, {l, l}, {0, 0}};
               if (l != l) /* NaN inner only: not culled, inner takes the lower bound */
                  lv.outer[0] = lv.outer[1] = lv.outer[2] = lv.outer[3] = 3;
            } else {
               lv = (struct agx_tess_levels){
                  {random_level(), random_level(), random_level(), random_level()},
                  {random_level(), random_level()},
                  {0, 0}};
               if (iter % 5 == 0)
                  lv.inner[rng() % 2] = 1.0f + (float)(rng() % 4) / 65536.0f;
               if (iter % 7 == 0)
                  lv.outer[rng() % 4] = 1.0f;
            }
            if (d != AGX_TESS_DOMAIN_ISOLINE) {
               check_surface(d, s, lv, 0, degenerate);
               check_surface(d, s, lv, AGX_TESS_FLAG_CCW, degenerate);
               surfaces += 2;
            }
            check_points(d, s, lv, &dups);
            ++pm_cases;
         }
      }
   }
   printf("watertight: %u tri/quad patches (cw and ccw); zero-area triangles: equal %lld, "
          "fractional even %lld, fractional odd %lld\n",
          surfaces, (long long)degenerate[0], (long long)degenerate[1], (long long)degenerate[2]);
   printf("point mode: %u patches, each point once; %u fractional ones have coinciding positions\n",
          pm_cases, dups);
   check_heap();
   if (failures) {
      printf("FAIL: %d failed checks\n", failures);
      return 1;
   }
   printf("PASS\n");
   return 0;
}
