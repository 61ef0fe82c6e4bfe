/*
 * Memory instructions: device load/store and atomics through the GPU VA,
 * threadgroup (local) load/store/atomics, and uniform_store.
 *
 * Assumes (applegpu, Mesa src/asahi/compiler, shared/reference/isa.md):
 * - device address = base (64-bit register pair or uniform) rounded down to
 *   the element size, plus ((index << s) + component) * element size, where
 *   index is a sign-extended 16-bit immediate or a 32-bit register (signed
 *   unless Ou says unsigned) and s = 3 behaves as 2. Masked-out components
 *   skip memory; loaded components fill consecutive registers. Only the
 *   integer formats (i8, i16, i32, and f16 moved as raw 16-bit) are
 *   modelled; 8/16-bit elements are zero-extended into 32-bit registers.
 * - loads, atomics with a result, and their registers are asynchronous: the
 *   destination is pending in wait group g until `wait g` (strict mode
 *   reports any earlier use). The simulator performs the access at once.
 * - device atomics operate on 32-bit words at base + index * 4; cmpxchg
 *   takes (new value, comparand) in a register pair.
 * - threadgroup memory address = 16-bit base (register, uniform or 0) in
 *   bytes + index * element size, inside the USC Shared allocation.
 * - uniform_store (preamble) writes 16-bit halves: half R+i goes to uniform
 *   half O+i for every set mask bit i.
 * - stack_load/stack_store address the thread's stack at byte offset
 *   O + component * element size (the unit of O is an assumption: Mesa's
 *   encoder does not document it); the wait group is bit 30 (Mesa packs
 *   the scoreboard there). The stack is GPU memory the helper program
 *   mapped for the SIMD-group (agx_sim_helper.h): up to 4 block words
 *   (address >> 8) | mask, block 0's mask = (log4 + 1) low ones, a block
 *   holding 32 threads x (8 << 2 log4) dwords (Mesa agx_scratch.c). MODEL
 *   (not publicly documented): a thread's dwords follow each other through
 *   blocks 0..3, and inside a block dword d of lane t is at
 *   block + (d * 32 + t) * 4 (dword-interleaved across the SIMD-group).
 *   Unmapped stack, offsets past the mapped blocks and unmapped GPU memory
 *   fault.
 * Strict mode also reports accesses that are not aligned to the element.
 */
#include <stdlib.h>
#include <string.h>

#include "agx_sim_gpu.h"
#include "agx_sim_isa.h"

static unsigned
format_size(unsigned f)
{
   switch (f) {
   case 0:
      return 1;
   case 1:
   case 3:
      return 2;
   case 2:
      return 4;
   default:
      return 0;
   }
}

static void *
device_ptr(struct agx_sim_worker *w, const struct agx_sim_insn *I, uint64_t va, unsigned size,
           enum agx_sim_access access)
{
   size_t contig = 0;
   struct agx_sim_fault f = {0};
   void *p = agx_sim_vm_translate(w->gpu->vm, va, access, &contig, &f);
   if (!p || contig < size) {
      if (p)
         p = agx_sim_vm_translate(w->gpu->vm, va + contig, access, &contig, &f);
      if (!p || contig < size) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, f.addr ? f.addr : va, "%s %s fault at 0x%llx",
                           f.type == AGX_SIM_FAULT_PERMISSION ? "permission" : "unmapped",
                           access == AGX_SIM_ACCESS_WRITE ? "write" : "read",
                           (unsigned long long)(f.addr ? f.addr : va));
         return NULL;
      }
      /* element straddles two pages: not produced by aligned accesses */
      agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, va, "access straddles a page");
      return NULL;
   }
   if (access == AGX_SIM_ACCESS_WRITE)
      w->mem_write += size;
   else
      w->mem_read += size;
   return p;
}

/* Write element value v of lane l into register `reg` (32-bit register
 * number or half index); the caller marks the halves defined. */
static inline void
put_elem(struct agx_sim_sg *sg, bool r32, unsigned reg, unsigned l, uint32_t v)
{
   if (r32) {
      sg->r[reg & 127][l] = v;
   } else {
      uint32_t *dst = &sg->r[(reg >> 1) & 127][l];
      unsigned sh = (reg & 1) * 16;
      *dst = (*dst & ~(0xFFFFu << sh)) | ((v & 0xFFFF) << sh);
   }
}

/* Mark `count` destination registers of d written for the lanes in mask. */
static void
mark_defined(struct agx_sim_sg *sg, const struct agx_sim_opnd *d, unsigned count, uint32_t mask)
{
   unsigned first = d->kind == AGX_SIM_O_R16 ? d->n : d->n * 2u;
   unsigned n = d->kind == AGX_SIM_O_R16 ? count : 2 * count;
   for (unsigned h = first; h < first + n && h < 256; h++)
      sg->def[h] |= mask;
}

static void
mark_pending(struct agx_sim_sg *sg, const struct agx_sim_opnd *o, unsigned count, unsigned g)
{
   unsigned first = o->kind == AGX_SIM_O_R16 ? o->n : o->n * 2u;
   unsigned n = o->kind == AGX_SIM_O_R16 ? count : 2 * count;
   for (unsigned h = first; h < first + n && h < 256; h++)
      sg->pend[h] |= (uint8_t)(1u << g);
}

/* Per-lane element index (already shifted), from an O operand. */
static bool
load_index(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
           const struct agx_sim_opnd *o, bool is_unsigned, int64_t out[AGX_SIM_LANES])
{
   if (o->kind == AGX_SIM_O_IMM) {
      for (unsigned l = 0; l < AGX_SIM_LANES; l++)
         out[l] = (int32_t)o->v;
      return true;
   }
   uint32_t v[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, o, v))
      return false;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++)
      out[l] = is_unsigned ? (int64_t)v[l] : (int64_t)(int32_t)v[l];
   return true;
}

/* p[0] = format, p[1] = mask, p[2] = shift, p[3] = Ou, p[4] = wait group,
 * p[5] = 1 store, 2 coherent load, 0 load. d = R (count = popcount(mask)),
 * s[0] = base, s[1] = index. Memory is coherent in the model, so a coherent
 * load reads like any other; it only feeds the poll detection. */
static const struct agx_sim_insn *
x_device(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   unsigned esize = format_size(I->p[0]);
   unsigned count = (unsigned)__builtin_popcount(I->p[1]);
   bool store = I->p[5] == 1;
   uint64_t base[AGX_SIM_LANES];
   int64_t index[AGX_SIM_LANES];
   if (!agx_sim_src64(w, sg, I, &I->s[0], base) || !load_index(w, sg, I, &I->s[1], I->p[3], index))
      return NULL;
   if (store ? !agx_sim_check_read(w, sg, I, &I->d, count)
             : !agx_sim_check_write(w, sg, I, &I->d, count))
      return NULL;
   bool r32 = I->d.kind == AGX_SIM_O_R32;
   unsigned shift = I->p[2] == 3 ? 2 : I->p[2];
   bool first = true; /* first element read, for the poll detection */
   uint64_t first_va = 0;
   uint32_t first_value = 0;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      if (w->gpu->cfg.strict && (base[l] & (esize - 1))) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, base[l],
                           "unaligned %u-byte access: base 0x%llx (lane %u)", esize,
                           (unsigned long long)base[l], l);
         return NULL;
      }
      uint64_t b = base[l] & ~(uint64_t)(esize - 1);
      unsigned k = 0;
      for (unsigned c = 0; c < 4; c++) {
         if (!(I->p[1] & (1u << c)))
            continue;
         uint64_t va = b + (uint64_t)((index[l] * (1ll << shift)) + c) * esize;
         void *p = device_ptr(w, I, va, esize, store ? AGX_SIM_ACCESS_WRITE : AGX_SIM_ACCESS_READ);
         if (!p)
            return NULL;
         unsigned reg = r32 ? I->d.n + k : I->d.n + k; /* units of the reg size */
         if (store) {
            uint32_t v = r32 ? sg->r[reg & 127][l]
                             : (sg->r[(reg >> 1) & 127][l] >> ((reg & 1) * 16)) & 0xFFFF;
            if (esize == 1)
               *(uint8_t *)p = (uint8_t)v;
            else if (esize == 2)
               memcpy(p, &(uint16_t){(uint16_t)v}, 2);
            else
               memcpy(p, &v, 4);
         } else {
            uint32_t v = 0;
            if (esize == 1)
               v = *(uint8_t *)p;
            else if (esize == 2) {
               uint16_t h;
               memcpy(&h, p, 2);
               v = h;
            } else
               v = __atomic_load_n((uint32_t *)p, __ATOMIC_RELAXED); /* aligned (checked) */
            put_elem(sg, r32, reg, l, v);
            if (first) {
               first = false;
               first_va = va;
               first_value = v;
            }
         }
         k++;
      }
   }
   if (!store) {
      mark_defined(sg, &I->d, count, sg->exec);
      if (sg->exec)
         mark_pending(sg, &I->d, count, I->p[4]);
      if (I->p[5] == 2 && !first)
         agx_sim_poll(w, sg, I->pc, first_va, first_value);
   }
   return agx_sim_next(w, I);
}

static uint32_t
atomic_apply(unsigned op, uint32_t old, uint32_t v, uint32_t cmp)
{
   switch (op) {
   case 0:
      return old + v;
   case 1:
      return old - v;
   case 2:
      return v;
   case 3:
      return old == cmp ? v : old;
   case 4:
      return old < v ? old : v;
   case 5:
      return (int32_t)old < (int32_t)v ? old : v;
   case 6:
      return old > v ? old : v;
   case 7:
      return (int32_t)old > (int32_t)v ? old : v;
   case 8:
      return old & v;
   case 9:
      return old | v;
   default:
      return old ^ v;
   }
}

/* Atomic read-modify-write of a host word shared with other workers. */
static uint32_t
atomic_host(uint32_t *p, unsigned op, uint32_t v, uint32_t cmp)
{
   uint32_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
   for (;;) {
      uint32_t nv = atomic_apply(op, old, v, cmp);
      if (__atomic_compare_exchange_n(p, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
         return old;
   }
}

/* p[0] = op, p[1] = wait group, p[2] = Ou, p[3] = local.
 * d = result register (kind NONE when discarded), s[0] = base, s[1] = index,
 * s[2] = value (pair for cmpxchg) */
static const struct agx_sim_insn *
x_atomic(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   bool local = I->p[3];
   unsigned op = I->p[0];
   uint32_t val[AGX_SIM_LANES], cmp[AGX_SIM_LANES] = {0};
   uint64_t base[AGX_SIM_LANES];
   int64_t index[AGX_SIM_LANES];
   if (!agx_sim_src64(w, sg, I, &I->s[0], base) ||
       !load_index(w, sg, I, &I->s[1], I->p[2], index) ||
       !agx_sim_check_read(w, sg, I, &I->s[2], op == 3 ? 2 : 1))
      return NULL;
   agx_sim_load32(w, sg, &I->s[2], val);
   if (op == 3) {
      struct agx_sim_opnd c = I->s[2];
      c.n++;
      agx_sim_load32(w, sg, &c, cmp);
   }
   if (I->d.kind != AGX_SIM_O_NONE && !agx_sim_check_write(w, sg, I, &I->d, 1))
      return NULL;
   uint64_t res[AGX_SIM_LANES] = {0};
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      uint32_t *p;
      if (local) {
         uint64_t a = (base[l] & 0xFFFF) + (uint64_t)(index[l] * 4);
         if (a + 4 > w->d->local_bytes) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, a,
                              "threadgroup atomic at 0x%llx outside the %u-byte allocation",
                              (unsigned long long)a, w->d->local_bytes);
            return NULL;
         }
         if ((a & 3) && w->gpu->cfg.strict) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, a, "unaligned threadgroup atomic");
            return NULL;
         }
         p = (uint32_t *)(void *)(w->local + (a & ~3ull));
      } else {
         uint64_t a = base[l] + (uint64_t)(index[l] * 4);
         if ((a & 3) && w->gpu->cfg.strict) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, a, "unaligned atomic at 0x%llx",
                              (unsigned long long)a);
            return NULL;
         }
         p = device_ptr(w, I, a & ~3ull, 4, AGX_SIM_ACCESS_WRITE);
         if (!p)
            return NULL;
         /* the page must be readable too */
         if (!device_ptr(w, I, a & ~3ull, 4, AGX_SIM_ACCESS_READ))
            return NULL;
      }
      res[l] = atomic_host(p, op, val[l], cmp[l]);
   }
   if (I->d.kind != AGX_SIM_O_NONE) {
      agx_sim_store(sg, &I->d, res, sg->exec);
      if (!local && sg->exec)
         mark_pending(sg, &I->d, 1, I->p[1]);
   }
   return agx_sim_next(w, I);
}

/* p[0] = format, p[1] = mask, p[5] = store. d = R, s[0] = base, s[1] = index */
static const struct agx_sim_insn *
x_local(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   unsigned esize = format_size(I->p[0]);
   unsigned count = (unsigned)__builtin_popcount(I->p[1]);
   bool store = I->p[5];
   uint32_t base[AGX_SIM_LANES];
   int64_t index[AGX_SIM_LANES];
   if (!agx_sim_src32(w, sg, I, &I->s[0], base) || !load_index(w, sg, I, &I->s[1], false, index))
      return NULL;
   if (store ? !agx_sim_check_read(w, sg, I, &I->d, count)
             : !agx_sim_check_write(w, sg, I, &I->d, count))
      return NULL;
   bool r32 = I->d.kind == AGX_SIM_O_R32;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      uint64_t b = (base[l] & 0xFFFF) + (uint64_t)(index[l] * esize);
      if ((b & (esize - 1)) && w->gpu->cfg.strict) {
         agx_sim_gpu_error(w, AGX_SIM_GPU_FIDELITY, I, b, "unaligned threadgroup access at 0x%llx",
                           (unsigned long long)b);
         return NULL;
      }
      unsigned k = 0;
      for (unsigned c = 0; c < 4; c++) {
         if (!(I->p[1] & (1u << c)))
            continue;
         uint64_t a = b + (uint64_t)c * esize;
         if (a + esize > w->d->local_bytes) {
            agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, a,
                              "threadgroup access at 0x%llx outside the %u-byte allocation",
                              (unsigned long long)a, w->d->local_bytes);
            return NULL;
         }
         uint8_t *p = w->local + a;
         unsigned reg = I->d.n + k;
         if (store) {
            uint32_t v = r32 ? sg->r[reg & 127][l]
                             : (sg->r[(reg >> 1) & 127][l] >> ((reg & 1) * 16)) & 0xFFFF;
            memcpy(p, &v, esize); /* little-endian host */
         } else {
            uint32_t v = 0;
            memcpy(&v, p, esize);
            put_elem(sg, r32, reg, l, v);
         }
         k++;
      }
   }
   if (!store)
      mark_defined(sg, &I->d, count, sg->exec);
   return agx_sim_next(w, I);
}

/* GPU address of byte `off` of lane `lane`'s stack in sg's mapped blocks;
 * 0 after reporting a fault. Block layout: see the header comment. */
static uint64_t
stack_addr(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I,
           unsigned lane, int64_t off)
{
   uint32_t b0 = sg->stack_map[0];
   if (!(b0 & 1)) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_FAULT, I, 0,
                        "stack access with no stack mapped (Spill size 0 or no helper program)");
      return 0;
   }
   unsigned log4 = (unsigned)__builtin_ctz(~b0) - 1; /* mask = log4 + 1 ones */
   uint64_t block_dwords = 8ull << (2 * log4);
   uint64_t dword = (uint64_t)off / 4;
   uint64_t block = off < 0 ? 4 : dword / block_dwords;
   if (block > 3 || !(sg->stack_map[block] & 1)) {
      agx_sim_gpu_error(
         w, AGX_SIM_GPU_FAULT, I, (uint64_t)off,
         "stack offset %lld outside the mapped stack (blocks of %llu bytes per thread)",
         (long long)off, (unsigned long long)block_dwords * 4);
      return 0;
   }
   uint32_t word = sg->stack_map[block] >> (log4 + 1) << (log4 + 1);
   uint64_t base = (uint64_t)word << 8;
   return base + ((dword % block_dwords) * AGX_SIM_LANES + lane) * 4 + ((uint64_t)off & 3);
}

/* p[0] = format, p[1] = mask, p[4] = wait group, p[5] = store;
 * d = R, s[1] = byte offset */
static const struct agx_sim_insn *
x_stack(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   unsigned esize = format_size(I->p[0]);
   unsigned count = (unsigned)__builtin_popcount(I->p[1]);
   bool store = I->p[5];
   int64_t off[AGX_SIM_LANES];
   if (!load_index(w, sg, I, &I->s[1], true, off))
      return NULL;
   if (store ? !agx_sim_check_read(w, sg, I, &I->d, count)
             : !agx_sim_check_write(w, sg, I, &I->d, count))
      return NULL;
   enum agx_sim_access access = store ? AGX_SIM_ACCESS_WRITE : AGX_SIM_ACCESS_READ;
   bool r32 = I->d.kind == AGX_SIM_O_R32;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      unsigned k = 0;
      for (unsigned c = 0; c < 4; c++) {
         if (!(I->p[1] & (1u << c)))
            continue;
         int64_t a = off[l] + (int64_t)c * esize;
         uint8_t bytes[4] = {0};
         unsigned reg = I->d.n + k++;
         uint32_t v = 0;
         if (store) {
            v = r32 ? sg->r[reg & 127][l]
                    : (sg->r[(reg >> 1) & 127][l] >> ((reg & 1) * 16)) & 0xFFFF;
            memcpy(bytes, &v, 4);
         }
         /* byte by byte: an element may straddle dwords of the interleave */
         for (unsigned b = 0; b < esize; b++) {
            uint64_t va = stack_addr(w, sg, I, l, a + b);
            uint8_t *p = va ? device_ptr(w, I, va, 1, access) : NULL;
            if (!p)
               return NULL;
            if (store)
               *p = bytes[b];
            else
               bytes[b] = *p;
         }
         if (!store) {
            memcpy(&v, bytes, 4);
            put_elem(sg, r32, reg, l, v);
         }
      }
   }
   if (!store) {
      mark_defined(sg, &I->d, count, sg->exec);
      if (sg->exec)
         mark_pending(sg, &I->d, count, I->p[4]);
   }
   return agx_sim_next(w, I);
}

/* d = source register R (16-bit halves), p[0] = mask, p[1] = uniform half */
static const struct agx_sim_insn *
x_uniform_store(struct agx_sim_worker *w, struct agx_sim_sg *sg, const struct agx_sim_insn *I)
{
   unsigned count = (unsigned)__builtin_popcount(I->p[0]);
   if (!agx_sim_check_read(w, sg, I, &I->d, count))
      return NULL;
   if (!w->in_preamble) {
      agx_sim_gpu_error(w, AGX_SIM_GPU_ILLEGAL, I, 0, "uniform_store outside a preamble");
      return NULL;
   }
   unsigned src = I->d.kind == AGX_SIM_O_R32 ? I->d.n * 2u : I->d.n;
   for (unsigned l = 0; l < AGX_SIM_LANES; l++) {
      if (!(sg->exec & (1u << l)))
         continue;
      unsigned k = 0;
      for (unsigned c = 0; c < 4; c++) {
         if (!(I->p[0] & (1u << c)))
            continue;
         unsigned h = src + k++;
         uint32_t v = (sg->r[(h >> 1) & 127][l] >> ((h & 1) * 16)) & 0xFFFF;
         unsigned u = (I->p[1] + c) & (AGX_SIM_UNIFORM_HALVES - 1);
         uint32_t *word = &w->d->uniforms[u >> 1];
         unsigned sh = (u & 1) * 16;
         *word = (*word & ~(0xFFFFu << sh)) | (v << sh);
         w->d->uniform_def[u >> 5] |= 1u << (u & 31);
      }
   }
   return agx_sim_next(w, I);
}

bool
agx_sim_decode_mem(struct agx_sim_insn *I, const struct agx_isa_instr *in)
{
   switch (in->op) {
   case AGX_OP_DEVICE_LOAD:
   case AGX_OP_DEVICE_LOAD_COHERENT:
   case AGX_OP_DEVICE_STORE: {
      I->p[0] = (uint32_t)agx_sim_field(in, "F");
      I->p[1] = (uint32_t)agx_sim_field(in, "mask");
      I->p[2] = (uint32_t)agx_sim_field(in, "s");
      I->p[3] = (uint32_t)agx_sim_field(in, "Ou");
      I->p[4] = (uint32_t)agx_sim_field(in, "g");
      I->p[5] = in->op == AGX_OP_DEVICE_STORE ? 1 : in->op == AGX_OP_DEVICE_LOAD_COHERENT ? 2 : 0;
      agx_sim_opnd_from_isa(in, 3, &I->d);
      agx_sim_opnd_from_isa(in, 4, &I->s[0]);
      agx_sim_opnd_from_isa(in, 5, &I->s[1]);
      if (I->d.kind == AGX_SIM_O_R64) /* a 2-register tuple, not 64-bit */
         I->d.kind = AGX_SIM_O_R32;
      if (!format_size(I->p[0]) || I->p[1] == 0 || (I->p[0] == 2 && I->d.kind != AGX_SIM_O_R32))
         return false;
      /* a multi-register tuple is named by its first register */
      I->exec = x_device;
      return true;
   }
   case AGX_OP_ATOMIC:
   case AGX_OP_THREADGROUP_ATOMIC: {
      bool local = in->op == AGX_OP_THREADGROUP_ATOMIC;
      I->p[0] = (uint32_t)agx_sim_field(in, "op");
      I->p[1] = (uint32_t)agx_sim_field(in, "g");
      I->p[2] = (uint32_t)agx_sim_field(in, "Ou");
      I->p[3] = local;
      if (I->p[0] > 10)
         return false;
      agx_sim_opnd_from_isa(in, local ? 1 : 2, &I->d);
      agx_sim_opnd_from_isa(in, local ? 2 : 3, &I->s[0]);
      agx_sim_opnd_from_isa(in, local ? 3 : 4, &I->s[1]);
      agx_sim_opnd_from_isa(in, local ? 4 : 6, &I->s[2]);
      if (local && I->s[0].kind == AGX_SIM_O_IMM)
         I->s[0].v = 0;
      if (I->d.kind != AGX_SIM_O_NONE && I->d.kind != AGX_SIM_O_R32)
         I->d.kind = AGX_SIM_O_NONE;
      if (I->s[2].kind == AGX_SIM_O_R64)
         I->s[2].kind = AGX_SIM_O_R32;
      I->exec = x_atomic;
      return true;
   }
   case AGX_OP_THREADGROUP_LOAD:
   case AGX_OP_THREADGROUP_STORE:
      I->p[0] = (uint32_t)agx_sim_field(in, "F");
      I->p[1] = (uint32_t)agx_sim_field(in, "mask");
      I->p[5] = in->op == AGX_OP_THREADGROUP_STORE;
      agx_sim_opnd_from_isa(in, 2, &I->d);
      agx_sim_opnd_from_isa(in, 3, &I->s[0]);
      agx_sim_opnd_from_isa(in, 4, &I->s[1]);
      if (I->d.kind == AGX_SIM_O_R64)
         I->d.kind = AGX_SIM_O_R32;
      if (!format_size(I->p[0]) || I->p[1] == 0 || (I->p[0] == 2 && I->d.kind != AGX_SIM_O_R32))
         return false;
      I->exec = x_local;
      return true;
   case AGX_OP_STACK_LOAD:
   case AGX_OP_STACK_STORE: {
      bool store = in->op == AGX_OP_STACK_STORE;
      I->p[0] = (uint32_t)agx_sim_field(in, "F");
      I->p[1] = (uint32_t)agx_sim_field(in, "mask");
      I->p[4] = (uint32_t)agx_sim_field(in, "i6");
      I->p[5] = store;
      /* operand order: store F,i1,i2,mask,i5,R,O,i6; load R,F,i1,i2,mask,i5,O,i6 */
      agx_sim_opnd_from_isa(in, store ? 5 : 0, &I->d);
      agx_sim_opnd_from_isa(in, 6, &I->s[1]);
      if (I->d.kind == AGX_SIM_O_R64)
         I->d.kind = AGX_SIM_O_R32;
      if (!format_size(I->p[0]) || I->p[1] == 0 || (I->p[0] == 2 && I->d.kind != AGX_SIM_O_R32))
         return false;
      I->exec = x_stack;
      return true;
   }
   case AGX_OP_UNIFORM_STORE: {
      struct agx_isa_value o;
      I->p[0] = (uint32_t)agx_sim_field(in, "mask");
      agx_sim_opnd_from_isa(in, 4, &I->d);
      if (I->d.kind == AGX_SIM_O_R64)
         I->d.kind = AGX_SIM_O_R32;
      agx_isa_get_operand(in, 5, &o);
      if (o.kind != AGX_V_IMM || agx_sim_field(in, "F") != 1 || I->p[0] == 0)
         return false; /* only the immediate-index i16 form is modelled */
      I->p[1] = (uint32_t)o.n;
      I->exec = x_uniform_store;
      return true;
   }
   default:
      return false;
   }
}
