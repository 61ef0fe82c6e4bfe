/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Fixed-function tessellator for the compute emulation of tessellation: one thread per patch.
 *
 * Assumes: built as OpenCL C 2.0 (clang-15, spir64) or as host C11 through tess_host.c; only
 * integer ops, float compares/conversions and one device-scope atomic, so no libclc builtin is
 * needed. Behaviour follows the Vulkan tessellation chapter and, where Vulkan leaves freedom,
 * the D3D11 tessellator that Vulkan implementations (lavapipe among them) share:
 *  - levels are clamped per spacing (equal [1,64] rounded up, fractional even [2,64],
 *    fractional odd [1,63]); a NaN level takes the lower bound; a patch with an outer level
 *    <= 0 or NaN is culled;
 *  - for fractional odd, inner levels are raised to 1 + 2^-16 when any level exceeds one, and
 *    with equal spacing an inner level of one counts as even, so a transition ring exists;
 *  - domain locations are 16.16 fixed point (tess_axis.h): each half of an edge places its
 *    points by blending the locations for the two neighbouring whole segment counts, and points
 *    past the middle are mirrored (1 - x), which makes shared edges identical in both patches;
 *  - the domain is a set of concentric rings (outer edges first, then inner rings spiralling in
 *    and a centre point, line or strip).
 * Triangle stitching between rings is this file's own (a merge by segment midpoints); point
 * sets and primitive counts are those of the D3D11 tessellator.
 */
#include "agx_tess.h"

#include "tess_axis.h"

/* Heap address (u64) to pointer (agx_cl_shim.h's when built into a helper kernel). */
#if defined(AGX_PTR)
#elif defined(__OPENCL_C_VERSION__)
#define AGX_PTR(T, addr) ((AGX_GLOBAL T *)(addr))
#else
#define AGX_PTR(T, addr) ((T *)(uintptr_t)(addr))
#endif

/* Ring r of the domain: sides[] segments per side, first point number `base`. A ring with a
 * side of 0 segments is a degenerate line (or single point) stored once, walked both ways. */
struct agx_tess_ring {
   int32_t base;
   int32_t sides[4];
   int32_t nsides;
   int32_t len;  /* loop length: sum of the sides */
   int32_t line; /* some side has 0 segments */
};

struct agx_tess_plan {
   uint32_t domain;
   int32_t culled;
   int32_t minimal; /* every level is one: the bare patch */
   struct agx_tess_axis edge[4];
   struct agx_tess_axis inner[2];
   int32_t rings; /* ring 0 is the outer ring */
};

/* ---- level processing ------------------------------------------------------------------- */

static float
agx_tess_clamp(float x, float lo, float hi)
{
   if (!(x > lo)) /* also maps NaN to the lower bound */
      x = lo;
   return x > hi ? hi : x;
}

/* ceil() for levels in [1, 64] without a libclc call. */
static float
agx_tess_ceil(float x)
{
   int32_t i = (int32_t)x;
   return (float)i < x ? (float)(i + 1) : (float)i;
}

static int32_t
agx_tess_is_odd_int(float x)
{
   return ((int32_t)x) & 1;
}

static int32_t
agx_tess_plan_make(struct agx_tess_config cfg, struct agx_tess_levels lv, struct agx_tess_plan *p)
{
   int32_t nouter = cfg.domain == AGX_TESS_DOMAIN_QUAD  ? 4
                    : cfg.domain == AGX_TESS_DOMAIN_TRI ? 3
                                                        : 2;
   int32_t ninner = cfg.domain == AGX_TESS_DOMAIN_QUAD  ? 2
                    : cfg.domain == AGX_TESS_DOMAIN_TRI ? 1
                                                        : 0;
   int32_t equal = cfg.spacing == AGX_TESS_SPACING_EQUAL;
   int32_t frac_odd = cfg.spacing == AGX_TESS_SPACING_FRACTIONAL_ODD;
   float lo = cfg.spacing == AGX_TESS_SPACING_FRACTIONAL_EVEN ? 2.0f : 1.0f;
   float hi = frac_odd ? 63.0f : 64.0f;
   float outer[4], inner[2];

   if (cfg.domain > AGX_TESS_DOMAIN_ISOLINE || cfg.spacing > AGX_TESS_SPACING_FRACTIONAL_ODD)
      return 0;
   p->domain = cfg.domain;
   p->culled = 0;
   p->minimal = 0;
   p->rings = 0;
   for (int32_t i = 0; i < nouter; ++i) {
      if (!(lv.outer[i] > 0.0f)) {
         p->culled = 1;
         return 1;
      }
   }

   if (cfg.domain == AGX_TESS_DOMAIN_ISOLINE) {
      /* Line count: always equal spacing in [1, 64]; detail: the patch's spacing. */
      float lines = agx_tess_ceil(agx_tess_clamp(lv.outer[0], 1.0f, 64.0f));
      float detail = agx_tess_clamp(lv.outer[1], lo, hi);
      int32_t detail_odd = frac_odd;
      if (equal) {
         detail = agx_tess_ceil(detail);
         detail_odd = agx_tess_is_odd_int(detail);
      }
      p->edge[0] = agx_tess_make_axis(agx_tess_to_fixed(lines), agx_tess_is_odd_int(lines));
      p->edge[1] = agx_tess_make_axis(agx_tess_to_fixed(detail), detail_odd);
      return 1;
   }

   /* "above one" means still above 1.0 after rounding to 16.16 */
   const float above_one = 1.0f + 1.0f / 131072.0f;
   int32_t outer_above_one = 0, inner_above_one = 0;
   for (int32_t i = 0; i < nouter; ++i) {
      outer[i] = agx_tess_clamp(lv.outer[i], lo, hi);
      if (equal)
         outer[i] = agx_tess_ceil(outer[i]);
      outer_above_one |= outer[i] > above_one;
   }
   for (int32_t i = 0; i < ninner; ++i)
      inner_above_one |= lv.inner[i] > above_one;
   /* Fractional odd: when some level is above one, inner levels are at least 1 + 2^-16 so
    * that a (possibly tiny) transition ring exists. Triangles only look at the outer levels. */
   float inner_lo = lo;
   if (frac_odd && (outer_above_one || (cfg.domain == AGX_TESS_DOMAIN_QUAD && inner_above_one)))
      inner_lo = 1.0f + 1.0f / 65536.0f;
   for (int32_t i = 0; i < ninner; ++i) {
      inner[i] = agx_tess_clamp(lv.inner[i], inner_lo, hi);
      if (equal)
         inner[i] = agx_tess_ceil(inner[i]);
   }

   uint32_t fx_outer[4], fx_inner[2];
   int32_t all_one = 1;
   for (int32_t i = 0; i < nouter; ++i) {
      fx_outer[i] = agx_tess_to_fixed(outer[i]);
      all_one &= fx_outer[i] == FX_ONE;
   }
   for (int32_t i = 0; i < ninner; ++i) {
      fx_inner[i] = agx_tess_to_fixed(inner[i]);
      all_one &= fx_inner[i] == FX_ONE;
   }
   if (all_one && (equal || frac_odd)) {
      p->minimal = 1;
      p->rings = 1;
      return 1;
   }

   for (int32_t i = 0; i < nouter; ++i)
      p->edge[i] =
         agx_tess_make_axis(fx_outer[i], equal ? agx_tess_is_odd_int(outer[i]) : frac_odd);
   int32_t rings = 1 << 20;
   for (int32_t i = 0; i < ninner; ++i) {
      /* With equal spacing a level of exactly one is treated as even (two segments). */
      int32_t odd = equal ? (agx_tess_is_odd_int(inner[i]) && inner[i] != 1.0f) : frac_odd;
      p->inner[i] = agx_tess_make_axis(fx_inner[i], odd);
      int32_t min_points = odd ? 4 : 3;
      if (p->inner[i].points < min_points)
         p->inner[i].points = min_points;
      int32_t to_centre = (p->inner[i].points + 1) >> 1;
      rings = to_centre < rings ? to_centre : rings;
   }
   p->rings = rings;
   return 1;
}

/* Shape of ring r (r >= 1 uses the inner axes; ring 0 the outer edges). */
static struct agx_tess_ring
agx_tess_ring_shape(const struct agx_tess_plan *p, int32_t r)
{
   struct agx_tess_ring g;
   g.base = 0;
   g.nsides = p->domain == AGX_TESS_DOMAIN_QUAD ? 4 : 3;
   for (int32_t s = 0; s < 4; ++s)
      g.sides[s] = 0;
   if (p->minimal) {
      for (int32_t s = 0; s < g.nsides; ++s)
         g.sides[s] = 1;
   } else if (r == 0) {
      for (int32_t s = 0; s < g.nsides; ++s)
         g.sides[s] = p->edge[s].points - 1;
   } else if (p->domain == AGX_TESS_DOMAIN_QUAD) {
      /* sides 0 and 2 run along v, sides 1 and 3 along u */
      int32_t su = p->inner[0].points - 1 - 2 * r, sv = p->inner[1].points - 1 - 2 * r;
      g.sides[0] = g.sides[2] = sv;
      g.sides[1] = g.sides[3] = su;
   } else {
      int32_t s = p->inner[0].points - 1 - 2 * r;
      g.sides[0] = g.sides[1] = g.sides[2] = s;
   }
   g.len = 0;
   g.line = 0;
   for (int32_t s = 0; s < g.nsides; ++s) {
      g.len += g.sides[s];
      g.line |= g.sides[s] == 0;
   }
   return g;
}

/* Points stored for a ring: a closed loop stores each point once; a degenerate ring is a line
 * of max(side) + 1 points. */
static int32_t
agx_tess_ring_points(const struct agx_tess_ring *g)
{
   return g->line ? g->len / 2 + 1 : g->len;
}

static int32_t
agx_tess_side_start(const struct agx_tess_ring *g, int32_t side)
{
   int32_t j = 0;
   for (int32_t s = 0; s < side; ++s)
      j += g->sides[s];
   return j;
}

/* Point number of loop position j (any integer >= 0) on ring g. */
static int32_t
agx_tess_ring_point(const struct agx_tess_ring *g, int32_t j)
{
   if (g->len == 0)
      return g->base;
   j %= g->len;
   if (g->line) /* the line is walked out and back */
      return g->base + (j <= g->len / 2 ? j : g->len - j);
   return g->base + j;
}

/* Triangles inside the innermost ring (a line or point needs none). */
static int32_t
agx_tess_fill_triangles(const struct agx_tess_ring *g)
{
   if (g->line)
      return 0;
   if (g->nsides == 3)
      return 1; /* innermost odd ring: one segment per side */
   return 2 * (g->sides[0] > g->sides[1] ? g->sides[0] : g->sides[1]); /* strip of quads */
}

/* ---- COUNT ------------------------------------------------------------------------------ */

static void
agx_tess_plan_count(const struct agx_tess_plan *p, uint32_t flags, uint32_t *num_points,
                    uint32_t *num_indices)
{
   uint32_t pts = 0, prims = 0;
   if (p->culled) {
      *num_points = *num_indices = 0;
      return;
   }
   if (p->domain == AGX_TESS_DOMAIN_ISOLINE) {
      uint32_t lines = (uint32_t)p->edge[0].points - 1, per_line = (uint32_t)p->edge[1].points;
      *num_points = lines * per_line;
      *num_indices = (flags & AGX_TESS_FLAG_POINTS) ? lines * per_line : lines * (per_line - 1) * 2;
      return;
   }
   for (int32_t r = 0; r < p->rings; ++r) {
      struct agx_tess_ring g = agx_tess_ring_shape(p, r);
      pts += (uint32_t)agx_tess_ring_points(&g);
      if (r + 1 < p->rings) {
         struct agx_tess_ring in = agx_tess_ring_shape(p, r + 1);
         prims += (uint32_t)(g.len + in.len); /* one triangle per segment of either ring */
      } else {
         prims += (uint32_t)agx_tess_fill_triangles(&g);
      }
   }
   *num_points = pts;
   *num_indices = (flags & AGX_TESS_FLAG_POINTS) ? pts : prims * 3;
}

uint32_t
agx_tess_count(struct agx_tess_config cfg, struct agx_tess_levels lv, uint32_t *num_points,
               uint32_t *num_indices)
{
   struct agx_tess_plan p;
   if (!agx_tess_plan_make(cfg, lv, &p)) {
      *num_points = *num_indices = 0;
      return AGX_TESS_BAD_ARGS;
   }
   agx_tess_plan_count(&p, cfg.flags, num_points, num_indices);
   return AGX_TESS_OK;
}

/* ---- WRITE: points ---------------------------------------------------------------------- */

static void
agx_tess_put(AGX_GLOBAL struct agx_tess_point *points, int32_t *n, uint32_t u, uint32_t v)
{
   points[*n].u = u;
   points[*n].v = v;
   *n += 1;
}

/* Ring 0: each side from its first corner up to (excluding) the next corner. The loop is
 * (0,1) -> (0,0) -> (1,0) -> (1,1) for quads and (0,1) -> (0,0) -> (1,0) for triangles. */
static void
agx_tess_write_outer(const struct agx_tess_plan *p, AGX_GLOBAL struct agx_tess_point *pts,
                     int32_t *n)
{
   int32_t quad = p->domain == AGX_TESS_DOMAIN_QUAD;
   if (p->minimal) {
      agx_tess_put(pts, n, 0, FX_ONE);
      agx_tess_put(pts, n, 0, 0);
      agx_tess_put(pts, n, FX_ONE, 0);
      if (quad)
         agx_tess_put(pts, n, FX_ONE, FX_ONE);
      return;
   }
   for (int32_t s = 0; s < (quad ? 4 : 3); ++s) {
      const struct agx_tess_axis *a = &p->edge[s];
      int32_t last = a->points - 1;
      for (int32_t i = 0; i < last; ++i) {
         /* side 0 (u = 0) and the closing side run towards decreasing locations */
         int32_t down = s == 0 || s == (quad ? 3 : 2);
         uint32_t x = agx_tess_place(a, down ? last - i : i);
         if (s == 0)
            agx_tess_put(pts, n, 0, x);
         else if (s == 1)
            agx_tess_put(pts, n, x, 0);
         else if (!quad)
            agx_tess_put(pts, n, x, FX_ONE - x);
         else if (s == 2)
            agx_tess_put(pts, n, FX_ONE, x);
         else
            agx_tess_put(pts, n, x, FX_ONE);
      }
   }
}

/* Inner quad ring r: the grid lines r and (points - 1 - r) of both inner axes. */
static void
agx_tess_write_quad_ring(const struct agx_tess_plan *p, int32_t r,
                         AGX_GLOBAL struct agx_tess_point *pts, int32_t *n)
{
   const struct agx_tess_axis *au = &p->inner[0], *av = &p->inner[1];
   int32_t eu = au->points - 1 - r, ev = av->points - 1 - r;
   if (eu == r || ev == r) {
      /* Degenerate centre: a line at the middle of the axis that has no room left. */
      if (ev == r && eu > r) {
         for (int32_t k = r; k <= eu; ++k)
            agx_tess_put(pts, n, agx_tess_place(au, k), FX_HALF);
      } else {
         for (int32_t k = ev; k >= r; --k)
            agx_tess_put(pts, n, FX_HALF, agx_tess_place(av, k));
      }
      return;
   }
   uint32_t u0 = agx_tess_place(au, r), u1 = agx_tess_place(au, eu);
   uint32_t v0 = agx_tess_place(av, r), v1 = agx_tess_place(av, ev);
   for (int32_t k = ev; k > r; --k)
      agx_tess_put(pts, n, u0, agx_tess_place(av, k));
   for (int32_t k = r; k < eu; ++k)
      agx_tess_put(pts, n, agx_tess_place(au, k), v0);
   for (int32_t k = r; k < ev; ++k)
      agx_tess_put(pts, n, u1, agx_tess_place(av, k));
   for (int32_t k = eu; k > r; --k)
      agx_tess_put(pts, n, agx_tess_place(au, k), v1);
}

/* Inner triangle ring r: each side keeps one barycentric coordinate at the ring's distance
 * (2/3 of the axis location) and shifts the others by half of it. */
static void
agx_tess_write_tri_ring(const struct agx_tess_plan *p, int32_t r,
                        AGX_GLOBAL struct agx_tess_point *pts, int32_t *n)
{
   const struct agx_tess_axis *a = &p->inner[0];
   int32_t e = a->points - 1 - r;
   if (e == r) {
      agx_tess_put(pts, n, FX_ONE_THIRD, FX_ONE_THIRD);
      return;
   }
   uint32_t d = (agx_tess_place(a, r) * FX_TWO_THIRDS + FX_HALF) >> 16;
   uint32_t shift = (d + 1) >> 1;
   for (int32_t k = e; k > r; --k)
      agx_tess_put(pts, n, d, agx_tess_place(a, k) - shift);
   for (int32_t k = r; k < e; ++k)
      agx_tess_put(pts, n, agx_tess_place(a, k) - shift, d);
   for (int32_t k = e; k > r; --k) {
      uint32_t u = agx_tess_place(a, k) - shift;
      agx_tess_put(pts, n, u, FX_ONE - u - d);
   }
}

/* ---- WRITE: connectivity ---------------------------------------------------------------- */

struct agx_tess_emit {
   AGX_GLOBAL uint32_t *indices;
   int32_t count;
   uint32_t base;
   int32_t ccw;
};

/* Triangles arrive clockwise in the D3D/Vulkan sense (v pointing down). */
static void
agx_tess_tri(struct agx_tess_emit *e, int32_t a, int32_t b, int32_t c)
{
   e->indices[e->count + 0] = e->base + (uint32_t)a;
   e->indices[e->count + 1] = e->base + (uint32_t)(e->ccw ? c : b);
   e->indices[e->count + 2] = e->base + (uint32_t)(e->ccw ? b : c);
   e->count += 3;
}

/* Triangulate the band between two parallel runs walked in the same direction: `no` segments
 * from loop position jo of ring go, and `ni` segments from position ji of ring gi, walked
 * backwards (ji, ji - 1, ...) when rev. Advances the run whose next segment midpoint comes
 * first, so every triangle has one run's segment as base and a point of the other as apex. */
static void
agx_tess_stitch(struct agx_tess_emit *e, const struct agx_tess_ring *go, int32_t jo, int32_t no,
                const struct agx_tess_ring *gi, int32_t ji, int32_t ni, int32_t rev)
{
   int32_t o = 0, i = 0, step = rev ? -1 : 1;
   while (o < no || i < ni) {
      int32_t io = agx_tess_ring_point(go, jo + o);
      int32_t ii = agx_tess_ring_point(gi, ji + step * i);
      if (i == ni || (o < no && (2 * o + 1) * ni <= (2 * i + 1) * no)) {
         agx_tess_tri(e, io, agx_tess_ring_point(go, jo + o + 1), ii);
         ++o;
      } else {
         agx_tess_tri(e, io, agx_tess_ring_point(gi, ji + step * (i + 1)), ii);
         ++i;
      }
   }
}

static void
agx_tess_write_surface(const struct agx_tess_plan *p, AGX_GLOBAL struct agx_tess_point *pts,
                       struct agx_tess_emit *e, int32_t connect)
{
   int32_t n = 0;
   struct agx_tess_ring outer = agx_tess_ring_shape(p, 0);
   agx_tess_write_outer(p, pts, &n);
   for (int32_t r = 0; r < p->rings; ++r) {
      struct agx_tess_ring inner;
      if (r + 1 < p->rings) {
         inner = agx_tess_ring_shape(p, r + 1);
         inner.base = n;
         if (p->domain == AGX_TESS_DOMAIN_QUAD)
            agx_tess_write_quad_ring(p, r + 1, pts, &n);
         else
            agx_tess_write_tri_ring(p, r + 1, pts, &n);
         if (connect) {
            for (int32_t s = 0; s < outer.nsides; ++s)
               agx_tess_stitch(e, &outer, agx_tess_side_start(&outer, s), outer.sides[s], &inner,
                               agx_tess_side_start(&inner, s), inner.sides[s], 0);
         }
         outer = inner;
      } else if (connect && agx_tess_fill_triangles(&outer)) {
         if (outer.nsides == 3) {
            agx_tess_tri(e, agx_tess_ring_point(&outer, 0), agx_tess_ring_point(&outer, 1),
                         agx_tess_ring_point(&outer, 2));
         } else {
            /* strip between the two long sides (sides 0/2 along v or 1/3 along u) */
            int32_t s = outer.sides[0] >= outer.sides[1] ? 0 : 1;
            int32_t back = agx_tess_side_start(&outer, s + 2) + outer.sides[s + 2];
            agx_tess_stitch(e, &outer, agx_tess_side_start(&outer, s), outer.sides[s], &outer, back,
                            outer.sides[s + 2], 1);
         }
      }
   }
}

static void
agx_tess_plan_write(const struct agx_tess_plan *p, uint32_t flags,
                    AGX_GLOBAL struct agx_tess_point *pts, AGX_GLOBAL uint32_t *indices,
                    uint32_t index_base)
{
   int32_t as_points = (flags & AGX_TESS_FLAG_POINTS) != 0;
   int32_t n = 0;
   if (p->culled)
      return;
   if (p->domain == AGX_TESS_DOMAIN_ISOLINE) {
      int32_t lines = p->edge[0].points - 1, per_line = p->edge[1].points, k = 0;
      for (int32_t l = 0; l < lines; ++l) {
         uint32_t v = agx_tess_place(&p->edge[0], l);
         for (int32_t i = 0; i < per_line; ++i) {
            agx_tess_put(pts, &n, agx_tess_place(&p->edge[1], i), v);
            if (as_points) {
               indices[k++] = index_base + (uint32_t)(n - 1);
            } else if (i > 0) {
               indices[k++] = index_base + (uint32_t)(n - 2);
               indices[k++] = index_base + (uint32_t)(n - 1);
            }
         }
      }
      return;
   }
   struct agx_tess_emit e;
   e.indices = indices;
   e.count = 0;
   e.base = index_base;
   e.ccw = (flags & AGX_TESS_FLAG_CCW) != 0;
   agx_tess_write_surface(p, pts, &e, !as_points);
   if (as_points) {
      uint32_t np, ni;
      agx_tess_plan_count(p, flags, &np, &ni);
      for (uint32_t i = 0; i < np; ++i)
         indices[i] = index_base + i;
   }
}

void
agx_tess_write(struct agx_tess_config cfg, struct agx_tess_levels lv,
               AGX_GLOBAL struct agx_tess_point *points, AGX_GLOBAL uint32_t *indices,
               uint32_t index_base)
{
   struct agx_tess_plan p;
   if (agx_tess_plan_make(cfg, lv, &p))
      agx_tess_plan_write(&p, cfg.flags, points, indices, index_base);
}

/* ---- heap allocation and the per-patch driver ------------------------------------------- */

/* Returns the byte offset of `bytes` (rounded to 16) in the heap, or ~0 when it does not fit.
 * The CL build bumps the counter atomically (many patch threads at once); the host build runs
 * one patch at a time and bumps it directly. Refused requests still advance the 32-bit counter,
 * so the driver sizes the heap from the COUNT pass; only 4 GiB of refused requests could wrap. */
static uint32_t
agx_tess_heap_alloc(AGX_GLOBAL struct agx_tess_heap *heap, uint32_t bytes)
{
   bytes = (bytes + 15u) & ~15u;
#ifdef __OPENCL_C_VERSION__
   uint32_t off = atomic_fetch_add_explicit((volatile AGX_GLOBAL atomic_uint *)&heap->used, bytes,
                                            memory_order_relaxed, memory_scope_device);
#else
   uint32_t off = heap->used;
   heap->used = off + bytes;
#endif
   if (off > heap->size || bytes > heap->size - off)
      return ~0u;
   return off;
}

void
agx_tess_patch(struct agx_tess_config cfg, struct agx_tess_levels lv,
               AGX_GLOBAL struct agx_tess_heap *heap, AGX_GLOBAL struct agx_tess_result *res,
               uint32_t patch, uint32_t index_stride)
{
   struct agx_tess_plan p;
   uint32_t np = 0, ni = 0;
   res->num_points = res->num_indices = res->points_offset = res->indices_offset = 0;
   if (!agx_tess_plan_make(cfg, lv, &p)) {
      res->status = AGX_TESS_BAD_ARGS;
      return;
   }
   agx_tess_plan_count(&p, cfg.flags, &np, &ni);
   res->status = AGX_TESS_OK;
   if (np == 0)
      return;
   uint32_t pbytes = (np * 8u + 15u) & ~15u;
   uint32_t off = agx_tess_heap_alloc(heap, pbytes + ni * 4u);
   if (off == ~0u) {
      res->status = AGX_TESS_NO_SPACE;
      return;
   }
   res->num_points = np;
   res->num_indices = ni;
   res->points_offset = off;
   res->indices_offset = off + pbytes;
   agx_tess_plan_write(&p, cfg.flags, AGX_PTR(struct agx_tess_point, heap->base + off),
                       AGX_PTR(uint32_t, heap->base + off + pbytes), patch * index_stride);
}

#ifdef __OPENCL_C_VERSION__
/* COUNT kernel: one thread per patch. */
kernel void
agx_tess_count_kernel(global const struct agx_tess_levels *levels,
                      global struct agx_tess_result *results, uint domain, uint spacing, uint flags,
                      uint num_patches)
{
   uint patch = get_global_id(0);
   if (patch >= num_patches)
      return;
   struct agx_tess_config cfg = {domain, spacing, flags, 0};
   uint np, ni;
   results[patch].status = agx_tess_count(cfg, levels[patch], &np, &ni);
   results[patch].num_points = np;
   results[patch].num_indices = ni;
}

/* WRITE kernel: one thread per patch, output space from the shared heap. */
kernel void
agx_tess_write_kernel(global const struct agx_tess_levels *levels,
                      global struct agx_tess_result *results, global struct agx_tess_heap *heap,
                      uint domain, uint spacing, uint flags, uint num_patches, uint index_stride)
{
   uint patch = get_global_id(0);
   if (patch >= num_patches)
      return;
   struct agx_tess_config cfg = {domain, spacing, flags, 0};
   agx_tess_patch(cfg, levels[patch], heap, &results[patch], patch, index_stride);
}
#endif
