/*
 * Control-stream chunks. Each chunk is one whole BO of an agxv_upload (which
 * owns, maps and frees them) and keeps room at its end for a CDM Stream
 * Link (8 bytes) so that a reservation that does not fit can always jump to
 * a fresh chunk. Words are packed with the GenXML packers only.
 */
#include "agxv_cs.h"

#include <string.h>

#include "agxv_bo.h"
#include "agx_pack.h"

#define LINK_RESERVE AGX_CDM_STREAM_LINK_LENGTH

void
agxv_cs_init(struct agxv_cs *cs, struct agxv_device *device)
{
   memset(cs, 0, sizeof(*cs));
   agxv_upload_init_labelled(&cs->chunks, device, AGXV_BO_READONLY, "control stream");
}

void
agxv_cs_reset(struct agxv_cs *cs)
{
   agxv_upload_reset(&cs->chunks);
   cs->cur = cs->end = NULL;
   cs->start_va = cs->first_end_va = 0;
   cs->status = VK_SUCCESS;
}

void
agxv_cs_finish(struct agxv_cs *cs)
{
   agxv_cs_reset(cs);
   agxv_upload_finish(&cs->chunks);
}

static bool
new_chunk(struct agxv_cs *cs)
{
   struct agxv_bo *bo;
   VkResult result = agxv_upload_add_bo(&cs->chunks, AGXV_CS_CHUNK_SIZE, &bo);
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
agxv_cs_reserve(struct agxv_cs *cs, uint32_t bytes)
{
   if (cs->status != VK_SUCCESS || bytes > AGXV_CS_CHUNK_SIZE - LINK_RESERVE)
      return NULL;
   if ((cs->cur == NULL || cs->cur + bytes > cs->end) && !new_chunk(cs))
      return NULL;
   uint32_t *p = (uint32_t *)cs->cur;
   cs->cur += bytes;
   return p;
}

void
agxv_cs_terminate_cdm(struct agxv_cs *cs)
{
   uint32_t *p = agxv_cs_reserve(cs, AGX_CDM_STREAM_TERMINATE_LENGTH);
   if (p)
      AGX_CDM_STREAM_TERMINATE_pack(p, &(struct AGX_CDM_STREAM_TERMINATE){0});
}

void
agxv_cs_return_cdm(struct agxv_cs *cs)
{
   uint32_t *p = agxv_cs_reserve(cs, AGX_CDM_STREAM_RETURN_LENGTH);
   if (p)
      AGX_CDM_STREAM_RETURN_pack(p, &(struct AGX_CDM_STREAM_RETURN){0});
}

void
agxv_cs_call_cdm(struct agxv_cs *cs, uint64_t target)
{
   uint32_t *p = agxv_cs_reserve(cs, AGX_CDM_STREAM_LINK_LENGTH);
   if (p)
      AGX_CDM_STREAM_LINK_pack(p, &(struct AGX_CDM_STREAM_LINK){
                                     .target_hi = (uint32_t)(target >> 32),
                                     .target_lo = (uint32_t)target,
                                     .with_return = true,
                                  });
}

uint64_t
agxv_cs_next_va(const struct agxv_cs *cs, uint64_t *chunk_end_va)
{
   const struct agxv_bo *bo = agxv_upload_last_bo(&cs->chunks);
   *chunk_end_va = bo->va + bo->size;
   return bo->va + (uint64_t)(cs->cur - (const uint8_t *)bo->map);
}
