/* Vertex shader inputs and system values -> registers the hardware and the
 * vertex-fetch prolog leave at entry (Mesa's split-program ABI, isa.md §13,
 * graphics.md §2.1): load_vertex_id -> r5 (includes the base vertex),
 * load_instance_id -> r6 (from 0), load_input(location i, component c) ->
 * r(8 + 4i + c), filled by the prolog (not built yet). Records the
 * attributes and system values read in s->vs. Locations past the 30 that fit
 * read undefined values (the SPIR-V front end allows 32). The base
 * vertex/instance and draw index are uniforms (agx_pass_lower_io, which
 * records them). */
#include "agx_builder.h"
#include "agx_passes.h"

static agx_instr *
lower(agx_builder *b, agx_instr *I, void *data)
{
   agx_shader *s = data;
   unsigned reg;
   switch (I->op) {
   case AGX_OP_LOAD_VERTEX_ID:
      s->vs.reads_vertex_id = true;
      reg = 5;
      break;
   case AGX_OP_LOAD_INSTANCE_ID:
      s->vs.reads_instance_id = true;
      reg = 6;
      break;
   case AGX_OP_LOAD_INPUT:
      if (I->c[0] >= AGX_MAX_ATTRIBS)
         return agx_undef(b, I->type);
      s->vs.attribs_read |= 1u << I->c[0];
      reg = 8 + 4 * I->c[0] + (I->c[1] & 3);
      break;
   default:
      return NULL;
   }
   return agx_intrin(b, AGX_OP_LOAD_PRELOADED, agx_type_make(32, 1), 0, NULL, NULL, NULL, reg, 0,
                     0);
}

bool
agx_pass_lower_vs_inputs(agx_shader *s)
{
   return agx_lower_each(s, lower, s);
}
