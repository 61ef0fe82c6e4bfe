/* Instruction selection for intrinsics: uniforms (agx_abi.h block in u0..),
 * system values (get_sr), device and threadgroup memory, atomics and
 * barriers. Assumes I/O lowered (load_uniform with a constant offset) and
 * naturally aligned accesses. Device accesses use the 64-bit address as the
 * base with index 0 (the hardware rounds the base down to the element size).
 * Threadgroup accesses use the low 16 bits of the byte offset as the base
 * register (local memory is at most 64 KiB).
 * Scratch memory (private arrays) is placed in threadgroup memory after the
 * shared variables, one 4-byte aligned slice per invocation of the
 * workgroup (no stack instructions needed; the simulated hardware has none
 * yet): slice = shared + thread_index_in_threadgroup * stride. */
#include <string.h>

#include "agx_isel_priv.h"

static struct mval
imm(unsigned halves, uint64_t x)
{
   struct mval v = {.kind = MV_IMM, .halves = (uint8_t)halves, .imm = x};
   return v;
}

static const char *const mask_names[16] = {
   "", "x", "y", "xy", "z", "xz", "yz", "xyz", "w", "xw", "yw", "xyw", "zw", "xzw", "yzw", "xyzw",
};

/* Memory element layout of an IR type: format, element count, halves per
 * element. 64-bit components move as two 32-bit elements. */
static bool
mem_layout(struct isel *c, agx_type t, const char **fmt, unsigned *n, unsigned *eh, unsigned max)
{
   if (t.bits == 32 || t.bits == 64) {
      *fmt = "i32";
      *eh = 2;
      *n = t.comps * (t.bits / 32);
   } else if (t.bits == 16) {
      *fmt = "i16";
      *eh = 1;
      *n = t.comps;
   } else if (t.bits == 8) {
      /* i8 moves the low byte of a 16-bit register (loads zero-extend) */
      *fmt = "i8";
      *eh = 1;
      *n = t.comps;
   } else {
      isel_fail(c, "unsupported: %u-bit memory access", t.bits);
      return false;
   }
   if (*n > max) {
      isel_fail(c, "unsupported: memory access of %u elements", *n);
      return false;
   }
   return true;
}

/* The components of IR value v as one contiguous register tuple. */
struct mval
isel_gather(struct isel *c, const agx_instr *I, unsigned src)
{
   const agx_instr *S = I->src[src];
   unsigned h = type_halves(S->type), n = S->type.comps;
   struct mval first = isel_src(c, I, src, 0);
   bool contiguous = first.kind == MV_REG && first.halves == h;
   for (unsigned k = 1; k < n && contiguous; k++) {
      struct mval v = isel_src(c, I, src, k);
      contiguous =
         v.kind == MV_REG && v.vreg == first.vreg && v.off == first.off + k * h && v.halves == h;
   }
   if (contiguous) {
      first.halves = (uint8_t)(h * n);
      return first;
   }
   struct mval t = isel_new(c, h * n);
   for (unsigned k = 0; k < n; k++)
      isel_copy(c, isel_part(t, k * h, h), isel_src(c, I, src, k));
   return t;
}

static void
split_dst(struct isel *c, const agx_instr *I, struct mval r)
{
   unsigned h = type_halves(I->type);
   for (unsigned k = 0; k < I->type.comps; k++)
      c->map[I->index][k] = isel_part(r, k * h, h);
}

static struct mval
addr64(struct isel *c, struct mval a)
{
   return a.kind == MV_ZEXT || a.kind == MV_SEXT || a.kind == MV_IMM ? isel_reg(c, a) : a;
}

/* Index and signedness operands from a planned fold (else immediate 0),
 * plus element offset p. */
static void
set_index(struct isel *c, struct agx_minstr **mi, unsigned idx_op, unsigned sign_op,
          const struct addr_fold *f, struct mval index, unsigned p)
{
   if (f->valid && f->index) {
      isel_use(c, mi, idx_op, index, false, false);
      isel_set(c, *mi, sign_op, agx_isa_str(f->sign ? "signed" : "unsigned"));
   } else {
      isel_set(c, *mi, idx_op, agx_isa_imm((f->valid ? f->imm : 0) + (int64_t)p));
      isel_set(c, *mi, sign_op, agx_isa_str("signed"));
   }
}

static void
device_access(struct isel *c, agx_instr *I, bool store)
{
   agx_type t = store ? I->src[1]->type : I->type;
   const char *fmt;
   unsigned n, eh;
   if (!mem_layout(c, t, &fmt, &n, &eh, 8))
      return;
   const struct addr_fold *f = &c->fold[I->index];
   struct mval base, index = {.kind = MV_NONE};
   if (f->valid) {
      base = addr64(c, c->map[f->base->index][0]);
      if (f->index)
         index = isel_reg(c, c->map[f->index->index][0]);
   } else {
      base = addr64(c, isel_src(c, I, 0, 0));
   }
   struct mval data = store ? isel_gather(c, I, 1) : isel_new(c, n * eh);
   /* At most four elements per access (64-bit vec3/vec4 are 6/8 32-bit
    * elements); two 32-bit elements go as two accesses: the GPU model
    * rejects a two-register i32 tuple (it reads as a 64-bit operand there).
    * Split accesses only get immediate index folds (agx_isel_fold.c). */
   for (unsigned p = 0; p < n;) {
      unsigned cnt = n - p > 4 ? 4 : n - p;
      if (cnt == 2 && eh == 2)
         cnt = 1;
      unsigned op = store     ? AGX_OP_DEVICE_STORE
                    : I->c[1] ? AGX_OP_DEVICE_LOAD_COHERENT
                              : AGX_OP_DEVICE_LOAD;
      struct agx_minstr *mi = isel_emit(c, op);
      isel_set(c, mi, 0, agx_isa_imm(0));
      isel_set(c, mi, 1, agx_isa_str(fmt));
      isel_set(c, mi, 2, agx_isa_str(mask_names[(1u << cnt) - 1]));
      if (store) {
         isel_use(c, &mi, 3, isel_part(data, p * eh, cnt * eh), false, false);
         /* a store reads a register tuple: fix the count */
         mi->slot[mi->nslots - 1].v = agx_isa_reg(eh == 1 ? AGX_R16 : AGX_R32, 0, cnt);
      } else {
         isel_def(c, mi, 3, data.vreg, p * eh, cnt * eh, cnt);
      }
      isel_use(c, &mi, 4, base, false, false);
      set_index(c, &mi, 5, 6, f, index, p);
      if (f->valid && f->shift) {
         char sh[16];
         snprintf(sh, sizeof(sh), "lsl %u", f->shift);
         isel_set(c, mi, 7, agx_isa_str(sh));
      }
      p += cnt;
   }
   if (!store)
      split_dst(c, I, data);
}

/* Base and index operands of a threadgroup access at byte offset a. */
static void
tg_address(struct isel *c, struct agx_minstr **mi, unsigned base_op, unsigned index_op,
           struct mval a, unsigned esize)
{
   if (a.kind == MV_IMM) {
      isel_set(c, *mi, base_op, agx_isa_imm(0));
      isel_set(c, *mi, index_op, agx_isa_imm((int64_t)(a.imm / esize)));
      if (a.imm % esize || a.imm / esize > 32767)
         isel_fail(c, "unsupported: shared memory offset %llu", (unsigned long long)a.imm);
      return;
   }
   if (a.kind == MV_UNI) {
      a.halves = 1;
   } else {
      a = isel_reg(c, a);
      a = isel_part(a, 0, 1);
   }
   isel_use(c, mi, base_op, a, false, false);
   isel_set(c, *mi, index_op, agx_isa_imm(0));
}

#define LOCAL_MAX 65536u

void
isel_scratch_setup(struct isel *c)
{
   const agx_shader *s = c->s;
   unsigned shared = (s->cs.shared_size + 3) & ~3u;
   c->local_bytes = s->cs.shared_size;
   if (!s->scratch_size)
      return;
   uint64_t threads = (uint64_t)s->cs.local_size[0] * s->cs.local_size[1] * s->cs.local_size[2];
   uint64_t stride = (s->scratch_size + 3) & ~3u;
   uint64_t total = shared + stride * (threads ? threads : 1);
   /* Vertex and fragment shaders have no threadgroup memory of their own
    * (fragment programs share theirs with the tilebuffer): their private
    * arrays always live on the stack, as every stage's do in Mesa. */
   bool gfx = s->stage == AGX_STAGE_VERTEX || s->stage == AGX_STAGE_FRAGMENT;
   if (total > LOCAL_MAX || gfx) {
      /* Every invocation's copy does not fit threadgroup memory: the
       * arrays go on the per-thread stack, which is where Mesa's asahi
       * compiler keeps all scratch (load/store_scratch -> stack_load/
       * stack_store, src/asahi/compiler/agx_compile.c); the spill slots
       * follow them (agx_spill.c) and the driver maps the stack from
       * info.scratch_size. */
      c->scratch_on_stack = true;
      c->m->stack_base = (unsigned)stride;
      return;
   }
   c->local_bytes = (unsigned)total;
   struct mval tid = isel_new(c, 2);
   struct agx_minstr *mi = isel_emit(c, AGX_OP_GET_SR);
   isel_def(c, mi, 0, tid.vreg, 0, 2, 1);
   isel_set(c, mi, 1, agx_isa_reg(AGX_SR, 51, 1));
   c->scratch_base = isel_new(c, 2);
   mi = isel_emit(c, AGX_OP_IMADD);
   isel_def(c, mi, 0, c->scratch_base.vreg, 0, 2, 1);
   isel_use(c, &mi, 1, tid, false, false);
   isel_use(c, &mi, 2, imm(2, stride), false, false);
   isel_use(c, &mi, 3, imm(2, shared), false, true);
}

/* A scratch access on the stack: stack_load/stack_store at the byte
 * offset, at most 4 elements each (a 64-bit vec3/vec4 takes two; operand
 * order: load R,F,i1,i2,mask,i5,O,i6; store F,i1,i2,mask,i5,R,O,i6; wait
 * group 0, as agx_spill.c's). */
static void
stack_access(struct isel *c, agx_instr *I, bool store)
{
   agx_type t = store ? I->src[1]->type : I->type;
   const char *fmt;
   unsigned n, eh;
   if (!mem_layout(c, t, &fmt, &n, &eh, 8))
      return;
   struct mval a = isel_src(c, I, 0, 0);
   if (a.kind != MV_IMM)
      a = isel_reg(c, a);
   struct mval data = store ? isel_gather(c, I, 1) : isel_new(c, n * eh);
   unsigned ebytes = t.bits == 8 ? 1 : eh * 2;
   for (unsigned first = 0; first < n; first += 4) {
      unsigned cnt = n - first < 4 ? n - first : 4;
      struct mval off = a;
      if (first && a.kind == MV_IMM) {
         off.imm += first * ebytes;
      } else if (first) {
         off = isel_new(c, 2);
         struct agx_minstr *add = isel_emit(c, AGX_ISAOP_IADD);
         isel_def(c, add, 0, off.vreg, 0, 2, 1);
         isel_use(c, &add, 1, a, false, false);
         isel_use(c, &add, 2, imm(2, first * ebytes), false, false);
      }
      struct agx_minstr *mi = isel_emit(c, store ? AGX_OP_STACK_STORE : AGX_OP_STACK_LOAD);
      unsigned base = store ? 0 : 1;
      isel_set(c, mi, base, agx_isa_str(fmt));
      isel_set(c, mi, base + 3, agx_isa_str(mask_names[(1u << cnt) - 1]));
      if (store) {
         isel_use(c, &mi, 5, isel_part(data, first * eh, cnt * eh), false, false);
         mi->slot[mi->nslots - 1].v = agx_isa_reg(eh == 1 ? AGX_R16 : AGX_R32, 0, cnt);
      } else {
         isel_def(c, mi, 0, data.vreg, first * eh, cnt * eh, cnt);
      }
      if (off.kind == MV_IMM)
         isel_set(c, mi, 6, agx_isa_imm((int64_t)off.imm));
      else
         isel_use(c, &mi, 6, off, false, false);
      isel_set(c, mi, 7, agx_isa_imm(0));
   }
   if (!store)
      split_dst(c, I, data);
}

static void
shared_access(struct isel *c, agx_instr *I, bool store)
{
   if (c->scratch_on_stack && (I->op == AGX_OP_LOAD_SCRATCH || I->op == AGX_OP_STORE_SCRATCH)) {
      stack_access(c, I, store);
      return;
   }
   agx_type t = store ? I->src[1]->type : I->type;
   const char *fmt;
   unsigned n, eh;
   if (!mem_layout(c, t, &fmt, &n, &eh, 8))
      return;
   struct mval a = isel_src(c, I, 0, 0);
   if (I->op == AGX_OP_LOAD_SCRATCH || I->op == AGX_OP_STORE_SCRATCH) {
      struct mval t = isel_new(c, 2);
      struct agx_minstr *mi = isel_emit(c, AGX_ISAOP_IADD);
      isel_def(c, mi, 0, t.vreg, 0, 2, 1);
      isel_use(c, &mi, 1, c->scratch_base, false, false);
      isel_use(c, &mi, 2, a, false, false);
      a = t;
   }
   if (a.kind != MV_IMM)
      a = isel_reg(c, a);
   struct mval data = store ? isel_gather(c, I, 1) : isel_new(c, n * eh);
   /* the index counts elements: 1 byte for i8, 2 for i16, 4 for i32; at
    * most 4 elements an access (a 64-bit vec3/vec4 takes two) */
   unsigned ebytes = t.bits == 8 ? 1 : eh * 2;
   for (unsigned first = 0; first < n; first += 4) {
      unsigned cnt = n - first < 4 ? n - first : 4;
      struct agx_minstr *mi =
         isel_emit(c, store ? AGX_OP_THREADGROUP_STORE : AGX_OP_THREADGROUP_LOAD);
      isel_set(c, mi, 0, agx_isa_str(fmt));
      isel_set(c, mi, 1, agx_isa_str(mask_names[(1u << cnt) - 1]));
      if (store) {
         isel_use(c, &mi, 2, isel_part(data, first * eh, cnt * eh), false, false);
         mi->slot[mi->nslots - 1].v = agx_isa_reg(eh == 1 ? AGX_R16 : AGX_R32, 0, cnt);
      } else {
         isel_def(c, mi, 2, data.vreg, first * eh, cnt * eh, cnt);
      }
      struct mval at = a;
      if (a.kind == MV_IMM)
         at.imm += first * ebytes;
      tg_address(c, &mi, 3, 4, at, ebytes);
      if (first && a.kind != MV_IMM) /* register base + element index */
         isel_set(c, mi, 4, agx_isa_imm(first));
   }
   if (!store)
      split_dst(c, I, data);
}

static const char *const atomic_names[] = {
   [AGX_ATOMIC_ADD] = "add",   [AGX_ATOMIC_SMIN] = "imin", [AGX_ATOMIC_SMAX] = "imax",
   [AGX_ATOMIC_UMIN] = "umin", [AGX_ATOMIC_UMAX] = "umax", [AGX_ATOMIC_AND] = "and",
   [AGX_ATOMIC_OR] = "or",     [AGX_ATOMIC_XOR] = "xor",   [AGX_ATOMIC_XCHG] = "xchg",
};

static void
atomic(struct isel *c, agx_instr *I, bool shared, bool cmpxchg)
{
   if (I->type.bits != 32 || I->type.comps != 1) {
      isel_fail(c, "unsupported: %u-bit atomic", I->type.bits);
      return;
   }
   const char *opname = cmpxchg ? "cmpxchg" : I->c[0] < 9 ? atomic_names[I->c[0]] : NULL;
   if (!opname) {
      isel_fail(c, "unsupported atomic operation %u", I->c[0]);
      return;
   }
   struct mval src;
   if (cmpxchg) {
      /* register pair (new value, comparand) */
      src = isel_new(c, 4);
      isel_copy(c, isel_part(src, 0, 2), isel_src(c, I, 2, 0));
      isel_copy(c, isel_part(src, 2, 2), isel_src(c, I, 1, 0));
   } else {
      src = isel_reg(c, isel_src(c, I, 1, 0));
   }
   struct mval d = isel_dst(c, I, 0);
   const struct addr_fold *f = &c->fold[I->index];
   struct mval a = f->valid ? c->map[f->base->index][0] : isel_src(c, I, 0, 0);
   struct mval index = {.kind = MV_NONE};
   if (f->valid && f->index)
      index = isel_reg(c, c->map[f->index->index][0]);
   struct agx_minstr *mi;
   if (shared) {
      if (a.kind != MV_IMM)
         a = isel_reg(c, a);
      mi = isel_emit(c, AGX_OP_THREADGROUP_ATOMIC);
      isel_set(c, mi, 0, agx_isa_str(opname));
      isel_def(c, mi, 1, d.vreg, d.off, 2, 1);
      tg_address(c, &mi, 2, 3, a, 4);
      isel_use(c, &mi, 4, src, false, false);
      /* constant fields as seen in Mesa-compiled shaders (meaning unknown) */
      isel_set(c, mi, 5, agx_isa_imm(0));
      isel_set(c, mi, 6, agx_isa_imm(2));
      isel_set(c, mi, 7, agx_isa_imm(128));
      isel_set(c, mi, 8, agx_isa_imm(0));
   } else {
      a = addr64(c, a);
      mi = isel_emit(c, AGX_OP_ATOMIC);
      isel_set(c, mi, 0, agx_isa_str(opname));
      isel_set(c, mi, 1, agx_isa_imm(0));
      isel_def(c, mi, 2, d.vreg, d.off, 2, 1);
      isel_use(c, &mi, 3, a, false, false);
      set_index(c, &mi, 4, 5, f, index, 0);
      isel_use(c, &mi, 6, src, false, false);
      /* constant fields as seen in Mesa-compiled shaders (meaning unknown) */
      static const int u[5] = {1, 0, 1, 4, 2};
      for (unsigned i = 0; i < 5; i++)
         isel_set(c, mi, 7 + i, agx_isa_imm(u[i]));
   }
}

static void
get_sr(struct isel *c, const agx_instr *I, unsigned sr0)
{
   for (unsigned k = 0; k < I->type.comps; k++) {
      if (!(c->comps_used[I->index] & (1u << k)))
         continue; /* component never read */
      struct mval d = isel_dst(c, I, k);
      struct agx_minstr *mi = isel_emit(c, AGX_OP_GET_SR);
      isel_def(c, mi, 0, d.vreg, d.off, d.halves, 1);
      isel_set(c, mi, 1, agx_isa_reg(AGX_SR, sr0 + k, 1));
   }
}

static void
constant(struct isel *c, const agx_instr *I, const uint32_t *v)
{
   for (unsigned k = 0; k < I->type.comps; k++)
      c->map[I->index][k] = imm(type_halves(I->type), v[k]);
}

/* Preamble result: uniform_store moves up to four 16-bit register halves
 * to consecutive uniform halves (applegpu: "R is stored to offset O ... in
 * 16-bit units"; Mesa stores one value per instruction with format i16). */
static void
store_uniform(struct isel *c, agx_instr *I)
{
   unsigned byte = I->c[0];
   unsigned total = type_halves(I->src[0]->type) * I->src[0]->type.comps;
   if (byte % 2 || byte / 2 + total > 512) {
      isel_fail(c, "unsupported: uniform store at byte %u", byte);
      return;
   }
   struct mval data = isel_gather(c, I, 0);
   for (unsigned done = 0; done < total; done += 4) {
      unsigned n = total - done < 4 ? total - done : 4;
      struct agx_minstr *mi = isel_emit(c, AGX_OP_UNIFORM_STORE);
      isel_set(c, mi, 0, agx_isa_imm(0));
      isel_set(c, mi, 1, agx_isa_str("i16"));
      isel_set(c, mi, 2, agx_isa_str(mask_names[(1u << n) - 1]));
      isel_set(c, mi, 3, agx_isa_imm(0));
      isel_use(c, &mi, 4, isel_part(data, done, n), false, false);
      mi->slot[mi->nslots - 1].v = agx_isa_reg(AGX_R16, 0, n);
      isel_set(c, mi, 5, agx_isa_imm(byte / 2 + done));
   }
   if (byte / 2 + total > c->uniform_end)
      c->uniform_end = byte / 2 + total;
}

bool
isel_mem(struct isel *c, agx_instr *I)
{
   if (I->op == AGX_OP_STORE_UNIFORM) {
      store_uniform(c, I);
      return true;
   }
   const agx_shader *s = c->s;
   switch (I->op) {
   case AGX_OP_LOAD_UNIFORM: {
      struct mval o = isel_src(c, I, 0, 0);
      if (o.kind != MV_IMM) {
         isel_fail(c, "unsupported: load_uniform with a dynamic offset");
         return true;
      }
      uint64_t byte = I->c[0] + o.imm;
      unsigned h = type_halves(I->type);
      if (byte % 2 || (h >= 2 && byte % 4) || byte / 2 + h * I->type.comps > 512) {
         isel_fail(c, "unsupported: uniform at byte %llu", (unsigned long long)byte);
         return true;
      }
      for (unsigned k = 0; k < I->type.comps; k++) {
         struct mval v = {.kind = MV_UNI, .halves = (uint8_t)h, .imm = byte / 2 + k * h};
         c->map[I->index][k] = v;
      }
      unsigned end = (unsigned)(byte / 2 + h * I->type.comps);
      if (end > c->uniform_end)
         c->uniform_end = end;
      return true;
   }
   case AGX_OP_LOAD_LOCAL_INVOCATION_ID:
      get_sr(c, I, 48);
      return true;
   case AGX_OP_LOAD_WORKGROUP_ID:
      get_sr(c, I, 0);
      return true;
   case AGX_OP_LOAD_LOCAL_INVOCATION_INDEX:
      get_sr(c, I, 51);
      return true;
   case AGX_OP_LOAD_SUBGROUP_INVOCATION:
      get_sr(c, I, 52);
      return true;
   case AGX_OP_LOAD_SUBGROUP_ID:
      get_sr(c, I, 53);
      return true;
   case AGX_OP_LOAD_WORKGROUP_SIZE:
      constant(c, I, s->cs.local_size);
      return true;
   case AGX_OP_LOAD_SUBGROUP_SIZE: {
      static const uint32_t v[4] = {32, 32, 32, 32};
      constant(c, I, v);
      return true;
   }
   case AGX_OP_LOAD_NUM_SUBGROUPS: {
      uint32_t n = (s->cs.local_size[0] * s->cs.local_size[1] * s->cs.local_size[2] + 31) / 32;
      uint32_t v[4] = {n, n, n, n};
      constant(c, I, v);
      return true;
   }
   case AGX_OP_LOAD_GLOBAL:
      device_access(c, I, false);
      return true;
   case AGX_OP_STORE_GLOBAL:
      device_access(c, I, true);
      return true;
   case AGX_OP_LOAD_SHARED:
   case AGX_OP_LOAD_SCRATCH:
      shared_access(c, I, false);
      return true;
   case AGX_OP_STORE_SHARED:
   case AGX_OP_STORE_SCRATCH:
      shared_access(c, I, true);
      return true;
   case AGX_OP_ATOMIC_GLOBAL:
   case AGX_OP_ATOMIC_SHARED:
   case AGX_OP_ATOMIC_GLOBAL_CMPXCHG:
   case AGX_OP_ATOMIC_SHARED_CMPXCHG:
      atomic(c, I, I->op == AGX_OP_ATOMIC_SHARED || I->op == AGX_OP_ATOMIC_SHARED_CMPXCHG,
             I->op == AGX_OP_ATOMIC_GLOBAL_CMPXCHG || I->op == AGX_OP_ATOMIC_SHARED_CMPXCHG);
      return true;
   case AGX_OP_BARRIER:
      /* Execution barrier; memory ordering in the simulated hardware comes
       * from the waits inserted before it. */
      isel_emit(c, AGX_OP_THREADGROUP_BARRIER);
      return true;
   case AGX_OP_MEMORY_BARRIER:
      /* The meaning of memory_barrier's fields is not understood (isa.md
       * section 7); a wait for outstanding accesses is emitted instead. */
      isel_emit(c, AGX_OP_WAIT);
      return true;
   default:
      if (agx_info(I)->kind != AGX_OPK_INTRINSIC)
         return false;
      isel_fail(c, "unsupported intrinsic %s", agx_op_infos[I->op].name);
      return true;
   }
}
