/*
 * Copyright 2026 agx-vk contributors
 * SPDX-License-Identifier: MIT
 *
 * The adjacency kernel (agx_adjacency.h): one thread reads a draw record of an adjacency
 * topology (and its indices, splitting segments at restart indices), writes the vertices
 * drawn without a geometry shader as a 32-bit index list in the geometry heap and the
 * indexed-indirect record drawing it. A list that does not fit the heap draws nothing.
 * Assumes: arguments as in agx_adjacency.h; selects instead of a switch on the topology
 * (llvm-spirv-15 emits OpSwitch in a loop invalidly), no `%` beside a `/` (clang's freeze).
 */
#include "agx_adjacency.h"
#include "agx_gs_setup.h"

/* Index i of the bound range (0 past its end, as robust index fetches read); 8- and
 * 16-bit indices through the aligned word holding them. */
static uint32_t
adj_index(uint64_t base, uint64_t bytes, uint64_t i, uint32_t size)
{
   uint64_t off = i * size;
   if (off + size > bytes)
      return 0;
   uint64_t addr = base + off;
   uint32_t word = *AGX_PTR(const uint32_t, addr & ~3ull);
   uint32_t shift = (uint32_t)(addr & 3) * 8;
   return size == 4 ? word : (word >> shift) & (size == 2 ? 0xFFFFu : 0xFFu);
}

/* Vertices drawn from a segment of n vertices of topology t (agx_adjacency.h). */
static uint32_t
adj_drawn(uint32_t t, uint32_t n)
{
   uint32_t line_list = (n / 4) * 2;
   uint32_t line_strip = n >= 4 ? n - 2 : 0;
   uint32_t tri_list = (n / 6) * 3;
   uint32_t tri_strip = n >= 6 ? (n - 4) / 2 + 2 : 0;
   uint32_t r = t == 6 ? line_list : line_strip;
   r = t == 8 ? tri_list : r;
   return t == 9 ? tri_strip : r;
}

/* The segment position of drawn vertex j: 4(j/2) + 1 + j&1 for line lists, j + 1 for
 * line strips, 2j for both triangle topologies (6i + 2v, and the even vertices). */
static uint32_t
adj_position(uint32_t t, uint32_t j)
{
   uint32_t line_list = 4 * (j >> 1) + 1 + (j & 1);
   uint32_t r = t == 6 ? line_list : j + 1;
   return t >= 8 ? 2 * j : r;
}

AGX_KERNEL(1, 1, 1)
void
agx_adjacency(struct agx_adjacency_args a)
{
   if (agx_global_id_x() != 0)
      return;
   AGX_GLOBAL struct agx_gs_heap *heap = AGX_PTR(struct agx_gs_heap, a.heap);
   AGX_GLOBAL const uint32_t *d = AGX_PTR(const uint32_t, a.draw);
   AGX_GLOBAL uint32_t *o = AGX_PTR(uint32_t, a.out_draw);
   if (a.reset_heap)
      heap->bottom = 0;
   uint32_t t = a.topology;
   bool indexed = a.index_buffer != 0;
   bool strip = t == 7 || t == 9;
   uint32_t count = d[0], instances = d[1], first = d[2];
   uint64_t bottom = heap->bottom;
   uint64_t room = bottom < heap->size ? (heap->size - bottom) / 4 : 0;
   AGX_GLOBAL uint32_t *out = AGX_PTR(uint32_t, heap->base + bottom);
   uint64_t written = 0, start = 0;
   bool fits = true;
   /* without restart the whole draw is one segment (no scan) */
   bool scan = indexed && a.restart;
   for (uint64_t i = scan ? 0 : count; fits && i <= count; i++) {
      if (i < count &&
          adj_index(a.index_buffer, a.index_bytes, first + i, a.index_size) != a.restart_index)
         continue;
      uint32_t m = adj_drawn(t, (uint32_t)(i - start));
      /* strips after the first: a restart between them */
      uint32_t gap = strip && m && written ? 1 : 0;
      fits = written + gap + m <= room;
      if (fits && gap)
         out[written] = 0xFFFFFFFFu;
      written += gap;
      for (uint32_t j = 0; fits && j < m; j++) {
         uint64_t pos = start + adj_position(t, j);
         out[written + j] = indexed
                               ? adj_index(a.index_buffer, a.index_bytes, first + pos, a.index_size)
                               : (uint32_t)pos;
      }
      written += m;
      start = i + 1;
   }
   written = fits ? written : 0;
   heap->bottom = (uint32_t)(bottom + ((written * 4 + 15) & ~15ull));
   o[0] = (uint32_t)written;
   o[1] = instances;
   o[2] = (uint32_t)(bottom / 4);
   o[3] = indexed ? d[3] : first;
   o[4] = indexed ? d[4] : d[3];
}
