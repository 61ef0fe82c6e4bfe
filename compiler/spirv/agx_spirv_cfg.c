/* Functions and structured control flow. Assumes structured SPIR-V (every
 * conditional branch either has an OpSelectionMerge or targets only merge /
 * continue / break blocks; loops are headed by OpLoopMerge); anything else is
 * rejected as "unstructured" rather than mistranslated.
 *
 * A function's blocks are walked from the entry: a selection becomes an IR if
 * whose branches stop at the merge block; a loop header becomes an IR loop
 * whose body is walked until branches to the merge (break) or the continue
 * target (continue), and whose continue construct is walked into the loop's
 * continue list until the back edge. OpPhi becomes an IR variable stored at
 * the end of each predecessor and loaded at the phi (vars-to-SSA rebuilds
 * phis). Calls are inlined: the callee runs inside a one-trip IR loop so that
 * `return` is "set flag, break"; after every loop inside the callee, a set
 * flag breaks further out. In the entry point `return` ends the invocation.
 * Functions without merge instructions (kernels) are emitted by
 * agx_spirv_structurize.c, which shares the block bodies and returns. */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "agx_abi.h"
#include "agx_spirv_private.h"

#define MAX_DEPTH 200

/* Exits from inside a switch (lowered to a one-trip loop) that target the
 * enclosing loop: set a flag, leave the switch, re-dispatch after it. */
struct sw_exit {
   uint32_t outer_brk, outer_cont;
   unsigned brk_var, cont_var; /* IR variable + 1, created on first use */
};

struct cf_ctx {
   uint32_t brk, cont, stop, header;
   /* Reaching `header` ends the continue list; only valid when nothing is
    * emitted after the current position (not inside a selection with a
    * merge, whose merge code would run instead of the back edge). */
   bool header_ok;
   uint32_t fall_label; /* the next case of a switch: falling into it */
   unsigned fall_var;   /* IR variable + 1 */
   struct sw_exit *sw;
};

static bool
is_terminator(unsigned op)
{
   return op == SpvOpBranch || op == SpvOpBranchConditional || op == SpvOpSwitch ||
          op == SpvOpReturn || op == SpvOpReturnValue || op == SpvOpKill ||
          op == SpvOpUnreachable || op == SpvOpTerminateInvocation;
}

static void
add_leaf_store(struct vtn_ctx *c, struct vtn_block *b, uint32_t phi, uint32_t val)
{
   if (b->num_phi_stores == b->cap_phi_stores) {
      unsigned cap = b->cap_phi_stores ? b->cap_phi_stores * 2 : 4;
      uint32_t *p = vtn_alloc(c, cap * sizeof(uint32_t)), *v = vtn_alloc(c, cap * sizeof(uint32_t));
      if (b->num_phi_stores) {
         memcpy(p, b->phi_store_phi, b->num_phi_stores * sizeof(uint32_t));
         memcpy(v, b->phi_store_val, b->num_phi_stores * sizeof(uint32_t));
      }
      b->phi_store_phi = p;
      b->phi_store_val = v;
      b->cap_phi_stores = cap;
   }
   b->phi_store_phi[b->num_phi_stores] = phi;
   b->phi_store_val[b->num_phi_stores] = val;
   b->num_phi_stores++;
}

static struct vtn_block *
lookup_block(struct vtn_ctx *c, struct vtn_function *f, uint32_t label)
{
   struct vtn_value *v = vtn_val(c, label);
   if (v->kind != VK_LABEL || v->block_index >= f->num_blocks ||
       f->blocks[v->block_index].label != label)
      vtn_fail(c, "id %u is not a block of function %u", label, f->id);
   return &f->blocks[v->block_index];
}

unsigned
lookup_block_index(struct vtn_ctx *c, struct vtn_function *f, uint32_t label)
{
   return (unsigned)(lookup_block(c, f, label) - f->blocks);
}

void
vtn_index_functions(struct vtn_ctx *c, unsigned first)
{
   unsigned cap_funcs = 0;
   struct vtn_function *f = NULL;
   unsigned cap_blocks = 0;
   struct vtn_block *blk = NULL;
   for (unsigned i = first; i < c->num_ins; i++) {
      c->cur = i;
      unsigned op = c->ins[i].op;
      if (op == SpvOpFunction) {
         if (f)
            vtn_fail(c, "nested OpFunction");
         f = vtn_alloc(c, sizeof(*f));
         f->id = vtn_word(c, i, 2);
         f->ret = vtn_get_type(c, vtn_word(c, i, 1));
         f->first = i;
         struct vtn_value *v = vtn_val(c, f->id);
         if (v->kind != VK_NONE)
            vtn_fail(c, "id %u defined twice", f->id);
         v->kind = VK_FUNC;
         v->func = f;
         f->params = vtn_alloc(c, sizeof(uint32_t) * (c->num_ins - i));
         cap_blocks = 0;
         blk = NULL;
         if (c->num_funcs == cap_funcs) {
            cap_funcs = cap_funcs ? cap_funcs * 2 : 8;
            struct vtn_function **n = realloc(c->funcs, cap_funcs * sizeof(*n));
            if (!n)
               abort();
            c->funcs = n;
         }
         c->funcs[c->num_funcs++] = f;
         continue;
      }
      if (!f) {
         if (op != SpvOpLine && op != SpvOpNoLine && op != SpvOpNop)
            vtn_fail(c, "instruction outside of a function after the first function");
         continue;
      }
      if (op == SpvOpFunctionParameter) {
         if (blk)
            vtn_fail(c, "OpFunctionParameter inside a block");
         f->params[f->num_params++] = vtn_word(c, i, 2);
         vtn_get_type(c, vtn_word(c, i, 1));
         continue;
      }
      if (op == SpvOpFunctionEnd) {
         if (blk)
            vtn_fail(c, "block %u has no terminator", blk->label);
         f->end = i;
         f = NULL;
         continue;
      }
      if (op == SpvOpLabel) {
         if (blk)
            vtn_fail(c, "block %u has no terminator", blk->label);
         if (f->num_blocks == cap_blocks) {
            cap_blocks = cap_blocks ? cap_blocks * 2 : 8;
            struct vtn_block *n = vtn_alloc(c, cap_blocks * sizeof(*n));
            if (f->num_blocks)
               memcpy(n, f->blocks, f->num_blocks * sizeof(*n));
            f->blocks = n;
         }
         blk = &f->blocks[f->num_blocks];
         blk->label = vtn_word(c, i, 1);
         blk->first = i + 1;
         struct vtn_value *v = vtn_val(c, blk->label);
         if (v->kind != VK_NONE)
            vtn_fail(c, "id %u defined twice", blk->label);
         v->kind = VK_LABEL;
         v->block_index = f->num_blocks++;
         continue;
      }
      if (!blk)
         vtn_fail(c, "instruction outside of a block");
      if ((op == SpvOpSelectionMerge || op == SpvOpLoopMerge) &&
          c->exec_model == SpvExecutionModelKernel)
         continue; /* kernels are treated as unstructured (llvm-spirv's merges are hints) */
      if (op == SpvOpSelectionMerge || op == SpvOpLoopMerge) {
         if (i + 1 >= c->num_ins || !is_terminator(c->ins[i + 1].op))
            vtn_fail(c, "merge instruction not followed by a branch");
         blk->merge_ins = i;
         blk->merge = vtn_word(c, i, 1);
         if (op == SpvOpLoopMerge) {
            blk->is_loop = true;
            blk->cont = vtn_word(c, i, 2);
         } else {
            blk->is_selection = true;
            blk->sel_merge = blk->merge;
         }
         continue;
      }
      if (is_terminator(op)) {
         blk->end = i;
         blk = NULL;
      }
   }
   if (f) {
      c->cur = ~0u;
      vtn_fail(c, "function %u has no OpFunctionEnd", f->id);
   }

   /* Phi sources become stores at the end of their predecessor blocks. */
   for (unsigned fi = 0; fi < c->num_funcs; fi++) {
      struct vtn_function *fn = c->funcs[fi];
      bool structured = false;
      for (unsigned bi = 0; bi < fn->num_blocks; bi++)
         structured |= fn->blocks[bi].merge_ins != 0;
      if (!structured && c->exec_model == SpvExecutionModelKernel && fn->num_blocks > 1)
         vtn_infer_structure(c, fn);
      for (unsigned bi = 0; bi < fn->num_blocks; bi++) {
         struct vtn_block *b = &fn->blocks[bi];
         for (unsigned i = b->first; i < b->end; i++) {
            c->cur = i;
            if (c->ins[i].op != SpvOpPhi)
               continue;
            uint32_t phi = vtn_word(c, i, 2);
            if (vtn_wc(c, i) % 2 == 0)
               vtn_fail(c, "OpPhi with an odd number of operands");
            for (unsigned k = 3; k + 1 < vtn_wc(c, i); k += 2)
               add_leaf_store(c, lookup_block(c, fn, vtn_word(c, i, k + 1)), phi,
                              vtn_word(c, i, k));
         }
      }
      for (unsigned bi = 0; bi < fn->num_blocks; bi++) {
         struct vtn_block *b = &fn->blocks[bi];
         if (b->merge && b->merge_ins) {
            c->cur = b->merge_ins;
            lookup_block(c, fn, b->merge);
            if (b->is_loop)
               lookup_block(c, fn, b->cont);
         }
      }
   }
}

static void emit_seq(struct vtn_ctx *c, struct vtn_function *f, uint32_t label,
                     const struct cf_ctx *ctx);

static void leaf_store(struct vtn_ctx *c, struct vtn_type *t, const struct vtn_ssa *s,
                       unsigned *var, uint32_t src);

bool
vtn_store_return(struct vtn_ctx *c, unsigned i, bool value)
{
   agx_builder *b = &c->b;
   if (!c->call) {
      agx_jump(b, AGX_OP_HALT);
      return false;
   }
   if (value) {
      if (!c->call->has_ret_value)
         vtn_fail(c, "OpReturnValue in a void function");
      uint32_t id = vtn_word(c, i, 1);
      unsigned var = c->call->ret_var;
      leaf_store(c, c->call->ret_type, vtn_ssa_of(c, id), &var, id);
   }
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(b, 1, 1), NULL, NULL,
              c->call->flag_var, 0, 0);
   return true;
}

static void
emit_return(struct vtn_ctx *c, unsigned i, bool value)
{
   if (vtn_store_return(c, i, value))
      agx_jump(&c->b, AGX_OP_BREAK);
}

static void emit_call(struct vtn_ctx *c, unsigned i);

/* OpPhi values and inlined functions' return values live in IR variables,
 * one per scalar/vector leaf of the type, allocated consecutively in
 * depth-first order (aggregates are split into their leaves); phi_var is
 * the first one + 1. */
static unsigned
leaf_count(struct vtn_ctx *c, struct vtn_type *t, unsigned depth)
{
   if (vtn_type_is_scalar_or_vector(t))
      return 1;
   if (depth > 32 || (t->base != VTN_ARRAY && t->base != VTN_STRUCT && t->base != VTN_MATRIX))
      vtn_fail(c, "phi or return value of type %u is not supported", t->id);
   unsigned n = 0;
   for (unsigned k = 0; k < t->len; k++) {
      n += leaf_count(c, t->base == VTN_STRUCT ? t->members[k] : t->elem, depth + 1);
      if (n > 4096)
         vtn_fail(c, "phi or return value of type %u is too large", t->id);
   }
   return n;
}

static void
leaf_alloc(struct vtn_ctx *c, struct vtn_type *t)
{
   if (vtn_type_is_scalar_or_vector(t)) {
      agx_shader_add_var(c->b.shader, vtn_ir_type(c, t));
      return;
   }
   for (unsigned k = 0; k < t->len; k++)
      leaf_alloc(c, t->base == VTN_STRUCT ? t->members[k] : t->elem);
}

static struct vtn_ssa *
leaf_load(struct vtn_ctx *c, struct vtn_type *t, unsigned *var)
{
   if (vtn_type_is_scalar_or_vector(t)) {
      unsigned v = (*var)++;
      return vtn_ssa_leaf(c, t,
                          agx_intrin(&c->b, AGX_OP_LOAD_VAR, c->b.shader->var_types[v], 0, NULL,
                                     NULL, NULL, v, 0, 0));
   }
   struct vtn_ssa *s = vtn_ssa_leaf(c, t, NULL);
   s->elems = vtn_alloc(c, sizeof(*s->elems) * t->len);
   for (unsigned k = 0; k < t->len; k++)
      s->elems[k] = leaf_load(c, t->base == VTN_STRUCT ? t->members[k] : t->elem, var);
   return s;
}

static void
leaf_store(struct vtn_ctx *c, struct vtn_type *t, const struct vtn_ssa *s, unsigned *var,
           uint32_t src)
{
   if (vtn_type_is_scalar_or_vector(t)) {
      unsigned v = (*var)++;
      if (!s->def || !agx_type_eq(s->def->type, c->b.shader->var_types[v]))
         vtn_fail(c, "value %u has the wrong type for its phi or return", src);
      agx_intrin(&c->b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, s->def, NULL, NULL, v, 0, 0);
      return;
   }
   if (!s->elems)
      vtn_fail(c, "value %u has the wrong type for its phi or return", src);
   for (unsigned k = 0; k < t->len; k++)
      leaf_store(c, t->base == VTN_STRUCT ? t->members[k] : t->elem, s->elems[k], var, src);
}

void
vtn_emit_block_body(struct vtn_ctx *c, struct vtn_block *blk)
{
   unsigned stop = blk->merge_ins ? blk->merge_ins : blk->end;
   for (unsigned i = blk->first; i < stop; i++) {
      c->cur = i;
      unsigned op = c->ins[i].op;
      switch (op) {
      case SpvOpNop:
      case SpvOpLine:
      case SpvOpNoLine:
      case SpvOpName:
      case SpvOpMemberName:
      case SpvOpModuleProcessed:
      case SpvOpLoopMerge:
      case SpvOpSelectionMerge:
         continue; /* merges reach here only in kernels, where they are ignored */
      case SpvOpPhi: {
         uint32_t id = vtn_word(c, i, 2);
         struct vtn_value *v = vtn_val(c, id);
         if (!v->phi_var)
            vtn_fail(c, "phi %u not prepared", id);
         struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
         unsigned var = v->phi_var - 1;
         struct vtn_ssa *ps = leaf_load(c, t, &var);
         ps->known_space = v->phi_space;
         vtn_push_ssa(c, id, ps);
         continue;
      }
      case SpvOpFunctionCall:
         emit_call(c, i);
         continue;
      case SpvOpExtInst:
         vtn_handle_extinst(c, i);
         continue;
      default:
         break;
      }
      if (vtn_handle_pointer_op(c, i) || vtn_handle_alu(c, i) || vtn_handle_composite(c, i) ||
          vtn_handle_memory(c, i) || vtn_io_handle_gs(c, i) || vtn_handle_subgroup(c, i) ||
          vtn_handle_integer_dot(c, i) || vtn_handle_image(c, i) || vtn_handle_derivative(c, i))
         continue;
      vtn_fail(c, "unsupported instruction");
   }
   for (unsigned k = 0; k < blk->num_phi_stores; k++) {
      c->cur = blk->end;
      struct vtn_value *pv = vtn_val(c, blk->phi_store_phi[k]);
      if (!pv->phi_var)
         vtn_fail(c, "phi %u not prepared", blk->phi_store_phi[k]);
      unsigned var = pv->phi_var - 1;
      leaf_store(c, pv->phi_type, vtn_ssa_of(c, blk->phi_store_val[k]), &var,
                 blk->phi_store_val[k]);
   }
}

/* Emits one block and its terminator; returns the label to continue with in
 * the same list, or 0 if the walk of this list ends here. */
static void emit_switch(struct vtn_ctx *c, struct vtn_function *f, struct vtn_block *blk,
                        const struct cf_ctx *ctx);

static uint32_t
emit_block(struct vtn_ctx *c, struct vtn_function *f, struct vtn_block *blk,
           const struct cf_ctx *ctx)
{
   blk->emitted = true;
   vtn_emit_block_body(c, blk);
   unsigned t = blk->end;
   c->cur = t;
   switch (c->ins[t].op) {
   case SpvOpBranch:
      return vtn_word(c, t, 1);
   case SpvOpBranchConditional: {
      agx_instr *cond = vtn_def(c, vtn_word(c, t, 1));
      uint32_t tl = vtn_word(c, t, 2), fl = vtn_word(c, t, 3);
      if (cond->type.bits != 1 || cond->type.comps != 1)
         vtn_fail(c, "branch condition is not a boolean scalar");
      if (tl == fl)
         return tl;
      struct cf_ctx sub = *ctx;
      if (blk->is_selection) {
         sub.stop = blk->sel_merge;
         sub.header_ok = false;
      }
      agx_if *nif = agx_push_if(&c->b, cond);
      emit_seq(c, f, tl, &sub);
      agx_push_else(&c->b, nif);
      emit_seq(c, f, fl, &sub);
      agx_pop_if(&c->b, nif);
      return blk->is_selection ? blk->sel_merge : 0;
   }
   case SpvOpSwitch:
      if (!blk->is_selection)
         vtn_fail(c, "OpSwitch without OpSelectionMerge");
      emit_switch(c, f, blk, ctx);
      return blk->sel_merge;
   case SpvOpReturn:
      emit_return(c, t, false);
      return 0;
   case SpvOpReturnValue:
      emit_return(c, t, true);
      return 0;
   default: /* OpKill, OpUnreachable, OpTerminateInvocation */
      if (c->ins[t].op != SpvOpUnreachable && c->shader->stage == AGX_STAGE_FRAGMENT)
         agx_intrin(&c->b, AGX_OP_DISCARD, agx_type_make(0, 0), 0, NULL, NULL, NULL, 0, 0, 0);
      agx_jump(&c->b, AGX_OP_HALT);
      return 0;
   }
}

static void
store_bool(struct vtn_ctx *c, unsigned var, bool v)
{
   agx_intrin(&c->b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(&c->b, 1, v), NULL, NULL,
              var, 0, 0);
}

/* if (var) jump; */
static void
jump_if_var(struct vtn_ctx *c, unsigned var, enum agx_op jump)
{
   agx_instr *flag =
      agx_intrin(&c->b, AGX_OP_LOAD_VAR, agx_type_make(1, 1), 0, NULL, NULL, NULL, var, 0, 0);
   agx_if *nif = agx_push_if(&c->b, flag);
   agx_jump(&c->b, jump);
   agx_pop_if(&c->b, nif);
}

static void
emit_loop(struct vtn_ctx *c, struct vtn_function *f, struct vtn_block *h)
{
   agx_loop *loop = agx_push_loop(&c->b);
   if (c->call)
      c->call->loop_depth++;
   struct cf_ctx body = {.brk = h->merge, .cont = h->cont};
   uint32_t next = emit_block(c, f, h, &body);
   if (next)
      emit_seq(c, f, next, &body);
   agx_push_continue(&c->b, loop);
   if (h->cont != h->label) {
      struct cf_ctx cont = {.brk = h->merge, .header = h->label, .header_ok = true};
      emit_seq(c, f, h->cont, &cont);
   }
   agx_pop_loop(&c->b, loop);
   if (c->call) {
      c->call->loop_depth--;
      /* A return inside the loop only left the loop: keep unwinding. */
      jump_if_var(c, c->call->flag_var, AGX_OP_BREAK);
   }
}

static void
emit_seq(struct vtn_ctx *c, struct vtn_function *f, uint32_t label, const struct cf_ctx *ctx)
{
   if (++c->depth > MAX_DEPTH)
      vtn_fail(c, "control flow nested too deeply");
   while (label) {
      if (ctx->stop && label == ctx->stop)
         break;
      if (ctx->fall_label && label == ctx->fall_label) {
         store_bool(c, ctx->fall_var - 1, true);
         break;
      }
      if (ctx->brk && label == ctx->brk) {
         agx_jump(&c->b, AGX_OP_BREAK);
         break;
      }
      if (ctx->sw && (label == ctx->sw->outer_cont || label == ctx->sw->outer_brk)) {
         unsigned *var = label == ctx->sw->outer_cont ? &ctx->sw->cont_var : &ctx->sw->brk_var;
         if (!*var) {
            *var = agx_shader_add_var(c->b.shader, agx_type_make(1, 1)) + 1;
            /* initialised to false where the switch starts */
            agx_instr *init =
               agx_instr_create(c->b.shader, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1);
            agx_instr *f0 = agx_instr_create(c->b.shader, AGX_OP_CONST, agx_type_make(1, 1), 0);
            init->src[0] = f0;
            init->c[0] = *var - 1;
            agx_builder at = agx_builder_at_end(c->b.shader, c->switch_entry);
            agx_builder_insert(&at, f0);
            agx_builder_insert(&at, init);
         }
         store_bool(c, *var - 1, true);
         agx_jump(&c->b, AGX_OP_BREAK);
         break;
      }
      if (ctx->cont && label == ctx->cont) {
         agx_jump(&c->b, AGX_OP_CONTINUE);
         break;
      }
      if (ctx->header && label == ctx->header) {
         if (!ctx->header_ok)
            vtn_fail(c, "back edge to block %u inside a selection is not supported", label);
         break; /* back edge: end of the continue list */
      }
      struct vtn_block *blk = lookup_block(c, f, label);
      if (blk->emitted)
         vtn_fail(c, "unstructured control flow: block %u reached twice", label);
      if (blk->is_loop) {
         emit_loop(c, f, blk);
         label = blk->merge;
         continue;
      }
      label = emit_block(c, f, blk, ctx);
   }
   c->depth--;
}

/* A switch becomes a one-trip loop (so branches to the merge are breaks)
 * holding one `if (fall || selector matches)` per distinct target, in block
 * order; reaching the next case's label sets `fall` (fallthrough). */
static void
emit_switch(struct vtn_ctx *c, struct vtn_function *f, struct vtn_block *blk,
            const struct cf_ctx *ctx)
{
   unsigned t = blk->end;
   agx_builder *b = &c->b;
   agx_instr *sel = vtn_def(c, vtn_word(c, t, 1));
   if (sel->type.comps != 1 || sel->type.bits < 8)
      vtn_fail(c, "switch selector must be an integer scalar");
   unsigned lw = sel->type.bits == 64 ? 2 : 1;
   unsigned wc = vtn_wc(c, t);
   if ((wc - 3) % (lw + 1))
      vtn_fail(c, "malformed OpSwitch");
   unsigned ncases = (wc - 3) / (lw + 1);
   /* Distinct targets sorted by block order, found through a per-block map
    * so that huge switches stay linear. */
   int *tmap = vtn_alloc(c, sizeof(int) * f->num_blocks);
   for (unsigned k = 0; k < f->num_blocks; k++)
      tmap[k] = -1;
   unsigned ntargets = 0;
   uint32_t *targets = vtn_alloc(c, sizeof(uint32_t) * (ncases + 1));
   for (unsigned k = 0; k <= ncases; k++) {
      uint32_t label = k == 0 ? vtn_word(c, t, 2) : vtn_word(c, t, 3 + (k - 1) * (lw + 1) + lw);
      unsigned bi = (unsigned)(lookup_block(c, f, label) - f->blocks);
      if (tmap[bi] < 0)
         tmap[bi] = 0, ntargets++;
   }
   for (unsigned bi = 0, k = 0; bi < f->num_blocks; bi++)
      if (tmap[bi] >= 0) {
         tmap[bi] = (int)k;
         targets[k++] = f->blocks[bi].label;
      }
   unsigned fall = agx_shader_add_var(b->shader, agx_type_make(1, 1));
   store_bool(c, fall, false);
   agx_block *saved_entry = c->switch_entry;
   c->switch_entry = b->block;
   struct sw_exit sw = {.outer_brk = ctx->brk, .outer_cont = ctx->cont};
   agx_loop *loop = agx_push_loop(b);
   if (c->call)
      c->call->loop_depth++;
   uint32_t dflt = vtn_word(c, t, 2);
   if (ntargets == 1) {
      /* Only one target (spirv-opt's "one-trip switch" idiom): no dispatch,
       * so the target keeps dominating what follows, as in SPIR-V. */
      struct cf_ctx sub = {.brk = blk->sel_merge, .sw = &sw};
      emit_seq(c, f, targets[0], &sub);
      ntargets = 0;
   }
   /* selector == literal, once per case (linear in the number of cases) */
   agx_instr **eqs = vtn_alloc(c, sizeof(agx_instr *) * (ncases + 1));
   agx_instr *any = NULL;
   for (unsigned ci = 0; ci < ncases && ntargets; ci++) {
      unsigned w = 3 + ci * (lw + 1);
      uint64_t lit = vtn_word(c, t, w);
      if (lw == 2)
         lit |= (uint64_t)vtn_word(c, t, w + 1) << 32;
      eqs[ci] = agx_ieq(b, sel, agx_imm(b, sel->type.bits, lit));
      any = any ? agx_ior(b, any, eqs[ci]) : eqs[ci];
      vtn_alloc(c, 0); /* budget check */
   }
   agx_instr **mines = vtn_alloc(c, sizeof(agx_instr *) * (ntargets + 1));
   for (unsigned ci = 0; ci < ncases && ntargets; ci++) {
      uint32_t label = vtn_word(c, t, 3 + ci * (lw + 1) + lw);
      int k = tmap[lookup_block(c, f, label) - f->blocks];
      mines[k] = mines[k] ? agx_ior(b, mines[k], eqs[ci]) : eqs[ci];
   }
   for (unsigned k = 0; k < ntargets; k++) {
      uint32_t label = targets[k];
      agx_instr *cond =
         agx_intrin(b, AGX_OP_LOAD_VAR, agx_type_make(1, 1), 0, NULL, NULL, NULL, fall, 0, 0);
      agx_instr *mine = mines[k];
      if (label == dflt) {
         agx_instr *none = any ? agx_inot(b, any) : agx_imm(b, 1, 1);
         mine = mine ? agx_ior(b, mine, none) : none;
      }
      cond = agx_ior(b, cond, mine ? mine : agx_imm(b, 1, 0));
      agx_if *nif = agx_push_if(b, cond);
      struct cf_ctx sub = {.brk = blk->sel_merge, .sw = &sw};
      if (k + 1 < ntargets) {
         sub.fall_label = targets[k + 1];
         sub.fall_var = fall + 1;
      }
      emit_seq(c, f, label, &sub);
      agx_pop_if(b, nif);
   }
   if (!agx_block_ends_in_jump(b->block))
      agx_jump(b, AGX_OP_BREAK);
   agx_push_continue(b, loop);
   agx_pop_loop(b, loop);
   c->switch_entry = saved_entry;
   if (c->call)
      c->call->loop_depth--;
   if (sw.cont_var)
      jump_if_var(c, sw.cont_var - 1, AGX_OP_CONTINUE);
   if (sw.brk_var)
      jump_if_var(c, sw.brk_var - 1, AGX_OP_BREAK);
   if (c->call)
      jump_if_var(c, c->call->flag_var, AGX_OP_BREAK);
}

static void
emit_function(struct vtn_ctx *c, struct vtn_function *f)
{
   if (f->num_blocks == 0)
      vtn_fail(c, "function %u has no body", f->id);
   /* A function inlined again redefines its ids: forget the previous call's
    * values (decorations stay). */
   for (unsigned i = f->first + 1; i < f->end; i++) {
      const struct agx_spirv_op_info *info = agx_spirv_op_info(c->ins[i].op);
      unsigned op = c->ins[i].op;
      if (!info->has_result || op == SpvOpLabel || op == SpvOpFunctionParameter)
         continue;
      c->cur = i;
      struct vtn_value *v = vtn_val(c, vtn_word(c, i, info->has_type ? 2 : 1));
      struct vtn_decoration *d = v->decs;
      memset(v, 0, sizeof(*v));
      v->decs = d;
   }
   for (unsigned bi = 0; bi < f->num_blocks; bi++) {
      struct vtn_block *b = &f->blocks[bi];
      b->emitted = false;
      for (unsigned i = b->first; i < b->end; i++) {
         if (c->ins[i].op != SpvOpPhi)
            continue;
         c->cur = i;
         struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
         leaf_count(c, t, 0);
         struct vtn_value *pv = vtn_val(c, vtn_word(c, i, 2));
         pv->phi_var = c->b.shader->num_vars + 1;
         pv->phi_type = t;
         leaf_alloc(c, t);
      }
   }
   if (c->physical64)
      vtn_infer_phi_spaces(c, f);
   if (f->unstructured) {
      vtn_emit_unstructured(c, f);
      return;
   }
   struct cf_ctx top = {0};
   emit_seq(c, f, f->blocks[0].label, &top);
}

static void
emit_call(struct vtn_ctx *c, unsigned i)
{
   struct vtn_type *rt = vtn_get_type(c, vtn_word(c, i, 1));
   uint32_t res = vtn_word(c, i, 2);
   struct vtn_function *f = vtn_val_kind(c, vtn_word(c, i, 3), VK_FUNC)->func;
   if (f->active)
      vtn_fail(c, "recursive call of function %u", f->id);
   if (vtn_wc(c, i) - 4 != f->num_params)
      vtn_fail(c, "call passes %u arguments, function takes %u", vtn_wc(c, i) - 4, f->num_params);
   if (c->depth > MAX_DEPTH / 2)
      vtn_fail(c, "calls nested too deeply");
   for (unsigned p = 0; p < f->num_params; p++) {
      struct vtn_value *arg = vtn_val(c, vtn_word(c, i, 4 + p));
      struct vtn_value *param = vtn_val(c, f->params[p]);
      if (arg->kind != VK_SSA && arg->kind != VK_CONST && arg->kind != VK_VAR &&
          arg->kind != VK_PTR)
         vtn_fail(c, "argument %u is not a value", p);
      struct vtn_decoration *decs = param->decs;
      *param = *arg;
      param->decs = decs;
   }
   struct vtn_call call = {0};
   agx_builder *b = &c->b;
   call.flag_var = agx_shader_add_var(b->shader, agx_type_make(1, 1));
   call.ret_type = rt;
   if (rt->base != VTN_VOID) {
      leaf_count(c, rt, 0);
      call.ret_var = b->shader->num_vars;
      leaf_alloc(c, rt);
      call.has_ret_value = true;
   }
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(b, 1, 0), NULL, NULL,
              call.flag_var, 0, 0);
   agx_loop *loop = agx_push_loop(b);
   struct vtn_call *outer = c->call;
   unsigned saved_cur = c->cur;
   c->call = &call;
   f->active = true;
   c->depth++;
   emit_function(c, f);
   c->depth--;
   f->active = false;
   c->call = outer;
   c->cur = saved_cur;
   agx_push_continue(b, loop);
   agx_pop_loop(b, loop);
   if (outer) {
      /* Nothing to unwind: the callee's flag is its own. */
   }
   if (call.has_ret_value) {
      unsigned var = call.ret_var;
      vtn_push_ssa(c, res, leaf_load(c, rt, &var));
   }
}

_Static_assert(sizeof(((agx_shader *)0)->local_arg_push) / sizeof(uint32_t) ==
                  AGX_ABI_MAX_LOCAL_ARGS,
               "agx_shader holds every __local argument slot");

/* Kernel arguments are read from the push-constant range: each at the next
 * offset aligned to its size (3-component vectors take 4), in order;
 * pointers are 64-bit global addresses; ByVal structs at their alignment. */
static void
load_kernel_args(struct vtn_ctx *c, struct vtn_function *f)
{
   uint32_t off = 0;
   for (unsigned k = 0; k < f->num_params; k++) {
      unsigned i = f->first + 1 + k;
      c->cur = i;
      if (c->ins[i].op != SpvOpFunctionParameter)
         vtn_fail(c, "kernel parameters out of order");
      struct vtn_type *t = vtn_get_type(c, vtn_word(c, i, 1));
      bool byval = false;
      for (struct vtn_decoration *d = vtn_val(c, vtn_word(c, i, 2))->decs; d; d = d->next)
         byval |= d->dec == SpvDecorationFuncParamAttr && d->member == -1 &&
                  d->arg[0] == SpvFunctionParameterAttributeByVal;
      if (t->base == VTN_POINTER && t->storage == SpvStorageClassFunction && byval) {
         /* A struct passed by value (clang's ByVal pointer): its bytes sit in the push range
          * at the next offset aligned to the struct, laid out like C; loads through the
          * pointer read push constants. */
         struct vtn_type *pt = t->elem;
         vtn_compute_layout(c, pt);
         off = (off + pt->align - 1) / pt->align * pt->align;
         struct vtn_pointer *p = vtn_alloc(c, sizeof(*p));
         p->comp = -1;
         p->mode = PTR_MEM;
         p->type = pt;
         p->ptr_type = t;
         p->storage = SpvStorageClassFunction;
         p->space = SPACE_PUSH;
         p->addr = agx_imm(&c->b, 32, off);
         struct vtn_value *v = vtn_val(c, vtn_word(c, i, 2));
         v->kind = VK_PTR;
         v->ptr = p;
         off += pt->size;
         continue;
      }
      if (t->base == VTN_POINTER && t->storage == SpvStorageClassWorkgroup && t->value_ptr) {
         /* __local argument: a 64-bit slot holding its threadgroup byte offset, which the
          * driver lays out after the shader's own threadgroup memory (agx_abi.h) */
         agx_shader *s = c->shader;
         if (s->num_local_args >= AGX_ABI_MAX_LOCAL_ARGS)
            vtn_fail(c, "more than %u __local kernel arguments", AGX_ABI_MAX_LOCAL_ARGS);
         off = (off + 7) / 8 * 8;
         s->local_arg_push[s->num_local_args++] = off;
         agx_instr *slot = agx_intrin(&c->b, AGX_OP_LOAD_PUSH_CONSTANT, agx_type_make(32, 1), 1,
                                      agx_imm(&c->b, 32, 0), NULL, NULL, off, 0, 0);
         agx_instr *v =
            agx_ior(&c->b, agx_u2u(&c->b, 64, slot),
                    agx_imm(&c->b, 64, (uint64_t)AGX_ABI_PTR_TAG_SHARED << AGX_ABI_PTR_TAG_SHIFT));
         vtn_push_def(c, vtn_word(c, i, 2), t, v);
         off += 8;
         continue;
      }
      if (!vtn_type_is_scalar_or_vector(t) || t->base == VTN_BOOL)
         vtn_fail(c,
                  "kernel argument %u: only scalars, vectors, global and local pointers are "
                  "supported",
                  k);
      agx_type it = vtn_ir_type(c, t);
      uint32_t size = it.bits / 8 * (it.comps == 3 ? 4 : it.comps);
      off = (off + size - 1) / size * size;
      agx_instr *v = agx_intrin(&c->b, AGX_OP_LOAD_PUSH_CONSTANT, it, 1, agx_imm(&c->b, 32, 0),
                                NULL, NULL, off, 0, 0);
      vtn_push_def(c, vtn_word(c, i, 2), t, v);
      off += size;
   }
   if (off > c->shader->push_size)
      c->shader->push_size = off;
}

/* The entry point of a graphics stage, inlined like a void call. */
void
vtn_emit_entry_call(struct vtn_ctx *c, struct vtn_function *f)
{
   struct vtn_call call = {0};
   agx_builder *b = &c->b;
   call.flag_var = agx_shader_add_var(b->shader, agx_type_make(1, 1));
   call.ret_type = NULL;
   agx_intrin(b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(b, 1, 0), NULL, NULL,
              call.flag_var, 0, 0);
   agx_loop *loop = agx_push_loop(b);
   c->call = &call;
   f->active = true;
   c->depth++;
   emit_function(c, f);
   c->depth--;
   f->active = false;
   c->call = NULL;
   agx_push_continue(b, loop);
   agx_pop_loop(b, loop);
}

void
vtn_emit_entry(struct vtn_ctx *c)
{
   struct vtn_value *v = vtn_val_kind(c, c->entry_id, VK_FUNC);
   agx_shader *s = c->shader;
   agx_block *start = agx_block_create(s);
   start->cf.owner = &s->body;
   agx_list_insert_before(&s->body, &start->cf.link);
   c->b = agx_builder_at_end(s, start);
   vtn_emit_global_inits(c);
   if (c->exec_model == SpvExecutionModelKernel)
      load_kernel_args(c, v->func);
   if (agx_stage_is_compute(s->stage)) {
      v->func->active = true;
      emit_function(c, v->func);
      v->func->active = false;
   } else if (s->stage == AGX_STAGE_GEOMETRY) {
      vtn_io_emit_gs_entry(c, v->func);
   } else if (s->stage == AGX_STAGE_TESS_CTRL) {
      /* every output word is stored where it is written (agx_spirv_io.c) */
      vtn_emit_entry_call(c, v->func);
   } else {
      /* graphics: returns leave a wrapper loop, then the outputs are written */
      vtn_emit_entry_call(c, v->func);
      vtn_io_flush_outputs(c);
   }
   s->cs.shared_size = c->shared_top;
   s->scratch_size = c->scratch_top;
   vtn_drop_unbacked_accesses(c);
}
