/*
 * CPU coverage of triangles for the references of multisample tests (test_ms_blend,
 * test_emrt, test_msaa): vertices snapped to the 1/256-pixel grid (the simulator's sub-pixel
 * precision, so the reference and the rasterizer see the same edges) and the exact test of a
 * sample point against the three edges, telling points on an edge apart (the test skips
 * pixels with such ambiguous samples). The standard 4-sample positions are Vulkan's
 * standardSampleLocations (the one sample of a 1-sample image at the pixel centre).
 * Header-only (static functions): include it where the CPU model is.
 */
#ifndef MS_TRI_H
#define MS_TRI_H

#include <math.h>

static const double ms_sample_pos4[4][2] = {
   {0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};
static const double ms_sample_pos1[1][2] = {{0.5, 0.5}};

/* Point (px, py) against the triangle (x[i], y[i]): -1 outside, 1 inside, 0 on an edge. */
static inline int
ms_tri_inside(const double x[3], const double y[3], double px, double py)
{
   double area = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
   int sign = area > 0 ? 1 : -1, res = 1;
   for (int e = 0; e < 3; e++) {
      int a = e, b = (e + 1) % 3;
      double f = (x[b] - x[a]) * (py - y[a]) - (y[b] - y[a]) * (px - x[a]);
      f *= sign;
      if (f < 0)
         return -1;
      if (f == 0)
         res = 0;
   }
   return res;
}

/* Snaps the three vertices to multiples of 1/256 pixel. */
static inline void
ms_tri_snap(double x[3], double y[3])
{
   for (int k = 0; k < 3; k++) {
      x[k] = nearbyint(x[k] * 256.0) / 256.0;
      y[k] = nearbyint(y[k] * 256.0) / 256.0;
   }
}

#endif
