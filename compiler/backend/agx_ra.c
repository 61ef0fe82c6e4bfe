/* Register allocation: linear scan on the linear machine program.
 * Assumes the structured layout made by instruction selection: a vreg's
 * live interval is [first mention, last mention] in program order, and an
 * interval that overlaps a loop without being contained in it covers the
 * whole loop (a value live into or out of a loop must survive every
 * iteration). Lanes switched off by the execution mask keep their register
 * values, so values of different branches may share registers as long as
 * their intervals do not overlap. On failure the value to spill is the
 * spillable one live there whose interval ends last. A value never shares a register with a
 * value that ends at the instruction defining it (memory instructions write
 * several registers, so reuse within one instruction is avoided). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_mir.h"

#define RESERVED_HALVES 4 /* r0 (r0l: exec nesting counter), r1 (link) */

struct interval {
   int start, end;
};

static int
cmp_start(const void *a, const void *b, void *ctx)
{
   const struct interval *iv = ctx;
   unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
   if (iv[x].start != iv[y].start)
      return iv[x].start - iv[y].start;
   return (int)x - (int)y;
}

/* qsort_r is a GNU extension; a small insertion/merge sort keeps this C11. */
static void
sort_by_start(unsigned *order, unsigned n, const struct interval *iv)
{
   unsigned *tmp = malloc((n ? n : 1) * sizeof(*tmp));
   if (!tmp)
      abort();
   for (unsigned width = 1; width < n; width *= 2) {
      for (unsigned lo = 0; lo < n; lo += 2 * width) {
         unsigned mid = lo + width < n ? lo + width : n,
                  hi = lo + 2 * width < n ? lo + 2 * width : n;
         unsigned i = lo, j = mid, k = lo;
         while (i < mid && j < hi)
            tmp[k++] = cmp_start(&order[i], &order[j], (void *)iv) <= 0 ? order[i++] : order[j++];
         while (i < mid)
            tmp[k++] = order[i++];
         while (j < hi)
            tmp[k++] = order[j++];
      }
      memcpy(order, tmp, n * sizeof(*order));
   }
   free(tmp);
}

static unsigned
alloc_size(unsigned halves)
{
   return halves;
}

static unsigned
alloc_align(unsigned halves)
{
   return halves >= 4 ? 4 : halves == 1 ? 1 : 2;
}

/* A vreg can be spilled unless it is a spill temporary or preloaded.
 * Values built by partial definitions (vectors assembled a component at a
 * time) spill too: agx_spill reloads them before each partial definition,
 * so the halves written earlier survive. */
static bool
spillable(const struct agx_mir *m, unsigned v)
{
   return !(m->vflags[v] & (AGX_MIR_V_NOSPILL | AGX_MIR_V_FIXED)) && m->vsize[v] <= 8 &&
          (m->vsize[v] % 2 == 0 || m->vsize[v] <= 4);
}

int
agx_mir_ra(struct agx_mir *m, unsigned max_halves, char *err, size_t errsize)
{
   int spill;
   return agx_mir_ra_ex(m, max_halves, &spill, err, errsize);
}

int
agx_mir_ra_ex(struct agx_mir *m, unsigned max_halves, int *spill, char *err, size_t errsize)
{
   *spill = -1;
   unsigned nv = m->nvregs;
   struct interval *iv = malloc((nv ? nv : 1) * sizeof(*iv));
   unsigned *order = malloc((nv ? nv : 1) * sizeof(*order));
   int *loops = malloc((m->count + 1) * 2 * sizeof(int));
   int *stack = malloc((m->count + 1) * sizeof(int));
   if (!iv || !order || !loops || !stack)
      abort();
   for (unsigned v = 0; v < nv; v++)
      iv[v].start = iv[v].end = -1;
   unsigned nloops = 0, sp = 0;
   for (unsigned i = 0; i < m->count; i++) {
      const struct agx_minstr *mi = &m->ins[i];
      for (unsigned s = 0; s < mi->nslots; s++) {
         struct interval *x = &iv[mi->slot[s].vreg];
         if (x->start < 0)
            x->start = (int)i;
         x->end = (int)i;
      }
      if (mi->kind == AGX_M_LOOP)
         stack[sp++] = (int)i;
      else if (mi->kind == AGX_M_ENDLOOP && sp) {
         loops[2 * nloops] = stack[--sp];
         loops[2 * nloops + 1] = (int)i;
         nloops++;
      }
   }
   /* Extend intervals over loops they cross, to a fixed point (nesting). */
   for (bool changed = true; changed;) {
      changed = false;
      for (unsigned v = 0; v < nv; v++) {
         if (iv[v].start < 0)
            continue;
         for (unsigned l = 0; l < nloops; l++) {
            int ls = loops[2 * l], le = loops[2 * l + 1];
            bool overlaps = iv[v].start <= le && iv[v].end >= ls;
            bool inside = iv[v].start >= ls && iv[v].end <= le;
            if (overlaps && !inside) {
               if (ls < iv[v].start)
                  iv[v].start = ls, changed = true;
               if (le > iv[v].end)
                  iv[v].end = le, changed = true;
            }
         }
      }
   }
   unsigned n = 0;
   for (unsigned v = 0; v < nv; v++)
      if (iv[v].start >= 0)
         order[n++] = v;
   sort_by_start(order, n, iv);

   /* owner of each half: vreg + 1, 0 = free */
   uint32_t owner[256] = {0};
   unsigned used = RESERVED_HALVES;
   int rc = 0;
   for (unsigned k = 0; k < n && rc == 0; k++) {
      unsigned v = order[k];
      int start = iv[v].start;
      for (unsigned h = RESERVED_HALVES; h < 256; h++)
         if (owner[h] && iv[owner[h] - 1].end < start)
            owner[h] = 0;
      unsigned size = alloc_size(m->vsize[v]), align = alloc_align(m->vsize[v]);
      int found = -1;
      if (m->vflags[v] & AGX_MIR_V_FIXED) {
         /* preloaded values start the program, before any other value */
         unsigned h = m->phys[v];
         bool ok = h >= RESERVED_HALVES && h + size <= max_halves;
         for (unsigned j = 0; j < size && ok; j++)
            ok = owner[h + j] == 0;
         if (!ok) {
            snprintf(err, errsize, "preloaded register at half %u is unavailable", h);
            rc = -1;
            break;
         }
         for (unsigned j = 0; j < size; j++)
            owner[h + j] = v + 1;
         if (h + size > used)
            used = h + size;
         continue;
      }
      for (unsigned h = RESERVED_HALVES; h + size <= max_halves && found < 0; h += align) {
         bool ok = true;
         for (unsigned j = 0; j < size && ok; j++)
            ok = owner[h + j] == 0;
         if (ok)
            found = (int)h;
      }
      if (found < 0) {
         unsigned live = 0;
         for (unsigned h = RESERVED_HALVES; h < 256; h++)
            live += owner[h] != 0;
         /* spill candidate: the live (or new) value ending last */
         int best = spillable(m, v) ? (int)v : -1;
         for (unsigned h = RESERVED_HALVES; h < 256; h++) {
            if (!owner[h])
               continue;
            unsigned u = owner[h] - 1;
            if (spillable(m, u) && iv[u].end > start && (best < 0 || iv[u].end > iv[best].end))
               best = (int)u;
         }
         *spill = best;
         snprintf(err, errsize,
                  "register allocation failed: %u live 16-bit halves plus %u more needed at "
                  "machine instruction %d exceed the budget of %u halves",
                  live + RESERVED_HALVES, size, start, max_halves);
         rc = -1;
         break;
      }
      m->phys[v] = (uint32_t)found;
      for (unsigned j = 0; j < size; j++)
         owner[found + j] = v + 1;
      if ((unsigned)found + size > used)
         used = (unsigned)found + size;
   }
   free(iv);
   free(order);
   free(loops);
   free(stack);
   return rc ? -1 : (int)used;
}
