/*
 * agx_decode: prints AGX control streams (CDM, VDM), PPP state updates and
 * USC word lists found in GPU memory, word by word with every field, using
 * the generated agx_pack.h print functions.
 *
 * Assumes: memory is reached only through the caller's read callback (so
 * the simulator can decode its own GPU memory and tools can decode image
 * files); USC pipeline, code and CF-binding offsets are relative to
 * usc_base; texture/sampler buffer and stream addresses are absolute GPU
 * VAs. Malformed input is reported and counted in `errors`, never trusted:
 * every read is bounds-checked and streams are walked with step and call
 * depth limits.
 */
#ifndef AGX_DECODE_H
#define AGX_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Copies size bytes at GPU VA va into dst; false if any byte is unmapped. */
typedef bool (*agx_decode_read_fn)(void *user, uint64_t va, void *dst, size_t size);

struct agx_decode_ctx {
   FILE *fp;                /* output */
   agx_decode_read_fn read; /* memory access */
   void *user;              /* passed to read */
   uint64_t usc_base;       /* base of USC-relative offsets */
   bool g14x;               /* CDM launches carry the "CDM Unk G14X" word */
   unsigned max_blocks;     /* per stream walk; 0 means the default (65536) */
   unsigned errors;         /* problems found so far */
};

/* Walks a compute control stream from va until Stream Terminate. */
void agx_decode_cdm(struct agx_decode_ctx *ctx, uint64_t va);

/* Walks a render (VDM) control stream from va until Stream Terminate. */
void agx_decode_vdm(struct agx_decode_ctx *ctx, uint64_t va);

/* Decodes one PPP state update (PPP Header + words) of size bytes. */
void agx_decode_ppp(struct agx_decode_ctx *ctx, uint64_t va, size_t size);

/* Decodes a USC word list at absolute VA va until (No) Preshader.
 * sampler_states is the Sampler state register count of the launch/draw
 * (an enum agx_sampler_states value; decides whether samplers are followed by
 * border colours), or -1 if unknown. */
void agx_decode_usc(struct agx_decode_ctx *ctx, uint64_t va, int sampler_states);

/* Sampler heap: count 8-byte samplers at va (all-zero entries skipped). */
void agx_decode_sampler_heap(struct agx_decode_ctx *ctx, uint64_t va, unsigned count);

/* Whole submissions as the asahi UAPI describes them (drm-uapi/asahi_drm.h):
 * prints every field, decodes the register words with their genxml layouts
 * (ZLS Control, CR ISP ZLS Pixels, CR PPP Control, Counts), then the control
 * stream, background/end-of-tile programs and sampler heap. */
struct drm_asahi_cmd_render;
struct drm_asahi_cmd_compute;
void agx_decode_cmd_render(struct agx_decode_ctx *ctx, const struct drm_asahi_cmd_render *cmd);
void agx_decode_cmd_compute(struct agx_decode_ctx *ctx, const struct drm_asahi_cmd_compute *cmd);

/* A memory image: chunks of bytes placed at GPU VAs (used by agx-decode and
 * tests; agx_decode_image_read is an agx_decode_read_fn). */
struct agx_decode_chunk {
   uint64_t va;
   size_t size;
   uint8_t *data;
};

struct agx_decode_image {
   struct agx_decode_chunk *chunks;
   unsigned count;
};

bool agx_decode_image_read(void *image, uint64_t va, void *dst, size_t size);

/* Adds a copy of data at va; false (and nothing added) on overlap with an
 * existing chunk, VA overflow or allocation failure. */
bool agx_decode_image_add(struct agx_decode_image *image, uint64_t va, const void *data,
                          size_t size);

/* Adds the contents of a file at va; false with a message in err on failure. */
bool agx_decode_image_add_file(struct agx_decode_image *image, uint64_t va, const char *path,
                               char *err, size_t err_size);

void agx_decode_image_free(struct agx_decode_image *image);

#endif /* AGX_DECODE_H */
