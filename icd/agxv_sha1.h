/*
 * SHA-1 (FIPS 180-4, section 6.1), for pipeline-cache keys and entry
 * checksums. Not used for security: only to name and check cached data.
 */
#ifndef AGXV_SHA1_H
#define AGXV_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define AGXV_SHA1_SIZE 20u

struct agxv_sha1 {
   uint32_t h[5];
   uint64_t length;   /* bytes hashed so far */
   uint8_t block[64]; /* pending input, length % 64 bytes of it */
};

void agxv_sha1_init(struct agxv_sha1 *s);
void agxv_sha1_update(struct agxv_sha1 *s, const void *data, size_t size);
void agxv_sha1_final(struct agxv_sha1 *s, uint8_t digest[AGXV_SHA1_SIZE]);

/* One-shot helper. */
void agxv_sha1(const void *data, size_t size, uint8_t digest[AGXV_SHA1_SIZE]);

#endif
