/* The geometry-shader path's shader variants (emulation.md §3, §4; Mesa's
 * design in src/asahi/lib/agx_nir_lower_gs.c, written here from its
 * description):
 *
 *  - AGX_GS_VS_SW: a vertex shader run as a compute kernel over (vertex,
 *    instance) = global id (x, y): every store_output word goes to the
 *    draw's input buffer (layout/agx_gs.h), vertex/instance ids and the
 *    base vertex/instance come from struct agx_gs_params (indexed draws
 *    read the index in software), DrawIndex from the root uniforms as in
 *    the hardware vertex shader. Reports the slots written.
 *  - AGX_GS_MAIN: the geometry shader as a compute kernel over (input
 *    primitive, instance): it runs the GS and writes the 32-bit index
 *    buffer of the DYNAMIC_INDEXED shape, every entry of its primitive
 *    (unused ones are restarts); outputs are dropped.
 *  - AGX_GS_RAST: the geometry shader as a hardware vertex shader: its
 *    vertex id names (instance, primitive, k); it runs the GS again and
 *    keeps the outputs stored before the k-th emit_vertex, written as
 *    ordinary vertex outputs at the end; memory writes and atomics are
 *    MAIN's alone (strip_side_effects).
 *
 * Every variant reads GS inputs (load_per_vertex_input) from the input
 * buffer with the vertex of the primitive the draw's topology gives
 * (lists, strips, fans, list adjacency), and PrimitiveId as the primitive
 * number within its instance. Assumes the SPIR-V front end's geometry form
 * (agx_spirv_io.c): outputs stored before each emit_vertex, an
 * end_primitive after each invocation, a load_gs_active halt at entry
 * (always true here: grids are exact, the CDM runs partial workgroups).
 * Streams: emit_vertex/end_primitive of streams other than
 * o->rast_stream are dropped (not rasterised).
 * Clip and cull distances written by the vertex shader take two records
 * each (words 0-3 under their slot, 4-7 under AGX_GS_CLIP_HI/CULL_HI). */
#include <stdio.h>
#include <stdlib.h>

#include "agx_builder.h"
#include "agx_gs.h"
#include "agx_passes.h"

#define GS_WORKGROUP 32u

_Static_assert(AGX_IO_NUM_SLOTS <= AGX_GS_CLIP_HI, "the clip/cull record bits above the slots");

struct gs_ctx {
   agx_shader *s;
   const struct agx_gs_options *o;
   agx_instr *params;          /* 64-bit address of struct agx_gs_params */
   agx_instr *prim, *instance; /* 32-bit */
   agx_instr *k;               /* RAST: the emitted vertex this invocation shades */
   agx_instr *region;          /* MAIN: 64-bit address of the primitive's index entries */
   agx_instr *id_base;         /* MAIN: vertex id of its first emitted vertex */
   unsigned counter, written, strip;
   unsigned sel[AGX_IO_NUM_SLOTS][AGX_IO_MAX_COMPS]; /* RAST: variable + 1 */
   uint8_t interp[AGX_IO_NUM_SLOTS];
};

static agx_instr *
imm(agx_builder *b, uint32_t v)
{
   return agx_imm(b, 32, v);
}

static agx_instr *
param(agx_builder *b, struct gs_ctx *g, unsigned offset, unsigned bits)
{
   agx_instr *addr = agx_iadd(b, g->params, agx_imm(b, 64, offset));
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(bits, 1), 1, addr, NULL, NULL, bits / 8,
                     0, 0);
}

static agx_instr *
wide(agx_builder *b, agx_instr *x)
{
   return agx_resize(b, x, 64, false);
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

/* The (x, y) global id of a compute variant. */
static void
global_id(agx_builder *b, agx_shader *s, agx_instr **x, agx_instr **y)
{
   agx_type v3 = agx_type_make(32, 3);
   agx_instr *wg = agx_intrin(b, AGX_OP_LOAD_WORKGROUP_ID, v3, 0, NULL, NULL, NULL, 0, 0, 0);
   agx_instr *li = agx_intrin(b, AGX_OP_LOAD_LOCAL_INVOCATION_ID, v3, 0, NULL, NULL, NULL, 0, 0, 0);
   uint64_t sz[4] = {s->cs.local_size[0], s->cs.local_size[1], s->cs.local_size[2], 0};
   agx_instr *id = agx_iadd(b, agx_imul(b, wg, agx_const(b, v3, sz)), li);
   *x = agx_extract(b, id, 0);
   *y = agx_extract(b, id, 1);
}

/* Address of word (slot rank, comp) of input vertex `linear`. */
static agx_instr *
input_address(agx_builder *b, struct gs_ctx *g, agx_instr *linear, unsigned rank, unsigned comp)
{
   unsigned n = (unsigned)__builtin_popcountll(g->o->input_mask);
   agx_instr *rec = agx_iadd(b, agx_imul(b, linear, imm(b, n)), imm(b, rank));
   agx_instr *off =
      agx_iadd(b, agx_imul(b, wide(b, rec), agx_imm(b, 64, 16)), agx_imm(b, 64, 4 * comp));
   return agx_iadd(b, param(b, g, AGX_GS_PARAMS_INPUT_BUFFER, 64), off);
}

/* Triangle strips with adjacency (Vulkan "Triangle Strips With Adjacency",
 * first vertex provoking): vertex v of primitive p is 2p + an offset by
 * case, as Mesa's libagx_vertex_id_for_tri_strip_adj tabulates it:
 *   v: 0  1                      2        3           4        5
 *      0  first 1, even -2, odd 3  e/f 2, odd 4  last 5 else 6  e/f 4, 2  e/f 3, -2
 * (e/f: even or first primitive). */
static agx_instr *
strip_adjacency(agx_builder *b, struct gs_ctx *g, agx_instr *v)
{
   agx_instr *p = g->prim;
   agx_instr *last =
      agx_ieq(b, p, agx_isub(b, param(b, g, AGX_GS_PARAMS_INPUT_PRIMITIVES, 32), imm(b, 1)));
   agx_instr *first = agx_ieq(b, p, imm(b, 0));
   agx_instr *even = agx_ieq(b, agx_iand(b, p, imm(b, 1)), imm(b, 0));
   agx_instr *ef = agx_ior(b, first, even);
   agx_instr *o1 =
      agx_bcsel(b, first, imm(b, 1), agx_bcsel(b, even, imm(b, (uint32_t)-2), imm(b, 3)));
   agx_instr *o2 = agx_bcsel(b, ef, imm(b, 2), imm(b, 4));
   agx_instr *o3 = agx_bcsel(b, last, imm(b, 5), imm(b, 6));
   agx_instr *o4 = agx_bcsel(b, ef, imm(b, 4), imm(b, 2));
   agx_instr *o5 = agx_bcsel(b, ef, imm(b, 3), imm(b, (uint32_t)-2));
   agx_instr *off = agx_bcsel(b, agx_ieq(b, v, imm(b, 1)), o1, imm(b, 0));
   off = agx_bcsel(b, agx_ieq(b, v, imm(b, 2)), o2, off);
   off = agx_bcsel(b, agx_ieq(b, v, imm(b, 3)), o3, off);
   off = agx_bcsel(b, agx_ieq(b, v, imm(b, 4)), o4, off);
   off = agx_bcsel(b, agx_ieq(b, v, imm(b, 5)), o5, off);
   return agx_iadd(b, agx_ishl(b, p, imm(b, 1)), off);
}

/* The draw's vertex (from 0) that is vertex v of input primitive prim. */
static agx_instr *
primitive_vertex(agx_builder *b, struct gs_ctx *g, agx_instr *v)
{
   agx_instr *topo = param(b, g, AGX_GS_PARAMS_INPUT_TOPOLOGY, 32);
   agx_instr *stride = param(b, g, AGX_GS_PARAMS_VERTEX_STRIDE, 32);
   agx_instr *p = g->prim;
   agx_instr *list = agx_iadd(b, agx_imul(b, p, stride), v);
   /* triangle strips keep the winding: i, i + 1 + i % 2, i + 2 - i % 2 */
   agx_instr *odd = agx_iand(b, p, imm(b, 1));
   agx_instr *adj = agx_bcsel(b, agx_ieq(b, v, imm(b, 1)), odd,
                              agx_bcsel(b, agx_ieq(b, v, imm(b, 2)), agx_ineg(b, odd), imm(b, 0)));
   agx_instr *strip = agx_iadd(b, list, adj);
   /* fans: i + 1, i + 2, 0 */
   agx_instr *fan =
      agx_bcsel(b, agx_ieq(b, v, imm(b, 2)), imm(b, 0), agx_iadd(b, agx_iadd(b, p, v), imm(b, 1)));
   agx_instr *r =
      agx_bcsel(b, agx_ieq(b, topo, imm(b, AGX_GS_TOPOLOGY_TRIANGLE_STRIP)), strip, list);
   r = agx_bcsel(b, agx_ieq(b, topo, imm(b, AGX_GS_TOPOLOGY_TRIANGLE_FAN)), fan, r);
   return agx_bcsel(b, agx_ieq(b, topo, imm(b, AGX_GS_TOPOLOGY_TRIANGLE_STRIP_ADJ)),
                    strip_adjacency(b, g, v), r);
}

/* The input record of word (slot, comp): clip and cull distances take two
 * records, words 4-7 in the one of AGX_GS_CLIP_HI / AGX_GS_CULL_HI. */
static void
record_of(unsigned *slot, unsigned *comp)
{
   if ((*slot == AGX_IO_CLIP_DIST || *slot == AGX_IO_CULL_DIST) && *comp >= 4) {
      *slot = *slot == AGX_IO_CLIP_DIST ? AGX_GS_CLIP_HI : AGX_GS_CULL_HI;
      *comp -= 4;
   }
}

static agx_instr *
lower_input(agx_builder *b, struct gs_ctx *g, agx_instr *I)
{
   unsigned slot = I->c[0], comp = I->c[1];
   record_of(&slot, &comp);
   if (slot >= 64 || !(g->o->input_mask & (1ull << slot)) || comp >= 4)
      return imm(b, 0); /* not written by the vertex shader: undefined */
   agx_instr *vtx = primitive_vertex(b, g, I->src[0]);
   agx_instr *per_instance = param(b, g, AGX_GS_PARAMS_VERTS_PER_INSTANCE, 32);
   agx_instr *linear = agx_iadd(b, agx_imul(b, g->instance, per_instance), vtx);
   agx_instr *addr = input_address(b, g, linear, agx_gs_slot_rank(g->o->input_mask, slot), comp);
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
}

static unsigned
ceil_log2(uint32_t x)
{
   unsigned l = 0;
   while ((1ull << l) < x)
      l++;
   return l;
}

/* Builds the per-variant values at the shader's start. */
static void
prologue(struct gs_ctx *g)
{
   agx_shader *s = g->s;
   agx_builder b0 = agx_builder_at_end(s, agx_list_first_block(&s->body));
   agx_block *first = agx_list_first_block(&s->body);
   agx_builder *b = &b0;
   if (!agx_list_empty(&first->instrs))
      b0 = agx_builder_before(s, agx_container_of(first->instrs.next, agx_instr, link));
   g->params = agx_intrin(b, AGX_OP_LOAD_GEOMETRY_PARAMS, agx_type_make(64, 1), 0, NULL, NULL, NULL,
                          0, 0, 0);
   const struct agx_gs_info *gs = &s->gs;
   if (g->o->variant == AGX_GS_RAST) {
      agx_instr *id =
         agx_intrin(b, AGX_OP_LOAD_VERTEX_ID, agx_type_make(32, 1), 0, NULL, NULL, NULL, 0, 0, 0);
      agx_instr *plog2 = param(b, g, AGX_GS_PARAMS_PRIMITIVES_LOG2, 32);
      g->k = agx_iand(b, id, imm(b, (1u << gs->vertex_id_log2) - 1));
      agx_instr *u = agx_ushr(b, id, imm(b, gs->vertex_id_log2));
      g->prim = agx_iand(b, u, agx_isub(b, agx_ishl(b, imm(b, 1), plog2), imm(b, 1)));
      g->instance = agx_ushr(b, u, plog2);
   } else {
      global_id(b, s, &g->prim, &g->instance);
   }
   g->counter = agx_shader_add_var(s, agx_type_make(32, 1));
   store_var(b, g->counter, imm(b, 0));
   if (g->o->variant == AGX_GS_MAIN) {
      g->written = agx_shader_add_var(s, agx_type_make(32, 1));
      g->strip = agx_shader_add_var(s, agx_type_make(32, 1));
      store_var(b, g->written, imm(b, 0));
      store_var(b, g->strip, imm(b, 0));
      agx_instr *prims = param(b, g, AGX_GS_PARAMS_INPUT_PRIMITIVES, 32);
      agx_instr *plog2 = param(b, g, AGX_GS_PARAMS_PRIMITIVES_LOG2, 32);
      agx_instr *unrolled =
         agx_iadd(b, agx_imul(b, wide(b, g->instance), wide(b, prims)), wide(b, g->prim));
      agx_instr *off = agx_imul(b, unrolled, agx_imm(b, 64, 4ull * gs->max_indices));
      g->region = agx_iadd(b, param(b, g, AGX_GS_PARAMS_OUTPUT_INDEX_BUFFER, 64), off);
      g->id_base = agx_ishl(b, agx_ior(b, agx_ishl(b, g->instance, plog2), g->prim),
                            imm(b, gs->vertex_id_log2));
   }
   if (g->o->variant == AGX_GS_RAST) {
      /* the outputs kept (zero until the vertex is reached) */
      agx_instr **all;
      unsigned n = agx_collect_instrs(s, &all);
      for (unsigned i = 0; i < n; i++) {
         agx_instr *I = all[i];
         if (I->op != AGX_OP_STORE_OUTPUT || g->sel[I->c[0]][I->c[1]])
            continue;
         g->sel[I->c[0]][I->c[1]] = agx_shader_add_var(s, agx_type_make(32, 1)) + 1;
         g->interp[I->c[0]] = (uint8_t)I->c[2];
         store_var(b, g->sel[I->c[0]][I->c[1]] - 1, imm(b, 0));
      }
   }
}

/* MAIN: emit_vertex / end_primitive write the index buffer. */
static void
lower_main(agx_builder *b, struct gs_ctx *g, agx_instr *I)
{
   agx_instr *written = load_var(b, g->written);
   agx_instr *addr = agx_iadd(b, g->region, agx_imul(b, wide(b, written), agx_imm(b, 64, 4)));
   if (I->op == AGX_OP_EMIT_VERTEX) {
      agx_instr *counter = load_var(b, g->counter);
      store_global(b, addr, agx_iadd(b, g->id_base, counter));
      store_var(b, g->written, agx_iadd(b, written, imm(b, 1)));
      store_var(b, g->counter, agx_iadd(b, counter, imm(b, 1)));
      store_var(b, g->strip, agx_iadd(b, load_var(b, g->strip), imm(b, 1)));
   } else if (g->s->gs.output_topology != 0) {
      /* a restart after a non-empty strip (after an empty one the entry
       * is written again or padded: max_indices has room for it) */
      agx_instr *strip = load_var(b, g->strip);
      store_global(b, addr, imm(b, 0xFFFFFFFFu));
      agx_instr *any = agx_bcsel(b, agx_ine(b, strip, imm(b, 0)), imm(b, 1), imm(b, 0));
      store_var(b, g->written, agx_iadd(b, written, any));
      store_var(b, g->strip, imm(b, 0));
   }
}

/* RAST: keep the outputs of the k-th emitted vertex. */
static void
lower_rast(agx_builder *b, struct gs_ctx *g, agx_instr *I)
{
   if (I->op == AGX_OP_EMIT_VERTEX) {
      store_var(b, g->counter, agx_iadd(b, load_var(b, g->counter), imm(b, 1)));
   } else if (I->op == AGX_OP_STORE_OUTPUT) {
      unsigned var = g->sel[I->c[0]][I->c[1]] - 1;
      agx_instr *hit = agx_ieq(b, load_var(b, g->counter), g->k);
      store_var(b, var, agx_bcsel(b, hit, I->src[0], load_var(b, var)));
   }
}

static void
epilogue_rast(struct gs_ctx *g)
{
   agx_builder b = agx_builder_at_end(g->s, agx_list_last_block(&g->s->body));
   for (unsigned slot = 0; slot < AGX_IO_NUM_SLOTS; slot++)
      for (unsigned comp = 0; comp < AGX_IO_MAX_COMPS; comp++)
         if (g->sel[slot][comp])
            agx_intrin(&b, AGX_OP_STORE_OUTPUT, agx_type_make(0, 0), 1,
                       load_var(&b, g->sel[slot][comp] - 1), NULL, NULL, slot, comp,
                       g->interp[slot]);
}

/* MAIN: the primitive's entries after the last one written become
 * restarts (a loop at the end of the shader). */
static void
epilogue_main(struct gs_ctx *g)
{
   agx_builder bb = agx_builder_at_end(g->s, agx_list_last_block(&g->s->body)), *b = &bb;
   agx_loop *loop = agx_push_loop(b);
   agx_instr *written = load_var(b, g->written);
   agx_if *done = agx_push_if(b, agx_uge(b, written, imm(b, g->s->gs.max_indices)));
   agx_jump(b, AGX_OP_BREAK);
   agx_pop_if(b, done);
   agx_instr *addr = agx_iadd(b, g->region, agx_imul(b, wide(b, written), agx_imm(b, 64, 4)));
   store_global(b, addr, imm(b, 0xFFFFFFFFu));
   store_var(b, g->written, agx_iadd(b, written, imm(b, 1)));
   agx_push_continue(b, loop);
   agx_pop_loop(b, loop);
}

/* RAST and XFB re-run the geometry shader (per emitted vertex, per
 * capture) after MAIN ran it once per invocation: their copies drop its
 * memory writes and atomics (an atomic's result reads 0 there), so the
 * shader's side effects happen once, in MAIN (Mesa strips them from the
 * GS copies it re-runs too, agx_nir_lower_gs.c). */
static void
strip_side_effects(agx_shader *s)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      switch (I->op) {
      case AGX_OP_STORE_GLOBAL:
      case AGX_OP_TEXEL_BUFFER_STORE:
      case AGX_OP_IMAGE_STORE:
         agx_instr_remove(I);
         break;
      case AGX_OP_ATOMIC_GLOBAL:
      case AGX_OP_ATOMIC_GLOBAL_CMPXCHG: {
         agx_builder b = agx_builder_before(s, I);
         uint64_t zero[4] = {0};
         agx_rewrite_uses(s, I, agx_const(&b, I->type, zero));
         agx_instr_remove(I);
         break;
      }
      default:
         break;
      }
   }
}

static int
lower_geometry(agx_shader *s, struct agx_gs_options *o, char *err, size_t err_size)
{
   if (o->variant == AGX_GS_RAST || o->variant == AGX_GS_XFB)
      strip_side_effects(s);
   struct agx_gs_info *gs = &s->gs;
   uint32_t verts = gs->max_vertices * gs->invocations;
   gs->vertex_id_log2 = ceil_log2(verts);
   /* a strip may end after every vertex: a restart each, and one more
    * restart stored (not counted) at an end without a strip */
   gs->max_indices = gs->output_topology == 0 ? verts : 2 * verts + 1;
   struct gs_ctx g = {.s = s, .o = o};
   if (o->variant == AGX_GS_MAIN || o->variant == AGX_GS_XFB) {
      s->stage = AGX_STAGE_COMPUTE;
      s->cs.local_size[0] = GS_WORKGROUP;
      s->cs.local_size[1] = s->cs.local_size[2] = 1;
   }
   agx_block *entry = agx_list_first_block(&s->body);
   agx_instr *body0 =
      agx_list_empty(&entry->instrs) ? NULL : agx_container_of(entry->instrs.next, agx_instr, link);
   prologue(&g);
   /* transform feedback (agx_pass_lower_xfb.c), after the prologue */
   struct agx_gs_xfb xfb = {.params = g.params,
                            .prim = g.prim,
                            .instance = g.instance,
                            .counter = g.counter};
   if (o->variant == AGX_GS_XFB) {
      agx_builder xb = body0 ? agx_builder_before(s, body0) : agx_builder_at_end(s, entry);
      o->output_mask = agx_gs_xfb_begin(&xb, s, &xfb);
   }
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      agx_builder b = agx_builder_before(s, I);
      agx_instr *r = NULL;
      switch (I->op) {
      case AGX_OP_LOAD_PER_VERTEX_INPUT:
         r = lower_input(&b, &g, I);
         break;
      case AGX_OP_LOAD_PRIMITIVE_ID:
         r = g.prim;
         break;
      case AGX_OP_LOAD_GS_ACTIVE:
         r = agx_imm(&b, 1, 1);
         break;
      case AGX_OP_EMIT_VERTEX:
      case AGX_OP_END_PRIMITIVE:
      case AGX_OP_STORE_OUTPUT:
         if (o->variant == AGX_GS_XFB) {
            /* every stream is captured, each into its own records */
            agx_gs_xfb_lower(&b, s, &xfb, I);
         } else
            /* another stream's vertices are not rasterised */
            if (I->op != AGX_OP_STORE_OUTPUT && I->c[0] != o->rast_stream &&
                I->c[0] != AGX_GS_ALL_STREAMS)
               ;
            else if (o->variant == AGX_GS_MAIN && I->op != AGX_OP_STORE_OUTPUT)
               lower_main(&b, &g, I);
            else if (o->variant == AGX_GS_RAST)
               lower_rast(&b, &g, I);
         agx_instr_remove(I);
         continue;
      case AGX_OP_LOAD_INPUT:
         snprintf(err, err_size, "geometry shader input without a vertex index");
         return -1;
      default:
         continue;
      }
      agx_rewrite_uses(s, I, r);
      agx_instr_remove(I);
   }
   if (o->variant == AGX_GS_RAST) {
      epilogue_rast(&g);
      s->stage = AGX_STAGE_VERTEX;
   } else if (o->variant == AGX_GS_XFB) {
      agx_gs_xfb_end(s, &xfb);
   } else {
      epilogue_main(&g);
   }
   return 0;
}

/* VS_SW: the vertex shader's system values and outputs. */
static int
lower_vs_sw(agx_shader *s, struct agx_gs_options *o, char *err, size_t err_size)
{
   s->stage = AGX_STAGE_COMPUTE;
   s->cs.local_size[0] = GS_WORKGROUP;
   s->cs.local_size[1] = s->cs.local_size[2] = 1;
   struct gs_ctx g = {.s = s, .o = o};
   agx_block *first = agx_list_first_block(&s->body);
   agx_builder b0 = agx_builder_at_end(s, first);
   if (!agx_list_empty(&first->instrs))
      b0 = agx_builder_before(s, agx_container_of(first->instrs.next, agx_instr, link));
   agx_builder *b = &b0;
   g.params = agx_intrin(b, AGX_OP_LOAD_GEOMETRY_PARAMS, agx_type_make(64, 1), 0, NULL, NULL, NULL,
                         0, 0, 0);
   agx_instr *x, *y;
   global_id(b, s, &x, &y);
   agx_instr *base_vertex = param(b, &g, AGX_GS_PARAMS_BASE_VERTEX, 32);
   /* indexed draws: the index, read as the aligned word that holds it */
   agx_instr *ib = param(b, &g, AGX_GS_PARAMS_INDEX_BUFFER, 64);
   agx_instr *isz = param(b, &g, AGX_GS_PARAMS_INDEX_SIZE, 32);
   agx_instr *iaddr = agx_iadd(b, ib, wide(b, agx_imul(b, x, isz)));
   agx_instr *indexed = agx_ine(b, ib, agx_imm(b, 64, 0));
   agx_instr *word_addr =
      agx_bcsel(b, indexed, agx_iand(b, iaddr, agx_imm(b, 64, ~3ull)), g.params);
   agx_instr *word =
      agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, word_addr, NULL, NULL, 4, 0, 0);
   agx_instr *shift =
      agx_imul(b, agx_resize(b, agx_iand(b, iaddr, agx_imm(b, 64, 3)), 32, false), imm(b, 8));
   agx_instr *mask =
      agx_bcsel(b, agx_ieq(b, isz, imm(b, 4)), imm(b, 0xFFFFFFFFu),
                agx_isub(b, agx_ishl(b, imm(b, 1), agx_imul(b, isz, imm(b, 8))), imm(b, 1)));
   agx_instr *index = agx_iand(b, agx_ushr(b, word, shift), mask);
   agx_instr *vid = agx_iadd(b, agx_bcsel(b, indexed, index, x), base_vertex);
   agx_instr *per_instance = param(b, &g, AGX_GS_PARAMS_VERTS_PER_INSTANCE, 32);
   agx_instr *linear = agx_iadd(b, agx_imul(b, y, per_instance), x);

   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   o->output_mask = 0;
   for (unsigned i = 0; i < n; i++)
      if (all[i]->op == AGX_OP_STORE_OUTPUT) {
         unsigned slot = all[i]->c[0], comp = all[i]->c[1];
         record_of(&slot, &comp);
         if (slot >= 64 || comp >= 4) {
            snprintf(err, err_size, "vertex output slot %u component %u out of range", slot, comp);
            return -1;
         }
         o->output_mask |= 1ull << slot;
      }
   g.o = o;
   o->input_mask = o->output_mask; /* the layout input_address uses */
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      agx_builder bb = agx_builder_before(s, I);
      agx_instr *r = NULL;
      switch (I->op) {
      case AGX_OP_LOAD_VERTEX_ID:
         r = vid;
         break;
      case AGX_OP_LOAD_INSTANCE_ID:
         r = y;
         break;
      case AGX_OP_LOAD_BASE_VERTEX:
         r = base_vertex;
         break;
      case AGX_OP_LOAD_BASE_INSTANCE:
         r = param(&bb, &g, AGX_GS_PARAMS_BASE_INSTANCE, 32);
         break;
      case AGX_OP_LOAD_DRAW_ID:
         /* the root's AGX_ABI_VS_DRAW_ID, as the hardware vertex shader's
          * (agx_pass_lower_io.c): the driver writes the draw's index into
          * the software variant's roots too */
         continue;
      case AGX_OP_LOAD_INPUT:
         snprintf(err, err_size,
                  "vertex input attributes before a geometry shader are not supported yet");
         return -1;
      case AGX_OP_STORE_OUTPUT: {
         unsigned slot = I->c[0], comp = I->c[1];
         record_of(&slot, &comp);
         unsigned rank = agx_gs_slot_rank(o->output_mask, slot);
         store_global(&bb, input_address(&bb, &g, linear, rank, comp), I->src[0]);
         agx_instr_remove(I);
         continue;
      }
      default:
         continue;
      }
      agx_rewrite_uses(s, I, r);
      agx_instr_remove(I);
   }
   return 0;
}

int
agx_pass_lower_gs(agx_shader *s, struct agx_gs_options *o, char *err, size_t err_size)
{
   int ret;
   if (o->variant == AGX_GS_VS_SW) {
      if (s->stage != AGX_STAGE_VERTEX) {
         snprintf(err, err_size, "the software vertex shader needs a vertex shader");
         return -1;
      }
      ret = lower_vs_sw(s, o, err, err_size);
   } else {
      if (s->stage != AGX_STAGE_GEOMETRY) {
         snprintf(err, err_size, "not a geometry shader");
         return -1;
      }
      ret = lower_geometry(s, o, err, err_size);
   }
   if (!ret)
      agx_pass_vars_to_ssa(s);
   return ret;
}
