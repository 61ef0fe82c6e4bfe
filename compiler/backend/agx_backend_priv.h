/* Back-end stages, in order: instruction selection (agx_isel*.c), register
 * allocation (agx_ra.c), emission with waits and control flow (agx_emit.c). */
#pragma once
#include <stdio.h>

#include "agx_backend.h"
#include "agx_mir.h"

/* uniform_halves: uniform halves read; local_bytes: threadgroup memory
 * needed (shared memory plus every thread's scratch, see agx_isel_mem.c). */
int agx_isel(agx_shader *s, struct agx_mir *m, unsigned *uniform_halves, unsigned *local_bytes,
             char *err, size_t errsize);
/* variable bitfields, variable 64-bit shifts, 64-bit int -> float
 * (agx_lower_alu.c); runs on scalarized IR. */
bool agx_backend_lower_alu(agx_shader *s);
/* fsin/fcos -> range reduction and a polynomial (agx_lower_trig.c). */
bool agx_backend_lower_trig(agx_shader *s);
/* Whether memory instruction I's address (an iadd) folds into I given SSA
 * use counts (agx_isel_fold.c); the preamble pass's cost model asks it. */
bool agx_backend_address_folds(const agx_instr *I, const uint32_t *uses, void *data);
int agx_emit(struct agx_mir *m, uint8_t **code, size_t *size, unsigned *ninstrs, char *err,
             size_t errsize);
