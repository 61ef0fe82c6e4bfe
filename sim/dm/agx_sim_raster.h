/*
 * The rasteriser's interface for the tile stage (agx_sim_raster.c):
 * coverage of a sample position, tile overlap for binning, and coefficient
 * registers of a primitive relative to a 32x32 tile corner.
 *
 * Assumes: positions in 1/256 pixel from agx_sim_prim.c.
 */
#ifndef AGX_SIM_RASTER_H
#define AGX_SIM_RASTER_H

#include <stdio.h>

#include "agx_sim_render.h"

struct agx_sim_raster_tri {
   int64_t x[3], y[3];
   __int128 area; /* doubled signed area, E_01(v2) */
   bool top_left[3];
   bool line;            /* vertices 0-1 are a segment: centre-sampled parallelogram */
   int64_t lx[2], ly[2]; /* lines: the endpoints in 1/65536 pixel */
   bool small;           /* |coordinates| < 2^29: edge values fit in int64 (fast path) */
};

void agx_sim_raster_setup(const struct agx_sim_prim *p, struct agx_sim_raster_tri *t);
/* Whether the point (px, py) in 1/256 pixel is covered; bary = weights of
 * vertices 0, 1, 2 when non-NULL. */
bool agx_sim_raster_covered(const struct agx_sim_raster_tri *t, int64_t px, int64_t py,
                            double bary[3]);
/* Stepping one pixel (+256) at a time along a row of sample positions: the
 * 64-bit edge functions agx_sim_raster_covered computes for small
 * triangles, updated by addition (exact), oriented as if the area were
 * positive. */
struct agx_sim_raster_row {
   int64_t e[3], step[3];
   double area; /* |doubled area| */
};

/* Start a row at (px, py) that takes n >= 1 positions; false when the
 * triangle or the row needs agx_sim_raster_covered (lines, coordinates
 * beyond the 64-bit range). */
static inline bool
agx_sim_raster_row_begin(const struct agx_sim_raster_tri *t, int64_t px, int64_t py, unsigned n,
                         struct agx_sim_raster_row *r)
{
   const int64_t lim = 1ll << 29;
   int64_t last = px + 256 * ((int64_t)n - 1);
   if (t->line || !t->small || px <= -lim || px >= lim || last <= -lim || last >= lim ||
       py <= -lim || py >= lim)
      return false;
   for (unsigned k = 0; k < 3; k++) {
      unsigned j = (k + 1) % 3;
      r->e[k] = (t->x[j] - t->x[k]) * (py - t->y[k]) - (t->y[j] - t->y[k]) * (px - t->x[k]);
      r->step[k] = -(t->y[j] - t->y[k]) * 256;
      if (t->area < 0)
         r->e[k] = -r->e[k], r->step[k] = -r->step[k];
   }
   r->area = (double)(int64_t)(t->area < 0 ? -t->area : t->area);
   return true;
}

/* agx_sim_raster_covered at the row's current position. */
static inline bool
agx_sim_raster_row_covered(const struct agx_sim_raster_tri *t, const struct agx_sim_raster_row *r,
                           double bary[3])
{
   for (unsigned k = 0; k < 3; k++)
      if (r->e[k] < 0 || (r->e[k] == 0 && !t->top_left[k]))
         return false;
   bary[0] = (double)r->e[1] / r->area;
   bary[1] = (double)r->e[2] / r->area;
   bary[2] = (double)r->e[0] / r->area;
   return true;
}

static inline void
agx_sim_raster_row_next(struct agx_sim_raster_row *r)
{
   for (unsigned k = 0; k < 3; k++)
      r->e[k] += r->step[k];
}

/* Depth slope m = max(|dz/dx|, |dz/dy|) of triangle p in window space and
 * its largest vertex |z| (the inputs of depth bias). */
void agx_sim_raster_depth_slope(const struct agx_sim_prim *p, double *m, double *zmax);

/* Whether the triangle may cover part of [x0, x1) x [y0, y1) (1/256 px). */
bool agx_sim_raster_overlaps(const struct agx_sim_raster_tri *t, int64_t x0, int64_t y0, int64_t x1,
                             int64_t y1);
/* Fill cf[0..ncf) for primitive p relative to the tile corner (tile_x,
 * tile_y); valid[i] = 1 bound, 2 bound to a varying word the vertex shader
 * did not write, 0 unbound. z_bias (the primitive's depth bias, constant
 * over it) is added to window z where a binding reads it. Returns an error
 * message (in msg) or NULL. */
const char *agx_sim_raster_coeffs(const struct agx_sim_render *r, const struct agx_sim_draw *d,
                                  const struct agx_sim_prim *p, double z_bias, uint32_t tile_x,
                                  uint32_t tile_y, float (*cf)[3], uint8_t *valid, unsigned ncf,
                                  char *msg, size_t msg_size);

#endif
