/* IR validator. Checks:
 *  - structure: lists start and end with blocks and alternate block / if|loop,
 *    node owner/parent links, jumps only last in a block, break/continue only
 *    inside loops, phis only at the top of a block, if conditions 1-bit scalar;
 *  - SSA: every source is defined exactly once and its definition dominates
 *    the use (same block: earlier; phi sources: the end of the predecessor),
 *    using dominators of the CFG implied by the tree (fall-through edges,
 *    break/continue/halt, loop back edges). Uses in unreachable blocks are
 *    only checked for existence;
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
   const agx_instr **def; /* by SSA index */
   unsigned *def_pos;     /* position of the definition within its block */
   unsigned loop_depth, depth;
   /* CFG: blocks by position (program order), dominator tree */
   agx_block **blocks;
   unsigned nblocks;
   int *pos_of;       /* block->index -> position, -1 if unknown */
   int *idom;         /* position -> immediate dominator position, -1 */
   int *rpo_num;      /* position -> reverse postorder number, -1 unreachable */
   int *dpre, *dpost; /* dominator-tree DFS interval, for O(1) queries */
};

static void
fail(struct vstate *v, const char *fmt, ...)
{
   if (v->failed)
      return;
   v->failed = true;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(v->err, v->err_size, fmt, ap);
   va_end(ap);
}

static bool
valid_bits(unsigned b)
{
   return b == 1 || b == 8 || b == 16 || b == 32 || b == 64;
}

static void
check_types(struct vstate *v, const agx_instr *I)
{
   const struct agx_op_info *info = agx_info(I);
   const agx_type t = I->type;
   if (info->has_dest && (!valid_bits(t.bits) || t.comps < 1 || t.comps > 4)) {
      fail(v, "%%%u (%s): bad type %u x %u", I->index, info->name, t.bits, t.comps);
      return;
   }
   if (info->num_srcs >= 0 && (int)I->num_srcs != info->num_srcs) {
      fail(v, "%%%u (%s): %u sources, expected %d", I->index, info->name, I->num_srcs,
           info->num_srcs);
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
   case AGX_OP_PACK_64_2X32:
      if (s0->type.bits != 32 || s0->type.comps != 2 || t.bits != 64 || t.comps != 1)
         fail(v, "%%%u (pack_64_2x32): bad types", I->index);
      break;
   case AGX_OP_UNPACK_64_2X32:
      if (s0->type.bits != 64 || s0->type.comps != 1 || t.bits != 32 || t.comps != 2)
         fail(v, "%%%u (unpack_64_2x32): bad types", I->index);
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
   case AGX_OP_TEXEL_BUFFER_SIZE:
      if (s0->type.bits != 32 || s0->type.comps != 1)
         fail(v, "%%%u (%s): offset must be a 32-bit scalar", I->index, info->name);
      break;
   case AGX_OP_TEXEL_BUFFER_LOAD:
   case AGX_OP_TEXEL_BUFFER_STORE:
   case AGX_OP_TEXEL_BUFFER_ADDRESS:
   case AGX_OP_BINDLESS_IMAGE_LOAD:
   case AGX_OP_BINDLESS_IMAGE_STORE: {
      bool bindless = I->op == AGX_OP_BINDLESS_IMAGE_LOAD || I->op == AGX_OP_BINDLESS_IMAGE_STORE;
      if (s0->type.bits != 32 || s0->type.comps != 1 || I->src[1]->type.bits != 32 ||
          I->src[1]->type.comps != (bindless ? 2u : 1u))
         fail(v, "%%%u (%s): bad index or coordinate types", I->index, info->name);
      if (I->num_srcs == 3 && (I->src[2]->type.bits != 32 || I->src[2]->type.comps != 4))
         fail(v, "%%%u (%s): the texel must be 32x4", I->index, info->name);
      if ((I->op == AGX_OP_TEXEL_BUFFER_LOAD || I->op == AGX_OP_BINDLESS_IMAGE_LOAD) &&
          (t.bits != 32 || t.comps != 4))
         fail(v, "%%%u (%s): the result must be 32x4", I->index, info->name);
      break;
   }
   case AGX_OP_IMAGE_LOAD:
   case AGX_OP_IMAGE_STORE:
   case AGX_OP_IMAGE_SIZE:
   case AGX_OP_IMAGE_LEVELS:
   case AGX_OP_IMAGE_SAMPLES:
   case AGX_OP_IMAGE_TEXEL_ADDRESS:
   case AGX_OP_IMAGE_SAMPLE:
   case AGX_OP_IMAGE_SAMPLE_GRAD:
   case AGX_OP_IMAGE_GATHER: {
      bool sample = I->op == AGX_OP_IMAGE_SAMPLE || I->op == AGX_OP_IMAGE_SAMPLE_GRAD ||
                    I->op == AGX_OP_IMAGE_GATHER;
      unsigned idx_comps = sample ? (I->c[2] & AGX_IMAGE_COMPARE ? 4u : 3u) : 1u;
      if (s0->type.bits != 32 || s0->type.comps != idx_comps)
         fail(v, "%%%u (%s): bad descriptor index", I->index, info->name);
      if ((I->op == AGX_OP_IMAGE_LOAD || I->op == AGX_OP_IMAGE_STORE || sample ||
           I->op == AGX_OP_IMAGE_TEXEL_ADDRESS) &&
          (I->src[1]->type.bits != 32 || I->src[1]->type.comps != 4))
         fail(v, "%%%u (%s): coordinates must be 32x4", I->index, info->name);
      if (I->op == AGX_OP_IMAGE_STORE && (I->src[2]->type.bits != 32 || I->src[2]->type.comps != 4))
         fail(v, "%%%u (%s): the texel must be 32x4", I->index, info->name);
      if ((I->c[2] & AGX_IMAGE_DIM_MASK) < AGX_IMAGE_2D ||
          (I->c[2] & AGX_IMAGE_DIM_MASK) > AGX_IMAGE_2D_MS_ARRAY)
         fail(v, "%%%u (%s): bad dimension %u", I->index, info->name, I->c[2]);
      break;
   }
   case AGX_OP_BINDLESS_TEXTURE_LOAD:
   case AGX_OP_BINDLESS_IMAGE_WRITE:
   case AGX_OP_BINDLESS_TEXTURE_SAMPLE:
   case AGX_OP_BINDLESS_TEXTURE_SAMPLE_GRAD: {
      bool sample =
         I->op == AGX_OP_BINDLESS_TEXTURE_SAMPLE || I->op == AGX_OP_BINDLESS_TEXTURE_SAMPLE_GRAD;
      unsigned nc = I->src[1]->type.comps;
      unsigned idx_comps = sample ? (I->c[2] & AGX_TEX_COMPARE ? 3u : 2u) : 1u;
      if (s0->type.bits != 32 || s0->type.comps != idx_comps || I->src[1]->type.bits != 32 ||
          nc < 2 || nc > 4)
         fail(v, "%%%u (%s): bad descriptor or coordinate types", I->index, info->name);
      if (I->op == AGX_OP_BINDLESS_IMAGE_WRITE &&
          (I->src[2]->type.bits != 32 || I->src[2]->type.comps != 4))
         fail(v, "%%%u (%s): the texel must be 32x4", I->index, info->name);
      unsigned lod_comps =
         (I->c[2] & AGX_TEX_MIN_LOD) && (I->c[2] & AGX_TEX_AUTO_LOD_BIAS) ? 2u : 1u;
      if (I->op == AGX_OP_BINDLESS_TEXTURE_SAMPLE &&
          (I->src[2]->type.bits != 16 || I->src[2]->type.comps != lod_comps))
         fail(v, "%%%u (%s): the LOD must be fp16 (x2 with a minimum)", I->index, info->name);
      if (I->op == AGX_OP_BINDLESS_TEXTURE_SAMPLE_GRAD &&
          (I->src[4]->type.bits != 16 || I->src[4]->type.comps != 1))
         fail(v, "%%%u (%s): the minimum LOD must be fp16", I->index, info->name);
      if (I->op == AGX_OP_BINDLESS_TEXTURE_SAMPLE_GRAD &&
          (!agx_type_eq(I->src[2]->type, I->src[3]->type) || I->src[2]->type.bits != 32))
         fail(v, "%%%u (%s): gradients must be matching fp32 vectors", I->index, info->name);
      if (I->op != AGX_OP_BINDLESS_IMAGE_WRITE && (t.bits != 32 || t.comps != 4))
         fail(v, "%%%u (%s): the result must be 32x4", I->index, info->name);
      if (I->c[1] > AGX_IMAGE_2D_MS_ARRAY)
         fail(v, "%%%u (%s): bad dimension %u", I->index, info->name, I->c[1]);
      break;
   }
   default:
      break;
   }
}

static void check_list(struct vstate *v, const agx_list *list, const agx_cf_node *parent);

/* Structure, definitions and types (uses are checked after the CFG is built). */
static void
check_block(struct vstate *v, agx_block *b)
{
   bool seen_non_phi = false;
   unsigned pos = 0;
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
      }
      if (I->index >= v->s->next_index) {
         fail(v, "%%%u: SSA index out of range", I->index);
         return;
      }
      if (info->has_dest) {
         if (v->def[I->index]) {
            fail(v, "%%%u defined twice", I->index);
            return;
         }
         v->def[I->index] = I;
         v->def_pos[I->index] = pos;
      }
      pos++;
   }
   if (b->index >= v->s->next_block || v->pos_of[b->index] != -1) {
      fail(v, "b%u: bad or duplicate block index", b->index);
      return;
   }
   v->pos_of[b->index] = (int)v->nblocks;
   v->blocks[v->nblocks++] = b;
}

static void
check_list(struct vstate *v, const agx_list *list, const agx_cf_node *parent)
{
   if (agx_list_empty(list)) {
      fail(v, "empty control-flow list");
      return;
   }
   if (++v->depth > 1000) {
      fail(v, "control flow nested too deeply");
      return;
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
         check_list(v, &nif->then_list, node);
         check_list(v, &nif->else_list, node);
      } else {
         agx_loop *loop = agx_cf_as_loop(node);
         v->loop_depth++;
         check_list(v, &loop->body, node);
         check_list(v, &loop->cont, node);
         v->loop_depth--;
      }
      if (v->failed)
         break;
   }
   if (want_block)
      fail(v, "control-flow list does not end with a block");
   v->depth--;
}

/* --- CFG and dominators -------------------------------------------------------- */

static agx_block *
after_node(agx_cf_node *n)
{
   return agx_cf_as_block(agx_container_of(n->link.next, agx_cf_node, link));
}

static agx_block *
node_entry(agx_cf_node *n)
{
   if (n->type == AGX_CF_BLOCK)
      return agx_cf_as_block(n);
   if (n->type == AGX_CF_LOOP)
      return agx_list_first_block(&agx_cf_as_loop(n)->body);
   return NULL; /* ifs have two entries */
}

/* Successors of block b (at most 2). */
static unsigned
successors(agx_block *b, agx_block **out)
{
   agx_instr *last = agx_block_last_instr(b);
   agx_cf_node *n = &b->cf;
   if (last && (last->op == AGX_OP_BREAK || last->op == AGX_OP_CONTINUE)) {
      agx_cf_node *p = n->parent;
      while (p && p->type != AGX_CF_LOOP)
         p = p->parent;
      if (!p)
         return 0;
      out[0] =
         last->op == AGX_OP_BREAK ? after_node(p) : agx_list_first_block(&agx_cf_as_loop(p)->cont);
      return 1;
   }
   if (last && last->op == AGX_OP_HALT)
      return 0;
   if (n->link.next != n->owner) {
      agx_cf_node *next = agx_container_of(n->link.next, agx_cf_node, link);
      if (next->type == AGX_CF_IF) {
         out[0] = agx_list_first_block(&agx_cf_as_if(next)->then_list);
         out[1] = agx_list_first_block(&agx_cf_as_if(next)->else_list);
         return 2;
      }
      out[0] = node_entry(next);
      return 1;
   }
   agx_cf_node *p = n->parent;
   if (!p)
      return 0;
   if (p->type == AGX_CF_IF) {
      out[0] = after_node(p);
      return 1;
   }
   agx_loop *loop = agx_cf_as_loop(p);
   out[0] = agx_list_first_block(n->owner == &loop->body ? &loop->cont : &loop->body);
   return 1;
}

/* Lengauer-Tarjan (simple version, path compression, iterative) so that
 * long chains of blocks with many-predecessor merges stay near-linear. */
struct lt {
   int *dfnum, *vertex, *parent, *semi, *anc, *label, *bucket_head, *bucket_next, *stack;
};

static int
lt_eval(struct lt *t, int v)
{
   if (t->anc[v] < 0)
      return v;
   int sp = 0, x = v;
   while (t->anc[t->anc[x]] >= 0) {
      t->stack[sp++] = x;
      x = t->anc[x];
   }
   while (sp > 0) {
      int y = t->stack[--sp], a = t->anc[y];
      if (t->semi[t->label[a]] < t->semi[t->label[y]])
         t->label[y] = t->label[a];
      t->anc[y] = t->anc[a];
   }
   return t->label[v];
}

static void
compute_dominators(struct vstate *v)
{
   unsigned n = v->nblocks;
   int *succ = malloc(sizeof(int) * 2 * n), *nsucc = calloc(n, sizeof(int));
   struct lt t;
   int **arrays[] = {&t.dfnum, &t.vertex,      &t.parent,      &t.semi, &t.anc,
                     &t.label, &t.bucket_head, &t.bucket_next, &t.stack};
   for (unsigned k = 0; k < sizeof(arrays) / sizeof(arrays[0]); k++)
      if (!(*arrays[k] = malloc(sizeof(int) * (n + 1))))
         abort();
   int *it = calloc(n, sizeof(int));
   if (!succ || !nsucc || !it)
      abort();
   for (unsigned i = 0; i < n; i++) {
      agx_block *out[2];
      unsigned k = successors(v->blocks[i], out);
      for (unsigned j = 0; j < k; j++)
         succ[2 * i + j] = v->pos_of[out[j]->index];
      nsucc[i] = (int)k;
      t.dfnum[i] = -1;
      t.anc[i] = -1;
      t.label[i] = (int)i;
      t.bucket_head[i] = -1;
      v->idom[i] = -1;
   }
   /* predecessor lists (CSR) */
   int *pred_start = calloc(n + 2, sizeof(int)), *preds = malloc(sizeof(int) * (2 * n + 1));
   if (!pred_start || !preds)
      abort();
   for (unsigned i = 0; i < n; i++)
      for (int j = 0; j < nsucc[i]; j++)
         if (succ[2 * i + j] >= 0)
            pred_start[succ[2 * i + j] + 2]++;
   for (unsigned i = 0; i < n; i++)
      pred_start[i + 2] += pred_start[i + 1];
   for (unsigned i = 0; i < n; i++)
      for (int j = 0; j < nsucc[i]; j++)
         if (succ[2 * i + j] >= 0)
            preds[pred_start[succ[2 * i + j] + 1]++] = (int)i;
   /* iterative DFS numbering from the entry */
   int count = 0, sp = 0;
   int *dstack = t.stack;
   dstack[sp++] = 0;
   t.dfnum[0] = count;
   t.vertex[count++] = 0;
   t.parent[0] = -1;
   while (sp) {
      int b = dstack[sp - 1];
      if (it[b] < nsucc[b]) {
         int s2 = succ[2 * b + it[b]++];
         if (s2 >= 0 && t.dfnum[s2] < 0) {
            t.dfnum[s2] = count;
            t.vertex[count++] = s2;
            t.parent[s2] = b;
            dstack[sp++] = s2;
         }
      } else {
         sp--;
      }
   }
   for (unsigned i = 0; i < n; i++)
      t.semi[i] = t.dfnum[i];
   for (int i = count - 1; i > 0; i--) {
      int w = t.vertex[i];
      for (int e = pred_start[w]; e < pred_start[w + 1]; e++) {
         int p = preds[e];
         if (t.dfnum[p] < 0)
            continue; /* unreachable predecessor */
         int u = lt_eval(&t, p);
         if (t.semi[u] < t.semi[w])
            t.semi[w] = t.semi[u];
      }
      int sv = t.vertex[t.semi[w]];
      t.bucket_next[w] = t.bucket_head[sv];
      t.bucket_head[sv] = w;
      int pw = t.parent[w];
      t.anc[w] = pw;
      for (int x = t.bucket_head[pw]; x >= 0; x = t.bucket_next[x]) {
         int u = lt_eval(&t, x);
         v->idom[x] = t.semi[u] < t.semi[x] ? u : pw;
      }
      t.bucket_head[pw] = -1;
   }
   for (int i = 1; i < count; i++) {
      int w = t.vertex[i];
      if (v->idom[w] != t.vertex[t.semi[w]])
         v->idom[w] = v->idom[v->idom[w]];
   }
   v->idom[0] = 0;
   for (unsigned i = 0; i < n; i++)
      v->rpo_num[i] = t.dfnum[i]; /* -1: unreachable */
   for (unsigned k = 0; k < sizeof(arrays) / sizeof(arrays[0]); k++)
      free(*arrays[k]);
   free(pred_start);
   free(preds);
   free(succ);
   free(nsucc);
   free(it);
}

/* Numbers the dominator tree (pre/post order) so dominance is an interval
 * test instead of a walk up a possibly very deep tree. */
static void
number_dom_tree(struct vstate *v)
{
   unsigned n = v->nblocks;
   int *first = malloc(sizeof(int) * n), *next = malloc(sizeof(int) * n),
       *stack = malloc(sizeof(int) * n);
   if (!first || !next || !stack)
      abort();
   for (unsigned i = 0; i < n; i++)
      first[i] = next[i] = -1, v->dpre[i] = v->dpost[i] = -1;
   for (int i = (int)n - 1; i > 0; i--) {
      int p = v->idom[i];
      if (v->rpo_num[i] >= 0 && p >= 0) {
         next[i] = first[p];
         first[p] = i;
      }
   }
   int counter = 0, sp = 0;
   stack[sp++] = 0;
   v->dpre[0] = counter++;
   while (sp) {
      int b = stack[sp - 1];
      int c = first[b];
      if (c >= 0) {
         first[b] = next[c]; /* consume the child */
         v->dpre[c] = counter++;
         stack[sp++] = c;
      } else {
         v->dpost[b] = counter++;
         sp--;
      }
   }
   free(first);
   free(next);
   free(stack);
}

static bool
dominates(struct vstate *v, int a, int b)
{
   if (v->dpre[a] < 0 || v->dpre[b] < 0)
      return false;
   return v->dpre[a] <= v->dpre[b] && v->dpost[b] <= v->dpost[a];
}

/* Checks that `s` is available at position `pos` of block `b` (pos = ~0u:
 * at its end). */
static void
check_use(struct vstate *v, const agx_instr *I, const agx_instr *s, agx_block *b, unsigned pos)
{
   if (s->index >= v->s->next_index || v->def[s->index] != s || !s->block) {
      fail(v, "%%%u (%s): source %%%u is not defined", I->index, agx_info(I)->name, s->index);
      return;
   }
   int ub = v->pos_of[b->index], db = v->pos_of[s->block->index];
   if (v->rpo_num[ub] < 0)
      return; /* unreachable use */
   if (db == ub) {
      if (v->def_pos[s->index] >= pos)
         fail(v, "%%%u (%s): source %%%u not defined before use", I->index, agx_info(I)->name,
              s->index);
      return;
   }
   if (v->rpo_num[db] < 0 || !dominates(v, db, ub))
      fail(v, "%%%u (%s): source %%%u does not dominate the use", I->index, agx_info(I)->name,
           s->index);
}

static void
check_uses(struct vstate *v)
{
   for (unsigned bi = 0; bi < v->nblocks && !v->failed; bi++) {
      agx_block *b = v->blocks[bi];
      unsigned pos = 0;
      agx_foreach_instr(b, I) {
         if (I->op == AGX_OP_PHI) {
            for (unsigned i = 0; i < I->num_srcs; i++) {
               if (!I->pred || !I->pred[i] || I->pred[i]->index >= v->s->next_block ||
                   v->pos_of[I->pred[i]->index] < 0) {
                  fail(v, "%%%u (phi): bad predecessor", I->index);
                  return;
               }
               check_use(v, I, I->src[i], I->pred[i], ~0u);
            }
         } else {
            for (unsigned i = 0; i < I->num_srcs; i++)
               check_use(v, I, I->src[i], b, pos);
         }
         check_types(v, I);
         pos++;
      }
      /* an if condition is used at the end of the block before the if */
      agx_cf_node *n = &b->cf;
      if (n->link.next != n->owner) {
         agx_cf_node *next = agx_container_of(n->link.next, agx_cf_node, link);
         if (next->type == AGX_CF_IF)
            check_use(v,
                      agx_block_last_instr(b) ? agx_block_last_instr(b) : agx_cf_as_if(next)->cond,
                      agx_cf_as_if(next)->cond, b, ~0u);
      }
   }
}

bool
agx_validate(agx_shader *s, char *err, size_t err_size)
{
   struct vstate v = {.s = s, .err = err, .err_size = err_size};
   v.def = calloc(s->next_index + 1, sizeof(*v.def));
   v.def_pos = calloc(s->next_index + 1, sizeof(*v.def_pos));
   v.blocks = calloc(s->next_block + 1, sizeof(*v.blocks));
   v.pos_of = malloc(sizeof(int) * (s->next_block + 1));
   v.idom = calloc(s->next_block + 1, sizeof(int));
   v.rpo_num = calloc(s->next_block + 1, sizeof(int));
   v.dpre = calloc(s->next_block + 1, sizeof(int));
   v.dpost = calloc(s->next_block + 1, sizeof(int));
   if (!v.def || !v.def_pos || !v.blocks || !v.pos_of || !v.idom || !v.rpo_num || !v.dpre ||
       !v.dpost)
      abort();
   for (unsigned i = 0; i <= s->next_block; i++)
      v.pos_of[i] = -1;
   if (err_size)
      err[0] = 0;
   check_list(&v, &s->body, NULL);
   if (!v.failed && v.nblocks) {
      compute_dominators(&v);
      number_dom_tree(&v);
      check_uses(&v);
   }
   free(v.def);
   free(v.def_pos);
   free(v.blocks);
   free(v.pos_of);
   free(v.idom);
   free(v.rpo_num);
   free(v.dpre);
   free(v.dpost);
   return !v.failed;
}
