/*
 * Control-stream chunks. Each chunk is one whole BO of an agx_upload (which
 * owns, maps and frees them) and keeps room at its end for a CDM Stream
 * Link (8 bytes) so that a reservation that does not fit can always jump to
 * a fresh chunk. Words are packed with the GenXML packers only.
 */
#include "agx_cs.h"

#include <string.h>

#include "agx_bo.h"
#include "agx_pack.h"

#define LINK_RESERVE AGX_CDM_STREAM_LINK_LENGTH

void
agx_cs_init(struct agx_cs *cs, struct agx_device *device)
{
   memset(cs, 0, sizeof(*cs));
   agx_upload_init_labelled(&cs->chunks, device, AGX_BO_READONLY, "control stream");
}

void
agx_cs_reset(struct agx_cs *cs)
{
   agx_upload_reset(&cs->chunks);
   cs->cur = cs->end = NULL;
   cs->start_va = cs->first_end_va = 0;
   cs->status = VK_SUCCESS;
}

void
agx_cs_finish(struct agx_cs *cs)
{
   agx_cs_reset(cs);
   agx_upload_finish(&cs->chunks);
}

static bool
new_chunk(struct agx_cs *cs)
{
   struct agx_bo *bo;
   VkResult result = agx_upload_add_bo(&cs->chunks, AGX_CS_CHUNK_SIZE, &bo);
   if (result != VK_SUCCESS) {
      cs->status = result;
      return false;
   }

   if (cs->chunks.bo_count == 1) {
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
   cs->cur = bo->map;
   cs->end = (uint8_t *)bo->map + bo->size - LINK_RESERVE;
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
   const struct agx_bo *bo = agx_upload_last_bo(&cs->chunks);
   *chunk_end_va = bo->va + bo->size;
   return bo->va + (uint64_t)(cs->cur - (const uint8_t *)bo->map);
}
