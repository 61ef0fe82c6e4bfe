/*
 * SHA-1 as FIPS 180-4 specifies it: 512-bit blocks, big-endian words, the
 * message padded with 0x80, zeros and the 64-bit bit length.
 */
#include "agxv_sha1.h"

#include <string.h>

static uint32_t
rotl(uint32_t x, unsigned n)
{
   return (x << n) | (x >> (32 - n));
}

static void
process_block(uint32_t h[5], const uint8_t *p)
{
   uint32_t w[80];
   for (unsigned t = 0; t < 16; t++)
      w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 | (uint32_t)p[4 * t + 2] << 8 |
             (uint32_t)p[4 * t + 3];
   for (unsigned t = 16; t < 80; t++)
      w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);

   uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
   for (unsigned t = 0; t < 80; t++) {
      uint32_t f, k;
      if (t < 20) {
         f = (b & c) ^ (~b & d); /* Ch */
         k = 0x5a827999;
      } else if (t < 40) {
         f = b ^ c ^ d; /* Parity */
         k = 0x6ed9eba1;
      } else if (t < 60) {
         f = (b & c) ^ (b & d) ^ (c & d); /* Maj */
         k = 0x8f1bbcdc;
      } else {
         f = b ^ c ^ d;
         k = 0xca62c1d6;
      }
      uint32_t tmp = rotl(a, 5) + f + e + k + w[t];
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = tmp;
   }
   h[0] += a;
   h[1] += b;
   h[2] += c;
   h[3] += d;
   h[4] += e;
}

void
agxv_sha1_init(struct agxv_sha1 *s)
{
   static const uint32_t initial[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
   memcpy(s->h, initial, sizeof(initial));
   s->length = 0;
}

void
agxv_sha1_update(struct agxv_sha1 *s, const void *data, size_t size)
{
   const uint8_t *p = data;
   while (size) {
      size_t used = s->length % 64, n = 64 - used < size ? 64 - used : size;
      memcpy(s->block + used, p, n);
      s->length += n;
      p += n;
      size -= n;
      if (s->length % 64 == 0)
         process_block(s->h, s->block);
   }
}

void
agxv_sha1_final(struct agxv_sha1 *s, uint8_t digest[AGXV_SHA1_SIZE])
{
   uint64_t bits = s->length * 8;
   const uint8_t one = 0x80, zero = 0;
   agxv_sha1_update(s, &one, 1);
   while (s->length % 64 != 56)
      agxv_sha1_update(s, &zero, 1);
   uint8_t len[8];
   for (unsigned i = 0; i < 8; i++)
      len[i] = (uint8_t)(bits >> (56 - 8 * i));
   agxv_sha1_update(s, len, 8);
   for (unsigned i = 0; i < 5; i++) {
      digest[4 * i] = (uint8_t)(s->h[i] >> 24);
      digest[4 * i + 1] = (uint8_t)(s->h[i] >> 16);
      digest[4 * i + 2] = (uint8_t)(s->h[i] >> 8);
      digest[4 * i + 3] = (uint8_t)s->h[i];
   }
}

void
agxv_sha1(const void *data, size_t size, uint8_t digest[AGXV_SHA1_SIZE])
{
   struct agxv_sha1 s;
   agxv_sha1_init(&s);
   agxv_sha1_update(&s, data, size);
   agxv_sha1_final(&s, digest);
}
