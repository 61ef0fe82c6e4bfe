/* Instruction selection internals shared by the agx_isel_*.c files.
 * Every IR value component maps to a machine value (struct mval): a vreg
 * part, an immediate, a uniform register or a 32-bit vreg zero/sign-extended
 * to 64 bits; immediates and uniforms are placed straight into operands
 * that accept them and copied into registers otherwise. */
#pragma once
#include <stdio.h>

#include "agx_backend.h"
#include "agx_mir.h"

enum { MV_NONE, MV_REG, MV_IMM, MV_UNI, MV_ZEXT, MV_SEXT };

struct mval {
   uint8_t kind;
   uint8_t halves; /* size of the value: 1, 2 or 4 */
   uint8_t off;    /* MV_REG/ZEXT/SEXT: offset in halves into vreg */
   bool fl;        /* MV_IMM: float constant (bits in imm) */
   uint32_t vreg;
   uint64_t imm; /* MV_IMM: bits; MV_UNI: first uniform half */
};

struct isel {
   agx_shader *s;
   struct agx_mir *m;
   struct mval (*map)[4];
   /* per block index: phi copies to emit at the block's end */
   struct pcopy {
      agx_instr *phi;
      agx_instr *src;
      struct pcopy *next;
   } **copies;
   unsigned loop_ifs; /* ifs between here and the innermost loop */
   unsigned depth;    /* exec nesting levels (if 1, loop 2) */
   bool in_body;      /* directly in a loop body (not its continue list) */
   unsigned uniform_end;
   unsigned local_bytes;     /* threadgroup memory: shared + per-thread scratch */
   struct mval scratch_base; /* this thread's scratch byte offset */
   struct mval preload[128]; /* load_preloaded: vreg fixed at r<reg> */
   bool scratch_on_stack;    /* scratch is at stack offset 0 instead */
   /* agx_isel_fold.c: per SSA index */
   uint32_t *uses;         /* source uses (phis and if conditions included) */
   uint8_t *comps_used;    /* components read (bit mask) */
   bool *skip;             /* folded into a memory instruction: not emitted */
   struct addr_fold *fold; /* per memory instruction: its folded address */
   char *err;
   size_t errsize;
   bool failed;
};

/* A device address base + index << shift, index scaled by the element size
 * (the memory instructions' addressing). */
struct addr_fold {
   bool valid;
   agx_instr *base;
   agx_instr *index; /* 32-bit register index, or NULL: imm */
   int32_t imm;      /* immediate index in elements */
   bool sign;        /* index is sign-extended */
   uint8_t shift;    /* 0-2 */
};

/* Fills uses/comps_used and plans address folds (agx_isel_fold.c). */
void isel_analyze(struct isel *c);

static inline unsigned
type_halves(agx_type t)
{
   return t.bits == 64 ? 4 : t.bits == 32 ? 2 : 1;
}

void isel_fail(struct isel *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct agx_minstr *isel_emit(struct isel *c, enum agx_isa_op op);
/* Adds a def slot for `halves` halves at vreg+off (count registers). */
void isel_def(struct isel *c, struct agx_minstr *mi, unsigned opnd, unsigned vreg, unsigned off,
              unsigned halves, unsigned count);
/* Uses v in operand opnd (integer or float source; ext: a 64-bit operand may
 * take a zero/sign-extended 32-bit register). *mi may move when a value is
 * first copied into a register. */
void isel_use(struct isel *c, struct agx_minstr **mi, unsigned opnd, struct mval v, bool fl,
              bool ext);
/* Uses register value r (a vreg part) as a tuple of count registers. */
void isel_use_tuple(struct isel *c, struct agx_minstr *mi, unsigned opnd, struct mval r,
                    unsigned count);
/* Sets a non-register operand. */
void isel_set(struct isel *c, struct agx_minstr *mi, unsigned opnd, struct agx_isa_value v);
/* A fresh register value / the register form of v. */
struct mval isel_new(struct isel *c, unsigned halves);
struct mval isel_reg(struct isel *c, struct mval v);
void isel_copy(struct isel *c, struct mval dst, struct mval src);
struct mval isel_part(struct mval v, unsigned off, unsigned halves);

/* Value of IR source i component comp. */
struct mval isel_src(struct isel *c, const agx_instr *I, unsigned i, unsigned comp);
/* Destination component comp of I (allocates a vreg). */
struct mval isel_dst(struct isel *c, const agx_instr *I, unsigned comp);

/* Op families (agx_isel_alu.c, agx_isel_mem.c); return false when I is not
 * theirs. */
bool isel_alu(struct isel *c, agx_instr *I);
bool isel_mem(struct isel *c, agx_instr *I);
/* d = irop(a, b) for the subgroup-combinable ALU ops (agx_isel_alu.c). */
bool isel_combine(struct isel *c, unsigned irop, struct mval d, struct mval a, struct mval b);
bool isel_subgroup(struct isel *c, agx_instr *I);
/* Bindless texture loads and image writes (agx_isel_tex.c). */
bool isel_tex(struct isel *c, agx_instr *I);
/* Source src of I in consecutive registers (agx_isel_mem.c). */
struct mval isel_gather(struct isel *c, const agx_instr *I, unsigned src);
/* Graphics-stage operations (agx_isel_gfx.c): varyings, coefficient
 * registers, tilebuffer, sample masks, special and preloaded registers. */
bool isel_gfx(struct isel *c, agx_instr *I);
/* Defines, at program start, the registers load_preloaded reads. */
void isel_preload_setup(struct isel *c);
/* Prologs: keeps the fixed registers live to the end. */
void isel_preload_finish(struct isel *c);
/* Places scratch memory in threadgroup memory, or on the per-thread stack
 * (below the spill slots) when every invocation's copy does not fit
 * (agx_isel_mem.c). */
void isel_scratch_setup(struct isel *c);
