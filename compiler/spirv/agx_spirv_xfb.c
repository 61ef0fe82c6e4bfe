/* Transform feedback outputs (VK_EXT_transform_feedback, SPIR-V
 * "Transform feedback" decorations): for an entry point with the Xfb
 * execution mode, every Output variable or block member with an Offset
 * decoration is captured into the buffer of its XfbBuffer decoration
 * (variable, else the member) with the vertex stride of its XfbStride; each
 * 32-bit word it holds becomes one struct agx_xfb_output (compiler/ir/
 * agx_xfb.h) naming the I/O word (slot, comp) the stage writes and its
 * byte offset in the vertex. Arrays and matrices are packed (32-bit
 * components only, as the I/O code requires); block members without an
 * Offset are not captured unless the variable carries one.
 * Assumes vtn_io_variable ran on the variable (its io_slot/io_interp). */
#include <spirv/unified1/spirv.h>

#include "agx_spirv_private.h"

/* Bytes a value of type t takes in a transform feedback buffer. */
static uint32_t
xfb_size(struct vtn_ctx *c, const struct vtn_type *t, unsigned depth)
{
   if (depth > 16)
      vtn_fail(c, "transform feedback output nested too deeply");
   switch (t->base) {
   case VTN_INT:
   case VTN_FLOAT:
      return 4;
   case VTN_VECTOR:
      return 4 * t->len;
   case VTN_MATRIX:
   case VTN_ARRAY:
      return t->len * xfb_size(c, t->elem, depth + 1);
   case VTN_STRUCT: {
      uint32_t end = 0, run = 0;
      for (unsigned k = 0; k < t->len; k++) {
         uint32_t o =
            t->offsets && (t->offsets[k] & 0x80000000u) ? t->offsets[k] & 0x7FFFFFFFu : run;
         run = o + xfb_size(c, t->members[k], depth + 1);
         end = run > end ? run : end;
      }
      return end;
   }
   default:
      vtn_fail(c, "type %u cannot be captured by transform feedback", t->id);
   }
}

static void
add_word(struct vtn_ctx *c, unsigned slot, unsigned comp, unsigned buffer, unsigned stream,
         uint32_t offset)
{
   struct agx_xfb_info *x = &c->shader->xfb;
   if (x->count >= AGX_XFB_MAX_OUTPUTS || offset > 0xFFFF)
      vtn_fail(c, "too many transform feedback outputs");
   x->out[x->count++] = (struct agx_xfb_output){.slot = (uint8_t)slot,
                                                .comp = (uint8_t)comp,
                                                .buffer = (uint8_t)buffer,
                                                .stream = (uint8_t)stream,
                                                .offset = (uint16_t)offset};
}

/* Records the words of p at byte `offset`; all: capture members without
 * an Offset decoration too. */
static void
xfb_walk(struct vtn_ctx *c, struct vtn_pointer *p, unsigned buffer, unsigned stream,
         uint32_t offset, bool all, unsigned depth)
{
   const struct vtn_type *t = p->type;
   if (depth > 16)
      vtn_fail(c, "transform feedback output nested too deeply");
   if (vtn_type_is_scalar_or_vector(t)) {
      const struct vtn_type *e = t->base == VTN_VECTOR ? t->elem : t;
      if (e->bits != 32)
         vtn_fail(c, "only 32-bit transform feedback outputs are supported");
      if (p->io_slot < 0)
         vtn_fail(c, "transform feedback of a block of built-ins");
      unsigned n = t->base == VTN_VECTOR ? t->len : 1;
      unsigned c0 = p->io_comp + ((p->io_interp >> 8) & 3);
      for (unsigned k = 0; k < n; k++)
         add_word(c, (unsigned)p->io_slot, c0 + k, buffer, stream, offset + 4 * k);
      return;
   }
   if (t->base != VTN_STRUCT && t->base != VTN_ARRAY && t->base != VTN_MATRIX)
      vtn_fail(c, "type %u cannot be captured by transform feedback", t->id);
   uint32_t run = offset;
   for (unsigned k = 0; k < t->len; k++) {
      struct vtn_pointer q = *p;
      uint32_t o = run;
      bool decorated = false;
      if (t->base == VTN_STRUCT && t->offsets && (t->offsets[k] & 0x80000000u)) {
         /* member Offsets are relative to the block's start */
         o = offset + (t->offsets[k] & 0x7FFFFFFFu);
         decorated = true;
      }
      const struct vtn_type *m = t->base == VTN_STRUCT ? t->members[k] : t->elem;
      run = o + xfb_size(c, m, depth + 1);
      if (t->base == VTN_STRUCT && !decorated && !all)
         continue;
      vtn_io_step(c, &q, k);
      unsigned b = buffer;
      struct vtn_decoration *mb =
         t->base == VTN_STRUCT ? vtn_find_dec(c, t->id, (int)k, SpvDecorationXfbBuffer) : NULL;
      if (mb)
         b = mb->arg[0];
      if (b >= AGX_XFB_MAX_BUFFERS)
         vtn_fail(c, "XfbBuffer %u out of range", b);
      /* a member's Stream (geometry shaders, OpMemberDecorate ... Stream) */
      unsigned st = stream;
      struct vtn_decoration *ms =
         t->base == VTN_STRUCT ? vtn_find_dec(c, t->id, (int)k, SpvDecorationStream) : NULL;
      if (ms)
         st = ms->arg[0];
      if (st >= 4)
         vtn_fail(c, "Stream %u out of range", st);
      /* members of a captured member are captured; array elements keep
       * the block's rule */
      xfb_walk(c, &q, b, st, o, t->base == VTN_STRUCT ? true : all, depth + 1);
   }
}

/* XfbStride of buffer b from a decoration on id (or member). */
static void
note_stride(struct vtn_ctx *c, uint32_t id, int member, unsigned buffer)
{
   struct vtn_decoration *s = vtn_find_dec(c, id, member, SpvDecorationXfbStride);
   if (s && buffer < AGX_XFB_MAX_BUFFERS)
      c->shader->xfb.stride[buffer] = s->arg[0];
}

/* Whether the entry point has the Xfb execution mode (variables are
 * declared before the modes are read). */
static bool
entry_has_xfb(struct vtn_ctx *c)
{
   for (unsigned i = 0; i < c->num_ins; i++)
      if (c->ins[i].op == SpvOpExecutionMode && vtn_wc(c, i) >= 3 &&
          vtn_word(c, i, 1) == c->entry_id && vtn_word(c, i, 2) == SpvExecutionModeXfb)
         return true;
   return false;
}

void
vtn_xfb_variable(struct vtn_ctx *c, struct vtn_variable *var, uint32_t id)
{
   struct agx_xfb_info *x = &c->shader->xfb;
   if (var->storage != SpvStorageClassOutput || !entry_has_xfb(c))
      return;
   x->enabled = true;
   struct vtn_decoration *buf = vtn_find_dec(c, id, -1, SpvDecorationXfbBuffer);
   struct vtn_decoration *off = vtn_find_dec(c, id, -1, SpvDecorationOffset);
   struct vtn_decoration *str = vtn_find_dec(c, id, -1, SpvDecorationStream);
   unsigned buffer = buf ? buf->arg[0] : 0, stream = str ? str->arg[0] : 0;
   if (buffer >= AGX_XFB_MAX_BUFFERS || stream >= 4)
      vtn_fail(c, "XfbBuffer %u / Stream %u out of range", buffer, stream);
   /* a block, or an array of blocks (instance arrays) */
   const struct vtn_type *t = var->type;
   for (unsigned depth = 0; t->base == VTN_ARRAY && depth < 16; depth++)
      t = t->elem;
   bool block = t->base == VTN_STRUCT && (t->block || var->io_slot < 0);
   if (!off && !block)
      return; /* not captured */
   note_stride(c, id, -1, buffer);
   if (block && !off) {
      /* members may carry their own XfbBuffer / XfbStride */
      bool any = false;
      for (unsigned k = 0; k < t->len; k++) {
         if (t->offsets && (t->offsets[k] & 0x80000000u))
            any = true;
         struct vtn_decoration *mb = vtn_find_dec(c, t->id, (int)k, SpvDecorationXfbBuffer);
         if (mb)
            note_stride(c, t->id, (int)k, mb->arg[0]);
      }
      if (!any)
         return;
   }
   struct vtn_pointer p = {.mode = PTR_IO,
                           .type = var->type,
                           .storage = var->storage,
                           .io_slot = var->io_slot,
                           .io_interp = var->io_interp,
                           .io_out = true};
   xfb_walk(c, &p, buffer, stream, off ? off->arg[0] : 0, off != NULL, 0);
}
