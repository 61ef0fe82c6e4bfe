/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host build of tessellator.cl: the same source compiled as C, plus the per-patch loops that
 * stand in for the kernels' one-thread-per-patch dispatch.
 * Assumes: tessellator.cl is valid C11 outside its __OPENCL_C_VERSION__ blocks.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_tess_host.h"
#include "tessellator.cl"

void
agx_tess_host_count(struct agx_tess_config cfg, const struct agx_tess_levels *levels,
                    struct agx_tess_result *results, uint32_t num_patches)
{
   for (uint32_t i = 0; i < num_patches; ++i) {
      memset(&results[i], 0, sizeof(results[i]));
      results[i].status =
         agx_tess_count(cfg, levels[i], &results[i].num_points, &results[i].num_indices);
   }
}

void
agx_tess_host_write(struct agx_tess_config cfg, const struct agx_tess_levels *levels,
                    struct agx_tess_result *results, struct agx_tess_heap *heap,
                    uint32_t num_patches, uint32_t index_stride)
{
   for (uint32_t i = 0; i < num_patches; ++i)
      agx_tess_patch(cfg, levels[i], heap, &results[i], i, index_stride);
}

bool
agx_tess_parse_domain(const char *s, uint32_t *domain)
{
   static const char *const names[] = {"tri", "quad", "isoline"};
   for (uint32_t i = 0; i < 3; ++i) {
      if (strcmp(s, names[i]) == 0) {
         *domain = i;
         return true;
      }
   }
   return false;
}

bool
agx_tess_parse_spacing(const char *s, uint32_t *spacing)
{
   static const char *const names[] = {"equal", "fractional_even", "fractional_odd"};
   for (uint32_t i = 0; i < 3; ++i) {
      if (strcmp(s, names[i]) == 0) {
         *spacing = i;
         return true;
      }
   }
   return false;
}

bool
agx_tess_host_patch(struct agx_tess_config cfg, struct agx_tess_levels lv,
                    struct agx_tess_point **points, uint32_t *num_points, uint32_t **indices,
                    uint32_t *num_indices)
{
   *points = NULL;
   *indices = NULL;
   if (agx_tess_count(cfg, lv, num_points, num_indices) != AGX_TESS_OK)
      return false;
   /* +1 so that culled patches still get a valid (empty) allocation */
   *points = malloc(sizeof(**points) * (*num_points + 1));
   *indices = malloc(sizeof(**indices) * (*num_indices + 1));
   if (!*points || !*indices) {
      free(*points);
      free(*indices);
      *points = NULL;
      *indices = NULL;
      return false;
   }
   agx_tess_write(cfg, lv, *points, *indices, 0);
   return true;
}
