/*
 * SHA-1 (FIPS 180-4, section 6.1), for pipeline-cache keys and entry
 * checksums. Not used for security: only to name and check cached data.
 */
#ifndef AGX_SHA1_H
#define AGX_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define AGX_SHA1_SIZE 20u

struct agx_sha1 {
   uint32_t h[5];
   uint64_t length;   /* bytes hashed so far */
   uint8_t block[64]; /* pending input, length % 64 bytes of it */
};

void agx_sha1_init(struct agx_sha1 *s);
void agx_sha1_update(struct agx_sha1 *s, const void *data, size_t size);
void agx_sha1_final(struct agx_sha1 *s, uint8_t digest[AGX_SHA1_SIZE]);

/* One-shot helper. */
void agx_sha1(const void *data, size_t size, uint8_t digest[AGX_SHA1_SIZE]);

#endif
