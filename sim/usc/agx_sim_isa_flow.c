/*
 * Control flow: the execution-mask stack (r0l), branches, call/ret, stop,
 * trap, wait and barriers.
 *
 * Assumes (shared/reference/isa.md section 3, applegpu): pop_exec and the
 * if/else/while compare instructions update r0l in every thread, active or
 * not, then set exec = (r0l == 0):
 *   pop_exec n: v = max(v - n, 0)
 *   if n:       v != 0 ? v += n : (cond ? v : v = 1)
 *   else n:     v == 0 ? v = n : v == 1 ? v = (cond ? 0 : 1) : v
 *   while n:    v < n ? v = (cond ? 0 : n) : v
 * Branch offsets are signed and relative to the branch instruction.
 * The link register r1 of `call` receives the return address as a 32-bit
 * offset from the USC execution base (the same space as the USC Shader
 * word's Code field); `ret rN`/`call rN` jump to such offsets. All active
 * lanes must agree on a register branch target (checked).
 * `wait g` retires every load of wait group g. threadgroup_barrier needs
 * the whole SIMD-group active (strict mode reports a divergent barrier).
 */
#include <string.h>

#include "agx_sim_gpu.h"
#include "agx_sim_isa.h"

static inline void
set_exec_from_r0l(struct agx_sim_sg *sg)
{
   uint32_t e = 0;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      if ((sg->r[0][l] & 0xFFFF) == 0)
         e |= 1u << l;
   sg->exec = e & sg->live;
   sg->def[0] |= 0xFFFFFFFFu;
}

static inline void
set_r0l(struct agx_sim_sg *sg, unsigned l, uint32_t v)
{
   sg->r[0][l] = (sg->r[0][l] & 0xFFFF0000u) | (v & 0xFFFF);
}

enum { EX_POP, EX_IF, EX_ELSE, EX_WHILE };

/* p[0] = EX_*, p[1] = n, p[2] = cc, p[3] = ccn, p[4] = float compare */
static const struct agx_sim_insn *
x_exec(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t cond = 0;
   unsigned n = I->p[1];
   if (I->p[0] != EX_POP) {
      /* the condition is evaluated for every thread; sources are checked
       * on the active ones */
      bool ok = I->p[4] ? agx_sim_fcmp(w, sg, I, &I->s[0], &I->s[1], I->p[2], I->p[3], &cond)
                        : agx_sim_icmp(w, sg, I, &I->s[0], &I->s[1], I->p[2], I->p[3], &cond);
      if (!ok)
         return NULL;
   }
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      uint32_t v = sg->r[0][l] & 0xFFFF;
      bool c = (cond >> l) & 1;
      switch (I->p[0]) {
      case EX_POP:
         v = v > n ? v - n : 0;
         break;
      case EX_IF:
         if (v != 0)
            v += n;
         else if (!c)
            v = 1;
         break;
      case EX_ELSE:
         if (v == 0)
            v = n;
         else if (v == 1)
            v = c ? 0 : 1;
         break;
      default:
         if (v < n)
            v = c ? 0 : n;
         break;
      }
      set_r0l(sg, l, v);
   }
   set_exec_from_r0l(sg);
   return agx_sim_next(w, I);
}

/* p[0]: 0 jmp_exec_any, 1 jmp_exec_none */
static const struct agx_sim_insn *
x_jmp_exec(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   bool take = I->p[0] ? sg->exec == 0 : sg->exec != 0;
   return take ? agx_sim_taken(w, I) : agx_sim_next(w, I);
}

/* USC offset of the program start (call/ret addresses are USC offsets). */
static inline uint64_t
prog_usc(const struct agx_sim_worker *w)
{
   return w->prog->base - w->gpu->usc_base;
}

static const struct agx_sim_insn *
x_call(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   if (!agx_sim_check_write(w, sg, I, &I->d, 1))
      return NULL;
   uint64_t link[AGX_SIM_LANES];
   uint64_t ret = prog_usc(w) + I->pc + I->size;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      link[l] = (uint32_t)ret;
   agx_sim_store(sg, &I->d, link, sg->exec);
   return agx_sim_taken(w, I);
}

/* ret rN (p[0] = 0) and call rN (p[0] = 1): d = r1 for call, s[0] = rN */
static const struct agx_sim_insn *
x_jump_reg(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint32_t t[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, &I->s[0], t))
      return NULL;
   uint32_t e = sg->exec ? sg->exec : 1;
   unsigned first = (unsigned)__builtin_ctz(e);
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if ((e >> l) & 1 && t[l] != t[first]) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                           "active lanes disagree on the branch target");
         return NULL;
      }
   }
   if (I->p[0]) {
      if (!agx_sim_check_write(w, sg, I, &I->d, 1))
         return NULL;
      uint64_t link[AGX_SIM_LANES];
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         link[l] = (uint32_t)(prog_usc(w) + I->pc + I->size);
      agx_sim_store(sg, &I->d, link, sg->exec);
   }
   int64_t pc = (int64_t)t[first] - (int64_t)prog_usc(w);
   return agx_sim_program_get(w, w->prog, pc);
}

static const struct agx_sim_insn *
x_stop(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   /* render targets in memory: later fragments read them through the
    * texture unit (agx_sim_isa_texture.c) */
   if (sg->rt_unfenced && w->gpu->cfg.strict) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                        "fragment program ends after image_write to a render target in memory "
                        "without an image barrier (Mesa's fence_pbe_to_tex_pixel_agx)");
      return NULL;
   }
   sg->state = AGX_SIM_SG_DONE;
   return NULL;
}

static const struct agx_sim_insn *
x_trap(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   (void)sg;
   agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "trap");
   return NULL;
}

static const struct agx_sim_insn *
x_wait(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   uint8_t clear = (uint8_t) ~(1u << I->p[0]);
   for (unsigned h = 0; h < 256; h++)
      sg->pend[h] &= clear;
   return agx_sim_next(w, I);
}

static const struct agx_sim_insn *
x_barrier(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   if (w->gpu->cfg.strict && sg->exec != sg->live) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                        "threadgroup_barrier in divergent control flow "
                        "(exec 0x%08x of 0x%08x)",
                        sg->exec, sg->live);
      return NULL;
   }
   const struct agx_sim_insn *n = agx_sim_next(w, I);
   if (!n)
      return NULL;
   sg->resume = n;
   sg->state = AGX_SIM_SG_BARRIER;
   return NULL;
}

/* memory_barrier (a, b, c): Mesa's image barriers (c = 10) and
 * flush_memory_to_texture (c = 4) order image_write before texture reads;
 * they end the texture-coherence tracking of agx_sim_isa_texture.c. */
static const struct agx_sim_insn *
x_memory_barrier(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   if (I->p[0] == 10 || I->p[0] == 4) {
      sg->img_written_count = 0;
      sg->rt_unfenced = false;
   }
   return agx_sim_next(w, I);
}

bool
agx_sim_decode_flow(struct agx_sim_insn *I, const struct agx_isa_instr *in)
{
   switch (in->op) {
   case AGX_OP_POP_EXEC:
      I->p[0] = EX_POP;
      I->p[1] = (uint32_t)agx_sim_field(in, "n");
      I->exec = x_exec;
      return true;
   case AGX_OP_IF_ICMP:
   case AGX_OP_IF_FCMP:
   case AGX_OP_ELSE_ICMP:
   case AGX_OP_ELSE_FCMP:
   case AGX_OP_WHILE_ICMP:
   case AGX_OP_WHILE_FCMP:
      I->p[0] = (in->op == AGX_OP_IF_ICMP || in->op == AGX_OP_IF_FCMP)       ? EX_IF
                : (in->op == AGX_OP_ELSE_ICMP || in->op == AGX_OP_ELSE_FCMP) ? EX_ELSE
                                                                             : EX_WHILE;
      I->p[1] = (uint32_t)agx_sim_field(in, "n");
      I->p[2] = (uint32_t)agx_sim_field(in, "cc");
      I->p[3] = (uint32_t)agx_sim_field(in, "ccn");
      I->p[4] =
         in->op == AGX_OP_IF_FCMP || in->op == AGX_OP_ELSE_FCMP || in->op == AGX_OP_WHILE_FCMP;
      agx_sim_opnd_from_isa(in, 2, &I->s[0]);
      agx_sim_opnd_from_isa(in, 3, &I->s[1]);
      I->exec = x_exec;
      return true;
   case AGX_OP_JMP_EXEC_ANY:
   case AGX_OP_JMP_EXEC_NONE: {
      struct agx_isa_value v;
      agx_isa_get_operand(in, 0, &v);
      I->target = (int64_t)I->pc + v.n;
      I->p[0] = in->op == AGX_OP_JMP_EXEC_NONE;
      I->exec = x_jmp_exec;
      return true;
   }
   case AGX_OP_CALL: {
      struct agx_isa_value v;
      agx_isa_get_operand(in, 0, &v);
      I->target = (int64_t)I->pc + v.n;
      I->d.kind = AGX_SIM_O_R32;
      I->d.n = 1;
      I->exec = x_call;
      return true;
   }
   case AGX_OP_RET:
   case AGX_OP_CALL_REG:
      I->s[0].kind = AGX_SIM_O_R32;
      I->s[0].n = (uint16_t)agx_sim_field(in, "reg32");
      I->d.kind = AGX_SIM_O_R32;
      I->d.n = 1;
      I->p[0] = in->op == AGX_OP_CALL_REG;
      I->exec = x_jump_reg;
      return true;
   case AGX_OP_STOP:
      I->exec = x_stop;
      return true;
   case AGX_OP_TRAP:
      I->exec = x_trap;
      return true;
   case AGX_OP_WAIT:
      I->p[0] = (uint32_t)agx_sim_field(in, "i");
      I->exec = x_wait;
      return true;
   case AGX_OP_THREADGROUP_BARRIER:
      I->exec = x_barrier;
      return true;
   case AGX_OP_MEMORY_BARRIER:
      /* device memory is coherent in the model; only the PBE -> texture
       * path is tracked */
      I->p[0] = (uint32_t)agx_sim_field(in, "c");
      I->exec = x_memory_barrier;
      return true;
   default:
      return false;
   }
}
