/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Host-only helpers around the tessellator built as C (tests, CLI, benchmark, CPU fallback).
 * Assumes: host C11; the shared types and per-patch entry points come from agx_tess.h.
 */
#ifndef AGX_TESS_HOST_H
#define AGX_TESS_HOST_H

#include <stdbool.h>
#include "agx_tess.h"

/* The CPU equivalent of agx_tess_count_kernel: results[i] gets counts only. */
void agx_tess_host_count(struct agx_tess_config cfg, const struct agx_tess_levels *levels,
                         struct agx_tess_result *results, uint32_t num_patches);

/* The CPU equivalent of agx_tess_write_kernel: patches in order, output from the heap. */
void agx_tess_host_write(struct agx_tess_config cfg, const struct agx_tess_levels *levels,
                         struct agx_tess_result *results, struct agx_tess_heap *heap,
                         uint32_t num_patches, uint32_t index_stride);

/* Parse "tri" / "quad" / "isoline" and "equal" / "fractional_even" / "fractional_odd". */
bool agx_tess_parse_domain(const char *s, uint32_t *domain);
bool agx_tess_parse_spacing(const char *s, uint32_t *spacing);

/* One patch into malloc'ed arrays (free() them); false on bad arguments or no memory. */
bool agx_tess_host_patch(struct agx_tess_config cfg, struct agx_tess_levels lv,
                         struct agx_tess_point **points, uint32_t *num_points, uint32_t **indices,
                         uint32_t *num_indices);

static inline float
agx_tess_fixed_to_float(uint32_t x)
{
   return (float)x / 65536.0f;
}

#endif
