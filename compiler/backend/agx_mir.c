/* Machine IR storage: growable instruction and vreg arrays. */
#include <stdlib.h>
#include <string.h>

#include "agx_mir.h"

static void *
grow(void *p, unsigned *cap, unsigned need, size_t elem)
{
   if (need <= *cap)
      return p;
   unsigned n = *cap ? *cap * 2 : 64;
   while (n < need)
      n *= 2;
   void *q = realloc(p, (size_t)n * elem);
   if (!q)
      abort();
   memset((char *)q + (size_t)*cap * elem, 0, (size_t)(n - *cap) * elem);
   *cap = n;
   return q;
}

unsigned
agx_mir_new_vreg(struct agx_mir *m, unsigned halves)
{
   /* the three arrays share one capacity: grow each from the old one */
   unsigned cap = m->cap_vregs;
   m->vsize = grow(m->vsize, &cap, m->nvregs + 1, 1);
   cap = m->cap_vregs;
   m->vflags = grow(m->vflags, &cap, m->nvregs + 1, 1);
   m->phys = grow(m->phys, &m->cap_vregs, m->nvregs + 1, sizeof(uint32_t));
   m->vsize[m->nvregs] = (uint8_t)halves;
   m->vflags[m->nvregs] = 0;
   return m->nvregs++;
}

struct agx_minstr *
agx_mir_push(struct agx_mir *m, unsigned kind)
{
   m->ins = grow(m->ins, &m->cap, m->count + 1, sizeof(*m->ins));
   struct agx_minstr *mi = &m->ins[m->count++];
   memset(mi, 0, sizeof(*mi));
   mi->kind = (uint8_t)kind;
   return mi;
}

void
agx_mir_free(struct agx_mir *m)
{
   free(m->ins);
   free(m->vsize);
   free(m->phys);
   free(m->vflags);
   memset(m, 0, sizeof(*m));
}
