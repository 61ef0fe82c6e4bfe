/* Emission: after register allocation, lowers the control-flow
 * pseudo-instructions onto the execution-mask stack, inserts waits, encodes
 * every instruction with the ISA layer and resolves branch offsets.
 *
 * Control flow (per-thread r0l rules of isa.md section 3):
 *   IF c      if_icmp r0l, nueq, c, 0, 1
 *   ELSE      else_icmp r0l, ueq, 0, 0, 1   (threads with r0l == 1 failed the if;
 *             omitted when the else is empty)
 *   ENDIF     pop_exec r0l, 1
 *   LOOP      if_icmp r0l, ueq, 0, 0, 2     (push two levels), header:
 *   BREAK     mov_imm r0l, ifs + 2; pop_exec r0l, 0
 *   CONTINUE  mov_imm r0l, ifs + 1; pop_exec r0l, 0
 *   CONT      while_icmp r0l, ueq, 0, 0, 2  (continued threads, r0l == 1, resume)
 *   ENDLOOP   jmp_exec_any header; pop_exec r0l, 2
 *   HALT      mov_imm r0l, depth + 1; pop_exec r0l, 0 (never popped back to 0)
 *   SKIP      jmp_exec_none to the loop's CONT (only at loop-body level, so
 *             no pop is skipped)
 * and jmp_exec_none after if_icmp / else_icmp skips a body no thread runs
 * (a skipped body is a no-op: nested if/pop pairs cancel, jumps write
 * active lanes only).
 * where ifs counts the ifs between the jump and its loop and depth the
 * nesting levels (if 1, loop 2) around the halt.
 *
 * Waits (Mesa agx_insert_waits.c facts): device loads, atomics and stores
 * stack (spill) loads and stores, texture loads (scoreboard 0) and image
 * writes (their source registers) are asynchronous (one wait group, 0,
 * is used). A wait is inserted before
 * an instruction touching a register of an outstanding access, before
 * barriers and control flow, when 8 accesses are outstanding, and before
 * the final stop. */
#include <stdlib.h>
#include <string.h>

#include "agx_backend_priv.h"

#define MAX_PENDING 8

struct out {
   struct agx_isa_instr *ins;
   int *target; /* branch target index (jmp_exec_any), -1 otherwise */
   unsigned count, cap;
};

static struct agx_isa_instr *
out_push(struct out *o, enum agx_isa_op op)
{
   if (o->count == o->cap) {
      o->cap = o->cap ? o->cap * 2 : 256;
      o->ins = realloc(o->ins, o->cap * sizeof(*o->ins));
      o->target = realloc(o->target, o->cap * sizeof(*o->target));
      if (!o->ins || !o->target)
         abort();
   }
   o->target[o->count] = -1;
   struct agx_isa_instr *I = &o->ins[o->count++];
   agx_isa_init(I, op);
   return I;
}

static int
set(struct agx_isa_instr *I, unsigned opnd, struct agx_isa_value v)
{
   return agx_isa_set_operand(I, opnd, &v);
}

static const struct agx_isa_value R0L = {.kind = AGX_V_REG, .rclass = AGX_R16, .count = 1};

static int
exec_op(struct out *o, enum agx_isa_op op, const char *cc, unsigned n)
{
   struct agx_isa_instr *I = out_push(o, op);
   int e = set(I, 0, R0L);
   e |= set(I, 1, agx_isa_str(cc));
   e |= set(I, 2, agx_isa_imm(0));
   e |= set(I, 3, agx_isa_imm(0));
   e |= set(I, 4, agx_isa_imm(n));
   return e;
}

static int
pop_exec(struct out *o, unsigned n)
{
   struct agx_isa_instr *I = out_push(o, AGX_OP_POP_EXEC);
   return set(I, 0, R0L) | set(I, 1, agx_isa_imm(n));
}

static int
set_r0l(struct out *o, unsigned v)
{
   struct agx_isa_instr *I = out_push(o, AGX_OP_MOV_IMM16);
   return set(I, 0, R0L) | set(I, 1, agx_isa_imm(v)) | pop_exec(o, 0);
}

/* Physical value of a slot. */
static struct agx_isa_value
slot_value(const struct agx_mir *m, const struct agx_mslot *s)
{
   struct agx_isa_value v = s->v;
   unsigned h = m->phys[s->vreg] + s->off;
   v.n = v.rclass == AGX_R16 ? h : h / 2;
   return v;
}

struct waits {
   uint8_t pend[256];
   unsigned npending;
};

static void
wait_all(struct out *o, struct waits *w)
{
   if (!w->npending)
      return;
   struct agx_isa_instr *I = out_push(o, AGX_OP_WAIT);
   agx_isa_set_operand(I, 0, &(struct agx_isa_value){.kind = AGX_V_IMM, .n = 0});
   memset(w->pend, 0, sizeof(w->pend));
   w->npending = 0;
}

static bool
is_async(unsigned op)
{
   return op == AGX_OP_DEVICE_LOAD || op == AGX_OP_DEVICE_LOAD_COHERENT ||
          op == AGX_OP_DEVICE_STORE || op == AGX_OP_ATOMIC || op == AGX_OP_STACK_LOAD ||
          op == AGX_OP_STACK_STORE || op == AGX_OP_TEXTURE_LOAD || op == AGX_OP_TEXTURE_SAMPLE ||
          op == AGX_OP_IMAGE_WRITE;
}

/* Halves [first, first + n) of slot s. */
static void
slot_halves(const struct agx_mir *m, const struct agx_mslot *s, unsigned *first, unsigned *n)
{
   *first = m->phys[s->vreg] + s->off;
   unsigned count = s->v.count ? s->v.count : 1;
   *n = s->v.rclass == AGX_R16 ? count : 2 * count;
   if (s->halves > *n)
      *n = s->halves;
}

int
agx_emit(struct agx_mir *m, uint8_t **code, size_t *size, unsigned *ninstrs, char *err,
         size_t errsize)
{
   struct out o = {0};
   struct waits w = {{0}, 0};
   int *headers = malloc((m->count + 1) * sizeof(int));
   /* forward jmp_exec_none fix-ups: if stack (IF/ELSE jumps) and per-loop
    * SKIP jumps (loop depth recorded, patched at CONT) */
   int *ifjmp = malloc((m->count + 1) * sizeof(int));
   int *skips = malloc((m->count + 1) * 2 * sizeof(int));
   unsigned nh = 0, nif = 0, nskips = 0, loopdepth = 0;
   if (!ifjmp || !skips)
      abort();
   int e = 0;
   if (!headers)
      abort();
   for (unsigned i = 0; i < m->count && !e; i++) {
      const struct agx_minstr *mi = &m->ins[i];
      if (mi->kind != AGX_M_ISA && mi->kind != AGX_M_IF) {
         wait_all(&o, &w);
      } else {
         bool touch = false;
         for (unsigned s = 0; s < mi->nslots; s++) {
            unsigned f, n;
            slot_halves(m, &mi->slot[s], &f, &n);
            for (unsigned h = f; h < f + n && h < 256; h++)
               touch |= w.pend[h] != 0;
         }
         unsigned op = mi->I.op;
         if (touch || mi->kind == AGX_M_IF || op == AGX_OP_THREADGROUP_BARRIER ||
             (is_async(op) && w.npending >= MAX_PENDING))
            wait_all(&o, &w);
      }
      switch (mi->kind) {
      case AGX_M_ISA:
      case AGX_M_IF: {
         if (mi->I.op == AGX_OP_WAIT) {
            if (w.npending)
               wait_all(&o, &w);
            else
               out_push(&o, AGX_OP_WAIT);
            break;
         }
         struct agx_isa_instr *I = out_push(&o, mi->I.op);
         *I = mi->I;
         for (unsigned s = 0; s < mi->nslots && !e; s++) {
            struct agx_isa_value v = slot_value(m, &mi->slot[s]);
            if (agx_isa_set_operand(I, mi->slot[s].opnd, &v)) {
               snprintf(err, errsize, "internal: cannot encode operand %u of %s", mi->slot[s].opnd,
                        agx_isa_descs[I->op].name);
               e = -1;
            }
         }
         unsigned iop = I->op; /* I moves with the next out_push */
         if (mi->kind == AGX_M_IF) {
            ifjmp[nif++] = (int)o.count;
            out_push(&o, AGX_OP_JMP_EXEC_NONE);
         }
         if (is_async(iop)) {
            for (unsigned s = 0; s < mi->nslots; s++) {
               unsigned f, n;
               slot_halves(m, &mi->slot[s], &f, &n);
               /* the data registers (not the address) are in flight */
               bool data = mi->slot[s].def ||
                           (iop == AGX_OP_DEVICE_STORE && mi->slot[s].opnd == AGX_DEVICE_STORE_R) ||
                           (iop == AGX_OP_IMAGE_WRITE && mi->slot[s].opnd == AGX_IMAGE_WRITE_R) ||
                           iop == AGX_OP_STACK_STORE ||
                           (iop == AGX_OP_ATOMIC && mi->slot[s].opnd == AGX_ATOMIC_S);
               if (data)
                  for (unsigned h = f; h < f + n && h < 256; h++)
                     w.pend[h] = 1;
            }
            w.npending++;
         }
         break;
      }
      case AGX_M_ELSE:
         /* an empty else needs no else_icmp: the pop alone reactivates the
          * threads that failed the condition (r0l 1 -> 0) */
         if (i + 1 < m->count && m->ins[i + 1].kind == AGX_M_ENDIF)
            break;
         if (nif)
            o.target[ifjmp[nif - 1]] = (int)o.count;
         e = exec_op(&o, AGX_OP_ELSE_ICMP, "ueq", 1);
         if (nif)
            ifjmp[nif - 1] = (int)o.count;
         out_push(&o, AGX_OP_JMP_EXEC_NONE);
         break;
      case AGX_M_ENDIF:
         if (nif)
            o.target[ifjmp[--nif]] = (int)o.count;
         e = pop_exec(&o, 1);
         break;
      case AGX_M_LOOP:
         e = exec_op(&o, AGX_OP_IF_ICMP, "ueq", 2);
         headers[nh++] = (int)o.count;
         loopdepth++;
         break;
      case AGX_M_PRELOAD:
         break; /* the registers are already set when the program starts */
      case AGX_M_SKIP:
         skips[2 * nskips] = (int)o.count;
         skips[2 * nskips + 1] = (int)loopdepth;
         nskips++;
         out_push(&o, AGX_OP_JMP_EXEC_NONE);
         break;
      case AGX_M_CONT:
         while (nskips && skips[2 * (nskips - 1) + 1] == (int)loopdepth) {
            nskips--;
            if (skips[2 * nskips] == (int)o.count - 1)
               o.count--; /* a skip to the next instruction */
            else
               o.target[skips[2 * nskips]] = (int)o.count;
         }
         e = exec_op(&o, AGX_OP_WHILE_ICMP, "ueq", 2);
         loopdepth--;
         break;
      case AGX_M_ENDLOOP:
         out_push(&o, AGX_OP_JMP_EXEC_ANY);
         o.target[o.count - 1] = nh ? headers[--nh] : 0;
         e = pop_exec(&o, 2);
         break;
      case AGX_M_BREAK:
         e = set_r0l(&o, mi->depth + 2u);
         break;
      case AGX_M_CONTINUE:
         e = set_r0l(&o, mi->depth + 1u);
         break;
      case AGX_M_HALT:
         e = set_r0l(&o, mi->depth + 1u);
         break;
      }
      if (e && !err[0])
         snprintf(err, errsize, "internal: cannot encode control flow");
   }
   free(headers);
   free(ifjmp);
   free(skips);
   if (!e) {
      wait_all(&o, &w);
      if (!m->no_stop)
         out_push(&o, AGX_OP_STOP);
   }
   /* sizes do not depend on branch offsets (fixed-size branches) */
   uint32_t *offs = malloc((o.count + 1) * sizeof(*offs));
   uint8_t *buf = malloc((size_t)o.count * AGX_ISA_MAX_BYTES + 1);
   if (!offs || !buf)
      abort();
   size_t pos = 0;
   uint8_t tmp[AGX_ISA_MAX_BYTES];
   for (unsigned i = 0; i < o.count && !e; i++) {
      offs[i] = (uint32_t)pos;
      int sz = agx_isa_encode(&o.ins[i], tmp);
      if (sz < 0) {
         snprintf(err, errsize, "internal: cannot encode %s (%d)", agx_isa_descs[o.ins[i].op].name,
                  sz);
         e = -1;
         break;
      }
      pos += (size_t)sz;
   }
   offs[o.count] = (uint32_t)pos;
   pos = 0;
   for (unsigned i = 0; i < o.count && !e; i++) {
      if (o.target[i] >= 0) {
         struct agx_isa_value v = {.kind = AGX_V_PCREL};
         v.n = (int64_t)offs[o.target[i]] - (int64_t)offs[i];
         if (agx_isa_set_operand(&o.ins[i], 0, &v)) {
            snprintf(err, errsize, "internal: branch out of range");
            e = -1;
            break;
         }
      }
      pos += (size_t)agx_isa_encode(&o.ins[i], buf + pos);
   }
   free(offs);
   *ninstrs = o.count;
   free(o.ins);
   free(o.target);
   if (e) {
      free(buf);
      return -1;
   }
   *code = buf;
   *size = pos;
   return 0;
}
