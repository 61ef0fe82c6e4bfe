/*
 * VkPipelineCache. Entries are immutable once inserted and live until the
 * cache is destroyed, so a lookup returns a pointer the caller uses after
 * the lock is dropped. Lookup is linear: caches hold few shaders here.
 *
 * Serialized form (all little-endian u32 unless noted):
 *   VkPipelineCacheHeaderVersionOne (32 bytes; headerSize must be 32)
 *   entry_count
 *   entry_count x {
 *     key[20]
 *     info: gpr_halves, local_size[3], shared_size, scratch_size, preamble_offset,
 *           preamble_gpr_halves, uniform_halves, const_data_offset, const_data_size,
 *           num_local_args, local_arg_push[8], sampler_states
 *     code_size, code[code_size] (program, preamble and constant data), zero
 *     padding to 4 bytes
 *     iface_size, iface[iface_size] (graphics stages' interface), zero
 *     padding to 4 bytes
 *     checksum[20] = SHA-1 of the entry's bytes from key to padding
 *   }
 * Data from another device or driver build (vendor, device, UUID), of a
 * wrong length, or with a bad checksum gives an empty cache.
 */
#include "agxv_pipeline_cache.h"

#include <string.h>

#include "agxv_alloc.h"
#include "agxv_descriptor_set_layout.h"
#include "agxv_device.h"
#include "agxv_physical_device.h"
#include "agxv_shader_compile.h"

#define HEADER_SIZE 32u
#define INFO_WORDS (13u + AGX_ABI_MAX_LOCAL_ARGS)
_Static_assert(sizeof(VkPipelineCacheHeaderVersionOne) == HEADER_SIZE, "cache header size");

static void
info_to_words(const struct agxv_shader_info *info, uint32_t w[INFO_WORDS])
{
   w[0] = info->gpr_halves;
   w[1] = info->local_size[0];
   w[2] = info->local_size[1];
   w[3] = info->local_size[2];
   w[4] = info->shared_size;
   w[5] = info->scratch_size;
   w[6] = info->preamble_offset;
   w[7] = info->preamble_gpr_halves;
   w[8] = info->uniform_halves;
   w[9] = info->const_data_offset;
   w[10] = info->const_data_size;
   w[11] = info->num_local_args;
   for (unsigned k = 0; k < AGX_ABI_MAX_LOCAL_ARGS; k++)
      w[12 + k] = info->local_arg_push[k];
   w[12 + AGX_ABI_MAX_LOCAL_ARGS] = info->sampler_states;
}

static void
words_to_info(const uint32_t w[INFO_WORDS], struct agxv_shader_info *info)
{
   *info = (struct agxv_shader_info){
      .gpr_halves = w[0],
      .local_size = {w[1], w[2], w[3]},
      .shared_size = w[4],
      .scratch_size = w[5],
      .preamble_offset = w[6],
      .preamble_gpr_halves = w[7],
      .uniform_halves = w[8],
      .const_data_offset = w[9],
      .const_data_size = w[10],
      .num_local_args = w[11],
      .sampler_states = w[12 + AGX_ABI_MAX_LOCAL_ARGS],
   };
   for (unsigned k = 0; k < AGX_ABI_MAX_LOCAL_ARGS; k++)
      info->local_arg_push[k] = w[12 + k];
}

static uint32_t
padded(uint32_t size)
{
   return (size + 3u) & ~3u;
}

/* Bytes of one serialized entry. */
static size_t
entry_bytes(const struct agxv_cache_entry *e)
{
   return AGXV_SHA1_SIZE + 4 * INFO_WORDS + 4 + padded(e->code_size) + 4 + padded(e->iface_size) +
          AGXV_SHA1_SIZE;
}

static void
make_header(const struct agxv_device *device, VkPipelineCacheHeaderVersionOne *h)
{
   const VkPhysicalDeviceProperties *props = &device->pdev->properties.v10;
   *h = (VkPipelineCacheHeaderVersionOne){
      .headerSize = HEADER_SIZE,
      .headerVersion = VK_PIPELINE_CACHE_HEADER_VERSION_ONE,
      .vendorID = props->vendorID,
      .deviceID = props->deviceID,
   };
   memcpy(h->pipelineCacheUUID, props->pipelineCacheUUID, VK_UUID_SIZE);
}

/* Adds an entry; the caller holds the lock (or owns the cache alone). */
static VkResult
insert_locked(struct agxv_pipeline_cache *cache, const uint8_t key[AGXV_SHA1_SIZE],
              const struct agxv_shader_info *info, const void *code, uint32_t code_size,
              const void *iface, uint32_t iface_size)
{
   for (uint32_t i = 0; i < cache->count; i++) {
      if (memcmp(cache->entries[i]->key, key, AGXV_SHA1_SIZE) == 0)
         return VK_SUCCESS;
   }
   if (cache->count == cache->capacity) {
      uint32_t cap = cache->capacity ? cache->capacity * 2 : 8;
      struct agxv_cache_entry **entries =
         agxv_alloc(&cache->alloc, cap * sizeof(*entries), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!entries)
         return VK_ERROR_OUT_OF_HOST_MEMORY;
      if (cache->count)
         memcpy(entries, cache->entries, cache->count * sizeof(*entries));
      agxv_free(&cache->alloc, cache->entries);
      cache->entries = entries;
      cache->capacity = cap;
   }
   struct agxv_cache_entry *e = agxv_alloc(&cache->alloc, sizeof(*e) + code_size + iface_size, 8,
                                           VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!e)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   memcpy(e->key, key, AGXV_SHA1_SIZE);
   e->info = *info;
   e->code_size = code_size;
   e->iface_size = iface_size;
   memcpy(e->code, code, code_size);
   if (iface_size)
      memcpy(e->code + code_size, iface, iface_size);
   cache->entries[cache->count++] = e;
   return VK_SUCCESS;
}

/* The compiler itself is identified by the cache header's UUID (one per
 * build). */
void
agxv_pipeline_cache_key(const struct agxv_compile_request *req, const void *extra,
                        size_t extra_size, uint8_t key[AGXV_SHA1_SIZE])
{
   struct agxv_sha1 h;
   agxv_sha1_init(&h);
   uint64_t n = req->word_count;
   agxv_sha1_update(&h, &n, sizeof(n));
   agxv_sha1_update(&h, req->words, req->word_count * 4);
   const char *entry = req->entry ? req->entry : "";
   n = strlen(entry);
   agxv_sha1_update(&h, &n, sizeof(n));
   agxv_sha1_update(&h, entry, n);
   n = req->spec_count;
   agxv_sha1_update(&h, &n, sizeof(n));
   for (uint32_t i = 0; i < req->spec_count; i++) {
      uint64_t pair[2] = {req->spec[i].id, req->spec[i].value};
      agxv_sha1_update(&h, pair, sizeof(pair));
   }
   n = req->no_preamble | (uint64_t)req->robust_buffer_access << 1;
   agxv_sha1_update(&h, &n, sizeof(n));
   n = req->set_count;
   agxv_sha1_update(&h, &n, sizeof(n));
   for (uint32_t s = 0; s < req->set_count; s++) {
      const struct agxv_descriptor_set_layout *l = req->set_layouts[s];
      uint32_t count = l ? l->binding_count : UINT32_MAX;
      agxv_sha1_update(&h, &count, sizeof(count));
      for (uint32_t b = 0; l && b < l->binding_count; b++) {
         const struct agxv_descriptor_binding *bd = &l->bindings[b];
         uint32_t w[4] = {(uint32_t)bd->type, bd->count, bd->offset, bd->stride};
         agxv_sha1_update(&h, w, sizeof(w));
      }
   }
   if (extra_size) {
      n = extra_size;
      agxv_sha1_update(&h, &n, sizeof(n));
      agxv_sha1_update(&h, extra, extra_size);
   }
   agxv_sha1_final(&h, key);
}

const struct agxv_cache_entry *
agxv_pipeline_cache_lookup(struct agxv_pipeline_cache *cache, const uint8_t key[AGXV_SHA1_SIZE])
{
   const struct agxv_cache_entry *found = NULL;
   pthread_mutex_lock(&cache->mutex);
   for (uint32_t i = 0; i < cache->count && !found; i++) {
      if (memcmp(cache->entries[i]->key, key, AGXV_SHA1_SIZE) == 0)
         found = cache->entries[i];
   }
   if (found)
      cache->hits++;
   else
      cache->misses++;
   pthread_mutex_unlock(&cache->mutex);
   return found;
}

VkResult
agxv_pipeline_cache_insert(struct agxv_pipeline_cache *cache, const uint8_t key[AGXV_SHA1_SIZE],
                           const struct agxv_shader_info *info, const void *code,
                           uint32_t code_size, const void *iface, uint32_t iface_size)
{
   pthread_mutex_lock(&cache->mutex);
   VkResult result = insert_locked(cache, key, info, code, code_size, iface, iface_size);
   pthread_mutex_unlock(&cache->mutex);
   return result;
}

/* Reads a little-endian u32 at *p if 4 bytes remain before end. */
static bool
read_u32(const uint8_t **p, const uint8_t *end, uint32_t *v)
{
   if (end - *p < 4)
      return false;
   memcpy(v, *p, 4);
   *p += 4;
   return true;
}

/* Loads serialized data into an empty cache; on any inconsistency the
 * cache is left empty. */
static VkResult
load(struct agxv_pipeline_cache *cache, const uint8_t *data, size_t size)
{
   VkPipelineCacheHeaderVersionOne want, got;
   make_header(cache->device, &want);
   if (size < HEADER_SIZE)
      return VK_SUCCESS;
   memcpy(&got, data, HEADER_SIZE);
   if (memcmp(&got, &want, HEADER_SIZE) != 0)
      return VK_SUCCESS;
   const uint8_t *p = data + HEADER_SIZE, *end = data + size;
   uint32_t count;
   if (!read_u32(&p, end, &count))
      return VK_SUCCESS;
   VkResult result = VK_SUCCESS;
   for (uint32_t i = 0; i < count && result == VK_SUCCESS; i++) {
      const uint8_t *start = p;
      if ((size_t)(end - p) < AGXV_SHA1_SIZE)
         goto corrupt;
      const uint8_t *key = p;
      p += AGXV_SHA1_SIZE;
      uint32_t words[INFO_WORDS], code_size;
      for (unsigned w = 0; w < INFO_WORDS; w++) {
         if (!read_u32(&p, end, &words[w]))
            goto corrupt;
      }
      /* code_size is checked before padding it, which could wrap. */
      if (!read_u32(&p, end, &code_size) || code_size > (size_t)(end - p) ||
          (size_t)(end - p) < (size_t)padded(code_size) + AGXV_SHA1_SIZE)
         goto corrupt;
      /* a preamble must lie inside the code, at a program boundary */
      if (words[6] && (words[6] >= code_size || words[6] % AGXV_CODE_ALIGN))
         goto corrupt;
      const uint8_t *code = p;
      p += padded(code_size);
      uint32_t iface_size;
      if (!read_u32(&p, end, &iface_size) || iface_size > (size_t)(end - p) ||
          (size_t)(end - p) < (size_t)padded(iface_size) + AGXV_SHA1_SIZE)
         goto corrupt;
      const uint8_t *iface = p;
      p += padded(iface_size);
      uint8_t sum[AGXV_SHA1_SIZE];
      agxv_sha1(start, (size_t)(p - start), sum);
      if (memcmp(sum, p, AGXV_SHA1_SIZE) != 0)
         goto corrupt;
      p += AGXV_SHA1_SIZE;
      struct agxv_shader_info info;
      words_to_info(words, &info);
      result = insert_locked(cache, key, &info, code, code_size, iface, iface_size);
   }
   if (result == VK_SUCCESS && p == end)
      return VK_SUCCESS;
corrupt:
   for (uint32_t i = 0; i < cache->count; i++)
      agxv_free(&cache->alloc, cache->entries[i]);
   cache->count = 0;
   return result;
}

static void
cache_free(struct agxv_pipeline_cache *cache)
{
   for (uint32_t i = 0; i < cache->count; i++)
      agxv_free(&cache->alloc, cache->entries[i]);
   agxv_free(&cache->alloc, cache->entries);
   pthread_mutex_destroy(&cache->mutex);
   VkAllocationCallbacks alloc = cache->alloc;
   agxv_object_free(&alloc, cache);
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_CreatePipelineCache(VkDevice _device, const VkPipelineCacheCreateInfo *pCreateInfo,
                         const VkAllocationCallbacks *pAllocator, VkPipelineCache *pCache)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   const VkAllocationCallbacks *alloc = agxv_choose_alloc(&device->alloc, pAllocator);
   struct agxv_pipeline_cache *cache =
      agxv_object_zalloc(device, alloc, sizeof(*cache), VK_OBJECT_TYPE_PIPELINE_CACHE);
   if (!cache)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   cache->device = device;
   cache->alloc = *alloc;
   pthread_mutex_init(&cache->mutex, NULL);
   if (pCreateInfo->initialDataSize && pCreateInfo->pInitialData) {
      VkResult result = load(cache, pCreateInfo->pInitialData, pCreateInfo->initialDataSize);
      if (result != VK_SUCCESS) {
         cache_free(cache);
         return result;
      }
   }
   *pCache = agxv_pipeline_cache_to_handle(cache);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
agxv_DestroyPipelineCache(VkDevice _device, VkPipelineCache _cache,
                          const VkAllocationCallbacks *pAllocator)
{
   AGXV_FROM_HANDLE(agxv_pipeline_cache, cache, _cache);
   if (cache)
      cache_free(cache);
}

static void
put_u32(uint8_t **p, uint32_t v)
{
   memcpy(*p, &v, 4);
   *p += 4;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_GetPipelineCacheData(VkDevice _device, VkPipelineCache _cache, size_t *pDataSize, void *pData)
{
   AGXV_FROM_HANDLE(agxv_device, device, _device);
   AGXV_FROM_HANDLE(agxv_pipeline_cache, cache, _cache);
   pthread_mutex_lock(&cache->mutex);
   size_t total = HEADER_SIZE + 4;
   for (uint32_t i = 0; i < cache->count; i++)
      total += entry_bytes(cache->entries[i]);
   if (!pData) {
      pthread_mutex_unlock(&cache->mutex);
      *pDataSize = total;
      return VK_SUCCESS;
   }
   if (*pDataSize < HEADER_SIZE + 4) {
      pthread_mutex_unlock(&cache->mutex);
      *pDataSize = 0;
      return VK_INCOMPLETE;
   }
   /* As many whole entries as fit; the count says how many. */
   VkPipelineCacheHeaderVersionOne header;
   make_header(device, &header);
   uint8_t *out = pData, *p = out + HEADER_SIZE + 4;
   memcpy(out, &header, HEADER_SIZE);
   uint32_t written = 0;
   for (; written < cache->count; written++) {
      const struct agxv_cache_entry *e = cache->entries[written];
      if ((size_t)(p - out) + entry_bytes(e) > *pDataSize)
         break;
      uint8_t *start = p;
      memcpy(p, e->key, AGXV_SHA1_SIZE);
      p += AGXV_SHA1_SIZE;
      uint32_t words[INFO_WORDS];
      info_to_words(&e->info, words);
      for (unsigned w = 0; w < INFO_WORDS; w++)
         put_u32(&p, words[w]);
      put_u32(&p, e->code_size);
      memcpy(p, e->code, e->code_size);
      memset(p + e->code_size, 0, padded(e->code_size) - e->code_size);
      p += padded(e->code_size);
      put_u32(&p, e->iface_size);
      memcpy(p, agxv_cache_entry_iface(e), e->iface_size);
      memset(p + e->iface_size, 0, padded(e->iface_size) - e->iface_size);
      p += padded(e->iface_size);
      agxv_sha1(start, (size_t)(p - start), p);
      p += AGXV_SHA1_SIZE;
   }
   uint8_t *count_at = out + HEADER_SIZE;
   put_u32(&count_at, written);
   VkResult result = written == cache->count ? VK_SUCCESS : VK_INCOMPLETE;
   pthread_mutex_unlock(&cache->mutex);
   *pDataSize = (size_t)(p - out);
   return result;
}

VKAPI_ATTR VkResult VKAPI_CALL
agxv_MergePipelineCaches(VkDevice _device, VkPipelineCache _dst, uint32_t count,
                         const VkPipelineCache *srcs)
{
   AGXV_FROM_HANDLE(agxv_pipeline_cache, dst, _dst);
   for (uint32_t s = 0; s < count; s++) {
      struct agxv_pipeline_cache *src = agxv_pipeline_cache_from_handle(srcs[s]);
      if (src == dst)
         continue;
      /* Entries are immutable and outlive this call; only the array that
       * holds them may move, so each pointer is read under the lock. */
      pthread_mutex_lock(&src->mutex);
      uint32_t n = src->count;
      pthread_mutex_unlock(&src->mutex);
      for (uint32_t i = 0; i < n; i++) {
         pthread_mutex_lock(&src->mutex);
         const struct agxv_cache_entry *e = src->entries[i];
         pthread_mutex_unlock(&src->mutex);
         VkResult result = agxv_pipeline_cache_insert(dst, e->key, &e->info, e->code, e->code_size,
                                                      agxv_cache_entry_iface(e), e->iface_size);
         if (result != VK_SUCCESS)
            return result;
      }
   }
   return VK_SUCCESS;
}
