/*
 * Randomised round trips for every descriptor of the table:
 *   fields  -> encode -> decode            reproduces every field;
 *   operands -> encode -> decode            reproduces every operand;
 *   bytes   -> disassemble -> assemble      reproduces the bytes.
 *
 * Assumes: descriptors are decoded first-match in table order, so a few
 * descriptors are shadowed by earlier ones (as in applegpu) and never decode;
 * those are counted, not failed.  Random field values may describe operands
 * with no textual form (e.g. undefined register types); the operand and text
 * round trips start from the canonical encoding of the decoded operands.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_isa.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t
rng(void)
{
   uint64_t x = rng_state;
   x ^= x >> 12;
   x ^= x << 25;
   x ^= x >> 27;
   rng_state = x;
   return x * 0x2545F4914F6CDD1Dull;
}

static int failures;

#define FAIL(...)                      \
   do {                                \
      failures++;                      \
      if (failures < 40) {             \
         fprintf(stderr, __VA_ARGS__); \
         fprintf(stderr, "\n");        \
      }                                \
   } while (0)

static void
hex(const uint8_t *b, int n, char *out)
{
   for (int i = 0; i < n; i++)
      sprintf(out + 2 * i, "%02x", b[i]);
}

int
main(int argc, char **argv)
{
   unsigned iters = argc > 1 ? (unsigned)atoi(argv[1]) : 3000;
   unsigned shadowed = 0, text_total = 0, uncovered = 0;

   for (unsigned op = 0; op < AGX_OP_COUNT; op++) {
      const struct agx_isa_desc *d = &agx_isa_descs[op];
      unsigned reached = 0, text_ok = 0;

      for (unsigned it = 0; it < iters; it++) {
         struct agx_isa_instr I, D2, J, K, P;
         uint8_t b[AGX_ISA_MAX_BYTES], b2[AGX_ISA_MAX_BYTES], b3[AGX_ISA_MAX_BYTES];
         bool short_form = (rng() & 1) != 0;

         agx_isa_init(&I, (enum agx_isa_op)op);
         for (unsigned f = 0; f < d->nfields; f++) {
            const struct agx_isa_field *fd = &d->fields[f];
            uint64_t v = rng();
            /* small values are the common case for type/flag fields */
            if (rng() & 1)
               v &= 3;
            I.f[f] = fd->width >= 64 ? v : v & ((1ull << fd->width) - 1);
            for (unsigned p = 0; p < fd->npieces && short_form; p++) {
               if (fd->pieces[p].start + fd->pieces[p].size > 8u * d->size[0])
                  I.f[f] = 0;
            }
         }
         int n = agx_isa_encode(&I, b);
         if (n == AGX_ISA_ERR_RANGE)
            continue; /* field overlaps a fixed bit (mov_imm destination) */
         if (n < 0) {
            FAIL("%s: encode of random fields failed (%d)", d->name, n);
            continue;
         }
         int m = agx_isa_decode(b, (size_t)n, &D2);
         if (m != n) {
            FAIL("%s: own encoding does not decode (%d)", d->name, m);
            continue;
         }
         if (D2.op != op)
            continue; /* an earlier descriptor matches first */
         reached++;
         if (memcmp(D2.f, I.f, sizeof(I.f)) != 0) {
            FAIL("%s: fields changed by encode/decode", d->name);
            continue;
         }

         /* operand level: canonical encoding of the decoded operands.  A
          * few printed forms are ambiguous (applegpu shows bindless texture
          * type 2 like type 1), so iterate to the fixed point. */
         struct agx_isa_value vals[AGX_ISA_MAX_OPS], vals2[AGX_ISA_MAX_OPS];
         K = D2;
         bool canonical = false, broken = false;
         for (unsigned round = 0; round < 4 && !canonical && !broken; round++) {
            struct agx_isa_instr K2;
            for (unsigned i = 0; i < d->nops; i++)
               agx_isa_get_operand(&K, i, &vals[i]);
            agx_isa_init(&J, (enum agx_isa_op)op);
            if (d->mnem_field != AGX_ISA_NO_FIELD)
               J.f[d->mnem_field] = K.f[d->mnem_field];
            if (d->sat_field != AGX_ISA_NO_FIELD)
               J.f[d->sat_field] = K.f[d->sat_field];
            if (agx_isa_set_operands(&J, vals)) {
               broken = true; /* operand without a canonical form */
               break;
            }
            n = agx_isa_encode(&J, b2);
            if (n < 0 || agx_isa_decode(b2, (size_t)n, &K2) != n) {
               FAIL("%s: canonical re-encoding failed", d->name);
               broken = true;
               break;
            }
            if (K2.op != op) {
               broken = true;
               break;
            }
            /* fixed point: the re-encoded fields are the previous ones */
            canonical = !memcmp(K2.f, K.f, sizeof(K.f));
            K = K2;
         }
         if (broken || !canonical)
            continue;
         for (unsigned i = 0; i < d->nops; i++) {
            agx_isa_get_operand(&K, i, &vals2[i]);
            if (!agx_isa_value_equal(&vals[i], &vals2[i]))
               FAIL("%s: operand %s changed by set/encode/decode", d->name, d->ops[i].name);
         }

         /* text level */
         char text[256], err[128], h1[32], h2[32];
         agx_isa_format(&K, false, 0, text, sizeof(text));
         if (agx_isa_parse(text, 0, &P, err, sizeof(err))) {
            hex(b2, n, h1);
            FAIL("%s: cannot assemble own listing '%s' (%s): %s", d->name, text, h1, err);
            continue;
         }
         m = agx_isa_encode(&P, b3);
         if (m != n || memcmp(b2, b3, (size_t)n)) {
            hex(b2, n, h1);
            hex(b3, m > 0 ? m : 0, h2);
            FAIL("%s: '%s' re-assembles to %s, want %s", d->name, text, h2, h1);
            continue;
         }
         text_ok++;
      }
      if (!reached)
         shadowed++;
      else if (!text_ok) {
         uncovered++;
         FAIL("%s: no text round trip succeeded", d->name);
      }
      text_total += text_ok;
   }
   printf("%d descriptors, %u shadowed, %u text round trips, %d failures\n", AGX_OP_COUNT, shadowed,
          text_total, failures);
   return failures || uncovered ? 1 : 0;
}
