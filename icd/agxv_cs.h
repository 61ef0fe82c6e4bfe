/*
 * Control-stream builder: words written by the CPU into GPU memory, in
 * chunks (buffer objects) joined by Stream Link words. A builder has one
 * type, the data master that reads it: CDM (compute) or VDM (render). The
 * type picks the link, call, return and terminate words (GenXML CDM_* /
 * VDM_* from Mesa's src/asahi/genxml/cmdbuf.xml). A command buffer keeps one
 * builder per type and cuts its words into streams (agxv_cmd_buffer.h).
 *
 * Words are written through agxv_push, which packs one GenXML struct at a
 * pointer and advances the pointer past it, so no caller counts offsets.
 */
#ifndef AGXV_CS_H
#define AGXV_CS_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "agxv_upload.h"

struct agxv_device;
struct agxv_bo;

#define AGXV_CS_CHUNK_SIZE (64u * 1024u)

/* The data master a stream feeds (Honeykrisp: enum hk_cs_type). */
enum agxv_cs_type {
   AGXV_CS_CDM, /* compute: one DRM_ASAHI_CMD_COMPUTE per stream */
   AGXV_CS_VDM, /* render: one DRM_ASAHI_CMD_RENDER per stream */
   AGXV_CS_TYPE_COUNT,
};

struct agxv_cs {
   enum agxv_cs_type type;
   struct agxv_upload chunks; /* every BO the builder owns, in order (whole chunks) */
   uint8_t *cur, *end;        /* write window in the last chunk (end excludes the link reserve) */
   VkResult status;           /* first error while building; sticky */
};

void agxv_cs_init(struct agxv_cs *cs, struct agxv_device *device, enum agxv_cs_type type);
void agxv_cs_finish(struct agxv_cs *cs); /* frees the chunks */
void agxv_cs_reset(struct agxv_cs *cs);  /* starts over, keeping the chunks for reuse */
void agxv_cs_trim(struct agxv_cs *cs);   /* frees the chunks the builder does not use */

/* Space for `bytes` (4-byte aligned, at most a chunk); NULL on failure
 * (then cs->status says why). 0 bytes makes sure a chunk exists. */
void *agxv_cs_reserve(struct agxv_cs *cs, uint32_t bytes);

/* Ends a stream the data master starts from the UAPI command (Stream Terminate). */
void agxv_cs_terminate(struct agxv_cs *cs);

/* Ends a called stream: CDM Stream Return, or for the VDM a VDM Barrier with
 * Returns set (Mesa's libagx agx_vdm_return). */
void agxv_cs_return(struct agxv_cs *cs);

/* Calls the stream at `target`, which returns here (Stream Link with return). */
void agxv_cs_call(struct agxv_cs *cs, uint64_t target);

/* GPU address where the next word will go, and the end of its chunk (the
 * next reservation may instead link from there to a new chunk, so the
 * address is a valid place to start executing). The builder must have a chunk. */
uint64_t agxv_cs_next_va(const struct agxv_cs *cs, uint64_t *chunk_end_va);

static inline bool
agxv_cs_empty(const struct agxv_cs *cs)
{
   return cs->chunks.bo_count == 0;
}

/*
 * Packs GenXML struct T at p (any object pointer), filled in by the
 * statement or block that follows, then advances p by T's length:
 *
 *    uint8_t *p = agxv_cs_reserve(cs, AGX_CDM_BARRIER_LENGTH);
 *    agxv_push(p, CDM_BARRIER, cfg) { cfg.usc_cache_inval = true; }
 *
 * Lengths that are not a multiple of 4 (USC words) need a byte pointer.
 */
#define agxv_push(p, T, cfg)                                                                  \
   for (struct AGX_##T cfg = {AGX_##T##_header}, *_agxv_once_##cfg = 0; !_agxv_once_##cfg;    \
        AGX_##T##_pack((void *)(p), &cfg), (p) = (void *)((uint8_t *)(p) + AGX_##T##_LENGTH), \
                       _agxv_once_##cfg = &cfg)

#endif
