/* Preamble construction: moves dispatch-uniform computations (values that
 * depend only on the agx_abi.h uniforms and constants) out of the per-thread
 * program into a separate preamble shader that the hardware runs once per
 * dispatch before any thread (USC Preshader). The preamble writes each result
 * to a uniform register with store_uniform; the main program reads it back
 * with load_uniform at the same byte offset.
 *
 * Assumes:
 *  - I/O is lowered (agx_pass_lower_io): the only resource inputs are
 *    load_uniform with a constant offset, and uniforms [0, 64) hold the
 *    descriptor set addresses, so a load_global whose address is computed
 *    from them without any memory load reads descriptor memory, which a
 *    dispatch never writes;
 *  - SSA with program order as a valid definition order (agx_ir.h), so the
 *    uniform instructions can be replayed in that order in one block;
 *  - ALU, vec/extract/mov and pack/unpack instructions are pure and never
 *    fault (division by zero is defined in the IR), so they may be
 *    evaluated even when the main program would not have reached them.
 *
 * What is hoisted (conservatively):
 *  - uniform ALU/special instructions anywhere (loop-invariant ones too);
 *  - descriptor loads (address built from set-address uniforms and
 *    constants only) anywhere; when the address also involves other
 *    uniforms (a push-constant array index), only where every invocation
 *    executes (see below);
 *  - other loads from uniform addresses only when the shader writes no
 *    global memory (nothing in the dispatch can change what they read) and
 *    the load is executed by every invocation: a top-level block of the
 *    function not preceded by an if or loop that can end invocations
 *    (halt), so the preamble never touches memory the program would not.
 * Phis, system values, subgroup operations, shared/scratch memory and
 * anything with side effects stay in the main program.
 *
 * Cost model: a value is stored (costs one uniform slot) only if the main
 * program uses it outside the uniform computation (in a non-uniform
 * instruction, a phi or an if condition) and computing it takes at least
 * one real instruction (a constant or a plain uniform read is free).
 * Booleans and 8-bit values are not stored (their register form is not a
 * plain 16-bit value); their uniform inputs are stored instead. Slots are
 * assigned in program order at natural alignment until the budget ends;
 * a value that does not fit simply stays in the main program, which keeps
 * every original instruction not replaced (dead ones go to DCE). */
#include <stdlib.h>
#include <string.h>

#include "agx_abi.h"
#include "agx_builder.h"
#include "agx_passes.h"

enum {
   U_UNIFORM = 1,   /* value depends only on uniforms and constants */
   U_COSTLY = 2,    /* computing it takes at least one instruction */
   U_NOLOAD = 4,    /* no memory load in its expression */
   U_SETS = 8,      /* some leaf is a descriptor-set address uniform */
   U_ONLYSETS = 16, /* every uniform leaf is a descriptor-set address */
   U_NEEDED = 32,   /* used by the main program outside the uniform part */
   U_STORED = 64,   /* gets a uniform slot */
   U_INPRE = 128,   /* computed by the preamble */
};

struct pre_state {
   agx_shader *s;
   uint8_t *f;          /* per SSA index: U_* flags */
   bool *always;        /* per block index: executed by every invocation */
   bool writes_global;
};

static bool list_has_halt(agx_list *list);

static bool block_has_halt(agx_block *b)
{
   agx_foreach_instr(b, I) {
      if (I->op == AGX_OP_HALT)
         return true;
   }
   return false;
}

static bool node_has_halt(agx_cf_node *n)
{
   if (n->type == AGX_CF_BLOCK)
      return block_has_halt(agx_cf_as_block(n));
   if (n->type == AGX_CF_IF)
      return list_has_halt(&agx_cf_as_if(n)->then_list) ||
             list_has_halt(&agx_cf_as_if(n)->else_list);
   return list_has_halt(&agx_cf_as_loop(n)->body) || list_has_halt(&agx_cf_as_loop(n)->cont);
}

static bool list_has_halt(agx_list *list)
{
   agx_foreach_cf(list, n) {
      if (node_has_halt(n))
         return true;
   }
   return false;
}

/* Top-level blocks up to the first if/loop that may end invocations, and
 * not after a block that ends them itself. */
static void mark_always(struct pre_state *st)
{
   agx_foreach_cf(&st->s->body, n) {
      if (n->type == AGX_CF_BLOCK) {
         agx_block *b = agx_cf_as_block(n);
         st->always[b->index] = true;
         if (block_has_halt(b))
            return;
      } else if (node_has_halt(n)) {
         return;
      }
   }
}

static bool is_transparent(const agx_instr *I)
{
   return I->op == AGX_OP_MOV || I->op == AGX_OP_VEC || I->op == AGX_OP_EXTRACT ||
          I->op == AGX_OP_PACK_64_2X32 || I->op == AGX_OP_UNPACK_64_2X32;
}

/* Flags of I from its sources (program order: sources are done). */
static uint8_t classify(struct pre_state *st, agx_instr *I)
{
   const struct agx_op_info *info = agx_info(I);
   if (I->op == AGX_OP_CONST || I->op == AGX_OP_UNDEF)
      return U_UNIFORM | U_NOLOAD | U_ONLYSETS;
   uint8_t all = U_UNIFORM | U_NOLOAD | U_ONLYSETS, any = 0;
   for (unsigned i = 0; i < I->num_srcs; i++) {
      uint8_t f = st->f[I->src[i]->index];
      all &= f;
      any |= f;
   }
   if (!(all & U_UNIFORM))
      return 0;
   uint8_t inherit = (uint8_t)((all & (U_NOLOAD | U_ONLYSETS)) | (any & (U_SETS | U_COSTLY)));
   if (I->op == AGX_OP_LOAD_UNIFORM) {
      if (I->src[0]->op != AGX_OP_CONST)
         return 0;
      uint64_t byte = I->c[0] + I->src[0]->value[0];
      bool set = byte + (uint64_t)(I->type.bits / 8) * I->type.comps <=
                 AGX_ABI_SET_ADDR_BASE + 8 * AGX_ABI_MAX_SETS;
      return (uint8_t)(U_UNIFORM | U_NOLOAD | (set ? U_SETS | U_ONLYSETS : 0));
   }
   if (info->kind == AGX_OPK_ALU || is_transparent(I)) {
      uint8_t f = U_UNIFORM | inherit;
      if (info->kind == AGX_OPK_ALU)
         f |= U_COSTLY;
      return f;
   }
   if (I->op == AGX_OP_LOAD_GLOBAL) {
      bool desc = (inherit & U_NOLOAD) && (inherit & U_SETS);
      bool always = st->always[I->block->index];
      bool ok = (desc && (always || (inherit & U_ONLYSETS))) || (always && !st->writes_global);
      if (!ok)
         return 0;
      return (uint8_t)(U_UNIFORM | U_COSTLY | (inherit & U_SETS));
   }
   return 0;
}

static void need(struct pre_state *st, agx_instr *v)
{
   if (st->f[v->index] & U_UNIFORM)
      st->f[v->index] |= U_NEEDED;
}

static void mark_if_conds(struct pre_state *st, agx_list *list)
{
   agx_foreach_cf(list, n) {
      if (n->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(n);
         need(st, nif->cond);
         mark_if_conds(st, &nif->then_list);
         mark_if_conds(st, &nif->else_list);
      } else if (n->type == AGX_CF_LOOP) {
         mark_if_conds(st, &agx_cf_as_loop(n)->body);
         mark_if_conds(st, &agx_cf_as_loop(n)->cont);
      }
   }
}

static bool storable(const agx_instr *I)
{
   return I->type.bits >= 16 && I->type.comps >= 1 && I->type.comps <= 4;
}

static agx_instr *clone_into(agx_builder *b, agx_instr *I, agx_instr **map)
{
   agx_instr *C = agx_instr_create(b->shader, (enum agx_op)I->op, I->type, I->num_srcs);
   for (unsigned i = 0; i < I->num_srcs; i++)
      C->src[i] = map[I->src[i]->index];
   memcpy(C->c, I->c, sizeof(C->c));
   memcpy(C->value, I->value, sizeof(C->value));
   agx_builder_insert(b, C);
   return C;
}

agx_shader *agx_pass_preamble(agx_shader *s, const struct agx_preamble_options *opts,
                              unsigned *uniform_end)
{
   unsigned base = opts && opts->uniform_base ? opts->uniform_base : AGX_ABI_UNIFORM_SIZE;
   unsigned limit = opts && opts->uniform_limit ? opts->uniform_limit : AGX_PREAMBLE_UNIFORM_LIMIT;
   *uniform_end = base;
   if (!s->io_lowered || base >= limit)
      return NULL;

   agx_instr **all; /* in the shader's arena */
   unsigned n = agx_collect_instrs(s, &all);
   struct pre_state st = { .s = s };
   st.f = calloc(s->next_index + 1, 1);
   st.always = calloc(s->next_block + 1, sizeof(bool));
   if (!st.f || !st.always)
      abort();
   for (unsigned i = 0; i < n; i++) {
      if (all[i]->op == AGX_OP_STORE_GLOBAL || all[i]->op == AGX_OP_ATOMIC_GLOBAL ||
          all[i]->op == AGX_OP_ATOMIC_GLOBAL_CMPXCHG)
         st.writes_global = true;
   }
   mark_always(&st);

   for (unsigned i = 0; i < n; i++) {
      if (agx_info(all[i])->has_dest)
         st.f[all[i]->index] = classify(&st, all[i]);
   }
   /* Uses outside the uniform part. */
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      bool uniform = agx_info(I)->has_dest && (st.f[I->index] & U_UNIFORM);
      if (uniform)
         continue;
      for (unsigned k = 0; k < I->num_srcs; k++)
         need(&st, I->src[k]);
   }
   mark_if_conds(&st, &s->body);
   /* Needed values that cannot or need not be stored stay in the main
    * program, so their uniform sources become needed (reverse order). */
   for (unsigned i = n; i-- > 0;) {
      agx_instr *I = all[i];
      if (!agx_info(I)->has_dest)
         continue;
      uint8_t f = st.f[I->index];
      if (!(f & U_NEEDED) || ((f & U_COSTLY) && storable(I)))
         continue;
      for (unsigned k = 0; k < I->num_srcs; k++)
         need(&st, I->src[k]);
   }
   /* Slots, in program order, at natural alignment. */
   unsigned end = base, stored = 0;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      uint8_t f = agx_info(I)->has_dest ? st.f[I->index] : 0;
      if (!(f & U_NEEDED) || !(f & U_COSTLY) || !storable(I))
         continue;
      unsigned esize = I->type.bits / 8;
      unsigned at = (end + esize - 1) / esize * esize;
      if (at + esize * I->type.comps > limit)
         continue;
      I->pass_flags = at;
      st.f[I->index] |= U_STORED | U_INPRE;
      end = at + esize * I->type.comps;
      stored++;
   }
   if (!stored) {
      free(st.f);
      free(st.always);
      return NULL;
   }
   /* Everything the stored values are computed from. */
   for (unsigned i = n; i-- > 0;) {
      agx_instr *I = all[i];
      if (!agx_info(I)->has_dest || !(st.f[I->index] & U_INPRE))
         continue;
      for (unsigned k = 0; k < I->num_srcs; k++)
         st.f[I->src[k]->index] |= U_INPRE;
   }

   /* The preamble: the uniform instructions in program order, each stored
    * value written right after its definition (short live ranges). */
   agx_shader *p = agx_shader_create();
   agx_block *blk = agx_block_create(p);
   blk->cf.owner = &p->body;
   agx_list_insert_before(&p->body, &blk->cf.link);
   p->io_lowered = true;
   agx_builder pb = agx_builder_at_end(p, blk);
   unsigned n_index = s->next_index;
   agx_instr **pmap = calloc(s->next_index + 1, sizeof(*pmap));
   agx_instr **mmap = calloc(s->next_index + 1, sizeof(*mmap));
   if (!pmap || !mmap)
      abort();
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      if (!agx_info(I)->has_dest || !(st.f[I->index] & U_INPRE))
         continue;
      pmap[I->index] = clone_into(&pb, I, pmap);
      if (!(st.f[I->index] & U_STORED))
         continue;
      agx_intrin(&pb, AGX_OP_STORE_UNIFORM, agx_type_make(0, 0), 1, pmap[I->index], NULL, NULL,
                 I->pass_flags, 0, 0);
      /* main program: read the slot where the value was computed */
      agx_builder mb = agx_builder_before(s, I);
      mmap[I->index] = agx_intrin(&mb, AGX_OP_LOAD_UNIFORM, I->type, 1, agx_imm(&mb, 32, 0),
                                  NULL, NULL, I->pass_flags, 0, 0);
   }
   /* the map is indexed by every source, including the new instructions */
   agx_instr **full = calloc(s->next_index + 1, sizeof(*full));
   if (!full)
      abort();
   memcpy(full, mmap, (n_index + 1) * sizeof(*full));
   agx_rewrite_uses_map(s, full);
   free(full);
   free(pmap);
   free(mmap);
   free(st.f);
   free(st.always);
   agx_optimize(s);
   agx_optimize(p);
   *uniform_end = end;
   return p;
}
