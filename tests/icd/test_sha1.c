/* agxv_sha1 against the FIPS 180-4 example vectors (and the usual extra
 * ones): empty, "abc", the two-block 448-bit message, one million 'a',
 * and the same input fed in uneven pieces. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agxv_sha1.h"

static int failures;

static void
expect(const char *name, const uint8_t d[AGXV_SHA1_SIZE], const char *hex)
{
   char got[2 * AGXV_SHA1_SIZE + 1];
   for (unsigned i = 0; i < AGXV_SHA1_SIZE; i++)
      snprintf(got + 2 * i, 3, "%02x", d[i]);
   if (strcmp(got, hex) != 0) {
      fprintf(stderr, "%s: got %s, expected %s\n", name, got, hex);
      failures++;
   }
}

int
main(void)
{
   uint8_t d[AGXV_SHA1_SIZE];
   agxv_sha1("", 0, d);
   expect("empty", d, "da39a3ee5e6b4b0d3255bfef95601890afd80709");
   agxv_sha1("abc", 3, d);
   expect("abc", d, "a9993e364706816aba3e25717850c26c9cd0d89d");
   const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
   agxv_sha1(m448, strlen(m448), d);
   expect("448-bit", d, "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
   const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                      "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
   agxv_sha1(m896, strlen(m896), d);
   expect("896-bit", d, "a49b2446a02c645bf419f995b67091253a04a259");

   static char million[1000000];
   memset(million, 'a', sizeof(million));
   agxv_sha1(million, sizeof(million), d);
   expect("million a", d, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
   /* Same input in pieces of 1..97 bytes crosses block edges everywhere. */
   struct agxv_sha1 s;
   agxv_sha1_init(&s);
   size_t off = 0;
   for (size_t piece = 1; off < sizeof(million); piece = piece % 97 + 1) {
      size_t n = sizeof(million) - off < piece ? sizeof(million) - off : piece;
      agxv_sha1_update(&s, million + off, n);
      off += n;
   }
   agxv_sha1_final(&s, d);
   expect("million a in pieces", d, "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
   /* Lengths around the padding boundary (55, 56, 64 bytes). */
   agxv_sha1(million, 55, d);
   expect("55 a", d, "c1c8bbdc22796e28c0e15163d20899b65621d65a");
   agxv_sha1(million, 56, d);
   expect("56 a", d, "c2db330f6083854c99d4b5bfb6e8f29f201be699");
   agxv_sha1(million, 64, d);
   expect("64 a", d, "0098ba824b5c16427bd7a1122a5a442a25ec644d");
   if (failures)
      return 1;
   printf("sha1 ok\n");
   return 0;
}
