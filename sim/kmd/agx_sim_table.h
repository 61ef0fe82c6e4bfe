/*
 * Handle tables of the simulated kernel: integer ids -> object pointers.
 *
 * Assumes: callers serialise access with their own lock. Ids are allocated
 * like the kernel's idr/xarray allocators used by DRM and the asahi driver
 * (lowest free id, starting at 1; 0 is never a valid handle).
 */
#ifndef AGX_SIM_TABLE_H
#define AGX_SIM_TABLE_H

#include <stdint.h>

struct agx_sim_table {
   void **slots; /* slots[id], slots[0] unused */
   uint32_t capacity;
   uint32_t count;
};

/* Insert `obj`, returning its new id, or 0 when out of memory. */
uint32_t agx_sim_table_insert(struct agx_sim_table *t, void *obj);
void *agx_sim_table_get(const struct agx_sim_table *t, uint32_t id);
/* Remove and return the object with this id (NULL if none). */
void *agx_sim_table_remove(struct agx_sim_table *t, uint32_t id);
/* Next live id strictly above `after` (0 when none): for iteration. */
uint32_t agx_sim_table_next(const struct agx_sim_table *t, uint32_t after);
void agx_sim_table_fini(struct agx_sim_table *t);

#endif
