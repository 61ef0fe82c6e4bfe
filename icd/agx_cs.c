/*
 * Control-stream chunks. Each chunk keeps room at its end for a CDM Stream
 * Link (8 bytes) so that a reservation that does not fit can always jump to
 * a fresh chunk. Words are packed with the GenXML packers only.
 */
#include "agx_cs.h"

#include <string.h>

#include "agx_alloc.h"
#include "agx_bo.h"
#include "agx_device.h"
#include "agx_pack.h"

#define LINK_RESERVE AGX_CDM_STREAM_LINK_LENGTH

void
agx_cs_init(struct agx_cs *cs, struct agx_device *device)
{
   memset(cs, 0, sizeof(*cs));
   cs->device = device;
}

void
agx_cs_reset(struct agx_cs *cs)
{
   for (uint32_t i = 0; i < cs->chunk_count; i++)
      agx_bo_destroy(cs->device, cs->chunks[i]);
   cs->chunk_count = 0;
   cs->cur = cs->end = NULL;
   cs->start_va = cs->first_end_va = 0;
   cs->status = VK_SUCCESS;
}

void
agx_cs_finish(struct agx_cs *cs)
{
   agx_cs_reset(cs);
   agx_free(&cs->device->alloc, cs->chunks);
   cs->chunks = NULL;
   cs->chunk_capacity = 0;
}

static bool
new_chunk(struct agx_cs *cs)
{
   if (cs->chunk_count == cs->chunk_capacity) {
      uint32_t cap = cs->chunk_capacity ? cs->chunk_capacity * 2 : 4;
      struct agx_bo **chunks = agx_alloc(&cs->device->alloc, cap * sizeof(*chunks), 8,
                                         VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
      if (!chunks) {
         cs->status = VK_ERROR_OUT_OF_HOST_MEMORY;
         return false;
      }
      if (cs->chunk_count)
         memcpy(chunks, cs->chunks, cs->chunk_count * sizeof(*chunks));
      agx_free(&cs->device->alloc, cs->chunks);
      cs->chunks = chunks;
      cs->chunk_capacity = cap;
   }

   struct agx_bo *bo;
   VkResult result = agx_bo_create(cs->device, AGX_CS_CHUNK_SIZE, AGX_BO_READONLY,
                                   "control stream", &bo);
   void *map = NULL;
   if (result == VK_SUCCESS) {
      result = agx_bo_map(cs->device, bo, &map);
      if (result != VK_SUCCESS)
         agx_bo_destroy(cs->device, bo);
   }
   if (result != VK_SUCCESS) {
      cs->status = result;
      return false;
   }

   if (cs->chunk_count == 0) {
      cs->start_va = bo->va;
      cs->first_end_va = bo->va + bo->size;
   } else {
      /* Jump from the end of the previous chunk to the new one. */
      AGX_CDM_STREAM_LINK_pack((uint32_t *)cs->cur, &(struct AGX_CDM_STREAM_LINK){
                                                       .target_hi = (uint32_t)(bo->va >> 32),
                                                       .target_lo = (uint32_t)bo->va,
                                                       .with_return = false,
                                                    });
   }
   cs->chunks[cs->chunk_count++] = bo;
   cs->cur = map;
   cs->end = (uint8_t *)map + bo->size - LINK_RESERVE;
   return true;
}

uint32_t *
agx_cs_reserve(struct agx_cs *cs, uint32_t bytes)
{
   if (cs->status != VK_SUCCESS || bytes > AGX_CS_CHUNK_SIZE - LINK_RESERVE)
      return NULL;
   if ((cs->cur == NULL || cs->cur + bytes > cs->end) && !new_chunk(cs))
      return NULL;
   uint32_t *p = (uint32_t *)cs->cur;
   cs->cur += bytes;
   return p;
}

void
agx_cs_terminate_cdm(struct agx_cs *cs)
{
   uint32_t *p = agx_cs_reserve(cs, AGX_CDM_STREAM_TERMINATE_LENGTH);
   if (p)
      AGX_CDM_STREAM_TERMINATE_pack(p, &(struct AGX_CDM_STREAM_TERMINATE){0});
}

void
agx_cs_return_cdm(struct agx_cs *cs)
{
   uint32_t *p = agx_cs_reserve(cs, AGX_CDM_STREAM_RETURN_LENGTH);
   if (p)
      AGX_CDM_STREAM_RETURN_pack(p, &(struct AGX_CDM_STREAM_RETURN){0});
}

void
agx_cs_call_cdm(struct agx_cs *cs, uint64_t target)
{
   uint32_t *p = agx_cs_reserve(cs, AGX_CDM_STREAM_LINK_LENGTH);
   if (p)
      AGX_CDM_STREAM_LINK_pack(p, &(struct AGX_CDM_STREAM_LINK){
                                     .target_hi = (uint32_t)(target >> 32),
                                     .target_lo = (uint32_t)target,
                                     .with_return = true,
                                  });
}

uint64_t
agx_cs_next_va(const struct agx_cs *cs, uint64_t *chunk_end_va)
{
   const struct agx_bo *bo = cs->chunks[cs->chunk_count - 1];
   *chunk_end_va = bo->va + bo->size;
   return bo->va + (uint64_t)(cs->cur - (const uint8_t *)bo->map);
}
