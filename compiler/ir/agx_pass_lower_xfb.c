/* Transform feedback of geometry shader outputs (emulation.md §5; Mesa
 * writes XFB from its GS lowering, src/asahi/lib/agx_nir_lower_gs.c; this
 * variant and its layout are our own): the AGX_GS_XFB variant of
 * agx_pass_lower_gs runs the geometry shader as a compute kernel over
 * (input primitive, instance), like MAIN, and stores every emitted vertex
 * into the draw's GS vertex records instead of an index buffer, each
 * vertex stream (EmitStreamVertex) in its own region:
 *
 *   unit u = i * input_primitives + p (instance i, primitive p), S =
 *   s->gs.xfb_streams (1 + the highest stream emitted to);
 *   region of (u, stream s) = records + ((u * S + s) * max_vertices_total)
 *   * record_size, the stream's vertex k at + k * record_size;
 *   record_size = 16 (1 + slot_count): word 0 the vertex's position in its
 *   strip (0, 1, ...), then one vec4 per slot the shader stores (ranked by
 *   agx_gs_slot_rank over the output mask), as the vertex shader's
 *   software variant lays out its records;
 *   counts[u * S + s] = vertices emitted to stream s.
 *
 * The addresses follow struct agx_gs_params (layout/agx_gs.h) at
 * AGX_GS_XFB_PARAMS_RECORDS / _COUNTS. The capture kernel
 * (cl_kernels/agx_xfb.cl agx_xfb_capture_gs) turns strips into primitives.
 * Assumes streams 0-3 (the front end checks); output words past the fourth
 * of a slot (clip distances 4..7) are not recorded. */
#include "agx_builder.h"
#include "agx_gs.h"
#include "agx_passes.h"

static agx_instr *
imm(agx_builder *b, uint32_t v)
{
   return agx_imm(b, 32, v);
}

static agx_instr *
wide(agx_builder *b, agx_instr *x)
{
   return agx_resize(b, x, 64, false);
}

static agx_instr *
param(agx_builder *b, const struct agx_gs_xfb *x, unsigned offset, unsigned bits)
{
   agx_instr *addr = agx_iadd(b, x->params, agx_imm(b, 64, offset));
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(bits, 1), 1, addr, NULL, NULL, bits / 8,
                     0, 0);
}

static agx_instr *
load_var(agx_builder *b, unsigned var)
{
   return agx_intrin(b, AGX_OP_LOAD_VAR, agx_type_make(32, 1), 0, NULL, NULL, NULL, var, 0, 0);
}

static void
store_var(agx_builder *b, unsigned var, agx_instr *v)
{
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, v, NULL, NULL, var, 0, 0);
}

static void
store_global(agx_builder *b, agx_instr *addr, agx_instr *v)
{
   agx_intrin(b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, addr, v, NULL, 4, 0, 0);
}

uint64_t
agx_gs_xfb_begin(agx_builder *b, agx_shader *s, struct agx_gs_xfb *x)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   x->mask = 0;
   x->streams = 1;
   for (unsigned i = 0; i < n; i++) {
      const agx_instr *I = all[i];
      if (I->op == AGX_OP_STORE_OUTPUT && I->c[0] < 64)
         x->mask |= 1ull << I->c[0];
      if ((I->op == AGX_OP_EMIT_VERTEX || I->op == AGX_OP_END_PRIMITIVE) && I->c[0] < 4 &&
          I->c[0] + 1 > x->streams)
         x->streams = I->c[0] + 1;
   }
   s->gs.xfb_streams = x->streams;
   x->record_size = 16u * (1u + (unsigned)__builtin_popcountll(x->mask));
   for (unsigned k = 0; k < x->streams; k++) {
      x->strip[k] = agx_shader_add_var(s, agx_type_make(32, 1));
      x->count[k] = agx_shader_add_var(s, agx_type_make(32, 1));
      store_var(b, x->strip[k], imm(b, 0));
      store_var(b, x->count[k], imm(b, 0));
   }
   agx_instr *prims = param(b, x, AGX_GS_PARAMS_INPUT_PRIMITIVES, 32);
   agx_instr *unit =
      agx_iadd(b, agx_imul(b, wide(b, x->instance), wide(b, prims)), wide(b, x->prim));
   x->index = agx_imul(b, unit, agx_imm(b, 64, x->streams));
   uint64_t per_prim = (uint64_t)s->gs.max_vertices * s->gs.invocations * x->record_size;
   x->region = agx_iadd(b, param(b, x, AGX_GS_XFB_PARAMS_RECORDS, 64),
                        agx_imul(b, x->index, agx_imm(b, 64, per_prim)));
   return x->mask;
}

/* The current vertex's record in stream k's region. */
static agx_instr *
record(agx_builder *b, const agx_shader *s, const struct agx_gs_xfb *x, unsigned k)
{
   uint64_t per_prim = (uint64_t)s->gs.max_vertices * s->gs.invocations * x->record_size;
   agx_instr *v = wide(b, load_var(b, x->count[k]));
   agx_instr *base = agx_iadd(b, x->region, agx_imm(b, 64, k * per_prim));
   return agx_iadd(b, base, agx_imul(b, v, agx_imm(b, 64, x->record_size)));
}

void
agx_gs_xfb_lower(agx_builder *b, const agx_shader *s, const struct agx_gs_xfb *x, agx_instr *I)
{
   if (I->op == AGX_OP_STORE_OUTPUT) {
      /* every stream's current record: outputs are undefined after an
       * emit, so the values stored before a stream's emit are its
       * vertex's (stores to another stream's record are overwritten
       * before that stream emits, or never read) */
      unsigned slot = I->c[0], comp = I->c[1];
      if (slot >= 64 || comp >= 4)
         return;
      unsigned off = 16 * (1 + agx_gs_slot_rank(x->mask, slot)) + 4 * comp;
      for (unsigned k = 0; k < x->streams; k++)
         store_global(b, agx_iadd(b, record(b, s, x, k), agx_imm(b, 64, off)), I->src[0]);
   } else if (I->op == AGX_OP_EMIT_VERTEX) {
      unsigned k = I->c[0] < 4 ? I->c[0] : 0;
      agx_instr *strip = load_var(b, x->strip[k]);
      store_global(b, record(b, s, x, k), strip);
      store_var(b, x->strip[k], agx_iadd(b, strip, imm(b, 1)));
      store_var(b, x->count[k], agx_iadd(b, load_var(b, x->count[k]), imm(b, 1)));
   } else if (I->op == AGX_OP_END_PRIMITIVE) {
      for (unsigned k = 0; k < x->streams; k++)
         if (I->c[0] == k || I->c[0] >= 4)
            store_var(b, x->strip[k], imm(b, 0));
   }
}

void
agx_gs_xfb_end(agx_shader *s, const struct agx_gs_xfb *x)
{
   agx_builder bb = agx_builder_at_end(s, agx_list_last_block(&s->body)), *b = &bb;
   agx_instr *counts = param(b, x, AGX_GS_XFB_PARAMS_COUNTS, 64);
   for (unsigned k = 0; k < x->streams; k++) {
      agx_instr *at = agx_iadd(b, x->index, agx_imm(b, 64, k));
      agx_instr *addr = agx_iadd(b, counts, agx_imul(b, at, agx_imm(b, 64, 4)));
      store_global(b, addr, load_var(b, x->count[k]));
   }
}
