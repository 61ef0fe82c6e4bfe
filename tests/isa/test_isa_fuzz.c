/*
 * Decoder and parser robustness: random bytes and mangled text must never
 * crash, read out of bounds or loop; every decodable instruction must
 * re-encode to exactly its bytes, print, and the printed text must parse
 * without crashing.
 *
 * Assumes: run under ASan/UBSan (meson builds this test with
 * -fsanitize=address,undefined when the compiler supports it); fixed seeds
 * make failures reproducible.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"

static uint64_t state;

static uint64_t
rng(void)
{
   uint64_t x = state;
   x ^= x >> 12;
   x ^= x << 25;
   x ^= x >> 27;
   state = x;
   return x * 0x2545F4914F6CDD1Dull;
}

int
main(int argc, char **argv)
{
   unsigned iters = argc > 1 ? (unsigned)atoi(argv[1]) : 200000;
   static const uint64_t seeds[] = {1, 0xC0FFEE, 0xA6A6A6A6};
   unsigned decoded = 0, undecodable = 0, truncated = 0, parsed = 0;
   unsigned long long checksum = 0;

   for (unsigned s = 0; s < sizeof(seeds) / sizeof(seeds[0]); s++) {
      state = seeds[s] * 0x9E3779B97F4A7C15ull + 1;
      for (unsigned it = 0; it < iters; it++) {
         /* exact-size heap buffer so ASan sees any over-read */
         size_t len = (size_t)(rng() % (AGX_ISA_MAX_BYTES + 1));
         uint8_t *buf = malloc(len ? len : 1);
         for (size_t i = 0; i < len; i++)
            buf[i] = (uint8_t)rng();
         /* bias towards known opcodes: copy fixed bits of a descriptor */
         if (len && (rng() & 1)) {
            const struct agx_isa_desc *d = &agx_isa_descs[rng() % AGX_OP_COUNT];
            for (size_t i = 0; i < len; i++)
               buf[i] = (uint8_t)((buf[i] & ~d->mask[i]) | d->bits[i]);
         }

         struct agx_isa_instr I, R;
         int n = agx_isa_decode(buf, len, &I);

         /* the indexed decoder picks the first matching descriptor */
         int ref = AGX_ISA_ERR_NOMATCH;
         unsigned ref_op = 0;
         for (unsigned op = 0; op < AGX_OP_COUNT; op++) {
            ref = agx_isa_decode_as(buf, len, (enum agx_isa_op)op, &R);
            if (ref != AGX_ISA_ERR_NOMATCH) {
               ref_op = op;
               break;
            }
         }
         if (ref != n || (n > 0 && ref_op != I.op)) {
            fprintf(stderr, "indexed decode differs from table order\n");
            return 1;
         }
         if (n == AGX_ISA_ERR_TRUNCATED) {
            truncated++;
         } else if (n < 0) {
            undecodable++;
         } else {
            if ((size_t)n > len || n < 2 || (n & 1)) {
               fprintf(stderr, "bad size %d for %zu bytes\n", n, len);
               return 1;
            }
            decoded++;
            /* every bit is kept: re-encoding gives the same bytes */
            uint8_t again[AGX_ISA_MAX_BYTES];
            int m = agx_isa_encode(&I, again);
            if (m != n || memcmp(again, buf, (size_t)n)) {
               fprintf(stderr, "re-encoding differs (%s, %d bytes)\n", agx_isa_descs[I.op].name, n);
               return 1;
            }
            char text[256], err[128];
            agx_isa_format(&I, (rng() & 1) != 0, rng() & 0xFFFF, text, sizeof(text));
            /* mangle a character now and then */
            if (rng() % 4 == 0) {
               size_t l = strlen(text);
               if (l)
                  text[rng() % l] = (char)(32 + rng() % 95);
            }
            struct agx_isa_instr P;
            if (!agx_isa_parse(text, rng() & 0xFF, &P, err, sizeof(err))) {
               uint8_t out[AGX_ISA_MAX_BYTES];
               parsed++;
               checksum += (unsigned)agx_isa_encode(&P, out);
            }
            for (unsigned i = 0; i < agx_isa_descs[I.op].nops; i++) {
               struct agx_isa_value v;
               agx_isa_get_operand(&I, i, &v);
               checksum += (unsigned long long)v.n;
            }
         }
         free(buf);
      }
   }

   /* random text lines */
   state = 77;
   static const char alphabet[] = "riu0123456789lhx_.,- abcdefgmnopqstvwyz$+()";
   for (unsigned it = 0; it < iters; it++) {
      char line[96];
      size_t l = (size_t)(rng() % (sizeof(line) - 1));
      for (size_t i = 0; i < l; i++)
         line[i] = alphabet[rng() % (sizeof(alphabet) - 1)];
      line[l] = 0;
      if (rng() & 1) {
         const char *mn = agx_isa_descs[rng() % AGX_OP_COUNT].name;
         size_t ml = strlen(mn);
         if (ml + 1 < sizeof(line)) {
            memcpy(line, mn, ml);
            if (l <= ml)
               line[ml] = 0;
            else
               line[ml] = ' ';
         }
      }
      struct agx_isa_instr P;
      char err[128];
      if (!agx_isa_parse(line, 0, &P, err, sizeof(err)))
         parsed++;
   }

   printf("decoded %u, undecodable %u, truncated %u, parsed %u (%llx)\n", decoded, undecodable,
          truncated, parsed, checksum);
   return decoded && undecodable && truncated ? 0 : 1;
}
