/* ViewportIndex read by a fragment shader whose linked last
 * pre-rasterisation stage does not write it. Vulkan ("ViewportIndex",
 * interfaces chapter): without a ViewportIndex in that stage's interface
 * the first viewport is used, and the fragment shader's ViewportIndex is
 * the viewport index of the fragment's primitive, so it reads 0. The
 * varying it would read (agx_uvs.h AGX_UVS_LOC_VIEWPORT) does not exist
 * then (its CF binding would read slot 0, W), so every load_input of
 * AGX_IO_VIEWPORT becomes the constant 0 (as RADV's
 * radv_nir_lower_viewport_to_zero does). Assumes it runs before
 * agx_pass_lower_fs_inputs (which would give the load a binding). */
#include "agx_builder.h"
#include "agx_passes.h"

static agx_instr *
lower(agx_builder *b, agx_instr *I, void *data)
{
   (void)data;
   if (I->op != AGX_OP_LOAD_INPUT && I->op != AGX_OP_LOAD_INPUT_AT_SAMPLE &&
       I->op != AGX_OP_LOAD_INPUT_AT_OFFSET)
      return NULL;
   if (I->c[0] != AGX_IO_VIEWPORT)
      return NULL;
   return agx_imm(b, I->type.bits, 0);
}

bool
agx_pass_viewport_zero(agx_shader *s)
{
   if (s->stage != AGX_STAGE_FRAGMENT)
      return false;
   return agx_lower_each(s, lower, NULL);
}
