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

/* A fragment shader compiled from SPIR-V for an epilog (colours in r4..,
 * no stop) and the interface facts the test needs. */
struct blend_fs {
   unsigned char *code; /* malloc'ed; free() it */
   size_t size;
   unsigned num_cf_bindings, colour_written;
   bool per_sample, writes_sample_mask, uses_discard;
};

int blend_compile_fs(const char *path, struct blend_fs *out, char *err, size_t errsize);
