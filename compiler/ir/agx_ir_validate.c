/* IR validator. Checks:
 *  - structure: lists start and end with blocks and alternate block / if|loop,
 *    node owner/parent links, jumps only last in a block, break/continue only
 *    inside loops, phis only at the top of a block, if conditions 1-bit scalar;
 *  - SSA: every source is defined exactly once, before its use in program
 *    order, and not inside an if branch that the use is outside of (the
 *    structured approximation of dominance; values defined in a loop may be
 *    used after it, as SPIR-V allows when the definition dominates the exits);
 *  - types: per-opcode typing rule from the generated table.
 * Assumes SSA indices are below shader->next_index. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_ir.h"

struct vstate {
   agx_shader *s;
   char *err;
   size_t err_size;
   bool failed;
   const agx_instr **def;       /* by SSA index */
   const agx_list **def_list;   /* innermost if-branch list at definition */
   const agx_list *open[256];   /* currently open if-branch lists */
   unsigned num_open, loop_depth;
};

static void fail(struct vstate *v, const char *fmt, ...)
{
   if (v->failed)
      return;
   v->failed = true;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(v->err, v->err_size, fmt, ap);
   va_end(ap);
}

static bool valid_bits(unsigned b) { return b == 1 || b == 8 || b == 16 || b == 32 || b == 64; }

static bool list_open(struct vstate *v, const agx_list *l)
{
   if (!l)
      return true;
   for (unsigned i = 0; i < v->num_open; i++)
      if (v->open[i] == l)
         return true;
   return false;
}

static void check_types(struct vstate *v, const agx_instr *I)
{
   const struct agx_op_info *info = agx_info(I);
   const agx_type t = I->type;
   if (info->has_dest && (!valid_bits(t.bits) || t.comps < 1 || t.comps > 4)) {
      fail(v, "%%%u (%s): bad type %u x %u", I->index, info->name, t.bits, t.comps);
      return;
   }
   if (info->num_srcs >= 0 && I->num_srcs != info->num_srcs) {
      fail(v, "%%%u (%s): %u sources, expected %d", I->index, info->name, I->num_srcs, info->num_srcs);
      return;
   }
   const agx_instr *s0 = I->num_srcs > 0 ? I->src[0] : NULL;
   switch (info->rule) {
   case AGX_RULE_SAME:
      for (unsigned i = 0; i < I->num_srcs; i++)
         if (!agx_type_eq(I->src[i]->type, t))
            fail(v, "%%%u (%s): source %u type differs from destination", I->index, info->name, i);
      if (info->src_class == 'f' && t.bits != 16 && t.bits != 32 && t.bits != 64)
         fail(v, "%%%u (%s): float op on %u-bit", I->index, info->name, t.bits);
      break;
   case AGX_RULE_CMP:
      if (t.bits != 1 || t.comps != s0->type.comps)
         fail(v, "%%%u (%s): comparison result must be 1-bit", I->index, info->name);
      for (unsigned i = 1; i < I->num_srcs; i++)
         if (!agx_type_eq(I->src[i]->type, s0->type))
            fail(v, "%%%u (%s): comparison sources differ", I->index, info->name);
      break;
   case AGX_RULE_SHIFT:
      if (!agx_type_eq(s0->type, t) || I->src[1]->type.comps != t.comps)
         fail(v, "%%%u (%s): bad shift types", I->index, info->name);
      break;
   case AGX_RULE_SEL:
      if (s0->type.bits != 1 || (s0->type.comps != 1 && s0->type.comps != t.comps) ||
          !agx_type_eq(I->src[1]->type, t) || !agx_type_eq(I->src[2]->type, t))
         fail(v, "%%%u (%s): bad select types", I->index, info->name);
      break;
   case AGX_RULE_CONV:
      if (s0->type.comps != t.comps)
         fail(v, "%%%u (%s): conversion changes component count", I->index, info->name);
      if (I->op == AGX_OP_BITCAST && s0->type.bits != t.bits)
         fail(v, "%%%u (bitcast): bit size differs", I->index);
      break;
   default:
      break;
   }
   switch (I->op) {
   case AGX_OP_VEC:
      if (I->num_srcs < 2 || I->num_srcs > 4 || t.comps != I->num_srcs)
         fail(v, "%%%u (vec): bad component count", I->index);
      for (unsigned i = 0; i < I->num_srcs; i++)
         if (I->src[i]->type.comps != 1 || I->src[i]->type.bits != t.bits)
            fail(v, "%%%u (vec): source %u must be a %u-bit scalar", I->index, i, t.bits);
      break;
   case AGX_OP_EXTRACT:
      if (I->c[0] >= s0->type.comps || t.comps != 1 || t.bits != s0->type.bits)
         fail(v, "%%%u (extract): bad component", I->index);
      break;
   case AGX_OP_MOV:
      if (!agx_type_eq(s0->type, t))
         fail(v, "%%%u (mov): type mismatch", I->index);
      break;
   case AGX_OP_PHI:
      for (unsigned i = 0; i < I->num_srcs; i++)
         if (!agx_type_eq(I->src[i]->type, t))
            fail(v, "%%%u (phi): source %u type mismatch", I->index, i);
      break;
   case AGX_OP_LOAD_VAR:
   case AGX_OP_STORE_VAR:
      if (I->c[0] >= v->s->num_vars)
         fail(v, "%s: variable %u out of range", info->name, I->c[0]);
      else if (!agx_type_eq(I->op == AGX_OP_LOAD_VAR ? t : s0->type, v->s->var_types[I->c[0]]))
         fail(v, "%s: variable %u type mismatch", info->name, I->c[0]);
      break;
   case AGX_OP_LOAD_GLOBAL:
   case AGX_OP_STORE_GLOBAL:
   case AGX_OP_ATOMIC_GLOBAL:
   case AGX_OP_ATOMIC_GLOBAL_CMPXCHG:
      if (s0->type.bits != 64 || s0->type.comps != 1)
         fail(v, "%%%u (%s): address must be a 64-bit scalar", I->index, info->name);
      break;
   case AGX_OP_LOAD_SHARED:
   case AGX_OP_STORE_SHARED:
   case AGX_OP_LOAD_SCRATCH:
   case AGX_OP_STORE_SCRATCH:
   case AGX_OP_ATOMIC_SHARED:
   case AGX_OP_ATOMIC_SHARED_CMPXCHG:
   case AGX_OP_LOAD_PUSH_CONSTANT:
   case AGX_OP_LOAD_UNIFORM:
   case AGX_OP_LOAD_BUFFER_ADDRESS:
   case AGX_OP_LOAD_BUFFER_SIZE:
      if (s0->type.bits != 32 || s0->type.comps != 1)
         fail(v, "%%%u (%s): offset must be a 32-bit scalar", I->index, info->name);
      break;
   default:
      break;
   }
}

static void check_list(struct vstate *v, const agx_list *list, const agx_cf_node *parent, bool in_if);

static void check_block(struct vstate *v, agx_block *b)
{
   bool seen_non_phi = false;
   agx_foreach_instr(b, I) {
      const struct agx_op_info *info = agx_info(I);
      if (I->block != b)
         fail(v, "%%%u: wrong block link", I->index);
      if (I->op >= AGX_NUM_OPS) {
         fail(v, "bad opcode %u", I->op);
         return;
      }
      if (I->op == AGX_OP_PHI) {
         if (seen_non_phi)
            fail(v, "%%%u: phi after a non-phi instruction", I->index);
      } else {
         seen_non_phi = true;
      }
      if ((I->op == AGX_OP_BREAK || I->op == AGX_OP_CONTINUE || I->op == AGX_OP_HALT) &&
          I->link.next != &b->instrs)
         fail(v, "b%u: %s is not the last instruction", b->index, info->name);
      if ((I->op == AGX_OP_BREAK || I->op == AGX_OP_CONTINUE) && v->loop_depth == 0)
         fail(v, "b%u: %s outside of a loop", b->index, info->name);
      for (unsigned i = 0; i < I->num_srcs; i++) {
         const agx_instr *s = I->src[i];
         if (!s) {
            fail(v, "%%%u (%s): source %u missing", I->index, info->name, i);
            return;
         }
         if (!agx_info(s)->has_dest) {
            fail(v, "%%%u: source %u has no value", I->index, i);
            return;
         }
         if (I->op == AGX_OP_PHI)
            continue; /* checked after the walk */
         if (s->index >= v->s->next_index || v->def[s->index] != s)
            fail(v, "%%%u (%s): source %%%u not defined before use", I->index, info->name, s->index);
         else if (!list_open(v, v->def_list[s->index]))
            fail(v, "%%%u (%s): source %%%u does not dominate (defined in another if branch)",
                 I->index, info->name, s->index);
      }
      if (I->op != AGX_OP_PHI)
         check_types(v, I);
      if (info->has_dest) {
         if (I->index >= v->s->next_index || v->def[I->index]) {
            fail(v, "%%%u defined twice", I->index);
            return;
         }
         v->def[I->index] = I;
         v->def_list[I->index] = v->num_open ? v->open[v->num_open - 1] : NULL;
      }
   }
}

static void check_list(struct vstate *v, const agx_list *list, const agx_cf_node *parent, bool in_if)
{
   if (agx_list_empty(list)) {
      fail(v, "empty control-flow list");
      return;
   }
   if (in_if) {
      if (v->num_open >= 256) {
         fail(v, "control flow nested too deeply");
         return;
      }
      v->open[v->num_open++] = list;
   }
   bool want_block = true;
   agx_foreach_cf((agx_list *)list, node) {
      if (node->owner != list || node->parent != parent)
         fail(v, "control-flow node with wrong owner/parent");
      if ((node->type == AGX_CF_BLOCK) != want_block)
         fail(v, "blocks and control nodes do not alternate");
      want_block = node->type != AGX_CF_BLOCK;
      if (node->type == AGX_CF_BLOCK) {
         check_block(v, agx_cf_as_block(node));
      } else if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         if (!nif->cond || nif->cond->type.bits != 1 || nif->cond->type.comps != 1)
            fail(v, "if condition must be a 1-bit scalar");
         else if (v->def[nif->cond->index] != nif->cond)
            fail(v, "if condition %%%u not defined before use", nif->cond->index);
         check_list(v, &nif->then_list, node, true);
         check_list(v, &nif->else_list, node, true);
      } else {
         agx_loop *loop = agx_cf_as_loop(node);
         v->loop_depth++;
         check_list(v, &loop->body, node, false);
         check_list(v, &loop->cont, node, false);
         v->loop_depth--;
      }
      if (v->failed)
         break;
   }
   if (want_block)
      fail(v, "control-flow list does not end with a block");
   if (in_if)
      v->num_open--;
}

static void check_phis(agx_block *b, void *data)
{
   struct vstate *v = data;
   agx_foreach_instr(b, I) {
      if (I->op != AGX_OP_PHI)
         break;
      for (unsigned i = 0; i < I->num_srcs; i++) {
         if (!I->pred || !I->pred[i])
            fail(v, "%%%u (phi): missing predecessor", I->index);
         else if (I->src[i]->index >= v->s->next_index || v->def[I->src[i]->index] != I->src[i])
            fail(v, "%%%u (phi): source %%%u is not defined", I->index, I->src[i]->index);
      }
      check_types(v, I);
   }
}

bool agx_validate(agx_shader *s, char *err, size_t err_size)
{
   struct vstate v = { .s = s, .err = err, .err_size = err_size };
   v.def = calloc(s->next_index + 1, sizeof(*v.def));
   v.def_list = calloc(s->next_index + 1, sizeof(*v.def_list));
   if (!v.def || !v.def_list)
      abort();
   if (err_size)
      err[0] = 0;
   check_list(&v, &s->body, NULL, false);
   if (!v.failed)
      agx_foreach_block(&s->body, check_phis, &v);
   free(v.def);
   free(v.def_list);
   return !v.failed;
}
