/* Screen-space derivatives in fragment shaders: OpDPdx, OpDPdy, OpFwidth
 * and their Fine / Coarse forms become one fddx / fddy intrinsic per
 * component (Fwidth = |ddx| + |ddy|). The AGX has one pair of quad
 * instructions (dfdx / dfdy: the difference across the lane's row / column
 * of its 2x2 quad, applegpu; Mesa src/asahi/compiler/agx_compile.c maps
 * every fddx / fddy variant to them), which Vulkan allows for both the
 * Fine and the Coarse forms. Assumes 16- or 32-bit float scalars or
 * vectors; other stages are refused (they have no quads). */
#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

static agx_instr *
deriv(struct vtn_ctx *c, unsigned op, agx_instr *v)
{
   return agx_intrin(&c->b, op, v->type, 1, v, NULL, NULL, 0, 0, 0);
}

bool
vtn_handle_derivative(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   bool x = false, y = false;
   switch (op) {
   case SpvOpDPdx:
   case SpvOpDPdxFine:
   case SpvOpDPdxCoarse:
      x = true;
      break;
   case SpvOpDPdy:
   case SpvOpDPdyFine:
   case SpvOpDPdyCoarse:
      y = true;
      break;
   case SpvOpFwidth:
   case SpvOpFwidthFine:
   case SpvOpFwidthCoarse:
      x = y = true;
      break;
   default:
      return false;
   }
   if (c->shader->stage != AGX_STAGE_FRAGMENT)
      vtn_fail(c, "derivatives are only available in fragment shaders");
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   agx_instr *v = vtn_def(c, vtn_word(c, i, 3));
   if (v->type.bits != 16 && v->type.bits != 32)
      vtn_fail(c, "derivatives of %u-bit values", v->type.bits);
   agx_builder *b = &c->b;
   agx_instr *comps[4];
   for (unsigned k = 0; k < v->type.comps; k++) {
      agx_instr *s = v->type.comps == 1 ? v : agx_extract(b, v, k);
      agx_instr *dx = x ? deriv(c, AGX_OP_FDDX, s) : NULL;
      agx_instr *dy = y ? deriv(c, AGX_OP_FDDY, s) : NULL;
      comps[k] = x && y ? agx_fadd(b, agx_fabs(b, dx), agx_fabs(b, dy)) : x ? dx : dy;
   }
   vtn_push_def(c, vtn_word(c, i, 2), rt,
                v->type.comps == 1 ? comps[0] : agx_vec(b, v->type.comps, comps));
   return true;
}
