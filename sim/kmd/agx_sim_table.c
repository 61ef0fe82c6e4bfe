/*
 * Handle tables: a growable array indexed by id. Lowest free id first, as
 * idr_alloc(.., 1, 0) / xa_alloc(1..=U32_MAX) do in the kernel.
 */
#include "agx_sim_table.h"

#include <stdlib.h>

uint32_t
agx_sim_table_insert(struct agx_sim_table *t, void *obj)
{
   for (uint32_t id = 1; id < t->capacity; id++) {
      if (!t->slots[id]) {
         t->slots[id] = obj;
         t->count++;
         return id;
      }
   }

   uint32_t old = t->capacity;
   uint32_t cap = old ? old * 2 : 16;
   void **slots = realloc(t->slots, (size_t)cap * sizeof(void *));
   if (!slots)
      return 0;
   for (uint32_t i = old; i < cap; i++)
      slots[i] = NULL;
   t->slots = slots;
   t->capacity = cap;

   uint32_t id = old ? old : 1;
   t->slots[id] = obj;
   t->count++;
   return id;
}

void *
agx_sim_table_get(const struct agx_sim_table *t, uint32_t id)
{
   if (id == 0 || id >= t->capacity)
      return NULL;
   return t->slots[id];
}

void *
agx_sim_table_remove(struct agx_sim_table *t, uint32_t id)
{
   void *obj = agx_sim_table_get(t, id);
   if (obj) {
      t->slots[id] = NULL;
      t->count--;
   }
   return obj;
}

uint32_t
agx_sim_table_next(const struct agx_sim_table *t, uint32_t after)
{
   for (uint32_t id = after + 1; id < t->capacity; id++) {
      if (t->slots[id])
         return id;
   }
   return 0;
}

void
agx_sim_table_fini(struct agx_sim_table *t)
{
   free(t->slots);
   t->slots = NULL;
   t->capacity = t->count = 0;
}
