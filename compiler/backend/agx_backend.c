/* Back-end entry point: lowers what instruction selection does not take
 * (vector ALU ops, integer division, transcendental functions), hoists
 * dispatch-uniform work into a preamble, then selects, allocates registers
 * and emits each program and fills in the dispatch information. */
#include <stdlib.h>
#include <string.h>

#include "agx_backend_priv.h"
#include "agx_fs_epilog.h"
#include "agx_passes.h"

bool
agx_backend_env_no_preamble(void)
{
   const char *env = getenv("AGX_DEBUG");
   for (const char *p = env; p && *p;) {
      size_t len = strcspn(p, ",");
      if (len == 10 && !strncmp(p, "nopreamble", 10))
         return true;
      p += len + (p[len] == ',');
   }
   return false;
}

struct program {
   uint8_t *code;
   size_t size;
   unsigned num_instrs, gpr_halves, uniform_halves, local_bytes, spill_bytes;
};

/* Selection, allocation and emission of one program (main or preamble). */
static int
compile_program(agx_shader *s, unsigned max_halves, struct program *p, char *err, size_t errsize)
{
   memset(p, 0, sizeof(*p));
   if (!agx_validate(s, err, errsize))
      return -1;
   struct agx_mir m = {0};
   m.no_stop = s->prolog;
   int rc = agx_isel(s, &m, &p->uniform_halves, &p->local_bytes, err, errsize);
   int used = rc ? -1 : agx_mir_ra_spill(&m, max_halves, err, errsize);
   if (used >= 0)
      rc = agx_emit(&m, &p->code, &p->size, &p->num_instrs, err, errsize);
   else
      rc = -1;
   p->spill_bytes = m.spill_bytes;
   agx_mir_free(&m);
   p->gpr_halves = used > 0 ? (((unsigned)used + 7) & ~7u) : 0;
   return rc;
}

/* The stage's interface to hardware operations (vertex outputs to UVS
 * stores, inputs to preloaded registers; fragment inputs to coefficient
 * registers, discards to sample masks, colour outputs to the tilebuffer). */
/* Whether the pipeline's sample mask and alpha to coverage / one must be
 * applied by the main program rather than by its output epilog: the
 * epilog kills samples before the final depth/stencil test, which a
 * shader testing at entry (EarlyFragmentTests) or in its own zs_emit
 * (FragDepth) has already run (graphics.md 4.4 rules 3-4); SampleMaskIn
 * must exclude the masked samples and memory writes must not happen for
 * them (Vulkan runs the sample mask test before the fragment shader). */
static bool
coverage_needs_main(agx_shader *s)
{
   if (s->fs.early_fragment_tests || s->fs.reads_sample_mask)
      return true;
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      const agx_instr *I = all[i];
      if ((I->op == AGX_OP_STORE_OUTPUT && I->c[0] == AGX_IO_FRAG_DEPTH) ||
          I->op == AGX_OP_LOAD_SAMPLE_MASK_IN || agx_instr_writes_memory(I))
         return true;
   }
   return false;
}

static int
lower_stage(agx_shader *s, const struct agx_backend_options *opts, char *err, size_t errsize)
{
   if (agx_stage_is_compute(s->stage) || s->prolog)
      return 0;
   /* private arrays go on the stack (isel_scratch_setup) */
   if (s->cs.shared_size) {
      snprintf(err, errsize, "unsupported: shared memory in a %s shader", agx_stage_name(s->stage));
      return -1;
   }
   if (s->stage == AGX_STAGE_VERTEX) {
      if (opts && opts->multiview)
         agx_pass_multiview_layer(s);
      if (!agx_pass_lower_vs_outputs(s, opts ? opts->fs_interp : NULL)) {
         snprintf(err, errsize, "vertex outputs take %u words, more than the %u of the hardware",
                  s->vs.uvs.size, AGX_UVS_MAX_WORDS);
         return -1;
      }
      agx_pass_lower_vs_inputs(s);
      return 0;
   }
   /* spilled render targets (eMRT) are stored to memory (compiler/ir/agx_emrt.c) */
   const struct agx_tilebuffer_layout *tib = opts ? opts->tib : NULL;
   /* per-sample shading: a loop over the pipeline's samples around the
    * shader and its inlined output epilog (agx_pass_lower_sample_shading) */
   bool loop =
      opts && opts->coverage.samples > 1 && (s->fs.per_sample || opts->coverage.sample_shading);
   if (loop && opts->fs_epilog && !opts->fs_epilog_key) {
      /* no epilog key yet (a fragment shader library): shaded per pixel
       * here, compiled again with the key when linked */
      loop = false;
      s->fs.sample_loop_deferred = true;
   }
   if (loop)
      agx_pass_sample_shading_inputs(s);
   if (opts)
      agx_pass_lower_cull_fs(s, opts->cull_distances);
   if (opts && opts->viewport_zero)
      agx_pass_viewport_zero(s);
   agx_pass_lower_fs_inputs(s);
   /* the multisample state in this program, or in the output epilog's key
    * (agx_fs_info.coverage_in_main) */
   bool in_main =
      !opts || !opts->fs_epilog || loop || s->fs.sample_loop_deferred || coverage_needs_main(s);
   s->fs.coverage_in_main = in_main;
   s->fs.epilog_tests = !in_main; /* a request to agx_pass_lower_discard */
   if (opts && in_main)
      agx_pass_lower_coverage(s, &opts->coverage);
   agx_pass_lower_fs_sidefx(s);
   agx_pass_lower_discard(s);
   if (opts && opts->fs_epilog) {
      agx_pass_lower_colour_exports(s);
      if (loop && agx_fs_epilog_inline(s, opts->fs_epilog_key, err, errsize))
         return -1;
   } else {
      agx_pass_lower_tilebuffer(s, tib);
   }
   /* the colours are stored here (no separate epilog): mask them by the
    * SampleMask written after tests at entry */
   if (!(opts && opts->fs_epilog) || loop)
      agx_pass_apply_write_samples(s);
   if (!agx_pass_lower_sample_shading(s, opts ? &opts->coverage : NULL, loop, err, errsize))
      return -1;
   agx_optimize(s);
   return 0;
}

int
agx_backend_compile(agx_shader *s, const struct agx_backend_options *opts,
                    struct agx_backend_result *out, char *err, size_t errsize)
{
   memset(out, 0, sizeof(*out));
   err[0] = 0;
   unsigned max_halves = opts && opts->max_halves ? opts->max_halves : 256;
   if (max_halves > 256 || max_halves % 8) {
      snprintf(err, errsize, "register budget %u must be a multiple of 8 up to 256", max_halves);
      return -1;
   }
   if (!s->io_lowered) {
      snprintf(err, errsize, "resource access is not lowered to the ABI (agx_pass_lower_io)");
      return -1;
   }
   if (lower_stage(s, opts, err, errsize))
      return -1;
   agx_pass_lower_int8(s);
   agx_pass_lower_idiv(s);
   agx_pass_lower_transcendental(s);
   agx_backend_lower_trig(s);
   agx_pass_scalarize(s);
   agx_backend_lower_alu(s);
   agx_optimize(s);
   /* texel buffer and image loads read the txf sampler in ss0 (agx_abi.h) */
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++)
      if (all[i]->op == AGX_OP_BINDLESS_IMAGE_LOAD || all[i]->op == AGX_OP_BINDLESS_TEXTURE_LOAD ||
          all[i]->op == AGX_OP_TILE_TEXTURE_LOAD)
         out->info.sampler_states = 1;

   agx_shader *pre = NULL;
   unsigned pre_end = 0;
   if (!(opts && opts->no_preamble) && !agx_backend_env_no_preamble()) {
      struct agx_preamble_options po = {.address_folds = agx_backend_address_folds};
      pre = agx_pass_preamble(s, &po, &pre_end);
   }

   struct program main_p, pre_p = {0};
   int rc = compile_program(s, max_halves, &main_p, err, errsize);
   if (!rc && pre) {
      /* The preamble has the whole register file (Preshader register count). */
      char perr[512];
      rc = compile_program(pre, 256, &pre_p, perr, sizeof(perr));
      if (!rc && (pre_p.spill_bytes || pre_p.local_bytes)) {
         snprintf(perr, sizeof(perr), "needs stack or threadgroup memory");
         rc = -1;
      }
      if (rc)
         snprintf(err, errsize, "preamble: %s", perr);
   }
   agx_shader_destroy(pre);
   if (rc) {
      free(main_p.code);
      free(pre_p.code);
      return -1;
   }
   out->code = main_p.code;
   out->size = main_p.size;
   out->info.num_instrs = main_p.num_instrs;
   out->info.gpr_halves = main_p.gpr_halves;
   out->info.uniform_halves = main_p.uniform_halves;
   out->info.shared_size = main_p.local_bytes;
   /* private arrays live in threadgroup memory (compute) or on the stack
    * (graphics, or too large); the stack holds spills */
   out->info.scratch_size = main_p.spill_bytes;
   memcpy(out->info.local_size, s->cs.local_size, sizeof(out->info.local_size));
   out->info.stage = s->stage;
   out->info.vs = s->vs;
   out->info.fs = s->fs;
   if (pre) {
      out->preamble = pre_p.code;
      out->preamble_size = pre_p.size;
      out->info.has_preamble = true;
      out->info.preamble_gpr_halves = pre_p.gpr_halves;
      out->info.preamble_num_instrs = pre_p.num_instrs;
      if (pre_p.uniform_halves > out->info.uniform_halves)
         out->info.uniform_halves = pre_p.uniform_halves;
   }
   return 0;
}

void
agx_backend_result_free(struct agx_backend_result *r)
{
   free(r->code);
   free(r->preamble);
   memset(r, 0, sizeof(*r));
}

bool
agx_backend_disasm(const uint8_t *code, size_t size, void *file)
{
   FILE *f = file;
   size_t pos = 0;
   while (pos < size) {
      struct agx_isa_instr I;
      int n = agx_isa_decode(code + pos, size - pos, &I);
      if (n <= 0) {
         fprintf(f, "%4zx: <undecodable>\n", pos);
         return false;
      }
      char text[256];
      agx_isa_format(&I, true, pos, text, sizeof(text));
      fprintf(f, "%4zx: %s\n", pos, text);
      pos += (size_t)n;
   }
   return true;
}
