/*
 * Programs decoded once: machine code is read from GPU memory the first
 * time the PC reaches an address and turned into a pre-decoded
 * instruction (operands resolved, exec function chosen) kept for the rest
 * of the dispatch.
 *
 * Assumes: instructions are at most 12 bytes and decoded by the shared
 * ISA table (agx_isa_decode); fetching code needs READ permission like any
 * GPU read; a program is only used by the worker that owns it, so the
 * lazily filled successor pointers need no locking.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_sim_gpu.h"
#include "agx_sim_helper.h"

#define CHUNK 256

void
agx_sim_program_init(struct agx_sim_program *p, uint64_t base, unsigned reg_halves)
{
   agx_sim_program_fini(p);
   p->base = base;
   p->reg_halves = reg_halves;
}

void
agx_sim_program_fini(struct agx_sim_program *p)
{
   for (uint32_t i = 0; i < p->nchunks; i++)
      free(p->chunks[i]);
   free(p->chunks);
   free(p->map_pc);
   free(p->map_insn);
   memset(p, 0, sizeof(*p));
}

uint64_t
agx_sim_field(const struct agx_isa_instr *in, const char *name)
{
   int i = agx_isa_field_index((enum agx_isa_op)in->op, name);
   return i < 0 ? 0 : in->f[i];
}

void
agx_sim_opnd_from_isa(const struct agx_isa_instr *in, unsigned i, struct agx_sim_opnd *o)
{
   struct agx_isa_value v;
   agx_isa_get_operand(in, i, &v);
   memset(o, 0, sizeof(*o));
   if (v.mods & AGX_MOD_SX)
      o->mods |= AGX_SIM_OM_SX;
   if (v.mods & AGX_MOD_ABS)
      o->mods |= AGX_SIM_OM_ABS;
   if (v.mods & AGX_MOD_NEG)
      o->mods |= AGX_SIM_OM_NEG;
   switch (v.kind) {
   case AGX_V_IMM:
      o->kind = AGX_SIM_O_IMM;
      o->v = (uint32_t)v.n;
      break;
   case AGX_V_FIMM:
      o->kind = AGX_SIM_O_FIMM;
      o->v = (uint32_t)v.n;
      break;
   case AGX_V_REG:
      o->n = (uint16_t)v.n;
      switch (v.rclass) {
      case AGX_R16:
         o->kind = AGX_SIM_O_R16;
         break;
      case AGX_R32:
         o->kind = v.count == 2 ? AGX_SIM_O_R64 : AGX_SIM_O_R32;
         break;
      case AGX_U16:
         o->kind = AGX_SIM_O_U16;
         break;
      case AGX_U32:
         o->kind = v.count == 2 ? AGX_SIM_O_U64 : AGX_SIM_O_U32;
         break;
      default:
         o->kind = AGX_SIM_O_NONE;
         break;
      }
      break;
   default:
      o->kind = AGX_SIM_O_NONE;
      break;
   }
}

static const struct agx_sim_insn *
exec_illegal(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   (void)sg;
   agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "illegal or unsupported instruction");
   return NULL;
}

static struct agx_sim_insn *
alloc_insn(struct agx_sim_program *p)
{
   if (p->nchunks == 0 || p->chunk_used == CHUNK) {
      struct agx_sim_insn **c = realloc(p->chunks, (p->nchunks + 1) * sizeof(*c));
      if (!c)
         return NULL;
      p->chunks = c;
      c[p->nchunks] = calloc(CHUNK, sizeof(struct agx_sim_insn));
      if (!c[p->nchunks])
         return NULL;
      p->nchunks++;
      p->chunk_used = 0;
   }
   return &p->chunks[p->nchunks - 1][p->chunk_used++];
}

static bool
map_insert(struct agx_sim_program *p, uint32_t pc, struct agx_sim_insn *I)
{
   if ((p->map_count + 1) * 2 > p->map_size) {
      uint32_t nsize = p->map_size ? p->map_size * 2 : 256;
      uint32_t *npc = malloc(nsize * sizeof(*npc));
      struct agx_sim_insn **ni = calloc(nsize, sizeof(*ni));
      if (!npc || !ni) {
         free(npc);
         free(ni);
         return false;
      }
      for (uint32_t i = 0; i < p->map_size; i++) {
         if (!p->map_insn[i])
            continue;
         uint32_t h = (p->map_pc[i] * 2654435761u) & (nsize - 1);
         while (ni[h])
            h = (h + 1) & (nsize - 1);
         npc[h] = p->map_pc[i];
         ni[h] = p->map_insn[i];
      }
      free(p->map_pc);
      free(p->map_insn);
      p->map_pc = npc;
      p->map_insn = ni;
      p->map_size = nsize;
   }
   uint32_t h = (pc * 2654435761u) & (p->map_size - 1);
   while (p->map_insn[h])
      h = (h + 1) & (p->map_size - 1);
   p->map_pc[h] = pc;
   p->map_insn[h] = I;
   p->map_count++;
   return true;
}

static struct agx_sim_insn *
map_find(const struct agx_sim_program *p, uint32_t pc)
{
   if (!p->map_size)
      return NULL;
   uint32_t h = (pc * 2654435761u) & (p->map_size - 1);
   while (p->map_insn[h]) {
      if (p->map_pc[h] == pc)
         return p->map_insn[h];
      h = (h + 1) & (p->map_size - 1);
   }
   return NULL;
}

/* Read up to 12 code bytes at va; returns how many are readable. */
static size_t
fetch_code(struct agx_sim_vm *vm, uint64_t va, uint8_t out[AGX_ISA_MAX_BYTES],
           struct agx_sim_fault *fault)
{
   size_t got = 0;
   while (got < AGX_ISA_MAX_BYTES) {
      size_t contig = 0;
      struct agx_sim_fault f;
      const uint8_t *src = agx_sim_vm_translate(vm, va + got, AGX_SIM_ACCESS_READ, &contig, &f);
      if (!src) {
         if (got == 0 && fault)
            *fault = f;
         break;
      }
      size_t n = AGX_ISA_MAX_BYTES - got;
      if (n > contig)
         n = contig;
      memcpy(out + got, src, n);
      got += n;
   }
   return got;
}

static void
mark_static(struct agx_sim_insn *I, const struct agx_isa_instr *in, unsigned reg_halves)
{
   const struct agx_isa_desc *desc = &agx_isa_descs[in->op];
   unsigned end = 0;
   for (unsigned i = 0; i < desc->nops; i++) {
      struct agx_isa_value v;
      agx_isa_get_operand(in, i, &v);
      if (v.kind != AGX_V_REG)
         continue;
      unsigned e = 0;
      if (v.rclass == AGX_R16)
         e = (unsigned)v.n + v.count;
      else if (v.rclass == AGX_R32)
         e = ((unsigned)v.n + v.count) * 2;
      if (e > end)
         end = e;
   }
   /* the execution-mask instructions use r0l implicitly: always valid */
   if (end > reg_halves)
      I->flags |= AGX_SIM_IF_BADREG;
}

const struct agx_sim_insn *
agx_sim_program_get(struct agx_sim_worker *w, struct agx_sim_program *p, int64_t pc)
{
   /* Branches may leave the program (code is just USC memory); offsets
    * are kept as 32-bit two's complement keys. */
   if (pc < -0x80000000ll || pc > 0x7FFFFFFFll) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, NULL, p->base + (uint64_t)pc,
                        "branch to 0x%llx outside the 32-bit USC range",
                        (unsigned long long)(p->base + (uint64_t)pc));
      return NULL;
   }
   struct agx_sim_insn *I = map_find(p, (uint32_t)pc);
   if (I)
      return I;

   uint8_t bytes[AGX_ISA_MAX_BYTES] = {0};
   struct agx_sim_fault fault = {0};
   uint64_t va = p->base + (uint64_t)pc;
   size_t got = fetch_code(w->gpu->vm, va, bytes, &fault);
   if (got == 0) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, NULL, va, "instruction fetch fault at 0x%llx (%s)",
                        (unsigned long long)va,
                        fault.type == AGX_SIM_FAULT_PERMISSION ? "permission" : "unmapped");
      return NULL;
   }

   I = alloc_insn(p);
   if (!I || !map_insert(p, (uint32_t)pc, I)) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, NULL, va, "out of host memory");
      return NULL;
   }
   memset(I, 0, sizeof(*I));
   I->pc = (uint32_t)pc;
   memcpy(I->bytes, bytes, sizeof(bytes));

   struct agx_isa_instr in;
   int size = agx_isa_decode(bytes, got, &in);
   if (size < 0) {
      if (size == AGX_ISA_ERR_TRUNCATED) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, NULL, va + got,
                           "instruction fetch fault at 0x%llx (unmapped)",
                           (unsigned long long)(va + got));
         return NULL;
      }
      I->size = 2;
      I->op = 0xFFFF;
      I->flags = AGX_SIM_IF_ILLEGAL;
      I->exec = exec_illegal;
      return I;
   }
   I->size = (uint8_t)size;
   I->op = in.op;
   if (!(agx_sim_decode_flow(I, &in) || agx_sim_decode_alu(I, &in) ||
         agx_sim_decode_float(I, &in) || agx_sim_decode_mem(I, &in) ||
         agx_sim_decode_simd(I, &in) || agx_sim_decode_texture(I, &in) ||
         agx_sim_decode_graphics(I, &in) || agx_sim_decode_helper(I, &in)) ||
       agx_isa_descs[in.op].placeholder) {
      I->flags |= AGX_SIM_IF_ILLEGAL;
      I->exec = exec_illegal;
   }
   mark_static(I, &in, p->reg_halves);
   return I;
}
