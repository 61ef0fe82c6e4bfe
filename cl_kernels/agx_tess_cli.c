/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * agx-tess: tessellate one patch with the host build and print points and primitives.
 * Assumes: levels are given as comma-separated decimals; missing ones default to 1.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_tess_host.h"

static void
usage(FILE *f)
{
   fprintf(
      f,
      "usage: agx-tess --domain tri|quad|isoline --spacing equal|fractional_even|fractional_odd\n"
      "                --outer a,b,c[,d] [--inner x[,y]] [--ccw] [--points]\n");
}

/* Parses up to `max` floats; returns the count or -1 on malformed input. */
static int
parse_levels(const char *s, float *out, int max)
{
   int n = 0;
   while (*s) {
      char *end;
      if (n == max)
         return -1;
      errno = 0;
      out[n++] = strtof(s, &end);
      if (end == s || errno == ERANGE)
         return -1;
      if (*end == ',' && end[1])
         s = end + 1;
      else if (*end == '\0')
         s = end;
      else
         return -1;
   }
   return n;
}

int
main(int argc, char **argv)
{
   struct agx_tess_config cfg = {0};
   struct agx_tess_levels lv = {{1, 1, 1, 1}, {1, 1}, {0, 0}};
   int have_domain = 0, have_spacing = 0, n_outer = 0, n_inner = -1;

   for (int i = 1; i < argc; ++i) {
      const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
      if (strcmp(a, "--ccw") == 0) {
         cfg.flags |= AGX_TESS_FLAG_CCW;
      } else if (strcmp(a, "--points") == 0) {
         cfg.flags |= AGX_TESS_FLAG_POINTS;
      } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
         usage(stdout);
         return 0;
      } else if (strcmp(a, "--domain") && strcmp(a, "--spacing") && strcmp(a, "--outer") &&
                 strcmp(a, "--inner")) {
         fprintf(stderr, "agx-tess: unknown option %s\n", a);
         usage(stderr);
         return 2;
      } else if (!val) {
         fprintf(stderr, "agx-tess: option %s needs a value\n", a);
         usage(stderr);
         return 2;
      } else if (strcmp(a, "--domain") == 0) {
         if (!agx_tess_parse_domain(val, &cfg.domain)) {
            fprintf(stderr, "agx-tess: unknown domain '%s'\n", val);
            return 2;
         }
         have_domain = 1;
         ++i;
      } else if (strcmp(a, "--spacing") == 0) {
         if (!agx_tess_parse_spacing(val, &cfg.spacing)) {
            fprintf(stderr, "agx-tess: unknown spacing '%s'\n", val);
            return 2;
         }
         have_spacing = 1;
         ++i;
      } else if (strcmp(a, "--outer") == 0) {
         n_outer = parse_levels(val, lv.outer, 4);
         if (n_outer < 0) {
            fprintf(stderr, "agx-tess: bad --outer '%s' (up to 4 comma-separated numbers)\n", val);
            return 2;
         }
         ++i;
      } else { /* --inner */
         n_inner = parse_levels(val, lv.inner, 2);
         if (n_inner < 0) {
            fprintf(stderr, "agx-tess: bad --inner '%s' (up to 2 comma-separated numbers)\n", val);
            return 2;
         }
         ++i;
      }
   }
   if (!have_domain || !have_spacing || n_outer == 0) {
      fprintf(stderr, "agx-tess: --domain, --spacing and --outer are required\n");
      usage(stderr);
      return 2;
   }
   int need_outer = cfg.domain == AGX_TESS_DOMAIN_QUAD  ? 4
                    : cfg.domain == AGX_TESS_DOMAIN_TRI ? 3
                                                        : 2;
   int need_inner = cfg.domain == AGX_TESS_DOMAIN_QUAD  ? 2
                    : cfg.domain == AGX_TESS_DOMAIN_TRI ? 1
                                                        : 0;
   if (n_outer < need_outer || (n_inner >= 0 && n_inner < need_inner)) {
      fprintf(stderr, "agx-tess: this domain needs %d outer and %d inner levels\n", need_outer,
              need_inner);
      return 2;
   }

   struct agx_tess_point *pts;
   uint32_t *idx, np, ni;
   if (!agx_tess_host_patch(cfg, lv, &pts, &np, &idx, &ni)) {
      fprintf(stderr, "agx-tess: tessellation failed\n");
      return 1;
   }
   for (uint32_t i = 0; i < np; ++i) {
      float u = agx_tess_fixed_to_float(pts[i].u), v = agx_tess_fixed_to_float(pts[i].v);
      if (cfg.domain == AGX_TESS_DOMAIN_TRI)
         printf("p %.6f %.6f %.6f\n", u, v, 1.0f - u - v);
      else
         printf("p %.6f %.6f\n", u, v);
   }
   uint32_t prims = 0;
   if (cfg.flags & AGX_TESS_FLAG_POINTS) {
      for (uint32_t i = 0; i < ni; ++i, ++prims)
         printf("pt %u\n", idx[i]);
   } else if (cfg.domain == AGX_TESS_DOMAIN_ISOLINE) {
      for (uint32_t i = 0; i + 1 < ni; i += 2, ++prims)
         printf("l %u %u\n", idx[i], idx[i + 1]);
   } else {
      for (uint32_t i = 0; i + 2 < ni; i += 3, ++prims)
         printf("t %u %u %u\n", idx[i], idx[i + 1], idx[i + 2]);
   }
   printf("points %u prims %u\n", np, prims);
   free(pts);
   free(idx);
   return 0;
}
