/* The tessellation path's shader variants (emulation.md §3, §7; Mesa's
 * design in src/asahi/lib/agx_nir_lower_tess.c, written here from its
 * description), memory layout in layout/agx_tess_params.h:
 *
 *  - AGX_TESS_TCS: the control shader as a compute kernel, one workgroup
 *    of output_vertices threads per (patch, instance) = workgroup id
 *    (x, y); InvocationId is the local id. Per-vertex inputs come from the
 *    software vertex shader's buffer (layout/agx_gs.h), per-vertex outputs
 *    and patch words (levels included) are loaded and stored in the patch's
 *    record of the control-shader buffer where the shader accesses them, so
 *    every invocation of the patch reads them after a barrier (the
 *    workgroup barrier stays: one workgroup is one patch). Reports the
 *    per-vertex and patch slots accessed (the buffer's layout).
 *  - AGX_TESS_TES: the evaluation shader as a hardware vertex shader whose
 *    vertex id is P * AGX_TESS_PATCH_ID_STRIDE + k (patch P's k-th domain
 *    point): TessCoord from the point buffer, per-vertex inputs and patch
 *    words from P's control-shader record (the masks the control shader
 *    reported), PrimitiveId = P mod patches_per_instance.
 *
 * Clip and cull distances take two records per vertex like the geometry
 * path's (words 4-7 under AGX_GS_CLIP_HI / AGX_GS_CULL_HI, layout/agx_gs.h).
 * Assumes: the front end's tessellation form (agx_spirv_io.c: load/store
 * per_vertex_output, load/store_patch, load_per_vertex_input); run before
 * agx_pass_lower_io. */
#include <stdio.h>

#include "agx_builder.h"
#include "agx_passes.h"
#include "agx_tess_params.h"

struct tess_ctx {
   agx_shader *s;
   struct agx_tess_options *o;
   agx_instr *params;
   agx_instr *patch, *instance; /* TCS: workgroup id; TES: patch = unrolled */
   agx_instr *unrolled;         /* 32-bit */
   agx_instr *base;             /* 64-bit address of the patch's control-shader record */
   uint32_t stride;
};

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
load32(agx_builder *b, agx_instr *addr)
{
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(32, 1), 1, addr, NULL, NULL, 4, 0, 0);
}

static agx_instr *
param(agx_builder *b, struct tess_ctx *t, unsigned offset, unsigned bits)
{
   agx_instr *addr = agx_iadd(b, t->params, agx_imm(b, 64, offset));
   return agx_intrin(b, AGX_OP_LOAD_GLOBAL, agx_type_make(bits, 1), 1, addr, NULL, NULL, bits / 8,
                     0, 0);
}

/* The record of per-vertex word (slot, comp): clip/cull distance words 4-7
 * are in the AGX_GS_CLIP_HI / AGX_GS_CULL_HI one (as agx_pass_lower_gs). */
static void
record_of(unsigned *slot, unsigned *comp)
{
   if ((*slot == AGX_IO_CLIP_DIST || *slot == AGX_IO_CULL_DIST) && *comp >= 4) {
      *slot = *slot == AGX_IO_CLIP_DIST ? AGX_GS_CLIP_HI : AGX_GS_CULL_HI;
      *comp -= 4;
   }
}

static uint32_t
rank(uint64_t mask, unsigned slot)
{
   return (uint32_t)__builtin_popcountll(mask & ((1ull << slot) - 1));
}

static agx_instr *
offset_addr(agx_builder *b, agx_instr *base, agx_instr *off32)
{
   return agx_iadd(b, base, wide(b, off32));
}

/* Address of patch word (slot, comp); NULL for a word outside the layout. */
static agx_instr *
patch_addr(agx_builder *b, struct tess_ctx *t, unsigned slot, unsigned comp)
{
   uint32_t off;
   if (slot == AGX_IO_TESS_LEVEL_OUTER && comp < 4)
      off = 4 * comp;
   else if (slot == AGX_IO_TESS_LEVEL_INNER && comp < 2)
      off = 16 + 4 * comp;
   else if (slot < 64 && (t->o->patch_mask & (1ull << slot)) && comp < 4)
      off = AGX_TESS_LEVELS_BYTES + 16 * rank(t->o->patch_mask, slot) + 4 * comp;
   else
      return NULL;
   return agx_iadd(b, t->base, agx_imm(b, 64, off));
}

/* Address of per-vertex output word (slot, comp) of output vertex v. */
static agx_instr *
vertex_addr(agx_builder *b, struct tess_ctx *t, agx_instr *v, unsigned slot, unsigned comp)
{
   uint64_t mask = t->o->vertex_mask;
   record_of(&slot, &comp);
   if (slot >= 64 || !(mask & (1ull << slot)) || comp >= 4)
      return NULL;
   uint32_t n = (uint32_t)__builtin_popcountll(mask);
   uint32_t first = AGX_TESS_LEVELS_BYTES + 16 * (uint32_t)__builtin_popcountll(t->o->patch_mask);
   agx_instr *off =
      agx_iadd(b, agx_imul(b, v, imm(b, 16 * n)), imm(b, first + 16 * rank(mask, slot) + 4 * comp));
   return offset_addr(b, t->base, off);
}

/* TCS: word (slot, comp) of input vertex v, in the vertex shader's buffer. */
static agx_instr *
tcs_input(agx_builder *b, struct tess_ctx *t, agx_instr *v, unsigned slot, unsigned comp)
{
   uint64_t mask = t->o->input_mask;
   record_of(&slot, &comp);
   if (slot >= 64 || !(mask & (1ull << slot)) || comp >= 4)
      return imm(b, 0); /* not written by the vertex shader: undefined */
   unsigned n = (unsigned)__builtin_popcountll(mask);
   agx_instr *per_instance = param(b, t, AGX_GS_PARAMS_VERTS_PER_INSTANCE, 32);
   agx_instr *in_size = param(b, t, AGX_TESS_PARAMS_INPUT_PATCH_SIZE, 32);
   agx_instr *linear = agx_iadd(b, agx_imul(b, t->instance, per_instance),
                                agx_iadd(b, agx_imul(b, t->patch, in_size), v));
   agx_instr *rec = agx_iadd(b, agx_imul(b, linear, imm(b, n)), imm(b, rank(mask, slot)));
   agx_instr *off =
      agx_iadd(b, agx_imul(b, wide(b, rec), agx_imm(b, 64, 16)), agx_imm(b, 64, 4 * comp));
   return load32(b, agx_iadd(b, param(b, t, AGX_GS_PARAMS_INPUT_BUFFER, 64), off));
}

/* TES: TessCoord component comp of this vertex (domain point). */
static agx_instr *
tess_coord(agx_builder *b, struct tess_ctx *t, agx_instr *point, unsigned comp)
{
   agx_instr *rec = agx_iadd(b, param(b, t, AGX_TESS_PARAMS_PATCH_RECORDS, 64),
                             agx_imul(b, wide(b, t->unrolled), agx_imm(b, 64, 16)));
   agx_instr *first = load32(b, agx_iadd(b, rec, agx_imm(b, 64, 8)));
   agx_instr *pt = agx_iadd(b, param(b, t, AGX_TESS_PARAMS_POINTS, 64),
                            agx_imul(b, wide(b, agx_iadd(b, first, point)), agx_imm(b, 64, 8)));
   agx_instr *scale = imm(b, 0x37800000u); /* 2^-16: 16.16 fixed point */
   agx_instr *u = agx_fmul(b, agx_u2f(b, 32, load32(b, pt)), scale);
   agx_instr *v = agx_fmul(b, agx_u2f(b, 32, load32(b, agx_iadd(b, pt, agx_imm(b, 64, 4)))), scale);
   if (comp == 0)
      return u;
   if (comp == 1)
      return v;
   if (t->o->domain == 1 + 0) /* triangles: w = 1 - u - v */
      return agx_fsub(b, agx_fsub(b, imm(b, 0x3F800000u), u), v);
   return imm(b, 0);
}

static void
prologue(struct tess_ctx *t, agx_instr **point)
{
   agx_shader *s = t->s;
   agx_block *first = agx_list_first_block(&s->body);
   agx_builder b0 = agx_builder_at_end(s, first), *b = &b0;
   if (!agx_list_empty(&first->instrs))
      b0 = agx_builder_before(s, agx_container_of(first->instrs.next, agx_instr, link));
   t->params = agx_intrin(b, AGX_OP_LOAD_GEOMETRY_PARAMS, agx_type_make(64, 1), 0, NULL, NULL, NULL,
                          0, 0, 0);
   if (t->o->variant == AGX_TESS_TCS) {
      agx_instr *wg = agx_intrin(b, AGX_OP_LOAD_WORKGROUP_ID, agx_type_make(32, 3), 0, NULL, NULL,
                                 NULL, 0, 0, 0);
      t->patch = agx_extract(b, wg, 0);
      t->instance = agx_extract(b, wg, 1);
      agx_instr *per = param(b, t, AGX_TESS_PARAMS_PATCHES_PER_INSTANCE, 32);
      t->unrolled = agx_iadd(b, agx_imul(b, t->instance, per), t->patch);
   } else {
      agx_instr *id =
         agx_intrin(b, AGX_OP_LOAD_VERTEX_ID, agx_type_make(32, 1), 0, NULL, NULL, NULL, 0, 0, 0);
      t->unrolled = agx_ushr(b, id, imm(b, AGX_TESS_PATCH_ID_LOG2));
      *point = agx_iand(b, id, imm(b, AGX_TESS_PATCH_ID_STRIDE - 1));
      agx_instr *per = param(b, t, AGX_TESS_PARAMS_PATCHES_PER_INSTANCE, 32);
      t->patch = agx_umod(b, t->unrolled, per);
   }
   t->base = agx_iadd(b, param(b, t, AGX_TESS_PARAMS_TCS_BUFFER, 64),
                      agx_imul(b, wide(b, t->unrolled), agx_imm(b, 64, t->stride)));
}

/* TCS: the slots its per-vertex outputs and patch words use. */
static int
collect_masks(agx_shader *s, struct agx_tess_options *o, char *err, size_t err_size)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   o->vertex_mask = o->patch_mask = 0;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      bool vertex =
         I->op == AGX_OP_LOAD_PER_VERTEX_OUTPUT || I->op == AGX_OP_STORE_PER_VERTEX_OUTPUT;
      bool patch = I->op == AGX_OP_LOAD_PATCH || I->op == AGX_OP_STORE_PATCH;
      if (!vertex && !patch)
         continue;
      unsigned slot = I->c[0], comp = I->c[1];
      if (slot == AGX_IO_TESS_LEVEL_OUTER || slot == AGX_IO_TESS_LEVEL_INNER)
         continue;
      if (patch && (slot == AGX_IO_CLIP_DIST || slot == AGX_IO_CULL_DIST)) {
         snprintf(err, err_size, "clip/cull distances as patch words");
         return -1;
      }
      record_of(&slot, &comp);
      if (slot >= 64) {
         snprintf(err, err_size, "tessellation control output slot %u out of range", slot);
         return -1;
      }
      if (vertex)
         o->vertex_mask |= 1ull << slot;
      else
         o->patch_mask |= 1ull << slot;
   }
   return 0;
}

static agx_instr *
lower_one(agx_builder *b, struct tess_ctx *t, agx_instr *I, agx_instr *point, bool *removed)
{
   bool tcs = t->o->variant == AGX_TESS_TCS;
   agx_instr *a;
   *removed = false;
   switch (I->op) {
   case AGX_OP_LOAD_PER_VERTEX_INPUT:
      if (tcs)
         return tcs_input(b, t, I->src[0], I->c[0], I->c[1]);
      a = vertex_addr(b, t, I->src[0], I->c[0], I->c[1]);
      return a ? load32(b, a) : imm(b, 0);
   case AGX_OP_LOAD_PER_VERTEX_OUTPUT:
      a = vertex_addr(b, t, I->src[0], I->c[0], I->c[1]);
      return a ? load32(b, a) : imm(b, 0);
   case AGX_OP_STORE_PER_VERTEX_OUTPUT:
      a = vertex_addr(b, t, I->src[0], I->c[0], I->c[1]);
      if (a)
         agx_intrin(b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, a, I->src[1], NULL, 4, 0, 0);
      *removed = true;
      return NULL;
   case AGX_OP_LOAD_PATCH:
      a = patch_addr(b, t, I->c[0], I->c[1]);
      return a ? load32(b, a) : imm(b, 0);
   case AGX_OP_STORE_PATCH:
      a = patch_addr(b, t, I->c[0], I->c[1]);
      if (a)
         agx_intrin(b, AGX_OP_STORE_GLOBAL, agx_type_make(0, 0), 2, a, I->src[0], NULL, 4, 0, 0);
      *removed = true;
      return NULL;
   case AGX_OP_LOAD_PRIMITIVE_ID:
      return t->patch;
   case AGX_OP_LOAD_PATCH_VERTICES:
      return tcs ? param(b, t, AGX_TESS_PARAMS_INPUT_PATCH_SIZE, 32)
                 : imm(b, t->o->output_vertices);
   case AGX_OP_LOAD_TESS_COORD:
      return tcs ? imm(b, 0) : tess_coord(b, t, point, I->c[0]);
   default:
      return NULL;
   }
}

int
agx_pass_lower_tess(agx_shader *s, struct agx_tess_options *o, char *err, size_t err_size)
{
   bool tcs = o->variant == AGX_TESS_TCS;
   if (s->stage != (tcs ? AGX_STAGE_TESS_CTRL : AGX_STAGE_TESS_EVAL)) {
      snprintf(err, err_size, "not a tessellation %s shader", tcs ? "control" : "evaluation");
      return -1;
   }
   if (tcs) {
      o->output_vertices = s->tess.output_vertices;
      if (collect_masks(s, o, err, err_size))
         return -1;
   }
   if (!tcs && s->tess.domain)
      o->domain = s->tess.domain; /* the evaluation shader's own mode wins */
   struct tess_ctx t = {.s = s, .o = o};
   t.stride = agx_tess_tcs_stride(o->patch_mask, o->vertex_mask, o->output_vertices);
   agx_instr *point = NULL;
   prologue(&t, &point);
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all);
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (!tcs && I->op == AGX_OP_STORE_PER_VERTEX_OUTPUT) {
         snprintf(err, err_size, "per-vertex output store outside a control shader");
         return -1;
      }
      agx_builder b = agx_builder_before(s, I);
      bool removed;
      agx_instr *r = lower_one(&b, &t, I, point, &removed);
      if (removed) {
         agx_instr_remove(I);
      } else if (r) {
         agx_rewrite_uses(s, I, r);
         agx_instr_remove(I);
      }
   }
   if (tcs) {
      s->stage = AGX_STAGE_COMPUTE;
      s->cs.local_size[0] = o->output_vertices;
      s->cs.local_size[1] = s->cs.local_size[2] = 1;
   } else {
      s->stage = AGX_STAGE_VERTEX;
   }
   return 0;
}
