/* Machine IR of the AGX back end: a linear list of instructions, each an ISA
 * descriptor (struct agx_isa_instr with its non-register fields already set)
 * plus register operand slots that name virtual registers until register
 * allocation. Structured control flow stays as pseudo-instructions
 * (IF/ELSE/ENDIF/LOOP/BREAK/CONTINUE/CONT/ENDLOOP/HALT) until emission.
 * Virtual registers have a size in 16-bit halves: 1 (16-bit), 2 (32-bit),
 * 4 (64-bit, an aligned pair) or up to 8 (vectors moved by memory ops). */
#pragma once
#include <stdbool.h>
#include <stdint.h>

/* Three ISA descriptor names clash with IR opcode names (agx_ir_opcodes.h);
 * in the back end the ISA ones are spelled AGX_ISAOP_*. */
#define AGX_OP_IADD AGX_ISAOP_IADD
#define AGX_OP_BFI AGX_ISAOP_BFI
#define AGX_OP_MEMORY_BARRIER AGX_ISAOP_MEMORY_BARRIER
#include "agx_isa.h"
#undef AGX_OP_IADD
#undef AGX_OP_BFI
#undef AGX_OP_MEMORY_BARRIER

enum agx_mop {
   AGX_M_ISA, /* a real instruction */
   AGX_M_IF,  /* slot 0: 16-bit condition, taken when != 0 */
   AGX_M_ELSE,
   AGX_M_ENDIF,
   AGX_M_LOOP,
   AGX_M_CONT, /* start of the loop's continue construct */
   AGX_M_ENDLOOP,
   AGX_M_BREAK, /* depth = ifs between the jump and its loop */
   AGX_M_CONTINUE,
   AGX_M_HALT,    /* depth = nesting levels to leave for good */
   AGX_M_SKIP,    /* jump to the innermost loop's CONT when no thread is active */
   AGX_M_PRELOAD, /* program start: defines its slots' fixed registers (no code) */
};

#define AGX_MIR_MAX_SLOTS 6

/* A register operand: operand index of the descriptor, the template value
 * (register class and count), the vreg and the offset in halves into it.
 * Uniform and immediate operands are set directly on the instruction. */
struct agx_mslot {
   uint8_t opnd;
   bool def;
   uint8_t off;
   uint8_t halves; /* halves accessed */
   uint32_t vreg;
   struct agx_isa_value v;
};

struct agx_minstr {
   uint8_t kind; /* enum agx_mop */
   uint8_t nslots;
   uint8_t depth; /* BREAK/CONTINUE/HALT */
   struct agx_isa_instr I;
   struct agx_mslot slot[AGX_MIR_MAX_SLOTS];
};

struct agx_mir {
   struct agx_minstr *ins;
   unsigned count, cap;
   uint8_t *vsize;  /* halves per vreg */
   uint32_t *phys;  /* assigned first half per vreg (after RA) */
   uint8_t *vflags; /* AGX_MIR_V_* per vreg */
   unsigned nvregs, cap_vregs;
   unsigned stack_base;  /* stack bytes per thread below the spill slots (scratch) */
   unsigned spill_bytes; /* stack bytes per thread in all (stack_base + spill slots) */
   bool no_stop;         /* a prolog: falls through (no final stop) */
};

/* vreg flags */
#define AGX_MIR_V_NOSPILL 1 /* a spill temporary: never spilled again */
#define AGX_MIR_V_FIXED 2   /* preloaded: allocated at its preset phys[] */

unsigned agx_mir_new_vreg(struct agx_mir *m, unsigned halves);
struct agx_minstr *agx_mir_push(struct agx_mir *m, unsigned kind);
void agx_mir_free(struct agx_mir *m);

/* Register allocation: linear scan over the linear program (intervals of
 * values live across a loop cover the whole loop). Halves 0-3 (r0: exec
 * nesting counter, r1: link register) are reserved. Returns the number of
 * halves used, or -1 with a message when more than max_halves are needed. */
int agx_mir_ra(struct agx_mir *m, unsigned max_halves, char *err, size_t errsize);
/* The same, reporting in *spill a vreg whose spilling would relieve the
 * failure point (-1 when none can be spilled). */
int agx_mir_ra_ex(struct agx_mir *m, unsigned max_halves, int *spill, char *err, size_t errsize);

/* Register allocation with spilling (agx_spill.c): runs agx_mir_ra and,
 * while it fails, spills one value to the per-thread stack
 * (stack_store after each definition, stack_load before each use) and
 * tries again; spill slots start at m->stack_base. m->spill_bytes receives
 * the stack size. Returns the number
 * of halves used or -1 with a message. */
int agx_mir_ra_spill(struct agx_mir *m, unsigned max_halves, char *err, size_t errsize);
