/*
 * The pipeline cache for the vertex and fragment main programs of graphics
 * pipelines (agxv_graphics_pipeline_cache.c).
 * Assumes: called from agxv_graphics_compile_main only.
 */
#ifndef AGXV_GRAPHICS_PIPELINE_CACHE_H
#define AGXV_GRAPHICS_PIPELINE_CACHE_H

#include <stdbool.h>

#include "agxv_pipeline.h"
#include "agxv_sha1.h"

struct agxv_cache_use;
struct agxv_compile_request;
struct agxv_compile_gfx_result;
struct agx_tilebuffer_layout;

/* The key of a graphics compile (tib may be NULL). */
void agxv_gfx_cache_key(const struct agxv_compile_request *req, enum agxv_stage stage,
                        const struct agx_tilebuffer_layout *tib, uint8_t key[AGXV_SHA1_SIZE]);

/* A hit fills out (its own code, free with agxv_compile_result_free) and
 * returns true; every lookup is counted in cu (NULL or no cache: false). */
bool agxv_gfx_cache_lookup(struct agxv_cache_use *cu, const uint8_t key[AGXV_SHA1_SIZE],
                           VkShaderStageFlagBits vk_stage, struct agxv_compile_gfx_result *out);

/* Stores a compiled result (no cache: nothing). */
void agxv_gfx_cache_store(struct agxv_cache_use *cu, const uint8_t key[AGXV_SHA1_SIZE],
                          const struct agxv_compile_gfx_result *res);

#endif
