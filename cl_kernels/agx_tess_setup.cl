/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * The tessellation path's helper kernels (emulation.md §7; the roles of
 * Mesa's libagx_tess_setup_indirect, the tessellator's COUNT / WITH_COUNTS
 * modes and libagx_prefix_sum_tess, written here):
 *  - agx_tess_setup (1 thread): reads the draw record, allocates the
 *    vertex outputs, the control-shader buffer and the patch records from
 *    the geometry heap, fills struct agx_tess_params and the grids of the
 *    software VS (vertices x instances), the control shader (patches *
 *    output vertices x instances) and the per-patch kernels (patches);
 *  - agx_tess_count_patches (per patch): the tessellator (tessellator.cl) counts
 *    the patch's domain points and indices from its levels;
 *  - agx_tess_alloc_patches (1 thread): prefix sums of both counts, allocates the
 *    point and index buffers and writes the rasterization draw's
 *    VkDrawIndexedIndirectCommand (indices from the heap's base) and, with
 *    a geometry shader, copies the tessellation fields into its parameters;
 *  - agx_tess_write_patches (per patch): writes the patch's points and indices
 *    (index = patch * AGX_TESS_PATCH_ID_STRIDE + point).
 * A draw that does not fit the heap or 32-bit vertex ids draws nothing.
 * Assumes: arguments as in agx_tess_setup.h; the serial prefix sum is one
 * thread's loop over the patches (fine for the patch counts of tests and
 * demos; Mesa scans with 1024 threads).
 */
#include "agx_tess_setup.h"
#include "agx_gs_setup.h"
#include "agx_pack.h"
#include "agx_tess_params.h"
#include "tessellator.cl"

static uint64_t
heap_alloc(AGX_GLOBAL struct agx_gs_heap *heap, uint64_t bytes, uint32_t *ok)
{
   uint64_t off = heap->bottom;
   uint64_t end = (off + bytes + 15) & ~15ull;
   if (end > heap->size) {
      *ok = 0;
      return 0;
   }
   heap->bottom = (uint32_t)end;
   return off;
}

AGX_KERNEL(1, 1, 1)
void
agx_tess_setup(struct agx_tess_setup_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL struct agx_gs_heap *heap = AGX_PTR(struct agx_gs_heap, a.heap);
   AGX_GLOBAL struct agx_tess_params *p = AGX_PTR(struct agx_tess_params, a.params);
   AGX_GLOBAL const uint32_t *d = AGX_PTR(const uint32_t, a.draw);
   if (a.reset_heap)
      heap->bottom = 0;
   bool indexed = a.index_buffer != 0;
   uint32_t count = d[0], instances = d[1], first = d[2];
   uint32_t base_vertex = indexed ? d[3] : first;
   uint32_t base_instance = indexed ? d[4] : d[3];
   uint32_t in_size = a.input_patch_size ? a.input_patch_size : 1;
   uint32_t per = count / in_size;
   /* patch ids times the stride fit 32 bits: at most 2^19 patches */
   uint64_t total = (uint64_t)per * instances;
   uint32_t ok = total <= (1u << (32 - AGX_TESS_PATCH_ID_LOG2));
   uint64_t vs_bytes = 16ull * a.records * count * (ok ? instances : 0);
   uint64_t tcs_bytes = (uint64_t)a.tcs_stride * (ok ? total : 0);
   uint64_t bottom = heap->bottom;
   uint64_t vs_off = ok ? heap_alloc(heap, vs_bytes, &ok) : 0;
   uint64_t tcs_off = ok ? heap_alloc(heap, tcs_bytes, &ok) : 0;
   uint64_t rec_off = ok ? heap_alloc(heap, 16 * total, &ok) : 0;
   if (!ok) {
      heap->bottom = (uint32_t)bottom;
      count = per = 0;
      total = 0;
   }
   p->gs.input_buffer = heap->base + vs_off;
   p->gs.index_buffer = indexed ? a.index_buffer + (uint64_t)first * a.index_size : 0;
   p->gs.index_size = a.index_size;
   p->gs.verts_per_instance = count;
   p->gs.base_vertex = base_vertex;
   p->gs.base_instance = base_instance;
   p->tcs_buffer = heap->base + tcs_off;
   p->patch_records = heap->base + rec_off;
   p->input_patch_size = in_size;
   p->patches_per_instance = per;
   p->patches = (uint32_t)total;
   uint32_t n = total ? instances : 0;
   agx_pack(AGX_PTR(uint32_t, a.grids), CDM_GLOBAL_SIZE, cfg) {
      cfg.x = n ? count : 0;
      cfg.y = n;
      cfg.z = 1;
   }
   agx_pack(AGX_PTR(uint32_t, a.grids + 16), CDM_GLOBAL_SIZE, cfg) {
      cfg.x = per * a.output_patch_size;
      cfg.y = n;
      cfg.z = 1;
   }
   agx_pack(AGX_PTR(uint32_t, a.grids + 32), CDM_GLOBAL_SIZE, cfg) {
      cfg.x = (uint32_t)total;
      cfg.y = 1;
      cfg.z = 1;
   }
}

static struct agx_tess_levels
patch_levels(struct agx_tess_patch_args a, AGX_GLOBAL const struct agx_tess_params *p, uint32_t i)
{
   AGX_GLOBAL const float *l = AGX_PTR(const float, p->tcs_buffer + (uint64_t)i * a.tcs_stride);
   struct agx_tess_levels lv;
   lv.outer[0] = l[0];
   lv.outer[1] = l[1];
   lv.outer[2] = l[2];
   lv.outer[3] = l[3];
   lv.inner[0] = l[4];
   lv.inner[1] = l[5];
   lv.pad[0] = lv.pad[1] = 0;
   return lv;
}

AGX_KERNEL(64, 1, 1)
void
agx_tess_count_patches(struct agx_tess_patch_args a)
{
   AGX_GLOBAL const struct agx_tess_params *p = AGX_PTR(const struct agx_tess_params, a.params);
   uint32_t i = agx_global_id_x();
   if (i >= p->patches)
      return;
   struct agx_tess_config cfg;
   cfg.domain = a.domain;
   cfg.spacing = a.spacing;
   cfg.flags = a.flags;
   cfg.pad = 0;
   uint32_t np = 0, ni = 0;
   agx_tess_count(cfg, patch_levels(a, p, i), &np, &ni);
   AGX_GLOBAL struct agx_tess_patch_record *r =
      AGX_PTR(struct agx_tess_patch_record, p->patch_records + 16ull * i);
   r->num_points = np;
   r->num_indices = ni;
}

AGX_KERNEL(1, 1, 1)
void
agx_tess_alloc_patches(struct agx_tess_patch_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL struct agx_gs_heap *heap = AGX_PTR(struct agx_gs_heap, a.heap);
   AGX_GLOBAL struct agx_tess_params *p = AGX_PTR(struct agx_tess_params, a.params);
   AGX_GLOBAL struct agx_tess_patch_record *r =
      AGX_PTR(struct agx_tess_patch_record, p->patch_records);
   uint64_t points = 0, indices = 0;
   for (uint32_t i = 0; i < p->patches; i++) {
      r[i].first_point = (uint32_t)points;
      r[i].first_index = (uint32_t)indices;
      points += r[i].num_points;
      indices += r[i].num_indices;
   }
   uint32_t ok = 1;
   uint64_t bottom = heap->bottom;
   uint64_t pt_off = heap_alloc(heap, 8 * points, &ok);
   uint64_t idx_off = ok ? heap_alloc(heap, 4 * indices, &ok) : 0;
   if (!ok) {
      heap->bottom = (uint32_t)bottom;
      indices = 0;
   }
   p->points = heap->base + pt_off;
   p->gs.output_index_buffer = ok ? heap->base + idx_off : 0;
   if (a.gs_params) {
      /* the geometry shader's parameters: the same patches and points */
      AGX_GLOBAL struct agx_tess_params *g = AGX_PTR(struct agx_tess_params, a.gs_params);
      g->tcs_buffer = p->tcs_buffer;
      g->patch_records = p->patch_records;
      g->points = p->points;
      g->input_patch_size = p->input_patch_size;
      g->patches_per_instance = p->patches_per_instance;
      g->patches = p->patches;
   }
   AGX_GLOBAL uint32_t *draw = AGX_PTR(uint32_t, a.rast_draw);
   draw[0] = (uint32_t)indices;
   draw[1] = 1;
   draw[2] = (uint32_t)(idx_off / 4);
   draw[3] = 0;
   draw[4] = 0;
}

AGX_KERNEL(64, 1, 1)
void
agx_tess_write_patches(struct agx_tess_patch_args a)
{
   AGX_GLOBAL const struct agx_tess_params *p = AGX_PTR(const struct agx_tess_params, a.params);
   uint32_t i = agx_global_id_x();
   if (i >= p->patches || !p->gs.output_index_buffer)
      return;
   AGX_GLOBAL const struct agx_tess_patch_record *r =
      AGX_PTR(const struct agx_tess_patch_record, p->patch_records + 16ull * i);
   if (!r->num_points)
      return;
   struct agx_tess_config cfg;
   cfg.domain = a.domain;
   cfg.spacing = a.spacing;
   cfg.flags = a.flags;
   cfg.pad = 0;
   agx_tess_write(cfg, patch_levels(a, p, i),
                  AGX_PTR(struct agx_tess_point, p->points + 8ull * r->first_point),
                  AGX_PTR(uint32_t, p->gs.output_index_buffer + 4ull * r->first_index),
                  i * AGX_TESS_PATCH_ID_STRIDE);
}
