/*
 * Control-stream chunks. Each chunk is one whole BO of an agxv_upload (which
 * owns, maps and frees them) and keeps room at its end for a Stream Link
 * (8 bytes for CDM and VDM alike) so that a reservation that does not fit
 * can always jump to a fresh chunk. Words are packed with the GenXML
 * packers only (agxv_push).
 */
#include "agxv_cs.h"

#include <string.h>

#include "agxv_bo.h"
#include "agx_pack.h"

_Static_assert(AGX_CDM_STREAM_LINK_LENGTH == AGX_VDM_STREAM_LINK_LENGTH, "one link reserve");
#define LINK_RESERVE AGX_CDM_STREAM_LINK_LENGTH

static const char *const labels[AGXV_CS_TYPE_COUNT] = {
   [AGXV_CS_CDM] = "CDM control stream",
   [AGXV_CS_VDM] = "VDM control stream",
};

void
agxv_cs_init(struct agxv_cs *cs, struct agxv_device *device, enum agxv_cs_type type)
{
   memset(cs, 0, sizeof(*cs));
   cs->type = type;
   agxv_upload_init_labelled(&cs->chunks, device, AGXV_BO_READONLY, labels[type]);
}

void
agxv_cs_reset(struct agxv_cs *cs)
{
   agxv_upload_reset(&cs->chunks);
   cs->cur = cs->end = NULL;
   cs->status = VK_SUCCESS;
}

void
agxv_cs_trim(struct agxv_cs *cs)
{
   agxv_upload_trim(&cs->chunks);
}

void
agxv_cs_finish(struct agxv_cs *cs)
{
   agxv_cs_reset(cs);
   agxv_upload_finish(&cs->chunks);
}

/* A Stream Link at p to target, returning (a call) or not (a jump). */
static void
push_link(struct agxv_cs *cs, void *p, uint64_t target, bool with_return)
{
   if (cs->type == AGXV_CS_CDM) {
      agxv_push(p, CDM_STREAM_LINK, cfg) {
         cfg.target_hi = (uint32_t)(target >> 32);
         cfg.target_lo = (uint32_t)target;
         cfg.with_return = with_return;
      }
   } else {
      agxv_push(p, VDM_STREAM_LINK, cfg) {
         cfg.target_hi = (uint32_t)(target >> 32);
         cfg.target_lo = (uint32_t)target;
         cfg.with_return = with_return;
      }
   }
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
   /* Jump from the end of the previous chunk to the new one. */
   if (cs->cur)
      push_link(cs, cs->cur, bo->va, false);
   cs->cur = bo->map;
   cs->end = (uint8_t *)bo->map + bo->size - LINK_RESERVE;
   return true;
}

void *
agxv_cs_reserve(struct agxv_cs *cs, uint32_t bytes)
{
   if (cs->status != VK_SUCCESS || bytes > AGXV_CS_CHUNK_SIZE - LINK_RESERVE)
      return NULL;
   if ((cs->cur == NULL || cs->cur + bytes > cs->end) && !new_chunk(cs))
      return NULL;
   void *p = cs->cur;
   cs->cur += bytes;
   return p;
}

void
agxv_cs_terminate(struct agxv_cs *cs)
{
   if (cs->type == AGXV_CS_CDM) {
      void *p = agxv_cs_reserve(cs, AGX_CDM_STREAM_TERMINATE_LENGTH);
      if (p)
         agxv_push(p, CDM_STREAM_TERMINATE, cfg)
            ;
   } else {
      void *p = agxv_cs_reserve(cs, AGX_VDM_STREAM_TERMINATE_LENGTH);
      if (p)
         agxv_push(p, VDM_STREAM_TERMINATE, cfg)
            ;
   }
}

void
agxv_cs_return(struct agxv_cs *cs)
{
   if (cs->type != AGXV_CS_CDM) {
      /* a VDM call returns at a VDM Barrier with Returns set (Mesa's libagx
       * agx_vdm_return; there is no separate VDM return block) */
      void *p = agxv_cs_reserve(cs, AGX_VDM_BARRIER_LENGTH);
      if (p)
         agxv_push(p, VDM_BARRIER, cfg) {
            cfg.returns = true;
         }
      return;
   }
   void *p = agxv_cs_reserve(cs, AGX_CDM_STREAM_RETURN_LENGTH);
   if (p)
      agxv_push(p, CDM_STREAM_RETURN, cfg)
         ;
}

void
agxv_cs_call(struct agxv_cs *cs, uint64_t target)
{
   void *p = agxv_cs_reserve(cs, LINK_RESERVE);
   if (p)
      push_link(cs, p, target, true);
}

uint64_t
agxv_cs_next_va(const struct agxv_cs *cs, uint64_t *chunk_end_va)
{
   const struct agxv_bo *bo = agxv_upload_last_bo(&cs->chunks);
   *chunk_end_va = bo->va + bo->size;
   return bo->va + (uint64_t)(cs->cur - (const uint8_t *)bo->map);
}
