/* Function-local variables (load_var/store_var) to SSA, for structured
 * control flow. Assumes: every variable is accessed only through
 * load_var/store_var with its exact type; jumps end blocks; the builder's
 * shape (lists start/end with blocks, loops have a non-empty continue list).
 *
 * A single walk in program order carries the current definition of each
 * variable. At an if, both branches start from the same definitions and are
 * merged with phis at the block after the if. At a loop, variables stored in
 * the loop get header phis (preheader value, back-edge value filled in after
 * the walk); definitions at `continue` jumps and at the end of the body merge
 * at the start of the continue list; definitions at `break` jumps merge after
 * the loop. Reads of never-written variables yield `undef`. */
#include <stdlib.h>
#include <string.h>

#include "agx_passes.h"

typedef agx_instr **defs_t;

struct edge {
   agx_block *pred;
   defs_t defs;
};

struct loop_ctx {
   struct edge *breaks, *conts;
   unsigned nbreaks, nconts, cap_breaks, cap_conts;
};

struct v2s {
   agx_shader *s;
   unsigned nvars;
   agx_instr **map;    /* replaced load_var -> value */
   agx_instr **undefs; /* per variable */
   struct loop_ctx *loop;
   agx_block *entry;
   unsigned limit; /* size of map (indices before the pass) */
};

static agx_instr *
resolve(struct v2s *st, agx_instr *v)
{
   while (v && v->index < st->limit && st->map[v->index])
      v = st->map[v->index];
   return v;
}

static agx_instr *
undef_for(struct v2s *st, unsigned var)
{
   if (!st->undefs[var]) {
      agx_instr *u = agx_instr_create(st->s, AGX_OP_UNDEF, st->s->var_types[var], 0);
      u->block = st->entry;
      agx_list_insert_before(st->entry->instrs.next, &u->link);
      st->undefs[var] = u;
   }
   return st->undefs[var];
}

static defs_t
copy_defs(struct v2s *st, defs_t d)
{
   defs_t n = agx_alloc(st->s, sizeof(agx_instr *) * (st->nvars ? st->nvars : 1));
   if (d)
      memcpy(n, d, sizeof(agx_instr *) * st->nvars);
   return n;
}

static agx_instr *
value_of(struct v2s *st, defs_t d, unsigned v)
{
   return d && d[v] ? d[v] : undef_for(st, v);
}

static agx_instr *
add_phi(struct v2s *st, agx_block *target, unsigned v)
{
   agx_instr *phi = agx_instr_create(st->s, AGX_OP_PHI, st->s->var_types[v], 0);
   phi->block = target;
   agx_list_insert_before(target->instrs.next, &phi->link);
   return phi;
}

/* Merges n incoming edges at the top of target. Returns NULL if n == 0. */
static defs_t
merge(struct v2s *st, agx_block *target, struct edge *e, unsigned n)
{
   if (n == 0)
      return NULL;
   defs_t out = copy_defs(st, e[0].defs);
   if (n == 1)
      return out;
   for (unsigned v = 0; v < st->nvars; v++) {
      bool same = true;
      for (unsigned i = 1; i < n; i++)
         same &= e[i].defs[v] == e[0].defs[v];
      if (same)
         continue;
      agx_instr *phi = add_phi(st, target, v);
      for (unsigned i = 0; i < n; i++)
         agx_instr_add_phi_src(st->s, phi, e[i].pred, value_of(st, e[i].defs, v));
      out[v] = phi;
   }
   return out;
}

static void
push_edge(struct v2s *st, struct edge **arr, unsigned *n, unsigned *cap, agx_block *b, defs_t d)
{
   if (*n == *cap) {
      unsigned nc = *cap ? *cap * 2 : 4;
      struct edge *na = agx_alloc(st->s, nc * sizeof(*na));
      if (*n)
         memcpy(na, *arr, *n * sizeof(*na));
      *arr = na;
      *cap = nc;
   }
   (*arr)[*n].pred = b;
   (*arr)[*n].defs = copy_defs(st, d);
   (*n)++;
}

static void
scan_stores(agx_list *list, bool *stored)
{
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_BLOCK) {
         agx_foreach_instr(agx_cf_as_block(node), I)
            if (I->op == AGX_OP_STORE_VAR)
               stored[I->c[0]] = true;
      } else if (node->type == AGX_CF_IF) {
         scan_stores(&agx_cf_as_if(node)->then_list, stored);
         scan_stores(&agx_cf_as_if(node)->else_list, stored);
      } else {
         scan_stores(&agx_cf_as_loop(node)->body, stored);
         scan_stores(&agx_cf_as_loop(node)->cont, stored);
      }
   }
}

static defs_t walk(struct v2s *st, agx_list *list, defs_t cur);

static defs_t
walk_block(struct v2s *st, agx_block *b, defs_t cur)
{
   /* Unreachable code (after jumps on every path) reads undef and stays
    * unreachable, so it contributes no phi sources. */
   bool unreachable = !cur;
   if (unreachable)
      cur = copy_defs(st, NULL);
   agx_foreach_instr(b, I) {
      if (I->op == AGX_OP_LOAD_VAR) {
         st->map[I->index] = value_of(st, cur, I->c[0]);
         agx_instr_remove(I);
      } else if (I->op == AGX_OP_STORE_VAR) {
         cur[I->c[0]] = resolve(st, I->src[0]);
         agx_instr_remove(I);
      } else if (I->op == AGX_OP_BREAK && st->loop) {
         push_edge(st, &st->loop->breaks, &st->loop->nbreaks, &st->loop->cap_breaks, b, cur);
         return NULL;
      } else if (I->op == AGX_OP_CONTINUE && st->loop) {
         push_edge(st, &st->loop->conts, &st->loop->nconts, &st->loop->cap_conts, b, cur);
         return NULL;
      } else if (I->op == AGX_OP_HALT) {
         return NULL;
      }
   }
   return unreachable ? NULL : cur;
}

static defs_t
walk_loop(struct v2s *st, agx_loop *loop, defs_t cur)
{
   agx_block *pre = agx_cf_as_block(agx_container_of(loop->cf.link.prev, agx_cf_node, link));
   agx_block *header = agx_list_first_block(&loop->body);
   bool *stored = calloc(st->nvars + 1, sizeof(bool));
   agx_instr **hphi = calloc(st->nvars + 1, sizeof(agx_instr *));
   if (!stored || !hphi)
      abort();
   scan_stores(&loop->body, stored);
   scan_stores(&loop->cont, stored);

   defs_t in = copy_defs(st, cur);
   for (unsigned v = 0; v < st->nvars; v++) {
      if (!stored[v])
         continue;
      hphi[v] = add_phi(st, header, v);
      agx_instr_add_phi_src(st->s, hphi[v], pre, value_of(st, cur, v));
      in[v] = hphi[v];
   }

   struct loop_ctx ctx = {0}, *outer = st->loop;
   st->loop = &ctx;
   defs_t end = walk(st, &loop->body, in);
   if (end)
      push_edge(st, &ctx.conts, &ctx.nconts, &ctx.cap_conts, agx_list_last_block(&loop->body), end);
   defs_t cont_in = merge(st, agx_list_first_block(&loop->cont), ctx.conts, ctx.nconts);
   defs_t cont_end = walk(st, &loop->cont, cont_in);
   st->loop = outer;

   agx_block *latch = agx_list_last_block(&loop->cont);
   for (unsigned v = 0; v < st->nvars; v++)
      if (hphi[v])
         agx_instr_add_phi_src(st->s, hphi[v], latch, value_of(st, cont_end, v));
   free(stored);
   free(hphi);

   agx_block *after = agx_cf_as_block(agx_container_of(loop->cf.link.next, agx_cf_node, link));
   return merge(st, after, ctx.breaks, ctx.nbreaks);
}

static defs_t
walk(struct v2s *st, agx_list *list, defs_t cur)
{
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_BLOCK) {
         cur = walk_block(st, agx_cf_as_block(node), cur);
      } else if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         defs_t t = walk(st, &nif->then_list, copy_defs(st, cur));
         defs_t e = walk(st, &nif->else_list, copy_defs(st, cur));
         struct edge edges[2];
         unsigned n = 0;
         if (t)
            edges[n++] = (struct edge){agx_list_last_block(&nif->then_list), t};
         if (e)
            edges[n++] = (struct edge){agx_list_last_block(&nif->else_list), e};
         agx_block *after = agx_cf_as_block(agx_container_of(node->link.next, agx_cf_node, link));
         cur = merge(st, after, edges, n);
      } else {
         cur = walk_loop(st, agx_cf_as_loop(node), cur);
      }
   }
   return cur;
}

bool
agx_pass_vars_to_ssa(agx_shader *s)
{
   if (s->num_vars == 0)
      return false;
   struct v2s st = {.s = s, .nvars = s->num_vars};
   st.entry = agx_list_first_block(&s->body);
   st.map = calloc(s->next_index + 1, sizeof(*st.map));
   st.undefs = calloc(s->num_vars, sizeof(*st.undefs));
   if (!st.map || !st.undefs)
      abort();
   /* New instructions get indices past the map: size it generously once. */
   unsigned limit = st.limit = s->next_index;
   walk(&st, &s->body, copy_defs(&st, NULL));
   agx_instr **map = calloc(s->next_index + 1, sizeof(*map));
   if (!map)
      abort();
   memcpy(map, st.map, sizeof(*map) * (limit + 1));
   agx_rewrite_uses_map(s, map);
   free(map);
   free(st.map);
   free(st.undefs);
   s->num_vars = 0;
   return true;
}
