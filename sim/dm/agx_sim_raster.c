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
   for (unsigned i = 0; i < 2; i++)
      t->lx[i] = p->lx[i], t->ly[i] = p->ly[i];
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

/* Lines (single-sampled, or Cull "Primitive MSAA"): Vulkan's non-strict
 * line parallelogram ("Basic Line Segment Rasterization": two edges of
 * length 1 along the minor axis centred on the endpoints, two parallel to
 * the segment; x-major when |dx| >= |dy|) tested once, at the pixel
 * centre, with the polygon tie rule above (the top-left rule), every
 * sample of a covered pixel covered. The same parallelogram is what
 * multisampled default-mode lines sample at each sample position
 * (agx_sim_prim.c line_segment). At the pixel centre it gives one pixel per
 * major-axis column (row) whose centre lies in [min, max) of the
 * endpoints' major coordinates, the one within half a pixel of the segment
 * along the minor axis: a Bresenham line, which Vulkan's "Bresenham Line
 * Segment Rasterization" allows (fragments within one pixel of, and their
 * count within one of, the diamond-exit rule's).
 * Assumption: AGX's line rule is not public (graphics.md 3.5). Evidence
 * for this model rather than a diamond-exit rule: Honeykrisp is conformant
 * with Bresenham lines only, and dEQP-VK cases it passes draw a segment
 * ending exactly on a diamond's right corner, which GL's perturbed
 * diamond-exit rule leaves unlit (pipeline.*.extended_dynamic_state.*
 * topology_line*), and tessellation isolines from a pixel centre shorter
 * than half a pixel, which no diamond-exit rule lights, Direct3D 11's
 * half-open diamond (Microsoft "Rasterization Rules") included
 * (subgroups.*.graphics.* with tessellation shaders); PowerVR, AGX's
 * ancestor, rasterizes lines other than by the diamond-exit rule unless
 * asked (VK_IMG_relaxed_line_rasterization). bary = (1 - t, t, 0) with t
 * the projection of the point on the segment. Exact: integer coordinates
 * in 1/65536 pixel (Assumption: the line endpoints keep more sub-pixel bits
 * than the 8 of triangles: dEQP-VK's tessellation isolines above include
 * one from the centre of pixel 1022 whose ends are 1/690 pixel apart,
 * which 8 bits would merge). */
static bool
in_triangle(const int64_t x[3], const int64_t y[3], int64_t px, int64_t py)
{
   __int128 area =
      (__int128)(x[1] - x[0]) * (y[2] - y[0]) - (__int128)(y[1] - y[0]) * (x[2] - x[0]);
   if (area == 0)
      return false;
   for (unsigned i = 0; i < 3; i++) {
      unsigned j = (i + 1) % 3;
      int64_t dx = x[j] - x[i], dy = y[j] - y[i];
      __int128 e = (__int128)dx * (py - y[i]) - (__int128)dy * (px - x[i]);
      if (area < 0)
         e = -e, dx = -dx, dy = -dy;
      bool top_left = (dy == 0 && dx > 0) || dy < 0;
      if (e < 0 || (e == 0 && !top_left))
         return false;
   }
   return true;
}

static bool
line_covered(const struct agx_sim_raster_tri *t, int64_t px, int64_t py, double bary[3])
{
   /* coverage in 1/65536 pixel (t->lx, t->ly), the centre of the pixel
    * holding (px, py) (1/256 pixel) */
   int64_t cx = (px >> 8) * 65536 + 32768, cy = (py >> 8) * 65536 + 32768;
   int64_t ax = t->lx[0], ay = t->ly[0], bx = t->lx[1], by = t->ly[1];
   bool xmajor = llabs(bx - ax) >= llabs(by - ay);
   int64_t hx = xmajor ? 0 : 32768, hy = xmajor ? 32768 : 0; /* half a pixel, minor axis */
   /* the parallelogram as the triangles (a - h, b - h, a + h) and
    * (a + h, b - h, b + h): a point inside lies in exactly one of them */
   const int64_t x1[3] = {ax - hx, bx - hx, ax + hx}, y1[3] = {ay - hy, by - hy, ay + hy};
   const int64_t x2[3] = {ax + hx, bx - hx, bx + hx}, y2[3] = {ay + hy, by - hy, by + hy};
   if (!in_triangle(x1, y1, cx, cy) && !in_triangle(x2, y2, cx, cy))
      return false;
   if (bary) {
      /* the projection of the sample on the segment (1/256 pixel) */
      double dx = (double)(t->x[1] - t->x[0]), dy = (double)(t->y[1] - t->y[0]);
      double len2 = dx * dx + dy * dy;
      double s = len2 > 0 ? ((double)(px - t->x[0]) * dx + (double)(py - t->y[0]) * dy) / len2 : 0;
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
      /* the segment's box (from its 1/65536-pixel endpoints, rounded
       * outwards to 1/256) grown by the half-pixel parallelogram */
      int64_t lx0 = ((t->lx[0] < t->lx[1] ? t->lx[0] : t->lx[1]) >> 8) - 128;
      int64_t lx1 = ((t->lx[0] > t->lx[1] ? t->lx[0] : t->lx[1]) >> 8) + 129;
      int64_t ly0 = ((t->ly[0] < t->ly[1] ? t->ly[0] : t->ly[1]) >> 8) - 128;
      int64_t ly1 = ((t->ly[0] > t->ly[1] ? t->ly[0] : t->ly[1]) >> 8) + 129;
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
