/* IR core: arena allocation, creation of blocks/instructions and generic
 * walks over the structured control-flow tree. */
#include "agx_ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct agx_arena {
   struct agx_arena *next;
   size_t used, size;
   _Alignas(16) unsigned char data[];
};

void *
agx_alloc(agx_shader *s, size_t size)
{
   size = (size + 15) & ~(size_t)15;
   agx_arena *a = s->arena;
   if (!a || a->used + size > a->size) {
      size_t cap = size > 65536 ? size : 65536;
      agx_arena *n = malloc(sizeof(*n) + cap);
      if (!n) {
         fprintf(stderr, "agx: out of memory\n");
         abort();
      }
      n->next = a;
      n->used = 0;
      n->size = cap;
      s->arena = a = n;
   }
   void *p = a->data + a->used;
   a->used += size;
   memset(p, 0, size);
   return p;
}

agx_shader *
agx_shader_create(void)
{
   agx_shader *s = calloc(1, sizeof(*s));
   if (!s)
      abort();
   agx_list_init(&s->body);
   s->stage = AGX_STAGE_COMPUTE;
   s->cs.local_size[0] = s->cs.local_size[1] = s->cs.local_size[2] = 1;
   return s;
}

void
agx_shader_destroy(agx_shader *s)
{
   if (!s)
      return;
   for (agx_arena *a = s->arena, *n; a; a = n) {
      n = a->next;
      free(a);
   }
   free(s);
}

unsigned
agx_shader_add_var(agx_shader *s, agx_type t)
{
   if (s->num_vars == s->cap_vars) {
      unsigned cap = s->cap_vars ? s->cap_vars * 2 : 16;
      agx_type *n = agx_alloc(s, cap * sizeof(*n));
      if (s->num_vars)
         memcpy(n, s->var_types, s->num_vars * sizeof(*n));
      s->var_types = n;
      s->cap_vars = cap;
   }
   s->var_types[s->num_vars] = t;
   return s->num_vars++;
}

agx_block *
agx_block_create(agx_shader *s)
{
   agx_block *b = agx_alloc(s, sizeof(*b));
   b->cf.type = AGX_CF_BLOCK;
   agx_list_init(&b->cf.link);
   agx_list_init(&b->instrs);
   b->index = s->next_block++;
   return b;
}

agx_instr *
agx_instr_create(agx_shader *s, enum agx_op op, agx_type t, unsigned num_srcs)
{
   agx_instr *I = agx_alloc(s, sizeof(*I));
   agx_list_init(&I->link);
   I->op = (uint16_t)op;
   I->type = t;
   I->index = s->next_index++;
   I->num_srcs = num_srcs;
   I->cap_srcs = num_srcs;
   if (num_srcs)
      I->src = agx_alloc(s, num_srcs * sizeof(agx_instr *));
   return I;
}

void
agx_instr_add_phi_src(agx_shader *s, agx_instr *phi, agx_block *pred, agx_instr *v)
{
   if (phi->num_srcs == phi->cap_srcs) {
      unsigned cap = phi->cap_srcs ? phi->cap_srcs * 2 : 2;
      agx_instr **src = agx_alloc(s, cap * sizeof(*src));
      agx_block **pred_n = agx_alloc(s, cap * sizeof(*pred_n));
      if (phi->num_srcs) {
         memcpy(src, phi->src, phi->num_srcs * sizeof(*src));
         memcpy(pred_n, phi->pred, phi->num_srcs * sizeof(*pred_n));
      }
      phi->src = src;
      phi->pred = pred_n;
      phi->cap_srcs = cap;
   }
   phi->src[phi->num_srcs] = v;
   phi->pred[phi->num_srcs] = pred;
   phi->num_srcs++;
}

void
agx_instr_remove(agx_instr *I)
{
   agx_list_del(&I->link);
   I->block = NULL;
}

bool
agx_block_ends_in_jump(agx_block *b)
{
   agx_instr *I = agx_block_last_instr(b);
   return I && (I->op == AGX_OP_BREAK || I->op == AGX_OP_CONTINUE || I->op == AGX_OP_HALT);
}

void
agx_foreach_block(agx_list *list, void (*cb)(agx_block *b, void *data), void *data)
{
   agx_foreach_cf(list, node) {
      switch (node->type) {
      case AGX_CF_BLOCK:
         cb(agx_cf_as_block(node), data);
         break;
      case AGX_CF_IF:
         agx_foreach_block(&agx_cf_as_if(node)->then_list, cb, data);
         agx_foreach_block(&agx_cf_as_if(node)->else_list, cb, data);
         break;
      case AGX_CF_LOOP:
         agx_foreach_block(&agx_cf_as_loop(node)->body, cb, data);
         agx_foreach_block(&agx_cf_as_loop(node)->cont, cb, data);
         break;
      }
   }
}

struct collect_state {
   agx_shader *s;
   agx_instr **arr;
   unsigned n, cap;
};

static void
collect_cb(agx_block *b, void *data)
{
   struct collect_state *st = data;
   agx_foreach_instr(b, I) {
      if (st->n == st->cap) {
         unsigned cap = st->cap ? st->cap * 2 : 256;
         agx_instr **n = agx_alloc(st->s, cap * sizeof(*n));
         if (st->n)
            memcpy(n, st->arr, st->n * sizeof(*n));
         st->arr = n;
         st->cap = cap;
      }
      st->arr[st->n++] = I;
   }
}

unsigned
agx_collect_instrs(agx_shader *s, agx_instr ***out)
{
   struct collect_state st = {s, NULL, 0, 0};
   agx_foreach_block(&s->body, collect_cb, &st);
   *out = st.arr;
   return st.n;
}

static void
rewrite_list(agx_list *list, agx_instr **map)
{
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_BLOCK) {
         agx_foreach_instr(agx_cf_as_block(node), I) {
            for (unsigned i = 0; i < I->num_srcs; i++) {
               /* Follow chains: a replacement may itself be replaced. */
               for (unsigned guard = 0; I->src[i] && map[I->src[i]->index] && guard < 64; guard++)
                  I->src[i] = map[I->src[i]->index];
            }
         }
      } else if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         for (unsigned guard = 0; map[nif->cond->index] && guard < 64; guard++)
            nif->cond = map[nif->cond->index];
         rewrite_list(&nif->then_list, map);
         rewrite_list(&nif->else_list, map);
      } else {
         rewrite_list(&agx_cf_as_loop(node)->body, map);
         rewrite_list(&agx_cf_as_loop(node)->cont, map);
      }
   }
}

void
agx_rewrite_uses_map(agx_shader *s, agx_instr **map)
{
   rewrite_list(&s->body, map);
}

void
agx_rewrite_uses(agx_shader *s, agx_instr *from, agx_instr *to)
{
   agx_instr **map = calloc(s->next_index, sizeof(*map));
   if (!map)
      abort();
   map[from->index] = to;
   rewrite_list(&s->body, map);
   free(map);
}

const char *
agx_stage_name(enum agx_stage stage)
{
   switch (stage) {
   case AGX_STAGE_COMPUTE:
      return "compute";
   case AGX_STAGE_KERNEL:
      return "kernel";
   case AGX_STAGE_VERTEX:
      return "vertex";
   case AGX_STAGE_FRAGMENT:
      return "fragment";
   case AGX_STAGE_GEOMETRY:
      return "geometry";
   case AGX_STAGE_TESS_CTRL:
      return "tessellation control";
   case AGX_STAGE_TESS_EVAL:
      return "tessellation evaluation";
   }
   return "unknown";
}
