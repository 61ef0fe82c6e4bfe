/*
 * The cache of draw-time shader variants a pipeline keeps (fragment output
 * epilogs, agxv_fs_variants.h; vertex-fetch prologs, agxv_vs_variants.h):
 * one entry per key, made the first time a draw asks for that key and kept
 * until the pipeline is destroyed. Keys are plain bytes compared with
 * memcmp (the kinds zero their keys before filling them, so padding
 * compares equal); what an entry holds besides its key, and how it is made
 * and freed, is the kind's (struct agxv_variant_kind).
 *
 * Assumes: entries are only added, never changed or removed while the
 * pipeline lives, so lookups read the list without the lock (see
 * agxv_variant_cache_find for the memory ordering). Lists stay short (a
 * pipeline sees a handful of keys), so they are searched in order: no
 * hash, whose computation over a key of a few hundred bytes would cost
 * more on every draw than comparing the few entries.
 */
#ifndef AGXV_VARIANT_CACHE_H
#define AGXV_VARIANT_CACHE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <vulkan/vulkan_core.h>

struct agxv_device;

/* The first member of every entry: the next older entry. */
struct agxv_variant_node {
   struct agxv_variant_node *next;
};

/* One kind of variant. */
struct agxv_variant_kind {
   const char *name;  /* "fs epilog": named in the AGX_DEBUG=shaders line of a new entry */
   size_t entry_size; /* bytes of an entry, its struct agxv_variant_node first */
   size_t key_offset; /* where in an entry its key lies */
   size_t key_size;
   /* Fills entry (zeroed, its key already copied in) for key; ctx is what
    * the caller of agxv_variant_cache_get passed. On an error the entry is
    * dropped without free. */
   VkResult (*make)(struct agxv_device *device, const void *ctx, const void *key, void *entry);
   /* Releases what make put in entry (not entry itself). */
   void (*free)(struct agxv_device *device, void *entry);
};

struct agxv_variant_cache {
   pthread_mutex_t lock;           /* held while an entry is made and added */
   struct agxv_variant_node *head; /* newest first (published atomically) */
   uint32_t count;                 /* entries added (under the lock) */
};

/* An empty cache. Its entries are all of one kind, which every call below
 * is given. */
void agxv_variant_cache_init(struct agxv_variant_cache *c);

/* The entry of key, or NULL. Lock-free: the acquire load of the head pairs
 * with the release store that published it (agxv_variant_cache_add), so
 * the entry's contents and every older entry its next chain reaches, all
 * written before that store and never written again, are visible here
 * without further ordering. Inline, so that a kind given as a constant
 * object compares keys of a constant size (this runs on every draw). */
static inline const void *
agxv_variant_cache_find(const struct agxv_variant_cache *c, const struct agxv_variant_kind *kind,
                        const void *key)
{
   for (const struct agxv_variant_node *e = __atomic_load_n(&c->head, __ATOMIC_ACQUIRE); e;
        e = e->next)
      if (!memcmp((const uint8_t *)e + kind->key_offset, key, kind->key_size))
         return e;
   return NULL;
}

/* The miss path of agxv_variant_cache_get: under the lock, the entry of key
 * if another thread added it meanwhile, else one made with
 * kind->make(device, ctx, key, entry) and added. */
VkResult agxv_variant_cache_add(struct agxv_device *device, struct agxv_variant_cache *c,
                                const struct agxv_variant_kind *kind, const void *key,
                                const void *ctx, const void **out);

/* The entry of key (kind->key_size bytes): found, or made and added.
 * *out is the entry. */
static inline VkResult
agxv_variant_cache_get(struct agxv_device *device, struct agxv_variant_cache *c,
                       const struct agxv_variant_kind *kind, const void *key, const void *ctx,
                       const void **out)
{
   *out = agxv_variant_cache_find(c, kind, key);
   if (*out)
      return VK_SUCCESS;
   return agxv_variant_cache_add(device, c, kind, key, ctx, out);
}

/* Frees every entry (kind->free, then the entry) and the lock. */
void agxv_variant_cache_finish(struct agxv_device *device, struct agxv_variant_cache *c,
                               const struct agxv_variant_kind *kind);

#endif
