/* Fragment shaders with memory side effects (fragmentStoresAndAtomics;
 * graphics.md §1.4, §4.4; Mesa agx_nir_lower_frag_sidefx.c,
 * agx_nir_lower_sample_mask.c, nir_lower_helper_writes):
 * - every buffer / image store and atomic runs under
 *   `if ((coverage & active samples) != 0 && is_active_thread)` (SR 60,
 *   SR 63; active samples: the sample of a per-sample loop's pass, Mesa
 *   agx_nir_lower_sample_intrinsics.c's helper lowering): helper lanes,
 *   lanes whose samples were all discarded (demote) or failed the tests of
 *   an early `sample_mask` write nothing. Mesa guards atomics always and
 *   plain stores only with sample shading ("the hardware will predicate
 *   simple writes for us"); we guard both, which is correct either way.
 *   Assumption (no public source): SR 60 reads 0 on helper lanes (they
 *   cover no sample), as the simulator models it.
 * - without EarlyFragmentTests the depth/stencil tests must come after the
 *   side effects (Vulkan: the shader runs for fragments that then fail):
 *   s->fs.writes_memory makes agx_pass_lower_discard end the shader with
 *   its late `sample_mask 0xFF, 0xFF` (Mesa forces a late test with a
 *   FragDepth = FragCoord.z write instead; both are punch-through late
 *   tests, graphics.md §4.4).
 * - with EarlyFragmentTests the tests run at entry, `wait_pix 0x1;
 *   sample_mask 0xFF, 0xFF` (Mesa run_tests_at_start: when the shader
 *   writes memory or discards), so the pass is punch-through (not opaque:
 *   HSR could skip the shader and its writes), and a FragDepth output is
 *   dropped (Vulkan: no effect with early tests).
 *   A discard after them cannot kill the tested samples (graphics.md §4.4
 *   rule 4; Mesa notes "manual colour masking must be used"): it ends the
 *   invocation instead (agx_pass_lower_discard), so it writes no colour
 *   (demote then behaves as terminate: later derivatives of the quad are
 *   undefined). A SampleMask output then limits the samples the colours
 *   are stored to (agx_pass_lower_discard, agx_pass_write_samples.c). The
 *   tests follow the pipeline sample mask's kill at entry
 *   (agx_pass_lower_coverage), which also asks for them.
 * Scratch (private arrays) is not guarded: helpers need their values.
 * Runs after agx_pass_lower_io and before agx_pass_lower_discard. */
#include "agx_builder.h"
#include "agx_passes.h"

bool
agx_instr_writes_memory(const agx_instr *I)
{
   switch (I->op) {
   case AGX_OP_STORE_GLOBAL:
   case AGX_OP_ATOMIC_GLOBAL:
   case AGX_OP_ATOMIC_GLOBAL_CMPXCHG:
   case AGX_OP_TEXEL_BUFFER_STORE:
   case AGX_OP_IMAGE_STORE:
   case AGX_OP_BINDLESS_IMAGE_STORE:
   case AGX_OP_BINDLESS_IMAGE_WRITE:
      return true;
   default:
      return false;
   }
}

static agx_instr *
load_sr(agx_builder *b, unsigned sr)
{
   return agx_intrin(b, AGX_OP_LOAD_SR_VOLATILE, agx_type_make(32, 1), 0, NULL, NULL, NULL, sr, 0,
                     0);
}

/* whether the invocation may write: it covers a live sample among those
 * it shades (all, or the current one of a per-sample loop) and is no
 * helper */
static agx_instr *
may_write(agx_builder *b)
{
   agx_instr *zero = agx_imm(b, 32, 0);
   agx_instr *active =
      agx_intrin(b, AGX_OP_LOAD_ACTIVE_SAMPLES, agx_type_make(16, 1), 0, NULL, NULL, NULL, 0, 0, 0);
   agx_instr *live = agx_iand(b, load_sr(b, 60), agx_u2u(b, 32, active));
   return agx_iand(b, agx_ine(b, live, zero), agx_ine(b, load_sr(b, 63), zero));
}

static bool
has_op(agx_instr **all, unsigned n, enum agx_op op, int slot)
{
   for (unsigned i = 0; i < n; i++)
      if (all[i]->block && all[i]->op == op && (slot < 0 || all[i]->c[0] == (uint32_t)slot))
         return true;
   return false;
}

bool
agx_pass_lower_fs_sidefx(agx_shader *s)
{
   /* output epilogs (their statistics counter) run after the main shader's
    * tests: nothing to guard or order */
   if (s->stage != AGX_STAGE_FRAGMENT || s->epilog)
      return false;
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   bool any = false;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      /* Vulkan: with EarlyFragmentTests a depth the shader writes has no
       * effect (the tests ran before it) */
      if (s->fs.early_fragment_tests && I->op == AGX_OP_STORE_OUTPUT &&
          I->c[0] == AGX_IO_FRAG_DEPTH) {
         agx_instr_remove(I);
         continue;
      }
      if (!agx_instr_writes_memory(I))
         continue;
      agx_builder b = agx_builder_before(s, I);
      agx_wrap_in_if(s, I, may_write(&b));
      any = true;
   }
   s->fs.writes_memory = any;
   bool discards = has_op(all, n, AGX_OP_DISCARD, -1);
   bool mask_out = has_op(all, n, AGX_OP_STORE_OUTPUT, AGX_IO_SAMPLE_MASK);
   /* leading kills (among their constants): agx_pass_lower_coverage's
    * pipeline sample mask; the tests go right after the last of them */
   agx_block *entry = agx_list_first_block(&s->body);
   agx_instr *last_kill = NULL;
   agx_foreach_instr(entry, I) {
      if (I->op == AGX_OP_DISCARD_SAMPLES)
         last_kill = I;
      else if (I->op != AGX_OP_CONST)
         break;
   }
   bool entry_kill = last_kill != NULL;
   agx_list *after = last_kill ? last_kill->link.next : entry->instrs.next;
   agx_instr *first = after == &entry->instrs ? NULL : agx_container_of(after, agx_instr, link);
   if (s->fs.early_fragment_tests && (any || discards || mask_out || entry_kill)) {
      agx_builder b = first ? agx_builder_before(s, first) : agx_builder_at_end(s, entry);
      agx_intrin(&b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 1, 0, 0);
      agx_intrin(&b, AGX_OP_DISCARD_SAMPLES, agx_type_make(0, 0), 2, agx_imm(&b, 16, 0xFF),
                 agx_imm(&b, 16, 0xFF), NULL, 0, 0, 0);
      /* sample_mask executed: no hardware early Z, punch-through */
      s->fs.uses_discard = true;
      s->fs.tests_at_entry = true;
   }
   return any || s->fs.tests_at_entry;
}
