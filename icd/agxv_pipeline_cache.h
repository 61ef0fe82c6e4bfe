/*
 * VkPipelineCache: compiled compute shaders (machine code + launch
 * information) keyed by the SHA-1 of everything the compiler sees.
 */
#ifndef AGXV_PIPELINE_CACHE_H
#define AGXV_PIPELINE_CACHE_H

#include <pthread.h>

#include "agxv_pipeline.h"
#include "agxv_sha1.h"

struct agxv_device;

struct agxv_cache_entry {
   uint8_t key[AGXV_SHA1_SIZE];
   struct agxv_shader_info info;
   uint32_t code_size;
   uint8_t code[];
};

struct agxv_pipeline_cache {
   struct agxv_object base;
   struct agxv_device *device;
   VkAllocationCallbacks alloc;
   pthread_mutex_t mutex;
   struct agxv_cache_entry **entries; /* never removed before the cache dies */
   uint32_t count, capacity;
   uint32_t hits, misses; /* lookups, for tests */
};

AGXV_DEFINE_NONDISP_HANDLE_CASTS(agxv_pipeline_cache, VkPipelineCache,
                                 VK_OBJECT_TYPE_PIPELINE_CACHE)

/* The entry for `key`, or NULL. Entries stay valid while the cache lives. */
const struct agxv_cache_entry *agxv_pipeline_cache_lookup(struct agxv_pipeline_cache *cache,
                                                          const uint8_t key[AGXV_SHA1_SIZE]);

/* Stores a compiled shader (no-op if the key is present). */
VkResult agxv_pipeline_cache_insert(struct agxv_pipeline_cache *cache,
                                    const uint8_t key[AGXV_SHA1_SIZE],
                                    const struct agxv_shader_info *info, const void *code,
                                    uint32_t code_size);

#endif
