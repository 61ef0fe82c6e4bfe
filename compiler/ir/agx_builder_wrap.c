/* agx_wrap_in_if: puts one instruction under `if (cond)` in place, for
 * passes that predicate side effects after the control-flow tree is built
 * (agx_pass_lower_fs_sidefx). The instruction's block B is split: B keeps
 * the instructions before it (cond must be defined there or earlier),
 * then the new if node (then: the instruction; else: empty), then a new
 * block with the rest of B. Phis that named B as a predecessor name the
 * new block instead (it now ends B's path, jumps included). A result is
 * merged by a phi (else: undef) that replaces its uses.
 * Assumes the instruction is not a phi or a jump. */
#include "agx_builder.h"

static void
retarget_preds(agx_list *list, agx_block *from, agx_block *to)
{
   for (agx_list *n = list->next; n != list; n = n->next) {
      agx_cf_node *cf = agx_container_of(n, agx_cf_node, link);
      if (cf->type == AGX_CF_IF) {
         agx_if *nif = (agx_if *)cf;
         retarget_preds(&nif->then_list, from, to);
         retarget_preds(&nif->else_list, from, to);
      } else if (cf->type == AGX_CF_LOOP) {
         agx_loop *loop = (agx_loop *)cf;
         retarget_preds(&loop->body, from, to);
         retarget_preds(&loop->cont, from, to);
      } else {
         agx_block *blk = agx_cf_as_block(cf);
         agx_foreach_instr(blk, I) {
            if (I->op != AGX_OP_PHI)
               break;
            for (unsigned i = 0; i < I->num_srcs; i++)
               if (I->pred[i] == from)
                  I->pred[i] = to;
         }
      }
   }
}

agx_instr *
agx_wrap_in_if(agx_shader *s, agx_instr *I, agx_instr *cond)
{
   agx_block *blk = I->block;
   agx_builder b = agx_builder_before(s, I);
   agx_instr *undef = agx_info(I)->has_dest ? agx_undef(&b, I->type) : NULL;
   /* detach the tail after I, then I */
   agx_list tail;
   agx_list_init(&tail);
   while (I->link.next != &blk->instrs) {
      agx_list *n = I->link.next;
      agx_list_del(n);
      agx_list_insert_before(&tail, n);
   }
   agx_list_del(&I->link);
   b = agx_builder_at_end(s, blk);
   agx_if *nif = agx_push_if(&b, cond);
   agx_block *then_blk = b.block;
   agx_builder_insert(&b, I);
   agx_push_else(&b, nif);
   agx_block *else_blk = b.block;
   agx_pop_if(&b, nif);
   agx_block *after = b.block;
   retarget_preds(&s->body, blk, after);
   agx_instr *res = I;
   if (undef) {
      res = agx_instr_create(s, AGX_OP_PHI, I->type, 0);
      agx_instr_add_phi_src(s, res, then_blk, I);
      agx_instr_add_phi_src(s, res, else_blk, undef);
      res->block = after;
      agx_list_insert_before(&after->instrs, &res->link);
   }
   while (!agx_list_empty(&tail)) {
      agx_list *n = tail.next;
      agx_list_del(n);
      agx_list_insert_before(&after->instrs, n);
      agx_container_of(n, agx_instr, link)->block = after;
   }
   if (undef) {
      agx_rewrite_uses(s, I, res);
      res->src[0] = I;
   }
   return res;
}
