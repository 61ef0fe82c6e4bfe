/*
 * The helper program model: runs the command's helper program on a
 * one-thread SIMD-group, delivering STACK_ALLOC / STACK_FREE / END ops
 * through its doorbell loop, and the doorbell / map / unmap instructions.
 * What is modelled and what is assumed: see agx_sim_helper.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agx_sim_gpu.h"
#include "agx_sim_helper.h"
#include "agx_sim_isa.h"

/* Instructions one helper request may take before the model gives up. */
#define HELPER_BUDGET (1u << 20)

struct agx_sim_helper {
   uint32_t binary, cfg;
   uint64_t data;
   pthread_mutex_t lock;
   pthread_cond_t freed;
   bool started, stopped;
   struct agx_sim_program prog;
   struct agx_sim_sg *sg;             /* the helper's own thread */
   const struct agx_sim_insn *resume; /* where it continues */
   unsigned bell;                     /* last doorbell value */
   uint32_t op, arg_lo, arg_hi;       /* sr144 / sr146 / sr147 */
   struct agx_sim_sg *target;         /* SIMD-group being served */
   unsigned outstanding;              /* stacks mapped right now */
};

struct agx_sim_helper *
agx_sim_helper_create(uint32_t binary, uint32_t cfg, uint64_t data, bool *oom)
{
   *oom = false;
   if (!binary)
      return NULL;
   struct agx_sim_helper *h = calloc(1, sizeof(*h));
   struct agx_sim_sg *sg = calloc(1, sizeof(*sg));
   if (!h || !sg) {
      free(h);
      free(sg);
      *oom = true;
      return NULL;
   }
   h->binary = binary;
   h->cfg = cfg;
   h->data = data;
   h->sg = sg;
   pthread_mutex_init(&h->lock, NULL);
   pthread_cond_init(&h->freed, NULL);
   return h;
}

static bool
gpu_failed(const struct agx_sim_gpu *gpu)
{
   return __atomic_load_n(&gpu->failed, __ATOMIC_ACQUIRE) != 0;
}

/* Run helper code until it rings a doorbell (returns the value), stops
 * (returns -1) or fails (returns -2, gpu status set). Caller holds h->lock. */
static int
helper_run(struct agx_sim_worker *w, struct agx_sim_helper *h)
{
   struct agx_sim_program *saved_prog = w->prog;
   bool saved_pre = w->in_preamble;
   struct agx_sim_helper *saved_helper = w->in_helper;
   w->prog = &h->prog;
   w->in_preamble = false;
   w->in_helper = h;
   struct agx_sim_sg *sg = h->sg;
   sg->state = AGX_SIM_SG_RUN;
   const struct agx_sim_insn *I = h->resume;
   unsigned n = 0;
   while (I) {
      if (I->flags && (I->flags & AGX_SIM_IF_BADREG) && !agx_sim_check_static(w, I))
         break;
      if (++n > HELPER_BUDGET) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_TIMEOUT, I, 0,
                           "helper program did not ring a doorbell within %u instructions",
                           HELPER_BUDGET);
         break;
      }
      I = I->exec(w, sg, I);
   }
   w->prog = saved_prog;
   w->in_preamble = saved_pre;
   w->in_helper = saved_helper;
   if (gpu_failed(w->gpu))
      return -2;
   if (sg->state == AGX_SIM_SG_DOORBELL)
      return (int)h->bell;
   if (sg->state == AGX_SIM_SG_BARRIER) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, 0,
                        "threadgroup_barrier in the helper program");
      return -2;
   }
   h->stopped = true;
   return -1;
}

static bool
expect_bell(struct agx_sim_worker *w, int got, int want, const char *when)
{
   if (got == want)
      return true;
   if (got != -2)
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, 0,
                        "helper program %s: expected doorbell %d, got %s %d", when, want,
                        got < 0 ? "stop" : "doorbell", got);
   return false;
}

/* Start the program (first use): it runs up to its first NEXT doorbell. */
static bool
helper_start(struct agx_sim_worker *w, struct agx_sim_helper *h)
{
   if (h->started)
      return !h->stopped;
   h->started = true;
   struct agx_sim_dispatch *d = calloc(1, sizeof(*d));
   if (!d) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, 0, "out of host memory");
      return false;
   }
   bool ok = agx_sim_usc_apply(w, d, w->gpu->usc_base + (h->binary & ~63u));
   uint64_t code = d->code;
   unsigned regs = d->reg_halves;
   free(d);
   if (!ok)
      return false;
   agx_sim_program_init(&h->prog, code, regs);
   struct agx_sim_program *saved = w->prog;
   w->prog = &h->prog;
   h->resume = agx_sim_program_get(w, &h->prog, 0);
   w->prog = saved;
   if (!h->resume)
      return false;
   struct agx_sim_sg *sg = h->sg;
   memset(sg->def, 0, sizeof(sg->def));
   memset(sg->pend, 0, sizeof(sg->pend));
   sg->live = sg->exec = 1; /* one thread per core */
   sg->index = 0;
   sg->tid[0] = 0;
   sg->r[0][0] &= 0xFFFF0000u;
   sg->def[0] = 0xFFFFFFFFu;
   h->op = 0;
   h->arg_lo = (uint32_t)h->data;
   h->arg_hi = (uint32_t)(h->data >> 32);
   return expect_bell(w, helper_run(w, h), AGX_SIM_DOORBELL_NEXT, "start");
}

/* Deliver one op; returns the ACK/NACK doorbell, or -2 after an error.
 * The program is left waiting at its next NEXT doorbell (not after END). */
static int
helper_request(struct agx_sim_worker *w, struct agx_sim_helper *h, unsigned op, uint32_t arg,
               struct agx_sim_sg *target)
{
   if (!helper_start(w, h))
      return -2;
   h->op = op;
   h->arg_lo = arg;
   h->arg_hi = 0;
   h->target = target;
   int bell = helper_run(w, h);
   h->target = NULL;
   if (op == AGX_SIM_HELPER_OP_END)
      return expect_bell(w, bell, -1, "after END") ? AGX_SIM_DOORBELL_ACK : -2;
   if (bell != AGX_SIM_DOORBELL_ACK && bell != AGX_SIM_DOORBELL_NACK) {
      if (bell != -2)
         agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, 0,
                           "helper program answered op %u with %s %d instead of ACK/NACK", op,
                           bell < 0 ? "stop" : "doorbell", bell);
      return -2;
   }
   if (!expect_bell(w, helper_run(w, h), AGX_SIM_DOORBELL_NEXT, "after answering"))
      return -2;
   return bell;
}

static bool
free_locked(struct agx_sim_worker *w, struct agx_sim_helper *h, struct agx_sim_sg *sgs, unsigned n)
{
   for (unsigned i = n; i-- > 0;) {
      int r = helper_request(w, h, AGX_SIM_HELPER_OP_STACK_FREE, 0, &sgs[i]);
      memset(sgs[i].stack_map, 0, sizeof(sgs[i].stack_map));
      if (r == -2)
         return false;
      if (r == AGX_SIM_DOORBELL_NACK) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, 0, "helper program refused STACK_FREE");
         return false;
      }
      if (h->outstanding)
         h->outstanding--;
   }
   pthread_cond_broadcast(&h->freed);
   return true;
}

bool
agx_sim_helper_alloc(struct agx_sim_worker *w, struct agx_sim_sg *sgs, unsigned n, unsigned spill)
{
   struct agx_sim_helper *h = w->gpu->helper;
   if (!h) {
      agx_sim_gpu_error(
         w, AGX_SIM_GPU_FAULT, NULL, 0,
         "launch needs a stack (Spill size %u) but the command names no helper program", spill);
      return false;
   }
   pthread_mutex_lock(&h->lock);
   bool ok = true;
   for (unsigned i = 0; i < n && ok;) {
      int r = helper_request(w, h, AGX_SIM_HELPER_OP_STACK_ALLOC, spill, &sgs[i]);
      if (r == AGX_SIM_DOORBELL_ACK) {
         h->outstanding++;
         i++;
         continue;
      }
      if (r != AGX_SIM_DOORBELL_NACK) {
         ok = false;
         break;
      }
      /* Out of stacks: give ours back and wait for other workers. */
      ok = free_locked(w, h, sgs, i);
      if (!ok)
         break;
      if (h->outstanding == 0) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, NULL, 0,
                           "helper program cannot map stacks for %u SIMD-groups "
                           "(NACK with no stack in use)",
                           n);
         ok = false;
         break;
      }
      i = 0;
      while (h->outstanding && !gpu_failed(w->gpu)) {
         struct timespec ts;
         clock_gettime(CLOCK_REALTIME, &ts);
         ts.tv_nsec += 10 * 1000 * 1000;
         if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
         }
         if (pthread_cond_timedwait(&h->freed, &h->lock, &ts) == 0)
            break;
      }
      if (gpu_failed(w->gpu))
         ok = false;
   }
   pthread_mutex_unlock(&h->lock);
   return ok;
}

bool
agx_sim_helper_free(struct agx_sim_worker *w, struct agx_sim_sg *sgs, unsigned n)
{
   struct agx_sim_helper *h = w->gpu->helper;
   if (!h)
      return true;
   pthread_mutex_lock(&h->lock);
   bool ok = free_locked(w, h, sgs, n);
   pthread_mutex_unlock(&h->lock);
   return ok;
}

bool
agx_sim_helper_finish(struct agx_sim_gpu *gpu, struct agx_sim_helper *h)
{
   if (!h)
      return true;
   bool ok = true;
   if (h->started && !h->stopped && !gpu_failed(gpu)) {
      struct agx_sim_worker w;
      memset(&w, 0, sizeof(w));
      w.gpu = gpu;
      ok = helper_request(&w, h, AGX_SIM_HELPER_OP_END, 0, NULL) != -2;
   }
   if (h->started)
      agx_sim_program_fini(&h->prog);
   pthread_mutex_destroy(&h->lock);
   pthread_cond_destroy(&h->freed);
   free(h->sg);
   free(h);
   return ok;
}

bool
agx_sim_helper_sr(const struct agx_sim_worker *w, unsigned sr, uint32_t *v)
{
   const struct agx_sim_helper *h = w->in_helper;
   if (!h)
      return false;
   switch (sr) {
   case 144:
      *v = h->op;
      return true;
   case 146:
      *v = h->arg_lo;
      return true;
   case 147:
      *v = h->arg_hi;
      return true;
   default:
      return false;
   }
}

/* p[0] = doorbell value */
static const struct agx_sim_insn *
x_doorbell(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   struct agx_sim_helper *h = w->in_helper;
   if (!h) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "doorbell outside the helper program");
      return NULL;
   }
   h->bell = I->p[0];
   h->resume = agx_sim_next(w, I);
   sg->state = AGX_SIM_SG_DOORBELL;
   return NULL;
}

/* p[0] = 1 map / 0 unmap, p[1] = slot, p[2] = target bit; d = register */
static const struct agx_sim_insn *
x_map(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   struct agx_sim_helper *h = w->in_helper;
   if (!h || !h->target) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "%s outside a helper STACK_ALLOC/STACK_FREE",
                        I->p[0] ? "map" : "unmap");
      return NULL;
   }
   if (!sg->exec) /* nothing to do for an inactive helper thread */
      return agx_sim_next(w, I);
   unsigned lane = (unsigned)__builtin_ctz(sg->exec);
   uint32_t *slot = &h->target->stack_map[I->p[1]];
   if (I->p[0]) {
      uint32_t v[AGX_SIM_LANES];
      if (!agx_sim_src32(w, sg, I, &I->d, v))
         return NULL;
      *slot = v[lane];
   } else {
      uint64_t v[AGX_SIM_LANES];
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         v[l] = *slot;
      if (!agx_sim_dst(w, sg, I, v))
         return NULL;
      *slot = 0;
   }
   return agx_sim_next(w, I);
}

bool
agx_sim_decode_helper(struct agx_sim_insn *I, const struct agx_isa_instr *in)
{
   switch (in->op) {
   case AGX_OP_DOORBELL:
      I->p[0] = (uint32_t)agx_sim_field(in, "imm");
      I->exec = x_doorbell;
      return true;
   case AGX_OP_MAP: {
      I->p[0] = (uint32_t)agx_sim_field(in, "op");
      I->p[2] = (uint32_t)agx_sim_field(in, "target");
      I->p[1] = (uint32_t)agx_sim_field(in, "v");
      agx_sim_opnd_from_isa(in, 2, &I->d);
      /* slots 0..3 and target0 are the only forms Mesa emits */
      if (I->p[0] > 1 || I->p[1] > 3 || I->p[2] != 0 || I->d.kind != AGX_SIM_O_R32)
         return false;
      I->exec = x_map;
      return true;
   }
   default:
      return false;
   }
}
