/*
 * Internal helpers shared by the agx_decode sources: checked memory reads,
 * labelled printing, and a macro that unpacks + prints one generated struct
 * while counting invalid words as errors.
 */
#ifndef AGX_DECODE_PRIV_H
#define AGX_DECODE_PRIV_H

#include "agx_decode.h"
#include "agx_pack.h"

/* Reads size bytes at va; on failure reports it and counts an error. */
bool agx_decode_fetch(struct agx_decode_ctx *ctx, uint64_t va, void *dst, size_t size);

/* Reports a problem (counted in ctx->errors). */
void agx_decode_error(struct agx_decode_ctx *ctx, unsigned indent, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* Prints "<va>: <label>" at the given indent. */
void agx_decode_label(struct agx_decode_ctx *ctx, unsigned indent, uint64_t va, const char *label);

/* Prints up to size bytes of data as 32-bit words. */
void agx_decode_hexdump(struct agx_decode_ctx *ctx, unsigned indent, const uint8_t *data,
                        size_t size);

/* Declares `struct AGX_<T> var` unpacked from the bytes at ptr (which must
 * hold AGX_<T>_LENGTH bytes) and prints it below a label. */
#define AGX_DECODE_PRINT(ctx, T, ptr, va, label, indent, var)      \
   struct AGX_##T var;                                             \
   agx_decode_label(ctx, indent, va, label);                       \
   if (!AGX_##T##_unpack((ctx)->fp, (const uint8_t *)(ptr), &var)) \
      (ctx)->errors++;                                             \
   AGX_##T##_print((ctx)->fp, &var, (indent) + 2)

#endif /* AGX_DECODE_PRIV_H */
