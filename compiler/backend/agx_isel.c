/* Instruction selection driver: walks the structured IR in program order,
 * maps values (vec/extract/bitcast are free renamings), emits control-flow
 * pseudo-instructions and turns phis into parallel copies at the end of
 * their predecessor blocks (through temporaries, so a copy never reads a
 * register another copy of the same edge already wrote).
 * Assumes SSA with phis only where agx_ir.h puts them and break/continue/
 * halt as the last instruction of a block. */
#include <stdlib.h>
#include <string.h>

#include "agx_isel_priv.h"

struct mval
isel_src(struct isel *c, const agx_instr *I, unsigned i, unsigned comp)
{
   const agx_instr *S = I->src[i];
   if (comp >= S->type.comps)
      comp = 0;
   struct mval v = c->map[S->index][comp];
   if (v.kind == MV_NONE && S->op != AGX_OP_PHI)
      isel_fail(c, "internal: value %%%u used before its definition", S->index);
   return v;
}

struct mval
isel_dst(struct isel *c, const agx_instr *I, unsigned comp)
{
   struct mval *m = &c->map[I->index][comp];
   if (m->kind == MV_NONE)
      *m = isel_new(c, type_halves(I->type));
   return *m;
}

/* Phi destination components get their vregs on first sight (a copy at the
 * end of a predecessor may come before the phi in program order). */
static struct mval
phi_dst(struct isel *c, agx_instr *phi, unsigned comp)
{
   return isel_dst(c, phi, comp);
}

static bool
reads_vreg(struct mval s, unsigned vreg)
{
   return (s.kind == MV_REG || s.kind == MV_ZEXT || s.kind == MV_SEXT) && s.vreg == vreg;
}

/* The phi copies of the edge leaving b, as a parallel copy: a copy is
 * emitted once no other pending copy still reads its destination; a cycle
 * is broken by moving one source to a temporary. */
static void
emit_phi_copies(struct isel *c, agx_block *b)
{
   struct pcopy *list = c->copies[b->index];
   if (!list)
      return;
   struct pc {
      struct mval d, s;
      bool done;
   } *pcs = NULL;
   unsigned n = 0, cap = 0;
   for (struct pcopy *p = list; p; p = p->next) {
      for (unsigned k = 0; k < p->phi->type.comps; k++) {
         struct mval d = phi_dst(c, p->phi, k);
         struct mval s = c->map[p->src->index][k < p->src->type.comps ? k : 0];
         if (s.kind == MV_NONE)
            s = phi_dst(c, p->src, k); /* a phi of the same edge set */
         if (s.kind == MV_REG && s.vreg == d.vreg && s.off == d.off && s.halves == d.halves)
            continue; /* already in place */
         if (n == cap) {
            cap = cap ? cap * 2 : 8;
            pcs = realloc(pcs, cap * sizeof(*pcs));
            if (!pcs)
               abort();
         }
         pcs[n].d = d;
         pcs[n].s = s;
         pcs[n].done = false;
         n++;
      }
   }
   for (unsigned left = n; left;) {
      bool progress = false;
      for (unsigned i = 0; i < n; i++) {
         if (pcs[i].done)
            continue;
         bool blocked = false;
         for (unsigned j = 0; j < n && !blocked; j++)
            blocked = j != i && !pcs[j].done && reads_vreg(pcs[j].s, pcs[i].d.vreg);
         if (blocked)
            continue;
         isel_copy(c, pcs[i].d, pcs[i].s);
         pcs[i].done = true;
         left--;
         progress = true;
      }
      if (!progress) {
         /* cycle: save the first pending destination, redirect its readers */
         for (unsigned i = 0; i < n; i++) {
            if (pcs[i].done)
               continue;
            unsigned v = pcs[i].d.vreg;
            struct mval t = isel_new(c, c->m->vsize[v]);
            struct mval whole = {.kind = MV_REG, .halves = t.halves, .vreg = v};
            isel_copy(c, t, whole);
            for (unsigned j = 0; j < n; j++)
               if (!pcs[j].done && reads_vreg(pcs[j].s, v))
                  pcs[j].s.vreg = t.vreg;
            break;
         }
      }
   }
   free(pcs);
}

static void
isel_special(struct isel *c, agx_instr *I)
{
   switch (I->op) {
   case AGX_OP_CONST:
      for (unsigned k = 0; k < I->type.comps; k++) {
         struct mval v = {.kind = MV_IMM,
                          .halves = (uint8_t)type_halves(I->type),
                          .imm = I->value[k]};
         if (I->type.bits == 1)
            v.imm &= 1;
         c->map[I->index][k] = v;
      }
      return;
   case AGX_OP_UNDEF:
      for (unsigned k = 0; k < I->type.comps; k++) {
         struct mval v = {.kind = MV_IMM, .halves = (uint8_t)type_halves(I->type)};
         c->map[I->index][k] = v;
      }
      return;
   case AGX_OP_MOV:
      for (unsigned k = 0; k < I->type.comps; k++)
         c->map[I->index][k] = isel_src(c, I, 0, k);
      return;
   case AGX_OP_VEC:
      for (unsigned k = 0; k < I->num_srcs && k < 4; k++)
         c->map[I->index][k] = isel_src(c, I, k, 0);
      return;
   case AGX_OP_EXTRACT:
      c->map[I->index][0] = isel_src(c, I, 0, I->c[0]);
      return;
   case AGX_OP_PHI:
      for (unsigned k = 0; k < I->type.comps; k++)
         phi_dst(c, I, k);
      return;
   case AGX_OP_UNPACK_64_2X32: {
      struct mval v = isel_src(c, I, 0, 0);
      if (v.kind == MV_IMM) {
         struct mval lo = v, hi = v;
         lo.halves = hi.halves = 2;
         lo.imm &= 0xFFFFFFFFu;
         hi.imm >>= 32;
         c->map[I->index][0] = lo;
         c->map[I->index][1] = hi;
         return;
      }
      if (v.kind != MV_REG && v.kind != MV_UNI)
         v = isel_reg(c, v);
      for (unsigned k = 0; k < 2; k++) {
         struct mval p = v;
         p.halves = 2;
         if (v.kind == MV_UNI)
            p.imm += 2 * k;
         else
            p.off = (uint8_t)(v.off + 2 * k);
         c->map[I->index][k] = p;
      }
      return;
   }
   case AGX_OP_PACK_64_2X32: {
      struct mval lo = isel_src(c, I, 0, 0), hi = isel_src(c, I, 0, 1);
      if (lo.kind == MV_REG && hi.kind == MV_REG && lo.vreg == hi.vreg && hi.off == lo.off + 2 &&
          lo.off % 4 == 0) {
         lo.halves = 4;
         c->map[I->index][0] = lo;
         return;
      }
      struct mval d = isel_dst(c, I, 0);
      isel_copy(c, isel_part(d, 0, 2), lo);
      isel_copy(c, isel_part(d, 2, 2), hi);
      return;
   }
   case AGX_OP_BREAK:
   case AGX_OP_CONTINUE:
   case AGX_OP_HALT: {
      struct agx_minstr *mi = agx_mir_push(c->m, I->op == AGX_OP_BREAK      ? AGX_M_BREAK
                                                 : I->op == AGX_OP_CONTINUE ? AGX_M_CONTINUE
                                                                            : AGX_M_HALT);
      mi->depth = (uint8_t)(I->op == AGX_OP_HALT ? c->depth : c->loop_ifs);
      if (c->depth > 250)
         isel_fail(c, "control flow nested too deeply");
      if (c->in_body && c->loop_ifs == 0)
         agx_mir_push(c->m, AGX_M_SKIP);
      return;
   }
   default:
      isel_fail(c, "unsupported IR opcode %s", agx_op_infos[I->op].name);
   }
}

static void
isel_block(struct isel *c, agx_block *b)
{
   agx_foreach_instr(b, I) {
      if (c->failed)
         return;
      bool jump = I->op == AGX_OP_BREAK || I->op == AGX_OP_CONTINUE || I->op == AGX_OP_HALT;
      if (jump)
         emit_phi_copies(c, b);
      const struct agx_op_info *info = agx_info(I);
      if (c->skip[I->index])
         continue;
      if (info->kind == AGX_OPK_SPECIAL)
         isel_special(c, I);
      else if (!isel_alu(c, I) && !isel_subgroup(c, I) && !isel_tex(c, I) && !isel_gfx(c, I) &&
               !isel_mem(c, I))
         isel_fail(c, "unsupported IR opcode %s", info->name);
   }
   if (!agx_block_ends_in_jump(b))
      emit_phi_copies(c, b);
}

static void isel_list(struct isel *c, agx_list *list);

static void
isel_if(struct isel *c, agx_if *nif)
{
   struct mval cond = c->map[nif->cond->index][0];
   struct agx_minstr *mi = agx_mir_push(c->m, AGX_M_IF);
   agx_isa_init(&mi->I, AGX_OP_IF_ICMP);
   isel_set(c, mi, 0, agx_isa_reg(AGX_R16, 0, 1));
   isel_set(c, mi, 1, agx_isa_str("nueq"));
   isel_use(c, &mi, 2, cond, false, false);
   isel_set(c, mi, 3, agx_isa_imm(0));
   isel_set(c, mi, 4, agx_isa_imm(1));
   c->loop_ifs++;
   c->depth++;
   isel_list(c, &nif->then_list);
   agx_mir_push(c->m, AGX_M_ELSE);
   isel_list(c, &nif->else_list);
   agx_mir_push(c->m, AGX_M_ENDIF);
   c->loop_ifs--;
   c->depth--;
   /* After an if that may have broken out of or continued the loop: skip
    * the rest of the body when no thread is left (this also keeps barriers
    * later in the body from running with an empty mask). */
   if (c->in_body && c->loop_ifs == 0)
      agx_mir_push(c->m, AGX_M_SKIP);
}

static void
isel_loop(struct isel *c, agx_loop *loop)
{
   unsigned saved = c->loop_ifs;
   bool saved_body = c->in_body;
   c->loop_ifs = 0;
   c->depth += 2;
   c->in_body = true;
   agx_mir_push(c->m, AGX_M_LOOP);
   isel_list(c, &loop->body);
   agx_mir_push(c->m, AGX_M_CONT);
   c->in_body = false;
   isel_list(c, &loop->cont);
   agx_mir_push(c->m, AGX_M_ENDLOOP);
   c->depth -= 2;
   c->loop_ifs = saved;
   c->in_body = saved_body;
}

static void
isel_list(struct isel *c, agx_list *list)
{
   agx_foreach_cf(list, node) {
      if (c->failed)
         return;
      if (node->type == AGX_CF_BLOCK)
         isel_block(c, agx_cf_as_block(node));
      else if (node->type == AGX_CF_IF)
         isel_if(c, agx_cf_as_if(node));
      else
         isel_loop(c, agx_cf_as_loop(node));
   }
}

/* Records each phi source as a copy at the end of its predecessor. */
static void
collect_phis(agx_block *b, void *data)
{
   struct isel *c = data;
   agx_foreach_instr(b, I) {
      if (I->op != AGX_OP_PHI)
         continue;
      for (unsigned i = 0; i < I->num_srcs; i++) {
         struct pcopy *p = calloc(1, sizeof(*p));
         if (!p)
            abort();
         p->phi = I;
         p->src = I->src[i];
         /* append: keeps the phi order stable */
         struct pcopy **tail = &c->copies[I->pred[i]->index];
         while (*tail)
            tail = &(*tail)->next;
         *tail = p;
      }
   }
}

int
agx_isel(agx_shader *s, struct agx_mir *m, unsigned *uniform_halves, unsigned *local_bytes,
         char *err, size_t errsize)
{
   struct isel c = {.s = s, .m = m, .err = err, .errsize = errsize};
   c.map = calloc(s->next_index + 1, sizeof(*c.map));
   c.copies = calloc(s->next_block + 1, sizeof(*c.copies));
   if (!c.map || !c.copies)
      abort();
   agx_foreach_block(&s->body, collect_phis, &c);
   isel_analyze(&c);
   isel_preload_setup(&c);
   isel_scratch_setup(&c);
   isel_list(&c, &s->body);
   isel_preload_finish(&c);
   for (unsigned i = 0; i <= s->next_block; i++) {
      for (struct pcopy *p = c.copies[i]; p;) {
         struct pcopy *n = p->next;
         free(p);
         p = n;
      }
   }
   free(c.copies);
   free(c.map);
   free(c.uses);
   free(c.comps_used);
   free(c.skip);
   free(c.fold);
   *uniform_halves = c.uniform_end;
   *local_bytes = c.local_bytes;
   return c.failed ? -1 : 0;
}
