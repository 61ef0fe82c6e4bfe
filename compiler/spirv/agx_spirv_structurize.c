/* Structured emission of functions without merge instructions (OpenCL
 * kernels from llvm-spirv). Assumes nothing about the shapes beyond
 * reducibility: any reducible CFG of OpBranch / OpBranchConditional /
 * OpSwitch / returns is emitted; an irreducible one is rejected with an
 * error ("irreducible control flow").
 *
 * The method follows Ramsey's "Beyond Relooper" (ICFP 2022): walk the
 * dominator tree; a block reached by one forward edge is emitted inline at
 * that edge; a "merge" block (several forward predecessors) is emitted right
 * after an IR one-trip loop (a "block" construct) wrapped around the code of
 * its immediate dominator, and branches to it are breaks out of that
 * construct; a loop header becomes an IR loop and back edges are continues.
 * Our IR only breaks / continues the innermost loop, so a branch that leaves
 * several constructs at once stores a target code in a variable, breaks, and
 * each construct it crosses re-dispatches on the code after its loop ends.
 *
 * One refinement keeps ordinary loops ordinary: a loop with a single exit
 * edge p -> e, where p is directly in that loop (not in a nested one),
 * emits e after the loop instead of inline at p, so code after a loop does
 * not run inside it. All IR paths out of such a loop pass the break at p,
 * so values defined at p still dominate e in the IR (the IR validator
 * checks this). A callee's return inside such a loop disables it (the
 * return leaves the loop on another IR path). */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

#define MAX_UNSTRUCTURED_BLOCKS 4096

struct vtn_unstructured {
   unsigned n;
   int *succ_start, *succs; /* distinct successors of i: succs[succ_start[i] .. succ_start[i+1]) */
   int *pred_start, *preds;
   int *idom;             /* -1: unreachable */
   int *rpo;              /* reverse-postorder number, -1: unreachable */
   int *place;            /* the block under which this one is emitted (idom, or a loop header) */
   int *kid_start, *kids; /* blocks placed under i that are merges, in increasing rpo */
   int *loop_of;          /* innermost loop header containing i (itself for a header), -1 */
   int *loop_parent;      /* header i: the loop enclosing it, -1 */
   bool *is_header, *is_merge;
   unsigned *switch_lw; /* literal words of an OpSwitch's selector (1 or 2) */
};

/* ---- analysis -------------------------------------------------------------------------------- */

static void
build_adjacency(struct vtn_ctx *c, struct vtn_unstructured *u, const int *from, const int *to,
                unsigned ne)
{
   unsigned n = u->n;
   u->succ_start = vtn_alloc(c, sizeof(int) * (n + 2));
   u->pred_start = vtn_alloc(c, sizeof(int) * (n + 2));
   u->succs = vtn_alloc(c, sizeof(int) * (ne + 1));
   u->preds = vtn_alloc(c, sizeof(int) * (ne + 1));
   for (unsigned e = 0; e < ne; e++) {
      u->succ_start[from[e] + 2]++;
      u->pred_start[to[e] + 2]++;
   }
   for (unsigned i = 0; i < n; i++) {
      u->succ_start[i + 2] += u->succ_start[i + 1];
      u->pred_start[i + 2] += u->pred_start[i + 1];
   }
   for (unsigned e = 0; e < ne; e++) {
      u->succs[u->succ_start[from[e] + 1]++] = to[e];
      u->preds[u->pred_start[to[e] + 1]++] = from[e];
   }
}

/* Bit width of the switch selector `id`: a constant, or a value defined in
 * function f (found in f's own instructions, so the cost stays linear in
 * the function per switch). */
static unsigned
id_bits(struct vtn_ctx *c, struct vtn_function *f, uint32_t id)
{
   struct vtn_value *v = vtn_val(c, id);
   if (v->kind == VK_CONST && v->cnst && v->cnst->type)
      return v->cnst->type->bits;
   for (unsigned i = f->first; i < f->end; i++) {
      const struct agx_spirv_op_info *info = agx_spirv_op_info(c->ins[i].op);
      if (!info->has_result || !info->has_type || vtn_wc(c, i) < 3 || vtn_word(c, i, 2) != id)
         continue;
      c->cur = i;
      return vtn_get_type(c, vtn_word(c, i, 1))->bits;
   }
   vtn_fail(c, "switch selector %u is not a value of its function", id);
}

/* Distinct successor block indices of block b (into out, which holds n). */
static unsigned
successors(struct vtn_ctx *c, struct vtn_function *f, struct vtn_unstructured *u, unsigned b,
           int *out, char *mark)
{
   unsigned t = f->blocks[b].end, n = 0;
   c->cur = t;
   uint32_t labels_buf[2];
   const uint32_t *labels = labels_buf;
   unsigned nl = 0;
   switch (c->ins[t].op) {
   case SpvOpBranch:
      labels_buf[0] = vtn_word(c, t, 1), nl = 1;
      break;
   case SpvOpBranchConditional:
      labels_buf[0] = vtn_word(c, t, 2), labels_buf[1] = vtn_word(c, t, 3), nl = 2;
      break;
   case SpvOpSwitch: {
      unsigned bits = id_bits(c, f, vtn_word(c, t, 1));
      c->cur = t;
      unsigned lw = bits == 64 ? 2 : 1, wc = vtn_wc(c, t);
      if (wc < 3 || (wc - 3) % (lw + 1))
         vtn_fail(c, "malformed OpSwitch");
      u->switch_lw[b] = lw;
      /* default at word 2, then (literal, label) pairs */
      for (unsigned k = 0; k <= (wc - 3) / (lw + 1); k++) {
         uint32_t l = k == 0 ? vtn_word(c, t, 2) : vtn_word(c, t, 3 + (k - 1) * (lw + 1) + lw);
         int s = (int)lookup_block_index(c, f, l);
         if (!mark[s])
            mark[s] = 1, out[n++] = s;
      }
      for (unsigned k = 0; k < n; k++)
         mark[out[k]] = 0;
      return n;
   }
   default: /* returns, OpKill, OpUnreachable, OpTerminateInvocation */
      return 0;
   }
   for (unsigned k = 0; k < nl; k++) {
      int s = (int)lookup_block_index(c, f, labels[k]);
      if (!mark[s])
         mark[s] = 1, out[n++] = s;
   }
   for (unsigned k = 0; k < n; k++)
      mark[out[k]] = 0;
   return n;
}

static bool
dominates(const int *idom, int a, int b)
{
   while (b >= 0) {
      if (a == b)
         return true;
      if (idom[b] == b)
         return false;
      b = idom[b];
   }
   return false;
}

/* Depth-first order from the entry: postorder numbers, and a check that
 * every retreating edge (to a block still on the stack) is a back edge,
 * i.e. targets a dominator; computed after dominators (second call). */
static unsigned
dfs(struct vtn_ctx *c, struct vtn_function *f, struct vtn_unstructured *u, int *order,
    const int *idom)
{
   unsigned n = u->n, count = 0, sp = 0;
   int *stack = vtn_alloc(c, sizeof(int) * n), *it = vtn_alloc(c, sizeof(int) * n);
   char *state = vtn_alloc(c, n); /* 0 new, 1 on stack, 2 done */
   for (unsigned i = 0; i < n; i++)
      it[i] = u->succ_start[i];
   stack[sp++] = 0;
   state[0] = 1;
   while (sp) {
      int b = stack[sp - 1];
      if (it[b] < u->succ_start[b + 1]) {
         int s = u->succs[it[b]++];
         if (state[s] == 0) {
            state[s] = 1;
            stack[sp++] = s;
         } else if (state[s] == 1 && idom && !dominates(idom, s, b)) {
            c->cur = f->blocks[b].end;
            vtn_fail(c,
                     "irreducible control flow: the cycle through block %u is entered other "
                     "than through it (not supported)",
                     f->blocks[s].label);
         }
      } else {
         order[count++] = b;
         state[b] = 2;
         sp--;
      }
   }
   return count;
}

/* Cooper-Harvey-Kennedy dominators over the postorder `order`. */
static void
dominators(struct vtn_ctx *c, struct vtn_unstructured *u, const int *order, unsigned count)
{
   unsigned n = u->n;
   int *num = vtn_alloc(c, sizeof(int) * n);
   for (unsigned i = 0; i < n; i++)
      num[i] = -1, u->idom[i] = -1;
   for (unsigned k = 0; k < count; k++)
      num[order[k]] = (int)k;
   u->idom[0] = 0;
   for (bool changed = true; changed;) {
      changed = false;
      for (int k = (int)count - 2; k >= 0; k--) {
         int b = order[k], nd = -1;
         for (int e = u->pred_start[b]; e < u->pred_start[b + 1]; e++) {
            int p = u->preds[e];
            if (u->idom[p] < 0)
               continue;
            if (nd < 0) {
               nd = p;
               continue;
            }
            int x = p, y = nd;
            while (x != y) {
               while (num[x] < num[y])
                  x = u->idom[x];
               while (num[y] < num[x])
                  y = u->idom[y];
            }
            nd = x;
         }
         if (nd >= 0 && u->idom[b] != nd) {
            u->idom[b] = nd;
            changed = true;
         }
      }
   }
}

/* Block b is in the loop headed by h: h is b's innermost loop or encloses it. */
static bool
in_loop(const struct vtn_unstructured *u, int b, int h)
{
   for (int l = u->loop_of[b]; l >= 0;) {
      if (l == h)
         return true;
      l = u->loop_parent[l];
   }
   return false;
}

static bool
is_return(struct vtn_ctx *c, struct vtn_function *f, int b)
{
   unsigned op = c->ins[f->blocks[b].end].op;
   return op == SpvOpReturn || op == SpvOpReturnValue;
}

void
vtn_infer_structure(struct vtn_ctx *c, struct vtn_function *f)
{
   unsigned n = f->num_blocks;
   if (n > MAX_UNSTRUCTURED_BLOCKS)
      vtn_fail(c, "unstructured function with more than %u blocks", MAX_UNSTRUCTURED_BLOCKS);
   struct vtn_unstructured *u = vtn_alloc(c, sizeof(*u));
   u->n = n;
   u->switch_lw = vtn_alloc(c, sizeof(unsigned) * n);
   /* edges */
   unsigned cap = 2 * n + 1, ne = 0;
   int *from = vtn_alloc(c, sizeof(int) * cap), *to = vtn_alloc(c, sizeof(int) * cap);
   int *tmp = vtn_alloc(c, sizeof(int) * n);
   char *mark = vtn_alloc(c, n);
   for (unsigned b = 0; b < n; b++) {
      unsigned ns = successors(c, f, u, b, tmp, mark);
      if (ne + ns > cap) {
         unsigned ncap = (ne + ns) * 2;
         int *nf = vtn_alloc(c, sizeof(int) * ncap), *nt = vtn_alloc(c, sizeof(int) * ncap);
         memcpy(nf, from, sizeof(int) * ne);
         memcpy(nt, to, sizeof(int) * ne);
         from = nf, to = nt, cap = ncap;
      }
      for (unsigned k = 0; k < ns; k++)
         from[ne] = (int)b, to[ne++] = tmp[k];
   }
   build_adjacency(c, u, from, to, ne);

   /* dominators, reverse postorder, reducibility */
   int *order = vtn_alloc(c, sizeof(int) * n);
   u->idom = vtn_alloc(c, sizeof(int) * n);
   unsigned count = dfs(c, f, u, order, NULL);
   dominators(c, u, order, count);
   dfs(c, f, u, order, u->idom);
   u->rpo = vtn_alloc(c, sizeof(int) * n);
   for (unsigned i = 0; i < n; i++)
      u->rpo[i] = -1;
   for (unsigned k = 0; k < count; k++)
      u->rpo[order[k]] = (int)(count - 1 - k);

   /* loops: headers are targets of back edges; a loop's body is what reaches
    * a latch without passing the header. loop_of: the innermost header. */
   u->is_header = vtn_alloc(c, sizeof(bool) * n);
   u->loop_of = vtn_alloc(c, sizeof(int) * n);
   u->loop_parent = vtn_alloc(c, sizeof(int) * n);
   for (unsigned i = 0; i < n; i++)
      u->loop_of[i] = u->loop_parent[i] = -1;
   int *stack = vtn_alloc(c, sizeof(int) * (n + 1));
   char *in = vtn_alloc(c, n);
   /* outermost headers first (increasing rpo), so inner loops overwrite loop_of */
   for (unsigned k = count; k-- > 0;) {
      int h = order[k];
      unsigned sp = 0;
      memset(in, 0, n);
      in[h] = 1;
      for (int e = u->pred_start[h]; e < u->pred_start[h + 1]; e++) {
         int l = u->preds[e];
         if (u->rpo[l] < 0 || !dominates(u->idom, h, l))
            continue;
         u->is_header[h] = true;
         if (!in[l])
            in[l] = 1, stack[sp++] = l;
      }
      if (!u->is_header[h])
         continue;
      u->loop_parent[h] = u->loop_of[h];
      while (sp) {
         int b = stack[--sp];
         for (int e = u->pred_start[b]; e < u->pred_start[b + 1]; e++) {
            int p = u->preds[e];
            if (!in[p] && u->rpo[p] >= 0)
               in[p] = 1, stack[sp++] = p;
         }
      }
      for (unsigned b = 0; b < n; b++)
         if (in[b])
            u->loop_of[b] = h;
   }

   /* merges: several forward predecessors */
   u->is_merge = vtn_alloc(c, sizeof(bool) * n);
   u->place = vtn_alloc(c, sizeof(int) * n);
   for (unsigned b = 0; b < n; b++) {
      unsigned fwd = 0;
      for (int e = u->pred_start[b]; e < u->pred_start[b + 1]; e++)
         fwd += u->rpo[u->preds[e]] >= 0 && u->rpo[u->preds[e]] < u->rpo[b];
      u->is_merge[b] = fwd > 1;
      u->place[b] = u->rpo[b] > 0 ? u->idom[b] : -1;
   }

   /* single-exit loops: their exit goes after the loop (see the top comment) */
   int *nkids = vtn_alloc(c, sizeof(int) * n), *last_inner = vtn_alloc(c, sizeof(int) * n);
   for (unsigned b = 0; b < n; b++)
      last_inner[b] = -1;
   for (unsigned b = 0; b < n; b++) {
      int q = u->place[b];
      if (q < 0 || !u->is_merge[b])
         continue;
      if (u->is_header[q] && !in_loop(u, (int)b, q))
         continue; /* after the loop: does not wrap its body */
      nkids[q]++;
      if (u->is_header[q] && (last_inner[q] < 0 || u->rpo[b] > u->rpo[last_inner[q]]))
         last_inner[q] = (int)b;
   }
   for (unsigned h = 0; h < n; h++) {
      if (!u->is_header[h])
         continue;
      int exit_from = -1, exit_to = -1, exits = 0;
      bool returns = false;
      for (unsigned b = 0; b < n; b++) {
         if (u->rpo[b] < 0 || !in_loop(u, (int)b, (int)h))
            continue;
         returns |= is_return(c, f, (int)b);
         for (int e = u->succ_start[b]; e < u->succ_start[b + 1]; e++)
            if (!in_loop(u, u->succs[e], (int)h))
               exits++, exit_from = (int)b, exit_to = u->succs[e];
      }
      /* A callee's return leaves the loop on another IR path. */
      if (exits != 1 || returns || u->is_merge[exit_to])
         continue;
      /* The break at exit_from must be directly in the loop's IR loop: no
       * block construct between (their dispatch would be another way out). */
      bool direct = false;
      for (int q = exit_from;;) {
         if (nkids[q] && q != (int)h)
            break;
         if (q == (int)h) {
            direct = nkids[q] == 0;
            break;
         }
         if (u->is_header[q])
            break;
         if (u->is_merge[q]) {
            direct = u->place[q] == (int)h && last_inner[h] == q;
            break;
         }
         q = u->place[q];
         if (q < 0)
            break;
      }
      if (direct)
         u->place[exit_to] = (int)h, u->is_merge[exit_to] = true;
   }

   /* children placed under each block that are merges, in increasing rpo */
   u->kid_start = vtn_alloc(c, sizeof(int) * (n + 2));
   u->kids = vtn_alloc(c, sizeof(int) * (n + 1));
   for (unsigned b = 0; b < n; b++)
      if (u->place[b] >= 0 && u->is_merge[b])
         u->kid_start[u->place[b] + 2]++;
   for (unsigned i = 0; i < n; i++)
      u->kid_start[i + 2] += u->kid_start[i + 1];
   for (unsigned k = 0; k < count; k++) {
      int b = order[count - 1 - k];
      if (u->place[b] >= 0 && u->is_merge[b])
         u->kids[u->kid_start[u->place[b] + 1]++] = b;
   }
   f->unstructured = u;
}

/* ---- emission -------------------------------------------------------------------------------- */

enum level_kind { LVL_CALL, LVL_BLOCK, LVL_LOOP };

struct level {
   enum level_kind kind;
   int node;       /* BLOCK: the merge block after it; LOOP: the header */
   int exit_alias; /* LOOP: level whose exit is reached by breaking this loop, or -1 */
   /* dispatch needed after this level's IR loop ends: a code for the
    * enclosing level's exit / continue, or for a level further out */
   bool d_exit, d_cont, d_pass;
};

struct ucf {
   struct vtn_function *f;
   struct vtn_unstructured *u;
   struct level *lv;
   int top;          /* index of the innermost level, -1: none */
   unsigned tgt_var; /* IR u32 variable holding a pending jump code */
   unsigned depth;
};

static void emit_tree(struct vtn_ctx *c, struct ucf *s, int x, int fall);

/* `fall` value: falling off the end of the current code continues the
 * innermost loop (the IR loop body runs into its back edge). */
#define FALL_CONTINUE (-2)

static unsigned
code_of(int level, bool cont)
{
   return (unsigned)(2 * level + (cont ? 1 : 0) + 1);
}

static void
store_u32(struct vtn_ctx *c, unsigned var, uint32_t v)
{
   agx_intrin(&c->b, AGX_OP_STORE_VAR, agx_type_make(0, 0), 1, agx_imm(&c->b, 32, v), NULL, NULL,
              var, 0, 0);
}

/* Leaves for level k: its exit (a break out of the block construct) or its
 * continue (back to the loop header). */
static void
jump_to(struct vtn_ctx *c, struct ucf *s, int k, bool cont)
{
   int top = s->top;
   if (k == top) {
      agx_jump(&c->b, cont ? AGX_OP_CONTINUE : AGX_OP_BREAK);
      return;
   }
   if (!cont && k == top - 1 && s->lv[top].kind == LVL_LOOP && s->lv[top].exit_alias == k) {
      agx_jump(&c->b, AGX_OP_BREAK);
      return;
   }
   store_u32(c, s->tgt_var, code_of(k, cont));
   agx_jump(&c->b, AGX_OP_BREAK);
   if (cont)
      s->lv[k + 1].d_cont = true;
   else
      s->lv[k + 1].d_exit = true;
   for (int m = k + 2; m <= top; m++)
      s->lv[m].d_pass = true;
}

static int
find_level(struct vtn_ctx *c, struct ucf *s, enum level_kind kind, int node)
{
   for (int k = s->top; k >= 0; k--)
      if (s->lv[k].kind == kind && s->lv[k].node == node)
         return k;
   vtn_fail(c, "internal: no enclosing construct for block %u", s->f->blocks[node].label);
}

/* The branch from -> to needs no code: falling off the end gets there. */
static bool
branch_falls(struct ucf *s, int from, int to, int fall)
{
   struct vtn_unstructured *u = s->u;
   if (u->rpo[to] <= u->rpo[from])
      return fall == FALL_CONTINUE && s->lv[s->top].kind == LVL_LOOP && s->lv[s->top].node == to;
   return u->is_merge[to] && to == fall;
}

/* A branch from block `from` to block `to`; `fall`: the merge block that
 * falling off the end of the current code reaches (-1: none), or
 * FALL_CONTINUE. */
static void
emit_branch(struct vtn_ctx *c, struct ucf *s, int from, int to, int fall)
{
   struct vtn_unstructured *u = s->u;
   if (branch_falls(s, from, to, fall))
      return;
   if (u->rpo[to] <= u->rpo[from]) {
      jump_to(c, s, find_level(c, s, LVL_LOOP, to), true);
   } else if (u->is_merge[to]) {
      jump_to(c, s, find_level(c, s, LVL_BLOCK, to), false);
   } else {
      emit_tree(c, s, to, fall);
   }
}

static void
push_level(struct vtn_ctx *c, struct ucf *s, enum level_kind kind, int node, int alias)
{
   if (++s->top >= (int)(2 * s->u->n + 2))
      vtn_fail(c, "internal: construct stack overflow");
   s->lv[s->top] = (struct level){.kind = kind, .node = node, .exit_alias = alias};
}

/* Closes the IR loop of the innermost level and re-dispatches pending
 * multi-level jumps in the enclosing one. */
static void
pop_level(struct vtn_ctx *c, struct ucf *s, agx_loop *loop)
{
   agx_builder *b = &c->b;
   /* falling off a block construct reaches its merge; off a loop body, the
    * back edge */
   if (s->lv[s->top].kind != LVL_LOOP && !agx_block_ends_in_jump(b->block))
      agx_jump(b, AGX_OP_BREAK);
   agx_push_continue(b, loop);
   agx_pop_loop(b, loop);
   struct level l = s->lv[s->top--];
   if (!l.d_exit && !l.d_cont && !l.d_pass)
      return;
   int k = s->top;
   for (int pass = 0; pass < 3; pass++) {
      if ((pass == 0 && !l.d_exit) || (pass == 1 && !l.d_cont) || (pass == 2 && !l.d_pass))
         continue;
      agx_instr *t = agx_intrin(b, AGX_OP_LOAD_VAR, agx_type_make(32, 1), 0, NULL, NULL, NULL,
                                s->tgt_var, 0, 0);
      agx_instr *cond = pass == 2 ? agx_inot(b, agx_ieq(b, t, agx_imm(b, 32, 0)))
                                  : agx_ieq(b, t, agx_imm(b, 32, code_of(k, pass == 1)));
      agx_if *nif = agx_push_if(b, cond);
      if (pass < 2)
         store_u32(c, s->tgt_var, 0);
      /* pass 2: the code is for a level further out; keep it and leave */
      agx_jump(b, pass == 1 ? AGX_OP_CONTINUE : AGX_OP_BREAK);
      agx_pop_if(b, nif);
   }
}

/* The terminator of block x. */
static void
emit_terminator(struct vtn_ctx *c, struct ucf *s, int x, int fall)
{
   struct vtn_function *f = s->f;
   agx_builder *b = &c->b;
   unsigned t = f->blocks[x].end;
   c->cur = t;
   switch (c->ins[t].op) {
   case SpvOpBranch:
      emit_branch(c, s, x, (int)lookup_block_index(c, f, vtn_word(c, t, 1)), fall);
      return;
   case SpvOpBranchConditional: {
      agx_instr *cond = vtn_def(c, vtn_word(c, t, 1));
      int tl = (int)lookup_block_index(c, f, vtn_word(c, t, 2));
      int fl = (int)lookup_block_index(c, f, vtn_word(c, t, 3));
      if (cond->type.bits != 1 || cond->type.comps != 1)
         vtn_fail(c, "branch condition is not a boolean scalar");
      if (tl == fl) {
         emit_branch(c, s, x, tl, fall);
         return;
      }
      /* one side needs no code: a one-armed if */
      if (branch_falls(s, x, tl, fall) || branch_falls(s, x, fl, fall)) {
         bool t_falls = branch_falls(s, x, tl, fall);
         agx_if *nif = agx_push_if(b, t_falls ? agx_inot(b, cond) : cond);
         emit_branch(c, s, x, t_falls ? fl : tl, fall);
         agx_pop_if(b, nif);
         return;
      }
      agx_if *nif = agx_push_if(b, cond);
      emit_branch(c, s, x, tl, fall);
      agx_push_else(b, nif);
      emit_branch(c, s, x, fl, fall);
      agx_pop_if(b, nif);
      return;
   }
   case SpvOpSwitch: {
      agx_instr *sel = vtn_def(c, vtn_word(c, t, 1));
      unsigned lw = s->u->switch_lw[x], wc = vtn_wc(c, t), ncases = (wc - 3) / (lw + 1);
      if (sel->type.comps != 1 || sel->type.bits < 8 || (lw == 2) != (sel->type.bits == 64))
         vtn_fail(c, "switch selector must be an integer scalar");
      int dflt = (int)lookup_block_index(c, f, vtn_word(c, t, 2));
      /* one `if (selector matches one of its literals)` per distinct
       * non-default target, nested in the else of the previous; the
       * default takes the last else */
      int *done = vtn_alloc(c, sizeof(int) * (ncases + 1));
      agx_if **ifs = vtn_alloc(c, sizeof(agx_if *) * (ncases + 1));
      unsigned ndone = 0, nifs = 0;
      for (unsigned ci = 0; ci < ncases; ci++) {
         c->cur = t;
         int tg = (int)lookup_block_index(c, f, vtn_word(c, t, 3 + ci * (lw + 1) + lw));
         bool seen = tg == dflt;
         for (unsigned k = 0; k < ndone && !seen; k++)
            seen = done[k] == tg;
         if (seen)
            continue;
         done[ndone++] = tg;
         agx_instr *cond = NULL;
         for (unsigned cj = ci; cj < ncases; cj++) {
            unsigned w = 3 + cj * (lw + 1);
            if ((int)lookup_block_index(c, f, vtn_word(c, t, w + lw)) != tg)
               continue;
            uint64_t lit = vtn_word(c, t, w);
            if (lw == 2)
               lit |= (uint64_t)vtn_word(c, t, w + 1) << 32;
            agx_instr *eq = agx_ieq(b, sel, agx_imm(b, sel->type.bits, lit));
            cond = cond ? agx_ior(b, cond, eq) : eq;
         }
         ifs[nifs++] = agx_push_if(b, cond);
         emit_branch(c, s, x, tg, fall);
         agx_push_else(b, ifs[nifs - 1]);
      }
      emit_branch(c, s, x, dflt, fall);
      while (nifs)
         agx_pop_if(b, ifs[--nifs]);
      return;
   }
   case SpvOpReturn:
   case SpvOpReturnValue:
      if (!vtn_store_return(c, t, c->ins[t].op == SpvOpReturnValue))
         return; /* the entry point: halted */
      jump_to(c, s, 0, false);
      return;
   default: /* OpKill, OpUnreachable, OpTerminateInvocation */
      agx_jump(b, AGX_OP_HALT);
      return;
   }
}

/* Block x's code: its body, nested in block constructs for the merges
 * ys[0..ny) (outermost last), each followed by its own tree. With
 * `loop`, the body is an IR loop (x is a loop header) and `inner` merges
 * (inside the loop) nest inside it. */
static void
emit_nested(struct vtn_ctx *c, struct ucf *s, int x, const int *ys, unsigned ny, int fall,
            bool loop, const int *inner, unsigned ninner)
{
   agx_builder *b = &c->b;
   agx_loop **loops = vtn_alloc(c, sizeof(agx_loop *) * (ny + 1));
   for (unsigned i = ny; i-- > 0;) {
      loops[i] = agx_push_loop(b);
      push_level(c, s, LVL_BLOCK, ys[i], -1);
   }
   if (loop) {
      agx_loop *l = agx_push_loop(b);
      push_level(c, s, LVL_LOOP, x, ny ? s->top : -1);
      emit_nested(c, s, x, inner, ninner, FALL_CONTINUE, false, NULL, 0);
      pop_level(c, s, l);
   } else {
      vtn_emit_block_body(c, &s->f->blocks[x]);
      emit_terminator(c, s, x, ny ? ys[0] : fall);
   }
   for (unsigned i = 0; i < ny; i++) {
      pop_level(c, s, loops[i]);
      emit_tree(c, s, ys[i], i + 1 < ny ? ys[i + 1] : fall);
   }
}

static void
emit_tree(struct vtn_ctx *c, struct ucf *s, int x, int fall)
{
   struct vtn_unstructured *u = s->u;
   if (++s->depth > 1000)
      vtn_fail(c, "control flow nested too deeply");
   struct vtn_block *blk = &s->f->blocks[x];
   if (blk->emitted)
      vtn_fail(c, "internal: block %u emitted twice", blk->label);
   blk->emitted = true;
   const int *kids = &u->kids[u->kid_start[x]];
   unsigned nk = (unsigned)(u->kid_start[x + 1] - u->kid_start[x]);
   if (!u->is_header[x]) {
      emit_nested(c, s, x, kids, nk, fall, false, NULL, 0);
   } else {
      /* merges inside the loop nest inside its IR loop; the others follow it */
      int *in = vtn_alloc(c, sizeof(int) * (nk + 1)), *out = vtn_alloc(c, sizeof(int) * (nk + 1));
      unsigned nin = 0, nout = 0;
      for (unsigned k = 0; k < nk; k++) {
         if (in_loop(u, kids[k], x))
            in[nin++] = kids[k];
         else
            out[nout++] = kids[k];
      }
      emit_nested(c, s, x, out, nout, fall, true, in, nin);
   }
   s->depth--;
}

void
vtn_emit_unstructured(struct vtn_ctx *c, struct vtn_function *f)
{
   struct ucf s = {.f = f, .u = f->unstructured, .top = -1};
   s.lv = vtn_alloc(c, sizeof(struct level) * (2 * f->num_blocks + 3));
   s.tgt_var = agx_shader_add_var(c->b.shader, agx_type_make(32, 1));
   store_u32(c, s.tgt_var, 0);
   if (c->call)
      push_level(c, &s, LVL_CALL, -1, -1); /* level 0: the call's one-trip loop */
   emit_tree(c, &s, 0, -1);
}
