/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * Setup of an indirect draw with a geometry shader (emulation.md §4 step 1;
 * the role of Mesa's libagx_gs_setup_indirect, written here): reads the
 * application's draw record, computes the input primitives per instance
 * and their log2, allocates the input buffer (software VS outputs) and the
 * index buffer (main GS) from the geometry heap, fills the draw's
 * struct agx_gs_params, the CDM grids of the two launches (threads) and
 * the indexed-indirect record of the rasterization draw (indices from the
 * heap's base). A draw too large for the heap or for 32-bit vertex ids
 * draws nothing (grids and counts 0).
 * Assumes: arguments as in agx_gs_setup.h, one workgroup of one thread.
 */
#include "agx_gs_setup.h"
#include "agx_gs.h"
#include "agx_pack.h"

/* first vertex stride and vertices not starting a primitive, by
 * VkPrimitiveTopology (point list .. triangle strip with adjacency:
 * (count - 4) / 2 primitives) */
constant uint32_t topo_stride[10] = {1, 2, 1, 3, 1, 1, 4, 1, 6, 2};
constant uint32_t topo_sub[10] = {0, 0, 1, 0, 2, 2, 0, 3, 0, 4};
/* vertices a captured primitive has (adjacency: its own vertices only) */
constant uint32_t topo_captured[10] = {1, 2, 2, 3, 3, 3, 2, 2, 3, 3};

static uint32_t
ceil_log2(uint32_t x)
{
   /* the bit count of x - 1, by halves (our compiler does not take
    * OpenCL.std clz yet; loops here trip llvm-spirv-15) */
   uint32_t l = 0, v = x > 1 ? x - 1 : 0;
   if (v >> 16) {
      v >>= 16;
      l += 16;
   }
   if (v >> 8) {
      v >>= 8;
      l += 8;
   }
   if (v >> 4) {
      v >>= 4;
      l += 4;
   }
   if (v >> 2) {
      v >>= 2;
      l += 2;
   }
   if (v >> 1) {
      v >>= 1;
      l += 1;
   }
   return l + v;
}

AGX_KERNEL(1, 1, 1)
void
agx_gs_setup_indirect(struct agx_gs_setup_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL struct agx_gs_heap *heap = AGX_PTR(struct agx_gs_heap, a.heap);
   AGX_GLOBAL struct agx_gs_params *p = AGX_PTR(struct agx_gs_params, a.params);
   AGX_GLOBAL const uint32_t *d = AGX_PTR(const uint32_t, a.draw);
   if (a.reset_heap)
      heap->bottom = 0;
   bool indexed = a.index_buffer != 0;
   uint32_t count = d[0], instances = d[1], first = d[2];
   uint32_t base_vertex = indexed ? d[3] : first;
   uint32_t base_instance = indexed ? d[4] : d[3];
   uint32_t t = a.topology < 10 ? a.topology : 0;
   uint32_t stride = topo_stride[t], sub = topo_sub[t];
   uint32_t prims = count >= sub ? (count - sub) / stride : 0;
   uint32_t plog2 = ceil_log2(prims);
   /* sizes per instance (< 2^48), then guarded against 2^32 before the
    * product with the instance count (no 128-bit intermediate) */
   uint64_t in_per = 16ull * a.records * count;
   uint64_t idx_per = 4ull * a.max_indices * prims;
   uint32_t il = ceil_log2(instances); /* x * instances < 2^32 if x < 2^(32 - il) */
   bool fits = (in_per >> (32 - il)) == 0 && (idx_per >> (32 - il)) == 0;
   uint64_t in_bytes = fits ? in_per * instances : 0;
   uint64_t idx_bytes = fits ? idx_per * instances : 0;
   /* transform feedback: GS vertex records and counts per (primitive,
    * instance); units < 2^32 when the index bytes fit */
   uint64_t units = fits ? (uint64_t)prims * instances : 0;
   uint64_t xfb_bytes = units * a.xfb_unit_bytes;
   fits = fits && (a.xfb_unit_bytes == 0 || (xfb_bytes >> 40) == 0);
   uint64_t bottom = heap->bottom;
   uint64_t in_off = bottom, idx_off = (bottom + in_bytes + 15) & ~15ull;
   uint64_t rec_off = (idx_off + idx_bytes + 15) & ~15ull;
   uint64_t cnt_off = a.xfb_unit_bytes ? (rec_off + xfb_bytes + 15) & ~15ull : rec_off;
   uint64_t end = a.xfb_unit_bytes ? (cnt_off + 4 * units * a.xfb_streams + 15) & ~15ull : rec_off;
   if (!fits || ceil_log2(instances) + plog2 + a.vertex_id_log2 > 32 || end > heap->size) {
      prims = 0;
      count = 0;
      end = bottom;
   }
   heap->bottom = (uint32_t)end;
   if (a.xfb_unit_bytes) {
      *AGX_PTR(uint64_t, a.params + AGX_GS_XFB_PARAMS_RECORDS) = heap->base + rec_off;
      *AGX_PTR(uint64_t, a.params + AGX_GS_XFB_PARAMS_COUNTS) = heap->base + cnt_off;
   }
   p->input_buffer = heap->base + in_off;
   p->output_index_buffer = heap->base + idx_off;
   p->index_buffer = indexed ? a.index_buffer + (uint64_t)first * a.index_size : 0;
   p->index_size = a.index_size;
   p->input_primitives = prims;
   p->primitives_log2 = plog2;
   p->verts_per_instance = count;
   p->input_topology = a.topology;
   p->vertex_stride = stride;
   p->base_vertex = base_vertex;
   p->base_instance = base_instance;
   uint32_t n = prims ? instances : 0;
   agx_pack(AGX_PTR(uint32_t, a.vs_grid), CDM_GLOBAL_SIZE, cfg) {
      cfg.x = count;
      cfg.y = count ? instances : 0;
      cfg.z = 1;
   }
   agx_pack(AGX_PTR(uint32_t, a.gs_grid), CDM_GLOBAL_SIZE, cfg) {
      cfg.x = prims;
      cfg.y = n;
      cfg.z = 1;
   }
   if (a.xfb_grid) {
      agx_pack(AGX_PTR(uint32_t, a.xfb_grid), CDM_GLOBAL_SIZE, cfg) {
         cfg.x = prims * n * topo_captured[t];
         cfg.y = 1;
         cfg.z = 1;
      }
   }
   AGX_GLOBAL uint32_t *r = AGX_PTR(uint32_t, a.rast_draw);
   r[0] = a.max_indices * prims * n;
   r[1] = 1;
   r[2] = (uint32_t)(idx_off / 4);
   r[3] = 0;
   r[4] = 0;
}

/* Index i of the draw (the aligned word that holds it: 8/16-bit loads as
 * 32-bit ones, as the software vertex shader reads them). */
static uint32_t
load_index(uint64_t base, uint32_t i, uint32_t size)
{
   uint64_t addr = base + (uint64_t)i * size;
   uint32_t word = *AGX_PTR(const uint32_t, addr & ~3ull);
   uint32_t shift = (uint32_t)(addr & 3) * 8;
   return size == 4 ? word : (word >> shift) & (size == 2 ? 0xFFFFu : 0xFFu);
}

/* Vertices per primitive of the list topology, by VkPrimitiveTopology. */
constant uint32_t topo_verts[10] = {1, 2, 2, 3, 3, 3, 4, 4, 6, 6};

/* Primitives of n vertices in topology t (strips and fans share vertices). */
static uint32_t
decomposed(uint32_t t, uint32_t n)
{
   uint32_t sub = topo_sub[t], stride = topo_stride[t];
   return n >= sub && n >= topo_verts[t] ? (n - sub) / stride : 0;
}

/* Vertex v of primitive p (of prims) in topology t, from the segment's
 * start: Vulkan's orders (first vertex provoking), as agx_pass_lower_gs
 * reads geometry shader inputs. */
/* Triangle strips with adjacency: offsets from 2p by vertex for even (and
 * first) and odd primitives; the first primitive's vertex 1 is 2p + 1 and
 * the last one's vertex 3 is 2p + 5 (agx_pass_lower_gs strip_adjacency). */
constant int32_t adj_even[6] = {0, -2, 2, 6, 4, 3};
constant int32_t adj_odd[6] = {0, 3, 4, 6, 2, -2};

static uint32_t
segment_vertex(uint32_t t, uint32_t p, uint32_t v, uint32_t prims)
{
   /* every form computed, then selected (branches on t become an OpSwitch
    * in a loop header, which llvm-spirv-15 emits invalidly) */
   uint32_t odd = p & 1;
   /* triangle strip: i, i + 1 + i % 2, i + 2 - i % 2 */
   uint32_t strip = p + v + odd * (uint32_t)((v == 1) - (v == 2));
   /* triangle fan: i + 1, i + 2, 0 */
   uint32_t fan = v == 2 ? 0 : p + v + 1;
   /* lists and the other strips */
   uint32_t list = p * topo_stride[t] + v;
   int32_t o = odd ? adj_odd[v % 6] : adj_even[v % 6];
   o = v == 1 && p == 0 ? 1 : o;
   o = v == 3 && p + 1 == prims ? 5 : o;
   uint32_t adj = (uint32_t)((int32_t)(2 * p) + o);
   uint32_t r = t == 4 ? strip : list;
   r = t == 5 ? fan : r;
   return t == 9 ? adj : r;
}

AGX_KERNEL(1, 1, 1)
void
agx_gs_unroll_restart(struct agx_gs_unroll_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL struct agx_gs_heap *heap = AGX_PTR(struct agx_gs_heap, a.heap);
   AGX_GLOBAL const uint32_t *d = AGX_PTR(const uint32_t, a.draw);
   AGX_GLOBAL uint32_t *o = AGX_PTR(uint32_t, a.out_draw);
   if (a.reset_heap)
      heap->bottom = 0;
   uint32_t t = a.topology < 10 ? a.topology : 0;
   uint32_t count = d[0], per = topo_verts[t];
   uint64_t in = a.index_buffer + (uint64_t)d[2] * a.index_size;
   /* restarts only remove primitives: the segment-free count bounds it */
   uint64_t bytes = (4ull * decomposed(t, count) * per + 15) & ~15ull;
   uint64_t bottom = heap->bottom;
   bool fits = bottom + bytes <= heap->size;
   heap->bottom = (uint32_t)(fits ? bottom + bytes : bottom);
   AGX_GLOBAL uint32_t *out = AGX_PTR(uint32_t, heap->base + bottom);
   /* one pass over the indices: at each restart (and at the end) the
    * segment since the previous one is decomposed */
   uint32_t written = 0, start = 0;
   for (uint32_t i = 0; fits && i <= count; i++) {
      if (i < count && load_index(in, i, a.index_size) != a.restart)
         continue;
      uint32_t prims = decomposed(t, i - start);
      /* (primitive, vertex) counted without a division (clang's freeze) */
      uint32_t p = 0, v = 0;
      for (uint32_t k = 0; k < prims * per; k++) {
         out[written + k] = load_index(in, start + segment_vertex(t, p, v, prims), a.index_size);
         v++;
         p += v == per ? 1 : 0;
         v = v == per ? 0 : v;
      }
      written += prims * per;
      start = i + 1;
   }
   o[0] = written;
   o[1] = d[1];
   o[2] = (uint32_t)(bottom / 4);
   o[3] = d[3];
   o[4] = d[4];
}

/* One thread: the heap's allocations start again from its base. */
AGX_KERNEL(1, 1, 1)
void
agx_gs_heap_reset(struct agx_gs_heap_reset_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_PTR(struct agx_gs_heap, a.heap)->bottom = 0;
}
