/* Copy propagation. Assumes SSA form. Forwards the source of: mov, bitcast to
 * the same type, extract of a vec, vec that reassembles one vector in order,
 * and phis whose sources are all one value (ignoring the phi itself; at a loop
 * header also ignoring undef back-edge values, since the preheader value
 * dominates the header). Uses are
 * rewritten; the now-dead copies are left for DCE. */
#include <stdlib.h>

#include "agx_passes.h"

static agx_instr *
forward(agx_instr *I)
{
   switch (I->op) {
   case AGX_OP_MOV:
      return I->src[0];
   case AGX_OP_BITCAST:
      return agx_type_eq(I->src[0]->type, I->type) ? I->src[0] : NULL;
   case AGX_OP_PACK_64_2X32: /* pack(unpack(x)) = x */
      return I->src[0]->op == AGX_OP_UNPACK_64_2X32 ? I->src[0]->src[0] : NULL;
   case AGX_OP_EXTRACT:
      if (I->src[0]->op == AGX_OP_VEC && I->c[0] < I->src[0]->num_srcs)
         return I->src[0]->src[I->c[0]];
      if (I->src[0]->op == AGX_OP_UNPACK_64_2X32 && I->c[0] < 2 &&
          I->src[0]->src[0]->op == AGX_OP_PACK_64_2X32 &&
          I->src[0]->src[0]->src[0]->op == AGX_OP_VEC)
         return I->src[0]->src[0]->src[0]->src[I->c[0]];
      if (I->src[0]->type.comps == 1 && I->c[0] == 0)
         return I->src[0];
      return NULL;
   case AGX_OP_VEC: {
      agx_instr *v = NULL;
      for (unsigned i = 0; i < I->num_srcs; i++) {
         agx_instr *e = I->src[i];
         if (e->op != AGX_OP_EXTRACT || e->c[0] != i || (v && e->src[0] != v))
            return NULL;
         v = e->src[0];
      }
      return v && agx_type_eq(v->type, I->type) ? v : NULL;
   }
   case AGX_OP_PHI: {
      agx_instr *v = NULL;
      agx_cf_node *owner = &I->block->cf;
      bool header = owner->parent && owner->parent->type == AGX_CF_LOOP &&
                    owner->link.prev == owner->owner &&
                    owner->owner == &agx_cf_as_loop(owner->parent)->body;
      for (unsigned i = 0; i < I->num_srcs; i++) {
         if (I->src[i] == I || I->src[i] == v)
            continue;
         if (header && i > 0 && I->src[i]->op == AGX_OP_UNDEF)
            continue;
         if (v)
            return NULL;
         v = I->src[i];
      }
      return v;
   }
   default:
      return NULL;
   }
}

bool
agx_pass_copy_prop(agx_shader *s)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   agx_instr **map = calloc(s->next_index, sizeof(*map));
   if (!map)
      abort();
   bool progress = false;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *f = forward(all[i]);
      if (f && f != all[i]) {
         map[all[i]->index] = f;
         progress = true;
      }
   }
   if (progress) {
      /* A phi that forwards to another forwarded value is resolved by the
       * chain-following in agx_rewrite_uses_map; break self-cycles here. */
      for (unsigned i = 0; i < n; i++) {
         agx_instr *I = all[i];
         agx_instr *t = map[I->index];
         for (unsigned g = 0; t && map[t->index] && g < 64; g++)
            t = map[t->index];
         if (t == I)
            map[I->index] = NULL;
      }
      agx_rewrite_uses_map(s, map);
   }
   free(map);
   return progress;
}
