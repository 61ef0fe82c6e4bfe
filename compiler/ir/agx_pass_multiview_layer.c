/* Multiview layer output of vertex shaders: the layer rendered to is the
 * view index (Vulkan: each view of a multiview pass renders to the layer of
 * that index). Honeykrisp's lowering is the model (Mesa
 * src/asahi/vulkan/hk_shader.c hk_lower_multiview: drops any Layer write of
 * the shader and stores load_view_index as the layer at the end of the
 * vertex shader; the draw is replayed per view with the view index as a
 * root uniform). Assumes the front end's form (agx_pass_lower_vs_outputs):
 * store_output words at the end of the shader, top level, and I/O already
 * lowered to the ABI (agx_pass_lower_io), so the view index is read as
 * load_uniform[AGX_ABI_VIEW_INDEX] directly. */
#include "agx_abi.h"
#include "agx_builder.h"
#include "agx_passes.h"

bool
agx_pass_multiview_layer(agx_shader *s)
{
   if (s->stage != AGX_STAGE_VERTEX)
      return false;
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   /* an application Layer write would pick another layer than the view's */
   for (unsigned i = 0; i < n; i++)
      if (all[i]->op == AGX_OP_STORE_OUTPUT && all[i]->c[0] == AGX_IO_LAYER)
         agx_instr_remove(all[i]);
   agx_builder b = agx_builder_at_end(s, agx_list_last_block(&s->body));
   agx_instr *view = agx_intrin(&b, AGX_OP_LOAD_UNIFORM, agx_type_make(32, 1), 1,
                                agx_imm(&b, 32, 0), NULL, NULL, AGX_ABI_VIEW_INDEX, 0, 0);
   agx_intrin(&b, AGX_OP_STORE_OUTPUT, agx_type_make(0, 0), 1, view, NULL, NULL, AGX_IO_LAYER, 0,
              0);
   return true;
}
