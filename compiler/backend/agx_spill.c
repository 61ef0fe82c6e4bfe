/* Spilling: when linear scan runs out of registers, one value at a time
 * moves to the per-thread stack ("spill everywhere"): a stack_store after
 * every definition and a stack_load into a fresh short-lived temporary
 * before every use, then allocation starts over.
 *
 * Assumes: the machine program of agx_isel (structured pseudo control flow;
 * only AGX_M_ISA instructions define registers, AGX_M_IF reads its
 * condition); a value built by partial definitions is reloaded before each
 * of them (see mark_mention). Lanes switched off by the execution mask
 * neither store nor load, exactly like the register they replace. Stack
 * offsets are bytes (the unit the GPU model assumes, see sim/README.md);
 * the stack itself is allocated per thread by the driver from
 * info.scratch_size. Emission treats stack_load/stack_store as
 * asynchronous (wait group 0). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agx_mir.h"

/* stack_load/stack_store register shape for a value of `halves` halves:
 * 16-bit elements for 1 or 3 halves, 32-bit elements otherwise. */
static void
stack_shape(unsigned halves, const char **fmt, unsigned *n, struct agx_isa_value *r)
{
   bool h16 = halves % 2 != 0;
   *n = h16 ? halves : halves / 2;
   *fmt = h16 ? "i16" : "i32";
   *r = agx_isa_reg(h16 ? AGX_R16 : AGX_R32, 0, *n);
}

static const char *const mask_names[5] = {"", "x", "xy", "xyz", "xyzw"};

static int
stack_op(struct agx_minstr *mi, bool store, unsigned vreg, unsigned halves, unsigned offset)
{
   const char *fmt;
   unsigned n;
   struct agx_isa_value r;
   stack_shape(halves, &fmt, &n, &r);
   memset(mi, 0, sizeof(*mi));
   mi->kind = AGX_M_ISA;
   agx_isa_init(&mi->I, store ? AGX_OP_STACK_STORE : AGX_OP_STACK_LOAD);
   unsigned opf = store ? AGX_STACK_STORE_F : AGX_STACK_LOAD_F;
   unsigned opm = store ? AGX_STACK_STORE_mask : AGX_STACK_LOAD_mask;
   unsigned opr = store ? AGX_STACK_STORE_R : AGX_STACK_LOAD_R;
   unsigned opo = store ? AGX_STACK_STORE_O : AGX_STACK_LOAD_O;
   unsigned opw = store ? AGX_STACK_STORE_i6 : AGX_STACK_LOAD_i6;
   struct agx_isa_value v = agx_isa_str(fmt);
   int e = agx_isa_set_operand(&mi->I, opf, &v);
   v = agx_isa_str(mask_names[n]);
   e |= agx_isa_set_operand(&mi->I, opm, &v);
   v = agx_isa_imm(offset);
   e |= agx_isa_set_operand(&mi->I, opo, &v);
   v = agx_isa_imm(0); /* wait group 0 */
   e |= agx_isa_set_operand(&mi->I, opw, &v);
   struct agx_isa_value t = r;
   t.n = r.rclass == AGX_R16 ? 8 : 4;
   e |= agx_isa_set_operand(&mi->I, opr, &t);
   mi->nslots = 1;
   mi->slot[0] = (struct agx_mslot){.opnd = (uint8_t)opr,
                                    .def = !store,
                                    .off = 0,
                                    .halves = (uint8_t)halves,
                                    .vreg = vreg,
                                    .v = r};
   return e;
}

/* A use reads the value; a definition writes it. A partial definition
 * (fewer halves than the value, or at an offset) also needs the halves
 * written before, so it counts as a use too: the temporary is reloaded
 * from the stack first and stored whole afterwards. Halves never written
 * yet are loaded as whatever the stack held, and never read. */
static void
mark_mention(const struct agx_mslot *sl, unsigned halves, bool *use, bool *def)
{
   if (!sl->def) {
      *use = true;
      return;
   }
   *def = true;
   if (sl->off != 0 || sl->halves != halves)
      *use = true;
}

/* Rewrites every mention of vreg v through stack slot `offset`. */
static int
spill_vreg(struct agx_mir *m, unsigned v, unsigned offset)
{
   unsigned halves = m->vsize[v];
   unsigned extra = 0;
   for (unsigned i = 0; i < m->count; i++) {
      const struct agx_minstr *mi = &m->ins[i];
      bool use = false, def = false;
      for (unsigned s = 0; s < mi->nslots; s++)
         if (mi->slot[s].vreg == v)
            mark_mention(&mi->slot[s], halves, &use, &def);
      extra += use + def;
   }
   struct agx_minstr *ins = malloc((m->count + extra + 1) * sizeof(*ins));
   if (!ins)
      abort();
   unsigned n = 0;
   int e = 0;
   for (unsigned i = 0; i < m->count; i++) {
      struct agx_minstr mi = m->ins[i];
      bool use = false, def = false;
      for (unsigned s = 0; s < mi.nslots; s++)
         if (mi.slot[s].vreg == v)
            mark_mention(&mi.slot[s], halves, &use, &def);
      if (!use && !def) {
         ins[n++] = mi;
         continue;
      }
      unsigned t = agx_mir_new_vreg(m, halves);
      m->vflags[t] |= AGX_MIR_V_NOSPILL;
      for (unsigned s = 0; s < mi.nslots; s++)
         if (mi.slot[s].vreg == v)
            mi.slot[s].vreg = t;
      if (use)
         e |= stack_op(&ins[n++], false, t, halves, offset);
      ins[n++] = mi;
      if (def)
         e |= stack_op(&ins[n++], true, t, halves, offset);
   }
   free(m->ins);
   m->ins = ins;
   m->count = m->cap = n;
   return e;
}

int
agx_mir_ra_spill(struct agx_mir *m, unsigned max_halves, char *err, size_t errsize)
{
   m->spill_bytes = m->stack_base;
   for (;;) {
      int spill = -1;
      int used = agx_mir_ra_ex(m, max_halves, &spill, err, errsize);
      if (used >= 0 || spill < 0)
         return used;
      err[0] = 0;
      unsigned halves = m->vsize[spill];
      unsigned align = halves >= 4 ? 8 : 4;
      unsigned offset = (m->spill_bytes + align - 1) & ~(align - 1);
      m->spill_bytes = offset + ((halves * 2 + 3) & ~3u);
      if (spill_vreg(m, (unsigned)spill, offset)) {
         snprintf(err, errsize, "internal: cannot encode a spill of %u halves", halves);
         return -1;
      }
   }
}
