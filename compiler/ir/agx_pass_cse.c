/* Common subexpression elimination. Assumes SSA form and that an instruction
 * in a block dominates everything after it in the same control-flow list and
 * inside nested nodes of that list. Candidates are pure, reorderable opcodes
 * (ALU, const, undef excluded, vec, extract, system values, push-constant /
 * uniform / descriptor-address loads); memory loads and phis are never merged.
 * The walk keeps a scoped table: entries made inside an if branch or loop
 * list are dropped when leaving it (conservative across loops). */
#include <stdlib.h>
#include <string.h>

#include "agx_passes.h"

struct cse_state {
   agx_instr **buckets;
   agx_instr **chain; /* next in bucket, by SSA index */
   agx_instr **stack; /* inserted entries, for scope pops */
   unsigned nstack, mask;
   agx_instr **map;
   bool progress;
};

static bool
candidate(const agx_instr *I)
{
   const struct agx_op_info *info = agx_info(I);
   return info->has_dest && info->can_reorder && !info->side_effects && I->op != AGX_OP_PHI &&
          I->op != AGX_OP_UNDEF && I->op != AGX_OP_LOAD_VAR;
}

static unsigned
src_index(const agx_instr *I, unsigned i)
{
   return I->src[i]->index;
}

static uint32_t
hash_instr(const agx_instr *I)
{
   uint32_t h = 2166136261u;
#define MIX(x) h = (h ^ (uint32_t)(x)) * 16777619u
   MIX(I->op);
   MIX(I->type.bits);
   MIX(I->type.comps);
   unsigned a = I->num_srcs > 0 ? src_index(I, 0) : 0, b = I->num_srcs > 1 ? src_index(I, 1) : 0;
   if (agx_info(I)->commutative && a > b) {
      unsigned t = a;
      a = b;
      b = t;
   }
   MIX(a);
   MIX(b);
   for (unsigned i = 2; i < I->num_srcs; i++)
      MIX(src_index(I, i));
   for (unsigned i = 0; i < 4; i++) {
      MIX(I->c[i]);
      MIX(I->value[i]);
      MIX(I->value[i] >> 32);
   }
#undef MIX
   return h;
}

static bool
equal(const agx_instr *x, const agx_instr *y)
{
   if (x->op != y->op || !agx_type_eq(x->type, y->type) || x->num_srcs != y->num_srcs)
      return false;
   if (memcmp(x->c, y->c, sizeof(x->c)) || memcmp(x->value, y->value, sizeof(x->value)))
      return false;
   bool same = true;
   for (unsigned i = 0; i < x->num_srcs; i++)
      same &= x->src[i] == y->src[i];
   if (same)
      return true;
   return agx_info(x)->commutative && x->num_srcs == 2 && x->src[0] == y->src[1] &&
          x->src[1] == y->src[0];
}

static void
resolve_srcs(struct cse_state *st, agx_instr *I)
{
   for (unsigned i = 0; i < I->num_srcs; i++)
      if (st->map[I->src[i]->index])
         I->src[i] = st->map[I->src[i]->index];
}

static void walk(struct cse_state *st, agx_list *list);

static void
walk_scoped(struct cse_state *st, agx_list *list)
{
   unsigned mark = st->nstack;
   walk(st, list);
   while (st->nstack > mark) {
      agx_instr *I = st->stack[--st->nstack];
      unsigned b = hash_instr(I) & st->mask;
      /* LIFO: I is the head of its bucket. */
      st->buckets[b] = st->chain[I->index];
   }
}

static void
walk(struct cse_state *st, agx_list *list)
{
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_BLOCK) {
         agx_foreach_instr(agx_cf_as_block(node), I) {
            resolve_srcs(st, I);
            if (!candidate(I))
               continue;
            unsigned b = hash_instr(I) & st->mask;
            agx_instr *hit = NULL;
            for (agx_instr *e = st->buckets[b]; e; e = st->chain[e->index])
               if (equal(e, I)) {
                  hit = e;
                  break;
               }
            if (hit) {
               st->map[I->index] = hit;
               agx_instr_remove(I);
               st->progress = true;
            } else {
               st->chain[I->index] = st->buckets[b];
               st->buckets[b] = I;
               st->stack[st->nstack++] = I;
            }
         }
      } else if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         if (st->map[nif->cond->index])
            nif->cond = st->map[nif->cond->index];
         walk_scoped(st, &nif->then_list);
         walk_scoped(st, &nif->else_list);
      } else {
         walk_scoped(st, &agx_cf_as_loop(node)->body);
         walk_scoped(st, &agx_cf_as_loop(node)->cont);
      }
   }
}

bool
agx_pass_cse(agx_shader *s)
{
   struct cse_state st = {0};
   unsigned size = 64;
   while (size < s->next_index * 2)
      size *= 2;
   st.mask = size - 1;
   st.buckets = calloc(size, sizeof(*st.buckets));
   st.chain = calloc(s->next_index, sizeof(*st.chain));
   st.stack = calloc(s->next_index, sizeof(*st.stack));
   st.map = calloc(s->next_index, sizeof(*st.map));
   if (!st.buckets || !st.chain || !st.stack || !st.map)
      abort();
   walk(&st, &s->body);
   /* Phi sources and later uses may refer to removed instructions. */
   if (st.progress)
      agx_rewrite_uses_map(s, st.map);
   free(st.buckets);
   free(st.chain);
   free(st.stack);
   free(st.map);
   return st.progress;
}
