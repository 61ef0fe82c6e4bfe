/*
 * With NDEBUG the range checks are compiled out: packing an unencodable
 * value neither aborts nor spills into neighbouring fields (every field is
 * masked to its own bits).
 */
#define NDEBUG 1
#include <stdio.h>

#include "agx_pack.h"

int
main(void)
{
   int failures = 0;

   /* Width 0 wraps to all-ones in its 14 bits (28-41) only */
   struct agx_texture_packed t;
   agx_pack(&t, TEXTURE, cfg) {
      cfg.width = 0;
      cfg.height = 1;
   }
   if (t.opaque[0] != 0xF0000000u || t.opaque[1] != 0x000003FFu) {
      fprintf(stderr, "FAIL texture: 0x%08X 0x%08X\n", t.opaque[0], t.opaque[1]);
      failures++;
   }

   /* An oversized start (bits 8-15) does not reach the tag or Size */
   struct agx_usc_uniform_packed u;
   agx_pack(&u, USC_UNIFORM, cfg) {
      cfg.start_halfs = 0x1FF;
      cfg.size_halfs = 64;
   }
   if (u.opaque[0] != 0x0000FF1Du || u.opaque[1] != 0) {
      fprintf(stderr, "FAIL uniform: 0x%08X 0x%08X\n", u.opaque[0], u.opaque[1]);
      failures++;
   }
   printf("ndebug: %d failures\n", failures);
   return failures ? 1 : 0;
}
