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
 * Phis, system values, subgroup operations, shared/scratch memory, coherent
 * (volatile) loads and anything with side effects stay in the main program.
 *
 * Cost model: a value is stored (costs one uniform slot) only if the main
 * program uses it outside the uniform computation (in a non-uniform
 * instruction, a phi or an if condition) and storing it removes more
 * per-thread instructions than reading it back adds. Removed: the value's
 * own instructions (an ALU op: 1, 2 if 64-bit; a load: its device_loads
 * and a wait; a 64-bit add of a constant feeding only memory addresses: 0,
 * the back end folds it) plus those of sources used by nothing else.
 * Added: uniform operands that the back end must first copy to registers:
 * 64-bit uniforms in ALU instructions (2 moves per use) and store data (1
 * per word); memory addresses (also through a 64-bit add that the back
 * end folds into the memory instructions, asked through
 * opts->address_folds) and 16/32-bit ALU operands take uniforms as they
 * are. (Estimates of the AGX back end, agx_isel*.c.)
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
   uint8_t *f;   /* per SSA index: U_* flags */
   bool *main;   /* per SSA index: stays in the main program */
   bool *always; /* per block index: executed by every invocation */
   bool writes_global;
   /* users of each value: users[ustart[i] .. ustart[i + 1]) */
   uint32_t *ustart;
   agx_instr **users;
   uint32_t *uses; /* use counts (if conditions included) */
   bool (*address_folds)(const agx_instr *I, const uint32_t *uses, void *data);
   void *data;
};

static void
free_state(struct pre_state *st)
{
   free(st->f);
   free(st->always);
   free(st->main);
   free(st->ustart);
   free(st->users);
   free(st->uses);
}

static bool list_has_halt(agx_list *list);

static bool
block_has_halt(agx_block *b)
{
   agx_foreach_instr(b, I) {
      if (I->op == AGX_OP_HALT)
         return true;
   }
   return false;
}

static bool
node_has_halt(agx_cf_node *n)
{
   if (n->type == AGX_CF_BLOCK)
      return block_has_halt(agx_cf_as_block(n));
   if (n->type == AGX_CF_IF)
      return list_has_halt(&agx_cf_as_if(n)->then_list) ||
             list_has_halt(&agx_cf_as_if(n)->else_list);
   return list_has_halt(&agx_cf_as_loop(n)->body) || list_has_halt(&agx_cf_as_loop(n)->cont);
}

static bool
list_has_halt(agx_list *list)
{
   agx_foreach_cf(list, n) {
      if (node_has_halt(n))
         return true;
   }
   return false;
}

/* Top-level blocks up to the first if/loop that may end invocations, and
 * not after a block that ends them itself. */
static void
mark_always(struct pre_state *st)
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

static bool
is_transparent(const agx_instr *I)
{
   return I->op == AGX_OP_MOV || I->op == AGX_OP_VEC || I->op == AGX_OP_EXTRACT ||
          I->op == AGX_OP_PACK_64_2X32 || I->op == AGX_OP_UNPACK_64_2X32;
}

/* Flags of I from its sources (program order: sources are done). */
static uint8_t
classify(struct pre_state *st, agx_instr *I)
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
      if (I->c[1])
         return 0; /* coherent: a poll, read on every execution */
      bool desc = (inherit & U_NOLOAD) && (inherit & U_SETS);
      bool always = st->always[I->block->index];
      bool ok = (desc && (always || (inherit & U_ONLYSETS))) || (always && !st->writes_global);
      if (!ok)
         return 0;
      return (uint8_t)(U_UNIFORM | U_COSTLY | (inherit & U_SETS));
   }
   return 0;
}

static void
need(struct pre_state *st, agx_instr *v)
{
   if (st->f[v->index] & U_UNIFORM)
      st->f[v->index] |= U_NEEDED;
}

static void
mark_if_conds(struct pre_state *st, agx_list *list)
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

static bool
is_memory_address(const agx_instr *U, const agx_instr *v)
{
   switch (U->op) {
   case AGX_OP_LOAD_GLOBAL:
   case AGX_OP_STORE_GLOBAL:
   case AGX_OP_ATOMIC_GLOBAL:
   case AGX_OP_ATOMIC_GLOBAL_CMPXCHG:
      return U->src[0] == v && (U->num_srcs < 2 || U->src[1] != v);
   default:
      return false;
   }
}

static unsigned
words(agx_type t)
{
   unsigned w = (t.bits * t.comps + 31) / 32;
   return w ? w : 1;
}

/* A 64-bit add whose every use is a memory instruction that folds it
 * (base + index or immediate: the back end's address modes). */
static bool
only_addresses(struct pre_state *st, agx_instr *v)
{
   if (v->op != AGX_OP_IADD || v->type.bits != 64 || !st->address_folds)
      return false;
   for (uint32_t u = st->ustart[v->index]; u < st->ustart[v->index + 1]; u++) {
      agx_instr *U = st->users[u];
      if (!is_memory_address(U, v) || !st->address_folds(U, st->uses, st->data))
         return false;
   }
   return true;
}

/* Per-thread instructions the value itself costs in the main program. */
static unsigned
own_cost(struct pre_state *st, agx_instr *v)
{
   if (v->op == AGX_OP_LOAD_GLOBAL)
      return (words(v->type) == 2 ? 2 : 1) + 1; /* device_load(s) + wait */
   if (agx_info(v)->kind != AGX_OPK_ALU)
      return 0;
   if (only_addresses(st, v) && (v->src[0]->op == AGX_OP_CONST || v->src[1]->op == AGX_OP_CONST))
      return 0;
   return v->type.bits == 64 ? 2 : 1;
}

/* Instructions saved by storing v: its own and those of uniform sources
 * nothing else uses. */
static unsigned
saving(struct pre_state *st, agx_instr *v, unsigned depth)
{
   unsigned c = own_cost(st, v);
   if (depth > 16)
      return c;
   for (unsigned k = 0; k < v->num_srcs; k++) {
      agx_instr *s = v->src[k];
      uint8_t f = st->f[s->index];
      if ((f & U_UNIFORM) && (f & U_COSTLY) && !(f & U_NEEDED) &&
          st->ustart[s->index + 1] - st->ustart[s->index] == 1)
         c += saving(st, s, depth + 1);
   }
   return c;
}

/* Copies the main program needs to read v from a uniform register. */
static unsigned
read_cost(struct pre_state *st, agx_instr *v)
{
   unsigned c = 0;
   for (uint32_t u = st->ustart[v->index]; u < st->ustart[v->index + 1]; u++) {
      agx_instr *U = st->users[u];
      bool in_main = !agx_info(U)->has_dest || !(st->f[U->index] & U_UNIFORM) || st->main[U->index];
      if (!in_main || U->op == AGX_OP_PHI || is_memory_address(U, v))
         continue;
      if (only_addresses(st, U))
         continue; /* folded: the memory instruction takes a uniform base */
      if (agx_info(U)->kind == AGX_OPK_ALU || agx_info(U)->kind == AGX_OPK_SPECIAL)
         c += v->type.bits == 64 ? 2 : 0;
      else
         c += words(v->type); /* store data, atomic operands, ... */
   }
   return c;
}

static void
count_conds(struct pre_state *st, agx_list *list)
{
   agx_foreach_cf(list, n) {
      if (n->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(n);
         st->uses[nif->cond->index]++;
         count_conds(st, &nif->then_list);
         count_conds(st, &nif->else_list);
      } else if (n->type == AGX_CF_LOOP) {
         count_conds(st, &agx_cf_as_loop(n)->body);
         count_conds(st, &agx_cf_as_loop(n)->cont);
      }
   }
}

static bool
storable(const agx_instr *I)
{
   return I->type.bits >= 16 && I->type.comps >= 1 && I->type.comps <= 4;
}

static agx_instr *
clone_into(agx_builder *b, agx_instr *I, agx_instr **map)
{
   agx_instr *C = agx_instr_create(b->shader, (enum agx_op)I->op, I->type, I->num_srcs);
   for (unsigned i = 0; i < I->num_srcs; i++)
      C->src[i] = map[I->src[i]->index];
   memcpy(C->c, I->c, sizeof(C->c));
   memcpy(C->value, I->value, sizeof(C->value));
   agx_builder_insert(b, C);
   return C;
}

agx_shader *
agx_pass_preamble(agx_shader *s, const struct agx_preamble_options *opts, unsigned *uniform_end)
{
   unsigned base = opts && opts->uniform_base ? opts->uniform_base : AGX_ABI_UNIFORM_SIZE;
   unsigned limit = opts && opts->uniform_limit ? opts->uniform_limit : AGX_PREAMBLE_UNIFORM_LIMIT;
   *uniform_end = base;
   if (!s->io_lowered || base >= limit)
      return NULL;

   agx_instr **all; /* in the shader's arena */
   unsigned n = agx_collect_instrs(s, &all);
   struct pre_state st = {.s = s};
   st.f = calloc(s->next_index + 1, 1);
   st.always = calloc(s->next_block + 1, sizeof(bool));
   if (!st.f || !st.always)
      abort();
   for (unsigned i = 0; i < n; i++) {
      if (all[i]->op == AGX_OP_STORE_GLOBAL || all[i]->op == AGX_OP_ATOMIC_GLOBAL ||
          all[i]->op == AGX_OP_ATOMIC_GLOBAL_CMPXCHG || all[i]->op == AGX_OP_BINDLESS_IMAGE_STORE ||
          all[i]->op == AGX_OP_BINDLESS_IMAGE_WRITE)
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
   /* Users of every value. */
   st.ustart = calloc(s->next_index + 2, sizeof(uint32_t));
   st.main = calloc(s->next_index + 1, sizeof(bool));
   if (!st.ustart || !st.main)
      abort();
   unsigned nuses = 0;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned k = 0; k < all[i]->num_srcs; k++, nuses++)
         st.ustart[all[i]->src[k]->index + 1]++;
   }
   for (unsigned i = 1; i <= s->next_index + 1; i++)
      st.ustart[i] += st.ustart[i - 1];
   st.users = calloc(nuses + 1, sizeof(*st.users));
   uint32_t *fill = calloc(s->next_index + 1, sizeof(uint32_t));
   if (!st.users || !fill)
      abort();
   for (unsigned i = 0; i < n; i++) {
      for (unsigned k = 0; k < all[i]->num_srcs; k++) {
         unsigned v = all[i]->src[k]->index;
         st.users[st.ustart[v] + fill[v]++] = all[i];
      }
   }
   free(fill);
   st.uses = calloc(s->next_index + 1, sizeof(uint32_t));
   if (!st.uses)
      abort();
   for (unsigned i = 0; i <= s->next_index; i++)
      st.uses[i] = st.ustart[i + 1] - st.ustart[i];
   count_conds(&st, &s->body);
   st.address_folds = opts ? opts->address_folds : NULL;
   st.data = opts ? opts->data : NULL;
   /* Decide in reverse program order (users first): a needed value that
    * cannot be stored, or is not worth it, stays in the main program and
    * its uniform sources become needed. */
   for (unsigned i = n; i-- > 0;) {
      agx_instr *I = all[i];
      if (!agx_info(I)->has_dest)
         continue;
      uint8_t f = st.f[I->index];
      if (!(f & U_NEEDED))
         continue;
      if ((f & U_COSTLY) && storable(I) && saving(&st, I, 0) > read_cost(&st, I))
         continue;
      st.f[I->index] &= (uint8_t)~U_NEEDED;
      st.main[I->index] = true;
      for (unsigned k = 0; k < I->num_srcs; k++)
         need(&st, I->src[k]);
   }
   /* Slots, in program order, at natural alignment. */
   unsigned end = base, stored = 0;
   for (unsigned i = 0; i < n; i++) {
      agx_instr *I = all[i];
      uint8_t f = agx_info(I)->has_dest ? st.f[I->index] : 0;
      if (!(f & U_NEEDED))
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
      free_state(&st);
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
      mmap[I->index] = agx_intrin(&mb, AGX_OP_LOAD_UNIFORM, I->type, 1, agx_imm(&mb, 32, 0), NULL,
                                  NULL, I->pass_flags, 0, 0);
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
   free_state(&st);
   agx_optimize(s);
   agx_optimize(p);
   *uniform_end = end;
   return p;
}
