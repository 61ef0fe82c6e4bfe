/* Sample intrinsics and per-sample shading (sampleRateShading; graphics.md
 * §3.6, Mesa agx_nir_lower_sample_intrinsics.c and agx_nir_lower_msaa.c:
 * agx_nir_wrap_per_sample_loop, agx_nir_lower_to_per_sample). The
 * hardware runs a fragment shader once per pixel; per-sample shading is a
 * loop in the shader over the pipeline's samples (known at pipeline
 * creation, o->samples), the whole shader (its inlined output epilog
 * included) running once per sample k with the active-sample mask
 * bit = 1 << k:
 *   - every st_tile / ld_tile / zs_emit acts on `bit` only and every
 *     sample_mask's target is ANDed with it (each sample tested or killed
 *     once, in its own pass: graphics.md §4.4 rules 1-3);
 *   - load_sample_id = k; load_active_samples = bit (the side-effect guard
 *     of agx_pass_lower_fs_sidefx: stores only for covered live samples);
 *   - load_sample_pos = the standard position of sample k (Vulkan's
 *     standard sample locations, which the driver always programs in
 *     ppp_multisamplectl; decoded from the same packed nibbles, graphics.md
 *     §3.6 — Mesa reads a uniform copy of the register; Assumption: no
 *     other pattern is ever programmed);
 *   - load_sample_mask_in = input coverage (SR 124) & bit & ~killed;
 *   - halt (OpKill, OpReturn) ends the current sample's pass: `continue`
 *     of the loop (the increment is in its continue list); a halt inside
 *     an inner loop after a discard stops nothing (the samples are killed;
 *     the invocation runs on as a helper); other halts in inner loops are
 *     refused.
 * With sample shading asked by the pipeline (minSampleShading), inputs
 * without Centroid are interpolated at the sample like Sample ones
 * (agx_pass_sample_shading_inputs, before agx_pass_lower_fs_inputs; dEQP
 * multisample.min_sample_shading expects a distinct colour per sample), and
 * so are FragCoord.z and .w (the sample's depth and 1/w).
 * Without a loop (one sample, or no per-sample shading): sample id 0,
 * position (0.5, 0.5), active samples 0xFF, sample mask in = SR 124 &
 * ~killed (Mesa ANDs the API sample mask, here the compile-time
 * pSampleMask complement o->sample_kill).
 * Runs last among the fragment lowering passes (after the tilebuffer
 * stores / inlined epilog exist). */
#include <stdio.h>

#include "agx_builder.h"
#include "agx_passes.h"

struct ss_state {
   agx_instr *k, *bit16; /* loop: the sample index (32-bit), its bit (16-bit) */
   uint8_t samples, kill;
};

static uint32_t
packed_positions(unsigned samples)
{
   /* ppp_multisamplectl: one byte per sample, (y << 4) | x in 1/16 px */
   return samples == 4 ? 0xEAA26E26u : samples == 2 ? 0x44CCu : 0x88u;
}

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
lower(agx_builder *b, agx_instr *I, void *data)
{
   struct ss_state *st = data;
   switch (I->op) {
   case AGX_OP_LOAD_SAMPLE_ID:
      return st->k ? st->k : agx_imm(b, 32, 0);
   case AGX_OP_LOAD_ACTIVE_SAMPLES:
      return st->k ? st->bit16 : agx_imm(b, 16, 0xFF);
   case AGX_OP_LOAD_SAMPLE_POS: {
      if (!st->k) {
         agx_instr *v[2] = {fimm(b, 0.5f), fimm(b, 0.5f)};
         return agx_vec(b, 2, v);
      }
      agx_instr *byte = agx_ushr(b, agx_imm(b, 32, packed_positions(st->samples)),
                                 agx_ishl(b, st->k, agx_imm(b, 32, 3)));
      agx_instr *v[2];
      for (unsigned i = 0; i < 2; i++) {
         agx_instr *nib = agx_iand(b, agx_ushr(b, byte, agx_imm(b, 32, 4 * i)), agx_imm(b, 32, 15));
         v[i] = agx_fmul(b, agx_u2f(b, 32, nib), fimm(b, 1.0f / 16.0f));
      }
      return agx_vec(b, 2, v);
   }
   case AGX_OP_LOAD_SAMPLE_MASK_IN: {
      agx_instr *m =
         agx_intrin(b, AGX_OP_LOAD_SR, agx_type_make(32, 1), 0, NULL, NULL, NULL, 124, 0, 0);
      uint32_t keep = ~(uint32_t)st->kill & 0xFF;
      if (st->k)
         return agx_iand(b, agx_iand(b, m, agx_imm(b, 32, keep)), agx_u2u(b, 32, st->bit16));
      return agx_iand(b, m, agx_imm(b, 32, keep));
   }
   default:
      return NULL;
   }
}

static bool
in_inner_loop(const agx_cf_node *n)
{
   for (const agx_cf_node *p = n->parent; p; p = p->parent)
      if (p->type == AGX_CF_LOOP && p->parent)
         return true; /* the outer per-sample loop has no parent */
   return false;
}

/* Masks the fragment I/O of one loop pass to its sample; halts -> continue. */
static bool
mask_io(agx_shader *s, struct ss_state *st, char *err, size_t errsize)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      agx_builder b = agx_builder_before(s, I);
      switch (I->op) {
      case AGX_OP_STORE_TILE:
      case AGX_OP_DEPTH_EMIT:
         I->src[1] = agx_iand(&b, I->src[1], st->bit16);
         break;
      case AGX_OP_LOAD_TILE:
         /* loads of the pass's sample; an explicit one (subpassLoad of a
          * multisampled input attachment in the tilebuffer at its Sample
          * operand) stays */
         if (I->c[3])
            break;
         I->src[0] = agx_iand(&b, I->src[0], st->bit16);
         break;
      case AGX_OP_DISCARD_SAMPLES:
         I->src[0] = agx_iand(&b, I->src[0], st->bit16);
         break;
      case AGX_OP_HALT: {
         if (!in_inner_loop(&I->block->cf)) {
            I->op = AGX_OP_CONTINUE;
            break;
         }
         agx_instr *prev = I->link.prev != &I->block->instrs
                              ? agx_container_of(I->link.prev, agx_instr, link)
                              : NULL;
         if (!prev || prev->op != AGX_OP_DISCARD_SAMPLES) {
            snprintf(err, errsize,
                     "unsupported: a return inside a loop of a fragment shader shading per sample");
            return false;
         }
         agx_instr_remove(I);
         break;
      }
      default:
         break;
      }
   }
   return true;
}

/* Wraps the body: k = 0; loop { if (k >= samples) break; body; continue:
 * k = k + 1 } (k through a variable, made SSA by vars_to_ssa). */
static void
wrap_loop(agx_shader *s, struct ss_state *st)
{
   agx_list old;
   agx_list_init(&old);
   while (!agx_list_empty(&s->body)) {
      agx_list *n = s->body.next;
      agx_list_del(n);
      agx_list_insert_before(&old, n);
   }
   agx_block *entry = agx_block_create(s);
   entry->cf.owner = &s->body;
   entry->cf.parent = NULL;
   agx_list_insert_before(&s->body, &entry->cf.link);
   agx_builder b = agx_builder_at_end(s, entry);
   uint32_t var = agx_shader_add_var(s, agx_type_make(32, 1));
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(&b, 32, 0), NULL, NULL, var, 0,
              0);
   agx_loop *loop = agx_push_loop(&b);
   st->k = agx_intrin(&b, AGX_OP_LOAD_VAR, agx_type_make(32, 1), 0, NULL, NULL, NULL, var, 0, 0);
   st->bit16 = agx_u2u(&b, 16, agx_ishl(&b, agx_imm(&b, 32, 1), st->k));
   agx_if *nif = agx_push_if(&b, agx_uge(&b, st->k, agx_imm(&b, 32, st->samples)));
   agx_jump(&b, AGX_OP_BREAK);
   agx_pop_if(&b, nif);
   /* the (empty) block after the if gives way to the old body */
   agx_block *join = b.block;
   agx_list_del(&join->cf.link);
   while (!agx_list_empty(&old)) {
      agx_list *n = old.next;
      agx_list_del(n);
      agx_cf_node *cf = agx_container_of(n, agx_cf_node, link);
      cf->owner = &loop->body;
      cf->parent = &loop->cf;
      agx_list_insert_before(&loop->body, n);
   }
   agx_push_continue(&b, loop);
   agx_intrin(&b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_iadd(&b, st->k, agx_imm(&b, 32, 1)),
              NULL, NULL, var, 0, 0);
   agx_pop_loop(&b, loop);
}

void
agx_pass_sample_shading_inputs(agx_shader *s)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      if (all[i]->op == AGX_OP_LOAD_INPUT && !(all[i]->c[2] & AGX_INTERP_CENTROID))
         all[i]->c[2] |= AGX_INTERP_SAMPLE;
      /* FragCoord.zw at the sample too (Vulkan "FragCoord": with sample
       * shading the fragment is at the sample's position, so its depth is
       * the sample's) */
      if (all[i]->op == AGX_OP_LOAD_FRAG_COORD_ZW)
         all[i]->c[2] |= AGX_INTERP_SAMPLE;
   }
}

bool
agx_pass_lower_sample_shading(agx_shader *s, const struct agx_coverage_options *o, bool loop,
                              char *err, size_t errsize)
{
   if (s->stage != AGX_STAGE_FRAGMENT)
      return true;
   struct ss_state st = {.samples = o ? o->samples : 1, .kill = o ? o->sample_kill : 0};
   if (loop) {
      wrap_loop(s, &st);
      if (!mask_io(s, &st, err, errsize))
         return false;
      s->fs.sample_loop = true;
   }
   agx_lower_each(s, lower, &st);
   if (loop)
      agx_pass_vars_to_ssa(s);
   return true;
}
