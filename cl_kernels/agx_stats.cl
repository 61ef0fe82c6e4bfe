/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Pipeline-statistics counting kernels (VK_QUERY_TYPE_PIPELINE_STATISTICS), Honeykrisp's
 * design (emulation.md §8/§9: Mesa libagx libagx_increment_ia(_restart),
 * libagx_increment_cs_invocations, the pre-GS kernel's geometry counts and the tessellation
 * prefix sum's clipper counts): the GPU reads each draw's or dispatch's record and adds its
 * counts into the query pool. One thread each; the driver orders launches with CDM
 * barriers, so the counters need no atomics (agx_stats.h).
 * Assumes: arguments as in agx_stats.h, by value (as agx_transfer.cl); division only, no
 * `%` beside a `/` (clang's freeze), no switch (llvm-spirv-15), u64 counters.
 */
#include "agx_stats.h"
#include "agx_tess_params.h"

static void
agx_stats_bump(uint64_t counter, uint64_t delta)
{
   if (counter)
      *AGX_PTR(uint64_t, counter) += delta;
}

static uint32_t
agx_stats_prims(uint32_t n, uint32_t min, uint32_t step)
{
   return n < min || step == 0 ? 0u : (n - min) / step + 1u;
}

/* Index i of the bound range (0 past its end, as robust fetches read). */
static uint32_t
agx_stats_index(uint64_t base, uint64_t bytes, uint64_t i, uint32_t size)
{
   uint64_t off = i * size;
   if (off + size > bytes)
      return 0;
   uint64_t addr = base + off;
   uint32_t word = *AGX_PTR(const uint32_t, addr & ~3ull);
   uint32_t shift = (uint32_t)(addr & 3) * 8;
   return size == 4 ? word : (word >> shift) & (size == 2 ? 0xFFFFu : 0xFFu);
}

AGX_KERNEL(1, 1, 1)
void
agx_stats_draw(struct agx_stats_draw_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL const uint32_t *d = AGX_PTR(const uint32_t, a.draw);
   uint32_t count = d[0], instances = d[1], first = d[2];
   uint64_t vertices = count, prims = 0;
   if (a.index_buffer) {
      /* primitive restart: segments between restart indices */
      uint32_t start = 0;
      vertices = 0;
      for (uint32_t i = 0; i <= count; i++) {
         bool end = i == count;
         if (!end && agx_stats_index(a.index_buffer, a.index_bytes, (uint64_t)first + i,
                                     a.index_size) != a.restart_index)
            continue;
         uint32_t n = i - start;
         vertices += n;
         prims += agx_stats_prims(n, a.prim_min, a.prim_step);
         start = i + 1;
      }
   } else {
      prims = agx_stats_prims(count, a.prim_min, a.prim_step);
   }
   vertices *= instances;
   prims *= instances;
   agx_stats_bump(a.ia_vertices, vertices);
   agx_stats_bump(a.vs_invocations, vertices);
   agx_stats_bump(a.ia_primitives, prims);
   agx_stats_bump(a.clip_invocations, prims);
   agx_stats_bump(a.clip_primitives, prims);
   agx_stats_bump(a.tcs_patches, prims);
   agx_stats_bump(a.gs_invocations, prims * a.gs_invocations_per_primitive);
}

AGX_KERNEL(1, 1, 1)
void
agx_stats_add(struct agx_stats_add_args a)
{
   if (agx_global_id_x() != 0)
      return;
   uint64_t v = a.value;
   if (a.grid) {
      AGX_GLOBAL const uint32_t *g = AGX_PTR(const uint32_t, a.grid);
      v *= (uint64_t)g[0] * g[1] * g[2];
   }
   agx_stats_bump(a.counter, v);
}

AGX_KERNEL(1, 1, 1)
void
agx_stats_strips(struct agx_stats_strips_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL const uint32_t *d = AGX_PTR(const uint32_t, a.draw);
   uint32_t count = d[0], instances = d[1], first = d[2];
   AGX_GLOBAL const uint32_t *idx = AGX_PTR(const uint32_t, a.index_base + 4ull * first);
   uint64_t prims = 0;
   uint32_t run = 0;
   for (uint32_t i = 0; i <= count; i++) {
      if (i < count && idx[i] != 0xFFFFFFFFu) {
         run++;
         continue;
      }
      prims += agx_stats_prims(run, a.verts, 1);
      run = 0;
   }
   prims *= instances;
   agx_stats_bump(a.primitives, prims);
   agx_stats_bump(a.clip_invocations, prims);
   agx_stats_bump(a.clip_primitives, prims);
}

AGX_KERNEL(1, 1, 1)
void
agx_stats_tess(struct agx_stats_tess_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL const struct agx_tess_params *p = AGX_PTR(const struct agx_tess_params, a.params);
   AGX_GLOBAL const struct agx_tess_patch_record *r =
      AGX_PTR(const struct agx_tess_patch_record, p->patch_records);
   uint64_t points = 0;
   for (uint32_t i = 0; i < p->patches; i++)
      points += r[i].num_points;
   agx_stats_bump(a.tes_invocations, points);
   uint32_t verts = a.verts ? a.verts : 1u;
   uint64_t prims = AGX_PTR(const uint32_t, a.draw)[0] / verts;
   agx_stats_bump(a.clip_invocations, prims);
   agx_stats_bump(a.clip_primitives, prims);
   agx_stats_bump(a.gs_invocations, prims * a.gs_invocations_per_primitive);
}
