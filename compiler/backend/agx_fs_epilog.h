/* Fragment output epilog (Mesa's split programs, agx_nir_prolog_epilog.c;
 * graphics.md §4.5): the main fragment shader is compiled once with
 * agx_backend_options.fs_epilog (colour outputs left in r(4 (i + 1)) ..
 * +3, no stop) and this epilog, keyed on the tilebuffer layout (attachment
 * formats, offsets, samples), converts and stores them: wait_pix 0xC, then
 * st_tile per written render target in its physical format. The driver
 * uploads the epilog immediately after the main shader's code (the USC
 * register count is the larger of the two). Lanes the main shader halted
 * (discard) stay off: the epilog keeps the execution-mask state r0l.
 * Blending, logic ops and write masks are not done yet (a later epilog
 * key). */
#pragma once
#include "agx_backend.h"
#include "agx_tilebuffer.h"

/* colour_written: the main shader's info.fs.colour_written. */
int agx_build_fs_epilog(const struct agx_tilebuffer_layout *tib, unsigned colour_written,
                        struct agx_backend_result *out, char *err, size_t errsize);
