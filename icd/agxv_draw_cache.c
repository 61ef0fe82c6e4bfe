/* The draw state cache: see agxv_draw_cache.h. */
#include "agxv_draw_cache.h"

#include <string.h>

void
agxv_draw_cache_reset(struct agxv_draw_cache *c)
{
   memset(c, 0, sizeof(*c));
   c->dirty = AGXV_DRAW_DIRTY_ALL;
}

void
agxv_draw_cache_begin_pass(struct agxv_draw_cache *c)
{
   memset(c->entries, 0, sizeof(c->entries));
   memset(c->last, 0, sizeof(c->last));
   c->next_entry = 0;
   c->pipeline = c->pipeline_before = NULL;
   agxv_draw_cache_forget_stream(c);
}

void
agxv_draw_cache_add(struct agxv_draw_cache *c, enum agxv_draw_cache_kind kind, const void *owner,
                    uint64_t a, uint64_t b, uint64_t value, bool flag)
{
   c->entries[c->next_entry] = (struct agxv_draw_cache_entry){
      .owner = owner,
      .a = a,
      .b = b,
      .value = value,
      .flag = flag,
   };
   c->last[kind][c->last_next[kind]] = c->entries[c->next_entry];
   c->last_next[kind] ^= 1;
   c->next_entry = (c->next_entry + 1) % AGXV_DRAW_CACHE_ENTRIES;
}

bool
agxv_draw_cache_vs_state_equal(const struct agxv_vdm_vs *x, const struct agxv_vdm_vs *y)
{
   return x->counts == y->counts && x->pipeline == y->pipeline && x->outputs == y->outputs &&
          x->provoking == y->provoking && x->rasterizer_discard == y->rasterizer_discard &&
          x->generate_primitive_id == y->generate_primitive_id;
}

uint64_t
agxv_draw_cache_find_root(struct agxv_draw_cache *c, unsigned stage, const void *bytes)
{
   if (c->root_skip[stage])
      return 0;
   for (unsigned i = 0; i < AGXV_DRAW_ROOT_MEMOS; i++) {
      const struct agxv_draw_root_memo *m = &c->roots[stage][i];
      if (m->gpu && !memcmp(m->bytes, bytes, AGXV_DRAW_ROOT_BYTES)) {
         c->root_misses[stage] = 0;
         return m->gpu;
      }
   }
   return 0;
}

void
agxv_draw_cache_add_root(struct agxv_draw_cache *c, unsigned stage, uint64_t gpu, const void *bytes)
{
   if (c->root_skip[stage]) {
      c->root_skip[stage]--;
      return;
   }
   if (++c->root_misses[stage] >= AGXV_DRAW_ROOT_MAX_MISSES) {
      /* paused; the memos are stale when lookups resume */
      c->root_misses[stage] = 0;
      c->root_skip[stage] = AGXV_DRAW_ROOT_PAUSE;
      memset(c->roots[stage], 0, sizeof(c->roots[stage]));
      return;
   }
   struct agxv_draw_root_memo *m = &c->roots[stage][c->root_next[stage]];
   c->root_next[stage] = (c->root_next[stage] + 1) % AGXV_DRAW_ROOT_MEMOS;
   m->gpu = gpu;
   memcpy(m->bytes, bytes, AGXV_DRAW_ROOT_BYTES);
}
