/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Transform feedback kernels (emulation.md §5; the roles of Mesa's libagx
 * copy_xfb_counters and the XFB part of pre_gs, written here for this
 * driver's layouts, agx_xfb_args.h):
 *  - agx_xfb_capture: one thread per captured vertex of a draw (primitives
 *    decomposed into lists in Vulkan's vertex order, instance after
 *    instance) copies the captured words from the software vertex shader's
 *    records into the buffers, for the primitives that fit in every buffer
 *    the pipeline writes;
 *    (a.gs_params: sized on the GPU, tessellated draws, launched over the
 *    setup kernel's grid of one thread per vertex);
 *  - agx_xfb_advance (one thread, after the capture): advances the offsets
 *    by the primitives written and adds written/needed to the stream query;
 *  - agx_xfb_counters: begin/end, offsets from/to the counter buffers;
 *  - agx_xfb_byte_count: the VkDrawIndirectCommand of
 *    vkCmdDrawIndirectByteCountEXT.
 * Assumes: arguments as in agx_xfb.h; no loops over argument arrays.
 */
#include "agx_xfb_args.h"
/* after the shim types */
#include "agx_gs.h"

/* Whole primitives of the draw that fit in every buffer with a stride. */
static uint32_t
agx_xfb_fit(AGX_GLOBAL const struct agx_xfb_state *st, AGX_GLOBAL const uint32_t *tab,
            uint32_t prims, uint32_t vpp)
{
   uint32_t fit = prims;
   for (uint32_t b = 0; b < 4; b++) {
      uint32_t stride = tab[b];
      if (stride == 0)
         continue;
      uint32_t size = st->size[b], off = st->offset[b];
      uint32_t room = size > off ? size - off : 0;
      uint32_t n = room / (stride * vpp);
      fit = n < fit ? n : fit;
   }
   return fit;
}

/* The draw's vertex that is vertex k of primitive p (Vulkan's primitive
 * topologies: strips keep the winding, fans pivot on vertex 0, adjacency
 * topologies give their primitives' own vertices: triangle strips with
 * adjacency 2p, 2p + 2, 2p + 4, odd p 2p, 2p + 4, 2p + 2). */
static uint32_t
agx_xfb_vertex(uint32_t topology, uint32_t p, uint32_t k, uint32_t vpp)
{
   uint32_t odd = p & 1u;
   uint32_t list = p * vpp + k;
   uint32_t line_strip = p + k;
   uint32_t tri_strip = k == 0 ? p : (k == 1 ? p + 1 + odd : p + 2 - odd);
   uint32_t fan = k == 2 ? 0u : p + k + 1;
   /* adjacency: the primitive's own vertices only */
   uint32_t line_list_adj = p * 4 + 1 + k;
   uint32_t line_strip_adj = p + 1 + k;
   uint32_t tri_list_adj = p * 6 + 2 * k;
   uint32_t tri_strip_adj = 2 * p + 2 * (odd && k ? 3 - k : k);
   uint32_t r = topology == 2u ? line_strip : list;
   r = topology == 4u ? tri_strip : r;
   r = topology == 5u ? fan : r;
   r = topology == 6u ? line_list_adj : r;
   r = topology == 7u ? line_strip_adj : r;
   r = topology == 8u ? tri_list_adj : r;
   return topology == 9u ? tri_strip_adj : r;
}

/* The draw's vertices per instance: from the arguments, or from the
 * geometry parameters (one instance). */
static uint32_t
agx_xfb_verts(uint64_t gs_params, uint32_t verts_per_instance)
{
   return gs_params ? AGX_PTR(const struct agx_gs_params, gs_params)->verts_per_instance
                    : verts_per_instance;
}

/* Primitives per instance: from the arguments or the geometry parameters. */
static uint32_t
agx_xfb_prims(uint64_t gs_params, uint32_t prims_per_instance)
{
   return gs_params ? AGX_PTR(const struct agx_gs_params, gs_params)->input_primitives
                    : prims_per_instance;
}

/* Instances: from the arguments or the setup kernel's grid (y). */
static uint32_t
agx_xfb_instances(uint64_t gs_grid, uint32_t instances)
{
   return gs_grid ? AGX_PTR(const uint32_t, gs_grid)[1] : instances;
}

AGX_KERNEL(AGX_XFB_GROUP_SIZE, 1, 1)
void
agx_xfb_capture(struct agx_xfb_capture_args a)
{
   uint32_t vpp = a.verts_per_prim;
   uint32_t vpi = agx_xfb_verts(a.gs_params, a.verts_per_instance);
   uint32_t ppi = agx_xfb_prims(a.gs_params, a.prims_per_instance);
   uint32_t prims = ppi * agx_xfb_instances(a.gs_grid, a.instances);
   AGX_GLOBAL const struct agx_xfb_state *st = AGX_PTR(const struct agx_xfb_state, a.state);
   AGX_GLOBAL const uint32_t *tab = AGX_PTR(const uint32_t, a.table);
   uint32_t written = agx_xfb_fit(st, tab, prims, vpp);
   uint32_t v = agx_global_id_x();
   uint32_t prim = v / vpp;
   if (prim >= written)
      return;
   uint32_t k = v - prim * vpp;
   uint32_t inst = prim / ppi;
   uint32_t p = prim - inst * ppi;
   uint32_t linear = inst * vpi + agx_xfb_vertex(a.topology, p, k, vpp);
   uint64_t records =
      a.gs_params ? AGX_PTR(const struct agx_gs_params, a.gs_params)->input_buffer : a.records;
   for (uint32_t e = 0; e < a.entries; e++) {
      uint32_t w = tab[AGX_XFB_TABLE_HEADER + e];
      uint32_t b = AGX_XFB_ENTRY_BUFFER(w);
      uint64_t rec = (uint64_t)linear * a.records_per_vertex + AGX_XFB_ENTRY_RANK(w);
      uint64_t src = records + 16 * rec + 4 * AGX_XFB_ENTRY_COMP(w);
      uint32_t value = AGX_XFB_ENTRY_WRITTEN(w) ? *AGX_PTR(const uint32_t, src) : 0u;
      uint64_t dst = st->addr[b] + st->offset[b] + (uint64_t)v * tab[b] + AGX_XFB_ENTRY_OFFSET(w);
      *AGX_PTR(uint32_t, dst) = value;
   }
}

AGX_KERNEL(1, 1, 1)
void
agx_xfb_advance(struct agx_xfb_capture_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL struct agx_xfb_state *st = AGX_PTR(struct agx_xfb_state, a.state);
   AGX_GLOBAL const uint32_t *tab = AGX_PTR(const uint32_t, a.table);
   uint32_t vpp = a.verts_per_prim;
   uint32_t prims =
      agx_xfb_prims(a.gs_params, a.prims_per_instance) * agx_xfb_instances(a.gs_grid, a.instances);
   uint32_t written = agx_xfb_fit(st, tab, prims, vpp);
   for (uint32_t b = 0; b < 4; b++)
      st->offset[b] += written * vpp * tab[b];
   if (a.query) {
      AGX_GLOBAL uint64_t *q = AGX_PTR(uint64_t, a.query);
      q[0] += written;
      q[1] += prims;
   }
}

/* One output primitive of the GS ending at record `last` (vpp vertices,
 * strip position `pos` of its last vertex): vertex k's record, in Vulkan's
 * strip order (odd triangles swap their last two vertices). */
static uint64_t
agx_xfb_gs_vertex(uint64_t last, uint32_t rs, uint32_t vpp, uint32_t pos, uint32_t k)
{
   uint32_t back = vpp - 1 - k; /* records before the last one */
   uint32_t odd = vpp == 3 ? (pos & 1u) : 0u;
   back = odd && k == 1 ? 0u : (odd && k == 2 ? 1u : back);
   return last - (uint64_t)back * rs;
}

/* Whether buffer b takes words of vertex stream s (some entry names both). */
static bool
agx_xfb_buffer_in_stream(AGX_GLOBAL const uint32_t *tab, uint32_t entries, uint32_t b, uint32_t s)
{
   bool in = false;
   for (uint32_t e = 0; e < entries; e++) {
      uint32_t w = tab[AGX_XFB_TABLE_HEADER + e];
      in = in || (AGX_XFB_ENTRY_BUFFER(w) == b && AGX_XFB_ENTRY_STREAM(w) == s);
   }
   return in;
}

/* Whole primitives of stream s that fit in every buffer of the stream. */
static uint32_t
agx_xfb_fit_stream(AGX_GLOBAL const struct agx_xfb_state *st, AGX_GLOBAL const uint32_t *tab,
                   uint32_t entries, uint32_t s, uint32_t vpp)
{
   uint32_t fit = 0xFFFFFFFFu;
   for (uint32_t b = 0; b < 4; b++) {
      uint32_t stride = tab[b];
      if (stride == 0 || !agx_xfb_buffer_in_stream(tab, entries, b, s))
         continue;
      uint32_t size = st->size[b], off = st->offset[b];
      uint32_t room = size > off ? size - off : 0;
      uint32_t n = room / (stride * vpp);
      fit = n < fit ? n : fit;
   }
   return fit;
}

/* Stream s of a geometry-shader draw: its primitives (strips decomposed
 * in Vulkan's order) into its buffers, then its offsets and its query. */
static void
agx_xfb_capture_stream(AGX_GLOBAL struct agx_xfb_state *st, AGX_GLOBAL const uint32_t *tab,
                       uint32_t entries, uint32_t record_size, uint32_t max_vertices,
                       uint32_t streams, uint32_t vpp, uint64_t records,
                       AGX_GLOBAL const uint32_t *counts, uint32_t units, uint32_t s,
                       uint64_t query)
{
   uint32_t fit = agx_xfb_fit_stream(st, tab, entries, s, vpp);
   uint32_t written = 0, needed = 0;
   for (uint32_t u = 0; u < units; u++) {
      uint64_t at = (uint64_t)u * streams + s;
      uint64_t region = records + at * max_vertices * record_size;
      uint32_t n = counts[at];
      for (uint32_t v = 0; v < n; v++) {
         uint64_t last = region + (uint64_t)v * record_size;
         uint32_t pos = *AGX_PTR(const uint32_t, last);
         if (pos + 1 < vpp)
            continue;
         needed++;
         if (written >= fit)
            continue;
         for (uint32_t k = 0; k < vpp; k++) {
            uint64_t rec = agx_xfb_gs_vertex(last, record_size, vpp, pos, k);
            uint32_t out = written * vpp + k;
            for (uint32_t e = 0; e < entries; e++) {
               uint32_t w = tab[AGX_XFB_TABLE_HEADER + e];
               uint32_t b = AGX_XFB_ENTRY_BUFFER(w);
               if (AGX_XFB_ENTRY_STREAM(w) != s)
                  continue;
               uint64_t src = rec + 16 * (1 + AGX_XFB_ENTRY_RANK(w)) + 4 * AGX_XFB_ENTRY_COMP(w);
               uint32_t value = AGX_XFB_ENTRY_WRITTEN(w) ? *AGX_PTR(const uint32_t, src) : 0u;
               uint64_t dst =
                  st->addr[b] + st->offset[b] + (uint64_t)out * tab[b] + AGX_XFB_ENTRY_OFFSET(w);
               *AGX_PTR(uint32_t, dst) = value;
            }
         }
         written++;
      }
   }
   for (uint32_t b = 0; b < 4; b++)
      if (agx_xfb_buffer_in_stream(tab, entries, b, s))
         st->offset[b] += written * vpp * tab[b];
   if (query) {
      AGX_GLOBAL uint64_t *q = AGX_PTR(uint64_t, query);
      q[0] += written;
      q[1] += needed;
   }
}

AGX_KERNEL(1, 1, 1)
void
agx_xfb_capture_gs(struct agx_xfb_capture_gs_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL struct agx_xfb_state *st = AGX_PTR(struct agx_xfb_state, a.state);
   AGX_GLOBAL const uint32_t *tab = AGX_PTR(const uint32_t, a.table);
   uint64_t records = a.records, counts_va = a.counts;
   uint32_t units = a.units;
   if (a.params) {
      AGX_GLOBAL const uint32_t *grid = AGX_PTR(const uint32_t, a.grid);
      records = *AGX_PTR(const uint64_t, a.params + AGX_GS_XFB_PARAMS_RECORDS);
      counts_va = *AGX_PTR(const uint64_t, a.params + AGX_GS_XFB_PARAMS_COUNTS);
      units = grid[0] * grid[1];
   }
   AGX_GLOBAL const uint32_t *counts = AGX_PTR(const uint32_t, counts_va);
   uint32_t n = a.streams < 4 ? a.streams : 4;
   /* the streams one after the other (no loop over the query array) */
   agx_xfb_capture_stream(st, tab, a.entries, a.record_size, a.max_vertices, n, a.verts_per_prim,
                          records, counts, units, 0, a.query[0]);
   if (n > 1)
      agx_xfb_capture_stream(st, tab, a.entries, a.record_size, a.max_vertices, n, a.verts_per_prim,
                             records, counts, units, 1, a.query[1]);
   if (n > 2)
      agx_xfb_capture_stream(st, tab, a.entries, a.record_size, a.max_vertices, n, a.verts_per_prim,
                             records, counts, units, 2, a.query[2]);
   if (n > 3)
      agx_xfb_capture_stream(st, tab, a.entries, a.record_size, a.max_vertices, n, a.verts_per_prim,
                             records, counts, units, 3, a.query[3]);
}

static void
agx_xfb_counter(AGX_GLOBAL uint32_t *offset, uint64_t counter, uint32_t store)
{
   if (store && counter)
      *AGX_PTR(uint32_t, counter) = *offset;
   if (!store)
      *offset = counter ? *AGX_PTR(const uint32_t, counter) : 0u;
}

AGX_KERNEL(1, 1, 1)
void
agx_xfb_counters(struct agx_xfb_counters_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL struct agx_xfb_state *st = AGX_PTR(struct agx_xfb_state, a.state);
   agx_xfb_counter(&st->offset[0], a.counter[0], a.store);
   agx_xfb_counter(&st->offset[1], a.counter[1], a.store);
   agx_xfb_counter(&st->offset[2], a.counter[2], a.store);
   agx_xfb_counter(&st->offset[3], a.counter[3], a.store);
}

AGX_KERNEL(1, 1, 1)
void
agx_xfb_byte_count(struct agx_xfb_byte_count_args a)
{
   if (agx_global_id_x() != 0)
      return;
   uint32_t bytes = *AGX_PTR(const uint32_t, a.counter);
   AGX_GLOBAL uint32_t *d = AGX_PTR(uint32_t, a.draw);
   d[0] = bytes > a.counter_offset && a.stride ? (bytes - a.counter_offset) / a.stride : 0u;
   d[1] = a.instances;
   d[2] = 0;
   d[3] = a.first_instance;
}
