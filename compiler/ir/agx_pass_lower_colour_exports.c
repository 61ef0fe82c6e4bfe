/* Fragment colour outputs -> registers for a separately compiled output
 * epilog (Mesa's split-program ABI, isa.md §13: render target i's vec4 in
 * r(4 (i + 1)) .. r(4 (i + 1) + 3)). Assumes the front end's form (one
 * store_output per word at the end). The shader becomes a prolog-like
 * program (agx_shader.prolog: no stop, the colour registers reserved to the
 * end); the epilog (compiler/backend/agx_fs_epilog.h) converts and stores
 * them for the attachment formats. Unwritten components of a written RT are
 * 0. FragDepth / SampleMask are left to the other passes. Records
 * colour_written / colour_comps in s->fs. */
#include <string.h>

#include "agx_builder.h"
#include "agx_passes.h"

bool
agx_pass_lower_colour_exports(agx_shader *s)
{
   agx_instr *words[AGX_MAX_RTS][4];
   memset(words, 0, sizeof(words));
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   agx_instr *anchor = NULL;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_STORE_OUTPUT || I->c[0] >= AGX_MAX_RTS)
         continue;
      unsigned rt = I->c[0], comp = I->c[1] & 3;
      words[rt][comp] = I->src[0];
      s->fs.colour_written |= (uint8_t)(1u << rt);
      s->fs.colour_comps[rt] |= (uint8_t)(1u << comp);
      anchor = I;
   }
   s->prolog = true;
   if (!anchor)
      return false;
   agx_builder b = agx_builder_before(s, anchor);
   for (unsigned rt = 0; rt < AGX_MAX_RTS; rt++) {
      if (!(s->fs.colour_written & (1u << rt)))
         continue;
      for (unsigned c = 0; c < 4; c++)
         agx_intrin(&b, AGX_OP_STORE_PRELOADED, agx_type_make(0, 0), 1,
                    words[rt][c] ? words[rt][c] : agx_imm(&b, 32, 0), NULL, NULL, 4 * (rt + 1) + c,
                    0, 0);
   }
   for (unsigned i = 0; i < n; i++)
      if (all[i]->op == AGX_OP_STORE_OUTPUT && all[i]->c[0] < AGX_MAX_RTS)
         agx_instr_remove(all[i]);
   return true;
}
