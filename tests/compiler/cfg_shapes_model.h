/* CPU model of spvasm/cfg_shapes.spvasm: out[4*i + 0..3] of in[i]. */
#pragma once
#include <stdint.h>

static inline uint32_t
cfg_switch(uint32_t x)
{
   switch (x % 6) {
   case 0:
      return 11; /* falls into case 1 */
   case 1:
      return 1;
   case 2:
   case 3:
      return 30;
   case 4:
      return 139; /* falls into the default */
   default:
      return 99;
   }
}

static inline uint32_t
cfg_search(uint32_t x)
{
   uint32_t s = x, k = 0, w;
   for (;; k++) {
      if (k >= 20) {
         w = (s & 255) + 1000;
         break;
      }
      if (s % 7 == 0) {
         w = k * 2;
         break;
      }
      if (s % 11 == 3)
         return k + 5000;
      s = s * 3 + 1;
   }
   return w + 7;
}

static inline uint32_t
cfg_nest(uint32_t x)
{
   uint32_t acc = x;
   for (uint32_t i = 0; i < 8; i++) {
      uint32_t a = acc;
      for (uint32_t j = 0;; j++) {
         a = a * 5 + j;
         if ((a & 63) == 17)
            return a + 100000;
         if (j + 1 >= i)
            break;
      }
      acc = a;
   }
   return acc;
}

static inline uint32_t
cfg_latches(uint32_t v)
{
   uint32_t n = 0;
   while (n < 12) {
      if (v & 1) {
         v = v * 3 + 1;
         n += 1;
      } else {
         v >>= 1;
         n += 2;
      }
   }
   return v ^ (n << 24);
}
