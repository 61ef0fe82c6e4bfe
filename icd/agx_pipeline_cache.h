/*
 * VkPipelineCache: compiled compute shaders (machine code + launch
 * information) keyed by the SHA-1 of everything the compiler sees.
 */
#ifndef AGX_PIPELINE_CACHE_H
#define AGX_PIPELINE_CACHE_H

#include <pthread.h>

#include "agx_pipeline.h"
#include "agx_sha1.h"

struct agx_device;

struct agx_cache_entry {
   uint8_t key[AGX_SHA1_SIZE];
   struct agx_shader_info info;
   uint32_t code_size;
   uint8_t code[];
};

struct agx_pipeline_cache {
   struct agx_device *device;
   VkAllocationCallbacks alloc;
   pthread_mutex_t mutex;
   struct agx_cache_entry **entries; /* never removed before the cache dies */
   uint32_t count, capacity;
   uint32_t hits, misses; /* lookups, for tests */
};

AGX_DEFINE_NONDISP_HANDLE_CASTS(agx_pipeline_cache, VkPipelineCache)

/* The entry for `key`, or NULL. Entries stay valid while the cache lives. */
const struct agx_cache_entry *agx_pipeline_cache_lookup(struct agx_pipeline_cache *cache,
                                                        const uint8_t key[AGX_SHA1_SIZE]);

/* Stores a compiled shader (no-op if the key is present). */
VkResult agx_pipeline_cache_insert(struct agx_pipeline_cache *cache,
                                   const uint8_t key[AGX_SHA1_SIZE],
                                   const struct agx_shader_info *info, const void *code,
                                   uint32_t code_size);

#endif
