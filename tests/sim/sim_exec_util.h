/*
 * Harness for GPU-model tests: assembles programs with the ISA library
 * (text -> agx_isa_parse -> agx_isa_encode), builds USC word lists and CDM
 * control streams with the GenXML pack functions, and runs them through
 * the full UAPI path (GEM, VM_BIND, SUBMIT, syncobj wait, fence status).
 *
 * Assumes: one VM and one queue per environment; code and USC words live
 * in a BO at the queue's usc_exec_base; data (read/write) and control
 * streams live in their own BOs at fixed addresses. Assembly lines may
 * define labels ("name:") and branch to them ("@name").
 */
#ifndef SIM_EXEC_UTIL_H
#define SIM_EXEC_UTIL_H

#include "sim_test_util.h"

#include "agx_isa.h"
#include "agx_pack.h"
#include "agx_sim_exec.h"

#define USC_BASE 0x1100000000ull
#define CODE_SIZE (1 * MiB)
#define DATA_VA 0x1200000000ull
#define DATA_SIZE (4 * MiB)
#define CTRL_VA 0x1300000000ull
#define CTRL_SIZE (1 * MiB)

struct env {
   struct agx_sim *sim;
   uint32_t vm, queue;
   uint8_t *code, *data, *ctrl;
   uint32_t code_used, ctrl_used;
   struct drm_asahi_helper_program helper; /* put in every command */
   uint64_t sampler_heap;                  /* put in every command */
   uint32_t sampler_count;
};

static inline void *
env_bo(struct env *e, uint64_t va, uint64_t size, uint32_t bind_flags)
{
   uint32_t h = sim_bo_create(e->sim, size, 0, 0);
   if (!h || sim_bind(e->sim, e->vm, bind_flags, h, 0, size, va)) {
      fprintf(stderr, "cannot create/bind a BO at 0x%llx\n", (unsigned long long)va);
      exit(1);
   }
   void *map = sim_bo_map(e->sim, h, size);
   if (!map) {
      fprintf(stderr, "cannot map a BO\n");
      exit(1);
   }
   return map;
}

static inline void
env_init(struct env *e)
{
   memset(e, 0, sizeof(*e));
   e->sim = sim_test_create();
   e->vm = sim_vm_create(e->sim);
   e->queue = sim_queue_create(e->sim, e->vm);
   uint32_t rw = DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE;
   e->code = env_bo(e, USC_BASE, CODE_SIZE, rw);
   e->data = env_bo(e, DATA_VA, DATA_SIZE, rw);
   e->ctrl = env_bo(e, CTRL_VA, CTRL_SIZE, rw);
   e->code_used = 64; /* USC offset 0 stays unused */
}

static inline void
env_fini(struct env *e)
{
   agx_sim_destroy(e->sim);
}

/* Assemble `src` (lines separated by '\n'); returns its USC offset. */
static inline uint32_t
env_asm(struct env *e, const char *src)
{
   enum { MAXL = 256 };
   char *lines[MAXL];
   char *copy = strdup(src);
   unsigned n = 0;
   for (char *s = strtok(copy, "\n"); s && n < MAXL; s = strtok(NULL, "\n")) {
      while (*s == ' ')
         s++;
      if (*s)
         lines[n++] = s;
   }
   char names[MAXL][32];
   uint32_t label_pc[MAXL];
   unsigned nlabels = 0;
   e->code_used = (e->code_used + 63) & ~63u;
   uint32_t start = e->code_used;
   for (unsigned pass = 0; pass < 2; pass++) {
      uint32_t pc = 0;
      for (unsigned i = 0; i < n; i++) {
         size_t len = strlen(lines[i]);
         if (lines[i][len - 1] == ':') {
            if (pass == 0 && nlabels < MAXL) {
               snprintf(names[nlabels], 32, "%.*s", (int)(len - 1), lines[i]);
               label_pc[nlabels++] = pc;
            }
            continue;
         }
         char line[256];
         const char *at = strchr(lines[i], '@');
         if (at) {
            int64_t target = pc;
            for (unsigned l = 0; l < nlabels; l++)
               if (!strcmp(names[l], at + 1))
                  target = label_pc[l];
            if (pass == 1 && target == pc && strcmp(at + 1, "self") != 0) {
               unsigned l;
               for (l = 0; l < nlabels && strcmp(names[l], at + 1); l++)
                  ;
               if (l == nlabels) {
                  fprintf(stderr, "unknown label %s\n", at + 1);
                  exit(1);
               }
            }
            int64_t off = target - (int64_t)pc;
            snprintf(line, sizeof(line), "%.*spc%c%lld", (int)(at - lines[i]), lines[i],
                     off < 0 ? '-' : '+', (long long)(off < 0 ? -off : off));
         } else {
            snprintf(line, sizeof(line), "%s", lines[i]);
         }
         struct agx_isa_instr I;
         char err[256];
         uint8_t bytes[AGX_ISA_MAX_BYTES];
         if (agx_isa_parse(line, pc, &I, err, sizeof(err)) != 0) {
            fprintf(stderr, "assembly error in '%s': %s\n", line, err);
            exit(1);
         }
         int size = agx_isa_encode(&I, bytes);
         if (size <= 0) {
            fprintf(stderr, "cannot encode '%s'\n", line);
            exit(1);
         }
         if (pass == 1)
            memcpy(e->code + start + pc, bytes, (size_t)size);
         pc += (uint32_t)size;
      }
      if (pass == 1)
         e->code_used = start + pc;
   }
   free(copy);
   return start;
}

/* Copy bytes into the control BO; returns their GPU address. */
static inline uint64_t
env_upload(struct env *e, const void *data, size_t size)
{
   e->ctrl_used = (e->ctrl_used + 63) & ~63u;
   memcpy(e->ctrl + e->ctrl_used, data, size);
   uint64_t va = CTRL_VA + e->ctrl_used;
   e->ctrl_used += (uint32_t)size;
   return va;
}

struct pipe_desc {
   uint32_t code, preamble; /* USC offsets; preamble 0 = none */
   unsigned regs;           /* half registers */
   unsigned shared;         /* threadgroup memory bytes */
   unsigned spill;          /* USC Registers Spill size (0 = no stack) */
   unsigned nuni;
   struct {
      unsigned start, size;
      uint64_t va;
   } uni[8];
   /* USC Texture / Sampler words: count descriptors from va into state
    * registers start.. (count 0 = no word) */
   struct {
      unsigned start, count;
      uint64_t va;
   } tex, samp;
};

static inline void
env_put(struct env *e, uint32_t *off, const void *words, unsigned len)
{
   memcpy(e->code + *off, words, len);
   *off += len;
}

/* USC word list for p; returns its USC offset (64-byte aligned). */
static inline uint32_t
env_pipeline(struct env *e, const struct pipe_desc *p)
{
   e->code_used = (e->code_used + 63) & ~63u;
   uint32_t start = e->code_used, off = start;
   uint32_t w[4];
   for (unsigned i = 0; i < p->nuni; i++) {
      bool high = p->uni[i].start >= 256;
      if (high) {
         agx_pack(w, USC_UNIFORM_HIGH, cfg) {
            cfg.start_halfs = p->uni[i].start - 256;
            cfg.size_halfs = p->uni[i].size;
            cfg.buffer = p->uni[i].va;
         }
      } else {
         agx_pack(w, USC_UNIFORM, cfg) {
            cfg.start_halfs = p->uni[i].start;
            cfg.size_halfs = p->uni[i].size;
            cfg.buffer = p->uni[i].va;
         }
      }
      env_put(e, &off, w, 8);
   }
   if (p->tex.count) {
      agx_pack(w, USC_TEXTURE, cfg) {
         cfg.start = p->tex.start;
         cfg.count = p->tex.count;
         cfg.buffer = p->tex.va;
      }
      env_put(e, &off, w, 8);
   }
   if (p->samp.count) {
      agx_pack(w, USC_SAMPLER, cfg) {
         cfg.start = p->samp.start;
         cfg.count = p->samp.count;
         cfg.buffer = p->samp.va;
      }
      env_put(e, &off, w, 8);
   }
   agx_pack(w, USC_SHARED, cfg) {
      cfg.uses_shared_memory = p->shared != 0;
      cfg.layout = AGX_SHARED_LAYOUT_VERTEX_COMPUTE;
      cfg.bytes_per_threadgroup = p->shared ? p->shared : 65536;
   }
   env_put(e, &off, w, 4);
   agx_pack(w, USC_SHADER, cfg) {
      cfg.code = p->code;
   }
   env_put(e, &off, w, 6);
   agx_pack(w, USC_REGISTERS, cfg) {
      cfg.register_count = p->regs ? p->regs : 256;
      cfg.spill_size = p->spill;
   }
   env_put(e, &off, w, 4);
   if (p->preamble) {
      agx_pack(w, USC_PRESHADER, cfg) {
         cfg.code = p->preamble;
      }
      env_put(e, &off, w, 8);
   } else {
      agx_pack(w, USC_NO_PRESHADER, cfg)
         ;
      env_put(e, &off, w, 2);
   }
   e->code_used = off;
   return start;
}

/* A CDM stream being written into the control BO. */
struct cdm {
   struct env *e;
   uint64_t start;
};

static inline struct cdm
cdm_begin(struct env *e)
{
   e->ctrl_used = (e->ctrl_used + 63) & ~63u;
   struct cdm s = {e, CTRL_VA + e->ctrl_used};
   return s;
}

static inline uint64_t
cdm_here(struct cdm *s)
{
   return CTRL_VA + s->e->ctrl_used;
}

static inline void
cdm_put(struct cdm *s, const void *w, unsigned len)
{
   memcpy(s->e->ctrl + s->e->ctrl_used, w, len);
   s->e->ctrl_used += len;
}

/* mode: AGX_CDM_MODE_*; for indirect modes `indirect` is the record. */
static inline void
cdm_launch(struct cdm *s, uint32_t pipeline, unsigned pre_regs, enum agx_cdm_mode mode,
           const uint32_t global[3], uint64_t indirect, const uint32_t local[3])
{
   uint32_t w[4];
   agx_pack(w, CDM_LAUNCH_WORD_0, cfg) {
      cfg.mode = mode;
      cfg.uniform_register_count = 512;
      cfg.preshader_register_count = pre_regs ? pre_regs : 16;
   }
   cdm_put(s, w, 4);
   agx_pack(w, CDM_LAUNCH_WORD_1, cfg) {
      cfg.pipeline = pipeline;
   }
   cdm_put(s, w, 4);
   if (mode == AGX_CDM_MODE_DIRECT) {
      agx_pack(w, CDM_GLOBAL_SIZE, cfg) {
         cfg.x = global[0], cfg.y = global[1], cfg.z = global[2];
      }
      cdm_put(s, w, 12);
   } else {
      agx_pack(w, CDM_INDIRECT, cfg) {
         cfg.address_hi = (uint32_t)(indirect >> 32);
         cfg.address_lo = (uint32_t)indirect;
      }
      cdm_put(s, w, 8);
   }
   if (mode != AGX_CDM_MODE_INDIRECT_LOCAL) {
      agx_pack(w, CDM_LOCAL_SIZE, cfg) {
         cfg.x = local[0], cfg.y = local[1], cfg.z = local[2];
      }
      cdm_put(s, w, 12);
   }
}

static inline void
cdm_barrier(struct cdm *s, bool returns)
{
   uint32_t w[1];
   agx_pack(w, CDM_BARRIER, cfg) {
      cfg.usc_cache_inval = true;
      cfg.returns = returns;
   }
   cdm_put(s, w, 4);
}

static inline void
cdm_link(struct cdm *s, uint64_t target, bool with_return)
{
   uint32_t w[2];
   agx_pack(w, CDM_STREAM_LINK, cfg) {
      cfg.target_hi = (uint32_t)(target >> 32);
      cfg.target_lo = (uint32_t)target;
      cfg.with_return = with_return;
   }
   cdm_put(s, w, 8);
}

static inline void
cdm_return(struct cdm *s)
{
   uint32_t w[2];
   agx_pack(w, CDM_STREAM_RETURN, cfg)
      ;
   cdm_put(s, w, 8);
}

static inline void
cdm_terminate(struct cdm *s)
{
   uint32_t w[2];
   agx_pack(w, CDM_STREAM_TERMINATE, cfg)
      ;
   cdm_put(s, w, 8);
}

/* Submit a compute command running the stream at `va` on queue `queue`,
 * wait for it, and return its fence status (1 ok, -EIO fault, ...). */
static inline int
env_run_on(struct env *e, uint32_t queue, uint64_t va)
{
   uint32_t so = sim_syncobj_create(e->sim, 0);
   struct sim_compute_cmd c = sim_compute_cmd(va);
   c.cmd.cdm_ctrl_stream_end = CTRL_VA + e->ctrl_used;
   c.cmd.helper = e->helper;
   c.cmd.sampler_heap = e->sampler_heap;
   c.cmd.sampler_count = e->sampler_count;
   struct drm_asahi_sync sync = {.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = so};
   int ret = sim_submit(e->sim, queue, &c, sizeof(c), &sync, 0, 1);
   if (ret) {
      fprintf(stderr, "SUBMIT failed: %d\n", ret);
      return ret;
   }
   ret = sim_wait(e->sim, so, 0, DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, sim_now_plus_ms(60000));
   if (ret) {
      fprintf(stderr, "wait failed: %d\n", ret);
      return ret;
   }
   int status = 0;
   ret = agx_sim_syncobj_fence_status(e->sim, so, 0, &status);
   struct drm_syncobj_destroy d = {.handle = so};
   agx_sim_ioctl(e->sim, DRM_IOCTL_SYNCOBJ_DESTROY, &d);
   return ret ? ret : status;
}

static inline int
env_run(struct env *e, uint64_t va)
{
   return env_run_on(e, e->queue, va);
}

/*
 * One-launch convenience: `src` runs on `threads` threads in threadgroups
 * of `local` threads with u0_u1 = DATA_VA (plus extra uniforms from
 * `uni`, u2 onwards, n words). Returns the fence status.
 */
static inline int
env_dispatch(struct env *e, const char *src, uint32_t threads, uint32_t local, unsigned shared,
             const uint32_t *uni, unsigned n)
{
   uint32_t u[64] = {(uint32_t)DATA_VA, (uint32_t)(DATA_VA >> 32)};
   for (unsigned i = 0; i < n && i < 62; i++)
      u[2 + i] = uni[i];
   struct pipe_desc p = {.code = env_asm(e, src), .regs = 256, .shared = shared, .nuni = 1};
   p.uni[0].start = 0;
   p.uni[0].size = (2 + n) * 2;
   p.uni[0].va = env_upload(e, u, sizeof(uint32_t) * (2 + n));
   uint32_t pipe = env_pipeline(e, &p);
   struct cdm s = cdm_begin(e);
   uint32_t g[3] = {threads, 1, 1}, l[3] = {local, 1, 1};
   cdm_launch(&s, pipe, 0, AGX_CDM_MODE_DIRECT, g, 0, l);
   cdm_barrier(&s, false);
   cdm_terminate(&s);
   return env_run(e, s.start);
}

static inline uint32_t
data32(struct env *e, unsigned i)
{
   uint32_t v;
   memcpy(&v, e->data + 4 * i, 4);
   return v;
}

static inline uint32_t
f2u(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

#endif
