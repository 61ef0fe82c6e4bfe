/* C reference of shaders/const_table.comp (shared by tests/compiler and
 * tests/icd): word w of invocation output for index word k, from the same
 * formulas that generated the shader's tables. */
#pragma once
#include <stdint.h>
#include <string.h>

static inline uint32_t
const_table_entry(uint32_t j)
{
   return (j * 2654435761u) ^ (j << 7) ^ 0x5bd1e995u;
}

static inline uint32_t
const_table_fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static inline uint32_t
const_table_ref(uint32_t k, unsigned w)
{
   uint32_t j = (k % 16u), c = (k >> 4) & 3u, s = (k >> 8) & 7u;
   const float v[4] = {(float)j + 0.5f, (float)(j * 3) + 0.25f, -(float)(j + 1),
                       (float)(j * 7) + 0.125f};
   switch (w) {
   case 0:
      return const_table_entry(k & 255u);
   case 1:
      return const_table_fbits(v[c]);
   case 2:
      return const_table_fbits((float)(s * 2) + 0.75f) ^ (uint32_t)(-(int32_t)(s ^ 1u) * 1000 + 17);
   default:
      return const_table_entry((k >> 8) & 255u) + const_table_entry(3);
   }
}

/* Bytes of constant data the shader's tables take (uint[256], vec4[16], {float, int}[8]). */
#define CONST_TABLE_DATA_SIZE (256u * 4u + 16u * 16u + 8u * 8u)
