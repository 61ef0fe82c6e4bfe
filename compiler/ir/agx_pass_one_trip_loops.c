/* Removes loops that run exactly once: the wrappers the SPIR-V front end puts
 * around inlined functions and switches. Assumes the builder's shape (lists
 * start/end with blocks, blocks and nodes alternate, jumps end blocks).
 * A loop qualifies when its body's last block ends in `break`, no other
 * break or continue in the body targets it, its continue list is one empty
 * block, and no phi sits in its header (so the back edge carries nothing).
 * The body's nodes are spliced into the parent list: the preheader absorbs
 * the body's first block and the body's last block (minus the break) absorbs
 * the block after the loop; phis naming absorbed blocks are renamed. */
#include <stdlib.h>

#include "agx_passes.h"

static bool
targets_loop(agx_list *list, agx_loop *loop, bool top)
{
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_BLOCK) {
         agx_block *b = agx_cf_as_block(node);
         agx_instr *last = agx_block_last_instr(b);
         bool is_tail = top && node->link.next == list;
         if (last && last->op == AGX_OP_CONTINUE)
            return true;
         if (last && last->op == AGX_OP_BREAK && !is_tail)
            return true;
      } else if (node->type == AGX_CF_IF) {
         if (targets_loop(&agx_cf_as_if(node)->then_list, loop, false) ||
             targets_loop(&agx_cf_as_if(node)->else_list, loop, false))
            return true;
      }
      /* jumps inside nested loops target those loops */
   }
   return false;
}

static void
rename_cb(agx_block *b, void *data)
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

/* renamed: block index -> block that absorbed it; applied to all phis once
 * at the end (keeps the pass linear). */
static void
merge_into(agx_block **renamed, agx_block *dst, agx_block *src)
{
   agx_foreach_instr(src, I) {
      agx_list_del(&I->link);
      I->block = dst;
      agx_list_insert_before(&dst->instrs, &I->link);
   }
   renamed[src->index] = dst;
}

static bool
eligible(agx_loop *loop)
{
   agx_list *cont = &loop->cont;
   if (cont->next->next != cont || !agx_list_empty(&agx_list_first_block(cont)->instrs))
      return false;
   agx_block *last = agx_list_last_block(&loop->body);
   agx_instr *brk = agx_block_last_instr(last);
   if (!brk || brk->op != AGX_OP_BREAK)
      return false;
   agx_block *header = agx_list_first_block(&loop->body);
   agx_instr *first = agx_list_empty(&header->instrs)
                         ? NULL
                         : agx_container_of(header->instrs.next, agx_instr, link);
   if (first && first->op == AGX_OP_PHI)
      return false;
   agx_block *after = agx_cf_as_block(agx_container_of(loop->cf.link.next, agx_cf_node, link));
   agx_instr *afirst =
      agx_list_empty(&after->instrs) ? NULL : agx_container_of(after->instrs.next, agx_instr, link);
   if (afirst && afirst->op == AGX_OP_PHI)
      return false;
   return !targets_loop(&loop->body, loop, true);
}

static void
splice(agx_block **renamed, agx_loop *loop)
{
   agx_cf_node *ln = &loop->cf;
   agx_block *pre = agx_cf_as_block(agx_container_of(ln->link.prev, agx_cf_node, link));
   agx_block *after = agx_cf_as_block(agx_container_of(ln->link.next, agx_cf_node, link));
   agx_block *first = agx_list_first_block(&loop->body), *last = agx_list_last_block(&loop->body);
   agx_instr_remove(agx_block_last_instr(last)); /* the break */
   /* Move the body's middle nodes (everything between first and last). */
   agx_list *pos = &ln->link;
   for (agx_list *l = first->cf.link.next; first != last && l != &last->cf.link;) {
      agx_list *next = l->next;
      agx_cf_node *n = agx_container_of(l, agx_cf_node, link);
      agx_list_del(l);
      n->owner = ln->owner;
      n->parent = ln->parent;
      agx_list_insert_before(pos, l);
      l = next;
   }
   if (first != last) {
      /* last becomes a block of the parent list, absorbing `after` */
      agx_list_del(&last->cf.link);
      last->cf.owner = ln->owner;
      last->cf.parent = ln->parent;
      agx_list_insert_before(pos, &last->cf.link);
      merge_into(renamed, last, after);
      agx_list_del(&after->cf.link);
      merge_into(renamed, pre, first);
   } else {
      merge_into(renamed, pre, first);
      merge_into(renamed, pre, after);
      agx_list_del(&after->cf.link);
   }
   agx_list_del(&ln->link);
}

static bool
walk(agx_block **renamed, agx_list *list)
{
   bool progress = false;
   for (agx_list *l = list->next; l != list;) {
      agx_cf_node *node = agx_container_of(l, agx_cf_node, link);
      if (node->type == AGX_CF_IF) {
         progress |= walk(renamed, &agx_cf_as_if(node)->then_list);
         progress |= walk(renamed, &agx_cf_as_if(node)->else_list);
      } else if (node->type == AGX_CF_LOOP) {
         agx_loop *loop = agx_cf_as_loop(node);
         progress |= walk(renamed, &loop->body);
         progress |= walk(renamed, &loop->cont);
         if (eligible(loop)) {
            agx_list *prev = node->link.prev; /* the preheader stays */
            splice(renamed, loop);
            progress = true;
            l = prev->next;
            continue;
         }
      }
      l = l->next;
   }
   return progress;
}

bool
agx_pass_remove_one_trip_loops(agx_shader *s)
{
   agx_block **map = calloc(s->next_block + 1, sizeof(*map));
   if (!map)
      abort();
   bool progress = walk(map, &s->body);
   if (progress)
      agx_foreach_block(&s->body, rename_cb, map);
   free(map);
   return progress;
}
