/*
 * The simulated AGX GPU: pre-decoded programs, SIMD-group state and the
 * dispatch engine shared by the CDM walker, the instruction semantics and
 * the agx-sim-run tool.
 *
 * Assumes: a SIMD-group is 32 lanes with one PC and a 32-bit execution
 * mask; every lane has 128 32-bit GPRs whose 16-bit halves are addressed
 * as half registers 0..255 (rNl = 2N, rNh = 2N+1); 256 32-bit uniform
 * registers (512 halves) are shared by the whole dispatch. Programs are
 * decoded once per dispatch and per host worker (instructions are read
 * from GPU memory at usc_exec_base + offset) and executed across 32 lanes
 * at a time. Nothing here knows about the driver: all inputs are GPU
 * memory, control-stream words and machine code.
 */
#ifndef AGX_SIM_GPU_H
#define AGX_SIM_GPU_H

#include <stdbool.h>
#include <stdint.h>

#include "agx_isa.h"
#include "agx_sim_usc.h"
#include "agx_sim_vm.h"

#define AGX_SIM_LANES 32
#define AGX_SIM_MAX_TG_THREADS 1024
#define AGX_SIM_MAX_SG (AGX_SIM_MAX_TG_THREADS / AGX_SIM_LANES)
#define AGX_SIM_UNIFORM_HALVES 512
#define AGX_SIM_LOCAL_MAX (64 * 1024)
#define AGX_SIM_IMG_TRACK 64

struct agx_sim_gpu;
struct agx_sim_sg;
struct agx_sim_insn;
struct agx_sim_worker;
struct agx_sim_helper;

/* ---- operands ------------------------------------------------------- */

enum agx_sim_okind {
   AGX_SIM_O_NONE = 0,
   AGX_SIM_O_IMM,  /* v = zero-extended integer immediate */
   AGX_SIM_O_FIMM, /* v = 8-bit minifloat encoding (agx_sim_fimm) */
   AGX_SIM_O_R16,  /* n = half register index */
   AGX_SIM_O_R32,  /* n = 32-bit register index */
   AGX_SIM_O_R64,  /* n = first 32-bit register of a pair */
   AGX_SIM_O_U16,  /* n = uniform half index */
   AGX_SIM_O_U32,
   AGX_SIM_O_U64,
};

#define AGX_SIM_OM_SX 1
#define AGX_SIM_OM_ABS 2
#define AGX_SIM_OM_NEG 4

struct agx_sim_opnd {
   uint8_t kind; /* enum agx_sim_okind */
   uint8_t mods; /* AGX_SIM_OM_* */
   uint16_t n;
   uint32_t v;
};

static inline unsigned
agx_sim_opnd_bits(const struct agx_sim_opnd *o)
{
   switch (o->kind) {
   case AGX_SIM_O_R16:
   case AGX_SIM_O_U16:
   case AGX_SIM_O_IMM:
      return 16;
   case AGX_SIM_O_R64:
   case AGX_SIM_O_U64:
      return 64;
   default:
      return 32;
   }
}

/* ---- pre-decoded instructions --------------------------------------- */

/* Returns the next instruction, or NULL when the SIMD-group stops running
 * (stop, barrier wait, fault: see sg->state). */
typedef const struct agx_sim_insn *(*agx_sim_exec_fn)(struct agx_sim_worker *w,
                                                      struct agx_sim_sg *sg,
                                                      const struct agx_sim_insn *I);

#define AGX_SIM_IF_BADREG 1  /* a register beyond the USC Registers count */
#define AGX_SIM_IF_ILLEGAL 2 /* cannot execute (unknown or unsupported) */

struct agx_sim_insn {
   agx_sim_exec_fn exec;
   uint32_t pc; /* byte offset from the program's code address */
   uint8_t size;
   uint8_t flags; /* AGX_SIM_IF_* */
   uint16_t op;   /* enum agx_isa_op */
   struct agx_sim_opnd d, s[4];
   uint32_t p[6];  /* per-class parameters (condition, mask, ...) */
   int64_t target; /* branch target byte offset (branches) */
   /* Lazily resolved successors (per-worker program, no locking). */
   const struct agx_sim_insn *next, *taken;
   uint8_t bytes[AGX_ISA_MAX_BYTES];
};

/* A program decoded on demand: code at GPU VA `base`. */
struct agx_sim_program {
   uint64_t base;
   unsigned reg_halves; /* USC Registers count (halves) */
   /* open-addressed map pc -> insn; insns in stable chunks */
   uint32_t map_size, map_count;
   uint32_t *map_pc;
   struct agx_sim_insn **map_insn;
   struct agx_sim_insn **chunks;
   uint32_t nchunks, chunk_used;
};

/* ---- execution state ------------------------------------------------ */

enum agx_sim_sg_state {
   AGX_SIM_SG_RUN,
   AGX_SIM_SG_BARRIER,
   AGX_SIM_SG_DONE,
   AGX_SIM_SG_DOORBELL, /* helper program waiting at a doorbell */
};

struct agx_sim_sg {
   uint32_t r[128][AGX_SIM_LANES]; /* GPRs, [register][lane] */
   uint32_t def[256];              /* lanes whose half register has been written */
   uint8_t pend[256];              /* wait groups (bit g) with a load in flight */
   uint32_t exec;                  /* execution mask */
   uint32_t live;                  /* lanes that exist (threads of the threadgroup) */
   uint32_t index;                 /* SIMD-group index in the threadgroup */
   uint8_t state;
   const struct agx_sim_insn *resume; /* where a barrier wait continues */
   uint32_t tid[AGX_SIM_LANES];       /* thread index in threadgroup */
   /* Stack block words mapped by the helper program (agx_sim_helper.h):
    * (address >> 8) | size mask, bit 0 = valid; all zero = no stack. */
   uint32_t stack_map[4];
   /* Texel addresses this SIMD-group stored with image_write since its last
    * image barrier (agx_sim_isa_texture.c); count > AGX_SIM_IMG_TRACK means
    * too many to track (no check). */
   uint64_t img_written[AGX_SIM_IMG_TRACK];
   uint32_t img_written_count;
   /* Poll detection (agx_sim_poll): the last coherent load's pc, first
    * active lane's address and value, and how often it repeated exactly. */
   uint32_t poll_pc, poll_value, poll_repeats;
   uint64_t poll_va;
   /* wait_pix masks executed so far (agx_sim_isa_graphics.c) */
   uint32_t pix_waited;
   /* a fragment program's image_write to a render target in memory (a
    * texture-state-register PBE) not yet followed by an image barrier
    * (agx_sim_isa_texture.c; strict mode reports it at stop) */
   bool rt_unfenced;
};

/* Dispatch-wide state (one launch). */
struct agx_sim_dispatch {
   uint32_t uniforms[AGX_SIM_UNIFORM_HALVES / 2];
   uint32_t uniform_def[AGX_SIM_UNIFORM_HALVES / 32]; /* written halves */
   uint64_t code;                                     /* GPU VA of the main program */
   uint64_t preamble;                                 /* GPU VA of the preshader, 0 = none */
   unsigned reg_halves, preamble_halves;
   unsigned spill_size; /* USC Registers Spill size: 0 = no stack */
   uint32_t local_bytes;
   uint32_t global[3]; /* threads in the grid */
   uint32_t grid[3];   /* threadgroups: global / local rounded up */
   uint32_t local[3];  /* threads per threadgroup */
   uint8_t textures[256][24];
   uint8_t samplers[256][16];
   uint64_t sampler_heap;
   uint32_t sampler_count;
   /* USC Fragment Properties word (fragment programs) */
   bool frag_props, early_z;
   /* graphics threads (agx_sim_usc_run_batch), NULL for compute grids */
   const struct agx_sim_usc_batch *batch;
   struct agx_sim_worker *batch_worker; /* kept across batches (agx_sim_gpu.c) */
};

/* Per host thread. */
struct agx_sim_worker {
   struct agx_sim_gpu *gpu;
   struct agx_sim_dispatch *d;
   struct agx_sim_program *prog; /* program being executed */
   struct agx_sim_program main, pre;
   struct agx_sim_sg *sgs; /* AGX_SIM_MAX_SG */
   uint8_t *local;         /* threadgroup memory */
   uint32_t tg[3];         /* current threadgroup position */
   uint32_t nsg;           /* SIMD-groups in the threadgroup */
   uint64_t budget_left;
   uint64_t poll_charge; /* budget the polls' pauses cost (agx_sim_poll) */
   uint64_t thread_insns, sg_insns;
   uint64_t mem_read, mem_write; /* bytes requested (see agx_sim_gpu) */
   bool in_preamble;
   struct agx_sim_helper *in_helper; /* set while running helper code */
};

/* ---- engine (agx_sim_gpu.c) ------------------------------------------ */

/* A SIMD-group that keeps reading the same value with the same coherent
 * load polls memory another agent (the host, another queue) must change:
 * after AGX_SIM_POLL_SPINS exact repeats each further one pauses the host
 * thread for AGX_SIM_POLL_PAUSE_NS so the poll does not burn a CPU, and
 * charges AGX_SIM_POLL_CHARGE instructions to the budget, about what the
 * model runs in that time (measured on the 2-core build host: ~18 M
 * SIMD-group instructions/s; a 50 us pause sleeps ~130 us), so the
 * watchdog still ends a poll that nothing satisfies after a comparable
 * time. Timing only: no result changes. */
#define AGX_SIM_POLL_SPINS 256u
#define AGX_SIM_POLL_PAUSE_NS 50000
#define AGX_SIM_POLL_CHARGE 2048u
void agx_sim_poll(struct agx_sim_worker *w, struct agx_sim_sg *sg, uint32_t pc, uint64_t va,
                  uint32_t value);

/* Free the worker graphics batches keep in d. */
void agx_sim_batch_worker_free(struct agx_sim_dispatch *d);

/* Apply the USC word list at pipeline_va to d (agx_sim_usc_words.c). */
bool agx_sim_usc_apply(struct agx_sim_worker *w, struct agx_sim_dispatch *d, uint64_t pipeline_va);

/* Read GPU memory (READ permission), reporting faults on w. */
bool agx_sim_read_gpu(struct agx_sim_worker *w, uint64_t va, void *dst, size_t size);

/* Run the preamble once, then every threadgroup. Returns false on error
 * (gpu->status says why). */
bool agx_sim_gpu_dispatch(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d);

/*
 * Run threadgroup `tg` of d on the calling thread (agx-sim-run): every lane
 * starts with init_regs (halves with init_def set count as written) and
 * the uniforms of d; the preamble runs first for threadgroup 0. The final
 * registers of the first SIMD-group go to out_regs.
 */
bool agx_sim_gpu_run_single(struct agx_sim_gpu *gpu, struct agx_sim_dispatch *d,
                            const uint32_t tg[3], const uint32_t init_regs[128],
                            const uint8_t init_def[256], uint32_t out_regs[128][AGX_SIM_LANES]);

/* Record the first error of a command (thread-safe; later ones are
 * dropped). The message gets the PC and disassembly of I when given. */
void agx_sim_gpu_error(struct agx_sim_worker *w, enum agx_sim_gpu_error e,
                       const struct agx_sim_insn *I, uint64_t addr, const char *fmt, ...)
   __attribute__((format(printf, 5, 6)));

/* ---- programs (agx_sim_program.c) ------------------------------------ */

void agx_sim_program_init(struct agx_sim_program *p, uint64_t base, unsigned reg_halves);
void agx_sim_program_fini(struct agx_sim_program *p);
/* Instruction at byte offset pc (decoded on first use); NULL after
 * reporting a fault or illegal instruction. */
const struct agx_sim_insn *agx_sim_program_get(struct agx_sim_worker *w, struct agx_sim_program *p,
                                               int64_t pc);

static inline const struct agx_sim_insn *
agx_sim_next(struct agx_sim_worker *w, const struct agx_sim_insn *I)
{
   if (__builtin_expect(I->next != NULL, 1))
      return I->next;
   const struct agx_sim_insn *n = agx_sim_program_get(w, w->prog, (int64_t)I->pc + I->size);
   ((struct agx_sim_insn *)I)->next = n;
   return n;
}

static inline const struct agx_sim_insn *
agx_sim_taken(struct agx_sim_worker *w, const struct agx_sim_insn *I)
{
   if (I->taken)
      return I->taken;
   const struct agx_sim_insn *n = agx_sim_program_get(w, w->prog, I->target);
   ((struct agx_sim_insn *)I)->taken = n;
   return n;
}

/* ---- instruction classes: decoders choose the exec function -------- */

/* Each returns true when it handled op (filling I), false otherwise. */
bool agx_sim_decode_alu(struct agx_sim_insn *I, const struct agx_isa_instr *in);
bool agx_sim_decode_float(struct agx_sim_insn *I, const struct agx_isa_instr *in);
bool agx_sim_decode_flow(struct agx_sim_insn *I, const struct agx_isa_instr *in);
bool agx_sim_decode_mem(struct agx_sim_insn *I, const struct agx_isa_instr *in);
bool agx_sim_decode_simd(struct agx_sim_insn *I, const struct agx_isa_instr *in);
bool agx_sim_decode_texture(struct agx_sim_insn *I, const struct agx_isa_instr *in);
bool agx_sim_decode_graphics(struct agx_sim_insn *I, const struct agx_isa_instr *in);

/* Graphics special registers of pixel-stage threads (agx_sim_isa_graphics.c):
 * true when sr is one and *v holds its value for the lane. */
bool agx_sim_graphics_sr(const struct agx_sim_worker *w, const struct agx_sim_sg *sg, unsigned sr,
                         unsigned lane, uint32_t *v);

/* Shared by the decoders: ISA operand i of `in` as a simulator operand. */
void agx_sim_opnd_from_isa(const struct agx_isa_instr *in, unsigned i, struct agx_sim_opnd *o);
uint64_t agx_sim_field(const struct agx_isa_instr *in, const char *name);

/* ---- register access with fidelity checks (agx_sim_check.c) -------- */

bool agx_sim_check_read(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                        const struct agx_sim_insn *I, const struct agx_sim_opnd *o, unsigned count);
bool agx_sim_check_write(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                         const struct agx_sim_insn *I, const struct agx_sim_opnd *o,
                         unsigned count);
bool agx_sim_check_static(struct agx_sim_worker *w, const struct agx_sim_insn *I);

/* Load operand o for all 32 lanes (no checks). */
void agx_sim_load32(const struct agx_sim_worker *w, const struct agx_sim_sg *sg,
                    const struct agx_sim_opnd *o, uint32_t out[AGX_SIM_LANES]);
void agx_sim_load64(const struct agx_sim_worker *w, const struct agx_sim_sg *sg,
                    const struct agx_sim_opnd *o, uint64_t out[AGX_SIM_LANES]);
/* Store to the lanes of `mask` (no checks); marks halves defined. */
void agx_sim_store(struct agx_sim_sg *sg, const struct agx_sim_opnd *o,
                   const uint64_t v[AGX_SIM_LANES], uint32_t mask);

/* Checked source load / destination store used by instruction handlers:
 * return false after reporting a fidelity error (strict mode). */
static inline bool
agx_sim_src32(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
              const struct agx_sim_opnd *o, uint32_t out[AGX_SIM_LANES])
{
   if (!agx_sim_check_read(w, sg, I, o, 1))
      return false;
   agx_sim_load32(w, sg, o, out);
   return true;
}

static inline bool
agx_sim_src64(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
              const struct agx_sim_opnd *o, uint64_t out[AGX_SIM_LANES])
{
   if (!agx_sim_check_read(w, sg, I, o, 1))
      return false;
   agx_sim_load64(w, sg, o, out);
   return true;
}

static inline bool
agx_sim_dst(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
            const uint64_t v[AGX_SIM_LANES])
{
   if (!agx_sim_check_write(w, sg, I, &I->d, 1))
      return false;
   agx_sim_store(sg, &I->d, v, sg->exec);
   return true;
}

/* Special registers (agx_sim_isa_alu.c) */
uint32_t agx_sim_special_reg(struct agx_sim_worker *w, struct agx_sim_sg *sg, unsigned sr,
                             unsigned lane, bool *known);

/* Float helpers (agx_sim_float.c) */
double agx_sim_f32_in(uint32_t bits); /* flush denormals to signed zero */
double agx_sim_f16_in(uint16_t bits);
uint32_t agx_sim_f32_out(double x); /* RNE, flush results below 2^-126 */
uint16_t agx_sim_f16_out(double x); /* RNE, denormals kept */
double agx_sim_saturate(double x);
double agx_sim_fimm(unsigned enc);

/* a*b+c rounded to odd in double: exact for f16/f32 products, and a later
 * RNE rounding to f32/f16 then equals one rounding of the exact result. */
static inline double
agx_sim_fma_odd(double a, double b, double c)
{
   double p = a * b;
   double s = p + c;
   double bb = s - p;
   double err = (p - (s - bb)) + (c - bb);
   if (err == 0 || err != err)
      return s;
   uint64_t bits;
   __builtin_memcpy(&bits, &s, 8);
   if ((bits & 1) || (bits & 0x7FF0000000000000ull) == 0x7FF0000000000000ull)
      return s;
   /* step one ulp towards the exact value */
   bits += ((err > 0) == (s > 0)) ? 1 : (uint64_t)-1;
   __builtin_memcpy(&s, &bits, 8);
   return s;
}

#endif
