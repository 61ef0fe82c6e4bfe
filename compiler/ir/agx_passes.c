/* The cleanup pipeline: fold, propagate copies, CSE, DCE and one-trip loop
 * removal until nothing changes (bounded, each pass only shrinks or simplifies the shader). */
#include "agx_passes.h"

void
agx_optimize(agx_shader *s)
{
   for (unsigned iter = 0; iter < 64; iter++) {
      bool progress = false;
      progress |= agx_pass_const_fold(s);
      progress |= agx_pass_copy_prop(s);
      progress |= agx_pass_cse(s);
      progress |= agx_pass_dce(s);
      progress |= agx_pass_const_if(s);
      progress |= agx_pass_remove_one_trip_loops(s);
      if (!progress)
         break;
   }
}

void
agx_lower_for_backend(agx_shader *s)
{
   agx_pass_lower_int8(s);
   agx_pass_lower_idiv(s);
   agx_pass_lower_transcendental(s);
   agx_pass_scalarize(s);
   agx_pass_lower_int64(s);
   agx_optimize(s);
}
