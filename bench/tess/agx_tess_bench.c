/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * agx-tess-bench: single-thread throughput of the host build of the tessellator on a
 * terrain-like patch set: a 63 x 63 grid of quad patches (3,969) seen by a camera standing at
 * one side, with each edge's level set by a screen-space metric (projected edge length) in
 * [1, 64]. Edge levels come from the edge alone, so neighbours agree (crack-free); inner levels
 * are the larger of the two opposite edges. Reports patches/s and triangles/s for the COUNT
 * pass, the WRITE pass (heap allocation included) and both, for each spacing.
 * Assumes: a quiet machine for meaningful numbers; time is CLOCK_MONOTONIC wall time.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_tess_host.h"

#define GRID 63
#define PATCHES (GRID * GRID)

static const char *const spacing_names[] = {"equal", "fractional_even", "fractional_odd"};

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static float
height(float x, float y)
{
   return 2.0f * sinf(x * 0.21f) * cosf(y * 0.17f) + 0.7f * sinf(x * 0.9f + y * 0.5f);
}

/* Level of the edge between grid vertices (x0,y0) and (x1,y1): its length over the distance to
 * the camera, scaled so that the nearest edges reach the maximum. */
static float
edge_level(float x0, float y0, float x1, float y1)
{
   /* eye 0.8 above the ground at the middle of the near side */
   const float cam[3] = {GRID / 2.0f, 0.5f, height(GRID / 2.0f, 0.5f) + 0.8f};
   float p[3] = {(x0 + x1) / 2, (y0 + y1) / 2, (height(x0, y0) + height(x1, y1)) / 2};
   float d[3] = {p[0] - cam[0], p[1] - cam[1], p[2] - cam[2]};
   float dist = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
   float dz = height(x1, y1) - height(x0, y0);
   float len = sqrtf((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0) + dz * dz);
   float level = 70.0f * len / dist;
   return level < 1.0f ? 1.0f : level > 64.0f ? 64.0f : level;
}

static void
make_terrain(struct agx_tess_levels *lv)
{
   for (int y = 0; y < GRID; ++y) {
      for (int x = 0; x < GRID; ++x) {
         struct agx_tess_levels *l = &lv[y * GRID + x];
         /* quad edges: 0 u=0 (left), 1 v=0 (bottom), 2 u=1 (right), 3 v=1 (top) */
         l->outer[0] = edge_level(x, y, x, y + 1);
         l->outer[1] = edge_level(x, y, x + 1, y);
         l->outer[2] = edge_level(x + 1, y, x + 1, y + 1);
         l->outer[3] = edge_level(x, y + 1, x + 1, y + 1);
         l->inner[0] = fmaxf(l->outer[1], l->outer[3]);
         l->inner[1] = fmaxf(l->outer[0], l->outer[2]);
         l->pad[0] = l->pad[1] = 0;
      }
   }
}

int
main(int argc, char **argv)
{
   double min_seconds = argc > 1 ? atof(argv[1]) : 1.0;
   if (!(min_seconds > 0)) {
      fprintf(stderr, "usage: %s [seconds per measurement]\n", argv[0]);
      return 2;
   }
   static struct agx_tess_levels lv[PATCHES];
   static struct agx_tess_result res[PATCHES];
   make_terrain(lv);

   float lo = 64, hi = 0;
   double sum = 0;
   for (int i = 0; i < PATCHES; ++i)
      for (int k = 0; k < 4; ++k) {
         lo = fminf(lo, lv[i].outer[k]);
         hi = fmaxf(hi, lv[i].outer[k]);
         sum += lv[i].outer[k];
      }
   int hist[4] = {0, 0, 0, 0}; /* inner level [1,4) [4,16) [16,64) 64 */
   for (int i = 0; i < PATCHES; ++i) {
      float m = fmaxf(lv[i].inner[0], lv[i].inner[1]);
      hist[m < 4 ? 0 : m < 16 ? 1 : m < 64 ? 2 : 3]++;
   }
   printf("terrain: %d quad patches, outer levels %.2f..%.2f (mean %.2f); patches by largest inner "
          "level: [1,4) %d, [4,16) %d, [16,64) %d, 64 %d\n",
          PATCHES, lo, hi, sum / (4.0 * PATCHES), hist[0], hist[1], hist[2], hist[3]);

   for (uint32_t s = 0; s < 3; ++s) {
      struct agx_tess_config cfg = {AGX_TESS_DOMAIN_QUAD, s, 0, 0};
      agx_tess_host_count(cfg, lv, res, PATCHES);
      uint64_t heap_size = 0, tris = 0, points = 0;
      for (int i = 0; i < PATCHES; ++i) {
         heap_size += ((res[i].num_points * 8u + 15u) & ~15u) + res[i].num_indices * 4u + 16u;
         tris += res[i].num_indices / 3;
         points += res[i].num_points;
      }
      uint8_t *mem = malloc(heap_size);
      if (!mem) {
         fprintf(stderr, "out of memory\n");
         return 1;
      }

      double t_count, t_write;
      int reps = 0;
      double t0 = now();
      do {
         agx_tess_host_count(cfg, lv, res, PATCHES);
         ++reps;
      } while (now() - t0 < min_seconds);
      t_count = (now() - t0) / reps;

      reps = 0;
      t0 = now();
      do {
         struct agx_tess_heap heap = {(uint64_t)(uintptr_t)mem, 0, (uint32_t)heap_size};
         agx_tess_host_write(cfg, lv, res, &heap, PATCHES, 0);
         ++reps;
      } while (now() - t0 < min_seconds);
      t_write = (now() - t0) / reps;
      for (int i = 0; i < PATCHES; ++i)
         if (res[i].status != AGX_TESS_OK) {
            fprintf(stderr, "patch %d failed (%u)\n", i, res[i].status);
            return 1;
         }

      double t_both = t_count + t_write;
      printf(
         "%-16s %8.0f triangles/patch %7.0f points/patch | COUNT %8.0f patches/s | WRITE %8.0f patches/s "
         "%6.2f Mtri/s | COUNT+WRITE %8.0f patches/s %6.2f Mtri/s\n",
         spacing_names[s], (double)tris / PATCHES, (double)points / PATCHES, PATCHES / t_count,
         PATCHES / t_write, tris / t_write * 1e-6, PATCHES / t_both, tris / t_both * 1e-6);
      free(mem);
   }
   return 0;
}
