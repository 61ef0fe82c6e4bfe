/* Folds `if` nodes with a constant condition into the taken branch.
 * Assumes SSA form and the builder's shape. Skipped when the taken branch
 * ends in a jump (the code after the if would become unreachable inside a
 * block). Phi sources from the dropped branch (at the merge block and at
 * loop exits/continues reached by its jumps) are removed; the merge block's
 * phis, left with one source, are replaced by that value. */
#include <stdlib.h>
#include <string.h>

#include "agx_passes.h"

struct ctx {
   agx_shader *s;
   uint8_t *dropped;    /* by block index */
   agx_block **renamed; /* block index -> block that absorbed it */
   agx_instr **map;     /* phi replacements by SSA index */
};

static void
mark(struct ctx *c, agx_list *list)
{
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_BLOCK) {
         c->dropped[agx_cf_as_block(node)->index] = 1;
      } else if (node->type == AGX_CF_IF) {
         mark(c, &agx_cf_as_if(node)->then_list);
         mark(c, &agx_cf_as_if(node)->else_list);
      } else {
         mark(c, &agx_cf_as_loop(node)->body);
         mark(c, &agx_cf_as_loop(node)->cont);
      }
   }
}

static agx_block *
final_block(struct ctx *c, agx_block *b)
{
   for (unsigned guard = 0; c->renamed[b->index] && guard < 1u << 20; guard++)
      b = c->renamed[b->index];
   return b;
}

/* One pass over all phis at the end: drop sources from removed blocks and
 * rename predecessors that were merged into other blocks. */
static void
fix_phis(agx_block *b, void *data)
{
   struct ctx *c = data;
   agx_foreach_instr(b, I) {
      if (I->op != AGX_OP_PHI)
         break;
      unsigned k = 0;
      for (unsigned i = 0; i < I->num_srcs; i++) {
         /* a predecessor merged into a block that a later fold dropped
          * (an inner fold, then the enclosing if) is gone as well */
         agx_block *p = final_block(c, I->pred[i]);
         if (c->dropped[I->pred[i]->index] || c->dropped[p->index])
            continue;
         I->src[k] = I->src[i];
         I->pred[k] = p;
         k++;
      }
      I->num_srcs = k;
   }
}

static void
move_instrs(agx_block *dst, agx_block *src)
{
   agx_foreach_instr(src, I) {
      agx_list_del(&I->link);
      I->block = dst;
      agx_list_insert_before(&dst->instrs, &I->link);
   }
}

static void
fold(struct ctx *c, agx_if *nif, agx_list *keep, agx_list *drop)
{
   agx_cf_node *n = &nif->cf;
   agx_block *pre = agx_cf_as_block(agx_container_of(n->link.prev, agx_cf_node, link));
   agx_block *after = agx_cf_as_block(agx_container_of(n->link.next, agx_cf_node, link));
   agx_block *first = agx_list_first_block(keep), *last = agx_list_last_block(keep);
   mark(c, drop);
   /* merge-block phis take the value from the kept branch */
   agx_foreach_instr(after, I) {
      if (I->op != AGX_OP_PHI)
         break;
      for (unsigned i = 0; i < I->num_srcs; i++)
         if (I->pred[i] == last)
            c->map[I->index] = I->src[i];
      agx_instr_remove(I);
   }
   if (first != last) {
      for (agx_list *l = first->cf.link.next; l != &last->cf.link;) {
         agx_list *next = l->next;
         agx_cf_node *m = agx_container_of(l, agx_cf_node, link);
         agx_list_del(l);
         m->owner = n->owner;
         m->parent = n->parent;
         agx_list_insert_before(&n->link, l);
         l = next;
      }
      agx_list_del(&last->cf.link);
      last->cf.owner = n->owner;
      last->cf.parent = n->parent;
      agx_list_insert_before(&n->link, &last->cf.link);
      move_instrs(last, after);
      c->renamed[after->index] = last;
      move_instrs(pre, first);
      c->renamed[first->index] = pre;
   } else {
      move_instrs(pre, first);
      move_instrs(pre, after);
      c->renamed[first->index] = pre;
      c->renamed[after->index] = pre;
   }
   agx_list_del(&after->cf.link);
   agx_list_del(&n->link);
}

static bool
walk(struct ctx *c, agx_list *list)
{
   bool progress = false;
   for (agx_list *l = list->next; l != list;) {
      agx_cf_node *node = agx_container_of(l, agx_cf_node, link);
      if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         progress |= walk(c, &nif->then_list);
         progress |= walk(c, &nif->else_list);
         if (nif->cond->op == AGX_OP_CONST) {
            bool t = nif->cond->value[0] & 1;
            agx_list *keep = t ? &nif->then_list : &nif->else_list;
            agx_list *drop = t ? &nif->else_list : &nif->then_list;
            agx_block *after =
               agx_cf_as_block(agx_container_of(node->link.next, agx_cf_node, link));
            bool ok = !agx_block_ends_in_jump(agx_list_last_block(keep));
            agx_foreach_instr(after, I) {
               if (I->op != AGX_OP_PHI)
                  break;
               unsigned from_keep = 0;
               for (unsigned i = 0; i < I->num_srcs; i++)
                  from_keep += I->pred[i] == agx_list_last_block(keep);
               ok &= from_keep == 1;
            }
            if (ok) {
               agx_list *prev = node->link.prev;
               fold(c, nif, keep, drop);
               progress = true;
               l = prev->next;
               continue;
            }
         }
      } else if (node->type == AGX_CF_LOOP) {
         progress |= walk(c, &agx_cf_as_loop(node)->body);
         progress |= walk(c, &agx_cf_as_loop(node)->cont);
      }
      l = l->next;
   }
   return progress;
}

bool
agx_pass_const_if(agx_shader *s)
{
   struct ctx c = {s, calloc(s->next_block + 1, 1), calloc(s->next_block + 1, sizeof(agx_block *)),
                   calloc(s->next_index + 1, sizeof(agx_instr *))};
   if (!c.dropped || !c.renamed || !c.map)
      abort();
   bool progress = walk(&c, &s->body);
   if (progress) {
      agx_foreach_block(&s->body, fix_phis, &c);
      agx_rewrite_uses_map(s, c.map);
   }
   free(c.dropped);
   free(c.renamed);
   free(c.map);
   return progress;
}
