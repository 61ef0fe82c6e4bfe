/*
 * Control-stream builder: words written by the CPU into GPU memory, in
 * chunks (buffer objects) joined by Stream Link words, ended by Stream
 * Terminate. The stream type decides which link/terminate words are used;
 * only the CDM (compute) stream exists so far.
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

struct agxv_cs {
   struct agxv_upload chunks; /* every BO the stream owns, in order (whole chunks) */
   uint8_t *cur, *end;        /* write window in the last chunk (end excludes the link reserve) */
   uint64_t start_va;         /* GPU address of the first word */
   uint64_t first_end_va;     /* end of the first contiguous segment */
   VkResult status;           /* first error while building; sticky */
};

void agxv_cs_init(struct agxv_cs *cs, struct agxv_device *device);
void agxv_cs_finish(struct agxv_cs *cs); /* frees the chunks */
void agxv_cs_reset(struct agxv_cs *cs);  /* frees the chunks, keeps the builder */

/* Space for `bytes` (4-byte aligned, at most a chunk); NULL on failure
 * (then cs->status says why). */
uint32_t *agxv_cs_reserve(struct agxv_cs *cs, uint32_t bytes);

/* Ends the stream with CDM Stream Terminate. */
void agxv_cs_terminate_cdm(struct agxv_cs *cs);

/* Ends a called stream with CDM Stream Return. */
void agxv_cs_return_cdm(struct agxv_cs *cs);

/* Calls the stream at `target`, which returns here (CDM Stream Link with return). */
void agxv_cs_call_cdm(struct agxv_cs *cs, uint64_t target);

/* GPU address where the next word will go, and the end of its chunk (the
 * next reservation may instead link from there to a new chunk, so the
 * address is a valid place to start executing). The stream must not be empty. */
uint64_t agxv_cs_next_va(const struct agxv_cs *cs, uint64_t *chunk_end_va);

static inline bool
agxv_cs_empty(const struct agxv_cs *cs)
{
   return cs->chunks.bo_count == 0;
}

#endif
