/*
 * Dispatch engine: preamble, threadgroup scheduling over host worker
 * threads, SIMD-group interleaving at threadgroup barriers, the
 * instruction budget and error reports.
 *
 * Assumes: threadgroups are independent (run in any order, on any worker);
 * inside one threadgroup the SIMD-groups run one after the other until each
 * reaches a threadgroup_barrier or stops, then all waiting ones resume (a
 * finished SIMD-group no longer takes part in barriers). A threadgroup's
 * threads are numbered x-fastest and packed 32 per SIMD-group. Registers
 * start undefined except r0l (the execution-mask counter), which the
 * hardware starts at 0 for every thread. The preamble runs once per
 * dispatch on one thread before any threadgroup starts. When the launch's
 * USC Registers word has a nonzero Spill size, every SIMD-group gets its
 * stack mapped by the command's helper program before it starts and
 * unmapped after its threadgroup ends (agx_sim_helper.h).
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "agx_sim_gpu.h"
#include "agx_sim_helper.h"

void
agx_sim_gpu_config_from_env(struct agx_sim_gpu_config *cfg)
{
   cfg->strict = true;
   cfg->budget = 1ull << 32;
   long n = sysconf(_SC_NPROCESSORS_ONLN);
   cfg->threads = n > 0 ? (unsigned)n : 1;
   if (cfg->threads > 16)
      cfg->threads = 16;

   const char *s = getenv("AGX_SIM_STRICT");
   if (s)
      cfg->strict = strcmp(s, "0") != 0;
   s = getenv("AGX_SIM_BUDGET");
   if (s) {
      char *end;
      unsigned long long v = strtoull(s, &end, 0);
      if (*s && !*end)
         cfg->budget = v;
      else
         fprintf(stderr, "agx-sim: ignoring AGX_SIM_BUDGET=%s\n", s);
   }
   s = getenv("AGX_SIM_THREADS");
   if (s) {
      char *end;
      unsigned long v = strtoul(s, &end, 0);
      if (*s && !*end && v >= 1 && v <= 256)
         cfg->threads = (unsigned)v;
      else
         fprintf(stderr, "agx-sim: ignoring AGX_SIM_THREADS=%s\n", s);
   }
}

void
agx_sim_gpu_init(struct agx_sim_gpu *gpu, struct agx_sim_vm *vm, uint64_t usc_base)
{
   memset(gpu, 0, sizeof(*gpu));
   gpu->vm = vm;
   gpu->usc_base = usc_base;
   agx_sim_gpu_config_from_env(&gpu->cfg);
   pthread_mutex_t *m = malloc(sizeof(*m));
   if (m) {
      pthread_mutex_init(m, NULL);
      gpu->lock = m;
   }
}

void
agx_sim_gpu_finish(struct agx_sim_gpu *gpu)
{
   if (gpu->lock) {
      pthread_mutex_destroy(gpu->lock);
      free(gpu->lock);
      gpu->lock = NULL;
   }
}

static const char *const error_names[] = {
   [AGX_SIM_GPU_OK] = "ok",
   [AGX_SIM_GPU_FAULT] = "GPU fault",
   [AGX_SIM_GPU_ILLEGAL] = "illegal instruction",
   [AGX_SIM_GPU_TIMEOUT] = "timeout",
   [AGX_SIM_GPU_FIDELITY] = "fidelity check",
};

void
agx_sim_gpu_error(struct agx_sim_worker *w, enum agx_sim_gpu_error e, const struct agx_sim_insn *I,
                  uint64_t addr, const char *fmt, ...)
{
   struct agx_sim_gpu *gpu = w->gpu;
   char what[256];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(what, sizeof(what), fmt, ap);
   va_end(ap);

   char where[240] = "";
   if (I) {
      char dis[128] = "<undecodable>";
      struct agx_isa_instr in;
      if (agx_isa_decode(I->bytes, sizeof(I->bytes), &in) > 0)
         agx_isa_format(&in, true, I->pc, dis, sizeof(dis));
      snprintf(where, sizeof(where), " at pc 0x%x (%s 0x%" PRIx64 "): %s", I->pc,
               w->in_preamble ? "preamble" : "program", w->prog ? w->prog->base : 0, dis);
   }

   if (gpu->lock)
      pthread_mutex_lock(gpu->lock);
   if (gpu->status.error == AGX_SIM_GPU_OK) {
      gpu->status.error = e;
      gpu->status.fault_addr = addr;
      snprintf(gpu->status.msg, sizeof(gpu->status.msg), "%s: %s%s", error_names[e], what, where);
   }
   __atomic_store_n(&gpu->failed, 1, __ATOMIC_RELEASE);
   if (gpu->lock)
      pthread_mutex_unlock(gpu->lock);
}

static inline bool
gpu_failed(const struct agx_sim_gpu *gpu)
{
   return __atomic_load_n(&gpu->failed, __ATOMIC_ACQUIRE) != 0;
}

static void run_sgs(struct agx_sim_worker *w);

void
agx_sim_poll(struct agx_sim_worker *w, struct agx_sim_sg *sg, uint32_t pc, uint64_t va,
             uint32_t value)
{
   if (pc != sg->poll_pc || va != sg->poll_va || value != sg->poll_value) {
      sg->poll_pc = pc;
      sg->poll_va = va;
      sg->poll_value = value;
      sg->poll_repeats = 0;
      return;
   }
   if (sg->poll_repeats < AGX_SIM_POLL_SPINS) {
      sg->poll_repeats++;
      return;
   }
   struct timespec ts = {0, AGX_SIM_POLL_PAUSE_NS};
   nanosleep(&ts, NULL);
   w->poll_charge += AGX_SIM_POLL_CHARGE;
}

/* Active lanes (without relying on a popcount instruction, which the
 * baseline x86-64 target lacks: __builtin_popcount is a library call). */
static inline unsigned
lanes_of(uint32_t v)
{
   v = v - ((v >> 1) & 0x55555555u);
   v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
   return (((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
}

/* Run one SIMD-group until it stops, waits at a barrier, or fails. */
static void
run_sg(struct agx_sim_worker *w, struct agx_sim_sg *sg)
{
   const struct agx_sim_insn *I = sg->resume;
   uint64_t budget = w->budget_left, ti = 0, n = 0;
   while (I) {
      if (__builtin_expect(I->flags != 0, 0) && (I->flags & AGX_SIM_IF_BADREG) &&
          !agx_sim_check_static(w, I))
         break;
      if (__builtin_expect(n + w->poll_charge >= budget, 0)) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_TIMEOUT, I, 0,
                           "instruction budget of %" PRIu64 " exhausted", w->gpu->cfg.budget);
         break;
      }
      n++;
      ti += lanes_of(sg->exec);
      I = I->exec(w, sg, I);
   }
   w->sg_insns += n;
   n += w->poll_charge; /* the budget, not the statistics, pays for pauses */
   w->poll_charge = 0;
   w->budget_left = budget > n ? budget - n : 0;
   w->thread_insns += ti;
   if (gpu_failed(w->gpu))
      sg->state = AGX_SIM_SG_DONE;
   else if (sg->state == AGX_SIM_SG_RUN)
      sg->state = AGX_SIM_SG_DONE; /* NULL without a state change: stop */
}

static void
tg_size(const struct agx_sim_dispatch *d, const uint32_t tg[3], uint32_t sz[3])
{
   for (unsigned i = 0; i < 3; i++) {
      uint64_t start = (uint64_t)tg[i] * d->local[i];
      uint64_t left = d->global[i] - start;
      sz[i] = left < d->local[i] ? (uint32_t)left : d->local[i];
   }
}

static void
sg_reset(struct agx_sim_sg *sg, unsigned index, unsigned threads, const struct agx_sim_insn *entry)
{
   memset(sg->def, 0, sizeof(sg->def));
   memset(sg->pend, 0, sizeof(sg->pend));
   sg->index = index;
   unsigned first = index * AGX_SIM_LANES;
   unsigned n = threads - first < AGX_SIM_LANES ? threads - first : AGX_SIM_LANES;
   sg->live = n == 32 ? 0xFFFFFFFFu : ((1u << n) - 1);
   sg->exec = sg->live;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      sg->tid[l] = first + l;
      sg->r[0][l] &= 0xFFFF0000u; /* r0l = 0 */
   }
   sg->def[0] = 0xFFFFFFFFu;
   sg->state = AGX_SIM_SG_RUN;
   sg->resume = entry;
   memset(sg->stack_map, 0, sizeof(sg->stack_map));
   sg->img_written_count = 0;
   sg->poll_pc = UINT32_MAX;
   sg->poll_repeats = 0;
   sg->pix_waited = 0;
   sg->rt_unfenced = false;
}

/* Graphics batches: the registers the data master preloads per thread. */
static void
preload(struct agx_sim_worker *w, struct agx_sim_sg *sg)
{
   const struct agx_sim_usc_batch *b = w->d->batch;
   if (!b->nregs)
      return;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->live & (1u << l)))
         continue;
      uint64_t t = (uint64_t)w->tg[0] * AGX_SIM_LANES + sg->tid[l];
      for (unsigned i = 0; i < b->nregs; i++)
         sg->r[b->reg[i] & 127][l] = b->values[t * b->nregs + i];
   }
   for (unsigned i = 0; i < b->nregs; i++) {
      unsigned h = (b->reg[i] & 127) * 2;
      sg->def[h] = sg->def[h + 1] = 0xFFFFFFFFu;
   }
}

/* Run the SIMD-groups of the threadgroup, with stacks when the launch
 * spills. */
static void
run_sgs_with_stack(struct agx_sim_worker *w)
{
   unsigned spill = w->d->spill_size;
   if (spill && !agx_sim_helper_alloc(w, w->sgs, w->nsg, spill))
      return;
   run_sgs(w);
   if (spill && !gpu_failed(w->gpu))
      agx_sim_helper_free(w, w->sgs, w->nsg);
}

/* Interleave the SIMD-groups of the current threadgroup: each runs until it
 * stops or waits at a barrier; when none can run, the waiting ones are
 * released together. */
static void
run_sgs(struct agx_sim_worker *w)
{
   for (;;) {
      bool any_run = false, any_wait = false;
      for (unsigned i = 0; i < w->nsg; i++) {
         if (w->sgs[i].state == AGX_SIM_SG_RUN) {
            run_sg(w, &w->sgs[i]);
            if (gpu_failed(w->gpu))
               return;
         }
      }
      for (unsigned i = 0; i < w->nsg; i++) {
         any_run |= w->sgs[i].state == AGX_SIM_SG_RUN;
         any_wait |= w->sgs[i].state == AGX_SIM_SG_BARRIER;
      }
      if (!any_wait && !any_run)
         return;
      if (!any_run) {
         for (unsigned i = 0; i < w->nsg; i++)
            if (w->sgs[i].state == AGX_SIM_SG_BARRIER)
               w->sgs[i].state = AGX_SIM_SG_RUN;
      }
   }
}

/* Run the threadgroup at w->tg. */
static void
run_tg(struct agx_sim_worker *w)
{
   uint32_t sz[3];
   tg_size(w->d, w->tg, sz);
   unsigned threads = sz[0] * sz[1] * sz[2];
   if (threads == 0)
      return;
   w->prog = &w->main;
   const struct agx_sim_insn *entry = agx_sim_program_get(w, &w->main, 0);
   if (!entry)
      return;
   w->nsg = (threads + AGX_SIM_LANES - 1) / AGX_SIM_LANES;
   for (unsigned i = 0; i < w->nsg; i++) {
      sg_reset(&w->sgs[i], i, threads, entry);
      if (w->d->batch)
         preload(w, &w->sgs[i]);
   }
   if (w->d->local_bytes)
      memset(w->local, 0, w->d->local_bytes);
   run_sgs_with_stack(w);
}

static bool
worker_init(struct agx_sim_worker *w, struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d)
{
   memset(w, 0, sizeof(*w));
   w->gpu = gpu;
   w->d = d;
   w->sgs = calloc(AGX_SIM_MAX_SG, sizeof(struct agx_sim_sg));
   w->local = calloc(1, AGX_SIM_LOCAL_MAX);
   if (!w->sgs || !w->local)
      return false;
   agx_sim_program_init(&w->main, d->code, d->reg_halves);
   agx_sim_program_init(&w->pre, d->preamble, d->preamble_halves);
   w->budget_left = gpu->cfg.budget ? gpu->cfg.budget : UINT64_MAX;
   return true;
}

static void
worker_fini(struct agx_sim_worker *w)
{
   free(w->sgs);
   free(w->local);
   agx_sim_program_fini(&w->main);
   agx_sim_program_fini(&w->pre);
}

struct pool {
   struct agx_sim_gpu *gpu;
   struct agx_sim_dispatch *d;
   uint64_t next, total;
   uint64_t budget_per_worker;
};

struct worker_arg {
   struct pool *pool;
   struct agx_sim_worker w;
   bool ok;
};

static void *
worker_main(void *p)
{
   struct worker_arg *a = p;
   struct pool *pool = a->pool;
   struct agx_sim_worker *w = &a->w;
   uint32_t gx = pool->d->grid[0], gy = pool->d->grid[1];
   for (;;) {
      if (gpu_failed(pool->gpu))
         break;
      uint64_t i = __atomic_fetch_add(&pool->next, 1, __ATOMIC_RELAXED);
      if (i >= pool->total)
         break;
      w->tg[0] = (uint32_t)(i % gx);
      w->tg[1] = (uint32_t)((i / gx) % gy);
      w->tg[2] = (uint32_t)(i / ((uint64_t)gx * gy));
      run_tg(w);
   }
   return NULL;
}

static bool
run_preamble(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d, struct agx_sim_worker *w)
{
   if (!d->preamble)
      return true;
   w->prog = &w->pre;
   w->in_preamble = true;
   const struct agx_sim_insn *entry = agx_sim_program_get(w, &w->pre, 0);
   if (!entry)
      return false;
   w->tg[0] = w->tg[1] = w->tg[2] = 0;
   w->nsg = 1;
   struct agx_sim_sg *sg = &w->sgs[0];
   sg_reset(sg, 0, 1, entry);
   run_sg(w, sg);
   w->in_preamble = false;
   if (!gpu_failed(gpu) && sg->state == AGX_SIM_SG_BARRIER)
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, sg->resume, 0, "threadgroup_barrier in a preamble");
   return !gpu_failed(gpu);
}

bool
agx_sim_gpu_dispatch(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d)
{
   uint64_t total = (uint64_t)d->grid[0] * d->grid[1] * d->grid[2];
   unsigned nworkers = gpu->cfg.threads ? gpu->cfg.threads : 1;
   if (total < nworkers)
      nworkers = total ? (unsigned)total : 1;

   struct worker_arg *args = calloc(nworkers, sizeof(*args));
   if (!args)
      return false;
   struct pool pool = {.gpu = gpu, .d = d, .next = 0, .total = total};
   bool ok = true;
   for (unsigned i = 0; i < nworkers; i++) {
      args[i].pool = &pool;
      if (!worker_init(&args[i].w, gpu, d)) {
         agx_sim_gpu_error(&args[i].w, AGX_SIM_GPU_ILLEGAL, NULL, 0, "out of host memory");
         ok = false;
      }
   }

   if (ok && run_preamble(gpu, d, &args[0].w) && total) {
      pthread_t th[256];
      unsigned started = 0;
      for (unsigned i = 1; i < nworkers; i++) {
         if (pthread_create(&th[started], NULL, worker_main, &args[i]) == 0)
            started++;
      }
      worker_main(&args[0]);
      for (unsigned i = 0; i < started; i++)
         pthread_join(th[i], NULL);
   }

   for (unsigned i = 0; i < nworkers; i++) {
      gpu->thread_insns += args[i].w.thread_insns;
      gpu->sg_insns += args[i].w.sg_insns;
      gpu->mem_read += args[i].w.mem_read;
      gpu->mem_write += args[i].w.mem_write;
      worker_fini(&args[i].w);
   }
   free(args);
   return !gpu_failed(gpu);
}

bool
agx_sim_gpu_run_single(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d, const uint32_t tg[3],
                       const uint32_t init_regs[128], const uint8_t init_def[256],
                       uint32_t out_regs[128][AGX_SIM_LANES])
{
   struct agx_sim_worker w;
   bool ok = worker_init(&w, gpu, d);
   if (!ok) {
      worker_fini(&w);
      return false;
   }
   if (!(tg[0] | tg[1] | tg[2]) && !run_preamble(gpu, d, &w)) {
      worker_fini(&w);
      return false;
   }
   uint32_t sz[3];
   memcpy(w.tg, tg, sizeof(w.tg));
   tg_size(d, w.tg, sz);
   unsigned threads = sz[0] * sz[1] * sz[2];
   w.prog = &w.main;
   const struct agx_sim_insn *entry = agx_sim_program_get(&w, &w.main, 0);
   if (entry && threads) {
      w.nsg = (threads + AGX_SIM_LANES - 1) / AGX_SIM_LANES;
      for (unsigned i = 0; i < w.nsg; i++) {
         struct agx_sim_sg *sg = &w.sgs[i];
         sg_reset(sg, i, threads, entry);
         for (unsigned r = 0; r < 128; r++) {
            for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
               uint32_t v = init_regs[r];
               if (r == 0 && !init_def[0])
                  v = (v & 0xFFFF0000u) | (sg->r[0][l] & 0xFFFF);
               sg->r[r][l] = v;
            }
         }
         for (unsigned h = 0; h < 256; h++)
            if (init_def[h])
               sg->def[h] = 0xFFFFFFFFu;
      }
      if (d->local_bytes)
         memset(w.local, 0, d->local_bytes);
      run_sgs_with_stack(&w);
      for (unsigned r = 0; r < 128; r++)
         memcpy(out_regs[r], w.sgs[0].r[r], sizeof(out_regs[r]));
   }
   gpu->thread_insns += w.thread_insns;
   gpu->sg_insns += w.sg_insns;
   gpu->mem_read += w.mem_read;
   gpu->mem_write += w.mem_write;
   worker_fini(&w);
   return !gpu_failed(gpu);
}

/* Graphics batches reuse one worker per USC state (its decoded program and
 * SIMD-group storage) across the many small batches of a render command. */
bool
agx_sim_usc_run_batch(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d,
                      const struct agx_sim_usc_batch *b)
{
   if (!b->count)
      return true;
   d->batch = b;
   d->global[0] = b->count, d->global[1] = d->global[2] = 1;
   d->local[0] = AGX_SIM_LANES, d->local[1] = d->local[2] = 1;
   d->grid[0] = (b->count + AGX_SIM_LANES - 1) / AGX_SIM_LANES, d->grid[1] = d->grid[2] = 1;
   struct agx_sim_worker *w = d->batch_worker;
   if (!w || w->gpu != gpu) {
      agx_sim_batch_worker_free(d);
      w = calloc(1, sizeof(*w));
      if (!w || !worker_init(w, gpu, d)) {
         struct agx_sim_worker tmp = {.gpu = gpu};
         agx_sim_gpu_error(&tmp, AGX_SIM_GPU_ILLEGAL, NULL, 0, "out of host memory");
         if (w)
            worker_fini(w);
         free(w);
         d->batch = NULL;
         return false;
      }
      d->batch_worker = w;
   }
   /* the budget covers the whole command: what earlier batches used is gone */
   uint64_t budget = gpu->cfg.budget ? gpu->cfg.budget : UINT64_MAX;
   w->budget_left = budget > gpu->sg_insns ? budget - gpu->sg_insns : 1;
   w->thread_insns = w->sg_insns = w->mem_read = w->mem_write = 0;
   if (run_preamble(gpu, d, w)) {
      for (uint32_t g = 0; g < d->grid[0] && !gpu_failed(gpu); g++) {
         w->tg[0] = g, w->tg[1] = w->tg[2] = 0;
         run_tg(w);
      }
   }
   gpu->thread_insns += w->thread_insns;
   gpu->sg_insns += w->sg_insns;
   gpu->mem_read += w->mem_read;
   gpu->mem_write += w->mem_write;
   d->batch = NULL;
   return !gpu_failed(gpu);
}

void
agx_sim_batch_worker_free(struct agx_sim_dispatch *d)
{
   if (d->batch_worker) {
      worker_fini(d->batch_worker);
      free(d->batch_worker);
      d->batch_worker = NULL;
   }
}
