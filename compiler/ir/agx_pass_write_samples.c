/* Manual colour masking (graphics.md §4.4 rule 3; Mesa: "manual colour
 * masking must be used", agx_nir_lower_sample_mask.c, and the epilog's
 * AGX_ABI_FOUT_WRITE_SAMPLES in agx_nir_prolog_epilog.c): a shader whose
 * depth/stencil tests ran at entry (EarlyFragmentTests) cannot kill its
 * tested samples any more, so the SampleMask it writes only limits which
 * samples its colours are stored to: every st_tile's sample mask is ANDed
 * with it. agx_pass_lower_discard leaves the mask in
 * `store_preloaded r(AGX_FS_WRITE_SAMPLES_REG)` (agx_fs_info.write_samples)
 * for a separate output epilog; programs that store their colours
 * themselves (no epilog, or an inlined one) apply it here.
 * Stores of spilled render targets (eMRT, image writes of the samples in
 * `load_active_samples store = 1` & coverage, agx_emrt.c) are masked by
 * ANDing that mask with it too.
 * Assumes the mask's value dominates the st_tile instructions and the
 * eMRT stores (both in the last top-level block, the stores after it). */
#include "agx_builder.h"
#include "agx_passes.h"

/* An eMRT store's samples (load_active_samples store = 1) ANDed with the
 * mask; the replacement's load is an ordinary one. */
static agx_instr *
mask_emrt(agx_builder *b, agx_instr *I, void *data)
{
   if (I->op != AGX_OP_LOAD_ACTIVE_SAMPLES || I->c[0] != 1)
      return NULL;
   agx_instr *act =
      agx_intrin(b, AGX_OP_LOAD_ACTIVE_SAMPLES, I->type, 0, NULL, NULL, NULL, 0, 0, 0);
   return agx_iand(b, act, (agx_instr *)data);
}

void
agx_mask_tile_stores(agx_shader *s, agx_instr *mask16)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_STORE_TILE)
         continue;
      agx_builder b = agx_builder_before(s, I);
      I->src[1] = agx_iand(&b, I->src[1], mask16);
   }
   agx_lower_each(s, mask_emrt, mask16);
}

bool
agx_pass_apply_write_samples(agx_shader *s)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_STORE_PRELOADED || I->c[0] != AGX_FS_WRITE_SAMPLES_REG)
         continue;
      agx_builder b = agx_builder_before(s, I);
      agx_instr *m = agx_u2u(&b, 16, I->src[0]);
      agx_instr_remove(I);
      agx_mask_tile_stores(s, m);
      s->fs.write_samples = false;
      return true;
   }
   return false;
}
