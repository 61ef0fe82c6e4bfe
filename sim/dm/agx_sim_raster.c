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
 * whatever the slot; window z includes the primitive's depth bias, as the
 * depth test sees it (Vulkan applies the bias to the fragment's z before
 * shading, so FragCoord.z includes it; Assumption: the hardware's Z
 * coefficients include it too, which Honeykrisp's conformance implies); source "Point coord" (points only) gives
 * ((x - left) / size, (y - top) / size), the second component flipped to
 * 1 - v when Fragment face 2 Object type is Point sprite UV=10 (lower-left
 * origin; Assumption for the exact mapping); source "Primitive ID" gives the
 * primitive's index in its draw instance as a flat integer word; Barycentric
 * sources are not modelled.
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

/* Lines (Bresenham): the diamond-exit rule with Direct3D 11's half-open
 * diamond test area and no endpoint perturbation. Source: Microsoft's
 * "Rasterization Rules" (Direct3D 11 programming guide, "Line Rasterization
 * Rules (Aliased, Without Multisampling)", learn.microsoft.com/windows/win32/
 * direct3d11/d3d10-graphics-programming-guide-rasterizer-stage-rules): for
 * an x-major segment (|dy| <= |dx|) the diamond of the pixel centre
 * (cx, cy), |x - cx| + |y - cy| <= 1/2, includes its lower-left and
 * lower-right edges and its bottom corner and excludes its upper edges and
 * its top, left and right corners; for a y-major segment the right corner
 * is included too ("lower" is +y: both APIs put the framebuffer origin at
 * the top left). A pixel is produced when the segment, travelled from its
 * first to its second vertex, exits that area: the area is convex, so when
 * the segment meets it and its last point lies outside it. Vulkan's
 * "Bresenham Line Segment Rasterization" allows such a rule for non-strict
 * lines (strictLines = false). It differs from the GL/Vulkan perturbed
 * endpoints (-e, -e^2) only when an endpoint or the segment touches a
 * diamond's boundary: a segment ending exactly on the right corner of an
 * x-major diamond, or a half-pixel segment from a pixel centre to it, lights
 * that pixel here (the dEQP-VK topology_line and tessellation isoline
 * cases expect it). Assumption: AGX's exact line rule is not public
 * (graphics.md 3.5; Honeykrisp exposes Bresenham lines only and is
 * conformant); this is the documented rule of the same class of hardware.
 * Samples are taken at the pixel centre (the rule is per pixel, every
 * sample of a produced pixel covered). bary = (1 - t, t, 0) with t the
 * projection on the segment. Exact: integer coordinates in 1/256 pixel,
 * rational bounds on the segment parameter. */
struct sbound {
   __int128 num, den; /* s = num / den, den > 0 */
   bool open;
};

/* sign of a - b */
static int
sbound_cmp(struct sbound a, struct sbound b)
{
   __int128 l = a.num * b.den, r = b.num * a.den;
   return l < r ? -1 : l > r;
}

/* Restricts [lo, hi] to f0 + df s <= 0 (< 0 when open); false when the
 * constraint holds for no s. */
static bool
restrict_s(int64_t f0, int64_t df, bool open, struct sbound *lo, struct sbound *hi)
{
   if (df == 0)
      return open ? f0 < 0 : f0 <= 0;
   if (df > 0) { /* s <= -f0 / df */
      struct sbound b = {-(__int128)f0, df, open};
      int c = sbound_cmp(b, *hi);
      if (c < 0 || (c == 0 && open))
         *hi = b;
   } else { /* s >= f0 / -df */
      struct sbound b = {f0, -(__int128)df, open};
      int c = sbound_cmp(b, *lo);
      if (c > 0 || (c == 0 && open))
         *lo = b;
   }
   return true;
}

/* Whether the point (u, v) = (x + y, x - y) relative to the centre lies in
 * the half-open diamond (x-major form: u in (-128, 128], v in [-128, 128)). */
static bool
in_diamond(int64_t u, int64_t v, bool ymajor)
{
   if (ymajor && u == 128 && v == 128)
      return true; /* the right corner */
   return u <= 128 && u > -128 && v < 128 && v >= -128;
}

static bool
line_covered(const struct agx_sim_raster_tri *t, int64_t px, int64_t py, double bary[3])
{
   int64_t cx = (px >> 8) * 256 + 128, cy = (py >> 8) * 256 + 128;
   int64_t x0 = t->x[0], y0 = t->y[0], dx = t->x[1] - x0, dy = t->y[1] - y0;
   bool ymajor = llabs(dy) > llabs(dx);
   int64_t u0 = (x0 - cx) + (y0 - cy), v0 = (x0 - cx) - (y0 - cy);
   int64_t du = dx + dy, dv = dx - dy;
   if (in_diamond(u0 + du, v0 + dv, ymajor))
      return false; /* ends inside the area: no exit */
   struct sbound lo = {0, 1, false}, hi = {1, 1, false};
   bool meets = restrict_s(u0 - 128, du, false, &lo, &hi) &&  /* u <= 128 */
                restrict_s(-128 - u0, -du, true, &lo, &hi) && /* u > -128 */
                restrict_s(v0 - 128, dv, true, &lo, &hi) &&   /* v < 128 */
                restrict_s(-128 - v0, -dv, false, &lo, &hi);  /* v >= -128 */
   if (meets) {
      int c = sbound_cmp(lo, hi);
      meets = c < 0 || (c == 0 && !lo.open && !hi.open);
   }
   if (!meets && ymajor) {
      /* the right corner (cx + 128, cy) on the segment */
      int64_t rx = cx + 128 - x0, ry = cy - y0;
      __int128 cross = (__int128)dx * ry - (__int128)dy * rx;
      __int128 dot = (__int128)dx * rx + (__int128)dy * ry;
      meets = cross == 0 && dot >= 0 && dot <= (__int128)dx * dx + (__int128)dy * dy;
   }
   if (!meets)
      return false;
   if (bary) {
      double s = ((double)(px - x0) * (double)dx + (double)(py - y0) * (double)dy) /
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

void
agx_sim_raster_depth_slope(const struct agx_sim_prim *p, double *m, double *zmax)
{
   double x[3], y[3];
   for (unsigned i = 0; i < 3; i++)
      x[i] = p->fx[i] / 256.0, y[i] = p->fy[i] / 256.0;
   double det = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
   const double *z = p->z;
   double A = ((z[1] - z[0]) * (y[2] - y[0]) - (z[2] - z[0]) * (y[1] - y[0])) / det;
   double B = ((z[2] - z[0]) * (x[1] - x[0]) - (z[1] - z[0]) * (x[2] - x[0])) / det;
   *m = det != 0 ? fmax(fabs(A), fabs(B)) : 0;
   *zmax = fmax(fabs(z[0]), fmax(fabs(z[1]), fabs(z[2])));
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
                      const struct agx_sim_prim *p, double z_bias, uint32_t tile_x, uint32_t tile_y,
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
         if (bd->source == AGX_COEFFICIENT_SOURCE_PRIMITIVE_ID) {
            /* the primitive's PrimitiveID as a flat 32-bit word, whatever
             * the shade model (Mesa binds it when no earlier stage writes
             * one, with Cull 2 Needs Primitive ID; Assumption: the raw
             * integer bits in C, as flat varyings hold raw words) */
            float id;
            memcpy(&id, &p->prim_id, 4);
            cf[reg][0] = 0, cf[reg][1] = 0, cf[reg][2] = id;
            valid[reg] = 1;
            continue;
         }
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
         for (unsigned i = 0; i < 3; i++) {
            const struct agx_sim_vtx *v = &r->vtx[p->vtx[i]];
            if (bd->source == AGX_COEFFICIENT_SOURCE_FRAGCOORD_Z) {
               a[i] = p->z[i] + z_bias;
            } else if (bd->source != AGX_COEFFICIENT_SOURCE_VARYING) {
               snprintf(msg, msg_size, "CF binding %u: coefficient source %u is not modelled", b,
                        bd->source);
               return msg;
            } else if (slot == 0) {
               a[i] = p->inv_w[i];
            } else if (has_z && slot == 1) {
               a[i] = p->z[i] + z_bias;
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
