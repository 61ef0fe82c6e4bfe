/* Infers structured-control-flow merges for functions without merge
 * instructions (OpenCL kernels from llvm-spirv). Assumes a reducible CFG in
 * the shapes LLVM produces for simple code: each loop has one latch and one
 * exit target; selections rejoin at their immediate post-dominator. It only
 * annotates blocks (loop merge/continue, selection merge); the structured
 * emitter then rejects anything that does not fit ("reached twice"), so
 * unsupported shapes give an error, never wrong code. */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

#define MAX_UNSTRUCTURED_BLOCKS 4096

/* A directed graph in compressed adjacency form. */
struct graph {
   unsigned n;
   int *succ_start, *succs;   /* successors of i: succs[succ_start[i] .. succ_start[i+1]) */
   int *pred_start, *preds;
};

/* Builds both adjacency arrays from an edge list. */
static void build(struct vtn_ctx *c, struct graph *g, unsigned n, const int *from, const int *to,
                  unsigned nedges)
{
   g->n = n;
   g->succ_start = vtn_alloc(c, sizeof(int) * (n + 2));
   g->pred_start = vtn_alloc(c, sizeof(int) * (n + 2));
   g->succs = vtn_alloc(c, sizeof(int) * (nedges + 1));
   g->preds = vtn_alloc(c, sizeof(int) * (nedges + 1));
   for (unsigned e = 0; e < nedges; e++) {
      g->succ_start[from[e] + 2]++;
      g->pred_start[to[e] + 2]++;
   }
   for (unsigned i = 0; i < n; i++) {
      g->succ_start[i + 2] += g->succ_start[i + 1];
      g->pred_start[i + 2] += g->pred_start[i + 1];
   }
   for (unsigned e = 0; e < nedges; e++) {
      g->succs[g->succ_start[from[e] + 1]++] = to[e];
      g->preds[g->pred_start[to[e] + 1]++] = from[e];
   }
}

/* Cooper-Harvey-Kennedy dominators of g from `entry` (block counts are
 * bounded, so the simple algorithm is enough). idom[entry] = entry, -1 if
 * unreachable. */
static int *dominators(struct vtn_ctx *c, const struct graph *g, unsigned entry)
{
   unsigned n = g->n;
   int *order = vtn_alloc(c, sizeof(int) * n), *num = vtn_alloc(c, sizeof(int) * n);
   int *stack = vtn_alloc(c, sizeof(int) * n), *it = vtn_alloc(c, sizeof(int) * n);
   int *idom = vtn_alloc(c, sizeof(int) * n);
   char *seen = vtn_alloc(c, n);
   for (unsigned i = 0; i < n; i++)
      num[i] = -1, idom[i] = -1, it[i] = g->succ_start[i];
   unsigned count = 0, sp = 0;
   stack[sp++] = (int)entry;
   seen[entry] = 1;
   while (sp) {
      int b = stack[sp - 1];
      if (it[b] < g->succ_start[b + 1]) {
         int s = g->succs[it[b]++];
         if (!seen[s]) {
            seen[s] = 1;
            stack[sp++] = s;
         }
      } else {
         num[b] = (int)count;
         order[count++] = b;
         sp--;
      }
   }
   idom[entry] = (int)entry;
   for (bool changed = true; changed;) {
      changed = false;
      for (int k = (int)count - 2; k >= 0; k--) {
         int b = order[k], nd = -1;
         for (int e = g->pred_start[b]; e < g->pred_start[b + 1]; e++) {
            int p = g->preds[e];
            if (idom[p] < 0)
               continue;
            if (nd < 0) {
               nd = p;
               continue;
            }
            int x = p, y = nd;
            while (x != y) {
               while (num[x] < num[y])
                  x = idom[x];
               while (num[y] < num[x])
                  y = idom[y];
            }
            nd = x;
         }
         if (nd >= 0 && idom[b] != nd) {
            idom[b] = nd;
            changed = true;
         }
      }
   }
   return idom;
}

static bool dominates(const int *idom, int a, int b)
{
   for (unsigned guard = 0; b >= 0 && guard < 100000; guard++) {
      if (a == b)
         return true;
      if (idom[b] == b)
         return false;
      b = idom[b];
   }
   return false;
}

void vtn_infer_structure(struct vtn_ctx *c, struct vtn_function *f)
{
   unsigned n = f->num_blocks;
   if (n > MAX_UNSTRUCTURED_BLOCKS)
      vtn_fail(c, "unstructured function with more than %u blocks", MAX_UNSTRUCTURED_BLOCKS);
   /* forward edges, and reverse edges plus a virtual exit (node n) that
    * leads to every returning block */
   int *from = vtn_alloc(c, sizeof(int) * (2 * n + 1)), *to = vtn_alloc(c, sizeof(int) * (2 * n + 1));
   int *rfrom = vtn_alloc(c, sizeof(int) * (3 * n + 1)), *rto = vtn_alloc(c, sizeof(int) * (3 * n + 1));
   int *succ2 = vtn_alloc(c, sizeof(int) * 2 * n);
   unsigned ne = 0, nr = 0;
   for (unsigned b = 0; b < n; b++) {
      unsigned t = f->blocks[b].end;
      c->cur = t;
      succ2[2 * b] = succ2[2 * b + 1] = -1;
      switch (c->ins[t].op) {
      case SpvOpBranch:
         succ2[2 * b] = (int)lookup_block_index(c, f, vtn_word(c, t, 1));
         break;
      case SpvOpBranchConditional:
         succ2[2 * b] = (int)lookup_block_index(c, f, vtn_word(c, t, 2));
         succ2[2 * b + 1] = (int)lookup_block_index(c, f, vtn_word(c, t, 3));
         if (succ2[2 * b] == succ2[2 * b + 1])
            succ2[2 * b + 1] = -1;
         break;
      case SpvOpSwitch:
         vtn_fail(c, "OpSwitch in unstructured control flow is not supported");
      default:
         rfrom[nr] = (int)n, rto[nr++] = (int)b;
         break;
      }
      for (unsigned j = 0; j < 2; j++)
         if (succ2[2 * b + j] >= 0) {
            from[ne] = (int)b, to[ne++] = succ2[2 * b + j];
            rfrom[nr] = succ2[2 * b + j], rto[nr++] = (int)b;
         }
   }
   struct graph fw, rg;
   build(c, &fw, n, from, to, ne);
   build(c, &rg, n + 1, rfrom, rto, nr);
   int *dom = dominators(c, &fw, 0);
   int *pdom = dominators(c, &rg, n);

   /* Loops: back edges u -> h with h dominating u. */
   char *in_loop = vtn_alloc(c, n);
   int *stack = vtn_alloc(c, sizeof(int) * (n + 1));
   for (unsigned u = 0; u < n; u++) {
      for (unsigned j = 0; j < 2; j++) {
         int h = succ2[2 * u + j];
         if (h < 0 || dom[u] < 0 || !dominates(dom, h, (int)u))
            continue;
         struct vtn_block *hb = &f->blocks[h];
         if (hb->is_loop)
            vtn_fail(c, "loop %u has more than one back edge", hb->label);
         /* body: blocks reaching u without passing h */
         memset(in_loop, 0, n);
         in_loop[h] = 1;
         unsigned sp = 0;
         if (!in_loop[u])
            in_loop[u] = 1, stack[sp++] = (int)u;
         while (sp) {
            int b = stack[--sp];
            for (int e = fw.pred_start[b]; e < fw.pred_start[b + 1]; e++) {
               int p = fw.preds[e];
               if (!in_loop[p] && dom[p] >= 0)
                  in_loop[p] = 1, stack[sp++] = p;
            }
         }
         int exit = -1;
         for (unsigned b = 0; b < n; b++) {
            if (!in_loop[b])
               continue;
            for (unsigned k = 0; k < 2; k++) {
               int s2 = succ2[2 * b + k];
               if (s2 < 0 || in_loop[s2])
                  continue;
               if (exit >= 0 && exit != s2)
                  vtn_fail(c, "loop %u has several exit targets (not supported)", hb->label);
               exit = s2;
            }
         }
         if (exit < 0)
            vtn_fail(c, "loop %u never exits", hb->label);
         hb->is_loop = true;
         hb->merge = f->blocks[exit].label;
         hb->cont = f->blocks[u].label;
      }
   }

   /* Selections: merge at the immediate post-dominator. */
   for (unsigned b = 0; b < n; b++) {
      if (succ2[2 * b + 1] < 0 || dom[b] < 0)
         continue;
      struct vtn_block *blk = &f->blocks[b];
      if (blk->is_loop) {
         uint32_t t0 = f->blocks[succ2[2 * b]].label, t1 = f->blocks[succ2[2 * b + 1]].label;
         if (t0 == blk->merge || t1 == blk->merge || t0 == blk->label || t1 == blk->label)
            continue; /* the loop test itself: break / continue on one side */
      }
      /* A latch's conditional back edge stays a plain two-way branch: its
       * targets are the header (end of the continue list) and the exit. */
      bool back_edge = false;
      for (unsigned j = 0; j < 2; j++) {
         int tgt = succ2[2 * b + j];
         back_edge |= f->blocks[tgt].is_loop && f->blocks[tgt].cont == blk->label;
      }
      if (back_edge)
         continue;
      int ip = pdom[b];
      if (ip < 0 || ip >= (int)n)
         continue; /* the paths never rejoin (both return) */
      blk->is_selection = true;
      blk->sel_merge = f->blocks[ip].label;
   }
}
