/*
 * VkPipelineCache: compiled shaders (machine code + launch information,
 * and for graphics stages their interface: UVS layout, CF bindings, ...)
 * keyed by the SHA-1 of everything the compiler sees. Compute pipelines
 * and the vertex/fragment main programs of graphics pipelines use it.
 */
#ifndef AGXV_PIPELINE_CACHE_H
#define AGXV_PIPELINE_CACHE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "agxv_pipeline.h"
#include "agxv_sha1.h"

struct agxv_device;

struct agxv_cache_entry {
   uint8_t key[AGXV_SHA1_SIZE];
   struct agxv_shader_info info;
   uint32_t code_size;
   /* Stage interface bytes (graphics: a struct agxv_compile_gfx_result
    * without its code pointer; compute: none), at code + code_size. The
    * cache header's UUID changes with every build, so raw struct bytes
    * never meet another layout. */
   uint32_t iface_size;
   uint8_t code[];
};

static inline const void *
agxv_cache_entry_iface(const struct agxv_cache_entry *e)
{
   return e->code + e->code_size;
}

struct agxv_compile_request;

/* How one pipeline creation used its cache, for creation feedback
 * (VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT). */
struct agxv_cache_use {
   struct agxv_pipeline_cache *cache; /* NULL: no cache */
   bool fail_on_compile;              /* FAIL_ON_PIPELINE_COMPILE_REQUIRED */
   uint32_t hits, misses;             /* lookups */
   bool uncached;                     /* a compile that never consults the cache ran */
   VkShaderStageFlags hit_stages, miss_stages;
   uint64_t stage_ns[5]; /* time per graphics stage (bit index of its VkShaderStageFlagBits) */
};

/* The key of a compile request: SHA-1 over everything the compiler reads
 * of it (SPIR-V, entry, specialization, switches, the layout's bindings),
 * each part length-prefixed, then `extra` (graphics: stage options). */
void agxv_pipeline_cache_key(const struct agxv_compile_request *req, const void *extra,
                             size_t extra_size, uint8_t key[AGXV_SHA1_SIZE]);

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

/* Stores a compiled shader and its interface bytes (iface_size 0: none;
 * no-op if the key is present). */
VkResult agxv_pipeline_cache_insert(struct agxv_pipeline_cache *cache,
                                    const uint8_t key[AGXV_SHA1_SIZE],
                                    const struct agxv_shader_info *info, const void *code,
                                    uint32_t code_size, const void *iface, uint32_t iface_size);

#endif
