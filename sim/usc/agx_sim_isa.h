/*
 * Helpers shared by the instruction-class files (agx_sim_isa_*.c).
 *
 * Assumes: callers are instruction handlers holding a worker and the
 * SIMD-group being executed; every helper that reads registers applies the
 * strict-mode checks and returns false after reporting an error.
 */
#ifndef AGX_SIM_ISA_H
#define AGX_SIM_ISA_H

#include "agx_sim_gpu.h"

static inline int64_t
agx_sim_sext(uint64_t v, unsigned bits)
{
   if (bits >= 64)
      return (int64_t)v;
   uint64_t m = 1ull << (bits - 1);
   v &= (1ull << bits) - 1;
   return (int64_t)((v ^ m) - m);
}

/* Integer source of every lane, sign-extended when its sx bit is set. */
bool agx_sim_load_int(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                      const struct agx_sim_opnd *o, int64_t out[AGX_SIM_LANES]);

/* Float source of every lane (f32 flushed, f16 exact, minifloat
 * immediates), with abs/neg modifiers applied. */
bool agx_sim_load_float(struct agx_sim_worker *w, struct agx_sim_sg *sg,
                        const struct agx_sim_insn *I, const struct agx_sim_opnd *o,
                        double out[AGX_SIM_LANES]);

/* Lanes (all 32) where `a cc b` holds, negated when neg. */
bool agx_sim_icmp(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                  const struct agx_sim_opnd *a, const struct agx_sim_opnd *b, unsigned cc, bool neg,
                  uint32_t *mask);
bool agx_sim_fcmp(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                  const struct agx_sim_opnd *a, const struct agx_sim_opnd *b, unsigned cc, bool neg,
                  uint32_t *mask);

#endif
