/* Graphics stage inputs and outputs (Vertex, Fragment, Geometry and
 * tessellation entry points).
 *
 * Every Input/Output variable that is not a plain built-in input is a PTR_IO
 * pointer into a space of 32-bit words (enum agx_io_slot): user locations
 * (a location holds four words; arrays, matrices and struct members take
 * consecutive locations as SPIR-V's Location rules say) and output
 * built-ins (Position, PointSize, ClipDistance[], CullDistance[], Layer,
 * ViewportIndex, FragDepth, SampleMask), including the members of a
 * gl_PerVertex-like block. Up to three array levels may be indexed dynamically
 * (loads select among the elements, stores rewrite each element with a
 * select), if the access ends at a scalar or vector.
 *
 * Outputs live in one IR variable per written word until the end of the
 * shader, where vtn_io_flush_outputs emits one store_output per word (the
 * entry point runs inside a wrapper loop, so returns reach it; OpKill ends
 * the invocation without outputs). Inputs are read with load_input per word
 * where they are loaded; the stage lowering passes turn both into hardware
 * operations. 64-bit integer (and float) scalars and vectors are pairs of
 * words (low, high) per component, flat, a 3- or 4-component vector taking
 * two locations (SPIR-V's Location rules); 16-bit types are refused.
 *
 * Geometry shaders: inputs are arrays over the primitive's vertices (the
 * outer index becomes the source of load_per_vertex_input); EmitVertex
 * stores the current output words (store_output, as at the end of other
 * stages) then emit_vertex; EndPrimitive is end_primitive; the invocations
 * run in a loop around the entry point (InvocationId is its counter), each
 * ending its last strip; agx_pass_lower_gs makes the variants. Outputs are
 * stored at an EmitVertex if written anywhere before it in the module's
 * order of translation (a word first written after the last EmitVertex of
 * a loop body is not seen by the emits before it).
 *
 * Tessellation: inputs of both stages and the control shader's outputs are
 * arrays over the patch's vertices like geometry inputs, except patch
 * words (Patch decoration, TessLevelOuter/Inner); the control shader's
 * outputs and every patch word are memory words accessed in place
 * (tess_leaf: load/store_per_vertex_output, load/store_patch), the
 * evaluation shader's outputs are a vertex shader's. */
#include <spirv/unified1/spirv.h>

#include "agx_passes.h"
#include "agx_spirv_private.h"

static unsigned
interp_of_decs(struct vtn_ctx *c, uint32_t id, int member, unsigned interp)
{
   if (vtn_find_dec(c, id, member, SpvDecorationFlat))
      interp = (interp & ~AGX_INTERP_MASK) | AGX_INTERP_FLAT;
   if (vtn_find_dec(c, id, member, SpvDecorationNoPerspective))
      interp = (interp & ~AGX_INTERP_MASK) | AGX_INTERP_LINEAR;
   if (vtn_find_dec(c, id, member, SpvDecorationCentroid))
      interp |= AGX_INTERP_CENTROID;
   /* Sample: sample-rate shading, interpolated at the sample being shaded
    * (agx_pass_lower_sample_shading) */
   if (vtn_find_dec(c, id, member, SpvDecorationSample) && c->shader->stage == AGX_STAGE_FRAGMENT) {
      c->shader->fs.per_sample = true;
      interp |= AGX_INTERP_SAMPLE;
   }
   return interp;
}

static int
builtin_slot(unsigned builtin)
{
   switch (builtin) {
   case SpvBuiltInPosition:
      return AGX_IO_POSITION;
   case SpvBuiltInPointSize:
      return AGX_IO_POINT_SIZE;
   case SpvBuiltInClipDistance:
      return AGX_IO_CLIP_DIST;
   case SpvBuiltInCullDistance:
      return AGX_IO_CULL_DIST;
   case SpvBuiltInLayer:
      return AGX_IO_LAYER;
   case SpvBuiltInViewportIndex:
      return AGX_IO_VIEWPORT;
   case SpvBuiltInFragDepth:
      return AGX_IO_FRAG_DEPTH;
   case SpvBuiltInSampleMask:
      return AGX_IO_SAMPLE_MASK;
   case SpvBuiltInTessLevelOuter:
      return AGX_IO_TESS_LEVEL_OUTER;
   case SpvBuiltInTessLevelInner:
      return AGX_IO_TESS_LEVEL_INNER;
   case SpvBuiltInPrimitiveId:
      return AGX_IO_PRIMITIVE_ID;
   default:
      return -1;
   }
}

/* Locations taken by a value of type t. */
static unsigned
locations(struct vtn_ctx *c, const struct vtn_type *t, unsigned depth)
{
   if (depth > 16)
      vtn_fail(c, "shader interface type nested too deeply");
   switch (t->base) {
   case VTN_INT:
   case VTN_FLOAT:
      return 1;
   case VTN_VECTOR: /* a 64-bit vec3 / vec4 takes two */
      return t->elem->bits == 64 && t->len > 2 ? 2 : 1;
   case VTN_MATRIX:
      return t->len * locations(c, t->elem, depth + 1);
   case VTN_ARRAY: {
      uint64_t n = (uint64_t)t->len * locations(c, t->elem, depth + 1);
      return n > 1024 ? 1024 : (unsigned)n;
   }
   case VTN_STRUCT: {
      unsigned n = 0;
      for (unsigned k = 0; k < t->len && n < 1024; k++)
         n += locations(c, t->members[k], depth + 1);
      return n;
   }
   default:
      vtn_fail(c, "type %u cannot be a shader input or output", t->id);
   }
}

static bool
is_tess(const struct vtn_ctx *c)
{
   return c->shader->stage == AGX_STAGE_TESS_CTRL || c->shader->stage == AGX_STAGE_TESS_EVAL;
}

bool
vtn_io_builtin_input(struct vtn_ctx *c, unsigned builtin)
{
   /* fragment shaders read the clip and cull distances and the viewport
    * index as varyings the last pre-rasterisation stage also writes
    * (agx_pass_lower_cull_fs.c, agx_uvs.h) */
   if (c->shader->stage == AGX_STAGE_FRAGMENT)
      return builtin == SpvBuiltInClipDistance || builtin == SpvBuiltInCullDistance ||
             builtin == SpvBuiltInViewportIndex;
   /* tessellation and geometry stages read these through the I/O words:
    * per-vertex built-ins of the previous stage (gl_in[]), and the
    * evaluation shader's levels */
   if (!is_tess(c) && c->shader->stage != AGX_STAGE_GEOMETRY)
      return false;
   switch (builtin) {
   case SpvBuiltInPosition:
   case SpvBuiltInPointSize:
   case SpvBuiltInClipDistance:
   case SpvBuiltInCullDistance:
      return true;
   case SpvBuiltInTessLevelOuter:
   case SpvBuiltInTessLevelInner:
      return c->shader->stage == AGX_STAGE_TESS_EVAL;
   default:
      return false;
   }
}

void
vtn_io_variable(struct vtn_ctx *c, struct vtn_variable *var, uint32_t id)
{
   bool out = var->storage == SpvStorageClassOutput;
   var->mode = PTR_IO;
   var->io_interp = interp_of_decs(c, id, -1, AGX_INTERP_SMOOTH);
   const struct vtn_type *type = var->type;
   struct vtn_decoration *d = vtn_find_dec(c, id, -1, SpvDecorationBuiltIn);
   bool level =
      d && (d->arg[0] == SpvBuiltInTessLevelOuter || d->arg[0] == SpvBuiltInTessLevelInner);
   /* Patch on the variable, or on the members of a block (all or none) */
   const struct vtn_type *bt = type->base == VTN_ARRAY ? type->elem : type;
   bool patch =
      is_tess(c) &&
      (level || vtn_find_dec(c, id, -1, SpvDecorationPatch) ||
       (bt->base == VTN_STRUCT && bt->len && vtn_find_dec(c, bt->id, 0, SpvDecorationPatch)));
   /* arrays over the vertices: geometry and tessellation inputs, control
    * shader outputs (patch words are not) */
   bool arrayed = (!out && c->shader->stage == AGX_STAGE_GEOMETRY) ||
                  (is_tess(c) && !patch && (!out || c->shader->stage == AGX_STAGE_TESS_CTRL));
   if (patch)
      var->io_interp |= VTN_IO_PATCH;
   if (arrayed) {
      /* one element per vertex of the input primitive */
      if (type->base != VTN_ARRAY)
         vtn_fail(c, "per-vertex %s %u is not an array", out ? "output" : "input", id);
      type = type->elem;
      var->io_interp |= VTN_IO_PER_VERTEX;
   }
   if (c->shader->stage == AGX_STAGE_TESS_CTRL && out && !arrayed && !patch)
      vtn_fail(c, "tessellation control output %u neither per-vertex nor patch", id);
   if (d) {
      int slot = builtin_slot(d->arg[0]);
      if (slot == AGX_IO_PRIMITIVE_ID && c->shader->stage != AGX_STAGE_GEOMETRY)
         slot = -1; /* PrimitiveId is an output of geometry shaders only */
      if (slot < 0 || (!out && !vtn_io_builtin_input(c, d->arg[0])))
         vtn_fail(c, "built-in %u not supported as an %s", d->arg[0], out ? "output" : "input");
      var->io_slot = slot;
      return;
   }
   struct vtn_decoration *loc = vtn_find_dec(c, id, -1, SpvDecorationLocation);
   if (type->base == VTN_STRUCT && !loc) {
      var->io_slot = -1; /* a block: members carry BuiltIn or Location */
      return;
   }
   if (!loc)
      vtn_fail(c, "%s variable %u has no Location", out ? "Output" : "Input", id);
   if (loc->arg[0] + locations(c, type, 0) > AGX_MAX_VARYINGS)
      vtn_fail(c, "location %u out of range", loc->arg[0]);
   var->io_slot = AGX_IO_VAR0 + (int)loc->arg[0];
   /* Dual-source blending: the fragment output Location 0 Index 1 is the
    * second source, which the output epilog reads from render target 1's
    * registers (agx_fs_epilog.c; Mesa maps it to FRAG_RESULT_DATA1 too). */
   struct vtn_decoration *index = vtn_find_dec(c, id, -1, SpvDecorationIndex);
   if (index && index->arg[0] != 0) {
      if (!out || c->shader->stage != AGX_STAGE_FRAGMENT || index->arg[0] != 1 || loc->arg[0] != 0)
         vtn_fail(c, "Index %u on variable %u (only fragment output Location 0 Index 1)",
                  index->arg[0], id);
      var->io_slot = AGX_IO_VAR0 + 1;
   }
   struct vtn_decoration *comp = vtn_find_dec(c, id, -1, SpvDecorationComponent);
   if (comp)
      var->io_interp |= comp->arg[0] << 8; /* first component, applied by the pointer */
}

/* Steps p into element/member idx of its type. */
static void
io_child(struct vtn_ctx *c, struct vtn_pointer *p, uint64_t idx)
{
   struct vtn_type *t = p->type;
   switch (t->base) {
   case VTN_STRUCT: {
      if (idx >= t->len)
         vtn_fail(c, "member %llu out of range", (unsigned long long)idx);
      unsigned k = (unsigned)idx;
      struct vtn_type *m = t->members[k];
      p->io_interp = interp_of_decs(c, t->id, (int)k, p->io_interp);
      int bslot = t->member_builtin ? builtin_slot((unsigned)t->member_builtin[k]) : -1;
      if (t->member_builtin && t->member_builtin[k] >= 0) {
         if (bslot < 0)
            vtn_fail(c, "built-in %d not supported in a block", t->member_builtin[k]);
         p->io_slot = bslot;
         p->io_comp = 0;
      } else {
         struct vtn_decoration *loc = vtn_find_dec(c, t->id, (int)k, SpvDecorationLocation);
         if (loc) {
            p->io_slot = AGX_IO_VAR0 + (int)loc->arg[0];
         } else {
            if (p->io_slot < 0)
               vtn_fail(c, "block member %u has neither BuiltIn nor Location", k);
            for (unsigned j = 0; j < k; j++)
               p->io_slot += (int)locations(c, t->members[j], 0);
         }
         p->io_comp = 0;
      }
      p->type = m;
      break;
   }
   case VTN_ARRAY:
      if (idx >= t->len)
         vtn_fail(c, "I/O array index %llu out of range", (unsigned long long)idx);
      if (p->io_slot == AGX_IO_CLIP_DIST || p->io_slot == AGX_IO_CULL_DIST ||
          p->io_slot == AGX_IO_SAMPLE_MASK || p->io_slot == AGX_IO_TESS_LEVEL_OUTER ||
          p->io_slot == AGX_IO_TESS_LEVEL_INNER) {
         if (idx >= AGX_IO_MAX_COMPS)
            vtn_fail(c, "built-in array index %llu out of range", (unsigned long long)idx);
         p->io_comp = (unsigned)idx;
      } else {
         p->io_slot += (int)(idx * locations(c, t->elem, 0));
      }
      p->type = t->elem;
      break;
   case VTN_MATRIX:
      if (idx >= t->len)
         vtn_fail(c, "matrix column %llu out of range", (unsigned long long)idx);
      p->io_slot += (int)(idx * locations(c, t->elem, 0));
      p->type = t->elem;
      break;
   case VTN_VECTOR: /* io_comp counts words: two per 64-bit component */
      if (idx >= t->len)
         vtn_fail(c, "component %llu out of range", (unsigned long long)idx);
      p->io_comp += (unsigned)idx * (t->elem->bits == 64 ? 2u : 1u);
      p->type = t->elem;
      break;
   default:
      vtn_fail(c, "access chain into a non-composite type");
   }
   if (p->io_slot >= AGX_IO_NUM_SLOTS || (p->io_slot < AGX_IO_POSITION && p->io_slot >= 0 &&
                                          p->io_slot >= AGX_IO_VAR0 + AGX_MAX_VARYINGS))
      vtn_fail(c, "shader interface location out of range");
}

void
vtn_io_access(struct vtn_ctx *c, struct vtn_pointer *p, uint32_t idx_id)
{
   if (p->io_interp & VTN_IO_PER_VERTEX) {
      /* geometry shader input: the outer index is the vertex */
      agx_instr *v = vtn_def(c, idx_id);
      if (v->type.comps != 1 || v->type.bits == 1)
         vtn_fail(c, "vertex index must be an integer scalar");
      p->io_vertex = agx_resize(&c->b, v, 32, false);
      p->io_interp &= ~VTN_IO_PER_VERTEX;
      p->type = p->type->elem;
      return;
   }
   if (vtn_val(c, idx_id)->kind == VK_CONST) {
      io_child(c, p, vtn_const_u64(c, idx_id));
      return;
   }
   /* a dynamic index: accesses select among the elements */
   struct vtn_type *t = p->type;
   unsigned l = p->io_dyn ? p->io_dyn_levels : 0;
   uint64_t total = (uint64_t)(p->io_dyn ? p->io_dyn_len : 1) * t->len;
   if (l >= 3 || total > 256 ||
       (t->base != VTN_ARRAY && t->base != VTN_VECTOR && t->base != VTN_MATRIX))
      vtn_fail(c, "dynamic indexing of shader inputs/outputs: at most 3 array levels, 256 "
                  "elements");
   agx_instr *idx = vtn_def(c, idx_id);
   if (idx->type.comps != 1 || idx->type.bits == 1)
      vtn_fail(c, "index must be an integer scalar");
   struct vtn_pointer e0 = *p, e1 = *p;
   io_child(c, &e0, 0);
   if (t->len > 1)
      io_child(c, &e1, 1);
   agx_builder *b = &c->b;
   agx_instr *i32 = agx_resize(b, idx, 32, false);
   p->io_dyn = p->io_dyn ? agx_iadd(b, agx_imul(b, p->io_dyn, agx_imm(b, 32, t->len)), i32) : i32;
   p->io_dyn_len = (unsigned)total;
   p->io_dyn_levels = l + 1;
   p->io_dyn_n[l] = t->len;
   p->io_dyn_slots[l] = t->len > 1 ? (unsigned)(e1.io_slot - e0.io_slot) : 0;
   p->io_dyn_comps[l] = t->len > 1 ? e1.io_comp - e0.io_comp : 0;
   p->io_slot = e0.io_slot;
   p->io_comp = e0.io_comp;
   p->io_interp = e0.io_interp;
   p->type = e0.type;
}

static void
check_leaf(struct vtn_ctx *c, const struct vtn_pointer *p)
{
   const struct vtn_type *t = p->type;
   const struct vtn_type *e = t->base == VTN_VECTOR ? t->elem : t;
   if ((e->base != VTN_INT && e->base != VTN_FLOAT) || (e->bits != 32 && e->bits != 64))
      vtn_fail(c, "only 32- and 64-bit shader inputs/outputs are supported yet (type %u)", t->id);
   if (p->io_slot < 0)
      vtn_fail(c, "a block of built-ins is not a value");
   if (e->bits == 64 && p->io_slot >= AGX_IO_POSITION)
      vtn_fail(c, "a 64-bit built-in shader input/output");
   unsigned n = (t->base == VTN_VECTOR ? t->len : 1) * (e->bits / 32);
   unsigned max = p->io_slot >= AGX_IO_POSITION ? AGX_IO_MAX_COMPS : e->bits == 64 ? 8 : 4;
   if (p->io_comp + n > max)
      vtn_fail(c, "components %u..%u of a shader interface slot out of range", p->io_comp,
               p->io_comp + n - 1);
}

static unsigned
out_var(struct vtn_ctx *c, unsigned slot, unsigned comp)
{
   unsigned *v = &c->io_out_var[slot][comp];
   if (!*v)
      *v = agx_shader_add_var(c->shader, agx_type_make(32, 1)) + 1;
   return *v - 1;
}

static unsigned
first_comp(const struct vtn_pointer *p)
{
   return p->io_comp + ((p->io_interp >> 8) & 3);
}

/* Word k of a leaf whose first word is component c0 of its slot: user
 * locations hold 4 words, a 64-bit vector's words go on into the next. */
static void
leaf_word(const struct vtn_pointer *p, unsigned c0, unsigned k, unsigned *slot, unsigned *comp)
{
   unsigned w = c0 + k;
   bool user = p->io_slot < AGX_IO_POSITION;
   *slot = (unsigned)p->io_slot + (user ? w / 4 : 0);
   *comp = user ? w % 4 : w;
}

/* The tessellation stages' memory words: patch words (either stage) and
 * the control shader's per-vertex outputs, loaded and stored where they
 * are accessed (other invocations of the patch read them after a
 * barrier). False for any other word. */
static bool
tess_leaf(struct vtn_ctx *c, const struct vtn_pointer *p, bool store, unsigned n, unsigned c0,
          agx_instr **words)
{
   agx_builder *b = &c->b;
   bool patch = is_tess(c) && (p->io_interp & VTN_IO_PATCH);
   bool vertex_out = c->shader->stage == AGX_STAGE_TESS_CTRL && p->io_out && !patch;
   if (!patch && !vertex_out)
      return false;
   if (vertex_out && !p->io_vertex)
      vtn_fail(c, "tessellation control output used without a vertex index");
   for (unsigned k = 0; k < n; k++) {
      unsigned slot, comp;
      leaf_word(p, c0, k, &slot, &comp);
      if (store) {
         if (patch)
            agx_intrin(b, AGX_OP_STORE_PATCH, agx_type_make(0, 0), 1, words[k], NULL, NULL, slot,
                       comp, 0);
         else
            agx_intrin(b, AGX_OP_STORE_PER_VERTEX_OUTPUT, agx_type_make(0, 0), 2, p->io_vertex,
                       words[k], NULL, slot, comp, 0);
      } else if (patch) {
         words[k] = agx_intrin(b, AGX_OP_LOAD_PATCH, agx_type_make(32, 1), 0, NULL, NULL, NULL,
                               slot, comp, 0);
      } else {
         words[k] = agx_intrin(b, AGX_OP_LOAD_PER_VERTEX_OUTPUT, agx_type_make(32, 1), 1,
                               p->io_vertex, NULL, NULL, slot, comp, 0);
      }
   }
   return true;
}

/* The 32-bit words of a leaf value of n components (64-bit ones: low,
 * high), and back. */
static void
split_words(agx_builder *b, agx_instr *v, unsigned n, bool wide, agx_instr **words)
{
   for (unsigned k = 0; k < n; k++) {
      agx_instr *x = n == 1 ? v : agx_extract(b, v, k);
      if (!wide) {
         words[k] = x;
         continue;
      }
      agx_instr *u =
         agx_build(b, AGX_OP_UNPACK_64_2X32, agx_type_make(32, 2), 1, x, NULL, NULL, NULL);
      words[2 * k] = agx_extract(b, u, 0);
      words[2 * k + 1] = agx_extract(b, u, 1);
   }
}

static agx_instr *
join_words(agx_builder *b, unsigned n, bool wide, agx_instr **words)
{
   agx_instr *comps[4];
   for (unsigned k = 0; k < n; k++)
      comps[k] = wide ? agx_build(b, AGX_OP_PACK_64_2X32, agx_type_make(64, 1), 1,
                                  agx_vec(b, 2, &words[2 * k]), NULL, NULL, NULL)
                      : words[k];
   return n == 1 ? comps[0] : agx_vec(b, n, comps);
}

/* A scalar or vector: its words loaded or stored (val). */
static struct vtn_ssa *
io_leaf(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_ssa *val)
{
   agx_builder *b = &c->b;
   struct vtn_type *t = p->type;
   check_leaf(c, p);
   const struct vtn_type *e = t->base == VTN_VECTOR ? t->elem : t;
   bool wide = e->bits == 64;
   unsigned n = t->base == VTN_VECTOR ? t->len : 1, nw = wide ? 2 * n : n;
   unsigned c0 = first_comp(p);
   if (c0 + nw > (p->io_slot >= AGX_IO_POSITION ? AGX_IO_MAX_COMPS : wide ? 8u : 4u))
      vtn_fail(c, "Component decoration out of range");
   /* integers and 64-bit words are not interpolated */
   bool flat = e->base == VTN_INT || wide;
   agx_instr *words[8];
   if (val)
      split_words(b, val->def, n, wide, words);
   if (tess_leaf(c, p, val != NULL, nw, c0, words))
      return val ? NULL : vtn_ssa_leaf(c, t, join_words(b, n, wide, words));
   for (unsigned k = 0; k < nw; k++) {
      unsigned slot, comp;
      leaf_word(p, c0, k, &slot, &comp);
      if (val) {
         unsigned interp = p->io_interp & AGX_INTERP_MASK;
         c->io_out_interp[slot] = (uint8_t)(flat ? AGX_INTERP_FLAT : interp);
         agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, words[k], NULL, NULL,
                    out_var(c, slot, comp), 0, 0);
      } else if (p->io_out) {
         words[k] = agx_intrin(b, AGX_OP_LOAD_VAR, agx_type_make(32, 1), 0, NULL, NULL, NULL,
                               out_var(c, slot, comp), 0, 0);
      } else if (p->io_vertex) {
         words[k] = agx_intrin(b, AGX_OP_LOAD_PER_VERTEX_INPUT, agx_type_make(32, 1), 1,
                               p->io_vertex, NULL, NULL, slot, comp, 0);
      } else {
         unsigned interp =
            p->io_interp & (AGX_INTERP_MASK | AGX_INTERP_CENTROID | AGX_INTERP_SAMPLE);
         if (flat)
            interp = (interp & ~AGX_INTERP_MASK) | AGX_INTERP_FLAT;
         words[k] = agx_intrin(b, AGX_OP_LOAD_INPUT, agx_type_make(32, 1), 0, NULL, NULL, NULL,
                               slot, comp, interp);
      }
   }
   if (val)
      return NULL;
   return vtn_ssa_leaf(c, t, join_words(b, n, wide, words));
}

static struct vtn_ssa *
io_walk(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_ssa *val, unsigned depth)
{
   struct vtn_type *t = p->type;
   if (depth > 16)
      vtn_fail(c, "shader interface type nested too deeply");
   if (p->io_interp & VTN_IO_PER_VERTEX)
      vtn_fail(c, "geometry shader input used without a vertex index");
   if (vtn_type_is_scalar_or_vector(t))
      return io_leaf(c, p, val);
   unsigned n = t->len;
   if (t->base != VTN_STRUCT && t->base != VTN_ARRAY && t->base != VTN_MATRIX)
      vtn_fail(c, "type %u cannot be a shader input or output", t->id);
   struct vtn_ssa *r = NULL;
   if (!val) {
      r = vtn_alloc(c, sizeof(*r));
      r->type = t;
      r->elems = vtn_alloc(c, sizeof(*r->elems) * (n ? n : 1));
   }
   for (unsigned k = 0; k < n; k++) {
      struct vtn_pointer q = *p;
      io_child(c, &q, k);
      struct vtn_ssa *e = io_walk(c, &q, val ? val->elems[k] : NULL, depth + 1);
      if (r)
         r->elems[k] = e;
   }
   return r;
}

/* Element k of a dynamically indexed pointer. */
static struct vtn_pointer
dyn_element(const struct vtn_pointer *p, unsigned k)
{
   struct vtn_pointer q = *p;
   q.io_dyn = NULL;
   for (unsigned l = p->io_dyn_levels; l-- > 0;) {
      unsigned d = k % p->io_dyn_n[l];
      k /= p->io_dyn_n[l];
      q.io_slot += (int)(d * p->io_dyn_slots[l]);
      q.io_comp += d * p->io_dyn_comps[l];
   }
   return q;
}

/* cond ? a : b, leaf by leaf (values of one shader interface type). */
static struct vtn_ssa *
select_ssa(struct vtn_ctx *c, agx_instr *cond, struct vtn_ssa *a, struct vtn_ssa *b, unsigned depth)
{
   if (depth > 16)
      vtn_fail(c, "shader interface type nested too deeply");
   if (a->def)
      return vtn_ssa_leaf(c, a->type, agx_bcsel(&c->b, cond, a->def, b->def));
   unsigned n = a->type->len;
   struct vtn_ssa *r = vtn_alloc(c, sizeof(*r));
   r->type = a->type;
   r->elems = vtn_alloc(c, sizeof(*r->elems) * (n ? n : 1));
   for (unsigned k = 0; k < n; k++)
      r->elems[k] = select_ssa(c, cond, a->elems[k], b->elems[k], depth + 1);
   return r;
}

struct vtn_ssa *
vtn_io_load(struct vtn_ctx *c, struct vtn_pointer *p)
{
   if (!p->io_dyn)
      return io_walk(c, p, NULL, 0);
   struct vtn_pointer q = dyn_element(p, 0);
   struct vtn_ssa *r = io_walk(c, &q, NULL, 0);
   for (unsigned k = 1; k < p->io_dyn_len; k++) {
      q = dyn_element(p, k);
      struct vtn_ssa *v = io_walk(c, &q, NULL, 0);
      r = select_ssa(c, agx_ieq(&c->b, p->io_dyn, agx_imm(&c->b, 32, k)), v, r, 0);
   }
   return r;
}

void
vtn_io_store(struct vtn_ctx *c, struct vtn_pointer *p, struct vtn_ssa *v)
{
   if (!p->io_out)
      vtn_fail(c, "store to a shader input");
   if (!p->io_dyn) {
      io_walk(c, p, v, 0);
      return;
   }
   agx_builder *b = &c->b;
   if (c->shader->stage == AGX_STAGE_TESS_CTRL) {
      /* memory words other invocations write too: store only the indexed
       * element (aggregates too) */
      for (unsigned k = 0; k < p->io_dyn_len; k++) {
         struct vtn_pointer q = dyn_element(p, k);
         agx_if *nif = agx_push_if(b, agx_ieq(b, p->io_dyn, agx_imm(b, 32, k)));
         io_walk(c, &q, v, 0);
         agx_pop_if(b, nif);
      }
      return;
   }
   if (!vtn_type_is_scalar_or_vector(p->type) || !v->def)
      vtn_fail(c, "dynamically indexed store of an aggregate shader output");
   /* every element keeps its value unless it is the one indexed */
   for (unsigned k = 0; k < p->io_dyn_len; k++) {
      struct vtn_pointer q = dyn_element(p, k);
      agx_instr *old = io_walk(c, &q, NULL, 0)->def;
      agx_instr *nv = agx_bcsel(b, agx_ieq(b, p->io_dyn, agx_imm(b, 32, k)), v->def, old);
      io_walk(c, &q, vtn_ssa_leaf(c, p->type, nv), 0);
   }
}

void
vtn_io_flush_outputs(struct vtn_ctx *c)
{
   agx_builder *b = &c->b;
   for (unsigned slot = 0; slot < AGX_IO_NUM_SLOTS; slot++)
      for (unsigned comp = 0; comp < AGX_IO_MAX_COMPS; comp++) {
         unsigned v = c->io_out_var[slot][comp];
         if (!v)
            continue;
         agx_instr *x =
            agx_intrin(b, AGX_OP_LOAD_VAR, agx_type_make(32, 1), 0, NULL, NULL, NULL, v - 1, 0, 0);
         agx_intrin(b, AGX_OP_STORE_OUTPUT, agx_type_make(0, 0), 1, x, NULL, NULL, slot, comp,
                    c->io_out_interp[slot]);
      }
}

bool
vtn_io_handle_gs(struct vtn_ctx *c, unsigned i)
{
   unsigned op = c->ins[i].op;
   if (op != SpvOpEmitVertex && op != SpvOpEndPrimitive && op != SpvOpEmitStreamVertex &&
       op != SpvOpEndStreamPrimitive)
      return false;
   if (c->shader->stage != AGX_STAGE_GEOMETRY)
      vtn_fail(c, "EmitVertex/EndPrimitive outside a geometry shader");
   /* the stream (a constant, 0-3) travels as c[0] */
   bool has_stream = op == SpvOpEmitStreamVertex || op == SpvOpEndStreamPrimitive;
   uint64_t stream = has_stream ? vtn_const_u64(c, vtn_word(c, i, 1)) : 0;
   if (stream > 3)
      vtn_fail(c, "geometry shader stream %llu out of range", (unsigned long long)stream);
   agx_builder *b = &c->b;
   if (op == SpvOpEmitVertex || op == SpvOpEmitStreamVertex) {
      vtn_io_flush_outputs(c);
      agx_intrin(b, AGX_OP_EMIT_VERTEX, agx_type_make(0, 0), 0, NULL, NULL, NULL, (unsigned)stream,
                 0, 0);
   } else {
      agx_intrin(b, AGX_OP_END_PRIMITIVE, agx_type_make(0, 0), 0, NULL, NULL, NULL,
                 (unsigned)stream, 0, 0);
   }
   return true;
}

void
vtn_io_emit_gs_entry(struct vtn_ctx *c, struct vtn_function *f)
{
   agx_builder *b = &c->b;
   agx_type s1 = agx_type_make(32, 1), none = agx_type_make(0, 0);
   /* threads of a compute variant past the end of the grid stop here */
   agx_instr *active =
      agx_intrin(b, AGX_OP_LOAD_GS_ACTIVE, agx_type_make(1, 1), 0, NULL, NULL, NULL, 0, 0, 0);
   agx_if *nif = agx_push_if(b, agx_ieq(b, active, agx_imm(b, 1, 0)));
   agx_jump(b, AGX_OP_HALT);
   agx_pop_if(b, nif);
   unsigned inv = agx_shader_add_var(c->shader, s1);
   c->gs_invocation_var = inv;
   agx_intrin(b, AGX_OP_STORE_VAR, none, 1, agx_imm(b, 32, 0), NULL, NULL, inv, 0, 0);
   agx_loop *loop = agx_push_loop(b);
   agx_instr *n = agx_intrin(b, AGX_OP_LOAD_VAR, s1, 0, NULL, NULL, NULL, inv, 0, 0);
   agx_if *done = agx_push_if(b, agx_uge(b, n, agx_imm(b, 32, c->shader->gs.invocations)));
   agx_jump(b, AGX_OP_BREAK);
   agx_pop_if(b, done);
   vtn_emit_entry_call(c, f);
   /* each invocation ends its last strip */
   agx_intrin(b, AGX_OP_END_PRIMITIVE, none, 0, NULL, NULL, NULL, AGX_GS_ALL_STREAMS, 0, 0);
   n = agx_intrin(b, AGX_OP_LOAD_VAR, s1, 0, NULL, NULL, NULL, inv, 0, 0);
   agx_intrin(b, AGX_OP_STORE_VAR, none, 1, agx_iadd(b, n, agx_imm(b, 32, 1)), NULL, NULL, inv, 0,
              0);
   agx_push_continue(b, loop);
   agx_pop_loop(b, loop);
}

void
vtn_io_step(struct vtn_ctx *c, struct vtn_pointer *p, uint64_t idx)
{
   io_child(c, p, idx);
}
