/* Fragment output epilog builder (see agx_fs_epilog.h): the colour
 * registers become store_output words of a fragment-stage program, which
 * the tilebuffer pass (compiler/ir/agx_pass_lower_tilebuffer.c) turns into
 * st_tile for the layout, exactly like a per-key main shader. */
#include <stdio.h>
#include <string.h>

#include "agx_builder.h"
#include "agx_fs_epilog.h"

int
agx_build_fs_epilog(const struct agx_tilebuffer_layout *tib, unsigned colour_written,
                    struct agx_backend_result *out, char *err, size_t errsize)
{
   memset(out, 0, sizeof(*out));
   agx_shader *s = agx_shader_create();
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &blk->cf.link);
   agx_builder b = agx_builder_at_end(s, blk);
   s->stage = AGX_STAGE_FRAGMENT;
   s->io_lowered = true;
   s->epilog = true;
   for (unsigned rt = 0; rt < AGX_TIB_MAX_RTS; rt++) {
      if (!(colour_written & (1u << rt)))
         continue;
      for (unsigned c = 0; c < 4; c++) {
         agx_instr *v = agx_intrin(&b, AGX_OP_LOAD_PRELOADED, agx_type_make(32, 1), 0, NULL, NULL,
                                   NULL, 4 * (rt + 1) + c, 0, 0);
         agx_intrin(&b, AGX_OP_STORE_OUTPUT, agx_type_make(0, 0), 1, v, NULL, NULL, rt, c, 0);
      }
   }
   struct agx_backend_options o = {.no_preamble = true, .tib = tib};
   int rc = agx_backend_compile(s, &o, out, err, errsize);
   agx_shader_destroy(s);
   return rc;
}
