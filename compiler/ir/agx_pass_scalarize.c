/* Scalarization of vector ALU operations. Assumes SSA form. Every ALU
 * instruction (opcode kind alu) on or producing vectors is replaced by one
 * instruction per component whose sources are `extract`s of the vector
 * sources (scalar sources, e.g. a bcsel condition, are reused), followed by a
 * `vec` of the results. Memory intrinsics keep their vector types; copy
 * propagation folds the extract-of-vec pairs this creates. */
#include <stdlib.h>

#include "agx_builder.h"
#include "agx_passes.h"

bool
agx_pass_scalarize(agx_shader *s)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   agx_instr **map = calloc(s->next_index + 4 * n + 1, sizeof(*map));
   if (!map)
      abort();
   bool progress = false;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (agx_info(I)->kind != AGX_OPK_ALU || I->type.comps == 1)
         continue;
      agx_builder b = agx_builder_before(s, I);
      agx_instr *comps[4];
      for (unsigned c = 0; c < I->type.comps; c++) {
         agx_instr *src[4] = {NULL, NULL, NULL, NULL};
         for (unsigned k = 0; k < I->num_srcs && k < 4; k++)
            src[k] = I->src[k]->type.comps == 1 ? I->src[k] : agx_extract(&b, I->src[k], c);
         comps[c] = agx_build(&b, I->op, agx_type_make(I->type.bits, 1), I->num_srcs, src[0],
                              src[1], src[2], src[3]);
      }
      map[I->index] = agx_vec(&b, I->type.comps, comps);
      agx_instr_remove(I);
      progress = true;
   }
   if (progress) {
      agx_instr **full = calloc(s->next_index + 1, sizeof(*full));
      if (!full)
         abort();
      for (unsigned i = 0; i < n; i++)
         full[all[i]->index] = map[all[i]->index];
      agx_rewrite_uses_map(s, full);
      free(full);
   }
   free(map);
   return progress;
}
