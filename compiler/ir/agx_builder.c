/* Builder implementation. Assumes callers keep control-flow pushes/pops
 * nested and never add instructions after a jump in the same block. */
#include "agx_builder.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

agx_builder
agx_builder_at_end(agx_shader *s, agx_block *block)
{
   agx_builder b = {s, block, NULL};
   return b;
}

agx_builder
agx_builder_before(agx_shader *s, agx_instr *I)
{
   agx_builder b = {s, I->block, I};
   return b;
}

void
agx_builder_insert(agx_builder *b, agx_instr *I)
{
   I->block = b->block;
   agx_list_insert_before(b->before ? &b->before->link : &b->block->instrs, &I->link);
}

agx_instr *
agx_build(agx_builder *b, enum agx_op op, agx_type t, unsigned n, agx_instr *s0, agx_instr *s1,
          agx_instr *s2, agx_instr *s3)
{
   agx_instr *I = agx_instr_create(b->shader, op, t, n);
   agx_instr *srcs[4] = {s0, s1, s2, s3};
   for (unsigned i = 0; i < n && i < 4; i++)
      I->src[i] = srcs[i];
   agx_builder_insert(b, I);
   return I;
}

agx_instr *
agx_const(agx_builder *b, agx_type t, const uint64_t *values)
{
   agx_instr *I = agx_instr_create(b->shader, AGX_OP_CONST, t, 0);
   for (unsigned i = 0; i < t.comps && i < 4; i++) {
      uint64_t v = values[i];
      if (t.bits < 64)
         v &= (UINT64_C(1) << t.bits) - 1;
      I->value[i] = v;
   }
   agx_builder_insert(b, I);
   return I;
}

agx_instr *
agx_imm(agx_builder *b, unsigned bits, uint64_t v)
{
   return agx_const(b, agx_type_make(bits, 1), &v);
}

agx_instr *
agx_undef(agx_builder *b, agx_type t)
{
   return agx_build(b, AGX_OP_UNDEF, t, 0, NULL, NULL, NULL, NULL);
}

agx_instr *
agx_vec(agx_builder *b, unsigned n, agx_instr *const *comps)
{
   if (n == 1)
      return comps[0];
   agx_instr *I = agx_instr_create(b->shader, AGX_OP_VEC, agx_type_make(comps[0]->type.bits, n), n);
   for (unsigned i = 0; i < n; i++)
      I->src[i] = comps[i];
   agx_builder_insert(b, I);
   return I;
}

agx_instr *
agx_extract(agx_builder *b, agx_instr *v, unsigned comp)
{
   if (v->type.comps == 1 && comp == 0)
      return v;
   agx_instr *I =
      agx_build(b, AGX_OP_EXTRACT, agx_type_make(v->type.bits, 1), 1, v, NULL, NULL, NULL);
   I->c[0] = comp;
   return I;
}

agx_instr *
agx_intrin(agx_builder *b, enum agx_op op, agx_type t, unsigned n, agx_instr *s0, agx_instr *s1,
           agx_instr *s2, uint32_t c0, uint32_t c1, uint32_t c2)
{
   agx_instr *I = agx_build(b, op, t, n, s0, s1, s2, NULL);
   I->c[0] = c0;
   I->c[1] = c1;
   I->c[2] = c2;
   return I;
}

agx_instr *
agx_resize(agx_builder *b, agx_instr *v, unsigned bits, bool sign)
{
   if (v->type.bits == bits)
      return v;
   return sign ? agx_i2i(b, bits, v) : agx_u2u(b, bits, v);
}

static void
insert_node_after_block(agx_builder *b, agx_cf_node *node)
{
   agx_cf_node *cur = &b->block->cf;
   assert(b->before == NULL);
   node->owner = cur->owner;
   node->parent = cur->parent;
   agx_list_insert_before(cur->link.next, &node->link);
}

static agx_block *
add_block_to_list(agx_shader *s, agx_list *list, agx_cf_node *parent)
{
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = list;
   blk->cf.parent = parent;
   agx_list_insert_before(list, &blk->cf.link);
   return blk;
}

static agx_block *
add_block_after(agx_shader *s, agx_cf_node *node)
{
   agx_block *blk = agx_block_create(s);
   blk->cf.owner = node->owner;
   blk->cf.parent = node->parent;
   agx_list_insert_before(node->link.next, &blk->cf.link);
   return blk;
}

agx_if *
agx_push_if(agx_builder *b, agx_instr *cond)
{
   agx_if *nif = agx_alloc(b->shader, sizeof(*nif));
   nif->cf.type = AGX_CF_IF;
   nif->cond = cond;
   agx_list_init(&nif->then_list);
   agx_list_init(&nif->else_list);
   insert_node_after_block(b, &nif->cf);
   add_block_after(b->shader, &nif->cf);
   b->block = add_block_to_list(b->shader, &nif->then_list, &nif->cf);
   add_block_to_list(b->shader, &nif->else_list, &nif->cf);
   return nif;
}

void
agx_push_else(agx_builder *b, agx_if *nif)
{
   b->block = agx_list_last_block(&nif->else_list);
   b->before = NULL;
}

void
agx_pop_if(agx_builder *b, agx_if *nif)
{
   b->block = agx_cf_as_block(agx_container_of(nif->cf.link.next, agx_cf_node, link));
   b->before = NULL;
}

agx_loop *
agx_push_loop(agx_builder *b)
{
   agx_loop *loop = agx_alloc(b->shader, sizeof(*loop));
   loop->cf.type = AGX_CF_LOOP;
   agx_list_init(&loop->body);
   agx_list_init(&loop->cont);
   insert_node_after_block(b, &loop->cf);
   add_block_after(b->shader, &loop->cf);
   b->block = add_block_to_list(b->shader, &loop->body, &loop->cf);
   add_block_to_list(b->shader, &loop->cont, &loop->cf);
   return loop;
}

void
agx_push_continue(agx_builder *b, agx_loop *loop)
{
   b->block = agx_list_last_block(&loop->cont);
   b->before = NULL;
}

void
agx_pop_loop(agx_builder *b, agx_loop *loop)
{
   b->block = agx_cf_as_block(agx_container_of(loop->cf.link.next, agx_cf_node, link));
   b->before = NULL;
}

void
agx_jump(agx_builder *b, enum agx_op jump)
{
   agx_build(b, jump, agx_type_make(0, 0), 0, NULL, NULL, NULL, NULL);
}

bool
agx_lower_each(agx_shader *s, agx_lower_fn lower, void *data)
{
   agx_instr **all;
   unsigned n = agx_collect_instrs(s, &all), limit = s->next_index;
   agx_instr **map = NULL;
   bool progress = false;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      agx_builder b = agx_builder_before(s, I);
      agx_instr *r = lower(&b, I, data);
      if (!r)
         continue;
      if (!map && !(map = calloc(limit, sizeof(*map))))
         abort();
      map[I->index] = r;
      agx_instr_remove(I);
      progress = true;
   }
   if (progress) {
      /* the replacements' own indices are past `limit`: map nothing there */
      agx_instr **full = calloc(s->next_index, sizeof(*full));
      if (!full)
         abort();
      for (unsigned i = 0; i < limit; i++)
         full[i] = map[i];
      agx_rewrite_uses_map(s, full);
      free(full);
   }
   free(map);
   return progress;
}
