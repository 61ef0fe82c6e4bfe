/*
 * Register-file access and the fidelity checks of strict mode.
 *
 * Assumes: strict mode (gpu->cfg.strict) turns programs that only work by
 * accident into errors: reading a half register some active lane never
 * wrote, reading or overwriting a register whose asynchronous load has not
 * been waited for (`wait`), and (always, also outside strict mode since the
 * hardware would corrupt another SIMD-group) naming registers beyond the
 * USC Registers count. Every report carries the PC and the disassembly of
 * the instruction (agx_sim_gpu_error).
 */
#include <stdio.h>
#include <string.h>

#include "agx_sim_gpu.h"

/* first half register and number of halves of an operand */
static bool
opnd_halves(const struct agx_sim_opnd *o, unsigned count, unsigned *first, unsigned *n)
{
   switch (o->kind) {
   case AGX_SIM_O_R16:
      *first = o->n;
      *n = count;
      return true;
   case AGX_SIM_O_R32:
      *first = o->n * 2u;
      *n = 2 * count;
      return true;
   case AGX_SIM_O_R64:
      *first = o->n * 2u;
      *n = 4 * count;
      return true;
   default:
      return false;
   }
}

static void
reg_name(const struct agx_sim_opnd *o, char *buf, size_t size)
{
   switch (o->kind) {
   case AGX_SIM_O_R16:
      snprintf(buf, size, "r%u%c", o->n >> 1, (o->n & 1) ? 'h' : 'l');
      break;
   case AGX_SIM_O_R32:
      snprintf(buf, size, "r%u", o->n);
      break;
   case AGX_SIM_O_R64:
      snprintf(buf, size, "r%u_r%u", o->n, o->n + 1);
      break;
   default:
      snprintf(buf, size, "?");
      break;
   }
}

/* Uniform halves an operand reads. */
static bool
uniform_halves(const struct agx_sim_opnd *o, unsigned *first, unsigned *n)
{
   switch (o->kind) {
   case AGX_SIM_O_U16:
      *first = o->n;
      *n = 1;
      return true;
   case AGX_SIM_O_U32:
      *first = o->n * 2u;
      *n = 2;
      return true;
   case AGX_SIM_O_U64:
      *first = o->n * 2u;
      *n = 4;
      return true;
   default:
      return false;
   }
}

bool
agx_sim_check_read(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                   const struct agx_sim_opnd *o, unsigned count)
{
   unsigned first, n;
   if (uniform_halves(o, &first, &n)) {
      if (!w->gpu->cfg.strict || !sg->exec)
         return true;
      for (unsigned h = first; h < first + n; h++) {
         unsigned u = h & (AGX_SIM_UNIFORM_HALVES - 1);
         if (!(w->d->uniform_def[u >> 5] & (1u << (u & 31)))) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                              "reads uniform half %u (u%u%c), which no USC Uniform "
                              "word or uniform_store has written",
                              u, u >> 1, (u & 1) ? 'h' : 'l');
            return false;
         }
      }
      return true;
   }
   if (!opnd_halves(o, count, &first, &n))
      return true;
   if (first + n > 256) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "register out of range");
      return false;
   }
   if (!w->gpu->cfg.strict)
      return true;
   for (unsigned h = first; h < first + n; h++) {
      char name[32];
      if (sg->pend[h]) {
         reg_name(o, name, sizeof(name));
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0, "reads %s before `wait` for its load",
                           name);
         return false;
      }
      if ((sg->def[h] & sg->exec) != sg->exec) {
         reg_name(o, name, sizeof(name));
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                           "reads uninitialised %s (half r%u%c, lanes 0x%08x)", name, h >> 1,
                           (h & 1) ? 'h' : 'l', sg->exec & ~sg->def[h]);
         return false;
      }
   }
   return true;
}

bool
agx_sim_check_write(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
                    const struct agx_sim_opnd *o, unsigned count)
{
   unsigned first, n;
   if (!opnd_halves(o, count, &first, &n))
      return true;
   if (first + n > 256) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "register out of range");
      return false;
   }
   if (!w->gpu->cfg.strict)
      return true;
   for (unsigned h = first; h < first + n; h++) {
      if (sg->pend[h]) {
         char name[32];
         reg_name(o, name, sizeof(name));
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                           "overwrites %s before `wait` for its load", name);
         return false;
      }
   }
   return true;
}

bool
agx_sim_check_static(struct agx_sim_worker *w, const struct agx_sim_insn *I)
{
   if (I->flags & AGX_SIM_IF_BADREG) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, 0,
                        "uses a register beyond the USC Registers count (%u halves)",
                        w->prog->reg_halves);
      return false;
   }
   return true;
}

static inline uint32_t
uniform_half(const struct agx_sim_worker *w, unsigned h)
{
   return (w->d->uniforms[(h >> 1) & 0xFF] >> ((h & 1) * 16)) & 0xFFFF;
}

void
agx_sim_load32(const struct agx_sim_worker *w, const struct agx_sim_sg *sg,
               const struct agx_sim_opnd *o, uint32_t out[AGX_SIM_LANES])
{
   uint32_t v;
   switch (o->kind) {
   case AGX_SIM_O_R32:
   case AGX_SIM_O_R64:
      memcpy(out, sg->r[o->n & 127], sizeof(uint32_t) * AGX_SIM_LANES);
      return;
   case AGX_SIM_O_R16: {
      const uint32_t *src = sg->r[(o->n >> 1) & 127];
      unsigned sh = (o->n & 1) * 16;
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = (src[l] >> sh) & 0xFFFF;
      return;
   }
   case AGX_SIM_O_U16:
      v = uniform_half(w, o->n);
      break;
   case AGX_SIM_O_U32:
   case AGX_SIM_O_U64:
      v = w->d->uniforms[o->n & 0xFF];
      break;
   case AGX_SIM_O_IMM:
   case AGX_SIM_O_FIMM:
      v = o->v;
      break;
   default:
      v = 0;
      break;
   }
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      out[l] = v;
}

void
agx_sim_load64(const struct agx_sim_worker *w, const struct agx_sim_sg *sg,
               const struct agx_sim_opnd *o, uint64_t out[AGX_SIM_LANES])
{
   if (o->kind == AGX_SIM_O_R64) {
      const uint32_t *lo = sg->r[o->n & 127], *hi = sg->r[(o->n + 1) & 127];
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = lo[l] | ((uint64_t)hi[l] << 32);
      return;
   }
   if (o->kind == AGX_SIM_O_U64) {
      uint64_t v =
         w->d->uniforms[o->n & 0xFF] | ((uint64_t)w->d->uniforms[(o->n + 1) & 0xFF] << 32);
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = v;
      return;
   }
   uint32_t t[AGX_SIM_LANES];
   agx_sim_load32(w, sg, o, t);
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      out[l] = t[l];
}

void
agx_sim_store(struct agx_sim_sg *sg, const struct agx_sim_opnd *o, const uint64_t v[AGX_SIM_LANES],
              uint32_t mask)
{
   switch (o->kind) {
   case AGX_SIM_O_R32: {
      uint32_t *dst = sg->r[o->n & 127];
      if (mask == 0xFFFFFFFFu) {
         for (unsigned l = 0; l < AGX_SIM_LANES; l++)
            dst[l] = (uint32_t)v[l];
      } else {
         for (unsigned l = 0; l < AGX_SIM_LANES; l++)
            if (mask & (1u << l))
               dst[l] = (uint32_t)v[l];
      }
      sg->def[(o->n * 2) & 255] |= mask;
      sg->def[(o->n * 2 + 1) & 255] |= mask;
      break;
   }
   case AGX_SIM_O_R64: {
      uint32_t *lo = sg->r[o->n & 127], *hi = sg->r[(o->n + 1) & 127];
      for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
         if (mask & (1u << l)) {
            lo[l] = (uint32_t)v[l];
            hi[l] = (uint32_t)(v[l] >> 32);
         }
      }
      for (unsigned h = 0; h < 4; h++)
         sg->def[(o->n * 2 + h) & 255] |= mask;
      break;
   }
   case AGX_SIM_O_R16: {
      uint32_t *dst = sg->r[(o->n >> 1) & 127];
      unsigned sh = (o->n & 1) * 16;
      uint32_t keep = ~(0xFFFFu << sh);
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         if (mask & (1u << l))
            dst[l] = (dst[l] & keep) | (((uint32_t)v[l] & 0xFFFF) << sh);
      sg->def[o->n & 255] |= mask;
      break;
   }
   default:
      break;
   }
}
