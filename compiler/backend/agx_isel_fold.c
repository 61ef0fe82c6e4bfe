/* Pre-selection analysis: use counts, components read, and address folding.
 * Device accesses take a 64-bit base plus a 32-bit index (signed or
 * unsigned) scaled by the element size and an extra lsl of 0-2, or a signed
 * 16-bit immediate index; so
 *   load_global(iadd(base, imul(i2i64/u2u64(x), e << s)))  -> base, x, lsl s
 *   load_global(iadd(base, ishl(i2i64/u2u64(x), log2 e + s)))
 *   load_global(iadd(base, const k * e))                  -> base, imm k
 * when the iadd (and the multiply) have no other use; those are then not
 * emitted. Assumes SSA and that uses are counted before selection. */
#include <stdlib.h>

#include "agx_isel_priv.h"

static void
count_uses(agx_block *b, void *data)
{
   struct isel *c = data;
   agx_foreach_instr(b, I) {
      for (unsigned i = 0; i < I->num_srcs; i++) {
         agx_instr *S = I->src[i];
         c->uses[S->index]++;
         c->comps_used[S->index] |= I->op == AGX_OP_EXTRACT ? (uint8_t)(1u << I->c[0]) : 0xF;
      }
   }
}

static void
count_conds(struct isel *c, agx_list *list)
{
   agx_foreach_cf(list, node) {
      if (node->type == AGX_CF_IF) {
         agx_if *nif = agx_cf_as_if(node);
         c->uses[nif->cond->index]++;
         c->comps_used[nif->cond->index] |= 0xF;
         count_conds(c, &nif->then_list);
         count_conds(c, &nif->else_list);
      } else if (node->type == AGX_CF_LOOP) {
         count_conds(c, &agx_cf_as_loop(node)->body);
         count_conds(c, &agx_cf_as_loop(node)->cont);
      }
   }
}

static bool
const_value(const agx_instr *I, uint64_t *v)
{
   if (I->op != AGX_OP_CONST || I->type.comps != 1)
      return false;
   *v = I->value[0];
   return true;
}

/* A 64-bit value extended from 32 bits: the 32-bit source. */
static agx_instr *
ext32(agx_instr *I, bool *sign)
{
   if ((I->op == AGX_OP_I2I || I->op == AGX_OP_U2U) && I->type.bits == 64 &&
       I->src[0]->type.bits == 32 && I->src[0]->type.comps == 1) {
      *sign = I->op == AGX_OP_I2I;
      return I->src[0];
   }
   return NULL;
}

/* Tries off as a scaled index for elements of esize bytes (skip: NULL or
 * the instructions folded away). */
static bool
plan_offset(const uint32_t *uses, bool *skip, agx_instr *off, unsigned esize, bool reg_ok,
            unsigned max_shift, struct addr_fold *f)
{
   uint64_t k;
   if (const_value(off, &k)) {
      int64_t n = (int64_t)k / (int64_t)esize;
      if ((int64_t)k % (int64_t)esize || n < -32768 || n > 32767)
         return false;
      f->imm = (int32_t)n;
      return true;
   }
   if (!reg_ok || uses[off->index] != 1 || off->type.comps != 1)
      return false;
   uint64_t scale = 0;
   if (off->op == AGX_OP_IMUL && const_value(off->src[1], &k))
      scale = k;
   else if (off->op == AGX_OP_ISHL && const_value(off->src[1], &k) && k < 8)
      scale = 1ull << k;
   else
      return false;
   agx_instr *x = ext32(off->src[0], &f->sign);
   if (!x)
      return false;
   for (unsigned s = 0; s <= max_shift; s++) {
      if (scale == (uint64_t)esize << s) {
         f->index = x;
         f->shift = (uint8_t)s;
         if (skip)
            skip[off->index] = true;
         return true;
      }
   }
   return false;
}

/* The fold of memory instruction I's address, if it has one. */
static bool
plan_access(const uint32_t *uses, bool *skip, const agx_instr *I, struct addr_fold *out)
{
   unsigned esize, elems;
   bool atomic = I->op == AGX_OP_ATOMIC_GLOBAL || I->op == AGX_OP_ATOMIC_GLOBAL_CMPXCHG;
   if (I->op != AGX_OP_LOAD_GLOBAL && I->op != AGX_OP_STORE_GLOBAL && !atomic)
      return false;
   agx_type t = I->op == AGX_OP_STORE_GLOBAL ? I->src[1]->type : I->type;
   if (t.bits != 16 && t.bits != 32 && t.bits != 64)
      return false;
   esize = t.bits == 16 ? 2 : 4;
   elems = t.comps * (t.bits == 64 ? 2 : 1);
   agx_instr *A = I->src[0];
   if (A->op != AGX_OP_IADD || A->type.bits != 64 || A->type.comps != 1 || uses[A->index] != 1)
      return false;
   /* two-element and 64-bit vec3/vec4 accesses are split (agx_isel_mem.c):
    * the later parts need index + k, so only immediate indices fold there */
   bool reg_ok = elems != 2 && elems <= 4;
   for (unsigned k = 0; k < 2; k++) {
      struct addr_fold f = {.valid = true, .base = A->src[k]};
      if (plan_offset(uses, skip, A->src[1 - k], esize, reg_ok, atomic ? 0 : 2, &f)) {
         *out = f;
         if (skip)
            skip[A->index] = true;
         return true;
      }
   }
   return false;
}

bool
agx_backend_address_folds(const agx_instr *I, const uint32_t *uses, void *data)
{
   (void)data;
   struct addr_fold f;
   return plan_access(uses, NULL, I, &f);
}

static void
plan_folds(agx_block *b, void *data)
{
   struct isel *c = data;
   agx_foreach_instr(b, I) {
      struct addr_fold f;
      if (plan_access(c->uses, c->skip, I, &f))
         c->fold[I->index] = f;
   }
}

void
isel_analyze(struct isel *c)
{
   unsigned n = c->s->next_index + 1;
   c->uses = calloc(n, sizeof(*c->uses));
   c->comps_used = calloc(n, 1);
   c->skip = calloc(n, sizeof(*c->skip));
   c->fold = calloc(n, sizeof(*c->fold));
   if (!c->uses || !c->comps_used || !c->skip || !c->fold)
      abort();
   agx_foreach_block(&c->s->body, count_uses, c);
   count_conds(c, &c->s->body);
   agx_foreach_block(&c->s->body, plan_folds, c);
}
