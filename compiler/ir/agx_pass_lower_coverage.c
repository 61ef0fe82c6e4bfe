/* Multisample state of the pipeline folded into the fragment shader's
 * SampleMask output (Mesa: the API sample mask is a discard of the samples
 * outside it, agx_nir_fs_prolog in agx_nir_prolog_epilog.c; alpha to
 * coverage is agx_nir_lower_alpha_to_coverage.c, a gl_SampleMask output
 * made from RT0's alpha; alpha to one follows it). The output is then
 * lowered by agx_pass_lower_discard: `sample_mask ~mask & 0xFF, 0` kills
 * the samples outside it before the depth/stencil test, so they are
 * neither written nor counted by occlusion queries.
 * Alpha to coverage (Vulkan leaves the mapping to the implementation:
 * monotonic, alpha 0 -> no sample, 1 -> all): k = round(clamp(alpha, 0, 1)
 * x samples) samples covered, the mask (1 << k) - 1 (samples 0 .. k-1), no
 * dithering. Rounding, not Mesa's truncation, so that an interpolated
 * alpha a few ULP below 1 still covers every sample. Without an alpha
 * output of location 0 the coverage is
 * left alone (undefined in Vulkan).
 * With EarlyFragmentTests the API sample mask is a kill at entry instead
 * (`sample_mask kill, 0` first thing; Mesa's FS prolog), which
 * agx_pass_lower_fs_sidefx follows with the tests: those samples must not
 * be tested nor written (the sample mask applies before the early tests).
 * Assumes the front end's form: the store_outputs are the last
 * instructions of the last top-level block, after every value they store. */
#include "agx_builder.h"
#include "agx_passes.h"

static agx_instr *
fimm(agx_builder *b, float f)
{
   union {
      float f;
      uint32_t u;
   } v = {.f = f};
   return agx_imm(b, 32, v.u);
}

static agx_instr *
as_u32(agx_builder *b, agx_instr *v)
{
   return v->type.bits == 32 && v->type.comps == 1 ? v : agx_resize(b, v, 32, false);
}

bool
agx_pass_lower_coverage(agx_shader *s, const struct agx_coverage_options *o)
{
   if (!o || (!o->sample_kill && !o->a2c_samples && !o->alpha_to_one))
      return false;
   agx_block *end = agx_list_last_block(&s->body);
   agx_instr *first = NULL, *mask = NULL, *alpha = NULL;
   agx_foreach_instr(end, I) {
      if (I->op != AGX_OP_STORE_OUTPUT)
         continue;
      if (!first)
         first = I;
      if (I->c[0] == AGX_IO_SAMPLE_MASK && I->c[1] == 0)
         mask = I;
      if (I->c[0] == 0 && I->c[1] == 3)
         alpha = I;
   }
   agx_builder b = first ? agx_builder_before(s, first) : agx_builder_at_end(s, end);
   agx_instr *m = NULL;
   if (o->a2c_samples && alpha) {
      agx_instr *a = alpha->src[0];
      if (a->type.bits != 32)
         a = agx_f2f(&b, 32, a);
      agx_instr *x = agx_fmul(&b, agx_fsat(&b, a), fimm(&b, (float)o->a2c_samples));
      agx_instr *k = agx_f2u(&b, 32, agx_fround_even(&b, x));
      m = agx_isub(&b, agx_ishl(&b, agx_imm(&b, 32, 1), k), agx_imm(&b, 32, 1));
   }
   if (o->sample_kill && s->fs.early_fragment_tests) {
      agx_block *entry = agx_list_first_block(&s->body);
      agx_instr *head = agx_list_empty(&entry->instrs)
                           ? NULL
                           : agx_container_of(entry->instrs.next, agx_instr, link);
      agx_builder eb = head ? agx_builder_before(s, head) : agx_builder_at_end(s, entry);
      agx_intrin(&eb, AGX_OP_DISCARD_SAMPLES, agx_type_make(0, 0), 2,
                 agx_imm(&eb, 16, o->sample_kill), agx_imm(&eb, 16, 0), NULL, 0, 0, 0);
      if (!m && !o->alpha_to_one)
         return true;
   } else if (o->sample_kill) {
      agx_instr *keep = agx_imm(&b, 32, ~(uint32_t)o->sample_kill & 0xFF);
      m = m ? agx_iand(&b, m, keep) : keep;
   }
   if (o->alpha_to_one) {
      agx_foreach_instr(end, I)
         if (I->op == AGX_OP_STORE_OUTPUT && I->c[0] < AGX_MAX_RTS && I->c[1] == 3)
            I->src[0] = fimm(&b, 1.0f);
   }
   if (!m)
      return o->alpha_to_one;
   if (mask)
      mask->src[0] = agx_iand(&b, as_u32(&b, mask->src[0]), m);
   else
      agx_intrin(&b, AGX_OP_STORE_OUTPUT, agx_type_make(0, 0), 1, m, NULL, NULL, AGX_IO_SAMPLE_MASK,
                 0, 0);
   return true;
}
