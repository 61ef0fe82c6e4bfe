/*
 * Rasteriser: sample coverage of a triangle, depth at a sample, and the
 * coefficient (plane-equation) setup of CF bindings
 * (graphics.md sections 3.6, 4.1, 10).
 *
 * Coverage: window positions in 1/256 pixel (agx_sim_prim.c), samples at
 * the ppp_multisamplectl positions (one byte per sample, (y << 4) | x in
 * 1/16 pixel, sample 0 in the low byte). A sample is covered when all three
 * edge functions are positive, or zero on a top or left edge (Vulkan's
 * recommended tie-breaking, which D3D calls the top-left rule).
 * Assumption: the AGX tie-breaking rule and snapping are not publicly
 * documented (graphics.md 3.5, 10.1); this is the rule Vulkan describes.
 * Depth: window z interpolated linearly in screen space with the sample's
 * barycentric coordinates (double precision).
 * Coefficients: each cf register is {A, B, C} with value A x + B y + C at
 * x = (px mod 32) + 0.5 + dx, y likewise: A and B are screen-space
 * derivatives and C the value at the corner of the 32x32 tile; computed in
 * double and rounded once to f32 (Assumption: the hardware's setup
 * arithmetic is not documented). Perspective bindings interpolate v / w,
 * Linear ones v, Flat ones have A = B = 0 and C = the named vertex's value.
 * Slot 0 is W (holds 1/w; bind it Linear, as Mesa's noperspective
 * FragCoord.w), slot 1 is window Z when Output Select "Frag coord Z" is
 * set, then UVS words 4, 5, ... Source "Fragcoord Z" takes window z
 * whatever the slot; source "Point coord" (points only) gives
 * ((x - left) / size, (y - top) / size), the second component flipped to
 * 1 - v when Fragment face 2 Object type is Point sprite UV=10 (lower-left
 * origin; Assumption for the exact mapping); source "Primitive ID" gives
 * a flat C = the primitive's number in its instance (as a 32-bit integer;
 * agx_sim_prim.c); Barycentric sources are not modelled.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agx_sim_raster.h"

void
agx_sim_raster_setup(const struct agx_sim_prim *p, struct agx_sim_raster_tri *t)
{
   t->line = p->line;
   t->small = true;
   for (unsigned i = 0; i < 3; i++) {
      t->x[i] = p->fx[i], t->y[i] = p->fy[i];
      if (llabs(t->x[i]) >= (1ll << 29) || llabs(t->y[i]) >= (1ll << 29))
         t->small = false;
   }
   /* signed doubled area with E_01(v2) */
   t->area = (t->x[1] - t->x[0]) * (t->y[2] - t->y[0]) - (t->y[1] - t->y[0]) * (t->x[2] - t->x[0]);
   for (unsigned e = 0; e < 3; e++) {
      unsigned i = e, j = (e + 1) % 3;
      int64_t dx = t->x[j] - t->x[i], dy = t->y[j] - t->y[i];
      if (t->area < 0)
         dx = -dx, dy = -dy; /* orient as if area > 0 */
      /* area > 0 is clockwise on the y-down screen: a top edge runs in +x
       * with dy = 0, a left edge runs upwards (dy < 0) */
      t->top_left[e] = (dy == 0 && dx > 0) || dy < 0;
   }
}

/* E_e(P) for edge e (vertex e -> e+1), positive inside when area > 0. */
static inline __int128
edge(const struct agx_sim_raster_tri *t, unsigned e, int64_t px, int64_t py)
{
   unsigned i = e, j = (e + 1) % 3;
   return (__int128)(t->x[j] - t->x[i]) * (py - t->y[i]) -
          (__int128)(t->y[j] - t->y[i]) * (px - t->x[i]);
}

/* Lines: Vulkan's diamond-exit rule (Bresenham lines): the sample's pixel
 * diamond |x - cx| + |y - cy| < 1/2 (cx, cy = the pixel centre the sample
 * belongs to) is produced when the segment crosses it and does not end
 * inside it, with both endpoints perturbed by (-e, -e^2) for an
 * infinitesimal e (the GL/Vulkan rule for endpoints and segments on a
 * diamond's boundary: a horizontal line on a pixel edge lights the row
 * above it, a vertical one the column to its left). Assumption: samples
 * are taken at the pixel centre for lines (the caller passes the centre for
 * sample 0 and the rule is per pixel). bary = (1 - t, t, 0) with t the
 * projection on the segment. Exact: integer coordinates, the perturbation
 * carried symbolically as (value, e, e^2) coefficients. */
struct hyper {
   __int128 n, p, q; /* n + p e + q e^2 */
};

/* sign of a/ba - b/bb (ba, bb != 0), comparing lexicographically */
static int
hyper_cmp(struct hyper a, int64_t ba, struct hyper b, int64_t bb)
{
   __int128 d[3] = {a.n * bb - b.n * ba, a.p * bb - b.p * ba, a.q * bb - b.q * ba};
   int sg = (ba < 0) != (bb < 0) ? -1 : 1;
   for (unsigned i = 0; i < 3; i++)
      if (d[i])
         return d[i] > 0 ? sg : -sg;
   return 0;
}

static bool
hyper_pos(struct hyper a)
{
   return a.n ? a.n > 0 : a.p ? a.p > 0 : a.q > 0;
}

static bool
line_covered(const struct agx_sim_raster_tri *t, int64_t px, int64_t py, double bary[3])
{
   int64_t cx = (px >> 8) * 256 + 128, cy = (py >> 8) * 256 + 128;
   int64_t dx = t->x[1] - t->x[0], dy = t->y[1] - t->y[0];
   /* the diamond moved by (+e, +e^2) instead of the endpoints by (-e, -e^2):
    * sigma * (w(P(s)) - W) < 128 + (pe, qe) for w = x + y and x - y */
   static const int sig[4] = {1, -1, 1, -1}, pe[4] = {1, -1, 1, -1}, qe[4] = {1, -1, -1, 1};
   struct hyper lo = {0, 0, 0}, hi = {1, 0, 0};
   int64_t blo = 1, bhi = 1;
   bool lo_open = false, hi_open = false, end_inside = true;
   for (unsigned k = 0; k < 4; k++) {
      bool sum = k < 2;
      int64_t w0 = sum ? t->x[0] + t->y[0] : t->x[0] - t->y[0];
      int64_t W = sum ? cx + cy : cx - cy, dw = sum ? dx + dy : dx - dy;
      int64_t A = sig[k] * (w0 - W), B = sig[k] * dw;
      /* A + B s < 128 + pe e + qe e^2, i.e. B s < R */
      struct hyper R = {128 - (__int128)A, pe[k], qe[k]};
      struct hyper at_end = {R.n - B, R.p, R.q};
      if (!hyper_pos(at_end))
         end_inside = false;
      if (B == 0) {
         if (!hyper_pos(R))
            return false;
      } else if (B > 0) { /* s < R / B */
         if (hyper_cmp(R, B, hi, bhi) <= 0)
            hi = R, bhi = B, hi_open = true;
      } else { /* s > R / B */
         if (hyper_cmp(R, B, lo, blo) >= 0)
            lo = R, blo = B, lo_open = true;
      }
   }
   int c = hyper_cmp(lo, blo, hi, bhi);
   if (c > 0 || (c == 0 && (lo_open || hi_open)))
      return false; /* the segment misses the diamond */
   if (end_inside)
      return false; /* ends inside the diamond: no exit */
   if (bary) {
      double s = ((double)(px - t->x[0]) * (double)dx + (double)(py - t->y[0]) * (double)dy) /
                 ((double)dx * (double)dx + (double)dy * (double)dy);
      bary[0] = 1 - s, bary[1] = s, bary[2] = 0;
   }
   return true;
}

bool
agx_sim_raster_covered(const struct agx_sim_raster_tri *t, int64_t px, int64_t py, double bary[3])
{
   if (t->line)
      return line_covered(t, px, py, bary);
   if (t->small && llabs(px) < (1ll << 29) && llabs(py) < (1ll << 29)) {
      /* the same values in 64-bit arithmetic: each product < 2^60 */
      int64_t e[3];
      for (unsigned k = 0; k < 3; k++) {
         unsigned j = (k + 1) % 3;
         e[k] = (t->x[j] - t->x[k]) * (py - t->y[k]) - (t->y[j] - t->y[k]) * (px - t->x[k]);
         if (t->area < 0)
            e[k] = -e[k];
         if (e[k] < 0 || (e[k] == 0 && !t->top_left[k]))
            return false;
      }
      if (bary) {
         double a = (double)(int64_t)(t->area < 0 ? -t->area : t->area);
         bary[0] = (double)e[1] / a;
         bary[1] = (double)e[2] / a;
         bary[2] = (double)e[0] / a;
      }
      return true;
   }
   __int128 e[3];
   for (unsigned k = 0; k < 3; k++) {
      e[k] = edge(t, k, px, py);
      if (t->area < 0)
         e[k] = -e[k];
      if (e[k] < 0 || (e[k] == 0 && !t->top_left[k]))
         return false;
   }
   if (bary) {
      double a = (double)(t->area < 0 ? -t->area : t->area);
      /* vertex k's weight is the edge opposite to it */
      bary[0] = (double)e[1] / a;
      bary[1] = (double)e[2] / a;
      bary[2] = (double)e[0] / a;
   }
   return true;
}

bool
agx_sim_raster_overlaps(const struct agx_sim_raster_tri *t, int64_t x0, int64_t y0, int64_t x1,
                        int64_t y1)
{
   if (t->line) {
      /* the segment's box grown by the half-pixel diamond */
      int64_t lx0 = (t->x[0] < t->x[1] ? t->x[0] : t->x[1]) - 128;
      int64_t lx1 = (t->x[0] > t->x[1] ? t->x[0] : t->x[1]) + 128;
      int64_t ly0 = (t->y[0] < t->y[1] ? t->y[0] : t->y[1]) - 128;
      int64_t ly1 = (t->y[0] > t->y[1] ? t->y[0] : t->y[1]) + 128;
      return lx1 > x0 && lx0 < x1 && ly1 > y0 && ly0 < y1;
   }
   /* rectangle [x0, x1) x [y0, y1) in 1/256 pixel: for each edge, the most
    * inside corner must not be strictly outside */
   for (unsigned k = 0; k < 3; k++) {
      __int128 best = 0;
      bool any = false;
      int64_t cx[2] = {x0, x1}, cy[2] = {y0, y1};
      for (unsigned i = 0; i < 2; i++) {
         for (unsigned j = 0; j < 2; j++) {
            __int128 e = edge(t, k, cx[i], cy[j]);
            if (t->area < 0)
               e = -e;
            if (!any || e > best)
               best = e;
            any = true;
         }
      }
      if (best < 0)
         return false;
   }
   return true;
}

static float
word_f(const struct agx_sim_vtx *v, unsigned i)
{
   float f;
   memcpy(&f, &v->w[i], 4);
   return f;
}

const char *
agx_sim_raster_coeffs(const struct agx_sim_render *r, const struct agx_sim_draw *d,
                      const struct agx_sim_prim *p, uint32_t tile_x, uint32_t tile_y,
                      float (*cf)[3], uint8_t *valid, unsigned ncf, char *msg, size_t msg_size)
{
   memset(valid, 0, ncf);
   bool has_z = d->ppp.output_select.frag_coord_z;
   double x[3], y[3];
   for (unsigned i = 0; i < 3; i++)
      x[i] = p->fx[i] / 256.0, y[i] = p->fy[i] / 256.0;
   double det = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
   for (unsigned b = 0; b < d->nbind; b++) {
      const struct AGX_CF_BINDING *bd = &d->bind[b];
      for (unsigned c = 0; c < bd->components; c++) {
         unsigned reg = bd->base_coefficient_register + c;
         unsigned slot = bd->base_slot + c;
         if (reg >= ncf)
            continue;
         double a[3];
         if (bd->source == AGX_COEFFICIENT_SOURCE_POINT_COORD) {
            if (!p->point || c > 1) {
               snprintf(msg, msg_size,
                        "CF binding %u: Point coord component %u of a primitive that is not a "
                        "point",
                        b, c);
               return msg;
            }
            double inv = 1.0 / p->point_size, A = 0, B = 0, C;
            if (c == 0) {
               A = inv, C = ((double)tile_x - p->point_x0) * inv;
            } else if (d->ppp.front2.object_type == AGX_OBJECT_TYPE_POINT_SPRITE_UV10) {
               B = -inv, C = 1.0 - ((double)tile_y - p->point_y0) * inv;
            } else {
               B = inv, C = ((double)tile_y - p->point_y0) * inv;
            }
            cf[reg][0] = (float)A, cf[reg][1] = (float)B, cf[reg][2] = (float)C;
            valid[reg] = 1;
            continue;
         }
         if (bd->source == AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID) {
            /* a flat integer: C holds the primitive's number (graphics.md
             * 4.1: needs VDM "Generate primitive ID" and Cull 2 "Needs
             * primitive ID") */
            if (!d->vdm.vunk.generate_primitive_id || !d->ppp.cull2.needs_primitive_id) {
               snprintf(msg, msg_size,
                        "CF binding %u: Primitive ID source without VDM Generate primitive ID "
                        "and Cull 2 Needs primitive ID",
                        b);
               return msg;
            }
            float id;
            memcpy(&id, &p->prim_id, 4);
            cf[reg][0] = 0, cf[reg][1] = 0, cf[reg][2] = id;
            valid[reg] = 1;
            continue;
         }
         for (unsigned i = 0; i < 3; i++) {
            const struct agx_sim_vtx *v = &r->vtx[p->vtx[i]];
            if (bd->source == AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z) {
               a[i] = p->z[i];
            } else if (bd->source != AGX_COEFFICIENT_SOURCE_VARYING) {
               snprintf(msg, msg_size, "CF binding %u: coefficient source %u is not modelled", b,
                        bd->source);
               return msg;
            } else if (slot == 0) {
               a[i] = p->inv_w[i];
            } else if (has_z && slot == 1) {
               a[i] = p->z[i];
            } else {
               unsigned word = 4 + slot - 1 - (has_z ? 1 : 0);
               if (word >= AGX_SIM_UVS_MAX || !(v->written[word / 8] & (1u << (word % 8)))) {
                  valid[reg] = 2; /* reading it is an error */
                  goto next;
               }
               a[i] = word_f(v, word);
            }
            if (bd->shade_model == AGX_SHADE_MODEL_PERSPECTIVE)
               a[i] *= p->inv_w[i];
         }
         double A = 0, B = 0, C;
         switch (bd->shade_model) {
         case AGX_SHADE_MODEL_FLAT_VERTEX_2:
            /* lines: the last vertex is vertex 1 (vertex 2 repeats 0, or
             * is a parallelogram corner of either end) */
            C = p->line || p->line_quad ? a[1] : a[2];
            break;
         case AGX_SHADE_MODEL_FLAT_VERTEX_0:
            C = a[0];
            break;
         case AGX_SHADE_MODEL_FLAT_VERTEX_1:
            C = a[1];
            break;
         case AGX_SHADE_MODEL_LINEAR:
         case AGX_SHADE_MODEL_PERSPECTIVE:
            A = ((a[1] - a[0]) * (y[2] - y[0]) - (a[2] - a[0]) * (y[1] - y[0])) / det;
            B = ((a[2] - a[0]) * (x[1] - x[0]) - (a[1] - a[0]) * (x[2] - x[0])) / det;
            C = a[0] + A * ((double)tile_x - x[0]) + B * ((double)tile_y - y[0]);
            break;
         default:
            snprintf(msg, msg_size, "CF binding %u: shade model %u is not modelled", b,
                     bd->shade_model);
            return msg;
         }
         cf[reg][0] = (float)A;
         cf[reg][1] = (float)B;
         cf[reg][2] = (float)C;
         valid[reg] = 1;
      next:;
      }
   }
   return NULL;
}
