/* Dead code elimination. Assumes SSA form. Roots are instructions with side
 * effects (stores, atomics, barriers, jumps) and if conditions; everything
 * they transitively use is live, the rest is removed. Then if nodes whose two
 * branches are empty blocks are removed (their merge block's phis, if any,
 * keep the if). */
#include <stdlib.h>

#include "agx_passes.h"

struct dce_state {
   agx_instr **work;
   unsigned n;
   uint8_t *live;
};

static void
mark(struct dce_state *st, agx_instr *I)
{
   if (st->live[I->index])
      return;
   st->live[I->index] = 1;
   st->work[st->n++] = I;
}

static void
mark_list(struct dce_state *st, agx_list *list)
{
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_BLOCK) {
         agx_foreach_instr(agx_cf_as_block(node), I)
            if (agx_info(I)->side_effects)
               mark(st, I);
      } else if (node->type == AGX_CF_IF) {
         mark(st, agx_cf_as_if(node)->cond);
         mark_list(st, &agx_cf_as_if(node)->then_list);
         mark_list(st, &agx_cf_as_if(node)->else_list);
      } else {
         mark_list(st, &agx_cf_as_loop(node)->body);
         mark_list(st, &agx_cf_as_loop(node)->cont);
      }
   }
}

static bool
sweep_list(agx_shader *s, agx_list *list, const uint8_t *live)
{
   bool progress = false;
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_BLOCK) {
         agx_foreach_instr(agx_cf_as_block(node), I) {
            if (!live[I->index]) {
               agx_instr_remove(I);
               progress = true;
            }
         }
      } else if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         progress |= sweep_list(s, &nif->then_list, live);
         progress |= sweep_list(s, &nif->else_list, live);
      } else {
         progress |= sweep_list(s, &agx_cf_as_loop(node)->body, live);
         progress |= sweep_list(s, &agx_cf_as_loop(node)->cont, live);
      }
   }
   return progress;
}

static bool
single_empty_block(agx_list *l)
{
   return l->next->next == l && agx_list_empty(&agx_list_first_block(l)->instrs);
}

/* Applies the merged-block map (block index -> absorbing block) to every phi
 * predecessor, once per pass. */
static void
rename_pred(agx_block *b, void *data)
{
   agx_block **map = data;
   agx_foreach_instr(b, I) {
      if (I->op != AGX_OP_PHI)
         break;
      for (unsigned i = 0; i < I->num_srcs; i++)
         for (unsigned guard = 0; map[I->pred[i]->index] && guard < 1u << 20; guard++)
            I->pred[i] = map[I->pred[i]->index];
   }
}

/* Removes `if` nodes with empty branches by merging the blocks around them. */
static bool
remove_empty_ifs(agx_block **renamed, agx_list *list)
{
   bool progress = false;
   for (agx_list *l = list->next; l != list; l = l->next) {
      agx_cf_node *node = agx_container_of(l, agx_cf_node, link);
      if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         progress |= remove_empty_ifs(renamed, &nif->then_list);
         progress |= remove_empty_ifs(renamed, &nif->else_list);
         agx_block *after = agx_cf_as_block(agx_container_of(node->link.next, agx_cf_node, link));
         agx_instr *first = agx_list_empty(&after->instrs)
                               ? NULL
                               : agx_container_of(after->instrs.next, agx_instr, link);
         if (single_empty_block(&nif->then_list) && single_empty_block(&nif->else_list) &&
             !(first && first->op == AGX_OP_PHI)) {
            agx_block *before =
               agx_cf_as_block(agx_container_of(node->link.prev, agx_cf_node, link));
            agx_foreach_instr(after, I) {
               agx_list_del(&I->link);
               I->block = before;
               agx_list_insert_before(&before->instrs, &I->link);
            }
            renamed[after->index] = before;
            l = &before->cf.link;
            agx_list_del(&after->cf.link);
            agx_list_del(&node->link);
            progress = true;
         }
      } else if (node->type == AGX_CF_LOOP) {
         progress |= remove_empty_ifs(renamed, &agx_cf_as_loop(node)->body);
         progress |= remove_empty_ifs(renamed, &agx_cf_as_loop(node)->cont);
      }
   }
   return progress;
}

bool
agx_pass_dce(agx_shader *s)
{
   struct dce_state st;
   st.live = calloc(s->next_index, 1);
   st.work = malloc(sizeof(agx_instr *) * (s->next_index + 1));
   st.n = 0;
   if (!st.live || !st.work)
      abort();
   mark_list(&st, &s->body);
   while (st.n) {
      agx_instr *I = st.work[--st.n];
      for (unsigned i = 0; i < I->num_srcs; i++)
         mark(&st, I->src[i]);
   }
   bool progress = sweep_list(s, &s->body, st.live);
   free(st.live);
   free(st.work);
   agx_block **renamed = calloc(s->next_block + 1, sizeof(*renamed));
   if (!renamed)
      abort();
   if (remove_empty_ifs(renamed, &s->body)) {
      agx_foreach_block(&s->body, rename_pred, renamed);
      progress = true;
   }
   free(renamed);
   return progress;
}
