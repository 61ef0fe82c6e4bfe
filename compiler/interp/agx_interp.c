/* IR interpreter. Assumes a validated shader. Invocation state is the next
 * instruction plus the previously executed block (for phis); control flow is
 * navigated through the cf tree's owner/parent links, so an invocation can
 * stop at a barrier and resume later without a host stack. */
#include "agx_interp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_ir_eval_helpers.h"
#include "agx_passes.h"

enum inv_state { INV_RUN, INV_BARRIER, INV_SUBGROUP, INV_DONE };

struct inv {
   uint64_t (*vals)[4];
   uint64_t (*vars)[4];
   uint8_t *scratch;
   agx_block *block, *prev;
   agx_instr *pc; /* next instruction in block, NULL: block finished */
   enum inv_state state;
   uint32_t local[3], local_index;
   uint64_t steps;
   agx_instr *wait; /* INV_SUBGROUP: the subgroup instruction */
};

struct run {
   const agx_shader *s;
   const struct agx_interp_dispatch *d;
   char *err;
   size_t err_size;
   bool failed;
   uint8_t *shared;
   uint32_t wg[3];
   uint32_t wg_total;
   uint64_t max_steps;
   struct agx_interp_stats stats;
   uint32_t *order; /* program-order position by SSA index */
};

static void
fail(struct run *r, const char *fmt, ...)
{
   if (r->failed)
      return;
   r->failed = true;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(r->err, r->err_size, fmt, ap);
   va_end(ap);
}

static uint64_t
mask_bits(uint64_t v, unsigned bits)
{
   return bits >= 64 ? v : (v & ((UINT64_C(1) << bits) - 1));
}

static uint8_t *
global_ptr(struct run *r, uint64_t addr, size_t size)
{
   for (unsigned i = 0; i < r->d->num_buffers; i++) {
      const struct agx_interp_buffer *b = &r->d->buffers[i];
      if (addr >= b->address && addr - b->address <= b->size &&
          size <= b->size - (addr - b->address))
         return (uint8_t *)b->data + (addr - b->address);
   }
   fail(r, "global access of %zu bytes at 0x%llx outside every buffer", size,
        (unsigned long long)addr);
   return NULL;
}

static uint8_t *
mem_ptr(struct run *r, struct inv *v, unsigned op, const uint64_t *addr, size_t size)
{
   switch (op) {
   case AGX_OP_LOAD_GLOBAL:
   case AGX_OP_STORE_GLOBAL:
   case AGX_OP_ATOMIC_GLOBAL:
   case AGX_OP_ATOMIC_GLOBAL_CMPXCHG:
      return global_ptr(r, addr[0], size);
   case AGX_OP_LOAD_SHARED:
   case AGX_OP_STORE_SHARED:
   case AGX_OP_ATOMIC_SHARED:
   case AGX_OP_ATOMIC_SHARED_CMPXCHG:
      if (addr[0] > r->s->cs.shared_size || size > r->s->cs.shared_size - addr[0]) {
         fail(r, "shared access of %zu bytes at %llu beyond %u bytes", size,
              (unsigned long long)addr[0], r->s->cs.shared_size);
         return NULL;
      }
      return r->shared + addr[0];
   default:
      if (addr[0] > r->s->scratch_size || size > r->s->scratch_size - addr[0]) {
         fail(r, "scratch access of %zu bytes at %llu beyond %u bytes", size,
              (unsigned long long)addr[0], r->s->scratch_size);
         return NULL;
      }
      return v->scratch + addr[0];
   }
}

static void
read_mem(const uint8_t *p, agx_type t, uint64_t out[4])
{
   unsigned bytes = t.bits / 8;
   for (unsigned c = 0; c < t.comps; c++) {
      uint64_t x = 0;
      memcpy(&x, p + c * bytes, bytes); /* little endian host */
      out[c] = x;
   }
}

static void
write_mem(uint8_t *p, agx_type t, const uint64_t in[4])
{
   unsigned bytes = t.bits / 8;
   for (unsigned c = 0; c < t.comps; c++)
      memcpy(p + c * bytes, &in[c], bytes);
}

static uint64_t
atomic_apply(unsigned aop, uint64_t old, uint64_t val, unsigned bits)
{
   int64_t so = agx_sext(old, bits), sv = agx_sext(val, bits);
   switch (aop) {
   case AGX_ATOMIC_ADD:
      return old + val;
   case AGX_ATOMIC_SMIN:
      return so < sv ? old : val;
   case AGX_ATOMIC_SMAX:
      return so > sv ? old : val;
   case AGX_ATOMIC_UMIN:
      return old < val ? old : val;
   case AGX_ATOMIC_UMAX:
      return old > val ? old : val;
   case AGX_ATOMIC_AND:
      return old & val;
   case AGX_ATOMIC_OR:
      return old | val;
   case AGX_ATOMIC_XOR:
      return old ^ val;
   default:
      return val;
   }
}

static void
enter_block(struct run *r, struct inv *v, agx_block *b)
{
   v->prev = v->block;
   v->block = b;
   v->pc = agx_list_empty(&b->instrs) ? NULL : agx_container_of(b->instrs.next, agx_instr, link);
   /* Phis read their sources simultaneously. */
   uint64_t tmp[256][4];
   agx_instr *phis[256];
   unsigned n = 0;
   while (v->pc && v->pc->op == AGX_OP_PHI) {
      agx_instr *I = v->pc;
      unsigned i;
      for (i = 0; i < I->num_srcs; i++)
         if (I->pred[i] == v->prev)
            break;
      if (i == I->num_srcs) {
         fail(r, "phi %%%u has no source for predecessor b%u", I->index,
              v->prev ? v->prev->index : 0);
         return;
      }
      if (n == 256) {
         fail(r, "more than 256 phis in block b%u", b->index);
         return;
      }
      memcpy(tmp[n], v->vals[I->src[i]->index], sizeof(tmp[n]));
      phis[n++] = I;
      v->pc = I->link.next == &b->instrs ? NULL : agx_container_of(I->link.next, agx_instr, link);
   }
   for (unsigned k = 0; k < n; k++)
      memcpy(v->vals[phis[k]->index], tmp[k], sizeof(tmp[k]));
}

static agx_loop *
enclosing_loop(agx_cf_node *n)
{
   for (agx_cf_node *p = n->parent; p; p = p->parent)
      if (p->type == AGX_CF_LOOP)
         return agx_cf_as_loop(p);
   return NULL;
}

static agx_block *
block_after(agx_cf_node *n)
{
   return agx_cf_as_block(agx_container_of(n->link.next, agx_cf_node, link));
}

/* Moves to the block that follows node `n` when control falls off its end. */
static void
fall_through(struct run *r, struct inv *v, agx_cf_node *n)
{
   for (;;) {
      if (n->link.next != n->owner) {
         agx_cf_node *next = agx_container_of(n->link.next, agx_cf_node, link);
         if (next->type == AGX_CF_BLOCK) {
            enter_block(r, v, agx_cf_as_block(next));
         } else if (next->type == AGX_CF_IF) {
            agx_if *nif = agx_cf_as_if(next);
            bool c = v->vals[nif->cond->index][0] & 1;
            enter_block(r, v, agx_list_first_block(c ? &nif->then_list : &nif->else_list));
         } else {
            enter_block(r, v, agx_list_first_block(&agx_cf_as_loop(next)->body));
         }
         return;
      }
      agx_cf_node *p = n->parent;
      if (!p) {
         v->state = INV_DONE;
         return;
      }
      if (p->type == AGX_CF_IF) {
         enter_block(r, v, block_after(p));
         return;
      }
      agx_loop *loop = agx_cf_as_loop(p);
      enter_block(r, v, agx_list_first_block(n->owner == &loop->body ? &loop->cont : &loop->body));
      return;
   }
}

static void
sysval(struct run *r, struct inv *v, unsigned op, uint64_t out[4])
{
   const agx_shader *s = r->s;
   uint32_t total = s->cs.local_size[0] * s->cs.local_size[1] * s->cs.local_size[2];
   for (unsigned c = 0; c < 3; c++) {
      switch (op) {
      case AGX_OP_LOAD_LOCAL_INVOCATION_ID:
         out[c] = v->local[c];
         break;
      case AGX_OP_LOAD_WORKGROUP_ID:
         out[c] = r->wg[c];
         break;
      case AGX_OP_LOAD_NUM_WORKGROUPS:
         out[c] = r->d->groups[c];
         break;
      case AGX_OP_LOAD_WORKGROUP_SIZE:
         out[c] = s->cs.local_size[c];
         break;
      default:
         break;
      }
   }
   switch (op) {
   case AGX_OP_LOAD_LOCAL_INVOCATION_INDEX:
      out[0] = v->local_index;
      break;
   case AGX_OP_LOAD_SUBGROUP_SIZE:
      out[0] = 32;
      break;
   case AGX_OP_LOAD_SUBGROUP_INVOCATION:
      out[0] = v->local_index % 32;
      break;
   case AGX_OP_LOAD_SUBGROUP_ID:
      out[0] = v->local_index / 32;
      break;
   case AGX_OP_LOAD_NUM_SUBGROUPS:
      out[0] = (total + 31) / 32;
      break;
   default:
      break;
   }
}

/* Executes one instruction; returns false when the invocation must stop
 * (barrier, end, error). */
static bool
exec(struct run *r, struct inv *v, agx_instr *I)
{
   uint64_t *out = v->vals[I->index];
   const uint64_t *a = I->num_srcs > 0 ? v->vals[I->src[0]->index] : NULL;
   const uint64_t *b = I->num_srcs > 1 ? v->vals[I->src[1]->index] : NULL;
   const uint64_t *c = I->num_srcs > 2 ? v->vals[I->src[2]->index] : NULL;
   size_t size = (size_t)(I->type.bits / 8) * I->type.comps;
   uint8_t *p;

   switch (I->op) {
   case AGX_OP_UNDEF:
      memset(out, 0, 4 * sizeof(uint64_t));
      return true;
   case AGX_OP_BREAK: {
      agx_loop *loop = enclosing_loop(&I->block->cf);
      enter_block(r, v, block_after(&loop->cf));
      return !r->failed;
   }
   case AGX_OP_CONTINUE: {
      agx_loop *loop = enclosing_loop(&I->block->cf);
      enter_block(r, v, agx_list_first_block(&loop->cont));
      return !r->failed;
   }
   case AGX_OP_HALT:
      v->state = INV_DONE;
      return false;
   case AGX_OP_LOAD_VAR:
      memcpy(out, v->vars[I->c[0]], 4 * sizeof(uint64_t));
      return true;
   case AGX_OP_STORE_VAR:
      memcpy(v->vars[I->c[0]], a, 4 * sizeof(uint64_t));
      return true;
   case AGX_OP_LOAD_GLOBAL:
   case AGX_OP_LOAD_SHARED:
   case AGX_OP_LOAD_SCRATCH:
      if (I->type.bits < 8 || !(p = mem_ptr(r, v, I->op, a, size)))
         return fail(r, "%%%u: bad load", I->index), false;
      read_mem(p, I->type, out);
      return true;
   case AGX_OP_STORE_GLOBAL:
   case AGX_OP_STORE_SHARED:
   case AGX_OP_STORE_SCRATCH: {
      agx_type t = I->src[1]->type;
      size = (size_t)(t.bits / 8) * t.comps;
      if (t.bits < 8 || !(p = mem_ptr(r, v, I->op, a, size)))
         return fail(r, "%%%u: bad store", I->index), false;
      write_mem(p, t, b);
      return true;
   }
   case AGX_OP_ATOMIC_GLOBAL:
   case AGX_OP_ATOMIC_SHARED:
   case AGX_OP_ATOMIC_GLOBAL_CMPXCHG:
   case AGX_OP_ATOMIC_SHARED_CMPXCHG: {
      if (I->type.bits < 8 || I->type.comps != 1 || !(p = mem_ptr(r, v, I->op, a, size)))
         return fail(r, "%%%u: bad atomic", I->index), false;
      uint64_t old[4] = {0}, nv[4] = {0};
      read_mem(p, I->type, old);
      if (I->op == AGX_OP_ATOMIC_GLOBAL_CMPXCHG || I->op == AGX_OP_ATOMIC_SHARED_CMPXCHG)
         nv[0] = old[0] == b[0] ? c[0] : old[0];
      else
         nv[0] = mask_bits(atomic_apply(I->c[0], old[0], b[0], I->type.bits), I->type.bits);
      write_mem(p, I->type, nv);
      memcpy(out, old, sizeof(old));
      return true;
   }
   case AGX_OP_BARRIER:
      v->state = INV_BARRIER;
      return false;
   case AGX_OP_SUBGROUP_ELECT:
   case AGX_OP_SUBGROUP_BALLOT:
   case AGX_OP_SUBGROUP_ALL:
   case AGX_OP_SUBGROUP_ANY:
   case AGX_OP_SUBGROUP_ALL_EQUAL:
   case AGX_OP_SUBGROUP_BROADCAST:
   case AGX_OP_SUBGROUP_BROADCAST_FIRST:
   case AGX_OP_SUBGROUP_SHUFFLE:
   case AGX_OP_SUBGROUP_REDUCE:
      /* Wait for the rest of the subgroup (see run_subgroup_op). */
      v->state = INV_SUBGROUP;
      v->wait = I;
      return false;
   case AGX_OP_MEMORY_BARRIER:
      return true; /* invocations run one at a time: memory is coherent */
   case AGX_OP_LOAD_PUSH_CONSTANT:
   case AGX_OP_LOAD_UNIFORM: {
      const uint8_t *base = I->op == AGX_OP_LOAD_UNIFORM ? r->d->uniforms : r->d->push;
      size_t avail = I->op == AGX_OP_LOAD_UNIFORM ? r->d->uniform_size : r->d->push_size;
      uint64_t off = (uint64_t)I->c[0] + a[0];
      if (!base || off > avail || size > avail - off)
         return fail(r, "%s of %zu bytes at %llu beyond %zu bytes", agx_info(I)->name, size,
                     (unsigned long long)off, avail),
                false;
      read_mem(base + off, I->type, out);
      return true;
   }
   case AGX_OP_LOAD_BUFFER_ADDRESS:
   case AGX_OP_LOAD_BUFFER_SIZE:
   case AGX_OP_LOAD_ROBUST_SINK:
      return fail(r, "%s: run agx_pass_lower_io before interpreting", agx_info(I)->name), false;
   case AGX_OP_LOAD_LOCAL_INVOCATION_ID:
   case AGX_OP_LOAD_LOCAL_INVOCATION_INDEX:
   case AGX_OP_LOAD_WORKGROUP_ID:
   case AGX_OP_LOAD_NUM_WORKGROUPS:
   case AGX_OP_LOAD_WORKGROUP_SIZE:
   case AGX_OP_LOAD_SUBGROUP_SIZE:
   case AGX_OP_LOAD_SUBGROUP_INVOCATION:
   case AGX_OP_LOAD_SUBGROUP_ID:
   case AGX_OP_LOAD_NUM_SUBGROUPS: {
      uint64_t tmp[4] = {0, 0, 0, 0};
      sysval(r, v, I->op, tmp);
      for (unsigned k = 0; k < 4; k++)
         out[k] = mask_bits(tmp[k], I->type.bits);
      return true;
   }
   default: {
      uint64_t src[4][4];
      for (unsigned i = 0; i < I->num_srcs && i < 4; i++)
         memcpy(src[i], v->vals[I->src[i]->index], sizeof(src[i]));
      uint64_t res[4] = {0, 0, 0, 0};
      if (!agx_eval_instr(I, (const uint64_t(*)[4])src, res))
         return fail(r, "%%%u: cannot interpret %s", I->index, agx_info(I)->name), false;
      memcpy(out, res, sizeof(res));
      return true;
   }
   }
}

static void
run_inv(struct run *r, struct inv *v)
{
   v->state = INV_RUN;
   while (!r->failed && v->state == INV_RUN) {
      if (!v->pc) {
         fall_through(r, v, &v->block->cf);
         continue;
      }
      agx_instr *I = v->pc;
      v->pc =
         I->link.next == &v->block->instrs ? NULL : agx_container_of(I->link.next, agx_instr, link);
      if (++v->steps > r->max_steps) {
         fail(r, "step limit of %llu instructions exceeded", (unsigned long long)r->max_steps);
         return;
      }
      r->stats.instructions++;
      exec(r, v, I);
   }
}

/* --- subgroups ----------------------------------------------------------------
 * Subgroups are 32 consecutive invocations (by local index). When no
 * invocation can run, in each subgroup the invocations waiting at the
 * subgroup instruction earliest in program order execute it together (the
 * "active" set), which models SIMT reconvergence for structured code. */

#define SUBGROUP_SIZE 32

static uint64_t
reduce_identity(unsigned op, unsigned bits)
{
   uint64_t ones = bits >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << bits) - 1);
   switch (op) {
   case AGX_OP_IMUL:
      return 1;
   case AGX_OP_IAND:
   case AGX_OP_UMIN:
      return ones;
   case AGX_OP_IMIN:
      return ones >> 1;
   case AGX_OP_IMAX:
      return (ones >> 1) + 1;
   case AGX_OP_FMUL:
      return agx_from_double(1.0, bits);
   case AGX_OP_FMIN:
      return agx_from_double(INFINITY, bits);
   case AGX_OP_FMAX:
      return agx_from_double(-INFINITY, bits);
   default:
      return 0; /* iadd, ior, ixor, umax, fadd */
   }
}

static void
run_subgroup_op(struct run *r, struct inv *lanes, unsigned nl, agx_instr *I)
{
   bool active[SUBGROUP_SIZE] = {false};
   unsigned first = SUBGROUP_SIZE;
   for (unsigned l = 0; l < nl; l++)
      if (lanes[l].state == INV_SUBGROUP && lanes[l].wait == I) {
         active[l] = true;
         if (first == SUBGROUP_SIZE)
            first = l;
      }
   unsigned src = I->num_srcs ? I->src[0]->index : 0;
   unsigned comps = I->type.comps, bits = I->type.bits;
   uint64_t acc[4];
   if (I->op == AGX_OP_SUBGROUP_REDUCE) {
      for (unsigned c = 0; c < 4; c++)
         acc[c] = reduce_identity(I->c[0], bits);
      if (I->c[1] == 0) {
         for (unsigned l = 0; l < nl; l++) {
            if (!active[l])
               continue;
            for (unsigned c = 0; c < comps; c++) {
               uint64_t in[4] = {acc[c], lanes[l].vals[src][c], 0, 0};
               if (!agx_eval_scalar(I->c[0], bits, bits, in, &acc[c]))
                  fail(r, "subgroup_reduce: bad opcode %u", I->c[0]);
            }
         }
      }
   }
   bool all = true, any = false, equal = true;
   uint64_t mask = 0;
   for (unsigned l = 0; l < nl; l++) {
      if (!active[l])
         continue;
      uint64_t b = lanes[l].vals[src][0] & 1;
      all &= b != 0;
      any |= b != 0;
      if (b)
         mask |= UINT64_C(1) << l;
      if (I->op == AGX_OP_SUBGROUP_ALL_EQUAL)
         equal &= !memcmp(lanes[l].vals[src], lanes[first].vals[src], sizeof(uint64_t) * 4);
   }
   for (unsigned l = 0; l < nl && !r->failed; l++) {
      if (!active[l])
         continue;
      uint64_t *out = lanes[l].vals[I->index];
      memset(out, 0, sizeof(uint64_t) * 4);
      switch (I->op) {
      case AGX_OP_SUBGROUP_ELECT:
         out[0] = l == first;
         break;
      case AGX_OP_SUBGROUP_BALLOT:
         out[0] = mask;
         break;
      case AGX_OP_SUBGROUP_ALL:
         out[0] = all;
         break;
      case AGX_OP_SUBGROUP_ANY:
         out[0] = any;
         break;
      case AGX_OP_SUBGROUP_ALL_EQUAL:
         out[0] = equal;
         break;
      case AGX_OP_SUBGROUP_BROADCAST_FIRST:
         memcpy(out, lanes[first].vals[src], sizeof(uint64_t) * 4);
         break;
      case AGX_OP_SUBGROUP_BROADCAST:
      case AGX_OP_SUBGROUP_SHUFFLE: {
         uint64_t idx = lanes[l].vals[I->src[1]->index][0];
         if (idx < nl)
            memcpy(out, lanes[idx].vals[src], sizeof(uint64_t) * 4);
         break; /* out-of-range lanes read 0 (undefined in SPIR-V) */
      }
      default: /* SUBGROUP_REDUCE */
         if (I->c[1] == 0) {
            memcpy(out, acc, sizeof(acc));
         } else {
            for (unsigned c = 0; c < comps; c++) {
               uint64_t a = reduce_identity(I->c[0], bits);
               for (unsigned k = 0; k < l + (I->c[1] == 1); k++) {
                  if (!active[k])
                     continue;
                  uint64_t in[4] = {a, lanes[k].vals[src][c], 0, 0};
                  agx_eval_scalar(I->c[0], bits, bits, in, &a);
               }
               out[c] = a;
            }
         }
         break;
      }
   }
   for (unsigned l = 0; l < nl; l++)
      if (active[l]) {
         lanes[l].state = INV_RUN;
         lanes[l].wait = NULL;
      }
}

/* Runs one pending subgroup instruction per subgroup; returns true if any. */
static bool
step_subgroups(struct run *r, struct inv *invs, uint32_t n)
{
   bool progress = false;
   for (uint32_t base = 0; base < n; base += SUBGROUP_SIZE) {
      unsigned nl = n - base < SUBGROUP_SIZE ? n - base : SUBGROUP_SIZE;
      agx_instr *best = NULL;
      for (unsigned l = 0; l < nl; l++) {
         agx_instr *w = invs[base + l].state == INV_SUBGROUP ? invs[base + l].wait : NULL;
         if (w && (!best || r->order[w->index] < r->order[best->index]))
            best = w;
      }
      if (best) {
         run_subgroup_op(r, &invs[base], nl, best);
         progress = true;
      }
   }
   return progress;
}

struct order_state {
   uint32_t *order;
   uint32_t next;
};

static void
number_instrs(agx_block *b, void *data)
{
   struct order_state *os = data;
   agx_foreach_instr(b, I)
      os->order[I->index] = os->next++;
}

int
agx_interp_run(const agx_shader *s, const struct agx_interp_dispatch *d,
               struct agx_interp_stats *stats, char *err, size_t err_size)
{
   struct run r = {.s = s, .d = d, .err = err, .err_size = err_size};
   r.max_steps = d->max_steps ? d->max_steps : 50000000;
   if (err_size)
      err[0] = 0;
   uint32_t n = s->cs.local_size[0] * s->cs.local_size[1] * s->cs.local_size[2];
   if (n == 0 || n > 1024 || agx_list_empty(&s->body)) {
      fail(&r, "unsupported workgroup size %u", n);
      return -1;
   }
   struct inv *invs = calloc(n, sizeof(*invs));
   r.shared = calloc(1, s->cs.shared_size + 1);
   size_t nvals = s->next_index + 1, nvars = s->num_vars + 1;
   for (uint32_t i = 0; invs && i < n; i++) {
      invs[i].vals = calloc(nvals, sizeof(invs[i].vals[0]));
      invs[i].vars = calloc(nvars, sizeof(invs[i].vars[0]));
      invs[i].scratch = calloc(1, s->scratch_size + 1);
      if (!invs[i].vals || !invs[i].vars || !invs[i].scratch)
         abort();
   }
   if (!invs || !r.shared)
      abort();
   r.order = calloc(s->next_index + 1, sizeof(*r.order));
   if (!r.order)
      abort();
   struct order_state os = {r.order, 0};
   agx_foreach_block((agx_list *)&s->body, number_instrs, &os);

   for (uint32_t gz = 0; gz < d->groups[2] && !r.failed; gz++)
      for (uint32_t gy = 0; gy < d->groups[1] && !r.failed; gy++)
         for (uint32_t gx = 0; gx < d->groups[0] && !r.failed; gx++) {
            r.wg[0] = gx, r.wg[1] = gy, r.wg[2] = gz;
            memset(r.shared, 0, s->cs.shared_size);
            for (uint32_t i = 0; i < n; i++) {
               struct inv *v = &invs[i];
               v->local_index = i;
               v->local[0] = i % s->cs.local_size[0];
               v->local[1] = (i / s->cs.local_size[0]) % s->cs.local_size[1];
               v->local[2] = i / (s->cs.local_size[0] * s->cs.local_size[1]);
               v->steps = 0;
               v->block = NULL;
               memset(v->scratch, 0, s->scratch_size);
               enter_block(&r, v, agx_list_first_block((agx_list *)&s->body));
               v->state = INV_RUN;
            }
            for (;;) {
               bool any_waiting = false;
               for (uint32_t i = 0; i < n && !r.failed; i++) {
                  if (invs[i].state == INV_RUN)
                     run_inv(&r, &invs[i]);
               }
               if (r.failed)
                  break;
               if (step_subgroups(&r, invs, n))
                  continue;
               for (uint32_t i = 0; i < n; i++)
                  any_waiting |= invs[i].state == INV_BARRIER;
               if (!any_waiting)
                  break;
               r.stats.barriers++;
               for (uint32_t i = 0; i < n; i++)
                  if (invs[i].state == INV_BARRIER)
                     invs[i].state = INV_RUN;
            }
         }
   for (uint32_t i = 0; i < n; i++) {
      free(invs[i].vals);
      free(invs[i].vars);
      free(invs[i].scratch);
   }
   free(invs);
   free(r.shared);
   free(r.order);
   if (stats)
      *stats = r.stats;
   return r.failed ? -1 : 0;
}
