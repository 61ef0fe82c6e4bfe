/* Back-end entry point: lowers what instruction selection does not take
 * (vector ALU ops, integer division, transcendental functions), selects, allocates registers, emits,
 * and fills in the dispatch information. */
#include <stdlib.h>
#include <string.h>

#include "agx_backend_priv.h"
#include "agx_passes.h"

int agx_backend_compile(agx_shader *s, const struct agx_backend_options *opts,
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
   agx_pass_lower_idiv(s);
   agx_pass_lower_transcendental(s);
   agx_backend_lower_trig(s);
   agx_pass_scalarize(s);
   agx_backend_lower_alu(s);
   agx_optimize(s);
   if (!agx_validate(s, err, errsize))
      return -1;

   struct agx_mir m = { 0 };
   unsigned uniform_halves = 0, local_bytes = 0;
   int rc = agx_isel(s, &m, &uniform_halves, &local_bytes, err, errsize);
   int used = rc ? -1 : agx_mir_ra_spill(&m, max_halves, err, errsize);
   if (used >= 0)
      rc = agx_emit(&m, &out->code, &out->size, &out->info.num_instrs, err, errsize);
   else
      rc = -1;
   unsigned spill_bytes = m.spill_bytes;
   agx_mir_free(&m);
   if (rc)
      return -1;
   out->info.gpr_halves = ((unsigned)used + 7) & ~7u;
   out->info.uniform_halves = uniform_halves;
   out->info.shared_size = local_bytes;
   /* private arrays live in threadgroup memory; the stack holds spills */
   out->info.scratch_size = spill_bytes;
   memcpy(out->info.local_size, s->local_size, sizeof(out->info.local_size));
   out->info.has_preamble = false;
   return 0;
}

void agx_backend_result_free(struct agx_backend_result *r)
{
   free(r->code);
   memset(r, 0, sizeof(*r));
}

bool agx_backend_disasm(const uint8_t *code, size_t size, void *file)
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
