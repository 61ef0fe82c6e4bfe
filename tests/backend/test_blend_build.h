/* Epilog building for test_blend.c (see test_blend_build.c). */
#pragma once
#include <stddef.h>

#include "agx_fs_epilog_key.h"

struct blend_epilog {
   unsigned char *code; /* malloc'ed; free() it */
   size_t size;
   bool reads_tib;
   unsigned ld_tiles, st_tiles; /* counted in the disassembly */
   double ns;                   /* build time */
};

int blend_build(const struct agx_fs_epilog_key *key, struct blend_epilog *out, char *err,
                size_t errsize);
