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
   uint8_t *dropped;   /* by block index */
   agx_instr **map;    /* phi replacements by SSA index */
};

static void mark(struct ctx *c, agx_list *list)
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

static void drop_sources(agx_block *b, void *data)
{
   struct ctx *c = data;
   agx_foreach_instr(b, I) {
      if (I->op != AGX_OP_PHI)
         break;
      unsigned k = 0;
      for (unsigned i = 0; i < I->num_srcs; i++) {
         if (c->dropped[I->pred[i]->index])
            continue;
         I->src[k] = I->src[i];
         I->pred[k] = I->pred[i];
         k++;
      }
      I->num_srcs = k;
   }
}

struct rename {
   agx_block *from, *to;
};

static void rename_cb(agx_block *b, void *data)
{
   struct rename *r = data;
   agx_foreach_instr(b, I) {
      if (I->op != AGX_OP_PHI)
         break;
      for (unsigned i = 0; i < I->num_srcs; i++)
         if (I->pred[i] == r->from)
            I->pred[i] = r->to;
   }
}

static void merge_into(agx_shader *s, agx_block *dst, agx_block *src)
{
   agx_foreach_instr(src, I) {
      agx_list_del(&I->link);
      I->block = dst;
      agx_list_insert_before(&dst->instrs, &I->link);
   }
   struct rename r = { src, dst };
   agx_foreach_block(&s->body, rename_cb, &r);
}

static void fold(struct ctx *c, agx_if *nif, agx_list *keep, agx_list *drop)
{
   agx_shader *s = c->s;
   agx_cf_node *n = &nif->cf;
   agx_block *pre = agx_cf_as_block(agx_container_of(n->link.prev, agx_cf_node, link));
   agx_block *after = agx_cf_as_block(agx_container_of(n->link.next, agx_cf_node, link));
   memset(c->dropped, 0, s->next_block);
   mark(c, drop);
   agx_foreach_block(&s->body, drop_sources, c);
   /* merge-block phis now have the single source from the kept branch */
   agx_foreach_instr(after, I) {
      if (I->op != AGX_OP_PHI)
         break;
      c->map[I->index] = I->num_srcs == 1 ? I->src[0] : NULL;
      if (I->num_srcs == 1)
         agx_instr_remove(I);
   }
   agx_rewrite_uses_map(s, c->map);
   agx_block *first = agx_list_first_block(keep), *last = agx_list_last_block(keep);
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
      merge_into(s, last, after);
      agx_list_del(&after->cf.link);
      merge_into(s, pre, first);
   } else {
      merge_into(s, pre, first);
      merge_into(s, pre, after);
      agx_list_del(&after->cf.link);
   }
   agx_list_del(&n->link);
}

static bool walk(struct ctx *c, agx_list *list)
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
            agx_block *after = agx_cf_as_block(agx_container_of(node->link.next, agx_cf_node, link));
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

bool agx_pass_const_if(agx_shader *s)
{
   struct ctx c = { s, calloc(s->next_block + 1, 1), calloc(s->next_index + 1, sizeof(agx_instr *)) };
   if (!c.dropped || !c.map)
      abort();
   bool progress = walk(&c, &s->body);
   free(c.dropped);
   free(c.map);
   return progress;
}
