/* Fragment discard and depth output -> sample_mask / zs_emit (graphics.md
 * §4.4, Mesa agx_nir_lower_sample_mask.c, agx_nir_lower_discard_zs_emit.c). discard kills every sample of the invocation
 * (sample_mask 0xFF, live 0: OpKill and terminate halt right after, demote
 * continues as a helper). When the shader discards anywhere, the hardware's
 * early depth test is off (s->fs.uses_discard, USC Fragment Properties) and
 * every sample must be tested or killed exactly once: the surviving ones are
 * tested by `wait_pix 0x1; sample_mask 0xFF, 0xFF` at the end of the shader,
 * before the colour stores (killed samples ignore it; all sample_mask must
 * precede st_tile). A FragDepth output instead ends the discards with
 * `wait_pix 0x1; zs_emit 0xFF, depth`, which tests every live sample with
 * the shader's depth (s->fs.writes_depth: early depth testing must be off).
 * A shader writing memory (s->fs.writes_memory) without tests at entry
 * gets the same final test (late tests after its side effects); with tests
 * at entry (EarlyFragmentTests) a discard halts the live invocation
 * instead (no sample_mask after the test, rule 4), and a SampleMask output
 * becomes the samples the colours are stored to: `store_preloaded
 * r(AGX_FS_WRITE_SAMPLES_REG)` of mask & 0xFF (s->fs.write_samples;
 * agx_pass_write_samples.c).
 * A SampleMask output kills the samples whose bit is clear (`sample_mask
 * ~mask & 0xFF, 0`) before that test.
 * With s->fs.epilog_tests set on entry (a main program whose output epilog
 * applies the multisample state, agx_stage_info.h) the final sample_mask
 * test is left to the epilog; the flag stays set when it was needed.
 * Assumes the stores are in the last top-level block. */
#include "agx_builder.h"
#include "agx_passes.h"

static agx_instr *
lower(agx_builder *b, agx_instr *I, void *data)
{
   if (I->op != AGX_OP_DISCARD)
      return NULL;
   *(bool *)data = true;
   agx_intrin(b, AGX_OP_DISCARD_SAMPLES, agx_type_make(0, 0), 2, agx_imm(b, 16, 0xFF),
              agx_imm(b, 16, 0), NULL, 0, 0, 0);
   /* a value to replace the (destination-less) discard with */
   return agx_imm(b, 32, 0);
}

/* Tests already run at entry (agx_pass_lower_fs_sidefx): a discard ends
 * the invocation while it still covers a sample (`if (coverage) halt`). */
static void
lower_after_entry_tests(agx_shader *s)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (I->op != AGX_OP_DISCARD)
         continue;
      agx_builder b = agx_builder_before(s, I);
      agx_instr *cov = agx_intrin(&b, AGX_OP_LOAD_SR_VOLATILE, agx_type_make(32, 1), 0, NULL, NULL,
                                  NULL, 60, 0, 0);
      agx_instr *alive = agx_ine(&b, cov, agx_imm(&b, 32, 0));
      I->op = AGX_OP_HALT;
      agx_wrap_in_if(s, I, alive);
   }
}

/* Tests at entry: the SampleMask output limits the colour stores. */
static void
write_samples_after_entry_tests(agx_shader *s)
{
   agx_block *end = agx_list_last_block(&s->body);
   agx_foreach_instr(end, I) {
      if (I->op != AGX_OP_STORE_OUTPUT || I->c[0] != AGX_IO_SAMPLE_MASK || I->c[1] != 0)
         continue;
      agx_builder b = agx_builder_before(s, I);
      agx_instr *m = I->src[0];
      if (m->type.bits != 32 || m->type.comps != 1)
         m = agx_resize(&b, m, 32, false);
      agx_intrin(&b, AGX_OP_STORE_PRELOADED, agx_type_make(0, 0), 1,
                 agx_iand(&b, m, agx_imm(&b, 32, 0xFF)), NULL, NULL, AGX_FS_WRITE_SAMPLES_REG, 0,
                 0);
      agx_instr_remove(I);
      s->fs.write_samples = true;
      return;
   }
}

bool
agx_pass_lower_discard(agx_shader *s)
{
   if (s->fs.tests_at_entry) {
      lower_after_entry_tests(s);
      write_samples_after_entry_tests(s);
      s->fs.epilog_tests = false;
      return true;
   }
   /* the cull test's kill (agx_pass_lower_cull_fs) counts as a discard */
   bool any = s->fs.cull_distances != 0;
   agx_lower_each(s, lower, &any);
   agx_block *end = agx_list_last_block(&s->body);
   agx_instr *first_store = NULL, *depth = NULL, *mask = NULL;
   agx_foreach_instr(end, I) {
      if (I->op != AGX_OP_STORE_OUTPUT)
         continue;
      if (!first_store)
         first_store = I;
      if (I->c[0] == AGX_IO_FRAG_DEPTH && I->c[1] == 0)
         depth = I;
      if (I->c[0] == AGX_IO_SAMPLE_MASK && I->c[1] == 0)
         mask = I;
   }
   if (mask) {
      /* SampleMask output: kill the samples whose bit is clear (sample_mask
       * ~mask, 0; Mesa agx_nir_lower_sample_mask.c), before the test */
      agx_builder mb = agx_builder_before(s, first_store);
      agx_instr *m = mask->src[0];
      if (m->type.bits != 32 || m->type.comps != 1)
         m = agx_resize(&mb, m, 32, false);
      agx_instr *dead = agx_u2u(&mb, 16, agx_iand(&mb, agx_inot(&mb, m), agx_imm(&mb, 32, 0xFF)));
      agx_intrin(&mb, AGX_OP_DISCARD_SAMPLES, agx_type_make(0, 0), 2, dead, agx_imm(&mb, 16, 0),
                 NULL, 0, 0, 0);
      s->fs.writes_sample_mask = true;
      agx_instr_remove(mask);
      if (first_store == mask) {
         first_store = NULL;
         agx_foreach_instr(end, I) {
            if (I->op == AGX_OP_STORE_OUTPUT) {
               first_store = I;
               break;
            }
         }
      }
      any = true;
   }
   /* memory side effects without EarlyFragmentTests: late tests
    * (agx_pass_lower_fs_sidefx) */
   bool late = s->fs.writes_memory && !s->fs.tests_at_entry;
   if (!any && !depth && !late) {
      s->fs.epilog_tests = false;
      return false;
   }
   s->fs.uses_discard |= any || late;
   /* asked to (s->fs.epilog_tests on entry): the output epilog runs the
    * final test after its own kills (alpha to coverage, sample mask) */
   if (s->fs.epilog_tests && !depth)
      return true;
   s->fs.epilog_tests = false;
   agx_builder b = first_store ? agx_builder_before(s, first_store) : agx_builder_at_end(s, end);
   agx_intrin(&b, AGX_OP_TILE_WAIT, agx_type_make(0, 0), 0, NULL, NULL, NULL, 1, 0, 0);
   if (depth) {
      s->fs.writes_depth = true;
      agx_intrin(&b, AGX_OP_DEPTH_EMIT, agx_type_make(0, 0), 2, depth->src[0],
                 agx_imm(&b, 16, 0xFF), NULL, 0, 0, 0);
      agx_instr_remove(depth);
   } else {
      agx_intrin(&b, AGX_OP_DISCARD_SAMPLES, agx_type_make(0, 0), 2, agx_imm(&b, 16, 0xFF),
                 agx_imm(&b, 16, 0xFF), NULL, 0, 0, 0);
   }
   return true;
}
