/* Fragment sample built-ins and interpolation functions (sampleRateShading,
 * the InterpolationFunction capability; graphics.md §3.6, Mesa
 * agx_nir_lower_sample_intrinsics.c):
 * - SampleId, SamplePosition: load_sample_id / load_sample_pos, and the
 *   shader shades per sample (s->fs.per_sample);
 * - SampleMask input: load_sample_mask_in;
 * - InterpolateAtCentroid / AtSample / AtOffset of a fragment input: the
 *   input is loaded as usual and its load_input instructions become
 *   centroid ones / load_input_at_sample / load_input_at_offset (the
 *   interpolation itself is agx_pass_lower_fs_inputs').
 * All of them are lowered by agx_pass_lower_sample_shading, which knows the
 * pipeline's sample count. */
#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

agx_instr *
vtn_fs_sample_builtin(struct vtn_ctx *c, unsigned builtin)
{
   agx_builder *b = &c->b;
   if (c->shader->stage != AGX_STAGE_FRAGMENT)
      vtn_fail(c, "built-in %u outside a fragment shader", builtin);
   switch (builtin) {
   case SpvBuiltInSampleMask:
      c->shader->fs.reads_sample_mask = true;
      return agx_intrin(b, AGX_OP_LOAD_SAMPLE_MASK_IN, agx_type_make(32, 1), 0, NULL, NULL, NULL, 0,
                        0, 0);
   case SpvBuiltInSampleId:
      c->shader->fs.per_sample = true;
      return agx_intrin(b, AGX_OP_LOAD_SAMPLE_ID, agx_type_make(32, 1), 0, NULL, NULL, NULL, 0, 0,
                        0);
   default:
      c->shader->fs.per_sample = true;
      return agx_intrin(b, AGX_OP_LOAD_SAMPLE_POS, agx_type_make(32, 2), 0, NULL, NULL, NULL, 0, 0,
                        0);
   }
}

/* Turns the load_input instructions made since index `first` in the current
 * block into `op` with source `src` (or centroid loads when op is
 * load_input). Returns how many. */
static unsigned
retarget_loads(struct vtn_ctx *c, uint32_t first, enum agx_op op, agx_instr *src)
{
   unsigned n = 0;
   agx_foreach_instr(c->b.block, I) {
      if (I->index < first || I->op != AGX_OP_LOAD_INPUT)
         continue;
      n++;
      if (op == AGX_OP_LOAD_INPUT) {
         I->c[2] = (I->c[2] & ~AGX_INTERP_SAMPLE) | AGX_INTERP_CENTROID;
         continue;
      }
      I->op = (uint16_t)op;
      I->c[2] &= ~(AGX_INTERP_SAMPLE | AGX_INTERP_CENTROID);
      I->src = agx_alloc(c->shader, sizeof(agx_instr *));
      I->src[0] = src;
      I->num_srcs = I->cap_srcs = 1;
   }
   return n;
}

bool
vtn_handle_interpolate_at(struct vtn_ctx *c, unsigned i, unsigned eop, struct vtn_type *t,
                          uint32_t id)
{
   if (eop != GLSLstd450InterpolateAtCentroid && eop != GLSLstd450InterpolateAtSample &&
       eop != GLSLstd450InterpolateAtOffset)
      return false;
   if (c->shader->stage != AGX_STAGE_FRAGMENT)
      vtn_fail(c, "InterpolateAt* outside a fragment shader");
   unsigned nargs = vtn_wc(c, i) - 5;
   if (nargs != (eop == GLSLstd450InterpolateAtCentroid ? 1u : 2u))
      vtn_fail(c, "InterpolateAt* with %u operands", nargs);
   struct vtn_pointer *p = vtn_get_pointer(c, vtn_word(c, i, 5));
   if (p->mode != PTR_IO || p->io_out)
      vtn_fail(c, "InterpolateAt* of something that is not a fragment input");
   agx_instr *src = NULL;
   enum agx_op op = AGX_OP_LOAD_INPUT;
   if (eop == GLSLstd450InterpolateAtSample) {
      src = vtn_def(c, vtn_word(c, i, 6));
      if (src->type.comps != 1)
         vtn_fail(c, "InterpolateAtSample with a vector sample index");
      src = agx_resize(&c->b, src, 32, false);
      op = AGX_OP_LOAD_INPUT_AT_SAMPLE;
   } else if (eop == GLSLstd450InterpolateAtOffset) {
      src = vtn_def(c, vtn_word(c, i, 6));
      if (src->type.comps != 2)
         vtn_fail(c, "InterpolateAtOffset needs a 2-component offset");
      if (src->type.bits != 32)
         src = agx_f2f(&c->b, 32, src);
      op = AGX_OP_LOAD_INPUT_AT_OFFSET;
   }
   uint32_t first = c->shader->next_index;
   struct vtn_ssa *v = vtn_io_load(c, p);
   if (!retarget_loads(c, first, op, src))
      vtn_fail(c, "InterpolateAt* of an input that is not interpolated");
   (void)t;
   vtn_push_ssa(c, id, v);
   return true;
}
